"""The best choice at once, proven: draw or bank, certified by exact bounds (R4–R9, R14, R14a).

The exact best stopping rule (:func:`.best_turn`) can take seconds or minutes early in a game,
but the *choice* between drawing and banking usually needs far less. Banking is worth the pile,
m cards (R8). The value of drawing, with the best play afterwards, lies between:

- **lower bounds**: the exact value of any way of playing on — "draw once, then bank" (the
  one-draw look-ahead), "draw until k more cards are accepted, then bank", or the best play
  within the next few draws. Each is counted exactly from the deck's composition, and the best
  stopping rule is worth at least as much as any of them;
- **upper bounds**: what someone who could see the order of the deck would get by drawing (the
  run bound of :mod:`.bounds`: they would bank just before the first card that fails), taken
  at once or after looking a draw or two ahead exactly.

When a lower bound reaches the pile, drawing is best (``best_turn`` also draws on a tie); when
an upper bound is below the pile, banking is. Otherwise the bounds do not decide, and the exact
rule is needed. Every number is an exact :class:`fractions.Fraction` from public information
only, counted like ``best_turn``'s values (``objective`` "own" or "lead"). Standard library only.

Why one module of this size: it is one proof (the lower bounds, the upper bounds and the
sentence that tells which of them decided, in three languages); the bounds that need no position
are in :mod:`.bounds`, the DP in :mod:`.turn`.
"""

from __future__ import annotations

import dataclasses
from fractions import Fraction

from ..engine.game import Game
from ..i18n import Translator, translator
from .bounds import falling, run_counts, run_expectations
from .figures import OBJECTIVES, fraction_data
from .turn import TurnModel

__all__ = ["Choice", "best_choice"]

#: How many more cards "draw until k more cards are accepted" may ask for.
DRAW_UNTIL_MAX = 12
#: Terms of the run counted exactly in the upper bounds (the rest bounded, see bounds.py).
RUN_TERMS = 12
#: The look-ahead's work limit: states whose bounds are worked out, all depths together.
LOOK_AHEAD_STATES = 400
#: The deepest look-ahead tried (draws after the first).
LOOK_AHEAD_DEPTH = 2


@dataclasses.dataclass(frozen=True)
class Choice:
    """The best choice between drawing and banking, with its proof (see :func:`best_choice`).

    ``action`` is ``"draw"``, ``"bank"`` or ``None`` (the bounds do not decide). ``proof``
    names what proves it: ``"only"`` (the only legal move, R4/R14), ``"one_draw"``,
    ``"draw_until"`` (draw until ``steps`` more cards are accepted, then bank),
    ``"look_ahead"`` (drawing at most ``steps`` times, stopping at the best moment),
    ``"run"`` (even someone who could see the deck's order gains less by drawing) or
    ``"look_ahead_run"`` (the same from ``steps`` cards on, every card until then followed
    exactly). ``bank`` is the value of banking now,
    ``lower`` and ``upper`` proven bounds on the value of drawing with the best play
    afterwards (``None`` where none is known), all exact. ``sentence`` says it in words (in
    the language :func:`best_choice` was asked for); :meth:`describe` says it in any.
    """

    action: str | None
    proof: str | None
    bank: Fraction | None
    lower: Fraction | None
    upper: Fraction | None
    objective: str
    pile: int
    steps: int | None
    sentence: str
    #: Whether the run bounds count the aces' loot (some opponent has cards to rob).
    loot: bool = False

    @property
    def is_proven(self) -> bool:
        """True when the choice is proven (the bounds decide, or there is one legal move)."""
        return self.action is not None

    @property
    def margin(self) -> Fraction | None:
        """How much better the proven choice is, at least: lower − bank for a draw, bank −
        upper for a bank (exact; ``None`` for an only move or an open choice)."""
        if self.proof in (None, "only"):
            return None
        if self.action == "draw":
            return self.lower - self.bank
        return self.bank - self.upper

    def describe(self, language: str | None = None) -> str:
        """The choice and its proof in a sentence of ``language`` (``None``: the one
        :func:`borsen_widget.set_language` chose, else English)."""
        return _sentence(self, translator(language))

    def to_dict(self, language: str | None = None) -> dict:
        """JSON-safe data for screens; the sentence in ``language`` if one is given."""

        def number(value):
            return None if value is None else fraction_data(value)

        return {
            "action": self.action,
            "proven": self.is_proven,
            "proof": self.proof,
            "steps": self.steps,
            "objective": self.objective,
            "pile": self.pile,
            "bank": number(self.bank),
            "lower": number(self.lower),
            "upper": number(self.upper),
            "margin": number(self.margin),
            "sentence": self.sentence if language is None else self.describe(language),
        }


