"""Each rule of RULES.md §2, R1–R16 with R14a, and every Rules option, on set positions."""

from collections import Counter
from fractions import Fraction

import pytest
from helpers import cards, position, rng_state, texts

from borsen_widget import (
    ActionParseError,
    Card,
    Game,
    IllegalActionError,
    Rules,
    RulesError,
    ThresholdBot,
    play,
)

# --------------------------------------------------------------------------- R1, R2, R3


@pytest.mark.parametrize("players", range(2, 9))
def test_r1_seats_are_cyclic(players):
    """R1: seats 0..n-1 in cyclic order; a pile passed by the last seat goes to seat 0."""
    g = position("9S 4C 3D 3H", banks=[""] * players, current=players - 1, players=players)
    g.draw()
    g.draw()
    assert g.current_player == 0 and g.log[-1].target == 0


@pytest.mark.parametrize("decks", [1, 2, 3, 4])
def test_r2_decks_shuffled_nothing_dealt(decks):
    """R2: 52 × decks cards, all in the deck at the start, each card `decks` times."""
    g = Game(Rules(decks=decks, first_player=0), seed=1)
    assert g.deck_size == 52 * decks and g.pile == () and g.scores == (0, 0, 0)
    assert set(g.deck_counts().values()) == {decks} and len(g.deck_counts()) == 52


def test_r2_the_shuffle_depends_on_the_seed_only():
    a, b, c = (Game(Rules(first_player=0), seed=s) for s in (5, 5, 6))
    for g in (a, b, c):
        g.draw()
    assert a.pile == b.pile
    orders = {tuple(Game(Rules(first_player=0), seed=s).position.deck) for s in range(20)}
    assert len(orders) == 20


def test_r3_first_player_given():
    g = Game(Rules(players=4, first_player=2), seed=0)
    assert g.current_player == 2 and g.log[0].kind == "start" and g.log[0].player == 2


def test_r3_first_player_by_lot_is_seeded_and_uniform_enough():
    """R3: drawn by lot from the game's seeded RNG; every seat gets picked."""
    assert Game(Rules(), seed=11).current_player == Game(Rules(), seed=11).current_player
    seen = Counter(Game(Rules(players=4), seed=s).current_player for s in range(400))
    assert set(seen) == {0, 1, 2, 3} and min(seen.values()) > 60
    assert Game(Rules(), seed=3).log[0].info == "lot"


@pytest.mark.parametrize(
    ("top", "players", "seat"),
    [("5S", 3, 0), ("5H", 3, 1), ("5C", 3, 2), ("5D", 3, 0), ("5D", 4, 3), ("5C", 2, 0)],
)
def test_r3_first_player_by_suit(top, players, seat):
    """R3 "suit": ♠→0, ♥→1, ♣→2, ♦→3 modulo n; the card is that seat's first draw."""
    rules = Rules(players=players, first_player="suit")
    g = Game.from_position(rules, deck=[top, "9S", "3C"], seed=0)
    assert g.current_player == seat
    assert texts(g.pile) == [str(Card.parse(top))]
    assert [e.kind for e in g.log] == ["start", "draw", "accept"]
    assert g.log[0].info == "suit" and g.log[1].player == seat


def test_r3_suit_ace_robs_and_logs_nothing_taken():
    """R3 with R9: a first card that is an ace robs 0 cards, and the robbery is logged."""
    g = Game.from_position(Rules(first_player="suit"), deck=["AH", "3C"], seed=0)
    assert g.current_player == 1
    assert [e.kind for e in g.log] == ["start", "draw", "accept", "rob"]
    assert g.log[-1].cards == () and g.log[-1].target == 0


def test_r3_suit_in_a_dealt_game_draws_the_first_card():
    g = Game(Rules(first_player="suit"), seed=4)
    assert len(g.pile) == 1 and g.deck_size == 51
    assert g.current_player == "SHCD".index(g.pile[0].suit) % 3


# --------------------------------------------------------------------------- R4–R7


