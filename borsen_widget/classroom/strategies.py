"""The class's own strategies: the phones build a rule, try it and submit it.

The teacher opens submissions (``room.strategies()``, or the join card's button) and closes
them (``room.close_strategies()``). Meanwhile each student builds a strategy on the phone, a
rule as *data* (:mod:`~borsen_widget.play.strategy_rules`: when to bank, what to do with
aces, a name), never code. Each one is read by :meth:`StrategyRule.from_dict
<borsen_widget.play.strategy_rules.StrategyRule.from_dict>`, which refuses anything out of
range with a sentence of the catalogues; the refusal is told to that page alone, in its
language, and nothing changes. A student has one strategy: a new submission replaces the last
until submissions close. Every submission is an event of the lesson's record (by the learner's
key, so exports carry pseudonyms) and comes back with ``resume=``.

**The messages** (phone → kernel, each with the page's request ``id`` as every intent has):

- ``{"intent": "strategy_try", "strategy": {...}, "id": ...}``: the rule in words, what it does
  in two or three example positions and its result against one house bot
  (:func:`~borsen_widget.sim.strategy_trial.try_rule`), worked out off the class's event loop
  (a thread of its own, one try at a time a student, at most one every :data:`TRY_GAP` seconds),
  so the other phones are answered meanwhile; the answer goes to the student's page *when it is
  done*, in that page's language (a student who reloaded meanwhile gets it on the new page);
- ``{"intent": "strategy_submit", "strategy": {...}, "id": ...}``: keep it as the student's
  strategy (submissions open only).

Kernel → phone (sentences written in that page's language):

- ``{"type": "strategies", "open": bool, "limits": {...}, "mine": {"strategy", "words"} |
  None}``: on joining again, when submissions open or close, and after a submission;
- ``{"type": "strategy_tried", "request", "words", "examples": [{"action", "text"}],
  "result": {"text", "opponent", "games", "points", "win_rate", "low", "high", ...}}`` (no
  seed: secrets never reach a page);
- ``{"type": "strategy_saved", "request", "words", "name"}``;
- ``{"type": "notice", ...}``: a refusal, as every refused request is told.

The tournament's messages are :mod:`~borsen_widget.classroom.tournament_show`'s.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import time
from collections.abc import Callable

from ..i18n import N_, translator
from .displays import Shown
from .student_names import MAX_NAME
from .wire import BadMessage, Refused, encode

__all__ = [
    "STRATEGY_COLUMNS",
    "TRY_GAMES",
    "TRY_GAP",
    "TRY_SEED",
    "RuleRefused",
    "Strategies",
    "StrategiesShown",
    "limits",
    "strategy_rows",
    "words_of",
]


def limits() -> dict:
    """The builder's limits, for the phone's form (the rule module checks them again)."""
    from ..play import strategy_rules as rules

    return {
        "groups": rules.MAX_GROUPS,
        "per_group": rules.MAX_PER_GROUP,
        "conditions": rules.MAX_CONDITIONS,
        "name": MAX_NAME,
        "percent": [1, 99],
        "cards": rules.MAX_CARDS,
    }


#: Seconds between two tries of one student at least (a try costs about a second of CPU).
TRY_GAP = 1.0
#: The games of a try, and its seed: the same rule always gets the same answer, so a student
#: who changes one number sees what that number changed (the seed never leaves the kernel).
TRY_GAMES = 300
TRY_SEED = 32
#: The fields a strategy message may hold.
FIELDS = ("intent", "strategy", "id")


class RuleRefused(BadMessage):
    """A strategy the rule module refused: told in each page's language by the rule's own
    error (:meth:`StrategyRuleError.say`)."""

    def __init__(self, error):
        self.error = error
        super().__init__(str(error))

    def say(self, language: str | None = None) -> str:
        return self.error.say(language)


def read_rule(content):
    """The StrategyRule of a phone's message (checked: fields, then the rule); else a
    BadMessage telling why, nothing changed."""
    from ..play.strategy_rules import StrategyRule, StrategyRuleError

    if not isinstance(content, dict) or any(k not in FIELDS for k in content):
        raise BadMessage("A message from this page had unknown fields; nothing changed.")
    try:
        return StrategyRule.from_dict(content.get("strategy"))
    except StrategyRuleError as error:
        raise RuleRefused(error) from None


def words_of(rule, language: str) -> list[str]:
    """The rule in words, a sentence a line (:func:`describe` may give one text or several)."""
    from ..play.strategy_rules import describe

    said = describe(rule, language)
    return [said] if isinstance(said, str) else [str(line) for line in said]


class Strategies:
    """The class's submissions, recorded in ``lesson``; ``changed()`` is called when one is
    kept or submissions open or close (for the room to tell the card)."""

    def __init__(self, lesson, loop, changed: Callable[[], None] = lambda: None):
        self.lesson = lesson
        self._loop = loop
        self._changed = changed
        self.open = False
        #: Each learner's strategy (key → the rule), the last they submitted.
        self.rules: dict = {}
        self._trying: set[str] = set()
        self._tried_at: dict[str, float] = {}
        self._pool: concurrent.futures.ThreadPoolExecutor | None = None
        self._read_back()

    def _read_back(self) -> None:
        """A resumed lesson: its submissions and whether they were open (``resume=``)."""
        from ..play.strategy_rules import StrategyRule, StrategyRuleError

        for event in self.lesson.events:
            if event.get("type") == "strategies":
                self.open = bool(event.get("open"))
            elif event.get("type") == "strategy":
                try:
                    self.rules[event["learner"]] = StrategyRule.from_dict(event["strategy"])
                except (StrategyRuleError, KeyError):  # a hand-edited record: that one goes
                    continue

    # ------------------------------------------------------------------ the teacher's side

    def set_open(self, on: bool) -> None:
        if not isinstance(on, bool):
            raise ValueError(f"on must be True or False, not {on!r}")
        if on == self.open:
            return
        self.open = on
        self.lesson.note({"type": "strategies", "open": on, "at": round(time.time(), 3)})
        self._changed()

    def stop(self) -> None:
        if self._pool is not None:
            self._pool.shutdown(wait=False, cancel_futures=True)
            self._pool = None

    def players(self) -> list[tuple]:
        """The submitted strategies, ``(learner, rule)`` in the order students first came,
        those of removed students left out."""
        learners = self.lesson.learners
        return [
            (learners[key], rule)
            for key, rule in sorted(self.rules.items(), key=lambda kv: _order(kv[0]))
            if key in learners and not learners[key].removed
        ]

    def summary(self, students: int) -> dict:
        """Submissions as the teacher sees them: open or not, how many of ``students`` have
        submitted, and each student's strategy by name."""
        return {
            "open": self.open,
            "submitted": len(self.players()),
            "students": students,
            "strategies": {learner.name: rule.name for learner, rule in self.players()},
        }

    # ------------------------------------------------------------------ the phones' side

    def message(self, learner, language: str) -> str:
        """The ``strategies`` message for ``learner``'s page, in ``language``."""
        rule = None if learner is None else self.rules.get(learner.key)
        mine = None
        if rule is not None:
            mine = {"strategy": rule.to_dict(), "words": words_of(rule, language)}
        return encode({"type": "strategies", "open": self.open, "limits": limits(), "mine": mine})

    def submit(self, learner, page, content: dict) -> None:
        """A phone's ``strategy_submit`` (see the module's text); BadMessage when refused."""
        if not self.open:
            raise Refused("Submissions are closed: your teacher has not opened them.")
        rule = read_rule(content)
        self.rules[learner.key] = rule
        self.lesson.note(
            {
                "type": "strategy",
                "learner": learner.key,
                "strategy": rule.to_dict(),
                "at": round(time.time(), 3),
            }
        )
        words = words_of(rule, page.language)
        page.send(
            encode(
                {
                    "type": "strategy_saved",
                    "request": content.get("id"),
                    "name": rule.name,
                    "words": words,
                }
            )
        )
        page.send(self.message(learner, page.language))
        self._changed()

    def try_rule(self, learner, page, content: dict) -> None:
        """A phone's ``strategy_try``: checked now, worked out on a thread, answered when it
        is done (the class's loop is not stalled meanwhile). BadMessage when refused."""
        key = learner.key
        if key in self._trying:
            raise Refused("Your last try is still being worked out: wait for its answer.")
        now = time.monotonic()
        if now - self._tried_at.get(key, -TRY_GAP) < TRY_GAP:
            raise Refused("Wait a moment before you try again.")
        rule = read_rule(content)
        self._trying.add(key)
        self._tried_at[key] = now
        if self._pool is None:  # one thread: tries take turns, the loop keeps the GIL's share
            self._pool = concurrent.futures.ThreadPoolExecutor(1, "borsen-try")
        future = self._loop.run_in_executor(self._pool, _tried, rule)
        request = content.get("id")
        # The student, not this page: a reload while the games run opens a new page (the old
        # one is closed, or told it has left), and the answer belongs on the page they read.
        student = page.student

        def done(task: asyncio.Future) -> None:
            self._trying.discard(key)
            if task.cancelled():
                return
            now_page = page if student is None else student.page
            if now_page is None:
                return  # away (their page closed): a reload asks again
            try:
                told = _told(rule, task.result(), now_page.language)
            except Exception as error:  # the games or their words failed: said, not lost
                text = translator(now_page.language).gettext(
                    N_("That did not work ({error}); nothing changed."),
                    error=type(error).__name__,
                )
                now_page.say(text, request=request)
                return
            now_page.send(encode({"type": "strategy_tried", "request": request, **told}))

        future.add_done_callback(done)


