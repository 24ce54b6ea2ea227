"""Issue 32: a strategy is data. StrategyRule.from_dict reads any JSON value (a rule, or a clear
refusal in en, nb and nn with nothing made), RuleBot plays it on the engine (R4, R5, R8, R11,
R12, R15), and describe() says it in whole sentences."""

from __future__ import annotations

import copy
import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

from borsen_widget import Game, Rules
from borsen_widget.engine.actions import BANK, DRAW
from borsen_widget.i18n import translator
from borsen_widget.play.bots import Bot
from borsen_widget.play.strategy_rules import (
    MAX_CARDS,
    Condition,
    RuleBot,
    StrategyRule,
    StrategyRuleError,
    describe,
)
from borsen_widget.play.strategy_words import rule_sentences

GOOD = {
    "name": "Stopp på fem",
    "bank_when": [
        [{"kind": "pile_at_least", "cards": 5}],
        [{"kind": "chance_below", "percent": 40}, {"kind": "ahead_after_bank"}],
    ],
    "aces": "keep",
}


def with_(path, value):
    data = copy.deepcopy(GOOD)
    node = data
    for key in path[:-1]:
        node = node[key]
    node[path[-1]] = value
    return data


def test_a_good_rule_round_trips():
    rule = StrategyRule.from_dict(GOOD)
    assert rule.name == "Stopp på fem"
    assert rule.bank_when[0] == (Condition("pile_at_least", 5),)
    assert rule.bank_when[1] == (Condition("chance_below", 40), Condition("ahead_after_bank"))
    assert rule.to_dict() == GOOD
    assert StrategyRule.from_dict(json.loads(json.dumps(rule.to_dict()))) == rule
    assert str(RuleBot(rule)) == "Stopp på fem" and isinstance(RuleBot(rule), Bot)


def test_the_name_is_cleaned_and_aces_default_to_keep():
    rule = StrategyRule.from_dict({"name": "  Ada \t  sin  ", "bank_when": GOOD["bank_when"]})
    assert rule.name == "Ada sin" and rule.aces == "keep"


# (the JSON value, the field at fault, the English message)
INVALID = [
    ([], "", "A strategy is a name, when it banks and what it does with aces."),
    ({**GOOD, "code": "import os"}, "", "A strategy has no part called 'code'."),
    ({"name": "x"}, "bank_when", "Say when your strategy banks."),
    (with_(["name"], ""), "name", "Give your strategy a name."),
    (with_(["name"], 5), "name", "Give your strategy a name."),
    (with_(["name"], "x" * 25), "name", "A strategy's name has at most 24 letters"),
    (with_(["name"], "<b>Ada</b>"), "name", "A strategy's name is letters, digits and spaces"),
    (with_(["name"], "Ada\u0007"), "name", "A strategy's name is letters, digits and spaces"),
    (with_(["name"], "\ud800"), "name", "A strategy's name is letters, digits and spaces"),
    (with_(["name"], "\u3164"), "name", "A strategy's name is letters, digits and spaces"),
    (with_(["bank_when"], []), "bank_when", "at least one group of conditions"),
    (with_(["bank_when"], {"a": 1}), "bank_when", "at least one group of conditions"),
    (with_(["bank_when"], [[GOOD["bank_when"][0][0]]] * 4), "bank_when", "at most 3 groups"),
    (with_(["bank_when", 0], []), "bank_when[0]", "Each group needs at least one condition."),
    (
        with_(["bank_when", 0], [GOOD["bank_when"][0][0]] * 4),
        "bank_when[0]",
        "A group has at most 3 conditions.",
    ),
    (
        with_(["bank_when"], [[GOOD["bank_when"][0][0]] * 3, [GOOD["bank_when"][0][0]] * 2]),
        "bank_when",
        "A strategy has at most 4 conditions in all.",
    ),
    (with_(["bank_when", 0, 0, "kind"], "import"), "bank_when[0][0]", "A condition is one of"),
    (with_(["bank_when", 0, 0], [[[[]]]]), "bank_when[0][0]", "A condition is one of"),
    (with_(["bank_when", 0, 0, "extra"], 1), "bank_when[0][0]", "no part called 'extra'"),
    (with_(["bank_when", 1, 1, "cards"], 2), "bank_when[1][1]", "no part called 'cards'"),
    (with_(["aces"], "sell"), "aces", "For the aces, choose keep them"),
    (with_(["aces"], None), "aces", "For the aces, choose keep them"),
]
# Numbers: whole numbers in range only (bools, floats, strings, NaN, huge are refused).
BAD_NUMBERS = [10**400, -1, 0, True, 1.5, "5", float("nan"), float("inf"), None, [5], MAX_CARDS + 1]


