"""Which engine plays a tournament, and a chunk of games on the fast path.

:func:`why_not_fast` is the one place that decides whether the fast path
(:mod:`borsen_widget.sim.fastsim`) can play some rules and bots: NumPy must be installed, and
:func:`~borsen_widget.sim.fastsim.fast_unsupported` must find nothing it does not cover (a
custom ``loot_rule``, a bot that is not built in, ...). :func:`choose_engine` turns the engine
asked for into the engine played, with the reason when that is the reference engine instead:
a :class:`Fallback`, which says itself in English (``result.fallback_reason``, for programs
and logs) or in bokmål or nynorsk (the result's summary, in the reader's language).

Imports: the engine's rules and options, :mod:`borsen_widget.i18n` and
:mod:`~borsen_widget.sim.environment`; NumPy and the fast path only once a chunk is played on
it, or the rules are checked where NumPy is installed.
"""

from __future__ import annotations

from typing import NamedTuple

from ..engine import options as rule_options
from ..engine.rules import Rules
from ..i18n import translator
from . import environment
from .seeding import game_seeds

__all__ = ["ENGINES", "Fallback", "choose_engine", "play_fast"]

#: What ``simulate(engine=...)`` accepts.
ENGINES = ("auto", "fast", "reference")
#: :func:`why_not_fast`'s reason where NumPy is missing.
NO_NUMPY = "NumPy is not installed here (pip install 'borsen_widget[sim]')"


def why_not_fast(rules: Rules, bots: list) -> str | None:
    """Why the fast path cannot play these (NumPy missing, or what it does not cover), or
    ``None`` when it can."""
    if not environment.has_fast_path():
        return NO_NUMPY
    from . import fastsim

    return fastsim.fast_unsupported(rules, bots)


class Fallback(NamedTuple):
    """Why ``engine="auto"`` played on the reference engine, as data that a reader's language
    tells: ``kind`` is ``"numpy"`` (NumPy is missing), ``"option"`` (``subject`` names a rule
    option whose ``value`` the fast path does not play), ``"bot"`` (``subject`` names a bot
    that is not built in) or ``"other"`` (``subject`` is the fast path's own sentence)."""

    kind: str
    subject: str = ""
    value: object = None

    def say(self, language: str | None = None) -> str:
        """The reason as a sentence in ``language`` (``None``: the chosen one, else English);
        in English it is ``result.fallback_reason``."""
        tr = translator(language)
        if self.kind == "numpy":
            return tr.gettext("NumPy is not installed here (pip install 'borsen_widget[sim]')")
        if self.kind == "option":
            option = rule_options.OPTION[self.subject]
            return tr.gettext(
                "the fast path cannot play this: it does not play {name} = {value} "
                "({rule}: {label})",
                name=option.name,
                value=option.say(self.value, tr.language),
                rule=option.rule,
                label=tr.gettext(option.label),
            )
        if self.kind == "bot":
            return tr.gettext(
                "the fast path cannot play this: {bot} is not a built-in strategy",
                bot=self.subject,
            )
        return tr.gettext("the fast path cannot play this: {why}", why=self.subject)

    def __str__(self) -> str:
        return self.say("en")


def fallback_for(rules: Rules, bots: list) -> Fallback | None:
    """Why the fast path cannot play these, as a :class:`Fallback` (``None`` when it can)."""
    why = why_not_fast(rules, bots)
    if why is None:
        return None
    if why == NO_NUMPY:
        return Fallback("numpy")
    why_option = rule_options.fast_unsupported_option(rules)
    if why_option is not None:
        for option in rule_options.OPTIONS:  # the first option it does not play, as it says
            value = getattr(rules, option.name)
            if not option.is_fast(value):
                return Fallback("option", option.name, value)
        return Fallback("other", why_option)
    from . import fastsim

    for bot in bots:
        if fastsim.fast_unsupported(rules, [bot]) is not None:
            return Fallback("bot", str(bot))
    return Fallback("other", why)


class Choice(NamedTuple):
    """The engine that plays (``"fast"`` or ``"reference"``) and, when the reference engine
    plays though the fast one was not ruled out by the caller, why (a :class:`Fallback`)."""

    engine: str
    fallback: Fallback | None


def choose_engine(engine: str, rules: Rules, bots: list) -> Choice:
    """The engine that plays ``engine`` (one of :data:`ENGINES`, already checked):
    ``"reference"`` as asked (NumPy is not even looked for), ``"fast"`` or a ``ValueError``
    saying why not, ``"auto"`` the fast path where it can play, else the reference engine with
    the reason."""
    if engine == "reference":
        return Choice("reference", None)
    if engine == "fast":
        why = why_not_fast(rules, bots)
        if why is not None:
            raise ValueError(f"the fast engine cannot play this: {why}")
        return Choice("fast", None)
    fallback = fallback_for(rules, bots)
    return Choice("fast", None) if fallback is None else Choice("reference", fallback)


def play_fast(rules: Rules, bots: list, seed: int, chunk: int, start: int, stop: int, rotate):
    """Games ``start..stop-1`` (chunk number ``chunk``) on the fast path, as columns of NumPy
    arrays; the chunk's cards come from a generator of ``seed`` and ``chunk`` alone."""
    import numpy as np

    from . import fastsim

    sequence = np.random.SeedSequence(seed, spawn_key=(chunk,))
    rng = np.random.Generator(np.random.PCG64(sequence))
    n = rules.players
    rotations = np.arange(start, stop) % n if rotate else np.zeros(stop - start, dtype=np.int64)
    out = fastsim.play_batch(rules, bots, rotations, rng)
    out["seeds"] = game_seeds(seed, start, stop)
    return out
