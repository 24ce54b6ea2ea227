"""A class on the students' phones: thirty pages join the teacher's game (and any other table
the class hosts), vote, answer and play seats.

``room = w.classroom()`` makes a :class:`Classroom`: it starts the web server
(:mod:`~borsen_widget.classroom.server`) on the kernel's own event loop and keeps, in
Python, everything a student's page may rely on. The kernel is the only truth:

- A page sends *intents* only (join, claim or leave a seat, draw, bank, list or keep aces,
  vote, answer, a strategy); each is read by the class's wire
  (:func:`~borsen_widget.classroom.wire.decode`: its declared fields; a move or a vote also
  :func:`~borsen_widget.classroom.wire.read_request`, against the version of the view it was
  made on), then handed to the method :data:`HANDLERS` names. A move is carried out by its
  table (:class:`~borsen_widget.classroom.table.Table`: the teacher's widget, or another table
  the class hosts), so it is checked by the engine like a click in the notebook (R4–R14); it is
  accepted only from the student who holds the seat to act at their own table, while the
  teacher's widget can still act for every seat of its game.
- Every page gets the same public view the widget shows (:func:`~borsen_widget.classroom.view.
  build_view`: never the deck's order, the seed or the random generator; RULES.md "Hidden
  information"), the seats and who holds them, and in guess-first mode the question, how many
  have voted and, after Reveal, the class's split beside the exact chance and the best choice.
- A request that cannot be carried out is answered with a polite notice to the page that sent
  it, and to no other (requests carry an id; the notice names it); nothing changes.
- Each page reads its own language (its phone's, or the one chosen on its switch; see
  :mod:`~borsen_widget.classroom.speech`), and that page's alone.

Safe by default: the server listens on 127.0.0.1 unless the teacher names a host; the address
holds a random token (without it every request is refused); each student has a session (a
name once taken is theirs, and a page that comes back with its session is the same student,
with their seat and vote); messages are limited in size and rate per page, and the class in
students and pages, each refused politely; the server serves four fixed files from memory and
the WebSocket, nothing else (no file and no code access). ``room.stop()``, ``w.close()`` or the
kernel's end stop it; ``room.stop()`` tells every page the class has ended.

A lesson that measures learning: the teacher poses questions about the position on
the table (``room.ask("chance")``, or the join card's buttons), the phones answer, ``room.
reveal()`` shows the exact answer, the class's answers and each student's points; the
projector page (its own address) shows the table and the question but never the answer before
the reveal; ``room.record`` keeps every question, answer and reveal (a file with
``record=``/``resume=``); the teacher renames, removes and locks out.

:class:`Classroom` is the teacher's handle and the server's one partner; it owns the lesson,
keeps the pages in step (each page is sent what its student's table and the lesson need, and no
more) and owns a part for each job: :class:`~.sessions.Sessions` (students, pages, token and
limits), :class:`~.seats.Seats` (who holds which seat, and their moves),
:class:`~.questions.Questions` (the guess-first vote), :class:`~.asking.Asking` (the posed
questions and the lesson's record), :class:`~.projector.Projector` (the projector's pages) and
:class:`~.assets.Files` (the pages' files).

Why one module of this size: every job above has its own module, and what stays here is the
glue that keeps the screens in step (a change in one part tells the pages, the projector and
the teacher's card what the other parts now say), which has to see all the parts at once;
split across modules it would have to reach into the others' private state.
"""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import functools
import hmac
import logging
import sys
import weakref
from collections.abc import Callable

from ..analysis import clear_cache
from ..engine.errors import quote
from ..engine.events import clear_cache as clear_sentences
from ..i18n import N_, pick_language, translator
from .arguments import check_options
from .asking import Asking
from .assets import Files
from .card import card_data, card_html, qr_svg
from .displays import QuestionShown, ScoresShown, TablesShown
from .lesson import Lesson
from .projector import Projector
from .questions import Questions
from .record import Record
from .seats import Seats
from .sessions import PAGES_PER_ADDRESS, Page, Sessions, Student
from .speech import Views, ended, refusal, widget_language
from .strategies import Strategies, StrategiesShown
from .student_names import fold
from .table import Table
from .tables import ClassTables
from .tournament_show import Show
from .wire import (
    FRAME_LIMIT,
    STUDENT_INTENTS,
    BadMessage,
    Refused,
    decode,
    encode,
    read_request,
    request_id,
)

__all__ = ["HANDLERS", "Classroom", "Hosted"]

log = logging.getLogger("borsen_widget.classroom")

#: How often the seats, the students and the counts of votes and answers are sent at most: the
#: first change at once, the next ones of a burst together (200 joins make a few updates).
SUMMARY_DELAY = 0.1
#: The fields a request of the teacher's join card may hold.
CARD_FIELDS = (
    "intent",
    "do",
    "kind",
    "on",
    "student",
    "name",
    "size",
    "id",
    "version",
    "origin",
    "base",
)


