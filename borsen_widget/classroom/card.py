"""The join card's contents: the class's address and its QR code, for the projector.

Two forms of it: :func:`card_data`, what the widget's card shows (``w.room_card``: the address,
the code, who joined and holds which seat, how many voted), and :func:`card_html`, its text
where no widget can be shown; the card as a widget of its own is the notebook's
(:class:`borsen_widget.jupyter.join_card.ClassCard`).

The QR code is drawn by segno (pure Python) as an SVG, dark modules on white in every theme
(a phone's camera needs the contrast), with the quiet zone the standard asks for.
"""

from __future__ import annotations

import html

from ..i18n import Translator, translator

__all__ = ["QUIET_ZONE", "card_data", "card_html", "qr_svg"]

#: Modules of white space around the code (ISO/IEC 18004 asks for 4).
QUIET_ZONE = 4


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
