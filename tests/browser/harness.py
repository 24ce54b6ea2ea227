"""Real servers (JupyterLab, Notebook 7, Voilà, marimo) and a headless Chromium for the widget's
end-to-end tests and benchmark.

Used by ``tests/browser/conftest.py``, ``tests/browser/test_hosts.py`` and
``benchmarks/widget_latency.py``. Each server runs on 127.0.0.1 on a free port with every
Jupyter and home folder inside one temporary folder, in a process group of its own, and is
stopped with that group (its kernels, which run in their own sessions, are collected first and
killed by PID too). See docs in shared notes: the traps found on these machines.
"""

from __future__ import annotations

import ast
import contextlib
import json
import os
import shutil
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Sequence
from pathlib import Path

import nbformat

REPO = Path(__file__).resolve().parents[2]
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
# Tests connect to 127.0.0.1 only: every other host name resolves to nothing in the browser.
ONLY_LOOPBACK = "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1"
KERNELSPEC = {"name": "python3", "display_name": "Python 3 (ipykernel)", "language": "python"}
# The fonts the browser tests draw with, whatever the machine has (issue 31: a fresh machine's
# fonts cut off a label that this one wrapped): DejaVu, subset, with its licence (fonts/README.md).
FONTS = Path(__file__).resolve().parent / "fonts"
# Every family the pages ask for (JupyterLab's, the widget's, the browser's generic ones), each
# bound to one bundled font; a family not named here falls through the page's list to these.
FONT_FAMILIES = {
    "DejaVu Sans": (
        "sans-serif", "system-ui", "ui-sans-serif", "-apple-system", "BlinkMacSystemFont",
        "Segoe UI", "Roboto", "Helvetica Neue", "Helvetica", "Arial", "Noto Sans",
        "Liberation Sans", "Ubuntu", "Cantarell", "Open Sans",
    ),
    "DejaVu Sans Mono": (
        "monospace", "ui-monospace", "SFMono-Regular", "Menlo", "Monaco", "Consolas",
        "Liberation Mono", "Courier New", "Courier",
    ),
    "DejaVu Serif": ("serif", "ui-serif", "Georgia", "Times New Roman", "Times", "Cambria"),
}  # fmt: skip


#: Debian's Chromium for the tests, the first found. Its headless shell (the package
#: chromium-headless-shell: the same Blink and V8 without the desktop browser around them, what
#: Playwright itself runs for headless tests) drew the same pages with 13 % less CPU than the
#: browser in --headless mode (the browser process alone 19 -> 5 s over tests/browser/test_play.py).
CHROMIUMS = (
    "/usr/bin/chromium-headless-shell",
    "/usr/bin/chromium",
    "chromium-headless-shell",
    "chromium",
    "chromium-browser",
)


def find_chromium() -> str | None:
    """Debian's Chromium (:data:`CHROMIUMS`), or None (Playwright cannot download its own
    browser here)."""
    for name in CHROMIUMS:
        path = name if name.startswith("/") else shutil.which(name)
        if path and os.path.exists(path):
            return path
    return None


def fixed_fonts_env(folder: Path) -> dict:
    """The environment for a Chromium that sees the bundled fonts only: a fontconfig file in
    ``folder`` (its cache there too) that lists :data:`FONTS` alone and binds every family of
    :data:`FONT_FAMILIES` to its font. Layout is then the same on every machine, whichever
    fonts (or none) it has installed; pass it as ``chromium.launch(env=...)``."""
    from xml.sax.saxutils import escape

    aliases = "".join(
        f'<alias binding="same"><family>{escape(name)}</family>'
        f"<prefer><family>{escape(font)}</family></prefer></alias>"
        for font, names in FONT_FAMILIES.items()
        for name in names
    )
    config = folder / "fonts.conf"
    config.write_text(
        '<?xml version="1.0"?>\n<!DOCTYPE fontconfig SYSTEM "urn:fontconfig:fonts.dtd">\n'
        f"<fontconfig><dir>{escape(str(FONTS))}</dir>"
        f"<cachedir>{escape(str(folder / 'cache'))}</cachedir>{aliases}</fontconfig>\n"
    )
    return {**os.environ, "FONTCONFIG_FILE": str(config)}


