"""The game widget on a web page without Jupyter: the Python of the play page.

The play page (``scripts/build_play.py``, sources in ``js/play/``) runs Pyodide in a Web Worker
and shows the widget's own front end (``static/widget.js``). What plays there is
:class:`~borsen_widget.jupyter.widget.BorsenWidget` itself: its traits, its intents (read by
:mod:`~borsen_widget.jupyter.protocol`), its bots and their timing, its notices, its languages and
its teacher's panel, unchanged. Only its base differs: ``anywidget.AnyWidget`` needs ipywidgets,
whose import of IPython alone takes about 3 s in Pyodide on a 2-core machine (measured for
the play page), more than half the page's budget of 5 s. :class:`PageModel` does for the widget what
that base does, with traitlets only: every trait tagged ``sync=True`` goes to the page through
one function, and the page's custom messages come back to the widget's ``on_msg`` handlers.

:func:`use_page_model` makes ``import anywidget`` give this base; call it before the widget's
module is first imported, and only where no Jupyter runs (the page's worker, or a subprocess in
a test): it refuses when the real anywidget or the widget is already imported.

Nothing secret leaves the worker: the page receives the synced traits (the public view built by
:func:`~borsen_widget.classroom.view.build_view`, the notice, the panel's figures, the words of the
language spoken) as JSON, never the game, its deck or its seed.
"""

from __future__ import annotations

import contextlib
import json
import logging
import random
import sys
import types
from collections.abc import Callable

import traitlets

__all__ = ["PageModel", "PlayPage", "prepare", "use_page_model"]

#: What the page is told: ``{"kind": "state", "state": {trait: value, ...}}`` (the synced traits
#: that changed) or ``{"kind": "settings", "language": "nb", "numbers": true}`` (the page's two
#: switches), as a JSON text.
Post = Callable[[str], None]

#: The play page's table: the person at the screen and two bots, as in notebooks/play.ipynb.
PLAYERS = 3


class PageModel(traitlets.HasTraits):
    """What :class:`~borsen_widget.jupyter.widget.BorsenWidget` uses of ``anywidget.AnyWidget``,
    for a page with no Jupyter: synced traits, ``hold_sync``, ``on_msg``, ``send``, ``log``.

    ``post``: where the changes go (a JSON text each, see :data:`Post`); set it before the first
    change (the widget publishes its first view inside its ``__init__``)."""

    #: The front end's files: the page loads ``widget.js`` itself, so they are not read here.
    _esm = None
    _css = None

    def __init__(self, *, post: Post, **kwargs):
        self._post = post
        self._handlers: list[Callable] = []
        self._holding = False
        self._pending: set[str] = set()
        self.log = logging.getLogger("borsen_widget.page")
        super().__init__(**kwargs)
        self.observe(self._synced_change, names=self.keys)

    @property
    def keys(self) -> list[str]:
        """The synced traits (those tagged ``sync=True``), as ipywidgets names them."""
        return sorted(self.traits(sync=True))

    # -- Python -> page

    def _synced_change(self, change) -> None:
        self._pending.add(change["name"])
        if not self._holding:
            self._flush()

    @contextlib.contextmanager
    def hold_sync(self):
        """Send the changes made inside as one message (a view and its notice together)."""
        if self._holding:
            yield
            return
        self._holding = True
        try:
            yield
        finally:
            self._holding = False
            self._flush()

    def send_state(self, key=None) -> None:
        """Send these traits' values again (all of them when ``key`` is None)."""
        names = self.keys if key is None else [key] if isinstance(key, str) else list(key)
        self._pending.update(names)
        self._flush()

    def _flush(self) -> None:
        if not self._pending:
            return
        state = {name: getattr(self, name) for name in sorted(self._pending)}
        self._pending.clear()
        self._post(json.dumps({"kind": "state", "state": state}, ensure_ascii=False))

    def send(self, content, buffers=None) -> None:
        """A custom message to the page (the game widget sends none today)."""
        self._post(json.dumps({"kind": "custom", "content": content}, ensure_ascii=False))

    # -- page -> Python

    def on_msg(self, callback, remove: bool = False) -> None:
        """Call ``callback(widget, content, buffers)`` for each custom message from the page."""
        if remove:
            self._handlers.remove(callback)
        else:
            self._handlers.append(callback)

    def handle_page_message(self, content) -> None:
        """A custom message from the page (``model.send(...)`` in ``widget.js``)."""
        for callback in list(self._handlers):
            callback(self, content, [])

    def set_state(self, sync_data) -> None:
        """Set traits as the page would (only what the widget allows: PythonOwnsState)."""
        with self.hold_sync():
            for name, value in sync_data.items():
                setattr(self, name, value)

    def close(self) -> None:
        """Nothing to close: the page ends with its worker."""