def _order(key: str) -> int:
    """Learners in the order they first came (``"s12"`` after ``"s2"``)."""
    return int(key[1:]) if key[1:].isdigit() else 0


def _tried(rule):
    """A try's games, worked out on the try thread: the result against the house bot (its
    seed stays here)."""
    from ..sim.strategy_trial import try_rule

    return try_rule(rule, games=TRY_GAMES, seed=TRY_SEED)


def _told(rule, trial, language: str) -> dict:
    """A try told in ``language`` (a few milliseconds, on the loop once the games are done):
    the rule in words, what it does in the example positions (each its move and its
    sentences) and its result (the trial's sentences and numbers)."""
    from ..sim.strategy_trial import examples

    return {
        "words": words_of(rule, language),
        "examples": [
            {"action": x.action, "text": " ".join(x.sentences)} for x in examples(rule, language)
        ],
        "result": {**trial.to_dict(), "text": trial.say(language)},
    }


class StrategiesShown(Shown):
    """Submissions as the teacher's cell shows them: a dict (:meth:`Strategies.summary`),
    shown in the room's ``language`` as sentences (:class:`~.displays.Shown`)."""

    def lines(self) -> list[str]:
        tr = translator(self.language)
        n = int(self.get("submitted", 0))
        lines = [
            tr.gettext("Submissions are open: the phones can build and submit a strategy.")
            if self.get("open")
            else tr.gettext("Submissions are closed."),
            tr.ngettext(
                "{count} of {total} students has submitted a strategy.",
                "{count} of {total} students have submitted a strategy.",
                n,
                count=n,
                total=max(n, int(self.get("students", 0))),
            ),
        ]
        for student, name in sorted(self.get("strategies", {}).items()):
            lines.append(tr.gettext("{student} submitted {name}.", student=student, name=name))
        return lines