def need_package(module: str, what: str) -> None:
    """Skip the test when a host's Python package is missing, or fail under
    ``BORSEN_REQUIRE_BROWSER=1`` (CI, where every browser test must run); ``make setup``
    installs them all (the ``dev`` extra)."""
    import importlib.util

    import pytest

    if importlib.util.find_spec(module) is None:
        why = f"{what} is not installed (pip install -e '.[dev]' installs it)"
        if os.environ.get("BORSEN_REQUIRE_BROWSER") == "1":
            pytest.fail(f"BORSEN_REQUIRE_BROWSER=1 but {why}", pytrace=False)
        pytest.skip(why)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def write_notebook(path: Path, cells: list[str | tuple[str, str]]) -> Path:
    """A notebook of code cells (or ``("markdown", text)``), with a kernelspec so that
    JupyterLab does not ask which kernel to use."""
    nb = nbformat.v4.new_notebook()
    for cell in cells:
        if isinstance(cell, tuple):
            nb.cells.append(nbformat.v4.new_markdown_cell(cell[1]))
        else:
            nb.cells.append(nbformat.v4.new_code_cell(cell))
    nb.metadata["kernelspec"] = KERNELSPEC
    path.write_text(nbformat.writes(nb), encoding="utf-8")
    return path


def _group_of(process) -> int | None:
    try:
        return os.getpgid(process.pid)
    except (ProcessLookupError, PermissionError):
        return None


class ServerExited(RuntimeError):
    """The server's process ended before it answered."""


class Server:
    """A server on 127.0.0.1 and a free port, every home and Jupyter folder inside one
    temporary folder. It runs in a process group of its own; ``stop()`` ends that group and
    every process it started (kernels run in sessions of their own: they are collected first
    and killed by PID), and checks that none is left."""

    #: What the server is called in messages.
    name = "server"
    #: A cheap page that answers 200 once the server is ready.
    ready_path = "/"

    def __init__(self, base: Path):
        self.base = Path(base)
        self.root = self.base / "root"
        self.runtime = self.base / "runtime"
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.proc: subprocess.Popen | None = None
        self.log_path = self.base / f"{self.name}.log"

    def command(self) -> list[str]:
        raise NotImplementedError

    def prepare(self) -> None:
        """Write settings into the isolated folders before the server starts."""

    def env(self) -> dict:
        env = dict(os.environ)
        dirs = {
            "HOME": "home",
            "XDG_CONFIG_HOME": "home/.config",
            "XDG_CACHE_HOME": "home/.cache",
            "XDG_STATE_HOME": "home/.local/state",
            "XDG_DATA_HOME": "home/.local/share",
            "JUPYTER_CONFIG_DIR": "config",
            "JUPYTER_DATA_DIR": "data",
            "JUPYTER_RUNTIME_DIR": "runtime",
            "JUPYTERLAB_SETTINGS_DIR": "settings",
            "JUPYTERLAB_WORKSPACES_DIR": "workspaces",
            "IPYTHONDIR": "ipython",
        }
        for key, sub in dirs.items():
            path = self.base / sub
            path.mkdir(parents=True, exist_ok=True)
            env[key] = str(path)
        # The kernel must import this checkout's borsen_widget, installed or not.
        env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(REPO), env.get("PYTHONPATH")]))
        env.pop("JUPYTER_PATH", None)
        return env

    def start(self, timeout: float = 60, attempts: int = 3):
        """Start and wait until the server answers. A server that exits at once is started again
        on another free port (tests run in parallel: another worker may have taken this one
        between :func:`free_port` and the server's bind)."""
        for attempt in range(attempts):
            try:
                return self._start(timeout)
            except ServerExited:
                if attempt == attempts - 1:
                    raise
                self.proc = None
                self.port = free_port()
                self.url = f"http://127.0.0.1:{self.port}"

    def _start(self, timeout: float):
        self.root.mkdir(parents=True, exist_ok=True)
        env = self.env()
        self.prepare()
        log = open(self.log_path, "ab")  # noqa: SIM115 - kept open for the server's life
        self.proc = subprocess.Popen(
            self.command(),
            cwd=self.root,
            env=env,
            stdout=log,
            stderr=subprocess.STDOUT,
            start_new_session=True,  # a process group of its own, ended as one by stop()
        )
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise ServerExited(f"{self.name} exited at start; see {self.log_path}")
            try:
                with urllib.request.urlopen(f"{self.url}{self.ready_path}", timeout=2) as r:
                    if r.status == 200:
                        return self
            except OSError:
                time.sleep(0.2)
        self.stop()
        raise RuntimeError(f"{self.name} did not answer within {timeout} s; see {self.log_path}")

    def stop(self) -> list[int]:
        """End the server, its process group and every process it started; returns the PIDs
        still alive afterwards (none, unless something refused to die)."""
        if self.proc is None:
            return []
        import psutil

        try:
            started = psutil.Process(self.proc.pid).children(recursive=True)
        except psutil.NoSuchProcess:
            started = []
        if self.proc.poll() is None:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(self.proc.pid, signal.SIGTERM)  # it shuts its kernels down
            try:
                self.proc.wait(timeout=15)
            except subprocess.TimeoutExpired:
                with contextlib.suppress(ProcessLookupError):
                    os.killpg(self.proc.pid, signal.SIGKILL)
                self.proc.wait(timeout=5)
        # Anything else still in its group (only those: its PID may be reused once reaped).
        started += [p for p in psutil.process_iter() if _group_of(p) == self.proc.pid]
        for child in started:  # kernels run in their own sessions: collect them by PID
            with contextlib.suppress(psutil.NoSuchProcess):
                child.kill()
        _, alive = psutil.wait_procs(started, timeout=5)
        self.proc = None
        return [p.pid for p in alive]

    def connection_files(self) -> list[Path]:
        """The connection files of the kernels running now, oldest first."""
        files = list(self.runtime.glob("**/kernel-*.json"))
        return sorted(files, key=lambda path: path.stat().st_mtime)


