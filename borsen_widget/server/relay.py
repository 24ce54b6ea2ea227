"""The relay: a Jupyter server's routes that carry a class's pages and WebSockets to the kernel
that opened it.

A phone opens ``<base_url>borsen/class/<token>/`` on the teacher's Jupyter server (the hub's
public address, with its https): the relay finds the token's entry
(:mod:`~borsen_widget.classroom.wire`, its registry), checks it, and forwards the request to the
class server that the kernel runs on 127.0.0.1, which answers as it answers a phone that
reaches it directly, with every guarantee of the class (its token, limits, names, lock-out,
refusals, nothing secret sent). The phones' pages of one class share one WebSocket to the class
server, opened with the relay's key (:class:`_Line`; its frames are
:mod:`~borsen_widget.classroom.wire`'s): each page goes on it with the phone's own
address, so the class's limits per address count phones, not the relay, and a message to the
whole class leaves the kernel once, not once a phone.

Jupyter's login does not apply to these routes (a phone has no Jupyter account; each method is
marked ``@allow_unauthenticated``, so a server that refuses unmarked routes still serves them);
the class's token does. What stays unreachable, and how:

- **Every other route of the Jupyter server** keeps its own login: the relay adds only the
  routes below, all under ``borsen/class/``.
- **Only classes that this server's kernels opened.** An entry is read from this server's own
  classes folder (inside its runtime folder, private to the user), named by the token's hash;
  its kernel must be one of this server's live kernels (its kernel manager's), or the token is
  refused. A class whose kernel stopped or restarted is refused even if its entry is left.
- **Only the class's fixed paths, only to 127.0.0.1.** The relay builds the address it forwards
  to itself: ``http://127.0.0.1:<entry's port>/<token>/`` plus one of the page's four files or
  its WebSocket; a student token opens only the student routes and a projector token only the
  projector's. No other path, host or port can be named through it, and only GET is answered.
- **Bounded**: a WebSocket frame above the class's own limit closes that socket; each phone's
  address may hold the class's pages per address (and a few while loading), and the relay at
  most :data:`MAX_SOCKETS` sockets in all.
"""

from __future__ import annotations

import asyncio
import atexit
import contextlib
import os
from pathlib import Path

from jupyter_server.auth.decorator import allow_unauthenticated
from jupyter_server.utils import url_path_join
from tornado import httpclient, web, websocket
from tornado.ioloop import IOLoop

from ..classroom.wire import (
    FRAME_LIMIT,
    HEADERS,
    RELAY_HEADER,
    TOKEN,
    RefusingPages,
    read_class_frame,
    read_entry,
    refused_page,
    relay_frame,
    remove_door,
    write_door,
    write_safely,
)

__all__ = ["MAX_SOCKETS", "load"]

#: WebSockets the relay carries at once, for every class of this server.
MAX_SOCKETS = 512
#: Seconds to wait for the kernel's class server to answer.
TIMEOUT = 10.0
#: Seconds a class's line stays open with no phone on it (a phone reloading keeps it).
IDLE_LINE = 5.0
#: The student page's files and the projector's (what a token may open; "" is the page).
STUDENT_FILES = ("", "student.js", "student.css", "widget.css")
PROJECTOR_FILES = ("", "projector.js", "projector.css", "widget.css")
#: The headers of the kernel's answer that the relay passes on (the rest are the relay's own).
PASSED = ("Content-Type",)


