"""The catalogue script (``scripts/catalogues.py``) as a module for the tests, and the shipped
catalogues read with Babel (a developer tool: these tests need the ``dev`` extra)."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def load_script():
    if "catalogues_script" in sys.modules:
        return sys.modules["catalogues_script"]
    spec = importlib.util.spec_from_file_location(
        "catalogues_script", ROOT / "scripts" / "catalogues.py"
    )
    module = importlib.util.module_from_spec(spec)
    sys.modules["catalogues_script"] = module
    spec.loader.exec_module(module)
    return module
