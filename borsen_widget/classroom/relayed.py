"""The pages that reach the class through a Jupyter server's relay, on one connection.

Through a Jupyter server (:mod:`borsen_widget.server.relay`), every phone's page would reach the
class server on a WebSocket of its own from the relay, and each message the class sends to the
whole class would cross from the kernel to the relay once a page: thirty writes here and thirty
reads there for one vote, in two processes on a busy laptop. Instead the relay opens **one**
WebSocket for a class (``/<token>/relay``, with its key) and carries every phone's page on it:
each page has a number, and a message meant for many pages crosses once, with their numbers.

The frames (text; a phone's binary message is a binary frame with the same first line):

- relay → class: ``open <n> <address>`` + newline + the phone's ``Accept-Language``; ``message
  <n>`` + newline + the page's message; ``close <n>``.
- class → relay: ``send <n>[,<n>…]`` + newline + the text; ``close <n> <code>`` + newline + the
  reason.

Each page is the class's like any other (:meth:`~.room.Classroom.page_opened`: the class's
limits, its languages, its address as the relay saw it). What the class sends in one turn of
the event loop is gathered, and a text meant for several pages goes once (in order for each
page: a message joins an earlier frame only when nothing later is queued for its page).
"""

from __future__ import annotations

import asyncio
import contextlib
import hmac

from tornado import websocket

from .wire import (
    RELAY_HEADER,
    accept_languages,
    class_frame,
    is_loopback,
    read_relay_frame,
    write_safely,
)

__all__ = ["RelayedPages", "is_relay"]


def is_relay(request, relay_key: str | None) -> bool:
    """Whether ``request`` is the Jupyter server's relay: from this computer, with its key
    (compared in constant time)."""
    given = request.headers.get(RELAY_HEADER, "")
    return bool(
        relay_key
        and is_loopback(request.remote_ip or "")
        and hmac.compare_digest(given.encode("utf-8", "replace"), relay_key.encode())
    )


#: Pages one relay connection may hold at once (the class's own limits are lower).
MAX_PAGES = 2000


class RelayedPages(websocket.WebSocketHandler):
    """The relay's connection for one class (see the module's text). Opened only with the
    relay's key, from this computer: ``serve`` routes it, and :meth:`get` checks."""

    def initialize(self, room, relay_key: str | None, pages: set, frame_limit: int):
        self.room = room
        self._key = relay_key
        self._pages_set = pages
        self._frame_limit = frame_limit
        self._pages: dict[int, object] = {}  # number -> the class's Page (None if refused)
        self._queue: list[list] = []  # [text, [numbers]] to send, in order
        self._latest: dict[str, int] = {}  # text -> its latest place in the queue
        self._last: dict[int, int] = {}  # page number -> the place of its latest message
        self._flushing = False

    @property
    def max_message_size(self) -> int:
        return self._frame_limit + 256  # a page's frame and the line that numbers it

    def set_default_headers(self) -> None:
        self.set_header("Cache-Control", "no-store")

    async def get(self, token: str, *args, **kwargs):
        if not (self.room.is_token(token) and is_relay(self.request, self._key)):
            self.set_status(403)
            self.finish()
            return
        await super().get(token, *args, **kwargs)

    def open(self, *_args) -> None:
        self.set_nodelay(True)
        self._pages_set.add(self.request.connection.context.address)

    def on_message(self, message) -> None:
        frame = read_relay_frame(message)
        if frame is None:
            return
        (number,) = frame.pages
        if frame.kind == "message":
            if number in self._pages:
                self.room.receive(self._pages[number], frame.body)
        elif frame.kind == "open":
            if number in self._pages or len(self._pages) >= MAX_PAGES:
                return
            languages = accept_languages(frame.body)
            self._pages[number] = None  # known before page_opened may send or close
            page = self.room.page_opened(
                lambda text, n=number: self._send(n, text),
                lambda code, reason, n=number: self._close_page(n, code, reason),
                languages,
                address=frame.extra,
            )
            if number in self._pages:
                self._pages[number] = page
        else:
            page = self._pages.pop(number, None)
            self.room.page_closed(page)

    def on_close(self) -> None:
        """The relay went (the Jupyter server stopped): every page it carried is closed."""
        pages, self._pages = self._pages, {}
        for page in pages.values():
            self.room.page_closed(page)

    # ------------------------------------------------------------------ to the phones

    def _send(self, number: int, text: str) -> None:
        """Queue ``text`` for page ``number``; sent together with what this turn of the event
        loop sends, in one frame with every other page that gets the same text."""
        if number not in self._pages:
            return
        place = self._latest.get(text)
        if place is not None and place > self._last.get(number, -1):
            self._queue[place][1].append(number)
        else:
            place = len(self._queue)
            self._queue.append([text, [number]])
            self._latest[text] = place
        self._last[number] = place
        if not self._flushing:
            self._flushing = True
            with contextlib.suppress(RuntimeError):  # no loop: the connection is going anyway
                asyncio.get_running_loop().call_soon(self._flush)

    def _flush(self) -> None:
        queue, self._queue = self._queue, []
        self._latest.clear()
        self._last.clear()
        self._flushing = False
        for text, numbers in queue:
            self._write(class_frame("send", numbers, text))

    def _close_page(self, number: int, code: int, reason: str) -> None:
        """The class closes a page (removed, too many, the class's end): after what it was
        sent, so its last words arrive first."""
        if number not in self._pages:
            return
        del self._pages[number]
        self._flush()
        self._write(class_frame("close", (number,), reason, code))

    def _write(self, text: str) -> None:
        write_safely(self, text)
