"""The tests' own shape: they mirror the package, and a test module takes its helpers from a
support module, never from another test module.

- Each folder of the package (``borsen_widget/<layer>/``) has its tests in ``tests/<layer>/``;
  every other test folder is one of :data:`NOT_LAYERS` (end-to-end runs, the documentation, the
  notebooks, the packaging), named here so that a misnamed folder is seen.
- No module under tests/ imports a ``test_*`` module (at its top, inside a function, or through
  ``importlib``): a helper two test modules share lives in ``tests/support/``, ``helpers.py`` or
  a folder's own support module, so that a test module can move, be renamed or be run alone.
- The test folders are not packages (no ``__init__.py``): pytest imports each module by its
  file's name, with its folder on ``sys.path``, so two modules of one name in two folders would
  be one module. Every such name is unique.
"""

from __future__ import annotations

import ast
from pathlib import Path

TESTS = Path(__file__).resolve().parent
PACKAGE = TESTS.parent / "borsen_widget"

#: The test folders that mirror no folder of the package, and what each holds.
NOT_LAYERS = {
    "browser": "end to end in JupyterLab and Chromium",
    "hub": "a class through JupyterHub and behind a reverse proxy",
    "docs": "the documentation site and its examples",
    "notebooks": "the lessons and notebooks, run",
    "packaging": "the wheel, the sdist and the offline site",
    "support": "helpers shared by the test modules of several folders (a package, no tests)",
}


def python_files() -> list[Path]:
    return sorted(p for p in TESTS.rglob("*.py") if "node_modules" not in p.parts)


TEST_MODULES = {p.stem: p for p in python_files() if p.name.startswith("test_")}


def imported_modules(tree: ast.Module) -> list[tuple[str, int]]:
    """Every module the code names to import: ``import x``, ``from x import y`` (anywhere in the
    module) and ``importlib.import_module("x")`` / ``__import__("x")`` with a literal name."""
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found += [(alias.name, node.lineno) for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            found.append((node.module, node.lineno))
        elif (
            isinstance(node, ast.Call)
            and (getattr(node.func, "attr", None) or getattr(node.func, "id", None))
            in ("import_module", "__import__")
            and node.args
            and isinstance(node.args[0], ast.Constant)
            and isinstance(node.args[0].value, str)
        ):
            found.append((node.args[0].value, node.lineno))
    return found


def test_no_module_of_the_tests_imports_a_test_module():
    wrong = []
    for path in python_files():
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for name, line in imported_modules(tree):
            if any(part in TEST_MODULES for part in name.split(".")):
                wrong.append(f"{path.relative_to(TESTS)}:{line} imports {name}")
    assert not wrong, (
        "test modules import helpers only from support modules (tests/support/, helpers.py, "
        "a folder's *_support.py):\n" + "\n".join(wrong)
    )


def test_the_check_sees_every_kind_of_import():
    tree = ast.parse(
        "import test_a\nfrom test_b import x\ndef f():\n    from test_c import y\n"
        "importlib.import_module('test_d')\nfrom support.classroom import Client\n"
    )
    names = sorted(name for name, _ in imported_modules(tree))
    assert names == ["support.classroom", "test_a", "test_b", "test_c", "test_d"]


def package_folders() -> set[str]:
    """The package's folders that hold modules: its layers."""
    return {
        str(p.parent.relative_to(PACKAGE))
        for p in PACKAGE.rglob("*.py")
        if p.parent != PACKAGE and "__pycache__" not in p.parts
    }


def test_every_folder_of_the_package_has_its_tests_in_the_same_folder_of_tests():
    missing = sorted(
        folder for folder in package_folders() if not any((TESTS / folder).glob("test_*.py"))
    )
    assert not missing, f"borsen_widget/<folder> with no tests/<folder>/test_*.py: {missing}"


def test_every_test_folder_mirrors_a_folder_of_the_package_or_is_named_here():
    folders = {
        str(p.parent.relative_to(TESTS))
        for p in python_files()
        if p.parent != TESTS and (p.name.startswith("test_") or p.parent.name == "support")
    }
    stray = sorted(folders - package_folders() - set(NOT_LAYERS))
    assert not stray, (
        f"test folders that mirror no folder of borsen_widget/ (a typo? else add to "
        f"NOT_LAYERS): {stray}"
    )


def test_the_test_folders_are_not_packages():
    packages = sorted(
        str(p.parent.relative_to(TESTS))
        for p in TESTS.rglob("__init__.py")
        if "node_modules" not in p.parts and p.parent != TESTS / "support"
    )
    assert not packages, f"test folders with an __init__.py (pytest names them apart): {packages}"


def test_no_two_modules_of_the_tests_share_a_name():
    seen: dict[str, list[str]] = {}
    for path in python_files():
        if path.name in ("conftest.py", "__init__.py") or path.parent.name == "support":
            continue  # pytest imports each conftest apart; support's modules are support.<name>
        seen.setdefault(path.stem, []).append(str(path.relative_to(TESTS)))
    shared = {name: paths for name, paths in seen.items() if len(paths) > 1}
    assert not shared, (
        f"modules of one name in two test folders (one would hide the other): {shared}"
    )


def test_every_test_the_inner_loop_leaves_out_still_exists():
    """Each entry of ``INNER_LOOP_SLOW`` (tests/conftest.py) names a file and the start of a
    test function in it: an entry left behind by a rename would leave out nothing."""
    # Read from the file: in a whole run ``conftest`` may name another folder's conftest.
    tree = ast.parse((TESTS / "conftest.py").read_text(encoding="utf-8"))
    (listed,) = [
        node.value
        for node in tree.body
        if isinstance(node, ast.Assign) and getattr(node.targets[0], "id", "") == "INNER_LOOP_SLOW"
    ]
    entries = ast.literal_eval(listed)
    assert entries
    for entry in entries:
        file, _, name = entry.partition("::")
        path = TESTS.parent / file
        assert path.is_file(), f"{entry}: no such file"
        functions = [
            node.name
            for node in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef)
        ]
        start = name.partition("[")[0]
        assert any(f.startswith(start) for f in functions), f"{entry}: no such test"