def test_r4_empty_pile_must_draw_nonempty_may_bank():
    g = position("6S 7S 3C")
    assert texts(g.legal_actions()) == ["draw"]
    with pytest.raises(IllegalActionError, match="nothing to bank"):
        g.bank()
    g.draw()
    assert texts(g.legal_actions()) == ["draw", "bank"]


@pytest.mark.parametrize(
    ("pile", "card", "equal", "accepted"),
    [
        ("", "2C", True, True),  # empty pile
        ("9S", "TS", True, True),  # higher
        ("9S", "9D", True, True),  # equal accepted
        ("9S", "9D", False, False),  # equal_accepted=False: strictly higher
        ("9S", "8D", True, False),  # lower
        ("KS", "AD", True, True),  # an ace always
        ("KS", "AD", False, True),
        ("AS", "2C", True, True),  # after an ace anything
        ("AS", "2C", False, True),
        ("AS", "AH", False, True),
        ("2S", "KS", False, True),
    ],
)
def test_r5_acceptance(pile, card, equal, accepted):
    """R5: accepted on an empty pile, for an ace, after an ace, or rank ≥ (or > ) below."""
    g = position(f"{card} 3C 3D", pile=pile, equal_accepted=equal)
    g.draw()
    assert g.log[2].kind == ("accept" if accepted else "pass")
    assert g.rules.accepts(Card.parse(card), Card.parse(pile) if pile else None) == accepted


def test_r6_accepted_same_player_again():
    g = position("6S 7S 8S 3C")
    for _ in range(3):
        g.draw()
        assert g.current_player == 0
    assert len(g.pile) == 3


def test_r7_pass_keeps_the_card_on_the_pile_and_next_must_beat_it():
    """R7: the refused card stays on top; the next seat must beat it (or bank at once)."""
    g = position("9S 4C 3D 5D 3H")
    g.draw()
    g.draw()
    assert g.current_player == 1 and texts(g.pile) == ["9♠", "4♣"]
    assert g.log[-1].kind == "pass" and g.log[-1].player == 0 and g.log[-1].target == 1
    assert g.log[-1].below == Card.parse("9S")
    g.draw()  # 3♦ < 4♣: passes again
    assert g.current_player == 2 and texts(g.pile) == ["9♠", "4♣", "3♦"]
    g.draw()  # 5♦ ≥ 3♦
    assert g.current_player == 2 and g.log[-1].kind == "accept"
    assert g.turns == 2  # R14a: each pass ends a turn


# --------------------------------------------------------------------------- R8


def test_r8_bank_ends_the_turn():
    g = position("6S 7S 3C")
    g.draw()
    g.bank()
    assert g.current_player == 1 and g.pile == () and g.turns == 1
    assert g.banks[0] == tuple(cards("6S"))


def test_r8_option_bank_does_not_end_the_turn():
    """R8 bank_ends_turn=False: the same player starts a new pile (still a turn, R14a)."""
    g = position("6S 7S 3C", bank_ends_turn=False)
    g.draw()
    g.bank()
    assert g.current_player == 0 and g.pile == () and g.turns == 1
    assert texts(g.legal_actions()) == ["draw"]


# --------------------------------------------------------------------------- R9, R10


@pytest.mark.parametrize(("ace", "robbed"), [("AS", 6), ("AH", 4), ("AC", 3), ("AD", 2)])
def test_r9_default_shares(ace, robbed):
    """R9: ♠ 1/2, ♥ 1/3, ♣ 1/4, ♦ 1/5 of 13 non-ace cards, rounded down."""
    victim = "2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS 2H"
    g = position(f"{ace} 3C", banks=["", "", victim])
    g.draw()
    assert len(g.log[-1].cards) == robbed == len(g.banks[0])
    assert len(g.banks[2]) == 13 - robbed


def test_r9_zero_share_and_full_share():
    g = position("AD 3C", banks=["", "", "2S 3S 4S"], ace_shares={"D": 0, "S": 1})
    g.draw()
    assert g.log[-1].kind == "rob" and g.log[-1].cards == ()


