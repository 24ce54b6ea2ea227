"""The documentation site as built (scripts/build_docs.py, ``make docs``): Sphinx ran with
``-W --keep-going``, so a site exists only if no page gave a warning; every language has the
same pages (the language switch's promise); every lesson is there with its outputs, its charts
and the button that opens it on the offline page; nothing is loaded from outside the site."""

from __future__ import annotations

import importlib.util
import json
import os
import re
import sys
from pathlib import Path

import pytest
from docs_support import LANGUAGES, REPO

# It needs the built site (and the offline site and play page copied into it): minutes when
# nothing is built yet, so not in make test-fast.
pytestmark = pytest.mark.slow

#: What Sphinx writes beside the pages (not pages of ours).
NOT_PAGES = {"genindex.html", "search.html", "py-modindex.html"}


def build_script():
    spec = importlib.util.spec_from_file_location("build_docs", REPO / "scripts/build_docs.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules.setdefault("build_docs", module)
    spec.loader.exec_module(module)
    return module


def pages(site: Path, language: str) -> set[str]:
    root = site / language
    return {
        p.relative_to(root).as_posix()
        for p in root.rglob("*.html")
        if "_static" not in p.parts and p.name not in NOT_PAGES
    }


def test_the_build_passes_sphinx_with_warnings_as_errors(docs_site):
    """``docs_site`` ran the build script, which failed on any Sphinx warning (-W, after listing
    them all: --keep-going) and writes its inputs' digest only after a clean build."""
    build = build_script()
    assert build.STAMP.exists() and len(build.STAMP.read_text()) == 64
    source = (REPO / "scripts/build_docs.py").read_text(encoding="utf-8")
    assert '"-W", "--keep-going"' in source
    for language in LANGUAGES:
        assert (docs_site / language / "index.html").is_file()


def test_every_language_has_the_same_pages(docs_site):
    found = {language: pages(docs_site, language) for language in LANGUAGES}
    assert found["nb"] == found["nn"] == found["en"]
    for page in ("index.html", "guide.html", "networks.html", "rules.html", "changelog.html"):
        assert page in found["nb"], page
    assert "reference/api.html" in found["en"] and "benchmarks.html" in found["en"]
    root = (docs_site / "index.html").read_text(encoding="utf-8")
    assert 'url=nb/index.html"' in root  # the root sends a visitor to bokmål


def test_every_lesson_is_rendered_with_its_outputs_and_an_open_button(docs_site):
    build = build_script()
    server_only = build.load_build_lite().SERVER_NOTEBOOKS
    for language in LANGUAGES:
        for notebook in build.lesson_files(language):
            html = (docs_site / language / "lessons" / f"{notebook.stem}.html").read_text(
                encoding="utf-8"
            )
            assert "cell_output" in html, (language, notebook.name)
            assert "Traceback" not in html, (language, notebook.name)
            if notebook.name in server_only:
                assert "lite/lab/index.html" not in html
                assert 'href="../networks.html' in html, (language, notebook.name)
            else:
                path = build.lite_path(language, notebook.name)
                assert f'href="../../lite/lab/index.html?path={path}"' in html
            if notebook.stem != "play":  # every other lesson draws Vega-Lite charts
                charts = re.findall(
                    r'<div class="borsen-chart"><script type="application/json">'
                    r"(.*?)</script>",
                    html,
                    re.S,
                )
                assert charts, (language, notebook.name)
                assert all("$schema" in json.loads(c.replace("<\\/", "</")) for c in charts)
                assert "vega-embed.min.js" in html


def test_nothing_is_loaded_from_outside(docs_site):
    """Scripts, styles, pictures and fonts come from the site itself (links to other sites
    are only links)."""
    outside = re.compile(
        r'<(?:script|img|iframe)[^>]*\ssrc="(?:https?:)?//|'
        r'<link[^>]*\shref="(?:https?:)?//',
        re.I,
    )
    for language in LANGUAGES:
        for page in pages(docs_site, language):
            html = (docs_site / language / page).read_text(encoding="utf-8")
            assert not outside.search(html), f"{language}/{page}: {outside.search(html)[0]}"


def test_what_python_and_the_build_write_into_docs_leaves_the_site_up_to_date():
    """Importing the Sphinx extension (docs/_ext) writes its bytecode beside it, and the build
    compiles the catalogues: neither is an input, or a first build would make its own site
    stale and the tests' ``--if-stale`` would run Sphinx again (it did, once Python wrote its
    bytecode: 17 s of a test run)."""
    build = build_script()
    docs = REPO / "docs"
    assert build.is_docs_input(docs / "_ext" / "borsen_docs.py")
    assert build.is_docs_input(docs / "nb" / "index.md")
    for written in (
        docs / "_ext" / "__pycache__" / "borsen_docs.cpython-311.pyc",
        docs / "locale" / "nb" / "LC_MESSAGES" / "sphinx.mo",
        docs / "node_modules" / "vega" / "package.json",
    ):
        assert not build.is_docs_input(written), written
    # And in the digest itself: bytecode appearing beside the extension changes nothing.
    before = build.inputs_digest()
    planted = docs / "_ext" / "__pycache__" / f"planted-by-a-test-{os.getpid()}.pyc"
    planted.parent.mkdir(exist_ok=True)
    try:
        planted.write_bytes(b"\0" * 16)
        assert build.inputs_digest() == before
    finally:
        planted.unlink()
