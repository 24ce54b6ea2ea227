"""The join card as a widget of its own: ``room`` shown in a notebook cell, live.

Its contents (the address, the QR code, who joined) are the class's
(:mod:`borsen_widget.classroom.card`); this widget shows them and sends its buttons to the
class, read by the class's wire (:func:`borsen_widget.classroom.wire.decode`).
"""

from __future__ import annotations

import anywidget
import traitlets

from ..classroom.assets import STATIC
from ..classroom.wire import SEAT_INTENTS, BadMessage, decode
from .language import Speaking

__all__ = ["ClassCard"]


class ClassCard(Speaking, anywidget.AnyWidget):
    """The join card as a widget of its own (``room`` shown in a cell), live: the room keeps
    its ``card`` in step, and once the class has ended it says so instead of showing the
    address and the code. Its buttons are the widget's card's (``room.card_request``)."""

    _esm = STATIC / "card.js"
    _css = STATIC / "widget.css"
    card = traitlets.Dict().tag(sync=True)
    notice = traitlets.Dict().tag(sync=True)

    def __init__(self, room, card: dict, language: str | None = None):
        self._room = room
        super().__init__()
        self.init_language(language)
        self.card = card
        self.on_msg(self._on_msg)

    def show(self, card: dict, language: str) -> None:
        """Show ``card`` in ``language``, the widget's (not the browser's: the card in a cell
        of its own speaks as the widget beside it)."""
        if self.language != language:
            self.language = language
        self.card = card

    def _on_msg(self, _widget, content, _buffers) -> None:
        if self.heard_language(content):
            return
        try:
            intent = content.get("intent") if isinstance(content, dict) else None
            if intent in SEAT_INTENTS:
                # The seat buttons ("Open to students", "Take back") send the seat's own intent,
                # as beside the game.
                decode(content, "card")
                seat = content.get("seat")
                if isinstance(seat, bool) or not isinstance(seat, int):
                    raise BadMessage("That request names no seat; nothing changed.")
                self._room.seat_request(intent, seat)
            elif intent == "room":
                self._room.card_request(content)
            else:
                raise BadMessage("A message from this page was not understood; nothing changed.")
            self.notice = {}
        except BadMessage as error:
            self.notice = {"text": error.say(self.tr.language)}
