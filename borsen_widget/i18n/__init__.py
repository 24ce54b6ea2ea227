"""The package's languages: English (``en``), Norwegian bokmål (``nb``) and nynorsk (``nn``).

The bottom layer: everything that talks to people (the engine's log, and the widget, panel,
editor, tables above it) takes its texts from here. Standard library only at run time.

- :func:`set_language` / :func:`get_language`: the notebook's language (default English);
  every ``language=`` argument takes ``None`` for that choice, or any tag (``"nb-NO"``).
- :func:`normalize_language` / :func:`pick_language`: browser and OS tags (``nb-NO``,
  ``no_NO``, ``nn-NO``, ``nb_NO.UTF-8``, ``en-GB``) to one of the three, else English.
- :func:`translator`: a language's :class:`Translator` (gettext with named placeholders,
  plurals, contexts; numbers, lists, fractions and card names written its way).
- The catalogues: ``borsen_widget/locale/<lang>/LC_MESSAGES/borsen_widget.po`` (edit these,
  or in Poedit/Weblate), compiled to ``.mo`` for Python and to ``.json`` for the front end by
  ``make catalogues`` (``scripts/catalogues.py``); the game's own words in
  ``borsen_widget/locale/glossary.tsv``.
"""

from .languages import (
    DEFAULT_LANGUAGE,
    LANGUAGES,
    chosen_language,
    follow_language,
    get_language,
    normalize_language,
    pick_language,
    resolve_language,
    set_language,
    use_language,
)
from .numbers import format_fraction, format_list, format_number, format_percent, formats
from .translator import (
    DOMAIN,
    N_,
    NP_,
    RANK_WORDS,
    SUIT_WORDS,
    Translator,
    front_end_texts,
    translator,
)

__all__ = [
    "DEFAULT_LANGUAGE",
    "DOMAIN",
    "LANGUAGES",
    "NP_",
    "N_",
    "RANK_WORDS",
    "SUIT_WORDS",
    "Translator",
    "chosen_language",
    "follow_language",
    "format_fraction",
    "format_list",
    "format_number",
    "format_percent",
    "formats",
    "front_end_texts",
    "get_language",
    "normalize_language",
    "pick_language",
    "resolve_language",
    "set_language",
    "translator",
    "use_language",
]