class Relay:
    """What the relay's routes share: where this server's classes are listed, which kernels
    are this server's, and the WebSockets open now (in all and by phone address)."""

    def __init__(self, folder: Path, kernel_ids):
        self.folder = Path(folder)
        self._kernel_ids = kernel_ids  # a callable: this server's live kernels, now
        self._sockets: dict[str, int] = {}  # open sockets by the phone's address
        #: Each class's line to its class server, by the student token, while phones use it.
        self.lines: dict[str, _Line] = {}

    def line(self, token: str, entry) -> _Line:
        """The line of the class ``token`` (made if no phone of it has one open)."""
        line = self.lines.get(token)
        if line is None:
            line = self.lines[token] = _Line(self, token, entry)
        return line

    def entry(self, token: str, kind: str):
        """The entry of ``token`` if it opens ``kind`` and its kernel is one of this server's
        live kernels; else None."""
        entry = read_entry(self.folder, token)
        if entry is None or entry.kind != kind:
            return None
        if entry.kernel not in set(self._kernel_ids()):
            return None
        return entry

    def admit(self, address: str, entry) -> bool:
        """Room for one more WebSocket from ``address`` (counted until :meth:`release`)?"""
        if sum(self._sockets.values()) >= MAX_SOCKETS:
            return False
        held = self._sockets.get(address, 0)
        if entry.pages_per_address is not None and held >= entry.pages_per_address + 2:
            return False
        self._sockets[address] = held + 1
        return True

    def release(self, address: str) -> None:
        left = self._sockets.get(address, 0) - 1
        if left > 0:
            self._sockets[address] = left
        else:
            self._sockets.pop(address, None)


def _forward_headers(request) -> dict:
    """The headers sent on to the class server: the phone's language, and nothing else of the
    phone's (no cookie of the Jupyter server)."""
    language = request.headers.get("Accept-Language")
    return {"Accept-Language": language[:2000]} if language else {}


class _Refusing(RefusingPages, web.RequestHandler):
    """The class server's headers and its short refusal pages, in the phone's language."""

    def initialize(self, relay: Relay) -> None:
        self.relay = relay

    def log_exception(self, typ, value, tb) -> None:
        """A refusal is not the server's error: no traceback in the Jupyter server's log."""
        if not isinstance(value, web.HTTPError):
            super().log_exception(typ, value, tb)


class _Page(_Refusing):
    """A page's file: fetched from the class server in the kernel and passed on."""

    def initialize(self, relay: Relay, kind: str) -> None:
        super().initialize(relay)
        self.kind = kind

    @allow_unauthenticated
    async def get(self, token: str, name: str = "") -> None:
        files = STUDENT_FILES if self.kind == "student" else PROJECTOR_FILES
        entry = self.relay.entry(token, self.kind)
        if entry is None:
            raise web.HTTPError(403)
        if name not in files:
            raise web.HTTPError(404)
        path = f"/{token}/" if self.kind == "student" else f"/{token}/projector/"
        request = httpclient.HTTPRequest(
            f"http://127.0.0.1:{entry.port}{path}{name}",
            headers=_forward_headers(self.request),
            follow_redirects=False,
            request_timeout=TIMEOUT,
        )
        try:
            answer = await httpclient.AsyncHTTPClient().fetch(request, raise_error=False)
        except OSError:  # the kernel's server is gone: the class has ended
            raise web.HTTPError(403) from None
        if answer.code != 200:
            raise web.HTTPError(answer.code if answer.code in (403, 404) else 502)
        for header in PASSED:
            if header in answer.headers:
                self.set_header(header, answer.headers[header])
        self.finish(answer.body)


class _Slash(_Refusing):
    """``…/<token>`` or ``…/<token>/projector`` without its slash: to the page (its files and
    socket are relative to it)."""

    @allow_unauthenticated
    def get(self, token: str, projector: str | None = None) -> None:
        kind = "projector" if projector else "student"
        if self.relay.entry(token, kind) is None:
            raise web.HTTPError(403)
        self.redirect(self.request.path + "/")


class _Elsewhere(_Refusing):
    """Anything else under ``borsen/``: nothing is there."""

    @allow_unauthenticated
    def get(self, *_args) -> None:
        raise web.HTTPError(404)


