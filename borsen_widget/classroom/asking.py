"""The teacher's posed questions on the table: ``room.ask("chance")``, answers from the
phones, ``room.reveal()``.

:class:`Asking` poses one question at a time about the decision on the table (kinds and exact
answers: :mod:`~borsen_widget.classroom.scoring`), keeps the lesson's record
(:class:`~borsen_widget.classroom.lesson.Lesson`) and the game in step with it:

- while a question is open the bots wait (the position the class is thinking about stays on
  the table) and, unless the teacher says otherwise (``hold=False``), so does the student who
  holds the seat to act: their move would answer the question for everyone;
- a timer the teacher sets reveals the question by itself; a student who needs longer asks
  for more time on their phone (:data:`MORE_SECONDS` a time, :data:`MORE_TIMES` times a
  question each), and the class's timer waits for them (WCAG 2.2.1, timing adjustable);
- after a chance question, the next card drawn from that position (if the player draws) is
  its outcome, for the class's calibration; an undo past the position forgets it.

It writes data, never sentences: each page words the question in its own language. The room
sends what it returns to the pages (:meth:`data`), the projector and the teacher's card.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Callable

from ..engine.errors import quote
from .lesson import Learner, Lesson, Posed
from .scoring import KINDS, is_question_time, read_answer, truth_of
from .wire import BadMessage, Refused

__all__ = ["MAX_SECONDS", "MORE_SECONDS", "MORE_TIMES", "Asking"]

#: The longest timer a question may have (an hour).
MAX_SECONDS = 3600
#: What a student's "More time" adds to a timed question, and how often each student may ask
#: for it on one question: WCAG 2.2.1 asks for at least 20 seconds, at least ten times, with
#: one simple action.
MORE_SECONDS = 20
MORE_TIMES = 10


class Asking:
    """The posed questions of ``widget``'s class, recorded in ``lesson``; ``on_change()`` is
    called when a question is posed or revealed by itself (its timer), for the room to tell
    the pages."""

    def __init__(self, widget, lesson: Lesson, loop, on_change: Callable[[], None]):
        self._widget = widget
        self.lesson = lesson
        self._loop = loop
        self._on_change = on_change
        self._timer: asyncio.TimerHandle | None = None
        self._deadline: float | None = None
        self._paused_bots = False
        #: The chance question whose outcome is awaited, and the log length when it was posed.
        self._awaiting: tuple[Posed, int] | None = None
        #: How often each student (by key) asked for more time on the open question.
        self._more: dict[str, int] = {}

    # ------------------------------------------------------------------ the teacher's side

    def ask(self, kind: str, *, seconds: int | None = None, hold: bool = True) -> Posed:
        """Pose a question of ``kind`` about the decision on the table (see the module)."""
        if kind not in KINDS:
            raise ValueError(f"kind must be one of {', '.join(KINDS)}, not {quote(kind)}")
        if seconds is not None and (
            isinstance(seconds, bool)
            or not isinstance(seconds, int)
            or not 5 <= seconds <= MAX_SECONDS
        ):
            raise ValueError(
                f"seconds must be a whole number from 5 to {MAX_SECONDS}, or None for no "
                f"timer, not {quote(seconds)}"
            )
        if not isinstance(hold, bool):
            raise ValueError(f"hold must be True or False, not {quote(hold)}")
        if self.lesson.open is not None:
            raise Refused(
                "Question {number} is still open: reveal it before you pose the next one.",
                number=self.lesson.open.number,
            )
        widget = self._widget
        game = widget.game
        if not is_question_time(game):  # a forced move, the aces' decision or the game's end
            raise Refused(
                "There is nothing to decide on the table now: pose a question when the player "
                "may draw or bank."
            )
        truth = truth_of(kind, game, objective=getattr(widget, "objective", "own"))
        posed = self.lesson.ask(kind, self._position(), truth, seconds=seconds, hold=hold)
        if not widget.paused:  # the bots wait while the class thinks about this position
            widget.pause()
            self._paused_bots = True
        self._more = {}
        if seconds is not None:
            self._set_deadline(self._loop.time() + seconds)
        self._awaiting = (posed, game.log_length) if kind == "chance" else None
        return posed

    def reveal(self) -> Posed:
        """Reveal the open question: its answer, the class's answers and every score."""
        if self.lesson.open is None:
            raise Refused("No question is open to reveal.")
        self._stop_timer()
        posed = self.lesson.reveal()
        if self._paused_bots:
            self._paused_bots = False
            with contextlib.suppress(Exception):  # a widget being closed
                self._widget.resume()
        self._followed()  # the card may have been drawn already (hold=False)
        return posed

    def stop(self) -> None:
        self._stop_timer()
        self.lesson.close()

    def _time_up(self) -> None:
        self._timer = None
        if self.lesson.open is not None:
            self.reveal()
            self._on_change()

    def _set_deadline(self, deadline: float) -> None:
        if self._timer is not None:
            self._timer.cancel()
        self._deadline = deadline
        self._timer = self._loop.call_at(deadline, self._time_up)

    def _stop_timer(self) -> None:
        if self._timer is not None:
            self._timer.cancel()
        self._timer = None
        self._deadline = None

    def _position(self) -> dict:
        """The public position a question is about (never the deck's order)."""
        widget = self._widget
        game = widget.game
        seat = game.current_player
        return {
            "player": seat,
            "player_name": widget.names[seat],
            "pile": [card.ascii for card in game.pile],
            "deck_size": game.deck_size,
            "banks": [len(bank) for bank in game.banks],
            "turn": game.turns,
            "log_length": game.log_length,
        }

    # ------------------------------------------------------------------ the game moves on

    def holds(self) -> bool:
        """Whether the seat to act must wait (an open question that holds it)."""
        posed = self.lesson.open
        return posed is not None and posed.hold

    def followed(self) -> bool:
        """The game moved (a new view): True when a chance question's outcome was found."""
        return self._followed()

    def _followed(self) -> bool:
        if self._awaiting is None:
            return False
        posed, start = self._awaiting
        game = self._widget.game
        if game.log_length < start:  # undone past the position: no outcome
            self._awaiting = None
            return False
        log = game.log
        player = posed.position["player"]
        for i in range(start, len(log)):
            event = log[i]
            if event.player != player or event.kind not in ("draw", "bank"):
                continue
            if event.kind == "bank":  # the player banked: no card was drawn from there
                self._awaiting = None
                return False
            verdict = next((e for e in log[i + 1 :] if e.kind in ("accept", "pass")), None)
            if verdict is None or not posed.revealed:
                return False  # an outcome is recorded after the reveal (it follows then)
            self._awaiting = None
            self.lesson.outcome(posed, verdict.kind == "accept")
            return True
        return False

    # ------------------------------------------------------------------ the students' side

    def answer(self, learner: Learner, content: dict) -> None:
        """A student's ``answer`` message (checked: fields, question, value; BadMessage)."""
        if any(k not in ("intent", "question", "value", "id") for k in content):
            raise BadMessage("A message from this page had unknown fields; nothing changed.")
        posed = self.lesson.open
        if posed is None:
            current = self.lesson.current
            if current is not None and content.get("question") == current.number:
                raise BadMessage("This question has been revealed: answers are closed.")
            raise BadMessage("There is no question to answer just now.")
        if content.get("question") != posed.number:
            raise BadMessage("That answer was for another question; nothing changed.")
        self.lesson.answer(learner, read_answer(posed.kind, content.get("value"), posed.truth))

    def more_time(self, learner: Learner, content: dict) -> None:
        """A student's ``more_time`` message: the open question's timer runs
        :data:`MORE_SECONDS` longer for the whole class (it is revealed to all at once), at
        most :data:`MORE_TIMES` times for each student. Refused, changing nothing, when the
        question is not open, has no timer or this student has had every extension."""
        if any(k not in ("intent", "question", "id") for k in content):
            raise BadMessage("A message from this page had unknown fields; nothing changed.")
        posed = self.lesson.open
        if posed is None or content.get("question") != posed.number:
            raise Refused("That question is not open any more: there is no time to add.")
        if self._deadline is None:
            raise Refused("This question has no time limit: take the time you need.")
        asked = self._more.get(learner.key, 0)
        if asked >= MORE_TIMES:
            raise Refused("You have had all the extra time this question gives.")
        self._more[learner.key] = asked + 1
        self._set_deadline(max(self._deadline, self._loop.time()) + MORE_SECONDS)

    def more_times_left(self, learner: Learner | None) -> int | None:
        """How often ``learner`` may still ask for more time on the open question (``None``:
        no open question with a timer)."""
        if self.lesson.open is None or self._deadline is None or learner is None:
            return None
        return MORE_TIMES - self._more.get(learner.key, 0)

    # ------------------------------------------------------------------ what screens see

    def data(self, *, students: int, teacher: bool = False) -> dict:
        """The question for the pages (the truth only after the reveal; ``teacher``: always)."""
        posed = self.lesson.current
        if posed is None:
            return {"state": "none"}
        position = posed.position
        out = {
            "id": posed.number,
            "kind": posed.kind,
            "state": "revealed" if posed.revealed else "open",
            "player": position["player_name"],
            "pile_size": len(position["pile"]),
            "deck_size": position["deck_size"],
            "range": posed.truth.range_dict(),
            "seconds": self._seconds_left(),
            "answered": len(posed.answers),
            "students": students,
            "hold": posed.hold and not posed.revealed,
        }
        if posed.revealed or teacher:
            out["truth"] = posed.truth.to_dict()
        if posed.revealed:
            out["answers"] = posed.values()
            out["mean_error"] = posed.mean_error()
            out["right"] = posed.right()
        return out

    def _seconds_left(self) -> int | None:
        if self._deadline is None:
            return None
        return max(0, round(self._deadline - self._loop.time()))

    def can_ask(self) -> bool:
        """Whether a question can be posed now (none open, a decision on the table)."""
        return self.lesson.open is None and is_question_time(self._widget.game)

    def answered(self, learner: Learner | None) -> bool:
        posed = self.lesson.open
        return learner is not None and posed is not None and learner.key in posed.answers
