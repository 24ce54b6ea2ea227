"""Small word helpers shared by everything that talks to people: the log's narration, the
analysis's sentences and the widget's texts say "1 card", "Ada and Bo" and "the queen" the
same way because they all come from here.

Each takes ``language=`` (``"en"``, ``"nb"``, ``"nn"`` or any tag; ``None``: the one
:func:`borsen_widget.set_language` chose) and defaults to English, because the sentences that
use them today are English ones: a Norwegian sentence is a whole message of the catalogues with
placeholders, filled with these (``"{player} vinner med {count} kort."``). :func:`possessive`
and :func:`article` are English grammar and have no Norwegian counterpart: translate the whole
sentence instead of gluing them.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from ..i18n import translator
from .cards import RANK_TEXT, SUITS, Card, to_card

__all__ = ["and_join", "card_list", "card_name", "count_cards", "seat_name"]


def seat_name(
    seat: int | None, names: Sequence[str] | None = None, language: str | None = "en"
) -> str:
    """A seat as people call it: its name if there are names, else "Seat 0" ("Plass 0")."""
    if names is not None and seat is not None and 0 <= seat < len(names):
        return str(names[seat])
    tr = translator(language)
    if seat is None:
        return tr.gettext("nobody")
    return tr.gettext("Seat {seat}", seat=seat)


def count_cards(n: int, language: str | None = "en") -> str:
    """``"1 card"``, ``"3 cards"`` (``"3 kort"``)."""
    return translator(language).ngettext("{count} card", "{count} cards", n, count=n)


def card_list(cards: Iterable[Card | str]) -> str:
    """Cards (or their codes, ``"TH"``) as readable text: ``"6♠ 10♥"``, the same in every
    language."""
    return " ".join(str(to_card(c)) for c in cards)


def card_name(card: Card | str, language: str | None = "en") -> str:
    """A card in words: ``"ace of spades"``, ``"spar ess"``, ``"ruter 10"``."""
    card = to_card(card)
    return translator(language).card_name(card.rank, SUITS[card.index % 4])


def and_join(items: Sequence[str], language: str | None = "en") -> str:
    """``"Ada"``, ``"Ada and Bo"``, ``"Ada, Bo and Cy"`` (``"Ada, Bo og Cy"``)."""
    return translator(language).join(items)


def possessive(name: str) -> str:
    """``"Ada's"``, ``"Bors'"`` (English only)."""
    return f"{name}'" if name.endswith("s") else f"{name}'s"


def rank_word(rank: int, language: str | None = "en") -> str:
    """How a sentence names a rank: ``"9"``, ``"10"``, ``"jack"``, ``"ace"`` (``"knekt"``,
    ``"ess"``)."""
    if rank > 10:
        return translator(language).rank_word(rank)
    return RANK_TEXT[rank]


def article(word: str) -> str:
    """``"A"`` or ``"An"`` before a rank word (``"An 8"``, ``"An ace"``, ``"A jack"``) (English
    only)."""
    return "An" if word[:1] in ("8", "a", "e", "i", "o", "u") else "A"
