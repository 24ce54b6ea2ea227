"""Translators: the shipped gettext catalogues, one per language, read with the standard
library's :mod:`gettext` (no Babel at run time).

Messages are whole sentences with named placeholders (``"{player} draws {card}."``), plurals
(:meth:`Translator.ngettext`) and contexts (:meth:`Translator.pgettext`) where one English word
means two things. ``scripts/catalogues.py`` extracts them from the source with Babel into
``borsen_widget/locale/borsen_widget.pot``, updates the ``.po`` of each language and compiles
the ``.mo`` files read here (and a JSON per language for the front end).
"""

from __future__ import annotations

import gettext
import json
from functools import cache
from importlib import resources
from numbers import Rational

from .languages import LANGUAGES, resolve_language
from .numbers import format_fraction, format_list, format_number, format_percent

__all__ = [
    "DOMAIN",
    "NP_",
    "N_",
    "RANK_WORDS",
    "SUIT_WORDS",
    "Translator",
    "front_end_texts",
    "translator",
]

DOMAIN = "borsen_widget"


def N_(message: str) -> str:
    """Marks a message for extraction where it is declared; translate it where it is shown."""
    return message


def NP_(context: str, message: str) -> tuple[str, str]:
    """Marks a message with its context for extraction; returns ``(context, message)``."""
    return context, message


# The card words (R2, R5), as data for every surface: rank words by rank, suit names by suit.
RANK_WORDS = {11: NP_("rank", "jack"), 12: NP_("rank", "queen"), 13: NP_("rank", "king")}
RANK_WORDS[14] = NP_("rank", "ace")
SUIT_WORDS = {"S": NP_("suit", "spades"), "H": NP_("suit", "hearts")}
SUIT_WORDS.update({"C": NP_("suit", "clubs"), "D": NP_("suit", "diamonds")})


class _Shown(dict):
    """Placeholder values; a placeholder without one stays as it is (``{below}``)."""

    def __missing__(self, key):
        return "{" + key + "}"


class _Missing(gettext.NullTranslations):
    """The last fallback: remembers each message the catalogue lacks, then answers English."""

    def __init__(self, seen: set):
        super().__init__()
        self.seen = seen

    def gettext(self, message):
        self.seen.add((None, message))
        return message

    def ngettext(self, msgid1, msgid2, n):
        self.seen.add((None, msgid1))
        return msgid1 if n == 1 else msgid2

    def pgettext(self, context, message):
        self.seen.add((context, message))
        return message

    def npgettext(self, context, msgid1, msgid2, n):
        self.seen.add((context, msgid1))
        return msgid1 if n == 1 else msgid2


def catalogue_path(language: str, suffix: str = ".mo"):
    """Where a language's compiled catalogue is shipped (a ``Traversable``)."""
    return resources.files("borsen_widget").joinpath(
        "locale", language, "LC_MESSAGES", DOMAIN + suffix
    )


