"""Build the JupyterLite site: Børsen in a web page, Python in the browser, no network needed.

    python scripts/build_lite.py            # build/lite/site and build/lite/borsen-lite.tar.gz
    python scripts/build_lite.py --if-stale  # rebuild only when an input changed (for tests)

The site holds everything it loads (see ../shared/notes/jupyterlite.md for why each piece):

- ``static/pyodide/``: Pyodide's core from the npm package ``pyodide`` at exactly the kernel's
  version, and the pure-Python wheels the kernel itself needs, at the versions of Pyodide's lock;
  the lock is trimmed to them and their sha256 rewritten (PyPI's files differ from Pyodide's).
- ``pypi/``: this project's wheel and anywidget, ipywidgets, comm, psygnal, jupyterlab_widgets,
  segno at the versions installed here (so the browser side of each widget matches its Python
  side), served by piplite with the fallback to PyPI switched off.
- ``files/``: copies of the project's notebooks (not :data:`SERVER_NOTEBOOKS`), each starting
  with ``%pip install -q borsen_widget`` and a cell that says in one sentence how simulations
  play here; every other cell runs as it is. The build fails if a notebook imports a compiled
  package (NumPy, pandas, matplotlib, or a module of the package that imports one), or if a
  module the page needs (engine, analysis, widget, simulate and its tables and charts) imports
  one: charts are Vega-Lite specifications that JupyterLite's own renderer draws.

Downloads are cached in ``build/cache/lite`` so a rebuild takes seconds.

The build runs in an environment of its own, ``.venv-lite`` (the ``lite`` extra), made here on
first use: JupyterLite's build tools install a JupyterLab extension of theirs
(``@jupyterlite/pyodide-kernel-extension``) that breaks the JupyterLab of ``make lab`` ("Shared
module @jupyterlite/services doesn't exist in shared scope default" on every page), so they
never go into ``.venv``. Run from any other Python, this script sets ``.venv-lite`` up (or
brings it up to date with ``pyproject.toml``) and runs itself there; ``--env`` only does that.
"""

from __future__ import annotations

import argparse
import ast
import contextlib
import copy
import gzip
import hashlib
import importlib.metadata
import json
import os
import re
import shutil
import subprocess
import sys
import tarfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "borsen_widget"
NOTEBOOKS = ROOT / "notebooks"
OUT = ROOT / "build" / "lite"
SITE = OUT / "site"
TARBALL = OUT / "borsen-lite.tar.gz"
STAGE = OUT / "stage"
STAMP = OUT / "inputs.sha256"
CACHE = ROOT / "build" / "cache" / "lite"
#: The build's own environment (the ``lite`` extra), apart from ``.venv`` (JupyterLab's).
LITE_VENV = ROOT / ".venv-lite"
LITE_PYTHON = LITE_VENV / "bin" / "python"
#: What ``.venv-lite`` was installed from: the digest of ``pyproject.toml``.
LITE_ENV_STAMP = LITE_VENV / ".installed"
#: Held while the environment is set up or the site built (parallel test workers share both).
LOCK = ROOT / "build" / "lite.lock"

#: Timestamp when git cannot say (outside a checkout): see :func:`source_date_epoch`.
FALLBACK_EPOCH = 1_764_460_800  # 2025-11-30

#: The packages from Pyodide's lock that the kernel loads at start: micropip, then IPython and
#: what it needs (the kernel's own wheels ``pyodide_kernel`` and ``ipykernel`` require IPython
#: and comm), jedi for completion, typing-extensions for anywidget. All pure Python, all on PyPI.
KERNEL_PACKAGES = (
    "micropip",
    "packaging",
    "ipython",
    "asttokens",
    "decorator",
    "executing",
    "matplotlib-inline",
    "prompt-toolkit",
    "pure-eval",
    "pygments",
    "six",
    "stack-data",
    "traitlets",
    "wcwidth",
    "jedi",
    "parso",
    "typing-extensions",
)

