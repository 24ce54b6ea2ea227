"""Latency of a measured lesson on the students' phones (issue 22), the server's part: WebSocket
clients (what each phone holds) against a class in a process of its own, as in a kernel.

    .venv/bin/python benchmarks/lesson_latency.py [--students 30 60] [--rounds 30]

For each class size it prints, median and p95 (milliseconds):

- *answer → every phone's count*: one student answers a posed question; the time until every
  other phone has the new count of answers (the teacher's card is updated in the same step);
- *reveal → every phone*: the teacher reveals (a line on the class's standard input, as a
  notebook cell would call ``room.reveal()``); the time until every phone shows the answer;
- *move → every phone, guess first and the teacher's numbers on*: the student holding the seat
  to act draws or banks; the time until every other phone has the new table, while the
  teacher's panel works out its exact figures on the same event loop.

Aims: answers ≤ 100 ms median, reveal ≤ 200 ms, moves ≤ 30 ms median. A benchmark, not a
test: it prints, it does not assert.
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import subprocess
import sys
import time

from phones import join_class  # this folder: benchmarks run as scripts

SERVER = """
import asyncio, sys
from borsen_widget import BorsenWidget

async def main():
    w = BorsenWidget(seats=["Ada", "Bo"], seed=7, bot_delay=0, guess_first=True)
    w.show_probabilities = True  # the teacher's numbers, worked out on this loop
    room = w.classroom(max_students=200, max_pages_per_address=None)
    room.open_seats()
    print(room.url, flush=True)
    loop = asyncio.get_running_loop()
    while True:
        line = await loop.run_in_executor(None, sys.stdin.readline)
        if not line:
            break
        command = line.split()
        try:
            if command[0] == "ask":
                room.ask(command[1])
            elif command[0] == "reveal":
                room.reveal()
            print("ok", flush=True)
        except Exception as error:
            print("error", error, flush=True)
    room.stop()

asyncio.run(main())
"""


def ms(values):
    values = sorted(values)
    p95 = values[min(len(values) - 1, int(0.95 * len(values)))]
    return f"median {statistics.median(values) * 1000:6.1f} ms, p95 {p95 * 1000:6.1f} ms"


async def one_class(students: int, rounds: int) -> None:
    proc = subprocess.Popen(
        [sys.executable, "-c", SERVER],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )
    url = proc.stdout.readline().strip()
    loop = asyncio.get_running_loop()

    async def command(text):
        proc.stdin.write(text + "\n")
        proc.stdin.flush()
        return await loop.run_in_executor(None, proc.stdout.readline)

    phones = await join_class(url, students)
    await phones[0].send(intent="claim", seat=0, id="c0")
    await phones[1].send(intent="claim", seat=1, id="c1")
    await asyncio.sleep(0.5)

    answers, reveals, moves = [], [], []
    for _ in range(rounds):
        view = phones[2].last("view")["view"]
        current = view["current"]
        if view.get("is_over"):
            break
        can_ask = "bank" in (view.get("legal") or view.get("legal_actions") or [])
        if can_ask:
            reply = await command("ask count")
            if reply.startswith("ok"):
                await asyncio.sleep(0.05)
                q = phones[2].last("question")["question"]
                for k, p in enumerate(phones[2:12]):  # ten answers, one at a time
                    since = [len(x.seen) for x in phones]
                    t0 = time.perf_counter()
                    await p.send(intent="answer", question=q["id"], value=k % 5, id=f"a{k}")
                    target = k + 1

                    def has(m, target=target):
                        return m["type"] == "question" and m["question"].get("answered") == target

                    others = [x for x in phones if x is not p]
                    done = await asyncio.gather(
                        *(x.until(has, since[phones.index(x)]) for x in others)
                    )
                    answers.append(max(done) - t0)
                    await asyncio.sleep(0.12)  # one answer at a time, not a burst
                since = [len(x.seen) for x in phones]
                t0 = time.perf_counter()
                proc.stdin.write("reveal\n")
                proc.stdin.flush()

                def shown(m):
                    return m["type"] == "question" and m["question"].get("state") == "revealed"

                done = await asyncio.gather(
                    *(x.until(shown, since[i]) for i, x in enumerate(phones))
                )
                reveals.append(max(done) - t0)
                await loop.run_in_executor(None, proc.stdout.readline)
        # A move by the seat to act, with guess first and the teacher's numbers on.
        await asyncio.sleep(0.1)
        view = phones[2].last("view")["view"]  # pausing for a question redraws the table
        player = phones[current]
        version = view["version"]
        action = "draw" if not can_ask or len(moves) % 3 else "bank"
        extra = {}
        if action not in view["actions"]:  # aces to decide on (R11, R12): keep what it may
            aces = phones[current].last("view")["view"]["aces"] or {}
            if "keep" in view["actions"]:
                action = "keep"
            else:  # more aces than the bank may hold: list as few as it must
                action = "list"
                extra = {"aces": [str(a) for a in aces["pending"][: aces["to_list"]]]}
        since = [len(x.seen) for x in phones]
        t0 = time.perf_counter()
        await player.send(intent=action, version=version, id=f"m{len(moves)}", **extra)

        def newer(m, version=version):
            return m["type"] == "view" and m["view"]["version"] > version

        others = [x for x in phones if x is not player]
        try:
            done = await asyncio.gather(
                *(x.until(newer, since[phones.index(x)], timeout=5) for x in others)
            )
        except TimeoutError:
            notice = player.last("notice")
            raise SystemExit(f"a move was not carried out: {notice}") from None
        moves.append(max(done) - t0)
        await asyncio.sleep(0.3)  # the teacher's figures settle, as between real moves

    print(f"{students} phones:")
    if answers:
        print(f"  answer → every phone's count:  {ms(answers)}  ({len(answers)} answers)")
    if reveals:
        print(f"  reveal → every phone:          {ms(reveals)}  ({len(reveals)} reveals)")
    print(f"  move → every phone (numbers on): {ms(moves)}  ({len(moves)} moves)")
    proc.stdin.close()
    proc.wait(10)


async def main(sizes, rounds):
    for size in sizes:
        await one_class(size, rounds)


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--students", type=int, nargs="+", default=[30, 60])
    parser.add_argument("--rounds", type=int, default=20)
    args = parser.parse_args()
    asyncio.run(main(args.students, args.rounds))
