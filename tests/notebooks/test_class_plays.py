"""notebooks/class-plays.ipynb and its bokmål and nynorsk copies: a 45-minute lesson plan in
which the whole class plays at tables of four on the phones (``room.seat_tables``), every draw
pooled with its exact chance (RULES.md §4) into the class's experiment, and the lesson reads
what the class sees: the draws by their chance (the calibration chart), the share accepted
against the share the theory expects with its band ±2·√Σp(1−p)/n (the law of large numbers),
one student's draws against the class's, and the share of proven best choices before and after
the phones show the exact chance (``set_chance(True)``).

Two runs. Without phones (as the documentation build runs it) every cell runs, the class at
tables with none opened yet, and every figure says there are no draws. With five phones (two
tables: three and two students, bots in the other seats) the lesson runs cell by cell while the
phones play a game at their table in each round (round 2 by the chance their phone shows), and
every figure the lesson prints is checked against the record's own draws and decisions: the
count Σp recomputed from the record's exact chances, the band, each band of chance, the student
with the most draws, the best choices of each round (each decision keeps whether its phone
showed the chance; they split at the record's switch); the phones saw the exact chance only in
round 2, and only at their own choice; the CSV holds pseudonyms, never a name. The prose's
figures are checked without a kernel; the copies have the English code, open with the
curriculum's aim as the curriculum words it, and are written in their own standard; no cell ends
the class."""

from __future__ import annotations

import asyncio
import csv
import json
import math
import re
import shutil
from fractions import Fraction
from pathlib import Path

import pytest
from lesson_phones import data, phone, until
from norwegian_lessons import (
    LANGUAGES,
    RUN_LANGUAGES,
    assert_opens_with_aims,
    assert_written_in,
    lesson,
    markdown,
)
from run_notebook import run_notebook
from same_code import assert_same_code, code_cells

from borsen_widget import Game, Rules
from borsen_widget.analysis import p_accept
from borsen_widget.i18n import format_number, format_percent

NAME = "class-plays.ipynb"
#: Five phones: two tables of four (three students and two), bots in the three other seats.
PHONES = ("Lina", "Max", "Ola", "Siri", "Tor")
#: What the lesson's own lines say, in each language (the notebook's strings, not the package's).
SAID = {
    "en": {
        "class": "The class",
        "count": "{who}: {n} draws; the theory expected {expected} accepted; {accepted} were.",
        "share": "  Share accepted: {share}; the theory: {theory}, between {low} and {high}.",
        "band": "  chance {low}–{high} %: {n} draws, on average {mean}; accepted: {share}",
        "rounds": ("Round 1, without the chance", "Round 2, with the exact chance"),
        "best": "{name}: {n} choices, {proven} with a proven best one; {best} chose it ({share})",
        "half": "{n} draws at a chance of 1/2: give or take {band}",
    },
    "nb": {
        "class": "Klassen",
        "count": "{who}: {n} trekk; teorien regnet med {expected} godkjent; {accepted} ble det.",
        "share": "  Andel godkjent: {share}; teorien: {theory}, mellom {low} og {high}.",
        "band": "  sjanse {low}–{high} %: {n} trekk, i snitt {mean}; godkjent: {share}",
        "rounds": ("Runde 1, uten sjansen", "Runde 2, med den eksakte sjansen"),
        "best": "{name}: {n} valg, {proven} med et bevist beste valg; {best} valgte det ({share})",
        "half": "{n} trekk med sjansen 1/2: pluss minus {band}",
    },
    "nn": {
        "class": "Klassen",
        "count": "{who}: {n} trekk; teorien rekna med {expected} godkjende; {accepted} vart det.",
        "share": "  Del som vart godkjent: {share}; teorien: {theory}, mellom {low} og {high}.",
        "band": "  sjanse {low}–{high} %: {n} trekk, i snitt {mean}; godkjende: {share}",
        "rounds": ("Runde 1, utan sjansen", "Runde 2, med den eksakte sjansen"),
        "best": "{name}: {n} val, {proven} med eit bevist beste val; {best} valde det ({share})",
        "half": "{n} trekk med sjansen 1/2: pluss minus {band}",
    },
}


