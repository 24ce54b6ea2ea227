"""The class's wire: every message a page, the projector, the join card, the teacher's widgets
and the Jupyter server's relay exchange with the kernel, declared once.

- **Intents** (a page → the kernel): :data:`INTENTS` names each one with its fields and who may
  send it (:data:`SENDERS`); :func:`decode` is the one reader every message goes through (its
  shape, its fields, their types and sizes), and :func:`read_request` reads a move, a vote or
  a seat button against the view it was made on. A message that cannot be acted on raises
  :class:`BadMessage`, whose text is the polite notice; nothing changes.
- **Messages** (the kernel → a page or the projector): :data:`MESSAGES` names each ``type``
  with its fields; :func:`encode` is the one writer (compact JSON that can always be sent).
- **The relay's frames** between the Jupyter server and the kernel's class server, one
  WebSocket carrying every phone of a class (:func:`relay_frame`, :func:`read_relay_frame`,
  :func:`class_frame`, :func:`read_class_frame`).
- **The registry**: where a Jupyter server and its kernels' classes find each other (its door
  and the classes' entries, small JSON files in its runtime folder).
- The answers' :data:`HEADERS`, :data:`FRAME_LIMIT`, the refusal pages
  (:func:`refused_page`) and the languages a browser asks for (:func:`accept_languages`).

The Jupyter server's extension (:mod:`borsen_widget.server.relay`) imports this module and
nothing else of the package's but the catalogues it speaks from; so it imports the standard
library and :mod:`borsen_widget.i18n` only (tornado, in :func:`write_safely`, when it writes).

Why one module of this size: it is the contract between four programs (the kernel, the Jupyter
server, the phones' pages and the teacher's widgets); split, a message's fields, its frame and
its file would each have a home of their own again, which is what this module ends.
"""

from __future__ import annotations

import contextlib
import dataclasses
import hashlib
import ipaddress
import json
import os
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path

from ..i18n import N_, pick_language, translator
from ..i18n.errors import BorsenError, quote

__all__ = [
    "ANY_VERSION",
    "CHOICES",
    "FIELDS",
    "FRAME_LIMIT",
    "GAME_INTENTS",
    "HEADERS",
    "INTENTS",
    "KINDS",
    "MAX_ACES",
    "MAX_FILE",
    "MAX_ID",
    "MAX_MESSAGE",
    "MAX_SEATS",
    "MAX_SESSION",
    "MAX_TAG",
    "MAX_TAGS",
    "MESSAGES",
    "PAGE_LANGUAGE",
    "PANEL_INTENTS",
    "REFUSED",
    "RELAY_HEADER",
    "REQUESTS",
    "SEAT_INTENTS",
    "SENDERS",
    "STUDENT_INTENTS",
    "TEACHER_INTENTS",
    "TOKEN",
    "UNANSWERED",
    "BadMessage",
    "Entry",
    "Frame",
    "Intent",
    "Refused",
    "RefusingPages",
    "Request",
    "ServerDoor",
    "accept_languages",
    "check_envelope",
    "class_frame",
    "classes_folder",
    "decode",
    "encode",
    "entry_path",
    "intents_of",
    "is_loopback",
    "read_class_frame",
    "read_door",
    "read_entry",
    "read_page_tags",
    "read_relay_frame",
    "read_request",
    "readable",
    "refused_page",
    "relay_frame",
    "remove_door",
    "remove_entry",
    "request_id",
    "write_door",
    "write_entry",
    "write_safely",
]

# ---------------------------------------------------------------------- sizes

#: The longest message a page may send, in bytes: a real request (16 aces to list, an id) is
#: under 400. Longer ones are refused with a notice; frames over :data:`FRAME_LIMIT` make the
#: server close the connection (tornado's own limit, so memory stays bounded).
MAX_MESSAGE = 2048
FRAME_LIMIT = 64 * 1024
MAX_ID = 64
#: Seats a game may have (R1: 2–8 players).
MAX_SEATS = 8
MAX_ACES = 16  # four decks hold 16 aces
#: At most this many language tags, each at most this long (a browser sends a handful).
MAX_TAGS = 16
MAX_TAG = 35
MAX_SESSION = 64

