"""The class's tournament on the projector and the phones (issue 32): ``room.tournament(...)``.

Every submitted strategy (:mod:`~borsen_widget.jupyter.classroom.strategies`) and the
package's bots, WinningBot the "boss" the class tries to beat, play every other player
(:func:`~borsen_widget.sim.tournament.tournament`). The games are played on a thread of their
own, so the class's event loop goes on answering the phones, and the progress is streamed as
pairs finish (at most every :data:`PROGRESS_EVERY` seconds):

- the projector: ``{"type": "tournament", "state": "running", "done", "total"}``, then
  ``{"type": "tournament", "state": "done", "ranking": [{"place", "name", "rating", "low",
  "high", "words", "bot"}], "scale": [low, high], "replay": {"players", "steps", "winner"},
  "text"}`` in the teacher's language (no student's name: the strategies' own names);
- each phone: the same progress, then ``{"type": "tournament", "state": "done", "you":
  {"place", "players", "rating", "low", "high", "text", "position"} | None}`` in its language:
  its place, its rating with its interval, and one position where its rule and WinningBot's
  move disagree, in words.

The result goes into the lesson's record (learner keys, not names) and comes back with
``resume=``, so a phone that joins again after a crash is told its place again.
``room.tournament(...)`` returns a :class:`TournamentShown` at once: in a cell it shows the
progress, then the ranking in the room's language; ``await shown`` waits for the end and
``shown.result`` is the tournament's own result object, for programs.
"""

from __future__ import annotations

import asyncio
import dataclasses
import html
import time
from collections.abc import Callable

from ...engine.errors import quote
from ...i18n import translator
from ..protocol import Refused
from .sessions import dumps
from .strategies import words_of

__all__ = ["PROGRESS_EVERY", "Show", "TournamentShown", "default_bots"]

#: Seconds between two progress messages at most (a pair of 200 games takes about 0.03 s).
PROGRESS_EVERY = 0.25
#: The most games a pair may play (a lesson's tournament, not a research run).
MAX_GAMES = 10_000


def default_bots() -> list:
    """The package's bots that meet the class: simple rules to beat, and WinningBot, the
    boss."""
    from ...play import ExpectedValueBot, OptimalTurnBot, ProbabilityBot, ThresholdBot, WinningBot

    return [
        ThresholdBot(4),
        ProbabilityBot(0.5),
        ExpectedValueBot(),
        OptimalTurnBot(),
        WinningBot(),
    ]


def _field(item, *names, default=None):
    """A field of the tournament's result, read the same way from a dict or an object."""
    for name in names:
        if isinstance(item, dict) and name in item:
            return item[name]
        if not isinstance(item, dict) and hasattr(item, name):
            return getattr(item, name)
    return default


class TournamentShown:
    """A tournament of the class, as the teacher's cell shows it: running (how many pairs
    have played), then the ranking in the room's ``language``. ``result`` is the tournament's
    result object once it is done (None before); ``await shown`` waits for it."""

    def __init__(self, language: str, future: asyncio.Future):
        self.language = language
        self.done = 0
        self.total = 0
        self.rows: list[dict] | None = None
        self.result = None
        self.error: BaseException | None = None
        self._future = future
        self._handle = None

    def __await__(self):
        yield from asyncio.shield(self._future).__await__()
        return self

    @property
    def finished(self) -> bool:
        return self._future.done()

    def lines(self) -> list[str]:
        tr = translator(self.language)
        if self.error is not None:
            return [tr.gettext("The tournament stopped: {error}", error=str(self.error))]
        if self.rows is None:
            return [
                tr.gettext(
                    "The tournament is running: {done} of {total} pairs have played.",
                    done=self.done,
                    total=self.total,
                )
            ]
        out = [tr.gettext("The tournament's ranking:")]
        for row in self.rows:
            out.append(rank_line(row, tr))
        return out

    def __str__(self) -> str:
        return "\n".join(self.lines())

    def __repr__(self) -> str:
        state = "done" if self.rows is not None else "running"
        return f"<TournamentShown {state}: {len(self.rows or ())} players>"

    def _repr_pretty_(self, printer, cycle: bool) -> None:
        printer.text(str(self))

    def _repr_html_(self) -> str:
        lines = [html.escape(line) for line in self.lines()]
        head = f"<p style='margin:.2em 0'><b>{lines[0]}</b></p>"
        if len(lines) == 1:
            return f"<div class='borsen-tournament'>{head}</div>"
        items = "".join(f"<li>{line}</li>" for line in lines[1:])
        return f"<div class='borsen-tournament'>{head}<ol style='margin:.2em 0'>{items}</ol></div>"

    def _ipython_display_(self) -> None:
        """Shown in a cell: one display, updated as the tournament goes and when it ends."""
        from IPython.display import display

        bundle = {"text/plain": str(self), "text/html": self._repr_html_()}
        self._handle = display(bundle, raw=True, display_id=True)

    def _update(self) -> None:
        if self._handle is not None:
            self._handle.update(
                {"text/plain": str(self), "text/html": self._repr_html_()}, raw=True
            )


