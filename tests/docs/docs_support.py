"""What the documentation's tests share: where the site is built and its languages."""

from __future__ import annotations

from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
SITE = REPO / "build" / "docs" / "site"
PLAY_SCRIPT = REPO / "scripts" / "build_play.py"
#: The site's languages, bokmål first (the root sends a visitor there).
LANGUAGES = ("nb", "nn", "en")
