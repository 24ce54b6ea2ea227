"""The whole class plays at tables (``room.seat_tables``): latency, the projector's experiment,
the kernel loop's stalls and the class's cost per table, with 30 and 60 phones.

    .venv/bin/python benchmarks/tables_latency.py [--phones 30 60] [--seconds 45]

The real figures: ``--phones 30 60 --seconds 300`` (five minutes of play at each size); the
default (45 s a size, about three minutes in all) is for a quick look, ``--quick`` (15 s) for
less.

The class runs as in a notebook, in a process of its own (the kernel's part), commanded over
its standard input: a widget, ``w.classroom()``, the phones join (WebSocket clients, as in
lesson_latency.py), then ``room.seat_tables(4, pace=1.5, next_game="now")``: 30 phones at 8
tables (two of them with a bot in the fourth seat), 60 phones at 15. Each phone reads its own
messages only: its seat from the ``you`` message, its table from ``table``, and from its newest
``view`` whose turn it is (``current``), what it may do (``actions``, ``legal``) and the
view's ``version``. When it is its seat's turn it thinks about two seconds (1 to 3 s) and
draws or banks (on an ace decision it keeps the aces, or lists as few as it must); the bots
move at a human pace (one move every 1.5 s). A projector page (``room.projector_url``) shows
the class's experiment. A loop-lag probe (as in class_stall.py) sleeps 1 ms again and again
on the class's loop while they play.

Printed for each size, median and p95:

- *a move → every phone at its table*: from a phone sending its move to the last phone at its
  table (its own included) holding the new view (aim: ≤ 30 ms median, ≤ 100 ms p95);
- *a draw → the projector*: from a person's draw to the projector's ``experiment`` message
  counting it (its ``draws`` + ``certain``: every person's draw, those that could not fail
  too); the projector is sent at most four times a second (aim: ≤ 500 ms);
- *the kernel loop*: the longest stall of the 1 ms probe, its p99, how many passed 10 and
  100 ms (aim: never over 100 ms), and beside them the loop's own CPU time within one stall
  (the probe's thread time between two wake-ups: what the loop did in one go; the rest of a
  stall is the process waiting for a core, or for the GIL while the proven best choice of a
  pupil's decision is worked out on the class's thread);
- *the class's cost*: its CPU seconds while they played (total, per table, share of a core)
  and its memory (RSS) before seating and after, per table;
- *what each phone saw*: every ``view`` after the class was seated names the players of the
  phone's own table (none of another table's).

On a shared two-core machine the phones' process takes a core of its own: its CPU time is
printed too, since a busy client delays what it measures. A benchmark, not a test: it prints,
it does not assert.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import random
import statistics
import subprocess
import sys
import time

from phones import Phone, join_class  # this folder: benchmarks run as scripts

SERVER = """
import asyncio, json, resource, sys, time
from borsen_widget import BorsenWidget

def usage():
    r = resource.getrusage(resource.RUSAGE_SELF)
    rss = 0
    with open("/proc/self/status") as status:
        for line in status:
            if line.startswith("VmRSS:"):
                rss = int(line.split()[1])
    return {"cpu": r.ru_utime + r.ru_stime, "rss_kb": rss, "wall": time.perf_counter()}

def stalls(lags):
    walls = sorted(wall for wall, _ in lags)
    cpus = sorted(cpu for _, cpu in lags)
    if not lags:
        return {"count": 0}
    return {
        "count": len(walls),
        "longest": walls[-1],
        "p99": walls[int(0.99 * (len(walls) - 1))],
        "over_10": sum(lag > 0.010 for lag in walls),
        "over_100": sum(lag > 0.100 for lag in walls),
        "cpu_most": cpus[-1],
        "cpu_p99": cpus[int(0.99 * (len(cpus) - 1))],
    }

