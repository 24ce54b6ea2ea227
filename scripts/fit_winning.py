"""Write the table that :class:`borsen_widget.play.winning_bot.WinningBot` ships with: the chance
of winning of every state of the compressed game (``borsen_widget/play/winning_model.py``) under
the original rules for two players, solved exactly by backward induction, each chance kept in
1/255ths. ``tests/play/test_winning_table.py`` solves it again and compares.

Run: ``.venv/bin/python scripts/fit_winning.py`` (about a second with NumPy).
"""

from __future__ import annotations

from pathlib import Path

from borsen_widget import Rules
from borsen_widget.play.winning_bot import TABLE_FILE, quantise, write_table
from borsen_widget.play.winning_model import model_of, solve

OUT = Path(__file__).resolve().parents[1] / "borsen_widget" / "play" / "data" / TABLE_FILE


def main() -> None:
    model = model_of(Rules(players=2))
    table = quantise(solve(model))
    write_table(OUT, model, table, "scripts/fit_winning.py: solve(model_of(Rules(players=2)))")
    print(f"wrote {OUT} ({OUT.stat().st_size:,} bytes, {model.size:,} states)")


if __name__ == "__main__":
    main()
