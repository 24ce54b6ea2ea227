"""Where this Python runs, and what it can do there: one friendly sentence for the classroom.

In JupyterLite (Pyodide, Python inside the browser) the page works with no network, so only what
the site ships can be imported: the engine, the analysis and the widget are pure Python and all
work; NumPy, pandas and matplotlib (compiled packages) are not shipped, so plots and the big
simulations are not available. ``report()`` says so in one sentence instead of a traceback.

Imports: the standard library only (this module is the first thing a JupyterLite notebook runs).
"""

from __future__ import annotations

import importlib.util
import sys

__all__ = [
    "COMPILED_PACKAGES",
    "LITE_SENTENCE",
    "LOCAL_SENTENCE",
    "has_compiled_stack",
    "is_browser",
    "missing_compiled",
    "missing_sentence",
    "note",
    "report",
]

#: The compiled packages that plots and the big simulations need (the ``sim`` extra).
COMPILED_PACKAGES = ("numpy", "pandas", "matplotlib")

#: What a class reads at the top of a notebook on the JupyterLite page.
LITE_SENTENCE = (
    "This page runs Python inside your browser, where plotting and the big simulations are not "
    "available: the game, the exact probabilities and the teacher's panel all work."
)

#: The same news for a Python that is not in a browser but lacks the ``sim`` extra.
LOCAL_SENTENCE = (
    "Plotting and the big simulations need NumPy, pandas and matplotlib "
    "(pip install 'borsen_widget[sim]'): the game, the exact probabilities and the teacher's "
    "panel all work without them."
)


def is_browser() -> bool:
    """True when Python runs inside a web page (Pyodide, as in JupyterLite)."""
    return sys.platform == "emscripten"


def missing_compiled() -> list[str]:
    """The packages of :data:`COMPILED_PACKAGES` that cannot be imported here, in that order."""
    return [name for name in COMPILED_PACKAGES if importlib.util.find_spec(name) is None]


def has_compiled_stack() -> bool:
    """True when NumPy, pandas and matplotlib can all be imported (plots and simulations work)."""
    return not missing_compiled()


def note() -> str | None:
    """The sentence :func:`report` prints, or None when everything is available."""
    if has_compiled_stack():
        return None
    return LITE_SENTENCE if is_browser() else LOCAL_SENTENCE


def report() -> None:
    """Print one friendly sentence when plots and simulations are not available; else nothing.

    In a browser it also asks IPython to answer a later ``import numpy`` (or pandas,
    matplotlib), from any cell or function, with one sentence instead of a traceback.
    """
    text = note()
    if text is None:
        return
    print(text)
    if is_browser():
        _explain_missing_imports()


def missing_sentence(package: str) -> str:
    """What a cell that needs ``package`` says where it is not available."""
    return (
        f"This needs {package}, which Python inside the browser does not have: "
        "it runs in JupyterLab with pip install 'borsen_widget[sim]'."
    )


def _explain_missing_imports() -> None:
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
            print(missing_sentence(package))
            return []
        try:
            return self.InteractiveTB.structured_traceback(etype, value, tb, tb_offset=tb_offset)
        except Exception:
            return [f"{etype.__name__}: {value}"]

    shell.set_custom_exc((ModuleNotFoundError,), explain)
