"""PettingZoo's own conformance suites on borsen_widget.envs.pettingzoo (issue 24): api_test and
seed_test over the seed rules and variants drawn from the options' declaration.

max_cycles_test does not apply: it needs a parallel environment and max_cycles, which a
turn-based card game has not (as PettingZoo's own classic games)."""

from __future__ import annotations

import warnings

import numpy as np
import pytest
from env_variants import variants
from pettingzoo.test import api_test, seed_test

from borsen_widget import IllegalActionError, Rules
from borsen_widget.envs import pettingzoo as pz

VARIANTS = variants(30)


@pytest.mark.parametrize("name", VARIANTS)
def test_pettingzoos_api_test_passes(name):
    with warnings.catch_warnings():
        # Its advice for simple observations: a classic game's is a dict with the mask.
        warnings.filterwarnings("ignore", "Observation", UserWarning)
        api_test(pz.env(rules=VARIANTS[name]), num_cycles=300)


@pytest.mark.parametrize("name", ["original", "R1 players=2", "R2 decks=2"])
def test_pettingzoos_seed_test_passes(name):
    seed_test(lambda: pz.env(rules=VARIANTS[name]), num_cycles=40)


def test_seats_sets_the_players_and_the_spaces_follow_the_structural_options():
    env = pz.env(seats=5)
    env.reset(seed=1)
    assert env.possible_agents == [f"player_{i}" for i in range(5)]
    # R2: two decks give three counts per ace suit (0, 1, 2): 2 + 3**4 actions.
    two = pz.env(rules=Rules(players=2, decks=2))
    assert two.action_space("player_0").n == 2 + 3**4
    assert env.action_space("player_0").n == 2 + 2**4
    assert env.observation_space("player_0")["observation"].shape == (170 + 7 * 5,)
    with pytest.raises(ValueError, match="seats=4 but the rules are for 2 players"):
        pz.env(rules=Rules(players=2, decks=2), seats=4)


def test_an_illegal_action_raises_and_changes_nothing():
    env = pz.raw_env(rules=Rules(first_player=0))
    env.reset(seed=3)
    before = env.game.position
    with pytest.raises(IllegalActionError, match="cannot bank"):
        env.step(1)  # R4: an empty pile cannot be banked
    assert env.game.position == before


def test_the_mask_is_the_engines_legal_actions_and_only_for_the_agent_to_act():
    env = pz.raw_env()
    env.reset(seed=9)
    rng = np.random.default_rng(0)
    for _ in range(200):
        agent = env.agent_selection
        if env.terminations[agent]:
            env.step(None)
            if not env.agents:
                break
            continue
        legal = {env.encoding.index(a) for a in env.game.legal_actions()}
        for other in env.agents:
            mask = env.observe(other)["action_mask"]
            expected = legal if other == agent else set()
            assert set(np.flatnonzero(mask)) == expected
        env.step(int(rng.choice(sorted(legal))))


def test_ansi_rendering_tells_the_new_events_in_the_readers_language():
    env = pz.raw_env(rules=Rules(first_player=0), render_mode="ansi", language="nb")
    env.reset(seed=5)
    env.step(0)
    text = env.render()
    assert "player_0" in text and "trakk" in text  # the narration's bokmål
    assert env.render().count("\n") == 0  # nothing new since: the summary line only


def test_human_rendering_shows_the_game_widget_of_the_env_and_keeps_it_up_to_date():
    env = pz.raw_env(rules=Rules(first_player=0), render_mode="human")
    env.reset(seed=5)
    env.render()
    widget = env.screen.widget
    assert widget.game is env.game and widget.names == tuple(env.possible_agents)
    version = widget.version
    env.step(0)  # a step in human mode shows itself
    assert env.screen.widget is widget and widget.version > version
    env.reset(seed=6)
    env.render()
    assert env.screen.widget is not widget and env.screen.widget.game is env.game
    env.close()
