"""A tiny progress bar: an ipywidgets bar in a notebook, a text bar on stderr in a terminal.

No dependency: the notebook bar uses ipywidgets only when it is installed and a kernel is
running; otherwise a one-line text bar is redrawn on standard error. Its words and numbers are
in a language (``language=``; ``None``: the one chosen with
:func:`~borsen_widget.i18n.set_language`, else English): ``450 000/1 000 000 spill``.
"""

from __future__ import annotations

import sys
import time

from ..i18n import translator

__all__ = ["TextProgress", "WidgetProgress", "progress_bar"]


def _in_notebook() -> bool:
    """True in a Jupyter kernel: ipykernel's shell, or any IPython shell in a browser (the
    JupyterLite kernel runs IPython inside Pyodide)."""
    ipython = sys.modules.get("IPython")  # a kernel has imported it already; never import it
    if ipython is None:
        return False
    shell = ipython.get_ipython()
    if shell is None:
        return False
    return type(shell).__name__ == "ZMQInteractiveShell" or sys.platform == "emscripten"


def _rate(tr, done: int, elapsed: float) -> str:
    if not (elapsed > 0 and done):
        return ""
    rate = round(done / elapsed)
    return tr.ngettext("{count} game a second", "{count} games a second", rate, count=rate)


def _done(tr, done: int, total: int) -> str:
    return tr.ngettext("{done}/{total} game", "{done}/{total} games", total, done=done, total=total)


def _label(tr, label: str | None) -> str:
    # TRANSLATORS: the label of the progress bar while a tournament is being played.
    return tr.pgettext("progress", "simulating") if label is None else label


class TextProgress:
    """``label [#####.....]  45%  450,000/1,000,000 games  312,000 games a second`` on a
    stream (``label``: default "simulating", in ``language``)."""

    def __init__(
        self,
        total: int,
        label: str | None = None,
        stream=None,
        width: int = 30,
        language: str | None = None,
    ):
        self.tr = translator(language)
        self.total = max(int(total), 1)
        self.label = _label(self.tr, label)
        self.stream = sys.stderr if stream is None else stream
        self.width = width
        self.done = 0
        self.start = time.perf_counter()
        self._draw()

    def update(self, games: int) -> None:
        self.done = min(self.done + int(games), self.total)
        self._draw()

    def _draw(self) -> None:
        share = self.done / self.total
        filled = int(share * self.width)
        bar = "#" * filled + "." * (self.width - filled)
        tr = self.tr
        rate = _rate(tr, self.done, time.perf_counter() - self.start)
        counted = _done(tr, self.done, self.total)
        line = f"\r{self.label} [{bar}] {tr.percent(share):>5}  {counted}  {rate}"
        self.stream.write(line)
        self.stream.flush()

    def close(self) -> None:
        self.stream.write("\n")
        self.stream.flush()


class WidgetProgress:
    """An ipywidgets progress bar with a label, shown in the notebook cell's output."""

    def __init__(self, total: int, label: str | None = None, language: str | None = None):
        import ipywidgets
        from IPython.display import display

        self.tr = translator(language)
        self.total = max(int(total), 1)
        self.label = _label(self.tr, label)
        self.done = 0
        self.start = time.perf_counter()
        self.bar = ipywidgets.IntProgress(value=0, min=0, max=self.total, description=self.label)
        self.text = ipywidgets.Label(value=_done(self.tr, 0, self.total))
        display(ipywidgets.HBox([self.bar, self.text]))

    def update(self, games: int) -> None:
        self.done = min(self.done + int(games), self.total)
        self.bar.value = self.done
        rate = _rate(self.tr, self.done, time.perf_counter() - self.start)
        self.text.value = f"{_done(self.tr, self.done, self.total)}  {rate}"

    def close(self) -> None:
        self.bar.bar_style = "success"


class NoProgress:
    """Shows nothing."""

    def update(self, games: int) -> None:
        pass

    def close(self) -> None:
        pass


def progress_bar(
    total: int,
    show: bool | None,
    *,
    label: str | None = None,
    auto: bool = False,
    language: str | None = None,
):
    """A progress bar for ``total`` games: ``show=True`` always, ``False`` never, ``None``
    when ``auto`` (a long run) and there is somewhere to show it (a notebook, or a terminal
    on stderr); its words in ``language``."""
    if show is False or (show is None and not auto):
        return NoProgress()
    if _in_notebook():
        try:
            return WidgetProgress(total, label, language)
        except ImportError:
            pass
    if show is None and not (hasattr(sys.stderr, "isatty") and sys.stderr.isatty()):
        return NoProgress()
    return TextProgress(total, label, language=language)
