"""How the phones reach the class: the address they open, and whether only this
computer can open it.

Two paths, chosen by ``w.classroom(via=...)``; by default the first that fits:

- ``"jupyter"``: **through the Jupyter server the notebook runs under** (a school's JupyterHub,
  Binder, JupyterLab on the teacher's laptop), when that server carries classes (the package's
  server extension, :mod:`borsen_widget.server`, which writes its door in the kernel's runtime
  folder: :mod:`~borsen_widget.classroom.registry`). The class server still runs in
  this kernel, on 127.0.0.1 only; the kernel lists its two tokens with the Jupyter server, whose
  relay carries the phones' requests to it. The phones open
  ``<the notebook's address>borsen/class/<token>/``: the same host and scheme (https behind a
  hub) as the teacher's own page, which her browser tells (:meth:`Reach.teacher_page`: the join
  card sends the page's origin and base URL once it is shown).
- ``"direct"``: the class server's own port, on ``host`` (127.0.0.1 unless the teacher names
  another): a plain kernel, or the teacher's choice.

Either way, when the address is one only this computer can open (127.0.0.1, localhost), the
join card says so instead of showing a QR code no phone can open, and offers to open the class
to the classroom's network (:meth:`Reach.open_network`): the class then also listens on every
address of this computer, on a fixed port remembered between lessons
(:func:`remembered_port`), so the school's firewall can allow one port for good.
"""

from __future__ import annotations

import contextlib
import ipaddress
import json
import os
import re
import secrets
import socket
from pathlib import Path
from urllib.parse import quote, urlsplit

from .server import serve
from .wire import Entry, ServerDoor, is_loopback, read_door, remove_entry, write_entry

__all__ = [
    "NETWORK_PORT",
    "VIA",
    "Reach",
    "find_door",
    "join_address",
    "remember_port",
    "remembered_port",
]

#: The ways a class can be reached (``w.classroom(via=...)``; None chooses).
VIA = ("jupyter", "direct")
#: The port a class opened to the classroom's network listens on, unless another was
#: remembered: one number for the school's IT department to allow.
NETWORK_PORT = 48470
#: What the teacher's page may say its origin and base URL are (checked before use).
_BASE = re.compile(r"/(?:[A-Za-z0-9._~%!$&'()*+,;=:@-]+/)*")
MAX_ORIGIN = 255


def join_address(host: str, port: int, token: str, address: str | None = None) -> str:
    """The address a student's phone opens (what the QR code holds): ``address`` (the name or
    address the teacher gives), else the one the server listens on (``host``) as students
    reach it, with the port and the token."""
    if address is None:
        if host in ("0.0.0.0", "::"):  # every interface: the one students reach
            address = _network_address()
        else:
            address = "127.0.0.1" if host == "localhost" else host
    shown = f"[{address}]" if ":" in address else address
    return f"http://{shown}:{port}/{token}/"


def _network_address() -> str:
    """This computer's address on its network, from its name, else from its network
    interfaces (no packet is sent either way), else its name: what a student's phone types to
    reach a class open to the network. (A Linux laptop's name usually means 127.0.1.1, which
    no phone can open: its interfaces know the address.)"""
    name = socket.gethostname()
    with contextlib.suppress(OSError):
        for info in socket.getaddrinfo(name, None, socket.AF_INET):
            address = info[4][0]
            if _is_network(address):
                return address
    found = _interface_addresses()
    private = [a for a in found if ipaddress.ip_address(a).is_private]
    return (private or found or [name])[0]


def _is_network(address: str) -> bool:
    ip = ipaddress.ip_address(address)
    return not (ip.is_loopback or ip.is_link_local or ip.is_unspecified)


def _interface_addresses() -> list[str]:
    """The IPv4 addresses of this computer's network interfaces, asked of the operating system
    (Linux's SIOCGIFADDR; nothing elsewhere), loopback and link-local left out."""
    try:
        import fcntl
        import struct
    except ImportError:  # Windows
        return []
    found = []
    with contextlib.suppress(OSError):
        for _, interface in socket.if_nameindex():
            probe = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)  # never sends
            with probe, contextlib.suppress(OSError):
                request = struct.pack("256s", interface[:15].encode())
                answer = fcntl.ioctl(probe.fileno(), 0x8915, request)  # SIOCGIFADDR
                found.append(socket.inet_ntoa(answer[20:24]))
    return [a for a in found if _is_network(a)]


