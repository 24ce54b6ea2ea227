"""The loop that lets bots play a game to its end: the lean path of simulations and rollouts.

:func:`playout` asks the bot of the seat to act for its move and plays it through the engine's
moves (:mod:`borsen_widget.engine.moves`, the one home of the rules). The built-in strategies
(:data:`~borsen_widget.play.bots.BUILT_IN`) are trusted, so their moves skip the check
(:meth:`Game.step`); any other bot's move is checked (:meth:`Game.apply`): an illegal one raises
:class:`~borsen_widget.engine.errors.IllegalActionError` naming the bot, and an exception from
the bot's own code is re-raised as a :class:`~borsen_widget.play.bots.StrategyError` naming it.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..engine.errors import IllegalActionError, describe_error
from ..engine.game import Game
from .bots import Bot, StrategyError, is_trusted
from .specs import as_bot

__all__ = ["play", "playout"]


def seated(game: Game, bots: Sequence) -> list[Bot]:
    """One bot per seat (strategy functions and specs become bots, see :func:`as_bot`)."""
    players = game.rules.players
    if isinstance(bots, str | bytes) or not isinstance(bots, Sequence):
        raise ValueError(f"bots must be a list with one bot per seat, not {type(bots).__name__}")
    if len(bots) != players:
        raise ValueError(f"{players} seats need {players} bots, not {len(bots)}")
    return [as_bot(b) for b in bots]


def playout(game: Game, bots: Sequence, *, max_steps: int | None = None) -> int:
    """Let ``bots[seat]`` play until the game ends or ``max_steps`` moves have been made;
    return the number of moves made. ``bots`` may hold strategy functions and specs."""
    bots = seated(game, bots)
    step, apply = game.step, game.apply
    trusted = [is_trusted(bot) for bot in bots]
    moves = 0
    if max_steps is None and all(trusted):  # the simulations' case: nothing to count or check
        while not game.is_over:
            step(bots[game.current_player].choose(game))
            moves += 1
        return moves
    while not game.is_over and (max_steps is None or moves < max_steps):
        seat = game.current_player
        bot = bots[seat]
        if trusted[seat]:
            step(bot.choose(game))
        else:
            _checked_move(game, bot, apply)
        moves += 1
    return moves


def _checked_move(game: Game, bot: Bot, apply) -> None:
    """One move of a bot that is not built in: its errors name it, and its move is checked."""
    try:
        action = bot.choose(game)
    except (IllegalActionError, StrategyError):
        raise  # already names the strategy (FunctionBot checks its own answers)
    except Exception as error:
        raise StrategyError(
            f"the bot {bot} raised {describe_error(error)} when Seat {game.current_player} was "
            "to act"
        ) from error
    try:
        apply(action)
    except ValueError as error:  # an illegal move, or something that is no action at all
        raise IllegalActionError(
            f"the bot {bot} chose {action!s:.60} when Seat {game.current_player} was to act: "
            f"{error}",
            action=getattr(error, "action", None),
            reason=getattr(error, "reason", "parse"),
            legal=game.legal_actions(),
        ) from None


def play(game: Game, bots, *, checked: bool = True, max_steps: int | None = None) -> Game:
    """Let ``bots[seat]`` play every seat until the game ends (or ``max_steps`` moves).

    ``checked=True`` applies each move through :meth:`Game.apply` (a bad move raises
    :class:`~borsen_widget.IllegalActionError`); ``checked=False`` is the lean path of
    :func:`~borsen_widget.play.playout.playout` (the built-in bots' moves unchecked, any other
    bot's still checked). Strategy functions and specs are accepted (see :func:`as_bot`).
    Returns the game.
    """
    bots = seated(game, bots)
    if not checked:
        playout(game, bots, max_steps=max_steps)
        return game
    steps = 0
    while not game.is_over and (max_steps is None or steps < max_steps):
        game.apply(bots[game.current_player].choose(game))
        steps += 1
    return game
