"""Running a notebook of ``notebooks/`` top to bottom in a real kernel (nbclient), as every
notebook test does (imported as ``run_notebook`` from every test folder)."""

from __future__ import annotations

from pathlib import Path

import pytest


def run_notebook(path: Path, timeout: int) -> tuple[object, list[dict]]:
    """Run ``path`` in a python3 kernel, in its own folder, each cell within ``timeout``
    seconds. The notebook must be kept with cleared outputs, and no cell may fail. Returns the
    notebook, now holding its outputs, and every code cell's outputs in order."""
    nbformat = pytest.importorskip("nbformat")
    nbclient = pytest.importorskip("nbclient")
    nb = nbformat.read(path, as_version=4)
    assert nb.metadata["kernelspec"]["name"] == "python3"
    code = [c for c in nb.cells if c.cell_type == "code"]
    assert all(not c.get("outputs") for c in code), f"clear the outputs of {path.name}"
    nbclient.NotebookClient(
        nb,
        timeout=timeout,
        kernel_name="python3",
        resources={"metadata": {"path": str(path.parent)}},
    ).execute()
    outputs = [o for c in code for o in c.get("outputs", [])]
    errors = [
        f"{o.get('ename')}: {o.get('evalue')}" for o in outputs if o.get("output_type") == "error"
    ]
    assert not errors, errors
    return nb, outputs
