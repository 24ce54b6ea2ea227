"""One phone of a benchmark's class: a WebSocket whose every message is kept with the time it
arrived (benchmarks/lesson_latency.py, hub_latency.py, class_stall.py). Benchmarks run as
scripts, so this folder is on ``sys.path`` and ``from phones import Phone`` finds it."""

from __future__ import annotations

import asyncio
import json
import time


class Phone:
    """One phone's WebSocket: every message kept with the time it arrived."""

    def __init__(self, conn):
        self.conn = conn
        self.seen: list[tuple[float, dict]] = []
        self.event = asyncio.Event()
        asyncio.get_running_loop().create_task(self._read())

    async def _read(self) -> None:
        while (text := await self.conn.read_message()) is not None:
            self.seen.append((time.perf_counter(), json.loads(text)))
            self.event.set()

    async def send(self, **message) -> None:
        await self.conn.write_message(json.dumps(message))

    def last(self, kind: str) -> dict | None:
        for _, m in reversed(self.seen):
            if m.get("type") == kind:
                return m
        return None

    async def until(self, predicate, since: int = 0, timeout: float = 10.0) -> float:
        """The arrival time of the first message from the ``since``-th on that fits."""
        deadline = time.perf_counter() + timeout
        index = since
        while True:
            while index < len(self.seen):
                stamp, m = self.seen[index]
                index += 1
                if predicate(m):
                    return stamp
            left = deadline - time.perf_counter()
            if left <= 0:
                raise TimeoutError(f"no such message; the last: {self.seen[-3:]}")
            self.event.clear()
            await asyncio.wait_for(self.event.wait(), left)


async def join_class(url: str, count: int) -> list[Phone]:
    """``count`` phones on the class at ``url`` (its page's address), each joined as
    "Elev 1", "Elev 2", … and welcomed."""
    from tornado import websocket

    ws = url.replace("http://", "ws://") + "ws"
    phones = [Phone(await websocket.websocket_connect(ws)) for _ in range(count)]
    for i, phone in enumerate(phones):
        await phone.until(lambda m: m["type"] == "hello", 0)
        await phone.send(intent="join", name=f"Elev {i + 1}", id="j")
        await phone.until(lambda m: m["type"] == "welcome", 0)
    return phones
