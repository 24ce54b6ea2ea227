"""Game.put_on_top: a program deals the next card itself (the chance nodes of
borsen_widget.envs.openspiel); the deck keeps its other cards in order (R16)."""

from __future__ import annotations

import random

import pytest

from borsen_widget import Game, Rules, RulesError
from borsen_widget.engine.cards import Card


def test_the_next_draw_takes_the_card_put_on_top_and_the_rest_keep_their_order():
    game = Game.from_position(deck=["6S", "JH", "4C", "KD"], current_player=0, seed=1)
    game.put_on_top("KD")
    before = game.position.deck
    game.draw()
    assert game.pile == (Card.parse("KD"),)
    # The deck's other cards in their old order: J♥ was second from the top, now first.
    assert [c for c in before if c != Card.parse("KD").index] == game.position.deck
    game.draw()
    assert game.pile[-1] == Card.parse("6S")  # R5: a 6 on a king passes the pile on (R7)
    assert game.current_player == 1
    game.check_invariants()  # R16


def test_put_on_top_of_every_card_in_a_random_game_keeps_the_cards_in_play():
    rng = random.Random(5)
    game = Game(Rules(players=2, decks=2), seed=3)
    while not game.is_over:
        legal = game.legal_actions()
        action = rng.choice(legal)
        if action.kind == "draw":
            card = rng.choice(sorted(game.deck_counts()))
            game.put_on_top(card)
            game.apply(action)
            drawn = [e for e in game.log if e.kind == "draw"][-1].cards[0]
            assert drawn == card
        else:
            game.apply(action)
        game.check_invariants()  # R16: nothing created or lost


def test_a_card_not_in_the_deck_is_refused_and_nothing_changes():
    game = Game.from_position(deck=["6S", "JH"], current_player=0, seed=1)
    before = game.position
    with pytest.raises(RulesError, match="A♠ is not in the deck"):
        game.put_on_top("AS")
    with pytest.raises(RulesError, match="needs a card"):
        game.put_on_top("XX")
    assert game.position == before
