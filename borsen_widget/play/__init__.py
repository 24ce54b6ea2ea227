"""Playing the engine: strategies (bots), strategies as data (:class:`StrategyRule`, played by
:class:`RuleBot`), the loop that lets them play, and the chance of winning estimated by playing
on (rollouts). Reads the engine and the exact analysis."""

from .bots import (
    Bot,
    ExpectedValueBot,
    FunctionBot,
    OptimalTurnBot,
    ProbabilityBot,
    PublicView,
    RandomBot,
    ThresholdBot,
)
from .playout import play, playout
from .rollouts import Estimate, WinChance, win_chance
from .specs import as_bot, bot_from_spec
from .strategy_rules import Condition, RuleBot, StrategyRule, StrategyRuleError, describe
from .winning_bot import WinningBot, win_chances, winning_move

__all__ = [
    "Bot",
    "Condition",
    "Estimate",
    "ExpectedValueBot",
    "FunctionBot",
    "OptimalTurnBot",
    "ProbabilityBot",
    "PublicView",
    "RandomBot",
    "RuleBot",
    "StrategyRule",
    "StrategyRuleError",
    "ThresholdBot",
    "WinChance",
    "WinningBot",
    "as_bot",
    "bot_from_spec",
    "describe",
    "play",
    "playout",
    "win_chance",
    "win_chances",
    "winning_move",
]
