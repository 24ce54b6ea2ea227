"""Latency of a class through JupyterHub (issue 30) beside the class's own port: one phone's vote
→ every other phone has the new count of votes, with 30 phones, median and p95.

    .venv/bin/python benchmarks/hub_latency.py [--phones 30] [--votes 60]

A real JupyterHub on this machine (``tests/hub/hub_harness.py``: configurable-http-proxy from
npm, ``cd tests/hub && npm ci``), a teacher's server started through its API and a kernel in it;
the kernel opens three classes on three games of the same seed, guess first on (the phones vote
draw or bank), and thirty WebSocket clients (what each phone holds) join each, on three roads:

- *hub*: a class through the Jupyter server (``w.classroom()``, ``room.via == "jupyter"``) at
  the hub's public address, as phones reach it
  (``http://127.0.0.1:<hub port>/user/teacher/borsen/class/<token>/``): the hub's proxy (a Node
  process), then the teacher's Jupyter server's relay, then the class in the kernel;
- *server*: another such class at the teacher's Jupyter server's own port, the same kind of
  path (the relay without the proxy), to tell the two hops apart;
- *direct*: a class on the kernel's own port (``w.classroom(via="direct")``).

A vote's latency runs from sending it to the last of the 29 other phones of its class
receiving the new count (printed after it: to each other phone, the median phone's wait). The
roads take turns vote by vote (so a busy moment of this shared machine falls on each alike), a
vote every 0.2 s (a class sends a count at once unless one went out less than 0.1 s before).
When every phone of a class has voted once, the teacher plays a move there (a new decision
clears the votes).

The target: the hub's median within 2× of the direct port's. A benchmark, not a test: it
prints, it does not assert.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import statistics
import sys
import tempfile
import time
import urllib.parse
import urllib.request
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO / "tests" / "hub"))

from hub_harness import Hub  # noqa: E402
from phones import Phone  # noqa: E402 - this folder: benchmarks run as scripts

TEACHER = "teacher"
GAP = 0.2  # seconds between two votes

CLASSES = """
from borsen_widget import BorsenWidget

