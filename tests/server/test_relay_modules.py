"""What a Jupyter server loads with the class's extension: the relay and the class's wire
(borsen_widget.classroom.wire, with the catalogues it speaks from), nothing of the game, the
analysis, the bots or the widgets. The relay's contract with the kernel is the wire module's
alone."""

from __future__ import annotations

import ast
import json
import subprocess
import sys
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[2] / "borsen_widget"

#: Every module of the package a Jupyter server holds once the extension is loaded.
EXPECTED = {
    "borsen_widget",
    "borsen_widget.server",
    "borsen_widget.server.relay",
    "borsen_widget.classroom",
    "borsen_widget.classroom.wire",
    "borsen_widget.i18n",
    "borsen_widget.i18n.errors",
    "borsen_widget.i18n.languages",
    "borsen_widget.i18n.numbers",
    "borsen_widget.i18n.translator",
}

LOAD = """
import json, sys, tempfile
from jupyter_server.serverapp import ServerApp

runtime = tempfile.mkdtemp()
app = ServerApp()
app.initialize(argv=[
    "--ServerApp.ip=127.0.0.1", "--ServerApp.port=0", "--ServerApp.open_browser=False",
    "--ServerApp.token=", "--allow-root", f"--ServerApp.runtime_dir={runtime}",
    "--ServerApp.jpserver_extensions={'borsen_widget.server': True}",
])
routes = [r.matcher.regex.pattern for rule in app.web_app.default_router.rules
          for r in getattr(rule.target, "rules", [])]
print(json.dumps({
    "modules": sorted(m for m in sys.modules if m.startswith("borsen_widget")),
    "routes": [r for r in routes if "borsen" in r],
}))
"""


def test_a_jupyter_server_with_the_extension_loads_the_wire_and_nothing_of_the_game():
    done = subprocess.run(
        [sys.executable, "-c", LOAD], capture_output=True, text=True, timeout=120, check=True
    )
    found = json.loads(done.stdout.strip().splitlines()[-1])
    assert any("borsen/class" in route for route in found["routes"]), found["routes"]
    assert set(found["modules"]) == EXPECTED


def test_the_relay_imports_the_wire_and_nothing_else_of_the_package():
    tree = ast.parse((PACKAGE / "server" / "relay.py").read_text(encoding="utf-8"))
    imported = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.level:
            imported.add(node.module)
        elif isinstance(node, ast.ImportFrom | ast.Import):
            names = [node.module] if isinstance(node, ast.ImportFrom) else node.names
            imported |= {n for n in names if isinstance(n, str) and n.startswith("borsen_widget")}
    assert imported == {"classroom.wire"}
