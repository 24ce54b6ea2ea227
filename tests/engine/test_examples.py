"""The worked examples of RULES.md §3, each a test that cites the rules it shows."""

from fractions import Fraction

import pytest
from helpers import cards, position, texts

from borsen_widget import IllegalActionError


def test_e1_accepted_and_banked():
    """E1 (R5, R6, R8): 6♠ then J♥ are accepted; banking ends the turn."""
    g = position("6S JH 3C 3D")
    g.draw()
    assert texts(g.pile) == ["6♠"] and g.current_player == 0  # R5 empty pile, R6 again
    g.draw()
    assert texts(g.pile) == ["6♠", "J♥"] and g.current_player == 0
    g.bank()
    assert g.banks[0] == tuple(cards("6S JH"))
    assert g.current_player == 1 and g.pile == ()  # R8
    assert texts(g.legal_actions()) == ["draw"]  # R4


def test_e2_passed_on_then_equal_accepted():
    """E2 (R5, R7): 4♣ < 6♠ passes the pile to seat 1, who may draw or bank; 4♦ = 4♣ is
    accepted (equal)."""
    g = position("6S 4C 4D 3C 3D")
    g.draw()
    g.draw()
    assert g.current_player == 1
    assert texts(g.pile) == ["6♠", "4♣"]
    assert texts(g.legal_actions()) == ["draw", "bank"]
    assert [e.kind for e in g.log[-2:]] == ["draw", "pass"]
    g.draw()
    assert g.log[-1].kind == "accept" and g.log[-1].info == "equal"
    assert g.current_player == 1
    g.bank()
    assert len(g.banks[1]) == 3


def test_e3_take_over_and_bank_at_once():
    """E3 (R7, R8): the seat that takes over a pile may bank it at once."""
    g = position("6S 4C 4D 3C")
    g.draw()
    g.draw()
    g.bank()
    assert g.banks[1] == tuple(cards("6S 4C"))
    assert g.current_player == 2 and g.pile == ()


def test_e4_robbery_rounds_down_and_skips_aces():
    """E4 (R9, R10): A♠ robs ⌊7 × 1/2⌋ = 3 of seat 2's non-ace cards; A♥ stays."""
    bank2 = "2C 3C 4C 5C AH 6C 7C 8C"
    g = position("AS 3D 3H", banks=["", "", bank2])
    g.draw()
    rob = g.log[-1]
    assert rob.kind == "rob" and rob.player == 0 and rob.target == 2
    assert rob.cards == tuple(cards("6C 7C 8C"))  # the most recently banked, in order (R10)
    assert g.banks[0] == tuple(cards("6C 7C 8C"))
    assert g.banks[2] == tuple(cards("2C 3C 4C 5C AH"))
    assert len([c for c in g.banks[2] if not c.is_ace]) == 4


def test_e5_anything_goes_after_an_ace():
    """E5 (R5): on [K♠, A♦] a 2♣ is accepted; the next draw must then be ≥ 2."""
    g = position("2C 2H 3H", pile="KS AD")
    g.draw()
    assert g.log[-1].kind == "accept" and g.log[-1].info == "after_ace"
    g.draw()
    assert g.log[-1].kind == "accept" and g.log[-1].info == "equal"
    strict = position("2C 2H 3H", pile="KS AD", equal_accepted=False)
    strict.draw()
    strict.draw()
    assert strict.log[-1].kind == "pass"  # 2♥ is not higher than 2♣


def test_e6_ace_limit_gives_seven_selections():
    """E6 (R11, R12): holding A♠ A♥ and banking A♣ exceeds the limit of 2: list at least one
    of the three, any of 7 selections; listing A♣ puts it back in the deck (size + 1)."""
    g = position("3C 3D 3H", banks=["AS AH", "", ""], pile="5C AC")
    g.bank()
    assert g.phase == "aces" and g.current_player == 0
    assert texts(g.pending_aces) == ["A♠", "A♥", "A♣"]
    assert g.aces_to_list == 1
    legal = texts(g.legal_actions())
    assert len(legal) == 7 and "list none" not in legal
    assert set(legal) == {
        "list A♠", "list A♥", "list A♣",
        "list A♠ A♥", "list A♠ A♣", "list A♥ A♣",
        "list A♠ A♥ A♣",
    }  # fmt: skip
    with pytest.raises(IllegalActionError, match="at least 1"):
        g.choose_aces([])
    size = g.deck_size
    g.choose_aces(["AC"])
    assert g.deck_size == size + 1
    assert sorted(g.banks[0]) == sorted(cards("AS AH 5C"))
    assert g.current_player == 1 and g.phase == "play"


