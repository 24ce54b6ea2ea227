"""The rules the environments' tests play: the seed rules and variants drawn from the options'
one declaration (``rule_options.option_variants``), with a cap on turns so that the
libraries' suites (which play many steps) stay short."""

from __future__ import annotations

import random

from rule_options import option_variants, random_rules

from borsen_widget import Rules
from borsen_widget.envs.openspiel import PARAMETERS

#: The options OpenSpiel takes as parameters (a Python function cannot be one).
SPIEL_OPTIONS = {o.name for o in PARAMETERS}


def variants(count: int, *, functions: bool = True, seed: int = 24) -> dict[str, Rules]:
    """The seed rules and ``count`` other variants of ``option_variants`` (drawn with
    ``seed``, the structural ones always among them), each with at most 30 turns."""
    every = option_variants()
    names = [n for n in every if n != "original"]
    if not functions:
        names = [n for n in names if set(every[n]) <= SPIEL_OPTIONS]
    structural = [n for n in names if n.startswith(("R1 ", "R2 "))]
    rest = [n for n in names if n not in structural]
    chosen = structural + random.Random(seed).sample(
        rest, min(len(rest), max(0, count - len(structural)))
    )
    out = {"original": Rules()}
    for name in chosen[:count]:
        rules = Rules(**every[name])
        out[name] = rules.replace(max_turns=min(rules.max_turns, 30))
    return out


def short_random_rules(rng: random.Random, *, functions: bool = True) -> Rules:
    """A rule set from every option's declared values (``random_rules``), two to four
    players, one or two decks, and a cap of 1 to 12 turns: short games."""
    rules = random_rules(
        rng, most_players=4, most_decks=2, function_chance=0.15 if functions else 0.0
    )
    return rules.replace(max_turns=rng.randint(1, 12))
