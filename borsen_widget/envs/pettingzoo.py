"""Børsen as a PettingZoo AEC environment (agents take turns; the engine says whose turn).

``env(rules=Rules(...), seats=3, render_mode="ansi")`` gives the environment wrapped as
PettingZoo's classic games are (order enforced, actions checked against the space);
``raw_env`` is the bare class. Agents are ``player_0`` … ``player_{n-1}``, one per seat (R1).
Each agent's observation is ``{"observation": float32 vector, "action_mask": int8 vector}``
from :class:`~borsen_widget.envs.encoding.Encoding` (public information only; the mask is all
0 except for the agent to act); the action space is the encoder's ``Discrete`` table (draw,
bank, and the ace decisions of R11–R12). An illegal action raises
:class:`~borsen_widget.IllegalActionError` and changes nothing (follow the mask).

Rewards come at the end only (:func:`~borsen_widget.envs.table.returns`, R15): 1 for a win,
split equally in a shared win, 0 for a loss. Every agent is then terminated. There is no
truncation: every game ends (R13, and the turn cap of R14a makes it certain).

``reset(seed=s)`` plays ``Game(rules, seed=s, undo=False)``: the same seed and the same actions
give the engine's game exactly (its log too; it keeps no undo points, since nobody undoes a move
through an environment); a ``reset()`` without a seed takes the next seed from a generator
seeded by the last seed given. Every step goes through the engine's checked :meth:`Game.apply`:
no rule is written here. Observations are made only when asked for (``observe``, ``last()``).
"""

from __future__ import annotations

import random
from typing import ClassVar

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers

from ..engine.game import Game
from ..engine.randomness import check_seed
from ..engine.rules import Rules
from ..play.bots import PublicView
from .encoding import encoding_for
from .table import RENDER_MODES, Screen, read_rules, returns


def env(**kwargs) -> AECEnv:
    """The environment as PettingZoo's classic games are wrapped (see :class:`raw_env`):
    order enforced, actions checked against the space (PettingZoo's wrappers, with the short
    cuts of :class:`OrderEnforcing` and :class:`AssertOutOfBounds`)."""
    return OrderEnforcing(AssertOutOfBounds(raw_env(**kwargs)))


def _before_reset(name: str) -> AttributeError:
    return AttributeError(f"{name} cannot be accessed before reset")


class OrderEnforcing(wrappers.OrderEnforcingWrapper):
    """PettingZoo's order-enforcing wrapper with the same checks, whose hot readings go
    straight to the bare environment: ``last()`` and the attributes that ``agent_iter()`` and
    ``step()`` read each move (PettingZoo reaches them through two ``__getattr__`` calls per
    wrapper: most of an adapter's cost over the engine). Before ``reset()`` they raise the
    same ``AttributeError`` as PettingZoo's."""

    def __init__(self, env: AECEnv):
        self.ready = False
        self.raw = env.unwrapped
        super().__init__(env)

    def reset(self, seed: int | None = None, options: dict | None = None) -> None:
        super().reset(seed=seed, options=options)
        self.ready = True

    def last(self, observe: bool = True):
        if not self.ready:
            raise _before_reset("agent_selection")
        return self.raw.last(observe)

    @property
    def agents(self) -> list:
        if not self.ready:
            raise _before_reset("agents")
        return self.raw.agents

    @property
    def agent_selection(self):
        if not self.ready:
            raise _before_reset("agent_selection")
        return self.raw.agent_selection


class AssertOutOfBounds(wrappers.AssertOutOfBoundsWrapper):
    """PettingZoo's check that an action is in the action space, answering a plain ``int``
    at once (what ``Discrete.contains`` says of it) and anything else as PettingZoo does."""

    def __init__(self, env: AECEnv):
        super().__init__(env)
        self.actions = env.encoding.num_actions

    def step(self, action) -> None:
        if type(action) is int and 0 <= action < self.actions:
            self.env.step(action)
        else:
            super().step(action)


