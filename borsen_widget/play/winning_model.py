"""The compressed game behind :class:`~borsen_widget.play.winning.WinningBot`: the chance of
winning (R15, a tie counted as half) of every state of a small model of Børsen, solved exactly by
backward induction.

The model keeps what decides a game between two players and forgets the rest:

- ``n``: the cards left in the deck (R2; every draw takes one, R14 ends the game at 0);
- ``lead``: the player to act's bank minus the opponent's (R15), clipped to ``± lead_max``;
- ``s``: the pile's size (clipped to ``pile_max``) and ``t``: its top card's *class*, the set
  of cards R5 accepts on it (read from :meth:`Rules.accepts`, so ``equal_accepted`` and a house
  ``accept_rule`` are followed); an empty pile and an ace accept everything.

Every draw is a card of the full deck's mix (each of the 52 distinct cards as likely: the deck is
taken as *well shuffled and large*, so its exact composition is not tracked; the bot reads the
exact composition for the draw at hand, see :mod:`~borsen_widget.play.winning`). A drawn card
that R5 accepts stays on the pile and the drawer acts again (R6); one that is refused passes the
pile to the opponent (R7). An ace robs the opponent (R9) of ⌊share × their bank⌋ (their bank
being ``(banked - lead) / 2`` of the cards out of the deck), into the bank or, with
``loot_to="pile"``, under the ace into the pile. Banking (R8) hands the opponent an empty pile,
or, with ``bank_ends_turn=False``, gives the banker a new one. With an empty deck the pile is
banked (R14) and the bigger bank wins (R15). Not modelled: ace decisions (R11–R13: aces stay in
the banks), the cap on turns (R14a), seats beyond two (the bot reads a table of more players
as "me against the best of the others").

:func:`solve` returns the table ``Q[n][lead][s][t]`` (the player to act's chance of winning
when playing the model's best move) as a flat ``array('f')``. It is computed with NumPy where it
is installed (well under a second for one deck) and in pure Python otherwise (the same
numbers, a few seconds per deck); the table of the original rules for two players ships with
the package (:mod:`~borsen_widget.play.winning`).
"""

from __future__ import annotations

from array import array
from dataclasses import dataclass

from ..engine.cards import CARDS
from ..engine.rules import Rules

#: The version of the model: a table made by another version is never read.
MODEL_VERSION = 1


@dataclass(frozen=True)
class Model:
    """The compressed game of some rules (see the module's docstring)."""

    cards: int  # cards in play: 52 × decks (R2)
    lead_max: int
    pile_max: int
    tops: int  # classes of top card (by what R5 accepts on them)
    empty_top: int  # the class of an empty pile (and of an ace): everything accepted
    card_top: tuple[int, ...]  # the top class each of the 52 distinct cards makes
    # The draw classes: (copies among the 52, accepted on each top class, top class it
    # makes, ace suit index or -1).
    draws: tuple[tuple[int, tuple[bool, ...], int, int], ...]
    card_draw: tuple[int, ...]  # the draw class of each of the 52 distinct cards
    shares: tuple[tuple[int, int], ...]  # R9 by suit index
    loot_to_pile: bool  # R9
    bank_ends_turn: bool  # R8

    @property
    def leads(self) -> int:
        return 2 * self.lead_max + 1

    @property
    def size(self) -> int:
        return (self.cards + 1) * self.leads * (self.pile_max + 1) * self.tops

    def index(self, n: int, lead: int, s: int, t: int) -> int:
        """The flat index of state (n, lead, s, t), lead and s clipped into the table."""
        lm = self.lead_max
        lead = -lm if lead < -lm else lm if lead > lm else lead
        s = self.pile_max if s > self.pile_max else s
        return ((n * self.leads + lead + lm) * (self.pile_max + 1) + s) * self.tops + t

    def key(self) -> tuple:
        """What the table depends on (two models with the same key have the same table)."""
        return (
            MODEL_VERSION,
            self.cards,
            self.lead_max,
            self.pile_max,
            self.card_top,
            self.draws,
            self.shares,
            self.loot_to_pile,
            self.bank_ends_turn,
        )


def model_of(rules: Rules, *, lead_max: int | None = None, pile_max: int | None = None) -> Model:
    """The compressed game of ``rules`` (R5 from :meth:`Rules.accepts`, R9's shares, R8)."""
    cards = 52 * rules.decks
    if lead_max is None:
        lead_max = 40 * rules.decks
    if pile_max is None:
        pile_max = 20
    rows: dict[tuple, int] = {}
    card_top = []
    everything = (True,) * 52
    for top in CARDS:
        row = everything if top.is_ace else tuple(rules.accepts(c, top) for c in CARDS)
        card_top.append(rows.setdefault(row, len(rows)))
    empty_top = rows.setdefault(everything, len(rows))
    by_top = sorted(rows, key=rows.get)
    groups: dict[tuple, int] = {}
    card_draw = []
    for i, card in enumerate(CARDS):
        column = tuple(row[i] for row in by_top)
        key = (column, card_top[i], card.index & 3 if card.is_ace else -1)
        groups[key] = groups.get(key, 0) + 1
        card_draw.append(list(groups).index(key))
    draws = tuple((k, *key) for key, k in groups.items())
    return Model(
        cards=cards,
        lead_max=min(lead_max, cards),
        pile_max=pile_max,
        tops=len(rows),
        empty_top=empty_top,
        card_top=tuple(card_top),
        draws=draws,
        card_draw=tuple(card_draw),
        shares=tuple(rules.share_ratios),
        loot_to_pile=rules.loot_to == "pile",
        bank_ends_turn=rules.bank_ends_turn,
    )


