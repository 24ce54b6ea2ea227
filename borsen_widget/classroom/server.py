"""The class's web server: tornado on the kernel's own event loop, HTTP for the student page and
a WebSocket per page for the messages (see :mod:`borsen_widget.classroom.room`, which
decides everything; this module only carries bytes). The address students open is
:mod:`~borsen_widget.classroom.reach`'s.

Every address starts with the class's token: ``/<token>/`` is the page, ``/<token>/student.js``,
``/<token>/student.css`` and ``/<token>/widget.css`` what it loads (from memory), and
``/<token>/ws`` its WebSocket. Anything else, or a wrong token, is refused with a short page
that says why, in the browser's language; only GET is answered. Requests are not logged (a
refused one would otherwise land in the notebook as a warning). tornado ships with every
Jupyter kernel (ipykernel needs it); it is imported here only, when a class is opened.

Connections that send nothing cost nothing for long and keep nobody out: a connection must
send its request's headers within :data:`HEADER_TIMEOUT` seconds; when the class limits the
pages of one address, that address may hold that many connections and
:data:`LOADING_CONNECTIONS` more (any beyond them is closed as it arrives); and the server keeps
at most :data:`MAX_CONNECTIONS` open (fewer if the kernel may open few files), closing the
oldest that is not a page's WebSocket for a newcomer (a WebSocket, once open, is a page of the
class, bound by the sessions' limits). A text that UTF-8 cannot carry is never written to a
page (it is replaced), so writing a message cannot fail.
"""

from __future__ import annotations

import asyncio
import contextlib

from tornado import httpserver, netutil, web, websocket

from ..i18n import pick_language, translator
from .relayed import RelayedPages
from .wire import (
    HEADERS,
    REFUSED,
    RefusingPages,
    accept_languages,
    is_loopback,
    write_safely,
)

#: Connections open at once (fewer if the kernel may open few files): beyond them a new
#: connection is closed at once.
MAX_CONNECTIONS = 512
#: Connections from one address beyond its pages (``serve(pages_per_address=...)``): a browser
#: opens a few while it loads the page, each page then keeps one WebSocket.
LOADING_CONNECTIONS = 8
#: Seconds a connection may take to send a request's headers (or wait between two requests),
#: and a request's body.
HEADER_TIMEOUT = 10.0
BODY_TIMEOUT = 10.0


def _languages(request) -> list[str]:
    """The languages the browser asks for (its ``Accept-Language``), most wanted first."""
    return accept_languages(request.headers.get("Accept-Language"))


class Refusing(RefusingPages, web.RequestHandler):
    """A handler with the class's headers whose refusals are the class's short pages."""


class _Handler(Refusing):
    def initialize(self, room) -> None:
        self.room = room

    def set_default_headers(self) -> None:
        super().set_default_headers()
        # A browser keeps the connections of a page's files open for more (one of
        # three phone pages of one computer once stayed blank, its student.js refused: the address
        # held its connections in idle keep-alives). Each answer closes its connection, so an
        # address holds only what it is loading and its pages' WebSockets.
        self.set_header("Connection", "close")


class _Page(_Handler):
    """The page and the files it loads, by a fixed list of names."""

    def get(self, token: str, name: str | None = None) -> None:
        if not self.room.is_token(token):
            raise web.HTTPError(403)
        asset = self.room.asset(name or "", _languages(self.request))
        if asset is None:
            raise web.HTTPError(404)
        body, kind = asset
        self.set_header("Content-Type", kind)
        self.finish(body)


class _ProjectorPage(_Handler):
    """The projector page and the files it loads (its own token: ``room.projector_url``)."""

    def get(self, token: str, name: str | None = None) -> None:
        if not self.room.is_projector_token(token):
            raise web.HTTPError(403)
        asset = self.room.projector_asset(name or "")
        if asset is None:
            raise web.HTTPError(404)
        body, kind = asset
        self.set_header("Content-Type", kind)
        self.finish(body)


class _PageSocket(websocket.WebSocketHandler):
    """What the two pages' WebSockets share: the headers of every answer, and sending a
    message that cannot make the write raise."""

    def set_default_headers(self) -> None:
        for key, value in HEADERS.items():
            self.set_header(key, value)

    def _send(self, text: str) -> None:
        write_safely(self, text)


