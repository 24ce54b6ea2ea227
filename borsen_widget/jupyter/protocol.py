"""The messages a page sends, read and checked before anything acts on them, and the polite
notices that answer the ones that cannot be acted on.

A button press is an *intent* with the version of the view it was made on and, optionally, the
id of the request (so that a notice reaches only the page that made it)::

    {"intent": "draw" | "bank" | "keep" | "undo" | "new_game" | "pause" | "resume" | "step",
     "version": 17, "id": "a1-5"}
    {"intent": "list", "version": 17, "aces": ["AS", "AH"]}
    {"intent": "panel" | "guess" | "reveal", "version": 17}
    {"intent": "vote", "version": 17, "choice": "draw" | "bank"}
    {"intent": "open_seat" | "take_back", "version": 17, "seat": 1}

The last two are the teacher's, for a class on the students' phones
(:mod:`borsen_widget.jupyter.classroom`); a student's page may send only
:data:`STUDENT_INTENTS` through :func:`read_request` (its joining and seat requests are read by
the classroom itself).

:func:`read_request` checks a message's shape, sizes and version and returns a
:class:`Request`, or raises :class:`BadMessage` whose text is the notice. Every notice quotes at
most a short excerpt of what was sent, so a flood is never echoed back. :func:`refusal_notice`
turns the engine's :class:`~borsen_widget.engine.errors.IllegalActionError` into the widget's
own words: the engine alone decides what is legal.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence

from ..engine.errors import IllegalActionError, quote
from ..engine.words import card_list
from ..i18n import N_, Translator, translator

#: Every intent a page may send.
GAME_INTENTS = ("draw", "bank", "list", "keep", "undo", "new_game", "pause", "resume", "step")
TEACHER_INTENTS = ("panel", "guess", "reveal", "vote")
#: The teacher's seat controls while a class is open: they name a seat.
SEAT_INTENTS = ("open_seat", "take_back")
INTENTS = GAME_INTENTS + TEACHER_INTENTS + SEAT_INTENTS
#: The intents a projector's ProbabilityPanel may send.
PANEL_INTENTS = ("reveal", "vote", "guess")
#: The intents a student's page may send about the game: a move for the seat they hold, or a
#: vote (guess first). Undo, new game, the bots and the panel stay the teacher's.
STUDENT_INTENTS = ("draw", "bank", "list", "keep", "vote")
FIELDS = ("intent", "version", "aces", "choice", "id", "seat")
#: Intents that do not depend on the position, so a click made on an older view still counts.
ANY_VERSION = ("pause", "panel", "guess", *SEAT_INTENTS)
#: Seats a game may have (R1: 2–8 players).
MAX_SEATS = 8
CHOICES = ("draw", "bank")
#: Sizes a well-formed message never exceeds.
MAX_ACES = 16  # four decks hold 16 aces
MAX_ID = 64


class BadMessage(Exception):
    """A message from a page that cannot be acted on; its text is the polite notice.

    ``BadMessage(N_("... {name} ..."), name=...)``: the notice is one whole sentence of the
    catalogues with its placeholders, told in each page's language by :meth:`told`;
    ``str(error)`` is the English (for logs and programmers). Mark the message with ``N_`` (or
    write it as a literal argument of ``BadMessage``, which the catalogues' extraction finds
    too)."""

    def __init__(self, message: str, /, **values):
        self.message = message
        self.values = values
        super().__init__(message.format_map(values) if values else message)

    def told(self, tr: Translator) -> str:
        """The notice in ``tr``'s language (a ``source`` value is a message too: "the
        editor")."""
        values = dict(self.values)
        if isinstance(values.get("source"), str):
            values["source"] = tr.gettext(values["source"])
        return tr.gettext(self.message, **values)


class Refused(BadMessage, ValueError):
    """What the Python API refuses (a ``ValueError``, for programmers, in English) whose reason
    is one sentence of the catalogues, so a page that asked for the same thing (the class's
    join card) is told that reason in its own language (:meth:`BadMessage.told`), from the one
    check that refuses it."""


@dataclasses.dataclass(frozen=True)
class Request:
    """A checked message: what was asked (``intent``), on which view (``version``), the aces
    of a list, the choice of a vote, and the request's id (``None`` if the page gave none)."""

    intent: str
    version: int
    aces: tuple[str, ...] | None = None
    choice: str | None = None
    id: str | int | None = None
    seat: int | None = None


def request_id(content) -> str | int | None:
    """The id a message gives for itself, if it is a short text or a number; else ``None``
    (a notice about a message too broken to read goes to every view)."""
    if isinstance(content, Mapping):
        value = content.get("id")
        if isinstance(value, str) and len(value) <= MAX_ID:
            return value
        if isinstance(value, int) and not isinstance(value, bool) and abs(value) < 2**53:
            return value
    return None


