"""The lesson's record as a spreadsheet opens it in the teacher's language:
``room.record.to_csv(path, excel=True)``.

A Norwegian Excel reads a CSV file by the computer's regional settings: fields split by ``;``
(the comma is the decimal sign), decimal commas, and the file's characters as UTF-8 only when
it starts with a byte-order mark (without it æ, ø and å come out garbled). So this file has:

- the headers in the room's language (bokmål, nynorsk or English);
- ``;`` between fields where the language writes a decimal comma (``,`` in English);
- numbers with the language's decimal sign and no grouping (``1 234,5`` with a space would be
  read as text), yes/no in words (*Ja*/*Nei*), the kind of question and a choice in words;
- an exact fraction written with the fraction slash (``2⁄7``, U+2044): with ``/`` a
  spreadsheet reads ``2/7`` as the 2nd of July.

The plain :meth:`~borsen_widget.classroom.record.Record.to_csv` (English column names,
commas, decimal points, True/False) stays as it was, for programs.
"""

from __future__ import annotations

import csv
import os
from collections.abc import Iterable

from ..i18n import Translator, formats

__all__ = [
    "column_titles",
    "play_titles",
    "spreadsheet_cell",
    "strategy_titles",
    "write_spreadsheet",
]


def column_titles(tr: Translator) -> dict[str, str]:
    """Each column's header in ``tr``'s language."""
    return {
        # TRANSLATORS: a column of the lesson's spreadsheet: the question's number.
        "question": tr.pgettext("spreadsheet column", "Question"),
        "kind": tr.pgettext("spreadsheet column", "Kind of question"),
        "student": tr.pgettext("spreadsheet column", "Student"),
        "answer": tr.pgettext("spreadsheet column", "Answer"),
        "truth": tr.pgettext("spreadsheet column", "Exact answer"),
        "truth_exact": tr.pgettext("spreadsheet column", "Exact answer as a fraction"),
        "error": tr.pgettext("spreadsheet column", "Error"),
        "points": tr.pgettext("spreadsheet column", "Points"),
        "seconds": tr.pgettext("spreadsheet column", "Seconds to answer"),
        "revealed": tr.pgettext("spreadsheet column", "Revealed"),
        "accepted": tr.pgettext("spreadsheet column", "Card accepted"),
        "player": tr.pgettext("spreadsheet column", "Player"),
        "pile": tr.pgettext("spreadsheet column", "Cards in the pile"),
        "deck": tr.pgettext("spreadsheet column", "Cards in the deck"),
    }


def strategy_titles(tr: Translator) -> dict[str, str]:
    """The headers of the strategies' table in ``tr``'s language."""
    return {
        "student": tr.pgettext("spreadsheet column", "Student"),
        # TRANSLATORS: a column of the strategies' spreadsheet: the name the student gave it.
        "strategy": tr.pgettext("spreadsheet column", "Strategy"),
        "rule": tr.pgettext("spreadsheet column", "The rule in words"),
        "submissions": tr.pgettext("spreadsheet column", "Times submitted"),
        "place": tr.pgettext("spreadsheet column", "Place in the tournament"),
        "rating": tr.pgettext("spreadsheet column", "Rating in the tournament"),
        "low": tr.pgettext("spreadsheet column", "Rating, lower end of the 95 % interval"),
        "high": tr.pgettext("spreadsheet column", "Rating, upper end of the 95 % interval"),
        "data": tr.pgettext("spreadsheet column", "The rule as data"),
    }


def play_titles(tr: Translator) -> dict[str, str]:
    """The headers of the table of the class's draws and decisions at tables."""
    return {
        # TRANSLATORS: a column of the class's plays: "draw" (a card turned) or "decision".
        "row": tr.pgettext("spreadsheet column", "Draw or decision"),
        "table": tr.pgettext("spreadsheet column", "Table"),
        "game": tr.pgettext("spreadsheet column", "Game"),
        "seat": tr.pgettext("spreadsheet column", "Seat"),
        "student": tr.pgettext("spreadsheet column", "Student"),
        "by": tr.pgettext("spreadsheet column", "Played by"),
        "chance": tr.pgettext("spreadsheet column", "Exact chance of acceptance"),
        "chance_exact": tr.pgettext("spreadsheet column", "Exact chance as a fraction"),
        "accepted": tr.pgettext("spreadsheet column", "Accepted"),
        "choice": tr.pgettext("spreadsheet column", "Choice"),
        "best": tr.pgettext("spreadsheet column", "Proven best choice"),
        # TRANSLATORS: a column of the class's plays: whether the phone showed the exact chance.
        "shown": tr.pgettext("spreadsheet column", "Exact chance shown"),
        "seconds": tr.pgettext("spreadsheet column", "Seconds into the lesson"),
    }


def _words(tr: Translator) -> dict[str, str]:
    """The words a cell may hold: kinds of question and the choices."""
    return {
        "chance": tr.pgettext("question kind", "chance"),
        "count": tr.pgettext("question kind", "count"),
        "expected": tr.pgettext("question kind", "expected cards"),
        "choice": tr.pgettext("question kind", "draw or bank"),
        "draw": tr.pgettext("answer", "draw"),
        "bank": tr.pgettext("answer", "bank"),
        "either": tr.gettext("either (equally good)"),
        "person": tr.pgettext("played by", "the pupil"),
        "bot": tr.pgettext("played by", "a bot"),
        "stand_in": tr.pgettext("played by", "a bot, while the pupil was away"),
        "decision": tr.pgettext("spreadsheet row", "decision"),
    }


def spreadsheet_cell(value, column: str, tr: Translator, decimal: str) -> str:
    """One cell as the spreadsheet should read it (see the module's text)."""
    if value is None:
        return ""
    if isinstance(value, bool):
        return tr.pgettext("spreadsheet", "Yes") if value else tr.pgettext("spreadsheet", "No")
    if isinstance(value, int):
        return str(value)
    if isinstance(value, float):
        text = f"{value:.6f}".rstrip("0").rstrip(".")
        return text.replace(".", decimal)
    text = str(value)
    if column in ("truth_exact", "chance_exact"):
        return text.replace("/", "\u2044")
    if column in ("kind", "answer", "truth", "row", "by", "choice", "best"):
        return _words(tr).get(text, text)
    return text


def write_spreadsheet(
    path: str | os.PathLike, rows: Iterable[dict], columns, tr: Translator, titles=None
):
    """Write ``rows`` to ``path`` for a spreadsheet in ``tr``'s language (``titles``: the
    headers, the answers' by default); returns the path."""
    path = os.fspath(path)
    decimal = formats(tr.language)["decimal"]
    delimiter = ";" if decimal == "," else ","
    titles = column_titles(tr) if titles is None else titles
    # UTF-8 with a byte-order mark: the mark is what makes Excel read æ, ø and å right.
    with open(path, "w", encoding="utf-8-sig", newline="") as handle:
        writer = csv.writer(handle, delimiter=delimiter)
        writer.writerow([titles[c] for c in columns])
        for row in rows:
            writer.writerow([spreadsheet_cell(row[c], c, tr, decimal) for c in columns])
    return path
