"""The compressed game behind :class:`~borsen_widget.play.winning_bot.WinningBot`: the chance of
winning (R15, a tie counted as half) of every state of a small model of Børsen, solved exactly by
backward induction.

The model keeps what decides a game between two players and forgets the rest:

- ``n``: the cards left in the deck (R2; every draw takes one, R14 ends the game at 0), and
  ``a``: how many of them are aces;
- ``lead``: the player to act's bank minus the opponent's (R15), clipped to ``± lead_max``;
- ``s``: the pile's size (clipped to ``pile_max``) and ``t``: its top card's *class*, the set
  of cards R5 accepts on it (read from :meth:`Rules.accepts`, so ``equal_accepted`` and a house
  ``accept_rule`` are followed); an empty pile and an ace accept everything.

Every draw is a card of the full deck's mix (each of the 52 distinct cards as likely: the deck is
taken as *well shuffled and large*, so its exact composition is not tracked; the bot reads the
exact composition for the draw at hand, see :mod:`~borsen_widget.play.winning_bot`). A drawn card
that R5 accepts stays on the pile and the drawer acts again (R6); one that is refused passes the
pile to the opponent (R7). An ace robs the opponent (R9) of ⌊share × their bank⌋ (their bank
being ``(banked - lead) / 2`` of the cards out of the deck), into the bank or, with
``loot_to="pile"``, under the ace into the pile. Banking (R8) hands the opponent an empty pile,
or, with ``bank_ends_turn=False``, gives the banker a new one. With an empty deck the pile is
banked (R14) and the bigger bank wins (R15). Not modelled: ace decisions (R11–R13: aces stay in
the banks), the cap on turns (R14a). The aces left in the deck are counted (state ``a``): an ace
drawn is gone, so late in a game the model knows when no robbery can come.

Three players or more get the **field model** (:func:`_solve_field`): me, my rival (the best
of the others; the lead is mine over theirs) and the others, each state also saying who holds
the turn.

:func:`solve` returns the table ``Q[n][a][lead][s][t]`` (the player to act's chance of
winning when playing the model's best move; the field model: ``Q[n][a][who][lead][s][t]``, my
chance) as a flat ``array('f')``. It is computed with NumPy where it is installed (about a
second for two players and one deck, three for the field model) and, for two players, in pure
Python otherwise (the same numbers, about a minute); the table of the original rules for two
players ships with the package (:mod:`~borsen_widget.play.winning_bot`).
"""

from __future__ import annotations

from array import array
from dataclasses import dataclass

from ..engine.cards import CARDS
from ..engine.rules import Rules

__all__ = ["ME", "MODEL_VERSION", "RIVAL", "Model", "model_of", "next_actors", "outcome", "solve"]

#: The version of the model: a table made by another version is never read.
MODEL_VERSION = 2


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
    players: int = 2  # R1: 2, or the field model of three or more
    rob_leader: bool = False  # R9 rob_target="leader"

    @property
    def leads(self) -> int:
        return 2 * self.lead_max + 1

    @property
    def aces(self) -> int:
        """The most aces the deck can hold: 4 × decks."""
        return self.cards // 13

    @property
    def whos(self) -> int:
        """Who may act: the player to act alone (two players, by symmetry), or me, my rival
        and the others (the field model)."""
        return 1 if self.players == 2 else 3

    @property
    def size(self) -> int:
        cells = self.leads * (self.pile_max + 1) * self.tops
        return (self.cards + 1) * (self.aces + 1) * self.whos * cells

    def index(self, n: int, aces: int, lead: int, s: int, t: int, who: int = 0) -> int:
        """The flat index of state (n, aces, who, lead, s, t), each clipped into the table."""
        lm = self.lead_max
        lead = -lm if lead < -lm else lm if lead > lm else lead
        s = self.pile_max if s > self.pile_max else s
        aces = self.aces if aces > self.aces else aces
        first = (n * (self.aces + 1) + aces) * self.whos + who
        return ((first * self.leads + lead + lm) * (self.pile_max + 1) + s) * self.tops + t

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
            self.players,
            self.rob_leader,
        )


