"""Environment steps per second for each adapter of borsen_widget.envs, beside the engine's own
checked loop (issue 24: the adapters should cost little above the engine's checked API).

    .venv/bin/python benchmarks/env_speed.py            # about 25 seconds of CPU
    .venv/bin/python benchmarks/env_speed.py --seconds 1

Every loop plays whole games of the seed rules (three players, one deck) with random legal
actions, seeded, until ``--seconds`` of CPU time have passed, and counts the moves of the
players (a draw, a bank, an ace decision):

- **engine**: ``Game(rules, seed)``, ``game.legal_actions()`` and ``game.apply(action)``: the
  checked API (the baseline: every ratio is to this loop);
- **engine, no undo**: the same with ``Game(rules, seed, undo=False)``, the game the three
  adapters play (still checked; no undo point, a copy of the position, per move);
- **engine + observation**: that, and the shared encoder's observation and mask of the seat to
  act (``encoding_for(rules).observation_game(game, seat)``): what any adapter must add at
  least;
- **PettingZoo**: ``env.last()`` (observation and mask) and ``env.step(action)`` for the agent
  to act, through the order-enforcing wrappers of ``pettingzoo.env()`` (a new environment per
  game);
- **Gymnasium**: ``env.step(action)`` of ``gymnasium.make("borsen_widget/Borsen-v0")`` against
  two random opponents; each step also plays the bots' moves (checked, without an
  observation), counted as steps too;
- **OpenSpiel**: ``state.legal_actions()`` and ``state.apply_action`` (and the chance nodes'
  outcomes and their choice, which a draw needs; a draw and its deal count as one move), with
  ``state.observation_tensor()`` of the seat to act.

Prints steps per second and each loop's ratio to the engine's. Times are CPU seconds of this
process (time.process_time). Measured on the shared two-core machine on 1 December 2026, the
default ``--seconds 4``, each version run twice one after the other (steps/s, ratio):

    loop                        before (49596fd), twice       after, twice
    engine (checked API)        128k 1.00 | 128k 1.00         134k 1.00 | 136k 1.00
    engine, no undo             (no such row)                 295k 2.21 | 266k 1.95
    engine + observation        19.7k 0.15 | 19.4k 0.15       69.1k 0.52 | 66.7k 0.49
    PettingZoo (AEC, wrapped)   11.9k 0.09 | 12.2k 0.10       42.3k 0.32 | 42.1k 0.31
    Gymnasium (with 2 bots)     36.6k 0.29 | 38.6k 0.30       83.6k 0.63 | 85.4k 0.63
    OpenSpiel (python_borsen)   7.2k 0.06 | 6.9k 0.05         22.7k 0.17 | 25.5k 0.19

("before" made the observation from a ``PublicView`` through the first encoder, and its
PettingZoo and Gymnasium games kept undo points.)

Where the time goes (cProfile of these loops, timeit of the parts), per move: the checked move
is about 7.4 µs, 3.5 µs without its undo point. The observation and mask are about 11 µs
however they are made in Python: reading the position (``Game.position``, 1.5 µs), its cards as
bytes (1.5 µs), the tables' translations (1-2 µs), four NumPy calls (frombuffer, bincount,
add, take: about 3.5 µs, each call's fixed cost more than its work), the mask (1.5 µs). So an
adapter that gives an observation at every move cannot reach half the checked loop by much,
and PettingZoo cannot reach it at all: its AEC protocol (``agent_iter``, the wrappers' checks,
``last()``, the dicts of rewards) adds about 6 µs more; without the observation
(``last(observe=False)``) it runs at about 0.85. Gymnasium passes it because the bots' moves
need no observation. OpenSpiel adds its own cost for a Python game, measured with the
observation already made: ``observation_tensor`` about 10 µs (it makes a new initial state to
learn the tensor's shape, then copies 191 floats into a list), ``legal_actions`` about 6 µs
(1.1 µs of it ours), ``chance_outcomes`` a list of some 40 pairs through C++, each call into
the Python state about 1 µs. Without ``observation_tensor`` the loop runs at about 0.35 (21 µs
a move); 0.25 would leave about 8.5 µs a move for ``observation_tensor``, less than OpenSpiel's
own part of it even with an observation that cost nothing.
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
from borsen_widget.envs.encoding import encoding_for

RULES = Rules()


def timed(loop, seconds: float) -> float:
    """Steps per CPU second of ``loop(rng)`` (it plays one game and returns its steps)."""
    rng = random.Random(1)
    steps, start = 0, time.process_time()
    while time.process_time() - start < seconds:
        steps += loop(rng)
    return steps / (time.process_time() - start)


def engine(rng, undo: bool = True, observe: bool = False) -> int:
    game = Game(RULES, rng.getrandbits(32), undo=undo)
    encoding = encoding_for(RULES) if observe else None
    steps = 0
    while not game.is_over:
        if observe:
            encoding.observation_game(game, game.current_player)
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
        ("engine, no undo", lambda rng: engine(rng, undo=False)),
        ("engine + observation", lambda rng: engine(rng, undo=False, observe=True)),
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
