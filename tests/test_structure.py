"""The package's shape: layers you can see in the folders, no import circles, no private names
taken from another module.

Every import statement of every module is read (those inside functions too, and modules named
to ``importlib.import_module``, also through a table of names as the package's lazy
``__getattr__`` keeps them), so a lazy import cannot hide a circle or a step up the layers:
there is no exception to either rule.
"""

from __future__ import annotations

import ast
import fnmatch
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parents[1] / "borsen_widget"

#: The layers, bottom first: a module may import its own layer and the layers below it.
LAYERS = ("i18n", "engine", "analysis", "play", "sim", "classroom", "jupyter", "envs", "server")
#: The package's front door and ``python -m borsen_widget``: above every layer.
FACADES = {"borsen_widget", "borsen_widget.__main__"}


def module_name(path: Path) -> str:
    parts = list(path.relative_to(PACKAGE.parent).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


MODULES = {module_name(p): p for p in sorted(PACKAGE.rglob("*.py"))}


def imports_of(name: str) -> list[tuple[str, list[str], int]]:
    """(imported module, names imported from it, line) for every import in module ``name``."""
    path = MODULES[name]
    tree = ast.parse(path.read_text(encoding="utf-8"))
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found = []
    # Modules named by a string of this module ("borsen_widget.x" or ".x"), in case one is
    # handed to import_module through a variable (a lazy __getattr__'s table).
    named = {
        (node.value if not node.value.startswith(".") else package + node.value, node.lineno)
        for node in ast.walk(tree)
        if isinstance(node, ast.Constant)
        and isinstance(node.value, str)
        and (node.value.startswith(".") or node.value.startswith("borsen_widget."))
        and (node.value if not node.value.startswith(".") else package + node.value) in MODULES
    }
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found += [(alias.name, [], node.lineno) for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")
                base = base[: len(base) - (node.level - 1)]
                target = ".".join(base + ([node.module] if node.module else []))
            else:
                target = node.module or ""
            names = [alias.name for alias in node.names]
            # `from . import analysis` imports a module, not a name.
            modules = [f"{target}.{n}" for n in names if f"{target}.{n}" in MODULES]
            found += [(m, [], node.lineno) for m in modules]
            rest = [n for n in names if f"{target}.{n}" not in MODULES]
            if rest or not modules:
                found.append((target, rest, node.lineno))
        elif (
            isinstance(node, ast.Call)
            and getattr(node.func, "attr", None) == "import_module"
            and node.args
        ):
            if isinstance(node.args[0], ast.Constant):
                target = node.args[0].value
                if target.startswith("."):
                    target = package + target
                found.append((target, [], node.lineno))
            else:  # a name from a table: every module this module names may be imported
                found += [(target, [], line) for target, line in sorted(named)]
    return [(t, n, line) for t, n, line in found if t.startswith("borsen_widget")]


def owner(module: str) -> str:
    """The module that ``module`` names, or the package it is in if it is not a module."""
    while module not in MODULES:
        module = module.rpartition(".")[0]
    return module


EDGES = {
    name: {(owner(target), tuple(names), line) for target, names, line in imports_of(name)}
    for name in MODULES
}


def layer(module: str) -> str | None:
    parts = module.split(".")
    return parts[1] if len(parts) > 1 and parts[1] in LAYERS else None


def test_every_module_is_in_a_layer_or_a_facade():
    loose = [m for m in MODULES if layer(m) is None and m not in FACADES]
    assert not loose, f"modules outside the layers' folders: {loose}"


def test_no_layer_imports_one_above_it():
    wrong = []
    for name, edges in EDGES.items():
        here = layer(name)
        if here is None:
            continue
        for target, _, line in edges:
            there = layer(target)
            if target in FACADES or (
                there is not None and LAYERS.index(there) > LAYERS.index(here)
            ):
                wrong.append(f"{name}:{line} imports {target}")
    assert not wrong, "\n".join(wrong)


def test_there_is_no_import_circle():
    graph = {name: {t for t, _, _ in edges if t != name} for name, edges in EDGES.items()}
    # A package's __init__ re-exports its modules: the edge from a module to its own package
    # would close a loop that Python resolves, so a module may not import its own package.
    circles = []
    for start in graph:
        stack = [(start, [start])]
        seen = set()
        while stack:
            node, path = stack.pop()
            for nxt in graph.get(node, ()):
                if nxt == start:
                    circles.append(" -> ".join([*path, nxt]))
                elif nxt not in seen:
                    seen.add(nxt)
                    stack.append((nxt, [*path, nxt]))
    assert not circles, "import circles:\n" + "\n".join(sorted(set(circles))[:10])


def test_lazy_imports_are_read_too():
    """The edges above include imports inside functions and the package's lazy table (its
    ``__getattr__``), so the circle and layer tests see every import, made now or later."""
    assert {"borsen_widget.sim.simulate", "borsen_widget.jupyter.widget"} <= {
        target for target, _, _ in EDGES["borsen_widget"]
    }
    assert "borsen_widget.sim.fastsim" in {
        target for target, _, _ in EDGES["borsen_widget.sim.dispatch"]
    }


def test_no_module_imports_another_modules_private_names():
    taken = [
        f"{name}:{line} imports {n} from {target}"
        for name, edges in EDGES.items()
        for target, names, line in edges
        for n in names
        if n.startswith("_") and not n.startswith("__") and target != name
    ]
    assert not taken, "\n".join(taken)


def private_names_defined(tree: ast.Module) -> set[str]:
    """The private names a module defines: functions, classes, attributes set on anything."""
    names = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
            names.add(node.name)
        elif isinstance(node, ast.Attribute) and isinstance(node.ctx, ast.Store):
            names.add(node.attr)
        elif isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store):
            names.add(node.id)
        elif isinstance(node, ast.Constant) and isinstance(node.value, str):
            names.add(node.value)  # __slots__ entries and setattr names
    return {n for n in names if n.startswith("_")}


@pytest.mark.parametrize("name", sorted(MODULES))
def test_no_module_reaches_into_another_modules_private_attributes(name):
    """``obj._x`` is read only where ``_x`` is made: another module's privates stay theirs."""
    tree = ast.parse(MODULES[name].read_text(encoding="utf-8"))
    own = private_names_defined(tree)
    reached = sorted(
        {
            f"line {node.lineno}: .{node.attr}"
            for node in ast.walk(tree)
            if isinstance(node, ast.Attribute)
            and node.attr.startswith("_")
            and not node.attr.startswith("__")
            and node.attr not in own
        }
    )
    assert not reached, f"{name} reads private attributes defined elsewhere: {reached}"


def test_every_test_folder_is_collected(pytestconfig):
    """pytest skips folders matching ``norecursedirs`` (its default holds ``build``, ``dist``,
    ``venv``, …) without a word: a test folder of such a name would never run. Each folder
    below tests/ that holds tests must be one pytest walks into."""
    patterns = pytestconfig.getini("norecursedirs")
    tests = Path(__file__).resolve().parent
    folders = {p.parent for p in tests.rglob("test_*.py")} - {tests}
    skipped = sorted(
        str(folder.relative_to(tests))
        for folder in folders
        for part in folder.relative_to(tests).parts
        if any(fnmatch.fnmatch(part, pattern) for pattern in patterns)
    )
    assert not skipped, f"pytest never collects these test folders (norecursedirs): {skipped}"
