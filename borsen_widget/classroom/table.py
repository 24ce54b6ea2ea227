"""A table a class hosts: what the class needs of a game, and a table without a notebook widget.

A class meets a game through :class:`Table` only: its seats (``names``, ``bots``: who sits where,
a person's seat ``None``), the game itself (``game``: whose turn, whether it is over, its log),
its public view (``view``, ``view_in``) and its ``version``, a checked intent carried out
(``handle``), the bots held and let go (``pause``, ``resume``, ``paused``) and a word when the
view changes (``on_view``, ``off_view``). The teacher's :class:`~borsen_widget.BorsenWidget` is
one table; :class:`GameTable` is another, a game with no widget, so one class can seat its
students at several tables, each with its own seats and pages.

:func:`move_of` is the one reading of a move's intent as the engine's action (R4, R8, R11):
the widget and every table read a phone's or a button's move through it, and the engine alone
decides whether it is legal.
"""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
from collections.abc import Callable, Sequence
from fractions import Fraction
from typing import Protocol

from ..engine.actions import Action
from ..engine.errors import IllegalActionError, quote
from ..engine.game import Game
from ..i18n import translator
from ..play.specs import as_bot
from .refusals import Refusal
from .view import build_view
from .wire import BadMessage, Request

__all__ = ["MOVES", "GameTable", "Step", "Table", "move_of"]

#: The intents that are moves of the seat to act.
MOVES = ("draw", "bank", "list", "keep")


class Table(Protocol):
    """What a class needs of a game it hosts (see the module's text)."""

    names: Sequence[str]
    bots: Sequence
    game: Game
    version: int
    view: dict
    paused: bool

    def view_in(self, language: str | None = None, you: int | None = None) -> dict: ...

    def handle(self, request: Request) -> None: ...

    def pause(self) -> None: ...

    def resume(self) -> None: ...

    def hold_sync(self) -> contextlib.AbstractContextManager: ...

    def on_view(self, callback: Callable[[], None]) -> None: ...

    def off_view(self, callback: Callable[[], None]) -> None: ...


def move_of(request: Request) -> Action:
    """The engine's action for a move's intent (``draw``, ``bank``; ``list`` and ``keep`` with
    the aces to list, R11); aces that are no aces raise :class:`BadMessage`."""
    if request.intent not in MOVES:
        raise BadMessage("A message from this page was not understood; nothing changed.")
    try:
        if request.intent in ("list", "keep"):
            return Action.list(request.aces or ())
        return Action(request.intent)
    except ValueError:
        raise BadMessage(
            "{aces} are not aces to list; nothing changed.", aces=quote(list(request.aces or ()))
        ) from None


@dataclasses.dataclass(frozen=True)
class Step:
    """One action carried out at a table (R4–R14): the table's game number (from 1), the seat,
    the action's kind (``draw``, ``bank``, ``list``) and its text (``"list A♠"``, read back by
    :meth:`~borsen_widget.engine.actions.Action.parse`), who chose it (``"person"``, ``"bot"``,
    or ``"stand_in"``: a bot playing a person's seat while they are away) and, for a draw, its
    exact chance of being accepted from the public cards before it was turned (R5, RULES.md
    §4: ``cards`` the deck's cards R5 accepts, of ``left``) and whether it was. ``before``: a
    copy of the game before a person's choice between drawing and banking (for the proven best
    choice), else None."""

    game: int
    seat: int
    action: str
    text: str
    by: str
    cards: int | None = None
    left: int | None = None
    accepted: bool | None = None
    before: Game | None = None

    @property
    def chance(self) -> Fraction | None:
        """The draw's exact chance of being accepted: ``cards`` of the ``left`` in the deck."""
        return None if self.left is None else Fraction(self.cards, self.left)

    @property
    def is_decision(self) -> bool:
        """A person's choice between drawing and banking (R4: a pile to bank, a card to draw)."""
        return self.before is not None


