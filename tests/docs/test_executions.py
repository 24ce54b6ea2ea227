"""The lessons' runs that the documentation build keeps, and that the lessons' tests read
(tests/run_notebook.py), are runs of the package as it is: the build empties a language's
execution cache and doctrees when the package changed (jupyter-cache keys a run by the notebook's
code alone, and Sphinx does not read an unchanged page again),
and a test reads the build's copy of a lesson only when every code cell of it ran (MyST-NB
writes the copy of a lesson it took from its cache unexecuted)."""

from __future__ import annotations

import importlib.util
import sys

import nbformat
import pytest
from docs_support import REPO

sys.path.insert(0, str(REPO / "tests"))
import run_notebook as run_module


@pytest.fixture
def build_docs(tmp_path, monkeypatch):
    spec = importlib.util.spec_from_file_location(
        "build_docs_under_test", REPO / "scripts/build_docs.py"
    )
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    monkeypatch.setattr(module, "CACHE", tmp_path / "cache")
    monkeypatch.setattr(module, "DOCTREES", tmp_path / "doctrees")
    return module


def test_a_cache_filled_by_another_package_is_emptied(build_docs, capsys):
    package = build_docs.package_digest()
    for language, stamp in (("nb", package), ("nn", "0" * 64), ("en", None)):
        cache = build_docs.CACHE / language
        (cache / "executed").mkdir(parents=True)
        (build_docs.DOCTREES / language).mkdir(parents=True)
        if stamp:
            (cache / "package.sha256").write_text(stamp)
        build_docs.forget_stale_executions(language, package)
    # Made by this package: kept; another package's runs, and runs of an unknown package: gone,
    # with the pages Sphinx read from them.
    assert (build_docs.CACHE / "nb" / "executed").exists()
    assert (build_docs.DOCTREES / "nb").exists()
    for language in ("nn", "en"):
        assert not (build_docs.CACHE / language).exists()
        assert not (build_docs.DOCTREES / language).exists()
    assert capsys.readouterr().out.count("every lesson runs again") == 2
    # Doctrees without a cache (one emptied by hand): their outputs' package is unknown.
    (build_docs.DOCTREES / "nn").mkdir(parents=True)
    build_docs.forget_stale_executions("nn", package)
    assert not (build_docs.DOCTREES / "nn").exists()
    build_docs.forget_stale_executions("en", package)  # nothing built at all: nothing to do
    assert capsys.readouterr().out.count("every lesson runs again") == 1


def test_the_digest_follows_the_package(build_docs, monkeypatch, tmp_path):
    before = build_docs.package_digest()
    root = tmp_path / "root"
    (root / "borsen_widget").mkdir(parents=True)
    (root / "borsen_widget" / "engine.py").write_text("RULES = 1\n")
    (root / "pyproject.toml").write_text("[project]\n")
    monkeypatch.setattr(build_docs, "ROOT", root)
    one = build_docs.package_digest()
    (root / "borsen_widget" / "engine.py").write_text("RULES = 2\n")
    assert build_docs.package_digest() not in (one, before)


def test_an_unexecuted_copy_is_not_taken_for_a_run(tmp_path, monkeypatch):
    """The copy has the lesson's code but no run (as MyST-NB writes a cached lesson): the test
    runs the lesson itself and gets its real output."""
    lesson = tmp_path / "lesson.ipynb"
    nb = nbformat.v4.new_notebook(
        metadata={"kernelspec": {"name": "python3", "display_name": "Python 3"}}
    )
    nb.cells = [nbformat.v4.new_code_cell("print(6 * 7)")]
    nbformat.write(nb, lesson)
    copy = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell("print(6 * 7)")])
    monkeypatch.setattr(run_module, "executed_by_the_docs", lambda path: copy)
    _nb, outputs = run_module.run_notebook(lesson, timeout=60)
    assert [o.get("text") for o in outputs] == ["42\n"]
    # An executed copy is read as it is (here: what it says it printed), without a kernel.
    copy.cells[0].execution_count = 1
    copy.cells[0].outputs = [nbformat.v4.new_output("stream", name="stdout", text="copied\n")]
    _nb, outputs = run_module.run_notebook(lesson, timeout=60)
    assert [o.get("text") for o in outputs] == ["copied\n"]
