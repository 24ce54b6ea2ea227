"""The game's own words (``borsen_widget/locale/glossary.tsv``): where a message's English uses
a glossary term, its bokmål and nynorsk use the glossary's term (the deck is *børsen*, listing
an ace *børsnotere*), unless a translator comment on the message says
``glossary-exception: <term>``."""

from __future__ import annotations

import csv
import re
from pathlib import Path

import pytest

pytest.importorskip("babel")

from catalogue_tools import load_script

C = load_script()
GLOSSARY = Path(__file__).resolve().parents[2] / "borsen_widget" / "locale" / "glossary.tsv"


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
        for key in ("en_pattern", "nb_pattern", "nn_pattern"):
            re.compile(row[key])


@pytest.mark.parametrize("language", ["nb", "nn"])
def test_the_catalogues_use_the_glossarys_words(language):
    wrong = []
    for message in C.read_catalogue(language):
        if not message.id:
            continue
        sources = message.id if isinstance(message.id, tuple) else (message.id,)
        texts = message.string if isinstance(message.string, tuple) else (message.string,)
        skip = exceptions(message)
        for row in glossary():
            if row["en"].lower() in skip:
                continue
            if not any(re.search(row["en_pattern"], s, re.IGNORECASE) for s in sources):
                continue
            for text in texts:
                if not re.search(row[f"{language}_pattern"], text, re.IGNORECASE):
                    wrong.append(f"{row['en']!r} → {row[language]!r}: {sources[0]!r} = {text!r}")
    assert not wrong, "\n".join(wrong[:20])


def test_an_exception_is_marked_in_the_po_and_holds_elsewhere():
    """The two messages about packs of 52 cards say «kortstokk», marked as exceptions; no other
    message may use «kortstokk» for the deck."""
    nb = C.read_catalogue("nb")
    marked = [m.id for m in nb if m.id and "deck" in exceptions(m)]
    assert "Decks" in marked
    for message in nb:
        if message.id and "kortstokk" in str(message.string).lower():
            assert "deck" in exceptions(message), message.id
