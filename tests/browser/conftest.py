"""Fixtures for the end-to-end tests: one JupyterLab for the whole session, one headless
Chromium (Debian's, driven by Playwright), a fresh page per test.

Without a Chromium the tests skip and say why, except under ``BORSEN_REQUIRE_BROWSER=1``
(set by ``.ci/run``), where a missing browser is an error: in CI these tests must run.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from harness import CHROMIUM_ARGS, REPO, JupyterLab, Kernel, find_chromium

ARTIFACTS = REPO / "test-artifacts"
REQUIRED = os.environ.get("BORSEN_REQUIRE_BROWSER") == "1"


def pytest_collection_modifyitems(config, items):
    here = Path(__file__).parent
    for item in items:
        if here in Path(str(item.fspath)).parents:
            item.add_marker(pytest.mark.browser)


def _need_browser() -> str:
    chromium = find_chromium()
    if chromium is None:
        why = (
            "no Chromium found (/usr/bin/chromium or `chromium` on PATH): the end-to-end "
            "widget tests need it (apt-get install chromium)"
        )
        if REQUIRED:
            pytest.fail(f"BORSEN_REQUIRE_BROWSER=1 but {why}", pytrace=False)
        pytest.skip(why)
    try:
        import playwright.sync_api  # noqa: F401
    except ImportError:
        why = "Playwright for Python is not installed (pip install playwright)"
        if REQUIRED:
            pytest.fail(f"BORSEN_REQUIRE_BROWSER=1 but {why}", pytrace=False)
        pytest.skip(why)
    return chromium


@pytest.fixture(scope="session")
def chromium_path() -> str:
    return _need_browser()


@pytest.fixture(scope="session")
def lab(chromium_path, tmp_path_factory):
    """JupyterLab on 127.0.0.1 and a free port, isolated in a temporary folder."""
    server = JupyterLab(tmp_path_factory.mktemp("jupyterlab"))
    server.start()
    yield server
    server.stop()


@pytest.fixture(scope="session")
def browser(chromium_path):
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        chromium = p.chromium.launch(executable_path=chromium_path, args=CHROMIUM_ARGS)
        yield chromium
        chromium.close()


@pytest.fixture
def page(browser, lab):
    """A fresh page (1100 × 900); JavaScript errors on it fail the test."""
    context = browser.new_context(viewport={"width": 1100, "height": 900})
    pg = context.new_page()
    errors: list[str] = []
    pg.on("pageerror", lambda e: errors.append(str(e)))
    pg.set_default_timeout(30_000)
    yield pg
    context.close()
    lab.shutdown_kernels()
    assert not errors, f"JavaScript errors on the page: {errors}"


@pytest.fixture
def kernel_of(lab):
    """``kernel_of(kernel_id)``: a Python client of that notebook's kernel."""
    clients = []

    def connect(kernel_id: str) -> Kernel:
        client = Kernel(lab, kernel_id)
        clients.append(client)
        return client

    yield connect
    for client in clients:
        client.close()


@pytest.fixture(scope="session")
def artifacts() -> Path:
    ARTIFACTS.mkdir(exist_ok=True)
    return ARTIFACTS
