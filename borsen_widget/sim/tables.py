"""Tables without pandas: named columns shown as an HTML table, a DataFrame where pandas is.

:class:`Table` is what :func:`~borsen_widget.sim.simulate.simulate` builds its result tables
from, and what a notebook can build its own from, so the same cell shows the same table in
JupyterLab and on the offline JupyterLite page (where pandas is not available). Where pandas is
installed, :meth:`Table.to_pandas` makes it a ``DataFrame`` with the same index and columns.

Imports: the standard library only (pandas inside :meth:`Table.to_pandas`).
"""

from __future__ import annotations

import csv
import html
import math
from collections.abc import Iterable, Mapping, Sequence
from fractions import Fraction
from numbers import Integral, Real

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

    def format(self, value) -> str:
        """How one value is shown: floats with :attr:`digits` decimals, the rest as text."""
        if isinstance(value, bool):
            return str(value)
        if isinstance(value, float | Fraction) or (
            isinstance(value, Real) and not isinstance(value, Integral)
        ):
            number = float(value)
            return "nan" if math.isnan(number) else f"{number:.{self.digits}f}"
        return str(value)

    def _repr_html_(self) -> str:
        shown, cut = self._shown()
        head = "".join(f"<th>{html.escape(name)}</th>" for name in self._data)
        label = html.escape(str(self.index_name or ""))
        lines = [
            '<table class="borsen-table">',
            f"<thead><tr><th>{label}</th>{head}</tr></thead>",
            "<tbody>",
        ]
        for count, at in enumerate(shown):
            if cut and count == SHOWN_ROWS // 2:
                lines.append(f"<tr><th>…</th>{'<td>…</td>' * len(self._data)}</tr>")
            cells = "".join(
                f"<td>{html.escape(self.format(values[at]))}</td>" for values in self._data.values()
            )
            lines.append(f"<tr><th>{html.escape(str(self._index[at]))}</th>{cells}</tr>")
        lines.append("</tbody></table>")
        if cut:
            lines.append(f"<p>{len(self):,} rows × {len(self._data)} columns</p>")
        return "\n".join(lines)

    def to_string(self) -> str:
        """The table as aligned text (numbers right, text left)."""
        shown, cut = self._shown()
        header = [str(self.index_name or ""), *self._data]
        body = []
        for count, at in enumerate(shown):
            if cut and count == SHOWN_ROWS // 2:
                body.append(["…"] * len(header))
            values = [self._index[at], *(c[at] for c in self._data.values())]
            body.append([self.format(v) for v in values])
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
            lines.append(f"[{len(self):,} rows x {len(self._data)} columns]")
        return "\n".join(lines)

    def __repr__(self) -> str:
        return self.to_string()


def _as_list(values, name) -> list:
    if isinstance(values, str | bytes) or not isinstance(values, Iterable):
        raise TypeError(f"column {name!r} must be a sequence of values, not {values!r:.60}")
    tolist = getattr(values, "tolist", None)  # NumPy arrays and pandas Series: Python numbers
    return list(tolist()) if callable(tolist) else list(values)


def _is_number(value) -> bool:
    return isinstance(value, Real) and not isinstance(value, bool)


def _csv_value(value):
    return repr(float(value)) if isinstance(value, Fraction) else value
