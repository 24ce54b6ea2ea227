"""Latency of the widget in a real JupyterLab and headless Chromium: the time from a click to
the updated DOM (and to the next painted frame), median over many clicks.

    .venv/bin/python benchmarks/widget_latency.py [--clicks 60]

A click travels page → kernel (custom message) → engine → new view (trait sync) → page. The
aim is a median under 50 ms. This is a benchmark, not a test: it prints, it does not assert.
Needs Debian's ``chromium`` (apt-get install chromium).
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO / "tests" / "browser"))

from harness import (  # noqa: E402
    CHROMIUM_ARGS,
    JupyterLab,
    find_chromium,
    open_notebook,
    write_notebook,
)

# Click the legal button (draw on an empty pile, else bank: every click changes the view), and
# time until the widget's data-version changes (the whole update is synchronous, so the DOM is
# complete then) and until the next animation frame (painted).
MEASURE = """async (n) => {
  const root = document.querySelector('.borsen');
  const dom = [], frame = [];
  for (let i = 0; i < n; i++) {
    const version = Number(root.dataset.version);
    const shown = [...root.querySelectorAll('.borsen-actions button[data-intent]')]
      .filter((b) => !b.hidden);
    const button = shown.find((b) => b.dataset.intent === 'bank') || shown[0];
    if (!button) throw new Error(`no button to click: ${root.outerHTML.slice(0, 3000)}`);
    const t0 = performance.now();
    const updated = new Promise((resolve) => {
      const observer = new MutationObserver(() => {
        if (Number(root.dataset.version) > version) {
          observer.disconnect();
          resolve(performance.now() - t0);
        }
      });
      observer.observe(root, { attributes: true, attributeFilter: ['data-version'] });
    });
    button.click();
    dom.push(await updated);
    await new Promise((r) => requestAnimationFrame(() => r()));
    frame.push(performance.now() - t0);
    await new Promise((r) => setTimeout(r, 40));
  }
  return { dom, frame };
}"""


# jupyter_server leaves Nagle's algorithm on for kernel websockets: a small frame written right
# after another waits for the browser's (delayed) ACK, up to ~40 ms on Linux.
NODELAY_CONFIG = """
from jupyter_server.services.kernels.websocket import KernelWebsocketHandler

_open = KernelWebsocketHandler.open


async def _open_nodelay(self, kernel_id):
    self.set_nodelay(True)
    return await _open(self, kernel_id)


KernelWebsocketHandler.open = _open_nodelay
"""


def describe(name: str, values: list[float]) -> str:
    values = sorted(values)
    p90 = values[int(0.9 * (len(values) - 1))]
    return (
        f"{name:<22} median {statistics.median(values):6.1f} ms   p90 {p90:6.1f} ms   "
        f"min {values[0]:6.1f} ms   max {values[-1]:6.1f} ms"
    )


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--clicks", type=int, default=60, help="measured clicks (default 60)")
    parser.add_argument("--warmup", type=int, default=6, help="unmeasured clicks first")
    parser.add_argument(
        "--nodelay",
        action="store_true",
        help="also switch Nagle's algorithm off on JupyterLab's kernel websockets (a server "
        "setting, not the widget's) to show how much of the time is TCP waiting",
    )
    args = parser.parse_args()
    chromium = find_chromium()
    if chromium is None:
        print("no Chromium found (apt-get install chromium): cannot measure", file=sys.stderr)
        return 2
    from playwright.sync_api import sync_playwright

    with tempfile.TemporaryDirectory() as tmp:
        lab = JupyterLab(Path(tmp))
        if args.nodelay:
            config = Path(tmp) / "config"
            config.mkdir(parents=True, exist_ok=True)
            (config / "jupyter_server_config.py").write_text(NODELAY_CONFIG)
        started = time.perf_counter()
        lab.start()
        try:
            # Two people at one screen, four decks, aces kept automatically: plenty of clicks
            # with no bot and no dialog in the way.
            write_notebook(
                lab.root / "latency.ipynb",
                [
                    "from borsen_widget import BorsenWidget, Rules\n"
                    "w = BorsenWidget(rules=Rules(players=2, decks=4, auto_aces='keep'), "
                    "seats=['Ada', 'Bo'], "
                    "seed=1)\nw"
                ],
            )
            with sync_playwright() as p:
                browser = p.chromium.launch(executable_path=chromium, args=CHROMIUM_ARGS)
                page = browser.new_page(viewport={"width": 1100, "height": 900})
                open_notebook(page, lab, "latency.ipynb")
                print(f"JupyterLab and the notebook ready in {time.perf_counter() - started:.1f} s")
                page.evaluate(MEASURE, args.warmup)
                result = page.evaluate(MEASURE, args.clicks)
                browser.close()
        finally:
            lab.stop()
    server = "TCP_NODELAY on the kernel websocket" if args.nodelay else "default server settings"
    print(
        f"{args.clicks} clicks (after {args.warmup} warm-up), JupyterLab + headless Chromium, "
        f"{server}:"
    )
    print(describe("click → updated DOM", result["dom"]))
    print(describe("click → next frame", result["frame"]))
    median = statistics.median(result["dom"])
    print(f"aim: median under 50 ms — {'met' if median < 50 else 'NOT met'} ({median:.1f} ms)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
