"""The relay's one connection that carries a class's phone pages (issue 30's latency): pages
opened, told and closed by number; a text meant for many pages crosses once, in order for each
page; only the relay's key opens it. (tests/server/test_relay.py runs the real relay.)"""

from __future__ import annotations

import asyncio
import json

import pytest
from support.classroom import REFUSED_SOCKET, run, table
from tornado import httpclient, websocket

from borsen_widget.classroom.wire import read_entry


class Line:
    """The relay's side of the connection: frames in, by page number."""

    def __init__(self, conn):
        self.conn = conn
        self.frames: list[tuple[str, str]] = []
        self.arrived = asyncio.Event()
        self.task = asyncio.get_running_loop().create_task(self._read())

    @classmethod
    async def open(cls, room, key: str | None) -> Line:
        token = room.url.rstrip("/").rsplit("/", 1)[1]
        headers = {"X-Borsen-Relay": key} if key else {}
        request = httpclient.HTTPRequest(
            f"ws://127.0.0.1:{room.port}/{token}/relay", headers=headers
        )
        return cls(await websocket.websocket_connect(request))

    async def _read(self) -> None:
        while (frame := await self.conn.read_message()) is not None:
            head, _, body = frame.partition("\n")
            self.frames.append((head, body))
            self.arrived.set()
        self.arrived.set()

    async def wait(self, predicate, timeout: float = 5.0):
        async def find():
            while True:
                for head, body in self.frames:
                    if predicate(head, body):
                        return head, body
                self.arrived.clear()
                await self.arrived.wait()

        return await asyncio.wait_for(find(), timeout)

    def to(self, number: int) -> list[dict]:
        """Every message page ``number`` was sent, in order."""
        out = []
        for head, body in self.frames:
            kind, _, rest = head.partition(" ")
            if kind == "send" and str(number) in rest.split(","):
                out.append(json.loads(body))
        return out

    async def send(self, text: str) -> None:
        await self.conn.write_message(text)


def test_pages_on_one_line_are_told_once_for_many(door, settings):
    async def scenario():
        w = table()
        room = w.classroom()
        key = read_entry(door.classes, room.url.rstrip("/").rsplit("/", 1)[1]).key
        line = await Line.open(room, key)
        languages = {1: "nb", 2: "en", 3: "nb"}
        for number, language in languages.items():
            await line.send(f"open {number} 10.0.0.{number}\n{language}")
        for number in languages:
            await line.wait(lambda h, b, n=number: h == f"send {n}" and '"hello"' in b)
            await line.send(
                f"message {number}\n"
                + json.dumps({"intent": "join", "name": f"S{number}", "id": "j"})
            )
        for number in languages:
            await line.wait(
                # "you" ends what a joining page is told (welcome, view, room, ..., you)
                lambda h, b, n=number: n in map(int, h[5:].split(",")) and '"type":"you"' in b
            )
        assert room.students == ("S1", "S2", "S3")
        # A move: every page's new view, the two bokmål pages in one frame.
        before = len(line.frames)
        w.apply("draw")
        await line.wait(lambda h, b: '"view"' in b and h == "send 1,3")
        await line.wait(lambda h, b: '"view"' in b and h == "send 2")
        views = [
            h for h, b in line.frames[before:] if '"type": "view"' in b or '"type":"view"' in b
        ]
        assert sorted(views) == ["send 1,3", "send 2"]
        # Each page's messages in the order the class sent them (the same as alone).
        for number in languages:
            versions = [m["view"]["version"] for m in line.to(number) if m["type"] == "view"]
            assert versions == sorted(versions)
        # The class closes a page: its number is told, with the code; it is gone from the class.
        room.remove("S2")
        await line.wait(lambda h, b: h == "close 2 4001")
        await asyncio.sleep(0.1)
        assert room.students == ("S1", "S3")
        # The relay says a phone left: the class forgets the page (its student is away).
        await line.send("close 1")
        await asyncio.sleep(0.1)
        assert [s["here"] for s in w.room_card["students"] if s["name"] == "S1"] == [False]
        # The limit per address counts the phone's address from the open line.
        for number in range(10, 17):
            await line.send(f"open {number} 10.9.9.9\nen")
        await line.wait(lambda h, b: h.startswith("close ") and h.endswith(" 1013"))
        # Nonsense lines change nothing.
        for nonsense in ("open x y", "message 999\n{}", "close 999", "what", "send 3\nx"):
            await line.send(nonsense)
        await asyncio.sleep(0.1)
        assert room.students == ("S1", "S3")
        room.stop()
        await line.wait(lambda h, b: h == "close 3 1001")

    run(scenario)


def test_only_the_relays_key_opens_the_line(door, settings):
    async def scenario():
        room = table().classroom()
        for key in (None, "x" * 32):
            with pytest.raises(REFUSED_SOCKET):
                await Line.open(room, key)
        room.stop()
        direct = table().classroom(via="direct")  # no relay, no line at all
        with pytest.raises(REFUSED_SOCKET):
            await Line.open(direct, "k" * 32)
        direct.stop()

    run(scenario)
