"""The chance of winning a small game of Børsen under best play by both players, exactly
solved: the win-optimal policy (draw or bank, and the ace decisions), the first player's
advantage, and what playing for cards instead of for the win costs.

The game is the full game of RULES.md for **two players** (R1) on a **small deck**: a subset of
the ranks in some suits, with some of the four aces (:class:`SmallDeck`; the engine always deals
52 cards, so the small game is modelled here). What the solver reads of a position is public
(RULES.md "Hidden information"): the deck's composition, never its order.

A state, :class:`SmallState`, seen by the player to move: the deck's cards left by rank and its
aces, the pile (its size, its top card's rank, the aces in it), the mover's bank and the other
player's bank (non-aces and aces; the score is both, R15). Its **value** is the mover's chance
of winning, a tie counting as half a win (R15: equal scores share the win), when both players
play to win from there. The rules are read from :class:`~borsen_widget.engine.rules.Rules`,
their one home: R5 through :meth:`Rules.accepts`, R9's loot through :meth:`Rules.loot_count`,
R11–R12's choices through :func:`~borsen_widget.engine.moves.selections` and
:func:`~borsen_widget.engine.moves.auto_selection`. Of the options, ``equal_accepted`` (R5),
``bank_ends_turn`` (R8), ``ace_shares`` and ``loot_to`` (R9), ``auto_aces`` (R11) and
``max_bank_aces`` (R12) change the game; ``rob_target`` (R9) cannot with two players (the
player before, the next one and the leader are all the other player); ``first_player`` only
names the seat that starts (the values are the starter's and the other's);
``auto_bank_at_end`` only saves a click (R14); the turn cap (R14a) is not modelled (a small game
ends long before the default cap of 10 000 turns). House rules written as functions are refused.

**Exactness.** Within a turn the pile only grows, and between turns the deck's non-aces only
shrink (R13 lists aces only), so the states form levels by the deck's non-aces. Only listing an
ace (R11, R12) can bring a level back to a state it had: the solver finds those cycles and
solves them by value iteration until the values stop moving. Values are floats; the error of
every value is at most :attr:`WinSolution.error_bound` (worked out as it goes, from the
contraction of each cycle: a state reached again needs an ace drawn first, with a chance at most
aces ÷ (non-aces + aces) in the deck; without cycles the values are exact up to the floats'
rounding, about 1e-15). The tests check every state of tiny decks against an independent brute
force, and the transitions against the engine.

Standard library only (it runs in JupyterLite).

Why one module of this size: the model of the small game (its moves) and the solver that reads
it share one state layout; the report on the solution (the cards player's gap, the
disagreements, the policy slices for the maps) is a few methods on the same tables.
"""

from __future__ import annotations

import dataclasses
import sys
import time
from collections.abc import Iterable
from fractions import Fraction
from types import SimpleNamespace
from typing import NamedTuple

from ..engine.cards import RANK_TEXT, SUIT_SYMBOLS, SUITS, Card
from ..engine.moves import auto_selection, selections
from ..engine.rules import Rules

__all__ = [
    "DECK_16",
    "DECK_20",
    "MAP_SLICES",
    "REPORT_VERSION",
    "SmallDeck",
    "SmallGame",
    "SmallState",
    "WinSolution",
    "build_report",
    "cards_gap",
    "disagreements",
    "outcome",
    "policy_slice",
    "small_report",
    "solve_small",
    "write_report",
]

#: The goals a player of the small game can play for: ``"win"`` (the chance of winning the
#: game) or ``"cards"`` (the expected cards banked this turn, the rule of
#: :class:`~borsen_widget.play.bots.OptimalTurnBot`; aces by its keep policy).
GOALS = ("win", "cards")
#: The first cards an ace index stands for (R9: ♠ 0, ♥ 1, ♣ 2, ♦ 3).
_ACE_BASE = 48
#: Values closer than this are a tie between actions (drawing is preferred on a tie).
TIE = 1e-12


def _bits(mask: int) -> int:
    return mask.bit_count()


