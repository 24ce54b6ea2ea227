"""The rule set of one game: every option of RULES.md §2 as one frozen, validated value, and the
definitions that depend on the options alone.

This is the one home of three rules that everything else asks, never re-implements:

- R5, what is accepted: :meth:`Rules.judge` (with the reason, for the log) and
  :meth:`Rules.accepts`; :attr:`Rules.verdicts` tabulates ``judge`` over every pair of cards
  for the hot paths (the engine's moves, the fast simulator, the analysis);
- R9, whom an ace robs: :meth:`Rules.victim`; and how much: :meth:`Rules.loot`
  (:meth:`Rules.loot_count` for the original shares, by robbable count);
- R11's automatic choice, which aces are listed first: :attr:`Rules.list_order`.

The moves that apply them to a position are in :mod:`borsen_widget.engine.moves`.

The options themselves (their names, kinds, ranges, defaults and words) are declared once, in
:mod:`borsen_widget.engine.options`: the fields of :class:`Rules`, their defaults and their
validation all come from there. Numbers are bounded so that no input costs unbounded time or
memory (a share's denominator, :mod:`borsen_widget.engine.shares`; ``max_turns`` at most
:data:`MAX_TURNS`).
"""

from __future__ import annotations

import dataclasses
import functools
from collections.abc import Callable, Mapping, Sequence
from numbers import Integral

from ..i18n import translator
from .cards import CARDS, DISTINCT_CARDS, FIRST_ACE, Card
from .errors import RulesError, describe_error, quote
from .options import CUSTOM_RULES, NAMES, OPTION, OPTIONS, function_name
from .shares import AceShares

MAX_PLAYERS = OPTION["players"].high
MAX_DECKS = OPTION["decks"].high
MAX_TURNS = OPTION["max_turns"].high
#: When equal shares tie, auto_aces lists ♦ first, then ♣, ♥, ♠ (R11).
TIE_ORDER = (3, 2, 1, 0)
__all__ = [
    "MAX_DECKS",
    "MAX_PLAYERS",
    "MAX_TURNS",
    "Rules",
    "change_text",
    "describe_option",
    "function_name",
    "read_change_text",
]


