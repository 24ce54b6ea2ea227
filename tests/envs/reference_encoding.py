"""The encoder's observation and mask as first written (before the fast path), kept as the
slow reference the fast encoder must equal exactly, entry for entry and bit for bit: a direct
reading of the module text of :mod:`borsen_widget.envs.encoding`, one card at a time, from a
:class:`~borsen_widget.play.bots.PublicView`."""

from __future__ import annotations

import numpy as np

from borsen_widget.engine.cards import CARDS, DISTINCT_CARDS, FIRST_ACE
from borsen_widget.engine.moves import cap_reached
from borsen_widget.envs.encoding import PHASES, Encoding
from borsen_widget.play.bots import PublicView


def reference_mask(encoding: Encoding, view: PublicView, seat: int | None = None) -> np.ndarray:
    """1 for each legal action of the seat to act; all 0 for another seat or a game over."""
    mask = np.zeros(encoding.num_actions, np.int8)
    if seat is None or seat == view.current_player:
        mask[sorted(encoding.index(a) for a in view.legal_actions())] = 1
    return mask


def reference_observe(encoding: Encoding, view: PublicView, seat: int) -> np.ndarray:
    """The observation vector of ``view`` as ``seat`` sees it, entry by entry."""
    rules = encoding.rules
    n, decks, total = rules.players, rules.decks, DISTINCT_CARDS * rules.decks
    accepts = np.array(
        [[rules.accepts(card, below) for card in CARDS] for below in (*CARDS, None)],
        np.float32,
    )
    out = np.zeros(170 + 7 * n, np.float32)
    counts = view.deck_counts()
    for card, k in counts.items():
        out[card.index] = k
    size = sum(counts.values())
    out[52] = size / total
    at = 53
    for card in view.pile:
        out[at + card.index] += 1 / decks
    out[at + 52] = view.pile_size / total
    top = view.top
    if top is not None:
        out[at + 53 + top.index] = 1
    at += 105  # 158
    for k in range(n):
        bank = view.banks[(seat + k) % n]
        aces = [0, 0, 0, 0]
        for card in bank:
            if card.index >= FIRST_ACE:
                aces[card.index - FIRST_ACE] += 1
        out[at] = (len(bank) - sum(aces)) / total
        out[at + 1] = len(bank) / total
        out[at + 2 : at + 6] = [a / decks for a in aces]
        at += 6
    if view.phase != "over":
        out[at + (view.current_player - seat) % n] = 1
    at += n
    out[at + PHASES.index(view.phase)] = 1
    at += 3
    for card in view.pending_aces:
        out[at + card.index - FIRST_ACE] += 1 / decks
    out[at + 4] = view.aces_to_list / (4 * decks)
    at += 5
    if size and view.phase != "over":  # RULES.md §4: accepted cards over cards left
        out[at] = accepts[-1 if top is None else top.index] @ out[:52] / size
    out[at + 1] = any(not c.is_ace for c in counts)  # R13
    out[at + 2] = view.phase != "over" and cap_reached(view.turns + 1, view.rules)
    out[at + 3] = min(1.0, view.turns / view.rules.max_turns)
    out[:52] /= decks
    return out