def rank_line(row: dict, tr) -> str:
    """One row of the ranking as a sentence: place, name, rating and its interval."""
    return tr.gettext(
        "{place}. {name}: rating {rating} (95 % interval {low} to {high})",
        place=row["place"],
        name=row["name"],
        rating=tr.number(row["rating"], 2),
        low=tr.number(row["low"], 2),
        high=tr.number(row["high"], 2),
    )


class Show:
    """The class's tournaments: runs one at a time and tells the screens (see the module).

    ``players()`` gives the submitted ``(learner, rule)`` pairs; ``projector(text)`` sends to
    the projector; ``phones(write)`` sends each student's page ``write(learner, language)``;
    ``language()`` is the room's (the teacher's)."""

    def __init__(self, loop, lesson, players, projector, phones, language: Callable[[], str]):
        self._loop = loop
        self.lesson = lesson
        self._players = players
        self._projector = projector
        self._phones = phones
        self._language = language
        self.running: TournamentShown | None = None
        #: The last tournament's outcome as recorded (see :meth:`_recorded`), or None.
        self.last: dict | None = next(
            (e for e in reversed(lesson.events) if e.get("type") == "tournament"), None
        )

    def start(self, *, games: int, bots, seed: int) -> TournamentShown:
        if self.running is not None and not self.running.finished:
            raise Refused("A tournament is running already: wait for its ranking.")
        if isinstance(games, bool) or not isinstance(games, int) or not 1 <= games <= MAX_GAMES:
            raise ValueError(
                f"games must be a whole number from 1 to {MAX_GAMES}, not {quote(games)}"
            )
        if isinstance(seed, bool) or not isinstance(seed, int):
            raise ValueError(f"seed must be a whole number, not {quote(seed)}")
        from ...play.strategy_rules import RuleBot

        entries = self._players()
        bots = default_bots() if bots is None else list(bots)
        taken = {str(b) for b in bots}
        learners: dict[int, str] = {}
        players = []
        for learner, rule in entries:
            rule = _unique(rule, taken)
            learners[len(players)] = learner.key
            players.append(RuleBot(rule))
        players.extend(bots)
        if len(players) < 2:
            raise Refused("A tournament needs two players at least: no strategy was submitted.")
        language = self._language()
        future = self._loop.create_future()
        shown = TournamentShown(language, future)
        self.running = shown
        last_sent = [0.0]

        def progress(event) -> None:  # on the games' thread: hand it to the loop
            self._loop.call_soon_threadsafe(self._progress, shown, event, last_sent)

        def play():
            from ...sim.tournament import tournament

            return tournament(players, games=games, seed=seed, progress=progress, language=language)

        self._projector(dumps({"type": "tournament", "state": "running", "done": 0, "total": 0}))
        task = self._loop.run_in_executor(None, play)

        def finished(task: asyncio.Future) -> None:
            try:
                result = task.result()
                self._finish(shown, result, players, learners, games=games, seed=seed)
            except BaseException as error:  # shown to the teacher; the class goes on
                shown.error = error
                self._projector(dumps({"type": "tournament", "state": "failed"}))
            shown._update()
            if not future.done():
                future.set_result(shown)

        task.add_done_callback(finished)
        return shown

    def _progress(self, shown: TournamentShown, event, last_sent: list) -> None:
        done = _field(event, "done", "pairs_done", default=None)
        total = _field(event, "total", "pairs", default=None)
        if isinstance(event, tuple) and len(event) == 2:
            done, total = event
        if isinstance(done, int) and isinstance(total, int):
            shown.done, shown.total = done, total
        now = self._loop.time()
        if now - last_sent[0] < PROGRESS_EVERY and shown.done < shown.total:
            return
        last_sent[0] = now
        text = dumps(
            {"type": "tournament", "state": "running", "done": shown.done, "total": shown.total}
        )
        self._projector(text)
        self._phones(lambda learner, language: text)
        shown._update()

    def _finish(self, shown, result, players, learners: dict, *, games: int, seed: int) -> None:
        ranking = _field(result, "ranking", default=[])
        rows = []
        for place, entry in enumerate(ranking, 1):
            index = _index_of(entry, players)
            rows.append(
                {
                    "place": int(_field(entry, "place", default=place)),
                    "name": str(_field(entry, "name", default=str(players[index]))),
                    "rating": float(_field(entry, "rating", default=0.0)),
                    "low": float(_field(entry, "low", default=0.0)),
                    "high": float(_field(entry, "high", default=0.0)),
                    "learner": learners.get(index),
                    "bot": index not in learners,
                    "strategy": players[index].rule.to_dict() if index in learners else None,
                    "position": _position(result, players[index], index),
                }
            )
        event = {
            "type": "tournament",
            "games": games,
            "seed": seed,
            "ranking": rows,
            "replay": _replay(result, shown.language),
            "at": round(time.time(), 3),
        }
        self.lesson.note(event)
        self.last = event
        shown.result = result
        shown.rows = rows
        self._projector(self.projector_message())
        self._phones(self.phone_message)

    # ------------------------------------------------------------------ the messages

    def projector_message(self) -> str | None:
        """The last tournament for the projector, in the room's language (None: none yet)."""
        last = self.last
        if last is None:
            return None
        language = self._language()
        ranking = []
        for row in last["ranking"]:
            words = []
            if row.get("strategy") is not None:
                from ...play.strategy_rules import StrategyRule

                words = words_of(StrategyRule.from_dict(row["strategy"]), language)
            ranking.append({**_public(row), "words": words})
        lows = [r["low"] for r in ranking] or [0.0]
        highs = [r["high"] for r in ranking] or [0.0]
        message = {
            "type": "tournament",
            "state": "done",
            "ranking": ranking,
            "scale": [min(lows), max(highs)],
            "replay": last.get("replay"),
        }
        return dumps(message)

    def phone_message(self, learner, language: str) -> str | None:
        """The last tournament for ``learner``'s page: their place, rating and a position to
        learn from, in ``language`` (None: no tournament yet)."""
        last = self.last
        if last is None:
            return None
        tr = translator(language)
        rows = last["ranking"]
        mine = next((r for r in rows if learner is not None and r["learner"] == learner.key), None)
        you = None
        if mine is not None:
            you = {
                **_public(mine),
                "players": len(rows),
                "text": tr.gettext(
                    "Your strategy {name} came {place} of {count}, with the rating {rating} "
                    "(95 % interval {low} to {high}).",
                    name=mine["name"],
                    place=mine["place"],
                    count=len(rows),
                    rating=tr.number(mine["rating"], 2),
                    low=tr.number(mine["low"], 2),
                    high=tr.number(mine["high"], 2),
                ),
                "position": _words(mine.get("position"), language),
            }
        return dumps({"type": "tournament", "state": "done", "you": you})


