"""Børsen, the Norwegian card game, as a rules engine and a Jupyter widget.

The package is built in layers, each a folder that reads only the ones before it:

- :mod:`~borsen_widget.engine`: cards, actions, rules, the game and its saves (RULES.md);
- :mod:`~borsen_widget.analysis`: exact probabilities from public information;
- :mod:`~borsen_widget.play`: bots, the loop that plays them, win chances by rollouts;
- :mod:`~borsen_widget.sim`: tournaments of many games, fast;
- :mod:`~borsen_widget.classroom`: the class on the students' phones (its server, sessions,
  seats, lesson, strategies and tournament), with its one wire module;
- :mod:`~borsen_widget.jupyter`: the widget, the teacher's panel, the rules editor and the
  join card;
- :mod:`~borsen_widget.envs` (reinforcement-learning environments) and
  :mod:`~borsen_widget.server` (the Jupyter server's relay for a class).

Everything below the widgets imports the standard library only; the widgets need anywidget.
Every name here is imported on first use, so ``import borsen_widget`` works anywhere and is
quick; NumPy, where it is installed, only when a simulation plays on the fast path.
"""

import sys
import types

__all__ = [
    "BANK",
    "DRAW",
    "Action",
    "ActionParseError",
    "BorsenError",
    "BorsenWidget",
    "Bot",
    "Card",
    "Event",
    "ExpectedValueBot",
    "FunctionBot",
    "Game",
    "IllegalActionError",
    "LessonFileError",
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
    "TournamentError",
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

# Every name is imported on first use (PEP 562), so importing one part of the package loads
# that part only: the Jupyter server's extension loads the class's wire and nothing of the
# game, and ``import borsen_widget`` works without anywidget (the widgets need it) or the
# simulator's modules. ``from borsen_widget import Game`` asks this ``__getattr__``.
_LAZY = {
    "BANK": ".engine.actions",
    "DRAW": ".engine.actions",
    "Action": ".engine.actions",
    "Card": ".engine.cards",
    "ActionParseError": ".engine.errors",
    "IllegalActionError": ".engine.errors",
    "RulesError": ".engine.errors",
    "SaveError": ".engine.errors",
    "BorsenError": ".i18n.errors",
    "Event": ".engine.events",
    "Game": ".engine.game",
    "Rules": ".engine.rules",
    "get_language": ".i18n",
    "set_language": ".i18n",
    "Bot": ".play.bots",
    "ExpectedValueBot": ".play.bots",
    "FunctionBot": ".play.bots",
    "OptimalTurnBot": ".play.bots",
    "ProbabilityBot": ".play.bots",
    "PublicView": ".play.bots",
    "RandomBot": ".play.bots",
    "StrategyError": ".play.bots",
    "ThresholdBot": ".play.bots",
    "win_chance": ".play.rollouts",
    "as_bot": ".play.specs",
    "RuleBot": ".play.strategy_rules",
    "StrategyRule": ".play.strategy_rules",
    "StrategyRuleError": ".play.strategy_rules",
    "WinningBot": ".play.winning_bot",
    "win_chances": ".play.winning_bot",
    "TournamentError": ".sim.tournament",
    "LessonFileError": ".classroom.lesson",
    "BorsenWidget": ".jupyter.widget",
    "ProbabilityPanel": ".jupyter.panel",
    "RulesEditor": ".jupyter.rules_editor",
    "SimulationResult": ".sim.simulate",
    "simulate": ".sim.simulate",
}
#: The layers, as attributes too (``borsen_widget.engine``), imported when first named.
_LAYERS = (
    "analysis",
    "classroom",
    "engine",
    "envs",
    "i18n",
    "jupyter",
    "play",
    "server",
    "sim",
)


def __getattr__(name: str):
    import importlib

    if name in _LAZY:
        value = getattr(importlib.import_module(_LAZY[name], __name__), name)
        globals()[name] = value  # asked once
        return value
    if name in _LAYERS:
        return importlib.import_module(f".{name}", __name__)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(__all__))


class _Package(types.ModuleType):
    """The package's module: ``borsen_widget.play`` is the function :func:`~borsen_widget.play.
    playout.play` (as it has always been), although a layer of the same name exists. Python
    sets a subpackage as its parent's attribute when it first loads it; here that is kept
    aside, so the name stays the function whichever is imported first."""

    @property
    def play(self):
        from .play.playout import play

        return play

    @play.setter
    def play(self, _subpackage) -> None:
        pass  # the layer stays reachable as sys.modules["borsen_widget.play"]


sys.modules[__name__].__class__ = _Package