@dataclasses.dataclass(frozen=True)
class SmallDeck:
    """A small deck: every card of ``ranks`` (2–13, K = 13) in ``suits``, and the aces of
    ``aces`` (suit letters; R9's shares by suit). ``SmallDeck((4, 8, 12))`` is 4, 8 and Q in
    four suits and the four aces: 16 cards. R5 compares ranks only, so only their order
    matters."""

    ranks: tuple[int, ...]
    suits: str = SUITS
    aces: str = SUITS

    def __post_init__(self):
        ranks = tuple(self.ranks)
        if not ranks or any(
            isinstance(r, bool) or not isinstance(r, int) or not 2 <= r <= 13 for r in ranks
        ):
            raise ValueError(f"a small deck's ranks are whole numbers 2 to 13, not {ranks!r}")
        if len(set(ranks)) != len(ranks):
            raise ValueError(f"a small deck names each rank once, not {ranks!r}")
        for name in ("suits", "aces"):
            text = getattr(self, name)
            if (
                not isinstance(text, str)
                or any(s not in SUITS for s in text)
                or (len(set(text)) != len(text))
            ):
                raise ValueError(f"{name} must be distinct suit letters of 'SHCD', not {text!r}")
        if not self.suits:
            raise ValueError("a small deck needs at least one suit")
        object.__setattr__(self, "ranks", tuple(sorted(ranks)))
        object.__setattr__(self, "suits", "".join(s for s in SUITS if s in self.suits))
        object.__setattr__(self, "aces", "".join(s for s in SUITS if s in self.aces))

    @property
    def size(self) -> int:
        """The number of cards."""
        return len(self.ranks) * len(self.suits) + len(self.aces)

    @property
    def ace_mask(self) -> int:
        """The aces as a bit mask (bit 0 ♠, 1 ♥, 2 ♣, 3 ♦)."""
        return sum(1 << SUITS.index(s) for s in self.aces)

    def cards(self) -> list[Card]:
        """Every card of the deck, in the engine's order."""
        cards = [Card(r, s) for r in self.ranks for s in self.suits]
        return sorted(cards + [Card(14, s) for s in self.aces], key=lambda c: c.index)

    def __str__(self) -> str:
        ranks = " ".join(RANK_TEXT[r] for r in self.ranks)
        suits = "".join(SUIT_SYMBOLS[SUITS.index(s)] for s in self.suits)
        aces = "".join(SUIT_SYMBOLS[SUITS.index(s)] for s in self.aces)
        return f"{self.size} cards: {ranks} in {suits}, aces {aces or '(none)'}"


#: The lesson's deck: 4, 8 and Q in four suits and the four aces (16 cards).
DECK_16 = SmallDeck((4, 8, 12))
#: 3, 6, 9 and Q in four suits and the four aces (20 cards).
DECK_20 = SmallDeck((3, 6, 9, 12))


class SmallState(NamedTuple):
    """A position of the small game, seen by the player to move (public information only).

    ``deck``: the deck's cards left of each rank of :attr:`SmallDeck.ranks`; ``aces``: the aces
    in the deck (bit mask, bit 0 ♠ … 3 ♦); ``pile``: the pile's size (aces and loot included;
    0 empty); ``top``: the rank index of its top card, ``-1`` when it is an ace or the pile is
    empty (R5: anything is accepted then); ``pile_aces``: the aces in the pile; ``mine`` and
    ``my_aces``: the mover's bank (non-aces, aces); ``theirs``, ``their_aces``: the other's.
    A state is a tuple, so ``tuple`` and ``SmallState`` find the same values.
    """

    deck: tuple[int, ...]
    aces: int
    pile: int
    top: int
    pile_aces: int
    mine: int
    my_aces: int
    theirs: int
    their_aces: int

    @property
    def scores(self) -> tuple[int, int]:
        """The two banks' cards, aces included (R15): (the mover's, the other's)."""
        return self.mine + _bits(self.my_aces), self.theirs + _bits(self.their_aces)


def _check_rules(rules: Rules | None) -> Rules:
    rules = Rules(players=2) if rules is None else rules
    if not isinstance(rules, Rules):
        raise ValueError(f"rules must be a Rules, not {type(rules).__name__}")
    if rules.players != 2:
        raise ValueError(f"the small game is solved for 2 players, not {rules.players}")
    if rules.decks != 1:
        raise ValueError(f"the small game has one small deck, not decks={rules.decks}")
    if rules.custom_rules:
        raise ValueError(
            f"the small game reads R5 and R9 as the options say; house rules "
            f"({', '.join(rules.custom_rules)}) are not modelled"
        )
    return rules