async def main():
    loop = asyncio.get_running_loop()
    w = BorsenWidget(seats=["Ada", "Bo"], seed=7, bot_delay=0)
    room = w.classroom(max_students=200, max_pages_per_address=None)
    lags = []

    async def probe():  # the loop-lag probe: how late a 1 ms sleep wakes, and the loop's
        while True:     # own CPU time meanwhile (this thread's: what the loop did)
            start, cpu = time.perf_counter(), time.thread_time()
            await asyncio.sleep(0.001)
            lags.append((time.perf_counter() - start - 0.001, time.thread_time() - cpu))

    probing = None
    print(json.dumps({"url": room.url, "projector": room.projector_url}), flush=True)
    while True:
        line = await loop.run_in_executor(None, sys.stdin.readline)
        if not line:
            break
        command = line.split()
        try:
            if command[0] == "seat":
                before = usage()
                room.seat_tables(int(command[1]), pace=float(command[2]), next_game="now")
                tables = [list(t.names) for t in room.class_tables.tables]
                lags.clear()
                probing = probing or loop.create_task(probe())
                reply = {"tables": tables, "before": before, "after": usage()}
            elif command[0] == "stats":
                reply = {"usage": usage(), "stalls": stalls(lags)}
                lags.clear()
            elif command[0] == "pause":
                room.class_tables.pause()
                reply = {"paused": True}
            else:
                reply = {"error": f"unknown command {command[0]!r}"}
        except Exception as error:
            reply = {"error": f"{type(error).__name__}: {error}"}
        print(json.dumps(reply), flush=True)
    if probing is not None:
        probing.cancel()
    room.stop()

asyncio.run(main())
"""

#: The teacher's widget's seats: a view naming them is the teacher's table, not a class table.
WIDGET_NAMES = ["Ada", "Bo"]


def ms(values) -> str:
    values = sorted(values)
    if not values:
        return "none"
    p95 = values[min(len(values) - 1, int(0.95 * len(values)))]
    return (
        f"median {statistics.median(values) * 1000:6.1f} ms, p95 {p95 * 1000:6.1f} ms, "
        f"max {values[-1] * 1000:6.1f} ms"
    )


def views_of(phone: Phone, since: int = 0):
    """``(index, arrival, view)`` of each ``view`` message from the ``since``-th on."""
    for index in range(since, len(phone.seen)):
        stamp, m = phone.seen[index]
        if m.get("type") == "view":
            yield index, stamp, m["view"]


def my_turn(view: dict, seat: int | None) -> bool:
    return (
        seat is not None
        and not view["over"]
        and not view["bot_turn"]
        and view["current"] == seat
        and bool(view["actions"])
    )


def choose(view: dict, rng: random.Random) -> dict:
    """A pupil's move on ``view`` (their turn): draw or bank; on aces, keep (or list as few as
    the bank's limit asks, R12)."""
    if view["phase"] == "aces":
        aces = view["aces"] or {}
        if aces.get("to_list"):
            return {"intent": "list", "aces": list(aces["pending"][: aces["to_list"]])}
        return {"intent": "keep"}
    if "bank" in view["actions"] and (
        len(view["pile"]) >= 5 or rng.random() < 0.1 * len(view["pile"])
    ):
        return {"intent": "bank"}
    return {"intent": "draw"}


