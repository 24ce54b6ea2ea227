"""notebooks/rl-agent.ipynb and its bokmål and nynorsk copies (notebooks/nb/, notebooks/nn/, see
notebooks/README.md) run top to bottom with a short training (BORSEN_RL_QUICK=1: a few hundred
games instead of thousands); the Norwegian copies have the English notebook's code, set their
language first and name the curriculum's aims. The notebook needs the rl extra (PettingZoo,
Gymnasium, OpenSpiel), so the offline page leaves it out (scripts/build_lite.py)."""

from __future__ import annotations

import importlib.util
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
    return folder / "rl-agent.ipynb"


@pytest.mark.slow
@pytest.mark.parametrize("language", LANGUAGES)
def test_rl_agent_notebook_runs(monkeypatch, language):
    """It trains, measures the agent against the bots (a table with intervals, a league with
    ratings) and seats it in the widget; its own lines are in its language."""
    monkeypatch.setenv("PYTHONPATH", os.pathsep.join([str(ROOT), os.environ.get("PYTHONPATH", "")]))
    monkeypatch.setenv("BORSEN_RL_QUICK", "1")
    _notebook, outputs = run_notebook(notebook(language), timeout=120)
    text = "".join(
        str(o.get("data", {}).get("text/plain", "")) + o.get("text", "") for o in outputs
    )
    assert "QAgent" in text and "ThresholdBot(4)" in text and "ExpectedValueBot()" in text
    assert {"en": "300 games in", "nb": "300 spill på", "nn": "300 spel på"}[language] in text
    assert any("application/vnd.jupyter.widget-view+json" in o.get("data", {}) for o in outputs)


@pytest.mark.parametrize("language", ["nb", "nn"])
def test_a_norwegian_rl_agent_notebook_is_the_english_code(language):
    assert_same_code(notebook("en"), notebook(language), language)


@pytest.mark.parametrize("language", ["nb", "nn"])
def test_a_norwegian_rl_agent_notebook_opens_with_the_curriculum_aims(language):
    """The aims after years 9 (simulation) and 10 (exploring by programming, models and their
    validity, reading Python), in the notebook's own words."""
    nbformat = pytest.importorskip("nbformat")
    first = nbformat.read(notebook(language), as_version=4).cells[0]
    assert first.cell_type == "markdown"
    assert_opens_with_aims(first.source, {9: ["simulere tilfeldige"], 10: ["programmering"]})


@pytest.mark.parametrize("language", ["nb", "nn"])
def test_a_norwegian_rl_agent_lesson_is_written_in_its_own_standard(language):
    assert_written_in(markdown(notebook(language)), language)


def test_the_offline_page_leaves_the_notebook_out():
    spec = importlib.util.spec_from_file_location("build_lite", ROOT / "scripts" / "build_lite.py")
    lite = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(lite)
    assert "rl-agent.ipynb" in lite.SERVER_NOTEBOOKS