class SmallGame:
    """The moves of the small game (R4–R14), state to states, from the rules' one home.

    :meth:`draws` lists what the next draw can do, :meth:`banks` what banking can lead to (each
    choice of aces to list); both are what the solver and the brute-force tests read."""

    def __init__(self, deck: SmallDeck, rules: Rules | None = None):
        self.deck = deck
        self.rules = rules = _check_rules(rules)
        ranks = deck.ranks
        k = len(ranks)
        self.k = k
        # R5 on ranks: ok[top][r], from Rules.accepts (two different suits, so never one card).
        self.ok = tuple(
            tuple(rules.accepts(Card(ranks[r], "S"), Card(ranks[t], "H")) for r in range(k))
            for t in range(k)
        )
        # R9: the loot of the ace of suit s from a bank of n non-aces (Rules.loot_count).
        most = k * len(deck.suits)
        self.loot = tuple(tuple(rules.loot_count(s, n) for n in range(most + 1)) for s in range(4))
        self.ace_suits = tuple(s for s in range(4) if deck.ace_mask >> s & 1)
        self.to_pile = rules.loot_to == "pile"
        self.limit = rules.max_bank_aces
        self.ends_turn = rules.bank_ends_turn
        self._choices: dict = {}
        self._decks: dict = {}

    def start(self) -> SmallState:
        """The first state: the whole deck, nothing banked; the first player to move."""
        return SmallState(
            (len(self.deck.suits),) * self.k, self.deck.ace_mask, 0, -1, 0, 0, 0, 0, 0
        )

    def draws(self, s: tuple) -> list[tuple[int, int, bool, tuple]]:
        """Every kind of card the next draw can be (R5–R9, R14): ``(copies, card, same,
        next)``: ``card`` is the rank index, or ``-1 - suit`` for an ace; ``same`` is True
        when the drawer moves next (accepted, R6), False when the pile passes (R7) and
        ``next`` is seen by the other player. With the deck then empty, ``next`` is a state
        whose only move is to bank (R14)."""
        deck, aces, m, top, pace, mn, ma, on, oa = s
        out = []
        for r, copies in enumerate(deck):
            if not copies:
                continue
            rest = (*deck[:r], copies - 1, *deck[r + 1 :])
            rest = self._decks.setdefault(rest, rest)  # one tuple per composition: memory
            if m == 0 or top < 0 or self.ok[top][r]:
                out.append((copies, r, True, (rest, aces, m + 1, r, pace, mn, ma, on, oa)))
            else:
                out.append((copies, r, False, (rest, aces, m + 1, r, pace, on, oa, mn, ma)))
        for suit in self.ace_suits:
            bit = 1 << suit
            if aces & bit:
                loot = self.loot[suit][on]  # R9: robs the other player at once
                left = aces & ~bit
                if self.to_pile:
                    nxt = (deck, left, m + 1 + loot, -1, pace | bit, mn, ma, on - loot, oa)
                else:
                    nxt = (deck, left, m + 1, -1, pace | bit, mn + loot, ma, on - loot, oa)
                out.append((1, -1 - suit, True, nxt))
        return out

    def choices(self, s: tuple) -> tuple[tuple[int, ...], ...]:
        """R11–R13: the selections of aces (suit indices) the mover may list on banking now,
        ``((),)`` when no decision is asked."""
        deck, pace, ma = s[0], s[4], s[6]
        key = (pace, ma, sum(deck) > 0)
        hit = self._choices.get(key)
        if hit is None:
            hit = self._choices[key] = self._selections(pace, ma, key[2])
        return hit

    def _selections(self, pace: int, ma: int, live: bool) -> tuple[tuple[int, ...], ...]:
        held = _bits(ma | pace)
        over = self.limit is not None and held > self.limit
        if (not pace and not over) or not live:  # R13: no listing without a live deck
            return ((),)
        if over:  # R12: any of the bank's aces, enough to come down to the limit
            pending = tuple(_ACE_BASE + s for s in range(4) if (ma | pace) >> s & 1)
            at_least = held - self.limit
        else:  # R11: below the limit, only the incoming aces
            pending = tuple(_ACE_BASE + s for s in range(4) if pace >> s & 1)
            at_least = 0
        mode = self.rules.auto_aces
        if mode is None:
            chosen = selections(pending, at_least)
        else:
            incoming = [_ACE_BASE + s for s in range(4) if pace >> s & 1]
            pos = SimpleNamespace(
                pending_aces=list(pending), aces_to_list=at_least, incoming_aces=incoming
            )
            chosen = (tuple(sorted(auto_selection(pos, self.rules, mode))),)
        return tuple(tuple(c - _ACE_BASE for c in sel) for sel in chosen)

    def keep_choice(self, s: tuple) -> tuple[int, ...]:
        """The keep policy's selection (list only the excess, smallest share first: R11's
        ``auto_aces="keep"``, the bots' policy)."""
        pace, ma = s[4], s[6]
        choices = self.choices(s)
        if len(choices) == 1:
            return choices[0]
        held = _bits(ma | pace)
        need = held - self.limit if self.limit is not None and held > self.limit else 0
        pending = [_ACE_BASE + t for t in range(4) if (ma | pace) >> t & 1]
        pos = SimpleNamespace(
            pending_aces=pending if need else [_ACE_BASE + t for t in range(4) if pace >> t & 1],
            aces_to_list=need,
            incoming_aces=[_ACE_BASE + t for t in range(4) if pace >> t & 1],
        )
        return tuple(sorted(c - _ACE_BASE for c in auto_selection(pos, self.rules, "keep")))

    def bank(self, s: tuple, listed: Iterable[int]) -> tuple[bool, tuple]:
        """R8 with the aces ``listed`` (suit indices) put back into the deck (R11): ``(over,
        result)``: the game is over and ``result`` is the scores (the banker's, the other's),
        or ``result`` is the next state, seen by the player who moves next (the other player,
        or the banker again without ``bank_ends_turn``)."""
        deck, aces, m, _top, pace, mn, ma, on, oa = s
        out = sum(1 << t for t in listed)
        mine = mn + m - _bits(pace)
        kept = (ma | pace) & ~out
        aces |= out
        if not aces and not any(deck):  # R14: the deck and the pile are empty
            return True, (mine + _bits(kept), on + _bits(oa))
        if self.ends_turn:
            return False, (deck, aces, 0, -1, 0, on, oa, mine, kept)
        return False, (deck, aces, 0, -1, 0, mine, kept, on, oa)


