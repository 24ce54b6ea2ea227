"""A lesson's questions, answers and scores, and its record.

:class:`Lesson` holds what a measured lesson is made of, with no server and no widget in it (the
room hands it the position, the students and their answers):

- the learners: each student who joined, by a key that outlives their session (``"s1"``,
  ``"s2"``, … in the order they first came), their name and their pseudonym (``"S01"``); a
  student who joins again under the same name (folded as the class folds names) after a
  crash, or after leaving a full class, is the same learner and gets their scores back;
- the posed questions (:class:`Posed`), one at a time: its kind, the public position it is
  about, its exact answer (:mod:`~borsen_widget.classroom.scoring`), each learner's
  last answer and when it came, and whether it is revealed; after the reveal each answer's
  error and points;
- the outcome of a chance question: whether the card drawn next from that position was
  accepted, for the class's calibration.

Everything is an event as it happens (:data:`EVENT_TYPES`), kept in order and, with a record
file, appended to it at once (one JSON object a line, flushed), so a crashed kernel loses
nothing; :meth:`Lesson.resume` reads such a file and carries on where it stopped.
"""

from __future__ import annotations

import json
import os
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from fractions import Fraction

from ..i18n.errors import BorsenError
from .scoring import Truth, error_of, points, share_of_worst

__all__ = ["EVENT_TYPES", "Learner", "Lesson", "LessonFileError", "Posed"]

#: The record's events: the lesson's start, a learner's first join, a rename, a removal, a
#: question posed, an answer, a reveal, a question's outcome; and (the class's strategies, kept
#: as they are and read back by :mod:`~.strategies`) submissions opened or closed, a strategy,
#: a tournament.
EVENT_TYPES = ("lesson", "learner", "rename", "remove", "question", "answer", "reveal", "outcome")
# The strategies (strategies.py), the class at tables (table_record.py: its games, moves, …).
NOTED = ("strategies", "strategy", "tournament", "tables", "tables_state", "table_game")
NOTED += ("seat", "move", "decision")
#: The record file's format (its first line says it).
FORMAT = 1
#: The longest record file resume reads (a lesson of 60 students and 200 questions is ~3 MB).
MAX_RECORD = 50 * 1024 * 1024


class LessonFileError(BorsenError):
    """A record file that cannot be resumed: not a lesson's record, or damaged (the line)."""


@dataclass
class Learner:
    """A student of the lesson: ``key`` (stable), ``name`` (as the class shows it),
    ``pseudonym`` (for exports) and ``fold`` (the name as names are compared)."""

    key: str
    name: str
    pseudonym: str
    fold: str
    removed: bool = False


@dataclass
class Posed:
    """One posed question: ``number`` (1, 2, … in the lesson), ``kind``, the public
    ``position`` it is about, its exact ``truth``, each learner's last ``answers`` (key →
    (value, seconds after it was posed)), whether it is ``revealed``, and ``outcome`` (for a
    chance question: whether the next card drawn from that position was accepted, or None)."""

    number: int
    kind: str
    position: dict
    truth: Truth
    asked_at: float
    seconds: int | None = None
    hold: bool = True
    answers: dict[str, tuple] = field(default_factory=dict)
    revealed: bool = False
    outcome: bool | None = None

    def result(self, key: str) -> dict | None:
        """``key``'s answer, and after the reveal its error and points, for their page."""
        if key not in self.answers:
            return None
        value = self.answers[key][0]
        out = {"question": self.number, "value": _json_value(value)}
        if self.revealed:
            error = error_of(value, self.truth)
            out["error"] = None if error is None else float(error)
            out["points"] = points(value, self.truth)
        return out

    def values(self) -> list:
        """The class's answers, anonymous and sorted (after the reveal, for every screen)."""
        vals = [_json_value(v) for v, _ in self.answers.values()]
        return sorted(vals, key=lambda v: (isinstance(v, str), v))

    def mean_error(self) -> float | None:
        if self.truth.kind == "choice" or not self.answers:
            return None
        errors = [error_of(v, self.truth) for v, _ in self.answers.values()]
        return float(sum(errors) / len(errors))

    def right(self) -> int | None:
        if self.truth.kind != "choice":
            return None
        return sum(points(v, self.truth) == 100 for v, _ in self.answers.values())


def _json_value(value):
    if isinstance(value, Fraction):
        return int(value) if value.denominator == 1 else float(value)
    return value


def _store_value(value):
    """An answer as the record keeps it exactly: a Fraction as "p/q"."""
    if isinstance(value, Fraction):
        return f"{value.numerator}/{value.denominator}"
    return value


def _read_value(kind: str, value):
    if kind in ("chance", "expected"):
        return Fraction(value)
    if kind == "count":
        return int(value)
    return value


