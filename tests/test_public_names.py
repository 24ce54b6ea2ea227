"""One rule for public names: every public module says what it offers, in ``__all__``.

A module is public if neither it nor a package above it starts with ``_`` (``__init__`` stands
for its package; ``__main__`` is not public). For each public module:

- it defines ``__all__``, and every name listed there exists in it (the package's lazy
  ``__getattr__`` answers for the names it imports on first use);
- every name another module of the package imports from it (``from .x import name``,
  ``from borsen_widget.x import name``, at the top or inside a function) is in its
  ``__all__``, unless the name is a submodule of a package.

Private names taken from another module are tests/test_structure.py's to refuse; they are left
out here.
"""

from __future__ import annotations

import ast
import importlib
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parents[1] / "borsen_widget"

#: Modules whose ``__all__`` is still short of names other modules import from them (their
#: owners are editing them). Strict: the test fails once they list every such name, so this
#: entry is dropped then.
PENDING: dict[str, str] = {}


def module_name(path: Path) -> str:
    parts = list(path.relative_to(PACKAGE.parent).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


MODULES = {module_name(p): p for p in sorted(PACKAGE.rglob("*.py"))}


def is_public(name: str) -> bool:
    return not any(part.startswith("_") for part in name.split("."))


PUBLIC = sorted(m for m in MODULES if is_public(m))


def imports_in(tree: ast.Module, package: str) -> list[tuple[str, str, int]]:
    """``(module imported from, name, line)`` for every ``from … import name`` in ``tree`` (a
    module of ``package``) whose module is one of the package's, relative or absolute, at any
    depth (inside a function too)."""
    found = []
    for node in ast.walk(tree):
        if not isinstance(node, ast.ImportFrom):
            continue
        if node.level:
            base = package.split(".")
            base = base[: len(base) - (node.level - 1)]
            target = ".".join(base + ([node.module] if node.module else []))
        else:
            target = node.module or ""
        if target in MODULES:
            found += [(target, alias.name, node.lineno) for alias in node.names]
    return found


def imported_names(name: str) -> list[tuple[str, str, int]]:
    path = MODULES[name]
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    return imports_in(ast.parse(path.read_text(encoding="utf-8")), package)


def importers() -> dict[str, dict[str, list[str]]]:
    """For each module: the names other modules of the package import from it, and where."""
    taken: dict[str, dict[str, list[str]]] = {}
    for name in MODULES:
        for target, imported, line in imported_names(name):
            if target == name or imported.startswith("_") or f"{target}.{imported}" in MODULES:
                continue  # itself, a private name (test_structure.py's), a submodule
            taken.setdefault(target, {}).setdefault(imported, []).append(f"{name}:{line}")
    return taken


IMPORTED = importers()


def load(name: str):
    """The module, or a skip if an optional dependency of it is not installed here."""
    try:
        return importlib.import_module(name)
    except ModuleNotFoundError as error:
        if (error.name or "").partition(".")[0] == "borsen_widget":
            raise
        pytest.skip(f"{name} needs {error.name}, not installed here")


def declared(name: str) -> list[str] | None:
    """The names of the module's ``__all__`` as written in its source (None: no ``__all__``)."""
    for node in ast.parse(MODULES[name].read_text(encoding="utf-8")).body:
        targets = node.targets if isinstance(node, ast.Assign) else [getattr(node, "target", None)]
        if any(isinstance(t, ast.Name) and t.id == "__all__" for t in targets):
            return [ast.literal_eval(e) for e in node.value.elts]
    return None


def test_the_modules_are_found():
    assert {"borsen_widget", "borsen_widget.engine.cards", "borsen_widget.sim.fastsim"} <= set(
        PUBLIC
    )
    assert "borsen_widget.__main__" in MODULES and "borsen_widget.__main__" not in PUBLIC


def test_the_imports_are_read_relative_absolute_and_inside_functions():
    code = (
        "from borsen_widget.engine.cards import Card\n"
        "from .errors import quote\n"
        "from . import words\n"
        "def f():\n"
        "    from ..sim.tables import Table\n"
        "import borsen_widget.engine.game\n"
        "from json import dumps\n"
    )
    found = {(t, n) for t, n, _ in imports_in(ast.parse(code), "borsen_widget.engine")}
    assert found == {
        ("borsen_widget.engine.cards", "Card"),
        ("borsen_widget.engine.errors", "quote"),
        ("borsen_widget.engine", "words"),
        ("borsen_widget.sim.tables", "Table"),
    }
    # In the package itself: one at a module's top, one inside a function.
    assert any(
        w.startswith("borsen_widget.engine.cards:")
        for w in IMPORTED["borsen_widget.engine.errors"]["quote"]
    )
    assert any(
        w.startswith("borsen_widget.classroom.tournament_show:")
        for w in IMPORTED["borsen_widget.sim.tournament"]["house_bots"]
    )
    # A submodule is not a name to list: `from ..engine import options` asks nothing of
    # borsen_widget.engine's __all__.
    assert "options" not in IMPORTED.get("borsen_widget.engine", {})


@pytest.mark.parametrize("name", PUBLIC)
def test_every_public_module_lists_its_names(name):
    names = declared(name)
    assert names is not None, f"{name} has no __all__"
    module = load(name)
    assert list(module.__all__) == names
    assert len(set(names)) == len(names), f"{name}.__all__ lists a name twice"
    missing = [n for n in names if not hasattr(module, n)]
    assert not missing, f"{name}.__all__ lists names it does not have: {missing}"


def pending(name: str):
    if name not in PENDING:
        return name
    return pytest.param(name, marks=pytest.mark.xfail(strict=True, reason=PENDING[name]))


@pytest.mark.parametrize("name", [pending(n) for n in PUBLIC])
def test_what_other_modules_import_is_in_all(name):
    names = set(declared(name) or ())
    outside = {n: where for n, where in IMPORTED.get(name, {}).items() if n not in names}
    assert not outside, f"{name}.__all__ lacks names other modules import from it:\n" + "\n".join(
        f"  {n} (imported by {', '.join(where)})" for n, where in sorted(outside.items())
    )
