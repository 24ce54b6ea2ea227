"""Tables without pandas: named columns shown as an HTML table, a DataFrame where pandas is.

:class:`Table` is what :func:`~borsen_widget.sim.simulate.simulate` builds its result tables
from, and what a notebook can build its own from, so the same cell shows the same table in
JupyterLab and on the offline JupyterLite page (where pandas is not available). Where pandas is
installed, :meth:`Table.to_pandas` makes it a ``DataFrame`` with the same index and columns.

A table is shown in a language (``Table(..., language="nb")``; default: the one
:func:`~borsen_widget.i18n.set_language` chose when it is shown, else English): its numbers the
language's way (``0,333``, ``1 000``) and its headers from ``headers`` (the column names stay
what programs read: ``table["win_rate"]``, the CSV, the ``DataFrame``).

Imports: the standard library and :mod:`borsen_widget.i18n` (pandas inside
:meth:`Table.to_pandas`).
"""

from __future__ import annotations

import csv
import html
import math
from collections.abc import Iterable, Mapping, Sequence
from fractions import Fraction
from numbers import Integral, Real

from ..i18n import format_list, format_number, resolve_language, translator

__all__ = ["Table"]

#: Rows a table shows before it shows only its first and last rows (as pandas does).
SHOWN_ROWS = 20


