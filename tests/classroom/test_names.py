"""Names that look alike are one name (issue 22, "Safety"): a student's name is compared by
Unicode's rules (NFKC, case folding, the UTS #39 confusables skeleton), from Unicode's own data
shipped with the package (borsen_widget/i18n/confusables.txt)."""

from __future__ import annotations

import unicodedata

import pytest
from hypothesis import given
from hypothesis import strategies as st

from borsen_widget.classroom import student_names as names
from borsen_widget.classroom.student_names import clean_name, fold, name_keys, skeleton
from borsen_widget.classroom.wire import BadMessage
from borsen_widget.i18n import names as shared


def same(a: str, b: str) -> bool:
    """Whether two names are one in the class (what Sessions.named compares)."""
    return bool(name_keys(a) & name_keys(b))


@pytest.mark.parametrize(
    "other",
    [
        "Lina",
        "L\u0456na",  # Cyrillic і
        "\uff2c\uff49\uff4e\uff41",  # fullwidth Ｌｉｎａ
        "LINA",
        "lina",
        "L\u0131na",  # dotless ı
        "Li\u034fna",  # a combining grapheme joiner: invisible, dropped by the skeleton
        "\U0001d40b\U0001d422\U0001d427\U0001d41a",  # mathematical bold 𝐋𝐢𝐧𝐚
    ],
)
def test_names_that_look_like_lina_are_lina(other):
    assert fold(other) == fold("Lina") == "lina"
    assert same(other, "Lina")


@pytest.mark.parametrize(
    ("a", "b"),
    [
        ("Paul", "P\u0430ul"),  # Cyrillic а inside a Latin name
        ("Ola", "\u039fla"),  # Greek capital Omicron
        ("Emma", "Ernrna"),  # rn looks like m (UTS #39)
        ("B0", "BO"),  # a zero looks like O
        ("Iben", "lben"),  # a capital I looks like a small l
        ("Iben", "iben"),  # and is the capital of i
        ("Kåre", "Ka\u030are"),  # composed or not, one name
        ("Strauß", "STRAUSS"),  # case folding: ß is ss
        ("Ada  Li", "Ada Li"),
    ],
)
def test_mixed_scripts_and_look_alikes_are_one_name(a, b):
    assert same(a, b)


@pytest.mark.parametrize(
    ("a", "b"),
    [
        ("Øyvind", "Oyvind"),  # Norwegian letters are letters of their own
        ("Åse", "Ase"),
        ("Ærlig", "Arlig"),
        ("iben", "lben"),  # a small i does not look like a small l
        ("\u041c\u0430\u0448\u0430", "\u0421\u0430\u0448\u0430"),  # Маша and Саша
        ("Lina", "Line"),
        ("Ada", "Ada B"),
    ],
)
def test_names_that_do_not_look_alike_stay_two(a, b):
    assert not same(a, b)


def test_the_data_is_unicodes_own_with_its_version():
    header = shared.DATA.read_text(encoding="ascii").splitlines()[0]
    assert "UTS #39" in header and "Unicode 18.0.0" in header
    assert "scripts/confusables.py" in header and "Unicode License" in header
    prototypes, ignorable = shared._tables()
    assert len(prototypes) > 6000  # confusables.txt maps about 6,700 characters
    assert names.prototype("\u0456") == "i" and names.prototype("m") == "rn"
    assert names.prototype("0") == "O" and names.prototype("a") == "a"
    assert 0x200B in ignorable and 0xFE0F in ignorable and ord("a") not in ignorable
    # The skeleton is NFD: a composed letter comes back decomposed.
    assert skeleton("å") == "a\u030a"


@pytest.mark.parametrize("name", ["\u3164", "\u115f\u1160", "\u034f", "   "])
def test_a_name_of_invisible_characters_is_refused(name):
    with pytest.raises(BadMessage):
        clean_name(name)


def test_a_name_is_kept_as_typed():
    assert clean_name("  L\u0456na   B ") == "L\u0456na B"


names_text = st.text(st.characters(exclude_categories=("Cs",)), max_size=24)


@given(names_text)
def test_folding_twice_is_folding_once(name):
    assert fold(fold(name)) == fold(name)


@given(names_text, st.sampled_from(["NFC", "NFD", "NFKC", "NFKD"]))
def test_names_equal_under_nfkc_fold_equal(name, form):
    other = unicodedata.normalize(form, name)
    assert unicodedata.normalize("NFKC", other) == unicodedata.normalize("NFKC", name)
    assert fold(other) == fold(name)
    assert same(other, name)


@given(names_text)
def test_case_does_not_make_another_name(name):
    assert fold(name.upper()) == fold(name.lower()) == fold(name)
