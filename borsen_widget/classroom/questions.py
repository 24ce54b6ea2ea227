"""The questions a class is asked on the students' phones, and their answers.

Today there is one kind, :class:`Vote`: in guess-first mode each student votes draw or bank
for the decision on the table, and after Reveal sees the class's split beside the exact chance
and the best choice (the figures of the teacher's panel, public information only). The
question goes to the pages as data, not sentences (who decides, how many cards the pile
holds, which choice is best and how it is known): each page writes it in the language it
reads, so one message serves a class that reads bokmål, nynorsk and English at once. A kind of
question is a small object: the page intent it answers, the question's data for the pages,
each student's answer and how many answered. :class:`Questions` holds the kinds, hands a
student's answer to the kind that takes its intent, and decides when the pages hear of a
change; a new kind goes beside :class:`Vote` in its ``kinds``.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import NamedTuple

from .sessions import Student
from .wire import BadMessage, Request, encode

__all__ = ["News", "Questions", "Vote"]


class Vote:
    """The guess-first vote on the decision on the table: one vote a student, counted by the
    widget's teacher panel (``w.teacher``) beside the teacher's own clicks.

    ``on_figures()`` is called whenever the teacher's figures change while guess first is on
    (a new decision, a vote, Reveal)."""

    #: The page intent this kind answers.
    intent = "vote"

    def __init__(self, widget, on_figures: Callable[[], None]):
        self._widget = widget
        self._on_figures = on_figures
        self._following = False

    @property
    def following(self) -> bool:
        return self._following

    def follow(self, on: bool) -> None:
        """Follow the teacher's figures while guess first is on (only then is there a vote)."""
        if on and not self._following:
            self._following = True
            self._widget.teacher.follow(self._figures_changed, in_class=True)
        elif not on and self._following:
            self._following = False
            self._widget.teacher.unfollow(self._figures_changed)

    def _figures_changed(self, _data: dict) -> None:
        self._on_figures()

    def _asked(self) -> bool:
        return self._following and bool(self._widget.guess_first)

    def answer(self, student: Student, request: Request) -> None:
        """``student``'s vote (a checked request); a new one replaces theirs."""
        if not self._widget.guess_first:
            raise BadMessage("There is no vote just now: your teacher has not asked yet.")
        self._widget.teacher.request("vote", request.choice, voter=student.voter)

    def answer_of(self, student: Student) -> str | None:
        """``student``'s vote on the decision on the table, or None."""
        return self._widget.teacher.ballots.get(student.voter) if self._asked() else None

    def count(self) -> int:
        """How many have voted (the teacher's own clicks included, as the panel counts)."""
        return len(self._widget.teacher.ballots) if self._asked() else 0

    def by_name(self, students: Iterable[Student]) -> dict[str, str]:
        """Each student's vote: ``{name: "draw" | "bank"}`` (the teacher's clicks left out)."""
        feed = self._widget.teacher if self._following else None
        if feed is None:
            return {}
        by_key = {s.voter: s.name for s in students}
        return {by_key[k]: v for k, v in feed.ballots.items() if k in by_key}

    def data(self) -> dict:
        """The guess-first question for the students: public figures only, the answers and
        the class's split only after Reveal (as the teacher's panel has them). Data only:
        ``player`` decides, the pile holds ``pile_size`` cards; the best ``choice`` is
        ``{"action", "how", "same"}`` (``how``: "only", "exact", "proven" or None, not known
        yet; ``same``: drawing and banking are worth exactly the same)."""
        widget = self._widget
        if not (widget.guess_first and self._following):
            return {"on": False}
        data = widget.teacher.data()
        guess = data.get("guess") or {}
        kind = data.get("kind")
        out = {
            "on": True,
            # No question on a forced move (an empty pile must be drawn on): nothing to decide.
            "asking": kind == "choice",
            "kind": kind,
            "decision": data.get("decision"),
            "version": data.get("version"),
            "player": data.get("player") or "",
            "pile_size": data.get("pile_size") or 0,
            "hidden": bool(data.get("hidden")),
            "voters": guess.get("voters", 0),
            "votes": guess.get("votes"),
            "p_accept": None,
            "choice": None,
        }
        if out["asking"] and not out["hidden"]:
            p = data.get("p_accept")
            if p:
                out["p_accept"] = {k: p[k] for k in ("counted", "fraction") if k in p}
            choice = data.get("choice")
            if choice:
                margin = choice.get("margin") or {}
                out["choice"] = {
                    "action": choice.get("action"),
                    "how": choice.get("how"),
                    "same": choice.get("how") == "exact" and margin.get("fraction") == "0/1",
                }
        return out


class News(NamedTuple):
    """What the pages are to hear after a change (see :meth:`Questions.news`)."""

    #: The "class" message for every page now, or None.
    text: str | None = None
    #: A new question (or Reveal): each student's own line changes too (their answer is gone).
    new: bool = False
    #: Only the count of answers moved: it goes with the next summary, not at once.
    wait: bool = False


class Questions:
    """The class's questions: the kinds (today the guess-first :class:`Vote`), the student
    intents they answer, and the last "class" message the pages got."""

    def __init__(self, widget, on_figures: Callable[[], None]):
        self.vote = Vote(widget, on_figures)
        #: Each kind of question by the intent it answers.
        self.kinds = {Vote.intent: self.vote}
        self._text = ""
        self._last: dict = {}

    def follow(self, on: bool) -> None:
        self.vote.follow(on)

    def asks(self, intent: str) -> bool:
        """Whether ``intent`` answers a question (rather than moves a seat)."""
        return intent in self.kinds

    def answer(self, student: Student, request: Request) -> None:
        self.kinds[request.intent].answer(student, request)

    def answers_of(self, student: Student) -> dict:
        """``student``'s answers, for their own line (``{"vote": ...}``)."""
        return {"vote": self.vote.answer_of(student)}

    def answered(self) -> int:
        """How many answered the question on the table (the join card's count)."""
        return self.vote.count()

    def data(self) -> dict:
        return self.vote.data()

    def message(self) -> str:
        return encode({"type": "class", "class": self.data()})

    def news(self, *, count_waits: bool = False) -> News:
        """The question as the pages should now hear of it. A new question (or Reveal) goes at
        once; one more answer only changes the count, which (with ``count_waits``) waits for
        the summary, so 200 votes at once make one message to each page, not 200."""
        data = self.data()
        text = encode({"type": "class", "class": data})
        if text == self._text:
            return News()
        same = {k: v for k, v in data.items() if k != "voters"} == {
            k: v for k, v in self._last.items() if k != "voters"
        }
        if same and count_waits:
            return News(wait=True)
        self._text, self._last = text, data
        return News(text=text, new=not same)
