"""The best stopping rule for the rest of a turn, exactly: dynamic programming over every card
that can still come (R4–R9, R14, R14a), from public information only.

Values are exact; the search is pruned by sound upper bounds on the value of drawing (the run
bound of :mod:`.bounds`, at once or one draw ahead, see :meth:`TurnModel._bank_is_proven`),
states that are equivalent for the rest of the turn share one memo key (an integer; see
:meth:`TurnModel._canonical_aces`), and the states solved are kept for the last few positions
so that asking again goes on from there. Standard library only.

Why one module of this size: it is one algorithm (the model of a turn, its exact DP and the
pruning that keeps it fast) whose parts share the same state layout; the bounds that need no
state are in :mod:`.bounds`.
"""

from __future__ import annotations

import dataclasses
import functools
import math
from collections import OrderedDict
from fractions import Fraction

from ..engine.cards import CARDS, DISTINCT_CARDS, Card
from ..engine.game import Game
from ..i18n import Translator, translator
from .bounds import clear_runs, run_expectations
from .figures import OBJECTIVES, fraction_data

__all__ = ["TooManyStates", "TurnAdvice", "TurnModel", "best_turn", "clear_cache"]

# Terms of the run bound computed exactly, tried in turn; the rest are bounded (see
# TurnModel._run_bound). They are worked out once per deck shape, so the tighter bound of
# more terms costs little more than a looser one, and one length is enough.
_RUN_TERMS = (12,)
# At most this many run bounds are kept for reuse (memory, e.g. in the browser's Pyodide).
_RUNS_KEPT = 100_000


@dataclasses.dataclass(frozen=True)
class TurnAdvice:
    """The best stopping rule for the rest of the turn (see :func:`best_turn`).

    ``values`` holds the exact expected value of each action when the rest of the turn is
    played optimally: ``{"draw": Fraction or None, "bank": Fraction or None}`` (``None`` when
    that action is not legal). ``action`` is the better one (``"draw"`` on a tie, which only
    arises when drawing is at least as good).
    """

    action: str
    values: dict
    objective: str
    pile: int
    states: int

    @property
    def advantage(self) -> Fraction | None:
        """How much better drawing is than banking (negative: banking is better)."""
        draw, bank = self.values["draw"], self.values["bank"]
        if draw is None or bank is None:
            return None
        return draw - bank

    @property
    def sentence(self) -> str:
        """The advice in words, in the chosen language (:func:`borsen_widget.set_language`,
        else English)."""
        return self.describe()

    def describe(self, language: str | None = None) -> str:
        """The advice in words, in ``language`` (default: the chosen one, else English)."""
        tr = translator(language)
        draw, bank = self.values["draw"], self.values["bank"]
        lead = self.objective != "own"
        if bank is None:
            if lead:
                return tr.gettext(
                    "Draw: the pile is empty, so drawing is the only move (expect {value} "
                    "cards of lead over the next player).",
                    value=_num(draw, tr),
                )
            return tr.gettext(
                "Draw: the pile is empty, so drawing is the only move (expect {value} cards).",
                value=_num(draw, tr),
            )
        if draw is None:
            if lead:
                return tr.gettext(
                    "Bank: the deck is empty, so banking is the only move ({value} cards of "
                    "lead over the next player).",
                    value=_num(bank, tr),
                )
            return tr.gettext(
                "Bank: the deck is empty, so banking is the only move ({value} cards).",
                value=_num(bank, tr),
            )
        if self.action == "draw":
            if lead:
                return tr.gettext(
                    "Draw: with best play from here you expect {draw} cards of lead over the "
                    "next player, more than the {bank} banking gives now.",
                    draw=_num(draw, tr),
                    bank=_num(bank, tr),
                )
            return tr.gettext(
                "Draw: with best play from here you expect {draw} cards, more than the {bank} "
                "banking gives now.",
                draw=_num(draw, tr),
                bank=_num(bank, tr),
            )
        if lead:
            return tr.gettext(
                "Bank: banking gives {bank} cards of lead over the next player; drawing, even "
                "with best play afterwards, is worth only {draw}.",
                draw=_num(draw, tr),
                bank=_num(bank, tr),
            )
        return tr.gettext(
            "Bank: banking gives {bank} cards; drawing, even with best play afterwards, is "
            "worth only {draw}.",
            draw=_num(draw, tr),
            bank=_num(bank, tr),
        )

    def to_dict(self, language: str | None = None) -> dict:
        """JSON-safe data for screens (the sentence in ``language``)."""
        return {
            "action": self.action,
            "objective": self.objective,
            "values": {k: None if v is None else fraction_data(v) for k, v in self.values.items()},
            "advantage": None if self.advantage is None else fraction_data(self.advantage),
            "pile": self.pile,
            "sentence": self.describe(language),
        }


def _num(value: Fraction, tr: Translator) -> str:
    """A value for a sentence, as a class reads it: ``"2"``, or ``"1.49 (= 133/89)"``
    (``"1,49 (= 133/89)"``), the fraction only when it is short."""
    if value.denominator == 1:
        return tr.number(value.numerator)
    shown = tr.number(float(f"{float(value):.3g}"))
    exact = tr.fraction(value)
    return shown if exact.startswith("≈") else f"{shown} (= {exact})"


