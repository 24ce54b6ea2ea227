"""The teacher's panel in a cell of its own, for a projector: ``ProbabilityPanel(w)``.

The figures are the widget's teacher feed (:mod:`borsen_widget.jupyter.teacher`): the exact
chance that the next draw is accepted, the deck by rank and the values of drawing and banking,
for the decision on ``w``'s table, from public information only. The same panel shows beside
the table with ``w.show_probabilities = True`` (or the widget's Probabilities button, key T).
It speaks English, bokmål or nynorsk (``ProbabilityPanel(w, language="nn")``; without one it
follows :func:`borsen_widget.set_language`, then the page it is shown in), whatever the game
widget speaks: a projector in Norwegian beside a table in English is fine.

Imports: anywidget, traitlets and the standard library only (the panel runs in JupyterLite).
"""

from __future__ import annotations

import anywidget
import traitlets

from ..classroom.assets import STATIC
from ..classroom.wire import PANEL_INTENTS, BadMessage, read_request, request_id
from .language import Speaking
from .protocol import PythonOwnsState, notice
from .widget import BorsenWidget

__all__ = ["ProbabilityPanel"]


class ProbabilityPanel(PythonOwnsState, Speaking, anywidget.AnyWidget):
    """The teacher's panel of a :class:`BorsenWidget` as a widget of its own, to show in
    another cell or JupyterLab view (a projector): ``ProbabilityPanel(w)``.

    It stays in step with ``w``'s game (and with ``w.objective`` and ``w.guess_first``; a
    reveal or a vote in either panel shows in both). ``close()`` stops its updates.
    ``language``: ``"en"``, ``"nb"``, ``"nn"`` (any tag naming one), or ``None`` to follow
    :func:`borsen_widget.set_language`, then the page's language, then English.
    """

    _esm = STATIC / "panel.js"
    _css = STATIC / "widget.css"

    #: The panel's figures (see :class:`~borsen_widget.jupyter.teacher.TeacherFeed`; public
    #: information only).
    panel = traitlets.Dict().tag(sync=True)
    #: The last polite notice, as in :class:`BorsenWidget`.
    notice = traitlets.Dict().tag(sync=True)

    def __init__(self, widget: BorsenWidget, *, language: str | None = None, **kwargs):
        if not isinstance(widget, BorsenWidget):
            raise ValueError(
                f"ProbabilityPanel needs the BorsenWidget to follow, not {type(widget).__name__}"
            )
        self._widget: BorsenWidget | None = widget
        self._notice_id = 0
        self._teller = None
        super().__init__(**kwargs)
        self.init_language(language)
        self.notice = notice("", "info", number=0)
        self.on_msg(self._on_msg)
        widget.teacher.follow(self._show)

    @property
    def widget(self) -> BorsenWidget | None:
        """The game widget this panel follows (None once closed)."""
        return self._widget

    def close(self) -> None:
        widget = getattr(self, "_widget", None)
        if widget is not None:
            self._widget = None
            widget.teacher.unfollow(self._show)
        super().close()

    def _show(self, data: dict) -> None:
        """The feed's figures changed: show them in the language this panel speaks (the feed
        tells them in the game widget's, which may be another)."""
        widget = self._widget
        if widget is None:
            return
        if data.get("language") != self.language:
            data = widget.teacher.data(self.language)
        self.panel = data

    def language_changed(self) -> None:
        """Tell the figures and the notice shown again in the new language."""
        widget = getattr(self, "_widget", None)
        with self.hold_sync():
            if widget is not None and self.panel:
                self.panel = widget.teacher.data(self.language)
            teller = getattr(self, "_teller", None)
            if teller is not None and self.notice.get("text"):
                old = self.notice
                self.notice = notice(
                    teller.say(self.tr.language),
                    old["level"],
                    number=old["id"],
                    request=old["request"],
                )

    def _on_msg(self, _widget, content, _buffers) -> None:
        with self.hold_sync():
            try:
                if self.heard_language(content):
                    return
                widget = self._widget
                if widget is None:
                    raise BadMessage("This panel is closed; nothing changed.")
                request = read_request(content, version=widget.version, allowed=PANEL_INTENTS)
                if request.intent == "guess":
                    widget.guess_first = not widget.guess_first
                else:
                    widget.teacher.request(request.intent, request.choice)
                if self.notice.get("text"):
                    self._teller = None
                    self._notice_id += 1
                    self.notice = notice("", "info", number=self._notice_id)
            except BadMessage as error:
                self._teller = error
                self._notice_id += 1
                self.notice = notice(
                    error.say(self.tr.language), number=self._notice_id, request=request_id(content)
                )
