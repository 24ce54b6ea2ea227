"""Every text the front end writes through the catalogues reaches them.

Babel's JavaScript extractor misses a call written inside a template literal's ``${...}``
(found while translating the phones' page); such a message would silently show in English.
This test reads every ``t("...")``, ``tn("...", ...)``, ``tp("ctx", "...")`` and ``tnp`` call
in ``js/src`` and ``js/play`` (the play page) with its own simple reader and fails on any message
the shipped catalogues do not hold, naming the file, so a call Babel cannot see is found."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
# The widgets' front end, and the play page's (js/play: scripts/build_play.py).
SOURCES = sorted((ROOT / "js" / "src").glob("*.js")) + sorted((ROOT / "js" / "play").glob("*.js"))
CATALOGUE = ROOT / "borsen_widget" / "locale" / "{}" / "LC_MESSAGES" / "borsen_widget.json"
PART = r'"(?:[^"\\]|\\.)*"'
# A message may be written as literals joined by + (Babel joins them too).
STRING = r"(" + PART + r"(?:\s*\+\s*" + PART + r")*)"
CALLS = {
    "t": re.compile(r"(?<![\w$])t\(\s*" + STRING),
    "tn": re.compile(r"(?<![\w$])tn\(\s*" + STRING),
    "tp": re.compile(r"(?<![\w$])tp\(\s*" + STRING + r"\s*,\s*" + STRING),
    "tnp": re.compile(r"(?<![\w$])tnp\(\s*" + STRING + r"\s*,\s*" + STRING),
}


def calls() -> list[tuple[str, str]]:
    found = []
    for path in SOURCES:
        if path.name == "i18n.js":  # the translator itself: its examples are no messages
            continue
        # Comments name t("...") in prose: read the code only.
        text = re.sub(r"/\*.*?\*/", "", path.read_text(encoding="utf-8"), flags=re.S)
        text = re.sub(r"^\s*//.*$", "", text, flags=re.M)
        for kind, pattern in CALLS.items():
            for match in pattern.finditer(text):
                groups = [_joined(g) for g in match.groups()]
                key = groups[0] if kind in ("t", "tn") else f"{groups[0]}\u0004{groups[1]}"
                found.append((path.name, key))
    return found


def _joined(literals: str) -> str:
    """``"a" + "b"`` → ``ab``."""
    return "".join(json.loads(part) for part in re.findall(PART, literals))


def test_the_front_end_uses_the_catalogues():
    assert len(calls()) > 50, "the front end should write its texts through t()/tn()/tp()"


@pytest.mark.parametrize("language", ["en", "nb", "nn"])
def test_every_front_end_message_is_in_the_shipped_catalogue(language):
    shipped = json.loads(Path(str(CATALOGUE).format(language)).read_text(encoding="utf-8"))
    missing = sorted({f"{name}: {key!r}" for name, key in calls() if key not in shipped})
    assert not missing, f"front-end messages the {language} catalogue lacks: {missing[:10]}"