# ---------------------------------------------------------------------- refusals


class BadMessage(BorsenError):
    """A message from a page that cannot be acted on; its text is the polite notice.

    ``BadMessage(N_("... {name} ..."), name=...)``: the notice is one whole sentence of the
    catalogues with its placeholders, told in each page's language by :meth:`say`;
    ``str(error)`` is the English (for logs and programmers). Mark the message with ``N_`` (or
    write it as a literal argument of ``BadMessage``, which the catalogues' extraction finds
    too)."""

    def english(self) -> str:
        return self.message.format_map(self.values) if self.values else self.message

    def say(self, language: str | None = None) -> str:
        """The notice in ``language`` (a ``source`` value is a message too: "the editor")."""
        tr = translator(language)
        values = dict(self.values)
        if isinstance(values.get("source"), str):
            values["source"] = tr.gettext(values["source"])
        return tr.gettext(self.message, **values)


class Refused(BadMessage):
    """What the Python API refuses (a ``ValueError``, for programmers, in English) whose reason
    is one sentence of the catalogues, so a page that asked for the same thing (the class's
    join card) is told that reason in its own language (:meth:`BadMessage.say`), from the one
    check that refuses it."""


# ---------------------------------------------------------------------- intents

#: Who sends intents: the game widget's page in the notebook, the teacher's panel, the rules
#: editor, the join card (in the notebook), and a student's phone. The projector sends none.
SENDERS = ("widget", "panel", "editor", "card", "phone")


@dataclass(frozen=True)
class Intent:
    """One intent: its fields (besides ``intent`` and ``id``), who may send it, and whether it
    must name the view it was made on (``version``) and may come from an older one."""

    fields: tuple[str, ...]
    senders: tuple[str, ...]
    versioned: bool = False
    any_version: bool = False


_GAME = ("widget", "phone")
#: Every intent, by name.
INTENTS: dict[str, Intent] = {
    # A move (R4–R14): the widget's buttons, and a phone for the seat it holds.
    "draw": Intent(("version",), _GAME, versioned=True),
    "bank": Intent(("version",), _GAME, versioned=True),
    "list": Intent(("version", "aces"), _GAME, versioned=True),
    "keep": Intent(("version",), _GAME, versioned=True),
    # The teacher's game controls.
    "undo": Intent(("version",), ("widget",), versioned=True),
    "new_game": Intent(("version",), ("widget",), versioned=True),
    "pause": Intent(("version",), ("widget",), versioned=True, any_version=True),
    "resume": Intent(("version",), ("widget",), versioned=True),
    "step": Intent(("version",), ("widget",), versioned=True),
    # Guess first: the panel, and a phone's vote.
    "panel": Intent(("version",), ("widget", "panel"), versioned=True, any_version=True),
    "guess": Intent(("version",), ("widget", "panel"), versioned=True, any_version=True),
    "reveal": Intent(("version",), ("widget", "panel"), versioned=True),
    "vote": Intent(("version", "choice"), ("widget", "panel", "phone"), versioned=True),
    # The teacher's seat buttons while a class is open (the widget's and the join card's).
    "open_seat": Intent(("version", "seat"), ("widget", "card"), versioned=True, any_version=True),
    "take_back": Intent(("version", "seat"), ("widget", "card"), versioned=True, any_version=True),
    # Every page: the language it is shown in.
    "page_language": Intent(("tags",), SENDERS),
    # The rules editor's one intent.
    "set": Intent(("version", "option", "suit", "value"), ("editor",)),
    # The join card's buttons (ask, reveal, lock, rename, …; ``do`` says which).
    "room": Intent(
        ("do", "kind", "on", "student", "name", "size", "version", "origin", "base"),
        ("widget", "card"),
    ),
    # A phone: join the class, claim or leave a seat, answer (or ask for more time to), build a
    # strategy.
    "join": Intent(("name", "session"), ("phone",)),
    "claim": Intent(("seat",), ("phone",)),
    "leave": Intent((), ("phone",)),
    "answer": Intent(("question", "value"), ("phone",)),
    "more_time": Intent(("question",), ("phone",)),
    "strategy_try": Intent(("strategy",), ("phone",)),
    "strategy_submit": Intent(("strategy",), ("phone",)),
}