def use_page_model() -> None:
    """Make ``import anywidget`` give :class:`PageModel` (in the page's worker, where the real
    one is not installed). Refuses when the real anywidget or the widget is already imported:
    the widget's class would keep its Jupyter base."""
    found = sys.modules.get("anywidget")
    if getattr(found, "AnyWidget", None) is PageModel:
        return
    if found is not None or "borsen_widget.jupyter.widget" in sys.modules:
        raise RuntimeError(
            "anywidget or the widget is already imported here: the play page's model must be "
            "chosen first (it is meant for the page's worker, where Jupyter is not)"
        )
    module = types.ModuleType(
        "anywidget", "The play page's stand-in: see borsen_widget.jupyter.standalone."
    )
    module.AnyWidget = PageModel
    sys.modules["anywidget"] = module


def prepare() -> None:
    """Import everything the page may need, the teacher's figures included: what the page's
    memory snapshot holds (made by ``scripts/build_play.py`` in headless Chromium, or else in
    the visitor's browser after a first visit), so a visit starts with it all imported."""
    use_page_model()
    from . import teacher, widget  # noqa: F401


class PlayPage:
    """One game on the play page: the person at the screen ("You", seat 0) against two bots, the
    page's language switch and its teacher's numbers switch. The person gets the first card
    (R3, ``first_player=0``): a student who opens the page can play at once, rather than watch
    the bots' first turns.

    ``post``: where every message for the page goes (:data:`Post`). ``language``: the page's
    choice (``?lang=nb``), else ``None`` (the widget follows the browser's languages, which its
    front end reports)."""

    def __init__(self, post: Post, *, language: str | None = None, bot_delay: float = 0.8):
        use_page_model()
        from ..engine.rules import Rules
        from ..play.bots import ThresholdBot
        from .widget import BorsenWidget

        # A memory snapshot restores the generator of the random module as it was: draw anew.
        random.seed()
        self._post = post
        self.widget = BorsenWidget(
            rules=Rules(players=PLAYERS, first_player=0),
            seats=["You", ThresholdBot(3), ThresholdBot(5)],
            language=language,
            bot_delay=bot_delay,
            post=post,
        )
        self.widget.observe(self._settings, names=["speech", "show_probabilities"])
        self._settings()

    def receive(self, text: str) -> None:
        """A message from the page, as JSON: ``{"kind": "custom", "content": {...}}`` (the
        widget's own intents), ``{"kind": "language", "language": "nn"}`` or ``{"kind":
        "numbers", "on": true}`` (the page's switches). Anything else is ignored: the page and
        the worker are one program, and the widget checks every intent itself."""
        message = json.loads(text)
        if not isinstance(message, dict):
            return
        kind = message.get("kind")
        if kind == "custom":
            self.widget.handle_page_message(message.get("content"))
        elif kind == "language":
            self.widget.language = message.get("language")
        elif kind == "numbers":
            self.widget.show_probabilities = bool(message.get("on"))

    def _settings(self, _change=None) -> None:
        widget = self.widget
        settings = {
            "kind": "settings",
            "language": widget.language,
            "numbers": widget.show_probabilities,
        }
        self._post(json.dumps(settings))
