"""notebooks/classroom.ipynb runs a class from the teacher's side, top to bottom, in a real
kernel (nbclient): it opens the class on 127.0.0.1, shows the join card, asks the class to
guess first, reveals, opens seats and ends the class."""

from __future__ import annotations

import pathlib

from run_notebook import run_notebook

NOTEBOOK = pathlib.Path(__file__).resolve().parents[2] / "notebooks" / "classroom.ipynb"


def test_classroom_notebook_runs_top_to_bottom():
    _nb, outputs = run_notebook(NOTEBOOK, timeout=120)
    texts = [str(o.get("data", {})) for o in outputs]
    # The join address, on this computer only, and the join card with its QR code.
    assert any("'http://127.0.0.1:" in t for t in texts)
    assert any("<svg" in t and "Join the game on your phone" in t for t in texts)
    # The seats it opened, and the class's end.
    assert any("'open': True" in t for t in texts)