@pytest.mark.parametrize(
    ("target", "robber", "victim"),
    [("previous", 0, 2), ("previous", 1, 0), ("next", 0, 1), ("next", 2, 0)],
)
def test_r9_rob_target_previous_and_next(target, robber, victim):
    banks = ["2S 3S", "4S 5S", "6S 7S"]
    g = position("AS 3C 3D", banks=banks, current=robber, rob_target=target)
    g.draw()
    assert g.log[-1].target == victim
    assert len(g.banks[victim]) == 1 and len(g.banks[robber]) == 3


def test_r9_rob_target_leader_most_robbable_ties_to_nearest_before():
    """R9 "leader": most non-ace cards (aces do not count); ties go to the nearest seat
    before the robber."""
    # Seat 3 has most cards but two are aces: 3 robbable; seats 1 and 2 have 4 each.
    banks = ["", "2S 3S 4S 5S", "2H 3H 4H 5H", "2C 3C 4C AS AH"]
    g = position("AC 3D 6H", banks=banks, players=4, rob_target="leader")
    g.draw()
    assert g.log[-1].target == 2  # tie 1 vs 2: seat 2 is nearer before seat 0 (0-1 = 3, 0-2 = 2)
    g2 = position("AC 3D 6H", banks=banks, players=4, rob_target="leader", current=2)
    g2.draw()
    assert g2.log[-1].target == 1  # from seat 2: seat 1 is the nearest before


def test_r9_leader_with_two_players_is_the_other():
    g = position("AS 3C", banks=["", "2S 3S"], players=2, rob_target="leader")
    g.draw()
    assert g.log[-1].target == 1


def test_r9_loot_to_pile_goes_under_the_ace_and_is_at_risk():
    """R9 loot_to="pile": the loot lies under the ace (still on top, so the next draw is
    accepted, R5) and passes on with the pile."""
    g = position("9S AS 2C 2D 3H 8C", banks=["", "", "4H 5H 6H 7H"], loot_to="pile")
    g.draw()
    g.draw()
    assert texts(g.pile) == ["9♠", "6♥", "7♥", "A♠"]
    assert g.banks[0] == () and len(g.banks[2]) == 2
    g.draw()  # 2♣ after an ace: accepted
    assert g.log[-1].kind == "accept"
    g.draw()  # 2♦ = 2♣: accepted
    g.draw()  # 3♥ ≥ 2♦
    assert g.current_player == 0 and len(g.pile) == 7


def test_r9_loot_to_pile_lost_when_the_pile_passes():
    g = position("AS 2C 3D 3H", banks=["", "", "4H 5H"], pile="9S", loot_to="pile")
    g.draw()  # A♠ robs 1 card into the pile: [9♠, 5♥, A♠]
    g.draw()  # 2♣ accepted after the ace
    g.bank()
    assert len(g.banks[0]) == 4


def test_r10_most_recent_non_aces_in_old_order_join_as_most_recent():
    """R10: the victim's most recently banked non-aces; they join the robber's bank as its
    most recent cards, in their old order."""
    g = position("AS 3D", banks=["KD", "", "2C 3C 4C 5C 6C 7C AH 8C"])
    g.draw()
    assert g.log[-1].cards == tuple(cards("6C 7C 8C"))
    assert g.banks[2] == tuple(cards("2C 3C 4C 5C AH"))
    assert g.banks[0] == tuple(cards("KD 6C 7C 8C"))


# --------------------------------------------------------------------------- R11–R13


def test_r11_keep_or_list_then_the_turn_ends():
    g = position("3C 3D 3H", pile="AC")
    g.bank()
    assert g.phase == "aces" and g.current_player == 0 and g.turns == 0
    with pytest.raises(IllegalActionError, match="decide which aces"):
        g.draw()
    g.choose_aces([])
    assert g.phase == "play" and g.current_player == 1 and g.turns == 1  # R8 then
    assert g.log[-1].kind == "keep" and g.banks[0] == tuple(cards("AC"))


