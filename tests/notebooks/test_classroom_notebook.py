"""notebooks/classroom.ipynb and its bokmål and nynorsk copies (notebooks/nb/, notebooks/nn/): a
45-minute lesson plan (issue 22) run from the teacher's side, top to bottom, in a real kernel
(nbclient). It opens the class on 127.0.0.1 with a record file, gives the projector page's
address, poses each kind of question (chance, count, expected cards, choice) about the positions
its prose talks about and reveals each one, draws the calibration plot and the error chart, and
exports the record as CSV with pseudonyms. Run All must not end the class: no code cell stops
it, and the prose says how to.

Under test there are no phones in the plain run (questions are posed and revealed with no
answers, the charts drawn empty); one run of the English lesson has three phones join over
real WebSockets and answer every question between the cells, as a class would, and its CSV
export holds pseudonyms, never a name. The copies have the English notebook's code, open with
the curriculum's aims and are written in their own standard."""

from __future__ import annotations

import ast
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

from borsen_widget.classroom.record import COLUMNS
from borsen_widget.i18n import translator

VEGA_LITE = "application/vnd.vegalite.v5+json"

#: The questions the lesson poses, in order, with the exact answers its prose explains (the
#: positions of the game seed=1 gives; test_lesson.py checks the exact answers against playing
#: every card left).
POSED = [
    ("chance", Fraction(2, 7)),  # Ada on the J♣, 14 of 49
    ("chance", Fraction(37, 48)),  # Bo on the 5♠
    ("count", 29),  # Bo on the 7♦, 47 left
    ("expected", Fraction(174, 47)),  # one more draw: 6 · 29/47
    ("choice", "bank"),  # 5 for certain against 3.70
    ("choice", "draw"),  # Ada, four cards on the 3♠: 39/43
    ("chance", Fraction(7, 41)),  # Bo, six cards on the K♠
    ("choice", "bank"),
]

#: The figures the prose states, as it writes them in each language (decimal point or comma).
STATED = {
    "fractions": [
        *(r"\frac{14}{49}", r"\frac{2}{7}", r"\frac{37}{48}", r"\frac{174}{47}", r"\frac{39}{43}"),
        *(r"\frac{195}{43}", r"\frac{7}{41}", r"\frac{49}{41}", r"\frac{39}{4}"),
    ],
    "decimals": ["0.29", "0.77", "3.70", "4.53", "0.17", "1.20", "9.75"],
}


def truth_of(event: dict):
    truth = event["truth"]
    if "action" in truth:
        return truth["action"]
    return Fraction(truth["fraction"]) if "fraction" in truth else truth["value"]


def copied(language: str, folder: Path) -> Path:
    """The lesson copied into ``folder``, so its record and CSV are written there."""
    target = folder / "classroom.ipynb"
    shutil.copy(lesson("classroom.ipynb", language), target)
    return target


def record_events(folder: Path) -> list[dict]:
    lines = (folder / "lesson-1.jsonl").read_text(encoding="utf-8").splitlines()
    return [json.loads(line) for line in lines]


def exported(folder: Path) -> tuple[list[str], list[dict], str]:
    text = (folder / "lesson-1.csv").read_text(encoding="utf-8-sig")
    reader = csv.DictReader(text.splitlines())
    rows = list(reader)
    return list(reader.fieldnames or []), rows, text


def assert_poses_and_reveals_the_lesson(events: list[dict]) -> None:
    """Every question of the plan posed about its position, each revealed before the next."""
    questions = [e for e in events if e["type"] == "question"]
    assert [(e["kind"], truth_of(e)) for e in questions] == POSED
    order = [(e["type"], e["question"]) for e in events if e["type"] in ("question", "reveal")]
    assert order == [(t, n) for n in range(1, len(POSED) + 1) for t in ("question", "reveal")]


