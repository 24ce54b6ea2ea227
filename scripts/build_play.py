"""Build the play page: Børsen playable in a browser a few seconds after opening one address.

    python scripts/build_play.py             # build/play/site
    python scripts/build_play.py --if-stale  # rebuild only when an input changed (for tests)

Serve ``build/play/site`` with any static web server, at the root or in a sub-folder (every
address in it is relative): ``python -m http.server -d build/play/site``. No Node is needed: the
page's sources (``js/play/``) are plain ES modules, copied as they are.

What the site holds (issue 29; why each piece: see js/play/worker.js and
borsen_widget/jupyter/standalone.py):

- ``index.html``, ``page.js``, ``play.css``, ``worker.js``, ``sw.js``: the page, its worker and
  its service worker, from ``js/play/``; the build writes its id into ``index.html`` and
  ``sw.js``, and the list of files into ``sw.js``;
- ``widget.js``, ``widget.css``: the widget's own front end (``borsen_widget/static``),
  and ``i18n.js``, its translator (``js/src/i18n.js``, which imports nothing);
- ``locale/{en,nb,nn}.json``: the package's compiled catalogues for the front end (the same
  files the widget sends as its ``speech``), for the page's words before Python has started;
- ``pyodide/``: Pyodide's core from the npm package ``pyodide`` at the JupyterLite kernel's
  version, the same tarball ``scripts/build_lite.py`` downloads into ``build/cache/lite`` (no
  packages: the lock is emptied);
- ``python/borsen_widget.zip``: the package's Python files and compiled catalogues (not its
  front end nor the ``.po`` sources), and ``python/traitlets.whl``, traitlets from PyPI at the
  version of Pyodide's lock: all the page's Python needs (no micropip, no ipywidgets);
- ``python/python.snapshot.gz``: Python's memory once started with the package imported, made
  by the page's own worker in headless Chromium (Playwright, the dev extra), so a first visit
  restores Python (under a second) instead of starting it (seconds). Where no browser can run,
  the build says so and ships none: the page then makes one in the visitor's browser after a
  first visit. The snapshot holds no game: it is taken before one exists.

Why the sources are in ``js/play/`` and not in the package: the page is a site to publish
(``make docs`` copies it as ``play/``), built from a checkout with Pyodide downloaded from npm,
never by ``pip install``; the package ships what it shares with the page (the widget's front
end, the catalogues, ``jupyter/standalone.py``), and ``js/`` is where the front end's sources
and its translatable words are (``babel.cfg`` reads ``js/play/*.js``).
"""

from __future__ import annotations

import argparse
import base64
import contextlib
import fcntl
import hashlib
import importlib.util
import json
import re
import shutil
import socket
import subprocess
import sys
import tarfile
import threading
import time
import urllib.request
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "borsen_widget"
SOURCES = ROOT / "js" / "play"
OUT = ROOT / "build" / "play"
SITE = OUT / "site"
STAMP = OUT / "inputs.sha256"
#: Held while the site is built (parallel test workers build it once between them).
LOCK = ROOT / "build" / "play.lock"

#: The page's own files, from js/play/.
PAGE_FILES = ("index.html", "page.js", "play.css", "worker.js", "sw.js")
#: The widget's front end, from the package.
WIDGET_FILES = ("widget.js", "widget.css")
#: The widget's translator (js/src/i18n.js imports nothing, so it is copied as it is).
I18N = ROOT / "js" / "src" / "i18n.js"
LANGUAGES = ("en", "nb", "nn")
#: Files of the npm package ``pyodide`` the page loads.
PYODIDE_CORE = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip")
#: Left out of the package's zip: the front end (the page has its own copy of widget.js), the
#: translators' sources (Python reads the compiled ``.mo``).
LEFT_OUT = re.compile(r"(^|/)__pycache__/|\.(po|pot|pyc)$|^borsen_widget/static/")


#: The Python snapshot shipped with the site, if the build could make one (see make_snapshot).
SNAPSHOT = Path("python") / "python.snapshot.gz"
#: Debian's Chromium, headless, as the tests run it (Playwright adds --headless).
BROWSER_FLAGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1",
]
#: In a page of the site: the page's worker makes the snapshot; base64 of its gzipped bytes.
MAKE_SNAPSHOT = """async (build) => {
  const worker = new Worker("./worker.js", {type: "module"});
  const data = await new Promise((resolve, reject) => {
    worker.onmessage = (event) => event.data.kind === "snapshot"
      ? resolve(event.data.gzipped) : reject(new Error(event.data.error || event.data.kind));
    worker.onerror = (event) => reject(new Error(event.message));
    worker.postMessage({kind: "snapshot", build, ship: true});
  });
  worker.terminate();
  const url = await new Promise((resolve) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result);
    reader.readAsDataURL(new Blob([data]));
  });
  return url.slice(url.indexOf(",") + 1);
}"""


def log(message: str) -> None:
    print(f"[play] {message}", flush=True)


