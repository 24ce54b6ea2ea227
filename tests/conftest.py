"""Shared set-up: ``helpers`` is importable from every test folder, and the browser tests run
last.

Why last: Playwright's sync API leaves its asyncio loop set as the running loop of the main
thread for the rest of the session; the widget schedules bot moves on a running loop, so the
Python-only widget tests that expect "no loop: bots play at once" must run before any browser
test.
"""

import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))  # `from helpers import ...` in every folder


def pytest_collection_modifyitems(config, items):
    items.sort(key=lambda item: "/tests/browser/" in str(item.fspath).replace("\\", "/"))