def _public(row: dict) -> dict:
    """What a screen may see of a row: no learner key, no strategy's data."""
    return {k: row[k] for k in ("place", "name", "rating", "low", "high", "bot")}


def _unique(rule, taken: set):
    """The rule under a name no other player of the tournament has (a second "Stopp på fem"
    is "Stopp på fem (2)"), so the ranking can tell them apart."""
    name, n = rule.name, 1
    while name in taken:
        n += 1
        suffix = f" ({n})"
        name = rule.name[: 24 - len(suffix)] + suffix
    taken.add(name)
    return rule if name == rule.name else dataclasses.replace(rule, name=name)


def _index_of(entry, players: list) -> int:
    player = _field(entry, "player", "bot", default=None)
    for i, p in enumerate(players):
        if p is player:
            return i
    index = _field(entry, "index", default=None)
    if isinstance(index, int) and 0 <= index < len(players):
        return index
    name = _field(entry, "name", default=None)
    return next(i for i, p in enumerate(players) if str(p) == name)


def _position(result, player, index: int):
    """The position where ``player``'s rule and WinningBot's move disagree, as the result
    keeps it (words in every language, or data): None for a bot."""
    lessons = _field(result, "positions", "disagreements", default=None)
    if lessons is None:
        return None
    if isinstance(lessons, dict):
        found = lessons.get(str(player), lessons.get(index))
    else:
        found = lessons[index] if index < len(lessons) else None
    if found is None:
        return None
    say = getattr(found, "say", None)
    if callable(say):  # kept in every language the class may read
        return {lang: say(lang) for lang in ("en", "nb", "nn")}
    return found


def _words(position, language: str) -> str | None:
    if position is None:
        return None
    if isinstance(position, dict):
        return position.get(language) or position.get("text") or position.get("en")
    return str(position)


def _replay(result, language: str) -> dict | None:
    """The top two's game, for the projector to replay step by step (sentences in the room's
    language)."""
    replay = _field(result, "replay", "final", default=None)
    if replay is None:
        return None
    say = getattr(replay, "say", None)
    if callable(say):
        replay = say(language)
    if isinstance(replay, dict):
        return {
            "players": [str(p) for p in replay.get("players", ())],
            "steps": [str(s) for s in replay.get("steps", ())],
            "winner": replay.get("winner"),
        }
    return None