class Lesson:
    """The lesson's learners, questions and record (see the module's text). ``fold`` is how
    names are compared (the class's own rule); ``path`` the record file, appended to as the
    lesson goes (None: kept in memory only)."""

    def __init__(self, fold: Callable[[str], str], path: str | os.PathLike | None = None):
        self._fold = fold
        self.events: list[dict] = []
        self.learners: dict[str, Learner] = {}
        self.questions: list[Posed] = []
        self._by_session: dict[str, str] = {}
        self._path = None if path is None else os.fspath(path)
        if self._path is not None and os.path.exists(self._path) and os.path.getsize(self._path):
            # Appending a new lesson to an old one's record would mix the two.
            raise LessonFileError(
                f"{self._path!r} holds a lesson's record already: resume= carries that lesson "
                "on; name another file to record a new one"
            )
        self._file = None
        self._started = time.time()

    # ------------------------------------------------------------------ the record file

    @classmethod
    def resume(cls, fold: Callable[[str], str], path: str | os.PathLike) -> Lesson:
        """The lesson recorded in ``path``, read back (learners, questions, answers, reveals
        and outcomes); new events are appended to the same file. Raises LessonFileError."""
        lesson = cls(fold, None)
        path = os.fspath(path)
        try:
            size = os.path.getsize(path)
        except OSError as error:
            raise LessonFileError(f"cannot read the lesson's record {path!r}: {error}") from None
        if size > MAX_RECORD:
            raise LessonFileError(f"{path!r} is larger than a lesson's record ({MAX_RECORD} bytes)")
        with open(path, encoding="utf-8") as handle:
            text = handle.read()
        lines = text.splitlines()
        for number, line in enumerate(lines, 1):
            if not line.strip():
                continue
            try:
                event = json.loads(line)
                lesson._replay(event)
            except (ValueError, KeyError, TypeError, IndexError) as error:
                if number == len(lines) and not text.endswith("\n"):
                    # A last line cut short by the crash: dropped, and cut from the file so
                    # that the events appended from now on start on a line of their own.
                    with open(path, "r+b") as handle:
                        handle.truncate(text.encode("utf-8").rfind(b"\n") + 1)
                    break
                raise LessonFileError(
                    f"{path!r}, line {number}: not a lesson's event ({error})"
                ) from None
        if not lesson.events or lesson.events[0].get("type") != "lesson":
            raise LessonFileError(f"{path!r} is not a lesson's record (no 'lesson' line first)")
        lesson._path = path
        return lesson

    def start(self, **about) -> None:
        """The lesson's first event (a new lesson; a resumed one has it already)."""
        if not self.events:
            self._add({"type": "lesson", "format": FORMAT, "started": self._started, **about})

    def _add(self, event: dict) -> None:
        self.events.append(event)
        if self._path is None:
            return
        if self._file is None:
            self._file = open(self._path, "a", encoding="utf-8")  # noqa: SIM115 (kept open)
        self._file.write(json.dumps(event, ensure_ascii=False, separators=(",", ":")) + "\n")
        self._file.flush()  # a crashed kernel loses nothing that was flushed

    def note(self, event: dict) -> None:
        """Record an event of another part of the lesson (a type of :data:`NOTED`)."""
        if event.get("type") not in NOTED:
            raise ValueError(f"not an event the lesson notes: {event.get('type')!r}")
        self._add(event)

    def close(self) -> None:
        if self._file is not None:
            self._file.close()
            self._file = None

    def _replay(self, event: dict) -> None:
        """Apply one recorded event (resume)."""
        kind = event["type"]
        if kind not in EVENT_TYPES + NOTED:
            raise ValueError(f"unknown event type {kind!r}")
        if kind == "lesson":
            if event.get("format") != FORMAT:
                raise ValueError(f"format {event.get('format')!r}, not {FORMAT}")
            self._started = float(event["started"])
        elif kind == "learner":
            self.learners[event["learner"]] = Learner(
                event["learner"], event["name"], event["pseudonym"], self._fold(event["name"])
            )
        elif kind == "rename":
            learner = self.learners[event["learner"]]
            learner.name, learner.fold = event["name"], self._fold(event["name"])
        elif kind == "remove":
            self.learners[event["learner"]].removed = True
        elif kind == "question":
            truth = Truth.from_dict(event["kind"], event["truth"], event.get("range"))
            if event["question"] != len(self.questions) + 1:
                raise ValueError("questions out of order")
            self.questions.append(
                Posed(
                    event["question"],
                    event["kind"],
                    event["position"],
                    truth,
                    float(event["at"]),
                    event.get("seconds"),
                    bool(event.get("hold", True)),
                )
            )
        elif kind == "answer":
            posed = self.questions[event["question"] - 1]
            value = _read_value(posed.kind, event["value"])
            posed.answers[event["learner"]] = (value, float(event["after"]))
        elif kind == "reveal":
            self.questions[event["question"] - 1].revealed = True
        elif kind == "outcome":
            self.questions[event["question"] - 1].outcome = bool(event["accepted"])
        self.events.append(event)

    # ------------------------------------------------------------------ learners

    def learner_for(self, session: str, name: str) -> Learner:
        """The learner a student of the class is (by ``session``; a new session by the name's
        fold: the same name is the same learner, scores and all)."""
        key = self._by_session.get(session)
        if key is not None:
            return self.learners[key]
        fold = self._fold(name)
        found = next((x for x in self.learners.values() if x.fold == fold and not x.removed), None)
        if found is None:
            number = len(self.learners) + 1
            found = Learner(f"s{number}", name, f"S{number:02d}", fold)
            self.learners[found.key] = found
            self._add(
                {
                    "type": "learner",
                    "learner": found.key,
                    "name": name,
                    "pseudonym": found.pseudonym,
                    "at": self._now(),
                }
            )
        self._by_session[session] = found.key
        return found

    def of_session(self, session: str) -> Learner | None:
        key = self._by_session.get(session)
        return None if key is None else self.learners[key]

    def renamed(self, session: str, name: str) -> None:
        learner = self.of_session(session)
        if learner is None or learner.name == name:
            return
        learner.name, learner.fold = name, self._fold(name)
        self._add({"type": "rename", "learner": learner.key, "name": name, "at": self._now()})

    def removed(self, session: str) -> None:
        learner = self.of_session(session)
        if learner is None:
            return
        learner.removed = True
        self._by_session.pop(session, None)
        self._add({"type": "remove", "learner": learner.key, "at": self._now()})

    # ------------------------------------------------------------------ questions

    @property
    def current(self) -> Posed | None:
        """The last question posed (open or revealed), or None."""
        return self.questions[-1] if self.questions else None

    @property
    def open(self) -> Posed | None:
        """The question the class is answering now, or None."""
        q = self.current
        return q if q is not None and not q.revealed else None

    def ask(self, kind: str, position: dict, truth: Truth, *, seconds=None, hold=True) -> Posed:
        posed = Posed(len(self.questions) + 1, kind, position, truth, time.time(), seconds, hold)
        self.questions.append(posed)
        self._add(
            {
                "type": "question",
                "question": posed.number,
                "kind": kind,
                "position": position,
                "truth": truth.to_dict(),
                "range": truth.range_dict(),
                "seconds": seconds,
                "hold": hold,
                "at": posed.asked_at,
            }
        )
        return posed

    def answer(self, learner: Learner, value) -> None:
        posed = self.open
        after = round(time.time() - posed.asked_at, 3)
        posed.answers[learner.key] = (value, after)
        self._add(
            {
                "type": "answer",
                "question": posed.number,
                "learner": learner.key,
                "value": _store_value(value),
                "after": after,
            }
        )

    def reveal(self) -> Posed:
        posed = self.open
        posed.revealed = True
        self._add({"type": "reveal", "question": posed.number, "at": self._now()})
        return posed

    def outcome(self, posed: Posed, accepted: bool) -> None:
        posed.outcome = accepted
        self._add({"type": "outcome", "question": posed.number, "accepted": accepted})

    # ------------------------------------------------------------------ scores

    def scores_of(self, learner: Learner) -> dict:
        """``learner``'s own points per revealed question they answered, in order, and total."""
        rows = [
            {"id": q.number, "kind": q.kind, "points": points(q.answers[learner.key][0], q.truth)}
            for q in self.questions
            if q.revealed and learner.key in q.answers
        ]
        return {"total": sum(r["points"] for r in rows), "questions": rows, "rank": None}

    def totals(self) -> dict[str, int]:
        """Every learner's total points (by key)."""
        out = {key: 0 for key in self.learners}
        for q in self.questions:
            if q.revealed:
                for key, (value, _) in q.answers.items():
                    out[key] = out.get(key, 0) + points(value, q.truth)
        return out

    def mean_share_by_question(self) -> list[tuple[int, str, float, int]]:
        """For each revealed question in order: its number, kind, the class's mean error as a
        share of the worst possible (0 exact … 1 worst, :func:`share_of_worst`) and how many
        answered."""
        out = []
        for q in self.questions:
            if q.revealed and q.answers:
                shares = [share_of_worst(v, q.truth) for v, _ in q.answers.values()]
                out.append((q.number, q.kind, float(sum(shares) / len(shares)), len(shares)))
        return out

    def calibration(self, bins: int = 10) -> list[dict]:
        """The class's calibration on the chance questions whose card was then drawn: the
        answers in ``bins`` equal bins of stated chance, each with the mean stated chance, how
        often the card was accepted, the mean exact chance and how many answers."""
        groups: list[list[tuple[Fraction, bool, Fraction]]] = [[] for _ in range(bins)]
        for q in self.questions:
            if q.kind != "chance" or not q.revealed or q.outcome is None:
                continue
            for value, _ in q.answers.values():
                index = min(bins - 1, int(Fraction(value) * bins))
                groups[index].append((Fraction(value), q.outcome, Fraction(q.truth.value)))
        out = []
        for index, rows in enumerate(groups):
            if rows:
                n = len(rows)
                out.append(
                    {
                        "low": index / bins,
                        "high": (index + 1) / bins,
                        "said": float(sum(r[0] for r in rows) / n),
                        "accepted": sum(r[1] for r in rows) / n,
                        "exact": float(sum(r[2] for r in rows) / n),
                        "answers": n,
                    }
                )
        return out

    def _now(self) -> float:
        return round(time.time(), 3)
