"""Names people type (a student's, a strategy's): the rules that make one safe to show and
the key that names looking alike are compared by, below every layer that takes names.

Why here: the classroom (:mod:`borsen_widget.classroom.student_names`) cleans a
student's name, and a strategy built on a phone (:mod:`borsen_widget.play.strategy_rules`)
needs the same safety, but the play layer may not import the classroom (tests/test_structure.py);
the i18n layer is below both.

- :func:`name_problem`: why a typed name cannot be used (``"empty"``, ``"long"``,
  ``"characters"``), or ``None``; :func:`tidy_name` the name as it is kept (NFC, trimmed, inner
  spaces single). The rules are the classroom's ``clean_name``: at most :data:`MAX_NAME`
  characters, no control, format, private-use or surrogate character (a lone UTF-16 surrogate
  cannot even be sent on as JSON), not only invisible characters; and, where ``html=False``, no
  ``<`` or ``>`` (a strategy's name is shown inside other sentences, never as markup).
- :func:`fold`: the key names are compared by (NFKC, case folding and the UTS #39 confusables
  skeleton until nothing changes), so ``Lіna`` with a Cyrillic і is ``Lina``.

The data (each character's prototype and the default-ignorable characters, Unicode's
``confusables.txt``) is shipped beside this module as ``confusables.txt``, made by
``scripts/confusables.py``; it is read once, when a name is first folded. This module is the one
home of these rules: the classroom's :mod:`~borsen_widget.classroom.student_names` imports them.
"""

from __future__ import annotations

import functools
import pathlib
import unicodedata

__all__ = ["DATA", "MAX_NAME", "fold", "name_problem", "prototype", "skeleton", "tidy_name"]

#: Unicode's data, shipped beside this module (see the module's text).
DATA = pathlib.Path(__file__).with_name("confusables.txt")
#: The longest name, in characters.
MAX_NAME = 24
#: Rounds of NFKC, case folding and skeleton at most; real names settle in two.
ROUNDS = 8


@functools.cache
def _tables() -> tuple[dict[int, str], frozenset[int]]:
    """The prototypes (code point → its prototype) and the default-ignorable code points."""
    prototypes: dict[int, str] = {}
    ignorable: set[int] = set()
    for line in DATA.read_text(encoding="ascii").splitlines():
        if not line or line.startswith("#"):
            continue
        head, *rest = line.split()
        if head == "ignorable":
            for item in rest:
                first, _, last = item.partition("-")
                ignorable.update(range(int(first, 16), int(last or first, 16) + 1))
        else:
            prototypes[int(head, 16)] = "".join(chr(int(cp, 16)) for cp in rest)
    return prototypes, frozenset(ignorable)


def prototype(char: str) -> str:
    """The character(s) ``char`` looks like (UTS #39), or ``char`` itself."""
    return _tables()[0].get(ord(char), char)


def skeleton(text: str) -> str:
    """The UTS #39 skeleton of ``text``: NFD, default-ignorable characters dropped, each
    character replaced by its prototype, NFD again."""
    prototypes, ignorable = _tables()
    mapped = "".join(
        prototypes.get(ord(c), c)
        for c in unicodedata.normalize("NFD", text)
        if ord(c) not in ignorable
    )
    return unicodedata.normalize("NFD", mapped)


def fold(name: str) -> str:
    """The key names are compared by: NFKC, case folding and the confusables skeleton, until
    they change nothing; inner spaces single, none at the ends."""
    key = name
    for _ in range(ROUNDS):
        folded = skeleton(unicodedata.normalize("NFKC", key).casefold())
        folded = " ".join(folded.split())
        if folded == key:
            break
        key = folded
    return key


def tidy_name(value: str) -> str:
    """A typed name as it is kept: NFC, trimmed, inner spaces single (no other change)."""
    return " ".join(unicodedata.normalize("NFC", value).split())


def name_problem(value, *, limit: int = MAX_NAME, html: bool = True) -> str | None:
    """Why ``value`` cannot be a name, or ``None``: ``"empty"`` (not text, or nothing but
    spaces), ``"long"`` (more than ``limit`` characters once tidied), ``"characters"``
    (control, format, private-use or surrogate characters, only invisible ones, or, with
    ``html=False``, ``<`` or ``>``)."""
    if not isinstance(value, str):
        return "empty"
    if any(unicodedata.category(ch) == "Cs" for ch in value):
        # A lone surrogate: NFC and everything after it would carry it on; refuse it first.
        return "characters"
    name = tidy_name(value)
    if not name:
        return "empty"
    if len(name) > limit:
        return "long"
    if any(unicodedata.category(ch)[0] == "C" for ch in name) or not fold(name):
        return "characters"
    if not html and ("<" in name or ">" in name):
        return "characters"
    return None
