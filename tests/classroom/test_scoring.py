"""Issue 31, the lesson as a teacher met it: points that read as a grade, a typed "0,25" read as
25 %, a number out of range refused without a traceback, the teacher's Python shown in her
language, and a CSV a Norwegian Excel opens.

The typed answers are held to one table of cases, ``js/test/typed-answers.json``, which the
phone's mirror (``parseAnswer``, vitest) reads too.
"""

from __future__ import annotations

import csv
import json
import logging
import math
from fractions import Fraction
from pathlib import Path

import pytest
from helpers import FILLER, examples, widget
from hypothesis import given, settings
from hypothesis import strategies as st
from support.classroom import Client, run, settle

from borsen_widget.classroom import scoring
from borsen_widget.classroom.displays import QuestionShown, ScoresShown
from borsen_widget.classroom.lesson import Lesson
from borsen_widget.classroom.record import COLUMNS, Record
from borsen_widget.classroom.student_names import fold
from borsen_widget.classroom.typed import read_typed
from borsen_widget.classroom.wire import BadMessage
from borsen_widget.i18n import translator

pytest.importorskip("tornado")

TABLE = Path(__file__).resolve().parents[2] / "js" / "test" / "typed-answers.json"
#: A position: Ada to act on 7♠; of the 11 cards left, 9♣ and K♠ are accepted (R5): 2/11.
DECK = " ".join(["9C", "2D", "KS", *FILLER])


def chance(p) -> scoring.Truth:
    return scoring.Truth("chance", Fraction(p), Fraction(0), Fraction(1))


# ---------------------------------------------------------------------------- points


@pytest.mark.parametrize(
    ("exact", "said", "expected"),
    [
        # The issue's cases: a pupil who said 0,2 % when the exact chance was 28,6 % (2/7) got
        # 84 of 100; 0 % and 25 % against 13,7 % got 97 and 98. Now they score low.
        ("2/7", "1/500", 0),
        ("10/73", "0", 45),
        ("10/73", "1/4", 55),
        ("2/7", "2/7", 100),  # exact
        ("2/7", "157/1000", 49),  # 13 points off: about half
        ("1/2", "51/100", 96),  # each percentage point off costs 4 points
        ("1/2", "11/20", 80),  # 5 points off
        ("1/2", "5/8", 50),  # 12,5 points off
        ("1/2", "3/4", 0),  # 25 points off: nothing
        ("1/2", "1", 0),
        ("0", "1/100", 96),
        ("1", "0", 0),
        ("3/8", "3/8", 100),
        ("1/3", "33/100", 99),  # a third said as 33 % rounds to 99
    ],
)
def test_a_chance_scores_as_a_grade(exact, said, expected):
    """Issue 31: 100 × max(0, 1 − |a − p| / 25 percentage points), rounded half up."""
    assert scoring.points(Fraction(said), chance(exact)) == expected


@settings(max_examples=examples(100), deadline=None)
@given(st.fractions(0, 1), st.fractions(0, 1))
def test_a_chance_scores_by_its_distance_from_the_exact_chance(p, a):
    got = scoring.points(a, chance(p))
    error = abs(a - p)
    assert got == math.floor(100 * max(Fraction(0), 1 - 4 * error) + Fraction(1, 2))
    assert scoring.points(p, chance(p)) == 100
    if error >= Fraction(1, 4):
        assert got == 0
    # Nearer is never worse.
    nearer = (a + p) / 2
    assert scoring.points(nearer, chance(p)) >= got


@pytest.mark.parametrize(
    ("kind", "truth", "low", "high", "said", "expected"),
    [
        ("count", 20, 0, 40, 20, 100),
        ("count", 20, 0, 40, 19, 90),  # a quarter of 40 cards is 10: each card costs 10
        ("count", 20, 0, 40, 15, 50),
        ("count", 20, 0, 40, 30, 0),
        ("count", 2, 0, 11, 3, 64),
        ("count", 0, 0, 0, 0, 100),  # an empty range: the one answer is right
        ("expected", Fraction(5, 2), 0, 8, Fraction(5, 2), 100),
        ("expected", Fraction(5, 2), 0, 8, 3, 75),
        ("expected", Fraction(5, 2), 0, 8, Fraction(9, 2), 0),
    ],
)
def test_a_count_and_the_expected_cards_score_on_a_quarter_of_their_range(
    kind, truth, low, high, said, expected
):
    assert scoring.points(said, scoring.Truth(kind, truth, low, high)) == expected


