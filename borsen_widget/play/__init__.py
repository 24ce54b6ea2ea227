"""Playing the engine: strategies (bots), the loop that lets them play, and the chance of
winning estimated by playing on (rollouts). Reads the engine and the exact analysis."""

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
from .winning import WinningBot, win_chances, winning_move

__all__ = [
    "Bot",
    "Estimate",
    "ExpectedValueBot",
    "FunctionBot",
    "OptimalTurnBot",
    "ProbabilityBot",
    "PublicView",
    "RandomBot",
    "ThresholdBot",
    "WinChance",
    "WinningBot",
    "as_bot",
    "bot_from_spec",
    "play",
    "playout",
    "win_chance",
    "win_chances",
    "winning_move",
]