def test_r11_listing_shuffles_once_and_listing_none_leaves_the_rng():
    """R11: listing puts the ace back and shuffles the deck once; listing none does not touch
    the RNG (§5)."""
    g = position("3C 4D 5H 6S 7C 8D", pile="AC AD", seed=9)
    state = rng_state(g)
    g.bank()
    g.choose_aces(["AC", "AD"])
    assert [e.kind for e in g.log[-2:]] == ["list", "list"]
    assert g.deck_size == 8 and Counter(map(str, g.deck_counts())) == Counter(
        ["3♣", "4♦", "5♥", "6♠", "7♣", "8♦", "A♣", "A♦"]
    )
    assert rng_state(g) != state
    h = position("3C 4D 5H 6S 7C 8D", pile="AC", seed=9)
    state = rng_state(h)
    h.bank()
    h.choose_aces([])
    assert rng_state(h) == state


def test_r11_auto_keep_equals_the_same_choice_by_hand():
    """§5: auto_aces="keep" and the same choices made by hand give identical games."""
    auto = position("3C 3D 3H 4S 4C", banks=["AS AH", "", ""], pile="AC AD", auto_aces="keep")
    hand = position("3C 3D 3H 4S 4C", banks=["AS AH", "", ""], pile="AC AD")
    auto.bank()
    hand.bank()
    hand.choose_aces(["AD", "AC"])  # the excess, smallest share first: ♦ then ♣
    assert auto.banks == hand.banks and auto.position.deck == hand.position.deck
    assert [e.kind for e in auto.log] == [e.kind for e in hand.log]


def test_r11_auto_list_lists_every_incoming_ace():
    g = position("3C 3D 3H", banks=["AS", "", ""], pile="AC 5D", auto_aces="list")
    g.bank()
    assert sorted(g.banks[0]) == sorted(cards("AS 5D")) and g.deck_size == 4
    assert g.phase == "play" and g.current_player == 1


def test_r11_auto_list_then_excess_smallest_share_first():
    """auto "list" lists incoming aces, then any remaining excess by smallest share."""
    g = position("3C 3D", banks=["AS AH AD", "", ""], pile="AC", max_bank_aces=1, auto_aces="list")
    g.bank()  # A♣ listed; A♠ A♥ A♦ held, limit 1: list ♦, then ♥
    assert texts(c for c in g.banks[0]) == ["A♠"]


def test_r11_auto_keep_uses_custom_shares_for_smallest_first():
    g = position(
        "3C 3D",
        banks=["AS AH", "", ""],
        pile="AD",
        auto_aces="keep",
        ace_shares={"D": 1, "S": Fraction(1, 10)},
    )
    g.bank()  # shares ♠ 1/10, ♥ 1/3, ♦ 1: the smallest is ♠
    assert sorted(texts(g.banks[0])) == sorted(["A♥", "A♦"])


def test_r12_below_the_limit_only_incoming_aces():
    g = position("3C 3D", banks=["AS", "", ""], pile="AC")
    g.bank()
    assert texts(g.pending_aces) == ["A♣"] and g.aces_to_list == 0
    with pytest.raises(IllegalActionError, match="not among"):
        g.choose_aces(["AS"])


def test_r12_over_the_limit_counts_and_illegal_listings():
    g = position("3C 3D", banks=["AS AH", "", ""], pile="AC AD")
    g.bank()
    assert g.aces_to_list == 2 and len(g.pending_aces) == 4
    legal = texts(g.legal_actions())
    assert len(legal) == 11  # C(4,2) + C(4,3) + C(4,4)
    with pytest.raises(IllegalActionError, match="at least 2"):
        g.choose_aces(["AS"])
    with pytest.raises(IllegalActionError, match="not among"):
        g.choose_aces(["AS", "AS"])
    g.choose_aces(["AS", "AH"])
    assert sorted(texts(g.banks[0])) == sorted(["A♣", "A♦"])