class JupyterLab(Server):
    """One JupyterLab server in an isolated folder; ``stop()`` ends it and its kernels."""

    name = "jupyterlab"
    ready_path = "/api/status"
    #: The ``jupyter`` subcommand and its application class (for its options).
    app, app_class = "lab", "LabApp"

    def prepare(self) -> None:
        # No "get notified about Jupyter news?" toast (it covers the page).
        settings = self.base / "settings" / "@jupyterlab" / "apputils-extension"
        settings.mkdir(parents=True, exist_ok=True)
        (settings / "notification.jupyterlab-settings").write_text(
            json.dumps({"fetchNews": "false", "checkForUpdates": False})
        )

    def command(self) -> list[str]:
        return [
            sys.executable,
            "-m",
            "jupyter",
            self.app,
            "--no-browser",
            "--ip=127.0.0.1",
            f"--port={self.port}",
            "--ServerApp.port_retries=0",
            "--allow-root",
            "--IdentityProvider.token=",
            "--ServerApp.password=",
            f"--ServerApp.root_dir={self.root}",
            "--LanguageServerManager.autodetect=False",
            f"--{self.app_class}.expose_app_in_browser=True",
            *self.extra_options(),
        ]

    def extra_options(self) -> list[str]:
        return ["--LabApp.news_url=None"]

    def notebook_url(self, name: str) -> str:
        # ?reset: start from an empty workspace, not with the notebooks of the last test open.
        return f"{self.url}/lab/tree/{name}?reset"

    def api(self, path: str, method: str = "GET"):
        req = urllib.request.Request(f"{self.url}{path}", method=method)
        with urllib.request.urlopen(req, timeout=10) as r:
            body = r.read()
        return json.loads(body) if body else None

    def shutdown_kernels(self) -> None:
        """Shut every session's kernel down (between tests: saves memory and CPU)."""
        with contextlib.suppress(OSError):
            for session in self.api("/api/sessions"):
                with contextlib.suppress(OSError):
                    self.api(f"/api/sessions/{session['id']}", method="DELETE")