def copied(language: str, folder: Path) -> Path:
    """The lesson copied into ``folder``, so its record and CSV are written there."""
    target = folder / NAME
    shutil.copy(lesson(NAME, language), target)
    return target


def printed_by(cells) -> str:
    return "".join(
        o.get("text", "")
        for cell in cells
        if cell.cell_type == "code"
        for o in cell.get("outputs", [])
        if o.get("output_type") == "stream"
    )


def report_lines(who: str, draws: list[tuple[Fraction, bool]], language: str) -> list[str]:
    """The two lines the lesson's ``report`` prints for ``draws``, worked out here again."""
    said, n = SAID[language], len(draws)
    accepted = sum(was for _p, was in draws)
    expected = sum((p for p, _was in draws), Fraction(0))
    spread = math.sqrt(sum(p * (1 - p) for p, _was in draws))
    theory, band = expected / n, 2 * spread / n
    low, high = max(0, theory - band), min(1, theory + band)
    exact = format_number(expected, language, max_digits=1, min_digits=1)
    return [
        said["count"].format(who=who, n=n, expected=exact, accepted=accepted),
        said["share"].format(
            share=format_percent(accepted / n, language),
            theory=format_percent(theory, language),
            low=format_percent(low, language),
            high=format_percent(high, language),
        ),
    ]


# ---------------------------------------------------------------------------- without phones


@pytest.mark.parametrize("language", RUN_LANGUAGES)
def test_the_lesson_runs_top_to_bottom_without_phones(language, tmp_path):
    """As the documentation build runs it: the class opens, nobody joins, the class is at
    tables with none opened yet (each pupil who joins would be seated), and every figure says
    there are no draws yet; the CSV has its header only."""
    nb, outputs = run_notebook(copied(language, tmp_path), timeout=120)
    shown = [str(o.get("data", {}).get("text/plain", "")) for o in outputs]
    printed = printed_by(nb.cells)
    assert any(t.startswith("'http://127.0.0.1:") for t in shown)
    assert len([t for t in shown if t.endswith("/projector/'")]) == 1
    said = SAID[language]
    displays = [str(o.get("data", {}).get("text/html", "")) for o in outputs]
    assert any(d.startswith("<table><thead>") for d in displays)  # the tables' display
    for n in (20, 400):
        width = format_percent(1 / math.sqrt(n), language)
        assert said["half"].format(n=n, band=width) in printed, n
    for name in said["rounds"]:
        assert said["best"].format(name=name, n=0, proven=0, best=0, share="–") in printed
    rows = list(csv.reader((tmp_path / "tables-1.csv").read_text("utf-8-sig").splitlines()))
    assert len(rows) == 1 and "chance_exact" in rows[0]


def test_no_code_cell_ends_the_class():
    """Run All must not send the class home: no cell stops the room or closes the widget, and
    the prose tells the teacher how to end it."""
    for language in LANGUAGES:
        path = lesson(NAME, language)
        for cell in code_cells(path):
            code = re.sub(r"#.*", "", cell["source"])
            assert not re.search(r"\.stop\(|\.close\(|shutdown", code), (language, code)
        prose = " ".join(markdown(path))
        assert "`room.stop()`" in prose and "`w.close()`" in prose, language


# ---------------------------------------------------------------------------- the prose