@pytest.mark.parametrize(("limit", "must"), [(0, 1), (1, 0), (None, 0)])
def test_r12_limit_option(limit, must):
    g = position("3C 3D", pile="AC", max_bank_aces=limit)
    g.bank()
    assert g.aces_to_list == must
    assert ("list none" in texts(g.legal_actions())) == (must == 0)


def test_r12_two_decks_repeat_aces_and_selections_are_distinct():
    """§5: pending aces hold one entry per card; legal_actions lists each selection once."""
    g = position("3C 3D", banks=["AS", "", ""], pile="AS AH", decks=2)
    g.bank()
    assert texts(g.pending_aces) == ["A♠", "A♠", "A♥"] and g.aces_to_list == 1
    legal = texts(g.legal_actions())
    assert legal == ["list A♠", "list A♥", "list A♠ A♠", "list A♠ A♥", "list A♠ A♠ A♥"]
    g.choose_aces(["AS", "AS"])
    assert texts(g.banks[0]) == ["A♥"]


def test_r12_a_bank_already_over_the_limit_is_decided_even_without_incoming_aces():
    """§5: banking a pile with no aces into a bank over the limit asks for a decision."""
    g = position("3C 3D", banks=["AS AH AC", "", ""], pile="5D")
    g.bank()
    assert g.phase == "aces" and g.aces_to_list == 1 and len(g.pending_aces) == 3


def test_r13_dead_deck_no_decision_limit_waived():
    """R13: no non-ace left in the deck: aces stay and the limit is waived."""
    g = position("AD", banks=["AS AH", "", ""], pile="AC 4H")
    g.bank()
    assert g.phase == "play" and len([c for c in g.banks[0] if c.is_ace]) == 3
    assert g.log[-1].info == "dead_deck"


def test_r13_listing_when_the_deck_is_dead_is_illegal():
    """R13: with no decision asked, trying to list raises and changes nothing."""
    g = position("AD AH", pile="AC")
    g.bank()
    before = g.copy()
    with pytest.raises(IllegalActionError, match="no ace decision"):
        g.choose_aces(["AC"])
    assert g == before


# --------------------------------------------------------------------------- R14, R14a


def test_r14_accepted_last_card_is_banked_by_the_drawer():
    g = position("6S 9S")
    g.draw()
    g.draw()
    assert g.is_over and g.banks[0] == tuple(cards("6S 9S")) and g.end_reason == "deck"


def test_r14_auto_bank_off_the_drawer_must_bank():
    g = position("6S 9S", auto_bank_at_end=False)
    g.draw()
    g.draw()
    assert not g.is_over and texts(g.legal_actions()) == ["bank"]
    g.bank()
    assert g.is_over and g.legal_actions() == []


def test_r14_game_over_refuses_every_action():
    g = position("6S")
    g.draw()
    assert g.is_over
    for act in (g.draw, g.bank, g.choose_aces):
        with pytest.raises(IllegalActionError, match="game is over"):
            act()


def test_r14a_turns_count_banks_and_passes():
    g = position("6S 4C 3D 3H 9C")
    g.draw()
    g.draw()  # pass: turn 1
    g.bank()  # turn 2
    assert g.turns == 2


def test_r14a_cap_ends_the_game_and_leftovers_score_nothing():
    g = position("6S 7S 8S 9S", max_turns=1)
    g.draw()
    g.bank()
    assert g.is_over and g.end_reason == "max_turns" and g.deck_size == 3
    assert g.winners == (0,) and g.scores == (1, 0, 0)
    assert g.log[-1].kind == "end" and "max_turns" in str(g.log[-1])


def test_r14a_cap_is_checked_before_the_automatic_bank():
    """§5: when the last card passes the pile on at turn max_turns, the game ends at once and
    that pile scores nothing."""
    g = position("9S 4C", max_turns=1)
    g.draw()
    g.draw()
    assert g.is_over and g.end_reason == "max_turns" and len(g.pile) == 2
    assert g.scores == (0, 0, 0) and g.winners == (0, 1, 2)


def test_r14a_a_banking_turn_ends_after_its_ace_decision():
    g = position("3C 3D 3H", pile="AC", max_turns=1)
    g.bank()
    assert not g.is_over and g.phase == "aces"
    g.choose_aces([])
    assert g.is_over and g.end_reason == "max_turns"


