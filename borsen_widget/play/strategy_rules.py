"""A strategy as data: the rule a student builds on a phone, checked like every
other message, and the bot that plays it.

The JSON shape (a phone sends it, the lesson's record keeps it)::

    {"name": "Stopp på fem",
     "bank_when": [[{"kind": "pile_at_least", "cards": 5}],
                   [{"kind": "chance_below", "percent": 40}, {"kind": "ahead_after_bank"}]],
     "aces": "keep"}

``bank_when`` is OR over groups and AND inside a group (any and/or combination can be written
so); at most :data:`MAX_GROUPS` groups, :data:`MAX_PER_GROUP` conditions in a group and
:data:`MAX_CONDITIONS` in all. The rule is asked only when banking is a choice (R4, R8: a
non-empty pile and a deck to draw from); when no group holds, it draws. The conditions read
public information only (RULES.md, "Hidden information"):

- ``pile_at_least`` ``cards`` *k*: the pile holds at least *k* cards;
- ``chance_below`` ``percent`` *x*: the chance that the next card is accepted (R5, RULES.md §4)
  is below *x* %, compared exactly in whole numbers (``accepted × 100 < x × deck``), so the
  fast simulator, which compares the same way, agrees card for card;
- ``ahead_after_bank``: with the pile banked, my bank would hold more cards than every other
  bank (R15: each card counts 1);
- ``near_leader_after_bank`` ``cards`` *n*: with the pile banked, I would be at most *n* cards
  behind the most cards among the other banks.

``aces`` (R11, R12: asked only when the rules leave ace decisions to the players): ``"keep"``
(the built-in bots' keep policy: keep what the limit allows, list the excess smallest share
first), ``"list"`` (list every incoming ace, as ``auto_aces="list"``), ``"list_when_ahead"``
(list them when my bank, with the pile in it, is ahead of every other bank, else keep).

:meth:`StrategyRule.from_dict` reads ANY JSON value and either builds the rule or raises
:class:`StrategyRuleError`, a ``ValueError`` whose message is one sentence of the catalogues
(:meth:`StrategyRuleError.say` tells it in en, nb or nn); nothing is made from a refused value.
The sentences that describe a rule are in :mod:`borsen_widget.play.strategy_words`.

Pure Python (it runs in JupyterLite): the standard library, the engine, the i18n layer and the
bots' protocol.
"""

from __future__ import annotations

import dataclasses

from ..engine.actions import BANK, DRAW, Action
from ..engine.errors import BorsenError, quote
from ..engine.game import Game
from ..engine.position import ACES
from ..engine.rules import MAX_DECKS
from ..i18n import N_
from ..i18n.names import MAX_NAME, name_problem, tidy_name
from .bots import Bot
from .strategy_words import rule_sentences

__all__ = [
    "ACE_CHOICES",
    "KINDS",
    "MAX_CONDITIONS",
    "MAX_GROUPS",
    "MAX_PER_GROUP",
    "Condition",
    "RuleBot",
    "StrategyRule",
    "StrategyRuleError",
    "describe",
]

#: The conditions, each with the name of its number (``None``: it takes none).
KINDS = {
    "pile_at_least": "cards",
    "chance_below": "percent",
    "ahead_after_bank": None,
    "near_leader_after_bank": "cards",
}
#: What to do with the aces a bank brings (R11, R12).
ACE_CHOICES = ("keep", "list", "list_when_ahead")
MAX_GROUPS = 3
MAX_PER_GROUP = 3
MAX_CONDITIONS = 4
#: The most cards a rule may name: every card of the most decks the rules allow (R2).
MAX_CARDS = 52 * MAX_DECKS
FIELDS = ("name", "bank_when", "aces")


class StrategyRuleError(BorsenError):
    """A strategy that cannot be played: ``message`` is one sentence of the catalogues with
    named placeholders, ``values`` fill them, ``field`` says where the fault is (``"name"``,
    ``"bank_when"``, ``"bank_when[1][0]"``, ``"aces"``, or ``""`` for the whole).
    ``str(error)`` is the English; :meth:`say` tells it in a language."""

    def __init__(self, message: str, /, field: str = "", **values):
        self.field = field
        super().__init__(message, **values)


