"""Where a Jupyter server and its kernels' classes find each other: two kinds of small JSON
files in the server's runtime folder (the folder of its kernels' connection files), written by
one side and read by the other. Standard library only: the Jupyter server's extension
(:mod:`borsen_widget.server`) and a kernel's class
(:mod:`~borsen_widget.jupyter.classroom.reach`) both read this module, and neither imports the
other.

- **The server's door** (``borsen-server-<pid>.json``): written by the extension when a Jupyter
  server starts, removed when it stops. It tells a kernel that its server (``JPY_PARENT_PID``,
  which jupyter_client sets for every kernel it launches) can carry a class to the phones, under
  which base URL, and in which folder the classes are listed.
- **A class's entries** (``borsen-classes-<pid>/<digest>.json``): one per token (the student
  page's and the projector's), written by the kernel that opened the class and removed when it
  ends. An entry names the kernel (its id), the loopback port its class server listens on, what
  the token opens (``"student"`` or ``"projector"``), the relay's key, and the class's limits.
  The file is named by the token's SHA-256, so listing the folder reveals no token, and the
  relay finds a class from the address a phone opens without reading any other entry.

Why files and not a message: the kernel and the server are separate processes that already
share this folder (the connection files), it is private to the user (mode 0700), and it needs
no port or protocol of its own. What the relay trusts from an entry is bounded by what it
checks itself (see :mod:`borsen_widget.server.relay`): the kernel must be one of its server's
live kernels, and it forwards only the class's fixed paths to 127.0.0.1.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import re
from dataclasses import dataclass
from pathlib import Path

__all__ = [
    "Entry",
    "ServerDoor",
    "classes_folder",
    "entry_path",
    "read_door",
    "read_entry",
    "remove_door",
    "remove_entry",
    "write_door",
    "write_entry",
]

#: What a token may hold (the class's tokens are 12 letters from ``TOKEN_LETTERS``).
TOKEN = re.compile(r"[A-Za-z0-9_-]{1,64}")
#: What a token opens.
KINDS = ("student", "projector")
#: The largest entry or door file read (a few hundred bytes in practice).
MAX_FILE = 4096


def _door_path(runtime: Path, pid: int) -> Path:
    return Path(runtime) / f"borsen-server-{int(pid)}.json"


def classes_folder(runtime: Path, pid: int) -> Path:
    """The folder of one server's classes (inside its runtime folder, private to the user)."""
    return Path(runtime) / f"borsen-classes-{int(pid)}"


def entry_path(folder: Path, token: str) -> Path:
    """The entry of ``token`` in ``folder``: named by the token's SHA-256 (never the token)."""
    return Path(folder) / (hashlib.sha256(token.encode("utf-8")).hexdigest()[:40] + ".json")


def _write_private(path: Path, data: dict) -> None:
    """Write ``data`` as JSON, readable by the user only, replacing any file atomically (a
    reader never sees half a file)."""
    tmp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    with os.fdopen(fd, "w", encoding="utf-8") as out:
        json.dump(data, out)
    os.replace(tmp, path)


def _read(path: Path) -> dict | None:
    try:
        with open(path, "rb") as f:
            raw = f.read(MAX_FILE + 1)
    except OSError:
        return None
    if len(raw) > MAX_FILE:
        return None
    try:
        data = json.loads(raw)
    except ValueError:
        return None
    return data if isinstance(data, dict) else None


@dataclass(frozen=True)
class ServerDoor:
    """A Jupyter server that carries classes: its process, base URL (``/`` or
    ``/user/lærer/``), its own address (``http://127.0.0.1:8888/``, what it listens on; the
    teacher's browser may see another), and the folder its classes are listed in."""

    pid: int
    base_url: str
    url: str
    classes: Path


def write_door(runtime: Path, pid: int, base_url: str, url: str) -> ServerDoor:
    """The server's side: make its classes' folder (0700) and write its door."""
    runtime = Path(runtime)
    runtime.mkdir(parents=True, exist_ok=True)
    folder = classes_folder(runtime, pid)
    folder.mkdir(mode=0o700, exist_ok=True)
    os.chmod(folder, 0o700)
    door = ServerDoor(int(pid), base_url, url, folder)
    _write_private(
        _door_path(runtime, pid),
        {"pid": door.pid, "base_url": base_url, "url": url, "classes": str(folder)},
    )
    return door


def read_door(runtime: Path, pid: int) -> ServerDoor | None:
    """The door of the server ``pid`` in ``runtime``, or None (none written, or unreadable)."""
    data = _read(_door_path(runtime, pid))
    if data is None:
        return None
    base, url, classes = data.get("base_url"), data.get("url"), data.get("classes")
    if not all(isinstance(v, str) for v in (base, url, classes)) or data.get("pid") != pid:
        return None
    if not (base.startswith("/") and base.endswith("/")):
        return None
    return ServerDoor(int(pid), base, url, Path(classes))


def remove_door(runtime: Path, pid: int) -> None:
    """The server's side, when it stops: its door and its classes' entries go."""
    folder = classes_folder(runtime, pid)
    with contextlib.suppress(OSError):
        for entry in folder.glob("*.json"):
            entry.unlink()
        folder.rmdir()
    with contextlib.suppress(OSError):
        _door_path(runtime, pid).unlink()


@dataclass(frozen=True)
class Entry:
    """One token of a class: the kernel that opened it, the loopback port of its server, what
    the token opens, the relay's key (sent with every forwarded request, so the class server
    believes the phone's address only from its relay), and the pages one address may open
    (None: no limit)."""

    kernel: str
    port: int
    kind: str
    key: str
    pages_per_address: int | None


def write_entry(folder: Path, token: str, entry: Entry) -> Path:
    """The kernel's side: list one token of its class."""
    path = entry_path(folder, token)
    _write_private(
        path,
        {
            "kernel": entry.kernel,
            "port": entry.port,
            "kind": entry.kind,
            "key": entry.key,
            "pages_per_address": entry.pages_per_address,
        },
    )
    return path


def read_entry(folder: Path, token: str) -> Entry | None:
    """The entry of ``token``, or None: no such token, or an entry that is not well formed."""
    if not isinstance(token, str) or not TOKEN.fullmatch(token):
        return None
    data = _read(entry_path(folder, token))
    if data is None:
        return None
    kernel, port, kind, key = (data.get(k) for k in ("kernel", "port", "kind", "key"))
    pages = data.get("pages_per_address")
    if not (
        isinstance(kernel, str)
        and re.fullmatch(r"[A-Za-z0-9-]{1,64}", kernel)
        and isinstance(port, int)
        and not isinstance(port, bool)
        and 1 <= port <= 65535
        and kind in KINDS
        and isinstance(key, str)
        and re.fullmatch(r"[A-Za-z0-9_-]{16,128}", key)
        and (pages is None or (isinstance(pages, int) and not isinstance(pages, bool)))
    ):
        return None
    return Entry(kernel, port, kind, key, pages)


def remove_entry(folder: Path, token: str) -> None:
    """The kernel's side, when its class ends."""
    with contextlib.suppress(OSError):
        entry_path(folder, token).unlink()
