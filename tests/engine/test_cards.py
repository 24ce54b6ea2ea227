"""Cards (R2, R5; RULES.md §5 "Card order")."""

import copy
import pickle

import pytest

from borsen_widget import Card
from borsen_widget.engine.cards import ACES, CARDS, full_deck


@pytest.mark.parametrize(
    ("text", "rank", "suit", "shown"),
    [
        ("6S", 6, "S", "6♠"),
        ("TH", 10, "H", "10♥"),
        ("10H", 10, "H", "10♥"),
        ("A♠", 14, "S", "A♠"),
        ("q♦", 12, "D", "Q♦"),
        (" 2c ", 2, "C", "2♣"),
        ("KD", 13, "D", "K♦"),
        ("J♥", 11, "H", "J♥"),
    ],
)
def test_parse_and_print(text, rank, suit, shown):
    card = Card.parse(text)
    assert (card.rank, card.suit, str(card)) == (rank, suit, shown)
    assert card.is_ace == (rank == 14)
    assert Card.parse(card.ascii) is card
    assert Card.parse(str(card)) is card


@pytest.mark.parametrize("bad", ["", "1S", "11H", "6X", "S6", "AA", "10", "♠", "6SS", None, 6])
def test_bad_text_is_a_value_error(bad):
    with pytest.raises(ValueError):
        Card.parse(bad)


def test_constructor_returns_the_shared_card():
    assert Card(6, "S") is Card.parse("6S")
    assert Card(14, "♦") is Card.parse("AD")
    with pytest.raises(ValueError):
        Card(15, "S")
    with pytest.raises(ValueError):
        Card(True, "S")
    with pytest.raises(ValueError):
        Card(5, "X")


def test_cards_are_frozen_hashable_and_survive_copies():
    card = Card.parse("9C")
    with pytest.raises(AttributeError):
        card.rank = 3
    assert {card: 1}[Card.parse("9♣")] == 1
    assert copy.deepcopy(card) is card
    assert pickle.loads(pickle.dumps(card)) is card


def test_order_is_rank_then_suit_spades_hearts_clubs_diamonds():
    """§5: cards order by rank, then suit ♠ ♥ ♣ ♦; the ace ranks 14."""
    shuffled = [Card.parse(t) for t in ["AD", "2H", "2S", "KC", "AS", "2D", "TC"]]
    assert [str(c) for c in sorted(shuffled)] == ["2♠", "2♥", "2♦", "10♣", "K♣", "A♠", "A♦"]
    assert Card.parse("2S") < Card.parse("2H") < Card.parse("2C") < Card.parse("2D")
    assert Card.parse("KD") < Card.parse("AS")
    assert list(CARDS) == sorted(CARDS)


def test_full_deck_has_every_card_once_per_deck():
    """R2: one standard 52-card deck per deck in play; 2 decks give 8 aces."""
    assert len(full_deck(1)) == 52 and len(set(full_deck(1))) == 52
    two = full_deck(2)
    assert len(two) == 104 and sum(CARDS[i].is_ace for i in two) == 8
    assert [str(a) for a in ACES] == ["A♠", "A♥", "A♣", "A♦"]


def test_card_names_read_aloud():
    assert Card.parse("AS").name == "ace of spades"
    assert Card.parse("TD").name == "10 of diamonds"
    assert repr(Card.parse("TD")) == "Card.parse('TD')"
