"""The Rules value: defaults, validation (RulesError), replace, and its data form (R1–R14a)."""

from fractions import Fraction

import pytest

from borsen_widget import Rules, RulesError


def test_defaults_are_the_original_rules():
    r = Rules()
    assert (r.players, r.decks, r.first_player) == (3, 1, "random")  # R1, R2, R3
    assert r.equal_accepted and r.bank_ends_turn  # R5, R8
    assert dict(r.ace_shares) == {
        "S": Fraction(1, 2),
        "H": Fraction(1, 3),
        "C": Fraction(1, 4),
        "D": Fraction(1, 5),
    }  # R9
    assert (r.rob_target, r.loot_to, r.auto_aces) == ("previous", "bank", None)  # R9, R11
    assert (r.max_bank_aces, r.max_turns, r.auto_bank_at_end) == (2, 10_000, True)  # R12-R14a


def test_frozen_and_hashable():
    r = Rules(players=4, ace_shares={"S": 1})
    assert hash(r) == hash(Rules(players=4, ace_shares={"S": Fraction(1)}))
    assert r == Rules(players=4, ace_shares={"S": 1})
    with pytest.raises(AttributeError):
        r.players = 5


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"players": 1}, "players"),  # R1: 1 is an error
        ({"players": 9}, "players"),
        ({"players": True}, "players"),
        ({"players": 3.0}, "players"),
        ({"decks": 0}, "decks"),  # R2
        ({"decks": 5}, "decks"),
        ({"first_player": 3}, "not a seat"),  # R3: anything else is an error
        ({"first_player": -1}, "not a seat"),
        ({"first_player": True}, "first_player"),  # §5: True is not a seat
        ({"first_player": "lot"}, "first_player"),
        ({"equal_accepted": 1}, "equal_accepted"),  # R5
        ({"bank_ends_turn": "yes"}, "bank_ends_turn"),  # R8
        ({"ace_shares": {"S": Fraction(3, 2)}}, "between 0 and 1"),  # R9
        ({"ace_shares": {"S": -0.5}}, "between 0 and 1"),
        ({"ace_shares": {"X": 1}}, "unknown suit"),  # §5
        ({"ace_shares": {"S": "half"}}, "fraction"),
        ({"ace_shares": [1, 2]}, "map suits"),
        ({"rob_target": "richest"}, "rob_target"),
        ({"loot_to": "hand"}, "loot_to"),
        ({"auto_aces": "maybe"}, "auto_aces"),  # R11
        ({"max_bank_aces": -1}, "max_bank_aces"),  # R12
        ({"max_bank_aces": 9}, "max_bank_aces"),
        ({"max_turns": 0}, "max_turns"),  # R14a
        ({"auto_bank_at_end": None}, "auto_bank_at_end"),  # R14
        ({"accept_rule": "higher"}, "accept_rule"),
    ],
)
def test_invalid_rules_raise_rules_error(options, message):
    with pytest.raises(RulesError, match=message):
        Rules(**options)


def test_rules_error_is_a_value_error():
    assert issubclass(RulesError, ValueError)


def test_shares_accept_text_floats_and_symbols():
    r = Rules(ace_shares={"♠": "1", "h": 0.5, "C": "2/3"})
    assert r.ace_shares["S"] == 1 and r.ace_shares["H"] == Fraction(1, 2)
    assert r.ace_shares["C"] == Fraction(2, 3) and r.ace_shares["D"] == Fraction(1, 5)
    assert Rules(ace_shares={"D": 0.1}).ace_shares["D"] == Fraction(1, 10)


def test_replace_validates_and_names_unknown_options():
    r = Rules()
    assert r.replace(players=5).players == 5
    with pytest.raises(RulesError, match="players"):
        r.replace(players=1)
    with pytest.raises(RulesError, match="unknown rule option"):
        r.replace(colour="red")
    assert r.players == 3  # unchanged


@pytest.mark.parametrize(
    "rules",
    [
        Rules(),
        Rules(players=8, decks=4, first_player="suit", equal_accepted=False),
        Rules(first_player=1, ace_shares={"S": 1, "D": 0}, rob_target="leader", loot_to="pile"),
        Rules(auto_aces="keep", max_bank_aces=None, max_turns=7, auto_bank_at_end=False),
        Rules(auto_aces="list", max_bank_aces=0, bank_ends_turn=False, rob_target="next"),
    ],
)
def test_data_round_trip(rules):
    import json

    data = json.loads(json.dumps(rules.to_dict()))
    assert Rules.from_dict(data) == rules


def test_from_dict_rejects_bad_data():
    with pytest.raises(RulesError, match="unknown"):
        Rules.from_dict({"players": 3, "speed": 2})
    with pytest.raises(RulesError):
        Rules.from_dict([("players", 3)])
    with pytest.raises(RulesError, match="cannot be loaded"):
        Rules.from_dict({"accept_rule": "my_rule"})


def test_describe_lists_only_the_changes():
    assert Rules().describe() == []
    lines = Rules(players=4, ace_shares={"S": 1}).describe()
    assert lines == [
        "Players: 4",
        "The share of the victim's cards each ace robs: ♠ 1, ♥ 1/3, ♣ 1/4, ♦ 1/5",
    ]
    assert Rules(max_bank_aces=None, rob_target="leader").describe() == [
        "Whom an ace robs: the leader",
        "The most aces a bank may hold: no limit",
    ]


def test_rules_pickle_and_copy():
    """Rules travel to worker processes (simulations on every core, Dask)."""
    import copy
    import pickle

    r = Rules(players=4, ace_shares={"S": 1, "D": Fraction(2, 5)}, rob_target="leader")
    assert pickle.loads(pickle.dumps(r)) == r
    assert copy.deepcopy(r) == r and copy.copy(r) == r


@pytest.mark.parametrize(
    ("target", "robber", "robbable", "victim"),
    [
        ("previous", 0, [5, 5, 5, 5], 3),
        ("next", 3, [5, 5, 5, 5], 0),
        ("leader", 0, [9, 4, 4, 1], 2),  # the robber's own cards never count; tie 1-2: seat 2
        ("leader", 2, [0, 4, 7, 4], 1),
        ("leader", 1, [0, 0, 0, 0], 0),  # nobody has anything: the seat before
    ],
)
def test_r9_victim(target, robber, robbable, victim):
    """R9 rob_target: whom an ace robs, from every seat's robbable count."""
    assert Rules(players=4, rob_target=target).victim(robber, robbable) == victim


def test_r5_need_says_what_the_next_card_needs_from_the_verdicts():
    """R5 in words for screens (Rules.need): ranks only, read from the verdicts, so the
    strict rule and a house rule are told too."""
    from borsen_widget import Card

    assert Rules().need(None) == ("any", None)
    assert Rules().need(Card.parse("6S")) == ("rank", 6)  # equal is accepted
    assert Rules(equal_accepted=False).need(Card.parse("6S")) == ("rank", 7)
    assert Rules(equal_accepted=False).need(Card.parse("KS")) == ("ace", None)
    assert Rules().need(Card.parse("AD")) == ("any", None)  # anything goes after an ace
    assert Rules().need(Card.parse("2C")) == ("any", None)

    def same_suit(card, below):
        return card.suit == below.suit or card.is_ace

    assert Rules(accept_rule=same_suit).need(Card.parse("9S")) == ("rule", None)
