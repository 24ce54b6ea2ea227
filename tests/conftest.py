"""Shared set-up: ``helpers`` and the ``support`` package are importable from every test folder;
the tests run in an order that suits parallel runs; hypothesis has a lighter profile for
``make test-fast``.

The tests mirror the package: tests/<layer>/ holds the tests of borsen_widget/<layer>/
(tests/classroom the class's web application, tests/server the Jupyter server's relay,
tests/jupyter the widgets), beside the folders of what is not a layer (browser, hub, docs,
notebooks, packaging). A test module takes its helpers from a support module (``support``,
``helpers``, a folder's own ``*_support.py`` …), never from another test module
(tests/test_test_layout.py).

The order (``make test`` runs the tests on pytest-xdist workers, which take them in this order):

1. the JupyterLite browser tests (``tests/browser/test_lite.py``), the longest (about a minute
   each): started first, they end while the other worker is still busy; then the class through
   JupyterHub and behind a proxy (``tests/hub``, half a minute to a minute each; they drive
   Chromium with Playwright's async API, so they leave the main thread's loop alone);
2. hypothesis properties and tests marked ``slow``;
3. everything else;
4. the other browser tests, last, the longest of them first. Why last: Playwright's sync API
   leaves its asyncio loop set as the running loop of the main thread for the rest of the
   session; the widget schedules bot moves on a running loop, so the Python-only widget tests
   that expect "no loop: bots play at once" must run before any browser test of their worker.
   (The JupyterLite tests drive their browser in a thread of their own, so they leave the main
   thread's loop alone.) Each worker takes its tests in this order, so this holds on every
   worker.

Hypothesis: ``BORSEN_HYPOTHESIS=fast`` (``make test-fast``) loads the "fast" profile, a tenth of
the examples; without it (``make test``, CI) every property runs as many examples as its test
asks for, under hypothesis's own default (or its "ci" profile, which it loads by itself when the
``CI`` variable is set). A property that sets its own count sets ``helpers.examples(n)``: ``n``
examples, a tenth of them under the "fast" profile.
"""

import importlib.util
import os
import sys
import uuid
from pathlib import Path

import pytest
from hypothesis import settings

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))  # `from helpers import ...`, `from support.x import ...` everywhere
# The support modules' checks fail with pytest's explanation, as a test's own asserts do.
pytest.register_assert_rewrite("support", "same_games", "lesson_support")

# `make test-fast`: 10 examples a property instead of 100.
settings.register_profile("fast", max_examples=10)
if os.environ.get("BORSEN_HYPOTHESIS"):
    settings.load_profile(os.environ["BORSEN_HYPOTHESIS"])

LITE_TESTS = "/tests/browser/test_lite.py"
HUB_TESTS = "/tests/hub/"
BROWSER_TESTS = "/tests/browser/"
#: The longest of the other browser tests (a lesson with twelve phones, a class on phones):
#: first among them, so that no worker starts one at the very end.
LONG_BROWSER_TESTS = (
    "/test_lesson_in_browser.py",
    "/test_classroom_in_browser.py",
    "/test_tables_in_browser.py",
)


def _rank(item) -> tuple[int, int]:
    path = str(item.fspath).replace("\\", "/")
    if path.endswith(LITE_TESTS):
        return (0, 0)
    if HUB_TESTS in path:
        return (0, 1)
    if BROWSER_TESTS in path:
        return (3, 0 if path.endswith(LONG_BROWSER_TESTS) else 1)
    hypothesis = getattr(getattr(item, "obj", None), "is_hypothesis_test", False)
    if item.get_closest_marker("slow") or hypothesis:
        return (1, 0)
    return (2, 0)


#: Tests of 2 to 5 s each that ``make test-fast`` leaves to ``make test`` (marked ``slow``
#: here, in one list, so the inner loop keeps to its two minutes on two cores): the docs'
#: examples, a Jupyter server started to count its modules, the catalogues' extraction, the
#: workflows' schema, and the exact solver's slowest comparisons (the rest of each stays fast).
INNER_LOOP_SLOW = (
    "tests/docs/test_docs_examples.py::test_the_examples_run",
    "tests/server/test_relay_modules.py::test_a_jupyter_server_with_the_extension_loads",
    "tests/i18n/test_catalogues.py::test_the_template_is_up_to_date_with_the_source",
    "tests/i18n/test_catalogues.py::test_the_check_step_finds_nothing_to_do",
    "tests/packaging/test_lite_build.py::test_the_projects_notebooks_need_no_compiled_package",
    "tests/packaging/test_workflows.py::test_the_schema_check_finds_a_broken_workflow",
    "tests/packaging/test_workflows.py::test_every_workflow_is_valid_for_github",
    "tests/analysis/test_choice.py::test_a_proven_choice_is_the_exact_rules_choice_in_real_games[two",
    "tests/analysis/test_turn_speedup.py::test_best_turn_equals_the_reference_at_turn_starts_with_",
    "tests/analysis/test_turn_speedup.py::test_equivalent_aces_give_the_reference_values",
    # The built offline site's tests: each worker waits some 7 s on the check that the site is
    # up to date (scripts/build_lite.py, in .venv-lite); the copy rules stay in the inner loop.
    "tests/packaging/test_lite_build.py::test_site_",
    "tests/packaging/test_lite_build.py::test_pyodide_is_the_kernels_version",
    "tests/packaging/test_lite_build.py::test_piplite_index_holds",
    "tests/packaging/test_lite_build.py::test_tarball_holds_the_site",
    # A question's timer running out by itself (about 5 s of waiting).
    "tests/classroom/test_lesson.py::test_a_timer_reveals_by_itself",
    # The class-plays lesson with five phones, two rounds (about 15 s): its run without phones
    # stays in the inner loop.
    "tests/notebooks/test_class_plays.py::test_a_class_plays_two_rounds_and_the_lesson_tells",
)


@pytest.hookimpl(tryfirst=True)  # before ``-m`` selects: the marks below count there
def pytest_collection_modifyitems(config, items):
    for item in items:
        if item.nodeid.startswith(INNER_LOOP_SLOW):
            item.add_marker(pytest.mark.slow)
    items.sort(key=_rank)  # stable: within a rank, the files' own order


# This test run: the same id in every pytest-xdist worker of one run.
RUN_ID = os.environ.get("PYTEST_XDIST_TESTRUNUID") or uuid.uuid4().hex


def load_build_lite():
    """``scripts/build_lite.py`` as a module (scripts/ is not a package)."""
    if "build_lite" not in sys.modules:
        path = HERE.parent / "scripts" / "build_lite.py"
        spec = importlib.util.spec_from_file_location("build_lite", path)
        module = importlib.util.module_from_spec(spec)
        sys.modules["build_lite"] = module
        spec.loader.exec_module(module)
    return sys.modules["build_lite"]


@pytest.fixture(scope="session")
def lite_site() -> Path:
    """The JupyterLite site, built in ``.venv-lite`` (made on first use) once per test run and
    shared by every worker: tests/packaging/test_lite_build.py and tests/browser/test_lite.py."""
    return load_build_lite().ensure_site(run_id=RUN_ID)
