"""borsen_widget.environment: the one sentence a notebook prints where plots cannot run."""

from __future__ import annotations

import importlib.util

from borsen_widget import environment


def _hide(monkeypatch, *names):
    real = importlib.util.find_spec
    monkeypatch.setattr(
        environment.importlib.util,
        "find_spec",
        lambda name, *a: None if name in names else real(name, *a),
    )


def test_in_a_browser_without_numpy_one_sentence_is_printed(monkeypatch, capsys):
    _hide(monkeypatch, "numpy", "pandas", "matplotlib")
    monkeypatch.setattr(environment.sys, "platform", "emscripten")
    assert environment.is_browser()
    assert environment.missing_compiled() == ["numpy", "pandas", "matplotlib"]
    assert not environment.has_compiled_stack()
    environment.report()
    assert capsys.readouterr().out == environment.LITE_SENTENCE + "\n"


def test_outside_a_browser_the_sentence_says_how_to_install(monkeypatch, capsys):
    _hide(monkeypatch, "matplotlib")
    monkeypatch.setattr(environment.sys, "platform", "linux")
    assert environment.missing_compiled() == ["matplotlib"]
    environment.report()
    out = capsys.readouterr().out
    assert out == environment.LOCAL_SENTENCE + "\n" and "borsen_widget[sim]" in out


def test_nothing_is_printed_when_everything_is_there(monkeypatch, capsys):
    monkeypatch.setattr(environment, "missing_compiled", lambda: [])
    assert environment.has_compiled_stack()
    assert environment.note() is None
    environment.report()
    assert capsys.readouterr().out == ""


def test_the_sentence_is_one_sentence():
    for text in (environment.LITE_SENTENCE, environment.LOCAL_SENTENCE):
        assert text.count(". ") == 0 and text.endswith(".")
