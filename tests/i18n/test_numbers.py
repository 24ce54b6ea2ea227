"""Numbers, lists and languages as Norwegians (and the English) write them: the run-time
formatting (standard library, ``formats.json``) equals Babel's over many values."""

from __future__ import annotations

import ast
import random
import sys
from decimal import Decimal
from fractions import Fraction
from pathlib import Path

import pytest

from borsen_widget.i18n import (
    format_fraction,
    format_list,
    format_number,
    format_percent,
    normalize_language,
    pick_language,
    translator,
)

babel_numbers = pytest.importorskip("babel.numbers")
babel_lists = pytest.importorskip("babel.lists")

CLDR = {"en": "en_GB", "nb": "nb", "nn": "nn"}


def sample_values(n=600, seed=21):
    rng = random.Random(seed)
    values = [0, 1, -1, 0.5, 0.125, 0.0005, 0.0015, 2.5, 999, 1000, 1234.5678, -0.42, 10**7]
    values += [Decimal("0.4215"), Decimal("-12345.6785"), Fraction(1, 3), Fraction(-22, 7)]
    for _ in range(n):
        scale = 10 ** rng.randint(-4, 8)
        values.append(round(rng.uniform(-1, 1) * scale, rng.randint(0, 6)))
        values.append(rng.randint(-(10**9), 10**9))
    return values


def babel_value(value):
    return (
        Decimal(value.numerator) / Decimal(value.denominator)
        if isinstance(value, Fraction)
        else value
    )


@pytest.mark.parametrize("language", ["en", "nb", "nn"])
def test_numbers_are_written_as_babel_writes_them(language):
    for value in sample_values():
        expected = babel_numbers.format_decimal(babel_value(value), locale=CLDR[language])
        assert format_number(value, language) == expected, value


@pytest.mark.parametrize("language", ["en", "nb", "nn"])
@pytest.mark.parametrize(("low", "high"), [(0, 0), (0, 2), (2, 2), (1, 4)])
def test_numbers_with_a_number_of_decimals_as_babel(language, low, high):
    pattern = "#,##0" + ("." + "0" * low + "#" * (high - low) if high else "")
    for value in sample_values(200):
        expected = babel_numbers.format_decimal(
            babel_value(value), format=pattern, locale=CLDR[language]
        )
        assert format_number(value, language, high, low) == expected, (value, pattern)


@pytest.mark.parametrize("language", ["en", "nb", "nn"])
@pytest.mark.parametrize("digits", [0, 1, 2])
def test_percentages_are_written_as_babel_writes_them(language, digits):
    base = babel_numbers.parse_pattern(
        babel_numbers.Locale.parse(CLDR[language]).percent_formats[None].pattern
    )
    pattern = base.pattern.replace("#,##0", "#,##0" + ("." + "0" * digits if digits else ""))
    for value in [*sample_values(200), 0.42, 0.425, 0.435, -0.5, 1, 12.345]:
        value = babel_value(value)
        if digits == 0:
            expected = babel_numbers.format_percent(value, locale=CLDR[language])
        else:
            expected = babel_numbers.format_percent(value, format=pattern, locale=CLDR[language])
        assert format_percent(value, language, digits) == expected, (value, pattern)


def test_the_norwegian_ways():
    assert format_number(0.42, "nb") == "0,42"
    assert format_number(12345.5, "nn") == "12\u00a0345,5"
    assert format_percent(0.42, "nb") == "42\u00a0%"
    assert format_percent(0.42, "en") == "42%"
    assert format_list(["Ada", "Bo", "Cy"], "nb") == "Ada, Bo og Cy"
    assert format_list(["Ada", "Bo", "Cy"], "nn") == "Ada, Bo og Cy"
    assert format_list(["Ada", "Bo", "Cy"], "en") == "Ada, Bo and Cy"
    assert format_fraction(Fraction(1, 3), "nb") == "1/3"
    assert format_fraction(Fraction(954858266771, 326918592000), "nb") == "≈\u00a02,921"
    assert format_fraction(Fraction(6, 2), "nb") == "3"


@pytest.mark.parametrize("language", ["en", "nb", "nn"])
def test_lists_are_written_as_babel_writes_them(language):
    names = ["Ada", "Bo", "Cy", "Di", "Ed", "Fa"]
    for n in range(len(names) + 1):
        expected = babel_lists.format_list(names[:n], locale=CLDR[language]) if n else ""
        assert format_list(names[:n], language) == expected


def test_card_names_and_rank_words_in_three_languages():
    cases = {
        "en": ["ace of spades", "queen of hearts", "10 of diamonds", "jack of clubs"],
        "nb": ["spar ess", "hjerter dame", "ruter 10", "kløver knekt"],
        "nn": ["spar ess", "hjarter dame", "ruter 10", "kløver knekt"],
    }
    for language, names in cases.items():
        tr = translator(language)
        got = [tr.card_name(14, "S"), tr.card_name(12, "H"), tr.card_name(10, "D")]
        got.append(tr.card_name(11, "C"))
        assert got == names
        assert not tr.missing
    assert [translator("nb").rank_word(r) for r in (9, 11, 12, 13, 14)] == [
        "9",
        "knekt",
        "dame",
        "konge",
        "ess",
    ]


def test_plurals_follow_each_language():
    for language, one, many in (
        ("en", "1 card", "3 cards"),
        ("nb", "1 kort", "3 kort"),
        ("nn", "1 kort", "3 kort"),
    ):
        tr = translator(language)
        assert tr.ngettext("{count} card", "{count} cards", 1, count=1) == one
        assert tr.ngettext("{count} card", "{count} cards", 3, count=3) == many
    assert translator("nb").ngettext("{count} card", "{count} cards", 1000, count=1000) == (
        "1\u00a0000 kort"
    )


@pytest.mark.parametrize(
    ("tag", "language"),
    [
        ("nb", "nb"),
        ("nb-NO", "nb"),
        ("nb_NO.UTF-8", "nb"),
        ("NB_no", "nb"),
        ("no", "nb"),
        ("no_NO", "nb"),
        ("no-NO", "nb"),
        ("nob", "nb"),
        ("nn", "nn"),
        ("nn-NO", "nn"),
        ("nn_NO.UTF-8@euro", "nn"),
        ("no_NO@nynorsk", "nn"),
        ("no-nyn", "nn"),
        ("no-bok", "nb"),
        ("en", "en"),
        ("en-GB", "en"),
        ("en_US.UTF-8", "en"),
        ("de-DE", None),
        ("sv", None),
        ("C", None),
        ("", None),
        (None, None),
    ],
)
def test_tags_from_browsers_and_systems(tag, language):
    assert normalize_language(tag) == language
    assert pick_language(tag) == (language or "en")


def test_a_browsers_list_picks_the_first_language_spoken():
    assert pick_language(["de-DE", "nn-NO", "nb-NO", "en"]) == "nn"
    assert pick_language(["de-DE", "fr"]) == "en"
    assert pick_language([]) == "en"


def test_the_run_time_needs_the_standard_library_only():
    """No Babel (nor anything else) at run time: JupyterLite and a bare pip install."""
    folder = Path(__file__).resolve().parents[2] / "borsen_widget" / "i18n"
    outside = []
    for path in folder.glob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            names = []
            if isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom) and not node.level:
                names = [node.module]
            for name in names:
                top = name.split(".")[0]
                if top not in sys.stdlib_module_names and top != "__future__":
                    outside.append(f"{path.name}: {name}")
    assert not outside, outside
