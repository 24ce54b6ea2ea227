"""Latency of a class on the students' phones: the time from one student's click to the updated
table on every other student's page, with 30 students connected, median and p95.

    .venv/bin/python benchmarks/classroom_latency.py [--students 30] [--clicks 40]

The class runs as in a notebook: a BorsenWidget and ``w.classroom()`` on an asyncio loop in a
process of its own (the kernel's part; there is no JupyterLab page here, so the widget's own
messages go nowhere). Two measures, each with its own class:

- *pages*: thirty real pages in headless Chromium join by the address; two of them hold the
  seats of a two-player game and take turns clicking Draw or Bank. Each page stamps the moment
  its table shows a new version (``performance.timeOrigin + performance.now()``, one clock for
  every page on this machine); a click's latency runs from the click to the *last* of the 29
  other pages drawing it. All thirty pages render on this machine's cores (in a classroom,
  each phone renders its own), so this is the pessimistic figure.
- *sockets*: thirty WebSocket clients (what each page holds) do the same; a click's latency
  runs from sending it to the last of the 29 others receiving the new view: the server's part.

The aim is a median under 100 ms. A benchmark, not a test: it prints, it does not assert.
Needs Debian's ``chromium`` (apt-get install chromium).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import statistics
import subprocess
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO / "tests" / "browser"))

from harness import CHROMIUM_ARGS, find_chromium  # noqa: E402

# The kernel's part: a two-player game of people, a class on 127.0.0.1, both seats open; it
# prints the join address and serves until its standard input closes.
SERVER = """
import asyncio, sys
from borsen_widget import BorsenWidget

async def main():
    w = BorsenWidget(seats=["Ada", "Bo"], seed=7, bot_delay=0)
    room = w.classroom(max_students=100, max_pages_per_address=None)
    room.open_seats()
    print(room.url, flush=True)
    await asyncio.get_running_loop().run_in_executor(None, sys.stdin.read)
    room.stop()

asyncio.run(main())
"""

# Stamp every new version of the table on a page.
WATCH = """() => {
  const root = document.querySelector('main.borsen');
  window.__updates = {};
  new MutationObserver(() => {
    const v = Number(root.dataset.version);
    if (!(v in window.__updates)) window.__updates[v] = performance.timeOrigin + performance.now();
  }).observe(root, {attributes: true, attributeFilter: ['data-version']});
}"""

# Click the legal button on the page whose seat is to act (draw on a short pile, else bank, so
# every click changes the view); returns the click's time and the version it was made on.
CLICK = """() => {
  const root = document.querySelector('main.borsen');
  const shown = (i) => { const b = root.querySelector(`.borsen-actions [data-intent=${i}]`);
    return b && !b.hidden ? b : null; };
  const ok = root.querySelector('.borsen-aces-ok');
  if (ok && !root.querySelector('.borsen-aces').hidden) {
    for (const ace of root.querySelectorAll('.borsen-ace')) {
      if (!ok.disabled) break;
      ace.click(); // list as few aces as the limit asks (R12)
    }
    const version = Number(root.dataset.version);
    const at = performance.timeOrigin + performance.now();
    root.querySelector('.borsen-aces-ok').click();
    return {at, version};
  }
  const pile = root.querySelectorAll('.borsen-pile .borsen-card').length;
  const button = (pile < 3 && shown('draw')) || shown('bank') || shown('draw');
  if (!button) return null;
  const version = Number(root.dataset.version);
  const at = performance.timeOrigin + performance.now();
  button.click();
  return {at, version};
}"""


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


class Server:
    """The kernel's part in a process of its own, stopped by closing its standard input."""

    def __enter__(self) -> str:
        self.proc = subprocess.Popen(
            [sys.executable, "-c", SERVER],
            cwd=REPO,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
        )
        url = self.proc.stdout.readline().strip()
        if not url.startswith("http://127.0.0.1:"):
            self.__exit__()
            sys.exit(f"the class did not start: {url!r}")
        return url

    def __exit__(self, *_exc) -> None:
        self.proc.stdin.close()
        try:
            self.proc.wait(timeout=20)
        except subprocess.TimeoutExpired:
            self.proc.kill()