class _Line:
    """One class's connection to its class server in the kernel, carrying every phone page of
    that class (:mod:`~borsen_widget.classroom.wire` has the frames): a message the
    class sends to thirty phones crosses from the kernel once, not thirty times."""

    def __init__(self, relay: Relay, token: str, entry):
        self._relay = relay
        self._token = token
        self._entry = entry
        self._pages: dict[int, _Socket] = {}
        self._next = 0
        self._conn = None
        self._connected: asyncio.Future | None = None
        self._idle = None  # the timer that closes the line once no phone is on it

    async def connect(self) -> bool:
        """Connected (at most one attempt at a time); False if the class server is gone."""
        if self._connected is None:
            self._connected = asyncio.get_running_loop().create_future()
            request = httpclient.HTTPRequest(
                f"ws://127.0.0.1:{self._entry.port}/{self._token}/relay",
                headers={RELAY_HEADER: self._entry.key},
                request_timeout=TIMEOUT,
            )
            try:
                self._conn = await websocket.websocket_connect(
                    request, max_message_size=16 * FRAME_LIMIT
                )
            except (OSError, websocket.WebSocketError, httpclient.HTTPClientError):
                self._relay.lines.pop(self._token, None)
                self._connected.set_result(False)
            else:
                IOLoop.current().spawn_callback(self._carry_down)
                self._connected.set_result(True)
        return await asyncio.shield(self._connected)

    def add(self, page: _Socket, address: str, language: str) -> int:
        """A phone's page joins the line; returns its number."""
        if self._idle is not None:
            IOLoop.current().remove_timeout(self._idle)
            self._idle = None
        self._next += 1
        self._pages[self._next] = page
        self._write(relay_frame("open", self._next, language, address))
        return self._next

    def message(self, number: int, message) -> None:
        self._write(relay_frame("message", number, message))

    def leave(self, number: int) -> None:
        if self._pages.pop(number, None) is not None:
            self._write(relay_frame("close", number))
        if not self._pages and self._idle is None:  # the last phone left: the line goes soon
            self._idle = IOLoop.current().call_later(IDLE_LINE, self._close_if_idle)

    def _close_if_idle(self) -> None:
        self._idle = None
        if not self._pages and self._conn is not None:
            if self._relay.lines.get(self._token) is self:
                del self._relay.lines[self._token]
            self._conn.close()

    def _write(self, frame) -> None:
        if self._conn is not None:
            write_safely(self._conn, frame)

    async def _carry_down(self) -> None:
        """The class server's frames to the phones they name, until the line closes; then
        every phone still on it is closed (the class server is gone)."""
        conn = self._conn
        while True:
            frame = await conn.read_message()
            if frame is None:
                break
            read = read_class_frame(frame)
            if read is None:
                continue
            if read.kind == "send":
                for number in read.pages:
                    page = self._pages.get(number)
                    if page is not None:
                        page.send(read.body)
            else:
                page = self._pages.pop(read.pages[0], None)
                if page is not None:
                    page.shut(read.extra, read.body)
        if self._relay.lines.get(self._token) is self:
            del self._relay.lines[self._token]
        pages, self._pages = self._pages, {}
        for page in pages.values():
            page.shut(1011, "the class is not answering")


class _Carried(websocket.WebSocketHandler):
    """What the relay's WebSockets share: the class server's headers and limits, and the
    phone's address counted while it is open."""

    def initialize(self, relay: Relay, kind: str) -> None:
        self.relay = relay
        self.kind = kind
        self.address: str | None = None

    def set_default_headers(self) -> None:
        for key, value in HEADERS.items():
            self.set_header(key, value)

    @property
    def max_message_size(self) -> int:
        return FRAME_LIMIT  # the class server's own limit, not the Jupyter server's

    @property
    def ping_interval(self) -> float:
        return 20.0  # a phone that vanished is noticed within a minute

    @property
    def ping_timeout(self) -> float:
        return 20.0

    @allow_unauthenticated
    async def get(self, token: str, *args, **kwargs):
        entry = self.relay.entry(token, self.kind)
        if entry is None:
            self.set_status(403)
            self.finish(refused_page(403, self.request.headers.get("Accept-Language")))
            return
        address = self.request.remote_ip or ""
        if not self.relay.admit(address, entry):
            self.set_status(429)
            self.finish()
            return
        self.address, self._entry, self._token = address, entry, token
        try:
            await super().get(token, *args, **kwargs)
        finally:
            if self.ws_connection is None:
                self._release()  # refused before it opened (a wrong origin, a bad upgrade)

    def send(self, text) -> None:
        """A message from the class server to this phone."""
        write_safely(self, text)

    def shut(self, code: int, reason: str) -> None:
        """Closed by the class server, with its code and reason (4001: removed; 1013: too many
        pages); codes no close frame may carry (1005, 1006, 1015: none was sent) become 1001."""
        if not 1000 <= code < 5000 or code in (1004, 1005, 1006, 1015):
            code = 1001
        with contextlib.suppress(Exception):
            self.close(code, reason)

    def _release(self) -> None:
        if self.address is not None:
            self.relay.release(self.address)
            self.address = None


