"""Where this Python runs, and what it can do there: one friendly sentence for the classroom.

Everything in the notebooks runs everywhere, the JupyterLite page included (Pyodide, Python
inside the browser, with no network): the engine, the analysis, the widget, simulations
(:func:`~borsen_widget.sim.simulate.simulate`), its tables (:mod:`~borsen_widget.sim.tables`)
and charts (:mod:`~borsen_widget.sim.charts`) are pure Python. What NumPy adds where it is
installed is speed: simulate's fast path. ``report()`` says in one sentence what plays the
simulations here, and in a browser answers an ``import`` of a compiled package with a sentence
instead of a traceback.

The sentences are messages of the catalogues, told in ``language=`` (``None``: the one chosen
with :func:`~borsen_widget.i18n.set_language`, else English); :data:`LITE_SENTENCE` and
:data:`LOCAL_SENTENCE` are their English.

Imports: the standard library and :mod:`borsen_widget.i18n` (standard library only; this module
is the first thing a JupyterLite notebook runs).
"""

from __future__ import annotations

import importlib.util
import sys

from ..i18n import N_, translator

__all__ = [
    "COMPILED_PACKAGES",
    "LITE_SENTENCE",
    "LOCAL_SENTENCE",
    "has_fast_path",
    "is_browser",
    "missing_compiled",
    "missing_sentence",
    "note",
    "report",
]

#: Compiled packages that the JupyterLite page does not ship (nothing of this package needs them;
#: NumPy, where it is installed, makes simulations fast, and pandas makes tables DataFrames).
COMPILED_PACKAGES = ("numpy", "pandas", "matplotlib")

#: What a class reads at the top of a notebook on the JupyterLite page.
LITE_SENTENCE = N_(
    "This page runs Python inside your browser, where everything in these notebooks works: "
    "simulations play one game at a time on the game's own engine, about a thousand games a "
    "second (NumPy's fast path, in JupyterLab, plays hundreds of times more)."
)

#: The same news for a Python that is not in a browser but lacks NumPy (the ``sim`` extra).
LOCAL_SENTENCE = N_(
    "Simulations play one game at a time on the game's own engine here: "
    "pip install 'borsen_widget[sim]' adds NumPy's fast path (hundreds of thousands of games "
    "a second) and pandas tables."
)


def is_browser() -> bool:
    """True when Python runs inside a web page (Pyodide, as in JupyterLite)."""
    return sys.platform == "emscripten"


def missing_compiled() -> list[str]:
    """The packages of :data:`COMPILED_PACKAGES` that cannot be imported here, in that order."""
    return [name for name in COMPILED_PACKAGES if importlib.util.find_spec(name) is None]


def has_fast_path() -> bool:
    """True where NumPy imports, so :func:`~borsen_widget.sim.simulate.simulate` can play the
    built-in bots on its fast path; elsewhere it plays on the engine, one game at a time."""
    try:
        import numpy  # noqa: F401  (imported only when asked, never at this module's import)
    except ImportError:
        return False
    return True


def note(language: str | None = None) -> str | None:
    """The sentence :func:`report` prints, in ``language``, or None where NumPy's fast path is
    available."""
    if has_fast_path():
        return None
    return translator(language).gettext(LITE_SENTENCE if is_browser() else LOCAL_SENTENCE)


def report(language: str | None = None) -> None:
    """Print one friendly sentence where simulations play without NumPy; else nothing.

    In a browser it also asks IPython to answer a later ``import numpy`` (or pandas,
    matplotlib), from any cell or function, with one sentence instead of a traceback.
    """
    text = note(language)
    if text is None:
        return
    print(text)
    if is_browser():
        _explain_missing_imports(language)


def missing_sentence(package: str, language: str | None = None) -> str:
    """What a cell that needs ``package`` says where it is not available, in ``language``."""
    return translator(language).gettext(
        "This needs {package}, which Python inside the browser does not have: it runs in "
        "JupyterLab with pip install {package} (this package's tables and charts need no "
        "compiled package).",
        package=package,
    )


def _explain_missing_imports(language: str | None = None) -> None:
    try:
        from IPython import get_ipython
    except ImportError:
        return
    shell = get_ipython()
    if shell is None:
        return

    def explain(self, etype, value, tb, tb_offset=None):
        package = (getattr(value, "name", None) or "").split(".")[0]
        if package in COMPILED_PACKAGES:
            print(missing_sentence(package, language))
            return []
        try:
            return self.InteractiveTB.structured_traceback(etype, value, tb, tb_offset=tb_offset)
        except Exception:
            return [f"{etype.__name__}: {value}"]

    shell.set_custom_exc((ModuleNotFoundError,), explain)