def intents_of(sender: str) -> tuple[str, ...]:
    """The intents ``sender`` may send."""
    return tuple(name for name, intent in INTENTS.items() if sender in intent.senders)


#: The intents about the game (a move, the teacher's controls, guess first, the seat buttons),
#: read by :func:`read_request`.
GAME_INTENTS = tuple(n for n, i in INTENTS.items() if i.versioned and "card" not in i.senders)
SEAT_INTENTS = ("open_seat", "take_back")
#: What a phone may ask of the game: a move for the seat it holds, or a vote.
STUDENT_INTENTS = tuple(n for n in intents_of("phone") if INTENTS[n].versioned)
#: The teacher's guess-first intents (the widget's and the panel's).
TEACHER_INTENTS = intents_of("panel")
#: The intents a projector's ProbabilityPanel may send.
PANEL_INTENTS = tuple(n for n in intents_of("panel") if n != "panel" and INTENTS[n].versioned)
#: Intents that do not depend on the position, so a click made on an older view still counts.
ANY_VERSION = tuple(n for n, i in INTENTS.items() if i.any_version)
CHOICES = ("draw", "bank")
#: The intent a page sends to say which language it is shown in.
PAGE_LANGUAGE = "page_language"
#: Every field an intent may have (an envelope may not hold more than a few times as many).
FIELDS = ("intent", "id", *dict.fromkeys(f for i in INTENTS.values() for f in i.fields))


#: What :func:`read_request` reads: the game's intents and the seat buttons.
REQUESTS = (*GAME_INTENTS, *SEAT_INTENTS)


@dataclasses.dataclass(frozen=True)
class Request:
    """A checked move, vote or seat button: what was asked (``intent``), on which view
    (``version``), the aces of a list, the choice of a vote, the seat of a seat button, and
    the request's id (``None`` if the page gave none)."""

    intent: str
    version: int
    aces: tuple[str, ...] | None = None
    choice: str | None = None
    id: str | int | None = None
    seat: int | None = None


def request_id(content) -> str | int | None:
    """The id a message gives for itself, if it is a short text or a number; else ``None``
    (a notice about a message too broken to read goes to every view)."""
    if isinstance(content, Mapping):
        value = content.get("id")
        if isinstance(value, str) and len(value) <= MAX_ID:
            return value
        if isinstance(value, int) and not isinstance(value, bool) and abs(value) < 2**53:
            return value
    return None


def check_envelope(content, fields: Sequence[str], source: str = N_("the page")) -> None:
    """What every message must be, whatever it asks: a mapping of at most a few known
    ``fields`` whose id, if any, is a short name. Raises :class:`BadMessage` naming at most
    three of the unknown fields, each cut short. ``source`` is a message of the catalogues
    (``N_("the editor")``), told in the page's language with the rest."""
    if not isinstance(content, Mapping):
        raise BadMessage(
            "A message from {source} was not understood; nothing changed.", source=source
        )
    if len(content) > 3 * len(fields):
        raise BadMessage(
            "A message from {source} had {count} fields, far more than a request has; "
            "nothing changed.",
            source=source,
            count=len(content),
        )
    unknown = [k for k in content if k not in fields]
    if unknown:
        names = ", ".join(quote(k, 24) for k in unknown[:3])
        if len(unknown) > 3:
            raise BadMessage(
                "A message from {source} had unknown fields ({names} and {more} more); "
                "nothing changed.",
                source=source,
                names=names,
                more=len(unknown) - 3,
            )
        raise BadMessage(
            "A message from {source} had unknown fields ({names}); nothing changed.",
            source=source,
            names=names,
        )
    if "id" in content and request_id(content) is None:
        raise BadMessage(
            "A message from {source} had an id that is not a short name; nothing changed.",
            source=source,
        )


