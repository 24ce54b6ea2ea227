"""Write the rule options' table into the documentation's page about the widget
(docs/shared/reference/widget.md, "Change the rules live") from their declarations
(``borsen_widget.engine.options.markdown_table``); ``tests/engine/test_options.py`` fails while
the page's copy is stale. Run: ``python scripts/options_table.py``."""

from __future__ import annotations

import re
from pathlib import Path

from borsen_widget.engine.options import markdown_table

PAGE = Path(__file__).resolve().parents[1] / "docs" / "shared" / "reference" / "widget.md"
TABLE = re.compile(r"(<!-- options table.*?-->\n).*?(\n<!-- end of the options table -->)", re.S)


def main() -> None:
    text = PAGE.read_text(encoding="utf-8")
    new, count = TABLE.subn(lambda m: m.group(1) + markdown_table() + m.group(2), text)
    if count != 1:
        raise SystemExit(f"{PAGE.name} has no options table markers")
    if new != text:
        PAGE.write_text(new, encoding="utf-8")
        print(f"{PAGE.name}: the options table was updated")


if __name__ == "__main__":
    main()