@dataclasses.dataclass(frozen=True)
class Condition:
    """One condition of a rule: ``kind`` (one of :data:`KINDS`) and its number ``value``
    (``None`` for ``ahead_after_bank``)."""

    kind: str
    value: int | None = None

    def __post_init__(self):
        # Built in Python too (not only by from_dict): checked the same way, so the fast path
        # never meets a value it cannot compare.
        _check_condition(self.kind, self.value, "")

    def to_dict(self) -> dict:
        key = KINDS[self.kind]
        return {"kind": self.kind} if key is None else {"kind": self.kind, key: self.value}

    def holds(self, pile: int, accepted: int, deck: int, mine: int, best_other: int) -> bool:
        """Whether it holds where the pile has ``pile`` cards, ``accepted`` of the ``deck``
        cards left would be accepted (R5), my bank has ``mine`` cards and the fullest other
        bank ``best_other`` (R15)."""
        if self.kind == "pile_at_least":
            return pile >= self.value
        if self.kind == "chance_below":
            return accepted * 100 < self.value * deck  # whole numbers: no rounding anywhere
        if self.kind == "ahead_after_bank":
            return mine + pile > best_other
        return mine + pile + self.value >= best_other  # near_leader_after_bank


@dataclasses.dataclass(frozen=True)
class StrategyRule:
    """A strategy as data: ``name``, ``bank_when`` (groups of :class:`Condition`: bank when
    every condition of some group holds) and ``aces`` (one of :data:`ACE_CHOICES`). Build one
    with :meth:`from_dict`, which checks everything."""

    name: str
    bank_when: tuple[tuple[Condition, ...], ...]
    aces: str = "keep"

    def __post_init__(self):
        # Checked however it is built (from_dict or in Python); lists become tuples and the
        # name is kept tidied, so equal rules compare equal.
        set_ = object.__setattr__
        _check_sizes(self.bank_when, (list, tuple))
        for i, group in enumerate(self.bank_when):
            for j, condition in enumerate(group):
                if type(condition) is not Condition:
                    raise StrategyRuleError(NOT_A_CONDITION, field=f"bank_when[{i}][{j}]")
        set_(self, "bank_when", tuple(tuple(group) for group in self.bank_when))
        set_(self, "name", _name(self.name))
        if type(self.aces) is not str or self.aces not in ACE_CHOICES:
            raise StrategyRuleError(
                N_("For the aces, choose keep them, list them, or list them when ahead."),
                field="aces",
            )

    @classmethod
    def from_dict(cls, data) -> StrategyRule:
        """The rule of a JSON value (see the module's text), or :class:`StrategyRuleError`."""
        if type(data) is not dict:
            raise StrategyRuleError(
                N_("A strategy is a name, when it banks and what it does with aces.")
            )
        for key in data:
            if key not in FIELDS:
                raise StrategyRuleError(N_("A strategy has no part called {part}."), **_part(key))
        if "bank_when" not in data:
            raise StrategyRuleError(N_("Say when your strategy banks."), field="bank_when")
        groups = data["bank_when"]
        # Sizes are checked before anything inside is read: ten thousand conditions cost nothing.
        _check_sizes(groups, (list,))
        groups = tuple(
            tuple(_condition(c, f"bank_when[{i}][{j}]") for j, c in enumerate(group))
            for i, group in enumerate(groups)
        )
        return cls(data.get("name"), groups, data.get("aces", "keep"))

    def to_dict(self) -> dict:
        """The canonical JSON value (``from_dict(rule.to_dict()) == rule``)."""
        return {
            "name": self.name,
            "bank_when": [[c.to_dict() for c in group] for group in self.bank_when],
            "aces": self.aces,
        }

    @property
    def conditions(self) -> tuple[Condition, ...]:
        """Every condition, group by group."""
        return tuple(c for group in self.bank_when for c in group)

    def banks(self, pile: int, accepted: int, deck: int, mine: int, best_other: int) -> bool:
        """Whether the rule banks here (see :meth:`Condition.holds`): some group all holds."""
        return any(
            all(c.holds(pile, accepted, deck, mine, best_other) for c in group)
            for group in self.bank_when
        )

    def __str__(self) -> str:
        return self.name


def _name(value) -> str:
    problem = name_problem(value, html=False)
    if problem == "empty":
        raise StrategyRuleError(N_("Give your strategy a name."), field="name")
    if problem == "long":
        raise StrategyRuleError(
            N_("A strategy's name has at most {count} letters; choose a shorter one."),
            field="name",
            count=MAX_NAME,
        )
    if problem is not None:
        raise StrategyRuleError(
            N_("A strategy's name is letters, digits and spaces; choose another."),
            field="name",
        )
    return tidy_name(value)


def _check_sizes(value, kinds: tuple) -> None:
    """OR over 1 to MAX_GROUPS groups, each of 1 to MAX_PER_GROUP, MAX_CONDITIONS in all."""
    if type(value) not in kinds or not value:
        raise StrategyRuleError(
            N_("Say when your strategy banks: at least one group of conditions."),
            field="bank_when",
        )
    if len(value) > MAX_GROUPS:
        raise StrategyRuleError(
            N_("A strategy has at most {count} groups of conditions."),
            field="bank_when",
            count=MAX_GROUPS,
        )
    for i, group in enumerate(value):
        if type(group) not in kinds or not group:
            raise StrategyRuleError(
                N_("Each group needs at least one condition."), field=f"bank_when[{i}]"
            )
        if len(group) > MAX_PER_GROUP:
            raise StrategyRuleError(
                N_("A group has at most {count} conditions."),
                field=f"bank_when[{i}]",
                count=MAX_PER_GROUP,
            )
    if sum(len(group) for group in value) > MAX_CONDITIONS:
        raise StrategyRuleError(
            N_("A strategy has at most {count} conditions in all."),
            field="bank_when",
            count=MAX_CONDITIONS,
        )