@pytest.mark.parametrize(("data", "field", "english"), INVALID)
def test_invalid_rules_are_refused_with_a_sentence_in_every_language(data, field, english):
    with pytest.raises(StrategyRuleError) as caught:
        StrategyRule.from_dict(data)
    error = caught.value
    assert english in str(error) and error.field == field
    assert isinstance(error, ValueError)
    said = {language: error.say(language) for language in ("en", "nb", "nn")}
    assert said["en"] == str(error)
    assert said["nb"] != said["en"] and said["nn"] != said["en"] and said["nb"] != said["nn"]
    for text in said.values():
        assert text.endswith(".") and "{" not in text
        json.dumps(text, ensure_ascii=False).encode("utf-8")  # no lone surrogate for a phone


@pytest.mark.parametrize("value", BAD_NUMBERS, ids=repr)
@pytest.mark.parametrize("kind", ["pile_at_least", "chance_below", "near_leader_after_bank"])
def test_hostile_numbers_are_refused(kind, value):
    key = "percent" if kind == "chance_below" else "cards"
    if kind == "near_leader_after_bank" and value == 0:
        return  # 0 cards behind the leader is a good rule (checked below)
    data = with_(["bank_when", 0, 0], {"kind": kind, key: value})
    with pytest.raises(StrategyRuleError) as caught:
        StrategyRule.from_dict(data)
    assert "whole number" in str(caught.value)
    assert caught.value.say("nb").startswith(("Sjansen er", "Antall kort"))


def test_the_ranges_are_inclusive():
    for kind, key, low, high in [
        ("pile_at_least", "cards", 1, MAX_CARDS),
        ("chance_below", "percent", 1, 99),
        ("near_leader_after_bank", "cards", 0, MAX_CARDS),
    ]:
        for value in (low, high):
            data = with_(["bank_when", 0, 0], {"kind": kind, key: value})
            assert StrategyRule.from_dict(data).bank_when[0][0] == Condition(kind, value)
    with pytest.raises(StrategyRuleError):
        StrategyRule.from_dict(with_(["bank_when", 0, 0], {"kind": "chance_below", "percent": 100}))


def test_ten_thousand_conditions_are_refused_at_once():
    many = with_(["bank_when"], [[{"kind": "ahead_after_bank"}] * 10_000])
    with pytest.raises(StrategyRuleError, match="at most 3 conditions"):
        StrategyRule.from_dict(many)
    groups = with_(["bank_when"], [[{"kind": "ahead_after_bank"}]] * 10_000)
    with pytest.raises(StrategyRuleError, match="at most 3 groups"):
        StrategyRule.from_dict(groups)


def test_deep_nesting_and_surrogate_keys_are_refused_politely():
    deep: list = []
    for _ in range(5_000):
        deep = [deep]
    with pytest.raises(StrategyRuleError):
        StrategyRule.from_dict(with_(["bank_when"], deep))
    with pytest.raises(StrategyRuleError) as caught:
        StrategyRule.from_dict({**GOOD, "\ud800": 1})
    json.dumps(caught.value.say("nn"), ensure_ascii=False).encode("utf-8")