def test_e6b_below_the_limit_keep_or_list():
    """E6b (R11): below the limit the only choice is keep or list the incoming A♣."""
    g = position("3C 3D 3H", pile="AC")
    g.bank()
    assert texts(g.legal_actions()) == ["list none", "list A♣"]
    assert g.aces_to_list == 0


def test_e7_listing_needs_a_live_deck():
    """E7 (R9, R13, R14): the last card A♦ robs 0 cards (logged), is banked by itself, and no
    listing is offered; the game ends."""
    g = position("AD")
    g.draw()
    kinds = [e.kind for e in g.log]
    assert kinds == ["start", "draw", "accept", "rob", "bank", "keep", "end"]
    rob = g.log[3]
    assert rob.target == 2 and rob.cards == ()
    assert g.banks[0] == tuple(cards("AD"))
    assert g.is_over and g.end_reason == "deck"


def test_e7b_deck_of_aces_only_is_dead():
    """E7 (R13): with deck [A♦, A♥], banking a pile with A♣ asks nothing."""
    g = position("AD AH", pile="AC")
    g.bank()
    assert g.phase == "play" and g.pending_aces == ()
    assert g.banks[0] == tuple(cards("AC"))
    assert g.log[-1].kind == "keep" and g.log[-1].info == "dead_deck"


def test_e8_end_of_deck_auto_bank():
    """E8 (R7, R14): the last card is not accepted; seat 1 banks the pile by itself."""
    g = position("9S 4C")
    g.draw()
    g.draw()
    assert g.is_over and g.banks[1] == tuple(cards("9S 4C"))
    assert [e.kind for e in g.log[-4:]] == ["draw", "pass", "bank", "end"]
    assert g.legal_actions() == []


def test_e8_end_of_deck_manual_bank():
    """E8 (R14) with auto_bank_at_end=False: seat 1's only action is bank."""
    g = position("9S 4C", auto_bank_at_end=False)
    g.draw()
    g.draw()
    assert not g.is_over and g.current_player == 1
    assert texts(g.legal_actions()) == ["bank"]
    with pytest.raises(IllegalActionError, match="deck is empty"):
        g.draw()
    g.bank()
    assert g.is_over and g.winners == (1,)


def test_e9_robbing_one_card_with_a_fifth():
    """E9 (R9): ⌊1 × 1/5⌋ = 0 cards move, and the robbery is still logged."""
    g = position("AD 3C 3D", banks=["", "", "7H"])
    g.draw()
    assert g.log[-1].kind == "rob" and g.log[-1].cards == () and g.log[-1].info == "1/5"
    assert g.banks[2] == tuple(cards("7H"))


def test_e10_higher_shares():
    """E10 (R9 ace_shares): an ace of spades with share 1 takes every non-ace card."""
    g = position("AS 3C", banks=["", "", "2C 9D AH KS"], ace_shares={"S": 1})
    g.draw()
    assert g.banks[2] == tuple(cards("AH"))
    assert g.banks[0] == tuple(cards("2C 9D KS"))
    assert g.rules.ace_shares["S"] == Fraction(1)
    assert g.rules.ace_shares["H"] == Fraction(1, 3)  # left out: keeps its default


def test_section4_chance_example_counts():
    """§4: pile top 8, a deck of 30 holding 3 aces and 12 cards of rank 8 or higher → 15/30."""
    high = "8S 8H 8C 9S 9H 9C TS TH TC JS JH JC".split()
    low = "2S 2H 2C 3S 3H 3C 4S 4H 4C 5S 5H 5C 6S 6H 7S".split()
    deck = " ".join(high + low + ["AS", "AH", "AC"])
    g = position(deck, pile="8D")
    counts = g.deck_counts()
    assert sum(counts.values()) == 30
    accepted = sum(k for c, k in counts.items() if c.is_ace or c.rank >= 8)
    assert Fraction(accepted, g.deck_size) == Fraction(1, 2)