class GameTable:
    """A table of a class with no notebook widget: one game at a time (``Game(rules)``), its
    seats (``names``; ``bots``: a bot for each bot's seat, ``None`` for a person's) and its
    public view in any language. A person's move is carried out by the engine (an illegal one
    raises the widget's own :class:`~.refusals.Refusal`, nothing changed); after it the bots
    play until a person is to act, unless the table is paused: at once (``pace=0``), or one
    move every ``pace`` seconds on the running event loop, so that the people at the table can
    follow each move. A person's seat may be played for a while by a stand-in bot
    (:meth:`stand_in`), and :meth:`on_step` hears every action with its exact chance."""

    def __init__(
        self,
        rules,
        names: Sequence[str],
        bots: Sequence | None = None,
        *,
        seed=None,
        pace=0.0,
        paused: bool = False,
    ):
        bots = [None if b is None else as_bot(b) for b in bots] if bots else [None] * len(names)
        if len(bots) != len(names):
            raise ValueError(f"{len(names)} names but {len(bots)} bots (None for a person)")
        if isinstance(pace, bool) or not isinstance(pace, int | float) or not 0 <= pace <= 60:
            raise ValueError(f"pace is the seconds a bot takes a move, 0 to 60, not {pace!r}")
        self.game = Game(rules, seed=seed)
        if len(names) != self.game.rules.players:
            raise ValueError(
                f"the rules seat {self.game.rules.players} players, not {len(names)} names"
            )
        self.names = list(names)
        self.bots = bots
        #: Bots playing a person's seat while that person is away (seat → bot).
        self.stand_ins: dict[int, object] = {}
        self.pace = float(pace)
        #: The game's number at this table (from 1) and each finished game's result.
        self.number = 1
        self.results: list[dict] = []
        self.version = 0
        self.paused = paused
        self._listeners: list[Callable[[], None]] = []
        self._steps: list[Callable[[Step], None]] = []
        self._timer: asyncio.TimerHandle | None = None
        self.view = self.view_in("en")
        self._bots_play()

    # ------------------------------------------------------------------ what a class reads

    def view_in(self, language: str | None = None, you: int | None = None) -> dict:
        """The public view (never the deck's order: RULES.md "Hidden information"), told in
        ``language`` with the seat ``you`` in the second person."""
        tr = translator(language)
        game = self.game
        seats = [
            {"name": name, "bot": None if bot is None else str(bot)}
            for name, bot in zip(self.names, self.bots, strict=True)
        ]
        return build_view(
            game.public_state(),
            seats,
            version=self.version,
            rules_text=game.rules.describe(tr.language, leave_out=("players",)),
            need=game.rules.need(game.pile[-1]) if game.pile else None,
            language=tr.language,
            you=you,
        )

    def actor(self, seat: int):
        """The bot that plays ``seat`` now (its own, or a stand-in), or None: a person."""
        bot = self.bots[seat]
        return self.stand_ins.get(seat) if bot is None else bot

    def on_view(self, callback: Callable[[], None]) -> None:
        self._listeners.append(callback)

    def off_view(self, callback: Callable[[], None]) -> None:
        with contextlib.suppress(ValueError):
            self._listeners.remove(callback)

    def on_step(self, callback: Callable[[Step], None]) -> None:
        """Call ``callback(step)`` after every action carried out at this table."""
        self._steps.append(callback)

    def hold_sync(self) -> contextlib.AbstractContextManager:
        return contextlib.nullcontext()

    # ------------------------------------------------------------------ what a class does

    def handle(self, request: Request) -> None:
        """A person's move for the seat to act (R4–R14), checked by the engine."""
        game = self.game
        if not game.is_over and self.actor(game.current_player) is not None:
            raise BadMessage(
                "It is {player}'s turn (a bot): wait for it to play.",
                player=self.names[game.current_player],
            )
        action = move_of(request)
        try:
            self._apply(action, "person")
        except IllegalActionError as error:
            seat = None if game.is_over else game.current_player
            who = "" if seat is None else self.names[seat]
            raise Refusal(error, who, game.rules.max_bank_aces) from None
        self._bots_play()
        self._changed()

    def pause(self) -> None:
        self.paused = True
        self._cancel()

    def resume(self) -> None:
        self.paused = False
        if self._bots_play():
            self._changed()

    def new_game(self, seed=None) -> None:
        """The next game at this table (R1–R3): same rules and seats, a new shuffle."""
        self._cancel()
        self.game = Game(self.game.rules, seed=seed)
        self.number += 1
        self._bots_play()
        self._changed()

    def set_seat(self, seat: int, name: str, bot=None) -> None:
        """Seat ``name`` at ``seat`` (a person, or ``bot``): a late pupil takes a bot's seat,
        or a bot takes a pupil's; the game goes on with that seat's bank (R15)."""
        self.names[seat] = name
        self.bots[seat] = None if bot is None else as_bot(bot)
        self.stand_ins.pop(seat, None)
        self._cancel()
        self._bots_play()
        self._changed()

    def stand_in(self, seat: int, bot) -> None:
        """A bot plays the person's ``seat`` until :meth:`take_back` (its person is away)."""
        self.stand_ins[seat] = as_bot(bot)
        if self._bots_play():
            self._changed()

    def take_back(self, seat: int) -> None:
        """The person at ``seat`` plays it again (the stand-in leaves)."""
        if self.stand_ins.pop(seat, None) is not None and self.game.current_player == seat:
            self._cancel()

    def restore(self, games: Sequence[tuple[int, object, Sequence[str]]]) -> None:
        """Play these games again, quietly (a lesson resumed): each ``(number, seed, moves)``,
        its moves as the record wrote them (:meth:`Action.parse` reads them; R4–R14 hold)."""
        self._cancel()
        self.results = []
        for number, seed, moves in games:
            self.game, self.number = Game(self.game.rules, seed=seed), number
            for text in moves:
                self.game.apply(Action.parse(text))
            if self.game.is_over:
                self.results.append(self._result())
        self.version += 1
        self.view = self.view_in("en")

    def close(self) -> None:
        """No bot moves any more (the class ended)."""
        self.paused = True
        self._cancel()

    # ------------------------------------------------------------------ inside

    def _apply(self, action: Action, by: str) -> None:
        game = self.game
        seat, cards, left, before = game.current_player, None, None, None
        if self._steps and game.phase == "play":
            if action.kind == "draw" and game.deck_size:
                cards, left = game.accepted_count(), game.deck_size
            if by == "person" and game.pile and game.deck_size:
                before = game.copy()
        logged = game.log_length
        game.apply(action)
        if game.is_over and (not self.results or self.results[-1]["game"] != self.number):
            self.results.append(self._result())
        if not self._steps:
            return
        accepted = None
        if left is not None:
            accepted = any(e.kind == "accept" for e in game.log[logged:])
        step = Step(self.number, seat, action.kind, str(action), by, cards, left, accepted, before)
        for callback in list(self._steps):
            callback(step)

    def _result(self) -> dict:
        game = self.game
        return {
            "game": self.number,
            "names": list(self.names),
            "scores": list(game.scores),
            "winners": [self.names[s] for s in game.winners],
        }

    def _bot_to_act(self):
        game = self.game
        if self.paused or game.is_over:
            return None
        return self.actor(game.current_player)

    def _bots_play(self) -> bool:
        """The bots to act play until a person is to act (or the game ends): at once with no
        pace (True if one played), else one move is scheduled ``pace`` seconds ahead."""
        if self.pace:
            self._schedule()
            return False
        played = False
        while (bot := self._bot_to_act()) is not None:
            self._apply(bot.choose(self.game), self._by(bot))
            played = True
        return played

    def _by(self, bot) -> str:
        return "bot" if self.bots[self.game.current_player] is bot else "stand_in"

    def _schedule(self) -> None:
        if self._timer is None and self._bot_to_act() is not None:
            self._timer = asyncio.get_running_loop().call_later(self.pace, self._bot_move)

    def _bot_move(self) -> None:
        self._timer = None
        bot = self._bot_to_act()
        if bot is None:
            return
        self._apply(bot.choose(self.game), self._by(bot))
        self._changed()
        self._schedule()

    def _cancel(self) -> None:
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None

    def _changed(self) -> None:
        self.version += 1
        self.view = self.view_in("en")
        for callback in list(self._listeners):
            callback()
