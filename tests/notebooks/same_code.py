"""The code of a translated notebook is the English notebook's code (notebooks/README.md):
comments and string literals aside, its code cells are token for token the same, cell for cell;
the translation adds one cell, the first code cell, which sets the notebook's language."""

from __future__ import annotations

import ast
import io
import json
import tokenize
from pathlib import Path

#: Tokens a translation may change: what a person reads (comments, the text of strings).
_TEXT = {tokenize.COMMENT, tokenize.STRING, tokenize.NL, tokenize.NEWLINE}
_TEXT |= {getattr(tokenize, "FSTRING_MIDDLE", tokenize.STRING)}


def code_shape(source: str) -> list[str]:
    """The tokens of a cell's code, with each string's text and each comment left out (an
    f-string keeps its ``{expressions}``; a line ``%pip ...`` of IPython is kept as it is)."""
    lines = source.splitlines(keepends=True)
    magics = [line.strip() for line in lines if line.lstrip().startswith(("%", "!"))]
    code = "".join(line for line in lines if not line.lstrip().startswith(("%", "!")))
    shape = []
    for token in tokenize.generate_tokens(io.StringIO(code).readline):
        if token.type == tokenize.STRING:
            shape += ["<text>", *_expressions(token.string)]
        elif token.type in _TEXT:
            continue
        elif token.type not in (tokenize.INDENT, tokenize.DEDENT, tokenize.ENDMARKER):
            shape.append(token.string)
    return magics + [t for t in shape if t]


def _expressions(literal: str) -> list[str]:
    """The ``{expressions}`` of an f-string literal (their format specs are text: a translation
    may pad a column differently)."""
    try:
        tree = ast.parse(literal.strip(), mode="eval").body
    except SyntaxError:
        return []
    if not isinstance(tree, ast.JoinedStr):
        return []
    return [ast.unparse(v.value) for v in tree.values if isinstance(v, ast.FormattedValue)]


def code_cells(path: Path) -> list[dict]:
    notebook = json.loads(Path(path).read_text(encoding="utf-8"))
    cells = [c for c in notebook["cells"] if c["cell_type"] == "code"]
    for cell in cells:
        if isinstance(cell["source"], list):
            cell["source"] = "".join(cell["source"])
    return cells


def language_cell(cell: dict) -> str | None:
    """The language a cell tagged ``language`` sets (``borsen_widget.set_language("nb")``)."""
    if "language" not in cell.get("metadata", {}).get("tags", []):
        return None
    for token in tokenize.generate_tokens(io.StringIO(cell["source"]).readline):
        if token.type == tokenize.STRING:
            return token.string.strip("\"'")
    return None


def assert_same_code(english: Path, translated: Path, language: str) -> None:
    """``translated`` is ``english`` with its text translated: its first code cell sets
    ``language``; every other code cell, in order, has the English cell's code."""
    theirs = code_cells(translated)
    assert theirs, translated
    first = language_cell(theirs[0])
    assert first == language, f"{translated}: the first code cell sets {first}, not {language}"
    ours = code_cells(english)
    assert len(theirs) - 1 == len(ours), (
        f"{translated}: {len(theirs) - 1} code cells besides the language's, {len(ours)} in English"
    )
    for number, (en, tr) in enumerate(zip(ours, theirs[1:], strict=True), start=1):
        assert code_shape(tr["source"]) == code_shape(en["source"]), (
            f"{translated.name}, code cell {number} differs from the English notebook's:\n"
            f"{tr['source']}"
        )
        assert tr.get("metadata", {}).get("tags", []) == en.get("metadata", {}).get("tags", [])
