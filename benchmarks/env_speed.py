"""Environment steps per second for each adapter of borsen_widget.envs, beside the engine's own
checked loop (issue 24: the adapters should cost little above the engine's checked API).

    .venv/bin/python benchmarks/env_speed.py            # about 20 seconds of CPU
    .venv/bin/python benchmarks/env_speed.py --seconds 1

Every loop plays whole games of the seed rules (three players, one deck) with random legal
actions, seeded, until ``--seconds`` of CPU time have passed, and counts the moves of the
players (a draw, a bank, an ace decision):

- **engine**: ``Game(rules, seed)``, ``game.legal_actions()`` and ``game.apply(action)``: the
  checked API every adapter steps (the baseline);
- **engine + observation**: the same, and the shared encoder's observation of the seat to act
  (``Encoding.observation(PublicView(game), seat)``): what any adapter must add at least;
- **PettingZoo**: ``env.last()`` (observation and mask) and ``env.step(action)`` for the agent
  to act, through the order-enforcing wrappers of ``pettingzoo.env()``;
- **Gymnasium**: ``env.step(action)`` of ``gymnasium.make("borsen_widget/Borsen-v0")`` against
  two random opponents; each step also plays the bots' moves (checked, without an
  observation), counted as steps too;
- **OpenSpiel**: ``state.legal_actions()`` and ``state.apply_action`` (and the chance nodes'
  outcomes and their choice, which a draw needs; a draw and its deal count as one move), with
  ``state.observation_tensor()`` of the seat to act.

Prints steps per second and each loop's ratio to the engine's. Times are CPU seconds of this
process (time.process_time).
"""

from __future__ import annotations

import argparse
import random
import time

import gymnasium
import numpy as np
import pyspiel

from borsen_widget import Game, RandomBot, Rules

# Importing borsen_widget.envs registers the Gymnasium id; .openspiel registers python_borsen.
from borsen_widget.envs import ENV_ID, openspiel
from borsen_widget.envs import pettingzoo as pz
from borsen_widget.envs.encoding import Encoding
from borsen_widget.play.bots import PublicView

RULES = Rules()


def timed(loop, seconds: float) -> float:
    """Steps per CPU second of ``loop(rng)`` (it plays one game and returns its steps)."""
    rng = random.Random(1)
    steps, start = 0, time.process_time()
    while time.process_time() - start < seconds:
        steps += loop(rng)
    return steps / (time.process_time() - start)


def engine(rng, observe: bool = False) -> int:
    game = Game(RULES, rng.getrandbits(32))
    encoding = Encoding(RULES) if observe else None
    steps = 0
    while not game.is_over:
        if observe:
            encoding.observation(PublicView(game), game.current_player)
        game.apply(rng.choice(game.legal_actions()))
        steps += 1
    return steps


def petting(rng) -> int:
    env = pz.env(rules=RULES)
    env.reset(seed=rng.getrandbits(32))
    steps = 0
    for agent in env.agent_iter():
        observation, _, terminated, truncated, _ = env.last()
        if terminated or truncated:
            env.step(None)
            continue
        env.step(rng.choice(np.flatnonzero(observation["action_mask"]).tolist()))
        steps += 1
        del agent
    return steps


class CountingBot(RandomBot):
    """A RandomBot that counts its moves (the bots' moves are steps of the game too)."""

    moves = 0

    def choose(self, game):
        CountingBot.moves += 1
        return super().choose(game)

    def for_game(self, seed):
        return CountingBot(seed)


GYM = None


def gym(rng) -> int:
    global GYM
    if GYM is None:
        GYM = gymnasium.make(ENV_ID, rules=RULES, opponents=CountingBot())
    CountingBot.moves = 0
    _, info = GYM.reset(seed=rng.getrandbits(32))
    done, steps = False, 0
    while not done:
        action = rng.choice(np.flatnonzero(info["action_mask"]).tolist())
        _, _, done, _, info = GYM.step(action)
        steps += 1
    return steps + CountingBot.moves


SPIEL = None


def spiel(rng) -> int:
    global SPIEL
    if SPIEL is None:
        SPIEL = pyspiel.load_game(openspiel.SHORT_NAME, {"first_player": "seat0"})
    state = SPIEL.new_initial_state()
    steps = 0
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes, probs = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(rng.choices(outcomes, probs)[0])
            continue
        state.observation_tensor(state.current_player())
        state.apply_action(rng.choice(state.legal_actions()))
        steps += 1
    return steps


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--seconds", type=float, default=4.0, help="CPU seconds per loop")
    seconds = parser.parse_args().seconds
    loops = [
        ("engine (checked API)", engine),
        ("engine + observation", lambda rng: engine(rng, observe=True)),
        ("PettingZoo (AEC, wrapped)", petting),
        ("Gymnasium (with 2 bots)", gym),
        ("OpenSpiel (python_borsen)", spiel),
    ]
    base = None
    print(f"{'loop':28} {'steps/s':>10} {'vs engine':>10}")
    for name, loop in loops:
        rate = timed(loop, seconds)
        base = base or rate
        print(f"{name:28} {rate:10,.0f} {rate / base:10.2f}")


if __name__ == "__main__":
    main()
