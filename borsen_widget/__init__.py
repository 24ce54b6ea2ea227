"""Børsen, the Norwegian card game, as a rules engine and a Jupyter widget.

The package is built in layers, each a folder that reads only the ones before it:

- :mod:`~borsen_widget.engine`: cards, actions, rules, the game and its saves (RULES.md);
- :mod:`~borsen_widget.analysis`: exact probabilities from public information;
- :mod:`~borsen_widget.play`: bots, the loop that plays them, win chances by rollouts;
- :mod:`~borsen_widget.sim`: tournaments of many games, fast;
- :mod:`~borsen_widget.jupyter`: the widget, the teacher's panel and the rules editor.

Everything below the widgets imports the standard library only; the widgets need anywidget
and are imported on first use, so ``import borsen_widget`` works anywhere.
"""

from .engine.actions import BANK, DRAW, Action
from .engine.cards import Card
from .engine.errors import ActionParseError, IllegalActionError, RulesError, SaveError
from .engine.events import Event
from .engine.game import Game
from .engine.rules import Rules
from .i18n import get_language, set_language
from .play.bots import (
    Bot,
    ExpectedValueBot,
    FunctionBot,
    OptimalTurnBot,
    ProbabilityBot,
    PublicView,
    RandomBot,
    StrategyError,
    ThresholdBot,
    as_bot,
)
from .play.playout import play
from .play.rollouts import win_chance

__all__ = [
    "BANK",
    "DRAW",
    "Action",
    "ActionParseError",
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
    "RulesEditor",
    "RulesError",
    "SaveError",
    "StrategyError",
    "ThresholdBot",
    "as_bot",
    "get_language",
    "play",
    "set_language",
    "win_chance",
]
__version__ = "0.2.0"

# The widgets need anywidget: imported on first use only, so the engine imports anywhere.
_WIDGETS = {
    "BorsenWidget": ".jupyter.widget",
    "ProbabilityPanel": ".jupyter.panel",
    "RulesEditor": ".jupyter.rules_editor",
}


def __getattr__(name: str):
    if name in _WIDGETS:
        import importlib

        return getattr(importlib.import_module(_WIDGETS[name], __name__), name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
