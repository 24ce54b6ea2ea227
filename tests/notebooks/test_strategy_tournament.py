"""notebooks/strategy-tournament.ipynb and its bokmål and nynorsk copies (issue 32): a 45-minute
lesson plan in which the class's strategies, built on the phones, play a tournament against each
other and the package's bots (WinningBot the boss), run from the teacher's side top to bottom in
a real kernel (nbclient), as the classroom lesson's test runs it.

Under test there are no phones: submissions open and close with none submitted, and the two
tournaments play the teacher's two example rules against the house bots (BORSEN_QUICK=1: 40
games a pair). The run checks what a teacher sees: the join and projector addresses, each rule
in words in the notebook's language, both rankings, the position of part 3 with the package's
own numbers, the comparison of the rounds and of the guesses, the ratings chart, the record's
events and the strategies' CSV. The prose's figures are checked against the package without a
kernel; the copies have the English code, open with the curriculum's aims as the curriculum
words them and are written in their own standard; no cell ends the class (Run All must not)."""

from __future__ import annotations

import asyncio
import csv
import json
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

from borsen_widget import BANK, DRAW, Game, Rules, WinningBot, win_chances
from borsen_widget.analysis import best_choice, one_draw_value, p_accept
from borsen_widget.i18n import format_fraction, format_number, format_percent, translator

NAME = "strategy-tournament.ipynb"
VEGA_LITE = "application/vnd.vegalite.v5+json"

#: The teacher's two example rules, named in each language as the notebook names them.
FOUR = {"en": "Four and done", "nb": "Fire og ferdig", "nn": "Fire og ferdig"}
HALF = {"en": "Below half", "nb": "Under halvparten", "nn": "Under halvparten"}
#: What the notebook's own lines say (not the package's sentences), in each language.
SAID = {
    "en": {
        "bank": "The boss plays: bank",
        "guesses": ("{} of 1 guesses inside", "inside the interval"),
        "won": " won ",
    },
    "nb": {
        "bank": "Sjefen velger å legge i banken",
        "guesses": ("{} av 1 anslag innenfor", "innenfor intervallet"),
        "won": " vant ",
    },
    "nn": {
        "bank": "Sjefen vel å leggje i banken",
        "guesses": ("{} av 1 anslag innanfor", "innanfor intervallet"),
        "won": " vann ",
    },
}


def part_three(pile=("2C", "5D")) -> Game:
    """The position of part 3, as the notebook sets it up: 19 cards in each bank, the pile
    2♣ 5♦ (exercise 2: 2♣ 9♠), twelve cards left in the deck and no ace among them."""
    every = [r + s for r in "2 3 4 5 6 7 8 9 10 J Q K A".split() for s in "SHCD"]
    deck = "2H 3S 4C 5S 6C 7S 8H 9D 10C JS QH KD".split()
    pile = list(pile)
    banks = [c for c in every if c not in deck + pile]
    return Game.from_position(
        Rules(players=2), deck=deck, banks=[banks[:19], banks[19:]], pile=pile, current_player=0
    )


def copied(language: str, folder: Path) -> Path:
    """The lesson copied into ``folder``, so its record and CSV are written there."""
    target = folder / NAME
    shutil.copy(lesson(NAME, language), target)
    return target


