"""The class's tournament on the projector and the phones: ``room.tournament(...)``.

Every submitted strategy (:mod:`~borsen_widget.classroom.strategies`) and the
package's bots, WinningBot the "boss" the class tries to beat, play every other player
(:func:`~borsen_widget.sim.tournament.tournament`). The games are played on a thread of their
own, so the class's event loop goes on answering the phones, and the progress is streamed as
pairs finish (at most every :data:`PROGRESS_EVERY` seconds):

- the projector: ``{"type": "tournament", "state": "running", "done", "total"}``, then
  ``{"type": "tournament", "state": "done", "ranking": [{"place", "name", "rating", "low",
  "high", "words", "bot"}], "scale": [low, high], "summary": [sentences], "replay":
  {"players", "scores", "winners", "lines": [{"kind", "seat", "text"}]}}`` in the teacher's
  language (ratings on the Elo scale; no student's name, the strategies' own names; ``lines``:
  the top two's game, a line for each thing that happened, for the projector to step through);
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
import concurrent.futures
import contextlib
import dataclasses
import html
import time
from collections.abc import Callable

from ..i18n import translator
from .strategies import words_of
from .student_names import fold
from .wire import Refused, encode

__all__ = ["PROGRESS_EVERY", "Show", "TournamentShown", "default_bots"]

#: Seconds between two progress messages at most (a pair of 200 games takes about 0.03 s).
PROGRESS_EVERY = 0.25
#: The languages a rule's lesson is told in (each phone reads one of them).
LANGUAGES = ("en", "nb", "nn")


def default_bots() -> list:
    """The package's bots that meet the class (:func:`~borsen_widget.sim.tournament.
    house_bots`: simple rules to beat, and WinningBot, the boss)."""
    from ..sim.tournament import house_bots

    return house_bots()


class TournamentShown:
    """A tournament of the class, as the teacher's cell shows it: running (how many pairs
    have played), then the ranking in the room's ``language``. ``await shown`` waits for the
    end without stalling the class; ``shown.result`` is the tournament's result object (read
    before the end, as a notebook's next cell may, it waits for it: the phones then wait
    too); ``error`` what stopped it, if anything did."""

    def __init__(self, language: str, future: asyncio.Future, work, complete):
        self.language = language
        self.done = 0
        self.total = 0
        self.rows: list[dict] | None = None
        self.error: BaseException | None = None
        self._result = None
        self._future = future
        #: The games' thread's concurrent future, and what the class does when it is done.
        self._work = work
        self._complete = complete
        self._handle = None

    def __await__(self):
        yield from asyncio.shield(self._future).__await__()
        return self

    @property
    def result(self):
        if not self._future.done():
            concurrent.futures.wait([self._work])  # the games need no loop: no deadlock
            self._complete()
        return self._result

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
        rating=round(row["rating"]),
        low=round(row["low"]),
        high=round(row["high"]),
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
        self._pool: concurrent.futures.ThreadPoolExecutor | None = None
        #: The last tournament as the record keeps it (a resumed lesson's too), or None.
        self.last: dict | None = next(
            (e for e in reversed(lesson.events) if e.get("type") == "tournament"), None
        )

    def start(self, *, games: int, bots, seed: int) -> TournamentShown:
        """Start a tournament of the submitted strategies and ``bots`` (see the module)."""
        from ..play.strategy_rules import RuleBot
        from ..sim.tournament import check_games_and_seed

        if self.running is not None and not self.running.finished:
            raise Refused("A tournament is running already: wait for its ranking.")
        check_games_and_seed(games, seed)  # said in the teacher's cell, before any game
        bots = default_bots() if bots is None else list(bots)
        taken = {fold(str(b)) for b in bots}
        learners: dict[int, str] = {}
        players = []
        for learner, rule in self._players():
            learners[len(players)] = learner.key
            players.append(RuleBot(_unique(rule, taken)))
        players.extend(bots)
        if len(players) < 2:
            raise Refused("A tournament needs two players at least: no strategy was submitted.")
        language = self._language()
        future = self._loop.create_future()
        last_sent = [0.0]

        def progress(event) -> None:  # on the games' thread: handed to the loop
            with contextlib.suppress(RuntimeError):  # a loop closed meanwhile: nobody to tell
                self._loop.call_soon_threadsafe(self._progress, shown, event, last_sent)

        def done(_work) -> None:  # on the games' thread: the end, handed to the loop
            with contextlib.suppress(RuntimeError):
                self._loop.call_soon_threadsafe(complete)

        def play():  # on a thread: the games, the top two's game and each rule's lesson
            from ..sim.tournament import tournament

            result = tournament(
                players, games=games, seed=seed, progress=progress, language=language
            )
            replay = result.replay_top_two(language)
            lessons = {}
            for index in learners:
                found = result.lesson(str(players[index]), language)
                if found is not None:
                    lessons[index] = _lesson_words(found)
            return result, replay, lessons

        def complete() -> None:  # on the loop, once: the ranking to the screens and record
            if future.done():
                return
            try:
                result, replay, lessons = work.result()
                self._finish(shown, result, players, learners, replay, lessons, games, seed)
            except Exception as error:  # the teacher's cell says why; the class goes on
                shown.error = error
                self._projector(encode({"type": "tournament", "state": "failed"}))
            shown._update()
            future.set_result(shown)

        if self._pool is None:
            self._pool = concurrent.futures.ThreadPoolExecutor(1, "borsen-tournament")
        # The display first: the games' thread tells it their progress from the start.
        shown = TournamentShown(language, future, None, complete)
        self.running = shown
        work = shown._work = self._pool.submit(play)
        self._projector(encode({"type": "tournament", "state": "running", "done": 0, "total": 0}))
        work.add_done_callback(done)
        return shown

    def stop(self) -> None:
        """The class ended: no new tournament; one running finishes on its thread."""
        if self._pool is not None:
            self._pool.shutdown(wait=False)
            self._pool = None

    def _progress(self, shown: TournamentShown, event: dict, last_sent: list) -> None:
        """A pair finished: the counts, to the screens at most every PROGRESS_EVERY s."""
        if shown.rows is not None:
            return  # the ranking is out already
        shown.done, shown.total = int(event.get("done", 0)), int(event.get("total", 0))
        now = self._loop.time()
        if now - last_sent[0] < PROGRESS_EVERY and event.get("kind") == "pair":
            return
        last_sent[0] = now
        text = encode(
            {"type": "tournament", "state": "running", "done": shown.done, "total": shown.total}
        )
        self._projector(text)
        self._phones(lambda learner, language: text)
        shown._update()

    def _finish(self, shown, result, players, learners, replay, lessons, games, seed) -> None:
        index = {str(p): i for i, p in enumerate(players)}
        rows = []
        for row in result.rows():
            i = index[row["name"]]
            rows.append(
                {
                    "place": row["place"],
                    "name": row["name"],
                    "rating": row["rating"],
                    "low": row["rating_low"],
                    "high": row["rating_high"],
                    "win_rate": row["win_rate"],
                    "learner": learners.get(i),
                    "bot": i not in learners,
                    "strategy": players[i].rule.to_dict() if i in learners else None,
                    "lesson": lessons.get(i),
                }
            )
        event = {
            "type": "tournament",
            "games": games,
            "seed": seed,
            "ranking": rows,
            "summary": result.summary(shown.language),
            "replay": {
                **{k: replay[k] for k in ("players", "scores", "winners")},
                # A line a step: what happened, in words, and whose turn it was (narrate's).
                "lines": [
                    {"kind": x["kind"], "seat": x["seat"], "text": x["text"]}
                    for x in replay["lines"]
                ],
            },
            "at": round(time.time(), 3),
        }
        self.lesson.note(event)
        self.last = event
        shown._result = result
        shown.rows = rows
        self._projector(self.projector_message())
        self._phones(self.phone_message)

    # ------------------------------------------------------------------ the messages

    def projector_message(self) -> str | None:
        """The last tournament for the projector, in the room's language (None: none yet)."""
        from ..play.strategy_rules import StrategyRule

        last = self.last
        if last is None:
            return None
        language = self._language()
        ranking = []
        for row in last["ranking"]:
            words = []
            if row.get("strategy") is not None:
                words = words_of(StrategyRule.from_dict(row["strategy"]), language)
            ranking.append({**_public(row), "words": words})
        message = {
            "type": "tournament",
            "state": "done",
            "ranking": ranking,
            "scale": [min(r["low"] for r in ranking), max(r["high"] for r in ranking)],
            "summary": last.get("summary", []),
            "replay": last.get("replay"),
        }
        return encode(message)

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
            lesson = mine.get("lesson") or {}
            you = {
                **_public(mine),
                "players": len(rows),
                "text": tr.gettext(
                    "Your strategy {name} came in place {place} of {count}, with a rating of "
                    "{rating} (95 % interval {low} to {high}).",
                    name=mine["name"],
                    place=mine["place"],
                    count=len(rows),
                    rating=round(mine["rating"]),
                    low=round(mine["low"]),
                    high=round(mine["high"]),
                ),
                "position": lesson.get(language) or lesson.get("en"),
            }
        return encode({"type": "tournament", "state": "done", "you": you})


def _public(row: dict) -> dict:
    """What a screen may see of a row: no learner key, no strategy's data."""
    return {k: row[k] for k in ("place", "name", "rating", "low", "high", "bot")}


def _unique(rule, taken: set):
    """The rule under a name no other player of the tournament has, compared as the class
    compares students' names (:func:`~.names.fold`: case, look-alike letters): a second "Stopp
    på fem", or a "Stopp pа fem" with a Cyrillic а, is "Stopp på fem (2)", so the ranking
    tells them apart. ``taken``: the folded names so far."""
    name, n = rule.name, 1
    while fold(name) in taken:
        n += 1
        suffix = f" ({n})"
        name = rule.name[: 24 - len(suffix)] + suffix
    taken.add(fold(name))
    return rule if name == rule.name else dataclasses.replace(rule, name=name)


def _lesson_words(found: dict) -> dict:
    """A rule's lesson (:meth:`TournamentResult.lesson`) told in every language a phone may
    read, so each is told its own, and a resumed lesson can tell it again."""
    from ..sim.tournament_replays import say_lesson

    return {language: say_lesson(found, found["opponent"], language) for language in LANGUAGES}
