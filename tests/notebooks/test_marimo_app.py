"""notebooks/play_marimo.py (issue 14) and its bokmål and nynorsk copies (notebooks/nb/,
notebooks/nn/) without a browser: valid marimo apps whose cells run top to bottom, and whose
game_version state follows every change of the game (what makes the cell reading the game
re-run; tests/browser/test_hosts.py checks the re-runs in `marimo run`). A copy is the English
app's code with its texts translated and its language set in its first cell."""

from __future__ import annotations

import ast
import importlib.util
import io
import subprocess
import sys
import textwrap
import tokenize

import pytest
from norwegian_lessons import assert_opens_with_aims, assert_written_in, lesson
from same_code import code_shape

from borsen_widget.i18n import chosen_language, set_language, translator

LANGUAGES = ("en", "nb", "nn")

pytest.importorskip("marimo", reason="marimo is a dev dependency (make setup installs it)")


def load_app(language: str):
    spec = importlib.util.spec_from_file_location(
        f"play_marimo_{language}", lesson("play_marimo.py", language)
    )
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module.app


@pytest.fixture
def keep_language():
    """A copy of the app sets the process's language: put it back after the test."""
    before = chosen_language()
    yield
    set_language(before)


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_app_passes_marimos_check(language):
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "marimo",
            "check",
            "--strict",
            str(lesson("play_marimo.py", language)),
        ],
        capture_output=True,
        text=True,
    )
    assert done.returncode == 0, done.stdout + done.stderr


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_cells_run_and_the_state_follows_the_game(language, keep_language):
    from borsen_widget import BorsenWidget

    set_language(None)
    outputs, defs = load_app(language).run()
    w = defs["w"]
    assert isinstance(w, BorsenWidget) and w.language == language
    you = translator(language).pgettext("seat", "You")
    assert w.names == (you, "Bo", "Cy")
    assert w.game.current_player == 0  # You start (R3 first_player=0)
    assert defs["game_version"]() == w.version
    w.bot_delay = 0  # no kernel loop here: bots play at once
    w.apply("draw")
    assert defs["game_version"]() == w.version
    w.rules = w.rules.replace(equal_accepted=False)
    assert defs["game_version"]() == w.version
    # The cell that follows the game speaks the app's language, its rules included.
    shown = " ".join(" ".join(str(getattr(o, "text", "")).split()) for o in outputs)
    said = {"en": "The game in Python", "nb": "Spillet i Python", "nn": "Spelet i Python"}
    assert said[language] in shown
    first = translator(language).gettext("Who gets the first card")
    assert first in shown, first


def app_code(language: str) -> list[str]:
    """The app's code as tokens (texts aside), without the lines that set its language."""
    source = lesson("play_marimo.py", language).read_text(encoding="utf-8")
    kept = [
        line
        for line in source.splitlines(keepends=True)
        if line.strip() not in ("import borsen_widget", f'borsen_widget.set_language("{language}")')
        and not line.strip().startswith(f'borsen_widget.set_language("{language}")  #')
    ]
    return code_shape("".join(kept))


@pytest.mark.parametrize("language", ["nb", "nn"])
def test_a_norwegian_app_is_the_english_code_in_its_language(language):
    source = lesson("play_marimo.py", language).read_text(encoding="utf-8")
    assert f'borsen_widget.set_language("{language}")' in source
    assert app_code(language) == app_code("en")
    texts = [
        t.string
        for t in tokenize.generate_tokens(io.StringIO(source).readline)
        if t.type == tokenize.STRING
    ]
    assert_written_in(texts, language)
    intro = next(t for t in map(ast.literal_eval, texts) if "Kompetansemål" in t)
    probable = {
        "nb": "hvor sannsynlig noe er i et spill",
        "nn": "kor sannsynleg noko er i eit spel",
    }
    assert_opens_with_aims(textwrap.dedent(intro).strip(), {9: [probable[language]]})