@functools.lru_cache(maxsize=16)
def _acceptance_classes(rules) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Group the 52 distinct cards into classes that R5 cannot tell apart (for these rules).

    Two cards share a class when they are accepted on the same cards, accept the same cards,
    and are both aces or both not (only aces rob, R9). Returns (class of each card index,
    representative card index of each class). With the original rules the classes are the 12
    ranks and the aces.
    """
    accepts = rules.accepts
    signatures: dict[tuple, int] = {}
    class_of = []
    reps = []
    for i in range(DISTINCT_CARDS):
        card = CARDS[i]
        below = tuple(accepts(card, other) for other in CARDS)
        above = tuple(accepts(other, card) for other in CARDS)
        key = (card.is_ace, below, above)
        if key not in signatures:
            signatures[key] = len(reps)
            reps.append(i)
        class_of.append(signatures[key])
    return tuple(class_of), tuple(reps)


#: The last rules object asked about (by identity), its classes (:func:`_acceptance_classes`)
#: and, in one dict, its classes by the most robbable cards (:func:`_loot_classes`, by an int)
#: and the verdicts on each set of classes (:func:`_accepted_classes`, by a tuple): a model of
#: a turn is made for every close choice of WinningBot, and hashing the rules (a dataclass of
#: many fields), the classes and the 256 verdicts were half of its making. One tuple, replaced
#: whole.
_LAST_RULES: tuple = (None, None, {})


def _rules_memo(rules) -> tuple:
    """``(rules, its classes, its verdicts by classes)``, kept for the last rules object."""
    global _LAST_RULES
    last = _LAST_RULES
    if last[0] is not rules:
        last = _LAST_RULES = (rules, _acceptance_classes(rules), {})
    return last


def _loot_classes(rules, most: int) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """The classes of a turn whose victims hold at most ``most`` robbable cards: R5's classes
    (:func:`_acceptance_classes`), the aces split by their loot for every robbable count up to
    ``most`` (R9; by card under a house ``loot_rule``). Returns (class of each card index,
    representative of each class), kept per rules and ``most`` (:func:`_rules_memo`)."""
    memo = _rules_memo(rules)
    found = memo[2].get(most)
    if found is not None:
        return found
    base_class = memo[1][0]
    classes: dict[tuple, int] = {}
    class_of = [0] * DISTINCT_CARDS
    reps: list[int] = []
    for i in range(DISTINCT_CARDS):
        card = CARDS[i]
        loot_key = None
        if card.is_ace and most > 0:
            if rules.loot_rule is None:  # R9's loot for every robbable count
                loot_key = tuple(rules.loot_count(i & 3, r) for r in range(most + 1))
            else:
                loot_key = i
        key = (base_class[i], loot_key)
        if key not in classes:
            classes[key] = len(reps)
            reps.append(i)
        class_of[i] = classes[key]
    found = memo[2][most] = (tuple(class_of), tuple(reps))
    return found


def _accepted_classes(rules, reps: tuple[int, ...]) -> tuple[tuple, tuple]:
    """For the classes of representatives ``reps``: the classes R5 accepts on each (a bit
    mask) and the same as tuples (kept per rules and classes, :func:`_rules_memo`)."""
    memo = _rules_memo(rules)[2]
    found = memo.get(reps)
    if found is not None:
        return found
    k = len(reps)
    accepts = rules.accepts
    acc = tuple(
        sum(1 << f for f in range(k) if accepts(CARDS[reps[f]], CARDS[reps[c]])) for c in range(k)
    )
    found = memo[reps] = acc, tuple(tuple(f for f in range(k) if acc[c] >> f & 1) for c in range(k))
    return found


@functools.lru_cache(maxsize=4)
def _shape_digits(most: int) -> tuple:
    """_shape_key's digits: for each first rank the top accepts, each rank, each count of its
    cards left, up to ``most`` (the same for every turn of the same number of decks)."""
    return tuple(
        tuple(
            tuple(1 << (4 * c + (0 if r >= first else 48)) if c else 0 for c in range(most + 1))
            for r in range(12)
        )
        for first in range(13)
    )


class TurnModel:
    """The chance structure of the rest of one turn, from public information only; what
    :func:`best_turn` and :func:`~borsen_widget.analysis.best_choice` compute on.

    The rules are read from :class:`Rules`: R5 through :meth:`Rules.accepts` (the acceptance
    classes), R9 through :meth:`Rules.victim_order`, :meth:`Rules.victim`, :meth:`Rules.loot`
    and :meth:`Rules.loot_count`. The run bound relies on the original R5's shape (aces
    reset the pile, ranks never fall), which holds without a custom ``accept_rule``; the
    brute-force tests check it.

    A DP state is (deck composition by class, which classes the top card accepts, pile size,
    cards robbed so far from each possible victim). Values are kept as exact integers scaled
    by ``deck_size!`` so the hot loop needs no fractions: value = X / n!.
    """

    def __init__(self, game: Game, objective: str):
        rules = game.rules
        self.rules = rules
        self.objective = objective
        player = game.current_player
        n = rules.players
        self.player = player
        banks = game.banks
        self.players = n
        # R9: whom an ace of this turn may rob, in the rules' order (Rules.victim_order).
        victims = rules.victim_order(player)
        self.victims = victims
        self.victim_banks = tuple(banks[v] for v in victims)
        self.robbable = tuple(sum(not c.is_ace for c in bank) for bank in self.victim_banks)
        # R14a: when this turn is the last the cap allows, a pile passed on scores nothing.
        self.last_turn = game.is_last_turn
        class_of, reps = _loot_classes(rules, max(self.robbable, default=0))
        self.reps = reps
        k = len(reps)
        self.size = k
        self.is_ace = tuple(CARDS[r].is_ace for r in reps)
        accepts = rules.accepts
        # acc[c]: the classes accepted on a top card of class c (bit f set: class f accepted),
        # and the same as lists of classes (to count a child's accepted cards quickly).
        self.acc, self.acc_classes = _accepted_classes(rules, self.reps)
        self.all = (1 << k) - 1
        counts = [0] * k
        for card, copies in game.deck_counts().items():
            counts[class_of[card.index]] += copies
        self.counts = tuple(counts)
        top = game.pile[-1] if game.pile else None
        self.top_mask = (
            self.all
            if top is None
            else sum(1 << f for f in range(k) if accepts(CARDS[reps[f]], top))
        )
        self.pile = len(game.pile)
        # The run bound needs the original R5 (aces reset, ranks non-decreasing).
        self.standard = rules.accept_rule is None
        self.rank = tuple(
            None if CARDS[r].is_ace else CARDS[r].rank - 2 for r in reps
        )  # 0..11 for 2..K
        self.top_rank = None if top is None or top.is_ace else top.rank - 2
        self.ace_classes = tuple(c for c in range(k) if self.is_ace[c])
        # With the original R5 the non-ace classes are the 12 ranks, in order (class r is the
        # rank r + 2): a child's accepted cards are then a suffix sum (see _draw_value).
        self.ranked = self.standard and all(self.rank[c] == c for c in range(12))
        if self.ranked:
            # _shape_key's digits: for each first rank the top accepts, each rank, each count
            # of its cards left (the ace classes come after the ranks).
            self._digits = _shape_digits(4 * rules.decks)  # the most cards of one rank
        # A state's memo key is one integer (hashed far faster than a tuple): the deck's
        # counts by class (``width`` bits a class), the classes its top accepts, the pile and
        # the cards robbed from each victim (8 bits a victim; only while an ace can come).
        sizes = [0] * k
        for i in range(DISTINCT_CARDS):
            sizes[class_of[i]] += rules.decks
        width = max(sizes).bit_length()
        self._unit = tuple(1 << (width * c) for c in range(k))
        self._mask_shift = width * k
        self._pile_shift = width * k + k
        self._robbed_shift = width * k + k + 16
        self._ace_field = sum(((1 << width) - 1) << (width * c) for c in self.ace_classes)
        self._robbed_codes: dict = {}
        # States equivalent for the rest of the turn share a key (R9, one victim, the shares'
        # loot): aces whose loot is the same for every robbable count the victim can still
        # have are counted as one class, and what was robbed is left out once no ace left can
        # rob anything (see _canonical_aces). The aces' bits of the accepted classes go too
        # (aces are always accepted, R5; their counts are in the key).
        self._canon: dict | None = (
            {}
            if self.ranked and rules.loot_rule is None and len(victims) == 1 and self.ace_classes
            else None
        )
        self._rank_field = ((1 << (width * k)) - 1) ^ self._ace_field
        self._rank_bits = self.all ^ sum(1 << c for c in self.ace_classes)
        self._width_mask = (1 << width) - 1
        self._ace_totals: dict = {}
        self._last_shapes: tuple = ((), [])
        self._zero_robbed = tuple(0 for _ in victims)
        self.memo: dict = {}
        # The keys of the children proven (by the cheap or the run bound) to bank at once:
        # they need no state of their own, and no second proof when met again.
        self._banked: set = set()
        self.limit = math.inf  # stop after this many memo entries (see best_turn's max_states)
        self.budget: int | None = None
        self._loot: dict = {}
        self._most: dict = {}
        self._runs: dict = {}  # run bounds worked out (a state's, and its children's)
        self._fact = [math.factorial(i) for i in range(sum(counts) + 2)]

    # -- robbery (R9, R10)

    def rob(self, cls: int, robbed: tuple[int, ...]) -> tuple[int, tuple[int, ...]]:
        """The loot of an ace of class ``cls`` and the robbed counts after it."""
        key = (cls, robbed)
        hit = self._loot.get(key)
        if hit is not None:
            return hit
        if len(self.victims) == 1:
            pos = 0
        else:  # rob_target "leader": Rules.victim decides, on what is left to rob now
            left = [0] * self.players
            for seat, robbable, taken in zip(self.victims, self.robbable, robbed, strict=True):
                left[seat] = robbable - taken
            pos = self.victims.index(self.rules.victim(self.player, left))
        ace = CARDS[self.reps[cls]]
        loot = self.rules.loot(ace, _bank_after(self.victim_banks[pos], robbed[pos]))
        after = list(robbed)
        after[pos] += loot
        hit = (loot, tuple(after))
        self._loot[key] = hit
        return hit

    def _robbed_code(self, robbed: tuple[int, ...]) -> int:
        """The robbed counts' part of a memo key (see ``__init__``)."""
        hit = self._robbed_codes.get(robbed)
        if hit is None:
            code = 0
            for pos, taken in enumerate(robbed):
                code |= taken << (8 * pos)
            hit = self._robbed_codes[robbed] = code << self._robbed_shift
        return hit

    def _canonical_aces(self, raw: int) -> int:
        """The aces' and the robbed counts' part of a memo key, the same for states that are
        equivalent for the rest of the turn (see ``__init__``); ``raw``: the counts of the
        ace classes and the robbed code as a key holds them (one victim only)."""
        aces = raw & self._ace_field
        if not aces:
            self._canon[raw] = 0
            return 0
        left = self.robbable[0] - (raw >> self._robbed_shift & 0xFF)
        width = self._mask_shift // self.size
        first_of: dict = {}
        merged = 0
        robs = False
        for cls in self.ace_classes:
            copies = aces >> (width * cls) & self._width_mask
            if copies:
                suit = self.reps[cls] & 3
                loot = tuple(self.rules.loot_count(suit, x) for x in range(left + 1))
                robs = robs or any(loot)
                first = first_of.setdefault(loot, cls)
                merged += copies << (width * first)
        # Nothing left to rob: a code no robbed count has (robbed counts stay below 255).
        rest = merged | (raw ^ aces if robs else 0xFF << self._robbed_shift)
        self._canon[raw] = rest
        return rest

    def ace_totals(self, counts, robbed) -> tuple[int, int, int]:
        """The aces left (R9): how many, the loot they would rob now, and the most they could
        rob later in the turn, summed over every ace."""
        aces = loot_now = total_loot = 0
        for cls in self.ace_classes:
            copies = counts[cls]
            if copies:
                aces += copies
                loot_now += copies * self.rob(cls, robbed)[0]
                total_loot += copies * self.loot_max(cls, robbed)
        return aces, loot_now, total_loot

    def deck_totals(self, counts, mask, robbed) -> tuple[int, int, int, int]:
        """What the bounds read of a state's deck: the cards the top accepts (R5, ``mask``),
        then :meth:`ace_totals`."""
        accepted = 0
        for cls, copies in enumerate(counts):
            if copies and mask >> cls & 1:
                accepted += copies
        return (accepted, *self.ace_totals(counts, robbed))

    def outcomes(self, counts, mask, m, robbed) -> list[tuple]:
        """Every kind of card the next draw can be, and what it does (R5–R9, R14, R14a):
        ``(copies, accepted, gained, pile, lost, child)``: ``gained`` is the loot kept at once
        (R9, ``loot_to="bank"``), ``pile`` the pile after the card, ``lost`` what a pass costs
        the objective (R7; "lead" only, nothing when the cap ends the game, R14a) and
        ``child`` the state after an accepted card, ``(counts, mask, rank, pile, robbed)``
        (``None`` when the deck is then empty: R14 banks the pile). The dynamic programme
        inlines the same steps for speed; the certified choice (:mod:`.choice`) reads them here.
        """
        n = sum(counts)
        own = self.objective == "own"
        to_pile = self.rules.loot_to == "pile"
        result = []
        for cls, copies in enumerate(counts):
            if not copies:
                continue
            loot, after = (0, robbed)
            if self.is_ace[cls]:
                loot, after = self.rob(cls, robbed)
            pile = m + 1 + (loot if to_pile else 0)
            gained = 0 if to_pile else loot
            if mask >> cls & 1:
                child = None
                if n > 1:
                    rest = (*counts[:cls], copies - 1, *counts[cls + 1 :])
                    child = (rest, self.acc[cls], self.rank[cls], pile, after)
                result.append((copies, True, gained, pile, 0, child))
            else:
                lost = 0 if own or self.last_turn else pile
                result.append((copies, False, gained, pile, lost, None))
        return result

    # -- an upper bound for pruning

    def _shape_key(self, counts: tuple[int, ...], top_rank: int | None) -> int | tuple:
        """What the run bound of a state depends on, as a key (see :meth:`_run_bound`): with
        the original R5 the deck's shape (:func:`.bounds.shape`: the ranks the top accepts and
        those it refuses, by cards left, as 4-bit digits) and its aces; many states share one."""
        if not self.ranked:
            return (counts, top_rank)
        first = 0 if top_rank is None else top_rank + (0 if self.rules.equal_accepted else 1)
        key = sum(map(_pick, self._digits[first], counts))
        return key | (sum(counts[12:]) << 96)

    def _run_bound(
        self, counts: tuple[int, ...], top_rank: int | None, terms: int = 12, shape=None
    ) -> tuple[float, float]:
        """Upper bounds on E[K], K = the number of cards a clairvoyant would see accepted in
        a row (the run), and on the expected number of aces in the run, for the original R5
        (:func:`.bounds.run_expectations`: the first ``terms`` lengths counted exactly).
        ``shape``: the state's :meth:`_shape_key`, if known.
        """
        is_ace, rank_of = self.is_ace, self.rank
        if shape is None:
            shape = self._shape_key(counts, top_rank)
        key = shape | (terms << 112) if self.ranked else (shape, terms)
        hit = self._runs.get(key)
        if hit is not None:
            return hit
        ranks = [0] * 12
        aces = 0
        for cls, copies in enumerate(counts):
            if copies:
                if is_ace[cls]:
                    aces += copies
                else:
                    ranks[rank_of[cls]] += copies
        run, aces_in_run, denominator = run_expectations(
            ranks, aces, top_rank, self.rules.equal_accepted, terms
        )
        if len(self._runs) >= _RUNS_KEPT:
            self._runs.clear()  # they help soon after (a parent's proof, then the child's)
        hit = self._runs[key] = (run / denominator, aces_in_run / denominator)
        return hit

    # -- the dynamic programme

    def solve(self) -> tuple[int | None, int | None, int]:
        """(X_draw, X_bank, n) at the root: values × n! (None where the action is illegal)."""
        counts, m = self.counts, self.pile
        n = sum(counts)
        robbed = self.zero_robbed()
        code = sum(copies * unit for copies, unit in zip(counts, self._unit, strict=True))
        draw = (
            self._draw_value(counts, self.top_mask, self.top_rank, m, robbed, code, 0)
            if n
            else None
        )
        bank = m * self._fact[n] if m else None
        return draw, bank, n

    def _draw_value(self, counts, mask, top_rank, m, robbed, code, robbed_code) -> int:
        """X = n! × the expected value of drawing now and playing optimally afterwards.
        ``code`` and ``robbed_code``: the counts' and the robbed counts' parts of the state's
        memo key (a child's key is then worked out in O(1) and looked up before anything else
        is done for it)."""
        n = sum(counts)
        fact1 = self._fact[n - 1]
        own = self.objective == "own"
        to_pile = self.rules.loot_to == "pile"
        is_ace = self.is_ace
        # What a child after a non-ace shares with this state (the same aces, the same banks),
        # for the cheap test that proves banking there without a state of its own.
        ace_key = (code & self._ace_field) | robbed_code
        totals_here = self._ace_totals.get(ace_key)
        if totals_here is None:
            totals_here = self._ace_totals[ace_key] = self.ace_totals(counts, robbed)
        aces, loot_now, total_loot = totals_here
        if self.ranked:
            # at_least[r]: the cards of rank index r or higher, and the aces (R5).
            at_least = [0] * 13
            running = at_least[12] = aces
            for r in range(11, -1, -1):
                running += counts[r]
                at_least[r] = running
            equal = self.rules.equal_accepted
            shapes = None  # worked out when first needed
            runs = self._runs
            terms = _RUN_TERMS[-1] << 112
        present = 0
        for cls, copies in enumerate(counts):
            if copies:
                present |= 1 << cls
        memo = self.memo
        banked = self._banked
        canon = self._canon
        if canon is not None:
            ace_field = self._ace_field
            rank_field = self._rank_field
            rank_bits = self._rank_bits
            here = canon.get(ace_key)  # a child after a non-ace: the same aces, robbed
            if here is None:
                here = self._canonical_aces(ace_key)
        unit = self._unit
        acc = self.acc
        mask_shift = self._mask_shift
        pile_shift = self._pile_shift
        total = 0
        start = 0
        if self.ranked:
            # The classes below the lowest the top accepts are refused ranks (R5, no loot):
            # added up at once (R7: "lead" loses the pile, unless R14a ends the game).
            start = (mask & -mask).bit_length() - 1
            if not own and not self.last_turn:
                total -= (n - at_least[start]) * (m + 1) * fact1
        for cls in range(start, self.size):
            copies = counts[cls]
            if not copies:
                continue
            loot, after = (0, robbed)
            if is_ace[cls]:
                loot, after = self.rob(cls, robbed)
            pile = m + 1 + (loot if to_pile else 0)
            gained = 0 if to_pile else loot  # R9: loot to the bank is the robber's at once
            if mask >> cls & 1:
                if n == 1:
                    value = (gained + pile) * fact1  # R14: the deck is empty, the pile is banked
                else:
                    # What the child holds: its classes, whether an ace can still come.
                    left = present if copies > 1 else present ^ (1 << cls)
                    if is_ace[cls]:
                        any_ace = aces > 1
                        child_robbed = self._robbed_code(after) if any_ace else 0
                    else:
                        any_ace = aces > 0
                        child_robbed = robbed_code
                    child_code = code - unit[cls]
                    if canon is None:
                        key = (
                            child_code
                            | (acc[cls] & left) << mask_shift
                            | pile << pile_shift
                            | child_robbed
                        )
                    else:  # equivalent states share a key (see _canonical_aces)
                        if is_ace[cls]:
                            raw = (child_code & ace_field) | child_robbed
                            tail = canon.get(raw)
                            if tail is None:
                                tail = self._canonical_aces(raw)
                        else:
                            tail = here
                        key = (
                            (child_code & rank_field)
                            | (acc[cls] & left & rank_bits) << mask_shift
                            | pile << pile_shift
                            | tail
                        )
                    hit = memo.get(key)
                    if hit is not None:
                        total += copies * (gained * fact1 + hit)
                        continue
                    if key in banked:  # proven before: banking is best there
                        total += copies * pile * fact1
                        continue
                    totals = None
                    if not is_ace[cls]:
                        if self.ranked:  # less the card just drawn, if R5 counts it
                            accepted = at_least[cls] - 1 if equal else at_least[cls + 1]
                        else:
                            accepted = sum(counts[f] for f in self.acc_classes[cls])
                            accepted -= acc[cls] >> cls & 1
                        proof = self._cheap_bank_proof(
                            accepted, aces, n - 1, pile, loot_now, total_loot
                        )
                        if proof:
                            total += copies * pile * fact1  # banking is best there
                            banked.add(key)
                            continue
                        if proof is None and self.ranked:  # the run bound there
                            if shapes is None:
                                shapes = self._child_shapes(counts)
                            run = runs.get(shapes[cls] | terms)
                            if run is None:
                                rest = (*counts[:cls], copies - 1, *counts[cls + 1 :])
                                run = self._run_bound(rest, cls, _RUN_TERMS[-1], shapes[cls])
                            bound = run[0] + (run[1] / aces * total_loot if aces else 0.0)
                            if bound <= pile - 1e-9 * (pile + 1) - pile * accepted / (n - 1):
                                total += copies * pile * fact1  # banking is best there
                                banked.add(key)
                                continue
                        # The child's own bank proof starts from the same totals and proof.
                        totals = (accepted, aces, loot_now, total_loot, proof)
                    child = (*counts[:cls], copies - 1, *counts[cls + 1 :])
                    value = gained * fact1 + self._value(
                        child,
                        acc[cls],
                        self.rank[cls],
                        pile,
                        after,
                        left,
                        any_ace,
                        totals,
                        key,
                        child_code,
                        child_robbed,
                    )
            else:
                # R7: the pile passes on; "lead" counts it against us unless the cap ends the
                # game at once (R14a), when it scores nothing.
                lost = 0 if own or self.last_turn else pile
                value = (gained - lost) * fact1
            total += copies * value
        return total

    def _value(
        self, counts, mask, top_rank, m, robbed, present, any_ace, totals, key, code, robbed_code
    ) -> int:
        """X = n! × the value of the state with optimal play (draw or bank, R4), not yet in
        the memo.

        ``present`` (the classes the deck holds, as bits), ``any_ace`` (whether it holds an
        ace) and ``totals`` (:meth:`deck_totals` and the cheap proof's verdict, see
        :meth:`_bank_is_proven`) come from the parent, which knows them already; ``key`` is
        the state's memo key, ``code`` and ``robbed_code`` its parts (see :meth:`_draw_value`).
        """
        if not any_ace:
            robbed = ()  # no ace can come: the victims no longer matter
        memo = self.memo
        if len(memo) >= self.limit:
            raise TooManyStates(
                f"the best turn needs more than {self.budget} new states here; ask again "
                "with a larger max_states, or None to wait for the exact answer"
            )
        n = sum(counts)
        bank = m * self._fact[n]
        if mask & present != present and self._bank_is_proven(
            counts, mask, top_rank, m, robbed, n, totals
        ):
            memo[key] = bank
            return bank
        draw = self._draw_value(
            counts, mask, top_rank, m, robbed if robbed else self._zero_robbed, code, robbed_code
        )
        value = draw if draw >= bank else bank
        memo[key] = value
        return value

    def zero_robbed(self) -> tuple[int, ...]:
        """Nothing robbed yet from any victim."""
        return self._zero_robbed

    def _bank_is_proven(self, counts, mask, top_rank, m, robbed, n, totals=None) -> bool:
        """True when banking is provably at least as good as drawing (a sound bound).

        Any play that draws now scores at most m·P(accepted) + E[K] + E[loot]: the pile only
        counts if the first draw is accepted; a clairvoyant who banks just before the first
        refused card gains E[K] cards (:meth:`_run_bound`); and every ace drawn in the turn is
        in the run, which happens with the same chance for each ace (R5 treats them alike),
        E[aces in the run] / aces, robbing at most what it could rob now (banks only shrink
        in a turn, R9). Cheaper bounds are tried first (:meth:`_cheap_bank_proof`), and when
        the run bound does not prove it, the same bound one draw later
        (:meth:`_relaxed_bank_proof`). Returning False is always safe: the state is then
        solved exactly. ``totals``: ``(accepted, aces, loot_now, total_loot, proof)``, the
        :meth:`deck_totals` and the :meth:`_cheap_bank_proof` of this state, if known.
        """
        if totals is None:
            accepted, aces, loot_now, total_loot = self.deck_totals(counts, mask, robbed)
            proof = self._cheap_bank_proof(accepted, aces, n, m, loot_now, total_loot)
        else:
            accepted, aces, loot_now, total_loot, proof = totals
        if proof is not None:
            return proof
        base = m - 1e-9 * (m + 1) - m * accepted / n
        shape = self._shape_key(counts, top_rank)
        for terms in _RUN_TERMS:
            run, aces_in_run = self._run_bound(counts, top_rank, terms, shape)
            loot = aces_in_run / aces * total_loot if aces else 0.0
            if run + loot <= base:
                return True
        return self._relaxed_bank_proof(
            counts, mask, m, robbed if robbed else self.zero_robbed(), n
        )

    def _draw_bound(self, counts, mask, top_rank, m, robbed, terms) -> float:
        """The run bound on the value of drawing in a state (see :meth:`_bank_is_proven`)."""
        n = sum(counts)
        accepted, aces, _loot_now, total_loot = self.deck_totals(counts, mask, robbed)
        run, aces_in_run = self._run_bound(counts, top_rank, terms)
        return m * accepted / n + run + (aces_in_run / aces * total_loot if aces else 0.0)

    def _relaxed_bank_proof(self, counts, mask, m, robbed, n) -> bool:
        """True when banking is proven best by looking one draw ahead (see
        :meth:`_ahead_total`)."""
        limit = (m - 1e-9 * (m + 1)) * n
        return self._ahead_total(counts, mask, m, robbed, n, limit, deep=True) <= limit

    def _ahead_total(self, counts, mask, m, robbed, n, limit, deep=False) -> float:
        """n × an upper bound on drawing, looking one draw ahead: the average over the next
        card of what it brings at once (R7, R9) plus, if accepted, the better of banking then
        and the run bound there (or just banking, where the cheap bounds prove it). Tighter
        than the run bound now, because the player must decide after that card without
        seeing the rest of the deck. Stops with a number above ``limit`` as soon as the
        bound is known to exceed it; with ``deep``, where the run bounds do not keep it
        within ``limit``, the children that need a run bound (after an ace) are bounded one
        draw further ahead as well."""
        # What a child after a non-ace shares with this state, for the bounds there.
        aces, _loot_now, total_loot = self.ace_totals(counts, robbed)
        ranked = self.ranked
        if ranked:  # at_least[r]: the cards of rank index r or higher, and the aces (R5)
            at_least = [0] * 13
            running = at_least[12] = aces
            for r in range(11, -1, -1):
                running += counts[r]
                at_least[r] = running
            equal = self.rules.equal_accepted
            shapes = None  # worked out when first needed
            runs = self._runs
            terms = _RUN_TERMS[-1] << 112
        # The same steps as outcomes(), inlined: the refused cards' worth at once, and the
        # accepted ones as (copies, gained, pile, child or None, its cheap bound, the cards
        # its top accepts after a non-ace, or None).
        own = self.objective == "own"
        to_pile = self.rules.loot_to == "pile"
        is_ace = self.is_ace
        refused = 0.0
        children = []
        start = 0
        if ranked:
            # The classes below the lowest the top accepts are refused ranks (R5, no loot).
            start = (mask & -mask).bit_length() - 1
            if not own and not self.last_turn:
                refused -= (n - at_least[start]) * (m + 1)
        for cls in range(start, self.size):
            copies = counts[cls]
            if not copies:
                continue
            loot, after = (0, robbed)
            if is_ace[cls]:
                loot, after = self.rob(cls, robbed)
            pile = m + 1 + (loot if to_pile else 0)
            gained = 0 if to_pile else loot
            if not mask >> cls & 1:  # R7 ("lead" loses the pile, unless R14a ends the game)
                refused += copies * (gained - (0 if own or self.last_turn else pile))
                continue
            if n == 1:  # R14: the deck is then empty, the pile banked
                children.append((copies, gained + pile, None))
                continue
            if ranked and not is_ace[cls]:  # after a non-ace: the same aces and banks as here
                taken = at_least[cls] - 1 if equal else at_least[cls + 1]
                cheap = self._cheap_draw_bound(taken, aces, n - 1, pile, total_loot)
                if cheap <= pile:
                    children.append((copies, gained + pile, None))
                    continue
                if shapes is None:
                    shapes = self._child_shapes(counts)
                run = runs.get(shapes[cls] | terms)
                if run is None:
                    rest = (*counts[:cls], copies - 1, *counts[cls + 1 :])
                    run = self._run_bound(rest, self.rank[cls], _RUN_TERMS[-1], shapes[cls])
                bound = pile * taken / (n - 1) + run[0]
                if aces:
                    bound += run[1] / aces * total_loot
                if bound > cheap:
                    bound = cheap
                children.append((copies, gained + (bound if bound > pile else pile), None))
                continue
            rest = (*counts[:cls], copies - 1, *counts[cls + 1 :])
            children.append((copies, gained, (rest, self.acc[cls], self.rank[cls], pile, after)))
        # Every card's worth, the bounds of the other children (after an ace, or by the rules
        # in general) worked out only while the total may still stay within the limit; if
        # that fails, once more with those children's bounds one draw ahead too.
        total = self._children_total(refused, children, limit, 0)
        if total <= limit or not deep or all(child is None for _c, _w, child in children):
            return total
        # Even banking at once after every such card would not do: no bound can prove it.
        least = refused
        for copies, worth, child in children:
            least += copies * (worth if child is None else worth + child[3])
        if least > limit:
            return total
        return self._children_total(refused, children, limit, n - 1)

    def _children_total(self, refused, children, limit, ahead) -> float:
        """The sum over the next card of its worth (see :meth:`_ahead_total`), stopped as soon
        as it passes ``limit``. With ``ahead`` (the cards left after the next one), a child's
        run bound is replaced by the smaller bound one draw later where that helps."""
        total = refused
        for copies, worth, child in children:
            if child is not None:
                bound = self._draw_bound(*child, _RUN_TERMS[-1])
                pile = child[3]
                if ahead and bound > pile:
                    rest, mask, _rank, _pile, robbed = child
                    later = self._ahead_total(rest, mask, pile, robbed, ahead, math.inf)
                    if later / ahead < bound:
                        bound = later / ahead
                worth += bound if bound > pile else pile
            total += copies * worth
            if total > limit:
                break
        return total

    def _child_shapes(self, counts) -> list:
        """The :meth:`_shape_key` of the state after a non-ace of each rank is drawn (its top
        is then that rank, R5), by rank class, in O(12) for all of them (original R5, ranked
        classes only)."""
        last, found = self._last_shapes
        if counts is last:  # a state's bank proof, then its draw value, ask for the same
            return found
        digits = self._digits
        # keys[f]: the key of this deck when the first rank accepted is f (aces left out).
        key = sum(map(_pick, digits[0], counts))
        keys = [key]
        for f in range(12):
            copies = counts[f]
            if copies:
                key += digits[f + 1][f][copies] - digits[f][f][copies]
            keys.append(key)
        shift = 0 if self.rules.equal_accepted else 1
        aces = sum(counts[12:]) << 96
        found = [0] * 12
        for cls in range(12):
            copies = counts[cls]
            if copies:
                first = cls + shift
                digit = digits[first][cls]
                found[cls] = (keys[first] - digit[copies] + digit[copies - 1]) | aces
        self._last_shapes = (counts, found)
        return found

    def _cheap_draw_bound(self, accepted, aces, n, m, total_loot) -> float:
        """An upper bound on the value of drawing in a state, from its totals, in O(1) (the
        bound of :meth:`_cheap_bank_proof`; original R5 only): ``math.inf`` where it does not
        apply (the top refuses nothing)."""
        refused = n - accepted
        if not self.standard or not refused:
            return math.inf
        good = accepted - aces
        stoppers = n - good
        loot = aces / (aces + refused) * total_loot if aces else 0.0
        return m * accepted / n + good / (stoppers + 1) + aces / stoppers * n + loot

    def _cheap_bank_proof(self, accepted, aces, n, m, loot_now, total_loot) -> bool | None:
        """The cheap part of :meth:`_bank_is_proven`, from a state's totals: True (banking is
        proven best), False (not provable: drawing once already beats banking, or the bound
        does not apply) or None (only the run bound can tell).

        ``accepted``: the deck's cards the top accepts; ``aces``: its aces; ``loot_now``: what
        they would rob now, added up; ``total_loot``: the most they could rob later in the
        turn, added up (:meth:`_loot_max`).
        """
        refused = n - accepted
        # Draw once, then bank if accepted (loot to the bank is kept either way). If that
        # beats banking, drawing is better: nothing to prove.
        lost = 0 if self.objective == "own" or self.last_turn else refused * (m + 1)
        kept = 0 if self.rules.loot_to == "pile" else loot_now
        if accepted * (m + 1) + kept - lost > m * n:
            return False
        if not self.standard or not refused:
            return False
        base = m - 1e-9 * (m + 1) - m * accepted / n  # floats: a margin for rounding
        if base <= 0:
            return False
        # Every ace is drawn in the turn only if some ace comes before every card the top
        # refuses now (until an ace, the top only rises).
        loot = aces / (aces + refused) * total_loot if aces else 0.0
        # The run: the accepted non-aces before the first refused card or ace, plus
        # everything after an ace that comes first.
        good = accepted - aces
        stoppers = n - good
        run = good / (stoppers + 1) + aces / stoppers * n
        if run + loot <= base:
            return True
        return None

    def loot_max(self, cls: int, robbed: tuple[int, ...]) -> int:
        """The most an ace of class ``cls`` could rob later in the turn (R9): victims' banks
        only shrink during a turn; a custom loot_rule may take up to all robbable cards."""
        key = (cls, robbed)
        hit = self._most.get(key)
        if hit is not None:
            return hit
        left = [r - k for r, k in zip(self.robbable, robbed, strict=False)]
        if self.rules.loot_rule is not None:
            most = max(left, default=0)
        else:
            suit = self.reps[cls] & 3
            most = max((self.rules.loot_count(suit, x) for x in left), default=0)
        self._most[key] = most
        return most