def decode(content, sender: str, *, allowed: Sequence[str] | None = None, source=None) -> str:
    """The one reader of a message from ``sender`` (one of :data:`SENDERS`): its shape, that
    its intent is one ``sender`` may send (and one of ``allowed``, if given), and that it holds
    only that intent's declared fields (:data:`INTENTS`), with an id that is a short name.
    Returns the intent's name; raises :class:`BadMessage` with a polite text."""
    source = source or (N_("the editor") if sender == "editor" else N_("the page"))
    if not isinstance(content, Mapping):
        raise BadMessage(
            "A message from {source} was not understood; nothing changed.", source=source
        )
    name = content.get("intent")
    intent = INTENTS.get(name) if isinstance(name, str) else None
    if intent is None or sender not in intent.senders or (allowed and name not in allowed):
        if sender == "editor":
            raise BadMessage(
                "Unknown request {intent} from the editor; nothing changed.",
                intent=quote(name, 30),
            )
        raise BadMessage(
            "Unknown request {intent} from the page; nothing changed.", intent=quote(name, 30)
        )
    check_envelope(content, ("intent", "id", *intent.fields), source)
    return name


def read_request(content, *, version: int, allowed: Sequence[str] = REQUESTS) -> Request:
    """Check a move, a vote or a seat button against the view now shown (``version``): its
    shape, its sizes, that ``allowed`` holds its intent, and that it was made on this view (a
    stale click is refused, except for :data:`ANY_VERSION`). Raises :class:`BadMessage`."""
    check_envelope(content, ("intent", "version", "aces", "choice", "id", "seat"))
    intent = content.get("intent")
    if not isinstance(intent, str) or intent not in allowed:
        raise BadMessage(
            "Unknown request {intent} from the page; nothing changed.", intent=quote(intent, 30)
        )
    fields = INTENTS[intent].fields
    seen = content.get("version")
    if isinstance(seen, bool) or not isinstance(seen, int):
        raise BadMessage(
            "A message from the page did not say which view it was made on; nothing changed."
        )
    aces = content.get("aces")
    if "aces" in fields:
        if (
            not isinstance(aces, list)
            or len(aces) > MAX_ACES
            or not all(isinstance(a, str) and len(a) <= 4 for a in aces)
        ):
            raise BadMessage("To list aces, name them (a short list of cards); nothing changed.")
        aces = tuple(aces)
    elif "aces" in content:
        raise BadMessage(
            "Only a list of aces names aces, not {intent}; nothing changed.", intent=repr(intent)
        )
    choice = content.get("choice")
    if "choice" in fields:
        if not isinstance(choice, str) or choice not in CHOICES:
            raise BadMessage("A vote is for draw or bank; nothing changed.")
    elif "choice" in content:
        raise BadMessage(
            "Only a vote names a choice, not {intent}; nothing changed.", intent=repr(intent)
        )
    seat = content.get("seat")
    if "seat" in fields:
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < MAX_SEATS:
            raise BadMessage("That request names no seat; nothing changed.")
    elif "seat" in content:
        raise BadMessage(
            "Only a seat request names a seat, not {intent}; nothing changed.", intent=repr(intent)
        )
    if seen > version:
        raise BadMessage("A message from the page named a view that does not exist yet.")
    if seen < version and intent not in ANY_VERSION:
        raise BadMessage(
            "That click was made on an earlier view of the game (a double click, or another "
            "view moved first), so it was ignored. Have a look, then choose again."
        )
    return Request(intent, seen, aces, choice, request_id(content), seat)


def read_page_tags(content: Mapping) -> list[str]:
    """The language tags of a ``page_language`` message, checked: a short list of short
    texts; else :class:`BadMessage`."""
    check_envelope(content, ("intent", *INTENTS[PAGE_LANGUAGE].fields, "id"))
    tags = content.get("tags")
    if (
        not isinstance(tags, list)
        or len(tags) > MAX_TAGS
        or not all(isinstance(tag, str) and len(tag) <= MAX_TAG for tag in tags)
    ):
        raise BadMessage("The page's language was not understood; nothing changed.")
    return tags


# ---------------------------------------------------------------------- messages

