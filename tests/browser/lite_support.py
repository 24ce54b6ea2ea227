"""The JupyterLite site served on 127.0.0.1 and a Chromium that can reach nothing else.

Used by ``tests/browser/test_lite.py``. The site is built by ``scripts/build_lite.py`` (only when
an input changed), served by ``python -m http.server`` on a free port and stopped by its PID.
Chromium resolves every host name but 127.0.0.1 to nothing and sends everything else to a dead
proxy; its net log records every request it tries, from the page, its workers (the Pyodide
kernel runs in one) and its service worker alike. See ../shared/notes/jupyterlite.md.
"""

from __future__ import annotations

import importlib.util
import json
import os
import subprocess
import sys
import tempfile
import threading
import time
import urllib.request
from pathlib import Path
from urllib.parse import urlsplit

from harness import CHROMIUM_ARGS, REPO, find_chromium, fixed_fonts_env, free_port

REQUIRED = os.environ.get("BORSEN_REQUIRE_BROWSER") == "1"

BLOCK_OUTSIDE = [
    "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1",
    "--proxy-server=http://127.0.0.1:9",  # the discard port: nothing answers there
    "--proxy-bypass-list=127.0.0.1",
]
# The flags of the JupyterLab tests (harness.py), minus --headless (Playwright adds it).
QUIET = [
    *(flag for flag in CHROMIUM_ARGS if flag != "--headless"),
    "--disable-features=AutofillServerCommunication",
]


class ThreadedBrowser:
    """One Chromium with every outside address blocked, driven in a thread of its own
    (Playwright's sync API refuses a thread whose event loop runs, as the tests' main thread's
    may). ``netlog``: a file for Chromium's net log (every request it tries). A subclass sets the
    page up in :meth:`page_in`; ``console`` keeps what the page said, printed when it fails."""

    #: What the session is called in a time-out's message.
    name = "browser session"

    def __init__(self, chromium: str, netlog: Path | None = None):
        self.chromium = chromium
        self.netlog = netlog
        self.console: list[str] = []

    def run(self, drive, timeout: float = 420):
        """``drive(page)`` in a fresh browser; returns its result, re-raises its exception."""
        box: dict = {}

        def target():
            try:
                box["result"] = self._session(drive)
            except BaseException as error:  # re-raised in the test's thread
                box["error"] = error

        thread = threading.Thread(target=target, name=f"{self.name}-playwright", daemon=True)
        thread.start()
        thread.join(timeout)
        if thread.is_alive():
            raise TimeoutError(f"the {self.name} took over {timeout} s")
        if "error" in box:
            if self.console:
                print("The page's console, last lines:", *self.console[-30:], sep="\n")
            raise box["error"]
        return box["result"]

    def page_in(self, browser):
        """A page of ``browser``, set up for the test (a subclass adds its listeners)."""
        page = browser.new_page(viewport={"width": 1100, "height": 860})
        page.on("console", lambda m: self.console.append(f"{m.type}: {m.text[:300]}"))
        return page

    def _session(self, drive):
        from playwright.sync_api import sync_playwright

        log = [f"--log-net-log={self.netlog}"] if self.netlog else []
        with (
            sync_playwright() as playwright,
            tempfile.TemporaryDirectory(prefix="borsen-fonts-") as fonts,
        ):
            # The bundled fonts only (tests/browser/fonts), as every browser test: the same
            # layout whichever fonts the machine has; the folder goes with the browser.
            browser = playwright.chromium.launch(
                executable_path=self.chromium,
                args=[*QUIET, *BLOCK_OUTSIDE, *log],
                env=fixed_fonts_env(Path(fonts)),
            )
            try:
                page = self.page_in(browser)
                page.set_default_timeout(60_000)
                return drive(page)
            finally:
                browser.close()  # writes the net log's end


