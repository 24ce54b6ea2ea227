"""The rule variants and bot line-ups that the fast simulator is checked on against the engine:
one entry per rule option of RULES.md §2 that is not the default (and a few combinations)."""

from borsen_widget import RandomBot, ThresholdBot
from borsen_widget.play.bots import ExpectedValueBot, ProbabilityBot

MIX = [ThresholdBot(4), RandomBot(), ProbabilityBot(0.5), ExpectedValueBot(), ThresholdBot(2)]

# One entry per rule option that is not the default (and a few combinations).
VARIANTS = {
    "original": {},
    "R1 players=2": {"players": 2},
    "R1 players=5": {"players": 5},
    "R1 players=8": {"players": 8},
    "R2 decks=2": {"decks": 2},
    "R2 decks=4": {"decks": 4},
    "R3 first_player=1": {"first_player": 1},
    "R3 first_player=suit": {"first_player": "suit"},
    "R5 equal_accepted=False": {"equal_accepted": False},
    "R8 bank_ends_turn=False": {"bank_ends_turn": False},
    "R9 ace_shares": {"ace_shares": {"S": 1, "H": "2/3", "C": "1/2", "D": "1/3"}},
    "R9 ace_shares zero": {"ace_shares": {"S": 0, "D": "9/10"}},
    "R9 rob_target=next": {"rob_target": "next"},
    "R9 rob_target=leader": {"rob_target": "leader", "players": 4},
    "R9 loot_to=pile": {"loot_to": "pile"},
    "R11 auto_aces=keep": {"auto_aces": "keep"},
    "R11 auto_aces=list": {"auto_aces": "list"},
    "R12 max_bank_aces=0": {"max_bank_aces": 0},
    "R12 max_bank_aces=1": {"max_bank_aces": 1},
    "R12 max_bank_aces=None": {"max_bank_aces": None},
    "R12 two decks, limit 3": {"decks": 2, "max_bank_aces": 3, "auto_aces": None},
    "R14 auto_bank_at_end=False": {"auto_bank_at_end": False},
    "R14a max_turns=24": {"max_turns": 24},
    "R14a max_turns=3": {"max_turns": 3},
    "combined": {
        "players": 4,
        "decks": 2,
        "equal_accepted": False,
        "loot_to": "pile",
        "rob_target": "leader",
        "max_bank_aces": 1,
        "bank_ends_turn": False,
        "first_player": "suit",
    },
}

# Each built-in strategy alone, and against the others (original rules).
BOT_SETS = {
    "ThresholdBot(4) x3": [ThresholdBot(4)] * 3,
    "ThresholdBot 1..3": [ThresholdBot(1), ThresholdBot(2), ThresholdBot(3)],
    "RandomBot x3": [RandomBot()] * 3,
    "ProbabilityBot": [ProbabilityBot(0.3), ProbabilityBot(0.6), ProbabilityBot(0.9)],
    "ExpectedValueBot vs": [ExpectedValueBot(), ThresholdBot(5), ProbabilityBot(0.45)],
    "EV leader pile": [ExpectedValueBot(), ExpectedValueBot(), RandomBot()],
}
BOT_SET_RULES = {"EV leader pile": {"rob_target": "leader", "loot_to": "pile"}}
