"""Gymnasium's own checker on borsen_widget/Borsen-v0 (issue 24), over the seed rules and
variants drawn from the options' declaration; reproducible under reset(seed=...)."""

from __future__ import annotations

import warnings

import gymnasium
import numpy as np
import pytest
from env_variants import variants
from gymnasium.utils.env_checker import check_env

import borsen_widget.envs  # registers the id
from borsen_widget import IllegalActionError, RandomBot, Rules, ThresholdBot
from borsen_widget.envs.gymnasium import ENV_ID, BorsenEnv

VARIANTS = variants(30)


@pytest.mark.parametrize("name", VARIANTS)
def test_gymnasiums_check_env_passes(name):
    env = gymnasium.make(ENV_ID, rules=VARIANTS[name], opponents=RandomBot())
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # the checker's warnings are failures here
        # ...except its note that a human render in a script has nowhere to show.
        warnings.filterwarnings("ignore", "Human rendering", UserWarning)
        check_env(env.unwrapped, skip_render_check=name != "original")
    env.close()


def test_the_module_path_form_needs_no_import_first():
    env = gymnasium.make("borsen_widget.envs:borsen_widget/Borsen-v0")
    assert isinstance(env.unwrapped, BorsenEnv)
    assert borsen_widget.envs.ENV_ID == ENV_ID


def test_a_seed_replays_the_whole_game_bots_with_randomness_included():
    def play(seed):
        env = gymnasium.make(ENV_ID, opponents=[RandomBot(), ThresholdBot(3)])
        obs, info = env.reset(seed=seed)
        rng = np.random.default_rng(7)
        trace = [obs["observation"]]
        done = False
        while not done:
            action = int(rng.choice(np.flatnonzero(info["action_mask"])))
            obs, reward, done, _, info = env.step(action)
            trace.append(obs["observation"])
        return np.array(trace), reward, env.unwrapped.game.log

    a, b, c = play(11), play(11), play(12)
    assert np.array_equal(a[0], b[0]) and a[1] == b[1] and a[2] == b[2]
    assert a[2] != c[2]


def test_opponents_set_the_players_and_the_agents_seat_is_kept():
    env = BorsenEnv(opponents=["threshold:2", lambda view: "bank" if view.pile_size else "draw"])
    assert env.rules.players == 3
    for seed in range(5):
        env.reset(seed=seed)
        assert env.game.current_player == 0 or env.game.is_over
    with pytest.raises(ValueError, match="4 players need 3 opponents"):
        BorsenEnv(opponents=[ThresholdBot()], rules=Rules(players=4))
    with pytest.raises(ValueError, match="seat must be a seat from 0 to 2"):
        BorsenEnv(seat=3)


def test_an_illegal_action_changes_nothing_or_raises_when_asked():
    env = BorsenEnv(rules=Rules(first_player=0))
    obs, _ = env.reset(seed=2)
    before = env.game.position
    again, reward, done, truncated, info = env.step(1)  # R4: nothing to bank
    assert "cannot bank" in info["illegal"] and reward == 0 and not done and not truncated
    assert env.game.position == before
    assert np.array_equal(again["observation"], obs["observation"])
    strict = BorsenEnv(rules=Rules(first_player=0), illegal="raise")
    strict.reset(seed=2)
    with pytest.raises(IllegalActionError):
        strict.step(1)


def test_the_reward_is_the_agents_share_of_the_win():
    env = BorsenEnv(opponents=ThresholdBot(4), rules=Rules(players=2))
    for seed in range(20):
        _, info = env.reset(seed=seed)
        done = False
        while not done:
            _, reward, done, _, info = env.step(int(np.flatnonzero(info["action_mask"])[0]))
        winners = env.game.winners
        assert reward == (1 / len(winners) if 0 in winners else 0.0)  # R15