def test_the_exercises_figures_are_the_games():
    """Exercise 1 (RULES.md §4's example): an 8 on top of the pile, a deck of 30 with 3 aces and
    12 cards of rank 8 or higher: 15 of 30 are accepted. Part 4: at a chance of one half the
    band is ±1/√n: 22 % for 20 draws, 5 % for 400; exercise 2: ±1 % needs 10 000 draws."""
    ranks = "2 3 4 5 6 7 8 9 10 J Q K A".split()
    every = [rank + suit for rank in ranks for suit in "SHCD" if rank + suit != "8D"]
    high = [c for c in every if c[:-1] in ("8", "9", "10", "J", "Q")][:12]
    aces = ["AS", "AH", "AC"]
    low = [c for c in every if c[:-1] in ("2", "3", "4", "5", "6", "7")][:15]
    deck, pile = high + aces + low, ["8D"]
    banks = [c for c in every if c not in deck]
    game = Game.from_position(
        Rules(players=2), deck=deck, banks=[banks[:10], banks[10:]], pile=pile, current_player=0
    )
    assert game.deck_size == 30 and p_accept(game) == Fraction(15, 30) == Fraction(1, 2)
    half = Fraction(1, 2)
    for n, width in ((20, "22%"), (400, "5%"), (10_000, "1%")):
        band = 2 * math.sqrt(n * half * (1 - half)) / n
        assert math.isclose(band, 1 / math.sqrt(n)) and format_percent(band, "en") == width
    assert math.isclose(math.sqrt(20), 4.47, abs_tol=0.01)
    assert math.isclose(1 / math.sqrt(24), 0.204, abs_tol=0.001)  # exercise 3


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_plan_states_its_timings_figures_and_exercises(language):
    """Seven parts of 45 minutes, minute by minute; the band's figures written the language's
    way; three exercises with folded answers; why the export is pseudonymous."""
    text = "\n".join(markdown(lesson(NAME, language)))
    plan = ("0–5", "5–15", "15–22", "22–30", "30–38", "38–43", "43–45")
    for minutes in plan:
        assert f"| {minutes} |" in text, minutes
        assert re.search(rf"^## \d\. .*\(\w+ {minutes}\)$", text, re.M), minutes
    for part in range(1, 8):
        assert f"## {part}. " in text, part
    for fraction in (r"\frac{15}{30}", r"\frac{1}{\sqrt{20}}", r"\frac{1}{\sqrt{400}}"):
        assert fraction in text, fraction
    for decimal in ("0.22", "0.05", "4.5", "0.01", "0.20"):
        written = decimal if language == "en" else decimal.replace(".", "{,}")
        if written not in text and language != "en":
            written = decimal.replace(".", ",")  # in running text
        assert written in text, (language, written)
    assert r"n = 10\,000" in text  # exercise 2
    word = {"en": "Exercise", "nb": "Oppgave", "nn": "Oppgåve"}[language]
    assert re.findall(rf"\*\*{word} (\d+)\.\*\*", text) == ["1", "2", "3"]
    answer = {"en": "Answer", "nb": "Svar", "nn": "Svar"}[language]
    assert text.count(f"<details><summary>{answer}</summary>") == 3
    assert {"en": "pseudonyms", "nb": "pseudonymer", "nn": "pseudonym"}[language] in text


@pytest.mark.parametrize("language", ["nb", "nn"])
def test_a_norwegian_copy_is_the_english_code_in_its_own_standard(language):
    assert_same_code(lesson(NAME, "en"), lesson(NAME, language), language)
    assert_written_in(markdown(lesson(NAME, language)), language)


@pytest.mark.parametrize("language", ["nb", "nn"])
def test_a_norwegian_copy_opens_with_the_curriculum_aim(language):
    """The aim quoted as the curriculum writes it, as the classroom lesson quotes it
    (MAT01-06, after year 9: probability in statistics and games); the band of two spreads
    marked as beyond the curriculum."""
    first = markdown(lesson(NAME, language))[0]
    aims = {
        "nb": {
            9: ["eleven skal kunne", "«beregne og vurdere sannsynlighet i statistikk og spill»"]
        },
        "nn": {9: ["eleven skal kunne", "«berekne og vurdere sannsyn i statistikk og spel»"]},
    }
    assert_opens_with_aims(first, aims[language])
    flat = " ".join(first.split())
    assert "MAT01-06" in flat and "Etter 10. trinn" not in flat
    assert {"nb": "(fordypning)", "nn": "(fordjuping)"}[language] in flat


# ---------------------------------------------------------------------------- with phones


def latest(messages: list[dict], kind: str) -> dict | None:
    return next((m for m in reversed(messages) if m["type"] == kind), None)