class Notebook7(JupyterLab):
    """Jupyter Notebook 7 (the ``notebook`` package): one notebook per browser tab, at
    ``/notebooks/<name>``; the same server and kernels as JupyterLab."""

    name = "notebook7"
    app, app_class = "notebook", "JupyterNotebookApp"

    def extra_options(self) -> list[str]:
        return []

    def notebook_url(self, name: str) -> str:
        return f"{self.url}/notebooks/{name}"


class Voila(Server):
    """Voilà serving one notebook as an app at ``/``: each visit starts a kernel and runs
    every cell; only the outputs show."""

    name = "voila"
    ready_path = "/voila/static/voila.js"  # not "/": that would start a kernel

    def __init__(self, base: Path, notebook: Path):
        super().__init__(base)
        self.notebook = Path(notebook)

    def command(self) -> list[str]:
        return [
            sys.executable,
            "-m",
            "voila",
            str(self.notebook),
            "--no-browser",
            "--Voila.ip=127.0.0.1",
            f"--port={self.port}",
            "--Voila.port_retries=0",
            # Kernels' connection files in our folder, so a test can read the kernel's game.
            f"--Voila.connection_dir_root={self.runtime}",
        ]


class Marimo(Server):
    """``marimo run`` of one marimo app file (read-only, code hidden); ``args`` reach the app
    as ``mo.cli_args()``. The app's Python runs inside the server's process."""

    name = "marimo"
    ready_path = "/health"

    def __init__(self, base: Path, app: Path, args: Sequence[str] = ()):
        super().__init__(base)
        self.app = Path(app)
        self.args = list(args)

    def command(self) -> list[str]:
        return [
            sys.executable,
            "-m",
            "marimo",
            "run",
            str(self.app),
            "--host=127.0.0.1",
            f"--port={self.port}",
            "--headless",
            "--no-token",
            "--no-sandbox",
            "--no-check",
            *(["--", *self.args] if self.args else []),
        ]


class Kernel:
    """A second client of a notebook's kernel, to read the game's state from Python: the
    kernel ``kernel_id`` of ``server``, or the kernel of a ``connection_file``."""

    def __init__(
        self, server: Server | None = None, kernel_id: str = "", connection_file: Path | None = None
    ):
        from jupyter_client import BlockingKernelClient

        if connection_file is None:
            connection_file = server.runtime / f"kernel-{kernel_id}.json"
        self.client = BlockingKernelClient(connection_file=str(connection_file))
        self.client.load_connection_file()
        self.client.start_channels()
        self.client.wait_for_ready(timeout=30)

    def eval(self, expression: str, timeout: float = 20):
        """The JSON value of ``expression`` evaluated in the kernel (it must be JSON-able)."""
        msg_id = self.client.execute(
            "",
            silent=True,
            store_history=False,
            user_expressions={"r": f"__import__('json').dumps({expression})"},
        )
        deadline = time.monotonic() + timeout
        while True:
            reply = self.client.get_shell_msg(timeout=max(0.1, deadline - time.monotonic()))
            if reply["parent_header"].get("msg_id") == msg_id:
                break
        result = reply["content"]["user_expressions"]["r"]
        if result.get("status") != "ok":
            raise RuntimeError(f"{expression}: {result.get('ename')}: {result.get('evalue')}")
        return json.loads(ast.literal_eval(result["data"]["text/plain"]))

    def close(self) -> None:
        self.client.stop_channels()


# ------------------------------------------------------------------------ page helpers

