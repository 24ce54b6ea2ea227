"""The language a widget speaks, and the words its page shows.

Every widget that shows text (the game, the teacher's panel, the rules editor) mixes in
:class:`Speaking`. The language it speaks is, in this order:

1. its own choice: ``BorsenWidget(..., language="nn")`` or ``w.language = "nb"``;
2. the notebook's: :func:`borsen_widget.set_language` (a widget already shown follows it at once);
3. the page's: the front end reports the language of the page it is shown in (JupyterLab's own
   language when a Norwegian language pack is chosen, else the browser's languages) with
   ``{"intent": "page_language", "tags": ["nb-NO", ...]}``;
4. English.

Python sends the page one synced trait, ``speech``: ``{"language": "nb", "texts": {...}}``,
the front end's messages of the catalogues in that language
(:func:`borsen_widget.i18n.front_end_texts`), so the page's words come from the same ``.po``
files as Python's, with no dictionary of its own in the JavaScript (``js/src/i18n.js`` reads
them). Changing the language changes only words: the game is not touched.
"""

from __future__ import annotations

from collections.abc import Mapping

import traitlets

from ..classroom.wire import PAGE_LANGUAGE, read_page_tags
from ..engine.errors import quote
from ..i18n import (
    LANGUAGES,
    Translator,
    chosen_language,
    follow_language,
    front_end_texts,
    normalize_language,
    translator,
)

__all__ = ["Speaking", "check_language"]


def check_language(language) -> str | None:
    """A widget's own choice of language: ``None`` (follow the notebook, then the page), or
    one of :data:`LANGUAGES` named by any tag (``"nb-NO"``, ``"no"``); else ``ValueError``."""
    if language is None:
        return None
    found = normalize_language(language)
    if found is None:
        shown = ", ".join(repr(code) for code in LANGUAGES)
        raise ValueError(
            f"language must be one of {shown} (or a tag naming one), not {quote(language)}"
        )
    return found


class Speaking(traitlets.HasTraits):
    """A widget that speaks a language (mix in before ``anywidget.AnyWidget``): call
    :meth:`init_language` in ``__init__``, route page messages through :meth:`heard_language`,
    and override :meth:`language_changed` to redraw what Python wrote in words."""

    #: ``{"language": "nb", "texts": {...}}``: the front end's words in the language spoken.
    speech = traitlets.Dict().tag(sync=True)

    def init_language(self, language=None) -> None:
        self._own_language = check_language(language)
        self._page_language: str | None = None
        follow_language(self)
        self._speak(tell=False)

    @property
    def language(self) -> str:
        """The language spoken (``"en"``, ``"nb"``, ``"nn"``). Set it to choose one for this
        widget (any tag), or to ``None`` to follow the notebook's choice, then the page's."""
        return self.speech.get("language", "en")

    @language.setter
    def language(self, language) -> None:
        self._own_language = check_language(language)
        self._speak()

    @property
    def tr(self) -> Translator:
        """The translator of the language spoken."""
        return translator(self.language)

    def language_chosen(self, _language) -> None:
        """:func:`borsen_widget.set_language` was called: speak the new choice, unless this
        widget has its own."""
        self._speak()

    def heard_language(self, content) -> bool:
        """Whether ``content`` is the page telling its language (then it is handled: a
        malformed one raises :class:`BadMessage`)."""
        if not isinstance(content, Mapping) or content.get("intent") != PAGE_LANGUAGE:
            return False
        tags = read_page_tags(content)
        found = [normalize_language(tag) for tag in tags]
        self._page_language = next((code for code in found if code is not None), None)
        self._speak()
        return True

    def language_changed(self) -> None:
        """Redraw what Python wrote in words (the log, notices, figures); by default nothing."""

    def _speak(self, tell: bool = True) -> None:
        language = self._own_language or chosen_language() or self._page_language or "en"
        if self.speech.get("language") == language:
            return
        self.speech = {"language": language, "texts": front_end_texts(language)}
        if tell:
            self.language_changed()
