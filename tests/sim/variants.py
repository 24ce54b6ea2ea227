"""The rule variants and bot line-ups that the fast simulator is checked on against the engine:
one entry per sample value of each rule option of RULES.md §2, made from the options'
declarations (``rule_options.option_variants``), and a few combinations."""

from rule_options import option_variants

from borsen_widget import RandomBot, Rules, ThresholdBot
from borsen_widget.engine.options import fast_unsupported_option
from borsen_widget.play.bots import ExpectedValueBot, ProbabilityBot

MIX = [ThresholdBot(4), RandomBot(), ProbabilityBot(0.5), ExpectedValueBot(), ThresholdBot(2)]

# One entry per sample value of each rule option, from its declaration (engine/options.py),
# and a few combinations.
VARIANTS = {
    **option_variants(),
    "R9 rob_target=leader, 4 players": {"rob_target": "leader", "players": 4},
    "R12 two decks, limit 3": {"decks": 2, "max_bank_aces": 3, "auto_aces": None},
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
#: The variants the fast simulator plays (the others fall back to the engine, with a reason).
FAST_VARIANTS = {
    name: options
    for name, options in VARIANTS.items()
    if fast_unsupported_option(Rules(**options)) is None
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
