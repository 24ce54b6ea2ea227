"""The engine's errors, each a :class:`~borsen_widget.i18n.errors.BorsenError` (a ``ValueError``)
that says what went wrong.

- :class:`ActionParseError`: text that is not an action at all (``"dance"``);
- :class:`IllegalActionError`: an action that is not legal in this position;
- :class:`RulesError`: rules (or a set position) that cannot be played;
- :class:`SaveError`: a save file that cannot be loaded, naming the field.

Like python-chess's ``InvalidMoveError`` and ``IllegalMoveError``, the first two are kept apart:
a program can tell a typo from a move that the rules forbid. A failed call changes nothing.
"""

from __future__ import annotations

from typing import ClassVar

from ..i18n import translator
from ..i18n.errors import QUOTE_CHARS, BorsenError, describe_error, quote, shorten

__all__ = [
    "OPTION_LABELS",
    "QUOTE_CHARS",
    "ActionParseError",
    "BorsenError",
    "IllegalActionError",
    "RulesError",
    "SaveError",
    "describe_error",
    "quote",
    "shorten",
]


class ActionParseError(BorsenError):
    """Text (or a value) that cannot be read as an action, such as ``"dance"`` or a list of
    cards that are not aces. Nothing was tried, so nothing changed."""


class IllegalActionError(BorsenError):
    """An action that is not legal in the current position; the game is left exactly as it was.

    The message names the action that was tried, why it is not legal (with the rule number)
    and the actions that are legal now. For programs (the widget turns these into its own
    words): ``action`` (the :class:`~borsen_widget.engine.actions.Action` tried, or ``None``
    for an undo), ``reason`` (a short code, see :data:`REASONS`) and ``legal`` (the legal
    actions, a tuple).
    """

    #: The codes of ``reason``, with what each means.
    REASONS: ClassVar[dict[str, str]] = {
        "over": "the game is over",
        "deck_empty": "the deck is empty, so the pile must be banked (R14)",
        "pile_empty": "the pile is empty, so there is nothing to bank (R4)",
        "aces_pending": "an ace decision must be made first (R11)",
        "no_decision": "there is no ace decision to make",
        "not_pending": "a named ace is not among the aces to decide on (R11)",
        "too_few": "too few aces are listed for the bank's limit (R12)",
        "no_undo": "there is no action to undo",
    }

    def __init__(self, message: str, *, action=None, reason: str = "", legal=()):
        super().__init__(message)
        self.action = action
        self.reason = reason
        self.legal = tuple(legal)


class RulesError(BorsenError):
    """Rules (or a set position) that cannot be played: raised at construction, nothing is
    built.

    ``RulesError("{option} must be a whole number, not {value}.", option=name, value=...)``:
    the message is one whole sentence of the catalogues with named placeholders (a literal
    first argument, or marked with ``N_``), so the rules editor can show a person the same
    sentence in their language (:meth:`say`). ``str(error)`` is the English, for
    programmers: whole numbers grouped (``1,000,000``), an ``option`` value as the option's
    Python name (``max_turns``); :meth:`say` names it by its label instead, in quotes
    (“Turn cap”). A message with no values is kept as written (older raise sites).
    """

    def english(self) -> str:
        return self.message.format_map(_English(self.values)) if self.values else self.message

    def say(self, language: str | None = None) -> str:
        """The message in ``language``, for a person: an ``option`` is named by its
        translated label."""
        tr = translator(language)
        values = dict(self.values)
        option = values.get("option")
        if isinstance(option, str) and option in OPTION_LABELS:
            label = tr.gettext(OPTION_LABELS[option])
            # TRANSLATORS: a rule option's label named inside a sentence.
            values["option"] = tr.pgettext("option label", "“{label}”", label=label)
        return tr.gettext(self.message, **values)


#: Each rule option's label (a message of the catalogues) by its Python name, for
#: :meth:`RulesError.say`; filled by :mod:`borsen_widget.engine.options`, which declares them
#: (and imports this module, so this one cannot import it).
OPTION_LABELS: dict[str, str] = {}


class _English(dict):
    """A RulesError's values as its English text shows them: whole numbers grouped."""

    def __getitem__(self, key):
        value = super().__getitem__(key)
        if isinstance(value, int) and not isinstance(value, bool):
            return f"{value:,}"
        return value

    def __missing__(self, key):
        return "{" + key + "}"


class SaveError(BorsenError):
    """A save file that cannot be loaded (not JSON, another format or version, or a field
    that is missing, of the wrong type or inconsistent with the rest). ``field`` names the
    part of the save at fault (``""`` for the file as a whole)."""

    def __init__(self, message: str, field: str = ""):
        super().__init__(message)
        self.field = field