@pytest.mark.parametrize("language", RUN_LANGUAGES)
def test_the_lesson_runs_top_to_bottom_without_phones(language, tmp_path):
    _nb, outputs = run_notebook(copied(language, tmp_path), timeout=120)
    texts = [str(o.get("data", {}).get("text/plain", "")) for o in outputs]
    # The join address on this computer only, and the projector page's own address.
    assert any(t.startswith("'http://127.0.0.1:") for t in texts)
    projector = [t for t in texts if t.endswith("/projector/'")]
    assert len(projector) == 1
    # Each question posed (the teacher's notebook sees the exact answer) and revealed, shown
    # in the notebook's language (issue 31: not a raw dict in English).
    tr = translator(language)
    for number in range(1, len(POSED) + 1):
        for said in ("Question {number} is open.", "Question {number} has been revealed."):
            line = tr.gettext(said, number=number)
            assert any(t.startswith(line) for t in texts), line
    exact = tr.gettext("The exact answer: {answer}.", answer="")[:-1]
    assert any(exact in t for t in texts), exact
    assert not any("'kind':" in t for t in texts)
    assert_poses_and_reveals_the_lesson(record_events(tmp_path))
    # The calibration plot (its diagonal) and the error chart, drawn with no answers, titled
    # in the notebook's language.
    charts = [o["data"][VEGA_LITE] for o in outputs if VEGA_LITE in o.get("data", {})]
    titles = [json.dumps(c, ensure_ascii=False) for c in charts]
    for title in (
        "Calibration: the chances the class said, and what happened",
        "The class's mean error, question by question",
    ):
        assert any(json.dumps(tr.gettext(title), ensure_ascii=False) in t for t in titles), title
    # The CSV: the record's columns, no answers.
    columns, rows, _text = exported(tmp_path)
    assert columns == list(COLUMNS) and rows == []


def test_no_code_cell_ends_the_class():
    """Run All must not send the class home (issue 22): no cell stops the room or closes the
    widget, and the prose tells the teacher how to end it."""
    for language in LANGUAGES:
        path = lesson("classroom.ipynb", language)
        for cell in code_cells(path):
            code = re.sub(r"#.*", "", cell["source"])
            assert not re.search(r"\.stop\(|\.close\(|shutdown", code), (language, code)
        prose = " ".join(markdown(path))
        assert "`room.stop()`" in prose and "`w.close()`" in prose, language


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_plan_states_the_figures_the_game_gives(language):
    """The timings of a 45-minute lesson, the exact answers as the prose works them out (each
    is an exact answer recorded by the run above), numbers written the language's way, and
    an exercise with its folded answer for each part."""
    text = "\n".join(markdown(lesson("classroom.ipynb", language)))
    for minutes in ("0–5", "5–12", "12–17", "17–27", "27–37", "37–43", "43–45"):
        assert minutes in text, minutes
    for fraction in STATED["fractions"]:
        assert fraction in text, fraction
    for decimal in STATED["decimals"]:
        written = decimal if language == "en" else decimal.replace(".", "{,}")
        assert written in text, (language, written)
    word = {"en": "Exercise", "nb": "Oppgave", "nn": "Oppgåve"}[language]
    numbers = re.findall(rf"\*\*{word} (\d+)\.\*\*", text)
    assert numbers == ["1", "2", "3", "4"]
    answer = {"en": "Answer", "nb": "Svar", "nn": "Svar"}[language]
    assert text.count(f"<details><summary>{answer}</summary>") == 4
    # Why the export is pseudonymous, in the lesson's words.
    assert {"en": "pseudonyms", "nb": "pseudonymer", "nn": "pseudonym"}[language] in text


# ---------------------------------------------------------------------------- with phones


#: Each student's answer to each kind: one exact, one close, one far.
ANSWERS = {
    "Lina": {"chance": "truth", "count": "truth", "expected": "truth", "choice": "truth"},
    "Max": {"chance": 0.5, "count": 20, "expected": 3, "choice": "draw"},
    "Ola": {"chance": 1, "count": 0, "expected": 0, "choice": "bank"},
}


def answer_for(name: str, question: dict, truth) -> object:
    value = ANSWERS[name][question["kind"]]
    if value != "truth":
        return value
    if question["kind"] == "chance":
        return f"{truth.numerator}/{truth.denominator}"  # typed as a fraction: exact
    return float(truth) if isinstance(truth, Fraction) else truth