class _ProjectorSocket(_PageSocket):
    """The projector page's WebSocket: it only listens (what it sends is ignored)."""

    def initialize(self, room) -> None:
        self.room = room
        self.screen = None

    async def get(self, token: str, *args, **kwargs):
        if not self.room.is_projector_token(token):
            self.set_status(403)
            self.finish()
            return
        await super().get(token, *args, **kwargs)

    def open(self, *_args) -> None:
        self.set_nodelay(True)
        self.screen = self.room.projector_opened(self._send, self.close)

    def on_message(self, message) -> None:
        """Read-only: a projector page's messages change nothing."""

    def on_close(self) -> None:
        screen, self.screen = self.screen, None
        self.room.projector_closed(screen)


class _Slash(_Handler):
    """``/<token>`` without its slash: to the page (its files are relative to it)."""

    def get(self, token: str) -> None:
        if not self.room.is_token(token):
            raise web.HTTPError(403)
        self.redirect(f"/{token}/")


class _Refuse(_Handler):
    def get(self, *_args) -> None:
        raise web.HTTPError(403)


class _Socket(_PageSocket):
    """One page's WebSocket; same-origin only (tornado's ``check_origin``)."""

    def initialize(self, room, pages: set) -> None:
        self.room = room
        self.page = None
        self._pages = pages

    async def get(self, token: str, *args, **kwargs):
        if not self.room.is_token(token):
            self.set_status(403)
            tr = translator(pick_language(_languages(self.request)))
            self.finish(tr.gettext(REFUSED[403]))
            return
        await super().get(token, *args, **kwargs)

    def open(self, *_args) -> None:
        self.set_nodelay(True)  # a click's update is small: send it now, not in 40 ms
        self._pages.add(self.request.connection.context.address)  # kept when connections run out
        self.page = self.room.page_opened(
            self._send,
            self._close,
            _languages(self.request),
            address=self.request.remote_ip,
        )

    def on_message(self, message) -> None:
        self.room.receive(self.page, message)

    def on_close(self) -> None:
        page, self.page = self.page, None
        self.room.page_closed(page)

    def _close(self, code: int, reason: str) -> None:
        self.close(code, reason)


class _Bounded(httpserver.HTTPServer):
    """tornado's HTTP server, keeping at most ``per_address`` connections from one address (a
    connection beyond them is closed as it arrives) and ``max_connections`` in all: when all
    are taken, the oldest connection that is not a page's WebSocket (one still to send its
    request, or idle between two) is closed for the newcomer, so connections that send nothing
    cannot keep a student out."""

    max_connections = MAX_CONNECTIONS
    per_address: int | None = None
    #: Whether the Jupyter server's relay connects from this computer (every phone's page then
    #: arrives from 127.0.0.1; the relay bounds each phone's address itself, and tells it).
    relayed = False

    def initialize(self, *args, **kwargs) -> None:
        super().initialize(*args, **kwargs)
        self._streams: dict = {}  # each connection's stream by its address, oldest first
        #: The addresses (host, port) of the connections that became a page's WebSocket.
        self.pages: set = set()

    def handle_stream(self, stream, address) -> None:
        host = address[0] if isinstance(address, tuple) and address else str(address)
        if len(self._streams) >= self.max_connections or not self._room_from(host):
            self._prune()
        if not self._room_from(host):
            stream.close()
            return
        if len(self._streams) >= self.max_connections:
            oldest = next((a for a in self._streams if a not in self.pages), None)
            if oldest is None:  # every one a page: the class's own limits answer for them
                stream.close()
                return
            self._streams.pop(oldest).close()
        self.pages.discard(address)
        self._streams[address] = stream
        super().handle_stream(stream, address)

    def _room_from(self, host: str) -> bool:
        if self.per_address is None or (self.relayed and is_loopback(host)):
            return True
        held = sum(1 for a in self._streams if (a[0] if isinstance(a, tuple) else a) == host)
        return held < self.per_address

    def _prune(self) -> None:
        """Forget the connections that closed (counted again only when it may matter)."""
        for address in [a for a, s in self._streams.items() if s.closed()]:
            del self._streams[address]
            self.pages.discard(address)

    @property
    def open_connections(self) -> int:
        """The connections open now (WebSockets included)."""
        return sum(1 for s in self._streams.values() if not s.closed())


