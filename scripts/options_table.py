"""Write the rule options' table into README.md from their declarations
(``borsen_widget.engine.options.markdown_table``); ``tests/engine/test_options.py`` fails while
the README's copy is stale. Run: ``python scripts/options_table.py``."""

from __future__ import annotations

import re
from pathlib import Path

from borsen_widget.engine.options import markdown_table

README = Path(__file__).resolve().parents[1] / "README.md"
TABLE = re.compile(r"(<!-- options table.*?-->\n).*?(\n<!-- end of the options table -->)", re.S)


def main() -> None:
    text = README.read_text(encoding="utf-8")
    new, count = TABLE.subn(lambda m: m.group(1) + markdown_table() + m.group(2), text)
    if count != 1:
        raise SystemExit("README.md has no options table markers")
    if new != text:
        README.write_text(new, encoding="utf-8")
        print("README.md: the options table was updated")


if __name__ == "__main__":
    main()