#: Every message the kernel sends a page or the projector, by ``type``, with its fields.
#: ``request`` (where a message answers one) names the request's id.
MESSAGES: dict[str, tuple[str, ...]] = {
    # To every page of the class (the students' and the projector).
    "speech": ("speech", "request"),  # the page's words in its language
    "view": ("view",),  # the table's public view (never the deck's order: RULES.md)
    "room": ("seats", "students"),  # the seats and who holds them, the head count
    "class": ("class",),  # guess first: the decision on the table and the class's votes
    "question": ("question",),  # a posed question (its truth only after the reveal)
    "strategies": ("open", "limits", "mine"),  # the strategy builder: open, its limits
    "tournament": ("state", "done", "total", "ranking", "scale", "summary", "replay", "you"),
    "ended": ("text",),  # the teacher ended the class
    # To one student's page.
    "hello": ("max_name", "locked"),  # a page connected: the join form
    "welcome": ("name", "session", "request"),  # joined, as this student
    "forgotten": ("request",),  # a session this class does not know: join by name again
    "locked": ("locked",),  # the class closed to newcomers, or opened again
    "removed": (),  # the teacher removed this student
    # The student's own line; ``more``: how often they may still ask for more time on the open
    # question (None: it has no timer).
    "you": ("name", "seat", "mine", "scores", "vote", "more"),
    "notice": ("text", "level", "request"),  # a request refused (or a word from the class)
    "strategy_tried": ("request", "result", "words", "examples"),
    "strategy_saved": ("request", "name", "words"),
    # The class at tables (room.seat_tables): the student's table, and their own figures of the
    # class's experiment beside the class's.
    "table": ("number", "tables", "game", "next", "chance"),
    "figures": ("you", "class"),
    # To the projector only.
    "join": ("url", "qr", "local"),  # the join address and its code
    "board": ("on", "rows"),  # the leaderboard (names only when the teacher turns it on)
    "submissions": ("open", "submitted", "students"),  # how many submitted a strategy (no names)
    "experiment": ("experiment",),  # the class's draws against their exact chances (no names)
}

#: In a Python text every code point from U+D800 to U+DFFF is a lone surrogate (JSON's
#: ``"\ud83d\ude00"`` pairs are joined into one character by json.loads): UTF-8 cannot carry it.
SURROGATE = re.compile("[\ud800-\udfff]")


def encode(message: dict) -> str:
    """The one writer of a message for a page or the projector: compact JSON (names as typed,
    not escaped), of a declared ``type`` with its declared fields only (:data:`MESSAGES`;
    a ValueError otherwise: a message no page reads is a bug here, not the page's). It can
    always be sent: a lone surrogate that reached it (none should) becomes U+FFFD."""
    fields = MESSAGES.get(message.get("type"))
    if fields is None or not message.keys() <= {"type", *fields}:
        extra = sorted(set(message) - {"type", *(fields or ())})
        raise ValueError(f"not a message of the wire: {message.get('type')!r} with {extra}")
    text = json.dumps(message, ensure_ascii=False, separators=(",", ":"))
    if SURROGATE.search(text):
        text = SURROGATE.sub("\ufffd", text)
    return text


def readable(value) -> bool:
    """Whether every text in ``value`` (a decoded message: its keys and values, however deep)
    can be written back in UTF-8, that is holds no lone surrogate such as ``"\\ud800"``."""
    stack = [value]
    while stack:
        item = stack.pop()
        if isinstance(item, str):
            if SURROGATE.search(item):
                return False
        elif isinstance(item, dict):
            stack.extend(item.keys())
            stack.extend(item.values())
        elif isinstance(item, list):
            stack.extend(item)
    return True


# ---------------------------------------------------------------------- the relay's frames
#
# One WebSocket between the Jupyter server's relay and the class server carries every phone
# of a class (text frames; a phone's binary message is a binary frame with the same first
# line):
#
# - relay → class: ``open <n> <address>`` + newline + the phone's ``Accept-Language``;
#   ``message <n>`` + newline + the page's message; ``close <n>``.
# - class → relay: ``send <n>[,<n>…]`` + newline + the text; ``close <n> <code>`` + newline +
#   the reason.

