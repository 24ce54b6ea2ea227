"""The package's error base, and how an error quotes what it was given.

Every error the package raises for bad input is a :class:`BorsenError` (a ``ValueError``), so a
program can catch them all with one ``except``, and a screen can tell any of them to a person
in their language the same way: :meth:`BorsenError.say`. Its message is one whole sentence of
the catalogues with named placeholders (``BorsenError("{name} is taken.", name=...)``);
``str(error)`` is the English, for programmers and logs.

It lives at the bottom of the package (beside the catalogues it speaks from) so that every
layer can raise it, and so that the Jupyter server's relay, which loads only the class's wire
module and the catalogues, can refuse a message in the phone's language.
"""

from __future__ import annotations

from .translator import translator

__all__ = ["QUOTE_CHARS", "BorsenError", "describe_error", "quote", "shorten"]

#: How much of a bad input an error message quotes: enough to recognise it, never a flood.
QUOTE_CHARS = 60


def quote(value: object, limit: int = QUOTE_CHARS) -> str:
    """``repr(value)``, cut to about ``limit`` characters (``'aaaa…' (100,000 characters)``),
    so an error never echoes an unbounded input back. Never fails, whatever ``value`` is."""
    try:
        text = repr(value)
    except Exception:  # a repr that raises (or a number too long to print): say what it is
        return f"<a {type(value).__name__}>"
    return shorten(text, limit)


def shorten(text: str, limit: int = QUOTE_CHARS) -> str:
    """``text`` cut to about ``limit`` characters, saying how long it was."""
    if len(text) <= limit:
        return text
    return f"{text[: limit - 1]}… ({len(text):,} characters)"


def describe_error(error: BaseException, limit: int = 200) -> str:
    """``"ZeroDivisionError: oops"``, cut to about ``limit`` characters: how a message names
    an exception raised by someone's code."""
    try:
        text = str(error)
    except Exception:
        text = ""
    name = type(error).__name__
    return f"{name}: {shorten(text, limit)}" if text else name


class BorsenError(ValueError):
    """Bad input, refused: nothing changed.

    ``BorsenError(message, **values)``: ``message`` is a sentence of the catalogues (a literal
    first argument, or marked with ``N_``) with named placeholders that ``values`` fill;
    ``plural=`` and ``n=`` make it a plural message (``ngettext``). :meth:`say` tells it in a
    language; ``str(error)`` is the English. An error raised with an English text that is not
    in the catalogues (a programmer's message) is told as it is written.
    """

    def __init__(self, message: str = "", /, *, plural: str | None = None, n: int = 0, **values):
        self.message = message
        self.plural = plural
        self.n = n
        self.values = values
        super().__init__(self.english())

    def english(self) -> str:
        """The message in English (what ``str(error)`` is)."""
        if not self.values and self.plural is None:
            return self.message
        try:
            return self.say("en")
        except (KeyError, IndexError, ValueError):  # a placeholder left unfilled
            return self.message

    def say(self, language: str | None = None) -> str:
        """The message as a whole sentence in ``language`` (``None``: the notebook's)."""
        tr = translator(language)
        if self.plural is not None:
            return tr.ngettext(self.message, self.plural, self.n, **self.values)
        if not self.values:
            return tr.gettext(self.message)
        return tr.gettext(self.message, **self.values)
