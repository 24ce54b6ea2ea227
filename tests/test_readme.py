"""The README: short, its Python example runs as written, and every link into the repository
(the documentation's pages, the changelog, the picture) points at a file that exists. The
examples that were in the README live in the documentation's pages now and run there
(tests/docs/test_docs_examples.py)."""

from __future__ import annotations

import re
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
README = REPO / "README.md"


def test_the_readme_is_short_and_keeps_the_two_commands():
    text = README.read_text(encoding="utf-8")
    assert len(text.splitlines()) <= 120
    assert "## Two commands for a fresh Linux machine" in text
    assert "make lab" in text and "make test" in text
    assert "pip install borsen_widget" in text
    # What the two commands say is true: the Makefile has both, and make test builds the site.
    makefile = (REPO / "Makefile").read_text(encoding="utf-8")
    assert re.search(r"^lab: ", makefile, re.M)
    assert re.search(r"^test:", makefile, re.M)
    assert re.search(r"^\t\$\(MAKE\) .*\btest-ready\b", makefile, re.M)  # made first, then pytest
    assert re.search(r"^test-ready: .*\bdocs\b", makefile, re.M)


def test_every_link_into_the_repository_exists():
    text = README.read_text(encoding="utf-8")
    links = [link for link in re.findall(r"\]\(([^)\s]+)\)", text) if "://" not in link]
    assert len(links) >= 10
    for link in links:
        assert (REPO / link.split("#")[0]).is_file(), link


def test_the_readme_example_runs():
    blocks = re.findall(r"```python\n(.*?)```", README.read_text(encoding="utf-8"), re.S)
    assert blocks
    namespace: dict = {}
    for number, block in enumerate(blocks):
        exec(compile(block, f"README.md, block {number}", "exec"), namespace)
    assert namespace["w"].game.rules.players == 3
