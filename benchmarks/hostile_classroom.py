"""Hostile phones against a class (issue 22, "Safety"): what each attack costs the class, and how
long a real student then takes to join and vote.

    .venv/bin/python benchmarks/hostile_classroom.py [--idle 1100]

The class runs as in a notebook, in a process of its own (the kernel's part) with the open-file
limit a kernel often has (1,024) and its log on standard error, as a notebook would show it.
For each attack it prints: the kernel's CPU while the attack holds (percent of one core, over
two seconds), the connections the kernel keeps open, the lines the attack wrote to the log, and
a new student's time to join and see their vote counted (median of five). The attacks:

- *idle*: ``--idle`` TCP connections that send nothing (no request, no token);
- *surrogates*: one page sending 1,000 messages whose text holds a lone UTF-16 surrogate;
- *never join*: 100 pages that connect and never join.

A benchmark, not a test: it prints, it does not assert.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import resource
import statistics
import subprocess
import sys
import time

import psutil
from tornado import httpclient, websocket
from tornado.iostream import StreamClosedError

SERVER = """
import asyncio, logging, sys
from borsen_widget import BorsenWidget, Game, Rules

logging.basicConfig(stream=sys.stderr, level=logging.INFO)

async def main():
    # A decision on the table (a card on the pile), so the class is asked to vote.
    deck = "9C 2D KS 3C 3D 3H 3S 5C 5D 5H 5S".split()
    game = Game.from_position(Rules(players=3), deck=deck, pile=["7S"], seed=7)
    w = BorsenWidget(game=game, seats=["Ada", "Bo", "Cy"], bot_delay=0)
    w.guess_first = True
    room = w.classroom(max_students=60)  # the class's default limits
    print(room.url, w.version, flush=True)
    await asyncio.get_running_loop().run_in_executor(None, sys.stdin.read)
    room.stop()

asyncio.run(main())
"""


def limit_files() -> None:
    resource.setrlimit(resource.RLIMIT_NOFILE, (1024, 1024))


async def student(url: str, version: int, name: str) -> float:
    try:
        return await _student(url, version, name)
    except (OSError, httpclient.HTTPClientError, websocket.WebSocketError, StreamClosedError):
        return float("nan")


async def _student(url: str, version: int, name: str) -> float:
    """A student joins and votes; seconds until their vote is counted on their page (NaN:
    refused or closed)."""
    started = time.perf_counter()
    # From another address than the attacks' (another phone than the attacker's).
    request = httpclient.HTTPRequest(
        url.replace("http://", "ws://") + "ws", network_interface="127.0.0.2"
    )
    conn = await websocket.websocket_connect(request)
    try:
        await conn.write_message(json.dumps({"intent": "join", "name": name, "id": "j"}))
        await conn.write_message(
            json.dumps({"intent": "vote", "version": version, "choice": "draw", "id": "v"})
        )
        while True:
            text = await asyncio.wait_for(conn.read_message(), 10)
            if text is None:
                return float("nan")
            m = json.loads(text)
            if m.get("type") == "you" and m.get("vote") == "draw":
                return time.perf_counter() - started
            if m.get("type") == "notice" and m.get("request") in ("j", "v"):
                return float("nan")
    finally:
        conn.close()


async def measure(label: str, url: str, version: int, proc: psutil.Process, lines, n: int):
    """Print the kernel's CPU over two seconds, its open connections and the log's lines now,
    and a new student's time to join and vote (median of five)."""
    cpu = proc.cpu_times()
    await asyncio.sleep(2.0)
    after = proc.cpu_times()
    busy = (after.user + after.system - cpu.user - cpu.system) / 2.0 * 100
    conns = len(proc.net_connections(kind="tcp"))
    took = [await student(url, version, f"Student {n}-{i}") for i in range(5)]
    ms = statistics.median(took) * 1000
    print(
        f"{label:<28} kernel CPU {busy:5.1f} %  open connections {conns:5d}  log lines "
        f"{len(lines):5d}  a student joins and votes in {ms:7.1f} ms (median of 5)"
    )


async def main(idle: int) -> None:
    proc = subprocess.Popen(
        [sys.executable, "-c", SERVER],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        preexec_fn=limit_files,
    )
    lines: list[str] = []
    loop = asyncio.get_running_loop()
    loop.run_in_executor(None, lambda: lines.extend(iter(proc.stderr.readline, "")))
    url, version = proc.stdout.readline().split()
    version = int(version)
    kernel = psutil.Process(proc.pid)
    await asyncio.sleep(1.0)  # the class has opened: its start is not the attacks' cost
    try:
        await measure("nothing", url, version, kernel, lines, 0)
        port = int(url.split(":")[2].split("/")[0])
        sockets = []
        for start in range(0, idle, 50):
            for _ in range(min(50, idle - start)):
                try:
                    sockets.append(await asyncio.open_connection("127.0.0.1", port))
                except OSError:
                    break
            await asyncio.sleep(0.01)
        lines.clear()
        await measure(f"{len(sockets)} idle connections", url, version, kernel, lines, 1)
        for _, writer in sockets:
            writer.close()
        await asyncio.sleep(0.5)
        lines.clear()
        page = await websocket.websocket_connect(url.replace("http://", "ws://") + "ws")
        for i in range(1000):
            try:
                await page.write_message(
                    json.dumps({"intent": "join", "name": "G", "id": "\ud800"})
                )
            except (websocket.WebSocketClosedError, StreamClosedError):
                page = await websocket.websocket_connect(url.replace("http://", "ws://") + "ws")
            if i % 50 == 0:
                await asyncio.sleep(0)
        await measure("1,000 surrogate messages", url, version, kernel, lines, 2)
        page.close()
        lines.clear()
        pages = []
        for _ in range(100):
            try:
                page = await websocket.websocket_connect(url.replace("http://", "ws://") + "ws")
            except (OSError, httpclient.HTTPClientError, websocket.WebSocketError):
                break
            pages.append(page)
            if await page.read_message() is None:  # its hello, or closed: too many pages
                break
        await measure("100 pages never joining", url, version, kernel, lines, 3)
        for page in pages:
            page.close()
    finally:
        proc.stdin.close()
        proc.wait(10)


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--idle", type=int, default=1100)
    args = parser.parse_args()
    _soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    want = max(4096, args.idle * 2)
    resource.setrlimit(resource.RLIMIT_NOFILE, (want if hard < 0 else min(want, hard), hard))
    asyncio.run(main(args.idle))
