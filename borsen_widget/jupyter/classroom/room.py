"""A class on the students' phones: thirty pages join one game widget, vote and play seats.

``room = w.classroom()`` makes a :class:`Classroom`: it starts the web server
(:mod:`~borsen_widget.jupyter.classroom.server`) on the kernel's own event loop and keeps, in
Python, everything a student's page may rely on. The kernel is the only truth:

- A page sends *intents* only (join, claim or leave a seat, draw, bank, list or keep aces,
  vote); each is read with the widget's own :func:`~borsen_widget.jupyter.protocol.read_request`
  (shape, sizes, the version of the view it was made on) and carried out by the widget, so a
  move is checked by the engine like a click in the notebook (R4–R14). A move is accepted only
  from the student who holds the seat to act; nobody else can act for that seat, while the
  teacher's widget can still act for every seat.
- Every page gets the same public view the widget shows (:func:`~borsen_widget.jupyter.view.
  build_view`: never the deck's order, the seed or the random generator; RULES.md "Hidden
  information"), the seats and who holds them, and in guess-first mode the question, how many
  have voted and, after Reveal, the class's split beside the exact chance and the best choice.
- A request that cannot be carried out is answered with a polite notice to the page that sent
  it, and to no other (requests carry an id; the notice names it); nothing changes.

Safe by default: the server listens on 127.0.0.1 unless the teacher names a host; the address
holds a random token (without it every request is refused); each student has a session (a
name once taken is theirs, and a page that comes back with its session is the same student,
with their seat and vote); messages are limited in size and rate per page, and the class in
students and pages, each refused politely; the server serves four fixed files from memory and
the WebSocket, nothing else (no file and no code access). ``room.stop()``, ``w.close()`` or the
kernel's end stop it; ``room.stop()`` tells every page the class has ended.
"""

from __future__ import annotations

import asyncio
import contextlib
import hmac
import ipaddress
import json
import logging
import pathlib
import secrets
import socket
import sys
import time
import unicodedata
from collections.abc import Callable

from ...engine.errors import quote
from ..protocol import STUDENT_INTENTS, BadMessage, read_request, request_id
from .card import card_html, qr_svg

__all__ = ["Classroom"]

log = logging.getLogger("borsen_widget.classroom")

#: The longest message a page may send, in bytes: a real request (16 aces to list, an id) is
#: under 400. Longer ones are refused with a notice; frames over :data:`FRAME_LIMIT` make the
#: server close the connection (tornado's own limit, so memory stays bounded).
MAX_MESSAGE = 2048
FRAME_LIMIT = 64 * 1024
#: Messages per second a page may send on average, and in a burst (a person clicks a few times
#: a second at most; a flood is dropped, with one notice every WARN_EVERY seconds).
RATE = 8.0
BURST = 16
WARN_EVERY = 2.0
#: Pages a class may have connected beyond its students (pages still on the join form).
SPARE_PAGES = 40
MAX_NAME = 24
MAX_SESSION = 64
#: The token's letters: no 0/O, 1/l/i, so it can be read off a projector and typed.
TOKEN_LETTERS = "abcdefghjkmnpqrstuvwxyz23456789"
TOKEN_LENGTH = 12  # about 59 bits
#: How often the seats, the students and the vote count are sent at most (a burst of 200
#: joins or votes makes one update, not 200).
SUMMARY_DELAY = 0.1
#: The files the server serves, from memory: the page and what it loads (built by `make js`).
ASSETS = {
    "": ("student.html", "text/html; charset=utf-8"),
    "student.js": ("student.js", "text/javascript; charset=utf-8"),
    "student.css": ("student.css", "text/css; charset=utf-8"),
    "widget.css": ("widget.css", "text/css; charset=utf-8"),
}
STATIC = pathlib.Path(__file__).resolve().parents[1] / "static"
ENDED = "Your teacher ended the class. Thank you for playing!"


def _dumps(message: dict) -> str:
    return json.dumps(message, ensure_ascii=False, separators=(",", ":"))


def _running_loop() -> asyncio.AbstractEventLoop | None:
    try:
        return asyncio.get_running_loop()
    except RuntimeError:
        return None


