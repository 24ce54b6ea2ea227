"""The chance of winning the game, estimated by playing the rest of it many times (Monte Carlo
rollouts over the hidden deck order), with 95 % Wilson intervals."""

from __future__ import annotations

import copy
import dataclasses
import math
import random
from collections.abc import Sequence
from fractions import Fraction

from ..analysis.figures import fraction_data
from ..engine.actions import BANK, DRAW
from ..engine.errors import quote
from ..engine.game import Game
from .bots import ThresholdBot
from .playout import playout

__all__ = ["Estimate", "WinChance", "wilson_interval", "win_chance"]


@dataclasses.dataclass(frozen=True)
class Estimate:
    """A chance estimated from ``n`` games: ``wins / n`` with a 95 % Wilson interval."""

    wins: int
    n: int

    @property
    def p(self) -> float:
        """The observed share of wins."""
        return self.wins / self.n if self.n else float("nan")

    @property
    def interval(self) -> tuple[float, float]:
        """The 95 % Wilson score interval for the true chance."""
        return wilson_interval(self.wins, self.n)

    def to_dict(self) -> dict:
        """JSON-safe data for screens."""
        low, high = self.interval
        return {
            "wins": self.wins,
            "n": self.n,
            "p": fraction_data(Fraction(self.wins, self.n)) if self.n else None,
            "low": low,
            "high": high,
        }


def wilson_interval(wins: int, n: int, z: float = 1.959963984540054) -> tuple[float, float]:
    """The Wilson score interval for the chance behind ``wins`` out of ``n`` (95 % for the
    default ``z``); (0, 1) when ``n`` is 0. The one home of this interval: the rollouts and
    the simulator's tables use it."""
    if n == 0:
        return (0.0, 1.0)
    p = wins / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return (max(0.0, centre - half), min(1.0, centre + half))


@dataclasses.dataclass(frozen=True)
class WinChance:
    """The chance that the current player wins the game, per action (see :func:`win_chance`)."""

    player: int
    estimates: dict
    bots: tuple[str, ...]
    seed: int

    @property
    def best(self) -> str | None:
        """The action with the higher estimated chance."""
        if not self.estimates:
            return None
        return max(self.estimates, key=lambda a: (self.estimates[a].p, a == "draw"))

    def to_dict(self) -> dict:
        """JSON-safe data for screens."""
        return {
            "player": self.player,
            "estimates": {a: e.to_dict() for a, e in self.estimates.items()},
            "best": self.best,
            "bots": list(self.bots),
            "seed": self.seed,
        }


def _canonical(game: Game) -> Game:
    """A lean copy (no log, no undo) to resample from; ``resample`` starts from the canonical
    order, so every sample depends on public facts and its seed only."""
    return game.resample(0)


def win_chance(game: Game, bots=None, n: int = 2400, seed: int = 0, actions=None) -> WinChance:
    """The chance that the current player wins the game, for "bank now" and for "draw".

    Estimated by playing the rest of the game ``n`` times per action: each time the hidden
    deck order is drawn afresh from the public composition (seeded by ``seed``), the action
    is played, then ``bots`` play every seat to the end (R15: the seats with the most cards
    win; a shared win counts as a win). ``bots`` is one bot for every seat, or one per seat
    (default ``ThresholdBot(4)`` everywhere); they are copied first, so the caller's bots
    are not advanced. Both actions use the same deck orders (common random numbers), which
    makes their difference sharper. Each estimate has a 95 % Wilson interval; n = 2400 gives
    at most ±2 percentage points.
    """
    if game.phase != "play":
        raise ValueError(f"no draw-or-bank decision to estimate: the phase is {game.phase!r}")
    players = game.rules.players
    if bots is None:
        bots = ThresholdBot(4)
    if not isinstance(bots, Sequence):
        bots = [bots] * players
    if len(bots) != players:
        raise ValueError(f"{players} seats need {players} bots, not {len(bots)}")
    bots = copy.deepcopy(list(bots))
    if isinstance(n, bool) or not isinstance(n, int) or n < 1:
        raise ValueError(f"n must be a whole number of games >= 1, not {quote(n)}")
    legal = {str(a) for a in game.legal_actions()}
    if actions is None:
        actions = [a for a in ("bank", "draw") if a in legal]
    for action in actions:
        if action not in legal:
            shown = ", ".join(sorted(legal))
            raise ValueError(f"{quote(action)} is not legal here; legal: {shown}")
    player = game.current_player
    base = _canonical(game)
    seeds = random.Random(seed)
    sample_seeds = [seeds.getrandbits(62) for _ in range(n)]
    wins = {a: 0 for a in actions}
    step = {"bank": BANK, "draw": DRAW}
    for s in sample_seeds:
        for action in actions:
            twin = base.resample(s)
            twin.step(step[action])
            playout(twin, bots)
            if player in twin.winners:
                wins[action] += 1
    return WinChance(
        player=player,
        estimates={a: Estimate(wins[a], n) for a in actions},
        bots=tuple(str(b) for b in bots),
        seed=seed,
    )