def outcome(scores: tuple[int, int]) -> float:
    """R15 for the first of two scores: 1 a win, 0 a loss, 1/2 a tie (the win is shared)."""
    a, b = scores
    return 1.0 if a > b else 0.0 if a < b else 0.5


class _Closure:
    """The states of one level being solved together (see :meth:`WinSolution.value`)."""

    __slots__ = ("estimates", "found", "level", "temp")

    def __init__(self, level: int):
        self.level = level
        self.estimates: dict = {}
        self.found: dict = {}
        self.temp: dict = {}


class WinSolution:
    """The small game solved for the chance of winning (see :func:`solve_small`).

    Values are solved as they are asked (:meth:`value`) and kept; :func:`solve_small` asks for
    the start, which solves every state reachable from it. ``goals``: what each seat plays for
    (:data:`GOALS`); with two goals the states carry the seat to move as a tenth entry.
    """

    def __init__(
        self,
        deck: SmallDeck = DECK_16,
        rules: Rules | None = None,
        goals: tuple[str, str] = ("win", "win"),
        tolerance: float = 1e-14,
    ):
        if len(goals) != 2 or any(g not in GOALS for g in goals):
            raise ValueError(f"goals must be two of {GOALS}, not {goals!r}")
        self.game = SmallGame(deck, rules)
        self.deck = deck
        self.rules = self.game.rules
        self.goals = tuple(goals)
        self.mixed = goals[0] != goals[1]
        self.tolerance = tolerance
        #: A bound on every value's error (float rounding aside), from the cycles solved.
        self.error_bound = 0.0
        self.values: dict = {}
        self._cards: dict = {}
        self.seconds = 0.0
        self.cycles = 0  # levels' closures that needed value iteration

    # ------------------------------------------------------------------ values

    def start(self) -> tuple:
        """The first state (seat 0 to move, with the seat as a tenth entry when mixed)."""
        s = self.game.start()
        return (*s, 0) if self.mixed else s

    def value(self, s: tuple) -> float:
        """The chance that the player to move in ``s`` wins (a tie counts as half), when
        both play for their goals from here."""
        hit = self.values.get(s)
        if hit is not None:
            return hit
        old = sys.getrecursionlimit()
        sys.setrecursionlimit(max(old, 20_000))
        began = time.perf_counter()
        try:
            return self._solve(s)
        finally:
            sys.setrecursionlimit(old)
            self.seconds += time.perf_counter() - began

    def _solve(self, s: tuple) -> float:
        hit = self.values.get(s)
        if hit is not None:
            return hit
        level = sum(s[0])
        ctx = _Closure(level)
        # The chance that a state reached again within the level (through a listed ace)
        # follows a draw that stays in the level: at most aces / (non-aces + aces).
        aces = len(self.game.ace_suits)
        rho = aces / (level + aces) if level else 0.0
        for _sweep in range(2000):
            ctx.temp, ctx.found = {}, {}
            first = self._rec(s, ctx)
            fresh: dict = {}
            while len(fresh) < len(ctx.found):
                for t in list(ctx.found):
                    if t not in fresh:
                        fresh[t] = self._rec(t, ctx)
            if not fresh:  # no cycle: exact
                self.values.update(ctx.temp)
                return first
            change = max(abs(v - ctx.estimates.get(t, 0.5)) for t, v in fresh.items())
            settled = fresh.keys() == ctx.estimates.keys()
            ctx.estimates = fresh
            if (settled and change / (1 - rho) <= self.tolerance) or _sweep == 1999:
                # The values just computed read estimates within change / (1 - rho) of the
                # fixed point; the inputs from below carry the bound so far.
                self.error_bound += change / (1 - rho)
                self.cycles += 1
                self.values.update(ctx.temp)
                return self.values[s]
        raise AssertionError("unreachable")

    def _rec(self, s: tuple, ctx: _Closure) -> float:
        hit = self.values.get(s)
        if hit is not None:
            return hit
        if sum(s[0]) < ctx.level:
            return self._solve(s)
        hit = ctx.temp.get(s)
        if hit is not None:
            return hit
        v = self._compute(s, ctx)
        ctx.temp[s] = v
        return v

    def _compute(self, s: tuple, ctx: _Closure) -> float:
        deck, aces, m = s[0], s[1], s[2]
        if not aces and not any(deck):
            # R14: with the deck empty, the only move is to bank (the game then ends).
            return self._bank_value(s, ctx)
        if m == 0:  # R4: an empty pile must draw
            return self._draw_value(s, ctx)
        goal = self.goals[s[9]] if self.mixed else self.goals[0]
        if goal == "cards":
            return (
                self._draw_value(s, ctx)
                if self.cards_action(s) == "draw"
                else self._bank_value(s, ctx)
            )
        draw = self._draw_value(s, ctx)
        bank = self._bank_value(s, ctx)
        return draw if draw >= bank else bank

    def _draw_value(self, s: tuple, ctx: _Closure) -> float:
        total = 0.0
        count = 0
        seat = s[9] if self.mixed else None
        for copies, _card, same, nxt in self.game.draws(s[:9]):
            count += copies
            if seat is None:
                v = self._rec(nxt, ctx)
            else:
                v = self._rec((*nxt, seat if same else 1 - seat), ctx)
            total += copies * (v if same else 1.0 - v)
        return total / count

    def _bank_value(self, s: tuple, ctx: _Closure | None) -> float:
        best = -1.0
        for listed in self._ace_options(s):
            v = self._after_bank(s, listed, ctx)
            if v > best:
                best = v
        return best

    def _ace_options(self, s: tuple) -> tuple[tuple[int, ...], ...]:
        goal = self.goals[s[9]] if self.mixed else self.goals[0]
        if goal == "cards":
            return (self.game.keep_choice(s[:9]),)
        return self.game.choices(s[:9])

    def _after_bank(self, s: tuple, listed: tuple[int, ...], ctx: _Closure | None) -> float:
        over, result = self.game.bank(s[:9], listed)
        if over:
            return outcome(result)
        if self.mixed:
            seat = s[9]
            result = (*result, 1 - seat if self.game.ends_turn else seat)
        if listed and ctx is not None and result not in self.values:
            # A listed ace can bring the level back to a state already on the way: read the
            # estimate of this sweep (value iteration), never a value still being worked out.
            ctx.found[result] = True
            v = ctx.estimates.get(result, 0.5)
        else:
            v = self.values[result] if ctx is None else self._rec(result, ctx)
        return v if not self.game.ends_turn else 1.0 - v

    # ------------------------------------------------------------------ the policy

    def action_values(self, s: tuple) -> dict:
        """The mover's chance of winning after each move, both playing for their goals
        afterwards: ``{"draw": float or None, "bank": float or None}`` (None: not legal)."""
        self.value(s)
        deck, aces, m = s[0], s[1], s[2]
        draw = bank = None
        ctx = _Closure(sum(deck))
        ctx.estimates = self.values  # every child is solved now
        if aces or any(deck):
            draw = self._draw_value(s, ctx)
        if m:
            bank = self._bank_value(s, ctx)
        return {"draw": draw, "bank": bank}

    def policy(self, s: tuple) -> str:
        """The move that maximises the chance of winning: ``"draw"`` or ``"bank"`` (drawing
        on a tie, within :data:`TIE`)."""
        v = self.action_values(s)
        if v["bank"] is None:
            return "draw"
        if v["draw"] is None:
            return "bank"
        return "draw" if v["draw"] >= v["bank"] - TIE else "bank"

    def ace_values(self, s: tuple) -> dict[tuple[int, ...], float]:
        """For a state about to bank: the chance of winning after each choice of aces to list
        (suit indices, ♠ 0 … ♦ 3), the other player playing on for their goal."""
        self.value(s)
        return {listed: self._after_bank(s, listed, None) for listed in self.game.choices(s[:9])}

    def ace_choice(self, s: tuple) -> tuple[int, ...]:
        """The aces (suit indices) the win-optimal player lists on banking in ``s`` (keeping
        on a tie: fewest listed first)."""
        values = self.ace_values(s)
        best = max(values.values())
        return next(sel for sel, v in values.items() if v >= best - TIE)

    # ------------------------------------------------------------------ playing for cards

    def cards_values(self, s: tuple) -> tuple[Fraction | None, Fraction]:
        """The expected cards the mover banks this turn (the pile, and loot to the bank, R9)
        with the best stopping rule for cards, exactly: ``(drawing now, banking now)``
        (``None`` when a move is not legal; banking an empty pile is 0)."""
        s = s[:9]
        deck, aces, m = s[0], s[1], s[2]
        if not aces and not any(deck):
            return None, Fraction(m)
        return self._cards_draw(s), Fraction(m)

    def cards_action(self, s: tuple) -> str:
        """OptimalTurnBot's rule in the small game: the move with the most expected cards this
        turn (drawing on a tie, as :func:`~borsen_widget.analysis.best_turn`)."""
        draw, bank = self.cards_values(s)
        if draw is None:
            return "bank"
        if s[2] == 0:
            return "draw"
        return "draw" if draw >= bank else "bank"

    def _cards_draw(self, s: tuple) -> Fraction:
        key = (s[0], s[1], s[2], s[3], s[7])
        hit = self._cards.get(key)
        if hit is not None:
            return hit
        total = Fraction(0)
        count = 0
        for copies, card, same, nxt in self.game.draws(s):
            count += copies
            # Loot to the bank is banked at once (R9); an ace is always accepted (R5).
            gained = nxt[5] - s[5] if card < 0 and not self.game.to_pile else 0
            if same:
                n_deck, n_aces = nxt[0], nxt[1]
                if not n_aces and not any(n_deck):
                    after = Fraction(nxt[2])  # R14: banked
                else:
                    draw = self._cards_draw(nxt)
                    after = max(draw, Fraction(nxt[2]))
                total += copies * (gained + after)
            else:
                total += copies * gained  # R7: the pile passes on
        hit = self._cards[key] = total / count
        return hit

    # ------------------------------------------------------------------ reports

    def states(self) -> list[tuple]:
        """Every state solved where the mover has a choice between drawing and banking."""
        return [s for s in self.values if s[2] and (s[1] or any(s[0]))]


