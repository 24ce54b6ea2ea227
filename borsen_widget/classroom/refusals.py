"""A move the engine refused, told in the words of the person who tried it.

The engine alone decides what is legal (its :class:`~borsen_widget.engine.errors.
IllegalActionError` names a reason); :func:`refusal_notice` turns that reason into a whole
sentence of the catalogues in a page's language, and :class:`Refusal` carries it as a
:class:`~borsen_widget.classroom.wire.BadMessage`, so the widget, the panel and every phone
tell a refused move the same way.
"""

from __future__ import annotations

from ..engine.errors import IllegalActionError, quote
from ..engine.words import card_list
from ..i18n import Translator, translator
from .wire import BadMessage

__all__ = ["Refusal", "refusal_notice"]


class Refusal(BadMessage):
    """A move the engine refused, as a notice (:func:`refusal_notice`) told in each page's
    language; ``you``: the seat to act is the person at the screen."""

    def __init__(self, error: IllegalActionError, who: str, limit: int | None, you=False):
        self.error, self.who, self.limit, self.you = error, who, limit, you
        text = refusal_notice(error, who, limit, you=you)
        super().__init__("{text}", text=text)

    def say(self, language: str | None = None) -> str:
        return refusal_notice(self.error, self.who, self.limit, translator(language), you=self.you)


def refusal_notice(
    error: IllegalActionError,
    who: str,
    limit: int | None,
    tr: Translator | None = None,
    *,
    you: bool = False,
) -> str:
    """The widget's words for a move the engine refused (see
    :attr:`IllegalActionError.REASONS`) when ``who`` was to act under an ace limit of
    ``limit`` (R12), in ``tr``'s language (default English): the engine decides, the widget
    explains. ``you``: ``who`` is the person at the screen (told as "you")."""
    tr = tr or translator("en")
    action = error.action
    reason = error.reason
    if reason == "over":
        return tr.gettext("The game is over: press New game to play again.")
    if reason == "deck_empty":
        return tr.gettext("The deck is empty: bank the pile.")
    if reason == "pile_empty":
        return tr.gettext("The pile is empty: draw a card first.")
    if reason == "aces_pending":
        if you or not who:
            return tr.gettext("First decide which aces to keep and which to list.")
        return tr.gettext(
            "{player}, first decide which aces to keep and which to list.", player=who
        )
    if reason == "no_decision":
        return tr.gettext("There are no aces to decide on now.")
    if reason == "not_pending":
        if action is not None:
            aces = list(dict.fromkeys(action.aces))  # an ace named twice is told once
            named = card_list(aces)
            return tr.ngettext(
                "{cards} is not among the aces to decide on; nothing changed.",
                "{cards} are not among the aces to decide on; nothing changed.",
                len(aces),
                cards=named,
            )
        return tr.gettext("Those aces are not among the aces to decide on; nothing changed.")
    if reason == "too_few":
        need = _needed(error)
        return tr.ngettext(
            "A bank may hold at most {limit} aces: list at least {count} of them.",
            "A bank may hold at most {limit} aces: list at least {count} of them.",
            need,
            limit=limit,
            count=need,
        )
    if reason == "no_undo":
        return tr.gettext("There is nothing to undo.")
    return tr.gettext("That move is not allowed now: {why}", why=quote(str(error), 300)[1:-1])


def _needed(error: IllegalActionError) -> int:
    """How many aces the legal selections list at least (R12)."""
    sizes = [len(a.aces) for a in error.legal if a.kind == "list"]
    return min(sizes) if sizes else 0