@pytest.mark.parametrize("language", RUN_LANGUAGES)
def test_the_lesson_runs_top_to_bottom_without_phones(language, tmp_path, monkeypatch):
    monkeypatch.setenv("BORSEN_QUICK", "1")  # 40 games a pair, as the docs build runs it
    _nb, outputs = run_notebook(copied(language, tmp_path), timeout=300)
    shown = [str(o.get("data", {}).get("text/plain", "")) for o in outputs]
    printed = "".join(o.get("text", "") for o in outputs if o.get("output_type") == "stream")
    everything = "\n".join(shown) + printed
    # The join address on this computer only, and the projector's own address.
    assert any(t.startswith("'http://127.0.0.1:") for t in shown)
    assert len([t for t in shown if t.endswith("/projector/'")]) == 1
    # Both example rules in words, in the notebook's language (the package's own sentences).
    from borsen_widget.play.strategy_rules import StrategyRule, describe

    four = StrategyRule.from_dict(
        {"name": FOUR[language], "bank_when": [[{"kind": "pile_at_least", "cards": 4}]]}
    )
    half = StrategyRule.from_dict(
        {"name": HALF[language], "bank_when": [[{"kind": "chance_below", "percent": 50}]]}
    )
    assert describe(four, language) in printed and describe(half, language) in printed
    # What "Try it" tells a phone: the rule against ThresholdBot(4), and the example positions.
    from borsen_widget.sim.strategy_trial import examples, try_rule

    assert try_rule(four).say(language) in printed
    for example in examples(four, language):
        assert " ".join(example.sentences) in printed
    # Two rankings (the cell that starts a tournament shows its ranking too once it is done),
    # each with the house bots and the teacher's rules in it, round 2 with the second rule.
    tr = translator(language)
    rankings = [t for t in shown if t.startswith(tr.gettext("The tournament's ranking:"))]
    rounds = [[r for r in rankings if (HALF[language] in r) == second] for second in (0, 1)]
    assert all(rounds) and len(rankings) <= 4, shown
    for name in ("WinningBot()", "ExpectedValueBot()", "ThresholdBot(4)", FOUR[language]):
        assert all(name in r for r in rankings), name
    # Part 3: the package's numbers for the position the prose explains, written the
    # language's way, and the boss's choice in words.
    game = part_three()
    chances = win_chances(game)
    for figure in (
        format_fraction(Fraction(3, 4), language),
        format_percent(Fraction(3, 4), language),
        format_number(Fraction(9, 4), language),
        format_percent(chances[BANK], language),
        format_percent(chances[DRAW], language),
    ):
        assert figure in printed, figure
    assert SAID[language]["bank"] in printed
    # Part 4: each rule's share against the boss; part 5: the guess against its interval.
    lines = printed.splitlines()
    for name in (FOUR[language], HALF[language]):
        assert any(line.startswith(name + ":") and SAID[language]["won"] in line for line in lines)
    # The guess (45 %) against round 1's interval: the count agrees with the line's verdict.
    count, inside = SAID[language]["guesses"]
    (verdict,) = [line for line in lines if line.startswith(f"{FOUR[language]}: ") and "45" in line]
    assert count.format(int(verdict.endswith(inside))) in printed, verdict
    # The ratings chart, titled in the notebook's language.
    charts = [o["data"][VEGA_LITE] for o in outputs if VEGA_LITE in o.get("data", {})]
    assert len(charts) == 1
    if language != "en":
        assert "A league" not in json.dumps(charts, ensure_ascii=False)
        for english in ("won ", "guessed", "The boss", "Cards this turn", "ranking"):
            assert english not in everything, english
        assert "2.25" not in printed and "2,25" in printed
    # The record: submissions opened and closed twice, two tournaments with their games and
    # seeds; the strategies' CSV with its header and no student (no phone joined).
    events = [
        json.loads(line)
        for line in (tmp_path / "strategies-1.jsonl").read_text(encoding="utf-8").splitlines()
    ]
    opened = [e["open"] for e in events if e["type"] == "strategies"]
    assert opened == [True, False, True, False]
    played = [(e["games"], e["seed"]) for e in events if e["type"] == "tournament"]
    assert played == [(40, 1), (40, 2)]
    rows = list(csv.reader((tmp_path / "strategies-1.csv").read_text("utf-8-sig").splitlines()))
    assert rows[0][:2] == ["student", "strategy"] and len(rows) == 1