#: The header that carries the Jupyter server's relay's key.
RELAY_HEADER = "X-Borsen-Relay"
_RELAY_HEAD = re.compile(r"(open|message|close) (\d{1,9})(?: ([^\s]{0,64}))?")
_CLASS_HEAD = re.compile(r"(send|close) (\d{1,9}(?:,\d{1,9})*)(?: (\d{1,5}))?")


@dataclass(frozen=True)
class Frame:
    """A frame read: its ``kind`` (``open``, ``message``, ``close``, ``send``), the pages it
    names, the close code or the phone's address, and its body (text, or bytes for a phone's
    binary message)."""

    kind: str
    pages: tuple[int, ...]
    extra: str | int | None
    body: str | bytes


def relay_frame(kind: str, page: int, body: str | bytes = "", address: str = "") -> str | bytes:
    """A frame from the relay to the class: ``open`` (with the phone's ``address`` and its
    ``Accept-Language`` as the body), ``message`` (the page's message) or ``close``."""
    if kind == "open":
        return f"open {page} {address[:64] or '-'}\n{body[:2000]}"
    if kind == "message":
        if isinstance(body, bytes):
            return f"message {page}\n".encode() + body
        return f"message {page}\n{body}"
    if kind == "close":
        return f"close {page}"
    raise ValueError(f"no relay frame is called {kind!r}")


def read_relay_frame(data: str | bytes) -> Frame | None:
    """A frame from the relay, or None when it is not one."""
    raw = data if isinstance(data, bytes) else data.encode("utf-8", "replace")
    head, _, body = raw.partition(b"\n")
    found = _RELAY_HEAD.fullmatch(head.decode("ascii", "replace"))
    if found is None:
        return None
    kind, page, address = found.group(1), int(found.group(2)), found.group(3)
    if (kind == "open") != (address is not None):
        return None
    text = (
        body if isinstance(data, bytes) and kind == "message" else body.decode("utf-8", "replace")
    )
    return Frame(kind, (page,), None if address in (None, "-") else address, text)


def class_frame(kind: str, pages: Sequence[int], body: str = "", code: int = 1000) -> str:
    """A frame from the class to the relay: ``send`` the text to ``pages``, or ``close`` one
    page with ``code`` and the reason as the body."""
    if kind == "send":
        return f"send {','.join(map(str, pages))}\n{body}"
    if kind == "close":
        (page,) = pages
        return f"close {page} {int(code)}\n{body}"
    raise ValueError(f"no class frame is called {kind!r}")


def read_class_frame(data) -> Frame | None:
    """A frame from the class, or None when it is not one (the relay drops it)."""
    if not isinstance(data, str):
        return None
    head, _, body = data.partition("\n")
    found = _CLASS_HEAD.fullmatch(head)
    if found is None:
        return None
    kind, pages, code = found.group(1), found.group(2), found.group(3)
    numbers = tuple(int(n) for n in pages.split(","))
    if kind == "close" and (len(numbers) != 1 or code is None):
        return None
    if kind == "send" and code is not None:
        return None
    return Frame(kind, numbers, None if code is None else int(code), body)


def write_safely(socket, message) -> None:
    """Write ``message`` to a WebSocket (a page's, the relay's, either end) so that the write
    cannot raise: text is encoded here, where a lone surrogate becomes "?" (a text frame still);
    bytes go as a binary frame; a socket closed, or closing mid-write, is no error worth a log
    line. (tornado is imported here: both ends have it, and a kernel that only plays does not
    need it.)"""
    from tornado import websocket

    binary = isinstance(message, bytes)
    data = message if binary else message.encode("utf-8", "replace")
    with contextlib.suppress(websocket.WebSocketClosedError):
        done = socket.write_message(data, binary=binary)
        done.add_done_callback(lambda f: f.cancelled() or f.exception())


def is_loopback(host: str) -> bool:
    """Whether ``host`` is this computer only (no other device can join)."""
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


# ---------------------------------------------------------------------- HTTP

