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
- Each page reads its own language (its phone's, or the one chosen on its switch; see
  :mod:`~borsen_widget.jupyter.classroom.speech`), and that page's alone.

Safe by default: the server listens on 127.0.0.1 unless the teacher names a host; the address
holds a random token (without it every request is refused); each student has a session (a
name once taken is theirs, and a page that comes back with its session is the same student,
with their seat and vote); messages are limited in size and rate per page, and the class in
students and pages, each refused politely; the server serves four fixed files from memory and
the WebSocket, nothing else (no file and no code access). ``room.stop()``, ``w.close()`` or the
kernel's end stop it; ``room.stop()`` tells every page the class has ended.

:class:`Classroom` is the teacher's handle and the server's one partner; it keeps the pages in
step and owns a part for each job: :class:`~.sessions.Sessions` (students, pages, token and
limits), :class:`~.seats.Seats` (who holds which seat, and their moves) and
:class:`~.questions.Questions` (the vote, and the kinds of question to come).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import pathlib
import sys
from collections.abc import Callable

from ...engine.errors import quote
from ...i18n import LANGUAGES, N_, pick_language, translator
from ..language import PAGE_LANGUAGE
from ..protocol import STUDENT_INTENTS, BadMessage, read_request, request_id
from .card import card_data, card_html, qr_svg
from .questions import Questions
from .seats import Seats
from .sessions import FRAME_LIMIT, Page, Sessions, Student, dumps
from .speech import Views, ended, page_html, refusal, widget_language

__all__ = ["Classroom"]

log = logging.getLogger("borsen_widget.classroom")

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


