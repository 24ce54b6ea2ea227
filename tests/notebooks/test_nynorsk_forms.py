"""Issue 31's nynorsk findings, for every nynorsk text a teacher reads beside the widget: each
lesson of ``notebooks/nn/`` (its prose, and the comments and strings of its code) and each page
of ``docs/nn/`` uses the forms the nynorsk catalogue uses (*vorte*, *òg*, *verdt*, *ei
turnering*, *ukjend* …: ``BOKMAL_IN_NYNORSK`` in tests/i18n/catalogue_tools.py), never a bokmål
form or the other form of an allowed pair. The seed's own words are bokmål and are quoted as
they stand: a blockquote (``> …``) and ``<span lang="nb">…</span>`` are left out.

*spela* is both «the games» (the noun, right) and the participle *played* (the catalogue writes
*spelt*, *spelte*): only the participle is refused, by the words around it."""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO / "tests" / "i18n"))
from catalogue_tools import bokmal_forms  # noqa: E402

TEXTS = sorted(
    [*(REPO / "notebooks" / "nn").glob("*.ipynb"), *(REPO / "docs" / "nn").rglob("*.md")]
)
#: *spela* as the participle: «blir spela», «vart spela», «spela av/på …».
PARTICIPLE = re.compile(
    r"\b(?:blir|bli|vart|vert)\s+(?:\w+\s+){0,2}?spela\b|\bspela\s+(?:av|på)\b", re.I
)


def nynorsk_of(path: Path) -> list[str]:
    """The texts of ``path`` a reader sees in nynorsk: every cell of a notebook, a page whole;
    the seed's bokmål quotations taken out."""
    if path.suffix == ".ipynb":
        cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
        texts = ["".join(cell["source"]) for cell in cells]
    else:
        texts = [path.read_text(encoding="utf-8")]
    return [
        re.sub(r'<span lang="nb">.*?</span>|^>.*$', " ", text, flags=re.M | re.S) for text in texts
    ]


def wrong_forms(text: str) -> list[str]:
    found = [form for form in bokmal_forms(text) if form != "spela"]
    return found + [m.group(0) for m in PARTICIPLE.finditer(text)]


def test_the_check_finds_a_participle_and_leaves_the_noun():
    assert wrong_forms("kvart spel blir spela av motoren") == ["blir spela"]
    assert wrong_forms("kvart spel spela av motoren") == ["spela av"]
    assert wrong_forms("Spela er like lange; det er delen av spela han vann") == []
    assert wrong_forms("dei har blitt med, og det stemmer også") == [
        "blitt",
        "stemme|stemmen|stemmer",
        "også",
    ]


@pytest.mark.parametrize("path", TEXTS, ids=lambda p: str(p.relative_to(REPO)))
def test_nynorsk_texts_use_the_catalogues_forms(path):
    found = [(form, text[:120]) for text in nynorsk_of(path) for form in wrong_forms(text)]
    assert not found, found
