"""notebooks/play-to-win.ipynb ("Play for cards or play to win?", issue 23) and its bokmål and
nynorsk copies run top to bottom; what their prose says of the small game's solution is what
the shipped report (borsen_widget.analysis.small_report) holds; the Norwegian copies have the
English code, set their language first, name the curriculum's aims and print in their
language."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
from norwegian_lessons import assert_opens_with_aims, assert_written_in, markdown
from run_notebook import run_notebook
from same_code import assert_same_code

from borsen_widget.analysis import DECK_16, SmallState, WinSolution, small_report
from borsen_widget.i18n import format_percent

nbformat = pytest.importorskip("nbformat")

ROOT = Path(__file__).resolve().parents[2]
LANGUAGES = ("en", "nb", "nn")
EXERCISE = {"en": "**Exercise 1.**", "nb": "**Oppgave 1.**", "nn": "**Oppgåve 1.**"}
ANSWER = {"en": "Answer", "nb": "Svar", "nn": "Svar"}
AXIS = {"en": "Cards in your bank", "nb": "Kort i banken din", "nn": "Kort i banken din"}


def notebook(language: str) -> Path:
    folder = ROOT / "notebooks" if language == "en" else ROOT / "notebooks" / language
    return folder / "play-to-win.ipynb"


@pytest.mark.slow
@pytest.mark.parametrize("language", LANGUAGES)
def test_play_to_win_notebook_runs(monkeypatch, language):
    """Every cell runs; the policy maps and the league's chart are drawn (Vega-Lite) with the
    notebook's words; the printed chances are the shipped report's, in the reader's way."""
    monkeypatch.setenv("PYTHONPATH", os.pathsep.join([str(ROOT), os.environ.get("PYTHONPATH", "")]))
    monkeypatch.setenv("BORSEN_QUICK", "1")  # fewer games in the leagues, as offline
    nb, outputs = run_notebook(notebook(language), timeout=300)
    text = "\n".join(c.source for c in nb.cells if c.cell_type == "markdown")
    for part in range(1, 5):
        assert f"## {part}." in text
    assert EXERCISE[language] in text and f"<details><summary>{ANSWER[language]}</summary>" in text
    charts = [
        o["data"]["application/vnd.vegalite.v5+json"]
        for o in outputs
        if "application/vnd.vegalite.v5+json" in o.get("data", {})
    ]
    assert len(charts) == 2  # the policy maps and the league
    specs = json.dumps(charts, ensure_ascii=False)
    assert AXIS[language] in specs
    printed = "".join(o.get("text", "") for o in outputs if o.get("output_type") == "stream")
    report = small_report()
    assert format_percent(report["start"], language, digits=1) in printed
    for seat in ("first", "second"):
        for goal in ("win", "cards"):
            assert format_percent(report["gap"][seat][goal], language, digits=1) in printed
    assert "score_aware" in json.dumps([o.get("data", {}) for o in outputs])
    if language != "en":
        for english in ("positions solved", "playing to win", "best to win", "Cards in your"):
            assert english not in printed + specs, english


def test_what_the_prose_says_is_what_the_solution_holds():
    """Part 2: in the three maps with no ace left, red squares (bank to win, draw for cards) lie
    where banking the pile puts you level or ahead, orange ones (draw to win, bank for cards)
    where it leaves you level or behind, and both colours appear; in the last map (the ace of
    diamonds in the deck) there are more red squares, some of them behind. Part 1: "about two
    million positions". The worked position: ahead, bank to win, draw for cards."""
    report = small_report()
    assert 1_500_000 < report["states"] < 2_500_000
    *plain, with_ace = report["maps"]
    kinds = set()
    for m in plain:
        assert m["aces"] == 0
        for row in m["rows"]:
            moves = (row["win"], row["cards"])
            kinds.add(moves)
            after = row["mine"] + row["pile"] - row["theirs"]  # the lead after banking
            if moves == ("bank", "draw"):
                assert after >= 0, row
            if moves == ("draw", "bank"):
                assert after <= 0, row
    assert kinds == {("draw", "draw"), ("bank", "bank"), ("bank", "draw"), ("draw", "bank")}
    red = [r for r in with_ace["rows"] if (r["win"], r["cards"]) == ("bank", "draw")]
    assert with_ace["aces"] == 0b1000
    assert len(red) > max(
        sum((r["win"], r["cards"]) == ("bank", "draw") for r in m["rows"]) for m in plain
    )
    assert any(r["mine"] < r["theirs"] for r in red) and any(r["mine"] > r["theirs"] for r in red)
    small = WinSolution(DECK_16)
    ahead = SmallState((1, 1, 2), 0, 2, 1, 0, 4, 0b0011, 2, 0b1100)
    assert ahead.scores == (6, 4)
    assert (small.policy(ahead), small.cards_action(ahead)) == ("bank", "draw")


@pytest.mark.parametrize("language", ["nb", "nn"])
def test_a_norwegian_copy_is_the_english_code(language):
    assert_same_code(notebook("en"), notebook(language), language)


@pytest.mark.parametrize("language", ["nb", "nn"])
def test_a_norwegian_copy_opens_with_the_aims_and_keeps_its_standard(language):
    first = nbformat.read(notebook(language), as_version=4).cells[0]
    assert_opens_with_aims(first.source, {8: ["algoritme"], 9: ["simulere"], 10: ["modell"]})
    assert_written_in(markdown(notebook(language)), language)


@pytest.mark.parametrize("language", LANGUAGES)
def test_outputs_are_cleared(language):
    nb = nbformat.read(notebook(language), as_version=4)
    nbformat.validate(nb)
    assert all(not c.get("outputs") for c in nb.cells if c.cell_type == "code")