_pick = tuple.__getitem__  # _shape_key: a rank's digit for its count, in C


def _bank_after(bank: tuple[Card, ...], robbed: int) -> tuple[Card, ...]:
    """The bank after its ``robbed`` most recently banked non-aces are gone (R10)."""
    if not robbed:
        return tuple(bank)
    kept = list(bank)
    for pos in range(len(kept) - 1, -1, -1):
        if robbed and not kept[pos].is_ace:
            del kept[pos]
            robbed -= 1
    return tuple(kept)


_MODELS: OrderedDict = OrderedDict()
_MODEL_CACHE_SIZE = 4


def clear_cache() -> None:
    """Forget the solved turns kept for speed (they are kept for the last few positions), and
    the run counts."""
    global _LAST_RULES
    _MODELS.clear()
    _acceptance_classes.cache_clear()
    _LAST_RULES = (None, None, {})
    clear_runs()


def _model(game: Game, objective: str) -> TurnModel:
    """The turn model for this position, reusing one solved earlier in the same turn."""
    rules = game.rules
    player = game.current_player
    banks = game.banks
    key = (rules, objective, player, banks, game.is_last_turn)
    model = _MODELS.get(key)
    fresh = TurnModel(game, objective)
    if model is not None and model.reps == fresh.reps and model.robbable == fresh.robbable:
        _MODELS.move_to_end(key)
        model.counts, model.top_mask, model.pile = fresh.counts, fresh.top_mask, fresh.pile
        model.top_rank = fresh.top_rank
        if len(model._fact) < len(fresh._fact):
            model._fact = fresh._fact
        return model
    _MODELS[key] = fresh
    while len(_MODELS) > _MODEL_CACHE_SIZE:
        _MODELS.popitem(last=False)
    return fresh


