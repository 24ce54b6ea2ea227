"""notebooks/nb/play.ipynb and notebooks/nn/play.ipynb, the first lesson in bokmål and nynorsk
(the English notebooks/play.ipynb is run by tests/jupyter/test_widget.py): each runs top to
bottom in a real kernel, shows its two games and the rules editor in its language, has the
English notebook's code, opens with the curriculum's aims and is written in its own standard."""

from __future__ import annotations

import pytest
from norwegian_lessons import assert_opens_with_aims, assert_written_in, lesson, markdown
from run_notebook import run_notebook
from same_code import assert_same_code

LANGUAGES = ("nb", "nn")
WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"
WIDGET_STATE = "application/vnd.jupyter.widget-state+json"


@pytest.mark.slow  # the English play.ipynb runs in make test-fast: tests/jupyter/test_widget.py
@pytest.mark.parametrize("language", LANGUAGES)
def test_play_runs_in_its_language(language):
    nb, outputs = run_notebook(lesson("play.ipynb", language), timeout=120)
    shown = [
        o["data"][WIDGET_VIEW]["model_id"] for o in outputs if WIDGET_VIEW in o.get("data", {})
    ]
    assert len(shown) == 3  # two games and the hot-seat game's rules editor
    # nbclient keeps the widgets' state: each one shown speaks the notebook's language.
    state = nb.metadata["widgets"][WIDGET_STATE]["state"]
    assert [state[m]["state"]["speech"]["language"] for m in shown] == [language] * 3


@pytest.mark.parametrize("language", LANGUAGES)
def test_play_is_the_english_code_in_its_language(language):
    assert_same_code(lesson("play.ipynb", "en"), lesson("play.ipynb", language), language)
    assert_written_in(markdown(lesson("play.ipynb", language)), language)


@pytest.mark.parametrize("language", LANGUAGES)
def test_play_opens_with_the_curriculum_aims(language):
    """Probability in games (the aims after year 9)."""
    first = markdown(lesson("play.ipynb", language))[0]
    probable = {
        "nb": "hvor sannsynlig noe er i et spill",
        "nn": "kor sannsynleg noko er i eit spel",
    }
    assert_opens_with_aims(first, {9: [probable[language]]})
    # The game's own words, as the original rules say them.
    for word in ("*børsen*", "*bunken*", "**banken**", "**børsnotere**", "nestemann"):
        assert word in first, word