class Pupil:
    """One phone at a table: when its seat is to act it thinks about ``think`` seconds, then
    moves; every move is kept (when it was sent, the table, the version it was made on)."""

    def __init__(self, phone: Phone, index: int, think: float, rng: random.Random):
        self.phone, self.index, self.think, self.rng = phone, index, think, rng
        self.moves: list[dict] = []
        self.refused = 0

    @property
    def seat(self) -> int | None:
        you = self.phone.last("you")
        return None if you is None else you.get("seat")

    def view(self) -> dict | None:
        m = self.phone.last("view")
        return None if m is None else m["view"]

    async def next_message(self, timeout: float) -> None:
        since = len(self.phone.seen)
        with contextlib.suppress(TimeoutError, asyncio.TimeoutError):
            await self.phone.until(lambda m: True, since, timeout=timeout)

    async def play(self, table: int, until: float) -> None:
        while time.perf_counter() < until:
            view = self.view()
            if view is None or not my_turn(view, self.seat):
                await self.next_message(0.5)
                continue
            await asyncio.sleep(self.rng.uniform(0.5 * self.think, 1.5 * self.think))
            view = self.view()
            if not my_turn(view, self.seat) or time.perf_counter() >= until:
                continue
            move = choose(view, self.rng)
            version = view["version"]
            sent = time.perf_counter()
            since = len(self.phone.seen)
            await self.phone.send(**move, version=version, id=f"m{len(self.moves)}")
            self.moves.append(
                {"sent": sent, "table": table, "version": version, "intent": move["intent"]}
            )
            # This move's view (or a notice: refused) before the next.
            with contextlib.suppress(TimeoutError, asyncio.TimeoutError):
                await self.phone.until(
                    lambda m, v=version: (
                        (m["type"] == "view" and m["view"]["version"] > v) or m["type"] == "notice"
                    ),
                    since,
                    timeout=5,
                )


def first_newer(phone: Phone, sent: float, version: int) -> float | None:
    """The arrival of the phone's first view newer than ``version`` at or after ``sent``."""
    for _, stamp, view in views_of(phone):
        if stamp >= sent and view["version"] > version:
            return stamp
    return None


