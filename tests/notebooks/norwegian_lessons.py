"""Checks shared by the tests of the lessons in bokmål and nynorsk (notebooks/README.md): where
a lesson is in each language, that it opens with the curriculum's competence aims, and that its
prose is written in its own standard (no bokmål words in nynorsk, and the other way round)."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

NOTEBOOKS = Path(__file__).resolve().parents[2] / "notebooks"
LANGUAGES = ("en", "nb", "nn")
#: The languages a lesson is *run* in (a kernel, every cell): English in every run, bokmål and
#: nynorsk marked ``slow``. A Norwegian lesson's code is the English code cell for cell (each
#: lesson's ``..._is_the_english_code_...`` test, in ``make test-fast`` too), so the inner loop
#: runs each lesson once; ``make test`` and CI run it in all three languages.
RUN_LANGUAGES = (
    "en",
    *(pytest.param(language, marks=pytest.mark.slow) for language in ("nb", "nn")),
)

#: Common words of one standard that the other writes differently (notes/norsk.md): a lesson in
#: the other standard must not use them in its prose.
ONLY_IN = {
    "nb": r"ikke jeg hva hvem hvor hvordan hvorfor hver hvert fra bare noe mye hvis dere "
    r"spillet spilleren spillerne sannsynlighet sannsynligheten kortene reglene",
    "nn": r"ikkje eg kva kven kvar korleis kvifor frå berre noko mykje dei dykk "
    r"spelet spelaren spelarane sannsyn sannsynet korta reglane",
}


def lesson(name: str, language: str) -> Path:
    """The lesson ``name`` (``"play.ipynb"``) in ``language``: the English one in notebooks/,
    the others in notebooks/<language>/."""
    return NOTEBOOKS / name if language == "en" else NOTEBOOKS / language / name


def markdown(path: Path) -> list[str]:
    """The notebook's markdown cells, in order."""
    cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
    return ["".join(c["source"]) for c in cells if c["cell_type"] == "markdown"]


def assert_opens_with_aims(text: str, years: dict[int, list[str]]) -> None:
    """``text`` (a lesson's first cell) names the LK20 aims under a heading, a list item for
    each year (``- **Etter 9. trinn:** …``) saying, among others, each phrase given for that
    year, and names the plan they come from (MAT01-05 or MAT01-06; year 10: MAT01-06)."""
    assert text.startswith("# "), text[:80]
    flat = " ".join(text.split())
    for part in ("### Kompetansemål", "LK20", "Matematikk 1–10"):
        assert part in flat, part
    if {8, 9} & set(years):  # MAT01-05, or MAT01-06 where a lesson quotes the revised plan
        assert "MAT01-05" in flat or "MAT01-06" in flat
    if 10 in years:
        assert "MAT01-06" in flat
    items = re.findall(r"^- \*\*Etter (\d+)\. trinn:\*\*(.*?)(?=^- |^$)", text, re.M | re.S)
    assert sorted(int(y) for y, _ in items) == sorted(years), items
    for year, said in items:
        flat_item = " ".join(said.split())
        for phrase in years[int(year)]:
            assert phrase in flat_item, (year, phrase)


def assert_written_in(texts: list[str], language: str) -> None:
    """No word of the other standard in ``texts`` (inline code, links and quotations marked as
    the other standard's, ``<span lang="nb">«…»</span>``, aside: the seed's own words)."""
    other = {"nb": "nn", "nn": "nb"}[language]
    words = ONLY_IN[other].split()
    for text in texts:
        prose = re.sub(
            r"`[^`]*`|<code>.*?</code>|\(https?:[^)]*\)|<span lang=\"n[bn]\">.*?</span>", " ", text
        )
        found = [w for w in words if re.search(rf"(?<![\w-]){w}(?![\w-])", prose, re.I)]
        assert not found, f"{other} words in {language}: {found}\n{text[:300]}"
