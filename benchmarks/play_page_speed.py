"""Open → playable: the play page beside the full offline lab, cold and warm (issue 29).

    python benchmarks/play_page_speed.py             # 3 cold and 3 warm runs of each
    python benchmarks/play_page_speed.py --runs 5 --only play

"Playable": from the navigation to the Draw button enabled, then a click on it changing the table
(the view's next version drawn). Both pages are served from 127.0.0.1 by ``python -m
http.server`` and opened in Debian's Chromium (headless) with every outside address blocked:

- the play page, ``build/play/site`` (``make play``): opening ``index.html``;
- the full offline lab, ``build/lite/site`` (``make lite``): opening ``play.ipynb`` in its
  notebook view, running every cell (``%pip install`` included) and waiting for the widget.

Cold: a fresh browser profile for each run (nothing cached). Warm: one profile, opened once
before (for the play page: until its Python snapshot is kept and its service worker is in
charge), then each run in a new tab of it. Medians of the runs; the play page's worker tells
where its own seconds went (Python's start or its snapshot's restore, unpacking the package,
the first view). The load average is printed too: the machine is shared, and a busy one is
slower.

Where the offline lab's 15 s go, measured before the play page was designed (2 cores, load
average 1.3-2.4, Pyodide 314.0.6 loaded in a Web Worker from 127.0.0.1, each step timed
alone; issue 29):

- Pyodide's core: downloading its 14 MB 0.1-0.2 s, compiling the WebAssembly 0.1-0.2 s
  (lazily), then Python's start (``loadPyodide``, no package) 3.1-4.7 s on a first visit and
  still 2.3-3.6 s on a later one: the interpreter's start is work in WebAssembly, which the
  browser's caches do not save;
- the kernel's packages: unpacking the 21 wheels 0.5 s; ``import IPython`` 2.8-3.6 s (what
  ipywidgets needs); ipywidgets 0.15 s, anywidget 0.16 s; ``borsen_widget`` 0.25-0.35 s;
- JupyterLab's own front end: the notebook shown after about 3.5 s (the issue's figure), and
  the ``%pip install`` cell through piplite and micropip before the widget's cell runs.

So the play page keeps Pyodide and drops the rest: no JupyterLab, no micropip, no IPython or
ipywidgets (the widget's own class on a traitlets-only base, borsen_widget/jupyter/standalone.py),
and it starts Python from a memory snapshot (31 MB, 7.5 MB gzipped) taken with the package
imported: restoring it took 0.36-0.46 s against 3-3.6 s for a fresh start.
"""

from __future__ import annotations

import argparse
import importlib.util
import os
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests" / "browser"))

from lite_support import (  # noqa: E402
    BLOCK_OUTSIDE,
    KERNEL_IDLE,
    QUIET,
    StaticServer,
    load_build_script,
)

DRAW = ".borsen-actions button[data-intent=draw]"
DRAW_READY = f"""() => {{
  const b = document.querySelector('{DRAW}');
  return Boolean(b && !b.hidden && !b.disabled);
}}"""
VERSION = "() => Number(document.querySelector('.borsen').dataset.version)"
MOVED = "(v) => Number(document.querySelector('.borsen').dataset.version) > v"


def load_script(name: str):
    path = ROOT / "scripts" / f"{name}.py"
    spec = importlib.util.spec_from_file_location(name, path)
    module = importlib.util.module_from_spec(spec)
    sys.modules.setdefault(name, module)
    spec.loader.exec_module(module)
    return module


class Server(StaticServer):
    READY_PATH = "/index.html"


def playable(page, url: str, prepare=None, timeout: float = 180_000) -> dict:
    """Open ``url`` and time it to the Draw button enabled, then to a click's new table."""
    started = time.monotonic()
    page.goto(url)
    times = {}
    if prepare is not None:
        prepare(page, timeout)
        times["kernel idle"] = time.monotonic() - started
    page.wait_for_function(DRAW_READY, timeout=timeout)
    times["draw enabled"] = time.monotonic() - started
    version = page.evaluate(VERSION)
    page.locator(DRAW).first.click()
    page.wait_for_function(MOVED, arg=version, timeout=timeout)
    times["playable"] = time.monotonic() - started
    return times


def run_lab_notebook(page, timeout: float) -> None:
    """The lab: wait for the kernel, then run every cell of the play notebook."""
    page.wait_for_function(KERNEL_IDLE, timeout=timeout)
    page.evaluate("window.jupyterapp.commands.execute('notebook:run-all-cells')")


