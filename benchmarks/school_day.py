"""A school day of lessons at tables in one kernel: six lessons back to back, each a new class
whose pupils play at tables, with one hostile page; after each, what the record holds and what
the kernel kept (memory, files, sockets).

    .venv/bin/python benchmarks/school_day.py [--lessons 6] [--phones 30] [--seconds 20]

The real figures: ``--lessons 6 --phones 30 --seconds 90`` (a 45-minute lesson at thirty times
its speed: the bots move every 0.05 s instead of 1.5 s, the pupils act about every 50 ms
instead of every second or two). The default, 20 s of play a lesson, runs in about three
minutes; ``--quick`` (two lessons of 10 s) for less.

The class runs as in a notebook, in a process of its own (the kernel's part), commanded over
its standard input, one widget ``w`` for the whole day. Each lesson: a new class
(``w.classroom(record=<a file of its own>)``), the phones join (WebSocket clients, as in
lesson_latency.py) and one hostile page, ``room.seat_tables(4, pace=0.05, next_game="now")``,
play; then the tables are paused, the projector's last ``experiment`` message is kept and
``room.stop()`` ends the class. The pupils play as in tables_latency.py (draw or bank when it
is their seat's turn, keep their aces), thinking 25 to 75 ms. The hostile page holds a seat
too (it plays it, or its table would wait for it) and between its moves sends, about seven
messages a second with a burst of 40 every five seconds, everything the wire allows and more
(as hostile_classroom.py): moves when another seat is to act, stale and future versions, a
version of another table, unknown intents and the teacher's, seats that are not its own,
malformed JSON, JSON nested a thousand deep, lone surrogates, binary frames, messages over
the size limit and, now and then, a frame over the frame limit (the class closes the page; it
comes back with its session).

Printed after each lesson:

- the lesson: tables, moves (from the record), the pupils' draws and decisions, the hostile
  page's messages, the notices it got and how often it was closed; the pupils' own notices
  (none expected but the rate's), the log's lines (a request that raised is logged);
- the record: its ``move`` events (a draw with ``cards``/``left``/``accepted``) and
  ``decision`` events against the class's own experiment (``room.class_tables.experiment``)
  and the decisions the tables made (each person's choice between drawing and banking,
  counted by a listener of each table's steps); every table's games replayed from the
  record's seeds and moves (each draw's chance and outcome as recorded, each table's game where
  the class left it); and ``Experiment.recount`` of the record's draws and decisions against
  the projector's last figures: equal or not equal;
- the kernel: memory (RSS) against its start (after the class's modules were imported) and
  against the lesson before (aim: within a few MB), open file descriptors (/proc/self/fd),
  sockets among them and threads against the start (aim: none left open), and the class's
  objects still alive (the widget keeps its last class, ``w._room``: one class and its
  tables; more would be a leak). The first lesson's memory is mostly warm-up (the analysis's
  and the narration's caches, bounded: ``functools.lru_cache``); the lessons after it show
  what a lesson leaves behind. The kernel's own threads: ``asyncio_N`` are its default
  executor's, which this benchmark's commands on standard input use.

A benchmark, not a test: it prints, it does not assert.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import random
import subprocess
import sys
import tempfile
import time

from phones import Phone, join_class  # this folder: benchmarks run as scripts
from tables_latency import Pupil, choose, my_turn

SERVER = """
import asyncio, gc, json, os, sys, threading, time
import borsen_widget.classroom.room, borsen_widget.jupyter.join_card  # the class's modules
from borsen_widget import BorsenWidget

def stats():
    rss = 0
    with open("/proc/self/status") as status:
        for line in status:
            if line.startswith("VmRSS:"):
                rss = int(line.split()[1])
    fds = sockets = 0
    for fd in os.listdir("/proc/self/fd"):
        with __import__("contextlib").suppress(OSError):
            fds += 1
            sockets += os.readlink(f"/proc/self/fd/{fd}").startswith("socket:")
    return {
        "rss_kb": rss,
        "fds": fds,
        "sockets": sockets,
        "threads": threading.active_count(),
        "thread_names": sorted(t.name for t in threading.enumerate()),
        "tasks": len(asyncio.all_tasks()),
        "live": live(),
        "cached": cached(),
    }

def cached():  # the entries of the package's function caches (functools.cache, lru_cache)
    counts = {}
    for name, module in list(sys.modules.items()):
        if not name.startswith("borsen_widget") or module is None:
            continue
        for attribute, value in list(vars(module).items()):
            info = getattr(value, "cache_info", None)
            if callable(info) and getattr(value, "__module__", "") == name:
                size = info().currsize
                if size:
                    counts[f"{name.removeprefix('borsen_widget.')}.{attribute}"] = size
    return counts

