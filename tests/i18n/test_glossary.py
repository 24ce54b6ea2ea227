"""The game's own words (``borsen_widget/locale/glossary.tsv``): where a message's English uses
a glossary term, its bokmål and nynorsk use the glossary's term (the deck is *børsen*, listing
an ace *børsnotere*) and not the word the glossary rejects for it (``nb_avoid``/``nn_avoid``: a
seed is never *frø*, a rating never *rangering*), unless a translator comment on the message
says ``glossary-exception: <term>``. Issue 31 added the terms that drifted: move, your turn,
bank (the move), expect, rating, seed, bot, stopping rule, chance, probability, the engines and
the leaderboard."""

from __future__ import annotations

import csv
import re
from pathlib import Path

import pytest

pytest.importorskip("babel")

from catalogue_tools import load_script

C = load_script()
GLOSSARY = Path(__file__).resolve().parents[2] / "borsen_widget" / "locale" / "glossary.tsv"
PLACEHOLDER = re.compile(r"\{\w*[^{}]*\}")


def glossary() -> list[dict]:
    with open(GLOSSARY, encoding="utf-8", newline="") as file:
        lines = [line for line in file if not line.startswith("#")]
    return list(csv.DictReader(lines, delimiter="\t"))


def exceptions(message) -> set[str]:
    found = set()
    for comment in message.user_comments:
        match = re.match(r"\s*glossary-exception:\s*([^(]+?)\s*(\(|$)", comment)
        if match:
            found.add(match.group(1).strip().lower())
    return found


def english(text: str) -> str:
    """The English with each placeholder emptied to ``{}``: ``{chance}`` or ``{seed}`` is a
    value, not the word (``{player} banks {count} card`` still banks)."""
    return PLACEHOLDER.sub("{}", text)


def uses(row: dict, text: str) -> bool:
    return re.search(row["en_pattern"], english(text), re.IGNORECASE) is not None


def offences(language: str, catalogue=None) -> list[str]:
    """Each message whose English uses a glossary term and whose translation lacks the term
    or holds the rejected word, unless marked as an exception."""
    wrong = []
    for message in catalogue if catalogue is not None else C.read_catalogue(language):
        if not message.id:
            continue
        sources = message.id if isinstance(message.id, tuple) else (message.id,)
        texts = message.string if isinstance(message.string, tuple) else (message.string,)
        skip = exceptions(message)
        for row in glossary():
            if row["en"].lower() in skip or not any(uses(row, s) for s in sources):
                continue
            avoid = row.get(f"{language}_avoid") or ""
            for text in texts:
                if not re.search(row[f"{language}_pattern"], text, re.IGNORECASE):
                    wrong.append(f"{row['en']!r} → {row[language]!r}: {sources[0]!r} = {text!r}")
                elif avoid and re.search(avoid, text, re.IGNORECASE):
                    wrong.append(f"{row['en']!r}, not {avoid!r}: {sources[0]!r} = {text!r}")
    return wrong


def test_the_glossary_has_the_seeds_words_in_both_standards():
    terms = {row["en"]: row for row in glossary()}
    for en, nb in [
        ("deck", "børsen"),
        ("pile", "bunken"),
        ("list (an ace)", "børsnotere"),
        ("the pile passes to the next player", "bunken går videre til nestemann"),
        ("hearts", "hjerter"),
    ]:
        assert terms[en]["nb"] == nb
    for row in glossary():
        assert row["nb"] and row["nn"] and row["en_pattern"], row
        for key in ("en_pattern", "nb_pattern", "nn_pattern", "nb_avoid", "nn_avoid"):
            re.compile(row[key] or "")


