"""A tiny progress bar: an ipywidgets bar in a notebook, a text bar on stderr in a terminal.

No dependency: the notebook bar uses ipywidgets only when it is installed and a kernel is
running; otherwise a one-line text bar is redrawn on standard error.
"""

from __future__ import annotations

import sys
import time


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


def _rate(done: int, elapsed: float) -> str:
    return f"{done / elapsed:,.0f} games/s" if elapsed > 0 and done else ""


class TextProgress:
    """``label [#####.....]  45%  450,000/1,000,000 games  312,000 games/s`` on a stream."""

    def __init__(self, total: int, label: str = "simulate", stream=None, width: int = 30):
        self.total = max(int(total), 1)
        self.label = label
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
        rate = _rate(self.done, time.perf_counter() - self.start)
        line = f"\r{self.label} [{bar}] {share:4.0%}  {self.done:,}/{self.total:,} games  {rate}"
        self.stream.write(line)
        self.stream.flush()

    def close(self) -> None:
        self.stream.write("\n")
        self.stream.flush()


class WidgetProgress:
    """An ipywidgets progress bar with a label, shown in the notebook cell's output."""

    def __init__(self, total: int, label: str = "simulate"):
        import ipywidgets
        from IPython.display import display

        self.total = max(int(total), 1)
        self.label = label
        self.done = 0
        self.start = time.perf_counter()
        self.bar = ipywidgets.IntProgress(value=0, min=0, max=self.total, description=label)
        self.text = ipywidgets.Label(value=f"0/{self.total:,} games")
        display(ipywidgets.HBox([self.bar, self.text]))

    def update(self, games: int) -> None:
        self.done = min(self.done + int(games), self.total)
        self.bar.value = self.done
        rate = _rate(self.done, time.perf_counter() - self.start)
        self.text.value = f"{self.done:,}/{self.total:,} games  {rate}"

    def close(self) -> None:
        self.bar.bar_style = "success"


class NoProgress:
    """Shows nothing."""

    def update(self, games: int) -> None:
        pass

    def close(self) -> None:
        pass


def progress_bar(total: int, show: bool | None, *, label: str = "simulate", auto: bool = False):
    """A progress bar for ``total`` games: ``show=True`` always, ``False`` never, ``None``
    when ``auto`` (a long run) and there is somewhere to show it (a notebook, or a terminal
    on stderr)."""
    if show is False or (show is None and not auto):
        return NoProgress()
    if _in_notebook():
        try:
            return WidgetProgress(total, label)
        except ImportError:
            pass
    if show is None and not (hasattr(sys.stderr, "isatty") and sys.stderr.isatty()):
        return NoProgress()
    return TextProgress(total, label)
