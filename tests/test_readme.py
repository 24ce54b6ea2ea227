"""The README's Python examples run as written, top to bottom, in one namespace (as a reader
pasting them into one notebook would)."""

from __future__ import annotations

import asyncio
import re
from pathlib import Path

import pytest

from borsen_widget import set_language

README = Path(__file__).resolve().parents[1] / "README.md"


@pytest.fixture
def no_language_left_chosen():
    """The README's Norwegian example chooses bokmål for the whole process: after the test
    none is chosen again, as at the start, so the tests run after it in the same worker speak
    as they expect."""
    yield
    set_language(None)


def test_the_readme_examples_run(monkeypatch, tmp_path, no_language_left_chosen):
    monkeypatch.chdir(tmp_path)  # the lesson's record and its CSV are written here
    blocks = re.findall(r"```python\n(.*?)```", README.read_text(encoding="utf-8"), re.S)
    assert len(blocks) >= 5
    namespace: dict = {}
    for number, block in enumerate(blocks):
        code = compile(block, f"README.md, block {number}", "exec")
        try:
            if ".classroom(" in block:
                # A class serves from a running event loop, as in a notebook's kernel.
                async def in_a_loop(code=code):
                    exec(code, namespace)

                asyncio.run(in_a_loop())
            else:
                exec(code, namespace)
        except Exception as error:  # name the block that failed
            raise AssertionError(f"README block {number} failed: {error!r}\n{block}") from error
    assert namespace["game"].pile  # the teaching block's game has drawn
