"""The JupyterLite build (scripts/build_lite.py): the notebooks it writes and the site it makes.

The first tests need no build: they check how a notebook is copied for the page. The others
check the built site (built here when missing or older than its sources; the first build on a
machine downloads Pyodide from npm and pure-Python wheels from PyPI, later ones take seconds).
The browser test that plays the site offline is tests/browser/test_lite.py.
"""

from __future__ import annotations

import hashlib
import importlib.util
import json
import sys
import tarfile
import zipfile
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
    page = lite.lite_notebook(source, compiled=set())
    assert json.dumps(source) == before  # the source notebook is not touched
    assert [c["source"] for c in page["cells"][:2]] == [lite.INSTALL_CELL, lite.ENVIRONMENT_CELL]
    assert kinds(page) == ["code", "code", "markdown", "code"]
    assert page["metadata"]["kernelspec"]["name"] == "python"  # the Pyodide kernel
    code = page["cells"][3]
    assert code["outputs"] == [] and code["execution_count"] is None
    assert len({c["id"] for c in page["cells"]}) == len(page["cells"])


def test_cells_needing_compiled_packages_become_markdown():
    page = lite.lite_notebook(
        notebook(
            "import numpy as np\nx = np.arange(3)",
            "import matplotlib.pyplot as plt",
            "%matplotlib inline\nprint(1)",
            "from pandas import DataFrame",
            "from borsen_widget import Game\ng = Game()",
        ),
        compiled=set(),
    )
    assert kinds(page)[2:] == ["markdown", "markdown", "markdown", "markdown", "code"]
    skipped = page["cells"][2]
    assert "```python\nimport numpy as np\nx = np.arange(3)\n```" in skipped["source"]
    assert skipped["source"].startswith(lite.SKIPPED_NOTE)
    assert skipped["metadata"]["lite_skipped"] is True


def test_tagged_cells_and_modules_of_the_package_that_need_numpy_are_skipped():
    tagged = {
        "cell_type": "code",
        "metadata": {"tags": [lite.NEEDS_COMPILED_TAG]},
        "outputs": [],
        "source": "run_big_table()",
    }
    page = lite.lite_notebook(
        notebook(
            tagged,
            "from borsen_widget import simulate, Rules",
            "from borsen_widget.simulate import simulate",
            "import borsen_widget.fastsim as fs",
            "from borsen_widget import Rules",
        ),
        compiled={"simulate", "fastsim"},
    )
    assert kinds(page)[2:] == ["markdown", "code", "markdown", "markdown", "code"]
    assert page["cells"][3]["source"].startswith("from borsen_widget import Rules\n# from")


def test_imports_the_page_lacks_are_commented_out_and_the_rest_of_the_cell_runs():
    page = lite.lite_notebook(
        notebook(
            "import matplotlib.pyplot as plt\nimport pandas as pd\n\n"
            "from borsen_widget import BorsenWidget, simulate\n"
            "from borsen_widget.fastsim import run_games\n",
            "w = BorsenWidget()\nw",
            "simulate(w.rules, [], 10)",
            "pd.DataFrame()",
            "fig = plt.figure()\nw.new_game()",
            "fig.show()\nw.new_game()\nax = fig.gca()",
            'import matplotlib\nmatplotlib.use("Agg")  # quiet ♠\nprint("♠"); x = 1',
        ),
        compiled={"simulate", "fastsim"},
    )
    assert kinds(page)[2:] == ["code", "code", "markdown", "markdown", "code", "markdown", "code"]
    # Half of it runs: the rest is there as comments. Less than half: shown as code.
    assert page["cells"][6]["source"] == f"# fig = plt.figure()  # {lite.NOT_HERE}\nw.new_game()"
    assert page["cells"][8]["source"] == (  # a comment after a statement is no obstacle
        f"# import matplotlib  # {lite.NOT_HERE}\n"
        f'# matplotlib.use("Agg")  # quiet ♠  # {lite.NOT_HERE}\n'
        'print("♠"); x = 1'
    )
    imports = page["cells"][2]
    assert imports["metadata"]["lite_edited"] is True
    note = f"  # {lite.NOT_HERE}"
    assert imports["source"] == (
        f"# import matplotlib.pyplot as plt{note}\n"
        f"# import pandas as pd{note}\n"
        "\n"
        "from borsen_widget import BorsenWidget\n"
        f"# from borsen_widget import BorsenWidget, simulate{note}\n"
        f"# from borsen_widget.fastsim import run_games{note}\n"
    )
    assert page["cells"][3]["source"] == "w = BorsenWidget()\nw"


def test_cells_using_what_a_skipped_cell_made_are_skipped_too():
    page = lite.lite_notebook(
        notebook(
            "from borsen_widget import Rules\nrules = Rules()",
            "import numpy as np\ntable = np.zeros(3)\nrules = None",
            "print(table.sum())",
            "def show():\n    return table",
            "show()",
            "table = [1, 2]",  # made again by a cell that runs: later cells may use it
            "print(table)",
            "print(rules)",  # the skipped cell made it anew: its readers expect that value
        ),
        compiled=set(),
    )
    skipped, ran = "markdown", "code"
    assert kinds(page)[2:] == [ran, skipped, skipped, skipped, skipped, ran, ran, skipped]


def test_a_parameter_or_loop_variable_is_not_a_name_from_a_skipped_cell():
    page = lite.lite_notebook(
        notebook(
            "import pandas as pd\nrules = pd.Series([1])\ntable = pd.Series([2])",
            "def p_accept(rules, top):\n    return rules.accepts(top)",
            "for rules in (1, 2):\n    print(rules)",
            "print([table for _ in range(2)])",  # a comprehension reads the global table
        ),
        compiled=set(),
    )
    assert kinds(page)[2:] == ["markdown", "code", "code", "markdown"]


def test_a_saved_plot_of_a_skipped_cell_is_shown_as_an_attachment():
    cell = {
        "cell_type": "code",
        "metadata": {},
        "execution_count": 1,
        "outputs": [{"output_type": "display_data", "data": {"image/png": "iVBORw0KGgo="}}],
        "source": "import matplotlib.pyplot as plt\nplt.plot([1, 2])",
    }
    skipped = lite.lite_notebook(notebook(cell), compiled=set())["cells"][2]
    assert skipped["attachments"] == {"output-1.png": {"image/png": "iVBORw0KGgo="}}
    assert "(attachment:output-1.png)" in skipped["source"]


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
    """The engine, the widget, the analysis and this note import without NumPy (Pyodide)."""
    compiled = lite.compiled_modules()
    lite.check_pure_modules(compiled)
    assert "widget" not in compiled and "environment" not in compiled


# -- the built site ----------------------------------------------------------------------------


@pytest.fixture(scope="module")
def site() -> Path:
    pytest.importorskip("jupyterlite_core", reason="needs the lite extra: pip install -e '.[lite]'")
    return lite.ensure_site()


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
        for cell in nb["cells"]:
            if cell["cell_type"] == "code":
                assert not lite.NEEDS_COMPILED.search("".join(cell["source"])), (name, cell)


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
    from jupyterlite_pyodide_kernel.constants import PYODIDE_VERSION

    folder = site / "static" / "pyodide"
    assert json.loads((folder / "package.json").read_text())["version"] == PYODIDE_VERSION
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
        assert zf.getinfo("borsen_widget/jupyter/static/widget.js").file_size > 0
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