def model_of(
    rules: Rules,
    *,
    lead_max: int | None = None,
    pile_max: int | None = None,
    field: bool | None = None,
) -> Model:
    """The compressed game of ``rules`` (R5 from :meth:`Rules.accepts`, R9's shares, R8):
    the field model for three players or more (``field=None``), or as asked."""
    if field is None:
        field = rules.players > 2
    cards = 52 * rules.decks
    if lead_max is None:
        lead_max = 30 * rules.decks
    if pile_max is None:
        pile_max = 16
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
        players=max(rules.players, 3) if field else 2,
        rob_leader=rules.rob_target == "leader" and field,
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
            return _solve_field(model, np) if model.whos > 1 else _solve_numpy(model, np)
    if model.whos > 1:
        raise ValueError("the field model (three players or more) is solved with NumPy only")
    return _solve_python(model)


def _chances(m: Model, n: int, a: int) -> list[float]:
    """Each draw class's chance with ``n`` cards left of which ``a`` are aces: the aces by
    suit evenly, the other cards in the full deck's mix."""
    plain = sum(copies for copies, _, _, suit in m.draws if suit < 0)
    aces = sum(copies for copies, _, _, suit in m.draws if suit >= 0)
    return [
        (a / n * copies / aces) if suit >= 0 else ((n - a) / n * copies / plain)
        for copies, _, _, suit in m.draws
    ]