def _clean_name(value) -> str:
    """A student's name as typed: trimmed, inner spaces single, printable; else BadMessage."""
    if not isinstance(value, str):
        raise BadMessage("Type your name to join.")
    name = " ".join(unicodedata.normalize("NFC", value).split())
    if not name:
        raise BadMessage("Type your name to join.")
    if len(name) > MAX_NAME:
        raise BadMessage(f"A name has at most {MAX_NAME} letters; choose a shorter one.")
    if any(unicodedata.category(ch)[0] == "C" for ch in name):
        raise BadMessage("A name is letters, digits and spaces; choose another.")
    return name


def _is_loopback(host: str) -> bool:
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def _network_address() -> str:
    """This computer's address on its network, from its name (no packet is sent), else its
    name: what a student's phone types to reach a class open to the network."""
    name = socket.gethostname()
    with contextlib.suppress(OSError):
        for info in socket.getaddrinfo(name, None, socket.AF_INET):
            address = info[4][0]
            if not ipaddress.ip_address(address).is_loopback:
                return address
    return name


class Student:
    """One student: a name, a session (the page's key to being this student again), the seat
    they hold (None) and their page while it is connected."""

    def __init__(self, name: str, session: str):
        self.name = name
        self.session = session
        self.page: Page | None = None

    @property
    def voter(self) -> tuple:
        """The student's key among the votes (one vote each, see TeacherFeed.vote)."""
        return ("student", self.session)


class Page:
    """One connected page: how to send it a message and close it, its student once joined,
    and its share of the message rate (a token bucket: :data:`RATE` a second, :data:`BURST`)."""

    def __init__(self, send: Callable[[str], None], close: Callable[[int, str], None]):
        self.send = send
        self.close = close
        self.student: Student | None = None
        self._tokens = float(BURST)
        self._stamp = time.monotonic()
        self._warned = -WARN_EVERY

    def allow(self) -> bool:
        now = time.monotonic()
        self._tokens = min(BURST, self._tokens + (now - self._stamp) * RATE)
        self._stamp = now
        if self._tokens >= 1:
            self._tokens -= 1
            return True
        return False

    def should_warn(self) -> bool:
        now = time.monotonic()
        if now - self._warned >= WARN_EVERY:
            self._warned = now
            return True
        return False

    def notice(self, text: str, request=None, level: str = "warning") -> None:
        self.send(_dumps({"type": "notice", "text": text, "level": level, "request": request}))


