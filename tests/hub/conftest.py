"""The tests of a class through JupyterHub and behind a reverse proxy (issue 30): each needs
Debian's Chromium, Playwright and the proxy from npm (``make test`` runs ``npm ci`` in this
folder). Without one of them a test skips and says why, except under
``BORSEN_REQUIRE_BROWSER=1`` (CI), where a missing piece is an error: these tests must run."""

from __future__ import annotations

import os

import pytest
from hub_harness import PROXY, find_chromium

REQUIRED = os.environ.get("BORSEN_REQUIRE_BROWSER") == "1"


def _missing(why: str):
    if REQUIRED:
        pytest.fail(f"BORSEN_REQUIRE_BROWSER=1 but {why}", pytrace=False)
    pytest.skip(why)


@pytest.fixture(scope="session")
def chromium() -> str:
    path = find_chromium()
    if path is None:
        _missing("no Chromium found (/usr/bin/chromium): apt-get install chromium")
    try:
        import playwright.async_api  # noqa: F401
    except ImportError:
        _missing("Playwright for Python is not installed (pip install playwright)")
    if not PROXY.exists():
        _missing(f"no {PROXY.name} in tests/hub/node_modules: cd tests/hub && npm ci")
    return path
