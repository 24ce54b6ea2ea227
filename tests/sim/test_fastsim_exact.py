"""The fast simulator plays *the same games* as the engine: not only in distribution, exactly.

Each game is first played on the engine (:class:`Game` with its log, the same bots), and its
chance is written down from the log: the order in which the cards were drawn (after every
reshuffle that listing caused, R11), the first player drawn by lot (R3), RandomBot's coin after
each draw and its ace decisions. The fast path then plays the same games from that script
(:class:`borsen_widget.sim.fastsim.Script`) and must give, game by game, the same scores (R15),
turns and end (R14, R14a), robberies and loot (R9) and listed aces (R11) — for every rule option
of RULES.md §2 (R1–R14a), rare paths included (ties for "leader", R13 with four decks), a house
rule for R5, and every built-in bot. ThresholdBot, ProbabilityBot and ExpectedValueBot decide
by themselves on both paths.
"""

from __future__ import annotations

import numpy as np
import pytest
from same_games import assert_same_games, engine_games, script_of
from variants import BOT_SETS, FAST_VARIANTS, MIX

from borsen_widget import RandomBot, Rules, ThresholdBot
from borsen_widget.play.bots import ExpectedValueBot
from borsen_widget.sim.fastsim import play_batch


def same_suit_or_higher(card, below):
    """A house rule for R5 (the fast path reads it from Rules.verdicts like the original)."""
    return card.is_ace or below.is_ace or card.suit == below.suit or card.rank >= below.rank


# Every declared fast value of every option (variants.FAST_VARIANTS, made from the
# declarations), and rare paths.
EXACT_VARIANTS = {
    **FAST_VARIANTS,
    "R9 leader, ties, 3 players": {"rob_target": "leader", "ace_shares": {"S": 1, "H": 1}},
    "R13 four decks, limit 1": {"decks": 4, "max_bank_aces": 1, "players": 3},
    "R5 house rule, same suit": {"accept_rule": same_suit_or_higher},
    "R5 house rule, strict, pile loot": {
        "accept_rule": lambda card, below: card.rank > below.rank,
        "loot_to": "pile",
    },
}


@pytest.mark.parametrize("name", list(EXACT_VARIANTS))
def test_every_rule_option_plays_the_same_games(name):
    """R1–R14a: the same deck orders and choices give identical games on both paths."""
    rules = Rules(**EXACT_VARIANTS[name])
    bots = [MIX[i % len(MIX)] for i in range(rules.players)]
    assert_same_games(rules, bots)


@pytest.mark.parametrize("name", list(BOT_SETS))
def test_every_builtin_strategy_plays_the_same_games(name):
    """Each built-in strategy's decisions (R4, R8, R11) are the same on both paths."""
    assert_same_games(Rules(), BOT_SETS[name], seed=5)


@pytest.mark.parametrize(
    "mutation",
    [
        {"equal_accepted": False},
        {"rob_target": "next"},
        {"max_bank_aces": 1},
        {"ace_shares": {"D": "1/2"}},
        {"loot_to": "pile"},
        {"bank_ends_turn": False},
        {"max_turns": 30},
    ],
    ids=lambda m: ",".join(m),
)
def test_the_exact_test_has_teeth(mutation):
    """A fast path that read one option wrongly is caught: the engine's games under the
    original rules, replayed by the fast path under a changed one, differ game by game (or
    the script no longer fits them at all)."""
    bots = [ThresholdBot(4), RandomBot(), ExpectedValueBot()]
    played = engine_games(Rules(), bots, 3, 60)
    script = script_of(played, 3)
    try:
        out = play_batch(
            Rules(**mutation), bots, np.arange(60) % 3, np.random.default_rng(0), script=script
        )
    except ValueError as error:  # a card or an ace decision the misread games never had
        assert "does not hold" in str(error) or "no ace decision" in str(error)
        return
    differ = sum(
        (tuple(int(x) for x in out["scores"][g]), int(out["turns"][g]))
        != (tuple(game.scores), game.turns)
        for g, (game, _) in enumerate(played)
    )
    assert differ > 0