def load_build_lite():
    """``scripts/build_lite.py`` as a module: its cached downloads and its build environment."""
    path = ROOT / "scripts" / "build_lite.py"
    spec = importlib.util.spec_from_file_location("build_lite", path)
    module = importlib.util.module_from_spec(spec)
    sys.modules.setdefault("build_lite", module)
    spec.loader.exec_module(module)
    return module


def pyodide_version(lite) -> str:
    """The Pyodide release of the JupyterLite kernel (read in ``.venv-lite``, made if missing)."""
    return lite.lite_env_eval(
        "__import__('jupyterlite_pyodide_kernel.constants').constants.PYODIDE_VERSION"
    )


def package_files() -> list[Path]:
    """The package's files that go into ``python/borsen_widget.zip``, sorted."""
    found = []
    for path in sorted(PACKAGE.rglob("*")):
        name = path.relative_to(ROOT).as_posix()
        if path.is_file() and not LEFT_OUT.search(name):
            found.append(path)
    return found


def inputs_digest(version: str) -> str:
    """A digest of everything the site is made from: also the build's id."""
    digest = hashlib.sha256(f"pyodide {version}".encode())
    files = [Path(__file__).resolve(), I18N, *sorted(SOURCES.iterdir()), *package_files()]
    files += [PACKAGE / "static" / name for name in WIDGET_FILES]
    for path in files:
        digest.update(path.relative_to(ROOT).as_posix().encode())
        digest.update(hashlib.sha256(path.read_bytes()).digest())
    return digest.hexdigest()


def write_zip(target: Path, files: list[Path], epoch: int) -> None:
    """A zip of ``files`` (paths from the repository's root), in order, with one timestamp."""
    stamp = time.gmtime(max(epoch, 315_532_800))[:6]  # zip cannot hold a time before 1980
    with zipfile.ZipFile(target, "w", zipfile.ZIP_DEFLATED) as archive:
        for path in files:
            info = zipfile.ZipInfo(path.relative_to(ROOT).as_posix(), stamp)
            info.compress_type = zipfile.ZIP_DEFLATED
            info.external_attr = 0o644 << 16
            archive.writestr(info, path.read_bytes())


def stage_pyodide(lite, site: Path, version: str) -> tuple[str, str]:
    """Pyodide's core in ``pyodide/`` with an empty lock; returns traitlets' version in the
    lock (the one Pyodide's own Python is known to work with) and Python's (``"3.14"``)."""
    target = site / "pyodide"
    target.mkdir(parents=True)
    with tarfile.open(lite.fetch_pyodide(version)) as tgz:
        lock = json.load(tgz.extractfile("package/pyodide-lock.json"))
        for name in PYODIDE_CORE:
            (target / name).write_bytes(tgz.extractfile(f"package/{name}").read())
    traitlets = lock["packages"]["traitlets"]["version"]
    lock["packages"] = {}  # the page loads no package of Pyodide's: its Python is unpacked
    (target / "pyodide-lock.json").write_text(json.dumps(lock, indent=1, sort_keys=True) + "\n")
    return traitlets, ".".join(lock["info"]["python"].split(".")[:2])


def make_snapshot(site: Path, build_id: str) -> bool:
    """Write ``python/python.snapshot.gz``: the page's Python started and its modules imported,
    as a memory snapshot made by the page's own worker in headless Chromium (a first visit then
    restores it, a fraction of a second, instead of starting Python, several seconds). Returns
    False, and says why, when no browser can run here: the page then makes its snapshot in the
    browser after a first visit (slower the first time only)."""
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        log("no snapshot shipped: Playwright for Python is not installed (the dev extra)")
        return False
    chromium = shutil.which("chromium") or "/usr/bin/chromium"
    if not Path(chromium).exists():
        log("no snapshot shipped: no Chromium here (apt-get install chromium)")
        return False
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    server = subprocess.Popen(
        [sys.executable, "-m", "http.server", str(port), "--bind", "127.0.0.1"],
        cwd=site,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        url = f"http://127.0.0.1:{port}"
        deadline = time.monotonic() + 20
        while True:
            try:
                with urllib.request.urlopen(f"{url}/play.css", timeout=2):
                    break
            except OSError:
                if time.monotonic() > deadline:
                    raise SystemExit("the build's web server did not start") from None
                time.sleep(0.1)
        data = in_own_thread(lambda: snapshot_in_browser(sync_playwright, chromium, url, build_id))
    finally:
        server.terminate()
        server.wait()
    target = site / SNAPSHOT
    target.write_bytes(base64.b64decode(data))
    log(f"{SNAPSHOT}: {target.stat().st_size / 1e6:.1f} MB (Python's memory, gzipped)")
    return True


def snapshot_in_browser(sync_playwright, chromium: str, url: str, build_id: str) -> str:
    """The page's worker makes the snapshot in headless Chromium; base64 of its gzipped bytes."""
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=chromium, args=BROWSER_FLAGS)
        try:
            page = browser.new_page()
            page.goto(f"{url}/play.css")  # a page of the site's origin, for its worker
            return page.evaluate(MAKE_SNAPSHOT, build_id)
        finally:
            browser.close()