def _solve_python(m: Model) -> array:
    lm, sm, tops, leads, most = m.lead_max, m.pile_max, m.tops, m.leads, m.aces
    row = (sm + 1) * tops
    layer = leads * row
    table = array("f", bytes(4 * m.size))
    # n = 0: the pile is banked (R14) and the game is over (R15).
    for li in range(leads):
        for s in range(sm + 1):
            value = outcome(li - lm + s)
            for a in range(most + 1):
                base = a * layer + li * row + s * tops
                for t in range(tops):
                    table[base + t] = value
    for n in range(1, m.cards + 1):
        for a in range(min(most, n) + 1):
            chances = _chances(m, n, a)
            here = (n * (most + 1) + a) * layer
            after_plain = ((n - 1) * (most + 1) + min(a, n - 1)) * layer
            after_ace = ((n - 1) * (most + 1) + max(a - 1, 0)) * layer
            for li in range(leads):
                lead = li - lm
                for s in range(sm + 1):
                    banked = m.cards - n - s
                    victim = max(0, (banked - lead) // 2)
                    for t in range(tops):
                        value = 0.0
                        for (_, accepted, top, suit), p in zip(m.draws, chances, strict=True):
                            if not p:
                                continue
                            gain, grow, prev = 0, 1, after_plain
                            if suit >= 0:
                                prev = after_ace
                                num, den = m.shares[suit]
                                loot = victim * num // den
                                if m.loot_to_pile:
                                    gain, grow = loot, 1 + loot
                                else:
                                    gain = 2 * loot
                            s2 = min(s + grow, sm)
                            if accepted[t]:
                                li2 = min(max(li + gain, 0), leads - 1)
                                v = table[prev + li2 * row + s2 * tops + top]
                            else:
                                li2 = min(max(2 * lm - li - gain, 0), leads - 1)
                                v = 1.0 - table[prev + li2 * row + s2 * tops + top]
                            value += p * v
                        table[here + li * row + s * tops + t] = value
            # Banking (R8) needs the empty pile's values of this n, now known.
            for li in range(leads):
                lead = li - lm
                for s in range(1, sm + 1):
                    if m.bank_ends_turn:
                        lo = min(max(-(lead + s), -lm), lm)
                        bank = 1.0 - table[here + (lo + lm) * row + m.empty_top]
                    else:
                        lo = min(max(lead + s, -lm), lm)
                        bank = table[here + (lo + lm) * row + m.empty_top]
                    base = here + li * row + s * tops
                    for t in range(tops):
                        if bank > table[base + t]:
                            table[base + t] = bank
    return table


def _solve_numpy(m: Model, np) -> array:
    lm, sm, tops, leads, most = m.lead_max, m.pile_max, m.tops, m.leads, m.aces
    q = np.zeros((m.cards + 1, most + 1, leads, sm + 1, tops), dtype=np.float64)
    lead = np.arange(-lm, lm + 1)[:, None]  # (L, 1)
    s = np.arange(sm + 1)[None, :]  # (1, S)
    final = lead + s
    q[0] = np.where(final > 0, 1.0, np.where(final == 0, 0.5, 0.0))[None, :, :, None]
    li = np.arange(leads)[:, None]
    plain_gain, plain_grow = np.zeros((1, 1), dtype=np.int64), np.ones((1, 1), dtype=np.int64)
    for n in range(1, m.cards + 1):
        victim = np.maximum(0, (m.cards - n - s - lead) // 2)  # (L, S)
        for a in range(min(most, n) + 1):
            value = np.zeros((leads, sm + 1, tops))
            for (_, accepted, top, suit), p in zip(m.draws, _chances(m, n, a), strict=True):
                if not p:
                    continue
                if suit >= 0:
                    prev = q[n - 1, max(a - 1, 0)]
                    num, den = m.shares[suit]
                    loot = victim * num // den
                    gain, grow = (loot, 1 + loot) if m.loot_to_pile else (2 * loot, 1 + 0 * loot)
                else:
                    prev = q[n - 1, min(a, n - 1)]
                    gain, grow = plain_gain, plain_grow
                s2 = np.minimum(s + grow, sm)
                mine = prev[np.clip(li + gain, 0, leads - 1), s2, top]  # (L, S)
                theirs = 1.0 - prev[np.clip(2 * lm - li - gain, 0, leads - 1), s2, top]
                ok = np.array(accepted, dtype=bool)[None, None, :]
                value += p * np.where(ok, mine[:, :, None], theirs[:, :, None])
            empty = value[:, 0, m.empty_top]  # (L,): the value of having to draw
            full = lead + s  # (L, S): the bank after banking
            if m.bank_ends_turn:
                bank = 1.0 - empty[np.clip(-full, -lm, lm) + lm]
            else:
                bank = empty[np.clip(full, -lm, lm) + lm]
            best = np.maximum(value, bank[:, :, None])
            best[:, 0, :] = value[:, 0, :]  # an empty pile must draw (R4)
            q[n, a] = best
    return array("f", q.astype(np.float32).tobytes())


ME, RIVAL, OTHER = 0, 1, 2


def next_actors(k: int) -> list[list[float]]:
    """The field model's seating (R1), as chances: who acts after ``who``'s turn ends, among
    me, my rival (the best of the others) and the ``k - 2`` others, every other seat as
    likely."""
    q = 1 / (k - 1)
    return [
        [0.0, q, 1 - q],  # after me: my rival or one of the others
        [q, 0.0, 1 - q],  # after my rival: me or one of the others
        [q, q, 1 - 2 * q],  # after one of the others
    ]


def _solve_field(m: Model, np) -> array:
    """The field model of ``m.players`` seats: me, my rival (the best of the others: the lead
    is mine over theirs) and the others, whose cards are not counted; I play to win, my rival
    and the others for cards, as every other bot of the package does (draw while one more card
    is worth the risk, as :class:`~borsen_widget.play.bots.ExpectedValueBot` does; a rival
    playing against me instead was measured to do worse against the package's bots); who acts
    next follows :func:`next_actors`. An ace robs (R9) whoever the seating makes its victim: my
    rival or me with the chance of one seat in ``k - 1`` (always the leader of the others with
    ``rob_target="leader"``), a bank of the mean size otherwise."""
    lm, sm, tops, leads, most, k = m.lead_max, m.pile_max, m.tops, m.leads, m.aces, m.players
    after = np.array(next_actors(k))
    sign = np.array([1, -1, 0])
    q = np.zeros((m.cards + 1, most + 1, 3, leads, sm + 1, tops), dtype=np.float64)
    lead = np.arange(-lm, lm + 1)[:, None]  # (L, 1)
    s = np.arange(sm + 1)[None, :]  # (1, S)
    for who in range(3):
        final = lead + sign[who] * s
        q[0, :, who] = np.where(final > 0, 1.0, np.where(final == 0, 0.5, 0.0))[None, :, :, None]
    li = np.arange(leads)[:, None]
    one = 1 / (k - 1)
    for n in range(1, m.cards + 1):
        banked = np.maximum(m.cards - n - s, 0)  # (1, S)
        mean = banked / k
        mine = np.maximum(0, np.floor(mean + lead / 2)).astype(np.int64)  # (L, S)
        theirs = np.maximum(0, np.floor(mean - lead / 2)).astype(np.int64)
        others = np.floor(mean).astype(np.int64) + 0 * lead
        for a in range(min(most, n) + 1):
            chances = _chances(m, n, a)
            values = np.zeros((3, leads, sm + 1, tops))
            for (_, accepted, top, suit), p in zip(m.draws, chances, strict=True):
                if not p:
                    continue
                ok = np.array(accepted, dtype=bool)[None, None, :]
                prev = q[n - 1, max(a - 1, 0) if suit >= 0 else min(a, n - 1)]
                for who in range(3):
                    total = 0.0
                    for weight, gain, grow in _robberies(
                        m, who, suit, lead, one, mine, theirs, others
                    ):
                        if isinstance(weight, np.ndarray):
                            weight = weight[:, :, None]
                        s2 = np.minimum(s + grow, sm)
                        l2 = np.clip(li + gain, 0, leads - 1)
                        keep = prev[who][l2, s2, top]  # (L, S): the drawer acts again
                        passed = sum(
                            after[who, x] * prev[x][l2, s2, top] for x in range(3) if after[who, x]
                        )
                        total = total + weight * np.where(ok, keep[:, :, None], passed[:, :, None])
                    values[who] += p * total
            # Banking (R8): the next to act starts with an empty pile (or the banker does).
            empty = values[:, :, 0, m.empty_top]  # (3, L)
            accept = np.array(
                [
                    sum(p for (_, acc, _, _), p in zip(m.draws, chances, strict=True) if acc[t])
                    for t in range(tops)
                ]
            )
            for who in range(3):
                l2 = np.clip(lead + sign[who] * s, -lm, lm) + lm  # (L, S)
                if m.bank_ends_turn:
                    bank = sum(after[who, x] * empty[x][l2] for x in range(3) if after[who, x])
                else:
                    bank = empty[who][l2]
                bank = np.broadcast_to(bank[:, :, None], values[who].shape)
                if who == ME:
                    best = np.maximum(values[who], bank)
                else:  # draw while one more card is worth the risk: p (s + 1) > s
                    draw = accept[None, None, :] * (s[:, :, None] + 1) > s[:, :, None]
                    best = np.where(draw, values[who], bank)
                best[:, 0, :] = values[who][:, 0, :]  # an empty pile must draw (R4)
                q[n, a, who] = best
    return array("f", q.astype(np.float32).tobytes())


def _robberies(m: Model, who, suit, lead, one, mine, theirs, others):
    """The ways a drawn card changes the lead and the pile (R9), as (chance, lead's change,
    pile's growth): a card that is no ace changes nothing."""
    if suit < 0:
        return [(1.0, 0, 1)]
    num, den = m.shares[suit]
    to_pile = m.loot_to_pile

    def rob(victim_bank, chance, gain_sign, robber_gain_sign):
        loot = victim_bank * num // den
        change = gain_sign * loot + (0 if to_pile else robber_gain_sign * loot)
        return (chance, change, 1 + (loot if to_pile else 0))

    if who == ME:
        rival = 1.0 if m.rob_leader else one
        return [rob(theirs, rival, +1, +1), rob(others, 1 - rival, 0, +1)]
    if who == RIVAL:
        if m.rob_leader:  # the leader of my rival's opponents: taken to be me
            return [rob(mine, 1.0, -1, -1)]
        return [rob(mine, one, -1, -1), rob(others, 1 - one, 0, -1)]
    # One of the others robs me, my rival, or another.
    if m.rob_leader:
        return [
            rob(mine, (lead > 0) * 1.0, -1, 0),
            rob(theirs, (lead <= 0) * 1.0, +1, 0),
        ]
    return [rob(mine, one, -1, 0), rob(theirs, one, +1, 0), (1 - 2 * one, 0, 1)]