def launch(playwright, profile: Path):
    return playwright.chromium.launch_persistent_context(
        str(profile),
        executable_path="/usr/bin/chromium",
        headless=True,
        args=[*QUIET, *BLOCK_OUTSIDE],
        viewport={"width": 1100, "height": 900},
        locale="en-GB",
    )


def measure(playwright, url: str, runs: int, prepare=None, settle=None) -> dict:
    """``runs`` cold runs (a fresh profile each) and ``runs`` warm ones (one profile)."""
    result = {"cold": [], "warm": [], "detail": {"cold": [], "warm": []}}
    for _ in range(runs):
        with tempfile.TemporaryDirectory() as profile:
            context = launch(playwright, Path(profile))
            try:
                page = context.new_page()
                result["cold"].append(playable(page, url, prepare))
                result["detail"]["cold"].append(page.evaluate("() => window.borsenPlay || null"))
            finally:
                context.close()
    with tempfile.TemporaryDirectory() as profile:
        context = launch(playwright, Path(profile))
        try:
            page = context.new_page()
            playable(page, url, prepare)  # the first visit, not counted
            if settle is not None:
                settle(page)
            page.close()
            for _ in range(runs):
                page = context.new_page()
                result["warm"].append(playable(page, url, prepare))
                result["detail"]["warm"].append(page.evaluate("() => window.borsenPlay || null"))
                page.close()
        finally:
            context.close()
    return result


def settle_play_page(page) -> None:
    """After a first visit: the snapshot kept, the service worker in charge."""
    page.wait_for_function(
        "() => window.borsenPlay && window.borsenPlay.snapshot !== 'none'", timeout=120_000
    )
    page.wait_for_function("() => navigator.serviceWorker.controller !== null", timeout=60_000)


def median(runs: list[dict], key: str) -> float:
    return statistics.median(run[key] for run in runs)


def report(name: str, result: dict) -> None:
    for kind in ("cold", "warm"):
        runs = result[kind]
        each = ", ".join(f"{run['playable']:.2f}" for run in runs)
        print(
            f"  {name:<34} {kind}: {median(runs, 'playable'):5.2f} s to playable "
            f"(Draw enabled {median(runs, 'draw enabled'):5.2f} s; runs: {each})"
        )
        if "kernel idle" in runs[0]:
            idle = ", ".join(f"{run['kernel idle']:.2f}" for run in runs)
            print(f"  {'':<34}       the kernel seen idle, then Run All (runs: {idle})")
        details = [d["started"] for d in result["detail"][kind] if d and d.get("started")]
        if details:
            keys = [k for k in ("python", "unpacked", "playing") if k in details[0]]
            restored = sum(bool(d.get("restored")) for d in details)
            parts = f"Python from a snapshot in {restored} of {len(details)}; " + ", ".join(
                f"{k} {statistics.median(d.get(k, 0) for d in details) / 1000:.2f} s" for k in keys
            )
            print(f"  {'':<34}       the worker (from its start): {parts}")


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=3, help="cold and warm runs of each (3)")
    parser.add_argument("--only", choices=("play", "lab"), help="measure one page only")
    args = parser.parse_args(argv)

    from playwright.sync_api import sync_playwright

    sites = {}
    if args.only != "lab":
        sites["play"] = load_script("build_play").ensure_site()
    if args.only != "play":
        sites["lab"] = load_build_script().ensure_site()
    print(f"{os.cpu_count()} cores; load average before: {os.getloadavg()[0]:.2f}")
    print(f"Open → playable (median of {args.runs}; target for the play page: 5 s cold, 2 s warm)")
    labels = {"play": "play page (build/play/site)", "lab": "offline lab (build/lite/site)"}
    with sync_playwright() as playwright:
        for name, site in sites.items():
            with tempfile.TemporaryDirectory() as folder:
                # A copy: a test run or a build elsewhere may rebuild build/ meanwhile.
                copy = shutil.copytree(site, Path(folder) / "site")
                server = Server(copy, Path(folder) / "http.log").start()
                try:
                    if name == "play":
                        result = measure(
                            playwright, f"{server.url}/", args.runs, settle=settle_play_page
                        )
                    else:
                        url = f"{server.url}/notebooks/index.html?path=play.ipynb"
                        result = measure(playwright, url, args.runs, prepare=run_lab_notebook)
                finally:
                    server.stop()
            report(labels[name], result)
            print(f"  load average now: {os.getloadavg()[0]:.2f}", flush=True)


if __name__ == "__main__":
    main()
