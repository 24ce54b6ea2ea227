"""Which language a text is told in: the three the package speaks, the tags browsers and
operating systems give for them, and the notebook's choice (:func:`set_language`)."""

from __future__ import annotations

import re
import weakref
from collections.abc import Iterable, Iterator
from contextlib import contextmanager

__all__ = [
    "DEFAULT_LANGUAGE",
    "LANGUAGES",
    "chosen_language",
    "follow_language",
    "get_language",
    "normalize_language",
    "pick_language",
    "resolve_language",
    "set_language",
    "use_language",
]

#: The languages the package speaks: English, Norwegian bokmål, Norwegian nynorsk.
LANGUAGES = ("en", "nb", "nn")
DEFAULT_LANGUAGE = "en"

# Primary subtags (ISO 639-1 and -2) and old tags, lower case, to the language they name.
# Plain "no" (Norwegian) is written in bokmål by most: JupyterLab's language pack is "no_NO",
# browsers on Norwegian systems often say "no".
_PRIMARY = {"en": "en", "eng": "en", "nb": "nb", "nob": "nb", "no": "nb", "nor": "nb"}
_PRIMARY.update({"nn": "nn", "nno": "nn"})
# Whole tags that say nynorsk or bokmål under the "no" primary (RFC 3066's grandfathered
# no-nyn and no-bok, glibc's no_NO@nynorsk, old Windows "no-NY").
_NYNORSK_MARKS = ("nyn", "nynorsk", "ny")
_BOKMAL_MARKS = ("bok", "bokmal", "bokmål")


def normalize_language(tag: str | None) -> str | None:
    """The language (``"en"``, ``"nb"``, ``"nn"``) a tag names, or ``None`` if none of them.

    Reads the forms browsers, JupyterLab and operating systems give: ``"nb-NO"``, ``"nn_NO"``,
    ``"no"``, ``"no_NO"``, ``"nb_NO.UTF-8"``, ``"no_NO@nynorsk"``, ``"en-GB"``, ``"EN"``.
    """
    if not isinstance(tag, str):
        return None
    parts = [p for p in re.split(r"[-_.@\s]+", tag.strip().lower()) if p]
    if not parts:
        return None
    language = _PRIMARY.get(parts[0])
    if language == "nb" and parts[0] in ("no", "nor"):
        if any(p in _NYNORSK_MARKS for p in parts[1:]):
            return "nn"
        if any(p in _BOKMAL_MARKS for p in parts[1:]):
            return "nb"
    return language


def pick_language(tags: str | Iterable[str] | None, default: str = DEFAULT_LANGUAGE) -> str:
    """The first of ``tags`` (one tag, or a list in order of preference such as a browser's
    ``navigator.languages``) that names a language the package speaks, else ``default``."""
    if tags is None:
        return default
    if isinstance(tags, str):
        tags = [tags]
    for tag in tags:
        language = normalize_language(tag)
        if language is not None:
            return language
    return default


_chosen: list[str | None] = [None]  # the notebook's choice; None: not chosen (English)


_listeners: weakref.WeakSet = weakref.WeakSet()  # objects told when the choice changes


def follow_language(listener) -> None:
    """Tell ``listener`` (an object with a ``language_chosen(language)`` method, held weakly)
    each time :func:`set_language` changes the notebook's choice: a widget shown before
    ``set_language("nb")`` redraws in bokmål at once."""
    _listeners.add(listener)


def chosen_language() -> str | None:
    """The language chosen by :func:`set_language`, or ``None`` if nothing was chosen (then a
    widget follows the page it is shown in)."""
    return _chosen[0]


def set_language(language: str | None) -> str:
    """Choose the language of every text told from now on without a ``language=`` of its own
    (the log, and later the widget, panel, editor, tables): ``"en"``, ``"nb"``, ``"nn"`` or
    any tag naming them (``"nb-NO"``, ``"no"``). A tag naming none of them, or ``None``,
    chooses English. Returns the language chosen.

    One choice for the whole Python process (a notebook's kernel), not per thread.
    """
    before = _chosen[0]
    _chosen[0] = None if language is None else pick_language(language)
    if _chosen[0] != before:
        for listener in list(_listeners):
            listener.language_chosen(_chosen[0])
    return get_language()


def get_language() -> str:
    """The language chosen by :func:`set_language`, else English."""
    return _chosen[0] or DEFAULT_LANGUAGE


def resolve_language(language: str | None = None) -> str:
    """``language`` (any tag) as one of :data:`LANGUAGES`, or the chosen one if ``None``."""
    if language is None:
        return get_language()
    return language if language in LANGUAGES else pick_language(language)


@contextmanager
def use_language(language: str | None) -> Iterator[str]:
    """``with use_language("nn"): ...``: :func:`set_language` for a block, then back."""
    before = _chosen[0]
    try:
        yield set_language(language)
    finally:
        set_language(before)