def find_door() -> tuple[ServerDoor, str] | None:
    """The Jupyter server this kernel runs under, if it carries classes, with this kernel's id
    (from its connection file's name, ``kernel-<id>.json``); else None (a plain kernel, a
    server without the extension, a script)."""
    parent = os.environ.get("JPY_PARENT_PID", "")
    if not parent.isdigit():
        return None
    try:
        from ipykernel.connect import get_connection_file

        connection = Path(get_connection_file())
    except (ImportError, RuntimeError, OSError, ValueError):
        return None
    found = re.fullmatch(r"kernel-([A-Za-z0-9-]{1,64})\.json", connection.name)
    if found is None:
        return None
    door = read_door(connection.parent, int(parent))
    return None if door is None else (door, found.group(1))


def _settings_file() -> Path:
    """Where the class's settings live between lessons (Jupyter's config folder)."""
    try:
        from jupyter_core.paths import jupyter_config_dir

        folder = Path(jupyter_config_dir())
    except ImportError:
        folder = Path.home() / ".jupyter"
    return folder / "borsen_widget" / "classroom.json"


def remembered_port() -> int | None:
    """The port the last class opened to the network listened on, or None."""
    with contextlib.suppress(OSError, ValueError):
        port = json.loads(_settings_file().read_text(encoding="utf-8")).get("network_port")
        if isinstance(port, int) and not isinstance(port, bool) and 1024 <= port <= 65535:
            return port
    return None


def remember_port(port: int) -> None:
    """Keep ``port`` for the next lessons (best effort: a read-only home keeps nothing)."""
    path = _settings_file()
    with contextlib.suppress(OSError):
        path.parent.mkdir(parents=True, exist_ok=True)
        settings = {}
        with contextlib.suppress(OSError, ValueError):
            settings = json.loads(path.read_text(encoding="utf-8"))
        if not isinstance(settings, dict):
            settings = {}
        settings["network_port"] = port
        path.write_text(json.dumps(settings), encoding="utf-8")


def _origin(origin, base, door: ServerDoor) -> str | None:
    """``origin`` + ``base`` as the teacher's page gives them, if they are an http(s) origin
    and a path; None for anything else (nothing of it is used)."""
    if not isinstance(origin, str) or len(origin) > MAX_ORIGIN:
        return None
    parts = urlsplit(origin)
    if (
        parts.scheme not in ("http", "https")
        or not parts.hostname
        or parts.username
        or parts.password
        or parts.path not in ("", "/")
        or parts.query
        or parts.fragment
    ):
        return None
    try:
        parts.port  # noqa: B018 - raises for a port out of range
    except ValueError:
        return None
    if base is None:  # the server's own, as an address holds it (``/user/l%C3%A6rer/``)
        base = quote(door.base_url, safe="/%!$&'()*+,;=:@~-._")
    if isinstance(base, str) and len(base) <= MAX_ORIGIN and _BASE.fullmatch(base):
        return f"{parts.scheme}://{parts.netloc}{base}"
    return None