def load_build_script():
    """``scripts/build_lite.py`` as a module (scripts/ is not a package)."""
    path = REPO / "scripts" / "build_lite.py"
    spec = importlib.util.spec_from_file_location("build_lite", path)
    module = importlib.util.module_from_spec(spec)
    sys.modules.setdefault("build_lite", module)
    spec.loader.exec_module(module)
    return module


def chromium_or_skip() -> str:
    """Debian's Chromium; without it skip (or fail under ``BORSEN_REQUIRE_BROWSER=1``)."""
    import pytest

    why = None
    chromium = find_chromium()
    if chromium is None:
        why = (
            "no Chromium (/usr/bin/chromium): the JupyterLite test needs it "
            "(apt-get install chromium)"
        )
    else:
        try:
            import playwright.sync_api  # noqa: F401
        except ImportError:
            why = "Playwright for Python is not installed (pip install playwright)"
    if why:
        if REQUIRED:
            pytest.fail(f"BORSEN_REQUIRE_BROWSER=1 but {why}", pytrace=False)
        pytest.skip(why)
    return chromium


class StaticServer:
    """``python -m http.server`` on 127.0.0.1 for one folder; ``stop()`` ends it by PID."""

    #: A file of the site that answers once the server is up.
    READY_PATH = "/jupyter-lite.json"

    def __init__(self, folder: Path, log_path: Path):
        self.folder = folder
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.log_path = log_path
        self.proc: subprocess.Popen | None = None
        self.proc_exited = False  # the last start failed because the server ended at once

    def start(self, timeout: float = 20, attempts: int = 3) -> StaticServer:
        """Start and wait until it answers; again on another port if it exits at once (another
        test worker may have taken the port)."""
        for attempt in range(attempts):
            try:
                return self._start(timeout)
            except RuntimeError:
                if attempt == attempts - 1 or self.proc_exited is False:
                    raise
                self.port = free_port()
                self.url = f"http://127.0.0.1:{self.port}"
        raise AssertionError("unreachable")

    def _start(self, timeout: float) -> StaticServer:
        self.proc_exited = False
        self._log = self.log_path.open("a")
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "http.server", str(self.port), "--bind", "127.0.0.1"],
            cwd=self.folder,
            stdout=self._log,
            stderr=subprocess.STDOUT,
        )
        deadline = time.monotonic() + timeout
        while True:
            try:
                with urllib.request.urlopen(f"{self.url}{self.READY_PATH}", timeout=2):
                    return self
            except OSError:
                if self.proc.poll() is not None or time.monotonic() > deadline:
                    self.proc_exited = self.proc.poll() is not None
                    self.stop()
                    raise RuntimeError(f"http.server did not start: see {self.log_path}") from None
                time.sleep(0.1)

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()
        self.proc = None
        if getattr(self, "_log", None):
            self._log.close()


def tried_requests(netlog: Path) -> list[dict]:
    """Every URL request Chromium started, from its net log: url, initiator, request type."""
    data = json.loads(netlog.read_text())
    start = data["constants"]["logEventTypes"]["URL_REQUEST_START_JOB"]
    found = []
    for event in data["events"]:
        params = event.get("params") or {}
        if event["type"] == start and "url" in params:
            found.append(
                {
                    "url": params["url"],
                    "initiator": params.get("initiator", ""),
                    "type": params.get("request_type", ""),
                    "isolation": params.get("network_isolation_key", ""),
                }
            )
    return found


def is_local(url: str, origin: str) -> bool:
    """True for an address of the site itself (or one that never touches the network)."""
    parts = urlsplit(url)
    if parts.scheme in ("data", "blob", "about", "chrome", "devtools"):
        return True
    return parts.scheme in ("http", "ws") and f"{parts.hostname}:{parts.port}" == origin