# ------------------------------------------------------------------------------------ the bounds


class _Bounds:
    """Exact bounds on the value of drawing in the states of one turn (a :class:`TurnModel`
    state: ``(counts, mask, rank, pile, robbed)``), all as fractions of cards."""

    def __init__(self, model: TurnModel):
        self.model = model
        self.states = 0
        self._memo: dict = {}
        self._upper: dict = {}

    # -- the one-draw look-ahead at any state

    def one_draw(self, state) -> Fraction:
        """Draw once, then bank (R14 banks anyway when the deck runs out)."""
        counts, mask, _rank, m, robbed = state
        total = 0
        for copies, accepted, gained, pile, lost, _child in self.model.outcomes(
            counts, mask, m, robbed
        ):
            total += copies * (gained + pile if accepted else gained - lost)
        return Fraction(total, sum(counts))

    # -- the run bound at any state

    def run_upper(self, state) -> Fraction | None:
        """An upper bound on the value of drawing (best play afterwards): the pile if the first
        card is accepted, plus the cards a clairvoyant sees accepted in a row, plus each ace's
        most loot times its chance to be in that run (R5, R9). ``None`` with a custom
        ``accept_rule`` (the run is only counted for the original R5)."""
        model = self.model
        if not model.standard:
            return None
        counts, mask, rank, m, robbed = state
        key = (counts, rank, m, robbed)
        hit = self._upper.get(key)
        if hit is not None:
            return hit
        accepted, aces, _loot_now, total_loot = model.deck_totals(counts, mask, robbed)
        ranks = [0] * 12
        for cls, copies in enumerate(counts):
            if copies and not model.is_ace[cls]:
                ranks[model.rank[cls]] += copies
        n = sum(counts)
        run, aces_in_run, denominator = run_expectations(
            ranks, aces, rank, model.rules.equal_accepted, RUN_TERMS
        )
        value = Fraction(m * accepted, n) + Fraction(run, denominator)
        if aces:
            value += Fraction(aces_in_run * total_loot, denominator * aces)
        self._upper[key] = value
        return value

    # -- "draw until k more cards are accepted, then bank"

    def draw_until(self, state, most: int) -> list[tuple[int, Fraction]]:
        """The exact value of "draw until k more cards are accepted (stop when one fails),
        then bank", for k = 2…most, original R5 only (counted with :func:`.run_counts`).

        Counted: the pile banked after k accepted cards (or when the deck runs out, R14);
        the loot of the first ace drawn (R9, to the bank; later aces' loot, and loot put into
        the pile, are left out, so these are lower bounds on the policy's value, still below
        the best rule's); with "lead", the pile lost when a card fails (R7; with
        ``loot_to="pile"`` counting every ace's most loot in it; nothing on the last turn the
        cap allows, R14a)."""
        model = self.model
        if not model.standard:
            return []
        counts, _mask, rank, m, robbed = state
        n = sum(counts)
        ranks = [0] * 12
        aces = loot_now = total_loot = 0
        for cls, copies in enumerate(counts):
            if copies:
                if model.is_ace[cls]:
                    aces += copies
                    loot_now += copies * model.rob(cls, robbed)[0]
                    total_loot += copies * model.loot_max(cls, robbed)
                else:
                    ranks[model.rank[cls]] += copies
        terms = min(most, n)
        valid, _ace_last, no_ace = run_counts(
            tuple(ranks), aces, rank, model.rules.equal_accepted, terms
        )
        to_pile = model.rules.loot_to == "pile"
        lead = model.objective == "lead" and not model.last_turn
        in_pile = total_loot if to_pile else 0  # the most loot a passed pile can hold
        run_at_least = [Fraction(valid[j], falling(n, j)) for j in range(terms + 1)]
        values = []
        loot = Fraction(0)  # the first ace's loot, drawn among the first k cards
        lost = Fraction(0)  # the pile lost when one of the first k cards fails
        for k in range(1, terms + 1):
            if aces and not to_pile:
                loot += Fraction(no_ace[k - 1] * loot_now, falling(n, k))
            if lead:
                lost += (m + k + in_pile) * (run_at_least[k - 1] - run_at_least[k])
            if k >= 2:
                values.append((k, (m + k) * run_at_least[k] + loot - lost))
        return values

    # -- the look-ahead

    def interval(self, state, depth: int) -> tuple[Fraction, Fraction | None]:
        """Bounds on the value of drawing at ``state`` with the best play afterwards: every
        card the next ``depth + 1`` draws can bring is followed exactly (the best of banking
        and drawing on at each), and the states after them are bounded: below by the better
        of banking and one more draw, above by the better of banking and the run bound."""
        counts, mask, _rank, m, robbed = state
        present = 0
        for cls, copies in enumerate(counts):
            if copies:
                present |= 1 << cls
        key = (counts, mask & present, m, robbed, depth)
        hit = self._memo.get(key)
        if hit is not None:
            return hit
        self.states += 1
        n = sum(counts)
        low = high = Fraction(0)
        bounded = True
        for copies, accepted, gained, pile, lost, child in self.model.outcomes(
            counts, mask, m, robbed
        ):
            if not accepted:
                low += copies * (gained - lost)
                high += copies * (gained - lost)
                continue
            if child is None:  # the deck is empty: R14 banks the pile
                low += copies * (gained + pile)
                high += copies * (gained + pile)
                continue
            if depth == 0:
                below = self.one_draw(child)
                above = self.run_upper(child)
            else:
                below, above = self.interval(child, depth - 1)
            low += copies * (gained + max(pile, below))
            if above is None:
                bounded = False
            else:
                high += copies * (gained + max(pile, above))
        upper = high / n if bounded else None
        here = self.run_upper(state)
        if here is not None and (upper is None or here < upper):
            upper = here
        result = (low / n, upper)
        self._memo[key] = result
        return result


