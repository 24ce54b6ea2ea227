"""Exact probabilities for teaching (RULES.md §4): what the next draw can do, the best choice
between drawing and banking proven at once by exact bounds, the best stopping rule for the rest
of a turn, and everything the teacher's panel shows.

Everything here is computed from public information only (the pile, the banks, the rules and
the deck's composition), never the deck's order, the seed or the random generator, and is
exact (:class:`fractions.Fraction`). This package reads the engine only: no bots, no
simulation. The chance of winning a small two-player game under best play, solved exactly, is
in :mod:`.winning`; the chance of winning the full game, estimated by playing on with bots,
lives in :mod:`borsen_widget.play.rollouts` (``borsen_widget.win_chance``).
"""

from __future__ import annotations

from .choice import Choice, best_choice
from .figures import (
    OBJECTIVES,
    Outcome,
    accept_sentence,
    draw_outcomes,
    fraction_data,
    one_draw_value,
    p_accept,
)
from .small_games import (
    DECK_16,
    DECK_20,
    SmallDeck,
    SmallGame,
    SmallState,
    WinSolution,
    cards_gap,
    disagreements,
    policy_slice,
    small_report,
    solve_small,
)
from .summary import SUMMARY_MAX_STATES, summary
from .turn import TooManyStates, TurnAdvice, best_turn, clear_cache

__all__ = [
    "DECK_16",
    "DECK_20",
    "OBJECTIVES",
    "SUMMARY_MAX_STATES",
    "Choice",
    "Outcome",
    "SmallDeck",
    "SmallGame",
    "SmallState",
    "TooManyStates",
    "TurnAdvice",
    "WinSolution",
    "accept_sentence",
    "best_choice",
    "best_turn",
    "cards_gap",
    "clear_cache",
    "disagreements",
    "draw_outcomes",
    "fraction_data",
    "one_draw_value",
    "p_accept",
    "policy_slice",
    "small_report",
    "solve_small",
    "summary",
]
