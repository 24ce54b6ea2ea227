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

import contextlib
from collections.abc import Callable, Sequence
from typing import Protocol

from ..engine.actions import Action
from ..engine.errors import IllegalActionError, quote
from ..engine.game import Game
from ..i18n import translator
from ..play.specs import as_bot
from .refusals import Refusal
from .view import build_view
from .wire import BadMessage, Request

__all__ = ["MOVES", "GameTable", "Table", "move_of"]

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


class GameTable:
    """A table of a class with no notebook widget: one game (``Game(rules)``), its seats
    (``names``; ``bots``: a bot for each bot's seat, ``None`` for a person's) and its public
    view in any language. A person's move is carried out by the engine (an illegal one raises
    the widget's own :class:`~.refusals.Refusal`, nothing changed); after it the bots play
    until a person is to act, unless the table is paused."""

    def __init__(self, rules, names: Sequence[str], bots: Sequence | None = None, *, seed=None):
        bots = [None if b is None else as_bot(b) for b in bots] if bots else [None] * len(names)
        if len(bots) != len(names):
            raise ValueError(f"{len(names)} names but {len(bots)} bots (None for a person)")
        self.game = Game(rules, seed=seed)
        if len(names) != self.game.rules.players:
            raise ValueError(
                f"the rules seat {self.game.rules.players} players, not {len(names)} names"
            )
        self.names = list(names)
        self.bots = bots
        self.version = 0
        self.paused = False
        self._listeners: list[Callable[[], None]] = []
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

    def on_view(self, callback: Callable[[], None]) -> None:
        self._listeners.append(callback)

    def off_view(self, callback: Callable[[], None]) -> None:
        with contextlib.suppress(ValueError):
            self._listeners.remove(callback)

    def hold_sync(self) -> contextlib.AbstractContextManager:
        return contextlib.nullcontext()

    # ------------------------------------------------------------------ what a class does

    def handle(self, request: Request) -> None:
        """A person's move for the seat to act (R4–R14), checked by the engine."""
        game = self.game
        if not game.is_over and self.bots[game.current_player] is not None:
            raise BadMessage(
                "It is {player}'s turn (a bot): wait for it to play.",
                player=self.names[game.current_player],
            )
        action = move_of(request)
        try:
            game.apply(action)
        except IllegalActionError as error:
            seat = None if game.is_over else game.current_player
            who = "" if seat is None else self.names[seat]
            raise Refusal(error, who, game.rules.max_bank_aces) from None
        self._bots_play()
        self._changed()

    def pause(self) -> None:
        self.paused = True

    def resume(self) -> None:
        self.paused = False
        if self._bots_play():
            self._changed()

    def _bots_play(self) -> bool:
        """The bots to act play, until a person is to act (or the game ends); True if one
        played."""
        game, played = self.game, False
        while not self.paused and not game.is_over and self.bots[game.current_player] is not None:
            bot = self.bots[game.current_player]
            game.apply(bot.choose(game))
            played = True
        return played

    def _changed(self) -> None:
        self.version += 1
        self.view = self.view_in("en")
        for callback in list(self._listeners):
            callback()