async def one_class(count: int, seconds: float, think: float, pace: float) -> None:
    proc = subprocess.Popen(
        [sys.executable, "-c", SERVER],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )
    loop = asyncio.get_running_loop()
    opened = json.loads(proc.stdout.readline())

    async def command(text: str) -> dict:
        proc.stdin.write(text + "\n")
        proc.stdin.flush()
        reply = json.loads(await loop.run_in_executor(None, proc.stdout.readline))
        if "error" in reply:
            raise SystemExit(f"the class refused {text!r}: {reply['error']}")
        return reply

    from tornado import websocket

    projector = Phone(
        await websocket.websocket_connect(opened["projector"].replace("http://", "ws://") + "ws")
    )
    phones = await join_class(opened["url"], count)
    await asyncio.sleep(0.5)
    marks = [len(p.seen) for p in phones]  # what each phone had before the class was seated
    projector_mark = len(projector.seen)
    mine = time.process_time()
    seated = await command(f"seat 4 {pace}")
    tables = seated["tables"]
    at = {name: number for number, names in enumerate(tables, 1) for name in names}
    pupils = [Pupil(p, i, think, random.Random(i)) for i, p in enumerate(phones)]
    number_of = [at[f"Elev {i + 1}"] for i in range(count)]
    at_table: dict[int, list[Phone]] = {}
    for i, phone in enumerate(phones):
        at_table.setdefault(number_of[i], []).append(phone)
    await asyncio.sleep(0.3)
    await command("stats")  # the seating itself is not what is measured
    start = time.perf_counter()
    begun = await command("stats")
    until = start + seconds
    await asyncio.gather(*(p.play(number_of[p.index], until) for p in pupils))
    ended = await command("stats")
    await command("pause")
    await asyncio.sleep(0.6)  # the last draws reach the projector (sent at most every 0.25 s)
    mine = time.process_time() - mine

    # A move → every phone at its table.
    moves = sorted((m for p in pupils for m in p.moves), key=lambda m: m["sent"])
    latencies, refused, draws = [], 0, []
    for move in moves:
        arrivals = [first_newer(x, move["sent"], move["version"]) for x in at_table[move["table"]]]
        if any(a is None for a in arrivals):
            refused += 1
            continue
        latencies.append(max(arrivals) - move["sent"])
        if move["intent"] == "draw":
            draws.append(move["sent"])
    # A person's draw → the projector's experiment counting it (draws + certain).
    shown = [
        (stamp, m["experiment"]["draws"] + m["experiment"]["certain"])
        for stamp, m in projector.seen[projector_mark:]
        if m.get("type") == "experiment" and m.get("experiment")
    ]
    base = next((n for stamp, n in shown if stamp <= start), 0)
    projected, missing = [], 0
    for k, sent in enumerate(draws, 1):
        when = next((stamp for stamp, n in shown if stamp >= sent and n >= base + k), None)
        if when is None:
            missing += 1
        else:
            projected.append(when - sent)
    # What each phone saw after seating: its own table's views only.
    own = other = teacher_after = 0
    for i, phone in enumerate(phones):
        names = tables[number_of[i] - 1]
        seen_own = False
        for _, _, view in views_of(phone, marks[i]):
            players = [p["name"] for p in view["players"]]
            if players == names:
                own += 1
                seen_own = True
            elif players == WIDGET_NAMES and not seen_own:
                continue  # the teacher's table, before this phone's table reached it
            elif players == WIDGET_NAMES:
                teacher_after += 1
            else:
                other += 1

    stalls = ended["stalls"]
    played = ended["usage"]["wall"] - begun["usage"]["wall"]
    cpu = ended["usage"]["cpu"] - begun["usage"]["cpu"]
    before_kb, after_kb = seated["before"]["rss_kb"], ended["usage"]["rss_kb"]
    n = len(tables)
    bots = sum(name.startswith("Robot ") for names in tables for name in names)
    print(f"{count} phones at {n} tables of 4 ({bots} bot seats), {played:.0f} s of play:")
    print(
        f"  move → every phone at its table: {ms(latencies)}  ({len(latencies)} moves"
        + (f", {refused} refused or never shown" if refused else "")
        + ")"
    )
    print(
        f"  draw → the projector's experiment: {ms(projected)}  ({len(projected)} draws"
        + (f", {missing} never shown" if missing else "")
        + ")"
    )
    if stalls["count"]:
        print(
            f"  kernel loop (1 ms probe): longest {stalls['longest'] * 1000:6.1f} ms, p99 "
            f"{stalls['p99'] * 1000:5.1f} ms, {stalls['over_10']} past 10 ms, "
            f"{stalls['over_100']} past 100 ms, of {stalls['count']} wake-ups"
        )
        print(
            f"  the loop's own CPU in one stall: most {stalls['cpu_most'] * 1000:5.1f} ms, p99 "
            f"{stalls['cpu_p99'] * 1000:4.1f} ms (the rest of a stall: waiting for a core or "
            "for the GIL)"
        )
    print(
        f"  class process CPU: {cpu:6.2f} s ({cpu / played * 100:4.1f} % of a core), "
        f"{cpu / n:5.3f} s per table ({cpu / n / played * 100:4.2f} % of a core each)"
    )
    print(
        f"  class process RSS: {before_kb / 1024:6.1f} MB before seating, "
        f"{after_kb / 1024:6.1f} MB after play (+{(after_kb - before_kb) / 1024:.1f} MB, "
        f"{(after_kb - before_kb) / n:.0f} kB per table)"
    )
    line = f"  views of another table: {other} of {own + other + teacher_after} after seating"
    if teacher_after:
        line += f"; the teacher's table {teacher_after} times after the phone's own"
    print(line + (" — none" if not other and not teacher_after else " — LEAK"))
    print(f"  (the phones' own process: {mine:.1f} CPU s)")
    proc.stdin.close()
    proc.wait(10)


async def main(sizes, seconds: float, think: float, pace: float) -> None:
    for size in sizes:
        await one_class(size, seconds, think, pace)


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--phones", type=int, nargs="+", default=[30, 60])
    parser.add_argument("--seconds", type=float, default=45.0, help="of play, at each size")
    parser.add_argument("--think", type=float, default=2.0, help="a pupil's seconds a move")
    parser.add_argument("--pace", type=float, default=1.5, help="a bot's seconds a move")
    parser.add_argument("--quick", action="store_true", help="15 s of play at each size")
    args = parser.parse_args()
    asyncio.run(main(args.phones, 15.0 if args.quick else args.seconds, args.think, args.pace))
