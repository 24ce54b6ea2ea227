"""The catalogues: complete in every language, compiled from their .po files, up to date with
the source, placeholders kept; the front end's JSON made from the same catalogues."""

from __future__ import annotations

import csv
import json
import re

import pytest

pytest.importorskip("babel")

from catalogue_tools import bokmal_forms, load_script

C = load_script()
LANGUAGES = ("en", "nb", "nn")


def catalogue(language):
    return C.read_catalogue(language)


def strings(message):
    s = message.string
    return list(s) if isinstance(s, tuple | list) else [s]


def ids(message):
    i = message.id
    return list(i) if isinstance(i, tuple | list) else [i]


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_message_is_translated_none_empty_none_fuzzy(language):
    cat = catalogue(language)
    messages = [m for m in cat if m.id]
    assert len(messages) > 150
    empty = [m.id for m in messages if not all(strings(m))]
    fuzzy = [m.id for m in messages if m.fuzzy]
    assert not empty, f"{language}: {len(empty)} untranslated, e.g. {empty[:3]}"
    assert not fuzzy, f"{language}: {len(fuzzy)} fuzzy, e.g. {fuzzy[:3]}"


def same_words(language):
    """The glossary's terms that Norwegian writes as English does (a *rating*, issue 31)."""
    with open(C.LOCALE / "glossary.tsv", encoding="utf-8", newline="") as file:
        rows = csv.DictReader([line for line in file if not line.startswith("#")], delimiter="\t")
        return {row["en"] for row in rows if row[language] == row["en"]}


@pytest.mark.parametrize("language", ["nb", "nn"])
def test_norwegian_is_not_english(language):
    """A translation equal to its English is allowed only where the words are the same in
    both (numbers, symbols, a name, a glossary term such as *rating*)."""
    allowed = same_words(language)
    assert "rating" in allowed
    same = [
        m.id
        for m in catalogue(language)
        if m.id
        and any(s == i for s, i in zip(strings(m), ids(m), strict=False))
        and re.search(r"[A-Za-z]{3}", re.sub(r"\{\w+\}", "", ids(m)[0]))
        and ids(m)[0] not in allowed
    ]
    assert not same, f"{language}: left in English: {same[:5]}"


def test_the_bokmal_forms_check_finds_what_issue_31_found():
    assert bokmal_forms("Denne sida svarer berre") == ["svarer"]
    assert bokmal_forms("sjølv om du speler best") == ["speler"]
    assert bokmal_forms("ein turnering med {count} robotar") == ["ein turnering"]
    assert bokmal_forms("{unknown}: ukjent regelval") == ["ukjent"]
    assert bokmal_forms("ei turnering; ukjend; korta blir godkjende; spelet") == []


def test_the_nynorsk_catalogue_has_no_bokmal_forms():
    """Issue 31: the nynorsk catalogue held *svarer*, *speler*, *ukjent* beside *ukjend*,
    *blitt* beside *vorte*; this keeps it from drifting back."""
    wrong = []
    for m in catalogue("nn"):
        if m.id:
            for text in strings(m):
                found = bokmal_forms(text)
                if found:
                    wrong.append(f"{found}: {text!r}")
    assert not wrong, "\n".join(wrong[:10])


def placeholders(text):
    return set(re.findall(r"\{(\w*)[^{}]*\}", text))


@pytest.mark.parametrize("language", LANGUAGES)
def test_translations_keep_the_placeholders(language):
    """Each form names the same {placeholders} as its English (a translation may drop
    ``{count}`` only from a singular form that spells "one")."""
    wrong = []
    for m in catalogue(language):
        if not m.id:
            continue
        english = ids(m)
        for i, text in enumerate(strings(m)):
            source = english[min(i, len(english) - 1)]
            if placeholders(text) != placeholders(source):
                wrong.append((language, source, text))
    assert not wrong, wrong[:5]