def test_the_glossary_holds_the_terms_that_drifted():
    """Issue 31: one word per meaning, with the rejected words named."""
    terms = {row["en"]: row for row in glossary()}
    expected = {
        "move": ("valg", "val"),
        "your turn": ("din tur", "din tur"),
        "rating": ("rating", "rating"),
        "seed": ("startverdi (seed)", "startverdi (seed)"),
        "bot": ("robot", "robot"),
        "stopping rule": ("stopperegel", "stopperegel"),
        "chance": ("sjanse", "sjanse"),
        "probability": ("sannsynlighet", "sannsyn"),
        "expect": ("regne med (i snitt)", "rekne med (i snitt)"),
    }
    for en, (nb, nn) in expected.items():
        assert (terms[en]["nb"], terms[en]["nn"]) == (nb, nn), en
    assert terms["bank (the move)"]["nb"].startswith("legge i banken")
    for en, word in [("seed", "frø"), ("rating", "rangering"), ("your turn", "Ditt trekk")]:
        assert re.search(terms[en]["nb_avoid"], word, re.IGNORECASE), en


@pytest.mark.parametrize("language", ["nb", "nn"])
def test_the_catalogues_use_the_glossarys_words(language):
    wrong = offences(language)
    assert not wrong, "\n".join(wrong[:20])


def _catalogue(pairs, language="nb"):
    catalogue = C.Catalog(locale=language)
    for msgid, msgstr in pairs:
        catalogue.add(msgid, msgstr)
    return catalogue


@pytest.mark.parametrize(
    ("msgid", "bad", "good"),
    [
        (
            "Bank: banking gives {bank} cards;",
            "Legg i banken: banken gir {bank} kort;",
            "Legg i banken: å legge i banken gir {bank} kort;",
        ),
        ("Bank (both goals)", "Banken (begge målene)", "Legge i banken (begge målene)"),
        (
            "Draw: the pile is empty (expect {value} cards).",
            "Trekk: bunken er tom (du kan vente {value} kort).",
            "Trekk: bunken er tom (du kan i snitt regne med {value} kort).",
        ),
        ("Your move", "Ditt trekk", "Din tur"),
        ("the only move", "det eneste trekket", "det eneste valget"),
        ("seed {seed}", "frø {seed}", "startverdi (seed) {seed}"),
        ("rating", "rangering", "rating"),
        ("a bot", "en datamaskinspiller", "en robot"),
        ("Exact chance", "Eksakt sannsynlighet", "Eksakt sjanse"),
        ("Probabilities", "Sjanser", "Sannsynligheter"),
        ("the exact best stopping rule", "den beste stoppregelen", "den beste stopperegelen"),
    ],
)
def test_the_glossary_catches_the_words_issue_31_found(msgid, bad, good):
    """Each of the teacher's findings, written the old way, is caught; the fix passes."""
    assert offences("nb", _catalogue([(msgid, bad)]))
    assert not offences("nb", _catalogue([(msgid, good)]))


def test_a_placeholder_is_not_the_word():
    """``{chance}`` is a number: the message need not say *sjanse* for it."""
    msgid = "The winning move: draw, which wins the game {chance} of the time."
    text = "Valget som vinner oftest: trekk, som vinner spillet i {chance} av tilfellene."
    assert not offences("nb", _catalogue([(msgid, text)]))


@pytest.mark.parametrize("language", ["nb", "nn"])
def test_words_issue_31_struck_out_are_gone(language):
    """Whatever the English: no *frø*, no «Ditt trekk», no class that «er slutt» (the lesson
    ends: *timen*), no *datamaskinspiller*, no «{error} unna»."""
    banned = "|".join(
        [
            r"\bfrø",
            r"\bditt trekk\b",
            r"\bklassen er slutt\b",
            r"\bavslutt(et|a) klassen\b",
            r"datamaskinspel|datamaskinspill",
            r"\} unna\b",
        ]
    )
    found = [
        text
        for message in C.read_catalogue(language)
        if message.id
        for text in (message.string if isinstance(message.string, tuple) else (message.string,))
        if re.search(banned, text, re.IGNORECASE)
    ]
    assert not found, found[:5]


def test_an_exception_is_marked_in_the_po_and_holds_elsewhere():
    """The two messages about packs of 52 cards say «kortstokk», marked as exceptions; no other
    message may use «kortstokk» for the deck."""
    nb = C.read_catalogue("nb")
    marked = [m.id for m in nb if m.id and "deck" in exceptions(m)]
    assert "Decks" in marked
    for message in nb:
        if message.id and "kortstokk" in str(message.string).lower():
            assert "deck" in exceptions(message), message.id
