"""The fast paths of the environments give exactly what the slow ones gave (issue 24: the
adapters cost little above the engine, with the same results):

- the encoder's one-pass observation (``Encoding.observe_game``, and ``observe`` of a
  PublicView) equals the entry-by-entry reference (tests/envs/reference_encoding.py) bit for
  bit, and the masks the reference mask, on random games of every option, one to four decks,
  two to eight players;
- OpenSpiel states that share a game until one moves (clones, new initial states) stay
  independent: moving a clone never changes the state it was cloned from;
- the short cuts of PettingZoo's wrappers keep their checks before ``reset()``."""

from __future__ import annotations

import random

import numpy as np
import pyspiel
import pytest
from env_variants import short_random_rules
from reference_encoding import reference_mask, reference_observe

from borsen_widget import Game
from borsen_widget.envs import pettingzoo as pz
from borsen_widget.envs.encoding import Encoding, encoding_for
from borsen_widget.envs.openspiel import DealtGame, parameters_of
from borsen_widget.play.bots import PublicView


def random_rules(rng: random.Random, wide: bool):
    rules = short_random_rules(rng).replace(max_turns=rng.randint(1, 30))
    if wide:  # the structural options beyond short_random_rules' two decks and four players
        rules = rules.replace(decks=rng.randint(1, 4), players=rng.randint(2, 8))
    return rules


@pytest.mark.parametrize("wide", [False, True])
def test_the_fast_observation_and_mask_equal_the_reference_bit_for_bit(wide):
    rng = random.Random(24 + wide)
    compared = 0
    decks = set()
    for _ in range(20 if wide else 30):
        rules = random_rules(rng, wide)
        decks.add(rules.decks)
        encoding = Encoding(rules)
        game = Game(rules, rng.getrandbits(32))
        while True:
            view = PublicView(game)
            for seat in range(rules.players):
                reference = reference_observe(encoding, view, seat)
                fast = encoding.observe_game(game, seat)
                assert fast.dtype == np.float32 and fast.shape == reference.shape
                assert fast.tobytes() == reference.tobytes(), (
                    rules,
                    seat,
                    describe_gap(fast, reference),
                )
                assert encoding.observe(view, seat).tobytes() == reference.tobytes()
                mask = reference_mask(encoding, view, seat)
                assert np.array_equal(encoding.mask_game(game, seat), mask)
                assert np.array_equal(encoding.mask(view, seat), mask)
                compared += 1
            if game.is_over:
                break
            game.apply(rng.choice(game.legal_actions()))
    assert compared > 1000
    assert wide == (decks >= {1, 2, 3, 4})  # the wide draw reaches three and four decks


def describe_gap(fast, reference) -> str:
    where = np.flatnonzero(fast != reference)
    return f"entries {where.tolist()}: {fast[where].tolist()} != {reference[where].tolist()}"


def test_masks_and_legal_indices_are_new_each_time():
    """The encoder remembers masks and legal indices per tuple of actions; what it hands out
    is a copy, so a caller that changes one changes nothing for the next."""
    game = Game(seed=3)
    encoding = encoding_for(game.rules)
    assert encoding_for(game.rules) is encoding
    first = encoding.mask_game(game)
    first[:] = 0
    assert encoding.mask_game(game).sum() == 1  # draw only: the pile is empty (R4)
    legal = encoding.legal(game.legal_actions())
    legal.append(99)
    assert encoding.legal(game.legal_actions()) == [0]


def test_openspiel_states_sharing_a_game_stay_independent():
    """Clones share their game until one moves (DealtGame.holders): after random moves of
    clones of clones, every state still shows exactly what it showed before, and moving
    each along its own path gives the same state as replaying its history afresh."""
    rng = random.Random(6)
    rules = short_random_rules(rng, functions=False).replace(max_turns=8, first_player=1)
    game = pyspiel.load_game("python_borsen", parameters_of(rules))

    def step(state):
        if state.is_chance_node():
            outcomes, probs = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(rng.choices(outcomes, probs)[0])
        else:
            state.apply_action(rng.choice(state.legal_actions()))

    def seen(state):
        return str(state), [state.observation_tensor(p) for p in range(rules.players)]

    states = [game.new_initial_state(), game.new_initial_state()]
    assert isinstance(states[0].game, DealtGame) and states[0].game is states[1].game
    for _ in range(60):
        before = [seen(s) for s in states]
        chosen = rng.choice(states)
        clone = chosen.clone()
        assert clone.game is chosen.game  # shared, not copied
        for _ in range(rng.randint(1, 4)):
            if not clone.is_terminal():
                step(clone)
        assert [seen(s) for s in states] == before
        states.append(clone)
        mover = rng.choice(states)
        if not mover.is_terminal():
            step(mover)
    for state in states:
        replay = game.new_initial_state()
        for action in state.history():
            replay.apply_action(action)
        assert seen(replay) == seen(state)
        assert replay.game == state.game  # the engine's games are equal, not just shown so


def test_the_wrappers_short_cuts_keep_pettingzoos_checks_before_reset():
    env = pz.env()
    for name in ("agents", "agent_selection"):
        with pytest.raises(AttributeError, match="before reset"):
            getattr(env, name)
    with pytest.raises(AttributeError, match="before reset"):
        env.last()
    env.reset(seed=2)
    assert env.agent_selection == env.unwrapped.agent_selection
    observation, reward, terminated, truncated, _ = env.last()
    assert reward == 0 and not terminated and not truncated
    assert np.array_equal(
        observation["observation"], env.observe(env.agent_selection)["observation"]
    )
    with pytest.raises(AssertionError, match="not in action space"):
        env.step(env.action_space(env.agent_selection).n)