#: Headers of every answer: no caching (a new class, a new page), no address of the class
#: leaking to another site, scripts and styles from this server only, no framing.
HEADERS = {
    "Cache-Control": "no-store",
    "Referrer-Policy": "no-referrer",
    "X-Content-Type-Options": "nosniff",
    "X-Frame-Options": "DENY",
    "Content-Security-Policy": (
        "default-src 'none'; script-src 'self'; style-src 'self' 'unsafe-inline'; "
        "img-src 'self' data:; connect-src 'self'; base-uri 'none'; form-action 'none'; "
        "frame-ancestors 'none'"
    ),
}
#: The short pages of a refused request, in the browser's language (``Accept-Language``).
REFUSED = {
    403: N_(
        "This is not the address of an open class. Check the address your teacher shows "
        "(or scan the code again)."
    ),
    404: N_("There is nothing here. The class's page is at the address your teacher shows."),
    405: N_("This page only answers a browser opening it."),
}
UNANSWERED = N_("That request could not be answered.")


def accept_languages(header: str | None) -> list[str]:
    """The language tags of an ``Accept-Language`` header, most wanted first (by ``q``, then
    in the order given); at most :data:`MAX_TAGS`, each at most :data:`MAX_TAG` long."""
    if not isinstance(header, str):
        return []
    found = []
    for index, part in enumerate(header[:2000].split(",")[: 4 * MAX_TAGS]):
        tag, _, params = part.strip().partition(";")
        tag = tag.strip()
        if not tag or tag == "*" or len(tag) > MAX_TAG:
            continue
        weight = 1.0
        match = re.search(r"q\s*=\s*([0-9.]{1,5})", params)
        if match:
            try:
                weight = float(match.group(1))
            except ValueError:
                weight = 0.0
        if weight > 0:
            found.append((-weight, index, tag))
    return [tag for _, _, tag in sorted(found)[:MAX_TAGS]]


def refused_page(status: int, accept_language: str | None) -> str:
    """The short page of a refused request (:data:`REFUSED`), in the browser's language (its
    ``Accept-Language``); the class server and the Jupyter server's relay answer with it."""
    import html

    language = pick_language(accept_languages(accept_language))
    text = translator(language).gettext(REFUSED.get(status, UNANSWERED))
    return (
        f'<!doctype html><html lang="{language}"><meta charset="utf-8">'
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        f'<title>Børsen</title><p style="font:1.2em system-ui,sans-serif;margin:2em">'
        f"{html.escape(text)}</p></html>"
    )


class RefusingPages:
    """For a tornado ``RequestHandler`` (mix in before it): every answer has :data:`HEADERS`,
    and a refusal is the class's short page in the browser's language (:func:`refused_page`).
    The class server and the Jupyter server's relay both answer so."""

    def set_default_headers(self) -> None:
        for key, value in HEADERS.items():
            self.set_header(key, value)

    def write_error(self, status_code: int, **kwargs) -> None:
        self.set_header("Content-Type", "text/html; charset=utf-8")
        self.finish(refused_page(status_code, self.request.headers.get("Accept-Language")))


# ---------------------------------------------------------------------- the registry
#
# Where a Jupyter server and its kernels' classes find each other: two kinds of small JSON
# files in the server's runtime folder (the folder of its kernels' connection files), written
# by one side and read by the other.
#
# - The server's door (``borsen-server-<pid>.json``): written by the extension when a Jupyter
#   server starts, removed when it stops. It tells a kernel that its server
#   (``JPY_PARENT_PID``, which jupyter_client sets for every kernel it launches) can carry a
#   class to the phones, under which base URL, and in which folder the classes are listed.
# - A class's entries (``borsen-classes-<pid>/<digest>.json``): one per token (the student
#   page's and the projector's), written by the kernel that opened the class and removed when
#   it ends: the kernel (its id), the loopback port its class server listens on, what the
#   token opens, the relay's key and the class's limits. The file is named by the token's
#   SHA-256, so listing the folder reveals no token.
#
# Why files and not a message: the kernel and the server are separate processes that already
# share this folder (the connection files), it is private to the user (mode 0700), and it needs
# no port or protocol of its own. What the relay trusts from an entry is bounded by what it
# checks itself: the kernel must be one of its server's live kernels, and it forwards only the
# class's fixed paths to 127.0.0.1.

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
