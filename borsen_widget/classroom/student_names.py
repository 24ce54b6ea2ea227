"""Names that look alike are one name: the key a student's name is compared by.

``fold("Lіna") == fold("Ｌｉｎａ") == fold("LINA") == fold("Lina")``: a Cyrillic і, fullwidth
letters or capitals do not make a second Lina in the class. :func:`fold` follows Unicode's rules,
not a table of ours:

1. NFKC, compatibility normalisation (fullwidth ``Ｌ`` is ``L``, ``ﬁ`` is ``fi``);
2. case folding (``str.casefold``: ``LINA`` is ``lina``, ``ß`` is ``ss``);
3. the confusables *skeleton* of UTS #39 (Unicode Security Mechanisms, section 4): NFD, drop
   the default-ignorable characters, put each character's prototype (the character it looks
   like: Cyrillic ``і`` looks like ``i``, ``0`` like ``O``, ``rn`` like ``m``) in its place, NFD
   again;

repeated until nothing changes (a prototype may be a capital, ``0`` → ``O``, which case folding
then lowers), so ``fold(fold(x)) == fold(x)``. A fold is a key for comparing, never shown: a
student keeps the name as typed.

The data (each character's prototype and the default-ignorable characters, Unicode 18.0) is
Unicode's ``confusables.txt`` and Character Database, shipped as
``borsen_widget/i18n/confusables.txt`` and made from a maintained package by
``scripts/confusables.py``; it is read once, when a name is first folded. The functions live in
:mod:`borsen_widget.i18n.names` (a strategy's name on a phone is cleaned by the same
rules, and the play layer may not import the classroom); this module adds what only the class
needs: the keys two students' names are compared by and the refusal a phone is told.
"""

from __future__ import annotations

import unicodedata

from ..i18n.names import MAX_NAME, fold, name_problem, prototype, skeleton, tidy_name
from .wire import BadMessage

__all__ = ["MAX_NAME", "clean_name", "fold", "name_keys", "prototype", "skeleton"]


def name_keys(name: str) -> frozenset[str]:
    """The keys a name is compared by: two names are one when their keys meet. The first is
    :func:`~.names.fold` (NFKC, case folding, confusables skeleton: ``Lіna``, ``Ｌｉｎａ`` and
    ``LINA`` are ``Lina``); the second the skeleton of the name with its case kept, so a capital
    that looks like another letter is that letter too (``Iben`` is ``lben``, while ``iben`` and
    ``lben``, which do not look alike, stay two names)."""
    return frozenset((fold(name), skeleton(" ".join(unicodedata.normalize("NFKC", name).split()))))


def clean_name(value) -> str:
    """A student's name as typed: trimmed, inner spaces single, printable; else BadMessage
    (the rules are :func:`borsen_widget.i18n.names.name_problem`'s, a strategy's name's too)."""
    problem = name_problem(value)
    if problem == "empty":
        raise BadMessage("Type your name to join.")
    if problem == "long":
        raise BadMessage(
            "A name has at most {count} letters; choose a shorter one.", count=MAX_NAME
        )
    if problem is not None:
        # Controls, format and private characters, or a name that is only invisible ones.
        raise BadMessage("A name is letters, digits and spaces; choose another.")
    return tidy_name(value)
