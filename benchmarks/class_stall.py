"""The class's event loop while the teacher's figures are worked out (issue 31): the longest
stall of the loop beside the votes' latencies, guess first on and off, with 30 phones.

    .venv/bin/python benchmarks/class_stall.py [--phones 30] [--rounds 6] [--panel]

The class runs as in a notebook: a three-player game of people and ``w.classroom()`` on an
asyncio loop in a process of its own (the kernel's part). A *loop-lag probe* on that loop
sleeps 1 ms again and again and keeps how late each wake-up came: the longest lateness is the
longest time anything on the loop (a phone's vote, a page's message) had to wait. The
teacher's clicks come as lines on the class's standard input, carried out on the loop as a
click on the widget is (``w.new_game()``, ``w.apply("draw")``, ``w.apply("bank")``): each
round starts a new game (a turn's start: the costly exact figures, thousands of states), then
draws and banks. Right after each click, while the figures are worked out, five phones vote
one at a time (0.15 s apart, so no count waits for the class's 0.1 s summary); a vote's
latency runs from sending it to the last of the other phones receiving the new count.

Printed for guess first on (the class's vote follows the teacher's figures, so they are worked
out on the loop) and off (nothing to work out unless ``--panel`` shows the teacher's numbers
beside the table): the clicks' time on the loop, the votes' latencies (median, p95, max) and
the loop's stalls (the longest, the p99 and how many passed 10 ms), and beside them the loop's
own CPU time within one stall (the probe's thread time between two wake-ups: the work the loop
did in one go). The aim: no stall past the 10 ms of a slice (``teacher.CLASS_SLICE_SECONDS``)
but for what a click itself does. On a machine shared with other work a stall also counts the
time the process waited for a core; the CPU column tells the two apart. A benchmark, not a
test: it prints, it does not assert.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import statistics
import subprocess
import sys
import time

from phones import join_class  # this folder: benchmarks run as scripts

SERVER = """
import asyncio, json, sys, time
from borsen_widget import BorsenWidget

GUESS, PANEL = sys.argv[1] == "on", sys.argv[2] == "on"

async def main():
    loop = asyncio.get_running_loop()
    w = BorsenWidget(seats=["Ada", "Bo", "Cy"], seed=7, bot_delay=0, guess_first=GUESS)
    w.show_probabilities = PANEL
    room = w.classroom(max_students=200, max_pages_per_address=None)
    lags = []

    async def probe():  # the loop-lag probe: how late a 1 ms sleep wakes, and the loop's
        while True:     # own CPU time meanwhile (this thread's: what the loop did)
            start, cpu = time.perf_counter(), time.thread_time()
            await asyncio.sleep(0.001)
            lags.append((time.perf_counter() - start - 0.001, time.thread_time() - cpu))

    probing = loop.create_task(probe())
    print(room.url, flush=True)
    while True:
        line = await loop.run_in_executor(None, sys.stdin.readline)
        if not line:
            break
        command = line.split()
        if command[0] == "click":
            took = cpu = None
            if command[1] == "new" or command[1] in w.view["legal"]:
                start, cpu = time.perf_counter(), time.thread_time()
                if command[1] == "new":
                    w.new_game()
                else:
                    w.apply(command[1])
                took, cpu = time.perf_counter() - start, time.thread_time() - cpu
            voting = GUESS and w.teacher.kind in ("choice", "forced")
            reply = {"took": took, "cpu": cpu, "version": w.version, "vote": voting}
            print(json.dumps(reply), flush=True)
        elif command[0] == "lags":
            print(json.dumps(lags), flush=True)
            lags.clear()
    probing.cancel()
    room.stop()

asyncio.run(main())
"""


def ms(values) -> str:
    values = sorted(values)
    if not values:
        return "none"
    p95 = values[min(len(values) - 1, int(0.95 * len(values)))]
    return (
        f"median {statistics.median(values) * 1000:6.1f} ms, p95 {p95 * 1000:6.1f} ms, "
        f"max {values[-1] * 1000:6.1f} ms"
    )


async def one_class(guess: bool, panel: bool, phones_wanted: int, rounds: int) -> None:
    proc = subprocess.Popen(
        [sys.executable, "-c", SERVER, "on" if guess else "off", "on" if panel else "off"],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )
    url = proc.stdout.readline().strip()
    loop = asyncio.get_running_loop()

    async def command(text: str) -> str:
        proc.stdin.write(text + "\n")
        proc.stdin.flush()
        return await loop.run_in_executor(None, proc.stdout.readline)

    phones = await join_class(url, phones_wanted)
    await asyncio.sleep(0.5)
    await command("lags")  # the class's opening is not what is measured

    clicks, click_cpu, votes = [], [], []
    for _ in range(rounds):
        for move in ("new", "draw", "bank", "draw"):
            reply = json.loads(await command(f"click {move}"))
            if reply["took"] is None:  # not a legal move now (a refused card passed the pile)
                continue
            clicks.append(reply["took"])
            click_cpu.append(reply["cpu"])
            if not reply["vote"]:  # guess first off, or aces to keep: nothing to vote on
                await asyncio.sleep(0.75)  # the same pace
                continue
            for k, voter in enumerate(phones[:5]):
                since = [len(x.seen) for x in phones]
                start = time.perf_counter()
                await voter.send(intent="vote", choice="draw", version=reply["version"], id="v")

                def counted(m, k=k):
                    return m["type"] == "class" and (m["class"].get("voters") or 0) > k

                others = [x for x in phones if x is not voter]
                try:
                    done = await asyncio.gather(
                        *(x.until(counted, since[phones.index(x)]) for x in others)
                    )
                except TimeoutError:
                    told = [m for _, m in voter.seen[since[phones.index(voter)] :]]
                    raise SystemExit(f"a vote was not counted on every phone: {told}") from None
                votes.append(max(done) - start)
                await asyncio.sleep(0.15)
    lags = json.loads(await command("lags"))
    label = f"guess first {'on' if guess else 'off'}" + (
        ", teacher's numbers shown" if panel else ""
    )
    print(f"{len(phones)} phones, {label}:")
    print(f"  teacher's click on the loop:  {ms(clicks)}  ({len(clicks)} clicks)")
    print(f"  the click's CPU time:         {ms(click_cpu)}")
    if votes:
        print(f"  vote → every phone's count:  {ms(votes)}  ({len(votes)} votes)")
    walls = sorted(wall for wall, _ in lags)
    cpus = sorted(cpu for _, cpu in lags)
    print(
        f"  loop stall (1 ms probe):     longest {walls[-1] * 1000:6.1f} ms, "
        f"p99 {walls[int(0.99 * (len(walls) - 1))] * 1000:6.1f} ms, "
        f"{sum(w > 0.010 for w in walls)} of {len(walls)} wake-ups past 10 ms"
    )
    print(
        f"  the loop's CPU in one stall: most {cpus[-1] * 1000:6.1f} ms, "
        f"p99 {cpus[int(0.99 * (len(cpus) - 1))] * 1000:6.1f} ms, "
        f"{sum(c > 0.010 for c in cpus)} past 10 ms (the rest of a stall: waiting for a core)"
    )
    proc.stdin.close()
    proc.wait(10)


async def main(phones: int, rounds: int, panel: bool) -> None:
    for guess in (True, False):
        await one_class(guess, panel, phones, rounds)


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--phones", type=int, default=30)
    parser.add_argument("--rounds", type=int, default=6)
    parser.add_argument(
        "--panel", action="store_true", help="show the teacher's numbers beside the table too"
    )
    args = parser.parse_args()
    asyncio.run(main(args.phones, args.rounds, args.panel))
