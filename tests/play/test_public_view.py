"""What a strategy function is given: a copy of the public facts, from which nothing leads to
the deck's order (RULES.md "Hidden information"; a tournament of students' strategies must
not be won by peeking)."""

from __future__ import annotations

import gc
import random
import types

import pytest
from helpers import position

from borsen_widget import FunctionBot, Game, PublicView, Rules, ThresholdBot, play
from borsen_widget.engine.position import Position


def reachable(root, limit: int = 20_000) -> list:
    """Every object reachable from ``root`` (its attributes, slots, closures, containers),
    short of classes and modules, which every object reaches."""
    seen, todo, found = set(), [root], []
    while todo and len(found) < limit:
        obj = todo.pop()
        if id(obj) in seen or isinstance(obj, type | types.ModuleType):
            continue
        seen.add(id(obj))
        found.append(obj)
        todo.extend(gc.get_referents(obj))
    return found


def test_nothing_reachable_from_the_view_leads_to_the_game_or_the_deck_order():
    game = position("9S 3C KH 2D 7C 5S", banks=["4C", "", "6H"], pile="8D", seed=3)
    order = game.position.deck
    view = PublicView(game)
    objects = reachable(view)
    assert len(objects) < 20_000
    assert not [o for o in objects if isinstance(o, Game | Position | random.Random)]
    ints = [o for o in objects if isinstance(o, list | tuple) and list(o) == order]
    assert not ints, "the deck's order is reachable from the view"


def test_the_view_is_a_copy_that_cannot_be_changed():
    game = position("9S 3C", pile="8D")
    view = PublicView(game)
    with pytest.raises(AttributeError):
        view.pile_size = 3
    with pytest.raises(AttributeError):
        _ = view._PublicView__game  # the old back door to the game is gone
    game.draw()
    assert view.pile_size == 1 and view.deck_size == 2  # the copy of the moment


def test_a_peeking_strategy_finds_no_deck_order():
    """The strategy that won 72 % by reading view._PublicView__game._deck now finds nothing."""

    def peek(view):
        for obj in reachable(view):
            if isinstance(obj, Game | Position):
                raise AssertionError("the strategy reached the game")
        return "bank" if view.pile_size >= 3 else "draw"

    game = Game(Rules(), seed=11)
    play(game, [FunctionBot(peek), ThresholdBot(3), ThresholdBot(4)])
    assert game.is_over
