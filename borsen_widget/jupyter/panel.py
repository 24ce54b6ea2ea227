"""The teacher's panel in a cell of its own, for a projector: ``ProbabilityPanel(w)``.

The figures are the widget's teacher feed (:mod:`borsen_widget.jupyter.teacher`): the exact
chance that the next draw is accepted, the deck by rank and the values of drawing and banking,
for the decision on ``w``'s table, from public information only. The same panel shows beside
the table with ``w.show_probabilities = True`` (or the widget's Probabilities button, key T).

Imports: anywidget, traitlets and the standard library only (the panel runs in JupyterLite).
"""

from __future__ import annotations

import anywidget
import traitlets

from .protocol import (
    PANEL_INTENTS,
    BadMessage,
    PythonOwnsState,
    notice,
    read_request,
    request_id,
)
from .widget import STATIC, BorsenWidget

__all__ = ["ProbabilityPanel"]


class ProbabilityPanel(PythonOwnsState, anywidget.AnyWidget):
    """The teacher's panel of a :class:`BorsenWidget` as a widget of its own, to show in
    another cell or JupyterLab view (a projector): ``ProbabilityPanel(w)``.

    It stays in step with ``w``'s game (and with ``w.objective`` and ``w.guess_first``; a
    reveal or a vote in either panel shows in both). ``close()`` stops its updates.
    """

    _esm = STATIC / "panel.js"
    _css = STATIC / "widget.css"

    #: The panel's figures (see :class:`~borsen_widget.jupyter.teacher.TeacherFeed`; public
    #: information only).
    panel = traitlets.Dict().tag(sync=True)
    #: The last polite notice, as in :class:`BorsenWidget`.
    notice = traitlets.Dict().tag(sync=True)

    def __init__(self, widget: BorsenWidget, **kwargs):
        if not isinstance(widget, BorsenWidget):
            raise ValueError(
                f"ProbabilityPanel needs the BorsenWidget to follow, not {type(widget).__name__}"
            )
        self._widget: BorsenWidget | None = widget
        self._notice_id = 0
        super().__init__(**kwargs)
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
        if self._widget is not None:
            self.panel = data

    def _on_msg(self, _widget, content, _buffers) -> None:
        with self.hold_sync():
            try:
                widget = self._widget
                if widget is None:
                    raise BadMessage("This panel is closed; nothing changed.")
                request = read_request(content, version=widget.version, allowed=PANEL_INTENTS)
                if request.intent == "guess":
                    widget.guess_first = not widget.guess_first
                else:
                    widget.teacher.request(request.intent, request.choice)
                if self.notice.get("text"):
                    self._notice_id += 1
                    self.notice = notice("", "info", number=self._notice_id)
            except BadMessage as error:
                self._notice_id += 1
                self.notice = notice(
                    str(error), number=self._notice_id, request=request_id(content)
                )
