"""notebooks/play_marimo.py (issue 14) without a browser: a valid marimo app whose cells run
top to bottom, and whose game_version state follows every change of the game (what makes the
cell reading the game re-run; tests/browser/test_hosts.py checks the re-runs in `marimo run`)."""

from __future__ import annotations

import importlib.util
import subprocess
import sys
from pathlib import Path

import pytest

APP = Path(__file__).resolve().parents[2] / "notebooks" / "play_marimo.py"

pytest.importorskip("marimo", reason="marimo is a dev dependency (make setup installs it)")


def load_app():
    spec = importlib.util.spec_from_file_location("play_marimo", APP)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module.app


def test_the_app_passes_marimos_check():
    done = subprocess.run(
        [sys.executable, "-m", "marimo", "check", "--strict", str(APP)],
        capture_output=True,
        text=True,
    )
    assert done.returncode == 0, done.stdout + done.stderr


def test_the_cells_run_and_the_state_follows_the_game():
    from borsen_widget import BorsenWidget

    _outputs, defs = load_app().run()
    w = defs["w"]
    assert isinstance(w, BorsenWidget) and w.names == ("You", "Bo", "Cy")
    assert w.game.current_player == 0  # You start (R3 first_player=0)
    assert defs["game_version"]() == w.version
    w.bot_delay = 0  # no kernel loop here: bots play at once
    w.apply("draw")
    assert defs["game_version"]() == w.version
    w.rules = w.rules.replace(equal_accepted=False)
    assert defs["game_version"]() == w.version
