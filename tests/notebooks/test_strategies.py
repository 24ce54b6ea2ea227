"""notebooks/strategies.ipynb and its bokmål and nynorsk copies (notebooks/nb/, notebooks/nn/,
see notebooks/README.md) run top to bottom (outputs are cleared in the repository); the
Norwegian copies have the English notebook's code, set their language first, name the
curriculum's aims and print their own tables and charts in their language."""

from __future__ import annotations

import ast
import json
import os
from pathlib import Path

import pytest
from norwegian_lessons import assert_opens_with_aims, assert_written_in, markdown
from run_notebook import run_notebook
from same_code import assert_same_code

ROOT = Path(__file__).resolve().parents[2]
LANGUAGES = ("en", "nb", "nn")


def notebook(language: str) -> Path:
    folder = ROOT / "notebooks" if language == "en" else ROOT / "notebooks" / language
    return folder / "strategies.ipynb"


#: What the notebook's own cells write, in each language: a table's column, a chart's title.
PLAYERS = {"en": "3 players", "nb": "3 spillere", "nn": "3 spelarar"}
TITLE = {
    "en": "ThresholdBot(k) against a table of ThresholdBot(4)",
    "nb": "ThresholdBot(k) mot et bord der alle de andre er ThresholdBot(4)",
    "nn": "ThresholdBot(k) mot eit bord der alle dei andre er ThresholdBot(4)",
}


@pytest.mark.slow
@pytest.mark.parametrize("language", LANGUAGES)
def test_strategies_notebook_runs(monkeypatch, language):
    """The notebook runs top to bottom; the tournament's table names the bots (their Python
    names in every language); the notebook's own columns and titles are in its language."""
    monkeypatch.setenv("PYTHONPATH", os.pathsep.join([str(ROOT), os.environ.get("PYTHONPATH", "")]))
    _notebook, outputs = run_notebook(notebook(language), timeout=180)
    text = "".join(str(o.get("data", {}).get("text/plain", "")) for o in outputs)
    html = "".join(str(o.get("data", {}).get("text/html", "")) for o in outputs)
    charts = json.dumps(
        [o["data"]["application/vnd.vegalite.v5+json"] for o in outputs
         if "application/vnd.vegalite.v5+json" in o.get("data", {})],
        ensure_ascii=False,
    )  # fmt: skip
    assert "careful" in text and "ThresholdBot(4)" in text
    assert PLAYERS[language] in text + html
    assert TITLE[language] in charts
    if language != "en":
        assert "players" not in text + html + charts.replace("n_players", "")
    # Part 3's text: "with three or four players a small threshold is the best reply ... two
    # players are different: the curve is still rising at k = 10".
    (best,) = [
        ast.literal_eval(str(o["data"]["text/plain"]))
        for o in outputs
        if str(o.get("data", {}).get("text/plain", "")).startswith("{")
    ]
    best = {int(column.split()[0]): k for column, k in best.items()}
    assert best[2] == 10 and best[3] <= 4 and best[4] <= 4, best


@pytest.mark.parametrize("language", ["nb", "nn"])
def test_a_norwegian_strategies_notebook_is_the_english_code(language):
    assert_same_code(notebook("en"), notebook(language), language)


@pytest.mark.parametrize("language", ["nb", "nn"])
def test_a_norwegian_strategies_notebook_opens_with_the_curriculum_aims(language):
    """The aims after years 8 (algorithms by programming), 9 (simulation) and 10 (models and
    their validity, exploring by programming, reading Python), in the notebook's own words."""
    nbformat = pytest.importorskip("nbformat")
    first = nbformat.read(notebook(language), as_version=4).cells[0]
    assert first.cell_type == "markdown"
    assert_opens_with_aims(first.source, {8: [], 9: [], 10: []})
    text = " ".join(first.source.split())
    aims = {
        "nb": ("algoritme med programmering", "simulere tilfeldige hendelser", "modell",
               "vurdere om modellen holder", "lese Python-kode og forklare"),
        "nn": ("algoritme med programmering", "simulere tilfeldige hendingar", "modell",
               "vurdere om modellen held", "lese Python-kode og forklare"),
    }  # fmt: skip
    for aim in aims[language]:
        assert aim in text, aim


@pytest.mark.parametrize("language", ["nb", "nn"])
def test_a_norwegian_strategies_lesson_is_written_in_its_own_standard(language):
    """No bokmål word in the nynorsk prose, and no nynorsk word in the bokmål
    (tests/notebooks/norwegian_lessons.py)."""
    assert_written_in(markdown(notebook(language)), language)