def live():  # the class's objects still alive (the widget keeps its last class: w._room)
    from borsen_widget.classroom.room import Classroom
    from borsen_widget.classroom.table import GameTable
    from borsen_widget.classroom.tables import ClassTables
    kinds = {"classes": Classroom, "class tables": ClassTables, "game tables": GameTable}
    objects = gc.get_objects()
    return {name: sum(isinstance(o, kind) for o in objects) for name, kind in kinds.items()}

async def main():
    loop = asyncio.get_running_loop()
    w = BorsenWidget(seats=["Ada", "Bo"], seed=7, bot_delay=0)
    room = None
    decisions = [0]

    def step(step):  # a person's choice between drawing and banking: a decision to judge
        decisions[0] += step.is_decision and step.by == "person"

    gc.collect()
    print(json.dumps(stats()), flush=True)
    while True:
        line = await loop.run_in_executor(None, sys.stdin.readline)
        if not line:
            break
        command = line.split()
        try:
            if command[0] == "lesson":
                room = w.classroom(max_students=200, max_pages_per_address=None, record=command[1])
                decisions[0] = 0
                reply = {"url": room.url, "projector": room.projector_url}
            elif command[0] == "seat":
                room.seat_tables(4, pace=float(command[1]), next_game="now")
                for table in room.class_tables.tables:
                    table.on_step(step)
                reply = {"tables": [list(t.names) for t in room.class_tables.tables]}
            elif command[0] == "versions":
                reply = {"versions": [t.version for t in room.class_tables.tables]}
            elif command[0] == "end":
                tables = room.class_tables
                tables.pause()
                start = time.perf_counter()  # the decisions still being judged (a thread)
                while len(tables.experiment.decisions) < decisions[0]:
                    if time.perf_counter() - start > 60:
                        break
                    await asyncio.sleep(0.05)
                waited = time.perf_counter() - start
                await asyncio.sleep(0.5)  # the projector's last figures (at most every 0.25 s)
                experiment = tables.experiment
                reply = {
                    "draws": len(experiment.draws),
                    "people_draws": sum(d.learner is not None for d in experiment.draws),
                    "decisions": len(experiment.decisions),
                    "decided": decisions[0],
                    "waited": waited,
                    "figures": tables.projector_figures(),
                    "games": [
                        {"number": t.number, "log": t.game.log_length, "scores": t.game.scores}
                        for t in tables.tables
                    ],
                }
            elif command[0] == "stop":
                room.stop()
                await asyncio.sleep(1.0)  # the pages' closing handshakes
                gc.collect()
                reply = stats()
            else:
                reply = {"error": f"unknown command {command[0]!r}"}
        except Exception as error:
            import traceback
            traceback.print_exc()
            reply = {"error": f"{type(error).__name__}: {error}"}
        print(json.dumps(reply), flush=True)
    if room is not None:
        room.stop()

