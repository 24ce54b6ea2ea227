"""The documentation site, built once a test run (scripts/build_docs.py --if-stale: nothing to
do when ``make docs`` has just built it from the same inputs), with the offline pages and the
play page copied in. The browser helpers of tests/browser (Chromium's flags, the static
server) are reused from there."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "browser"))  # harness, lite_support

from docs_support import PLAY_SCRIPT, REPO, SITE


def run_script(*args: str) -> None:
    done = subprocess.run(
        [sys.executable, *args], cwd=REPO, capture_output=True, text=True, timeout=1800
    )
    assert done.returncode == 0, (
        f"{' '.join(args)} failed:\n{done.stdout[-3000:]}\n{done.stderr[-6000:]}"
    )


@pytest.fixture(scope="session")
def docs_site(lite_site) -> Path:
    """build/docs/site, up to date; the offline site (``lite_site``) and the play page first,
    so that the copies in it are current."""
    if PLAY_SCRIPT.exists():
        run_script(str(PLAY_SCRIPT), "--if-stale")
    run_script("scripts/build_docs.py", "--if-stale")
    return SITE
