"""Everything the teacher's panel shows about the decision on the table, as JSON-safe data."""

from __future__ import annotations

from fractions import Fraction

from ..engine.cards import RANK_TEXT
from ..engine.game import Game
from ..i18n import translator
from .figures import accept_sentence, draw_outcomes
from .turn import TooManyStates, best_turn

__all__ = ["SUMMARY_MAX_STATES", "summary"]

SUMMARY_MAX_STATES = 50_000


def summary(
    game: Game,
    objective: str = "own",
    *,
    with_best_turn: bool = True,
    max_states: int | None = SUMMARY_MAX_STATES,
    names=None,
    language: str | None = None,
) -> dict:
    """Everything the teacher's panel shows, as JSON-safe data (public information only).

    ``p_accept`` (as counted, as reduced, as a decimal, with the counting sentence of §4),
    the deck's cards left by rank with the accepted ones marked, every draw outcome, and the
    best stopping rule for the turn (``with_best_turn``; ``None`` with a ``reason`` when
    there is no decision to make).

    Cost: everything but the best turn takes well under a millisecond; the exact best turn
    takes milliseconds late in a game but seconds or more in the first turns of a one-deck
    game (see ``benchmarks/analysis_speed.py``), so it is capped at ``max_states`` new states
    (about 3 s; ``None``: no cap): past that ``best_turn`` is ``None`` and ``reason`` says why.

    The sentences (``p_accept["sentence"]``, each outcome's, ``reason``) are in ``language``
    (``None``: the one :func:`borsen_widget.set_language` chose, else English).
    """
    tr = translator(language)
    data: dict = {
        "phase": game.phase,
        "current_player": game.current_player,
        "deck_size": game.deck_size,
        "pile_size": len(game.pile),
        "pile_top": None if not game.pile else game.pile[-1].ascii,
        "p_accept": None,
        "deck": [],
        "outcomes": [],
        "best_turn": None,
        "reason": None,
    }
    if game.is_over or game.deck_size == 0:
        data["reason"] = (
            tr.gettext("the game is over")
            if game.is_over
            else tr.gettext("the deck is empty, so no card can be drawn (R14)")
        )
        return data
    rules = game.rules
    top = game.pile[-1] if game.pile else None
    counts = game.deck_counts()
    size = game.deck_size
    accepted = game.accepted_count()
    p = Fraction(accepted, size)
    data["p_accept"] = {
        "accepted": accepted,
        "deck_size": size,
        "counted": f"{accepted}/{size}",
        "fraction": f"{p.numerator}/{p.denominator}",
        "decimal": float(p),
        "sentence": accept_sentence(game, accepted, size, language=tr.language),
    }
    by_rank: dict = {}
    for card, k in counts.items():
        label = f"A{card.suit}" if card.is_ace else RANK_TEXT[card.rank]
        entry = by_rank.setdefault(label, {"label": label, "count": 0, "accepted": 0})
        entry["count"] += k
        entry["accepted"] += k if rules.accepts(card, top) else 0
    data["deck"] = [{**e, "all_accepted": e["accepted"] == e["count"]} for e in by_rank.values()]
    data["outcomes"] = [o.to_dict() for o in draw_outcomes(game, names, language=tr.language)]
    if with_best_turn:
        if game.phase != "play":
            data["reason"] = tr.gettext(
                "an ace decision is pending (R11): there is no draw-or-bank decision"
            )
        else:
            try:
                advice = best_turn(game, objective, max_states=max_states)
                data["best_turn"] = advice.to_dict(tr.language)
            except TooManyStates:
                data["reason"] = tr.gettext(
                    "the best way to play the rest of the turn was not worked out: it needs "
                    "more than {states} new states here (max_states)",
                    states=max_states,
                )
    return data