@pytest.mark.slow
def test_a_class_with_phones_answers_every_question_and_exports_pseudonyms(tmp_path):
    """The English lesson cell by cell, three phones answering each question between the
    cells: every answer is in the record, the charts have points, and the CSV holds S01–S03,
    never a name."""
    nbformat = pytest.importorskip("nbformat")
    nbclient = pytest.importorskip("nbclient")
    pytest.importorskip("tornado")
    path = copied("en", tmp_path)
    nb = nbformat.read(path, as_version=4)

    async def lesson_with_phones():
        client = nbclient.NotebookClient(
            nb, timeout=120, kernel_name="python3", resources={"metadata": {"path": str(tmp_path)}}
        )
        phones = {}
        async with client.async_setup_kernel():
            await data(client, "None")  # imports json in the kernel
            for index, cell in enumerate(nb.cells):
                if cell.cell_type != "code":
                    continue
                await client.async_execute_cell(cell, index)
                shown = [o.get("data", {}).get("text/plain", "") for o in cell.outputs]
                assert not [o for o in cell.outputs if o.get("output_type") == "error"]
                if cell.source.startswith("room = w.classroom("):
                    url = ast.literal_eval(shown[-1])
                    for name in ANSWERS:
                        phones[name] = await phone(url, name)
                if "room.ask(" in cell.source:
                    # The cell shows the question in words (issue 31); its data, as a
                    # program reads it, comes from the same object.
                    posed = await data(client, "room.question")
                    truth = truth_of(posed)
                    for name, (conn, messages, _task) in phones.items():
                        await until(
                            lambda m=messages, n=posed["id"]: any(
                                x["type"] == "question" and x["question"].get("id") == n for x in m
                            )
                        )
                        value = answer_for(name, posed, truth)
                        message = {"intent": "answer", "question": posed["id"], "value": value}
                        await conn.write_message(json.dumps({**message, "id": f"a{index}"}))
                    # Each phone's own line says its answer is in, before the reveal's cell.
                    for _conn, messages, _task in phones.values():
                        await until(
                            lambda m=messages, n=posed["id"]: any(
                                x["type"] == "you" and (x.get("mine") or {}).get("question") == n
                                for x in m
                            )
                        )
                if cell.source.strip() == "room.scores":
                    shown_scores.append((shown[-1], await data(client, "room.scores")))
            for conn, _messages, task in phones.values():
                conn.close()
                task.cancel()
        return nb

    shown_scores = []
    asyncio.run(asyncio.wait_for(lesson_with_phones(), 240))
    events = record_events(tmp_path)
    assert_poses_and_reveals_the_lesson(events)
    answers = [e for e in events if e["type"] == "answer"]
    assert len(answers) == len(POSED) * len(ANSWERS)
    outputs = [o for c in nb.cells if c.cell_type == "code" for o in c.get("outputs", [])]
    # The scores: shown as a table in words, best first; the data under it as before.
    shown, scores = shown_scores[-1]
    assert scores["Lina"] == 100 * len(POSED) > scores["Ola"]
    assert "{" not in shown and shown.index("Lina") < shown.index("Ola")
    # The calibration plot: the diagonal, and the class's chances against what happened on
    # the two chance questions whose card was drawn (Ada's 5♠, Bo's 7♦); the error chart: a
    # point for each question.
    charts = [o["data"]["text/plain"] for o in outputs if VEGA_LITE in o.get("data", {})]
    assert [c.split(": ")[-1] for c in charts] == [
        "line, line, line (Vega-Lite)>",
        "line (Vega-Lite)>",
    ]
    calibration = [e for e in events if e["type"] == "outcome"]
    assert [(e["question"], e["accepted"]) for e in calibration] == [(1, False), (2, True)]
    columns, rows, text = exported(tmp_path)
    assert columns == list(COLUMNS) and len(rows) == len(answers)
    assert {r["student"] for r in rows} == {"S01", "S02", "S03"}
    for name in ANSWERS:
        assert name not in text


# ---------------------------------------------------------------------------- the copies


@pytest.mark.parametrize("language", ["nb", "nn"])
def test_the_norwegian_classroom_is_the_english_code_in_its_language(language):
    english, translated = lesson("classroom.ipynb", "en"), lesson("classroom.ipynb", language)
    assert_same_code(english, translated, language)
    assert_written_in(markdown(translated), language)


@pytest.mark.parametrize("language", ["nb", "nn"])
def test_the_norwegian_classroom_opens_with_the_curriculum_aims(language):
    """Issue 31: the aim is quoted as the curriculum writes it ("eleven skal kunne …", MAT01-06)
    and placed after year 9, where probability in statistics and games stands; no year-10 aim is
    claimed for it, and what goes beyond the curriculum is marked as such (fordypning)."""
    first = markdown(lesson("classroom.ipynb", language))[0]
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