def in_own_thread(work):
    """``work()`` in a thread of its own: Playwright's sync API leaves its event loop set as the
    running loop of the thread it ran in, and a test process that builds the site (a fixture)
    must keep its main thread's loop as it was (tests/conftest.py)."""
    box: dict = {}

    def target():
        try:
            box["result"] = work()
        except BaseException as error:  # raised again in the caller's thread
            box["error"] = error

    thread = threading.Thread(target=target, name="build-play-snapshot", daemon=True)
    thread.start()
    thread.join()
    if "error" in box:
        raise box["error"]
    return box["result"]


def page_files(site: Path) -> list[str]:
    """Every file of the site, as the service worker asks for them (relative: ``./``, then
    ``./index.html``, ...; not ``sw.js`` itself, which the browser keeps)."""
    names = sorted(p.relative_to(site).as_posix() for p in site.rglob("*") if p.is_file())
    return ["./", *(f"./{name}" for name in names if name != "sw.js")]


def build(version: str) -> None:
    """Build the site for this Pyodide release (call it holding :func:`locked`)."""
    started = time.perf_counter()
    lite = load_build_lite()
    digest = inputs_digest(version)
    build_id = digest[:16]
    shutil.rmtree(SITE, ignore_errors=True)
    STAMP.unlink(missing_ok=True)
    SITE.mkdir(parents=True)

    traitlets_version, python_version = stage_pyodide(lite, SITE, version)
    python = SITE / "python"
    python.mkdir()
    write_zip(python / "borsen_widget.zip", package_files(), lite.source_date_epoch())
    (wheel,) = lite.fetch_wheels({"traitlets": traitlets_version}, python_version).values()
    shutil.copyfile(wheel, python / "traitlets.whl")

    for name in WIDGET_FILES:
        shutil.copyfile(PACKAGE / "static" / name, SITE / name)
    shutil.copyfile(I18N, SITE / "i18n.js")
    (SITE / "locale").mkdir()
    for language in LANGUAGES:
        source = PACKAGE / "locale" / language / "LC_MESSAGES" / "borsen_widget.json"
        shutil.copyfile(source, SITE / "locale" / f"{language}.json")
    for name in PAGE_FILES:
        if name != "sw.js":
            shutil.copyfile(SOURCES / name, SITE / name)
    shipped = SNAPSHOT.as_posix() if make_snapshot(SITE, build_id) else ""
    index = (SITE / "index.html").read_text(encoding="utf-8")
    index = index.replace("__BUILD__", build_id).replace("__SNAPSHOT__", shipped)
    (SITE / "index.html").write_text(index, encoding="utf-8")
    files = json.dumps(page_files(SITE), indent=1)
    service_worker = (SOURCES / "sw.js").read_text(encoding="utf-8")
    service_worker = service_worker.replace('"__BUILD__"', json.dumps(build_id))
    (SITE / "sw.js").write_text(service_worker.replace("__FILES__", files), encoding="utf-8")
    check_site(SITE)
    STAMP.write_text(digest + "\n")
    size = sum(p.stat().st_size for p in SITE.rglob("*") if p.is_file())
    log(
        f"{SITE.relative_to(ROOT)}: {size / 1e6:.1f} MB, Pyodide {version}, build {build_id}; "
        f"{time.perf_counter() - started:.1f} s"
    )


def check_site(site: Path) -> None:
    """Fail the build when the page would load anything from outside itself, or name a file it
    does not hold."""
    for path in site.glob("*.*"):
        if path.suffix in (".html", ".js", ".css") and path.name not in WIDGET_FILES:
            text = path.read_text(encoding="utf-8")
            if any(f"__{word}__" in text for word in ("BUILD", "FILES", "SNAPSHOT")):
                raise SystemExit(f"{path.name}: a placeholder was left unfilled")
            if re.search(r"""(src|href)=["'](https?:)?//""", text):
                raise SystemExit(f"{path.name} loads something from another address")
    for name in json.loads((site / "sw.js").read_text().split("const FILES = ")[1].split(";")[0]):
        if not (site / name).exists():
            raise SystemExit(f"sw.js names {name}, which the site does not hold")


def is_stale(version: str) -> bool:
    if not (SITE / "index.html").exists() or not STAMP.exists():
        return True
    return STAMP.read_text().strip() != inputs_digest(version)


@contextlib.contextmanager
def locked():
    """Held by one process at a time."""
    LOCK.parent.mkdir(parents=True, exist_ok=True)
    with LOCK.open("w") as handle:
        fcntl.flock(handle, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(handle, fcntl.LOCK_UN)


def ensure_site() -> Path:
    """The built site, rebuilt first when anything it is made from changed. Safe to call from
    several processes at once: one builds, the others wait."""
    version = pyodide_version(load_build_lite())  # before our lock: it takes build_lite's
    with locked():
        if is_stale(version):
            build(version)
    return SITE


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--if-stale", action="store_true", help="build only if an input changed")
    args = parser.parse_args(argv)
    if args.if_stale:
        ensure_site()
        log(f"{SITE.relative_to(ROOT)} is up to date")
        return
    version = pyodide_version(load_build_lite())
    with locked():
        build(version)


if __name__ == "__main__":
    main()