class Table:
    """Rows and named columns: ``Table({"k": [1, 2], "win rate": [0.31, 0.35]}, index="k")``.

    - ``columns``: column name → values, every column as long as the others. NumPy arrays,
      pandas Series and other sequences are read as lists.
    - ``index``: the name of the column that labels the rows (it leaves the columns), or a
      sequence of row labels; ``None``: rows are numbered from 0.
    - ``index_name``: what the row labels are called (default: the index column's name).
    - ``digits``: decimals shown for floats (the values themselves are kept exactly).
    - ``headers``: the header a person reads for a column (or the index), by its name: a text
      shown as written, or a message of the package's catalogues declared with
      :func:`~borsen_widget.i18n.NP_` (``NP_("table column", "win rate")``, or with a third
      item, its placeholders' values), shown in the table's language. A column without one
      shows its name.
    - ``language``: ``"en"``, ``"nb"``, ``"nn"`` (or a tag naming one); ``None``: the one
      chosen with :func:`~borsen_widget.i18n.set_language` when the table is shown, else
      English. Numbers are written its way (``0,333``, ``1 000``; a column of ``ungrouped``
      whole numbers, such as seeds, without thousands groups), and so are the table's own words.
    - ``words``: how the values of a column are told, by column name: ``{"end_reason":
      {"deck": NP_("end reason", "the deck ran out")}}`` (a text or a message, as
      ``headers``); the values themselves stay as they are.

    ``table["win rate"]`` is a column as a list, ``table.row(label)`` one row as a dict,
    ``len(table)`` the number of rows; a notebook shows it as an HTML table.
    """

    def __init__(
        self,
        columns: Mapping[str, Iterable],
        *,
        index: str | Sequence | None = None,
        index_name: str | None = None,
        digits: int = 3,
        headers: Mapping[str, str | tuple[str, str]] | None = None,
        language: str | None = None,
        ungrouped: Iterable[str] = (),
        words: Mapping[str, Mapping] | None = None,
    ):
        if not isinstance(columns, Mapping):
            raise TypeError(f"columns must map names to values, not {type(columns).__name__}")
        data = {str(name): _as_list(values, name) for name, values in columns.items()}
        if isinstance(index, str):
            if index not in data:
                raise ValueError(f"index {index!r} is not a column: {', '.join(data)}")
            labels = data.pop(index)
            index_name = index if index_name is None else index_name
        elif index is None:
            labels = None
        else:
            labels = _as_list(index, "index")
        lengths = {name: len(values) for name, values in data.items()}
        if len(set(lengths.values())) > 1:
            shown = ", ".join(f"{name} {n}" for name, n in lengths.items())
            raise ValueError(f"every column must be as long as the others, not {shown}")
        rows = next(iter(lengths.values()), len(labels) if labels is not None else 0)
        if labels is None:
            labels = list(range(rows))
        elif len(labels) != rows:
            raise ValueError(f"the index has {len(labels)} labels for {rows} rows")
        if isinstance(digits, bool) or not isinstance(digits, Integral) or not 0 <= digits <= 15:
            raise ValueError(f"digits must be a whole number from 0 to 15, not {digits!r}")
        self._data = data
        self._index = labels
        self.index_name = index_name
        self.digits = int(digits)
        self.headers = dict(headers or {})
        for name, label in self.headers.items():
            if not isinstance(label, str) and not _is_message(label):
                raise TypeError(f"the header of {name!r} must be a text or NP_(context, message)")
        self.language = None if language is None else resolve_language(language)
        self.ungrouped = frozenset(str(name) for name in ungrouped)
        self.words = {str(name): dict(told) for name, told in (words or {}).items()}
        for name, told in self.words.items():
            if not all(isinstance(t, str) or _is_message(t) for t in told.values()):
                raise TypeError(f"the words of {name!r} must be texts or NP_(context, message)")

    # ------------------------------------------------------------------ reading

    @property
    def columns(self) -> list[str]:
        """The column names, in order."""
        return list(self._data)

    @property
    def index(self) -> list:
        """The row labels, in order."""
        return list(self._index)

    def __len__(self) -> int:
        return len(self._index)

    def __getitem__(self, name: str) -> list:
        """One column as a list."""
        try:
            return list(self._data[name])
        except (KeyError, TypeError):
            raise KeyError(f"no column {name!r}: {', '.join(self._data)}") from None

    def row(self, label) -> dict:
        """The row labelled ``label`` as ``{column: value}``."""
        try:
            at = self._index.index(label)
        except ValueError:
            raise KeyError(f"no row {label!r}") from None
        return {name: values[at] for name, values in self._data.items()}

    def rows(self) -> list[dict]:
        """Every row as ``{index_name or "index": label, column: value, ...}``."""
        key = self.index_name or "index"
        return [
            {key: label, **{name: values[at] for name, values in self._data.items()}}
            for at, label in enumerate(self._index)
        ]

    def head(self, n: int = 5) -> Table:
        """The first ``n`` rows."""
        return self._take(slice(0, max(int(n), 0)))

    def tail(self, n: int = 5) -> Table:
        """The last ``n`` rows."""
        return self._take(slice(max(len(self) - int(n), 0), None))

    def _take(self, part: slice) -> Table:
        return Table(
            {name: values[part] for name, values in self._data.items()},
            index=self._index[part],
            index_name=self.index_name,
            digits=self.digits,
            headers=self.headers,
            language=self.language,
            ungrouped=self.ungrouped,
            words=self.words,
        )

    def __eq__(self, other) -> bool:
        if not isinstance(other, Table):
            return NotImplemented
        return (self._data, self._index, self.index_name) == (
            other._data,
            other._index,
            other.index_name,
        )

    __hash__ = None  # mutable lists inside: like a list, a table is not hashable

    # ------------------------------------------------------------------ conversions

    def to_pandas(self):
        """The table as a pandas ``DataFrame`` (needs pandas: ``pip install pandas``)."""
        import pandas as pd

        frame = pd.DataFrame(self._data, index=pd.Index(self._index, name=self.index_name))
        return frame

    def to_csv(self, path) -> None:
        """Write the table to ``path`` as CSV, the row labels first."""
        with open(path, "w", newline="", encoding="utf-8") as handle:
            writer = csv.writer(handle)
            writer.writerow([self.index_name or "", *self._data])
            columns = list(self._data.values())
            for at, label in enumerate(self._index):
                writer.writerow([_csv_value(label), *(_csv_value(c[at]) for c in columns)])

    # ------------------------------------------------------------------ showing

    def _shown(self) -> tuple[list[int], bool]:
        """The rows shown, and whether some in the middle are left out."""
        n = len(self)
        if n <= SHOWN_ROWS:
            return list(range(n)), False
        half = SHOWN_ROWS // 2
        return [*range(half), *range(n - half, n)], True

    def _language(self, language: str | None) -> str:
        return resolve_language(language if language is not None else self.language)

    def header(self, name: str, language: str | None = None) -> str:
        """The header a person reads for the column (or index) ``name``: its entry of
        :attr:`headers` in ``language`` (default: the table's), else the name itself."""
        label = self.headers.get(name)
        return name if label is None else self._told(label, language)

    def _told(self, label, language: str | None) -> str:
        if isinstance(label, tuple):
            context, message, *values = label
            tr = translator(self._language(language))
            return tr.pgettext(context, message, **(values[0] if values else {}))
        return label

    def _cell(self, name: str, value, language: str, grouped: bool) -> str:
        told = self.words.get(name)
        if told:
            try:
                if value in told:
                    return self._told(told[value], language)
            except TypeError:  # an unhashable value is told as it is
                pass
        return self.format(value, language, grouped=grouped)

    def format(self, value, language: str | None = None, *, grouped: bool = True) -> str:
        """How one value is shown in ``language`` (default: the table's): floats with
        :attr:`digits` decimals (``0,333`` / ``0.333``), whole numbers with thousands groups
        (``1 000`` / ``1,000``) unless ``grouped`` is false, a missing value (NaN) as ``–``, a
        tuple as a list (``0 og 2``), anything else as its text."""
        if isinstance(value, bool):
            return str(value)
        if isinstance(value, tuple):  # several seats: "0 og 2" / "0 and 2"
            items = [self.format(v, language, grouped=grouped) for v in value]
            return format_list(items, self._language(language))
        if isinstance(value, Integral):
            if not grouped:
                return str(int(value))
            return format_number(int(value), self._language(language), 0)
        if isinstance(value, Real):
            number = float(value)
            if math.isnan(number):
                return "–"
            if math.isinf(number):
                return "∞" if number > 0 else "−∞"
            shown = value if isinstance(value, Fraction) else number
            digits = self.digits
            return format_number(shown, self._language(language), digits, digits)
        return str(value)

    def _size_note(self, tr) -> str:
        rows = tr.npgettext("table size", "{count} row", "{count} rows", len(self), count=len(self))
        columns = tr.npgettext(
            "table size",
            "{count} column",
            "{count} columns",
            len(self._data),
            count=len(self._data),
        )
        return tr.pgettext("table size", "{rows} × {columns}", rows=rows, columns=columns)

    def _repr_html_(self) -> str:
        return self.to_html()

    def to_html(self, language: str | None = None) -> str:
        """The table as HTML in ``language`` (default: the table's): what a notebook shows."""
        language = self._language(language)
        tr = translator(language)
        shown, cut = self._shown()
        plain = [name not in self.ungrouped for name in self._data]
        names = list(self._data)
        head = "".join(
            f"<th>{html.escape(self.header(name, language))}</th>" for name in self._data
        )
        label = html.escape(self.header(str(self.index_name or ""), language))
        lines = [
            f'<table class="borsen-table" lang="{language}">',
            f"<thead><tr><th>{label}</th>{head}</tr></thead>",
            "<tbody>",
        ]
        for count, at in enumerate(shown):
            if cut and count == SHOWN_ROWS // 2:
                lines.append(f"<tr><th>…</th>{'<td>…</td>' * len(self._data)}</tr>")
            cells = "".join(
                f"<td>{html.escape(self._cell(name, values[at], language, grouped))}</td>"
                for name, values, grouped in zip(names, self._data.values(), plain, strict=True)
            )
            lines.append(f"<tr><th>{html.escape(str(self._index[at]))}</th>{cells}</tr>")
        lines.append("</tbody></table>")
        if cut:
            lines.append(f"<p>{html.escape(self._size_note(tr))}</p>")
        return "\n".join(lines)

    def to_string(self, language: str | None = None) -> str:
        """The table as aligned text (numbers right, text left) in ``language`` (default: the
        table's)."""
        language = self._language(language)
        shown, cut = self._shown()
        names = [str(self.index_name or ""), *self._data]
        header = [self.header(name, language) if name else "" for name in names]
        plain = [False, *(name not in self.ungrouped for name in self._data)]  # labels: ungrouped
        body = []
        for count, at in enumerate(shown):
            if cut and count == SHOWN_ROWS // 2:
                body.append(["…"] * len(header))
            values = [self._index[at], *(c[at] for c in self._data.values())]
            body.append(
                [
                    self._cell(name, v, language, g)
                    for name, v, g in zip(["", *self._data], values, plain, strict=True)
                ]
            )
        numeric = [
            all(_is_number(v) for v in [self._index, *self._data.values()][j])
            for j in range(len(header))
        ]
        widths = [max(len(r[j]) for r in [header, *body]) for j in range(len(header))]
        lines = []
        for cells in [header, *body]:
            parts = [
                cell.rjust(width) if number else cell.ljust(width)
                for cell, width, number in zip(cells, widths, numeric, strict=True)
            ]
            lines.append("  ".join(parts).rstrip())
        if cut:
            lines.append(f"[{self._size_note(translator(language))}]")
        return "\n".join(lines)

    def __repr__(self) -> str:
        return self.to_string()


def _as_list(values, name) -> list:
    if isinstance(values, str | bytes) or not isinstance(values, Iterable):
        raise TypeError(f"column {name!r} must be a sequence of values, not {values!r:.60}")
    tolist = getattr(values, "tolist", None)  # NumPy arrays and pandas Series: Python numbers
    return list(tolist()) if callable(tolist) else list(values)


def _is_message(label) -> bool:
    """``(context, message)`` from :func:`~borsen_widget.i18n.NP_`, or with a third item, the
    message's placeholder values (``("table column", "score of seat {seat}", {"seat": 0})``)."""
    if not isinstance(label, tuple) or len(label) not in (2, 3):
        return False
    return all(isinstance(p, str) for p in label[:2]) and (
        len(label) == 2 or isinstance(label[2], Mapping)
    )


def _is_number(value) -> bool:
    return isinstance(value, Real) and not isinstance(value, bool)


def _csv_value(value):
    return repr(float(value)) if isinstance(value, Fraction) else value
