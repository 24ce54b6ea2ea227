"""notebooks/classroom.ipynb and its bokmål and nynorsk copies (notebooks/nb/, notebooks/nn/)
run a class from the teacher's side, top to bottom, in a real kernel (nbclient): each opens the
class on 127.0.0.1, shows the join card in its language, asks the class to guess first,
reveals, opens seats and ends the class. The copies have the English notebook's code, open with
the curriculum's aims and are written in their own standard."""

from __future__ import annotations

import html

import pytest
from norwegian_lessons import assert_opens_with_aims, assert_written_in, lesson, markdown
from run_notebook import run_notebook
from same_code import assert_same_code

from borsen_widget.i18n import translator


@pytest.mark.parametrize("language", ["en", "nb", "nn"])
def test_classroom_notebook_runs_top_to_bottom(language):
    _nb, outputs = run_notebook(lesson("classroom.ipynb", language), timeout=120)
    texts = [str(o.get("data", {})) for o in outputs]
    # The join address, on this computer only, and the join card with its QR code, titled in
    # the notebook's language.
    assert any("'http://127.0.0.1:" in t for t in texts)
    title = html.escape(translator(language).gettext("Join the game on your phone"))
    assert any("<svg" in t and title in t for t in texts), title
    # The seats it opened, and the class's end.
    assert any("'open': True" in t for t in texts)


@pytest.mark.parametrize("language", ["nb", "nn"])
def test_the_norwegian_classroom_is_the_english_code_in_its_language(language):
    english, translated = lesson("classroom.ipynb", "en"), lesson("classroom.ipynb", language)
    assert_same_code(english, translated, language)
    assert_written_in(markdown(translated), language)


@pytest.mark.parametrize("language", ["nb", "nn"])
def test_the_norwegian_classroom_opens_with_the_curriculum_aims(language):
    """Probability in games and experiments, guessing first and checking (year 9)."""
    first = markdown(lesson("classroom.ipynb", language))[0]
    aims = {
        "nb": ["valg i spill og i forsøk", "gjetter først", "sjekker"],
        "nn": ["val i spel og i forsøk", "gjettar først", "sjekkar"],
    }
    assert_opens_with_aims(first, {9: aims[language]})