def outcome(x: int) -> float:
    """R15 for the player whose bank is ``x`` cards ahead at the end: 1, ½ or 0."""
    return 1.0 if x > 0 else 0.5 if x == 0 else 0.0


def solve(model: Model, *, numpy: bool | None = None) -> array:
    """The table of ``model`` (see the module's docstring), by NumPy where it is installed
    (``numpy=None``), or as asked (``numpy=False``: pure Python)."""
    if numpy is None or numpy:
        try:
            import numpy as np
        except ImportError:
            if numpy:
                raise
            np = None
        if np is not None:
            return _solve_numpy(model, np)
    return _solve_python(model)


def _solve_python(m: Model) -> array:
    lm, sm, tops, leads = m.lead_max, m.pile_max, m.tops, m.leads
    layer = leads * (sm + 1) * tops
    table = array("f", bytes(4 * m.size))
    # n = 0: the pile is banked (R14) and the game is over (R15).
    for li in range(leads):
        for s in range(sm + 1):
            value = outcome(li - lm + s)
            base = (li * (sm + 1) + s) * tops
            for t in range(tops):
                table[base + t] = value
    total = 52
    for n in range(1, m.cards + 1):
        prev = (n - 1) * layer
        here = n * layer
        for li in range(leads):
            lead = li - lm
            for s in range(sm + 1):
                banked = m.cards - n - s
                victim = max(0, (banked - lead) // 2)
                for t in range(tops):
                    value = 0.0
                    for copies, accepted, top, suit in m.draws:
                        gain, grow = 0, 1
                        if suit >= 0:
                            num, den = m.shares[suit]
                            loot = victim * num // den
                            if m.loot_to_pile:
                                gain, grow = loot, 1 + loot
                            else:
                                gain = 2 * loot
                        s2 = min(s + grow, sm)
                        if accepted[t]:
                            li2 = min(max(li + gain, 0), leads - 1)
                            v = table[prev + (li2 * (sm + 1) + s2) * tops + top]
                        else:
                            li2 = min(max(2 * lm - li - gain, 0), leads - 1)
                            v = 1.0 - table[prev + (li2 * (sm + 1) + s2) * tops + top]
                        value += copies * v
                    table[here + (li * (sm + 1) + s) * tops + t] = value / total
        # Banking (R8) needs the empty pile's values of this n, now known.
        for li in range(leads):
            lead = li - lm
            for s in range(1, sm + 1):
                if m.bank_ends_turn:
                    lo = min(max(-(lead + s), -lm), lm)
                    bank = 1.0 - table[here + ((lo + lm) * (sm + 1)) * tops + m.empty_top]
                else:
                    lo = min(max(lead + s, -lm), lm)
                    bank = table[here + ((lo + lm) * (sm + 1)) * tops + m.empty_top]
                base = here + (li * (sm + 1) + s) * tops
                for t in range(tops):
                    if bank > table[base + t]:
                        table[base + t] = bank
    return table


def _solve_numpy(m: Model, np) -> array:
    lm, sm, tops, leads = m.lead_max, m.pile_max, m.tops, m.leads
    q = np.zeros((m.cards + 1, leads, sm + 1, tops), dtype=np.float64)
    lead = np.arange(-lm, lm + 1)[:, None]  # (L, 1)
    s = np.arange(sm + 1)[None, :]  # (1, S)
    final = lead + s
    q[0] = np.where(final > 0, 1.0, np.where(final == 0, 0.5, 0.0))[:, :, None]
    li = np.arange(leads)[:, None]
    for n in range(1, m.cards + 1):
        prev = q[n - 1]
        victim = np.maximum(0, (m.cards - n - s - lead) // 2)  # (L, S)
        value = np.zeros((leads, sm + 1, tops))
        for copies, accepted, top, suit in m.draws:
            if suit >= 0:
                num, den = m.shares[suit]
                loot = victim * num // den
                gain, grow = (loot, 1 + loot) if m.loot_to_pile else (2 * loot, 1 + 0 * loot)
            else:
                gain, grow = np.zeros((1, 1), dtype=np.int64), np.ones((1, 1), dtype=np.int64)
            s2 = np.minimum(s + grow, sm)
            mine = prev[np.clip(li + gain, 0, leads - 1), s2, top]  # (L, S)
            theirs = 1.0 - prev[np.clip(2 * lm - li - gain, 0, leads - 1), s2, top]
            ok = np.array(accepted, dtype=bool)[None, None, :]
            value += copies * np.where(ok, mine[:, :, None], theirs[:, :, None])
        value /= 52
        empty = value[:, 0, m.empty_top]  # (L,): the value of having to draw
        full = lead + s  # (L, S) the bank after banking
        if m.bank_ends_turn:
            bank = 1.0 - empty[np.clip(-full, -lm, lm) + lm]
        else:
            bank = empty[np.clip(full, -lm, lm) + lm]
        best = np.maximum(value, bank[:, :, None])
        best[:, 0, :] = value[:, 0, :]  # an empty pile must draw (R4)
        q[n] = best
    return array("f", q.astype(np.float32).tobytes())
