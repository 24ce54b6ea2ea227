"""Issue 31: a Norwegian lesson prints its numbers the Norwegian way (``0,5``, not ``0.5``).

Python's own formatting writes a decimal point whatever the language, so a bokmål or nynorsk
lesson's code cells must pass every decimal they show through the package's number formatting
(``borsen_widget.i18n.format_number`` / ``format_percent``, which follow the notebook's language).
This test reads the code of every nb and nn lesson and fails on the ways a decimal point slips
into a printed sentence, a chart's label or a table's cell: a float format spec in an f-string
(``{x:.3f}``, ``{x:.1%}``, ``format(x, ".2f")``, ``"%.2f" % x``), ``round(x, n)`` with decimals,
and ``float(...)`` printed as it is."""

from __future__ import annotations

import ast
import json
import re

import pytest
from norwegian_lessons import NOTEBOOKS

#: A format spec that writes a decimal point: fixed, exponent, general or percent, with or
#: without a precision (``.3f``, ``,.2f``, ``%``, ``>8.1f``).
FLOAT_SPEC = re.compile(r"[eEfFgG%]$")
PERCENT_STYLE = re.compile(r"%[-+ #0]*\d*\.\d*[eEfFgG]")

LESSONS = sorted(p for language in ("nb", "nn") for p in (NOTEBOOKS / language).glob("*.ipynb"))


def _code_cells(path):
    cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
    for number, cell in enumerate(cells):
        if cell["cell_type"] == "code":
            source = "".join(cell["source"])
            lines = [line for line in source.splitlines() if not line.lstrip().startswith("%")]
            yield number, "\n".join(lines)


def _spec_text(spec: ast.JoinedStr) -> str:
    return "".join(v.value for v in spec.values if isinstance(v, ast.Constant))


def decimal_points(source: str) -> list[str]:
    """Where ``source`` (a cell's code) formats a decimal with Python's own point."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.FormattedValue) and node.format_spec is not None:
            spec = _spec_text(node.format_spec)
            if FLOAT_SPEC.search(spec):
                found.append(f"{{{ast.unparse(node.value)}:{spec}}}")
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Name):
            name, args = node.func.id, node.args
            if name == "round" and len(args) == 2:
                found.append(ast.unparse(node))
            elif name == "format" and len(args) == 2 and isinstance(args[1], ast.Constant):
                if FLOAT_SPEC.search(str(args[1].value)):
                    found.append(ast.unparse(node))
            elif name == "print":
                found += [
                    ast.unparse(a)
                    for a in args
                    if isinstance(a, ast.Call) and getattr(a.func, "id", "") == "float"
                ]
        elif isinstance(node, ast.BinOp) and isinstance(node.op, ast.Mod):
            if isinstance(node.left, ast.Constant) and isinstance(node.left.value, str):
                if PERCENT_STYLE.search(node.left.value):
                    found.append(ast.unparse(node))
    return found


@pytest.mark.parametrize("path", LESSONS, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_a_norwegian_lesson_formats_its_decimals_in_its_language(path):
    """No float format spec, ``round(x, n)`` or printed ``float(...)`` in an nb/nn lesson's
    code: each decimal it shows goes through format_number / format_percent (issue 31)."""
    bad = {number: hits for number, source in _code_cells(path) if (hits := decimal_points(source))}
    assert not bad, f"{path.name}: decimals with a point (use format_number): {bad}"


def test_the_check_finds_each_way_a_point_slips_in():
    """The scanner itself: each form is caught, and the formatter's own calls are not."""
    caught = [
        'print(f"{x:.4f}")',
        'label = f"best = {best:>8.3f}"',
        'print(f"{share:.1%}")',
        "values = {k: round(float(v), 3) for k, v in d.items()}",
        'print("p =", float(p))',
        'print(format(x, ".2f"))',
        'print("%.2f s" % seconds)',
    ]
    for source in caught:
        assert decimal_points(source), source
    fine = [
        'print(f"{format_number(x, max_digits=4)}")',
        'print(f"{n:>3}: {name:<5} {count:,}")',
        "print(round(seconds))",
        'print("P =", p, "=", format_number(p))',
    ]
    for source in fine:
        assert not decimal_points(source), source
    assert len(LESSONS) >= 14  # seven lessons in each of nb and nn
