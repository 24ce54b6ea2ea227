"""Every Python example of the documentation's pages runs as written: each page's ```python
blocks top to bottom in one namespace of their own (as a reader pasting them into one notebook
would). These are the examples the README held before it shrank (they moved to the reference
pages, docs/shared/), and the teacher's guide's."""

from __future__ import annotations

import asyncio
import re
from pathlib import Path

import pytest

from borsen_widget import set_language

DOCS = Path(__file__).resolve().parents[2] / "docs"
PAGES = sorted(p for p in DOCS.rglob("*.md") if "node_modules" not in p.parts)
BLOCK = re.compile(r"```python\n(.*?)```", re.S)


def blocks_of(page: Path) -> list[str]:
    return BLOCK.findall(page.read_text(encoding="utf-8"))


WITH_EXAMPLES = [p for p in PAGES if blocks_of(p)]


@pytest.fixture
def no_language_left_chosen():
    """An example may choose bokmål for the whole process (set_language): after the test none
    is chosen again, so the tests run after it in the same worker speak as they expect."""
    yield
    set_language(None)


def test_the_examples_that_left_the_readme_are_all_here():
    names = {p.relative_to(DOCS).as_posix() for p in WITH_EXAMPLES}
    for page in ("python", "widget", "simulate", "teaching", "classroom", "agents"):
        assert f"shared/reference/{page}.md" in names, page
    assert "shared/league.md" in names
    assert sum(len(blocks_of(p)) for p in WITH_EXAMPLES) >= 13  # the README had 13


@pytest.mark.parametrize("page", WITH_EXAMPLES, ids=lambda p: p.relative_to(DOCS).as_posix())
def test_the_examples_run(page, monkeypatch, tmp_path, no_language_left_chosen):
    monkeypatch.chdir(tmp_path)  # a lesson's record and its CSV are written here
    namespace: dict = {}
    for number, block in enumerate(blocks_of(page)):
        code = compile(block, f"{page.relative_to(DOCS)}, block {number}", "exec")
        try:
            if ".classroom(" in block:
                # A class serves from a running event loop, as in a notebook's kernel.
                async def in_a_loop(code=code):
                    exec(code, namespace)

                asyncio.run(in_a_loop())
            else:
                exec(code, namespace)
        except Exception as error:  # name the block that failed
            failed = f"{page.name} block {number} failed: {error!r}\n{block}"
            raise AssertionError(failed) from error
    assert namespace