def test_r14a_cap_with_no_cards_left_is_a_deck_end():
    g = position("6S", max_turns=1)
    g.draw()
    assert g.end_reason == "deck"


# --------------------------------------------------------------------------- R15, R16


def test_r15_score_counts_aces_and_ties_share_the_win():
    g = position("6S", banks=["AS 2C", "3C 4C", "5C"])
    assert g.winners == ()  # not over yet
    g.draw()  # seat 0 banks 6♠: 3 cards
    assert g.scores == (3, 2, 1) and g.winners == (0,)
    tie = position("6S", banks=["AS", "3C 4C", "5C"])
    tie.draw()
    assert tie.winners == (0, 1)


def test_r16_position_placing_too_many_copies_is_refused():
    with pytest.raises(RulesError, match="1 deck holds 1 of each card"):
        Game.from_position(Rules(), deck=["6S"], banks=[["6S"], [], []])
    Game.from_position(Rules(decks=2), deck=["6S"], banks=[["6S"], [], []])


def test_r16_cards_in_play_are_the_placed_cards():
    g = position("6S 7S", banks=["2C", "", "9D AH"])
    assert g.cards_in_play == 5
    g.check_invariants()


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"banks": [[], []]}, "needs 3 banks"),
        ({"banks": "2C"}, "needs 3 banks"),
        ({"current_player": 3}, "current_player"),
        ({"current_player": True}, "current_player"),
        ({"deck": ["6S", "1X"]}, "bad card"),
        ({"deck": "6S JH"}, "list of cards"),
        ({"pile": [None]}, "bad card"),
        ({"seed": "x"}, "seed"),
    ],
)
def test_from_position_errors(kwargs, message):
    with pytest.raises(RulesError, match=message):
        Game.from_position(Rules(), **kwargs)


def test_from_position_current_none_uses_first_player():
    g = Game.from_position(Rules(first_player=2), deck=["6S"], current_player=None)
    assert g.current_player == 2


def test_from_position_empty_deck_and_pile_is_over_at_once():
    g = Game.from_position(Rules(), deck=[], banks=[["2C"], [], []], current_player=0)
    assert g.is_over and g.winners == (0,) and [e.kind for e in g.log] == ["start", "end"]


def test_from_position_empty_deck_with_a_pile_banks_it():
    g = Game.from_position(Rules(), deck=[], pile=["2C", "5D"], current_player=1)
    assert g.is_over and g.scores == (0, 2, 0)


# --------------------------------------------------------------------------- errors change nothing


def test_illegal_action_message_names_action_phase_and_legal_moves():
    g = position("3C 3D 3H", pile="AC")
    g.bank()
    with pytest.raises(IllegalActionError) as info:
        g.draw()
    text = str(info.value)
    assert "cannot draw" in text and "deciding on the aces" in text
    assert "list none, list A♣" in text
    assert isinstance(info.value, ValueError)


@pytest.mark.parametrize(
    ("attempt", "error"),
    [
        (lambda g: g.bank(), IllegalActionError),  # empty pile (R4)
        (lambda g: g.choose_aces(["AS"]), IllegalActionError),  # no decision
        (lambda g: g.undo(), IllegalActionError),
        (lambda g: g.apply("fold"), ActionParseError),  # not an action at all
        (lambda g: g.apply("list 5H"), ActionParseError),
        (lambda g: g.choose_aces(["not a card"]), ActionParseError),
    ],
)
def test_failed_calls_change_nothing(attempt, error):
    """A text that is no action is a parse error, an action the rules forbid an illegal one
    (both ValueErrors, told apart); either way nothing changes."""
    g = position("6S 7S 3C")
    before = g.copy()
    with pytest.raises(error) as info:
        attempt(g)
    assert isinstance(info.value, ValueError)
    assert not isinstance(
        info.value, IllegalActionError if error is ActionParseError else ActionParseError
    )
    assert g == before