def solve_small(
    deck: SmallDeck = DECK_16,
    rules: Rules | None = None,
    *,
    goals: tuple[str, str] = ("win", "win"),
) -> WinSolution:
    """Solve the small game (two players, ``deck``, ``rules``: default the original rules for
    two players) for the chance of winning, every state reachable from the start.

    ``goals``: what seat 0 (who starts) and seat 1 play for; ``("cards", "win")`` is a player
    who plays for cards (OptimalTurnBot's rule) against one who plays to win."""
    solution = WinSolution(deck, rules, goals)
    solution.value(solution.start())
    return solution


# ---------------------------------------------------------------------- reports


def cards_gap(
    deck: SmallDeck = DECK_16,
    rules: Rules | None = None,
    solution: WinSolution | None = None,
) -> dict:
    """How much of the chance of winning a player gives away by playing for cards
    (OptimalTurnBot's rule: the most expected cards this turn; aces kept) against a player who
    plays to win, in each seat: ``{"first": {"win": …, "cards": …, "loss": …}, "second": …}``
    (chances of that seat winning, a tie counting half)."""
    best = solution or solve_small(deck, rules)
    start = best.value(best.start())
    first = solve_small(deck, rules, goals=("cards", "win"))
    second = solve_small(deck, rules, goals=("win", "cards"))
    as_first = first.value(first.start())
    as_second = 1 - second.value(second.start())
    return {
        "first": {"win": start, "cards": as_first, "loss": start - as_first},
        "second": {"win": 1 - start, "cards": as_second, "loss": (1 - start) - as_second},
        "error_bound": best.error_bound + first.error_bound + second.error_bound,
    }


