"""The rule set of one game: every option of RULES.md §2 as one frozen, validated value."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Mapping, Sequence
from fractions import Fraction
from numbers import Integral
from typing import Any

from .cards import SUIT_SYMBOLS, SUITS, Card
from .errors import RulesError

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


def function_name(function: Callable) -> str:
    """How a custom rule is named in messages: its qualified name."""
    return getattr(function, "__qualname__", None) or repr(function)


def _fraction(value: Any, what: str) -> Fraction:
    """A share as an exact fraction: ``Fraction``, int, text such as ``"1/3"`` or a float."""
    if isinstance(value, bool):
        raise RulesError(f"{what} must be a fraction such as 1/2, not {value!r}")
    try:
        if isinstance(value, float):
            # The float's decimal text (0.1 -> 1/10), not its binary value (3602879.../2**55).
            return Fraction(repr(value))
        return Fraction(value)
    except (TypeError, ValueError, ZeroDivisionError):
        raise RulesError(f"{what} must be a fraction such as 1/2, not {value!r}") from None


class AceShares(Mapping):
    """The share of the victim's robbable cards each ace takes (R9): suit letter → Fraction.

    Immutable and hashable; compares equal to a plain dict with the same items.
    """

    __slots__ = ("_shares",)

    def __init__(self, shares: Mapping | None = None):
        merged = dict(DEFAULT_SHARES)
        if shares is not None:
            if not isinstance(shares, Mapping):
                raise RulesError(f"ace_shares must map suits to fractions, not {shares!r}")
            for key, value in shares.items():
                suit = key.upper() if isinstance(key, str) else key
                if isinstance(suit, str) and suit in SUIT_SYMBOLS:
                    suit = SUITS[SUIT_SYMBOLS.index(suit)]
                if suit not in DEFAULT_SHARES:
                    raise RulesError(
                        f"ace_shares has an unknown suit {key!r}: use S, H, C, D (or ♠ ♥ ♣ ♦)"
                    )
                share = _fraction(value, f"the share of the ace of {suit}")
                if not 0 <= share <= 1:
                    raise RulesError(
                        f"the share of the ace of {suit} must be between 0 and 1, not {share}"
                    )
                merged[suit] = share
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


def _check_int(value: Any, name: str, low: int, high: int | None) -> None:
    if isinstance(value, bool) or not isinstance(value, int):
        raise RulesError(f"{name} must be a whole number, not {value!r}")
    if value < low or (high is not None and value > high):
        span = f"at least {low}" if high is None else f"between {low} and {high}"
        raise RulesError(f"{name} must be {span}, not {value}")


def _check_bool(value: Any, name: str) -> None:
    if not isinstance(value, bool):
        raise RulesError(f"{name} must be True or False, not {value!r}")


def _check_choice(value: Any, name: str, choices: tuple) -> None:
    if value not in choices or isinstance(value, bool):
        raise RulesError(f"{name} must be one of {', '.join(map(repr, choices))}, not {value!r}")


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
    - ``max_turns`` (R14a): the cap on turns.
    - ``auto_bank_at_end`` (R14): the engine banks the last pile by itself.

    Two house rules can be Python functions (they cannot be saved to JSON):

    - ``accept_rule(card, below) -> bool`` replaces R5 whenever the pile is not empty: it
      alone decides whether ``card`` is accepted on ``below`` (aces included). An ace still
      robs when it is drawn (R9), accepted or not.
    - ``loot_rule(ace, bank) -> int`` replaces R9's share: how many cards ``ace`` robs from the
      victim's ``bank`` (all its cards, oldest first); 0 up to its number of non-aces, which
      are taken most recent first (R10).
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
        _check_int(self.players, "players", 2, MAX_PLAYERS)
        _check_int(self.decks, "decks", 1, MAX_DECKS)
        if isinstance(self.first_player, str):
            _check_choice(self.first_player, "first_player", FIRST_PLAYER_CHOICES)
        elif isinstance(self.first_player, bool) or not isinstance(self.first_player, int):
            raise RulesError(
                f"first_player must be a seat 0..{self.players - 1}, 'random' or 'suit', "
                f"not {self.first_player!r}"
            )
        elif not 0 <= self.first_player < self.players:
            raise RulesError(
                f"first_player {self.first_player} is not a seat: with {self.players} players "
                f"the seats are 0..{self.players - 1}"
            )
        _check_bool(self.equal_accepted, "equal_accepted")
        _check_bool(self.bank_ends_turn, "bank_ends_turn")
        if not isinstance(self.ace_shares, AceShares):
            object.__setattr__(self, "ace_shares", AceShares(self.ace_shares))
        _check_choice(self.rob_target, "rob_target", ROB_TARGETS)
        _check_choice(self.loot_to, "loot_to", LOOT_DESTINATIONS)
        _check_choice(self.auto_aces, "auto_aces", AUTO_ACES)
        if self.max_bank_aces is not None:
            _check_int(self.max_bank_aces, "max_bank_aces", 0, MAX_ACE_LIMIT)
        _check_int(self.max_turns, "max_turns", 1, None)
        _check_bool(self.auto_bank_at_end, "auto_bank_at_end")
        for name in CUSTOM_RULES:
            value = getattr(self, name)
            if value is not None and not callable(value):
                raise RulesError(f"{name} must be a function or None, not {value!r}")

    def replace(self, **changes) -> Rules:
        """A copy with some options changed, validated like a new ``Rules``."""
        unknown = sorted(set(changes) - {f.name for f in dataclasses.fields(self)})
        if unknown:
            raise RulesError(f"unknown rule option(s): {', '.join(unknown)}")
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

    @property
    def custom_rules(self) -> dict[str, Callable]:
        """The options that are Python functions, by option name."""
        return {name: getattr(self, name) for name in CUSTOM_RULES if getattr(self, name)}

    def accepts(self, card: Card, below: Card | None) -> bool:
        """R5: is ``card`` accepted on a pile whose top card is ``below`` (``None``: empty)?"""
        if below is None:
            return True
        if self.accept_rule is not None:
            return self.call_accept_rule(card, below)
        if card.is_ace or below.is_ace:
            return True
        return card.rank > below.rank or (card.rank == below.rank and self.equal_accepted)

    def victim(self, robber: int, robbable: Sequence[int]) -> int:
        """R9 ``rob_target``: the seat an ace drawn by ``robber`` robs, given every seat's
        number of robbable (non-ace) cards. ``"leader"``: the most robbable cards, ties to the
        nearest seat before the robber."""
        n = self.players
        if self.rob_target == "previous":
            return (robber - 1) % n
        if self.rob_target == "next":
            return (robber + 1) % n
        best, best_count = (robber - 1) % n, -1
        for step in range(1, n):  # nearest seat before the robber first: it wins ties
            seat = (robber - step) % n
            if robbable[seat] > best_count:
                best, best_count = seat, robbable[seat]
        return best

    def loot(self, ace: Card, bank: Sequence[Card]) -> int:
        """R9: how many cards ``ace`` robs from this ``bank``."""
        if self.loot_rule is not None:
            return self.call_loot_rule(ace, tuple(bank))
        share = self.ace_shares[ace.suit]
        robbable = sum(not c.is_ace for c in bank)
        return robbable * share.numerator // share.denominator

    def call_accept_rule(self, card: Card, below: Card) -> bool:
        """The custom ``accept_rule``, with a clear :class:`RulesError` when it misbehaves."""
        where = f"the custom accept_rule {function_name(self.accept_rule)}({card}, {below})"
        try:
            result = self.accept_rule(card, below)
        except Exception as error:
            raise RulesError(f"{where} raised {type(error).__name__}: {error}") from error
        if isinstance(result, bool) or type(result).__name__ == "bool_":  # NumPy's bool too
            return bool(result)
        raise RulesError(f"{where} must return True or False, not {result!r}")

    def call_loot_rule(self, ace: Card, bank: tuple[Card, ...]) -> int:
        """The custom ``loot_rule``, with a clear :class:`RulesError` when it misbehaves."""
        name = function_name(self.loot_rule)
        where = f"the custom loot_rule {name}({ace}, <a bank of {len(bank)} cards>)"
        try:
            result = self.loot_rule(ace, bank)
        except Exception as error:
            raise RulesError(f"{where} raised {type(error).__name__}: {error}") from error
        robbable = sum(not c.is_ace for c in bank)
        if isinstance(result, bool) or not isinstance(result, Integral):
            raise RulesError(f"{where} must return a whole number of cards, not {result!r}")
        if not 0 <= result <= robbable:
            raise RulesError(
                f"{where} returned {result}, but the bank holds {robbable} cards that can be "
                "robbed (aces never are)"
            )
        return int(result)

    @classmethod
    def from_dict(cls, data: Mapping) -> Rules:
        """Rules from :meth:`to_dict`'s data; options left out keep their defaults."""
        if not isinstance(data, Mapping):
            raise RulesError(f"rules must be a mapping of options, not {type(data).__name__}")
        fields = {f.name for f in dataclasses.fields(cls)}
        unknown = sorted(set(data) - fields)
        if unknown:
            raise RulesError(f"unknown rule option(s): {', '.join(map(str, unknown))}")
        custom = [name for name in CUSTOM_RULES if data.get(name) is not None]
        if custom:
            raise RulesError(f"{', '.join(custom)}: Python functions cannot be loaded from data")
        return cls(**data)

    def describe(self) -> list[str]:
        """One line per option that differs from the original rules, for screens and logs."""
        default = Rules()
        lines = []
        for f in dataclasses.fields(self):
            value = getattr(self, f.name)
            if value != getattr(default, f.name):
                if f.name == "ace_shares":
                    shares = value.by_suit_index
                    value = ", ".join(f"{SUIT_SYMBOLS[i]} {s}" for i, s in enumerate(shares))
                elif f.name in CUSTOM_RULES:
                    value = function_name(value)
                lines.append(f"{f.name} = {value}")
        return lines