async def play_a_game(conn, messages: list[dict], rule, seen: list) -> None:
    """Play this phone's seat as a student would until its table's game is over: on its turn,
    ``rule(view, table)`` draws or banks (aces: list what must be listed). ``seen`` gets the
    table line the phone had at each of its choices: ``(pile, deck, chance)``."""
    acted = None
    while True:
        view = latest(messages, "view")["view"]
        if view["over"]:
            return
        mine = view["you"] is not None and view["current"] == view["you"]
        if mine and view["actions"] and view["version"] != acted:
            await asyncio.sleep(0.05)  # the table line comes with the view
            view = latest(messages, "view")["view"]
            if view["over"] or view["current"] != view["you"] or not view["actions"]:
                continue
            acted, table = view["version"], latest(messages, "table")
            if view["phase"] == "aces":
                aces = view["aces"]
                move = {"intent": "list", "aces": aces["pending"][: aces["to_list"]]}
            else:
                seen.append((len(view["pile"]), view["deck_size"], table["chance"]))
                move = {"intent": rule(view, table)}
            move.update(version=view["version"], id=f"m{acted}")
            await conn.write_message(json.dumps(move))
        await asyncio.sleep(0.01)


def by_the_pile(view, _table) -> str:
    """Round 1: bank once the pile holds three cards."""
    return "bank" if len(view["pile"]) >= 3 and "bank" in view["actions"] else "draw"


def by_the_chance(view, table) -> str:
    """Round 2: bank when the chance the phone shows is below one half."""
    chance = table["chance"]
    low = chance is not None and Fraction(chance["accepted"], chance["left"]) < Fraction(1, 2)
    return "bank" if low and "bank" in view["actions"] else "draw"


async def judged(client) -> int:
    """The class's decisions once every choice made has been judged (the proven best choice is
    worked out on a thread): their count when it holds still."""
    count = -1
    for _ in range(200):
        now = await data(client, "len(room.class_tables.experiment.decisions)")
        if now == count:
            return now
        count = now
        await asyncio.sleep(0.25)
    raise AssertionError("the decisions were not judged in time")


def record_of(folder: Path) -> list[dict]:
    lines = (folder / "tables-1.jsonl").read_text(encoding="utf-8").splitlines()
    return [json.loads(line) for line in lines]