def disagreements(solution: WinSolution, count: int = 10) -> list[dict]:
    """The states where playing for cards and playing to win choose different moves,
    the most costly first: each ``{"state", "win", "cards", "values", "loss"}``: the two
    moves, the chance of winning after each (the win-optimal play afterwards), and what the
    cards move gives away. ``count=None``: all of them."""
    found = []
    for s in solution.states():
        cards = solution.cards_action(s)
        values = solution.action_values(s)
        win = "draw" if values["draw"] >= values["bank"] - TIE else "bank"
        if cards != win:
            loss = values[win] - values[cards]
            if loss > TIE:
                found.append(
                    {"state": SmallState(*s[:9]), "win": win, "cards": cards,
                     "values": values, "loss": loss}
                )  # fmt: skip
    found.sort(key=lambda d: -d["loss"])
    return found if count is None else found[:count]


def policy_slice(
    solution: WinSolution,
    left: tuple[int, ...],
    top: int,
    aces: int = 0,
    mine_aces: int | None = None,
    their_aces: int | None = None,
) -> list[dict]:
    """The moves at every split of the non-aces out of the deck between the mover's bank,
    the other's bank and the pile, for a deck holding ``left`` non-aces by rank and the aces
    ``aces`` (a bit mask, ♠ 1, ♥ 2, ♣ 4, ♦ 8), a pile of non-aces with a card of rank index
    ``top`` on top, and the other aces in the banks (default: the first half of them, by suit,
    the mover's, the rest the other's): rows ``{"mine", "theirs", "pile", "win", "cards",
    "draw", "bank"}``: the banks' cards (aces included, R15), the pile, the two moves (to win
    and for cards) and the chance of winning after each."""
    deck = solution.deck
    if len(left) != len(deck.ranks) or left[top] >= len(deck.suits):
        raise ValueError(f"the deck cannot hold {left} with a card of rank index {top} on the pile")
    if aces & ~deck.ace_mask:
        raise ValueError(f"the deck has no such aces: {aces:#b}")
    outside = [t for t in range(4) if deck.ace_mask >> t & 1 and not aces >> t & 1]
    if mine_aces is None or their_aces is None:
        half = (len(outside) + 1) // 2
        mine_aces = sum(1 << t for t in outside[:half])
        their_aces = sum(1 << t for t in outside[half:])
    if mine_aces & their_aces or (mine_aces | their_aces | aces) != deck.ace_mask:
        raise ValueError("every ace is in the deck or in one bank, once")
    out = len(deck.ranks) * len(deck.suits) - sum(left)
    rows = []
    for pile in range(1, out + 1):
        for mine in range(out - pile + 1):
            theirs = out - pile - mine
            s = SmallState(tuple(left), aces, pile, top, 0, mine, mine_aces, theirs, their_aces)
            key = (*s, 0) if solution.mixed else s
            values = solution.action_values(key)
            mine_score, theirs_score = s.scores
            rows.append(
                {
                    "mine": mine_score,
                    "theirs": theirs_score,
                    "pile": pile,
                    "win": solution.policy(key),
                    "cards": solution.cards_action(s),
                    "draw": values["draw"],
                    "bank": values["bank"],
                }
            )
    return rows


