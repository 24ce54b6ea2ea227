"""The aces' shares (R9): how a share is read and bounded, and the four shares of one game.

A share is an exact fraction in [0, 1] whose denominator is at most
:data:`MAX_SHARE_DENOMINATOR` (1/3 or "1/3", 0.25, "0.125"; a float must be exactly such a
fraction in decimal: 0.1 is 1/10), so that no input costs unbounded time or memory.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from decimal import Decimal
from fractions import Fraction
from numbers import Rational, Real
from typing import Any

from .cards import SUIT_SYMBOLS, SUITS
from .errors import RulesError, quote, shorten

__all__ = ["DEFAULT_SHARES", "MAX_SHARE_DENOMINATOR", "AceShares"]

#: The original rules' shares (R9): ♠ a half, ♥ a third, ♣ a quarter, ♦ a fifth.
DEFAULT_SHARES = {
    "S": Fraction(1, 2),
    "H": Fraction(1, 3),
    "C": Fraction(1, 4),
    "D": Fraction(1, 5),
}
#: The finest share an ace may take: denominators up to a million (1/3, 7/1000, 0.000001).
MAX_SHARE_DENOMINATOR = 1_000_000

# A share written as text: a whole number, a fraction a/b or a decimal (with a point, or a
# comma as Norwegians write it: 0,25), digits bounded so that
# reading it costs nothing ("1e-100000000" would build a number of 100 million digits).
_SHARE_TEXT = re.compile(r"\s*(\d{1,7})\s*(?:/\s*(\d{1,7})\s*)?|\s*(\d{0,7}[.,]\d{1,7})\s*")


def suit_symbol(suit: str) -> str:
    """``"S"`` → ``"♠"``: how messages name a suit."""
    return SUIT_SYMBOLS[SUITS.index(suit)] if suit in SUITS else suit


def read_share(value: Any, suit: str) -> Fraction:
    """A share (R9) of the ace of ``suit`` (``"S"``) as an exact fraction in [0, 1] with a
    denominator of at most :data:`MAX_SHARE_DENOMINATOR`, from a ``Fraction`` or any rational
    number (NumPy's integers too), text such as ``"1/3"``, ``"0.25"`` or ``"0,25"``, or a float,
    read as its decimal text (0.1 → 1/10). Anything else raises :class:`RulesError` at once,
    whatever its size; its message echoes what was given (the text typed, ``1.5``), never more
    than a short excerpt."""
    ace = suit_symbol(suit)
    limit = MAX_SHARE_DENOMINATOR
    if isinstance(value, bool):
        raise RulesError(
            "The share of the ace of {ace} must be a fraction between 0 and 1 such as 1/2, "
            "1/3 or 0.25, not {value}.",
            ace=ace,
            value=repr(value),
        )
    if isinstance(value, str):
        match = _SHARE_TEXT.fullmatch(value) if len(value) <= 40 else None
        if not value.strip():
            raise RulesError(
                "The share of the ace of {ace} is empty: write a fraction between 0 and 1 "
                "such as 1/2, 1/3 or 0.25.",
                ace=ace,
            )
        if match is None:
            raise RulesError(
                "The share of the ace of {ace} must be a fraction between 0 and 1 such as "
                "1/2, 1/3 or 0.25, not the text {value}.",
                ace=ace,
                value=quote(value),
            )
        shown = value.strip()
        top, bottom, decimal = match.groups()
        if decimal is not None:
            share = Fraction(decimal.replace(",", "."))
        elif int(bottom or 1) == 0:
            raise RulesError(
                "The share of the ace of {ace} cannot be {value}: a denominator cannot be 0.",
                ace=ace,
                value=shown,
            )
        else:
            share = Fraction(int(top), int(bottom or 1))
    elif isinstance(value, Rational):  # int, Fraction, NumPy integers
        numerator, denominator = int(value.numerator), int(value.denominator)
        if numerator.bit_length() > 64 or denominator.bit_length() > 64:
            raise RulesError(
                "The share of the ace of {ace} must be a fraction between 0 and 1 such as "
                "1/2, 1/3 or 0.25, not a number of {value}'s size.",
                ace=ace,
                value=quote(value),
            )
        share = Fraction(numerator, denominator)
        shown = shorten(str(share))
    elif isinstance(value, Real | Decimal):  # float, NumPy floats, Decimal
        try:
            number = float(value)
        except (OverflowError, ValueError):
            number = float("nan")
        if number != number or number in (float("inf"), float("-inf")):
            raise RulesError(
                "The share of the ace of {ace} must be a fraction between 0 and 1 such as "
                "1/2, 1/3 or 0.25, not {value}.",
                ace=ace,
                value=quote(value),
            )
        shown = shorten(repr(number))
        share = Fraction(repr(number))  # the decimal text: 0.1 is 1/10, not 3602879.../2**55
    else:
        raise RulesError(
            "The share of the ace of {ace} must be a fraction between 0 and 1 such as 1/2, "
            "1/3 or 0.25, not {value}.",
            ace=ace,
            value=quote(value),
        )
    if not 0 <= share <= 1:
        raise RulesError(
            "The share of the ace of {ace} must be between 0 and 1, not {value}.",
            ace=ace,
            value=shown,
        )
    if share.denominator > limit:
        raise RulesError(
            "The share of the ace of {ace} can have a denominator of at most {limit}; "
            "{value} is {share}.",
            ace=ace,
            limit=limit,
            value=shown,
            share=shorten(str(share)),
        )
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
                raise RulesError(
                    "{option} must map suits to fractions, not {value}.",
                    option="ace_shares",
                    value=quote(shares),
                )
            if len(shares) > 8:
                raise RulesError(
                    "{option} names at most the four suits, not {count}.",
                    option="ace_shares",
                    count=len(shares),
                )
            for key, value in shares.items():
                suit = key.upper() if isinstance(key, str) else key
                if isinstance(suit, str) and suit in SUIT_SYMBOLS:
                    suit = SUITS[SUIT_SYMBOLS.index(suit)]
                if suit not in DEFAULT_SHARES:
                    raise RulesError(
                        "{option} has an unknown suit {suit}: use ♠ ♥ ♣ ♦ (or S H C D).",
                        option="ace_shares",
                        suit=quote(key),
                    )
                merged[suit] = read_share(value, suit)
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