def _connection_limit() -> int:
    """:data:`MAX_CONNECTIONS`, or half the files this process may open if that is fewer (a
    server out of files spins on every connection it cannot accept)."""
    try:
        import resource  # not on Windows
    except ImportError:
        return MAX_CONNECTIONS
    soft, _hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft == resource.RLIM_INFINITY:
        return MAX_CONNECTIONS
    return max(16, min(MAX_CONNECTIONS, soft // 2))


class Server:
    """The listening server; :meth:`listen` adds an address to listen on, :meth:`stop` stops
    listening and drops its connections."""

    def __init__(self, http: httpserver.HTTPServer, port: int):
        self._http = http
        self.port = port

    def listen(self, host: str, port: int) -> int:
        """Listen on ``host``:``port`` too (the pages already open stay); returns the port.
        Raises OSError when the address cannot be had (a port in use)."""
        sockets = netutil.bind_sockets(port, address=host)
        self._http.add_sockets(sockets)
        return sockets[0].getsockname()[1]

    def stop(self) -> None:
        self._http.stop()
        # Idle keep-alive connections go too; nothing waits for it.
        with contextlib.suppress(RuntimeError):
            asyncio.get_running_loop().create_task(self._http.close_all_connections())


def serve(
    room,
    host: str,
    port: int,
    *,
    frame_limit: int,
    pages_per_address: int | None = None,
    relay_key: str | None = None,
) -> Server:
    """Listen on ``host``:``port`` (0: a free port) on the running loop, for ``room``;
    ``pages_per_address``: the pages one address may open (None: no limit), which bounds its
    connections too (see :data:`LOADING_CONNECTIONS`); ``relay_key``: the key of the Jupyter
    server's relay, when the class is reached through it (its pages then come on one line:
    :mod:`~borsen_widget.classroom.relayed`)."""
    token = r"([A-Za-z0-9_-]{1,64})"
    pages: set = set()  # the server's: the connections that are a page's WebSocket
    # The Jupyter server's relay: the pages it carries, on one connection (only with its key).
    relayed = {"room": room, "relay_key": relay_key, "pages": pages, "frame_limit": frame_limit}
    routes = [
        (rf"/{token}/(student\.js|student\.css|widget\.css)?", _Page, {"room": room}),
        (rf"/{token}/ws", _Socket, {"room": room, "pages": pages}),
        (rf"/{token}/relay", RelayedPages, relayed),
        (
            rf"/{token}/projector/(projector\.js|projector\.css|widget\.css)?",
            _ProjectorPage,
            {"room": room},
        ),
        (rf"/{token}/projector/ws", _ProjectorSocket, {"room": room}),
        (rf"/{token}", _Slash, {"room": room}),
        (r"/.*", _Refuse, {"room": room}),
    ]
    app = web.Application(
        routes,
        log_function=_quiet,
        websocket_max_message_size=frame_limit,
        websocket_ping_interval=20,  # a phone that vanished is noticed within a minute
        websocket_ping_timeout=20,
        compress_response=False,
        xsrf_cookies=False,
    )
    http = _Bounded(
        app,
        max_header_size=16 * 1024,
        max_body_size=4 * 1024,
        idle_connection_timeout=HEADER_TIMEOUT,  # tornado's time for the headers too
        body_timeout=BODY_TIMEOUT,
    )
    http.pages = pages
    http.relayed = relay_key is not None
    http.max_connections = _connection_limit()
    if pages_per_address is not None:
        http.per_address = pages_per_address + LOADING_CONNECTIONS
    sockets = netutil.bind_sockets(port, address=host)
    http.add_sockets(sockets)
    return Server(http, sockets[0].getsockname()[1])


def _quiet(_handler: web.RequestHandler) -> None:
    """No access log: the notebook is the teacher's, not the server's log."""


__all__ = ["Refusing", "Server", "serve"]
