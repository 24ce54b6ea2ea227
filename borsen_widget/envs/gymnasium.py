"""Børsen as a single-agent Gymnasium environment: one seat is the agent, the others are
played by the package's bots (or any strategy function).

``import borsen_widget.envs`` registers the id :data:`ENV_ID`, so::

    import gymnasium, borsen_widget.envs
    env = gymnasium.make("borsen_widget/Borsen-v0", opponents=[ThresholdBot(4)] * 2)

(or, with no import first, ``gymnasium.make("borsen_widget.envs:borsen_widget/Borsen-v0")``,
which Gymnasium imports itself). ``opponents`` is one bot for every other seat or one per
other seat (a :class:`~borsen_widget.Bot`, a function of the
:class:`~borsen_widget.PublicView`, or a spec such as ``"threshold:4"``; default
``ThresholdBot(4)``); ``rules`` defaults to as many players as seats; ``seat`` is the agent's
seat (default 0).

Observation, action table and mask are the shared encoder's
(:class:`~borsen_widget.envs.encoding.Encoding`); the mask is also in ``info["action_mask"]``.
An action the mask forbids changes nothing (the engine refuses it, R4–R14): the step returns
the same observation, reward 0 and the engine's reason in ``info["illegal"]``, as Gymnasium's
checker and unmasked learners need; ``illegal="raise"`` raises
:class:`~borsen_widget.IllegalActionError` instead.

The reward comes at the end (:func:`~borsen_widget.envs.table.returns`, R15: 1 for a win, split
in a shared win, 0 for a loss); ``terminated`` is True then; there is no truncation. Every move,
the agent's and the bots', goes through the engine's checked :meth:`Game.apply`;
``reset(seed=s)`` plays ``Game(rules, seed=s, undo=False)`` (no undo points: nobody undoes a
move through an environment), and a bot with randomness gets a generator made
from ``s`` and its seat (:meth:`Bot.for_game`), so a seed replays the whole game. If the game
ends before the agent first acts (a turn cap of R14a reached by the bots), the observation's
mask is all 0 and the next step ends the episode with the return, whatever its action.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

import gymnasium
import numpy as np
from gymnasium import spaces

from ..engine.errors import IllegalActionError
from ..engine.game import Game
from ..engine.randomness import MAX_SEED, check_seed
from ..engine.rules import Rules
from ..play.bots import Bot, ThresholdBot
from ..play.specs import as_bot
from .encoding import encoding_for
from .table import RENDER_MODES, Screen, read_rules, returns

ENV_ID = "borsen_widget/Borsen-v0"


def register_env() -> None:
    """Register :data:`ENV_ID` with Gymnasium (once; importing :mod:`borsen_widget.envs` does
    it)."""
    if ENV_ID not in gymnasium.registry:
        gymnasium.register(id=ENV_ID, entry_point="borsen_widget.envs.gymnasium:BorsenEnv")


def bot_seed(game_seed: int, seat: int) -> int:
    """The seed of the bot at ``seat`` in the game of ``game_seed`` (one per seat)."""
    return (game_seed * 8 + seat + 1) % (MAX_SEED + 1)


class BorsenEnv(gymnasium.Env):
    """One agent at ``seat`` against ``opponents`` (see the module's text)."""

    metadata: ClassVar[dict] = {"render_modes": list(RENDER_MODES), "render_fps": 2}

    def __init__(
        self,
        opponents=None,
        rules: Rules | None = None,
        seat: int = 0,
        render_mode: str | None = None,
        language: str | None = None,
        illegal: str = "ignore",
    ):
        if illegal not in ("ignore", "raise"):
            raise ValueError(f"illegal must be 'ignore' or 'raise', not {illegal!r}")
        self.illegal = illegal
        listed = isinstance(opponents, Sequence) and not isinstance(opponents, str | bytes)
        if rules is None and listed:
            rules = Rules(players=len(opponents) + 1)
        self.rules = rules = read_rules(rules, None)
        n = rules.players
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < n:
            raise ValueError(f"seat must be a seat from 0 to {n - 1}, not {seat!r}")
        self.seat = seat
        if opponents is None:
            opponents = ThresholdBot(4)
        if not listed:
            opponents = [opponents] * (n - 1)
        if len(opponents) != n - 1:
            raise ValueError(
                f"{n} players need {n - 1} opponents (one bot for all, or one per other seat), "
                f"not {len(opponents)}"
            )
        others = iter(as_bot(bot) for bot in opponents)
        self.opponents: list[Bot | None] = [None if s == seat else next(others) for s in range(n)]
        self.encoding = encoding = encoding_for(rules)
        self.observation_space = spaces.Dict(
            {
                "observation": spaces.Box(0.0, 1.0, (encoding.size,), np.float32),
                "action_mask": spaces.Box(0, 1, (encoding.num_actions,), np.int8),
            }
        )
        self.action_space = spaces.Discrete(encoding.num_actions)
        self.render_mode = render_mode
        self.screen = Screen(render_mode, [f"player_{i}" for i in range(n)], language)
        self.game: Game | None = None
        self.game_seed: int | None = None
        self.bots: list[Bot | None] = []

    def reset(self, *, seed: int | None = None, options: dict | None = None):
        super().reset(seed=seed)
        if seed is None:
            seed = int(self.np_random.integers(0, 2**63 - 1))
        self.game_seed = seed = check_seed(seed)
        self.game = Game(self.rules, seed, undo=False)
        self.bots = [
            None if bot is None else bot.for_game(bot_seed(seed, s))
            for s, bot in enumerate(self.opponents)
        ]
        self.screen.reset()
        self._play_opponents()
        return self._observe()

    def step(self, action):
        game = self.game
        refused = None
        if not game.is_over:
            try:
                game.apply(self.encoding.action(action))
            except IllegalActionError as error:
                if self.illegal == "raise":
                    raise
                refused = str(error)
            else:
                self._play_opponents()
        over = game.is_over
        reward = returns(game)[self.seat] if over else 0.0
        if self.render_mode == "human":
            self.render()
        observation, info = self._observe()
        if refused is not None:
            info["illegal"] = refused
        return observation, reward, over, False, info

    def _play_opponents(self) -> None:
        game, bots = self.game, self.bots
        while not game.is_over and game.current_player != self.seat:
            game.apply(bots[game.current_player].choose(game))

    def _observe(self) -> tuple[dict, dict]:
        observation = self.encoding.observation_game(self.game, self.seat)
        info = {"action_mask": observation["action_mask"].copy(), "scores": self.game.scores}
        return observation, info

    def render(self):
        if self.render_mode is None:
            return None
        return self.screen.render(self.game)

    def close(self) -> None:
        self.screen.close()


__all__ = ["ENV_ID", "BorsenEnv", "bot_seed", "register_env"]
