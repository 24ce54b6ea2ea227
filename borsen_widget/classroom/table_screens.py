"""What the screens get of the class at tables, read from a :class:`~.tables.ClassTables`:
each phone its table line (:func:`table_line`) and its own figures beside the class's
(:func:`figures_line`), the projector the class's experiment without names
(:func:`projector_figures`), the teacher her overview (:func:`overview`: the join card's, and a
cell's display). Nothing here changes a seat or a game; :class:`Throttle` sends each kind at
most a few times a second (a class of 60 drawing at once makes a few updates, not hundreds).
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable

__all__ = [
    "CARD_EVERY",
    "CLASS_EVERY",
    "PROJECTOR_EVERY",
    "Throttle",
    "figures_line",
    "overview",
    "projector_figures",
    "table_line",
]

#: How often the projector's experiment and the teacher's overview are sent at most (s).
PROJECTOR_EVERY = 0.25
CARD_EVERY = 0.5
#: How often every phone gets the class's figures at most (s).
CLASS_EVERY = 2.0


def table_line(tables, student) -> dict:
    """The ``table`` message for ``student``'s page: their table, its game, what starts the
    next one, and (the teacher's switch) the exact chance when it is their choice (R5, §4)."""
    held = tables.table_of(student)
    line = {"type": "table", "number": None, "tables": len(tables.tables), "game": None}
    line.update(next=tables.next, chance=None)
    if held is None:
        return line
    number, seat = held
    table = tables.tables[number - 1]
    game = table.game
    if (
        tables.chance
        and not game.is_over
        and game.phase == "play"
        and game.current_player == seat
        and game.pile
        and game.deck_size
    ):
        line["chance"] = {"accepted": game.accepted_count(), "left": game.deck_size}
    line.update(number=number, game=table.number)
    return line


def figures_line(tables, student) -> dict:
    """The ``figures`` message for ``student``'s page: theirs beside the class's."""
    experiment = tables.experiment
    return {
        "type": "figures",
        "you": experiment.figures_of(tables.learner_of(student)),
        "class": experiment.class_figures(),
    }


def overview(tables) -> dict | None:
    """The teacher's overview (the join card's ``tables``), or None before seating: each
    table's game, its seats (who sits there, a bot, away, connected, the bank), whose turn."""
    if not tables.seated:
        return None
    listed = []
    for number, table in enumerate(tables.tables, 1):
        game, seats = table.game, []
        for seat, name in enumerate(table.names):
            student = tables.holder(number, seat)
            seats.append(
                {
                    "seat": seat,
                    "name": name,
                    "bot": table.bots[seat] is not None,
                    "student": None if student is None else student.name,
                    "here": student is not None and student.page is not None,
                    "away": seat in table.stand_ins,
                    "bank": game.scores[seat],
                }
            )
        listed.append(
            {
                "number": number,
                "game": table.number,
                "games": len(table.results),
                "over": game.is_over,
                "turn": None if game.is_over else game.current_player,
                "seats": seats,
            }
        )
    return {
        "paused": tables.paused,
        "same_deck": tables.same_deck,
        "next": tables.next,
        "chance": tables.chance,
        "size": tables.size,
        "tables": listed,
    }


def projector_figures(tables) -> dict | None:
    """The projector's experiment (no names), or None before seating."""
    if not tables.seated:
        return None
    count = len(tables.tables)
    players = sum(len(tables.students_at(n)) for n in range(1, count + 1))
    return tables.experiment.figures(tables=count, players=players)


class Throttle:
    """Sends each kind of update at once, or once when its interval has passed since it last
    went (a burst of changes makes one update)."""

    def __init__(self, loop: asyncio.AbstractEventLoop):
        self._loop = loop
        self._timers: dict[str, asyncio.TimerHandle] = {}
        self._sent: dict[str, float] = {}
        self._running = True

    def soon(self, what: str, every: float, send: Callable[[], None]) -> None:
        if what in self._timers or not self._running:
            return
        wait = self._sent.get(what, -every) + every - self._loop.time()
        if wait <= 0:
            self._sent[what] = self._loop.time()
            send()
        else:
            self._timers[what] = self._loop.call_later(wait, self._later, what, send)

    def _later(self, what: str, send: Callable[[], None]) -> None:
        del self._timers[what]
        self._sent[what] = self._loop.time()
        if self._running:
            send()

    def stop(self) -> None:
        self._running = False
        for timer in self._timers.values():
            timer.cancel()
        self._timers.clear()