def test_what_the_prose_says_of_the_position_is_what_the_package_says():
    """Part 3: 9 of the 12 cards left are accepted (3/4); one more draw gives 9/4 = 2.25 cards
    on average, more than the 2 for certain, so the cards of this turn say draw; banking puts
    the player ahead 21 to 19 and wins more often, and the boss banks. Exercise 2: on a 9,
    5 of 12 are accepted, one draw gives 15/12 = 1.25, and banking is best both ways."""
    game = part_three()
    assert game.scores == (19, 19) and game.deck_size == 12 and len(game.pile) == 2
    assert p_accept(game) == Fraction(3, 4)
    assert one_draw_value(game) == Fraction(9, 4) > 2
    assert best_choice(game).action == "draw"
    chances = win_chances(game)
    assert chances[BANK] > chances[DRAW]
    assert str(WinningBot().choose(game)) == "bank"
    nine = part_three(pile=["2C", "9S"])
    assert p_accept(nine) == Fraction(5, 12) and one_draw_value(nine) == Fraction(15, 12)
    assert best_choice(nine).action == "bank"  # "bank, for the cards and to win alike"
    assert str(WinningBot().choose(nine)) == "bank"


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_plan_states_its_timings_figures_and_exercises(language):
    """The five parts of 45 minutes, minute by minute, the figures of part 3 written the
    language's way, the link to the play-to-win lesson, three exercises with folded answers,
    and why the export is pseudonymous."""
    text = "\n".join(markdown(lesson(NAME, language)))
    plan = ("0–3", "3–5", "5–12", "12–14", "14–20", "20–24", "24–30", "30–35", "35–38", "38–43")
    for minutes in (*plan, "43–45"):  # the plan's table, minute by minute
        assert f"| {minutes} |" in text, minutes
    for minutes in ("0–12", "12–20", "20–30", "30–38", "38–45"):  # the parts' headings
        assert re.search(rf"^## \d\. .*\(\w+ {minutes}\)$", text, re.M), minutes
    for part in range(1, 6):
        assert f"## {part}. " in text, part
    for fraction in (r"\frac{3}{4}", r"\frac{9}{4}", r"\frac{15}{12}"):
        assert fraction in text, fraction
    for decimal in ("2.25", "1.25"):
        written = decimal if language == "en" else decimal.replace(".", "{,}")
        assert written in text, (language, written)
    assert "](play-to-win.ipynb)" in text
    word = {"en": "Exercise", "nb": "Oppgave", "nn": "Oppgåve"}[language]
    assert re.findall(rf"\*\*{word} (\d+)\.\*\*", text) == ["1", "2", "3"]
    answer = {"en": "Answer", "nb": "Svar", "nn": "Svar"}[language]
    assert text.count(f"<details><summary>{answer}</summary>") == 3
    assert {"en": "pseudonyms", "nb": "pseudonymer", "nn": "pseudonym"}[language] in text


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


@pytest.mark.parametrize("language", ["nb", "nn"])
def test_a_norwegian_copy_is_the_english_code_in_its_own_standard(language):
    assert_same_code(lesson(NAME, "en"), lesson(NAME, language), language)
    assert_written_in(markdown(lesson(NAME, language)), language)


@pytest.mark.parametrize("language", ["nb", "nn"])
def test_a_norwegian_copy_opens_with_the_curriculum_aims(language):
    """The aims quoted as the curriculum writes them ("eleven skal kunne «…»"): probability in
    statistics and games after year 9 (MAT01-06, as the classroom lesson quotes it) and
    exploring mathematics by programming after year 10 (the Directorate's wording in MAT01-05,
    kept by MAT01-06, and said so); the ratings and intervals marked as beyond the curriculum."""
    first = markdown(lesson(NAME, language))[0]
    aims = {
        "nb": {
            9: ["eleven skal kunne", "«beregne og vurdere sannsynlighet i statistikk og spill»"],
            10: [
                "eleven skal kunne",
                "«utforske matematiske egenskaper og sammenhenger ved å bruke programmering»",
                "algoritme",
            ],
        },
        "nn": {
            9: ["eleven skal kunne", "«berekne og vurdere sannsyn i statistikk og spel»"],
            10: [
                "eleven skal kunne",
                "«utforske matematiske eigenskapar og samanhengar ved å bruke programmering»",
                "algoritme",
            ],
        },
    }
    assert_opens_with_aims(first, aims[language])
    flat = " ".join(first.split())
    assert "MAT01-05" in flat and "MAT01-06" in flat
    assert {"nb": "(fordypning)", "nn": "(fordjuping)"}[language] in flat


# ---------------------------------------------------------------------------- with phones

#: The strategies three phones submit in round 1 (Ola's first one is refused: 150 %), and the
#: one Max submits in round 2 instead of his first.
ROUND_ONE = {
    "Lina": {"name": "Fem på rad", "bank_when": [[{"kind": "pile_at_least", "cards": 5}]]},
    "Max": {"name": "Forsiktig", "bank_when": [[{"kind": "chance_below", "percent": 40}]]},
    "Ola": {
        "name": "Ledelsen",
        "bank_when": [
            [{"kind": "pile_at_least", "cards": 6}],
            [{"kind": "pile_at_least", "cards": 3}, {"kind": "ahead_after_bank"}],
        ],
        "aces": "list_when_ahead",
    },
}
REFUSED = {"name": "For mye", "bank_when": [[{"kind": "chance_below", "percent": 150}]]}
ROUND_TWO = {"name": "Forsiktig 2", "bank_when": [[{"kind": "chance_below", "percent": 55}]]}


async def submitted(conn, messages, strategy, request: str) -> dict:
    """A phone's strategy_submit and the answer to that request (saved, or a notice)."""
    message = {"intent": "strategy_submit", "strategy": strategy, "id": request}
    await conn.write_message(json.dumps(message))
    await until(lambda: any(m.get("request") == request for m in messages))
    return next(m for m in messages if m.get("request") == request)