def check_envelope(content, fields: Sequence[str], source: str = N_("the page")) -> None:
    """What every message must be, whatever it asks: a mapping of at most a few known
    ``fields`` whose id, if any, is a short name. Raises :class:`BadMessage` naming at most
    three of the unknown fields, each cut short. ``source`` is a message of the catalogues
    (``N_("the editor")``), told in the page's language with the rest."""
    if not isinstance(content, Mapping):
        raise BadMessage(
            "A message from {source} was not understood; nothing changed.", source=source
        )
    if len(content) > 3 * len(fields):
        raise BadMessage(
            "A message from {source} had {count} fields, far more than a request has; "
            "nothing changed.",
            source=source,
            count=len(content),
        )
    unknown = [k for k in content if k not in fields]
    if unknown:
        names = ", ".join(quote(k, 24) for k in unknown[:3])
        if len(unknown) > 3:
            raise BadMessage(
                "A message from {source} had unknown fields ({names} and {more} more); "
                "nothing changed.",
                source=source,
                names=names,
                more=len(unknown) - 3,
            )
        raise BadMessage(
            "A message from {source} had unknown fields ({names}); nothing changed.",
            source=source,
            names=names,
        )
    if "id" in content and request_id(content) is None:
        raise BadMessage(
            "A message from {source} had an id that is not a short name; nothing changed.",
            source=source,
        )


def read_request(content, *, version: int, allowed: Sequence[str] = INTENTS) -> Request:
    """Check a message against the view now shown (``version``): its shape, its sizes, that
    ``allowed`` holds its intent, and that it was made on this view (a stale click is refused,
    except for :data:`ANY_VERSION`). Raises :class:`BadMessage` with a polite text."""
    check_envelope(content, FIELDS)
    intent = content.get("intent")
    if not isinstance(intent, str) or intent not in allowed:
        raise BadMessage(
            "Unknown request {intent} from the page; nothing changed.", intent=quote(intent, 30)
        )
    seen = content.get("version")
    if isinstance(seen, bool) or not isinstance(seen, int):
        raise BadMessage(
            "A message from the page did not say which view it was made on; nothing changed."
        )
    aces = content.get("aces")
    if intent == "list":
        if (
            not isinstance(aces, list)
            or len(aces) > MAX_ACES
            or not all(isinstance(a, str) and len(a) <= 4 for a in aces)
        ):
            raise BadMessage("To list aces, name them (a short list of cards); nothing changed.")
        aces = tuple(aces)
    elif "aces" in content:
        raise BadMessage(
            "Only a list of aces names aces, not {intent}; nothing changed.", intent=repr(intent)
        )
    choice = content.get("choice")
    if intent == "vote":
        if not isinstance(choice, str) or choice not in CHOICES:
            raise BadMessage("A vote is for draw or bank; nothing changed.")
    elif "choice" in content:
        raise BadMessage(
            "Only a vote names a choice, not {intent}; nothing changed.", intent=repr(intent)
        )
    seat = content.get("seat")
    if intent in SEAT_INTENTS:
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < MAX_SEATS:
            raise BadMessage("That request names no seat; nothing changed.")
    elif "seat" in content:
        raise BadMessage(
            "Only a seat request names a seat, not {intent}; nothing changed.", intent=repr(intent)
        )
    if seen > version:
        raise BadMessage("A message from the page named a view that does not exist yet.")
    if seen < version and intent not in ANY_VERSION:
        raise BadMessage(
            "That click was made on an earlier view of the game (a double click, or another "
            "view moved first), so it was ignored. Have a look, then choose again."
        )
    return Request(intent, seen, aces, choice, request_id(content), seat)


class Refusal(BadMessage):
    """A move the engine refused, as a notice (:func:`refusal_notice`) told in each page's
    language; ``you``: the seat to act is the person at the screen."""

    def __init__(self, error: IllegalActionError, who: str, limit: int | None, you=False):
        self.error, self.who, self.limit, self.you = error, who, limit, you
        text = refusal_notice(error, who, limit, you=you)
        super().__init__("{text}", text=text)

    def told(self, tr: Translator) -> str:
        return refusal_notice(self.error, self.who, self.limit, tr, you=self.you)


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


class PythonOwnsState:
    """For widgets whose synced state only Python sets (mix in before the widget class).

    Any client of the kernel can send an ipywidgets "update" message (one line in a browser's
    console); ipywidgets would keep the value and echo it to every other view, so one person
    in a shared session could show everyone a fake table or fake probabilities. Here an update
    to a trait outside :attr:`page_settable` is dropped before it is kept or echoed, and the
    views are sent Python's values again (the forging page's copy is put right too).
    """

    #: The synced traits a page may set (none: pages send intents, Python sets the state).
    page_settable: tuple[str, ...] = ()

    def set_state(self, sync_data):
        allowed = {k: v for k, v in sync_data.items() if k in self.page_settable}
        refused = [k for k in sync_data if k not in self.page_settable and k in self.keys]
        if allowed:
            super().set_state(allowed)
        if refused:
            self.send_state(refused)


def notice(text: str, level: str = "warning", *, number: int, request=None) -> dict:
    """A notice for the page: ``{"id", "text", "level", "request"}``; ``request`` names the
    request it answers (only the page that sent it shows it), ``None`` for every page."""
    return {"id": number, "text": text, "level": level, "request": request}
