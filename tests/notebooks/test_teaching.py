"""notebooks/teaching.ipynb runs top to bottom (the lessons of the teacher's view)."""

from __future__ import annotations

import pathlib

import pytest

nbformat = pytest.importorskip("nbformat")
nbclient = pytest.importorskip("nbclient")

NOTEBOOK = pathlib.Path(__file__).resolve().parents[2] / "notebooks" / "teaching.ipynb"


def test_teaching_notebook_runs_top_to_bottom(monkeypatch):
    """Every cell runs without error; each lesson has an exercise with a folded answer."""
    monkeypatch.setenv("MPLBACKEND", "Agg")
    nb = nbformat.read(NOTEBOOK, as_version=4)
    assert nb.metadata["kernelspec"]["name"] == "python3"
    assert all(not c.get("outputs") for c in nb.cells if c.cell_type == "code"), "clear outputs"
    text = "\n".join(c.source for c in nb.cells if c.cell_type == "markdown")
    for lesson in range(1, 7):
        assert f"## {lesson}." in text and f"**Exercise {lesson}.**" in text
    assert text.count("<details><summary>Answer</summary>") == 6
    client = nbclient.NotebookClient(
        nb,
        timeout=300,
        kernel_name="python3",
        resources={"metadata": {"path": str(NOTEBOOK.parent)}},
    )
    client.execute()
    errors = [
        o
        for c in nb.cells
        if c.cell_type == "code"
        for o in c.get("outputs", [])
        if o.get("output_type") == "error"
    ]
    assert not errors
