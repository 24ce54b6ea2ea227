"""Børsen, the Norwegian card game, as a rules engine and a Jupyter widget.

The package is built in layers, each a folder that reads only the ones before it:

- :mod:`~borsen_widget.engine`: cards, actions, rules, the game and its saves (RULES.md);
- :mod:`~borsen_widget.analysis`: exact probabilities from public information;
- :mod:`~borsen_widget.play`: bots, the loop that plays them, win chances by rollouts;
- :mod:`~borsen_widget.sim`: tournaments of many games, fast;
- :mod:`~borsen_widget.jupyter`: the widget, the teacher's panel and the rules editor.

Everything below the widgets imports the standard library only; the widgets need anywidget
and are imported on first use, so ``import borsen_widget`` works anywhere. :func:`simulate`
and :class:`SimulationResult` (:mod:`borsen_widget.sim.simulate`) are imported on first use
too, which keeps ``import borsen_widget`` quick; NumPy, where it is installed, only when a
simulation plays on the fast path.
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
)
from .play.playout import play
from .play.rollouts import win_chance
from .play.specs import as_bot
from .play.strategy_rules import RuleBot, StrategyRule, StrategyRuleError
from .play.winning import WinningBot, win_chances

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
    "RuleBot",
    "Rules",
    "RulesEditor",
    "RulesError",
    "SaveError",
    "SimulationResult",
    "StrategyError",
    "StrategyRule",
    "StrategyRuleError",
    "ThresholdBot",
    "WinningBot",
    "as_bot",
    "get_language",
    "play",
    "set_language",
    "simulate",
    "win_chance",
    "win_chances",
]
__version__ = "0.3.0"

# Imported on first use only: the widgets need anywidget, so the engine imports anywhere; the
# simulator is a few more modules than most uses need (``from borsen_widget import simulate``
# still gives the function: ``from ... import`` asks this ``__getattr__``).
_LAZY = {
    "BorsenWidget": ".jupyter.widget",
    "ProbabilityPanel": ".jupyter.panel",
    "RulesEditor": ".jupyter.rules_editor",
    "SimulationResult": ".sim.simulate",
    "simulate": ".sim.simulate",
}


def __getattr__(name: str):
    if name in _LAZY:
        import importlib

        return getattr(importlib.import_module(_LAZY[name], __name__), name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(__all__))
