"""Issue 20: what the fast simulator plays comes from the rule options' declarations
(:attr:`borsen_widget.engine.options.Option.fast`), never from an ``else`` branch; every value
it plays is checked game by game against the engine (the variants are made from the same
declarations); a value it does not play falls back to the reference engine, saying why."""

from __future__ import annotations

import dataclasses

import pytest
from variants import FAST_VARIANTS, VARIANTS

from borsen_widget import RandomBot, Rules, ThresholdBot, simulate
from borsen_widget.engine import options
from borsen_widget.engine.options import ALL, OPTIONS
from borsen_widget.sim.fastsim import CHOICES_PLAYED, fast_unsupported

BOTS = [ThresholdBot(4), RandomBot(), ThresholdBot(2)]


def test_a_choice_lists_its_fast_values_one_by_one():
    """A new value of a choice is not played fast until its declaration lists it."""
    for option in OPTIONS:
        if option.kind in ("choice", "seat"):
            assert option.fast != ALL, option.name
            assert set(option.fast) <= set(option.choices), option.name


def test_the_fast_path_plays_exactly_the_declared_values_of_each_choice():
    """Each lookup of the batch holds the declared fast values, no more and no fewer."""
    choices = {o.name for o in OPTIONS if o.kind in ("choice", "seat")}
    assert set(CHOICES_PLAYED) == choices
    for name, table in CHOICES_PLAYED.items():
        assert set(table) == set(options.OPTION[name].fast), name


def test_every_declared_fast_value_has_its_exact_test():
    """Each value an option declares fast (each sample, each choice) is among the variants
    that tests/sim/test_fastsim_exact.py plays game by game on both paths."""
    played = {
        (name, repr(value)) for variant in FAST_VARIANTS.values() for name, value in variant.items()
    }
    for option in OPTIONS:
        wanted = [*option.samples]
        if option.kind in ("choice", "seat"):
            wanted += [c for c in option.fast if c != option.default]
        for value in wanted:
            if option.is_fast(value) and value != option.default:
                assert (option.name, repr(value)) in played, (option.name, value)
    assert set(VARIANTS) - set(FAST_VARIANTS) == {
        name
        for name, v in VARIANTS.items()
        if not all(options.OPTION[k].is_fast(x) for k, x in v.items())
    }


def test_a_value_declared_slow_falls_back_with_the_reason(monkeypatch):
    """Take "leader" out of rob_target's fast values: simulate plays it on the reference
    engine and says which option made it fall back."""
    rob = options.OPTION["rob_target"]
    slower = dataclasses.replace(rob, fast=("previous", "next"))
    monkeypatch.setattr(
        options, "OPTIONS", tuple(slower if o is rob else o for o in options.OPTIONS)
    )
    rules = Rules(rob_target="leader")
    why = fast_unsupported(rules, BOTS)
    assert why is not None and "rob_target" in why and "the leader" in why
    result = simulate(rules, BOTS, 30, seed=1, workers=1, progress=False)
    assert result.engine == "reference" and "rob_target" in result.fallback_reason
    assert "rob_target" in result.summary()
    assert fast_unsupported(Rules(rob_target="next"), BOTS) is None


def test_a_custom_loot_rule_is_declared_slow():
    (sample,) = options.OPTION["loot_rule"].samples
    result = simulate(Rules(loot_rule=sample), BOTS, 20, seed=1, workers=1, progress=False)
    assert result.engine == "reference" and "loot_rule" in result.fallback_reason


@pytest.mark.parametrize("name", sorted(set(VARIANTS) - set(FAST_VARIANTS)))
def test_variants_the_fast_path_does_not_play_are_refused_by_it(name):
    assert fast_unsupported(Rules(**VARIANTS[name]), BOTS) is not None
