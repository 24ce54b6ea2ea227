"""The front end shipped in the package is exactly what ``js/`` builds (``make js``).

``pip install`` never needs Node because ``borsen_widget/static/`` is committed; this test
rebuilds ``js/src`` into a temporary folder and compares byte for byte, so the committed files
can never drift from their source.
"""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
JS = REPO / "js"
STATIC = REPO / "borsen_widget" / "static"
REQUIRED = os.environ.get("CI") == "true" or os.environ.get("BORSEN_REQUIRE_BROWSER") == "1"


def _node_or_skip() -> str:
    node = shutil.which("node")
    if node is None:
        if REQUIRED:
            pytest.fail("node is needed to check the built front end (make js)")
        pytest.skip("node not found: cannot rebuild js/ to compare with borsen_widget/static/")
    if not (JS / "node_modules" / "esbuild").exists():
        npm = shutil.which("npm")
        if npm is None:
            pytest.skip("npm not found: cannot install js/'s build tool (esbuild)")
        subprocess.run(
            [npm, "ci", "--no-audit", "--no-fund"], cwd=JS, check=True, capture_output=True
        )
    return node


def test_shipped_front_end_equals_a_fresh_build(tmp_path):
    node = _node_or_skip()
    subprocess.run([node, "build.mjs", str(tmp_path)], cwd=JS, check=True, capture_output=True)
    built_names = sorted(p.name for p in tmp_path.iterdir())
    shipped_names = sorted(p.name for p in STATIC.iterdir() if p.is_file())
    assert built_names == shipped_names, (
        "borsen_widget/static/ must hold exactly what js/ builds: run `make js` and commit"
    )
    assert {"widget.js", "panel.js", "widget.css", "editor.js", "editor.css"} <= set(built_names)
    for name in built_names:
        built = (tmp_path / name).read_bytes()
        shipped = (STATIC / name).read_bytes()
        assert built == shipped, (
            f"borsen_widget/static/{name} differs from what js/src builds: run `make js` "
            "and commit the result"
        )


def test_the_widget_loads_the_shipped_files():
    from borsen_widget.jupyter.panel import ProbabilityPanel
    from borsen_widget.jupyter.widget import BorsenWidget

    w = BorsenWidget(seats=["Ada", "Bo"], seed=1)
    state = w.get_state()
    assert state["_esm"] == (STATIC / "widget.js").read_text(encoding="utf-8")
    assert state["_css"] == (STATIC / "widget.css").read_text(encoding="utf-8")
    assert "export" in state["_esm"] and ".borsen" in state["_css"]
    panel = ProbabilityPanel(w).get_state()
    assert panel["_esm"] == (STATIC / "panel.js").read_text(encoding="utf-8")
    assert panel["_css"] == state["_css"] and "export" in panel["_esm"]
    editor = w.rules_editor().get_state()
    assert editor["_esm"] == (STATIC / "editor.js").read_text(encoding="utf-8")
    assert editor["_css"] == (STATIC / "editor.css").read_text(encoding="utf-8")
    assert "export" in editor["_esm"] and ".borsen-editor" in editor["_css"]


@pytest.mark.parametrize(
    ("name", "root"), [("widget.css", ".borsen"), ("editor.css", ".borsen-editor")]
)
def test_every_css_rule_is_scoped_under_the_root_class(name, root):
    """anywidget's CSS is global to the page: every selector must start with the widget's root
    class (.borsen for the game and the panel, .borsen-editor for the rules editor)."""
    import re

    css = (JS / "src" / name).read_text(encoding="utf-8")
    css = re.sub(r"/\*.*?\*/", "", css, flags=re.S)
    css = re.sub(r"@keyframes[^{]*\{(?:[^{}]*\{[^{}]*\})*[^{}]*\}", "", css)
    for block in re.findall(r"([^{}@]+)\{[^{}]*\}", css):
        for selector in block.split(","):
            selector = selector.strip()
            if selector and not selector.startswith(("from", "to", "50%")):
                assert re.match(re.escape(root) + r"\b", selector), selector
