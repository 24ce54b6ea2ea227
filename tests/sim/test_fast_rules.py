"""Issue 32: the fast simulator plays strategy rules (RuleBot) card for card as the engine does.

The same method as ``test_fastsim_exact.py`` (tests/sim/same_games.py): each game is played on
the engine first, its chance (the cards in the order drawn, after every reshuffle that listing
caused, R11; the first player, R3) is read from the log, and the fast path replays it from that
script; scores (R15), turns (R14, R14a), robberies and loot (R9) and listed aces (R11, R12) must
agree game by game.
The rules' conditions (R4, R5, R8, R15) and the ace choices (keep, list, list_when_ahead) are
decided by the rule itself on both paths; hypothesis draws the rules, the opponents and the rule
options the fast path supports.
"""

from __future__ import annotations

import numpy as np
import pytest
from helpers import examples
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from same_games import assert_same_games, engine_games, script_of

from borsen_widget import RandomBot, Rules, ThresholdBot
from borsen_widget.play.bots import ExpectedValueBot, ProbabilityBot
from borsen_widget.play.strategy_rules import RuleBot, StrategyRule
from borsen_widget.sim.fastsim import fast_unsupported, play_batch


def rule(bank_when, aces="keep", name="r"):
    return StrategyRule.from_dict({"name": name, "bank_when": bank_when, "aces": aces})


def pile(k):
    return {"kind": "pile_at_least", "cards": k}


def chance(x):
    return {"kind": "chance_below", "percent": x}


AHEAD = {"kind": "ahead_after_bank"}


def near(n):
    return {"kind": "near_leader_after_bank", "cards": n}


CONDITIONS = st.one_of(
    st.integers(1, 8).map(pile),
    st.integers(1, 99).map(chance),
    st.just(AHEAD),
    st.integers(0, 12).map(near),
)
GROUPS = st.lists(st.lists(CONDITIONS, min_size=1, max_size=3), min_size=1, max_size=3).filter(
    lambda groups: sum(map(len, groups)) <= 4
)
RULES = st.builds(rule, GROUPS, st.sampled_from(["keep", "list", "list_when_ahead"]))
BUILT_IN = st.sampled_from(
    [ThresholdBot(2), ThresholdBot(5), ProbabilityBot(0.5), ExpectedValueBot(), RandomBot()]
)
OPPONENTS = st.one_of(RULES.map(RuleBot), BUILT_IN)
#: Rule options the fast path plays, the ace decisions left to the players (where the rule's
#: ``aces`` choice matters) in most draws.
OPTIONS = st.fixed_dictionaries(
    {},
    optional={
        "max_bank_aces": st.sampled_from([0, 1, 2, None]),
        "loot_to": st.sampled_from(["bank", "pile"]),
        "rob_target": st.sampled_from(["previous", "next", "leader"]),
        "bank_ends_turn": st.booleans(),
        "equal_accepted": st.booleans(),
        "auto_aces": st.sampled_from([None, "keep", "list"]),
        "decks": st.sampled_from([1, 2]),
        "max_turns": st.sampled_from([25, 10_000]),
        "first_player": st.sampled_from(["random", "suit", 0, 1]),
        "ace_shares": st.sampled_from([{"S": 1, "H": 1}, {"D": "1/2"}]),
    },
)


def test_rule_bots_are_played_on_the_fast_path():
    bots = [RuleBot(rule([[pile(3)]])), ThresholdBot(4)]
    assert fast_unsupported(Rules(players=2), bots) is None

    class Mine(RuleBot):
        pass

    why = fast_unsupported(Rules(players=2), [Mine(rule([[pile(3)]])), ThresholdBot(4)])
    assert "not a built-in strategy or a strategy rule" in why


@pytest.mark.parametrize(
    "bank_when",
    [
        [[pile(4)]],  # R4/R8: the pile's size, as ThresholdBot(4)
        [[chance(50)]],  # R5: the chance, compared in whole numbers
        [[AHEAD]],  # R15: ahead of every other bank
        [[near(2), pile(2)]],
        [[chance(35), pile(2)], [AHEAD], [pile(9)]],
    ],
)
@pytest.mark.parametrize("aces", ["keep", "list", "list_when_ahead"])
def test_each_condition_and_ace_choice_plays_the_same_games(bank_when, aces):
    """R4, R5, R8, R11, R12, R15: three players, aces left to the players, a limit of one ace
    so that R12 forces decisions too."""
    bots = [RuleBot(rule(bank_when, aces)), ThresholdBot(3), RuleBot(rule([[chance(60)]]))]
    assert_same_games(Rules(auto_aces=None, max_bank_aces=1), bots, seed=7, games=40)


def test_a_rule_like_threshold_bot_plays_as_threshold_bot():
    """``pile_at_least 4`` is ThresholdBot(4): the same script, the same games on the fast
    path whichever of the two sits there."""
    played = engine_games(Rules(players=2), [ThresholdBot(4), ThresholdBot(2)], 1, 50)
    script = script_of(played, 2)
    rot = np.arange(50) % 2
    a = play_batch(
        Rules(players=2), [ThresholdBot(4), ThresholdBot(2)], rot, np.random.default_rng(0), script
    )
    bots = [RuleBot(rule([[pile(4)]])), ThresholdBot(2)]
    b = play_batch(Rules(players=2), bots, rot, np.random.default_rng(0), script)
    assert (a["scores"] == b["scores"]).all() and (a["turns"] == b["turns"]).all()


def test_the_exact_test_sees_a_wrong_ace_choice():
    """Teeth: the engine's games of a rule that lists its aces, replayed with a rule that
    keeps them, differ (or no longer fit the script)."""
    rules = Rules(auto_aces=None, players=2)
    listing = [RuleBot(rule([[pile(3)]], "list")), ThresholdBot(3)]
    played = engine_games(rules, listing, 2, 40)
    script = script_of(played, 2)
    keeping = [RuleBot(rule([[pile(3)]], "keep")), ThresholdBot(3)]
    try:
        out = play_batch(rules, keeping, np.arange(40) % 2, np.random.default_rng(0), script)
    except ValueError as error:
        assert "does not hold" in str(error)
        return
    assert any(tuple(out["scores"][g]) != tuple(game.scores) for g, (game, _) in enumerate(played))


@settings(
    max_examples=examples(25),
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
@given(
    mine=RULES,
    others=st.lists(OPPONENTS, min_size=1, max_size=3),
    options=OPTIONS,
    seed=st.integers(0, 1000),
)
def test_random_rules_play_the_same_games_on_both_paths(mine, others, options, seed):
    """Property (issue 32): random rules against built-in bots and other random rules, under
    random rule options the fast path plays, give the same games card for card."""
    bots = [RuleBot(mine), *others]
    rules = Rules(players=len(bots), **options)
    assert fast_unsupported(rules, bots) is None
    assert_same_games(rules, bots, seed=seed, games=8)
