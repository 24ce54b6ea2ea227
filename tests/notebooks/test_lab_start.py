"""Issue 31: ``make lab`` opens the play lesson in the teacher's language, not always English."""

import subprocess
import sys
from pathlib import Path

import pytest

from borsen_widget.jupyter.lessons_command import play_notebook

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize(
    ("environ", "opened"),
    [
        ({"LANG": "nb_NO.UTF-8"}, "notebooks/nb/play.ipynb"),
        ({"LANG": "no_NO.UTF-8"}, "notebooks/nb/play.ipynb"),
        ({"LC_ALL": "nn_NO.UTF-8", "LANG": "en_GB.UTF-8"}, "notebooks/nn/play.ipynb"),
        ({"LANGUAGE": "nn:nb", "LANG": "nb_NO.UTF-8"}, "notebooks/nn/play.ipynb"),
        ({"LANGUAGE": "nb"}, "notebooks/nb/play.ipynb"),  # make lab LANGUAGE=nb
        ({"LANG": "de_DE.UTF-8"}, "notebooks/play.ipynb"),
        ({"LANG": "C.UTF-8"}, "notebooks/play.ipynb"),
        ({}, "notebooks/play.ipynb"),
    ],
)
def test_make_lab_opens_the_play_lesson_in_the_environments_language(environ, opened):
    assert play_notebook(environ) == opened
    assert (ROOT / opened).is_file()


def test_the_makefile_asks_for_it_and_lets_the_teacher_name_the_language():
    """The `lab` target opens what the helper prints; LANGUAGE on make's command line reaches it
    (a command-line variable is exported to the recipe)."""
    makefile = (ROOT / "Makefile").read_text(encoding="utf-8")
    assert "-m borsen_widget.jupyter.lessons_command --play-notebook" in makefile
    printed = subprocess.run(
        [sys.executable, "-m", "borsen_widget.jupyter.lessons_command", "--play-notebook"],
        env={"LANGUAGE": "nb", "PATH": "/usr/bin:/bin"},
        capture_output=True,
        text=True,
        check=True,
        cwd=ROOT,
    )
    assert printed.stdout.strip() == "notebooks/nb/play.ipynb", printed.stderr
    dry = subprocess.run(
        ["make", "-n", "-s", "lab", "LANGUAGE=nn"], capture_output=True, text=True, cwd=ROOT
    )
    assert "--play-notebook" in dry.stdout and "notebooks/play.ipynb" not in dry.stdout
