"""borsen_widget.sim.environment: the one sentence a notebook prints where simulations play
without NumPy, and the sentence that answers an import of a compiled package in a browser."""

from __future__ import annotations

import importlib.util

from borsen_widget.sim import environment


def _hide(monkeypatch, *names):
    real = importlib.util.find_spec
    monkeypatch.setattr(
        environment.importlib.util,
        "find_spec",
        lambda name, *a: None if name in names else real(name, *a),
    )
    if "numpy" in names:
        monkeypatch.setattr(environment, "has_fast_path", lambda: False)


def test_in_a_browser_without_numpy_one_sentence_is_printed(monkeypatch, capsys):
    _hide(monkeypatch, "numpy", "pandas", "matplotlib")
    monkeypatch.setattr(environment.sys, "platform", "emscripten")
    assert environment.is_browser()
    assert environment.missing_compiled() == ["numpy", "pandas", "matplotlib"]
    environment.report()
    assert capsys.readouterr().out == environment.LITE_SENTENCE + "\n"


def test_outside_a_browser_the_sentence_says_how_to_install(monkeypatch, capsys):
    _hide(monkeypatch, "numpy")
    monkeypatch.setattr(environment.sys, "platform", "linux")
    environment.report()
    out = capsys.readouterr().out
    assert out == environment.LOCAL_SENTENCE + "\n" and "borsen_widget[sim]" in out


def test_nothing_is_printed_where_numpy_is_there(monkeypatch, capsys):
    """Nothing of the package needs matplotlib or pandas: with NumPy there is nothing to say."""
    _hide(monkeypatch, "matplotlib", "pandas")
    assert environment.has_fast_path()
    assert environment.note() is None
    environment.report()
    assert capsys.readouterr().out == ""


def test_has_fast_path_is_false_where_numpy_cannot_be_imported(monkeypatch):
    import sys

    monkeypatch.setitem(sys.modules, "numpy", None)  # `import numpy` raises ImportError
    assert not environment.has_fast_path()


def test_the_sentence_is_one_sentence():
    for text in (environment.LITE_SENTENCE, environment.LOCAL_SENTENCE):
        assert text.count(". ") == 0 and text.endswith(".")


class _Shell:
    """Just enough of IPython's shell to catch the handler report() registers."""

    def __init__(self):
        self.handled = None
        self.handler = None
        self.InteractiveTB = self

    def set_custom_exc(self, handled, handler):
        self.handled, self.handler = handled, handler

    def structured_traceback(self, etype, value, tb, tb_offset=None):
        return [f"traceback of {value.name}"]


def test_in_a_browser_a_missing_numpy_import_gets_one_sentence(monkeypatch, capsys):
    import IPython

    shell = _Shell()
    monkeypatch.setattr(IPython, "get_ipython", lambda: shell)
    _hide(monkeypatch, "numpy", "pandas", "matplotlib")
    monkeypatch.setattr(environment.sys, "platform", "emscripten")
    environment.report()
    capsys.readouterr()
    assert shell.handled == (ModuleNotFoundError,)

    error = ModuleNotFoundError("No module named 'matplotlib.pyplot'", name="matplotlib.pyplot")
    assert shell.handler(shell, ModuleNotFoundError, error, None) == []
    assert capsys.readouterr().out == environment.missing_sentence("matplotlib") + "\n"

    other = ModuleNotFoundError("No module named 'foo'", name="foo")
    assert shell.handler(shell, ModuleNotFoundError, other, None) == ["traceback of foo"]
    assert capsys.readouterr().out == ""


def test_outside_a_browser_imports_are_left_alone(monkeypatch, capsys):
    import IPython

    shell = _Shell()
    monkeypatch.setattr(IPython, "get_ipython", lambda: shell)
    _hide(monkeypatch, "numpy")
    monkeypatch.setattr(environment.sys, "platform", "linux")
    environment.report()
    assert shell.handler is None