class TooManyStates(RuntimeError):
    """:func:`best_turn` stopped at its ``max_states`` budget (the states it solved are kept,
    so asking again goes on from there)."""


def best_turn(game: Game, objective: str = "own", *, max_states: int | None = None) -> TurnAdvice:
    """The best stopping rule for the rest of the current turn, exactly (R4–R9, R14, R14a).

    Dynamic programming over every card that can still come, from the deck's composition.
    A turn ends when the pile is banked (R8) or passes on (R7); the values count, from now
    to that moment:

    - ``objective="own"``: the cards the current player adds to their bank: the pile when
      it is banked (R8; so "bank" is worth exactly the pile's size now), plus every card
      robbed with ``loot_to="bank"`` (R9: it is theirs at once, even if the pile later
      passes on). A pile that passes on brings nothing. With ``loot_to="pile"`` the loot
      joins the pile and is banked or lost with it. When the deck runs out after an
      accepted card the pile is banked (R14).
    - ``objective="lead"``: the same, minus the cards the next player takes over when the
      pile passes on (R7; nothing when the turn cap ends the game at that moment, R14a).

    Not counted: what the ace decision after banking does (R11, R12: a separate choice),
    cards robbed from the victims, and anything after the turn.

    Raises ``ValueError`` when there is no draw-or-bank decision (the game is over, or an
    ace decision is pending).

    Cost (CPython; ``benchmarks/advice_speed.py``): milliseconds for most positions, but seconds at
    the start of a turn in the first half of a one-deck game (seed rules: a median of about 2.2 s of
    CPU, up to about 7 s where aces can rob banks, some 20 000–190 000 states; before a state's memo
    key was one integer the median was about 8 s; about a second at most once the pile holds a
    card), more when aces can rob a rich bank (loot makes drawing worth more: 40 cards left, an
    empty pile and 12 robbable cards) or with two decks. Pyodide (JupyterLite) takes about twice as
    long. The choice alone is usually proven at once by :func:`.best_choice`.
    ``max_states`` caps the work: past that many new states :class:`TooManyStates` is raised.
    Solved states are kept for the last few positions, so asking again, or later in the same
    turn, goes on from there.
    """
    if objective not in OBJECTIVES:
        raise ValueError(f"objective must be 'own' or 'lead', not {objective!r}")
    if game.phase != "play":
        raise ValueError(f"no draw-or-bank decision to advise on: the phase is {game.phase!r}")
    if max_states is not None and (
        isinstance(max_states, bool) or not isinstance(max_states, int) or max_states < 1
    ):
        raise ValueError(f"max_states must be a whole number >= 1 or None, not {max_states!r}")
    model = _model(game, objective)
    before = len(model.memo)
    model.budget = max_states
    model.limit = math.inf if max_states is None else before + max_states
    try:
        draw, bank, n = model.solve()
    finally:
        model.limit = math.inf
    fact = math.factorial(n)
    values = {
        "draw": None if draw is None else Fraction(draw, fact),
        "bank": None if bank is None else Fraction(bank, fact),
    }
    if values["draw"] is None:
        action = "bank"
    elif values["bank"] is None or values["draw"] >= values["bank"]:
        action = "draw"
    else:
        action = "bank"
    return TurnAdvice(
        action=action,
        values=values,
        objective=objective,
        pile=len(game.pile),
        states=len(model.memo) - before,
    )
