"""The whole class at tables: every pupil plays their own seat on their own phone.

``room.seat_tables(size=4)`` (or the join card's button) seats the students who have joined at
tables of ``size`` seats (2 to 5), in a random order or the order they came, each table a
:class:`~.table.GameTable` playing its own game of Børsen under the lesson's rules (R1–R16),
with bots in the seats no pupil fills, moving at a human pace. :class:`ClassTables` is what the
teacher then holds (``room.class_tables``): each table's game, seats and results, the class's
experiment (:mod:`~.experiment`), and the teacher's controls — pause and resume every table,
the next game, move a pupil, replace one with a bot, the same deck at every table (every table
plays the same shuffle, as in duplicate bridge), the exact chance shown on the phones.

What happens by itself: a pupil who joins late takes a bot's seat (or opens a new table); one
whose phone drops keeps the seat, a bot playing it after ``hold`` seconds, and takes it back on
reconnecting; a table whose game ends starts the next at once or when the teacher says. Every
action at every table goes into the lesson's record as it happens (a draw with its exact chance
and whether it was accepted, a person's choice beside the proven best one), so ``resume=``
brings the tables and the experiment back.

Nothing here sends to a socket: the class (:class:`~.room.Classroom`) does, told through the
callbacks it hands in. The decks' order and the seeds stay here and in the record's file
(RULES.md "Hidden information"): the pages get public views and figures only.

Why one module of this size: seating, drops and stand-ins, late pupils, moves, the teacher's
controls and each table's steps all read and change the same seats, tables and timers; what
stands apart has its own module: the record's events (:mod:`~.table_record`), what the screens
get (:mod:`~.table_screens`), the teacher's display (:class:`~.displays.TablesShown`), the
experiment's figures (:mod:`~.experiment`) and a table's game (:mod:`~.table`).
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import contextlib
import functools
import math
import random
import secrets
from collections.abc import Callable, Sequence

from ..analysis import best_choice
from ..engine.errors import quote
from ..engine.rules import Rules
from ..i18n import N_
from ..play.specs import bot_from_spec
from .displays import TablesShown
from .experiment import Decision, Draw, Experiment
from .seats import Seats
from .table import GameTable, Step
from .table_record import TableRecord, read_tables
from .table_screens import (
    CARD_EVERY,
    CLASS_EVERY,
    PROJECTOR_EVERY,
    Throttle,
    figures_line,
    overview,
    projector_figures,
    table_line,
)

__all__ = ["BOT_NAMES", "NEXT_GAME", "ORDERS", "SIZES", "ClassTables"]

#: Seats at a table of the class.
SIZES = range(2, 6)
#: How the class is seated: at random, or in the order the pupils joined.
ORDERS = ("random", "joined")
#: What starts a table's next game when its game is over.
NEXT_GAME = ("teacher", "now")
#: The bots' names at a table (proper names: the same in every language).
BOT_NAMES = ("Robot A", "Robot B", "Robot C", "Robot D", "Robot E")
#: How long a finished game shows its winner before the next starts by itself (s).
NEXT_AFTER = 5.0


class ClassTables:
    """The class at tables (see the module's text). Made by the class: ``room.seat_tables``."""

    def __init__(
        self,
        *,
        sessions,
        lesson,
        loop: asyncio.AbstractEventLoop,
        host: Callable[[GameTable], object],
        place: Callable[[object, int], None],
        changed: Callable[[], None],
        moved: Callable[[int], None],
        figures: Callable[[object, dict], None],
        experiment: Callable[[dict], None],
        card: Callable[[], None],
        language: Callable[[], str],
    ):
        self._sessions = sessions
        self._lesson = lesson
        self._loop = loop
        self._rules = None  # the lesson's rules, when the class is seated
        self._host = host  # hosts a table in the class: returns its Hosted (seats, views)
        self._place = place  # puts a student at a hosted table (by its index in the class)
        self._changed = changed  # seats changed: the pages, the projector and the card follow
        self._moved = moved  # a table's game moved (its hosted index): the table line follows
        self._tell_figures = figures  # (student, figures message data) to that student's page
        self._tell_experiment = experiment  # the experiment's figures to the projector
        self._tell_card = card  # the teacher's overview on the join card
        self._language = language
        self.tables: list[GameTable] = []
        self._hosted: list = []  # each table's Hosted (its seats), in the same order
        self._index: list[int] = []  # each table's index among the class's hosted tables
        self.experiment = Experiment()
        self.size = 4
        self.bots = "ev"
        self.order = "random"
        self.next = "teacher"
        self.hold = 60.0
        self.pace = 1.5
        self.same_deck = False
        self.chance = False
        self.paused = False
        self._seeds: dict[int, int] = {}  # with the same deck: the game number's shuffle
        self._away: dict[str, asyncio.TimerHandle] = {}  # session → the stand-in's timer
        self._throttle = Throttle(loop)
        self._record = TableRecord(lesson)
        self._next_timers: dict[int, asyncio.TimerHandle] = {}
        self._pool: concurrent.futures.ThreadPoolExecutor | None = None
        self._known: set[str] = set()  # the sessions seated once (a watcher is not reseated)
        self._waiting: dict[str, tuple[int, int]] = {}  # resumed: learner → their seat
        self._active = False  # seated: every pupil plays at a table (room.seat_tables)
        self._running = True

    # ------------------------------------------------------------------ seating

    @property
    def seated(self) -> bool:
        """Whether the class plays at tables (a pupil who joins from now on is seated)."""
        return self._active

    def seat(
        self,
        students: Sequence,
        rules,
        size: int,
        *,
        order: str = "random",
        bots: str = "ev",
        next_game: str = "teacher",
        hold: float = 60,
        pace: float = 1.5,
        same_deck: bool = False,
    ) -> None:
        """Seat ``students`` at tables of ``size`` under ``rules`` (the lesson's: each table
        seats ``size``, R1) (see the module's text), and every pupil who joins from now on;
        ValueError for an option that does not fit, before anything changes."""
        _check(size=size, order=order, bots=bots, next_game=next_game, hold=hold, pace=pace)
        if not isinstance(same_deck, bool):
            raise ValueError(f"same_deck is True or False, not {quote(same_deck)}")
        if self._active:
            raise ValueError("the class is at tables already")
        self._active = True
        self.size, self.order, self.bots, self.next = size, order, bots, next_game
        self.hold, self.pace, self.same_deck = float(hold), float(pace), same_deck
        self._rules = rules.replace(players=size)
        students = list(students)
        if order == "random":
            random.SystemRandom().shuffle(students)
        count = math.ceil(len(students) / size)
        # As even as the tables allow, each table a run of the order (random, or joined).
        sizes = [len(students) // count + (i < len(students) % count) for i in range(count)]
        starts = [sum(sizes[:i]) for i in range(count)]
        groups = [students[start : start + n] for start, n in zip(starts, sizes, strict=True)]
        self._record.tables(
            size=size,
            order=order,
            bots=bots,
            next=next_game,
            hold=self.hold,
            pace=self.pace,
            same_deck=same_deck,
            rules=self._rules.to_dict(),
        )
        for group in groups:
            self._open_table(group)
        self._changed()
        self._send_soon()

    def _open_table(self, group: Sequence) -> int:
        """A new table for the students of ``group``, bots in its other seats; its number."""
        number = len(self.tables) + 1
        names = [s.name for s in group] + list(BOT_NAMES[: self.size - len(group)])
        specs = [None] * len(group) + [self.bots] * (self.size - len(group))
        seed = self._seed(1)
        table = GameTable(
            self._rules,
            names,
            [None if spec is None else bot_from_spec(spec) for spec in specs],
            seed=seed,
            pace=self.pace,
            paused=True,  # the pupils are seated first, then the bots may move
        )
        self._note_game(number, table, seed, group, specs)
        self.tables.append(table)
        table.on_step(functools.partial(self._step, number))
        hosted = self._host(table)
        self._hosted.append(hosted)
        self._index.append(hosted.index)
        for seat, student in enumerate(group):
            self._known.add(student.session)
            self._place(student, hosted.index)
            hosted.seats.give(seat, student.name)
        if not self.paused:
            table.resume()
        return number

    def _seed(self, game: int) -> int:
        if not self.same_deck:
            return secrets.randbits(64)
        return self._seeds.setdefault(game, secrets.randbits(64))

    def _note_game(self, number: int, table: GameTable, seed: int, group, specs) -> None:
        """A table's new game in the record (``group``: the students in its first seats, or
        the table's Seats)."""
        if isinstance(group, Seats):
            learners = [self.learner_of(group.holder(seat)) for seat in range(self.size)]
        else:
            learners = [self.learner_of(s) for s in group] + [None] * (self.size - len(group))
        self._record.game(number, table, seed, learners, specs)

    def restore(self, events: Sequence[dict]) -> None:
        """The tables of a resumed lesson, from its record (``events``, read by
        :func:`~.table_record.read_tables`): each table's games played again move by move from
        their seeds (R1–R16 hold as they did), its seats, the teacher's switches, and the
        experiment recounted. A pupil's seat waits ``hold`` seconds for them to join again (by
        name: the same learner), then a bot plays it until they do."""
        restored = read_tables(events)
        if restored is None:
            return
        chosen, state = restored.options, restored.state
        self._active = True
        self.size, self.order, self.bots = chosen["size"], chosen["order"], chosen["bots"]
        self.next, self.hold, self.pace = chosen["next"], chosen["hold"], chosen["pace"]
        self.same_deck = chosen["same_deck"]
        if state is not None:
            self.paused, self.chance = state["paused"], state["chance"]
            self.same_deck, self.next = state["same_deck"], state["next"]
        self._rules = Rules.from_dict(chosen["rules"])
        if self.same_deck:
            for games in restored.games.values():
                for number, seed, _moves in games:
                    self._seeds.setdefault(number, seed)
        seats, games = restored.seats, restored.games
        self.experiment = restored.experiment
        for number in sorted(games):
            plan = seats[number]
            table = GameTable(
                self._rules,
                [seat["name"] for seat in plan],
                [None if seat["bot"] is None else bot_from_spec(seat["bot"]) for seat in plan],
                seed=games[number][0][1],
                pace=self.pace,
                paused=True,
            )
            table.restore([tuple(game) for game in games[number]])
            for seat, planned in enumerate(plan):
                if planned["learner"] is not None:  # theirs when they are back
                    self._waiting[planned["learner"]] = (number, seat)
            self.tables.append(table)
            table.on_step(functools.partial(self._step, number))
            hosted = self._host(table)
            self._hosted.append(hosted)
            self._index.append(hosted.index)
            if not self.paused:
                table.resume()
            if table.game.is_over and self.next == "now":
                self._next_timers[number] = self._loop.call_later(
                    NEXT_AFTER, self._start_next, number
                )
        if self._waiting:  # the pupils have ``hold`` seconds to come back, as after a drop
            self._away[""] = self._loop.call_later(self.hold, self._stand_in_waiting)

    def _stand_in_waiting(self) -> None:
        """The resumed seats whose pupils have not come back: a bot plays each for now."""
        self._away.pop("", None)
        for number, seat in self._waiting.values():
            self.tables[number - 1].stand_in(seat, bot_from_spec(self.bots))
        self._send_card_soon()

    # ------------------------------------------------------------------ who sits where

    def table_of(self, student) -> tuple[int, int] | None:
        """``(table number from 1, seat)`` of the seat ``student`` holds, or None."""
        for number, hosted in enumerate(self._hosted, 1):
            seat = hosted.seats.of(student)
            if seat is not None:
                return number, seat
        return None

    def joined(self, student) -> None:
        """A student joined or came back: a late pupil is seated at a table with a bot's seat
        (or a new table); one back takes their seat from its stand-in bot; one the teacher
        replaced by a bot watches."""
        if not self._active or not self._running:
            return
        timer = self._away.pop(student.session, None)
        if timer is not None:
            timer.cancel()
        waiting = self._waiting.pop(self.learner_of(student), None)
        if waiting is not None:  # a resumed lesson: their seat, from the bot that kept it
            number, seat = waiting
            self._known.add(student.session)
            table, hosted = self.tables[number - 1], self._hosted[number - 1]
            table.names[seat] = student.name
            self._place(student, hosted.index)
            hosted.seats.give(seat, student.name)
            table.take_back(seat)
            self._note_seat(number, seat, student, None)
            self._changed()
            return
        held = self.table_of(student)
        if held is not None:
            table = self.tables[held[0] - 1]
            if held[1] in table.stand_ins:
                table.take_back(held[1])
                self._note_seat(held[0], held[1], student, None)
            return
        if student.session in self._known:
            return
        self._known.add(student.session)
        for number, table in enumerate(self.tables, 1):
            free = [s for s, bot in enumerate(table.bots) if bot is not None]
            if free:
                self._seat_in(number, free[0], student)
                self._changed()
                return
        self._open_table([student])
        self._changed()

    def away(self, student) -> None:
        """A seated student's phone dropped: their seat waits ``hold`` seconds, then a bot
        plays it until they are back."""
        if not self._active or not self._running or self.table_of(student) is None:
            return
        old = self._away.pop(student.session, None)
        if old is not None:
            old.cancel()
        self._away[student.session] = self._loop.call_later(
            self.hold, self._stand_in, student.session
        )

    def _stand_in(self, session: str) -> None:
        self._away.pop(session, None)
        student = next((s for s in self._sessions if s.session == session), None)
        held = None if student is None else self.table_of(student)
        if held is None or student.page is not None:
            return
        number, seat = held
        self.tables[number - 1].stand_in(seat, bot_from_spec(self.bots))
        self._note_seat(number, seat, student, self.bots)
        self._send_card_soon()

    def move(self, student, number: int, seat: int | None = None) -> None:
        """Move the student named ``student`` to table ``number`` (from 1): into ``seat`` if
        named (a bot's), else its first bot's seat; their old seat goes to a bot."""
        student = self._student(student)
        table = self._table(number)
        free = [s for s, bot in enumerate(table.bots) if bot is not None]
        if seat is None:
            if not free:
                raise ValueError(f"table {number} has no bot's seat for {student.name}")
            seat = free[0]
        elif seat not in free:
            raise ValueError(
                f"seat {seat} of table {number} is not a bot's: "
                f"the bots' seats there are {free or 'none'}"
            )
        self._leave(student)
        self._seat_in(number, seat, student)
        self._changed()

    def replace(self, student) -> None:
        """A bot takes the seat of the student named ``student``; they watch their table."""
        student = self._student(student)
        if self.table_of(student) is None:
            raise ValueError(f"{student.name} holds no seat at a table")
        self._leave(student)
        if student.page is not None:
            student.page.notice(
                N_("Your teacher gave your seat to a bot: you watch your table now."), level="info"
            )
        self._changed()

    def _leave(self, student) -> None:
        held = self.table_of(student)
        if held is None:
            return
        number, seat = held
        table = self.tables[number - 1]
        name = next(n for n in BOT_NAMES if n not in table.names)
        self._hosted[number - 1].seats.release(seat)  # told by the caller, if at all
        table.set_seat(seat, name, bot_from_spec(self.bots))
        self._note_seat(number, seat, None, self.bots, name=name)

    def _seat_in(self, number: int, seat: int, student) -> None:
        table, hosted = self.tables[number - 1], self._hosted[number - 1]
        self._known.add(student.session)
        table.set_seat(seat, student.name)
        self._place(student, hosted.index)
        hosted.seats.give(seat, student.name)
        self._note_seat(number, seat, student, None)

    def _note_seat(self, number, seat, student, bot, name=None) -> None:
        learner = None if student is None else self.learner_of(student)
        self._record.seat(number, seat, learner, name if student is None else student.name, bot)

    def _student(self, student):
        """The student named ``student`` (a name, or the class's own Student)."""
        if not isinstance(student, str):
            return student
        found = self._sessions.named(student)
        if found is None:
            here = ", ".join(self._sessions.names) or "nobody has joined yet"
            raise ValueError(f"no student is named {quote(student)} ({here})")
        return found

    def _table(self, number) -> GameTable:
        if isinstance(number, bool) or not isinstance(number, int):
            raise ValueError(f"a table is a number from 1, not {quote(number)}")
        if not 1 <= number <= len(self.tables):
            raise ValueError(f"there is no table {number}: the tables are 1 to {len(self.tables)}")
        return self.tables[number - 1]

    # ------------------------------------------------------------------ the teacher's controls

    def pause(self) -> None:
        self.paused = True
        for table in self.tables:
            table.pause()
        self._note_state()

    def resume(self) -> None:
        self.paused = False
        for table in self.tables:
            table.resume()
        self._note_state()

    def next_game(self) -> None:
        """The next game at every table whose game is over (with the same deck: the same new
        shuffle at each)."""
        for number, table in enumerate(self.tables, 1):
            if table.game.is_over:
                self._start_next(number)

    def set_chance(self, on: bool) -> None:
        if not isinstance(on, bool):
            raise ValueError(f"on is True or False, not {quote(on)}")
        self.chance = on
        self._note_state()
        for number in range(1, len(self.tables) + 1):
            self._moved(self._index[number - 1])

    def set_same_deck(self, on: bool) -> None:
        """The same shuffle at every table from the next game on (or a different one)."""
        if not isinstance(on, bool):
            raise ValueError(f"on is True or False, not {quote(on)}")
        self.same_deck = on
        self._note_state()

    def set_next(self, next_game: str) -> None:
        _check(next_game=next_game)
        self.next = next_game
        self._note_state()

    def _note_state(self) -> None:
        self._record.state(
            paused=self.paused, chance=self.chance, same_deck=self.same_deck, next_game=self.next
        )
        self._send_card_soon()

    def _start_next(self, number: int) -> None:
        timer = self._next_timers.pop(number, None)
        if timer is not None:
            timer.cancel()
        table = self.tables[number - 1]
        if not table.game.is_over or not self._running:
            return
        seed = self._seed(table.number + 1)
        hosted = self._hosted[number - 1]
        table.new_game(seed)
        self._note_game(number, table, seed, hosted.seats, self._specs(table))

    def _specs(self, table: GameTable) -> list:
        return [None if bot is None else self.bots for bot in table.bots]

    # ------------------------------------------------------------------ what happens at a table

    def _step(self, number: int, step: Step) -> None:
        """An action at table ``number``: into the record, the experiment and the screens."""
        hosted = self._hosted[number - 1]
        student = None
        if step.by == "person":
            student = hosted.seats.holder(step.seat)
        learner = None if student is None else self.learner_of(student)
        self._record.move(number, step, learner)
        if step.left is not None:
            self.experiment.add_draw(
                Draw(number, step.game, step.seat, learner, step.cards, step.left, step.accepted)
            )
            self._send_soon()
            if student is not None:
                self._figures_to(student)
        if step.is_decision and learner is not None:
            self._judge(number, step, student, learner)
        table = self.tables[number - 1]
        if table.game.is_over and self.next == "now" and number not in self._next_timers:
            self._next_timers[number] = self._loop.call_later(NEXT_AFTER, self._start_next, number)
        self._send_card_soon()

    def _judge(self, number: int, step: Step, student, learner: str) -> None:
        """The proven best choice of a person's decision, worked out on a thread (the class's
        loop is not stalled meanwhile), then recorded beside what they chose."""
        if self._pool is None:
            self._pool = concurrent.futures.ThreadPoolExecutor(1, "borsen-best-choice")
        future = self._loop.run_in_executor(self._pool, _proven, step.before)
        shown = self.chance  # what the phone showed when the choice was made

        def done(future):
            if not self._running or future.cancelled():
                return
            best = future.result() if future.exception() is None else None
            decision = Decision(number, step.game, step.seat, learner, step.action, best, shown)
            self.experiment.add_decision(decision)
            self._record.decision(decision)
            self._figures_to(student)

        future.add_done_callback(done)

    # ------------------------------------------------------------------ what the screens get

    def table_message(self, student) -> dict:
        """The ``table`` message for ``student``'s page (:func:`.table_screens.table_line`)."""
        return table_line(self, student)

    def students_at(self, number: int) -> list:
        hosted = self._hosted[number - 1]
        seats = range(len(self.tables[number - 1].names))
        return [s for s in map(hosted.seats.holder, seats) if s is not None]

    def number_of(self, index: int) -> int | None:
        """The table number (from 1) of the class's hosted table ``index``, or None."""
        return self._index.index(index) + 1 if index in self._index else None

    def figures_message(self, student) -> dict:
        return figures_line(self, student)

    def overview(self) -> dict | None:
        """The teacher's overview (the join card's ``tables``), or None before seating."""
        return overview(self)

    def shown(self) -> TablesShown:
        """What a teacher's cell shows: every table, and the class's figures."""
        tables = (self.overview() or {"tables": []})["tables"]
        data = {"tables": tables, "experiment": self.experiment.class_figures()}
        return TablesShown(data, self._language())

    def moves(self, number: int) -> list[dict]:
        """Every move at table ``number`` (from 1) as the lesson's record holds it: its game,
        seat, move, who made it, and for a draw its exact chance (``cards`` of ``left``) and
        whether it was accepted."""
        self._table(number)
        return self._record.moves(number)

    def __repr__(self) -> str:
        if not self._active:
            return "<ClassTables: the class is not at tables>"
        return f"<ClassTables: tables={len(self.tables)}, class draws={len(self.experiment)}>"

    def _repr_html_(self) -> str:
        return self.shown()._repr_html_()

    def projector_figures(self) -> dict | None:
        return projector_figures(self)

    def _figures_to(self, student) -> None:
        if self._running and student.page is not None:
            self._tell_figures(student, self.figures_message(student))

    def _send_soon(self) -> None:
        self._throttle.soon("projector", PROJECTOR_EVERY, self._send_projector)
        self._throttle.soon("class", CLASS_EVERY, self._send_class)

    def _send_card_soon(self) -> None:
        self._throttle.soon("card", CARD_EVERY, self._tell_card)

    def _send_projector(self) -> None:
        self._tell_experiment(self.projector_figures())

    def _send_class(self) -> None:
        for number in range(1, len(self.tables) + 1):
            for student in self.students_at(number):
                self._figures_to(student)

    def learner_of(self, student) -> str | None:
        """The lesson's key of ``student``'s learner (None: no student)."""
        if student is None:
            return None
        learner = self._lesson.of_session(student.session)
        return None if learner is None else learner.key

    def holder(self, number: int, seat: int):
        """The student who holds ``seat`` at table ``number`` (from 1), or None."""
        return self._hosted[number - 1].seats.holder(seat)

    # ------------------------------------------------------------------ the end

    def stop(self) -> None:
        self._running = False
        for table in self.tables:
            table.close()
        self._throttle.stop()
        for timer in (*self._away.values(), *self._next_timers.values()):
            timer.cancel()
        self._away.clear()
        self._next_timers.clear()
        if self._pool is not None:
            self._pool.shutdown(wait=False, cancel_futures=True)
            self._pool = None


def _proven(game) -> str | None:
    """The proven best choice between drawing and banking, or None (the bounds do not decide)."""
    with contextlib.suppress(ValueError):
        choice = best_choice(game, words=False)
        return choice.action  # None: the bounds do not decide
    return None


def _check(**options) -> None:
    """The options of :meth:`ClassTables.seat`, checked; a ValueError names the one wrong."""
    size = options.get("size", 2)
    if isinstance(size, bool) or not isinstance(size, int) or size not in SIZES:
        raise ValueError(f"a table seats 2 to 5, not {quote(size)}")
    if options.get("order", "random") not in ORDERS:
        raise ValueError(f"order is 'random' or 'joined', not {quote(options['order'])}")
    if options.get("next_game", "teacher") not in NEXT_GAME:
        raise ValueError(f"next_game is 'teacher' or 'now', not {quote(options['next_game'])}")
    if "bots" in options:
        bot_from_spec(options["bots"])  # a ValueError that lists the bots there are
    for name, most in (("hold", 3600), ("pace", 60)):
        value = options.get(name, 0)
        if isinstance(value, bool) or not isinstance(value, int | float) or not 0 <= value <= most:
            raise ValueError(f"{name} is a number of seconds from 0 to {most}, not {quote(value)}")