asyncio.run(main())
"""


class Hostile:
    """One hostile page: a pupil who holds a seat (and plays it, else its table waits for it)
    and between its moves sends everything the wire allows and more (see the module's text)."""

    RATE = 7.0  # its messages a second, under the class's 8 (sessions.RATE) but for the bursts

    def __init__(self, url: str, name: str, versions, rng: random.Random):
        self.url, self.name, self.versions, self.rng = url, name, versions, rng
        self.phone: Phone | None = None
        self.session: str | None = None
        self.sent = self.closed = 0
        self.dead = False  # the class closed its page: it comes back with its session
        self.kinds: dict[str, int] = {}
        self._phones: list[Phone] = []

    async def connect(self) -> None:
        from tornado import websocket

        conn = await websocket.websocket_connect(self.url.replace("http://", "ws://") + "ws")
        phone = Phone(conn)
        self._phones.append(phone)
        await phone.until(lambda m: m["type"] == "hello", 0)
        join = {"session": self.session} if self.session else {"name": self.name}
        await phone.send(intent="join", id="j", **join)
        await phone.until(lambda m: m["type"] == "welcome", 0)
        self.session = phone.last("welcome")["session"]
        self.phone, self.dead = phone, False

    def close(self) -> None:
        for phone in self._phones:
            phone.conn.close()

    def notices_seen(self) -> int:
        return sum(m.get("type") == "notice" for p in self._phones for _, m in p.seen)

    async def raw(self, kind: str, text, binary: bool = False) -> None:
        from tornado.iostream import StreamClosedError
        from tornado.websocket import WebSocketClosedError

        self.kinds[kind] = self.kinds.get(kind, 0) + 1
        self.sent += 1
        try:
            await self.phone.conn.write_message(text, binary=binary)
        except (StreamClosedError, WebSocketClosedError):
            self.dead = True

    async def send(self, kind: str, **message) -> None:
        await self.raw(kind, json.dumps(message))

    def version(self) -> int:
        m = self.phone.last("view")
        return 0 if m is None else m["view"]["version"]

    async def attack(self) -> None:
        """One of the attacks, at random."""
        v, rng = self.version(), self.rng
        pick = rng.randrange(22)
        if pick == 0:
            await self.send("another seat's move", intent="draw", version=v, id="h")
        elif pick == 1:
            await self.send("stale version", intent=rng.choice(["draw", "bank"]), version=v - 1)
        elif pick == 2:
            await self.send("future version", intent="draw", version=v + rng.randrange(1, 99))
        elif pick == 3:
            others = await self.versions()
            await self.send("another table's version", intent="draw", version=rng.choice(others))
        elif pick == 4:
            await self.send("unknown intent", intent=rng.choice(["explode", "", 42, None]))
        elif pick == 5:
            intent = rng.choice(["open_seat", "take_back", "reveal", "ask", "tables", "panel"])
            await self.send("the teacher's intent", intent=intent, version=v, seat=0)
        elif pick == 6:
            seat = rng.choice([0, 1, 2, 3, 4, 99, -1, "0", True])
            await self.send("a seat not its own", intent=rng.choice(["claim", "leave"]), seat=seat)
        elif pick == 7:
            await self.send("too long", intent="draw", version=v, id="x" * 3000)
        elif pick == 8:
            await self.raw("malformed JSON", rng.choice(["{", '{"intent": ', "nul", "\x00", ""]))
        elif pick == 9:
            await self.raw("not an object", rng.choice(["[]", "null", "42", '"draw"', "1e999"]))
        elif pick == 10:
            await self.raw("nested 1,000 deep", "[" * 1000 + "]" * 1000)
        elif pick == 11:
            await self.raw(
                "lone surrogate", json.dumps({"intent": "draw", "version": v, "id": "\ud800"})
            )
        elif pick == 12:
            await self.raw("binary frame", os.urandom(64), binary=True)
        elif pick == 13:
            aces = rng.choice([["AS", "ZZ"], ["A♠"] * 50, [1, 2], "AS"])
            await self.send("aces that are none", intent="list", version=v, aces=aces)
        elif pick == 14:
            version = rng.choice(["1", True, 1.5, 10**100, -(10**30), None])
            await self.send("a version not a number", intent="draw", version=version)
        elif pick == 15:
            await self.send("extra fields", intent="draw", version=v, evil={"a": [1] * 50})
        elif pick == 16:
            name = rng.choice(["Elev 1", "x" * 500, "", "\u202e", "Robot A"])
            await self.send("join again", intent="join", name=name, id="j2")
        elif pick == 17:
            await self.send("a vote not a vote", intent="vote", version=v, choice="steal")
        elif pick == 18:
            await self.send("an answer to nothing", intent="answer", question=99, value=1e308)
        elif pick == 19:
            await self.send("a strategy", intent="strategy_try", rule={"if": "x" * 1500})
        elif pick == 20:
            await self.send("a language", intent="page_language", language="xx-" * 300)
        else:
            await self.send("keep out of turn", intent="keep", version=v)

    async def run(self, until: float) -> None:
        burst_at = time.perf_counter() + 5.0
        while time.perf_counter() < until:
            if self.dead:
                self.closed += 1
                await self.connect()
            view = self.phone.last("view")
            you = self.phone.last("you")
            seat = None if you is None else you.get("seat")
            if view is not None and my_turn(view["view"], seat):
                move = choose(view["view"], self.rng)
                await self.send("its own move", **move, version=view["view"]["version"], id="o")
            elif time.perf_counter() >= burst_at:
                burst_at += 5.0
                for _ in range(40):  # past the class's rate
                    await self.attack()
                if self.rng.random() < 0.5:  # a frame over the frame limit: the page is closed
                    await self.raw("over the frame limit", "x" * (70 * 1024))
            else:
                await self.attack()
            await asyncio.sleep(1 / self.RATE)


def read_record(path: str) -> list[dict]:
    with open(path, encoding="utf-8") as handle:
        return [json.loads(line) for line in handle if line.strip()]


def check_record(events: list[dict], ended: dict, shown: dict | None) -> list[str]:
    """The record against the class's experiment, the tables' games (replayed) and the
    projector's last figures: the lines to print."""
    from borsen_widget import Game, Rules
    from borsen_widget.classroom.experiment import Decision, Draw, Experiment
    from borsen_widget.engine.actions import Action

    moves = [e for e in events if e["type"] == "move"]
    draws = [
        Draw(e["table"], e["game"], e["seat"], e["learner"], e["cards"], e["left"], e["accepted"])
        for e in moves
        if "left" in e
    ]
    decisions = [
        Decision(e["table"], e["game"], e["seat"], e["learner"], e["choice"], e["best"])
        for e in events
        if e["type"] == "decision"
    ]
    lines = []
    people = sum(d.learner is not None for d in draws)
    same_draws = (len(draws), people) == (ended["draws"], ended["people_draws"])
    same_decisions = len(decisions) == ended["decisions"] == ended["decided"]
    lines.append(
        f"record: {len(moves)} moves, {len(draws)} draws ({people} by pupils; the class kept "
        f"{ended['draws']}, {ended['people_draws']} by pupils: "
        f"{'the same' if same_draws else 'NOT the same'}), {len(decisions)} decisions (the "
        f"class kept {ended['decisions']}, the tables made {ended['decided']}: "
        f"{'the same' if same_decisions else 'NOT the same'}; the last judged "
        f"{ended['waited']:.2f} s after the tables paused)"
    )
    # Replay every table's games from the record: each draw's chance and outcome, and each
    # table's game where the class left it.
    rules = Rules.from_dict(next(e for e in events if e["type"] == "tables")["rules"])
    seeds = {(e["table"], e["game"]): e["seed"] for e in events if e["type"] == "table_game"}
    games: dict[tuple[int, int], Game] = {}
    differ = illegal = 0
    for e in moves:
        key = (e["table"], e["game"])
        if key not in games:
            games[key] = Game(rules, seed=seeds[key])
        game = games[key]
        try:
            action = Action.parse(e["move"])
            if "left" in e:
                cards, left, logged = game.accepted_count(), game.deck_size, game.log_length
            game.apply(action)
        except Exception:
            illegal += 1
            continue
        if "left" in e:
            accepted = any(x.kind == "accept" for x in game.log[logged:])
            differ += (cards, left, accepted) != (e["cards"], e["left"], e["accepted"])
    ends = 0
    for number, table in enumerate(ended["games"], 1):
        game = games.get((number, table["number"]))
        log = 0 if game is None else game.log_length
        scores = None if game is None else list(game.scores)
        ends += (log, scores) == (table["log"], table["scores"]) or (game is None and not log)
    lines.append(
        f"replayed from the record: {len(games)} games, {differ} draws differ, {illegal} moves "
        f"refused; {ends} of {len(ended['games'])} tables' games end where the class's do"
    )
    recount = Experiment.recount(draws, decisions)
    if shown is None:
        lines.append("recount vs the projector: the projector showed no experiment")
    else:
        mine = recount.figures(tables=shown["tables"], players=shown["players"])
        verdict = "equal" if mine == shown else "NOT EQUAL"
        lines.append(
            f"recount vs the projector's last figures: {verdict} ({mine['draws']} draws, "
            f"{mine['accepted']} accepted, expected {mine['expected']}; the projector "
            f"{shown['draws']}, {shown['accepted']}, {shown['expected']})"
        )
        if mine != shown:
            diff = [k for k in mine if mine[k] != shown.get(k)]
            lines.append(f"  differing: {diff}")
        same_class = (
            recount.figures(tables=shown["tables"], players=shown["players"]) == (ended["figures"])
        )
        lines.append(
            "recount vs the class's own figures at the end: "
            + ("equal" if same_class else "NOT EQUAL")
        )
    return lines


async def lesson(
    number: int, command, folder: str, phones_wanted: int, seconds: float, think: float, pace
) -> dict:
    from tornado import websocket

    path = os.path.join(folder, f"lesson-{number}.jsonl")
    opened = await command(f"lesson {path}")
    projector = Phone(
        await websocket.websocket_connect(opened["projector"].replace("http://", "ws://") + "ws")
    )
    phones = await join_class(opened["url"], phones_wanted)

    async def versions():
        return (await command("versions"))["versions"]

    hostile = Hostile(opened["url"], "Hostile", versions, random.Random(number))
    await hostile.connect()
    seated = await command(f"seat {pace}")
    tables = seated["tables"]
    at = {name: n for n, names in enumerate(tables, 1) for name in names}
    pupils = [Pupil(p, i, think, random.Random(100 * number + i)) for i, p in enumerate(phones)]
    start = time.perf_counter()
    until = start + seconds
    await asyncio.gather(
        *(p.play(at[f"Elev {p.index + 1}"], until) for p in pupils), hostile.run(until)
    )
    played = time.perf_counter() - start
    ended = await command("end")
    shown = projector.last("experiment")
    shown = None if shown is None else shown["experiment"]
    pupil_notices = sum(m.get("type") == "notice" for p in phones for _, m in p.seen)
    hostile_notices = hostile.notices_seen()
    after = await command("stop")
    for phone in [*phones, projector]:
        phone.conn.close()
    hostile.close()
    events = read_record(path)
    moves = sum(e["type"] == "move" for e in events)
    print(
        f"lesson {number}: {len(phones) + 1} phones at {len(tables)} tables, {played:.0f} s, "
        f"{moves} moves ({moves / played:.0f} a second)"
    )
    print(
        f"  hostile page: {hostile.sent} messages of {len(hostile.kinds)} kinds, "
        f"{hostile_notices} notices back, closed {hostile.closed} times (came back); the "
        f"pupils' notices: {pupil_notices}"
    )
    for line in check_record(events, ended, shown):
        print("  " + line)
    return after


async def main(lessons: int, phones: int, seconds: float, think: float, pace: float) -> None:
    proc = subprocess.Popen(
        [sys.executable, "-c", SERVER],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    loop = asyncio.get_running_loop()
    log: list[str] = []
    loop.run_in_executor(None, lambda: log.extend(iter(proc.stderr.readline, "")))
    start = json.loads(proc.stdout.readline())

    async def command(text: str) -> dict:
        proc.stdin.write(text + "\n")
        proc.stdin.flush()
        line = await loop.run_in_executor(None, proc.stdout.readline)
        if not line:
            raise SystemExit("the class's process ended:\n" + "".join(log[-40:]))
        reply = json.loads(line)
        if "error" in reply:
            raise SystemExit(f"the class refused {text!r}: {reply['error']}\n" + "".join(log))
        return reply

    def kernel(now: dict, before: dict, label: str) -> str:
        grown = (now["rss_kb"] - before["rss_kb"]) / 1024
        text = f"RSS {now['rss_kb'] / 1024:6.1f} MB ({grown:+5.1f} MB {label})"
        for what in ("fds", "sockets", "threads", "tasks"):
            text += f", {what} {now[what]} ({now[what] - before[what]:+d})"
        new = sorted(set(now["thread_names"]) - set(before["thread_names"]))
        text += f" (new threads: {', '.join(new)})" if new else ""
        text += "; alive: " + ", ".join(f"{n} {k}" for k, n in now["live"].items())
        grew = {
            k: f"{v}" + (f" ({v - before['cached'].get(k, 0):+d})" if k in before["cached"] else "")
            for k, v in sorted(now["cached"].items())
        }
        return text + "\n      cached entries: " + ", ".join(f"{k} {v}" for k, v in grew.items())

    print(f"kernel at the start: {kernel(start, start, 'the start')}")
    previous = start
    with tempfile.TemporaryDirectory() as folder:
        for number in range(1, lessons + 1):
            logged = len(log)
            after = await lesson(number, command, folder, phones, seconds, think, pace)
            lines = log[logged:]
            print(f"  the kernel's log: {len(lines)} lines")
            for line in lines[:12]:
                print("    | " + line.rstrip())
            print(f"  kernel after the lesson: {kernel(after, start, 'vs the start')}")
            if number > 1:
                print(f"    against the lesson before: {kernel(after, previous, 'vs it')}")
            previous = after
    proc.stdin.close()
    with contextlib.suppress(subprocess.TimeoutExpired):
        proc.wait(10)


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--lessons", type=int, default=6)
    parser.add_argument("--phones", type=int, default=30)
    parser.add_argument("--seconds", type=float, default=20.0, help="of play, a lesson")
    parser.add_argument("--think", type=float, default=0.05, help="a pupil's seconds a move")
    parser.add_argument("--pace", type=float, default=0.05, help="a bot's seconds a move")
    parser.add_argument("--quick", action="store_true", help="two lessons of 10 s")
    args = parser.parse_args()
    if args.quick:
        args.lessons, args.seconds = 2, 10.0
    asyncio.run(main(args.lessons, args.phones, args.seconds, args.think, args.pace))
