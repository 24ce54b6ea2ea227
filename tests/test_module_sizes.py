"""Issue 20: small modules named for what they hold. A module of more than 500 lines says at
its top why it is one module ("Why one module of this size: ..."); the rooms that were split
by job (the simulator's and the classroom's) stay under about 400 lines a file."""

from __future__ import annotations

import ast
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[1] / "borsen_widget"
LIMIT = 500
REASON = "Why one module of this size:"
SPLIT_BY_JOB = ("sim", "classroom")


def modules():
    return sorted(PACKAGE.rglob("*.py"))


def test_a_long_module_says_why_it_is_one_module():
    long = []
    for path in modules():
        lines = path.read_text(encoding="utf-8").count("\n")
        if lines > LIMIT:
            doc = ast.get_docstring(ast.parse(path.read_text(encoding="utf-8"))) or ""
            if REASON not in doc:
                long.append(f"{path.relative_to(PACKAGE)} ({lines} lines)")
    assert not long, f"over {LIMIT} lines without a reason at the top: {', '.join(long)}"


def test_the_rooms_split_by_job_stay_small():
    for folder in SPLIT_BY_JOB:
        for path in sorted((PACKAGE / folder).glob("*.py")):
            text = path.read_text(encoding="utf-8")
            if REASON in (ast.get_docstring(ast.parse(text)) or ""):
                continue  # one module on purpose (fastsim's loop, the charts' one format)
            lines = text.count("\n")
            assert lines <= 420, f"{path.relative_to(PACKAGE)} has {lines} lines"
