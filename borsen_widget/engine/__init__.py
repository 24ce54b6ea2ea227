"""The rules engine: cards, actions, rules, the game and its saves (RULES.md R1–R16).

The bottom layer: it imports the standard library only, and nothing above it, so it runs
wherever Python runs (Pyodide included). Every rule has its one home here.
"""

from .actions import BANK, DRAW, KEEP_ALL, Action
from .cards import Card
from .errors import ActionParseError, IllegalActionError, RulesError, SaveError
from .events import Event
from .game import Game
from .rules import Rules

__all__ = [
    "BANK",
    "DRAW",
    "KEEP_ALL",
    "Action",
    "ActionParseError",
    "Card",
    "Event",
    "Game",
    "IllegalActionError",
    "Rules",
    "RulesError",
    "SaveError",
]