class Rules:
    """The options of one game of Børsen, validated at construction (RULES.md §2).

    Every field is one option of the rule named beside it, declared in
    :data:`~borsen_widget.engine.options.OPTIONS` (listed at the end of this docstring); the
    defaults are the original rules.

    Two house rules can be Python functions (they cannot be saved to JSON):

    - ``accept_rule(card, below) -> bool`` replaces R5 whenever the pile is not empty: it
      alone decides whether ``card`` is accepted on ``below`` (aces included). An ace still
      robs when it is drawn (R9), accepted or not. It must be a pure function of the two
      cards: it is asked once for every pair when the rules are made (a function that raises
      or answers anything but True or False is a :class:`RulesError` then, naming it).
    - ``loot_rule(ace, bank) -> int`` replaces R9's share: how many cards ``ace`` robs from the
      victim's ``bank`` (all its cards, oldest first); 0 up to its number of non-aces, which
      are taken most recent first (R10). It is asked at each robbery.

    A misspelt option (``Rules(player=3)``) is a :class:`RulesError` naming the known ones.

    Worked out once from the options, for the hot paths (attributes, not options):

    - ``verdicts``: :meth:`judge` for every pair of distinct cards; entry ``below * 52 + card``
      (card indices) is ``(accepted, why)`` (R5);
    - ``share_ratios``: the shares as (numerator, denominator) by suit index ♠ ♥ ♣ ♦ (R9);
    - ``list_order``: the suit indices in the order ``auto_aces`` lists an excess of aces,
      smallest share first, equal shares ♦, ♣, ♥, ♠ (R11).

    The options:

    """

    # The fields (one per option, with its default) come from OPTIONS: see the end of this
    # module, where the class is made a frozen dataclass.

    def __post_init__(self):
        set_ = object.__setattr__
        players = OPTION["players"].check(self.players)
        for option in OPTIONS:  # in order: players is read before first_player needs it
            set_(self, option.name, option.check(getattr(self, option.name), players))
        # What the hot paths read, worked out once (a bad accept_rule fails here, named).
        set_(self, "verdicts", _verdicts(self.equal_accepted, self.accept_rule))
        shares = self.ace_shares.by_suit_index
        set_(self, "share_ratios", tuple((s.numerator, s.denominator) for s in shares))
        order = sorted(range(4), key=lambda s: (shares[s], TIE_ORDER.index(s)))
        set_(self, "list_order", tuple(order))

    def __reduce__(self):
        # Rebuilt from the options (processes, Dask): the worked-out tables are not sent.
        return (Rules, tuple(getattr(self, name) for name in NAMES))

    def replace(self, **changes) -> Rules:
        """A copy with some options changed, validated like a new ``Rules``."""
        _check_names(changes)
        return dataclasses.replace(self, **changes)

    def to_dict(self) -> dict:
        """The options as JSON-safe data (shares as text such as ``"1/3"``; a custom rule as
        its function's name, for screens: such rules cannot be loaded back)."""
        return {o.name: o.to_data(getattr(self, o.name)) for o in OPTIONS}

    @classmethod
    def from_dict(cls, data: Mapping) -> Rules:
        """Rules from :meth:`to_dict`'s data; options left out keep their defaults."""
        if not isinstance(data, Mapping):
            raise RulesError(
                "The rules must be a mapping of options, not a {kind}.", kind=type(data).__name__
            )
        _check_names(data)
        custom = [name for name in CUSTOM_RULES if data.get(name) is not None]
        if custom:
            raise RulesError(
                "{options}: Python functions cannot be loaded from data.", options=", ".join(custom)
            )
        return cls(**data)

    @property
    def custom_rules(self) -> dict[str, Callable]:
        """The options that are Python functions, by option name."""
        return {name: getattr(self, name) for name in CUSTOM_RULES if getattr(self, name)}

    def describe(self, language: str | None = None, *, leave_out: tuple = ()) -> list[str]:
        """One line per option that differs from the original rules, for screens and logs:
        its label and its value in words (``"Whom an ace robs: the leader"``), in
        ``language`` (default English); ``leave_out`` names options not to tell (a table's
        footer leaves out ``players``: the seats are in view, and their number is no house
        rule)."""
        return [
            describe_option(name, getattr(self, name), language)
            for name in self.differences(_ORIGINAL)
            if name not in leave_out
        ]

    def differences(self, other: Rules) -> list[str]:
        """The names of the options whose values differ from ``other``'s, in order."""
        return [name for name in NAMES if getattr(self, name) != getattr(other, name)]

    # ------------------------------------------------------------------ R5: what is accepted

    def judge(self, card: Card, below: Card | None) -> tuple[bool, str]:
        """R5, the one definition: is ``card`` accepted on a pile whose top card is ``below``
        (``None``: an empty pile), and why, as the log says it.

        Accepted: ``"empty"`` (R5: the pile was empty), ``"ace"`` (an ace always is),
        ``"after_ace"`` (anything goes after an ace), ``"higher"``, ``"equal"`` (equal ranks,
        with ``equal_accepted``), ``"custom"`` (the house rule says so). Refused: ``"lower"``,
        ``"equal"`` (without ``equal_accepted``), ``"custom"``.
        """
        if below is None:
            return True, "empty"
        if self.accept_rule is not None:
            return self.call_accept_rule(card, below), "custom"
        if card.is_ace:
            return True, "ace"
        if below.is_ace:
            return True, "after_ace"
        if card.rank > below.rank:
            return True, "higher"
        if card.rank == below.rank:
            return self.equal_accepted, "equal"
        return False, "lower"

    def accepts(self, card: Card, below: Card | None) -> bool:
        """R5: is ``card`` accepted on a pile whose top card is ``below`` (``None``: empty)?"""
        if below is None:
            return True
        return self.verdicts[below.index * DISTINCT_CARDS + card.index][0]

    def need(self, below: Card | None) -> tuple[str, int | None]:
        """R5 as a person says it: what a card drawn onto ``below`` needs, from
        :attr:`verdicts` (so a house rule is read too), ranks only (R5 never looks at suits):
        ``("any", None)`` every card is accepted (an empty pile, or after an ace);
        ``("rank", r)`` a card of rank ``r`` or higher; ``("ace", None)`` only an ace;
        ``("rule", None)`` the accepted cards are no such threshold (a house rule)."""
        if below is None:
            return "any", None
        accepted = [
            rank
            for rank in range(2, 14)
            if all(self.accepts(Card(rank, suit), below) for suit in "SHCD")
        ]
        refused = [
            rank
            for rank in range(2, 14)
            if not any(self.accepts(Card(rank, suit), below) for suit in "SHCD")
        ]
        aces = all(self.accepts(Card(14, suit), below) for suit in "SHCD")
        if len(accepted) + len(refused) != 12 or not aces:
            return "rule", None  # some suits of a rank are accepted, others not; or aces fail
        if not refused:
            return "any", None
        if not accepted:
            return "ace", None
        lowest = min(accepted)
        if accepted != list(range(lowest, 14)):
            return "rule", None
        return "rank", lowest

    def call_accept_rule(self, card: Card, below: Card) -> bool:
        """The custom ``accept_rule``, with a clear :class:`RulesError` when it misbehaves."""
        where = f"accept_rule {function_name(self.accept_rule)}({card}, {below})"
        try:
            result = self.accept_rule(card, below)
        except Exception as error:
            raise RulesError(
                "The house rule {call} raised {error}.", call=where, error=describe_error(error)
            ) from error
        if isinstance(result, bool) or type(result).__name__ == "bool_":  # NumPy's bool too
            return bool(result)
        raise RulesError(
            "The house rule {call} must return True or False, not {value}.",
            call=where,
            value=quote(result),
        )

    # ------------------------------------------------------------------ R9: the robbery

    def victim(self, robber: int, robbable: Sequence[int]) -> int:
        """R9 ``rob_target``, the one definition: the seat an ace drawn by ``robber`` robs,
        given every seat's number of robbable (non-ace) cards (read only for ``"leader"``).

        ``"previous"``: seat − 1; ``"next"``: seat + 1; ``"leader"``: the most robbable cards,
        ties to the nearest seat before the robber (:meth:`victim_order`).
        """
        n = self.players
        if self.rob_target == "previous":
            return (robber - 1) % n
        if self.rob_target == "next":
            return (robber + 1) % n
        best, best_count = (robber - 1) % n, -1
        for seat in self.victim_order(robber):
            if robbable[seat] > best_count:  # strictly more: the earlier seat wins a tie
                best, best_count = seat, robbable[seat]
        return best

    def victim_order(self, robber: int) -> tuple[int, ...]:
        """The seats an ace drawn by ``robber`` may rob, the first winning any tie (R9): one
        seat for ``"previous"`` and ``"next"``; for ``"leader"`` every other seat, nearest
        before the robber first."""
        n = self.players
        if self.rob_target == "previous":
            return ((robber - 1) % n,)
        if self.rob_target == "next":
            return ((robber + 1) % n,)
        return tuple((robber - step) % n for step in range(1, n))

    def loot(self, ace: Card, bank: Sequence[Card]) -> int:
        """R9, the one definition: how many cards ``ace`` robs from this ``bank`` (its cards,
        oldest first): ⌊robbable × share⌋ (:meth:`loot_count`), or the custom ``loot_rule``."""
        if self.loot_rule is not None:
            return self.call_loot_rule(ace, tuple(bank))
        return self.loot_count(ace.index & 3, sum(not c.is_ace for c in bank))

    def loot_count(self, suit: int, robbable: int) -> int:
        """R9 with the shares (no custom ``loot_rule``): ⌊robbable × share⌋ for the ace of suit
        index ``suit`` (♠ 0 … ♦ 3), robbing a bank that holds ``robbable`` non-aces."""
        num, den = self.share_ratios[suit]
        return robbable * num // den

    def call_loot_rule(self, ace: Card, bank: tuple[Card, ...]) -> int:
        """The custom ``loot_rule``, with a clear :class:`RulesError` when it misbehaves."""
        name = function_name(self.loot_rule)
        where = f"loot_rule {name}({ace}, <a bank of {len(bank)} cards>)"
        try:
            result = self.loot_rule(ace, bank)
        except Exception as error:
            raise RulesError(
                "The house rule {call} raised {error}.", call=where, error=describe_error(error)
            ) from error
        robbable = sum(not c.is_ace for c in bank)
        if isinstance(result, bool) or not isinstance(result, Integral):
            raise RulesError(
                "The house rule {call} must return a whole number of cards, not {value}.",
                call=where,
                value=quote(result),
            )
        if not 0 <= result <= robbable:
            raise RulesError(
                "The house rule {call} returned {value}, but the bank holds {count} cards that "
                "can be robbed (aces never are).",
                call=where,
                value=quote(result),
                count=robbable,
            )
        return int(result)