#: The columns of the strategies' table (``room.record.strategies``), in order.
STRATEGY_COLUMNS = (
    "student",
    "strategy",
    "rule",
    "submissions",
    "place",
    "rating",
    "low",
    "high",
    "data",
)


def strategy_rows(lesson, *, names: bool, language: str | None) -> list[dict]:
    """Each student's last strategy as a row (pseudonyms unless ``names``): its name, the rule
    in words (``language``), how many times they submitted, and their place, rating and
    interval in the lesson's last tournament (empty before one), and the rule's JSON."""
    import json

    from ..play.strategy_rules import StrategyRule

    last: dict = {}
    count: dict = {}
    ranked: dict = {}
    for event in lesson.events:
        if event.get("type") == "strategy":
            last[event["learner"]] = event["strategy"]
            count[event["learner"]] = count.get(event["learner"], 0) + 1
        elif event.get("type") == "tournament":
            ranked = {r["learner"]: r for r in event.get("ranking", ()) if r.get("learner")}
    rows = []
    for key in sorted(last, key=_order):
        learner = lesson.learners.get(key)
        if learner is None:
            continue
        rule = StrategyRule.from_dict(last[key])
        place = ranked.get(key, {})
        rows.append(
            {
                "student": learner.name if names else learner.pseudonym,
                "strategy": rule.name,
                "rule": " ".join(words_of(rule, language)),
                "submissions": count[key],
                "place": place.get("place"),
                "rating": place.get("rating"),
                "low": place.get("low"),
                "high": place.get("high"),
                "data": json.dumps(rule.to_dict(), ensure_ascii=False),
            }
        )
    return rows