class Reach:
    """The class's server and its address, by one path (see the module's text): ``url`` and
    ``projector_url`` (what the QR code and the projector's link hold), ``local`` (only this
    computer can open them), ``via``, ``host`` and ``port`` (the class server's own)."""

    def __init__(
        self,
        room,
        tokens: tuple[str, str],
        *,
        via: str | None,
        host: str,
        port: int,
        address: str | None,
        frame_limit: int,
        pages_per_address: int | None,
    ):
        self._tokens = tokens
        self._address = address
        found = None
        if via == "jupyter" or (
            via is None and host == "127.0.0.1" and port == 0 and address is None
        ):
            found = find_door()
            if found is None and via == "jupyter":
                raise RuntimeError(
                    "via='jupyter' needs a notebook running under a Jupyter server that "
                    "carries classes (JupyterLab or JupyterHub with borsen_widget installed "
                    "beside it); this kernel has none. Use via='direct' for a port of its own."
                )
        self.via = "jupyter" if found else "direct"
        self._door: ServerDoor | None = found[0] if found else None
        self._kernel = found[1] if found else ""
        self._network_port: int | None = None
        #: The port the last lesson opened to the network on (read once: the card shows it).
        self._remembered = remembered_port()
        if self._door is not None:
            host, port = "127.0.0.1", 0  # the relay alone talks to it
        key = secrets.token_urlsafe(24) if self._door is not None else None
        self.server = serve(
            room,
            host,
            port,
            frame_limit=frame_limit,
            pages_per_address=pages_per_address,
            relay_key=key,
        )
        self.host = host
        self.port = self.server.port
        self._prefix = None
        if self._door is not None:
            try:
                for token, kind in zip(tokens, ("student", "projector"), strict=True):
                    entry = Entry(self._kernel, self.port, kind, key, pages_per_address)
                    write_entry(self._door.classes, token, entry)
            except OSError:
                self.stop()
                raise
            url = quote(self._door.url, safe=":/%!$&'()*+,;=@~-._[]")
            self._prefix = url if url.endswith("/") else url + "/"

    # ------------------------------------------------------------------ the address

    @property
    def url(self) -> str:
        """The join address (its token in it): what the QR code holds."""
        return self._address_of(self._tokens[0])

    @property
    def projector_url(self) -> str:
        """The projector page's address (its own token)."""
        return self._address_of(self._tokens[1]) + "projector/"

    def _address_of(self, token: str) -> str:
        if self._network_port is not None:
            return join_address("0.0.0.0", self._network_port, token, self._address)
        if self._prefix is not None:
            return f"{self._prefix}borsen/class/{token}/"
        return join_address(self.host, self.port, token, self._address)

    @property
    def route(self) -> str:
        """How the join address reaches the class now: ``"jupyter"`` (through the Jupyter
        server) or ``"direct"`` (the class's own port, also once opened to the network)."""
        return "jupyter" if self._prefix is not None and self._network_port is None else "direct"

    @property
    def local(self) -> bool:
        """Whether only this computer can open the join address (no phone can)."""
        if self._network_port is not None:
            return False
        if self._prefix is not None:
            return is_loopback(urlsplit(self._prefix).hostname or "")
        return is_loopback(self.host) and self._address is None

    @property
    def network_port(self) -> int:
        """The port :meth:`open_network` listens on (or did)."""
        return self._network_port or self._remembered or NETWORK_PORT

    def teacher_page(self, origin, base=None) -> bool:
        """The teacher's page says where her browser reaches the Jupyter server (``origin``,
        e.g. ``https://hub.example.no``, and the page's base URL, ``/user/lærer/``): the
        phones' address follows it. Returns whether the address changed; anything that is not
        an origin and a path changes nothing (and a class on its own port ignores it)."""
        if self._door is None:
            return False
        prefix = _origin(origin, base, self._door)
        if prefix is None or prefix == self._prefix:
            return False
        self._prefix = prefix
        return True

    def open_network(self) -> int:
        """Open the class to the classroom's network too (the teacher confirmed it on the
        card): listen on every address of this computer, on the remembered port (else
        :data:`NETWORK_PORT`, then remembered); if that port is taken, on a free one. Returns
        the port; the join address becomes this computer's network address."""
        if self._network_port is not None:
            return self._network_port
        wanted = self._remembered
        try:
            port = self.server.listen("0.0.0.0", wanted or NETWORK_PORT)
        except OSError:  # taken (another program, another notebook's class)
            port = self.server.listen("0.0.0.0", 0)
        if wanted is None:
            remember_port(port)
        self._network_port = port
        return port

    def stop(self) -> None:
        """Stop listening; the Jupyter server's relay forgets the class's tokens."""
        self.server.stop()
        if self._door is not None:
            for token in self._tokens:
                remove_entry(self._door.classes, token)