games = {
    road: BorsenWidget(seats=["Ada", "Bo"], seed=7, bot_delay=0, guess_first=True)
    for road in ("hub", "server", "direct")
}
how = {"hub": {}, "server": {}, "direct": {"via": "direct"}}
rooms = {
    road: game.classroom(max_students=100, max_pages_per_address=None, **how[road])
    for road, game in games.items()
}
"""


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


class Road:
    """The phones of one class on one road, and its measured votes."""

    def __init__(self, name: str, game: str, url: str):
        self.name, self.game, self.url = name, game, url
        self.phones: list[Phone] = []
        self.latencies: list[float] = []
        self.each: list[float] = []  # vote → one other phone, every phone's delay
        self.voted = 0  # phones that voted on the decision on the table

    async def join(self, count: int) -> None:
        from tornado import websocket

        ws = self.url.replace("http://", "ws://") + "ws"
        self.phones = [Phone(await websocket.websocket_connect(ws)) for _ in range(count)]
        for i, phone in enumerate(self.phones):
            await phone.until(lambda m: m["type"] == "hello")
            await phone.send(intent="join", name=f"{self.name} {i + 1}", id="j")
            await phone.until(lambda m: m["type"] == "welcome")

    def voters(self, phone: Phone) -> int | None:
        last = phone.last("class")
        return None if last is None or not last["class"]["on"] else last["class"]["voters"]

    async def vote(self) -> None:
        """The next phone votes; the time until every other phone has the new count."""
        voter = self.phones[self.voted]
        target = self.voted + 1
        since = [len(p.seen) for p in self.phones]
        version = voter.last("view")["view"]["version"]
        sent = time.perf_counter()
        await voter.send(intent="vote", version=version, choice="draw", id=f"v{target}")
        others = [(p, s) for p, s in zip(self.phones, since, strict=True) if p is not voter]
        arrived = await asyncio.gather(
            *(
                p.until(lambda m: m["type"] == "class" and (m["class"]["voters"] or 0) >= target, s)
                for p, s in others
            )
        )
        self.latencies.append(1000 * (max(arrived) - sent))
        self.each += [1000 * (t - sent) for t in arrived]
        self.voted = target


async def new_decision(kernel, road: Road) -> None:
    """The teacher plays draws until a new decision is on the table with a vote open (every
    phone's count back at 0 and the vote on)."""
    for _ in range(20):
        since = [len(p.seen) for p in road.phones]
        await asyncio.to_thread(kernel.eval, f"games[{road.game!r}].apply('draw') or 0")
        await asyncio.sleep(0.3)
        watcher = road.phones[-1]
        fresh = [m for _, m in watcher.seen[since[-1] :] if m["type"] == "view"]
        if fresh and road.voters(watcher) == 0 and not fresh[-1]["view"]["over"]:
            road.voted = 0
            return
    raise SystemExit(f"{road.name}: no new decision with a vote open after 20 draws")


def report(roads: list[Road]) -> None:
    width = max(len(r.name) for r in roads)
    direct = statistics.median(next(r for r in roads if r.name == "direct").latencies)
    print(
        f"vote → every other phone's count, {len(roads[0].phones)} phones "
        f"({len(roads[0].latencies)} votes a road):"
    )
    for r in roads:
        median = statistics.median(r.latencies)
        print(
            f"  {r.name:<{width}}  median {median:6.1f} ms   p95 "
            f"{percentile(r.latencies, 0.95):6.1f} ms   max {max(r.latencies):6.1f} ms   "
            f"{median / direct:4.2f}× direct"
        )
    print("vote → one other phone (every phone's delay):")
    direct_each = statistics.median(next(r for r in roads if r.name == "direct").each)
    for r in roads:
        median = statistics.median(r.each)
        print(
            f"  {r.name:<{width}}  median {median:6.1f} ms   p95 "
            f"{percentile(r.each, 0.95):6.1f} ms   {median / direct_each:4.2f}× direct"
        )


async def measure(hub: Hub, phones: int, votes: int) -> None:
    from harness import Kernel

    token = hub.user_token(TEACHER)
    request = urllib.request.Request(
        f"{hub.url}/user/{TEACHER}/api/kernels",
        data=b"{}",
        method="POST",
        headers={"Authorization": f"token {token}"},
    )
    with urllib.request.urlopen(request, timeout=30) as answer:
        kernel_id = json.loads(answer.read())["id"]
    kernel = Kernel(connection_file=hub.runtime_of(TEACHER) / f"kernel-{kernel_id}.json")
    try:
        reply = kernel.client.execute_interactive(CLASSES, timeout=60)
        if reply["content"]["status"] != "ok":
            raise SystemExit(f"the classes did not open: {reply['content']}")
        urls = kernel.eval("{road: [room.via, room.url] for road, room in rooms.items()}")
        if [urls[road][0] for road in ("hub", "server", "direct")] != ["jupyter"] * 2 + ["direct"]:
            raise SystemExit(f"the classes are not reached as asked: {urls}")
        # With no browser a class's address is the Jupyter server's own; the hub's phones come
        # through the hub's public address, the same path.
        path = urllib.parse.urlsplit(urls["hub"][1]).path
        if not path.startswith(f"/user/{TEACHER}/borsen/class/"):
            raise SystemExit(f"unexpected class address {urls['hub'][1]}")
        roads = [
            Road("hub", "hub", f"{hub.url}{path}"),
            Road("server", "server", urls["server"][1]),
            Road("direct", "direct", urls["direct"][1]),
        ]
        print("hub:   ", roads[0].url)
        print("server:", roads[1].url, "(the teacher's Jupyter server, no proxy)")
        print("direct:", roads[2].url)
        for road in roads:
            await road.join(phones)
        for road in roads:
            await new_decision(kernel, road)
        while min(len(r.latencies) for r in roads) < votes:
            for road in roads:
                if road.voted == len(road.phones):
                    await new_decision(kernel, road)
                await road.vote()
                await asyncio.sleep(GAP)
        report(roads)
    finally:
        kernel.client.execute_interactive("for r in rooms.values(): r.stop()", timeout=30)
        kernel.close()


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--phones", type=int, default=30)
    parser.add_argument("--votes", type=int, default=60)
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory(prefix="hub-latency-") as folder:
        hub = Hub(Path(folder))
        hub.start()
        try:
            hub.start_server(TEACHER)
            asyncio.run(measure(hub, args.phones, args.votes))
        finally:
            left = hub.stop()
            if left:
                print("processes left running:", left, file=sys.stderr)


if __name__ == "__main__":
    main()