async def sockets(url: str, students: int, clicks: int) -> list[float]:
    """Click → every other socket has the new view, in ms (the server's part)."""
    from tornado.websocket import websocket_connect

    class Page:
        async def start(self, i: int) -> None:
            self.conn = await websocket_connect(url.replace("http://", "ws://") + "ws")
            self.version, self.seat, self.view = -1, None, None
            self.seen: dict[int, float] = {}
            self.changed = asyncio.Event()
            await self.conn.read_message()  # hello
            await self.conn.write_message(json.dumps({"intent": "join", "name": f"S{i}"}))
            asyncio.get_running_loop().create_task(self.read())

        async def read(self) -> None:
            while (text := await self.conn.read_message()) is not None:
                m = json.loads(text)
                if m["type"] == "view":
                    self.view = m["view"]
                    self.seen.setdefault(m["view"]["version"], time.perf_counter())
                elif m["type"] == "notice":
                    print("notice:", m["text"], file=sys.stderr)
                elif m["type"] == "you":
                    self.seat = m["seat"]
                self.changed.set()

        async def until(self, test) -> None:
            while not test():
                self.changed.clear()
                await asyncio.wait_for(self.changed.wait(), 10)

    pages = [Page() for _ in range(students)]
    for i, page in enumerate(pages):
        await page.start(i)
    for seat in (0, 1):
        await pages[seat].until(lambda p=pages[seat]: p.view is not None)
        await pages[seat].conn.write_message(json.dumps({"intent": "claim", "seat": seat}))
        await pages[seat].until(lambda p=pages[seat], s=seat: p.seat == s)
    latencies = []
    for _ in range(clicks):
        view = pages[0].view
        if view["over"]:
            break
        clicker = pages[view["current"]]
        await clicker.until(lambda c=clicker, v=view: c.view["version"] >= v["version"])
        click = {"version": view["version"]}
        if view["aces"]:  # keep what the limit allows (R12)
            need = view["aces"]["to_list"]
            click["intent"] = "list" if need else "keep"
            if need:
                click["aces"] = view["aces"]["pending"][:need]
        else:
            short = len(view["pile"]) < 3 and "draw" in view["actions"]
            click["intent"] = "draw" if short else "bank"
        sent = time.perf_counter()
        await clicker.conn.write_message(json.dumps(click))
        others = [p for p in pages if p is not clicker]
        for p in others:
            await p.until(lambda p=p, v=view["version"]: max(p.seen) > v)
        arrived = [min(t for v, t in p.seen.items() if v > view["version"]) for p in others]
        latencies.append(1000 * (max(arrived) - sent))
        await clicker.until(lambda c=clicker, v=view["version"]: max(c.seen) > v)
        await asyncio.sleep(0.15)  # a person clicks a few times a second (the rate limit)
    for page in pages:
        page.conn.close()
    return latencies


def report(name: str, latencies: list[float]) -> None:
    print(
        f"{name}: click → every other page updated: median {statistics.median(latencies):.1f} ms, "
        f"p95 {percentile(latencies, 0.95):.1f} ms, max {max(latencies):.1f} ms "
        f"({len(latencies)} clicks)"
    )


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--students", type=int, default=30)
    parser.add_argument("--clicks", type=int, default=40)
    args = parser.parse_args(argv)
    with Server() as url:
        by_socket = asyncio.run(sockets(url, args.students, args.clicks))
    report(f"sockets ({args.students} students)", by_socket)
    chromium = find_chromium()
    if chromium is None:
        sys.exit("the pages' figure needs Debian's chromium (apt-get install chromium)")
    from playwright.sync_api import sync_playwright

    with Server() as url, sync_playwright() as p:
        browser = p.chromium.launch(executable_path=chromium, args=CHROMIUM_ARGS)
        pages = []
        started = time.perf_counter()
        for i in range(args.students):
            context = browser.new_context(viewport={"width": 390, "height": 844})
            page = context.new_page()
            page.goto(url)
            page.locator(".borsen-join-go:not([disabled])").wait_for()
            page.locator(".borsen-join-name").fill(f"Student {i + 1}")
            page.locator(".borsen-join-go").click()
            page.locator(".borsen-class").wait_for(state="visible")
            page.evaluate(WATCH)
            pages.append(page)
        for seat in (0, 1):
            pages[seat].locator(f'[data-seat-intent="claim"][data-seat="{seat}"]').click()
            pages[seat].locator(".borsen-holder").first.wait_for()
        joined = time.perf_counter() - started
        latencies, each = [], []
        for _ in range(args.clicks):
            pages[0].wait_for_timeout(150)  # a person clicks a few times a second at most
            current = pages[0].evaluate(
                "() => Number(document.querySelector('.borsen-seat.is-current')"
                "?.dataset.seat ?? -1)"
            )
            if current < 0:
                break  # the game is over
            clicker = current
            pages[clicker].wait_for_function(
                "() => [...document.querySelectorAll('.borsen-actions [data-intent]')]"
                ".some((b) => !b.hidden) || !document.querySelector('.borsen-aces').hidden"
            )
            clicked = pages[clicker].evaluate(CLICK)
            others = [pg for i, pg in enumerate(pages) if i != clicker]
            version = clicked["version"]
            stamps = []
            for pg in others:
                pg.wait_for_function(
                    f"() => Object.keys(window.__updates).some((v) => Number(v) > {version})"
                )
                updates = pg.evaluate("() => window.__updates")
                stamps.append(min(t for v, t in updates.items() if int(v) > version))
            delays = [t - clicked["at"] for t in stamps]
            latencies.append(max(delays))
            each += delays
            # Every page, the clicker's too, shows the new view before the next click.
            for pg in pages:
                pg.wait_for_function(
                    f"() => Object.keys(window.__updates).some((v) => Number(v) > {version})"
                )
        browser.close()
    print(f"pages: {len(pages)} students joined in {joined:.1f} s")
    report(f"pages ({args.students} Chromium pages on this machine)", latencies)
    print(
        f"pages: click → one other page updated: median {statistics.median(each):.1f} ms, "
        f"p95 {percentile(each, 0.95):.1f} ms"
    )


if __name__ == "__main__":
    main()