# ------------------------------------------------------------------------------------ the choice


def best_choice(
    game: Game,
    objective: str = "own",
    *,
    look_ahead: int = LOOK_AHEAD_DEPTH,
    language: str | None = None,
    words: bool = True,
) -> Choice:
    """The best choice between drawing and banking, proven by exact bounds, or an honest
    "the bounds do not decide" (R4–R9, R14, R14a).

    Values are counted like :func:`.best_turn`'s (``objective`` "own": the cards the player
    banks this turn, loot included; "lead": minus the pile the next player takes over). The
    bounds are tried from the cheapest: the one-draw look-ahead, the run bound, "draw until k
    more cards are accepted", then the best play within the next draws (up to ``look_ahead``
    draws after the first, within :data:`LOOK_AHEAD_STATES` states). A proven choice always
    agrees with ``best_turn`` (which draws on a tie): drawing is proven when a lower bound on
    its value reaches the pile, banking when an upper bound is below it.

    Cost: well under 100 ms in nearly every position (see ``benchmarks/advice_speed.py``);
    the look-ahead's work is capped. Raises ``ValueError`` when there is no draw-or-bank
    decision (the game is over, or an ace decision is pending). The proof's ``sentence`` is
    in ``language`` (``None``: the one :func:`borsen_widget.set_language` chose, else English);
    ``words=False`` leaves it empty (``""``) for a caller that reads only the action (WinningBot
    asks for thousands of choices in a tournament, and the sentence was a tenth of each).
    """
    if objective not in OBJECTIVES:
        raise ValueError(f"objective must be 'own' or 'lead', not {objective!r}")
    if game.phase != "play":
        raise ValueError(f"no draw-or-bank decision to advise on: the phase is {game.phase!r}")
    if isinstance(look_ahead, bool) or not isinstance(look_ahead, int) or look_ahead < 0:
        raise ValueError(f"look_ahead must be a whole number >= 0, not {look_ahead!r}")
    m = len(game.pile)

    loot = False

    def choice(action, proof, lower=None, upper=None, steps=None):
        made = Choice(
            action=action,
            proof=proof,
            bank=Fraction(m) if m else None,
            lower=lower,
            upper=upper,
            objective=objective,
            pile=m,
            steps=steps,
            sentence="",
            loot=loot,
        )
        return dataclasses.replace(made, sentence=made.describe(language)) if words else made

    if game.deck_size == 0:
        return choice("bank", "only")
    if m == 0:
        return choice("draw", "only")
    model = TurnModel(game, objective)
    bounds = _Bounds(model)
    root = (model.counts, model.top_mask, model.top_rank, m, model.zero_robbed())
    bank = Fraction(m)
    loot = any(model.robbable)

    lower = bounds.one_draw(root)
    if lower >= bank:
        return choice(
            "draw",
            "one_draw",
            lower=lower,
        )
    upper = bounds.run_upper(root)
    if upper is not None and upper < bank:
        return choice(
            "bank",
            "run",
            lower=lower,
            upper=upper,
        )
    best_k, best_value = None, lower
    for k, value in bounds.draw_until(root, DRAW_UNTIL_MAX):
        if value > best_value:
            best_k, best_value = k, value
    if best_k is not None:
        lower = best_value
        if lower >= bank:
            return choice(
                "draw",
                "draw_until",
                lower=lower,
                upper=upper,
                steps=best_k,
            )
    for depth in range(look_ahead + 1):
        if bounds.states > LOOK_AHEAD_STATES:
            break
        low, high = bounds.interval(root, depth)
        lower = max(lower, low)
        if high is not None and (upper is None or high < upper):
            upper = high
        draws = depth + 2  # the first draw, ``depth`` followed exactly, then one more or bank
        if lower >= bank:
            return choice(
                "draw",
                "look_ahead",
                lower=lower,
                upper=upper,
                steps=draws,
            )
        if upper is not None and upper < bank:
            seen = depth + 1
            return choice(
                "bank",
                "look_ahead_run",
                lower=lower,
                upper=upper,
                steps=seen,
            )
    return choice(None, None, lower=lower, upper=upper)


