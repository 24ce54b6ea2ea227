"""The loop that lets bots play: the built-in strategies' moves go unchecked, any other bot's
are checked like a person's, and a bot's own failure names the bot."""

from __future__ import annotations

import pytest

from borsen_widget import (
    BANK,
    DRAW,
    Bot,
    Game,
    IllegalActionError,
    RandomBot,
    Rules,
    StrategyError,
    ThresholdBot,
)
from borsen_widget.play.playout import playout


class BanksEmptyPiles(Bot):
    """Banks at once, even an empty pile (R4 forbids it)."""

    def choose(self, game):
        return BANK

    def __str__(self):
        return "BanksEmptyPiles()"


class DrawsDuringAces(ThresholdBot):
    """A subclass of a built-in bot that draws when it must decide on aces (R11)."""

    def choose(self, game):
        return DRAW if game.phase == "aces" else super().choose(game)


class Crashes(Bot):
    def choose(self, game):
        return {}["missing"]

    def __str__(self):
        return "Crashes()"


def test_an_illegal_move_of_a_bot_of_ones_own_is_refused_naming_it():
    game = Game(Rules(first_player=0), seed=1, record=False)
    before = game.copy()
    with pytest.raises(IllegalActionError, match=r"BanksEmptyPiles\(\).*nothing to bank \(R4\)"):
        playout(game, [BanksEmptyPiles(), ThresholdBot(3), ThresholdBot(3)])
    assert game == before  # the refused move changed nothing


def test_a_subclass_of_a_built_in_bot_is_checked_too():
    game = Game(Rules(first_player=0), seed=4)
    bots = [DrawsDuringAces(2), DrawsDuringAces(2), DrawsDuringAces(2)]
    with pytest.raises(IllegalActionError, match=r"ThresholdBot\(2\).*decide which aces"):
        playout(game, bots)
    assert game.phase == "aces"  # stopped at the decision, nothing corrupted
    game.check_invariants()


def test_an_exception_in_a_bots_code_is_re_raised_naming_the_bot():
    game = Game(Rules(first_player=0), seed=1)
    with pytest.raises(StrategyError, match=r"Crashes\(\) raised KeyError: 'missing'") as info:
        playout(game, [Crashes(), RandomBot(1), RandomBot(2)])
    assert isinstance(info.value.__cause__, KeyError)


def test_a_strategy_function_that_raises_is_named():
    def careless(view):
        return {"ace": "draw"}[view.phase]

    game = Game(Rules(first_player=0), seed=1)
    with pytest.raises(StrategyError, match=r"careless raised KeyError: 'play'"):
        playout(game, [careless, careless, careless])


def test_max_steps_and_the_count_of_moves():
    game = Game(Rules(), seed=2, record=False)
    assert playout(game, [ThresholdBot(3)] * 3, max_steps=5) == 5
    moves = playout(game, [ThresholdBot(3)] * 3)
    assert game.is_over and moves > 0
    with pytest.raises(ValueError, match="3 seats need 3 bots"):
        playout(Game(Rules(), seed=2), [ThresholdBot(3)])
