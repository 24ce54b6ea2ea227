"""Running a notebook of ``notebooks/`` top to bottom in a real kernel (nbclient), as every
notebook test does (imported as ``run_notebook`` from every test folder).

A lesson is run once per test run, not twice: the documentation build (``make docs``, which
``make test`` runs before pytest) executes every lesson of ``notebooks/`` in each language, in
the environment the tests give it (``BORSEN_QUICK=1``, ``BORSEN_RL_QUICK=1``), and keeps the
executed copies in ``build/docs/html/<language>/jupyter_execute/lessons/``. Where that build is
current (its stamp matches the digest of every input it was made from: the package, the
lessons, the docs) and the executed copy has exactly the lesson's code cells, every one of them
run, the tests read its outputs; otherwise (no build, a changed file, a lesson edited since)
they run the lesson here. ``BORSEN_RUN_LESSONS=1`` always runs them here.
"""

from __future__ import annotations

import functools
import importlib.util
import os
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]
NOTEBOOKS = REPO / "notebooks"
EXECUTED = REPO / "build" / "docs" / "html"
STAMP = REPO / "build" / "docs" / "inputs.sha256"
#: The environment the documentation build executes the lessons in (scripts/build_docs.py).
DOCS_ENVIRONMENT = {"BORSEN_QUICK": "1", "BORSEN_RL_QUICK": "1"}


def run_notebook(path: Path, timeout: int) -> tuple[object, list[dict]]:
    """Run ``path`` in a python3 kernel, in its own folder, each cell within ``timeout``
    seconds (or read the documentation build's run of it, above). The notebook must be kept
    with cleared outputs, and no cell may fail. Returns the notebook, now holding its outputs,
    and every code cell's outputs in order."""
    nbformat = pytest.importorskip("nbformat")
    nb = nbformat.read(path, as_version=4)
    assert nb.metadata["kernelspec"]["name"] == "python3"
    code = [c for c in nb.cells if c.cell_type == "code"]
    assert all(not c.get("outputs") for c in code), f"clear the outputs of {path.name}"
    executed = executed_by_the_docs(path)
    ran = [c for c in executed.cells if c.cell_type == "code"] if executed else None
    # MyST-NB writes its copy unexecuted when the lesson came from its cache (the page has the
    # outputs, the copy not): only a copy in which every code cell ran stands for a run.
    if (
        ran is not None
        and [c.source for c in ran] == [c.source for c in code]
        and all(c.get("execution_count") is not None for c in ran)
    ):
        for cell, copy in zip(code, ran, strict=True):
            cell.outputs = copy.get("outputs", [])
            cell.execution_count = copy.get("execution_count")
        if "widgets" in executed.metadata:  # the widgets' state, as nbclient keeps it
            nb.metadata["widgets"] = executed.metadata["widgets"]
    else:
        nbclient = pytest.importorskip("nbclient")
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


def executed_by_the_docs(path: Path):
    """The documentation build's run of the lesson at ``path`` (a notebook), when that build
    is current and ran it in the tests' environment; else None."""
    if os.environ.get("BORSEN_RUN_LESSONS") == "1":
        return None
    folder = path.resolve().parent
    languages = {NOTEBOOKS: "en", NOTEBOOKS / "nb": "nb", NOTEBOOKS / "nn": "nn"}
    if folder not in languages:
        return None  # a copy elsewhere (a test's own folder): run it
    language = languages[folder]
    if any(os.environ.get(k, v) != v for k, v in DOCS_ENVIRONMENT.items()):
        return None  # a test that runs a lesson otherwise than the docs did
    copy = EXECUTED / language / "jupyter_execute" / "lessons" / path.name
    if not copy.exists() or not docs_build_is_current():
        return None
    import nbformat

    return nbformat.read(copy, as_version=4)


@functools.cache
def docs_build_is_current() -> bool:
    """The documentation build's stamp is the digest of its inputs as they are now (the same
    check ``make docs`` makes before building again)."""
    if not STAMP.exists():
        return False
    if "build_docs" not in sys.modules:
        spec = importlib.util.spec_from_file_location("build_docs", REPO / "scripts/build_docs.py")
        module = importlib.util.module_from_spec(spec)
        sys.modules["build_docs"] = module
        spec.loader.exec_module(module)
    return STAMP.read_text() == sys.modules["build_docs"].inputs_digest()
