"""How a student's typed answer is read: the one rule, in Python.

The phone sends what the student typed; :func:`read_typed` reads it here, so the lesson's record
keeps what this rule understood. The phone mirrors the rule (``parseAnswer`` in
``js/src/student-helpers.js``) only to say, before the answer is sent, what it will count as
("You mean 25 %."); both are held to one table of cases, ``js/test/typed-answers.json``, which
pytest and vitest both read.

A chance may be typed three ways:

- a percentage: ``25``, ``25 %``, ``37,5``, ``37.5 %``, ``0,5 %`` (with ``%`` it is always a
  percentage);
- a probability: a number from 0 to 1 **written with a decimal separator** and no ``%``:
  ``0,25``, ``0.25``, ``,25`` and ``1,0`` are 25 % and 100 % (pupils write a probability so;
  read as a percentage, 0,25 would be a wild guess of a quarter of a percent);
- a fraction: ``3/8`` (at most four digits each side).

A whole number without ``%`` stays a percentage, as before: ``0`` is 0 % and ``1`` is 1 %.
A count is a whole number; the expected cards a number (``2,5``) or a fraction (``5/2``).
Either separator is read, and spaces (also the no-break spaces a Norwegian ``25 %`` has) are
ignored around the parts.
"""

from __future__ import annotations

import re
from fractions import Fraction

from .wire import BadMessage

__all__ = ["FRACTION_DIGITS", "MAX_TYPED", "read_typed"]

#: At most this many digits on each side of a typed fraction ("3/8").
FRACTION_DIGITS = 4
#: The longest typed answer read (a number too long to be an answer is refused unread).
MAX_TYPED = 24

# ASCII digits only ([0-9], not \d, which in Python also reads other scripts' digits): the
# phone's mirror reads the same.
_FRACTION = re.compile(rf"([0-9]{{1,{FRACTION_DIGITS}}}) ?/ ?([0-9]{{1,{FRACTION_DIGITS}}})")
# Digits before and after the separator are limited, so no huge number is ever built.
_NUMBER = re.compile(r"([0-9]{1,6})?(?:([.,])([0-9]{1,6}))? ?(%)?")
_SPACES = re.compile(r"\s+")


def _decimal(whole: str | None, fraction: str | None) -> Fraction:
    return Fraction(f"{whole or '0'}.{fraction or '0'}")


def read_typed(kind: str, text: str) -> Fraction | int:
    """``text`` as the student typed it, read exactly as an answer of ``kind`` (``"chance"``:
    a Fraction from 0 to 1; ``"count"``: an int; ``"expected"``: a Fraction). Raises
    BadMessage with a polite text; the range of a count or an expected number is checked by
    the caller (:func:`~borsen_widget.classroom.scoring.read_answer`)."""
    raw = _SPACES.sub(" ", text).strip() if isinstance(text, str) else ""
    if len(raw) > MAX_TYPED:
        raw = ""  # refused below, without reading a number that long
    if kind == "chance":
        return _chance(raw)
    if kind == "count":
        if not re.fullmatch(r"[0-9]{1,6}", raw):
            raise BadMessage("Count whole cards: your answer must be a whole number.")
        return int(raw)
    fraction = _FRACTION.fullmatch(raw)
    if fraction and int(fraction.group(2)) > 0:
        return Fraction(int(fraction.group(1)), int(fraction.group(2)))
    number = _NUMBER.fullmatch(raw)
    if not raw or not number or number.group(4) or not (number.group(1) or number.group(3)):
        raise BadMessage("Your answer must be a number.")
    return _decimal(number.group(1), number.group(3))


def _chance(raw: str) -> Fraction:
    fraction = _FRACTION.fullmatch(raw)
    if fraction:
        numerator, denominator = int(fraction.group(1)), int(fraction.group(2))
        if denominator == 0:
            raise BadMessage("A fraction cannot have 0 below the line.")
        if numerator > denominator:
            raise BadMessage("A chance is from 0 % to 100 %; nothing was sent.")
        return Fraction(numerator, denominator)
    number = _NUMBER.fullmatch(raw)
    if not raw or not number or not (number.group(1) or number.group(3)):
        raise BadMessage("Write the chance as a percent from 0 to 100, or a fraction like 3/8.")
    whole, separator, decimals, percent = number.groups()
    value = _decimal(whole, decimals)
    # A decimal from 0 to 1 without "%" is a probability (0,25 = 25 %); anything else a percent.
    if not (separator and not percent and value <= 1):
        value /= 100
    if value > 1:
        raise BadMessage("A chance is from 0 % to 100 %; nothing was sent.")
    return value
