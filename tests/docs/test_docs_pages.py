"""The pages for teachers and students exist in bokmål, nynorsk and English and say what they
must: the rules R1–R16 (and R14a) with every option of ``Rules`` in each language, in the
game's own words (borsen_widget/locale/glossary.tsv: børsen, bunken, banken, børsnotere, …);
the guide and the networks page with the facts a teacher needs. (That the nynorsk pages are in
the nynorsk catalogue's forms: tests/notebooks/test_nynorsk_forms.py.)"""

from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest

from borsen_widget.engine.options import OPTIONS

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "notebooks"))
from norwegian_lessons import assert_written_in

DOCS = Path(__file__).resolve().parents[2] / "docs"
RULES = {"en": DOCS / "rules.md", "nb": DOCS / "nb" / "rules.md", "nn": DOCS / "nn" / "rules.md"}
RULE_NUMBERS = [*(f"R{n}" for n in range(1, 15)), "R14a", "R15", "R16"]

#: The glossary's words each Norwegian rules page uses (the seed's own).
GAME_WORDS = ["børsen", "bunken", "banken", "børsnotere", "nestemann", "godkjent", "satse v"]


def prose(path: Path) -> str:
    """The page without code, quotes (the original rules are quoted in bokmål) and links."""
    text = path.read_text(encoding="utf-8")
    text = re.sub(r"```.*?```", "", text, flags=re.S)
    text = re.sub(r"`[^`]*`", "", text)
    text = "\n".join(line for line in text.splitlines() if not line.startswith(">"))
    return re.sub(r"\]\([^)]*\)|<a [^>]*>", "", text)


@pytest.mark.parametrize("language", ["en", "nb", "nn"])
def test_the_rules_are_numbered_with_every_option(language):
    text = RULES[language].read_text(encoding="utf-8")
    rows = re.findall(r"^\| (R\d+a?) \|", text, re.M)
    assert rows == RULE_NUMBERS
    for option in OPTIONS:
        if option.name not in ("accept_rule", "loot_rule"):
            assert f"`{option.name}=" in text or f"`{option.name}`" in text, option.name
    assert "accept_rule(card, below)" in text and "loot_rule(ace, bank)" in text
    assert text.count("**E") >= 11  # the worked examples E1–E10 and E6b


@pytest.mark.parametrize("language", ["nb", "nn"])
def test_the_norwegian_rules_use_the_games_words(language):
    text = prose(RULES[language]).lower()
    for word in GAME_WORDS:
        assert word in text, word
    # The original is quoted as it was written.
    seed = RULES[language].read_text(encoding="utf-8")
    assert "> Den med flest kort til slutt vinner." in seed


@pytest.mark.parametrize(
    "page", sorted((DOCS / "nb").rglob("*.md")), ids=lambda p: p.relative_to(DOCS).as_posix()
)
def test_the_bokmal_pages_have_no_nynorsk_word(page):
    """As the bokmål lessons (tests/notebooks/norwegian_lessons.py); the other way round, the
    nynorsk pages: tests/notebooks/test_nynorsk_forms.py."""
    assert_written_in([prose(page)], "nb")


@pytest.mark.parametrize("language", ["en", "nb", "nn"])
def test_the_guide_and_the_networks_page_say_what_a_teacher_needs(language):
    guide = (DOCS / language / "guide.md").read_text(encoding="utf-8")
    for fact in (
        "room.ask(",
        "room.reveal()",
        "room.lock()",
        "room.remove(",
        "S01",
        "names=True",
        "room.projector_url",
        "resume=",
        "100 × max(0, 1 − |a − p| / s)",  # the scoring rule (issue 31)
        "excel=True",
        "BINDER_URL",  # the Binder link (issue 30: the README and the guide carry it)
    ):
        assert fact in guide, (language, fact)
    networks = (DOCS / language / "networks.md").read_text(encoding="utf-8")
    for fact in ("/borsen/class/", "BINDER_URL", "48470", "../play/index.html", "JupyterHub"):
        assert fact in networks, (language, fact)
