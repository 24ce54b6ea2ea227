"""Small word helpers shared by everything that talks to people: the log's narration, the
analysis's sentences and the widget's texts say "1 card", "Ada and Bo" and "the queen" the
same way because they all come from here."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from .cards import RANK_NAMES, RANK_TEXT, Card, to_card


def seat_name(seat: int | None, names: Sequence[str] | None = None) -> str:
    """A seat as people call it: its name if there are names, else "Seat 0"."""
    if seat is None:
        return "nobody"
    if names is not None and 0 <= seat < len(names):
        return str(names[seat])
    return f"Seat {seat}"


def count_cards(n: int) -> str:
    """``"1 card"``, ``"3 cards"``."""
    return f"{n} card" if n == 1 else f"{n} cards"


def card_list(cards: Iterable[Card | str]) -> str:
    """Cards (or their codes, ``"TH"``) as readable text: ``"6♠ 10♥"``."""
    return " ".join(str(to_card(c)) for c in cards)


def and_join(items: Sequence[str]) -> str:
    """``"Ada"``, ``"Ada and Bo"``, ``"Ada, Bo and Cy"``."""
    items = list(items)
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + " and " + items[-1]


def possessive(name: str) -> str:
    """``"Ada's"``, ``"Bors'"``."""
    return f"{name}'" if name.endswith("s") else f"{name}'s"


def rank_word(rank: int) -> str:
    """How a sentence names a rank: ``"9"``, ``"10"``, ``"jack"``, ``"ace"``."""
    return RANK_NAMES.get(rank, RANK_TEXT[rank]) if rank > 10 else RANK_TEXT[rank]


def article(word: str) -> str:
    """``"A"`` or ``"An"`` before a rank word (``"An 8"``, ``"An ace"``, ``"A jack"``)."""
    return "An" if word[:1] in ("8", "a", "e", "i", "o", "u") else "A"