class _Socket(_Carried):
    """A student's page: on its class's line (:class:`_Line`), shared with the other phones."""

    line: _Line | None = None
    number = 0

    async def open(self, *_args) -> None:
        self.set_nodelay(True)
        line = self.relay.line(self._token, self._entry)
        if not await line.connect():
            self.shut(1011, "the class is not answering")
            return
        if self.ws_connection is None:  # the phone left while the kernel answered
            return
        self.line = line
        language = self.request.headers.get("Accept-Language") or ""
        self.number = line.add(self, self.request.remote_ip or "", language)

    def on_message(self, message) -> None:
        if self.line is not None:
            self.line.message(self.number, message)

    def on_close(self) -> None:
        if self.line is not None:
            self.line.leave(self.number)
            self.line = None
        self._release()


class _ProjectorSocket(_Carried):
    """The projector page: a WebSocket of its own to the class server's (one or two pages
    a class), carried both ways message for message."""

    upstream = None

    async def open(self, *_args) -> None:
        self.set_nodelay(True)
        entry, token = self._entry, self._token
        request = httpclient.HTTPRequest(
            f"ws://127.0.0.1:{entry.port}/{token}/projector/ws",
            headers=_forward_headers(self.request),
            request_timeout=TIMEOUT,
        )
        try:
            self.upstream = await websocket.websocket_connect(
                request, max_message_size=16 * FRAME_LIMIT
            )
        except (OSError, websocket.WebSocketError, httpclient.HTTPClientError):
            self.shut(1011, "the class is not answering")
            return
        if self.ws_connection is None:  # the projector left while the kernel answered
            self.upstream.close()
            return
        IOLoop.current().spawn_callback(self._carry_down)

    async def _carry_down(self) -> None:
        upstream = self.upstream
        while (message := await upstream.read_message()) is not None:
            self.send(message)
        self.shut(upstream.close_code or 1001, upstream.close_reason or "")

    def on_message(self, message) -> None:
        """Read-only: what a projector page sends is not carried."""

    def on_close(self) -> None:
        if self.upstream is not None:
            self.upstream.close()
        self._release()


def load(serverapp) -> Relay:
    """Add the routes to ``serverapp`` (a starting Jupyter server) and write its door, so its
    kernels know they can open a class through it; the door goes when the server stops."""
    runtime = Path(serverapp.runtime_dir)
    pid = os.getpid()
    door = write_door(runtime, pid, serverapp.base_url, serverapp.connection_url)
    atexit.register(remove_door, runtime, pid)
    relay = Relay(door.classes, serverapp.kernel_manager.list_kernel_ids)
    base = url_path_join(serverapp.base_url, "borsen", "class")
    token = f"({TOKEN.pattern})"
    student = {"relay": relay, "kind": "student"}
    projector = {"relay": relay, "kind": "projector"}
    routes = [  # tornado takes the first that matches the whole path
        (rf"{base}/{token}(/projector)?", _Slash, {"relay": relay}),
        (rf"{base}/{token}/ws", _Socket, student),
        (rf"{base}/{token}/projector/ws", _ProjectorSocket, projector),
        (rf"{base}/{token}/projector/([^/]*)", _Page, projector),
        (rf"{base}/{token}/([^/]*)", _Page, student),
        (rf"{url_path_join(serverapp.base_url, 'borsen')}(/.*)?", _Elsewhere, {"relay": relay}),
    ]
    serverapp.web_app.add_handlers(".*$", routes)
    serverapp.log.info("borsen_widget: classes on phones are served under %s/", base)
    return relay
