"""What the widgets' synced state may take from a page, and the notices they show.

Every intent a widget's page sends is declared and read in :mod:`borsen_widget.classroom.wire`
(the same reader as a phone's); this module keeps what only the notebook's widgets need.
"""

from __future__ import annotations

__all__ = ["PythonOwnsState", "notice"]


class PythonOwnsState:
    """For widgets whose synced state only Python sets (mix in before the widget class).

    Any client of the kernel can send an ipywidgets "update" message (one line in a browser's
    console); ipywidgets would keep the value and echo it to every other view, so one person
    in a shared session could show everyone a fake table or fake probabilities. Here an update
    to a trait outside :attr:`page_settable` is dropped before it is kept or echoed, and the
    views are sent Python's values again (the forging page's copy is put right too).
    """

    #: The synced traits a page may set (none: pages send intents, Python sets the state).
    page_settable: tuple[str, ...] = ()

    def set_state(self, sync_data):
        allowed = {k: v for k, v in sync_data.items() if k in self.page_settable}
        refused = [k for k in sync_data if k not in self.page_settable and k in self.keys]
        if allowed:
            super().set_state(allowed)
        if refused:
            self.send_state(refused)


def notice(text: str, level: str = "warning", *, number: int, request=None) -> dict:
    """A notice for the page: ``{"id", "text", "level", "request"}``; ``request`` names the
    request it answers (only the page that sent it shows it), ``None`` for every page."""
    return {"id": number, "text": text, "level": level, "request": request}