class Classroom:
    """A class open on the students' phones for one :class:`~borsen_widget.BorsenWidget`
    (made by ``w.classroom()``; see the module's text).

    - ``url``: the join address, with its token; ``students``: the names of those who joined;
      ``votes``: each student's vote for the decision on the table; ``seats``: each seat, open
      or not, and the student who holds it.
    - ``open_seats(...)``, ``give_seat(seat, student)``, ``take_back(...)``: the teacher's
      seats; ``stop()``: the end of the class.
    """

    def __init__(
        self,
        widget,
        *,
        host: str = "127.0.0.1",
        port: int = 0,
        address: str | None = None,
        max_students: int = 60,
    ):
        if sys.platform == "emscripten":
            raise RuntimeError(
                "A class on the students' phones needs a web server, and this page (JupyterLite:"
                " Python running inside the browser) cannot run one. Open the notebook in "
                "JupyterLab on a computer (pip install borsen_widget) to start a class."
            )
        if not isinstance(host, str) or not host:
            raise ValueError(f"host must be an address such as '127.0.0.1', not {host!r}")
        if isinstance(port, bool) or not isinstance(port, int) or not 0 <= port <= 65535:
            raise ValueError(
                f"port must be a number from 0 (any free port) to 65535, not {quote(port)}"
            )
        if isinstance(max_students, bool) or not isinstance(max_students, int):
            raise ValueError(f"max_students must be a whole number, not {quote(max_students)}")
        if not 1 <= max_students <= 1000:
            raise ValueError(f"max_students must be from 1 to 1000, not {quote(max_students)}")
        if address is not None and (not isinstance(address, str) or not address.strip()):
            raise ValueError(f"address must be the host name or address students type: {address!r}")
        loop = _running_loop()
        if loop is None:
            raise RuntimeError(
                "w.classroom() serves from the running event loop of a Jupyter kernel; in a "
                "script, call it inside a coroutine run by asyncio.run(...)"
            )
        from .server import serve  # tornado, which every Jupyter kernel has

        self._widget = widget
        self._loop = loop
        self._token = "".join(secrets.choice(TOKEN_LETTERS) for _ in range(TOKEN_LENGTH))
        self._max_students = max_students
        self._students: dict[str, Student] = {}  # by session, in order of joining
        self._pages: set[Page] = set()
        self._open: set[int] = set()
        self._holders: dict[int, str] = {}  # seat → session
        self._assets = self._load_assets()
        self._summary_timer: asyncio.TimerHandle | None = None
        self._class_text = ""
        self._class_last: dict = {}
        self._following = False
        self._running = True
        self._server = serve(self, host, port, frame_limit=FRAME_LIMIT)
        self.host = host
        self.port = self._server.port
        if address is None:
            if host in ("0.0.0.0", "::"):  # every interface: the one students reach
                address = _network_address()
            else:
                address = "127.0.0.1" if host == "localhost" else host
        shown = f"[{address}]" if ":" in address else address
        #: The join address, with its token: what the QR code holds.
        self.url = f"http://{shown}:{self.port}/{self._token}/"
        self._local = _is_loopback(host)
        try:
            self._qr = qr_svg(self.url)
            widget.observe(self._on_view, names="view")
            widget.observe(self._on_guess, names="guess_first")
            self._follow(bool(widget.guess_first))
            self._send_card()
        except BaseException:
            self.stop()  # no server left listening behind an error
            raise

    # ------------------------------------------------------------------ the teacher's API

    @property
    def is_running(self) -> bool:
        return self._running

    @property
    def students(self) -> tuple[str, ...]:
        """The names of the students who joined, in the order they came."""
        return tuple(s.name for s in self._students.values())

    @property
    def votes(self) -> dict[str, str]:
        """Each student's vote for the decision on the table: ``{name: "draw" | "bank"}``
        (guess first; the teacher's own vote clicks are counted in ``w.teacher.votes``)."""
        feed = self._widget.teacher if self._following else None
        if feed is None:
            return {}
        by_key = {s.voter: s.name for s in self._students.values()}
        return {by_key[k]: v for k, v in feed.ballots.items() if k in by_key}

    @property
    def seats(self) -> list[dict]:
        """Each seat: ``{"seat", "name", "bot", "open", "student"}`` (``student``: the name of
        the student who holds it, or None)."""
        return [
            {
                "seat": i,
                "name": name,
                "bot": bot is not None,
                "open": i in self._open,
                "student": self._holder_name(i),
            }
            for i, (name, bot) in enumerate(zip(self._widget.names, self._widget.bots, strict=True))
        ]

    def open_seats(self, *seats: int | str) -> None:
        """Let students take these seats (numbers from 0 or names; none: every seat a person
        plays). A bot's seat cannot be opened."""
        for seat in self._seat_numbers(seats, people_only=not seats):
            if self._widget.bots[seat] is not None:
                raise ValueError(
                    f"{self._widget.names[seat]} is a bot: only a person's seat can be opened"
                )
            self._open.add(seat)
        self._changed()

    def take_back(self, *seats: int | str) -> None:
        """Take these seats back from their students and close them (none: every seat): the
        teacher's screen plays them again."""
        for seat in self._seat_numbers(seats, people_only=False):
            self._open.discard(seat)
            session = self._holders.pop(seat, None)
            if session is not None:
                self._tell_seat_lost(self._students[session], seat)
        self._changed()

    def give_seat(self, seat: int | str, student: str) -> None:
        """Hand ``seat`` to the student named ``student`` (who gives up any other seat)."""
        (number,) = self._seat_numbers((seat,), people_only=False)
        if self._widget.bots[number] is not None:
            raise ValueError(f"{self._widget.names[number]} is a bot: it has no seat to hand out")
        found = [s for s in self._students.values() if s.name.casefold() == str(student).casefold()]
        if not found:
            here = ", ".join(self.students) or "nobody has joined yet"
            raise ValueError(f"no student is named {student!r} ({here})")
        self._open.add(number)
        old = self._holders.get(number)
        if old is not None and old != found[0].session:
            self._tell_seat_lost(self._students[old], number)
        self._seat(found[0], number)
        self._changed()

    def seat_request(self, intent: str, seat: int | None) -> None:
        """The teacher's seat buttons in the widget ("open_seat", "take_back"); a seat that
        does not fit raises BadMessage with a polite text."""
        names = self._widget.names
        if seat is None or not 0 <= seat < len(names):
            raise BadMessage("There is no such seat; nothing changed.")
        if intent == "open_seat":
            if self._widget.bots[seat] is not None:
                raise BadMessage(f"{names[seat]} is a bot: only a person's seat can be opened.")
            self.open_seats(seat)
        else:
            self.take_back(seat)

    def stop(self) -> None:
        """End the class: every page is told so and closed, and the server stops listening."""
        if not self._running:
            return
        self._running = False
        if self._summary_timer is not None:
            self._summary_timer.cancel()
            self._summary_timer = None
        ended = _dumps({"type": "ended", "text": ENDED})
        for page in list(self._pages):
            page.send(ended)
            page.close(1001, "the class has ended")
        self._pages.clear()
        self._server.stop()
        widget = self._widget
        with contextlib.suppress(ValueError):
            widget.unobserve(self._on_view, names="view")
            widget.unobserve(self._on_guess, names="guess_first")
        self._follow(False)
        with contextlib.suppress(Exception):  # a widget being closed may refuse trait changes
            widget.room_card = {}

    def __repr__(self) -> str:
        state = "open" if self._running else "ended"
        return f"<Classroom {state} at {self.url}: {len(self._students)} students>"

    def _repr_html_(self) -> str:
        if not self._running:
            return "<p>The class has ended.</p>"
        return card_html(self.url, self._qr, students=len(self._students), local=self._local)

    # ------------------------------------------------------------------ the server's side

    def is_token(self, token: str) -> bool:
        """Whether ``token`` is this class's (compared in constant time)."""
        return self._running and hmac.compare_digest(
            token.encode("utf-8", "replace"), self._token.encode()
        )

    def asset(self, name: str) -> tuple[bytes, str] | None:
        """One of the page's files, from memory: ``(body, content type)``, or None."""
        return self._assets.get(name)

    def page_opened(self, send: Callable[[str], None], close: Callable[[int, str], None]):
        """A page connected; returns its :class:`Page`, or None when the class is full of pages
        (it is told so and closed)."""
        page = Page(send, close)
        if not self._running:
            page.send(_dumps({"type": "ended", "text": ENDED}))
            page.close(1001, "the class has ended")
            return None
        if len(self._pages) >= self._max_students + SPARE_PAGES:
            page.notice("Too many pages are open on this class just now; try again in a minute.")
            page.close(1013, "too many pages")
            return None
        self._pages.add(page)
        page.send(_dumps({"type": "hello", "max_name": MAX_NAME}))
        return page

    def page_closed(self, page: Page | None) -> None:
        if page is None:
            return
        self._pages.discard(page)
        student = page.student
        if student is not None and student.page is page:
            student.page = None  # they keep their name, seat and vote: they may come back
            self._summary_soon()

    def receive(self, page: Page | None, message) -> None:
        """One message from a page: checked, carried out or answered with a notice."""
        if page is None or not self._running or page not in self._pages:
            return
        if not page.allow():
            if page.should_warn():
                page.notice(
                    "Too many messages from this page at once: they were ignored. Wait a "
                    "moment, then try again."
                )
            return
        if not isinstance(message, str):
            page.notice("A message from this page was not understood; nothing changed.")
            return
        if len(message) > MAX_MESSAGE or len(message.encode("utf-8")) > MAX_MESSAGE:
            page.notice(
                f"A message from this page was too long ({len(message.encode('utf-8')):,} "
                f"bytes; at most {MAX_MESSAGE:,}); nothing changed."
            )
            return
        try:
            content = json.loads(message)
        except (ValueError, RecursionError):
            page.notice("A message from this page was not understood; nothing changed.")
            return
        rid = request_id(content)
        try:
            if not isinstance(content, dict):
                raise BadMessage("A message from this page was not understood; nothing changed.")
            intent = content.get("intent")
            if intent == "join":
                self._join(page, content)
                return
            student = page.student
            if student is None:
                raise BadMessage("Join the class first: type your name.")
            if intent in ("claim", "leave"):
                self._seat_intent(student, content)
            else:
                self._play(student, content)
        except BadMessage as error:
            page.notice(str(error), request=rid)
        except Exception as error:  # a house rule (Python) may raise: the game is restored
            log.warning("borsen_widget: a student's request failed", exc_info=True)
            page.notice(
                f"That did not work ({type(error).__name__}: {quote(str(error), 200)[1:-1]}); "
                "nothing changed.",
                request=rid,
            )

    # ------------------------------------------------------------------ requests

    def _join(self, page: Page, content: dict) -> None:
        unknown = [k for k in content if k not in ("intent", "name", "session", "id")]
        if unknown:
            raise BadMessage("A message from this page had unknown fields; nothing changed.")
        if page.student is not None:
            raise BadMessage(f"This page has joined already, as {page.student.name}.")
        session = content.get("session")
        if session is not None and (not isinstance(session, str) or len(session) > MAX_SESSION):
            raise BadMessage("A message from this page was not understood; nothing changed.")
        student = self._students.get(session) if session else None
        if student is None:
            if "name" not in content and session:
                # A session this class does not know (an old class, or another one): ask again.
                page.send(_dumps({"type": "forgotten", "request": request_id(content)}))
                return
            name = _clean_name(content.get("name"))
            if any(s.name.casefold() == name.casefold() for s in self._students.values()):
                raise BadMessage(f"The name {name} is taken: add an initial, or choose another.")
            if len(self._students) >= self._max_students:
                raise BadMessage(
                    f"The class is full ({self._max_students} students): ask your teacher."
                )
            student = Student(name, secrets.token_urlsafe(24))
            self._students[student.session] = student
        old = student.page
        if old is not None and old is not page:
            # The same student on a newer page (a reload, another tab): that one counts.
            old.student = None
            old.notice(f"{student.name} opened the class on another page; this one has left.")
            old.close(4000, "opened on another page")
            self._pages.discard(old)
        page.student = student
        student.page = page
        page.send(
            _dumps(
                {
                    "type": "welcome",
                    "name": student.name,
                    "session": student.session,
                    "request": request_id(content),
                }
            )
        )
        page.send(self._view_message())
        page.send(self._room_message())
        page.send(self._class_message())
        self._send_you(student)
        self._summary_soon()

    def _seat_intent(self, student: Student, content: dict) -> None:
        intent = content["intent"]
        allowed = ("intent", "id", "seat") if intent == "claim" else ("intent", "id")
        if any(k not in allowed for k in content):
            raise BadMessage("A message from this page had unknown fields; nothing changed.")
        names = self._widget.names
        if intent == "leave":
            seat = self._seat_of(student)
            if seat is None:
                raise BadMessage("You hold no seat; nothing changed.")
            del self._holders[seat]
            self._changed()
            return
        seat = content.get("seat")
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < len(names):
            raise BadMessage("There is no such seat; nothing changed.")
        if seat not in self._open:
            raise BadMessage(f"{names[seat]}'s seat is not open to students; ask your teacher.")
        holder = self._holders.get(seat)
        if holder == student.session:
            raise BadMessage(f"You hold {names[seat]}'s seat already.")
        if holder is not None:
            taken = self._students[holder].name
            raise BadMessage(f"{taken} holds {names[seat]}'s seat already: choose another.")
        self._seat(student, seat)
        self._changed()

    def _play(self, student: Student, content: dict) -> None:
        widget = self._widget
        request = read_request(content, version=widget.version, allowed=STUDENT_INTENTS)
        if request.intent == "vote":
            if not widget.guess_first:
                raise BadMessage("There is no vote just now: your teacher has not asked yet.")
            widget.teacher.request("vote", request.choice, voter=student.voter)
            self._send_you(student)
            return
        seat = self._seat_of(student)
        if seat is None:
            raise BadMessage("You hold no seat: take an open seat to play, or watch and vote.")
        game = widget.game
        names = widget.names
        if game.is_over:
            raise BadMessage("The game is over.")
        if game.current_player != seat:
            who = names[game.current_player]
            raise BadMessage(f"It is {who}'s turn, not {names[seat]}'s: wait for your turn.")
        with widget.hold_sync():
            widget.handle(request)

    # ------------------------------------------------------------------ seats

    def _seat_numbers(self, seats, *, people_only: bool) -> list[int]:
        names = self._widget.names
        if not seats:
            return [i for i, bot in enumerate(self._widget.bots) if bot is None or not people_only]
        numbers = []
        for seat in seats:
            if isinstance(seat, bool):
                raise ValueError(f"a seat is a number from 0 or a name, not {seat!r}")
            if isinstance(seat, int):
                if not 0 <= seat < len(names):
                    raise ValueError(f"there is no seat {seat}: seats are 0 to {len(names) - 1}")
                numbers.append(seat)
            elif isinstance(seat, str) and seat in names:
                numbers.append(names.index(seat))
            else:
                raise ValueError(f"no seat is named {seat!r}; the seats are {', '.join(names)}")
        return numbers

    def _seat_of(self, student: Student) -> int | None:
        for seat, session in self._holders.items():
            if session == student.session:
                return seat
        return None

    def _holder_name(self, seat: int) -> str | None:
        session = self._holders.get(seat)
        return None if session is None else self._students[session].name

    def _seat(self, student: Student, seat: int) -> None:
        old = self._seat_of(student)
        if old is not None:
            del self._holders[old]
        self._holders[seat] = student.session

    def _tell_seat_lost(self, student: Student, seat: int) -> None:
        if student.page is not None:
            student.page.notice(
                f"Your teacher took {self._widget.names[seat]}'s seat back.", level="info"
            )

    def _prune_seats(self) -> bool:
        """Seats that no longer exist (fewer players) or became a bot's are closed; True when
        one was."""
        bots = self._widget.bots
        gone = {s for s in self._open | set(self._holders) if s >= len(bots) or bots[s] is not None}
        for seat in gone:
            self._open.discard(seat)
            session = self._holders.pop(seat, None)
            page = None if session is None else self._students[session].page
            if page is not None:
                page.notice(
                    f"Your seat is no longer a student's: the game now has {len(bots)} seats."
                    if seat >= len(bots)
                    else f"{self._widget.names[seat]}'s seat is now played by a bot.",
                    level="info",
                )
        return bool(gone)

    # ------------------------------------------------------------------ what pages see

    def _joined_pages(self) -> list[Page]:
        return [s.page for s in self._students.values() if s.page is not None]

    def _broadcast(self, text: str) -> None:
        for page in self._joined_pages():
            page.send(text)

    def _view_message(self) -> str:
        return _dumps({"type": "view", "view": self._widget.view})

    def _seat_list(self) -> list[dict]:
        """The seats for a screen: ``{"seat", "name", "bot", "open", "holder"}``."""
        out = []
        for seat in self.seats:
            seat["holder"] = seat.pop("student")
            out.append(seat)
        return out

    def _room_message(self) -> str:
        return _dumps({"type": "room", "seats": self._seat_list(), "students": len(self._students)})

    def _class_data(self) -> dict:
        """The guess-first question for the students: public figures only, the answers and
        the class's split only after Reveal (as the teacher's panel has them)."""
        widget = self._widget
        if not (widget.guess_first and self._following):
            return {"on": False}
        data = widget.teacher.data()
        guess = data.get("guess") or {}
        kind = data.get("kind")
        out = {
            "on": True,
            "asking": kind in ("choice", "forced"),
            "kind": kind,
            "decision": data.get("decision"),
            "version": data.get("version"),
            "question": data.get("question") or "",
            "hidden": bool(data.get("hidden")),
            "voters": guess.get("voters", 0),
            "votes": guess.get("votes"),
            "p_accept": None,
            "choice": None,
        }
        if out["asking"] and not out["hidden"]:
            p = data.get("p_accept")
            if p:
                out["p_accept"] = {k: p[k] for k in ("counted", "fraction", "sentence") if k in p}
            choice = data.get("choice")
            if choice:
                out["choice"] = {k: choice.get(k) for k in ("action", "how", "text")}
        return out

    def _class_message(self) -> str:
        return _dumps({"type": "class", "class": self._class_data()})

    def _send_you(self, student: Student) -> None:
        if student.page is None:
            return
        seat = self._seat_of(student)
        vote = None
        if self._following and self._widget.guess_first:
            vote = self._widget.teacher.ballots.get(student.voter)
        student.page.send(_dumps({"type": "you", "name": student.name, "seat": seat, "vote": vote}))

    def _card(self) -> dict:
        """The widget's join card: public things only (the address is the teacher's to show)."""
        seat_of = {session: seat for seat, session in self._holders.items()}
        students = [
            {"name": s.name, "seat": seat_of.get(s.session), "here": s.page is not None}
            for s in self._students.values()
        ]
        voters = 0
        if self._following and self._widget.guess_first:
            voters = len(self._widget.teacher.ballots)
        return {
            "url": self.url,
            "qr": self._qr,
            "local": self._local,
            "students": students,
            "count": len(students),
            "max": self._max_students,
            "seats": self._seat_list(),
            "voters": voters,
        }

    def _send_card(self) -> None:
        if self._running:
            self._widget.room_card = self._card()

    # ------------------------------------------------------------------ keeping in step

    def _changed(self) -> None:
        """Seats changed: every page and the widget's card now, each student's own line."""
        if not self._running:
            return
        self._broadcast(self._room_message())
        for student in self._students.values():
            self._send_you(student)
        self._send_card()

    def _summary_soon(self) -> None:
        """Students came, went or voted: the counts follow within SUMMARY_DELAY, once."""
        if self._summary_timer is None and self._running:
            self._summary_timer = self._loop.call_later(SUMMARY_DELAY, self._send_summary)

    def _send_summary(self) -> None:
        self._summary_timer = None
        if not self._running:
            return
        self._broadcast(self._room_message())
        self._send_class()
        self._send_card()

    def _on_view(self, change) -> None:
        """The widget published a new view: every student's page gets it at once."""
        if not self._running:
            return
        self._broadcast(_dumps({"type": "view", "view": change["new"]}))
        if self._prune_seats():
            self._changed()
        self._summary_soon()  # a new decision clears the votes: the card's count follows

    def _on_guess(self, change) -> None:
        self._follow(bool(change["new"]))
        self._send_class()
        for student in self._students.values():
            self._send_you(student)
        self._send_card()

    def _follow(self, on: bool) -> None:
        """Follow the teacher's figures while guess first is on (only then is there a vote)."""
        if on and not self._following:
            self._following = True
            self._widget.teacher.follow(self._on_figures)
        elif not on and self._following:
            self._following = False
            self._widget.teacher.unfollow(self._on_figures)

    def _on_figures(self, _data: dict) -> None:
        self._send_class(count_waits=True)

    def _send_class(self, *, count_waits: bool = False) -> None:
        """Send the guess-first question when it changed. A new question (or Reveal) goes at
        once; one more vote only changes the count, which waits for the summary (so 200 votes
        at once make one message to each page, not 200)."""
        data = self._class_data()
        text = _dumps({"type": "class", "class": data})
        if text == self._class_text:
            return
        same = {k: v for k, v in data.items() if k != "voters"} == {
            k: v for k, v in self._class_last.items() if k != "voters"
        }
        if same and count_waits:
            self._summary_soon()
            return
        self._class_text, self._class_last = text, data
        self._broadcast(text)
        if not same:
            for student in self._students.values():
                self._send_you(student)  # a new decision clears each student's vote

    # ------------------------------------------------------------------ files

    @staticmethod
    def _load_assets() -> dict[str, tuple[bytes, str]]:
        """The page's files, read once: the server never opens a file by a name it was sent."""
        return {name: ((STATIC / f).read_bytes(), kind) for name, (f, kind) in ASSETS.items()}