def test_the_template_is_up_to_date_with_the_source():
    """Extraction finds no message that the .pot (and so the catalogues) lacks, nor the
    reverse: run ``make catalogues`` after changing a message."""
    fresh = C.extract()
    with open(C.TEMPLATE, "rb") as file:
        template = C.read_po(file)
    new = sorted(set(C._keys(fresh)) - set(C._keys(template)), key=str)
    gone = sorted(set(C._keys(template)) - set(C._keys(fresh)), key=str)
    assert not new, f"messages in the source but not in the catalogues: {new[:5]}"
    assert not gone, f"messages in the catalogues but no longer in the source: {gone[:5]}"
    for language in LANGUAGES:
        assert set(C._keys(catalogue(language))) == set(C._keys(fresh)), language


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_shipped_mo_is_a_fresh_compile_of_the_po(language):
    assert C.mo_path(language).read_bytes() == C.mo_bytes(catalogue(language)), (
        f"{language}.mo is stale: run make catalogues"
    )


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_front_ends_json_is_a_fresh_compile_of_the_po(language):
    fresh = C.front_end_json(catalogue(language), language, C.locale_formats())
    assert C.json_path(language).read_bytes() == fresh, f"{language}.json: make catalogues"


def test_the_locale_data_is_babels():
    assert C.FORMATS.read_bytes() == C.formats_bytes(), "formats.json: make catalogues"


def test_the_check_step_finds_nothing_to_do():
    assert C.problems() == []


def test_front_end_messages_are_extracted_and_compiled_to_json(tmp_path):
    """The front end's keywords (t, tn, tp, tnp) in js/src/*.js reach the JSON of each
    language, with their plural forms and contexts; Python's messages stay out of it."""
    src = tmp_path / "js" / "src"
    src.mkdir(parents=True)
    (src / "demo.js").write_text(
        "// TRANSLATORS: the button that draws a card\n"
        'const a = t("Draw");\n'
        'const b = tn("{count} card left", "{count} cards left", n, { count: n });\n'
        'const c = tp("verb", "Bank");\n'
        'const d = tnp("aces", "{count} ace", "{count} aces", n);\n'
        "const e = other('not a message');\n",
        encoding="utf-8",
    )
    (tmp_path / "borsen_widget").mkdir()
    (tmp_path / "borsen_widget" / "x.py").write_text(
        "def f(tr):\n    return tr.gettext('From Python.')\n", encoding="utf-8"
    )
    files = [("js/src/demo.js", "javascript", {}), ("borsen_widget/x.py", "python", {})]
    template = C.extract(tmp_path, files)
    keys = set(C._keys(template))
    assert keys == {
        (None, "Draw"),
        (None, "{count} card left"),
        ("verb", "Bank"),
        ("aces", "{count} ace"),
        (None, "From Python."),
    }
    assert C._keys(template)[(None, "Draw")].auto_comments == ["the button that draws a card"]
    nb = C.Catalog(locale="nb")
    nb.update(template)
    for m in nb:
        if m.id:
            m.string = (
                ("{count} kort igjen", "{count} kort igjen")
                if isinstance(m.id, tuple)
                else {"Draw": "Trekk", "Bank": "Legg i banken", "From Python.": "Fra Python."}[m.id]
            )
    data = json.loads(C.front_end_json(nb, "nb", C.locale_formats()))
    assert data["Draw"] == ["Trekk"]
    assert data["verb\u0004Bank"] == ["Legg i banken"]
    assert data["{count} card left"] == ["{count} kort igjen", "{count} kort igjen"]
    assert "From Python." not in data
    assert data[""]["plural_forms"] == "nplurals=2; plural=(n != 1);"
    assert data[""]["formats"]["decimal"] == ","


def test_the_package_directory_babel_cfg_maps_python_and_the_front_end():
    files = {path for path, _, _ in C.source_files()}
    assert "borsen_widget/engine/events.py" in files
    assert any(path.startswith("js/src/") and path.endswith(".js") for path in files)
    assert not any("/static/" in path for path in files)  # the built bundle is not a source
