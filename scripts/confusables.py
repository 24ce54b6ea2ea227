"""Write ``borsen_widget/i18n/confusables.txt``: the Unicode data a student's name is
folded by (:mod:`borsen_widget.classroom.student_names`), from a maintained package.

The data is Unicode's own (UTS #39 ``confusables.txt``: each character's *prototype*, the
character or characters it looks like; and the ``Default_Ignorable_Code_Point`` property, the
characters a skeleton drops), read through the public API of `glyphguard
<https://pypi.org/project/glyphguard/>`_ (pure Python, Apache-2.0, its tables generated from the
Unicode Character Database with their checksums). The package itself does not depend on
glyphguard: it ships this file (about 100 kB) and reads it with the standard library, so the
classroom needs nothing new. To move to a newer Unicode::

    pip install --target /tmp/gg glyphguard
    PYTHONPATH=/tmp/gg .venv/bin/python scripts/confusables.py

The file: a comment line naming the source and the Unicode version; a line ``ignorable`` with the
default-ignorable code points as hex ranges; then one line a character with a prototype, its code
point and its prototype's code points, in hex.
"""

from __future__ import annotations

import pathlib
import sys

OUT = pathlib.Path(__file__).resolve().parents[1] / "borsen_widget" / "i18n" / "confusables.txt"


def _ranges(points: list[int]) -> list[str]:
    ranges: list[list[int]] = []
    for cp in points:
        if ranges and ranges[-1][1] == cp - 1:
            ranges[-1][1] = cp
        else:
            ranges.append([cp, cp])
    return [f"{a:04X}" if a == b else f"{a:04X}-{b:04X}" for a, b in ranges]


def main() -> None:
    try:
        import glyphguard
        from glyphguard import confusables, ucd
    except ImportError:
        sys.exit("glyphguard is needed: see this script's docstring")
    points = [cp for cp in range(0x110000) if not 0xD800 <= cp <= 0xDFFF]
    lines = [
        f"# UTS #39 prototypes and Default_Ignorable_Code_Point, Unicode {ucd.UNICODE_VERSION}, "
        f"from glyphguard {glyphguard.__version__} by scripts/confusables.py; do not edit. Unicode "
        "data: Copyright Unicode, Inc., Unicode License v3 (https://www.unicode.org/license.txt).",
        "ignorable " + " ".join(_ranges([cp for cp in points if ucd.is_default_ignorable(cp)])),
    ]
    for cp in points:
        prototype = confusables.prototype(chr(cp))
        if prototype != chr(cp):
            lines.append(f"{cp:04X} " + " ".join(f"{ord(c):04X}" for c in prototype))
    OUT.write_text("\n".join(lines) + "\n", encoding="ascii")
    print(f"{OUT}: {len(lines) - 2} prototypes, Unicode {ucd.UNICODE_VERSION}")


if __name__ == "__main__":
    main()
