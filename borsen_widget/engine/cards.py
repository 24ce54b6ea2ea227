"""Cards: ranks 2..13 (2..K) and 14 for the ace, suits ♠ ♥ ♣ ♦ (R2, R5).

A card is identified by a small integer, its *index*: ``(rank - 2) * 4 + suit position``, so
indices 0..47 are the ordinary cards and 48..51 the aces, and ordering by index is ordering by
rank, then suit ♠ ♥ ♣ ♦ (RULES.md §5). The engine works on indices; people get :class:`Card`
objects, of which exactly one exists per index.
"""

from __future__ import annotations

from .errors import quote

__all__ = [
    "ACES",
    "CARDS",
    "DISTINCT_CARDS",
    "FIRST_ACE",
    "RANK_TEXT",
    "SUITS",
    "SUIT_NAMES",
    "SUIT_SYMBOLS",
    "Card",
    "card_text",
    "full_deck",
    "to_card",
]

SUITS = "SHCD"
SUIT_SYMBOLS = "♠♥♣♦"
SUIT_NAMES = ("spades", "hearts", "clubs", "diamonds")
RANK_TEXT = {2: "2", 3: "3", 4: "4", 5: "5", 6: "6", 7: "7", 8: "8", 9: "9", 10: "10"}
RANK_TEXT.update({11: "J", 12: "Q", 13: "K", 14: "A"})
RANK_NAMES = {11: "jack", 12: "queen", 13: "king", 14: "ace"}
ACE = 14
FIRST_ACE = 48  # index of A♠; every index from here on is an ace
DISTINCT_CARDS = 52

_RANK_FROM_TEXT = {"T": 10, "10": 10, "J": 11, "Q": 12, "K": 13, "A": 14}
_RANK_FROM_TEXT.update({str(r): r for r in range(2, 10)})
_SUIT_FROM_TEXT = {s: i for i, s in enumerate(SUITS)}
_SUIT_FROM_TEXT.update({s: i for i, s in enumerate(SUIT_SYMBOLS)})
_SUIT_FROM_TEXT.update({"♤": 0, "♡": 1, "♧": 2, "♢": 3})


class Card:
    """A playing card; immutable, hashable, ordered by (rank, suit ♠ ♥ ♣ ♦).

    Build one with :meth:`Card.parse` (``"6S"``, ``"TH"``, ``"10H"``, ``"A♠"``) or
    ``Card(rank, suit)``; both return the one shared object for that card.
    """

    __slots__ = ("_ascii", "_text", "index", "is_ace", "rank", "suit")

    def __new__(cls, rank: int, suit: str) -> Card:
        if isinstance(rank, bool) or not isinstance(rank, int) or not 2 <= rank <= ACE:
            raise ValueError(f"a card's rank is 2..14 (14 is the ace), not {quote(rank)}")
        if suit not in _SUIT_FROM_TEXT:
            raise ValueError(f"a card's suit is one of S H C D (or ♠ ♥ ♣ ♦), not {quote(suit)}")
        return CARDS[(rank - 2) * 4 + _SUIT_FROM_TEXT[suit]]

    @classmethod
    def _make(cls, index: int) -> Card:
        card = object.__new__(cls)
        rank, suit = index // 4 + 2, SUITS[index % 4]
        for name, value in (
            ("rank", rank),
            ("suit", suit),
            ("index", index),
            ("is_ace", rank == ACE),
            ("_text", RANK_TEXT[rank] + SUIT_SYMBOLS[index % 4]),
            ("_ascii", ("T" if rank == 10 else RANK_TEXT[rank]) + suit),
        ):
            object.__setattr__(card, name, value)
        return card

    @classmethod
    def parse(cls, text: str) -> Card:
        """Read a card from text such as ``"6S"``, ``"TH"``, ``"10H"``, ``"A♠"`` or ``"q♦"``."""
        if isinstance(text, Card):
            return text
        if not isinstance(text, str):
            raise ValueError(f"a card is written like '6S', '10H' or 'A♠', not {quote(text)}")
        s = text.strip()
        rank = _RANK_FROM_TEXT.get(s[:-1].upper())
        suit = _SUIT_FROM_TEXT.get(s[-1:].upper())
        if rank is None or suit is None:
            raise ValueError(
                f"cannot read {quote(text)} as a card: write the rank (2-9, T or 10, J, Q, K, A) "
                "then the suit (S H C D or ♠ ♥ ♣ ♦), like '6S', '10H' or 'A♠'"
            )
        return CARDS[(rank - 2) * 4 + suit]

    @property
    def ascii(self) -> str:
        """The card in plain letters, ``"TH"`` for 10♥: what save files use."""
        return self._ascii

    @property
    def name(self) -> str:
        """The card in words, e.g. ``"ace of spades"``, for screen readers."""
        rank = RANK_NAMES.get(self.rank, str(self.rank))
        return f"{rank} of {SUIT_NAMES[self.index % 4]}"

    def __setattr__(self, name, value):
        raise AttributeError("cards are immutable")

    def __delattr__(self, name):
        raise AttributeError("cards are immutable")

    def __reduce__(self):
        return (_card_from_index, (self.index,))

    def __copy__(self):
        return self

    def __deepcopy__(self, memo):
        return self

    def __str__(self) -> str:
        return self._text

    def __repr__(self) -> str:
        return f"Card.parse({self._ascii!r})"

    def __hash__(self) -> int:
        return self.index

    def __eq__(self, other):
        if isinstance(other, Card):
            return self.index == other.index
        return NotImplemented

    def __lt__(self, other):
        if isinstance(other, Card):
            return self.index < other.index
        return NotImplemented

    def __le__(self, other):
        if isinstance(other, Card):
            return self.index <= other.index
        return NotImplemented

    def __gt__(self, other):
        if isinstance(other, Card):
            return self.index > other.index
        return NotImplemented

    def __ge__(self, other):
        if isinstance(other, Card):
            return self.index >= other.index
        return NotImplemented


def _card_from_index(index: int) -> Card:
    return CARDS[index]


CARDS: tuple[Card, ...] = tuple(Card._make(i) for i in range(DISTINCT_CARDS))
ACES: tuple[Card, ...] = CARDS[FIRST_ACE:]


def to_card(value: Card | str) -> Card:
    """A :class:`Card`, or text that :meth:`Card.parse` reads."""
    return value if isinstance(value, Card) else Card.parse(value)


_FULL_DECKS = {d: tuple(i for i in range(DISTINCT_CARDS) for _ in range(d)) for d in range(1, 5)}


def full_deck(decks: int = 1) -> list[int]:
    """The card indices of ``decks`` standard 52-card decks, in canonical order (R2)."""
    return list(_FULL_DECKS[decks])


def card_text(indices) -> str:
    """Cards as readable text, ``"6♠ J♥"``."""
    return " ".join(CARDS[i]._text for i in indices)