@pytest.mark.parametrize("language", RUN_LANGUAGES)
def test_a_class_plays_two_rounds_and_the_lesson_tells_the_truth(language, tmp_path, monkeypatch):
    """The lesson cell by cell with five phones that play a game at their table in each round;
    every figure printed is the record's."""
    nbformat = pytest.importorskip("nbformat")
    nbclient = pytest.importorskip("nbclient")
    pytest.importorskip("tornado")
    monkeypatch.setenv("BORSEN_QUICK", "1")  # the bots move at once
    nb = nbformat.read(copied(language, tmp_path), as_version=4)
    seen = {"round 1": [], "round 2": []}
    counts = {}

    async def lesson_with_phones():
        client = nbclient.NotebookClient(
            nb, timeout=120, kernel_name="python3", resources={"metadata": {"path": str(tmp_path)}}
        )
        phones = {}
        async with client.async_setup_kernel():
            await data(client, "None")
            for index, cell in enumerate(nb.cells):
                if cell.cell_type != "code":
                    continue
                source = cell.source.strip()
                if source.startswith("tables.set_chance(True)"):
                    counts["round 1"] = await judged(client)
                elif source.startswith("def best_of("):
                    counts["all"] = await judged(client)
                await client.async_execute_cell(cell, index)
                assert not [o for o in cell.outputs if o.get("output_type") == "error"]
                if source.startswith("w = BorsenWidget("):
                    url = await data(client, "room.url")
                    for name in PHONES:
                        phones[name] = await phone(url, name)
                elif "room.seat_tables(" in source:
                    await asyncio.gather(
                        *(
                            play_a_game(c, m, by_the_pile, seen["round 1"])
                            for c, m, _t in phones.values()
                        )
                    )
                elif source.startswith("tables.set_chance(True)"):
                    for _c, messages, _t in phones.values():  # the next game, by itself
                        await until(lambda m=messages: not latest(m, "view")["view"]["over"], 20)
                    await asyncio.gather(
                        *(
                            play_a_game(c, m, by_the_chance, seen["round 2"])
                            for c, m, _t in phones.values()
                        )
                    )
            for conn, _messages, task in phones.values():
                conn.close()
                task.cancel()

    asyncio.run(asyncio.wait_for(lesson_with_phones(), 300))
    printed, said = printed_by(nb.cells), SAID[language]
    events = record_of(tmp_path)
    names = {e["learner"]: e["name"] for e in events if e["type"] == "learner"}
    # The record's switch of the chance splits the lesson in its two rounds.
    (switch,) = [i for i, e in enumerate(events) if e["type"] == "tables_state" and e["chance"]]
    tables = [e for e in events if e["type"] == "tables"]
    assert len(tables) == 1 and tables[0]["size"] == 4 and tables[0]["next"] == "now"
    games = [e for e in events if e["type"] == "table_game" and e["game"] == 1]
    assert sorted(sum(x is not None for x in g["learners"]) for g in games) == [2, 3]

    def draws(part) -> list[tuple[Fraction, bool, str]]:
        """The students' draws that could fail, from the record: (chance, accepted, name)."""
        return [
            (Fraction(e["cards"], e["left"]), e["accepted"], names[e["learner"]])
            for e in part
            if e["type"] == "move" and "left" in e and e["by"] == "person"
            if e["learner"] is not None and e["cards"] < e["left"]
        ]

    first = draws(events[:switch])
    assert len(first) >= 10, len(first)
    # Part 4: the class's count, Σp recomputed from the record's exact chances, and the band.
    pairs = [(p, was) for p, was, _name in first]
    for line in report_lines(said["class"], pairs, language):
        assert printed.count(line + "\n") == 2, (line, printed)  # part 4's two cells
    # One student's draws: the student with the most, their line from the record.
    of = {}
    for p, was, name in first:
        of.setdefault(name, []).append((p, was))
    most = max(of, key=lambda name: len(of[name]))
    shown = [n for n in of if report_lines(n, of[n], language)[0] + "\n" in printed]
    assert len(shown) == 1 and len(of[shown[0]]) == len(of[most]), (shown, printed)
    assert all(line + "\n" in printed for line in report_lines(shown[0], of[shown[0]], language))
    # Part 3: each band of chance with its draws, their mean chance and the share accepted.
    for band in range(10):
        inside = [(p, was) for p, was in pairs if int(p * 10) == band]
        if inside:
            mean = sum((p for p, _was in inside), Fraction(0)) / len(inside)
            line = said["band"].format(
                low=band * 10,
                high=band * 10 + 10,
                n=len(inside),
                mean=format_percent(mean, language),
                share=format_percent(Fraction(sum(w for _p, w in inside), len(inside)), language),
            )
            assert line + "\n" in printed, line
    # Part 6: the best choices of each round, split where the record switched the chance on.
    decisions = [e for e in events if e["type"] == "decision"]
    assert len(decisions) == counts["all"]
    before = [e for e in decisions if not e["shown"]]  # made before the switch, every one
    assert before == [e for e in events[:switch] if e["type"] == "decision"]
    assert len(before) == counts["round 1"]
    after = [e for e in decisions if e["shown"]]
    for name, part in zip(said["rounds"], (before, after), strict=True):
        proven = [e for e in part if e["best"] is not None]
        best = sum(e["choice"] == e["best"] for e in proven)
        share = format_percent(Fraction(best, len(proven)), language) if proven else "–"
        line = said["best"].format(
            name=name, n=len(part), proven=len(proven), best=best, share=share
        )
        assert line + "\n" in printed, line
    assert len(decisions) > len(before) > 0
    # The phones: no chance in round 1; in round 2 the exact chance at each choice with a pile
    # to bank and a deck to draw from, counted from the cards left.
    assert seen["round 1"] and all(chance is None for _p, _d, chance in seen["round 1"])
    assert seen["round 2"]
    for pile, deck, chance in seen["round 2"]:
        if pile and deck:
            assert chance is not None and chance["left"] == deck, (pile, deck, chance)
            assert 0 <= chance["accepted"] <= deck
        else:
            assert chance is None
    # The CSV: a row per draw and per decision of the class, pseudonyms, never a name.
    text = (tmp_path / "tables-1.csv").read_text("utf-8-sig")
    rows = list(csv.DictReader(text.splitlines()))
    assert len([r for r in rows if r["row"] == "decision"]) == len(decisions)
    students = {r["student"] for r in rows if r["student"]}
    assert students == {f"S0{i}" for i in range(1, len(PHONES) + 1)}
    for name in PHONES:
        assert name not in text