class Translator:
    """One language's texts: ``tr.gettext("{player} draws {card}.", player="Ada", card=c)``.

    Values given for placeholders are written the language's way: whole numbers and decimals
    with :meth:`number` (``1 000``, ``0,5``), fractions with :meth:`fraction`; anything else
    with ``str``. A message the catalogue lacks is told in English and remembered in
    :attr:`missing` as ``(context, msgid)`` (the tests fail on any).
    """

    def __init__(self, language: str):
        if language not in LANGUAGES:
            raise ValueError(f"no catalogue for {language!r}: one of {', '.join(LANGUAGES)}")
        self.language = language
        self.missing: set[tuple[str | None, str]] = set()
        path = catalogue_path(language)
        with path.open("rb") as file:
            self.catalogue = gettext.GNUTranslations(file)
        self.catalogue.add_fallback(_Missing(self.missing))

    def __repr__(self) -> str:
        return f"Translator({self.language!r})"

    # ---------------------------------------------------------------- messages

    def gettext(self, message: str, /, **values) -> str:
        """``message`` in this language, its ``{placeholders}`` filled from ``values``."""
        return self._fill(self.catalogue.gettext(message), message, values, None)

    def ngettext(self, singular: str, plural: str, n: int, /, **values) -> str:
        """The form for ``n`` (``"{count} card"``/``"{count} cards"``), filled."""
        text = self.catalogue.ngettext(singular, plural, n)
        return self._fill(text, singular if n == 1 else plural, values, None)

    def pgettext(self, context: str, message: str, /, **values) -> str:
        """``message`` in ``context`` (one English word, two meanings), filled."""
        return self._fill(self.catalogue.pgettext(context, message), message, values, context)

    def npgettext(self, context: str, singular: str, plural: str, n: int, /, **values) -> str:
        """:meth:`ngettext` in a context."""
        text = self.catalogue.npgettext(context, singular, plural, n)
        return self._fill(text, singular if n == 1 else plural, values, context)

    def _fill(self, text: str, source: str, values: dict, context: str | None) -> str:
        if not values:
            return text
        shown = _Shown({key: self.show(value) for key, value in values.items()})
        try:
            return text.format_map(shown)
        except (IndexError, ValueError):  # a broken translation: say it in English
            self.missing.add((context, source))
            try:
                return source.format_map(shown)
            except (IndexError, ValueError):
                return source

    # ---------------------------------------------------------------- numbers and words

    def show(self, value) -> str:
        """A placeholder's value as text in this language."""
        if isinstance(value, bool | str):
            return str(value)
        if isinstance(value, int | float):
            return self.number(value)
        if isinstance(value, Rational):
            return self.fraction(value)
        return str(value)

    def number(self, value, max_digits: int = 3, min_digits: int = 0) -> str:
        """``0,42`` / ``0.42``; thousands grouped."""
        return format_number(value, self.language, max_digits, min_digits)

    def percent(self, value, digits: int = 0) -> str:
        """``42 %`` / ``42%``."""
        return format_percent(value, self.language, digits)

    def fraction(self, value, max_digits: int = 3) -> str:
        """``1/3``; a fraction of long numbers as ``≈`` its decimal."""
        return format_fraction(value, self.language, max_digits)

    def join(self, items) -> str:
        """``Ada, Bo og Cy`` / ``Ada, Bo and Cy``."""
        return format_list(items, self.language)

    def rank_word(self, rank: int) -> str:
        """A rank as a sentence names it: ``"9"``, ``"10"``, ``"knekt"`` / ``"jack"``."""
        if rank in RANK_WORDS:
            return self.pgettext(*RANK_WORDS[rank])
        return str(rank)

    def suit_word(self, suit: str) -> str:
        """A suit (``"S"``, ``"H"``, ``"C"``, ``"D"``) in words: ``"spar"`` / ``"spades"``."""
        return self.pgettext(*SUIT_WORDS[suit])

    def card_name(self, rank: int, suit: str) -> str:
        """A card in words: ``"spar ess"``, ``"ruter 10"`` / ``"ace of spades"``."""
        return self.pgettext(
            "card name", "{rank} of {suit}", rank=self.rank_word(rank), suit=self.suit_word(suit)
        )


@cache
def _translator(language: str) -> Translator:
    return Translator(language)


def translator(language: str | None = None) -> Translator:
    """The translator of ``language`` (any tag; ``None``: the one :func:`set_language` chose,
    else English). One per language, shared."""
    return _translator(resolve_language(language))


@cache
def front_end_texts(language: str) -> dict:
    """The front end's messages in ``language`` (one of :data:`LANGUAGES`), as the shipped
    JSON holds them (JupyterLab's shape: ``{"": {language, plural_forms, formats}, msgid:
    [text, ...], "context\u0004msgid": [...]}``): what a widget sends its page, so the page's
    words come from the same catalogues as Python's. Read once per language; do not change it."""
    if language not in LANGUAGES:
        raise ValueError(f"no catalogue for {language!r}: one of {', '.join(LANGUAGES)}")
    with catalogue_path(language, ".json").open("r", encoding="utf-8") as file:
        return json.load(file)