NOT_A_CONDITION = N_(
    "A condition is one of: the pile holds at least some cards, the chance is "
    "below some percent, ahead after banking, or near the leader after banking."
)


def _condition(value, field: str) -> Condition:
    """A condition's JSON value (an object with ``kind`` and its number, nothing else)."""
    kind = value.get("kind") if type(value) is dict else None
    if type(kind) is not str or kind not in KINDS:
        raise StrategyRuleError(NOT_A_CONDITION, field=field)
    key = KINDS[kind]
    for name in value:
        if name not in ("kind", key):
            raise StrategyRuleError(
                N_("A condition has no part called {part}."), field=field, **_part(name)
            )
    number = None if key is None else value.get(key)
    _check_condition(kind, number, field)
    return Condition(kind, number)


def _check_condition(kind, number, field: str) -> None:
    if type(kind) is not str or kind not in KINDS:
        raise StrategyRuleError(NOT_A_CONDITION, field=field)
    if KINDS[kind] is None:
        if number is not None:
            raise StrategyRuleError(
                N_("A condition has no part called {part}."), field=field, part="value"
            )
        return
    low, high = {"pile_at_least": (1, MAX_CARDS), "chance_below": (1, 99)}.get(kind, (0, MAX_CARDS))
    # type(...) is int: True, 1.5, "5", NaN and 10**400 (in range or not) never pass.
    if type(number) is not int or not low <= number <= high:
        if kind == "chance_below":
            raise StrategyRuleError(
                N_("The chance is a whole number of percent from {low} to {high}."),
                field=field,
                low=low,
                high=high,
            )
        raise StrategyRuleError(
            N_("The number of cards is a whole number from {low} to {high}."),
            field=field,
            low=low,
            high=high,
        )


def _part(name) -> dict:
    # The field's own name in the message: quoted and cut, whatever was sent.
    return {"part": quote(name, 30)}


class RuleBot(Bot):
    """Plays a :class:`StrategyRule` on the reference engine: bank when the rule says so (R4,
    R8; with an empty pile it must draw, with an empty deck it must bank, R14), and decide the
    aces of a bank as the rule's ``aces`` says (R11, R12; the keep policy and ``"list"`` are
    :meth:`Game.automatic_aces`). ``str(bot)`` is the rule's name."""

    def __init__(self, rule: StrategyRule):
        if not isinstance(rule, StrategyRule):
            raise TypeError(f"RuleBot needs a StrategyRule, not {quote(rule)}")
        self.rule = rule
        kinds = {c.kind for c in rule.conditions}
        # Read only what the rule's conditions need (the reference engine asks at every card).
        self._chance = "chance_below" in kinds
        self._lead = bool(kinds & {"ahead_after_bank", "near_leader_after_bank"})

    def choose(self, game: Game) -> Action:
        if game.phase == ACES:
            return self._aces(game)
        deck = game.deck_size
        if not deck:
            return BANK
        pile = game.pile_size
        if not pile:
            return DRAW
        accepted = game.accepted_count() if self._chance else 0
        mine, best = _banks(game) if self._lead else (0, 0)
        return BANK if self.rule.banks(pile, accepted, deck, mine, best) else DRAW

    def _aces(self, game: Game) -> Action:
        choice = self.rule.aces
        if choice == "list_when_ahead":
            # The pile is in the bank already during the decision (R11): compare as it is.
            mine, best = _banks(game)
            choice = "list" if mine > best else "keep"
        return game.automatic_aces(choice)

    def __eq__(self, other) -> bool:
        return type(other) is RuleBot and other.rule == self.rule

    def __hash__(self) -> int:
        return hash(self.rule)

    def __str__(self) -> str:
        return self.rule.name


def _banks(game: Game) -> tuple[int, int]:
    """My bank's cards and the most cards among the other banks (R15)."""
    me = game.current_player
    scores = game.scores
    return scores[me], max(s for i, s in enumerate(scores) if i != me)


def describe(rule: StrategyRule, language: str | None = None) -> str:
    """The rule in words, whole sentences in ``language`` (see
    :func:`borsen_widget.play.strategy_words.rule_sentences`)."""
    return " ".join(rule_sentences(rule, language))
