"""OpenSpiel's own checks on python_borsen (issue 24): its random simulation test with
serialisation, the observer consistency checks its Python games run (the Python observer
against the state's tensors and strings, pickling, clones), chance outcomes that are the
analysis's exact probabilities, and its MCTSBot and expectiminimax playing a small variant."""

from __future__ import annotations

import pickle
import random
from fractions import Fraction

import numpy as np
import pyspiel
import pytest
from env_variants import variants
from open_spiel.python.algorithms import mcts, minimax
from open_spiel.python.observation import make_observation

from borsen_widget import Rules
from borsen_widget.analysis import draw_outcomes
from borsen_widget.envs.openspiel import BorsenGame, parameters_of, rules_from

VARIANTS = variants(30, functions=False)


def load(rules: Rules):
    return pyspiel.load_game("python_borsen", parameters_of(rules))


def random_states(game, rng: random.Random, every: int = 1):
    """The states of one random game (chance by its probabilities), every ``every``-th."""
    state = game.new_initial_state()
    step = 0
    while True:
        if step % every == 0:
            yield state
        if state.is_terminal():
            return
        if state.is_chance_node():
            outcomes, probs = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(rng.choices(outcomes, probs)[0])
        else:
            state.apply_action(rng.choice(state.legal_actions()))
        step += 1


@pytest.mark.parametrize("name", VARIANTS)
def test_openspiels_random_sim_test_passes_with_serialisation(name):
    rules = VARIANTS[name].replace(max_turns=min(VARIANTS[name].max_turns, 8))
    pyspiel.random_sim_test(load(rules), num_sims=1, serialize=True, verbose=False)


@pytest.mark.parametrize("name", VARIANTS)
def test_the_parameters_give_the_rules_back(name):
    game = load(VARIANTS[name])
    assert rules_from(game.get_parameters()) == VARIANTS[name]
    assert pyspiel.load_game(str(game)).get_parameters() == game.get_parameters()


@pytest.mark.parametrize(
    "name", ["original", "R1 players=2", "R2 decks=2", "R3 first_player='suit'"]
)
def test_the_python_observer_agrees_with_the_states_tensors_and_strings(name):
    game = load(VARIANTS[name])
    observation = make_observation(game)
    information = make_observation(game, pyspiel.IIGObservationType(perfect_recall=True))
    for state in random_states(game, random.Random(3), every=5):
        for player in range(game.num_players()):
            observation.set_from(state, player)
            information.set_from(state, player)
            assert np.array_equal(observation.tensor, state.observation_tensor(player))
            assert np.array_equal(information.tensor, state.information_state_tensor(player))
            assert observation.string_from(state, player) == state.observation_string(player)
            assert information.string_from(state, player) == state.information_state_string(player)
            assert len(observation.tensor) == game.observation_tensor_size()


def test_pickling_serialising_and_cloning_keep_the_state():
    game = load(Rules(players=2))
    assert str(pickle.loads(pickle.dumps(game))) == str(game)
    for state in random_states(game, random.Random(8), every=7):
        text = pyspiel.serialize_game_and_state(game, state)
        again_game, again = pyspiel.deserialize_game_and_state(text)
        assert str(again_game) == str(game) and str(again) == str(state)
        assert str(pickle.loads(pickle.dumps(state))) == str(state)
        clone = state.clone()
        assert clone.history() == state.history()
        assert clone.observation_tensor(0) == state.observation_tensor(0)
        if not state.is_terminal():
            clone.apply_action(clone.legal_actions()[0])
            assert clone.history() != state.history()  # the clone is its own game


def test_chance_outcomes_are_the_analysiss_exact_probabilities():
    """RULES.md §4: each card's chance is its copies over the cards left, and the cards of
    each of draw_outcomes' kinds add up to that kind's probability."""
    game = load(Rules(players=3, rob_target="leader"))
    checked = 0
    for state in random_states(game, random.Random(4)):
        if not state.is_chance_node() or state.game is None:
            continue
        chances = dict(state.chance_outcomes())
        assert sum(chances.values()) == pytest.approx(1)
        for outcome in draw_outcomes(state.game):
            total = sum(chances[c.index] for c in outcome.cards)
            assert Fraction(total).limit_denominator(10_000) == outcome.probability
        checked += 1
    assert checked > 10


def test_the_lot_for_the_first_player_is_a_chance_node_over_the_seats():
    state = load(Rules(players=4)).new_initial_state()  # R3 "random"
    assert state.is_chance_node()
    assert state.chance_outcomes() == [(s, 0.25) for s in range(4)]
    state.apply_action(2)
    assert state.current_player() == 2


def test_returns_are_constant_sum_r15():
    game = load(Rules(players=3, max_turns=6))
    assert game.get_type().utility == pyspiel.GameType.Utility.CONSTANT_SUM
    assert game.utility_sum() == 1.0
    for seed in range(20):
        *_, last = random_states(game, random.Random(seed))
        returns = last.returns()
        assert sum(returns) == pytest.approx(1)
        winners = last.game.winners
        assert returns == [1 / len(winners) if s in winners else 0.0 for s in range(3)]


SMALL = Rules(players=2, first_player=0, max_turns=4)


def test_openspiels_mcts_bot_plays_a_small_variant():
    game = load(SMALL)
    rng = np.random.RandomState(1)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng)
    bots = [mcts.MCTSBot(game, 2, 20, evaluator, random_state=rng) for _ in range(2)]
    for _ in range(2):
        returns = pyspiel.evaluate_bots(game.new_initial_state(), bots, int(rng.randint(1000)))
        assert sum(returns) == pytest.approx(1)


def test_openspiels_expectiminimax_searches_a_small_variant():
    """Expectiminimax over the exact chance nodes: the value is a chance to win in [0, 1],
    and its best move is legal."""
    game = load(SMALL.replace(max_turns=2))
    state = game.new_initial_state()
    state.apply_action(0)  # draw: the first card
    state.apply_action(state.chance_outcomes()[-1][0])  # a king

    def value(s):
        return s.returns()[0] if s.is_terminal() else 0.5

    v, best = minimax.expectiminimax(state, 2, value, 0)
    assert 0 <= v <= 1
    assert best in state.legal_actions()


def test_house_rules_that_are_functions_are_no_parameters():
    with pytest.raises(ValueError, match=r"no parameter .accept_rule. \(house rules"):
        BorsenGame({"accept_rule": "x"})
