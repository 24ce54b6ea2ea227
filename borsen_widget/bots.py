"""Bots: strategies that choose moves from public information, and a loop that plays them.

The protocol is one method: ``choose(game) -> Action``, called when the bot's seat is to act
(to draw or bank, or to decide on aces, R11/R12). A bot reads only what every player can see:
the pile, the banks, the deck's size and composition, the legal actions. ``str(bot)`` names it,
e.g. ``"ThresholdBot(4)"``.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from .actions import BANK, DRAW, Action
from .cards import CARDS
from .game import _RANDOM, _THRESHOLD, ACES, PLAY, Game, auto_selection


class Bot:
    """Base class of bots: override :meth:`choose`; ace decisions default to
    :meth:`keep_aces` (keep what the limit allows, as ``auto_aces="keep"``)."""

    def choose(self, game: Game) -> Action:
        raise NotImplementedError

    def keep_aces(self, game: Game) -> Action:
        """R11/R12: keep what the ace limit allows, list the excess smallest share first."""
        return _auto_aces(game, "keep")

    def __repr__(self) -> str:
        return str(self)

    def __str__(self) -> str:
        return type(self).__name__ + "()"


def _auto_aces(game: Game, mode: str) -> Action:
    chosen = auto_selection(game._pending, game._incoming, game._to_list, mode, game._shares)
    return Action("list", tuple(CARDS[c] for c in chosen))


class RandomBot(Bot):
    """Picks uniformly among the legal actions, with its own generator (``seed``)."""

    def __init__(self, seed: int | None = None):
        self.seed = seed
        self._rng = random.Random(seed)

    def choose(self, game: Game) -> Action:
        if game._phase == PLAY and game._deck:
            # The common case, without building the list of legal actions.
            if not game._pile or self._rng.random() < 0.5:
                return DRAW
            return BANK
        legal = game.legal_actions()
        return legal[int(self._rng.random() * len(legal))]

    def fast_policy(self):
        """For Game._run: bank when random() >= 0.5, exactly as :meth:`choose` does."""
        return (_RANDOM, self._rng.random)

    def __str__(self) -> str:
        return "RandomBot()"


class ThresholdBot(Bot):
    """Banks once the pile holds ``k`` cards or more; otherwise draws (R4). On aces it keeps
    what the limit allows and lists the excess smallest share first, as ``auto_aces="keep"``."""

    def __init__(self, k: int = 4):
        if isinstance(k, bool) or not isinstance(k, int) or k < 1:
            raise ValueError(f"ThresholdBot needs a whole number k >= 1, not {k!r}")
        self.k = k

    def choose(self, game: Game) -> Action:
        if game._phase == ACES:
            return self.keep_aces(game)
        if not game._deck or len(game._pile) >= self.k:
            return BANK
        return DRAW

    def fast_policy(self):
        """For Game._run: bank once the pile holds k cards, exactly as :meth:`choose` does."""
        return (_THRESHOLD, self.k)

    def __str__(self) -> str:
        return f"ThresholdBot({self.k})"


def play(
    game: Game, bots: Sequence[Bot], *, checked: bool = True, max_steps: int | None = None
) -> Game:
    """Let ``bots[seat]`` play every seat until the game ends (or ``max_steps`` moves).

    ``checked=True`` applies each move through :meth:`Game.apply` (a bad move raises
    :class:`~borsen_widget.IllegalActionError`); ``checked=False`` is the lean path for
    trusted bots in simulations. Returns the game.
    """
    if len(bots) != game.rules.players:
        raise ValueError(
            f"{game.rules.players} seats need {game.rules.players} bots, not {len(bots)}"
        )
    if not checked:
        game._run(bots, max_steps)
        return game
    steps = 0
    while not game.is_over and (max_steps is None or steps < max_steps):
        game.apply(bots[game.current_player].choose(game))
        steps += 1
    return game