def test_a_choice_still_scores_all_or_nothing():
    assert scoring.points("draw", scoring.Truth("choice", "draw")) == 100
    assert scoring.points("bank", scoring.Truth("choice", "draw")) == 0
    assert scoring.points("bank", scoring.Truth("choice", "either")) == 100


# ---------------------------------------------------------------------------- typed answers


def cases():
    return json.loads(TABLE.read_text(encoding="utf-8"))["cases"]


@pytest.mark.parametrize("case", cases(), ids=lambda c: f"{c['kind']}:{c['typed']!r}")
def test_a_typed_answer_is_read_as_the_shared_table_says(case):
    """Issue 31: "0,25" is 25 %, "25", "25 %" and "1/4" stay as they were; the phone's mirror
    is held to the same table (js/test/student.test.js)."""
    span = case.get("range", {"low": 0, "high": 1})
    truth = scoring.Truth(case["kind"], Fraction(0), Fraction(span["low"]), Fraction(span["high"]))
    if case["value"] is None:
        with pytest.raises(BadMessage):
            scoring.read_answer(case["kind"], case["typed"], truth)
    else:
        got = scoring.read_answer(case["kind"], case["typed"], truth)
        assert got == Fraction(case["value"]) and type(got) is (
            int if case["kind"] == "count" else Fraction
        )


def test_the_table_holds_the_issues_cases():
    by_text = {(c["kind"], c["typed"]): c["value"] for c in cases()}
    assert by_text[("chance", "0,25")] == "1/4"
    assert by_text[("chance", "25")] == by_text[("chance", "25 %")] == "1/4"
    assert by_text[("chance", "1/4")] == "1/4"
    assert by_text[("chance", "1")] == "1/100"  # a whole number stays a percentage
    assert by_text[("chance", "0,25 %")] == "1/400"  # with "%" it is always a percentage


def test_a_long_typed_number_is_refused_unread():
    with pytest.raises(BadMessage):
        read_typed("chance", "0," + "9" * 5000)
    with pytest.raises(BadMessage):
        read_typed("count", "9" * 5000)


@pytest.mark.parametrize("value", [10**400, -(10**400), 10**20, 1e300, float("inf")])
def test_a_number_out_of_range_is_refused_before_any_float_arithmetic(value):
    """Issue 31's probe: math.isfinite(10**400) raised OverflowError."""
    truth = chance(Fraction(2, 11))
    with pytest.raises(BadMessage):
        scoring.read_answer("chance", value, truth)
    with pytest.raises(BadMessage):
        scoring.read_answer("count", value, scoring.Truth("count", 2, 0, 11))


def test_an_answer_of_ten_to_the_400_is_refused_politely_with_no_log_line(caplog):
    """Issue 31's probe: the page is told clearly, nothing is logged, nothing changes."""

    async def scenario():
        w = widget(deck=DECK, pile="7S")
        room = w.classroom()
        page = await Client.open(room)
        await page.join("Lina")
        room.ask("chance")
        await page.wait(lambda m: m["type"] == "question" and m["question"]["state"] == "open")
        with caplog.at_level(logging.DEBUG):
            told = []
            for value in (10**400, -(10**400), "1" * 1500):
                rid = await page.send(intent="answer", question=1, value=value)
                told.append(await page.notice(rid))
            await settle()
        answered = room.question["answered"]
        room.stop()
        return told, answered

    told, answered = run(scenario)
    assert all("0 % to 100 %" in t or "percent" in t for t in told), told
    assert not any("Error" in t for t in told)
    assert answered == 0  # nothing changed
    records = [r for r in caplog.records if r.name.startswith(("borsen_widget", "tornado"))]
    assert not records, [r.getMessage() for r in records]


