"""Which engine plays a tournament, and a chunk of games on the fast path.

:func:`why_not_fast` is the one place that decides whether the fast path
(:mod:`borsen_widget.sim.fastsim`) can play some rules and bots: NumPy must be installed, and
:func:`~borsen_widget.sim.fastsim.fast_unsupported` must find nothing it does not cover (a
custom ``loot_rule``, a bot that is not built in, ...). :func:`choose_engine` turns the engine
asked for into the engine played, with the reason when that is the reference engine instead.

Imports: the engine's rules and :mod:`~borsen_widget.sim.environment`; NumPy and the fast path
only once a chunk is played on it, or the rules are checked where NumPy is installed.
"""

from __future__ import annotations

from typing import NamedTuple

from ..engine.rules import Rules
from . import environment
from .seats import game_seeds

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


class Choice(NamedTuple):
    """The engine that plays (``"fast"`` or ``"reference"``) and, when the reference engine
    plays though the fast one was not ruled out by the caller, why (a sentence)."""

    engine: str
    fallback_reason: str | None


def choose_engine(engine: str, rules: Rules, bots: list) -> Choice:
    """The engine that plays ``engine`` (one of :data:`ENGINES`, already checked):
    ``"reference"`` as asked (NumPy is not even looked for), ``"fast"`` or a ``ValueError``
    saying why not, ``"auto"`` the fast path where it can play, else the reference engine with
    the reason."""
    if engine == "reference":
        return Choice("reference", None)
    why = why_not_fast(rules, bots)
    if why is None:
        return Choice("fast", None)
    if engine == "fast":
        raise ValueError(f"the fast engine cannot play this: {why}")
    if why == NO_NUMPY:
        return Choice("reference", why)
    return Choice("reference", f"the fast path cannot play this: {why}")


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