# The WCAG contrast of an element's text on the first opaque background behind it. Colours
# come as rgb(...) or, from color-mix(), as color(srgb r g b [/ a]) with 0-1 components.
# null when the element has left the page (a detached element has no computed style: "").
CONTRAST = """(el) => {
  if (!el.isConnected) return null;
  const parse = (c) => {
    const srgb = c.startsWith('color(srgb');
    const m = c.match(/[\\d.]+/g).map(Number);
    const k = srgb ? 255 : 1;
    return {r: m[0] * k, g: m[1] * k, b: m[2] * k, a: m.length > 3 ? m[3] : 1};
  };
  const lum = ({r, g, b}) => { const f = (v) => { v /= 255;
    return v <= 0.03928 ? v / 12.92 : Math.pow((v + 0.055) / 1.055, 2.4); };
    return 0.2126 * f(r) + 0.7152 * f(g) + 0.0722 * f(b); };
  let node = el; let bg = null;
  while (node) { const c = parse(getComputedStyle(node).backgroundColor);
    if (c.a > 0.5) { bg = c; break; } node = node.parentElement; }
  const f0 = parse(getComputedStyle(el).color);
  const fg = {r: f0.r * f0.a + bg.r * (1 - f0.a), g: f0.g * f0.a + bg.g * (1 - f0.a),
              b: f0.b * f0.a + bg.b * (1 - f0.a)};
  const [hi, lo] = [lum(fg), lum(bg)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}"""


def contrast(locator, timeout: float = 10) -> float:
    """The WCAG contrast ratio of the first element of ``locator`` (``CONTRAST``). A widget may
    draw that element anew between Playwright's finding it and reading it (a theme change, the
    panel's background solve): then the new one is found and read."""
    deadline = time.monotonic() + timeout
    while (ratio := locator.first.evaluate(CONTRAST)) is None:
        assert time.monotonic() < deadline, f"{locator} kept leaving the page for {timeout} s"
        locator.page.wait_for_timeout(50)
    return ratio


KERNEL_IDLE_JS = """() => {
  const w = window.jupyterapp && window.jupyterapp.shell.currentWidget;
  const k = w && w.sessionContext && w.sessionContext.session && w.sessionContext.session.kernel;
  return Boolean(k && k.status === 'idle' && k.connectionStatus === 'connected');
}"""


def screenshot(page, element, path) -> None:
    """A screenshot of a whole element: the page made tall enough for it first (JupyterLab and
    marimo scroll inside their own panels, so a page screenshot shows only what is in view)."""
    size = page.viewport_size
    page.set_viewport_size({"width": size["width"], "height": 2400})
    page.wait_for_timeout(200)
    element.screenshot(path=str(path), animations="disabled")
    page.set_viewport_size(size)


# The notebook at this path is the current widget, its kernel idle and connected.
NOTEBOOK_READY_JS = (
    "(path) => {\n"
    "  const w = window.jupyterapp && window.jupyterapp.shell.currentWidget;\n"
    f"  return Boolean(w && w.context && w.context.path === path && ({KERNEL_IDLE_JS})());\n"
    "}"
)


def open_notebook(page, lab: JupyterLab, name: str, timeout: float = 60_000):
    """Open ``name`` (in the server's root) in JupyterLab or Notebook 7, wait for an idle
    kernel, run every cell and wait for the widgets to draw; returns the kernel's id.

    A page that already shows JupyterLab (the tests' shared page, conftest.py) opens the
    notebook in the loaded app, as a person does from the file browser; any other page loads
    it at its address, in an empty workspace."""
    loaded = lab.app == "lab" and page.url.startswith(f"{lab.url}/lab")
    if loaded and page.evaluate("() => Boolean(window.jupyterapp)"):
        page.evaluate(
            "(path) => window.jupyterapp.commands.execute('docmanager:open', {path})"
            ".then(() => true)",
            name,
        )
    else:
        page.goto(lab.notebook_url(name))
    page.wait_for_function(NOTEBOOK_READY_JS, arg=name, timeout=timeout)
    page.evaluate("() => window.jupyterapp.commands.execute('notebook:run-all-cells')")
    page.wait_for_selector(".borsen[data-version]", timeout=timeout)
    return page.evaluate(
        "() => window.jupyterapp.shell.currentWidget.sessionContext.session.kernel.id"
    )