def test_a_custom_accept_rule_that_raises_is_refused_when_the_rules_are_made():
    """R5 as a house rule is asked for every pair of cards when the rules are made, so a rule
    that fails on any pair is a RulesError at once, naming it and the pair; a running game
    keeps its rules."""

    def broken(card, below):
        if below.is_ace:
            raise ZeroDivisionError("oops")
        return True

    with pytest.raises(RulesError, match=r"broken\(2♠, A♠\) raised ZeroDivisionError: oops"):
        Rules(accept_rule=broken)
    g = position("6S 7S 3C", pile="5C")
    before = g.copy()
    with pytest.raises(RulesError):
        g.set_rules(g.rules.replace(accept_rule=broken))
    assert g == before


@pytest.mark.parametrize("result", [None, "yes", 1])
def test_a_custom_accept_rule_returning_nonsense_is_named(result):
    def odd(card, below):
        return result

    with pytest.raises(RulesError, match=r"odd.*True or False"):
        Rules(accept_rule=odd)


@pytest.mark.parametrize("result", [-1, 5, 1.5, "2"])
def test_a_custom_loot_rule_returning_nonsense_is_named(result):
    def greedy(ace, bank):
        return result

    g = position("AS 3D", banks=["", "", "2C 3C AH"], loot_rule=greedy)
    before = g.copy()
    with pytest.raises(RulesError, match="greedy"):
        g.draw()
    assert g == before


def test_custom_rules_replace_r5_and_r9():
    def strictly_higher_no_aces(card, below):
        return card.rank > below.rank

    def one_card(ace, bank):
        return min(1, sum(not c.is_ace for c in bank))

    g = position(
        "KS AS 4D",
        banks=["", "", "2C 3C"],
        pile="QS",
        accept_rule=strictly_higher_no_aces,
        loot_rule=one_card,
    )
    g.draw()  # K♠ > Q♠
    g.draw()  # A♠ (rank 14) > K♠: accepted; robs 1 card
    assert g.log[-2].info == "custom" and g.log[-1].cards == tuple(cards("3C"))
    assert "house rule" in str(g.log[-2])


def test_a_custom_rule_may_refuse_an_ace_which_still_robs():
    g = position("AS 3D", banks=["", "", "2C 3C"], pile="5C", accept_rule=lambda c, b: False)
    g.draw()
    assert [e.kind for e in g.log[-3:]] == ["draw", "pass", "rob"]
    assert g.current_player == 1 and len(g.banks[0]) == 1


def test_saving_a_game_with_a_custom_rule_names_the_function():
    def house_rule(card, below):
        return True

    g = Game(Rules(accept_rule=house_rule), seed=1)
    with pytest.raises(ValueError, match="house_rule"):
        g.to_json()


# --------------------------------------------------------------------------- rule changes mid-game


def test_set_rules_applies_from_the_next_action_and_is_logged():
    g = position("9S 9D 3C 3H")
    g.draw()
    g.set_rules(g.rules.replace(equal_accepted=False))
    assert g.log[-1].kind == "rules" and "An equal card is accepted: off" in str(g.log[-1])
    g.draw()  # 9♦ = 9♠: now refused
    assert g.log[-1].kind == "pass"
    g.undo()
    assert g.rules.equal_accepted is False and g.log[-1].kind == "rules"


def test_set_rules_refuses_players_and_decks():
    g = position("9S 3C")
    with pytest.raises(RulesError, match="start a new game"):
        g.set_rules(g.rules.replace(players=4))
    with pytest.raises(RulesError, match="decks"):
        g.set_rules(g.rules.replace(decks=2))


def test_set_rules_back_to_default_is_described():
    g = position("9S 3C", ace_shares={"S": 1})
    g.set_rules(Rules())
    assert "each ace robs: ♠ 1/2, ♥ 1/3, ♣ 1/4, ♦ 1/5, as in the original rules" in str(g.log[-1])


# --------------------------------------------------------------------------- log and public view


