"""Random games through each adapter are the engine's games, step for step (issue 24): the same
events, the same scores, the returns of R15. Games short (a cap of 1–12 turns) and many, their
rules drawn from every option's declared values."""

from __future__ import annotations

import random

import numpy as np
import pyspiel
from env_variants import short_random_rules

from borsen_widget import Game, RandomBot, ThresholdBot
from borsen_widget.envs import pettingzoo as pz
from borsen_widget.envs.encoding import Encoding
from borsen_widget.envs.gymnasium import BorsenEnv, bot_seed
from borsen_widget.envs.openspiel import parameters_of
from borsen_widget.envs.table import returns

GAMES = 500


def test_pettingzoo_games_are_the_engines_step_for_step():
    rng = random.Random(2401)
    for _ in range(GAMES):
        rules = short_random_rules(rng)
        env = pz.raw_env(rules=rules)
        seed = rng.getrandbits(32)
        env.reset(seed=seed)
        engine = Game(rules, seed)
        rewards = dict.fromkeys(env.possible_agents, 0.0)
        while env.agents:
            agent = env.agent_selection
            if env.terminations[agent]:
                env.step(None)
                continue
            assert env.agent_name_mapping[agent] == engine.current_player
            action = int(rng.choice(np.flatnonzero(env.observe(agent)["action_mask"])))
            told = engine.log_length
            env.step(action)
            engine.apply(env.encoding.action(action))
            assert env.game.log[told:] == engine.log[told:]  # the same events
            for a, r in env.rewards.items():
                rewards[a] += r
        assert engine.is_over and env.game.scores == engine.scores
        assert [rewards[a] for a in env.possible_agents] == returns(engine)


def bots_play(engine, bots, seat):
    while not engine.is_over and engine.current_player != seat:
        engine.apply(bots[engine.current_player].choose(engine))


def test_gymnasium_games_are_the_engines_step_for_step():
    rng = random.Random(2402)
    for _ in range(GAMES):
        rules = short_random_rules(rng)
        n = rules.players
        opponents = [
            RandomBot() if k % 2 else ThresholdBot(rng.randint(1, 5)) for k in range(n - 1)
        ]
        seat = rng.randrange(n)
        env = BorsenEnv(opponents=opponents, rules=rules, seat=seat)
        seed = rng.getrandbits(32)
        _, info = env.reset(seed=seed)
        engine = Game(rules, seed)
        others = iter(opponents)
        bots = [None if s == seat else next(others).for_game(bot_seed(seed, s)) for s in range(n)]

        bots_play(engine, bots, seat)
        assert env.game.log == engine.log
        if env.game.is_over:  # the bots reached the cap (R14a): the next step tells the return
            assert not info["action_mask"].any()
            _, reward, done, _, info = env.step(0)
            assert done
        done = env.game.is_over
        while not done:
            action = int(rng.choice(np.flatnonzero(info["action_mask"])))
            _, reward, done, _, info = env.step(action)
            engine.apply(env.encoding.action(action))
            bots_play(engine, bots, seat)
            assert env.game.log == engine.log  # the same events, the bots' moves included
        assert engine.is_over and env.game.scores == engine.scores
        assert reward == returns(engine)[seat]


def test_openspiel_games_are_the_engines_step_for_step():
    """The engine plays a shuffled game; OpenSpiel's chance nodes deal the cards the engine
    drew (each among the outcomes, with a chance above 0) and its players make the same moves:
    the same events (the start aside: the engine draws lots, OpenSpiel is told the seat)."""
    rng = random.Random(2403)
    for _ in range(GAMES):
        rules = short_random_rules(rng, functions=False)
        engine = Game(rules, rng.getrandbits(32))
        moves = []
        while not engine.is_over:
            action = rng.choice(engine.legal_actions())
            moves.append((engine.current_player, action))
            engine.apply(action)
        cards = [e.cards[0].index for e in engine.log if e.kind == "draw"]
        encoding = Encoding(rules)
        state = pyspiel.load_game("python_borsen", parameters_of(rules)).new_initial_state()
        dealt = iter(cards)
        played = iter(moves)
        while not state.is_terminal():
            if state.is_chance_node():
                chances = dict(state.chance_outcomes())
                outcome = engine.log[0].player if state.chance == "lot" else next(dealt)
                assert chances[outcome] > 0
                state.apply_action(outcome)
            else:
                seat, action = next(played)
                assert state.current_player() == seat
                index = encoding.index(action)
                assert index in state.legal_actions()
                state.apply_action(index)
        assert next(played, None) is None and next(dealt, None) is None
        assert state.game.log[1:] == engine.log[1:]
        assert state.game.scores == engine.scores
        assert state.returns() == returns(engine)