def _running_loop() -> asyncio.AbstractEventLoop | None:
    try:
        return asyncio.get_running_loop()
    except RuntimeError:
        return None


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
        from .server import is_loopback, join_address, serve  # tornado: every kernel has it

        self._widget = widget
        self._loop = loop
        # The parts, each with one job: who is here, who holds which seat, what is asked.
        self._sessions = Sessions(max_students)
        self._seats = Seats(widget, self._sessions)
        self._questions = Questions(widget, self._on_figures)
        self._views = Views(widget, self._seats)
        self._assets = self._load_assets()
        self._summary_timer: asyncio.TimerHandle | None = None
        self._running = True
        self._server = serve(self, host, port, frame_limit=FRAME_LIMIT)
        self.host = host
        self.port = self._server.port
        #: The join address, with its token: what the QR code holds.
        self.url = join_address(host, self.port, self._sessions.token, address)
        self._local = is_loopback(host)
        try:
            self._qr = qr_svg(self.url, translator(widget_language(widget)))
            widget.observe(self._on_view, names="view")
            widget.observe(self._on_guess, names="guess_first")
            self._questions.follow(bool(widget.guess_first))
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
        return self._sessions.names

    @property
    def votes(self) -> dict[str, str]:
        """Each student's vote for the decision on the table: ``{name: "draw" | "bank"}``
        (guess first; the teacher's own vote clicks are counted in ``w.teacher.votes``)."""
        return self._questions.vote.by_name(self._sessions)

    @property
    def seats(self) -> list[dict]:
        """Each seat: ``{"seat", "name", "bot", "open", "student"}`` (``student``: the name of
        the student who holds it, or None)."""
        return self._seats.listing()

    def open_seats(self, *seats: int | str) -> None:
        """Let students take these seats (numbers from 0 or names; none: every seat a person
        plays). A bot's seat cannot be opened."""
        self._seats.open(seats)
        self._changed()

    def take_back(self, *seats: int | str) -> None:
        """Take these seats back from their students and close them (none: every seat): the
        teacher's screen plays them again."""
        self._seats.take_back(seats)
        self._changed()

    def give_seat(self, seat: int | str, student: str) -> None:
        """Hand ``seat`` to the student named ``student`` (who gives up any other seat)."""
        self._seats.give(seat, student)
        self._changed()

    def seat_request(self, intent: str, seat: int | None) -> None:
        """The teacher's seat buttons in the widget ("open_seat", "take_back"); a seat that
        does not fit raises BadMessage with a polite text."""
        self._seats.teacher_request(intent, seat)
        self._changed()

    def stop(self) -> None:
        """End the class: every page is told so and closed, and the server stops listening."""
        if not self._running:
            return
        self._running = False
        if self._summary_timer is not None:
            self._summary_timer.cancel()
            self._summary_timer = None
        self._sessions.end(ended)
        self._server.stop()
        widget = self._widget
        with contextlib.suppress(ValueError):
            widget.unobserve(self._on_view, names="view")
            widget.unobserve(self._on_guess, names="guess_first")
        self._questions.follow(False)
        with contextlib.suppress(Exception):  # a widget being closed may refuse trait changes
            widget.room_card = {}

    def __repr__(self) -> str:
        state = "open" if self._running else "ended"
        return f"<Classroom {state} at {self.url}: {len(self._sessions)} students>"

    def _repr_html_(self) -> str:
        tr = translator(widget_language(self._widget))
        if not self._running:
            return "<p>" + tr.gettext("The class has ended.") + "</p>"
        return card_html(self.url, self._qr, students=len(self._sessions), local=self._local, tr=tr)

    # ------------------------------------------------------------------ the server's side

    def is_token(self, token: str) -> bool:
        """Whether ``token`` is this class's (compared in constant time)."""
        return self._running and self._sessions.is_token(token)

    def asset(self, name: str, languages=()) -> tuple[bytes, str] | None:
        """One of the page's files, from memory: ``(body, content type)``, or None; the page
        itself in the first of ``languages`` (the browser's) the package speaks."""
        if name == "":
            return self._pages[pick_language(list(languages))]
        return self._assets.get(name)

    def page_opened(
        self,
        send: Callable[[str], None],
        close: Callable[[int, str], None],
        languages: list[str] | None = None,
    ):
        """A page connected (``languages``: its browser's); returns its :class:`Page`, or None
        when the class has ended or is full of pages (it is told so and closed)."""
        if not self._running:
            send(ended(pick_language(languages or [])))
            close(1001, "the class has ended")
            return None
        return self._sessions.open_page(send, close, languages)

    def page_closed(self, page: Page | None) -> None:
        if page is not None and self._sessions.close_page(page):
            self._summary_soon()  # one student fewer here: the card's list follows

    def receive(self, page: Page | None, message) -> None:
        """One message from a page: checked, carried out or answered with a notice."""
        if page is None or not self._running or page not in self._sessions:
            return
        content = self._sessions.read(page, message)
        if content is None:
            return  # refused (rate, size, shape): the page was told, once
        rid = request_id(content)
        try:
            if not isinstance(content, dict):
                raise BadMessage("A message from this page was not understood; nothing changed.")
            intent = content.get("intent")
            if intent == PAGE_LANGUAGE:
                self._language(page, content)
                return
            if intent == "join":
                self._join(page, content)
                return
            student = page.student
            if student is None:
                raise BadMessage("Join the class first: type your name.")
            if intent in ("claim", "leave"):
                self._seats.student_request(student, content)
                self._changed()
            else:
                self._play(student, content)
        except BadMessage as error:
            page.say(refusal(error, page.tr, self._widget, you=True), request=rid)
        except Exception as error:  # a house rule (Python) may raise: the game is restored
            log.warning("borsen_widget: a student's request failed", exc_info=True)
            page.notice(
                N_("That did not work ({error}); nothing changed."),
                request=rid,
                error=f"{type(error).__name__}: {quote(str(error), 200)[1:-1]}",
            )

    # ------------------------------------------------------------------ requests

    def _language(self, page: Page, content: dict) -> None:
        """A page says which language it reads: its words come back, and a joined page gets
        the view again, written in it."""
        before = page.language
        self._sessions.set_language(page, content)
        if page.student is not None and page.student.page is page and page.language != before:
            page.send(self._views.message(page))

    def _join(self, page: Page, content: dict) -> None:
        student = self._sessions.join(page, content)
        if student is None:
            return  # a session this class does not know: the page asks for a name again
        # A page that (re)joins gets the whole class at once, then its own line.
        page.send(self._views.message(page))
        page.send(self._room_message())
        page.send(self._questions.message())
        self._send_you(student)
        self._summary_soon()

    def _play(self, student: Student, content: dict) -> None:
        request = read_request(content, version=self._widget.version, allowed=STUDENT_INTENTS)
        if self._questions.asks(request.intent):
            self._questions.answer(student, request)
            self._send_you(student)
            return
        self._seats.play(student, request)

    # ------------------------------------------------------------------ what pages see

    def _room_message(self) -> str:
        return dumps(
            {"type": "room", "seats": self._seats.for_screen(), "students": len(self._sessions)}
        )

    def _send_you(self, student: Student) -> None:
        page = student.page
        if page is None:
            return
        you = {"type": "you", "name": student.name, "seat": self._seats.of(student)}
        page.send(dumps({**you, **self._questions.answers_of(student)}))
        if page.view_key != self._views.key(page, sent=False):
            page.send(self._views.message(page))  # a new seat: the log now says "you" for it

    def _send_card(self) -> None:
        if self._running:
            self._widget.room_card = card_data(
                self.url,
                self._qr,
                local=self._local,
                students=self._seats.roll(),
                max_students=self._sessions.max_students,
                seats=self._seats.for_screen(),
                voters=self._questions.answered(),
            )

    # ------------------------------------------------------------------ keeping in step

    def _changed(self) -> None:
        """Seats changed: every page and the widget's card now, each student's own line."""
        if not self._running:
            return
        self._sessions.broadcast(self._room_message())
        for student in self._sessions:
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
        self._sessions.broadcast(self._room_message())
        self._send_class()
        self._send_card()

    def _on_view(self, change) -> None:
        """The widget published a new view: every student's page gets it at once."""
        if not self._running:
            return
        self._sessions.broadcast_in(self._views.message, key=self._views.key)
        if self._seats.prune():
            self._changed()
        self._summary_soon()  # a new decision clears the votes: the card's count follows

    def _on_guess(self, change) -> None:
        self._questions.follow(bool(change["new"]))
        self._send_class()
        for student in self._sessions:
            self._send_you(student)
        self._send_card()

    def _on_figures(self) -> None:
        self._send_class(count_waits=True)

    def _send_class(self, *, count_waits: bool = False) -> None:
        """Send the question when it changed (see Questions.news: a new question at once, one
        more vote with the next summary)."""
        news = self._questions.news(count_waits=count_waits)
        if news.wait:
            self._summary_soon()
        if news.text is None:
            return
        self._sessions.broadcast(news.text)
        if news.new:
            for student in self._sessions:
                self._send_you(student)  # a new decision clears each student's vote

    # ------------------------------------------------------------------ files

    def _load_assets(self) -> dict[str, tuple[bytes, str]]:
        """The page's files, read once: the server never opens a file by a name it was sent.
        The page itself is kept in each language (its title and no-JavaScript line)."""
        assets = {name: ((STATIC / f).read_bytes(), kind) for name, (f, kind) in ASSETS.items()}
        self._pages = {lang: (page_html(assets[""][0], lang), assets[""][1]) for lang in LANGUAGES}
        return assets