#: Packages the lock lacks: served by piplite from ``pypi/`` at the build environment's versions.
#: segno (the classroom's QR code) is a dependency of the project's wheel, so ``%pip install``
#: needs it here although a class cannot be opened on the page.
WIDGET_PACKAGES = ("anywidget", "ipywidgets", "comm", "psygnal", "jupyterlab_widgets", "segno")
#: Notebooks left out of the site: those that need a server in the kernel (a class on the
#: students' phones: JupyterLite has no server sockets, ``w.classroom()`` would say so), and
#: rl-agent.ipynb, which needs NumPy (itself, and Gymnasium imports it). Gymnasium and its
#: dependencies are pure Python, but NumPy is compiled: Pyodide's build of it (in the lock as
#: ``numpy-2.4.6-cp314-cp314-pyemscripten_2026_0_wasm32.whl``) is published on Pyodide's own
#: CDN only, which cannot be reached here; PyPI has no WebAssembly wheel of NumPy (none of the
#: 73 files of 2.4.6; ``pip download --platform pyemscripten_2026_0_wasm32`` finds nothing) and
#: the npm package ``pyodide`` holds only the core (checked for issue 29).
SERVER_NOTEBOOKS = (
    "classroom.ipynb",
    "strategy-tournament.ipynb",
    "class-plays.ipynb",
    "rl-agent.ipynb",
)

#: Files of the npm package ``pyodide`` that the kernel loads (the rest are docs and consoles).
PYODIDE_CORE = (
    "pyodide.mjs",
    "pyodide.asm.mjs",
    "pyodide.asm.wasm",
    "python_stdlib.zip",
    "package.json",
)

#: JupyterLite front ends shipped: the full lab, the one-notebook view and its file list.
APPS = ("lab", "notebooks", "tree")

#: Compiled packages that the page does not have (matplotlib and pandas need NumPy).
COMPILED_PACKAGES = ("numpy", "pandas", "matplotlib", "scipy")
#: Modules the page needs: the build fails if one of them imports a compiled package.
PURE_MODULES = (
    "__init__",
    "engine",
    "engine.game",
    "play.bots",
    "play.playout",
    "analysis",
    "jupyter.widget",
    "jupyter.view",
    "jupyter.panel",
    "jupyter.rules_editor",
    "sim.simulate",
    "sim.tables",
    "sim.charts",
    "sim.cli",
    "sim.environment",
)

INSTALL_CELL = "%pip install -q borsen_widget"
#: The lessons in other languages, each a folder of notebooks beside the English ones.
LESSON_LANGUAGES = ("nb", "nn")
ENVIRONMENT_CELL = "from borsen_widget.sim.environment import report\n\nreport()"


def environment_cell(language: str | None) -> str:
    """The note on how simulations play here, in the lesson's language (``None``: the
    notebook's choice, which is English until the lesson's own cells set it)."""
    if language is None:
        return ENVIRONMENT_CELL
    return ENVIRONMENT_CELL.replace("report()", f'report(language="{language}")')


LITE_KERNELSPEC = {"name": "python", "display_name": "Python (Pyodide)", "language": "python"}


def log(message: str) -> None:
    print(f"[lite] {message}", flush=True)


def run(*command: str | Path, cwd: Path | None = None, env: dict | None = None) -> None:
    """Run a tool quietly; show what it said only when it fails."""
    done = subprocess.run(
        [str(c) for c in command],
        cwd=cwd,
        env=None if env is None else {**os.environ, **env},
        capture_output=True,
        text=True,
    )
    if done.returncode != 0:
        sys.stderr.write(done.stdout + done.stderr)
        raise SystemExit(f"failed ({done.returncode}): {' '.join(map(str, command))}")


