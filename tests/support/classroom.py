"""Phones on a class without a browser: a student's page as a WebSocket client on 127.0.0.1
(:class:`Client`), the fresh event loop a test's scenario runs on (:func:`run`), and the tables
and positions the classroom tests teach at. Shared by tests/classroom, tests/server and
tests/hub (whose phones speak the class protocol through a Jupyter server's door)."""

from __future__ import annotations

import asyncio
import contextlib
import json
import time

import pytest
from helpers import FILLER, SEED

from borsen_widget import BorsenWidget, ThresholdBot

pytest.importorskip("tornado")
from tornado import httpclient, websocket

TIMEOUT = 10.0
#: What tornado raises when a WebSocket handshake is refused (an HTTP error answer).
REFUSED_SOCKET = (httpclient.HTTPClientError, websocket.WebSocketError)


def run(scenario, timeout: float = 60.0):
    """Run ``scenario()`` (a coroutine function) on a fresh loop, bounded in time."""

    async def bounded():
        return await asyncio.wait_for(scenario(), timeout)

    return asyncio.run(bounded())


class Client:
    """One student's page: a WebSocket to the class, every message it received kept."""

    def __init__(self, conn):
        self.conn = conn
        self.messages: list[dict] = []
        self.raw: list[str] = []
        self.closed = asyncio.Event()
        self.arrived = asyncio.Event()
        self.task = asyncio.get_running_loop().create_task(self._read())
        self.ids = 0

    @classmethod
    async def open(cls, room, path: str = "ws", accept: str | None = None) -> Client:
        """A page on the class; ``accept``: its browser's Accept-Language."""
        url = room.url.replace("http://", "ws://") + path
        headers = {"Accept-Language": accept} if accept else {}
        request = httpclient.HTTPRequest(url, headers=headers)
        return cls(await websocket.websocket_connect(request))

    async def _read(self) -> None:
        while True:
            text = await self.conn.read_message()
            if text is None:
                self.closed.set()
                self.arrived.set()
                return
            self.raw.append(text)
            self.messages.append(json.loads(text))
            self.arrived.set()

    async def send(self, **message) -> str:
        self.ids += 1
        message.setdefault("id", f"c{self.ids}")
        await self.conn.write_message(json.dumps(message))
        return message["id"]

    async def wait(self, predicate, timeout: float = TIMEOUT, since: int = 0) -> dict:
        """The first message from the ``since``-th on for which ``predicate`` holds."""
        deadline = time.monotonic() + timeout
        seen = since
        while True:
            for m in self.messages[seen:]:
                if predicate(m):
                    return m
            seen = len(self.messages)
            left = deadline - time.monotonic()
            if left <= 0 or self.closed.is_set():
                raise AssertionError(f"no such message; got {self.messages[-5:]}")
            self.arrived.clear()
            if len(self.messages) == seen:
                with contextlib.suppress(asyncio.TimeoutError):
                    await asyncio.wait_for(self.arrived.wait(), left)

    async def notice(self, request: str) -> str:
        m = await self.wait(lambda m: m["type"] == "notice" and m["request"] == request)
        return m["text"]

    def last(self, kind: str) -> dict | None:
        for m in reversed(self.messages):
            if m["type"] == kind:
                return m
        return None

    async def speak(self, *tags: str) -> dict:
        """Say which languages this page reads (as the page does after hello, or from its
        switch); returns the words that come back."""
        rid = await self.send(intent="page_language", tags=list(tags))
        return await self.wait(lambda m: m.get("request") == rid)

    async def join(self, name: str, session: str | None = None) -> dict:
        await self.wait(lambda m: m["type"] == "hello")
        fields = {"name": name} if session is None else {"session": session}
        rid = await self.send(intent="join", **fields)
        return await self.wait(
            lambda m: m.get("request") == rid and m["type"] in ("welcome", "notice", "forgotten")
        )

    async def close(self) -> None:
        self.conn.close()
        await asyncio.wait_for(self.closed.wait(), TIMEOUT)


async def settle(seconds: float = 0.15) -> None:
    await asyncio.sleep(seconds)


def state(w: BorsenWidget) -> tuple:
    """Everything a refused request must leave as it was."""
    return (w.game.to_json(), w.version, json.dumps(w.view, sort_keys=True))


async def http_get(url: str, method: str = "GET"):
    client = httpclient.AsyncHTTPClient()
    body = b"x" if method == "POST" else None
    return await client.fetch(
        url, method=method, body=body, raise_error=False, follow_redirects=False
    )


def table(**kwargs) -> BorsenWidget:
    """Ada and Bo (people) against a bot, on a long deck: students have time to play."""
    kwargs.setdefault("seats", ["Ada", "Bo", ThresholdBot(3)])
    kwargs.setdefault("seed", SEED)
    kwargs.setdefault("bot_delay", 0)
    return BorsenWidget(**kwargs)


#: A lesson's position: Ada to act on 7♠; of the 11 cards left, 9♣ and K♠ are accepted (R5).
DECK = " ".join(["9C", "2D", "KS", *FILLER])


async def projector(room) -> Client:
    """The projector page of ``room``: a client on its own address."""
    url = room.projector_url.replace("http://", "ws://") + "ws"
    return Client(await websocket.websocket_connect(httpclient.HTTPRequest(url)))
