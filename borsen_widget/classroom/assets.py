"""The files the class's server serves: the student page, the projector page and what they load,
read once from the package (built by ``make js``) and kept in memory, so the server never
opens a file by a name it was sent. Each page itself is kept in every language the package
speaks (its ``lang``, title and no-JavaScript line: :func:`~.speech.page_html`).
"""

from __future__ import annotations

import pathlib

from ..i18n import LANGUAGES, pick_language
from .speech import page_html

__all__ = ["FILES", "STATIC", "Files"]

#: The front end's bundles (built from js/src by `make js`, committed so pip never needs Node):
#: the widgets', the students' page's and the projector's.
STATIC = pathlib.Path(__file__).resolve().parents[1] / "static"
#: Each file: its name in ``static/`` and its content type.
FILES = {
    "student.html": "text/html; charset=utf-8",
    "student.js": "text/javascript; charset=utf-8",
    "student.css": "text/css; charset=utf-8",
    "widget.css": "text/css; charset=utf-8",
    "projector.html": "text/html; charset=utf-8",
    "projector.js": "text/javascript; charset=utf-8",
    "projector.css": "text/css; charset=utf-8",
}
#: The names each page asks for ("": the page itself) → the file.
STUDENT = {
    "": "student.html",
    "student.js": "student.js",
    "student.css": "student.css",
    "widget.css": "widget.css",
}
PROJECTOR = {
    "": "projector.html",
    "projector.js": "projector.js",
    "projector.css": "projector.css",
    "widget.css": "widget.css",
}


class Files:
    """The pages' files, from memory."""

    def __init__(self):
        self._files = {name: ((STATIC / name).read_bytes(), kind) for name, kind in FILES.items()}
        self._pages = {
            (page, lang): (page_html(self._files[page][0], lang), self._files[page][1])
            for page in ("student.html", "projector.html")
            for lang in LANGUAGES
        }

    def _get(self, table: dict, name: str, languages) -> tuple[bytes, str] | None:
        file = table.get(name)
        if file is None:
            return None
        if name == "":
            return self._pages[(file, pick_language(list(languages)))]
        return self._files[file]

    def student(self, name: str, languages=()) -> tuple[bytes, str] | None:
        """A file of the student page (``""``: the page, in the first of ``languages``, the
        browser's, the package speaks), or None."""
        return self._get(STUDENT, name, languages)

    def projector(self, name: str, language: str) -> tuple[bytes, str] | None:
        """A file of the projector page (the page in the teacher's ``language``), or None."""
        return self._get(PROJECTOR, name, [language])
