"""Seeds and seating of a tournament's games: which seed game ``i`` is dealt with, which bot
sits where, and the bot each seat plays with in that game.

A game depends on the simulation's seed and its number only, whichever engine, process or
machine plays it, so the same seed plays the same games (and :func:`~borsen_widget.sim.simulate
.replay` plays one again).

Imports: the standard library, the engine's error messages and the bots. NumPy only in
:func:`game_seeds` (the fast path's).
"""

from __future__ import annotations

from collections.abc import Sequence

from ..engine.errors import describe_error, quote
from ..play.bots import Bot, StrategyError, is_trusted

__all__ = ["bot_seed", "game_seed", "game_seeds", "seated_bots", "seating"]

_MASK64 = (1 << 64) - 1
_SEED_MASK = (1 << 63) - 1


def _mix(x: int) -> int:
    """splitmix64's finaliser: a bijective scramble of 64-bit integers."""
    x &= _MASK64
    x = ((x ^ (x >> 30)) * 0xBF58476D1CE4E5B9) & _MASK64
    x = ((x ^ (x >> 27)) * 0x94D049BB133111EB) & _MASK64
    return x ^ (x >> 31)


def game_seed(seed: int, index: int) -> int:
    """The seed of game ``index`` of a simulation with ``seed`` (a 63-bit integer).

    Playing ``Game(rules, game_seed(seed, i))`` with the same seating replays a
    reference-engine game of the simulation exactly (see
    :func:`~borsen_widget.sim.simulate.replay`).
    """
    return _mix(_mix(seed) + 0x9E3779B97F4A7C15 * (index + 1)) & _SEED_MASK


def game_seeds(seed: int, start: int, stop: int):
    """:func:`game_seed` for games ``start..stop-1``, vectorised (NumPy: the fast path only)."""
    import numpy as np

    with np.errstate(over="ignore"):
        x = np.uint64(_mix(seed)) + np.uint64(0x9E3779B97F4A7C15) * (
            np.arange(start, stop, dtype=np.uint64) + np.uint64(1)
        )
        x = (x ^ (x >> np.uint64(30))) * np.uint64(0xBF58476D1CE4E5B9)
        x = (x ^ (x >> np.uint64(27))) * np.uint64(0x94D049BB133111EB)
        x = x ^ (x >> np.uint64(31))
    return (x & np.uint64(_SEED_MASK)).astype(np.int64)


def bot_seed(seed: int, seat: int) -> int:
    """The seed of the bot at ``seat`` in the game dealt with ``seed``."""
    return _mix(seed ^ (0xD1B54A32D192ED03 * (seat + 1)))


def seating(bots: Sequence, index: int, rotate: bool = True) -> list:
    """The bots at seats 0..n-1 in game ``index``: rotated by ``index`` (seat ``s`` gets
    ``bots[(s + index) % n]``), so every bot sits in every seat equally often."""
    n = len(bots)
    r = index % n if rotate else 0
    return [bots[(s + r) % n] for s in range(n)]


def bot_for_game(bot: Bot, seed: int) -> Bot:
    """The bot to seat in one game; a bot of one's own that fails here is named (user code)."""
    if is_trusted(bot):
        return bot.for_game(seed)
    try:
        twin = bot.for_game(seed)
    except Exception as error:
        raise StrategyError(
            f"the bot {bot} raised {describe_error(error)} in for_game({seed})"
        ) from error
    if not isinstance(twin, Bot):
        raise StrategyError(f"the bot {bot} returned {quote(twin)} from for_game, not a bot")
    return twin


def seated_bots(bots: Sequence[Bot], seed: int, index: int, rotate: bool) -> list[Bot]:
    """The bots that play game ``index`` (dealt with ``seed``), seat by seat, each ready for
    this game (:func:`seating`, then :func:`bot_for_game` with the seat's :func:`bot_seed`)."""
    return [bot_for_game(b, bot_seed(seed, s)) for s, b in enumerate(seating(bots, index, rotate))]
