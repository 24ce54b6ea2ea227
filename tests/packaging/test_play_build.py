"""The play page's build (``scripts/build_play.py``, ``make play``): what the site holds.

The site is built once a test run when missing or older than its sources (its Python snapshot
needs Chromium: the browser test tests/browser/test_play_page.py checks the page itself).
"""

from __future__ import annotations

import gzip
import importlib.util
import json
import re
import sys
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
# Building the site runs the page's worker in headless Chromium (its Python snapshot).
pytestmark = pytest.mark.browser


def load_build_play():
    if "build_play" not in sys.modules:
        path = ROOT / "scripts" / "build_play.py"
        spec = importlib.util.spec_from_file_location("build_play", path)
        module = importlib.util.module_from_spec(spec)
        sys.modules["build_play"] = module
        spec.loader.exec_module(module)
    return sys.modules["build_play"]


@pytest.fixture(scope="module")
def site() -> Path:
    return load_build_play().ensure_site()


def service_worker_files(site: Path) -> list[str]:
    text = (site / "sw.js").read_text(encoding="utf-8")
    return json.loads(text.split("const FILES = ")[1].split(";")[0])


def test_the_service_worker_keeps_every_file_of_the_site(site):
    files = service_worker_files(site)
    on_disk = sorted(f"./{p.relative_to(site).as_posix()}" for p in site.rglob("*") if p.is_file())
    assert files[0] == "./"  # the folder's address, as a visitor opens it
    assert sorted(files[1:]) == [name for name in on_disk if name != "./sw.js"]
    build = re.search(r'const BUILD = "([0-9a-f]{16})"', (site / "sw.js").read_text()).group(1)
    index = (site / "index.html").read_text(encoding="utf-8")
    assert f'<meta name="borsen-build" content="{build}">' in index


def test_every_address_is_relative_and_no_placeholder_is_left(site):
    for path in [*site.glob("*.html"), *site.glob("*.js"), *site.glob("*.css")]:
        text = path.read_text(encoding="utf-8")
        assert not re.search(r"""(src|href)=["'](https?:)?//""", text), path.name
        assert not re.search(r"""(src|href)=["']/""", text), path.name
        assert not re.search(r"__(BUILD|FILES|SNAPSHOT)__", text), path.name
    for name in ("page.js", "worker.js", "sw.js"):
        text = (site / name).read_text(encoding="utf-8")
        assert not re.search(r"""["'`]/(?!/)""", text.split("\n", 1)[1]), name


def test_the_python_is_the_package_and_traitlets_only(site):
    with zipfile.ZipFile(site / "python" / "borsen_widget.zip") as archive:
        names = archive.namelist()
    assert "borsen_widget/jupyter/standalone.py" in names
    assert "borsen_widget/jupyter/widget.py" in names
    assert "borsen_widget/locale/nb/LC_MESSAGES/borsen_widget.mo" in names
    assert not [n for n in names if n.endswith((".po", ".pot", ".pyc")) or "/static/" in n]
    with zipfile.ZipFile(site / "python" / "traitlets.whl") as archive:
        assert any(n.startswith("traitlets/") for n in archive.namelist())
    lock = json.loads((site / "pyodide" / "pyodide-lock.json").read_text())
    assert lock["packages"] == {}  # no package of Pyodide's is loaded: no micropip


def test_the_catalogues_are_the_packages(site):
    for language in ("en", "nb", "nn"):
        shipped = ROOT / "borsen_widget" / "locale" / language / "LC_MESSAGES"
        assert (site / "locale" / f"{language}.json").read_bytes() == (
            shipped / "borsen_widget.json"
        ).read_bytes()
    widget = ROOT / "borsen_widget" / "static" / "widget.js"
    assert (site / "widget.js").read_bytes() == widget.read_bytes()


def test_the_shipped_snapshot_is_named_by_the_page(site):
    index = (site / "index.html").read_text(encoding="utf-8")
    shipped = re.search(r'<meta name="borsen-snapshot" content="([^"]*)">', index).group(1)
    assert shipped == "python/python.snapshot.gz", "the build made no snapshot (Chromium?)"
    with gzip.open(site / shipped) as snapshot:
        head = snapshot.read(1 << 20)
    assert len(head) == 1 << 20  # Python's memory: tens of MB unzipped