# ------------------------------------------------------------------------------------ the words


def _num(value: Fraction, tr: Translator) -> str:
    """A value for a sentence: ``"2"``, ``"2.75 (= 11/4)"`` (``"2,75 (= 11/4)"``), or ``"about
    2.109"`` when the exact fraction is too long for a class to read (numerator or denominator
    of more than 3 digits: the exact value is in the data beside the sentence)."""
    if value.denominator == 1:
        return tr.number(value.numerator)
    decimal = tr.number(value)
    if max(len(str(abs(value.numerator))), len(str(value.denominator))) > 3:
        # TRANSLATORS: a value rounded to at most 3 decimals ("about 2.109").
        return tr.gettext("about {decimal}", decimal=decimal)
    # TRANSLATORS: a value as a decimal and its exact fraction ("2.75 (= 11/4)").
    return tr.gettext("{decimal} (= {fraction})", decimal=decimal, fraction=tr.fraction(value))


def _cards(value: Fraction, tr: Translator) -> str:
    """ "2 cards", "2.75 (= 11/4) cards", "1 card"."""
    n = 1 if value == 1 else 2
    return tr.ngettext("{value} card", "{value} cards", n, value=_num(value, tr))


def _amount(value: Fraction, objective: str, tr: Translator) -> str:
    """ "2.75 (= 11/4) cards", "1 card of lead over the next player"."""
    if objective == "own":
        return _cards(value, tr)
    n = 1 if value == 1 else 2
    return tr.ngettext(
        "{value} card of lead over the next player",
        "{value} cards of lead over the next player",
        n,
        value=_num(value, tr),
    )


