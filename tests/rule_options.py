"""What the tests draw and play of the rule options, made from their one declaration
(:data:`borsen_widget.engine.options.OPTIONS`), so that a new option or value is tested without
a new line here:

- :func:`rule_sets`: a hypothesis strategy over every option, each legal value reachable
  (imported as ``rule_options`` from every test folder);
- :func:`option_variants`: one rule set per sample value of each option (its declared
  ``samples``, and every value of a choice), the variants the fast simulator is checked on;
- :func:`random_rules`: the same reach with a plain ``random.Random``, for tests that play
  many random games without hypothesis.
"""

from __future__ import annotations

import random
from fractions import Fraction

from hypothesis import strategies as st

from borsen_widget import Rules
from borsen_widget.engine.options import OPTIONS, Option

#: Options the strategies leave at their default: Python functions (house rules) are drawn
#: from their declared samples only, and rarely, since they replace a rule.
_RARE = ("function",)


def values(option: Option, players: int = 8, functions=()) -> st.SearchStrategy:
    """Every legal value of ``option`` (seats up to ``players``), the default and the declared
    samples often, so that a rare value is drawn as often as a common one."""
    picked = st.sampled_from([option.default, *option.samples])
    kind = option.kind
    if kind == "count":
        # Near the bottom of a huge range (the cap on turns) is where the rule bites.
        top = option.high if option.high - option.low <= 16 else option.low + 80
        return st.one_of(picked, st.integers(option.low, top))
    if kind == "bool":
        return st.booleans()
    if kind == "choice":
        return st.sampled_from(option.choices)
    if kind == "seat":
        return st.one_of(st.sampled_from(option.choices), st.integers(0, players - 1))
    if kind == "limit":
        return st.one_of(picked, st.none(), st.integers(option.low, option.high))
    if kind == "shares":
        return st.dictionaries(
            st.sampled_from("SHCD"),
            st.fractions(min_value=0, max_value=1, max_denominator=6),
            max_size=4,
        )
    if kind == "function":
        pool = list(functions) if functions else list(option.samples)
        return st.one_of(st.just(None), st.just(None), st.just(None), st.sampled_from(pool))
    raise AssertionError(f"no strategy for the kind {kind!r} of {option.name}")


@st.composite
def rule_sets(draw, functions: bool | dict = False) -> Rules:
    """Every option of RULES.md §2, each value reachable (house rules only with
    ``functions=True``, their declared samples, or a dict of functions by option name: a
    custom rule cannot be saved to JSON)."""
    chosen: dict = {}
    for option in OPTIONS:
        if option.kind in _RARE and not functions:
            continue
        players = chosen.get("players", option.default)
        pool = functions.get(option.name, ()) if isinstance(functions, dict) else ()
        chosen[option.name] = draw(values(option, players, pool))
    return Rules(**chosen)


def option_variants() -> dict[str, dict]:
    """One rule set per value worth playing of each option: its declared samples and every
    value of a choice that is not the default (named ``"R9 rob_target='leader'"``)."""
    variants = {"original": {}}
    for option in OPTIONS:
        candidates = list(option.samples)
        if option.kind in ("choice", "seat"):
            candidates += [c for c in option.choices if c not in candidates]
        for value in candidates:
            if value == option.default:
                continue
            shown = getattr(value, "__qualname__", None) or repr(value)
            variants[f"{option.rule} {option.name}={shown}"] = {option.name: value}
    return variants


def random_rules(
    rng: random.Random,
    *,
    most_players: int = 6,
    most_decks: int = 2,
    functions: dict | None = None,
    function_chance: float = 0.15,
) -> Rules:
    """A rule set drawn with ``rng`` from every option's declared values (players and decks
    kept small for speed; a cap on turns often low enough to bite). ``functions`` gives the
    house rules to draw (by option name; default: the declared samples), each with
    ``function_chance``."""
    chosen: dict = {}
    for option in OPTIONS:
        kind, name = option.kind, option.name
        if kind == "count":
            top = {"players": most_players, "decks": most_decks}.get(name, option.high)
            top = min(top, option.high if option.high - option.low <= 16 else option.low + 40)
            value = rng.choice([option.default, option.default, rng.randint(option.low, top)])
        elif kind == "bool":
            value = rng.random() < 0.5
        elif kind == "choice":
            value = rng.choice([option.default, *option.choices])
        elif kind == "seat":
            value = rng.choice([*option.choices, rng.randrange(chosen["players"])])
        elif kind == "limit":
            value = rng.choice([option.default, None, rng.randint(option.low, 3)])
        elif kind == "shares":
            value = {
                suit: Fraction(rng.randint(0, 3), rng.randint(3, 6))
                for suit in "SHCD"
                if rng.random() < 0.3
            }
        elif kind == "function":
            pool = (functions or {}).get(name) or option.samples
            value = rng.choice(pool) if rng.random() < function_chance else None
        else:
            raise AssertionError(f"no random value for the kind {kind!r} of {name}")
        chosen[name] = value
    return Rules(**chosen)