def describe_option(name: str, value, language: str | None = None) -> str:
    """An option and its value as a person reads it, in ``language`` (default English):
    ``"Whom an ace robs: the leader"`` (``"..., as in the original rules"`` when a change
    brings an option back)."""
    option = OPTION[name]
    tr = translator(language or "en")
    label, words = tr.gettext(option.label), option.say(value, tr.language)
    if value == getattr(_ORIGINAL, name):
        return tr.gettext("{option}: {value}, as in the original rules", option=label, value=words)
    return tr.gettext("{option}: {value}", option=label, value=words)


def change_text(old: Rules, new: Rules) -> str:
    """What changed from ``old`` to ``new`` as a log keeps it, in no language:
    ``"rob_target=leader; max_turns=50"`` (each value by :meth:`Option.log_text`)."""
    return "; ".join(
        f"{name}={OPTION[name].log_text(getattr(new, name))}" for name in new.differences(old)
    )


def read_change_text(text: str) -> list[tuple[str, object]]:
    """:func:`change_text` read back: ``[(option name, value), ...]``; a part that is no
    option and value (an old save's ``"ace_shares back to the original"``) is ``("", part)``."""
    changes = []
    for part in (text or "").split(";"):
        name, sep, value = part.partition("=")
        option = OPTION.get(name.strip()) if sep else None
        if option is None or option.kind == "function":
            changes.append((name.strip(), value.strip()) if option else ("", part.strip()))
            continue
        try:
            changes.append((option.name, option.parse(value.strip())))
        except RulesError:
            changes.append(("", part.strip()))
    return [change for change in changes if change != ("", "")]