#: The slices the lesson's maps show (:data:`DECK_16`): the deck's non-aces left by rank (a 4,
#: an 8 and two queens), the top card's rank index, and the aces left in the deck (none, the
#: mover holding ♠ ♥ and the other ♣ ♦; or ♦, the other holding only ♣).
MAP_SLICES = (((1, 1, 2), 0, 0), ((1, 1, 2), 1, 0), ((1, 1, 2), 2, 0), ((1, 1, 2), 1, 8))
#: The shipped report of :data:`DECK_16` (see :func:`build_report`), and its version.
REPORT_FILE = "small16.json.gz"
REPORT_VERSION = 1


def build_report(deck: SmallDeck = DECK_16, rules: Rules | None = None) -> dict:
    """Everything the lesson shows of the small game, as JSON-safe data: the start's value,
    the error bound, the size and cost of the solve, the cards player's gap in each seat, the
    ten most costly disagreements and the policy slices of :data:`MAP_SLICES`."""
    solution = solve_small(deck, rules)
    gap = cards_gap(deck, rules, solution)
    worst = disagreements(solution, None)
    decisions = solution.states()
    return {
        "version": REPORT_VERSION,
        "deck": {"ranks": list(deck.ranks), "suits": deck.suits, "aces": deck.aces},
        "rules": solution.rules.to_dict(),
        "start": solution.value(solution.start()),
        "error_bound": gap["error_bound"],
        "states": len(solution.values),
        "decisions": len(decisions),
        "disagreements": len(worst),
        "seconds": round(solution.seconds, 1),
        "gap": {seat: gap[seat] for seat in ("first", "second")},
        "worst": [
            {
                "state": [list(d["state"][0]), *d["state"][1:]],
                "win": d["win"],
                "cards": d["cards"],
                "draw": d["values"]["draw"],
                "bank": d["values"]["bank"],
                "loss": d["loss"],
            }
            for d in worst[:10]
        ],
        "maps": [
            {
                "left": list(left),
                "top": top,
                "aces": aces,
                "rows": policy_slice(solution, left, top, aces),
            }
            for left, top, aces in MAP_SLICES
        ],
    }