@given(
    st.recursive(
        st.none() | st.booleans() | st.integers() | st.floats() | st.text(),
        lambda inner: (
            st.lists(inner, max_size=5) | st.dictionaries(st.text(max_size=12), inner, max_size=5)
        ),
        max_leaves=30,
    )
)
def test_any_json_value_is_a_rule_or_a_refusal(value):
    """Property: whatever arrives, from_dict builds a rule or raises StrategyRuleError."""
    for data in (value, {**GOOD, "bank_when": value}, with_(["bank_when", 0, 0], value)):
        try:
            rule = StrategyRule.from_dict(data)
        except StrategyRuleError as error:
            assert error.say("nb")
        else:
            assert StrategyRule.from_dict(rule.to_dict()) == rule


# ---------------------------------------------------------------------- RuleBot on the engine


def rule(*groups, aces="keep"):
    return StrategyRule.from_dict({"name": "r", "bank_when": list(groups), "aces": aces})


def position(pile, banks=((), ()), deck=("2S", "3S", "KH", "KS", "AD"), **options):
    return Game.from_position(
        Rules(players=2, **options), deck=deck, banks=banks, pile=pile, current_player=0, seed=1
    )


def test_pile_at_least_counts_the_pile():
    """R4/R8: banking is asked only with a pile; ``pile_at_least 3`` banks at three cards."""
    bot = RuleBot(rule([{"kind": "pile_at_least", "cards": 3}]))
    assert bot.choose(position(["5H", "9C"])) == DRAW
    assert bot.choose(position(["5H", "9C", "TD"])) == BANK
    assert bot.choose(position([])) == DRAW  # R4: an empty pile must draw


def test_chance_below_is_exact_in_whole_numbers():
    """R5, RULES.md §4: top 9, deck 2♠ 3♠ K♥ K♠ A♦ → 3 of 5 accepted (60 %): below 61 %
    banks, below 60 % does not (60 < 60 is false, no rounding)."""
    game = position(["5H", "9C"])
    assert game.accepted_count() == 3 and game.deck_size == 5
    assert RuleBot(rule([{"kind": "chance_below", "percent": 61}])).choose(game) == BANK
    assert RuleBot(rule([{"kind": "chance_below", "percent": 60}])).choose(game) == DRAW


def test_ahead_and_near_the_leader_count_every_card():
    """R15: each card counts 1, aces too. Mine 3 + pile 2 = 5 against 5: not ahead, but
    within 0 of the leader; against 6 within 1, not 0."""
    banks = (("2H", "3H", "AS"), ("4H", "5S", "6H", "7H", "8H"))
    game = position(["5H", "9C"], banks=banks)
    assert RuleBot(rule([{"kind": "ahead_after_bank"}])).choose(game) == DRAW
    assert RuleBot(rule([{"kind": "near_leader_after_bank", "cards": 0}])).choose(game) == BANK
    banks = (("2H", "3H", "AS"), ("4H", "5S", "6H", "7H", "8H", "8D"))
    game = position(["5H", "9C"], banks=banks)
    assert RuleBot(rule([{"kind": "near_leader_after_bank", "cards": 0}])).choose(game) == DRAW
    assert RuleBot(rule([{"kind": "near_leader_after_bank", "cards": 1}])).choose(game) == BANK
    game = position(["5H", "9C", "TC"], banks=banks)
    assert RuleBot(rule([{"kind": "ahead_after_bank"}])).choose(game) == DRAW  # 6 vs 6


def test_or_over_groups_and_inside_a_group():
    game = position(["5H", "9C"])  # pile 2, chance 60 %
    two_and_low = [{"kind": "pile_at_least", "cards": 2}, {"kind": "chance_below", "percent": 50}]
    assert RuleBot(rule(two_and_low)).choose(game) == DRAW  # AND: the chance is not below 50
    assert RuleBot(rule(two_and_low, [{"kind": "pile_at_least", "cards": 2}])).choose(game) == BANK


def test_an_empty_deck_banks():
    """R14: with the deck empty banking is the only action, whatever the rule."""
    game = Game.from_position(
        Rules(players=2, auto_bank_at_end=False),
        deck=["9S"],
        pile=["5H"],
        current_player=0,
        seed=1,
    )
    game.draw()  # accepted, the deck is empty
    assert game.deck_size == 0
    assert RuleBot(rule([{"kind": "pile_at_least", "cards": 50}])).choose(game) == BANK