def sha256(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def canonical(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


def source_date_epoch() -> int:
    """The time of the last commit: files in the wheel, the site and the tarball carry it, so
    two builds of one commit are alike (and the notebooks do not say "saved 2 years ago")."""
    if "SOURCE_DATE_EPOCH" in os.environ:
        return int(os.environ["SOURCE_DATE_EPOCH"])
    try:
        out = subprocess.run(
            ["git", "log", "-1", "--format=%ct"], cwd=ROOT, capture_output=True, text=True
        ).stdout.strip()
        return int(out)
    except (OSError, ValueError):
        return FALLBACK_EPOCH


def pyodide_version() -> str:
    """The Pyodide release the installed JupyterLite kernel is built for."""
    from jupyterlite_pyodide_kernel.constants import PYODIDE_VERSION

    return PYODIDE_VERSION


# -- downloads (cached) ---------------------------------------------------------------------


def fetch_pyodide(version: str) -> Path:
    """The npm tarball ``pyodide-<version>.tgz`` (npm checks it against the registry's hash)."""
    folder = CACHE / "npm"
    tgz = folder / f"pyodide-{version}.tgz"
    if not tgz.exists():
        partial = folder / "partial"  # a download cut short never poses as the package
        shutil.rmtree(partial, ignore_errors=True)
        partial.mkdir(parents=True)
        log(f"npm pack pyodide@{version}")
        run("npm", "pack", "--silent", f"pyodide@{version}", "--pack-destination", partial)
        (partial / tgz.name).rename(tgz)
        partial.rmdir()
    return tgz


def fetch_wheels(pins: dict[str, str], python: str) -> dict[str, Path]:
    """Pure-Python wheels from PyPI at exactly these versions, one per package, for Pyodide's
    Python (``python`` as ``"3.14"``)."""
    folder = CACHE / "wheels"
    folder.mkdir(parents=True, exist_ok=True)
    found = {}
    missing = {}
    for name, version in pins.items():
        wheel = _cached_wheel(folder, name, version)
        if wheel is None:
            missing[name] = version
        else:
            found[name] = wheel
    if missing:
        log(f"pip download {len(missing)} wheels")
        run(
            sys.executable,
            "-m",
            "pip",
            "download",
            "--quiet",
            "--no-deps",
            "--only-binary=:all:",
            "--python-version",
            python,
            "--platform",
            "any",
            "--implementation",
            "py",
            "--dest",
            folder,
            *(f"{name}=={version}" for name, version in missing.items()),
        )
        for name, version in missing.items():
            wheel = _cached_wheel(folder, name, version)
            if wheel is None:
                raise SystemExit(f"no pure-Python wheel of {name}=={version} was downloaded")
            found[name] = wheel
    return found


def _cached_wheel(folder: Path, name: str, version: str) -> Path | None:
    for wheel in folder.glob("*.whl"):
        dist, wheel_version = wheel.name.split("-")[:2]
        if canonical(dist) == canonical(name) and wheel_version == version:
            if wheel.name.endswith("-none-any.whl"):
                return wheel
    return None


def build_project_wheel(dest: Path) -> Path:
    """This project's wheel, built from the working tree with a fixed timestamp."""
    dest.mkdir(parents=True, exist_ok=True)
    run(
        *(sys.executable, "-m", "build", "--wheel", "--no-isolation", "--outdir", dest),
        cwd=ROOT,
        env={"SOURCE_DATE_EPOCH": str(source_date_epoch())},
    )
    (wheel,) = dest.glob("borsen_widget-*.whl")
    return wheel


# -- the site's pieces ---------------------------------------------------------------------


def stage_pyodide(stage: Path, version: str) -> tuple[list[str], str]:
    """Pyodide's core and the kernel's wheels in ``static/pyodide``, with a trimmed lock.

    Returns the packages shipped and Pyodide's Python version (``"3.14"``).
    """
    target = stage / "static" / "pyodide"
    target.mkdir(parents=True)
    with tarfile.open(fetch_pyodide(version)) as tgz:
        lock = json.load(tgz.extractfile("package/pyodide-lock.json"))
        for name in PYODIDE_CORE:
            (target / name).write_bytes(tgz.extractfile(f"package/{name}").read())

    python = ".".join(lock["info"]["python"].split(".")[:2])
    packages = lock["packages"]
    shipped = {canonical(name) for name in KERNEL_PACKAGES}
    for name in sorted(shipped):
        for dep in packages[name]["depends"]:
            if canonical(dep) not in shipped:
                raise SystemExit(f"Pyodide's lock says {name} needs {dep}: add it to the list")
    pins = {name: packages[name]["version"] for name in sorted(shipped)}
    wheels = fetch_wheels(pins, python)
    for name, wheel in wheels.items():
        shutil.copyfile(wheel, target / wheel.name)
        packages[name]["file_name"] = wheel.name
        packages[name]["sha256"] = sha256(wheel)
    lock["packages"] = {name: packages[name] for name in sorted(shipped)}
    (target / "pyodide-lock.json").write_text(json.dumps(lock, indent=1, sort_keys=True) + "\n")
    return sorted(shipped), python


def stage_pypi(stage: Path, python: str) -> list[Path]:
    """This project's wheel and the widget packages, for piplite's ``%pip install``."""
    target = stage / "pypi"
    build_project_wheel(target)
    pins = {name: importlib.metadata.version(name) for name in WIDGET_PACKAGES}
    for wheel in fetch_wheels(pins, python).values():
        shutil.copyfile(wheel, target / wheel.name)
    return sorted(target.glob("*.whl"))


def write_config(stage: Path) -> None:
    config = {
        "jupyter-lite-schema-version": 0,
        "jupyter-config-data": {
            "appName": "Børsen",
            # window.jupyterapp: lets the browser test (and a curious teacher) drive the page.
            "exposeAppInBrowser": True,
            "litePluginSettings": {
                "@jupyterlite/pyodide-kernel-extension:kernel": {"disablePyPIFallback": True}
            },
        },
    }
    (stage / "jupyter-lite.json").write_text(json.dumps(config, indent=2) + "\n")


def stage_notebooks(stage: Path, notebooks: Path) -> list[str]:
    """Copies of ``notebooks/*.ipynb`` and of the lessons in bokmål and nynorsk
    (``notebooks/nb/``, ``notebooks/nn/``, under the same folder names on the page) made for the
    page; the sources are left as they are."""
    target = stage / "contents"
    target.mkdir(parents=True)
    compiled = compiled_modules()
    check_pure_modules(compiled)
    names = []
    for language in ("", *LESSON_LANGUAGES):
        folder = notebooks / language if language else notebooks
        for source in sorted(folder.glob("*.ipynb")):
            if source.name in SERVER_NOTEBOOKS:
                continue
            name = f"{language}/{source.name}" if language else source.name
            notebook = json.loads(source.read_text(encoding="utf-8"))
            check_notebook(notebook, name, compiled)
            lite = lite_notebook(notebook, language or None)
            (target / name).parent.mkdir(parents=True, exist_ok=True)
            (target / name).write_text(
                json.dumps(lite, indent=1, ensure_ascii=False) + "\n", encoding="utf-8"
            )
            names.append(name)
    return names


def compiled_modules(package: Path = PACKAGE) -> set[str]:
    """The package's modules (dotted, relative to the package: ``"sim.simulate"``) that import
    NumPy, pandas or matplotlib when imported.

    Read from the source (top-level imports, directly or through other modules of the
    package); an import inside ``try: ... except ImportError`` is optional and does not count.
    """
    imports = {
        _dotted(path, package): _module_imports(path, package) for path in package.rglob("*.py")
    }
    compiled = {name for name, found in imports.items() if found & set(COMPILED_PACKAGES)}
    grew = True
    while grew:
        grew = False
        for name, found in imports.items():
            if name not in compiled and found & compiled:
                compiled.add(name)
                grew = True
    return compiled


def _dotted(path: Path, package: Path) -> str:
    """``sim/simulate.py`` -> ``"sim.simulate"``; ``sim/__init__.py`` -> ``"sim"``."""
    parts = list(path.relative_to(package).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts) or "__init__"


def _module_imports(path: Path, package: Path = PACKAGE) -> set[str]:
    """Top-level package names and modules of this package (dotted) one module imports at
    import time."""
    found: set[str] = set()
    here = _dotted(path, package).split(".")
    if path.name != "__init__.py" or here == ["__init__"]:
        here = here[:-1]  # a module's relative imports start from its own folder

    def visit(statements: list[ast.stmt]) -> None:
        for node in statements:
            if isinstance(node, ast.Import):
                found.update(alias.name.split(".")[0] for alias in node.names)
            elif isinstance(node, ast.ImportFrom):
                if node.level == 0:
                    found.add((node.module or "").split(".")[0])
                else:
                    base = here[: len(here) - (node.level - 1)]
                    target = base + (node.module.split(".") if node.module else [])
                    found.add(".".join(target) or "__init__")
                    found.update(".".join([*target, alias.name]) for alias in node.names)
            elif isinstance(node, ast.If):
                if not _is_type_checking(node.test):
                    visit(node.body)
                    visit(node.orelse)
            elif isinstance(node, ast.Try):
                if not _catches_import_error(node):
                    visit(node.body)
                visit(node.orelse)
                visit(node.finalbody)
            elif isinstance(node, ast.With):
                visit(node.body)

    visit(ast.parse(path.read_text(encoding="utf-8")).body)
    return found


def _is_type_checking(test: ast.expr) -> bool:
    return isinstance(test, ast.Name | ast.Attribute) and ast.unparse(test).endswith(
        "TYPE_CHECKING"
    )


def _catches_import_error(node: ast.Try) -> bool:
    names = {"ImportError", "ModuleNotFoundError", "Exception", "BaseException"}
    for handler in node.handlers:
        if handler.type is None:
            return True
        caught = handler.type.elts if isinstance(handler.type, ast.Tuple) else [handler.type]
        if any(isinstance(t, ast.Name) and t.id in names for t in caught):
            return True
    return False


def check_pure_modules(compiled: set[str], package: Path = PACKAGE) -> None:
    """Fail the build when what a class needs on the page would import a compiled package."""
    broken = sorted(m for m in PURE_MODULES if m in compiled)
    if broken:
        raise SystemExit(
            "these modules import NumPy, pandas or matplotlib when imported, so they cannot "
            f"run on the JupyterLite page: {', '.join(broken)} (import them inside functions)"
        )


def check_notebook(notebook: dict, name: str, compiled: set[str] | None = None) -> None:
    """Fail the build when a code cell imports what the page does not have: a compiled package
    or a module of this package that imports one (every cell must run on the page)."""
    compiled = compiled_modules() if compiled is None else compiled
    modules = "|".join(
        [*COMPILED_PACKAGES, *(re.escape(f"{PACKAGE.name}.{m}") for m in sorted(compiled))]
    )
    needs = re.compile(rf"^\s*(?:import|from)\s+(?:{modules})\b|^\s*%matplotlib\b", re.MULTILINE)
    for number, cell in enumerate(notebook.get("cells", []), start=1):
        if cell.get("cell_type") != "code":
            continue
        found = needs.search(_text(cell.get("source", "")))
        if found:
            raise SystemExit(
                f"{name}, cell {number}: {found.group(0).strip()!r} cannot run on the page "
                "(no NumPy, pandas or matplotlib there): use borsen_widget.sim.charts and "
                "borsen_widget.sim.tables"
            )


def lite_notebook(notebook: dict, language: str | None = None) -> dict:
    """The page's copy of a notebook: the install and note cells first (the note in the
    lesson's ``language``: a Norwegian lesson sets its language only in its own first cell),
    no outputs, the Pyodide kernel; every other cell as it is."""
    lite = copy.deepcopy(notebook)
    lite.setdefault("metadata", {})["kernelspec"] = dict(LITE_KERNELSPEC)
    lite["metadata"].pop("widgets", None)  # saved widget state points at models that are gone
    lite["nbformat"], lite["nbformat_minor"] = 4, max(5, lite.get("nbformat_minor", 0))
    cells = [
        _code_cell("lite-install", INSTALL_CELL),
        _code_cell("lite-environment", environment_cell(language)),
    ]
    for index, cell in enumerate(lite.get("cells", [])):
        cell.setdefault("id", f"cell-{index}")
        if cell.get("cell_type") == "code":
            cell["outputs"], cell["execution_count"] = [], None
        cells.append(cell)
    lite["cells"] = cells
    return lite


def _text(source: str | list[str]) -> str:
    return source if isinstance(source, str) else "".join(source)


def _code_cell(cell_id: str, source: str) -> dict:
    return {
        "cell_type": "code",
        "execution_count": None,
        "id": cell_id,
        "metadata": {"tags": ["lite"]},
        "outputs": [],
        "source": source,
    }


# -- build -----------------------------------------------------------------------------------


def inputs_digest() -> str:
    """A digest of everything the site is made from (for ``--if-stale``)."""
    digest = hashlib.sha256()
    files = [Path(__file__).resolve(), ROOT / "pyproject.toml", ROOT / "README.md"]
    files += sorted(p for p in (ROOT / "borsen_widget").rglob("*") if p.is_file())
    files += sorted(NOTEBOOKS.rglob("*.ipynb"))
    for path in files:
        if "__pycache__" in path.parts:
            continue
        digest.update(str(path.relative_to(ROOT)).encode())
        digest.update(hashlib.sha256(path.read_bytes()).digest())
    for name in ("jupyterlite-core", "jupyterlite-pyodide-kernel", *WIDGET_PACKAGES):
        digest.update(f"{name}=={importlib.metadata.version(name)}".encode())
    return digest.hexdigest()


def is_built() -> bool:
    return (SITE / "index.html").exists() and TARBALL.exists() and STAMP.exists()


def is_stale() -> bool:
    if not is_built():
        return True
    return STAMP.read_text().strip() != inputs_digest()


def build(notebooks: Path = NOTEBOOKS) -> None:
    started = time.perf_counter()
    digest = inputs_digest()
    version = pyodide_version()
    for path in (STAGE, SITE):
        shutil.rmtree(path, ignore_errors=True)
    TARBALL.unlink(missing_ok=True)
    STAMP.unlink(missing_ok=True)
    STAGE.mkdir(parents=True)

    kernel, python = stage_pyodide(STAGE, version)
    log(f"Pyodide {version} (Python {python}) core and {len(kernel)} kernel wheels")
    wheels = stage_pypi(STAGE, python)
    log("piplite wheels: " + ", ".join(w.name for w in wheels))
    write_config(STAGE)
    names = stage_notebooks(STAGE, notebooks)
    log("notebooks: " + (", ".join(names) or "none yet"))

    log("jupyter lite build")
    run(
        *(sys.executable, "-m", "jupyterlite_core", "build", "--no-sourcemaps"),
        *("--lite-dir", STAGE, "--output-dir", SITE, "--contents", STAGE / "contents"),
        *("--source-date-epoch", str(source_date_epoch())),
        *(arg for app in APPS for arg in ("--apps", app)),
        cwd=STAGE,
    )
    favicon = SITE / "lab" / "favicon.ico"
    if favicon.exists():  # browsers ask for /favicon.ico: answer it rather than log a 404
        shutil.copyfile(favicon, SITE / "favicon.ico")
    check_site(SITE)
    write_tarball(SITE, TARBALL)
    shutil.rmtree(STAGE)
    if notebooks == NOTEBOOKS:  # a site of other notebooks is never taken for the project's
        STAMP.write_text(digest + "\n")
    size = sum(p.stat().st_size for p in SITE.rglob("*") if p.is_file())
    log(
        f"{SITE.relative_to(ROOT)}: {size / 1e6:.1f} MB; "
        f"{TARBALL.relative_to(ROOT)}: {TARBALL.stat().st_size / 1e6:.1f} MB; "
        f"{time.perf_counter() - started:.1f} s"
    )


def check_site(site: Path) -> None:
    """Fail the build when the site would load anything from outside itself."""
    config = json.loads((site / "jupyter-lite.json").read_text())["jupyter-config-data"]
    settings = config["litePluginSettings"]["@jupyterlite/pyodide-kernel-extension:kernel"]
    if not settings.get("disablePyPIFallback"):
        raise SystemExit("the site would fall back to PyPI")
    url = settings.get("pyodideUrl", "")
    if not url.startswith("./") or not (site / url).exists():
        raise SystemExit(f"Pyodide would load from {url!r}, not from the site")
    for config_file in site.rglob("jupyter-lite.json"):
        if "://" in config_file.read_text():
            raise SystemExit(f"{config_file} names an outside address")


def write_tarball(site: Path, tarball: Path) -> None:
    """``borsen-lite/`` with the site, sorted, with fixed times and owners (reproducible)."""
    epoch = source_date_epoch()
    with (
        tarball.open("wb") as raw,
        gzip.GzipFile(fileobj=raw, mode="wb", mtime=0, compresslevel=6) as gz,
        tarfile.open(fileobj=gz, mode="w", format=tarfile.PAX_FORMAT) as tar,
    ):
        for path in sorted(site.rglob("*")):
            info = tar.gettarinfo(str(path), arcname=f"borsen-lite/{path.relative_to(site)}")
            info.mtime = epoch
            info.uid = info.gid = 0
            info.uname = info.gname = ""
            info.mode = 0o755 if path.is_dir() else 0o644
            if path.is_file():
                with path.open("rb") as handle:
                    tar.addfile(info, handle)
            else:
                tar.addfile(info)


# -- the build's own environment ---------------------------------------------------------------


def in_lite_env() -> bool:
    """True when this Python is ``.venv-lite``'s."""
    return Path(sys.prefix).resolve() == LITE_VENV.resolve()


@contextlib.contextmanager
def locked():
    """Held by one process at a time (pytest-xdist workers build the site once between them)."""
    LOCK.parent.mkdir(parents=True, exist_ok=True)
    with LOCK.open("w") as handle:
        try:
            import fcntl
        except ImportError:  # not POSIX: one process at a time is the caller's business
            yield
            return
        fcntl.flock(handle, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(handle, fcntl.LOCK_UN)


def env_digest() -> str:
    return hashlib.sha256((ROOT / "pyproject.toml").read_bytes()).hexdigest()


def ensure_env() -> Path:
    """``.venv-lite`` with the ``lite`` extra, made or reinstalled when ``pyproject.toml``
    changed; returns its Python. Call it holding :func:`locked`."""
    if LITE_PYTHON.exists() and LITE_ENV_STAMP.exists():
        if LITE_ENV_STAMP.read_text().strip() == env_digest():
            return LITE_PYTHON
    log(f"setting up {LITE_VENV.name} (the lite extra: JupyterLite's build tools)")
    LITE_ENV_STAMP.unlink(missing_ok=True)
    if not LITE_PYTHON.exists():
        run(getattr(sys, "_base_executable", sys.executable), "-m", "venv", LITE_VENV)
    run(LITE_PYTHON, "-m", "pip", "install", "-q", "--upgrade", "pip")
    # --no-compile: the build imports a small part of what is installed; the rest would be
    # byte-compiled for nothing (half of the install's time).
    run(LITE_PYTHON, "-m", "pip", "install", "-q", "--no-compile", "-e", f"{ROOT}[lite]", cwd=ROOT)
    LITE_ENV_STAMP.write_text(env_digest() + "\n")
    return LITE_PYTHON


def ensure_site(run_id: str | None = None) -> Path:
    """The built site, rebuilt first (in ``.venv-lite``) when anything it is made from has
    changed. Safe to call from several processes at once: one builds, the others wait.

    ``run_id`` (a test run's id, shared by its pytest-xdist workers): the site is checked and
    built once for that run; later calls with the same id take it as it is, so no test sees it
    rebuilt under its feet when a source changes during the run.
    """
    if in_lite_env():
        if is_stale():
            build()
        return SITE
    checked = OUT / "checked-for-run"
    with locked():
        if run_id and checked.exists() and checked.read_text() == run_id and is_built():
            return SITE
        python = ensure_env()
        run(python, Path(__file__).resolve(), "--if-stale", cwd=ROOT)
        if run_id:
            checked.write_text(run_id)
    return SITE


def lite_env_eval(expression: str) -> str:
    """The ``str()`` of a Python expression evaluated in ``.venv-lite`` (made if missing)."""
    with locked():
        python = ensure_env()
    done = subprocess.run(
        [str(python), "-c", f"import sys; sys.stdout.write(str({expression}))"],
        capture_output=True,
        text=True,
        check=True,
    )
    return done.stdout


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--if-stale", action="store_true", help="build only if an input changed")
    parser.add_argument(
        "--notebooks", type=Path, default=NOTEBOOKS, help="folder of notebooks to put on the page"
    )
    parser.add_argument(
        "--env", action="store_true", help=f"only set up {LITE_VENV.name}, the build's environment"
    )
    args = parser.parse_args(argv)
    if not in_lite_env():
        with locked():
            python = ensure_env()
            if args.env:
                log(f"{LITE_VENV.name} is up to date")
                return
            done = subprocess.run(
                [str(python), str(Path(__file__).resolve()), *(argv or sys.argv[1:])], cwd=ROOT
            )
        raise SystemExit(done.returncode)
    if args.env:
        return
    if args.if_stale and not is_stale():
        log(f"{SITE.relative_to(ROOT)} is up to date")
        return
    build(args.notebooks)


if __name__ == "__main__":
    main()
