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
Unicode's ``confusables.txt`` and Character Database, shipped beside this module as
``confusables.txt`` and made from a maintained package by ``scripts/confusables.py``; it is read
once, when a name is first folded.
"""

from __future__ import annotations

import functools
import pathlib
import unicodedata

from ..protocol import BadMessage

__all__ = ["MAX_NAME", "clean_name", "fold", "name_keys", "prototype", "skeleton"]

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
    they change nothing; inner spaces single, none at the ends (see the module's text)."""
    key = name
    for _ in range(ROUNDS):
        folded = skeleton(unicodedata.normalize("NFKC", key).casefold())
        folded = " ".join(folded.split())
        if folded == key:
            break
        key = folded
    return key


def name_keys(name: str) -> frozenset[str]:
    """The keys a name is compared by: two names are one when their keys meet. The first is
    :func:`~.names.fold` (NFKC, case folding, confusables skeleton: ``Lіna``, ``Ｌｉｎａ`` and
    ``LINA`` are ``Lina``); the second the skeleton of the name with its case kept, so a capital
    that looks like another letter is that letter too (``Iben`` is ``lben``, while ``iben`` and
    ``lben``, which do not look alike, stay two names)."""
    return frozenset((fold(name), skeleton(" ".join(unicodedata.normalize("NFKC", name).split()))))


def clean_name(value) -> str:
    """A student's name as typed: trimmed, inner spaces single, printable; else BadMessage."""
    if not isinstance(value, str):
        raise BadMessage("Type your name to join.")
    name = " ".join(unicodedata.normalize("NFC", value).split())
    if not name:
        raise BadMessage("Type your name to join.")
    if len(name) > MAX_NAME:
        raise BadMessage(
            "A name has at most {count} letters; choose a shorter one.", count=MAX_NAME
        )
    if any(unicodedata.category(ch)[0] == "C" for ch in name) or not fold(name):
        # Controls, format and private characters, or a name that is only invisible ones.
        raise BadMessage("A name is letters, digits and spaces; choose another.")
    return name
