"""The words of a class: each student's page reads its own language.

A class can read bokmål, nynorsk and English at once: each page says which it reads (the
phone's languages, or the one chosen on the page's switch; before it says, its browser's
``Accept-Language``), and everything the class writes for that page is written in it:

- :class:`Views`: the public view in each language the class reads (the log's sentences, the
  winner, the ace dialog's text, the rules footer), the student's own seat told as "you";
- :func:`refusal`: a refused request told in the page's language, the engine's refusals too;
- :func:`page_html`: the page itself (``<html lang>``, its title, the no-JavaScript line);
- :func:`accept_languages`: the languages a browser asks for, most wanted first;
- :data:`ENDED`, :func:`ended`: the "class has ended" message.

The notices themselves are messages of the catalogues (``BadMessage("...")``, ``N_("...")``)
told by :meth:`~borsen_widget.classroom.sessions.Page.notice`.
"""

from __future__ import annotations

import contextlib
import html
import re

from ..engine.errors import IllegalActionError
from ..i18n import LANGUAGES, N_, Translator, translator
from .refusals import refusal_notice
from .wire import BadMessage, encode

__all__ = [
    "ENDED",
    "Views",
    "ended",
    "page_html",
    "refusal",
    "widget_language",
]

#: What every page reads when the teacher ends the class.
ENDED = N_("Your teacher ended the class. Thank you for playing!")


def ended(language: str) -> str:
    """The message that tells a page, in ``language``, that the class has ended."""
    return encode({"type": "ended", "text": translator(language).gettext(ENDED)})


def widget_language(widget) -> str:
    """The language the teacher's widget speaks (English for a widget that does not say)."""
    language = getattr(widget, "language", None)
    return language if language in LANGUAGES else "en"


def refusal(error: BadMessage, tr: Translator, widget, *, you: bool = False) -> str:
    """A refused request in ``tr``'s language. A move the engine refused is told from the
    engine's reason (``you``: the page's student holds the seat that was to act, so the notice
    speaks to them)."""
    engine_error = getattr(error, "error", None)  # the widget's Refusal keeps the engine's
    if isinstance(engine_error, IllegalActionError):
        with contextlib.suppress(TypeError):
            return refusal_notice(engine_error, error.who, error.limit, tr, you=you)
        return error.say(tr.language)
    cause = error.__cause__ or error.__context__
    if isinstance(cause, IllegalActionError) and type(error) is BadMessage:
        game = widget.game
        seat = game.current_player
        names = widget.names
        who = names[seat] if 0 <= seat < len(names) else str(seat)
        return refusal_notice(cause, who, game.rules.max_bank_aces, tr)
    return error.say(tr.language)


def page_html(body: bytes, language: str) -> bytes:
    """The student page (``student.html``) for a browser that reads ``language``: its
    ``lang``, its title and its no-JavaScript line in that language (the rest is drawn by the
    script, which then follows the page's own switch)."""
    tr = translator(language)
    text = body.decode("utf-8")
    text = text.replace('<html lang="en">', f'<html lang="{language}">', 1)
    title = tr.gettext("Børsen: the class")
    text = re.sub(r"<title>[^<]*</title>", f"<title>{html.escape(title)}</title>", text, count=1)
    need = tr.gettext("This page needs JavaScript to join the class.")
    text = re.sub(
        r"<noscript><p>[^<]*</p></noscript>",
        f"<noscript><p>{html.escape(need)}</p></noscript>",
        text,
        count=1,
    )
    return text.encode("utf-8")


class Views:
    """The widget's public view as each page of the class reads it: in the page's language,
    with the seat its student holds told in the second person ("You drew 7♠", "Du trakk
    7♠"). Each is built from the widget's public state (never from anything else: RULES.md
    "Hidden information") once per view the widget publishes, so thirty pages in two languages
    cost at most two views and one for each seat a student holds, not thirty."""

    def __init__(self, widget, seats):
        self._widget = widget
        self._seats = seats
        self._source: dict | None = None
        self._built: dict[tuple, dict] = {}

    def key(self, page, sent: bool = True) -> tuple:
        """What a page's view depends on: its language and the seat its student holds
        (remembered as the page's ``view_key`` when its view is ``sent``)."""
        seat = None if page.student is None else self._seats.of(page.student)
        if sent:
            page.view_key = (page.language, seat)
        return (page.language, seat)

    def message(self, page) -> str:
        """The "view" message for ``page``."""
        return encode({"type": "view", "view": self.view(*self.key(page))})

    def view(self, language: str, seat: int | None = None) -> dict:
        widget = self._widget
        view = widget.view
        told = getattr(widget, "view_in", None)
        if told is None:
            return view
        if view is not self._source:  # a new view published: the old words are stale
            self._source = view
            self._built.clear()
        key = (language, seat)
        if key not in self._built:
            self._built[key] = told(language, you=seat)
        return self._built[key]
