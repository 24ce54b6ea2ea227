"""Fixtures for the end-to-end tests: one JupyterLab for the whole session, one headless
Chromium (Debian's, driven by Playwright), a fresh page per test. Under pytest-xdist
(``make test``) each worker is a session of its own: its own JupyterLab on its own free port,
its own Chromium, its own temporary folders (``tmp_path_factory`` gives each worker one).

Without a Chromium the tests skip and say why, except under ``BORSEN_REQUIRE_BROWSER=1``
(set by ``.ci/run``), where a missing browser is an error: in CI these tests must run.
"""

from __future__ import annotations

import contextlib
import os
from pathlib import Path
from urllib.parse import urlsplit

import pytest
from harness import (
    CHROMIUM_ARGS,
    ONLY_LOOPBACK,
    REPO,
    JupyterLab,
    Kernel,
    find_chromium,
    fixed_fonts_env,
)

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
    assert server.stop() == [], "processes of JupyterLab were still running after stop()"


@pytest.fixture(scope="session")
def browser(chromium_path, tmp_path_factory):
    """Chromium with the bundled fonts only (harness.fixed_fonts_env): the same layout on every
    machine (issue 31)."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        chromium = p.chromium.launch(
            executable_path=chromium_path,
            args=[*CHROMIUM_ARGS, ONLY_LOOPBACK],
            env=fixed_fonts_env(tmp_path_factory.mktemp("fonts")),
        )
        yield chromium
        chromium.close()


# Errors of a host's own code, not ours, seen on every page of that host (even with no widget):
# (message, a part of the stack naming the host's file). Each is matched exactly.
KNOWN_HOST_ERRORS = (
    # Notebook 7.6's keyboard-shortcuts plugin reads a settings schema that is not loaded yet
    # (raised on /tree too).
    ("Cannot read properties of undefined (reading 'schema')", "/static/notebook/notebook_core."),
)


def _is_known(error) -> bool:
    stack = error.stack or ""
    return any(error.message == text and where in stack for text, where in KNOWN_HOST_ERRORS)


@contextlib.contextmanager
def fresh_page(browser):
    """A fresh page (1100 × 900); JavaScript errors on it (but a host's known ones) fail the
    test once it is closed."""
    context = browser.new_context(viewport={"width": 1100, "height": 900})
    pg = context.new_page()
    errors: list = []
    pg.on("pageerror", lambda error: errors.append(error))
    # What the page tried to fetch from elsewhere than 127.0.0.1 (it cannot reach it).
    pg.outside_requests = []
    pg.on(
        "request",
        lambda r: (
            urlsplit(r.url).hostname in (None, "127.0.0.1") or pg.outside_requests.append(r.url)
        ),
    )
    pg.set_default_timeout(30_000)
    try:
        yield pg
    finally:
        context.close()
    unexpected = [str(e) for e in errors if not _is_known(e)]
    assert not unexpected, f"JavaScript errors on the page: {unexpected}"


@pytest.fixture
def page(browser, lab):
    """A fresh page for JupyterLab; the kernels it started are shut down after the test."""
    try:
        with fresh_page(browser) as pg:
            yield pg
    finally:
        lab.shutdown_kernels()


@pytest.fixture
def host_page(browser):
    """A fresh page for the other hosts (Notebook 7, Voilà, marimo)."""
    with fresh_page(browser) as pg:
        yield pg


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
