"""The JupyterLite build (scripts/build_lite.py): the notebooks it writes and the site it makes.

The first tests need no build: they check how a notebook is copied for the page. The others
check the built site (built in ``.venv-lite`` when missing or older than its sources; the first
build on a machine makes that environment and downloads Pyodide from npm and pure-Python wheels
from PyPI, later ones take seconds).
The browser test that plays the site offline is tests/browser/test_lite.py.
"""

from __future__ import annotations

import hashlib
import importlib.util
import json
import re
import sys
import tarfile
import zipfile
from importlib.util import find_spec
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]


def _load():
    spec = importlib.util.spec_from_file_location("build_lite", REPO / "scripts" / "build_lite.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules.setdefault("build_lite", module)
    spec.loader.exec_module(module)
    return module


lite = _load()
# The dev extra's list in pyproject.toml (Python 3.10 has no tomllib).
DEV_EXTRA = re.search(
    r"^dev = \[\n(.*?)^\]", (REPO / "pyproject.toml").read_text(), re.MULTILINE | re.DOTALL
).group(1)


def notebook(*cells) -> dict:
    """A notebook from ``"code"`` strings, ``("markdown", text)`` or whole cell dicts."""
    made = []
    for cell in cells:
        if isinstance(cell, dict):
            made.append(cell)
        elif isinstance(cell, tuple):
            made.append({"cell_type": "markdown", "metadata": {}, "source": cell[1]})
        else:
            made.append(
                {
                    "cell_type": "code",
                    "metadata": {},
                    "execution_count": 3,
                    "outputs": [{"output_type": "stream", "name": "stdout", "text": "old\n"}],
                    "source": cell,
                }
            )
    meta = {"kernelspec": {"name": "python3", "display_name": "Python 3", "language": "python"}}
    return {"cells": made, "metadata": meta, "nbformat": 4, "nbformat_minor": 4}


def kinds(nb: dict) -> list[str]:
    return [c["cell_type"] for c in nb["cells"]]


# -- the page's copy of a notebook -------------------------------------------------------------


def test_copy_starts_with_install_and_note_cells_and_keeps_the_source():
    source = notebook(("markdown", "# Play"), "from borsen_widget import Game\ngame = Game()")
    before = json.dumps(source)
    page = lite.lite_notebook(source)
    assert json.dumps(source) == before  # the source notebook is not touched
    assert [c["source"] for c in page["cells"][:2]] == [lite.INSTALL_CELL, lite.ENVIRONMENT_CELL]
    assert kinds(page) == ["code", "code", "markdown", "code"]
    assert page["metadata"]["kernelspec"]["name"] == "python"  # the Pyodide kernel
    code = page["cells"][3]
    assert code["outputs"] == [] and code["execution_count"] is None
    assert len({c["id"] for c in page["cells"]}) == len(page["cells"])


def test_every_cell_runs_on_the_page_as_it_is():
    """Nothing is commented out or shown as code: simulate, its tables and charts are pure."""
    cells = [
        "from borsen_widget import simulate\nr = simulate(None, ['random'] * 2, 10)",
        "from borsen_widget.sim.charts import Chart\nr.plot()",
        "%pip list\nr.by_bot",
    ]
    page = lite.lite_notebook(notebook(*cells))
    assert [c["source"] for c in page["cells"][2:]] == cells
    assert kinds(page)[2:] == ["code", "code", "code"]


@pytest.mark.parametrize(
    "source",
    [
        "import numpy as np",
        "x = 1\nimport pandas as pd",
        "from matplotlib import pyplot",
        "%matplotlib inline",
        "from borsen_widget.sim.fastsim import play_batch",
    ],
)
def test_a_notebook_that_imports_a_compiled_package_fails_the_build(source):
    with pytest.raises(SystemExit, match=r"cell 2: .* cannot run on the page"):
        lite.check_notebook(notebook(("markdown", "hi"), source), "x.ipynb", {"sim.fastsim"})
    lite.check_notebook(notebook("from borsen_widget import simulate"), "ok.ipynb", set())


def test_the_projects_notebooks_need_no_compiled_package():
    for path in sorted((REPO / "notebooks").glob("*.ipynb")):
        if path.name in lite.SERVER_NOTEBOOKS:
            continue  # not on the page
        lite.check_notebook(json.loads(path.read_text(encoding="utf-8")), path.name)


def test_compiled_modules_follow_imports_but_not_optional_ones(tmp_path):
    package = tmp_path / "pkg"
    package.mkdir()
    (package / "__init__.py").write_text("from .game import Game\n")
    (package / "game.py").write_text("import random\n")
    (package / "fast.py").write_text("import numpy as np\n")
    (package / "sim.py").write_text("from . import fast\n")
    (package / "table.py").write_text("from .sim import run\n")
    (package / "plot.py").write_text(
        "try:\n    import matplotlib\nexcept ImportError:\n    matplotlib = None\n"
    )
    (package / "typed.py").write_text(
        "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    import pandas\n"
    )
    (package / "lazy.py").write_text("def f():\n    import numpy\n")
    assert lite.compiled_modules(package) == {"fast", "sim", "table"}
    lite.check_pure_modules({"fast", "sim"}, package)
    with pytest.raises(SystemExit, match=r"engine\.game"):
        lite.check_pure_modules({"engine.game"}, package)


def test_what_the_page_needs_imports_no_compiled_package():
    """The engine, the widget, the analysis, simulate with its tables and charts, and this
    note import without NumPy (Pyodide); only the fast path does, and the environments of the
    rl extra (borsen_widget.envs: PettingZoo, Gymnasium, OpenSpiel), which the page leaves out."""
    compiled = lite.compiled_modules()
    lite.check_pure_modules(compiled)
    assert {m for m in compiled if m != "envs" and not m.startswith("envs.")} == {"sim.fastsim"}
    assert {"sim.simulate", "sim.charts", "sim.tables"} <= set(lite.PURE_MODULES)


# -- the built site ----------------------------------------------------------------------------


@pytest.fixture(scope="module")
def site(lite_site) -> Path:
    """Built in ``.venv-lite`` (made on first use), never in this environment: JupyterLite's
    build tools break the JupyterLab the tests and ``make lab`` run (tests/conftest.py)."""
    return lite_site


def test_the_build_tools_are_not_in_jupyterlabs_environment():
    """``jupyterlite-pyodide-kernel`` installs a JupyterLab extension that logs "Shared module
    @jupyterlite/services doesn't exist in shared scope default" on every JupyterLab page: the
    build tools live in ``.venv-lite``, apart from ``.venv``."""
    found = [m for m in ("jupyterlite_core", "jupyterlite_pyodide_kernel") if find_spec(m)]
    assert found == [], f"{found} are installed here: pip uninstall them (make setup does)"
    assert "lite" not in DEV_EXTRA, DEV_EXTRA


def test_site_has_every_notebook_starting_with_the_install_cell(site):
    sources = sorted(
        p.name
        for p in (REPO / "notebooks").glob("*.ipynb")
        if p.name not in lite.SERVER_NOTEBOOKS  # a class needs a server: not on the page
    )
    assert sorted(p.name for p in (site / "files").glob("*.ipynb")) == sources
    for name in sources:
        nb = json.loads((site / "files" / name).read_text(encoding="utf-8"))
        assert nb["cells"][0]["source"] == "%pip install -q borsen_widget", name
        assert nb["cells"][1]["source"] == lite.ENVIRONMENT_CELL, name
        source = json.loads((REPO / "notebooks" / name).read_text(encoding="utf-8"))
        assert [c["source"] for c in nb["cells"][2:]] == [c["source"] for c in source["cells"]]


@pytest.mark.parametrize("language", lite.LESSON_LANGUAGES)
def test_site_has_the_lessons_in_bokmal_and_nynorsk(site, language):
    """Issue 21: the page carries the three sets of lessons; a Norwegian lesson's note on
    simulations is told in its language (its own first cells choose the language)."""
    folder = REPO / "notebooks" / language
    sources = sorted(p.name for p in folder.glob("*.ipynb") if p.name not in lite.SERVER_NOTEBOOKS)
    assert sources, f"no lessons in notebooks/{language}"
    assert sorted(p.name for p in (site / "files" / language).glob("*.ipynb")) == sources
    for name in sources:
        nb = json.loads((site / "files" / language / name).read_text(encoding="utf-8"))
        assert nb["cells"][0]["source"] == lite.INSTALL_CELL, name
        assert nb["cells"][1]["source"] == lite.environment_cell(language), name
        assert f'language="{language}"' in nb["cells"][1]["source"]
        source = json.loads((folder / name).read_text(encoding="utf-8"))
        assert [c["source"] for c in nb["cells"][2:]] == [c["source"] for c in source["cells"]]


def test_site_loads_pyodide_and_packages_from_itself(site):
    config = json.loads((site / "jupyter-lite.json").read_text())["jupyter-config-data"]
    kernel = config["litePluginSettings"]["@jupyterlite/pyodide-kernel-extension:kernel"]
    assert kernel["disablePyPIFallback"] is True
    assert kernel["pyodideUrl"] == "./static/pyodide/pyodide.mjs"
    assert all(url.startswith("./") for url in kernel["pipliteUrls"])
    for config_file in site.rglob("jupyter-lite.json"):
        assert "://" not in config_file.read_text(), config_file
    for name in ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip"):
        assert (site / "static" / "pyodide" / name).stat().st_size > 0, name


def test_pyodide_is_the_kernels_version_and_its_lock_matches_the_wheels(site):
    version = lite.lite_env_eval(
        "__import__('jupyterlite_pyodide_kernel.constants', fromlist=['x']).PYODIDE_VERSION"
    )
    folder = site / "static" / "pyodide"
    assert json.loads((folder / "package.json").read_text())["version"] == version
    lock = json.loads((folder / "pyodide-lock.json").read_text())
    names = {lite.canonical(n) for n in lite.KERNEL_PACKAGES}
    assert set(lock["packages"]) == names
    for name, package in lock["packages"].items():
        wheel = folder / package["file_name"]
        assert hashlib.sha256(wheel.read_bytes()).hexdigest() == package["sha256"], name
        assert set(map(lite.canonical, package["depends"])) <= names, name
    assert sorted(p.name for p in folder.glob("*.whl")) == sorted(
        p["file_name"] for p in lock["packages"].values()
    )


def test_piplite_index_holds_the_project_and_the_widget_packages(site):
    index = json.loads((site / "pypi" / "all.json").read_text())
    expected = {"borsen-widget", *(lite.canonical(n) for n in lite.WIDGET_PACKAGES)}
    assert set(map(lite.canonical, index)) == expected
    (wheel,) = (site / "pypi").glob("borsen_widget-*.whl")
    with zipfile.ZipFile(wheel) as zf:
        names = set(zf.namelist())
        assert "borsen_widget/sim/environment.py" in names
        assert zf.getinfo("borsen_widget/static/widget.js").file_size > 0
    for name in lite.WIDGET_PACKAGES:
        assert list((site / "pypi").glob(f"{name}-*-none-any.whl")), name


def test_tarball_holds_the_site_in_one_folder_and_the_site_is_small(site):
    size = sum(p.stat().st_size for p in site.rglob("*") if p.is_file())
    assert size < 60e6, f"the site grew to {size / 1e6:.1f} MB"
    with tarfile.open(lite.TARBALL) as tar:
        names = set(tar.getnames())
    assert {"borsen-lite/index.html", "borsen-lite/static/pyodide/pyodide.asm.wasm"} <= names
    assert all(n == "borsen-lite" or n.startswith("borsen-lite/") for n in names)
    assert lite.TARBALL.stat().st_size < 25e6