def test_every_event_has_player_target_cards_and_a_sentence():
    g = Game(Rules(), seed=3)
    play(g, [ThresholdBot(3)] * 3)
    kinds = {e.kind for e in g.log}
    assert {"start", "draw", "accept", "pass", "rob", "bank", "end"} <= kinds
    for e in g.log:
        assert hasattr(e, "player") and hasattr(e, "target") and isinstance(e.cards, tuple)
        text = str(e)
        assert text.endswith(".") and len(text) > 8
    assert g.log[-1].kind == "end"


def test_event_sentences_use_names():
    g = position("9S 4C 3D")
    g.draw()
    g.draw()
    names = ["Ada", "Bo", "Cy"]
    assert g.log[-1].describe(names) == "4♣ is lower than 9♠: the pile passes to Bo."
    assert g.log[-2].describe(names) == "Ada draws 4♣."


def test_public_state_is_json_and_hides_the_order():
    import json

    g = Game(Rules(), seed=12)
    g.draw()
    state = g.public_state()
    text = json.dumps(state)
    assert "seed" not in state and "rng" not in state and "deck" not in state
    assert state["deck_size"] == 51 and sum(k for _, k in state["deck_counts"]) == 51
    assert [c for c, _ in state["deck_counts"]] == sorted(
        (c for c, _ in state["deck_counts"]), key=lambda t: Card.parse(t)
    )
    assert "12" not in json.dumps(state["rules"]) or text  # the seed is nowhere
    twin = g.resample(99, record=True)
    assert twin.public_state() == state


def test_the_automatic_last_bank_says_the_deck_ran_out():
    """R14: the bank the engine makes by itself is marked, a player's own bank is not."""
    g = position("9S 4C")
    g.draw()
    g.draw()
    bank = g.log[-2]
    assert bank.kind == "bank" and bank.info == "deck_empty"
    assert str(bank) == "Seat 1 banks 2 cards: 9♠ 4♣ (the deck is empty)."
    manual = position("9S 4C", auto_bank_at_end=False)
    manual.draw()
    manual.draw()
    manual.bank()
    assert manual.log[-2].kind == "bank" and manual.log[-2].info is None


def test_public_state_marks_incoming_aces_and_undo_depth_counts_moves():
    g = position("3C 3D 3H", banks=["AS", "", ""], pile="AC")
    assert g.undo_depth == 0
    g.bank()
    state = g.public_state()
    assert state["pending_aces"] == ["AC"] and state["incoming_aces"] == ["AC"]
    assert g.undo_depth == 1


@pytest.mark.parametrize(
    ("options", "pile"),
    [({}, "8D"), ({"equal_accepted": False}, "8D"), ({}, "KS AD"), ({}, ""), ({}, "2C")],
)
def test_accepted_count_is_r5_over_the_deck(options, pile):
    """§4: the cards left that R5 accepts, counted from the composition (Rules.accepts)."""
    g = Game(Rules(first_player=0, **options), seed=2)
    if pile:
        g = Game.from_position(
            g.rules,
            deck=[c for c in g.deck_counts() if c.ascii not in pile.split()],
            pile=cards(pile),
        )
    top = g.pile[-1] if g.pile else None
    expected = sum(k for c, k in g.deck_counts().items() if g.rules.accepts(c, top))
    assert g.accepted_count() == expected


def test_accepted_count_honours_a_custom_rule():
    g = position("2C 9D KH AS", pile="8S", accept_rule=lambda c, b: c.suit == b.suit)
    assert g.accepted_count() == 1  # only A♠ shares the suit


def test_r14a_the_last_turn_is_known_before_it_ends():
    """The analysis asks the engine whether the turn being played is the last the cap allows
    (a pile passed on then scores nothing)."""
    g = position("9S 3C 5D 7H", max_turns=2)
    assert not g.is_last_turn
    g.draw()
    g.draw()  # 3♣ < 9♠: passed on, one turn ended
    assert g.turns == 1 and g.is_last_turn and not g.is_over
    g.bank()
    assert g.is_over and g.end_reason == "max_turns"