def test_a_phone_sends_the_text_and_the_lesson_keeps_what_python_read():
    async def scenario():
        w = widget(deck=DECK, pile="7S")
        room = w.classroom()
        page = await Client.open(room)
        await page.join("Lina")
        room.ask("chance")
        await page.send(intent="answer", question=1, value="0,25")
        mine = await page.wait(lambda m: m["type"] == "you" and (m.get("mine") or {}).get("value"))
        room.stop()
        return mine["mine"], room.record.rows

    mine, rows = run(scenario)
    assert mine["value"] == 0.25  # the phone hears back what was understood: 25 %
    assert rows[0]["answer"] == 0.25


# ---------------------------------------------------------------------------- the teacher's Python


def revealed_room(language: str):
    """A room in ``language`` with one revealed chance question and two answers."""

    async def scenario():
        w = widget(deck=DECK, pile="7S", language=language)
        room = w.classroom()
        a, b = await Client.open(room), await Client.open(room)
        await a.join("Åse")
        await b.join("Bo")
        asked = room.ask("chance")
        await a.send(intent="answer", question=1, value="2/11")
        await b.send(intent="answer", question=1, value="0,5")
        await a.wait(lambda m: m["type"] == "question" and m["question"].get("answered") == 2)
        shown = room.reveal()
        scores = room.scores
        room.stop()
        return asked, shown, scores

    return run(scenario)


@pytest.mark.parametrize(
    ("language", "words"),
    [
        ("en", ["Question 1 has been revealed.", "The exact answer: 2/11", "2 of 2 have"]),
        ("nb", ["Svaret på spørsmål 1 er vist.", "Det eksakte svaret: 2/11 ≈ 0,182", "18,2"]),
        ("nn", ["Svaret på spørsmål 1 er vist.", "Det eksakte svaret: 2/11 ≈ 0,182", "18,2"]),
    ],
)
def test_ask_reveal_and_scores_show_in_the_rooms_language_and_stay_dicts(language, words):
    asked, shown, scores = revealed_room(language)
    # The data, as programs have always read it.
    assert isinstance(shown, dict) and shown["truth"] == {"fraction": "2/11", "value": 2 / 11}
    assert shown["truth"]["fraction"] == "2/11" and json.loads(json.dumps(shown)) == dict(shown)
    assert asked["state"] == "open" and shown["state"] == "revealed"
    assert dict(scores) == {"Åse": 100, "Bo": scoring.points(Fraction(1, 2), chance("2/11"))}
    assert scores["Åse"] == 100
    # The display, in the room's language.
    text = str(shown)
    for word in words:
        assert word in text, (word, text)
    assert "{" not in text and "'truth'" not in text
    assert "Åse" in str(scores) and "{" not in str(scores)
    html = scores._repr_html_()
    assert html.index("Åse") < html.index("Bo")  # best first
    assert "2/11" in shown._repr_html_()
    if language != "en":
        assert "Question" not in text and "points" not in str(scores)
        assert "poeng" in str(scores)


def test_an_open_question_tells_the_teacher_the_students_do_not_see_the_answer_yet():
    asked, _, _ = revealed_room("nb")
    text = str(asked)
    assert "Spørsmål 1 er åpent." in text and "Elevene ser det når du viser svaret." in text
    assert str(QuestionShown({"state": "none"}, "nn")) == "Det er ikkje stilt noko spørsmål enno."
    assert str(ScoresShown({}, "nb")) == "Ingen elever har blitt med ennå."


def test_ipythons_pretty_printer_and_print_use_the_display():
    from IPython.lib.pretty import pretty

    _, shown, scores = revealed_room("nn")
    assert pretty(shown) == str(shown) and pretty(scores) == str(scores)
    # repr() stays the dict's, for a program, a debugger or a log.
    assert repr(shown) == repr(dict(shown)) and repr(scores) == repr(dict(scores))


# ---------------------------------------------------------------------------- the spreadsheet


