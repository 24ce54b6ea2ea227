"""The join card: the class's address and its QR code, for the projector.

Two forms of it: :func:`card_data`, what the widget's card shows (``w.room_card``: the address,
the code, who joined and holds which seat, how many voted), and :class:`ClassCard`, the same
card live in a cell of its own (``room`` shown in a notebook); :func:`card_html` is its text
where no widget can be shown.

The QR code is drawn by segno (pure Python) as an SVG, dark modules on white in every theme
(a phone's camera needs the contrast), with the quiet zone the standard asks for.
"""

from __future__ import annotations

import html

import anywidget
import traitlets

from ...i18n import Translator, translator
from ..language import Speaking
from ..protocol import SEAT_INTENTS, BadMessage, check_envelope
from .assets import STATIC

#: Modules of white space around the code (ISO/IEC 18004 asks for 4).
QUIET_ZONE = 4
#: The fields of a seat button's message from the card (``{"intent": "open_seat", "seat": 1}``).
SEAT_FIELDS = ("intent", "id", "seat", "version")


def qr_svg(text: str, tr: Translator | None = None) -> str:
    """The QR code of ``text`` as an inline SVG that scales to its box (a ``viewBox``, no
    size), labelled for screen readers in ``tr``'s language (the widget's card labels it
    again in the language it shows)."""
    import segno

    code = segno.make(text, error="m", micro=False)
    svg = code.svg_inline(
        scale=1,
        border=QUIET_ZONE,
        omitsize=True,
        dark="#000",
        light="#fff",
        svgclass="borsen-qr-code",
        lineclass=None,
    )
    tr = tr or translator("en")
    label = html.escape(tr.gettext("QR code of the class's address: {url}", url=text), quote=True)
    return svg.replace("<svg ", f'<svg role="img" aria-label="{label}" ', 1)


def card_data(
    url: str,
    qr: str,
    *,
    local: bool,
    students: list[dict],
    max_students: int,
    seats: list[dict],
    voters: int,
) -> dict:
    """The widget's join card: public things only (the address is the teacher's to show).
    ``students``: each ``{"name", "seat", "here"}``; ``seats``: as on the students' screens."""
    return {
        "url": url,
        "qr": qr,
        "local": local,
        "students": students,
        "count": len(students),
        "max": max_students,
        "seats": seats,
        "voters": voters,
    }


def card_html(
    url: str, qr: str, *, students: int, local: bool, tr: Translator | None = None
) -> str:
    """The join card as a piece of HTML (``room`` shown in a notebook cell), in ``tr``'s
    language."""
    tr = tr or translator("en")
    code = "<code>room.open_to_network()</code>"
    where = (
        html.escape(tr.gettext("Only this computer can open this address: no phone can."))
        + " "
        + html.escape(
            tr.gettext("{code} opens the class to the classroom's network.", code="\0")
        ).replace("\0", code)
        if local
        else html.escape(tr.gettext("Anyone on this network who has the address can join."))
    )
    joined = html.escape(
        tr.gettext("Students: nobody has joined yet.")
        if not students
        else tr.ngettext(
            "Students: {count} has joined.",
            "Students: {count} have joined.",
            students,
            count=students,
        )
    )
    title = html.escape(tr.gettext("Join the game on your phone"))
    # No code where only this computer can open the address (``qr`` is then empty).
    box = f'<div style="width:240px;height:240px;background:#fff;flex:none">{qr}</div>'
    return (
        '<div style="display:flex;gap:24px;align-items:center;flex-wrap:wrap;'
        'font-family:system-ui,sans-serif;padding:12px">'
        f"{box if qr else ''}"
        f'<div><div style="font-size:1.1em;opacity:.75">{title}</div>'
        f'<div style="font-size:1.6em;font-weight:700;word-break:break-all;margin:.3em 0">'
        f'<a href="{html.escape(url)}" target="_blank" rel="noopener">{html.escape(url)}</a>'
        f"</div><div>{joined}</div>"
        f'<div style="opacity:.75;margin-top:.4em">{where}</div></div></div>'
    )


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
        """Show ``card`` in ``language``, the widget's (issue 31: the card in its own cell
        spoke the browser's language, English beside a bokmål widget)."""
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
                # as beside the game (issue 31: here they were refused as not understood).
                check_envelope(content, SEAT_FIELDS)
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
            self.notice = {"text": error.told(self.tr)}