async def told_place(messages, count: int) -> dict:
    """The ``count``-th tournament's end as a phone hears it (its place, in words)."""

    def ends():
        return [m for m in messages if m["type"] == "tournament" and m.get("state") == "done"]

    await until(lambda: len(ends()) >= count, timeout=120)
    return ends()[count - 1]


@pytest.mark.slow
def test_a_class_with_phones_builds_plays_twice_and_exports_pseudonyms(tmp_path, monkeypatch):
    """The English lesson cell by cell with three phones: they submit strategies when the
    lesson opens submissions (one refused first, with a notice, and kept out), the
    tournaments rank them beside the teacher's rules and the house bots, each phone is told
    its place in words after each round, Max's second strategy replaces his first, and the
    strategies' CSV holds S01–S03 with their rules, never a name."""
    nbformat = pytest.importorskip("nbformat")
    nbclient = pytest.importorskip("nbclient")
    pytest.importorskip("tornado")
    monkeypatch.setenv("BORSEN_QUICK", "1")  # the kernel's tournaments: 40 games a pair
    path = copied("en", tmp_path)
    nb = nbformat.read(path, as_version=4)
    rankings: list[list[str]] = []
    places: dict[str, list[dict]] = {name: [] for name in ROUND_ONE}

    async def lesson_with_phones():
        client = nbclient.NotebookClient(
            nb, timeout=300, kernel_name="python3", resources={"metadata": {"path": str(tmp_path)}}
        )
        phones = {}
        rounds = 0
        async with client.async_setup_kernel():
            await data(client, "None")
            for index, cell in enumerate(nb.cells):
                if cell.cell_type != "code":
                    continue
                await client.async_execute_cell(cell, index)
                assert not [o for o in cell.outputs if o.get("output_type") == "error"]
                source = cell.source.strip()
                if source.startswith("w = BorsenWidget("):
                    url = await data(client, "room.url")
                    for name in ROUND_ONE:
                        phones[name] = await phone(url, name)
                elif source.startswith("room.strategies()"):
                    rounds += 1
                    for name, (conn, messages, _task) in phones.items():
                        await until(
                            lambda m=messages, n=rounds: (
                                sum(x["type"] == "strategies" and x["open"] for x in m) >= n
                            )
                        )
                        if rounds == 1:
                            if name == "Ola":
                                told = await submitted(conn, messages, REFUSED, "bad")
                                assert told["type"] == "notice", told
                            saved = await submitted(conn, messages, ROUND_ONE[name], "s1")
                            assert saved["type"] == "strategy_saved", saved
                        elif name == "Max":
                            saved = await submitted(conn, messages, ROUND_TWO, "s2")
                            assert saved["name"] == ROUND_TWO["name"], saved
                elif source.startswith("await "):
                    rankings.append(
                        await data(
                            client, f"[r['name'] for r in {source.split()[1]}.result.rows()]"
                        )
                    )
                    for name, (_conn, messages, _task) in phones.items():
                        places[name].append(await told_place(messages, len(rankings)))
            for conn, _messages, task in phones.values():
                conn.close()
                task.cancel()

    asyncio.run(asyncio.wait_for(lesson_with_phones(), 400))
    first, second = rankings
    bots = {"WinningBot()", "ExpectedValueBot()", "ThresholdBot(4)", "Four and done"}
    assert set(first) == bots | {"Fem på rad", "Forsiktig", "Ledelsen"}
    assert set(second) == bots | {"Below half", "Fem på rad", "Forsiktig 2", "Ledelsen"}
    for name, told in places.items():
        for round_, heard in zip((first, second), told, strict=True):
            you = heard["you"]
            assert you is not None and 1 <= you["place"] <= len(round_), (name, heard)
            assert you["text"].startswith("Your strategy "), you
    assert "Forsiktig 2" in places["Max"][1]["you"]["text"]
    events = [
        json.loads(line)
        for line in (tmp_path / "strategies-1.jsonl").read_text(encoding="utf-8").splitlines()
    ]
    assert len([e for e in events if e["type"] == "strategy"]) == 4  # the refused one is not
    text = (tmp_path / "strategies-1.csv").read_text("utf-8-sig")
    rows = list(csv.DictReader(text.splitlines()))
    assert sorted(r["student"] for r in rows) == ["S01", "S02", "S03"]
    assert {r["strategy"] for r in rows} == {"Fem på rad", "Forsiktig 2", "Ledelsen"}
    for name in ROUND_ONE:
        assert name not in text
