"""The class at tables in the lesson's record: the one home of its events, written as they
happen and read back on resume.

- ``tables``: the options the class was seated with (and the lesson's rules);
- ``tables_state``: the teacher's switches (paused, the exact chance shown, the same deck, what
  starts the next game);
- ``table_game``: a table's new game, with its seed (the record's file is the teacher's, and no
  page reads it), its seats' names, bots and learners;
- ``seat``: a seat changed hands (a pupil in, a bot in for good, a bot standing in);
- ``move``: every action at every table (R4–R14), a draw with its exact chance, ``cards`` of
  the ``left`` in the deck before it was turned (R5, RULES.md §4), and whether it was accepted;
- ``decision``: a person's choice between drawing and banking beside the proven best choice.

:func:`read_tables` reads them back as a :class:`Restored` plan (each table's seats and games
move by move, the teacher's switches, the experiment recounted) for
:meth:`~.tables.ClassTables.restore`.
"""

from __future__ import annotations

import dataclasses
import time
from collections.abc import Sequence

from .experiment import Decision, Draw, Experiment
from .table import Step

__all__ = ["Restored", "TableRecord", "now", "read_tables"]


def now() -> float:
    """The time as the record writes it: seconds since the epoch, to the millisecond."""
    return round(time.time(), 3)


class TableRecord:
    """Writes the class at tables into ``lesson``'s record (see the module's text)."""

    def __init__(self, lesson):
        self._lesson = lesson

    def tables(self, **options) -> None:
        self._lesson.note({"type": "tables", **options, "at": now()})

    def state(self, *, paused: bool, chance: bool, same_deck: bool, next_game: str) -> None:
        self._lesson.note(
            {
                "type": "tables_state",
                "paused": paused,
                "chance": chance,
                "same_deck": same_deck,
                "next": next_game,
                "at": now(),
            }
        )

    def game(self, number: int, table, seed: int, learners: list, bots: list) -> None:
        self._lesson.note(
            {
                "type": "table_game",
                "table": number,
                "game": table.number,
                "seed": seed,
                "names": list(table.names),
                "learners": learners,
                "bots": bots,
                "at": now(),
            }
        )

    def seat(self, number: int, seat: int, learner: str | None, name: str, bot) -> None:
        """``learner`` None: a bot took the seat for good; else it is the pupil's (with
        ``bot``, a bot plays it while they are away)."""
        self._lesson.note(
            {
                "type": "seat",
                "table": number,
                "seat": seat,
                "learner": learner,
                "name": name,
                "bot": bot,
                "at": now(),
            }
        )

    def move(self, number: int, step: Step, learner: str | None) -> None:
        entry = {
            "type": "move",
            "table": number,
            "game": step.game,
            "seat": step.seat,
            "move": step.text,
            "by": step.by,
            "learner": learner,
            "at": now(),
        }
        if step.left is not None:  # a draw: its exact chance, cards of left (R5, §4)
            entry.update(cards=step.cards, left=step.left, accepted=step.accepted)
        self._lesson.note(entry)

    def decision(self, decision: Decision) -> None:
        self._lesson.note(
            {
                "type": "decision",
                "table": decision.table,
                "game": decision.game,
                "seat": decision.seat,
                "learner": decision.learner,
                "choice": decision.action,
                "best": decision.best,
                "shown": decision.shown,
                "at": now(),
            }
        )

    def moves(self, number: int) -> list[dict]:
        """Every move at table ``number`` as the record holds it."""
        return [e for e in self._lesson.events if e["type"] == "move" and e["table"] == number]


@dataclasses.dataclass
class Restored:
    """A resumed lesson's class at tables: the options it was seated with, the teacher's last
    switches, each table's seats (``{"name", "learner", "bot"}`` a seat) and games
    (``(number, seed, moves)``), and the experiment recounted from the record's draws and
    decisions."""

    options: dict
    state: dict | None
    seats: dict[int, list[dict]]
    games: dict[int, list[tuple[int, int, list[str]]]]
    experiment: Experiment


def read_tables(events: Sequence[dict]) -> Restored | None:
    """The class at tables of a lesson's ``events``, or None when it never sat at tables."""
    options = [e for e in events if e["type"] == "tables"]
    if not options:
        return None
    state = None
    seats: dict[int, list[dict]] = {}
    games: dict[int, list[tuple[int, int, list[str]]]] = {}
    draws, decisions = [], []
    for event in events:
        kind = event["type"]
        if kind == "tables_state":
            state = event
        elif kind == "table_game":
            seats[event["table"]] = [
                {"name": name, "learner": learner, "bot": bot}
                for name, learner, bot in zip(
                    event["names"], event["learners"], event["bots"], strict=True
                )
            ]
            games.setdefault(event["table"], []).append((event["game"], event["seed"], []))
        elif kind == "seat":
            seat = seats[event["table"]][event["seat"]]
            if event["learner"] is None:  # a bot took the seat for good
                seat.update(name=event["name"], learner=None, bot=event["bot"])
            else:  # the pupil's (a bot standing in for them or not)
                seat.update(name=event["name"], learner=event["learner"], bot=None)
        elif kind == "move":
            games[event["table"]][-1][2].append(event["move"])
            if "left" in event:
                draws.append(
                    Draw(
                        event["table"],
                        event["game"],
                        event["seat"],
                        event["learner"],
                        event["cards"],
                        event["left"],
                        event["accepted"],
                    )
                )
        elif kind == "decision":
            decisions.append(
                Decision(
                    event["table"],
                    event["game"],
                    event["seat"],
                    event["learner"],
                    event["choice"],
                    event["best"],
                    event.get("shown", False),
                )
            )
    return Restored(options[-1], state, seats, games, Experiment.recount(draws, decisions))
