"""Børsen, the Norwegian card game, as a rules engine and a Jupyter widget.

The engine (cards, rules, game, bots) imports the standard library only; the widget needs
anywidget and is imported on first use, so ``import borsen_widget`` works anywhere.
"""

from .actions import Action
from .bots import (
    Bot,
    ExpectedValueBot,
    FunctionBot,
    OptimalTurnBot,
    ProbabilityBot,
    PublicView,
    RandomBot,
    ThresholdBot,
    as_bot,
    play,
)
from .cards import Card
from .errors import IllegalActionError, RulesError
from .events import Event
from .game import Game
from .rules import Rules

__all__ = [
    "Action",
    "BorsenWidget",
    "Bot",
    "Card",
    "Event",
    "ExpectedValueBot",
    "FunctionBot",
    "Game",
    "IllegalActionError",
    "OptimalTurnBot",
    "ProbabilityBot",
    "ProbabilityPanel",
    "PublicView",
    "RandomBot",
    "Rules",
    "RulesError",
    "ThresholdBot",
    "as_bot",
    "play",
]
__version__ = "0.1.0"


def __getattr__(name: str):
    # The widgets need anywidget; import them on first use only, so the engine imports anywhere.
    if name == "BorsenWidget":
        from .widget import BorsenWidget

        return BorsenWidget
    if name == "ProbabilityPanel":
        from .panel import ProbabilityPanel

        return ProbabilityPanel
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