class raw_env(AECEnv):  # PettingZoo's name for the bare class
    """Børsen for ``rules.players`` agents (``seats`` sets the number alone)."""

    metadata: ClassVar[dict] = {
        "name": "borsen_v0",
        "render_modes": list(RENDER_MODES),
        "is_parallelizable": False,
        "render_fps": 2,
    }

    def __init__(
        self,
        rules: Rules | None = None,
        seats: int | None = None,
        render_mode: str | None = None,
        language: str | None = None,
    ):
        super().__init__()
        self.rules = read_rules(rules, seats)
        self.encoding = encoding = encoding_for(self.rules)
        n = self.rules.players
        self.possible_agents = [f"player_{i}" for i in range(n)]
        self.agent_name_mapping = {agent: i for i, agent in enumerate(self.possible_agents)}
        observation = spaces.Dict(
            {
                "observation": spaces.Box(0.0, 1.0, (encoding.size,), np.float32),
                "action_mask": spaces.Box(0, 1, (encoding.num_actions,), np.int8),
            }
        )
        self.observation_spaces = dict.fromkeys(self.possible_agents, observation)
        self.action_spaces = {
            agent: spaces.Discrete(encoding.num_actions) for agent in self.possible_agents
        }
        self.render_mode = render_mode
        self.screen = Screen(render_mode, self.possible_agents, language)
        self.game: Game | None = None
        self.game_seed: int | None = None
        self._seeds: random.Random | None = None
        self._view: PublicView | None = None

    def observation_space(self, agent):
        return self.observation_spaces[agent]

    def action_space(self, agent):
        return self.action_spaces[agent]

    # ------------------------------------------------------------------ the game

    def reset(self, seed: int | None = None, options: dict | None = None) -> None:
        if seed is not None:
            seed = check_seed(seed)
            self._seeds = random.Random(seed)
        elif self._seeds is None:
            self._seeds = random.Random()
            seed = self._seeds.getrandbits(63)
        else:
            seed = self._seeds.getrandbits(63)
        self.game_seed = seed
        self.game = Game(self.rules, seed, undo=False)
        self._view = None
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos = {agent: {} for agent in self.agents}
        self.agent_selection = self.agents[self.game.current_player]
        self.screen.reset()

    def view(self) -> PublicView:
        """The public view of the game now (made once per step)."""
        if self._view is None:
            self._view = PublicView(self.game)
        return self._view

    def observe(self, agent):
        """``agent``'s observation of the game now, made when asked for (the encoder's one
        pass over the game, :meth:`Encoding.observation_game`), new arrays each time."""
        return self.encoding.observation_game(self.game, self.agent_name_mapping[agent])

    def step(self, action) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._finished_step(action)
            return
        game = self.game
        game.apply(self.encoding.action(action))
        self._view = None
        self._cumulative_rewards[agent] = 0.0
        if game.is_over:
            final = returns(game)
            self.rewards = {a: final[self.agent_name_mapping[a]] for a in self.agents}
            self.terminations = dict.fromkeys(self.agents, True)
            seat = (self.agent_name_mapping[agent] + 1) % len(self.possible_agents)
            self.agent_selection = self.possible_agents[seat]
            for a, reward in self.rewards.items():
                self._cumulative_rewards[a] += reward
        else:
            # Every reward is still 0 (they are given at the end only): nothing to add.
            self.agent_selection = self.possible_agents[game.current_player]
        if self.render_mode == "human":
            self.render()

    def _finished_step(self, action) -> None:
        """A finished agent's step: ``None`` removes it, and the next finished one comes up
        (the game ends for all at once)."""
        if action is not None:
            raise ValueError("the game is over for this agent: its only action is None")
        agent = self.agent_selection
        for table in (
            self.terminations,
            self.truncations,
            self.rewards,
            self._cumulative_rewards,
            self.infos,
        ):
            del table[agent]
        self.agents.remove(agent)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        if self.agents:
            self.agent_selection = self.agents[0]

    def render(self):
        if self.render_mode is None:
            return None
        return self.screen.render(self.game)

    def close(self) -> None:
        self.screen.close()


__all__ = ["AssertOutOfBounds", "OrderEnforcing", "env", "raw_env"]