def _sentence(c: Choice, tr: Translator) -> str:
    """The choice and its proof in words: one whole sentence of the catalogues per kind of
    proof, in plain words for a class (the technical names are the teacher's: see
    :class:`Choice`)."""
    if c.proof == "only":
        if c.action == "bank":
            return tr.gettext("Bank: the deck is empty, so banking is the only move (R14).")
        return tr.gettext("Draw: the pile is empty, so drawing is the only move (R4).")
    bank = Fraction(c.pile)
    v = {"banked": _cards(bank, tr)}
    if c.lower is not None:
        v["amount"] = _amount(c.lower, c.objective, tr)
    more = c.lower is not None and c.lower > bank
    if c.proof == "one_draw":
        if more:
            return tr.gettext(
                "Even drawing just once and then banking is worth {amount} on average, more "
                "than banking now ({banked}), so it is best to draw.",
                **v,
            )
        return tr.gettext(
            "Even drawing just once and then banking is worth {amount} on average, as much as "
            "banking now ({banked}), so it is best to draw.",
            **v,
        )
    if c.proof == "draw_until":
        if more:
            return tr.gettext(
                "Drawing until {steps} more cards are accepted (or one fails), then banking, is "
                "worth {amount} on average, more than banking now ({banked}); the best way to "
                "play the rest of the turn is worth at least as much, so it is best to draw.",
                steps=c.steps,
                **v,
            )
        return tr.gettext(
            "Drawing until {steps} more cards are accepted (or one fails), then banking, is "
            "worth {amount} on average, as much as banking now ({banked}); the best way to "
            "play the rest of the turn is worth at least as much, so it is best to draw.",
            steps=c.steps,
            **v,
        )
    if c.proof == "look_ahead":
        if more:
            return tr.gettext(
                "Drawing at most {steps} times, stopping at the best moment within them, is "
                "worth {amount} on average, more than banking now ({banked}); the best way to "
                "play the rest of the turn can only do better, so it is best to draw.",
                steps=c.steps,
                **v,
            )
        return tr.gettext(
            "Drawing at most {steps} times, stopping at the best moment within them, is "
            "worth {amount} on average, as much as banking now ({banked}); the best way to "
            "play the rest of the turn can only do better, so it is best to draw.",
            steps=c.steps,
            **v,
        )
    if c.upper is not None:
        v["amount"] = _amount(c.upper, c.objective, tr)
    if c.proof == "run":
        if c.loot:
            return tr.gettext(
                "Even someone who could see the order of the deck, and so would bank just "
                "before the first card that fails, would expect at most {amount} from drawing "
                "now (the pile only if the first card is accepted, plus the cards accepted in "
                "a row, plus the aces' loot), less than banking now ({banked}): bank.",
                **v,
            )
        return tr.gettext(
            "Even someone who could see the order of the deck, and so would bank just before "
            "the first card that fails, would expect at most {amount} from drawing now (the "
            "pile only if the first card is accepted, plus the cards accepted in a row), less "
            "than banking now ({banked}): bank.",
            **v,
        )
    if c.proof == "look_ahead_run":
        if c.steps == 1:
            return tr.gettext(
                "Even someone who could see the order of the deck after the next card would "
                "expect at most {amount} from drawing now (every possible next card counted "
                "exactly), less than banking now ({banked}): bank.",
                **v,
            )
        return tr.gettext(
            "Even someone who could see the order of the deck after the next {steps} cards "
            "would expect at most {amount} from drawing now (every possible next {steps} "
            "cards counted exactly, with the best play between them), less than banking now "
            "({banked}): bank.",
            steps=c.steps,
            **v,
        )
    # The bounds do not decide.
    v["amount"] = _amount(c.lower, c.objective, tr)
    if c.upper is not None:
        return tr.gettext(
            "These quick checks do not decide: drawing is worth between {low} and {amount} on "
            "average, banking {banked}; only working out the best way to play the rest of the "
            "turn exactly can tell.",
            low=_num(c.lower, tr),
            amount=_amount(c.upper, c.objective, tr),
            banked=v["banked"],
        )
    return tr.gettext(
        "These quick checks do not decide: drawing is worth at least {amount} on average, "
        "banking {banked}; only working out the best way to play the rest of the turn exactly "
        "can tell.",
        **v,
    )
