"""The join card: the class's address and its QR code, for the projector.

Two forms of it: :func:`card_data`, what the widget's card shows (``w.room_card``: the address,
the code, who joined and holds which seat, how many voted), and :func:`card_html`, the card as
a notebook cell shows ``room``.

The QR code is drawn by segno (pure Python) as an SVG, dark modules on white in every theme
(a phone's camera needs the contrast), with the quiet zone the standard asks for.
"""

from __future__ import annotations

import html

#: Modules of white space around the code (ISO/IEC 18004 asks for 4).
QUIET_ZONE = 4


def qr_svg(text: str) -> str:
    """The QR code of ``text`` as an inline SVG that scales to its box (a ``viewBox``, no
    size), labelled for screen readers."""
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
    label = html.escape(f"QR code of the class's address: {text}", quote=True)
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


def card_html(url: str, qr: str, *, students: int, local: bool) -> str:
    """The join card as a piece of HTML (``room`` shown in a notebook cell)."""
    where = (
        "Only this computer can open it (the class listens on 127.0.0.1): "
        '<code>w.classroom(host="0.0.0.0")</code> opens it to the classroom\'s network.'
        if local
        else "Anyone on this network who has the address can join."
    )
    joined = "nobody yet" if not students else f"{students} joined"
    return (
        '<div style="display:flex;gap:24px;align-items:center;flex-wrap:wrap;'
        'font-family:system-ui,sans-serif;padding:12px">'
        f'<div style="width:240px;height:240px;background:#fff;flex:none">{qr}</div>'
        '<div><div style="font-size:1.1em;opacity:.75">Join the game on your phone</div>'
        f'<div style="font-size:1.6em;font-weight:700;word-break:break-all;margin:.3em 0">'
        f'<a href="{html.escape(url)}" target="_blank" rel="noopener">{html.escape(url)}</a>'
        f"</div><div>Students: {joined}.</div>"
        f'<div style="opacity:.75;margin-top:.4em">{where}</div></div></div>'
    )
