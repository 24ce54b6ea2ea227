"""The chance of winning the game, estimated by playing on (borsen_widget.play.rollouts),
checked against every deck order of a small endgame; and the one Wilson interval."""

from __future__ import annotations

import itertools
import json
import math

import pytest
from helpers import position

from borsen_widget import Card, Game, RandomBot, ThresholdBot, analysis, play, win_chance
from borsen_widget.play.rollouts import Estimate, wilson_interval


def every_order(game: Game):
    """Every distinct order of the game's deck, and the game set up with each (drawn first,
    first)."""
    deck = sorted(card for card, k in game.deck_counts().items() for _ in range(k))
    for order in set(itertools.permutations(deck)):
        yield Game.from_position(
            game.rules,
            deck=list(order),
            banks=[list(b) for b in game.banks],
            pile=list(game.pile),
            current_player=game.current_player,
            seed=0,
        )


def test_win_chance_matches_every_deck_order():
    """The win chance over every deck order of a small endgame, played by ThresholdBot(2) in
    every seat (R15: a shared win counts), lies within 4.5 standard errors of the estimate."""
    g = position("2C 5D 9H KS 3D 7C", banks=["4C 4D", "6C 6D 6H", "8C"], pile="5S")
    bots = [ThresholdBot(2)] * 3
    exact = {}
    for action in ("bank", "draw"):
        games = list(every_order(g))
        for game in games:
            game.apply(action)
            play(game, bots)
        exact[action] = sum(0 in game.winners for game in games) / len(games)
    result = win_chance(g, bots=bots, n=1500, seed=2)
    for action, estimate in result.estimates.items():
        p = exact[action]
        se = math.sqrt(max(p * (1 - p), 1e-4) / estimate.n)
        assert abs(estimate.p - p) <= 4.5 * se
        low, high = estimate.interval
        assert low <= estimate.p <= high
    json.dumps(result.to_dict())


def test_win_chance_checks_its_arguments_and_copies_bots():
    """Bad arguments fail clearly; the caller's bots are not advanced."""
    g = position("2C 5D 9H", pile="")
    with pytest.raises(ValueError, match="not legal"):
        win_chance(g, actions=["bank"], n=10)
    with pytest.raises(ValueError, match="bots"):
        win_chance(g, bots=[RandomBot(1)], n=10)
    bot = RandomBot(7)
    win_chance(g, bots=bot, n=10)
    flips = position("2C 3C 4C 5C 6C 7C 8C", pile="9S")
    fresh = RandomBot(7)
    assert [bot.choose(flips) for _ in range(30)] == [fresh.choose(flips) for _ in range(30)]


def test_win_chance_lives_in_play_and_not_in_analysis():
    """analysis reads the engine only: the old name analysis.win_chance (an import of the layer
    above) is gone; the function is borsen_widget.win_chance and borsen_widget.play's."""
    from borsen_widget.play import win_chance as in_play

    assert in_play is win_chance
    assert not hasattr(analysis, "win_chance") and not hasattr(analysis, "Estimate")


def test_wilson_interval_is_sane():
    """The 95 % Wilson interval contains the share and narrows like 1/√n; the simulator's
    tables use this same function."""
    small = Estimate(50, 100).interval
    big = Estimate(5000, 10000).interval
    assert small[0] < 0.5 < small[1] and big[0] < 0.5 < big[1]
    assert (big[1] - big[0]) < (small[1] - small[0]) / 5
    assert Estimate(0, 10).interval[0] == 0
    assert wilson_interval(0, 0) == (0.0, 1.0)
    assert Card.parse("AS").is_ace
