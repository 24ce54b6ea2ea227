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

Numbers are bounded so that no input costs unbounded time or memory: a share is a fraction
in [0, 1] whose denominator is at most :data:`MAX_SHARE_DENOMINATOR` (1/3 or "1/3", 0.25,
"0.125"; a float must be exactly such a fraction in decimal: 0.1 is 1/10), and ``max_turns`` is
at most :data:`MAX_TURNS`.
"""

from __future__ import annotations

import dataclasses
import functools
import re
from collections.abc import Callable, Mapping, Sequence
from decimal import Decimal
from fractions import Fraction
from numbers import Integral, Rational, Real
from typing import Any

from .cards import CARDS, DISTINCT_CARDS, FIRST_ACE, SUIT_SYMBOLS, SUITS, Card
from .errors import RulesError, describe_error, quote, shorten

DEFAULT_SHARES = {
    "S": Fraction(1, 2),
    "H": Fraction(1, 3),
    "C": Fraction(1, 4),
    "D": Fraction(1, 5),
}
FIRST_PLAYER_CHOICES = ("random", "suit")
ROB_TARGETS = ("previous", "next", "leader")
LOOT_DESTINATIONS = ("bank", "pile")
AUTO_ACES = (None, "keep", "list")
MAX_PLAYERS = 8
MAX_DECKS = 4
MAX_ACE_LIMIT = 8
CUSTOM_RULES = ("accept_rule", "loot_rule")
#: The finest share an ace may take: denominators up to a million (1/3, 7/1000, 0.000001).
MAX_SHARE_DENOMINATOR = 1_000_000
#: The largest cap on turns (R14a): far beyond any real game, small enough to print.
MAX_TURNS = 10**9
#: When equal shares tie, auto_aces lists ♦ first, then ♣, ♥, ♠ (R11).
TIE_ORDER = (3, 2, 1, 0)

# A share written as text: a whole number, a fraction a/b or a decimal, digits bounded so that
# reading it costs nothing ("1e-100000000" would build a number of 100 million digits).
_SHARE_TEXT = re.compile(r"\s*(\d{1,7})\s*(?:/\s*(\d{1,7})\s*)?|\s*(\d{0,7}\.\d{1,7})\s*")


def function_name(function: Callable) -> str:
    """How a custom rule is named in messages: its qualified name."""
    name = getattr(function, "__qualname__", None)
    return name if isinstance(name, str) else quote(function)


def suit_symbol(suit: str) -> str:
    """``"S"`` → ``"♠"``: how messages name a suit."""
    return SUIT_SYMBOLS[SUITS.index(suit)] if suit in SUITS else suit


def read_share(value: Any, what: str) -> Fraction:
    """A share (R9) as an exact fraction in [0, 1] with a denominator of at most
    :data:`MAX_SHARE_DENOMINATOR`, from a ``Fraction`` or any rational number (NumPy's
    integers too), text such as ``"1/3"`` or ``"0.25"``, or a float, read as its decimal text
    (0.1 → 1/10). Anything else raises :class:`RulesError` at once, whatever its size."""
    allowed = (
        f"{what} must be a fraction between 0 and 1 such as 1/2, '1/3' or 0.25, with a "
        f"denominator of at most {MAX_SHARE_DENOMINATOR:,}"
    )
    if isinstance(value, bool):
        raise RulesError(f"{allowed}; not {value!r}")
    if isinstance(value, str):
        match = _SHARE_TEXT.fullmatch(value) if len(value) <= 40 else None
        if match is None:
            raise RulesError(f"{allowed}; not the text {quote(value)}")
        top, bottom, decimal = match.groups()
        if decimal is not None:
            share = Fraction(decimal)
        elif int(bottom or 1) == 0:
            raise RulesError(f"{allowed}; not {quote(value)} (a zero denominator)")
        else:
            share = Fraction(int(top), int(bottom or 1))
    elif isinstance(value, Rational):  # int, Fraction, NumPy integers
        numerator, denominator = int(value.numerator), int(value.denominator)
        if numerator.bit_length() > 64 or denominator.bit_length() > 64:
            raise RulesError(f"{allowed}; not a number of {quote(value)}'s size")
        share = Fraction(numerator, denominator)
    elif isinstance(value, Real | Decimal):  # float, NumPy floats, Decimal
        try:
            number = float(value)
        except (OverflowError, ValueError):
            raise RulesError(f"{allowed}; not {quote(value)}") from None
        if number != number or number in (float("inf"), float("-inf")):
            raise RulesError(f"{allowed}; not {quote(value)}")
        share = Fraction(repr(number))  # the decimal text: 0.1 is 1/10, not 3602879.../2**55
    else:
        raise RulesError(f"{allowed}; not {quote(value)}")
    if not 0 <= share <= 1:
        raise RulesError(f"{what} must be between 0 and 1, not {shorten(str(share))}")
    if share.denominator > MAX_SHARE_DENOMINATOR:
        raise RulesError(f"{allowed}; {quote(value)} is {shorten(str(share))}")
    return share


class AceShares(Mapping):
    """The share of the victim's robbable cards each ace takes (R9): suit letter → Fraction.

    Immutable and hashable; compares equal to a plain dict with the same items.
    """

    __slots__ = ("_shares",)

    def __init__(self, shares: Mapping | None = None):
        merged = dict(DEFAULT_SHARES)
        if shares is not None:
            if not isinstance(shares, Mapping):
                raise RulesError(f"ace_shares must map suits to fractions, not {quote(shares)}")
            if len(shares) > 8:
                raise RulesError(f"ace_shares names at most the four suits, not {len(shares)}")
            for key, value in shares.items():
                suit = key.upper() if isinstance(key, str) else key
                if isinstance(suit, str) and suit in SUIT_SYMBOLS:
                    suit = SUITS[SUIT_SYMBOLS.index(suit)]
                if suit not in DEFAULT_SHARES:
                    raise RulesError(
                        f"ace_shares has an unknown suit {quote(key)}: use ♠ ♥ ♣ ♦ (or S H C D)"
                    )
                merged[suit] = read_share(value, f"the share of the ace of {suit_symbol(suit)}")
        object.__setattr__(self, "_shares", tuple(merged[s] for s in SUITS))

    def __setattr__(self, name, value):
        raise AttributeError("ace shares are immutable")

    def __getitem__(self, suit: str) -> Fraction:
        try:
            return self._shares[SUITS.index(suit)]
        except (ValueError, TypeError):
            raise KeyError(suit) from None

    def __iter__(self):
        return iter(SUITS)

    def __len__(self) -> int:
        return 4

    def __hash__(self) -> int:
        return hash(self._shares)

    def __reduce__(self):
        # Rebuilt from plain data: pickling (processes, Dask) must not go through __setattr__.
        return (AceShares, (dict(self.items()),))

    def __repr__(self) -> str:
        inner = ", ".join(
            f"{s!r}: Fraction({f.numerator}, {f.denominator})" for s, f in self.items()
        )
        return "{" + inner + "}"

    @property
    def by_suit_index(self) -> tuple[Fraction, ...]:
        """The shares in suit order ♠ ♥ ♣ ♦ (suit index 0..3)."""
        return self._shares


def _check_int(value: Any, name: str, low: int, high: int | None) -> int:
    """A whole number (NumPy's integers too) in [low, high], as an ``int``."""
    if isinstance(value, bool) or not isinstance(value, Integral):
        raise RulesError(f"{name} must be a whole number, not {quote(value)}")
    value = int(value)
    if value < low or (high is not None and value > high):
        span = f"at least {low}" if high is None else f"between {low} and {high:,}"
        raise RulesError(f"{name} must be {span}, not {quote(value)}")
    return value


def _check_bool(value: Any, name: str) -> None:
    if not isinstance(value, bool):
        raise RulesError(f"{name} must be True or False, not {quote(value)}")


def _check_choice(value: Any, name: str, choices: tuple) -> None:
    try:
        known = value in choices and not isinstance(value, bool)
    except TypeError:  # an unhashable value
        known = False
    if not known:
        raise RulesError(
            f"{name} must be one of {', '.join(map(repr, choices))}, not {quote(value)}"
        )


@dataclasses.dataclass(frozen=True)
class Rules:
    """The options of one game of Børsen, validated at construction (RULES.md §2).

    Every field is one option of the rule named beside it; the defaults are the original rules.

    - ``players`` (R1): 2..8 seats.
    - ``decks`` (R2): 1..4 standard decks shuffled together.
    - ``first_player`` (R3): a seat, ``"random"`` (drawn by lot) or ``"suit"`` (the first card's
      suit picks the seat, ♠ 0, ♥ 1, ♣ 2, ♦ 3, modulo the number of players).
    - ``equal_accepted`` (R5): an equal rank is accepted.
    - ``bank_ends_turn`` (R8): banking passes the turn on.
    - ``ace_shares`` (R9): the share each ace robs, each in [0, 1]; suits left out keep theirs.
    - ``rob_target`` (R9): ``"previous"``, ``"next"`` or ``"leader"`` (most robbable cards, ties
      to the nearest seat before the robber).
    - ``loot_to`` (R9): ``"bank"``, or ``"pile"`` (under the ace, at risk).
    - ``auto_aces`` (R11): ``None`` (ask), ``"keep"`` or ``"list"``.
    - ``max_bank_aces`` (R12): 0..8 aces a bank may hold, ``None`` for no limit.
    - ``max_turns`` (R14a): the cap on turns (1 to a billion).
    - ``auto_bank_at_end`` (R14): the engine banks the last pile by itself.

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
    """

    players: int = 3
    decks: int = 1
    first_player: int | str = "random"
    equal_accepted: bool = True
    bank_ends_turn: bool = True
    ace_shares: AceShares = dataclasses.field(default_factory=AceShares)
    rob_target: str = "previous"
    loot_to: str = "bank"
    auto_aces: str | None = None
    max_bank_aces: int | None = 2
    max_turns: int = 10_000
    auto_bank_at_end: bool = True
    accept_rule: Callable[[Card, Card], bool] | None = None
    loot_rule: Callable[[Card, tuple[Card, ...]], int] | None = None

    def __post_init__(self):
        set_ = object.__setattr__
        set_(self, "players", _check_int(self.players, "players", 2, MAX_PLAYERS))
        set_(self, "decks", _check_int(self.decks, "decks", 1, MAX_DECKS))
        if isinstance(self.first_player, str):
            _check_choice(self.first_player, "first_player", FIRST_PLAYER_CHOICES)
        elif isinstance(self.first_player, bool) or not isinstance(self.first_player, Integral):
            raise RulesError(
                f"first_player must be a seat 0..{self.players - 1}, 'random' or 'suit', "
                f"not {quote(self.first_player)}"
            )
        elif not 0 <= self.first_player < self.players:
            raise RulesError(
                f"first_player {quote(self.first_player)} is not a seat: with {self.players} "
                f"players the seats are 0..{self.players - 1}"
            )
        else:
            set_(self, "first_player", int(self.first_player))
        _check_bool(self.equal_accepted, "equal_accepted")
        _check_bool(self.bank_ends_turn, "bank_ends_turn")
        if not isinstance(self.ace_shares, AceShares):
            set_(self, "ace_shares", AceShares(self.ace_shares))
        _check_choice(self.rob_target, "rob_target", ROB_TARGETS)
        _check_choice(self.loot_to, "loot_to", LOOT_DESTINATIONS)
        _check_choice(self.auto_aces, "auto_aces", AUTO_ACES)
        if self.max_bank_aces is not None:
            limit = _check_int(self.max_bank_aces, "max_bank_aces", 0, MAX_ACE_LIMIT)
            set_(self, "max_bank_aces", limit)
        set_(self, "max_turns", _check_int(self.max_turns, "max_turns", 1, MAX_TURNS))
        _check_bool(self.auto_bank_at_end, "auto_bank_at_end")
        for name in CUSTOM_RULES:
            value = getattr(self, name)
            if value is not None and not callable(value):
                raise RulesError(f"{name} must be a function or None, not {quote(value)}")
        # What the hot paths read, worked out once (a bad accept_rule fails here, named).
        set_(self, "verdicts", _verdicts(self.equal_accepted, self.accept_rule))
        shares = self.ace_shares.by_suit_index
        set_(self, "share_ratios", tuple((s.numerator, s.denominator) for s in shares))
        order = sorted(range(4), key=lambda s: (shares[s], TIE_ORDER.index(s)))
        set_(self, "list_order", tuple(order))

    def __reduce__(self):
        # Rebuilt from the options (processes, Dask): the worked-out tables are not sent.
        return (Rules, tuple(getattr(self, name) for name in _FIELDS))

    def replace(self, **changes) -> Rules:
        """A copy with some options changed, validated like a new ``Rules``."""
        _check_names(changes)
        return dataclasses.replace(self, **changes)

    def to_dict(self) -> dict:
        """The options as JSON-safe data (shares as text such as ``"1/3"``; a custom rule as
        its function's name, for screens: such rules cannot be loaded back)."""
        data = {f.name: getattr(self, f.name) for f in dataclasses.fields(self)}
        data["ace_shares"] = {s: str(f) for s, f in self.ace_shares.items()}
        for name in CUSTOM_RULES:
            if data[name] is not None:
                data[name] = function_name(data[name])
        return data

    @classmethod
    def from_dict(cls, data: Mapping) -> Rules:
        """Rules from :meth:`to_dict`'s data; options left out keep their defaults."""
        if not isinstance(data, Mapping):
            raise RulesError(f"rules must be a mapping of options, not {type(data).__name__}")
        _check_names(data)
        custom = [name for name in CUSTOM_RULES if data.get(name) is not None]
        if custom:
            raise RulesError(f"{', '.join(custom)}: Python functions cannot be loaded from data")
        return cls(**data)

    @property
    def custom_rules(self) -> dict[str, Callable]:
        """The options that are Python functions, by option name."""
        return {name: getattr(self, name) for name in CUSTOM_RULES if getattr(self, name)}

    def describe(self) -> list[str]:
        """One line per option that differs from the original rules, for screens and logs."""
        lines = []
        for f in dataclasses.fields(self):
            value = getattr(self, f.name)
            if value != getattr(_ORIGINAL, f.name):
                if f.name == "ace_shares":
                    shares = value.by_suit_index
                    value = ", ".join(f"{SUIT_SYMBOLS[i]} {s}" for i, s in enumerate(shares))
                elif f.name in CUSTOM_RULES:
                    value = function_name(value)
                lines.append(f"{f.name} = {value}")
        return lines

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

    def call_accept_rule(self, card: Card, below: Card) -> bool:
        """The custom ``accept_rule``, with a clear :class:`RulesError` when it misbehaves."""
        where = f"the custom accept_rule {function_name(self.accept_rule)}({card}, {below})"
        try:
            result = self.accept_rule(card, below)
        except Exception as error:
            raise RulesError(f"{where} raised {describe_error(error)}") from error
        if isinstance(result, bool) or type(result).__name__ == "bool_":  # NumPy's bool too
            return bool(result)
        raise RulesError(f"{where} must return True or False, not {quote(result)}")

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
        where = f"the custom loot_rule {name}({ace}, <a bank of {len(bank)} cards>)"
        try:
            result = self.loot_rule(ace, bank)
        except Exception as error:
            raise RulesError(f"{where} raised {describe_error(error)}") from error
        robbable = sum(not c.is_ace for c in bank)
        if isinstance(result, bool) or not isinstance(result, Integral):
            raise RulesError(f"{where} must return a whole number of cards, not {quote(result)}")
        if not 0 <= result <= robbable:
            raise RulesError(
                f"{where} returned {quote(result)}, but the bank holds {robbable} cards that "
                "can be robbed (aces never are)"
            )
        return int(result)


_FIELDS = tuple(f.name for f in dataclasses.fields(Rules))


def _check_names(options: Mapping) -> None:
    unknown = [name for name in options if name not in _FIELDS]
    if unknown:
        shown = ", ".join(quote(name, 30) for name in unknown[:5])
        raise RulesError(
            f"unknown rule option(s) {shown}; the options are {', '.join(_FIELDS)} (RULES.md §2)"
        )


_dataclass_init = Rules.__init__


@functools.wraps(_dataclass_init)
def _init(self, *args, **options):
    # A misspelt option is a RulesError naming the known ones, not the dataclass's TypeError.
    _check_names(options)
    if len(args) > len(_FIELDS):
        raise RulesError(f"Rules takes at most {len(_FIELDS)} options, not {len(args)}")
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