def split_by_origin(requests: list[dict], site: str) -> tuple[list[dict], list[dict]]:
    """The requests the site made (the page, its workers, its navigations) and Chromium's own.

    The site's carry its origin as initiator, or its site as network isolation key with a
    navigation; Chromium's own background requests (update checks, account lookups, autofill)
    say "not an origin" and are not the page's doing.
    """
    host = urlsplit(site).hostname
    ours, browsers = [], []
    for request in requests:
        by_site = request["initiator"] == site
        navigation = request["type"] in ("main frame", "sub frame") and host in request["isolation"]
        (ours if by_site or navigation else browsers).append(request)
    return ours, browsers


# -- the page, through JupyterLite's app (exposed as window.jupyterapp by the site) -----------

KERNEL_IDLE = """() => {
  const app = window.jupyterapp;
  const panel = app && app.shell.currentWidget;
  const session = panel && panel.sessionContext && panel.sessionContext.session;
  return Boolean(session && session.kernel && session.kernel.status === 'idle');
}"""

# Each code cell: its execution count and outputs as plain data.
CELLS = """() => {
  const panel = window.jupyterapp.shell.currentWidget;
  const cells = [];
  const model = panel.content.model;
  for (let i = 0; i < model.cells.length; i++) {
    const cell = model.cells.get(i);
    if (cell.type !== 'code') continue;
    const outputs = [];
    for (let j = 0; j < cell.outputs.length; j++) {
      const out = cell.outputs.get(j).toJSON();
      outputs.push({
        type: out.output_type,
        text: Array.isArray(out.text) ? out.text.join('') : (out.text || ''),
        ename: out.ename || '', evalue: out.evalue || '',
        mimes: Object.keys(out.data || {}),
      });
    }
    cells.push({id: cell.id, source: cell.sharedModel.getSource(),
                count: cell.executionCount, outputs});
  }
  return cells;
}"""

# Run code in the notebook's kernel and return what it printed (stdout) and any error.
EXECUTE = """async (code) => {
  const kernel = window.jupyterapp.shell.currentWidget.sessionContext.session.kernel;
  const future = kernel.requestExecute({code, silent: false, store_history: false});
  let out = '', err = '';
  future.onIOPub = (msg) => {
    const t = msg.header.msg_type;
    if (t === 'stream' && msg.content.name === 'stdout') out += msg.content.text;
    else if (t === 'stream') err += msg.content.text;
    else if (t === 'error') err += msg.content.ename + ': ' + msg.content.evalue;
  };
  await future.done;
  return {out, err};
}"""


def open_notebook(page, site: str, name: str, timeout: float = 120_000) -> None:
    """Open one notebook in JupyterLite's notebook view and wait for its kernel to be idle."""
    page.goto(f"{site}/notebooks/index.html?path={name}")
    page.wait_for_function(KERNEL_IDLE, timeout=timeout)


def run_all(page, timeout: float = 120_000) -> list[dict]:
    """Run every cell and wait until each code cell has run (or one failed, which stops the
    run); returns :data:`CELLS`' data."""
    page.evaluate("window.jupyterapp.commands.execute('notebook:run-all-cells')")
    done = f"""() => {{
      const cells = ({CELLS})();
      const failed = cells.some((c) => c.outputs.some((o) => o.type === 'error'));
      return (failed || cells.every((c) => c.count !== null)) && ({KERNEL_IDLE})();
    }}"""
    page.wait_for_function(done, timeout=timeout)
    return page.evaluate(CELLS)


def kernel_run(page, code: str) -> str:
    """Run code in the page's kernel; return its stdout, or raise with its error."""
    result = page.evaluate(EXECUTE, code)
    if result["err"]:
        raise AssertionError(f"the kernel said: {result['err']}")
    return result["out"]


def errors_in(cells: list[dict]) -> list[str]:
    """Error outputs and stderr text of the given cells, one line each."""
    found = []
    for cell in cells:
        for out in cell["outputs"]:
            if out["type"] == "error":
                found.append(f"{cell['source'][:60]!r}: {out['ename']}: {out['evalue']}")
            elif out["type"] == "stream" and "Traceback" in out["text"]:
                found.append(f"{cell['source'][:60]!r}: {out['text'][:200]}")
    return found