def _running_loop() -> asyncio.AbstractEventLoop | None:
    try:
        return asyncio.get_running_loop()
    except RuntimeError:
        return None


@dataclasses.dataclass
class Hosted:
    """A table the class hosts: the table, who holds which of its seats, its pages' views, and
    the callback that tells its pages when it moves."""

    table: Table
    seats: Seats
    views: Views
    changed: Callable[[], None]
    index: int


#: Which method of the class answers each intent a phone may send (:data:`.wire.INTENTS`):
#: every message is read by the wire first (its declared fields), then handed on here.
HANDLERS = {
    "page_language": "_language",
    "join": "_join",
    "claim": "_seat_request",
    "leave": "_seat_request",
    "answer": "_answer",
    "more_time": "_more_time",
    "strategy_try": "_strategy",
    "strategy_submit": "_strategy",
    **dict.fromkeys(STUDENT_INTENTS, "_play"),
}
#: The intents a page may send before its student has joined.
BEFORE_JOINING = ("page_language", "join")


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
        max_pages_per_address: int | None = PAGES_PER_ADDRESS,
        record: str | None = None,
        resume: str | None = None,
        leaderboard: bool = False,
        via: str | None = None,
        card: Callable | None = None,
    ):
        if sys.platform == "emscripten":
            raise RuntimeError(
                "A class on the students' phones needs a web server, and this page (JupyterLite:"
                " Python running inside the browser) cannot run one. Open the notebook in "
                "JupyterLab on a computer (pip install borsen_widget) to start a class."
            )
        check_options(
            host=host,
            port=port,
            address=address,
            max_students=max_students,
            max_pages_per_address=max_pages_per_address,
            record=record,
            resume=resume,
            leaderboard=leaderboard,
            via=via,
        )
        loop = _running_loop()
        if loop is None:
            raise RuntimeError(
                "w.classroom() serves from the running event loop of a Jupyter kernel; in a "
                "script, call it inside a coroutine run by asyncio.run(...)"
            )
        from .reach import Reach  # tornado: every kernel has it

        self._widget = widget
        self._loop = loop
        #: Makes the join card a cell shows for ``room`` (``card(room, data, language=...)``:
        #: the notebook's widget, with ``show(data, language)``); None: its text alone.
        self._card = card
        # The parts, each with one job: who is here, who holds which seat, what is asked.
        self._sessions = Sessions(max_students, max_pages_per_address=max_pages_per_address)
        # The tables the class hosts, each with its own seats and its pages' views: the
        # teacher's widget is the first (the one the projector shows and questions are about).
        self._tables: list[Hosted] = []
        #: The table each student sits at or watches (their session → its number; 0 if none).
        self._at: dict[str, int] = {}
        first = self._host(widget)
        self._seats, self._views = first.seats, first.views
        # A student away who holds a seat keeps their place in a full class; one who is
        # forgotten (gone too long, or removed) leaves the counts.
        self._sessions.keeps_place = self._holds_a_seat
        self._sessions.on_forget = self._forgotten
        self._questions = Questions(widget, self._on_figures)
        # The lesson: posed questions, answers, scores, the record (a file with record= or
        # resume=, appended as it goes).
        if resume is not None:
            lesson = Lesson.resume(fold, resume)
        else:
            lesson = Lesson(fold, record)
            lesson.start(players=list(widget.names))
        #: The lesson's record: the class owns it, and hands it to the parts that write it.
        self._lesson = lesson
        self._asking = Asking(widget, lesson, loop, self._asked)
        self._seats.hold = self._asking.holds
        self._projector = Projector()
        # The class's strategies and their tournament (their own modules).
        self._strategies = Strategies(lesson, loop, self._strategies_changed)
        self._show = Show(
            loop,
            lesson,
            self._strategies.players,
            self._projector.send,
            self._tell_learners,
            self._spoken,
        )
        # The whole class at tables, each pupil at a seat of their own (room.seat_tables).
        self._class = ClassTables(
            sessions=self._sessions,
            lesson=lesson,
            loop=loop,
            host=self._host,
            place=self._place,
            changed=self._changed,
            moved=self._class_table_moved,
            figures=self._send_figures,
            experiment=self._send_experiment,
            card=self._send_card,
            language=self._spoken,
        )
        self._leaderboard = leaderboard
        self._files = Files()
        #: The join cards shown in cells (``room`` as a cell's output), kept live.
        self._cards: weakref.WeakSet = weakref.WeakSet()
        self._summary_timer: asyncio.TimerHandle | None = None
        self._pending: set[str] = set()  # what the next summary sends (see _summary_soon)
        self._summary_sent = 0.0
        self._running = True
        # The server, and the address phones open: through the Jupyter server, or its own port.
        self._reach = Reach(
            self,
            (self._sessions.token, self._projector.token),
            via=via,
            host=host,
            port=port,
            address=address,
            frame_limit=FRAME_LIMIT,
            pages_per_address=max_pages_per_address,
        )
        self.host = self._reach.host
        self.port = self._reach.port
        try:
            self._qr = self._code()
            self._class.restore(lesson.events)  # a resumed lesson's tables (none otherwise)
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
    def url(self) -> str:
        """The join address, with its token: what the QR code holds (through the Jupyter
        server, ``…/borsen/class/<token>/``, or the class's own port)."""
        return self._reach.url

    @property
    def projector_url(self) -> str:
        """The projector page's address (its own token: the join address does not open it)."""
        return self._reach.projector_url

    @property
    def via(self) -> str:
        """How the phones reach the class: ``"jupyter"`` (through the Jupyter server the
        notebook runs under) or ``"direct"`` (the class's own port)."""
        return self._reach.via

    @property
    def is_local(self) -> bool:
        """Whether only this computer can open the join address (no phone can)."""
        return self._reach.local

    def open_to_network(self) -> str:
        """Open the class to the classroom's network too (what the join card's button does,
        once the teacher confirms): it listens on every address of this computer, on a fixed
        port remembered between lessons; returns the address phones now open."""
        self._reach.open_network()
        self._address_changed()
        return self.url

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
        self._projector.end(ended(widget_language(self._widget)))
        self._asking.stop()
        self._class.stop()
        self._strategies.stop()
        self._show.stop()
        self._reach.stop()
        widget = self._widget
        for hosted in self._tables:
            hosted.table.off_view(hosted.changed)
        with contextlib.suppress(ValueError):
            widget.unobserve(self._on_guess, names="guess_first")
        self._questions.follow(False)
        with contextlib.suppress(Exception):  # a widget being closed may refuse trait changes
            widget.room_card = {}
        for shown in list(self._cards):  # the cards in cells say the class has ended
            with contextlib.suppress(Exception):
                shown.card = {"ended": True}
        # What the class's advice and logs kept for speed (its tables' positions and events)
        # is given back: a kernel may teach six classes in a day.
        clear_cache()
        clear_sentences()

    def __repr__(self) -> str:
        state = "open" if self._running else "ended"
        return f"<Classroom {state} at {self.url}: {len(self._sessions)} students>"

    def _repr_html_(self) -> str:
        """The card as text, where a notebook shows no widgets (a static export)."""
        tr = translator(widget_language(self._widget))
        if not self._running:
            return "<p>" + tr.gettext("The class has ended.") + "</p>"
        return card_html(
            self.url, self._qr, students=len(self._sessions), local=self._reach.local, tr=tr
        )

    def _repr_mimebundle_(self, include=None, exclude=None) -> dict:
        """``room`` in a cell: the join card, live (it follows the class, and says when it
        has ended), with its text beside it for a notebook that shows no widgets."""
        if self._card is None:
            return {"text/html": self._repr_html_()}
        card = self._card(self, self._card_data(), language=widget_language(self._widget))
        self._cards.add(card)
        bundle = card._repr_mimebundle_(include=include, exclude=exclude)
        bundle = bundle[0] if isinstance(bundle, tuple) else bundle
        return {**bundle, "text/html": self._repr_html_()}

    # ------------------------------------------------------------------ the server's side

    def is_token(self, token: str) -> bool:
        """Whether ``token`` is this class's (compared in constant time)."""
        return self._running and self._sessions.is_token(token)

    def asset(self, name: str, languages=()) -> tuple[bytes, str] | None:
        """One of the student page's files, from memory: ``(body, content type)``, or None;
        the page itself in the first of ``languages`` (the browser's) the package speaks."""
        return self._files.student(name, languages)

    def projector_asset(self, name: str) -> tuple[bytes, str] | None:
        """One of the projector page's files, from memory (the page in the teacher's
        language), or None."""
        return self._files.projector(name, widget_language(self._widget))

    def page_opened(
        self,
        send: Callable[[str], None],
        close: Callable[[int, str], None],
        languages: list[str] | None = None,
        address: str | None = None,
    ):
        """A page connected (``languages``: its browser's; ``address``: where it connects
        from); returns its :class:`Page`, or None when the class has ended or is full of
        pages, in all or from that address (it is told so and closed)."""
        if not self._running:
            send(ended(pick_language(languages or [])))
            close(1001, "the class has ended")
            return None
        return self._sessions.open_page(send, close, languages, address=address)

    def page_closed(self, page: Page | None) -> None:
        student = None if page is None else page.student
        if page is not None and self._sessions.close_page(page):
            self._summary_soon("room")  # one student fewer here: the card's list follows
            if student is not None and student.page is None:
                self._class.away(student)  # at a table: a bot plays the seat after a while

    def receive(self, page: Page | None, message) -> None:
        """One message from a page: read by the wire, carried out by the intent's handler
        (:data:`HANDLERS`), or answered with a notice; nothing changes when it is refused."""
        if page is None or not self._running or page not in self._sessions:
            return
        content = self._sessions.read(page, message)
        if content is None:
            return  # refused (rate, size, shape): the page was told, once
        rid = request_id(content)
        try:
            intent = decode(content, "phone")
            if intent not in BEFORE_JOINING and page.student is None:
                raise BadMessage("Join the class first: type your name.")
            getattr(self, HANDLERS[intent])(page, content)
        except BadMessage as error:
            page.say(refusal(error, page.tr, self._table_for(page), you=True), request=rid)
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
            page.send(self._hosted(page.student).views.message(page))
            self._send_strategies(page)  # their sentences too (the rule in words, the place)

    def _join(self, page: Page, content: dict) -> None:
        student = self._sessions.join(page, content)
        if student is None:
            return  # a session this class does not know: the page asks for a name again
        # The lesson's learner: the same name after a crash or a full class is the same one.
        self._lesson.learner_for(student.session, student.name)
        self._class.joined(student)  # the class at tables: a seat (late), or theirs back
        # A page that (re)joins gets the whole class at once, then its own line.
        at = self._at.get(student.session, 0)
        page.send(self._tables[at].views.message(page))
        page.send(self._room_message(at))
        page.send(self._questions.message())
        page.send(self._question_message())
        self._send_strategies(page)
        self._send_you(student)
        if self._class.seated:
            page.send(encode(self._class.figures_message(student)))
        self._summary_soon("room", "question")  # one more here, one more to answer

    def _send_strategies(self, page: Page) -> None:
        """The page's student's strategy and tournament place, in the page's language."""
        learner = self._lesson.of_session(page.student.session)
        page.send(self._strategies.message(learner, page.language))
        told = self._show.phone_message(learner, page.language)
        if told is not None:
            page.send(told)

    def _seat_request(self, page: Page, content: dict) -> None:
        """A page's "claim" or "leave", for a seat of its student's table (not at the class's
        tables: there the class seats its pupils, and a seat left would stop its game)."""
        hosted = self._hosted(page.student)
        if self._class.number_of(hosted.index) is not None:
            raise BadMessage(
                "At the class's tables your teacher seats you: ask your teacher for another seat."
            )
        hosted.seats.student_request(page.student, content)
        self._changed()

    def _strategy(self, page: Page, content: dict) -> None:
        learner = self._lesson.of_session(page.student.session)
        if content["intent"] == "strategy_try":
            self._strategies.try_rule(learner, page, content)
        else:
            self._strategies.submit(learner, page, content)

    def _play(self, page: Page, content: dict) -> None:
        """A move for the seat the student holds at their table, or (guess first, at the
        teacher's table) a vote: read by the wire against that table's view."""
        student = page.student
        hosted = self._hosted(student)
        request = read_request(content, version=hosted.table.version, allowed=STUDENT_INTENTS)
        if hosted.table is self._widget and self._questions.asks(request.intent):
            self._questions.answer(student, request)
            self._send_you(student)
            return
        hosted.seats.play(student, request)

    # ------------------------------------------------------------------ what pages see

    def _room_message(self, at: int = 0) -> str:
        seats = self._tables[at].seats
        return encode(
            {"type": "room", "seats": seats.for_screen(), "students": len(self._sessions)}
        )

    def _send_you(self, student: Student) -> None:
        page = student.page
        if page is None:
            return
        hosted = self._hosted(student)
        you = {"type": "you", "name": student.name, "seat": hosted.seats.of(student)}
        lesson = self._lesson
        learner = lesson.of_session(student.session)
        current = lesson.current
        if learner is not None:
            you["mine"] = None if current is None else current.result(learner.key)
            you["scores"] = lesson.scores_of(learner)
            you["more"] = self._asking.more_times_left(learner)
        page.send(encode({**you, **self._questions.answers_of(student)}))
        if self._class.seated:
            page.send(encode(self._class.table_message(student)))
        if page.view_key != hosted.views.key(page, sent=False):
            page.send(hosted.views.message(page))  # a new seat: the log now says "you" for it

    # ------------------------------------------------------------------ the tables

    @property
    def tables(self) -> tuple:
        """The tables the class hosts: the teacher's widget first, then each added one."""
        return tuple(hosted.table for hosted in self._tables)

    def add_table(self, table: Table) -> int:
        """Host another table (a :class:`~.table.GameTable`, or any :class:`~.table.Table`):
        its own seats, its own pages (the students seated at it see its game and nothing of
        the others'). Returns its number."""
        if any(hosted.table is table for hosted in self._tables):
            raise ValueError("that table is hosted by this class already")
        self._host(table)
        return len(self._tables) - 1

    def seat_at(self, student: str, table: int, seat: int | str | None = None) -> None:
        """Move the student named ``student`` to ``table`` (they give up a seat at the table
        they leave), and hand them its ``seat`` if one is named."""
        if isinstance(table, bool) or not isinstance(table, int):
            raise ValueError(f"a table is a number from 0, not {quote(table)}")
        if not 0 <= table < len(self._tables):
            raise ValueError(f"there is no table {table}: tables are 0 to {len(self._tables) - 1}")
        found = self._student_named(student)
        before = self._hosted(found)
        if self._tables[table] is not before:
            held = before.seats.of(found)
            if held is not None:
                before.seats.take_back((held,))
            self._at[found.session] = table
        if seat is not None:
            self._tables[table].seats.give(seat, found.name)
        if found.page is not None:
            found.page.send(self._tables[table].views.message(found.page))
        self._changed()

    def _host(self, table: Table) -> Hosted:
        seats = Seats(table, self._sessions)
        index = len(self._tables)
        hosted = Hosted(
            table, seats, Views(table, seats), functools.partial(self._table_moved, index), index
        )
        self._tables.append(hosted)
        table.on_view(hosted.changed)
        return hosted

    # -- the whole class at tables (its own module: tables.py)

    @property
    def class_tables(self) -> ClassTables:
        """The class at tables: each table's game, seats and results, the class's experiment
        and the teacher's controls (see :meth:`seat_tables`)."""
        return self._class

    def seat_tables(self, size: int = 4, **options) -> TablesShown:
        """Seat every student who has joined (and each who joins later) at tables of ``size``
        (2 to 5), each table its own game under the widget's rules, bots in the seats no pupil
        fills. ``options`` (their defaults: :meth:`~.tables.ClassTables.seat`): ``order``
        (``"random"`` or ``"joined"``), ``bots`` (a spec such as ``"threshold:4"``), ``pace``
        (the seconds a bot takes a move), ``next_game`` (``"teacher"``: when
        ``room.class_tables.next_game()`` is called, or ``"now"``), ``hold`` (the seconds a
        dropped phone's seat waits before a bot plays it), ``same_deck`` (every table the same
        shuffle). Returns the tables' display; ``room.class_tables`` is the object to read and
        steer."""
        self._class.seat(list(self._sessions), self._widget.game.rules, size, **options)
        return self._class.shown()

    def _place(self, student: Student, index: int) -> None:
        """Put ``student`` at the class's table ``index`` (giving up a seat at the table they
        leave, the teacher's among them): their page shows its game."""
        before = self._hosted(student)
        held = before.seats.of(student)
        if before.index != index and held is not None:
            before.seats.take_back((held,))
        self._at[student.session] = index
        if student.page is not None:
            student.page.send(self._tables[index].views.message(student.page))

    def _class_table_moved(self, index: int) -> None:
        """A table of the class at tables moved: its students' table lines follow (whose
        choice it is, and with the teacher's switch on, its exact chance)."""
        number = self._class.number_of(index)
        if number is None or not self._running:
            return
        for student in self._class.students_at(number):
            if student.page is not None:
                student.page.send(encode(self._class.table_message(student)))

    def _send_figures(self, student: Student, figures: dict) -> None:
        if self._running and student.page is not None:
            student.page.send(encode(figures))

    def _send_experiment(self, figures: dict | None) -> None:
        if self._running:
            self._projector.send(encode({"type": "experiment", "experiment": figures}))

    def _spoken(self) -> str:
        """The language the class speaks to the teacher and the projector (the widget's)."""
        return widget_language(self._widget)

    def _hosted(self, student: Student) -> Hosted:
        return self._tables[self._at.get(student.session, 0)]

    def _table_for(self, page: Page):
        return self._widget if page.student is None else self._hosted(page.student).table

    def _pages_at(self, at: int) -> list[Page]:
        """The joined pages of the students at table ``at``."""
        return [
            s.page
            for s in self._sessions
            if s.page is not None and self._at.get(s.session, 0) == at
        ]

    def _holds_a_seat(self, student: Student) -> bool:
        return any(hosted.seats.of(student) is not None for hosted in self._tables)

    # ------------------------------------------------------------------ keeping in step

    def _changed(self) -> None:
        """Seats changed: every page its table's seats, the widget's card, each student's own
        line."""
        if not self._running:
            return
        for at in range(len(self._tables)):
            self._sessions.broadcast(self._room_message(at), self._pages_at(at))
        self._projector.send(self._projector_room())
        for student in self._sessions:
            self._send_you(student)
        self._send_card()

    def _summary_soon(self, *what: str) -> None:
        """Students came or went (``"room"``), or voted or answered (``"question"``): what
        changed follows at once, unless it was sent less than SUMMARY_DELAY ago (a burst):
        then once, when that time is up. The join card always follows."""
        self._pending.update(what)
        if self._summary_timer is not None or not self._running:
            return
        wait = self._summary_sent + SUMMARY_DELAY - self._loop.time()
        if wait <= 0:
            self._send_summary()
        else:
            self._summary_timer = self._loop.call_later(wait, self._send_summary)

    def _send_summary(self) -> None:
        self._summary_timer = None
        if not self._running:
            return
        self._summary_sent = self._loop.time()
        pending, self._pending = self._pending, set()
        if "room" in pending:  # the head count and who is here: only when someone came or went
            for at in range(len(self._tables)):
                self._sessions.broadcast(self._room_message(at), self._pages_at(at))
            self._projector.send(self._projector_room())
        if "question" in pending and self._lesson.open is not None:
            question = self._question_message()
            self._sessions.broadcast(question)
            self._projector.send(question)
        self._send_class()
        self._send_card()

    def _table_moved(self, at: int) -> None:
        """Table ``at`` published a new view: its students' pages get it at once."""
        if not self._running:
            return
        hosted = self._tables[at]
        if at:
            self._sessions.broadcast_in(hosted.views.message, hosted.views.key, self._pages_at(at))
            if hosted.seats.prune():
                self._changed()
            self._class_table_moved(at)
            return
        self._sessions.broadcast_in(self._views.message, self._views.key, self._pages_at(0))
        if len(self._projector):
            self._projector.send(self._projector_view())
        self._asking.followed()  # a chance question's card, drawn now: its outcome
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
            self._send_card()  # and the card's count of votes

    # ------------------------------------------------------------------ the lesson

    # -- the lesson: questions, answers, scores

    def ask(self, kind: str, *, seconds: int | None = None, hold: bool = True) -> dict:
        """Pose a question about the decision on the table to every phone: ``"chance"`` (the
        chance the next card is accepted), ``"count"`` (how many cards left would be
        accepted), ``"expected"`` (the cards this turn banks on average if the player draws
        once more) or ``"choice"`` (draw or bank). It stays open until :meth:`reveal` or
        ``seconds`` run out; meanwhile the bots wait and (``hold``) so does the seat to act.
        Returns the question as the teacher sees it (with its exact answer)."""
        self._asking.ask(kind, seconds=seconds, hold=hold)
        self._asked()
        return QuestionShown(self.question, widget_language(self._widget))

    def reveal(self) -> dict:
        """Reveal the open question: every phone and the projector show the exact answer and
        the class's answers; each student sees their own error and points."""
        self._asking.reveal()
        self._asked()
        return QuestionShown(self.question, widget_language(self._widget))

    @property
    def question(self) -> dict:
        """The question on the table, as the teacher sees it (``{"state": "none"}``: none)."""
        return self._asking.data(students=self._class_size(), teacher=True)

    @property
    def record(self) -> Record:
        """The lesson's record: a row per answer (see :class:`~.record.Record`:
        ``.to_csv(path)`` with pseudonyms, ``.frame()``, the charts)."""
        return Record(self._lesson, language=widget_language(self._widget))

    @property
    def scores(self) -> dict[str, int]:
        """Each student's total points so far, by name (a dict, shown as a table in the
        room's language)."""
        lesson = self._lesson
        totals = lesson.totals()
        scores = {x.name: totals.get(x.key, 0) for x in lesson.learners.values() if not x.removed}
        return ScoresShown(scores, widget_language(self._widget))

    @property
    def leaderboard(self) -> bool:
        """Whether the projector shows the top scores with names (off by default)."""
        return self._leaderboard

    @leaderboard.setter
    def leaderboard(self, on: bool) -> None:
        if not isinstance(on, bool):
            raise ValueError(f"leaderboard must be True or False, not {quote(on)}")
        self._leaderboard = on
        self._projector.send(self._board())
        self._projector.send(self._projector_room())  # names on the seats go with the board
        self._send_card()

    # -- the class's strategies and their tournament

    def strategies(self) -> dict:
        """Open submissions: each phone builds a strategy, tries it and submits it (again, until
        :meth:`close_strategies`). Returns what has been submitted, shown in words."""
        self._strategies.set_open(True)
        self._tell_learners(self._strategies.message)
        return self._strategies_shown()

    def close_strategies(self) -> dict:
        """Close submissions: the strategies submitted so far are the ones that play."""
        self._strategies.set_open(False)
        self._tell_learners(self._strategies.message)
        return self._strategies_shown()

    def tournament(self, games: int = 200, bots=None, seed: int = 1):
        """Play every submitted strategy against every other and against ``bots`` (the
        package's bots, WinningBot the boss, by default), ``games`` games a pair, live on the
        projector and the phones. Returns at once a display of the progress, then of the
        ranking (``await`` it to wait; its ``result`` is the tournament's result)."""
        return self._show.start(games=games, bots=bots, seed=seed)

    def _strategies_changed(self) -> None:
        """A strategy was submitted (or submissions opened or closed): the card and the
        projector's count follow."""
        self._send_card()
        if self._running:
            self._projector.send(self._submissions())

    def _submissions(self) -> str:
        """The projector's count of submitted strategies (how many, never whose)."""
        summary = self._strategies.summary(len(self._sessions))
        return encode(
            {
                "type": "submissions",
                "open": summary["open"],
                "submitted": summary["submitted"],
                "students": summary["students"],
            }
        )

    def _strategies_shown(self) -> StrategiesShown:
        return StrategiesShown(
            self._strategies.summary(len(self._sessions)), widget_language(self._widget)
        )

    def _tell_learners(self, write) -> None:
        """Each student's page gets ``write(learner, language)`` (if not None)."""
        lesson = self._lesson
        for student in self._sessions:
            page = student.page
            if page is not None:
                text = write(lesson.of_session(student.session), page.language)
                if text is not None:
                    page.send(text)

    # -- moderation

    def rename(self, student: str, name: str) -> None:
        """Give the student called ``student`` the name ``name`` (an unsuitable name)."""
        found = self._student_named(student)
        self._sessions.rename(found, name)
        self._lesson.renamed(found.session, found.name)
        self._changed()

    def remove(self, student: str) -> None:
        """Remove the student called ``student``: their page is closed and their session ends
        (their answers stay in the record)."""
        found = self._student_named(student)
        seat = self._seats.of(found)
        if seat is not None:
            self._seats.take_back((seat,))
        if self._class.table_of(found) is not None:
            self._class.replace(found)  # at a table of the class: a bot takes the seat
        self._lesson.removed(found.session)
        self._sessions.remove(found)
        self._changed()

    def lock(self) -> None:
        """Close the class to new students (those who joined may still come back)."""
        self._sessions.lock()
        self._send_card()

    def unlock(self) -> None:
        """Open the class to new students again."""
        self._sessions.unlock()
        self._send_card()

    @property
    def locked(self) -> bool:
        return self._sessions.locked

    def _student_named(self, name: str):
        found = self._sessions.named(str(name))
        if found is None:
            raise Refused("No student is called {name}.", name=str(name))
        return found

    def _board(self) -> str:
        """The leaderboard for the projector: the top ten totals with names, when it is on."""
        if not self._leaderboard:
            return Projector.board(False, [])
        rows = sorted(self.scores.items(), key=lambda item: (-item[1], item[0]))[:10]
        return Projector.board(True, [{"name": n, "total": t} for n, t in rows])

    def _roll(self) -> list[dict]:
        """The join card's students, each with whether they answered and their total."""
        lesson = self._lesson
        totals = lesson.totals()
        out = []
        for entry, student in zip(self._seats.roll(), self._sessions, strict=True):
            learner = lesson.of_session(student.session)
            out.append(
                {
                    **entry,
                    "key": student.name,
                    "answered": self._asking.answered(learner),
                    "total": 0 if learner is None else totals.get(learner.key, 0),
                }
            )
        return out

    # ------------------------------------------------------------------ the projector

    def is_projector_token(self, token: str) -> bool:
        """Whether ``token`` is the projector page's (compared in constant time)."""
        theirs = token.encode("utf-8", "replace")
        return self._running and hmac.compare_digest(theirs, self._projector.token.encode())

    def projector_opened(self, send: Callable[[str], None], close: Callable[[int, str], None]):
        """A projector page connected: it gets the whole class at once (or is refused)."""
        if not self._running:
            close(1001, "the class has ended")
            return None
        language = widget_language(self._widget)
        first = [
            Projector.speech(language),
            self._projector_view(),
            self._projector_room(),
            self._question_message(),
            self._board(),
            self._join_message(),
            self._submissions(),
            encode({"type": "experiment", "experiment": self._class.projector_figures()}),
        ]
        if self._show.last is not None:  # the last tournament's ranking, again
            first.append(self._show.projector_message())
        return self._projector.opened(send, close, first)

    def projector_closed(self, screen) -> None:
        self._projector.closed(screen)

    def _projector_room(self) -> str:
        return Projector.room(
            self._seats.for_screen(), len(self._sessions), names=self._leaderboard
        )

    def _projector_view(self) -> str:
        return encode({"type": "view", "view": self._views.view(widget_language(self._widget))})

    # ------------------------------------------------------------------ the join card

    def card_request(self, content: dict) -> None:
        """A button of the teacher's join card (``{"intent": "room", "do": ...}``); one that
        does not fit raises BadMessage with a polite text."""
        if not isinstance(content, dict) or any(k not in CARD_FIELDS for k in content):
            raise BadMessage("A message from this page had unknown fields; nothing changed.")
        do = content.get("do")
        try:
            if do == "ask":
                self.ask(content.get("kind"))
            elif do == "reveal":
                self.reveal()
            elif do == "lock":
                self.lock()
            elif do == "unlock":
                self.unlock()
            elif do == "leaderboard":
                self.leaderboard = content.get("on") is True
            elif do == "rename":
                self.rename(str(content.get("student")), content.get("name"))
            elif do == "remove":
                self.remove(str(content.get("student")))
            elif do == "address":  # the teacher's page: where her browser sees the server
                if self._reach.teacher_page(content.get("origin"), content.get("base")):
                    self._address_changed()
            elif do == "network":
                self.open_to_network()
            elif do == "strategies" and content.get("on") is True:
                self.strategies()
            elif do == "strategies":
                self.close_strategies()
            elif do == "tables":
                size = content.get("size", 4)
                self.seat_tables(size)
            elif do == "pause_tables":
                self._class.pause()
            elif do == "resume_tables":
                self._class.resume()
            elif do == "next_game":
                self._class.next_game()
            elif do == "chance":
                self._class.set_chance(content.get("on") is True)
            elif do == "same_deck":
                self._class.set_same_deck(content.get("on") is True)
            else:
                raise BadMessage("A message from this page was not understood; nothing changed.")
        except Refused:  # the usual refusals: sentences of the catalogues, told on the card
            raise
        except ValueError as error:
            raise BadMessage("That could not be done: {reason}", reason=str(error)) from None

    # ------------------------------------------------------------------ telling the screens

    def _forgotten(self, student: Student) -> None:
        """A student left the class's sessions (away too long in a full class, or removed):
        the card's list and counts follow. Their answers stay in the lesson's record, and
        joining again by name makes them the same learner."""
        self._summary_soon("room", "question")

    def _answer(self, page: Page, content: dict) -> None:
        student = page.student
        learner = self._lesson.of_session(student.session)
        if learner is None:  # cannot happen: a joined student is a learner
            raise BadMessage("Join the class first: type your name.")
        self._asking.answer(learner, content)
        self._send_you(student)
        self._summary_soon("question")  # the count of answers (at once, or with the burst)

    def _more_time(self, page: Page, content: dict) -> None:
        """A student asks for more time on a timed question: the class's timer runs longer,
        and every page, the projector and the card count down from the new time."""
        learner = self._lesson.of_session(page.student.session)
        if learner is None:  # cannot happen: a joined student is a learner
            raise BadMessage("Join the class first: type your name.")
        self._asking.more_time(learner, content)
        question = self._question_message()
        self._sessions.broadcast(question)
        self._projector.send(question)
        self._send_you(page.student)  # how often they may still ask
        self._send_card()

    def _question_message(self) -> str:
        return encode({"type": "question", "question": self._question_data()})

    def _question_data(self) -> dict:
        return self._asking.data(students=self._class_size())

    def _class_size(self) -> int:
        """The students a question counts answers out of: those here, or (after a resume,
        before everyone is back) those who answered the last question."""
        answered = len(getattr(self._lesson.current, "answers", ()))
        return max(len(self._sessions), answered)

    def _code(self) -> str:
        """The QR code of the join address, or none where only this computer can open it (a
        code no phone can open would only mislead)."""
        if self._reach.local:
            return ""
        return qr_svg(self.url, translator(widget_language(self._widget)))

    def _join_message(self) -> str:
        return encode({"type": "join", "url": self.url, "qr": self._qr, "local": self.is_local})

    def _address_changed(self) -> None:
        """The join address changed (the teacher's page told where it is, or the class was
        opened to the network): the code, the card and the projector follow."""
        self._qr = self._code()
        self._send_card()
        self._projector.send(self._join_message())

    def _card_data(self) -> dict:
        """The join card: the address and code, who joined, the question, the seats."""
        card = card_data(
            self.url,
            self._qr,
            local=self._reach.local,
            students=self._roll(),
            max_students=self._sessions.max_students,
            seats=self._seats.for_screen(),
            voters=self._questions.answered(),
        )
        card.update(
            question=self.question,
            projector=self.projector_url,
            via=self._reach.route,
            network_port=self._reach.network_port,
            locked=self._sessions.locked,
            leaderboard=self._leaderboard,
            can_ask=self._asking.can_ask(),
            strategies=self._strategies.summary(len(self._sessions)),
            tables=self._class.overview(),
        )
        return card

    def _send_card(self) -> None:
        """The join card, beside the widget's table and in every cell that shows ``room``."""
        if self._running:
            card = self._card_data()
            self._widget.room_card = card
            language = widget_language(self._widget)
            for shown in list(self._cards):
                shown.show(card, language)

    def _asked(self) -> None:
        """A question was posed or revealed: every page, the projector and the card now,
        and each student's own line (their answer, and after the reveal their points)."""
        if not self._running:
            return
        question = self._question_message()
        self._sessions.broadcast(question)
        self._projector.send(question)
        for student in self._sessions:
            self._send_you(student)
        if self._leaderboard:
            self._projector.send(self._board())
        self._send_card()
