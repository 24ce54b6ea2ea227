"""Issue 20: each rule option is declared once (engine/options.py) and everything reads that
declaration: Rules (fields, defaults, validation, describe), the rules editor's controls, the
command line (tests/sim/test_cli.py), the tests' strategies and variants, the documentation's table
and the fast simulator's support (tests/sim/test_fast_support.py)."""

from __future__ import annotations

import dataclasses
import random
import re
from pathlib import Path

import pytest
from hypothesis import find
from rule_options import option_variants, random_rules, rule_sets

from borsen_widget import Rules, RulesError
from borsen_widget.engine.options import KINDS, OPTION, OPTIONS, markdown_table

#: The documentation's page that holds the options table (it was in the README).
PAGE = Path(__file__).resolve().parents[2] / "docs" / "shared" / "reference" / "widget.md"
TABLE = re.compile(r"<!-- options table.*?-->\n(.*?)\n<!-- end of the options table -->", re.S)


def test_rules_has_one_field_per_declared_option_with_its_default():
    fields = dataclasses.fields(Rules)
    assert [f.name for f in fields] == [o.name for o in OPTIONS]
    rules = Rules()
    for option in OPTIONS:
        assert option.kind in KINDS and option.rule.startswith("R")
        assert getattr(rules, option.name) == option.default, option.name
        assert option.label and option.help.endswith("."), option.name


@pytest.mark.parametrize("option", OPTIONS, ids=lambda o: o.name)
def test_validation_follows_the_declared_range_or_values(option):
    """A value just outside the range, or not among the choices, is refused naming the
    option; every declared value and sample is accepted."""
    for value in option.samples:
        rules = Rules(**{option.name: value})
        assert getattr(rules, option.name) == option.check(value), option.name
    bad = {
        "count": [option.low - 1 if option.low is not None else None, (option.high or 0) + 1],
        "limit": [(option.low or 0) - 1, (option.high or 0) + 1, 2.0],
        "bool": [1, "yes", None],
        "choice": ["no such value", 1.5],
        "seat": [8, -1, True, "no such value"],
        "shares": [{"X": 1}, {"S": 2}],
        "function": ["not a function", 3],
    }[option.kind]
    for value in bad:
        with pytest.raises(RulesError, match=option.name.split("_")[0]):
            Rules(**{option.name: value})
    for value in option.choices:
        assert getattr(Rules(**{option.name: value}), option.name) == value


def test_describe_says_each_changed_option_in_its_declared_words():
    for name, changes in option_variants().items():
        if not changes:
            continue
        ((option_name, _value),) = changes.items()
        option = OPTION[option_name]
        line = f"{option.label}: {option.say(getattr(Rules(**changes), option_name))}"
        assert line in Rules(**changes).describe(), name


def test_the_strategies_reach_every_declared_choice():
    """The hypothesis strategy is made from the declarations: each value of each choice
    (and both values of each switch) is drawn."""
    for option in OPTIONS:
        if option.kind == "bool":
            wanted = (True, False)
        elif option.kind in ("choice", "seat"):
            wanted = option.choices
        else:
            continue
        for value in wanted:
            found = find(rule_sets(), lambda r, o=option, v=value: getattr(r, o.name) == v)
            assert getattr(found, option.name) == value


def test_the_editor_shows_one_control_per_declared_option():
    from borsen_widget import Game, RulesEditor

    form = RulesEditor(Game(Rules(), seed=1)).form
    assert [o["name"] for o in form["options"]] == [o.name for o in OPTIONS]
    for shown, option in zip(form["options"], OPTIONS, strict=True):
        assert (shown["rule"], shown["label"], shown["help"]) == (
            option.rule,
            option.label,
            option.help,
        )
        assert shown["kind"] == option.control
        if option.control == "choice":
            assert [c["value"] for c in shown["choices"]] == list(option.choices_for(3))


def test_the_documented_table_is_made_from_the_declarations():
    """The options table of the documentation (docs/shared/reference/widget.md) is
    markdown_table()'s output; regenerate it with `python scripts/options_table.py`."""
    match = TABLE.search(PAGE.read_text(encoding="utf-8"))
    assert match, f"{PAGE.name} has no generated options table"
    assert match.group(1) == markdown_table(), f"{PAGE.name}'s options table is stale"
    for option in OPTIONS:
        assert f"`{option.name}`" in match.group(1)


def test_random_rules_reach_every_declared_choice_too():
    """The plain-random rule sets (for tests that play many games) are made from the
    declarations as well: every value of each choice and switch is drawn."""
    rng = random.Random(5)
    drawn = [random_rules(rng) for _ in range(400)]
    for option in OPTIONS:
        if option.kind in ("bool", "choice", "seat"):
            wanted = (True, False) if option.kind == "bool" else option.choices
            seen = {getattr(rules, option.name) for rules in drawn}
            assert set(wanted) <= seen, option.name