def lesson_with_answers() -> Lesson:
    lesson = Lesson(fold)
    lesson.start(players=["Ada", "Bo", "Cy"])
    position = {"player": 0, "player_name": "Ada", "pile": ["7S"], "deck_size": 11}
    lesson.ask("chance", position, chance(Fraction(2, 7)))
    lesson.answer(lesson.learner_for("x1", "Åse"), Fraction(1, 4))
    lesson.answer(lesson.learner_for("x2", "Øyvind"), Fraction(2, 7))
    lesson.reveal()
    lesson.outcome(lesson.questions[0], True)
    lesson.ask("choice", position, scoring.Truth("choice", "bank"))
    lesson.answer(lesson.learners["s1"], "draw")
    lesson.reveal()
    return lesson


def test_the_spreadsheet_is_for_a_norwegian_excel(tmp_path):
    """Issue 31: ';' between fields, decimal commas, headers and Ja/Nei in bokmål, UTF-8 with
    a byte-order mark (Excel reads æøå only so), a fraction that is not read as a date."""
    record = Record(lesson_with_answers(), language="nb")
    path = record.to_csv(tmp_path / "timen.csv", excel=True, names=True)
    raw = Path(path).read_bytes()
    assert raw.startswith(b"\xef\xbb\xbf")
    with open(path, encoding="utf-8-sig", newline="") as handle:
        rows = list(csv.reader(handle, delimiter=";"))
    head, first, second, third = rows
    assert head[:4] == ["Spørsmål", "Type spørsmål", "Elev", "Svar"]
    assert "Kortet godkjent" in head and "Poeng" in head
    assert len(head) == len(COLUMNS)
    cell = dict(zip(head, first, strict=True))
    assert cell["Elev"] == "Åse"
    # The kind in the glossary's word for a chance (bokmål), never the English one.
    assert cell["Type spørsmål"] == translator("nb").pgettext("question kind", "chance")
    assert cell["Type spørsmål"] not in ("", "chance")
    assert cell["Svar"] == "0,25" and cell["Eksakt svar som brøk"] == "2\u20447"
    assert cell["Eksakt svar"] == "0,285714" and cell["Svaret vist"] == "Ja"
    assert cell["Kortet godkjent"] == "Ja" and cell["Poeng"] == "86"
    assert dict(zip(head, second, strict=True))["Poeng"] == "100"
    choice = dict(zip(head, third, strict=True))
    assert choice["Svar"] == "trekke" and choice["Eksakt svar"] == "legge i banken"
    assert choice["Type spørsmål"] == "trekke eller legge i banken" and choice["Poeng"] == "0"
    assert choice["Kortet godkjent"] == ""
    nn = Record(lesson_with_answers(), language="nn").to_csv(tmp_path / "nn.csv", excel=True)
    text = Path(nn).read_text(encoding="utf-8-sig")
    assert text.startswith("Spørsmål;Type spørsmål;Elev;Svar;") and "Spelar" in text
    assert translator("nn").pgettext("question kind", "chance") + ";" in text
    assert "Åse" not in text  # pseudonyms unless names=True


def test_the_plain_csv_for_programs_is_as_it_was(tmp_path):
    record = Record(lesson_with_answers(), language="nb")
    path = record.to_csv(tmp_path / "plain.csv")
    with open(path, encoding="utf-8-sig", newline="") as handle:
        rows = list(csv.DictReader(handle))
    assert list(rows[0]) == list(COLUMNS)
    assert rows[0]["answer"] == "0.25" and rows[0]["revealed"] == "True"
    assert rows[0]["student"] == "S01" and rows[0]["truth_exact"] == "2/7"
    english = record.to_csv(tmp_path / "en.csv", excel=True, language="en")
    assert Path(english).read_text(encoding="utf-8-sig").startswith("Question,Kind of question,")
    with pytest.raises(ValueError, match="excel must be True or False"):
        record.to_csv(tmp_path / "x.csv", excel="yes")


def test_the_brier_score_against_the_outcomes_belongs_to_the_calibration():
    """The points use the exact chance; the Brier score against what happened is the
    calibration's: (1/4 − 1)² and (2/7 − 1)² for the two answers, the card accepted."""
    brier = Record(lesson_with_answers()).brier()
    expected = ((Fraction(3, 4)) ** 2 + (Fraction(5, 7)) ** 2) / 2
    assert brier == {"class": float(expected), "exact": float(Fraction(5, 7) ** 2), "answers": 2}
    assert Record(Lesson(fold)).brier() is None