@pytest.mark.parametrize(
    ("aces", "banks", "listed"),
    [
        ("keep", (("2H",), ()), ()),  # R11: below the limit the keep policy lists nothing
        ("list", (("2H",), ()), ("A♦",)),  # list every incoming ace
        ("list_when_ahead", (("2H",), ()), ("A♦",)),  # 1 + 2 cards > 0: ahead, list
        ("list_when_ahead", (("2H",), ("3C", "4C", "5C")), ()),  # 3 cards vs 3: keep
    ],
)
def test_the_ace_choices(aces, banks, listed):
    """R11, R12: the rule's ``aces`` decides when the rules leave aces to the players."""
    game = position(["9C", "AD"], banks=banks, deck=("2S", "3S", "KH"))
    game.bank()
    assert game.phase == "aces"
    action = RuleBot(rule([{"kind": "pile_at_least", "cards": 1}], aces=aces)).choose(game)
    assert tuple(str(c) for c in action.aces) == listed


def test_keep_lists_the_excess_over_the_limit():
    """R12: over the limit even "keep" lists the excess, smallest share first (♦)."""
    game = position(["9C", "AD"], banks=(("AS", "AH"), ()), deck=("2S", "3S", "KH"))
    game.bank()
    action = RuleBot(rule([{"kind": "pile_at_least", "cards": 1}])).choose(game)
    assert [str(c) for c in action.aces] == ["A♦"]


# ---------------------------------------------------------------------- describe


def test_describe_says_the_rule_in_whole_sentences():
    rule_ = StrategyRule.from_dict(GOOD)
    assert describe(rule_, "en") == (
        "Bank when the pile holds at least 5 cards. Also bank when the chance that the next "
        "card is accepted is below 40% and banking puts you ahead of every other player. "
        "Otherwise draw. Keep the aces you bank, listing only those over the limit."
    )
    nb = describe(rule_, "nb")
    assert nb.startswith("Legg i banken når bunken har minst 5 kort.")
    assert "40\xa0%" in nb and " og du ligger foran" in nb
    nn = rule_sentences(rule_, "nn")
    assert nn[-2:] == [
        "Elles trekkjer du.",
        "Behald essa du legg i banken, og børsnoter berre dei som er over grensa.",
    ]


@pytest.mark.parametrize("language", ["en", "nb", "nn"])
def test_every_condition_and_ace_choice_has_words(language):
    tr = translator(language)
    for aces in ("keep", "list", "list_when_ahead"):
        for cond in (
            {"kind": "pile_at_least", "cards": 1},
            {"kind": "near_leader_after_bank", "cards": 0},
            {"kind": "near_leader_after_bank", "cards": 3},
        ):
            sentences = rule_sentences(rule([cond], aces=aces), language)
            assert len(sentences) == 3 and all(s.endswith(".") for s in sentences)
    assert not tr.missing


def test_a_rule_built_in_python_is_checked_as_well():
    """Not only from_dict: a rule made in Python is checked the same way (so the fast path
    never meets a value it cannot compare), lists become tuples, the name is tidied."""
    made = StrategyRule("  Tre  ", [[Condition("pile_at_least", 3)]])
    assert made == StrategyRule.from_dict(
        {"name": "Tre", "bank_when": [[{"kind": "pile_at_least", "cards": 3}]]}
    )
    assert hash(made) == hash(RuleBot(made).rule)
    for bad in (
        lambda: Condition("pile_at_least", 0),
        lambda: Condition("pile_at_least", 2.0),
        lambda: Condition("ahead_after_bank", 3),
        lambda: Condition("sell", 3),
        lambda: StrategyRule("x", [["pile_at_least"]]),
        lambda: StrategyRule("x", ()),
        lambda: StrategyRule("x", [[Condition("ahead_after_bank")]] * 4),
        lambda: StrategyRule("", [[Condition("ahead_after_bank")]]),
        lambda: StrategyRule("x", [[Condition("ahead_after_bank")]], aces="sell"),
    ):
        with pytest.raises(StrategyRuleError):
            bad()