def _check_names(options: Mapping) -> None:
    unknown = [name for name in options if name not in OPTION]
    if unknown:
        shown = ", ".join(quote(name, 30) for name in unknown[:5])
        raise RulesError(
            "{unknown}: unknown rule option. The options are {options} (RULES.md §2).",
            unknown=shown,
            options=", ".join(NAMES),
        )


# The fields: one per declared option, with its default (a fresh AceShares for the shares).
Rules.__annotations__ = {option.name: "object" for option in OPTIONS}
for _option in OPTIONS:
    _default = (
        dataclasses.field(default_factory=AceShares)
        if _option.kind == "shares"
        else _option.default
    )
    setattr(Rules, _option.name, _default)
Rules = dataclasses.dataclass(frozen=True)(Rules)
# The docstring ends with its closing line's indent: cut it, so each item has the same one.
Rules.__doc__ = Rules.__doc__.rstrip(" ") + "\n".join(
    f"    - ``{o.name}`` ({o.rule}{', structural' if o.structural else ''}): {o.label}. {o.help}"
    for o in OPTIONS
)
del _option, _default

_dataclass_init = Rules.__init__


@functools.wraps(_dataclass_init)
def _init(self, *args, **options):
    # A misspelt option is a RulesError naming the known ones, not the dataclass's TypeError.
    _check_names(options)
    if len(args) > len(NAMES):
        raise RulesError(
            "Rules takes at most {most} options, not {count}.", most=len(NAMES), count=len(args)
        )
    _dataclass_init(self, *args, **options)


Rules.__init__ = _init


@functools.lru_cache(maxsize=64)
def _verdicts(equal_accepted: bool, accept_rule) -> tuple[tuple[bool, str], ...]:
    """R5 for every pair (below, card) of distinct cards, from :meth:`Rules.judge`."""
    judge = Rules.judge
    reader = _Reader(equal_accepted, accept_rule)
    table = []
    for below in CARDS:
        for card in CARDS:
            table.append(judge(reader, card, below))
    # Share the few distinct answers: the table is read, never changed.
    distinct: dict = {}
    return tuple(distinct.setdefault(v, v) for v in table)


class _Reader:
    """Just what :meth:`Rules.judge` reads, so the table can be built while a Rules is made."""

    __slots__ = ("accept_rule", "equal_accepted")

    def __init__(self, equal_accepted, accept_rule):
        self.equal_accepted = equal_accepted
        self.accept_rule = accept_rule

    def call_accept_rule(self, card, below):
        return Rules.call_accept_rule(self, card, below)


assert FIRST_ACE == 48  # the verdict table and the hot paths count on this layout
_ORIGINAL = Rules()  # what describe() compares with
