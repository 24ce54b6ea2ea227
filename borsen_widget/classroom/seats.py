"""The seats of a class: which are open to students, who holds which, and a seat's moves.

The teacher opens seats, hands one to a named student or takes seats back
(:class:`~borsen_widget.classroom.room.Classroom` and the widget's seat buttons); a
student claims an open seat or leaves theirs from their page, and plays it when it is that
seat's turn. Only the student who holds the seat to act can move for it; the move itself is
carried out by the widget, checked by the engine like a click in the notebook (R4–R14).

Nothing here sends the seats to the pages: the room does, once a change is made (every change
here either raises before it changes anything or completes).
"""

from __future__ import annotations

from collections.abc import Callable

from ..i18n import N_
from .sessions import Sessions, Student
from .wire import BadMessage, Request

__all__ = ["Seats"]


class Seats:
    """The seats of ``widget``'s game for the students of ``sessions``: the open ones and who
    holds which (at most one seat a student, one student a seat)."""

    def __init__(self, widget, sessions: Sessions):
        self._widget = widget
        self._sessions = sessions
        self._open: set[int] = set()
        self._holders: dict[int, str] = {}  # seat → session
        #: Whether the seat to act waits (a question about its move is open: the room's).
        self.hold: Callable[[], bool] = lambda: False

    # -- reading

    def listing(self) -> list[dict]:
        """Each seat: ``{"seat", "name", "bot", "open", "student"}`` (``student``: the name of
        the student who holds it, or None)."""
        return [
            {
                "seat": i,
                "name": name,
                "bot": bot is not None,
                "open": i in self._open,
                "student": self.holder_name(i),
            }
            for i, (name, bot) in enumerate(zip(self._widget.names, self._widget.bots, strict=True))
        ]

    def for_screen(self) -> list[dict]:
        """The seats for a screen: ``{"seat", "name", "bot", "open", "holder"}``."""
        out = []
        for seat in self.listing():
            seat["holder"] = seat.pop("student")
            out.append(seat)
        return out

    def roll(self) -> list[dict]:
        """Each student, in the order they came: ``{"name", "seat", "here"}`` (the seat they
        hold or None; whether their page is connected), for the widget's join card."""
        seat_of = {session: seat for seat, session in self._holders.items()}
        return [
            {"name": s.name, "seat": seat_of.get(s.session), "here": s.page is not None}
            for s in self._sessions
        ]

    def of(self, student: Student) -> int | None:
        """The seat ``student`` holds, or None."""
        for seat, session in self._holders.items():
            if session == student.session:
                return seat
        return None

    def holder(self, seat: int) -> Student | None:
        """The student who holds ``seat``, or None."""
        session = self._holders.get(seat)
        return None if session is None else self._sessions.get(session)

    def holder_name(self, seat: int) -> str | None:
        session = self._holders.get(seat)
        return None if session is None else self._sessions.get(session).name

    def numbers(self, seats, *, people_only: bool) -> list[int]:
        """The seat numbers the teacher named (numbers from 0 or names; none: every seat, or
        every seat a person plays); a seat that is not one raises ValueError."""
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

    # -- the teacher's changes (see Classroom.open_seats, take_back and give_seat)

    def open(self, seats) -> None:
        for seat in self.numbers(seats, people_only=not seats):
            if self._widget.bots[seat] is not None:
                raise ValueError(
                    f"{self._widget.names[seat]} is a bot: only a person's seat can be opened"
                )
            self._open.add(seat)

    def take_back(self, seats) -> None:
        for seat in self.numbers(seats, people_only=False):
            self._open.discard(seat)
            session = self._holders.pop(seat, None)
            if session is not None:
                self._tell_seat_lost(self._sessions.get(session), seat)

    def release(self, seat: int) -> None:
        """Close ``seat`` and free it of its holder without a word to them (the class at
        tables moves a pupil to another seat, and says so itself)."""
        self._open.discard(seat)
        self._holders.pop(seat, None)

    def give(self, seat: int | str, student: str) -> None:
        (number,) = self.numbers((seat,), people_only=False)
        if self._widget.bots[number] is not None:
            raise ValueError(f"{self._widget.names[number]} is a bot: it has no seat to hand out")
        found = self._sessions.named(str(student))
        if found is None:
            here = ", ".join(self._sessions.names) or "nobody has joined yet"
            raise ValueError(f"no student is named {student!r} ({here})")
        self._open.add(number)
        old = self._holders.get(number)
        if old is not None and old != found.session:
            self._tell_seat_lost(self._sessions.get(old), number)
        self._seat(found, number)

    def teacher_request(self, intent: str, seat: int | None) -> None:
        """The teacher's seat buttons in the widget ("open_seat", "take_back"); a seat that
        does not fit raises BadMessage with a polite text."""
        names = self._widget.names
        if seat is None or not 0 <= seat < len(names):
            raise BadMessage("There is no such seat; nothing changed.")
        if intent == "open_seat":
            if self._widget.bots[seat] is not None:
                raise BadMessage(
                    "{player} is a bot: only a person's seat can be opened.", player=names[seat]
                )
            self.open((seat,))
        else:
            self.take_back((seat,))

    def prune(self) -> bool:
        """Seats that no longer exist (fewer players) or became a bot's are closed; True when
        one was."""
        bots = self._widget.bots
        gone = {s for s in self._open | set(self._holders) if s >= len(bots) or bots[s] is not None}
        for seat in gone:
            self._open.discard(seat)
            session = self._holders.pop(seat, None)
            page = None if session is None else self._sessions.get(session).page
            if page is None:
                continue
            if seat >= len(bots):
                page.notice(
                    N_("Your seat is no longer a student's: the game now has {count} seats."),
                    level="info",
                    count=len(bots),
                )
            else:
                page.notice(
                    N_("{player}'s seat is now played by a bot."),
                    level="info",
                    player=self._widget.names[seat],
                )
        return bool(gone)

    # -- a student's intents

    def student_request(self, student: Student, content: dict) -> None:
        """A page's "claim" (an open seat nobody holds) or "leave" (the seat it holds)."""
        intent = content["intent"]
        allowed = ("intent", "id", "seat") if intent == "claim" else ("intent", "id")
        if any(k not in allowed for k in content):
            raise BadMessage("A message from this page had unknown fields; nothing changed.")
        names = self._widget.names
        if intent == "leave":
            seat = self.of(student)
            if seat is None:
                raise BadMessage("You hold no seat; nothing changed.")
            del self._holders[seat]
            return
        seat = content.get("seat")
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < len(names):
            raise BadMessage("There is no such seat; nothing changed.")
        if seat not in self._open:
            raise BadMessage(
                "{player}'s seat is not open to students; ask your teacher.", player=names[seat]
            )
        holder = self._holders.get(seat)
        if holder == student.session:
            raise BadMessage("You hold {player}'s seat already.", player=names[seat])
        if holder is not None:
            raise BadMessage(
                "{student} holds {player}'s seat already: choose another.",
                student=self._sessions.get(holder).name,
                player=names[seat],
            )
        self._seat(student, seat)

    def play(self, student: Student, request: Request) -> None:
        """A move from ``student``'s page (a checked request): only for the seat they hold,
        only on its turn; the widget carries it out, as if it were clicked in the notebook."""
        widget = self._widget
        seat = self.of(student)
        if seat is None:
            raise BadMessage("You hold no seat: take an open seat to play, or watch and vote.")
        game = widget.game
        names = widget.names
        if game.is_over:
            raise BadMessage("The game is over.")
        if game.current_player != seat:
            raise BadMessage(
                "It is {player}'s turn, not {seat}'s: wait for your turn.",
                player=names[game.current_player],
                seat=names[seat],
            )
        if self.hold():
            raise BadMessage(
                "Wait: the class is answering a question about this move; your teacher "
                "reveals it first."
            )
        with widget.hold_sync():
            widget.handle(request)

    # -- helpers

    def _seat(self, student: Student, seat: int) -> None:
        old = self.of(student)
        if old is not None:
            del self._holders[old]
        self._holders[seat] = student.session

    def _tell_seat_lost(self, student: Student, seat: int) -> None:
        if student.page is not None:
            student.page.notice(
                N_("Your teacher took {player}'s seat back."),
                level="info",
                player=self._widget.names[seat],
            )
