"""Fixtures for the end-to-end tests: one JupyterLab for the whole session, one headless
Chromium (Debian's, driven by Playwright), one JupyterLab page kept open, its notebooks closed
between tests (a fresh page for the other hosts). Under pytest-xdist
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


VIEWPORT = {"width": 1100, "height": 900}


def _watched_page(context):
    """A page of ``context`` that collects its JavaScript errors (``page.errors``) and what it
    tried to fetch from elsewhere than 127.0.0.1 (``page.outside_requests``, which it cannot
    reach); a shared page has both lists emptied for each test."""
    pg = context.new_page()
    pg.errors = []
    pg.outside_requests = []
    pg.on("pageerror", lambda error: pg.errors.append(error))
    pg.on(
        "request",
        lambda r: (
            urlsplit(r.url).hostname in (None, "127.0.0.1") or pg.outside_requests.append(r.url)
        ),
    )
    pg.set_default_timeout(30_000)
    return pg


def _assert_no_errors(errors) -> None:
    unexpected = [str(e) for e in errors if not _is_known(e)]
    assert not unexpected, f"JavaScript errors on the page: {unexpected}"


@contextlib.contextmanager
def fresh_page(browser):
    """A fresh page (1100 × 900); JavaScript errors on it (but a host's known ones) fail the
    test once it is closed."""
    context = browser.new_context(viewport=VIEWPORT)
    pg = _watched_page(context)
    try:
        yield pg
    finally:
        context.close()
    _assert_no_errors(pg.errors)


# Every notebook of the shared page closed, its changes dropped (no "save?" dialog); true when
# nothing of the test is left: no document, no widget, no dialog.
CLOSE_DOCUMENTS_JS = """async () => {
  const app = window.jupyterapp;
  if (!app) return false;
  const documents = () => Array.from(app.shell.widgets('main')).filter((w) => w.context);
  for (const w of documents()) { w.context.model.dirty = false; w.close(); }
  for (let i = 0; i < 100 && documents().length; i++) {
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return !documents().length && !document.querySelector('.borsen, .jp-Dialog');
}"""


class SharedLabPage:
    """One JupyterLab page a worker keeps open from test to test. Loading JupyterLab's app costs
    about 4 s of CPU in Chromium; opening a notebook in the loaded app (``open_notebook``) costs
    a fraction of it. Between tests every notebook is closed and its kernel shut down; a page
    that cannot be cleared (a dialog left open, a crash) is thrown away and the next test gets
    a new one."""

    def __init__(self, browser):
        self.browser = browser
        self.context = None
        self.pg = None

    def get(self):
        if self.pg is None or self.pg.is_closed():
            self.discard()
            self.context = self.browser.new_context(viewport=VIEWPORT)
            self.pg = _watched_page(self.context)
        self.pg.errors, self.pg.outside_requests = [], []
        self.pg.set_viewport_size(VIEWPORT)
        self.pg.set_default_timeout(30_000)
        return self.pg

    def clear(self) -> None:
        try:
            cleared = self.pg.evaluate(CLOSE_DOCUMENTS_JS)
        except Exception:  # a page in any state is thrown away, never reused
            cleared = False
        if not cleared:
            self.discard()

    def discard(self) -> None:
        if self.context is not None:
            self.context.close()
        self.context = self.pg = None


@pytest.fixture(scope="session")
def shared_lab_page(browser):
    shared = SharedLabPage(browser)
    yield shared
    shared.discard()


@pytest.fixture
def page(shared_lab_page, lab):
    """The worker's JupyterLab page (:class:`SharedLabPage`); after the test its notebooks are
    closed, their kernels shut down, and JavaScript errors of the test (but a host's known ones)
    fail it."""
    pg = shared_lab_page.get()
    try:
        yield pg
    finally:
        try:
            shared_lab_page.clear()
        finally:
            lab.shutdown_kernels()
    _assert_no_errors(pg.errors)


@pytest.fixture
def fresh_lab_page(browser, lab):
    """A page of its own for JupyterLab, for a test of what happens while the app loads."""
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
