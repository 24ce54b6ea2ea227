"""The questions a teacher poses about the position on the table, their exact answers, and how a
student's answer is read and scored.

Four kinds (:data:`KINDS`), each about the decision of the player to act, from public
information only (the deck's composition, never its order; RULES.md "Hidden information"):

- ``"chance"``: the chance that the next card is accepted (R5): ``accepted cards left / cards
  left``, a fraction (:func:`borsen_widget.analysis.p_accept`);
- ``"count"``: how many of the cards left would be accepted (R5), a whole number;
- ``"expected"``: how many cards the player banks this turn on average if they draw exactly once
  more and then bank (R5–R9, :func:`borsen_widget.analysis.one_draw_value`), a fraction;
- ``"choice"``: draw or bank, against the proven best choice
  (:func:`borsen_widget.analysis.best_choice`, else the exact rule,
  :func:`borsen_widget.analysis.best_turn`), or "either" where the two are worth exactly the same.

No question is posed on a forced move (an empty pile must be drawn on, R4; an empty deck must
be banked, R14) or while aces are being kept or listed (R11–R12): there is nothing to decide.

**Scores** (points a teacher reads as a grade). Every numeric answer scores by its
absolute error against the exact answer, on a scale of a quarter of the range of possible
answers: ``100 × max(0, 1 − |a − t| / s)``, with ``s = (high − low) / 4``:

- chance: ``s`` = 25 percentage points, so every percentage point off costs 4 points: the exact
  chance 100, 5 points off 80, 12,5 points off 50, 25 points off or more 0. A wild guess scores
  near 0 and a careful count near 100, so the points separate who understood from who guessed
  (the quadratic rule this replaced, ``100 × (1 − (a − p)² / w²)``, gave 84 to an answer 28
  points off and 97 to one 13 points off). The score is against the exact chance *p*, worked
  out from the cards, not against whether the card was then accepted: nobody gains points by
  luck, and the best answer is the chance a student really works out. How well the class's
  chances matched what then happened (the Brier score against the outcomes) belongs to the
  calibration (:meth:`~borsen_widget.classroom.record.Record.brier`);
- count and expected: the same rule on their own range (a deck of 40 cards: each card off costs
  10 points);
- choice: 100 for the proven best choice (either, where the two are proven equal), else 0.

Points are exact fractions rounded half up to a whole number, so a test can compute them again.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from fractions import Fraction

from ..engine.errors import quote
from .typed import read_typed
from .wire import BadMessage

__all__ = [
    "KINDS",
    "SCALE",
    "Truth",
    "error_of",
    "is_question_time",
    "points",
    "read_answer",
    "scale_of",
    "share_of_worst",
    "truth_of",
]

#: The kinds of question, in the order the join card offers them.
KINDS = ("chance", "count", "expected", "choice")
#: The scale of the points: an error of this share of the range of possible answers (25
#: percentage points for a chance) or more scores 0 (see the module's text).
SCALE = Fraction(1, 4)


@dataclass(frozen=True)
class Truth:
    """A question's exact answer: ``value`` (a Fraction for chance and expected, an int for
    count, ``"draw"``, ``"bank"`` or ``"either"`` for choice) and the range an answer may take
    (``low``, ``high``; None for a choice)."""

    kind: str
    value: object
    low: Fraction | int | None = None
    high: Fraction | int | None = None

    def to_dict(self) -> dict:
        """JSON-safe: ``{"fraction": "3/8", "value": 0.375}``, ``{"value": 12}`` or
        ``{"action": "draw"}``."""
        if self.kind == "choice":
            return {"action": self.value}
        if self.kind == "count":
            return {"value": int(self.value)}
        f = Fraction(self.value)
        return {"fraction": f"{f.numerator}/{f.denominator}", "value": float(f)}

    def range_dict(self) -> dict | None:
        if self.low is None:
            return None
        return {"low": _plain(self.low), "high": _plain(self.high)}

    @classmethod
    def from_dict(cls, kind: str, data: dict, range_: dict | None) -> Truth:
        """The truth as :meth:`to_dict` and :meth:`range_dict` wrote it (a lesson's record)."""
        if kind == "choice":
            return cls(kind, data["action"])
        if kind == "count":
            value = int(data["value"])
        else:
            value = Fraction(data["fraction"])
        low = high = None
        if range_ is not None:
            low, high = Fraction(str(range_["low"])), Fraction(str(range_["high"]))
            if kind == "count":
                low, high = int(low), int(high)
        return cls(kind, value, low, high)


def _plain(value) -> int | float:
    f = Fraction(value)
    return int(f) if f.denominator == 1 else float(f)


def is_question_time(game) -> bool:
    """Whether the position on the table has a decision to ask about: the game goes on, the
    player may draw or bank (not a forced move: R4, R14; not the aces' decision: R11–R12)."""
    if game.is_over or game.phase != "play":
        return False
    legal = {str(a) for a in game.legal_actions()}
    return {"draw", "bank"} <= legal


def truth_of(kind: str, game, *, objective: str = "own", exact=None) -> Truth:
    """The exact answer of a question of ``kind`` about the position on the table (public
    information only). ``exact``: for a choice the proof does not settle, a function that
    returns :func:`~borsen_widget.analysis.best_turn`'s advice (the room runs it off the event
    loop); by default it is called here. Raises ValueError for an unknown kind or a position
    with nothing to decide."""
    from .. import analysis  # the exact figures; only once a question is posed

    if kind not in KINDS:
        raise ValueError(f"kind must be one of {', '.join(KINDS)}, not {quote(kind)}")
    if not is_question_time(game):
        raise ValueError(
            "there is nothing to decide now (a forced move, the aces' decision or the end "
            "of the game): pose a question when the player may draw or bank"
        )
    if kind == "chance":
        return Truth(kind, analysis.p_accept(game), Fraction(0), Fraction(1))
    if kind == "count":
        return Truth(kind, game.accepted_count(), 0, game.deck_size)
    if kind == "expected":
        outcomes = analysis.draw_outcomes(game)
        pile = len(game.pile)
        # The most one more draw can bank: the pile, the card and an ace's loot (R9).
        high = pile + 1 + max((o.loot for o in outcomes), default=0)
        return Truth(kind, analysis.one_draw_value(game, "own"), Fraction(0), Fraction(high))
    choice = analysis.best_choice(game, objective)
    if choice.action is not None and choice.margin is not None and choice.margin > 0:
        return Truth(kind, choice.action)
    advice = (exact or (lambda: analysis.best_turn(game, objective)))()
    values = advice.values
    if values["draw"] == values["bank"]:
        return Truth(kind, "either")
    return Truth(kind, "draw" if values["draw"] > values["bank"] else "bank")


def read_answer(kind: str, value, truth: Truth) -> Fraction | int | str:
    """A student's answer of ``kind`` as sent by the phone, checked: the text they typed (read
    by :func:`~borsen_widget.classroom.typed.read_typed`: "25 %", "0,25", "3/8", "12",
    "2,5"), or a number (a chance from 0 to 1); a choice as ``"draw"`` or ``"bank"``. Returns it
    exactly (a Fraction, an int or the choice); raises BadMessage with a polite text.

    A number far out of range (``10**400``) is refused like any other out of range, before any
    float arithmetic (converting it to a float would raise OverflowError: a probe of the class
    server sent one)."""
    if kind == "choice":
        if value not in ("draw", "bank"):
            raise BadMessage("Answer draw or bank.")
        return value
    if isinstance(value, str):
        number = Fraction(read_typed(kind, value))
    elif isinstance(value, bool) or not isinstance(value, (int, float)):
        raise BadMessage("Your answer must be a number.")
    elif isinstance(value, int):
        number = Fraction(value)  # exact, however large: the range below refuses it
    elif not math.isfinite(value):
        raise BadMessage("Your answer must be a number.")
    else:
        number = Fraction(value).limit_denominator(10**6)
    if kind == "count" and number.denominator != 1:
        raise BadMessage("Count whole cards: your answer must be a whole number.")
    if not truth.low <= number <= truth.high:
        if kind == "chance":
            raise BadMessage("A chance is from 0 % to 100 %; nothing was sent.")
        raise BadMessage(
            "Your answer must be from {low} to {high}.",
            low=_plain(truth.low),
            high=_plain(truth.high),
        )
    return int(number) if kind == "count" else number


def error_of(answer, truth: Truth) -> Fraction | None:
    """The answer's absolute error in its own unit (None for a choice)."""
    if truth.kind == "choice":
        return None
    return abs(Fraction(answer) - Fraction(truth.value))


def _worst(truth: Truth) -> Fraction:
    """How far an answer in the range can be from the truth, at most."""
    t = Fraction(truth.value)
    return max(t - Fraction(truth.low), Fraction(truth.high) - t)


def share_of_worst(answer, truth: Truth) -> Fraction:
    """The answer's error as a share of the worst possible error (0 exact, 1 the worst): one
    scale for every kind, so a lesson's questions can be compared (a choice: 0 or 1)."""
    if truth.kind == "choice":
        return Fraction(0 if truth.value in ("either", answer) else 1)
    worst = _worst(truth)
    if worst == 0:
        return Fraction(0)
    return abs(Fraction(answer) - Fraction(truth.value)) / worst


def scale_of(truth: Truth) -> Fraction:
    """The error that scores 0 points: a quarter of the range of possible answers."""
    return SCALE * (Fraction(truth.high) - Fraction(truth.low))


def points(answer, truth: Truth) -> int:
    """The answer's points, 0–100, ``100 × max(0, 1 − |a − t| / s)`` (see the module's text),
    an exact fraction rounded half up."""
    if truth.kind == "choice":
        return 100 if truth.value in ("either", answer) else 0
    scale = scale_of(truth)
    error = abs(Fraction(answer) - Fraction(truth.value))
    if scale == 0:  # one possible answer (an empty range): it is the truth
        return 100
    exact = 100 * max(Fraction(0), 1 - error / scale)
    return math.floor(exact + Fraction(1, 2))