def write_report(path=None) -> None:
    """Build the report of :data:`DECK_16` and write it, gzipped JSON, into the package
    (``python -c "from borsen_widget.analysis.small_games import write_report; write_report()"``,
    about three minutes)."""
    import gzip
    import json
    import pathlib

    path = pathlib.Path(path or pathlib.Path(__file__).parent / "data" / REPORT_FILE)
    path.parent.mkdir(exist_ok=True)
    text = json.dumps(build_report(), sort_keys=True, separators=(",", ":"))
    with gzip.GzipFile(path, "wb", mtime=0) as f:  # the same bytes for the same report
        f.write(text.encode())


def small_report() -> dict:
    """The shipped report of the 16-card game (:func:`build_report`), read in milliseconds;
    ``state`` entries are :class:`SmallState`."""
    import gzip
    import json
    from importlib import resources

    raw = resources.files(__package__).joinpath("data", REPORT_FILE).read_bytes()
    report = json.loads(gzip.decompress(raw))
    if report.get("version") != REPORT_VERSION:
        raise ValueError(
            f"the shipped report is version {report.get('version')}, not {REPORT_VERSION}"
        )
    for d in report["worst"]:
        deck, *rest = d["state"]
        d["state"] = SmallState(tuple(deck), *rest)
    return report
