"""Numbers and lists as each language writes them: ``0,42``, ``42 %``, ``1 000``, ``Ada, Bo og
Cy``, ``1/3``.

The locale data (decimal and group symbols, the percent pattern, list patterns, plural rule)
is Babel's (CLDR), copied at build time by ``scripts/catalogues.py compile`` into the shipped
``borsen_widget/locale/formats.json``; this module reads that file with the standard library
only, so formatting needs no Babel at run time (JupyterLite, a plain ``pip install``). The
results equal Babel's ``format_decimal``, ``format_percent`` and ``format_list``
(tests/i18n/test_numbers.py).
"""

from __future__ import annotations

import json
from decimal import ROUND_HALF_EVEN, Decimal
from fractions import Fraction
from functools import cache
from importlib import resources
from numbers import Rational

from .languages import LANGUAGES, resolve_language

__all__ = ["format_fraction", "format_list", "format_number", "format_percent", "formats"]


@cache
def locale_data() -> dict:
    """The shipped locale data of every language, by language (``formats.json``)."""
    path = resources.files("borsen_widget").joinpath("locale", "formats.json")
    return json.loads(path.read_text(encoding="utf-8"))


def formats(language: str | None = None) -> dict:
    """One language's number and list conventions (``decimal``, ``group``, ``minus``,
    ``percent_prefix``, ``percent_suffix``, ``list``, ``plural_forms``, ...)."""
    language = resolve_language(language)
    return locale_data()["languages"][language if language in LANGUAGES else "en"]


def _to_decimal(value) -> Decimal:
    if isinstance(value, Decimal):
        return value
    if isinstance(value, Rational) and not isinstance(value, int):
        return Decimal(value.numerator) / Decimal(value.denominator)
    return Decimal(str(value))


def _digits(value: Decimal, max_digits: int, min_digits: int, f: dict) -> str:
    """The unsigned digits of ``value``, rounded half to even as Babel does, grouped."""
    rounded = abs(value).quantize(Decimal(1).scaleb(-max_digits), rounding=ROUND_HALF_EVEN)
    whole, _, fraction = f"{rounded:f}".partition(".")
    fraction = fraction.rstrip("0").ljust(min_digits, "0")
    size = f["grouping"][0]
    groups = []
    while len(whole) > size:
        groups.insert(0, whole[-size:])
        whole = whole[:-size]
        size = f["grouping"][1]
    whole = f["group"].join([whole, *groups])
    return whole + (f["decimal"] + fraction if fraction else "")


def format_number(value, language: str | None = None, max_digits: int = 3, min_digits: int = 0):
    """``0,422`` (nb) / ``0.422`` (en): at most ``max_digits`` decimals (Babel's default 3),
    at least ``min_digits``, thousands grouped (``12 345``)."""
    f = formats(language)
    d = _to_decimal(value)
    sign = f["minus"] if d.is_signed() else ""
    return sign + _digits(d, max_digits, min(min_digits, max_digits), f)


def format_percent(value, language: str | None = None, digits: int = 0) -> str:
    """``0.42`` as ``42 %`` (nb, a no-break space) / ``42%`` (en), with ``digits`` decimals."""
    f = formats(language)
    d = _to_decimal(value).scaleb(2)
    sign = f["minus"] if d.is_signed() else ""
    return sign + f["percent_prefix"] + _digits(d, digits, digits, f) + f["percent_suffix"]


def format_list(items, language: str | None = None) -> str:
    """``Ada``, ``Ada og Bo``, ``Ada, Bo og Cy`` (nb) / ``Ada, Bo and Cy`` (en)."""
    items = [str(item) for item in items]
    patterns = formats(language)["list"]
    if len(items) <= 1:
        return "".join(items)
    if len(items) == 2:
        return patterns["2"].format(*items)
    text = patterns["start"].format(items[0], items[1])
    for item in items[2:-1]:
        text = patterns["middle"].format(text, item)
    return patterns["end"].format(text, items[-1])


def format_fraction(value, language: str | None = None, max_digits: int = 3) -> str:
    """A fraction as a class can read it: ``1/3``, ``2``, ``−5/12``; if its numerator or
    denominator has more than ``max_digits`` digits, the decimal with ``≈`` (``≈ 2,921``)."""
    value = Fraction(value)
    f = formats(language)
    if value.denominator == 1:
        return format_number(value.numerator, language)
    if max(len(str(abs(value.numerator))), len(str(value.denominator))) > max_digits:
        return "≈\u00a0" + format_number(value, language)
    sign = f["minus"] if value < 0 else ""
    return f"{sign}{abs(value.numerator)}/{value.denominator}"
