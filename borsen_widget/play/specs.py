"""Bots named by short text (as the command line and ``simulate``'s ``bots=`` write them):
``"random"``, ``"threshold:4"``, ``"probability:0.5"``, ``"ev"``, ``"optimal"``,
``"winning"``; and :func:`as_bot`, which also takes a bot or a strategy function.

A module of its own because it names every bot of the package, the card bots of
:mod:`~borsen_widget.play.bots` and :class:`~borsen_widget.play.winning_bot.WinningBot` (which
builds on them), so neither of those has to import the other's module."""

from __future__ import annotations

from ..engine.errors import quote
from .bots import (
    Bot,
    ExpectedValueBot,
    FunctionBot,
    OptimalTurnBot,
    ProbabilityBot,
    RandomBot,
    ThresholdBot,
)
from .winning_bot import WinningBot

BOT_SPECS = {
    "random": "RandomBot (random or random:SEED)",
    "threshold": "ThresholdBot (threshold:K, bank at K cards)",
    "probability": "ProbabilityBot (probability:P, bank when P(accept) < P)",
    "ev": "ExpectedValueBot (one step of look-ahead)",
    "optimal": "OptimalTurnBot (the exact best stopping rule, for cards)",
    "winning": "WinningBot (plays to win, R15)",
}


def bot_from_spec(spec: str) -> Bot:
    """A bot from short text: ``"random"``, ``"threshold:4"``, ``"probability:0.5"`` (or
    ``"probability:1/3"``), ``"ev"``, ``"optimal"``, ``"winning"`` (as the command line
    writes them)."""
    if not isinstance(spec, str) or len(spec) > 40:
        raise ValueError(f"a bot is named by short text such as 'threshold:4', not {quote(spec)}")
    name, _, arg = spec.strip().partition(":")
    name = name.lower()
    try:
        if name == "random":
            return RandomBot(int(arg) if arg else None)
        if name == "threshold":
            return ThresholdBot(int(arg) if arg else 4)
        if name in ("probability", "prob"):
            return ProbabilityBot(_probability(arg) if arg else 0.5)
        if name in ("ev", "expected", "expectedvalue") and not arg:
            return ExpectedValueBot()
        if name == "optimal" and not arg:
            return OptimalTurnBot()
        if name in ("winning", "win") and not arg:
            return WinningBot()
    except (ValueError, ZeroDivisionError) as error:
        raise ValueError(f"cannot read the bot {quote(spec)}: {error}") from None
    known = "; ".join(BOT_SPECS.values())
    raise ValueError(f"unknown bot {quote(spec)}: use one of {known}")


def _probability(text: str) -> float:
    """``"0.5"`` or ``"1/3"`` as a float (never through a number of unbounded size)."""
    top, slash, bottom = text.partition("/")
    return int(top) / int(bottom) if slash else float(text)


def as_bot(strategy) -> Bot:
    """A bot from a :class:`~borsen_widget.play.bots.Bot`, a strategy function (see
    :class:`~borsen_widget.play.bots.FunctionBot`) or a spec such as ``"threshold:4"``."""
    if isinstance(strategy, Bot):
        return strategy
    if isinstance(strategy, str):
        return bot_from_spec(strategy)
    if callable(strategy):
        return FunctionBot(strategy)
    raise TypeError(
        f"a bot is a Bot, a function of the public view or a spec such as 'threshold:4', "
        f"not {quote(strategy)}"
    )


__all__ = ["BOT_SPECS", "as_bot", "bot_from_spec"]
