"""notebooks/classroom.ipynb runs a class from the teacher's side, top to bottom, in a real
kernel (nbclient): it opens the class on 127.0.0.1, shows the join card, asks the class to
guess first, reveals, opens seats and ends the class."""

from __future__ import annotations

import pathlib

import pytest

nbformat = pytest.importorskip("nbformat")
nbclient = pytest.importorskip("nbclient")

NOTEBOOK = pathlib.Path(__file__).resolve().parents[2] / "notebooks" / "classroom.ipynb"


def test_classroom_notebook_runs_top_to_bottom():
    nb = nbformat.read(NOTEBOOK, as_version=4)
    assert nb.metadata["kernelspec"]["name"] == "python3"
    assert all(not c.get("outputs") for c in nb.cells if c.cell_type == "code"), "clear outputs"
    client = nbclient.NotebookClient(
        nb,
        timeout=120,
        kernel_name="python3",
        resources={"metadata": {"path": str(NOTEBOOK.parent)}},
    )
    client.execute()
    outputs = [o for c in nb.cells if c.cell_type == "code" for o in c.get("outputs", [])]
    assert not [o for o in outputs if o.get("output_type") == "error"]
    texts = [str(o.get("data", {})) for o in outputs]
    # The join address, on this computer only, and the join card with its QR code.
    assert any("'http://127.0.0.1:" in t for t in texts)
    assert any("<svg" in t and "Join the game on your phone" in t for t in texts)
    # The seats it opened, and the class's end.
    assert any("'open': True" in t for t in texts)
