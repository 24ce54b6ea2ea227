"""sim/tables.py: tables without pandas (HTML in a notebook, text in a terminal, CSV, and a
DataFrame where pandas is installed)."""

from __future__ import annotations

import math
from fractions import Fraction

import numpy as np
import pandas as pd
import pytest

from borsen_widget.sim.tables import SHOWN_ROWS, Table


def test_columns_index_rows_and_access():
    table = Table({"k": [1, 2, 3], "rate": [0.25, 0.5, 0.125], "name": ["a", "b", "c"]}, index="k")
    assert table.columns == ["rate", "name"] and table.index == [1, 2, 3]
    assert table.index_name == "k" and len(table) == 3
    assert table["rate"] == [0.25, 0.5, 0.125] and table.row(2) == {"rate": 0.5, "name": "b"}
    assert table.rows()[0] == {"k": 1, "rate": 0.25, "name": "a"}
    assert table.head(2).index == [1, 2] and table.tail(1).index == [3]
    numbered = Table({"x": np.arange(3), "y": pd.Series([1.5, 2.5, 3.5])})
    assert numbered.index == [0, 1, 2] and numbered["x"] == [0, 1, 2]
    assert type(numbered["x"][0]) is int  # NumPy's numbers become Python's
    with pytest.raises(KeyError, match="no column"):
        table["missing"]
    with pytest.raises(KeyError, match="no row"):
        table.row(9)


@pytest.mark.parametrize(
    ("columns", "options", "message"),
    [
        ({"a": [1, 2], "b": [1]}, {}, "as long as the others"),
        ({"a": [1]}, {"index": "b"}, "not a column"),
        ({"a": [1]}, {"index": [1, 2]}, "labels for 1 rows"),
        ({"a": "text"}, {}, "sequence"),
        ({"a": [1]}, {"digits": 99}, "digits"),
    ],
)
def test_bad_tables_are_refused(columns, options, message):
    with pytest.raises((ValueError, TypeError), match=message):
        Table(columns, **options)
    with pytest.raises(TypeError):
        Table([1, 2, 3])


def test_html_escapes_text_and_formats_numbers():
    table = Table(
        {"who": ["<b>Ada</b>", "Bo & Cy"], "p": [Fraction(1, 3), math.nan], "n": [1, 2]},
        index_name="seat",
    )
    html = table._repr_html_()
    assert "&lt;b&gt;Ada&lt;/b&gt;" in html and "Bo &amp; Cy" in html and "<b>" not in html
    assert "<td>0.333</td>" in html and "<td>–</td>" in html and "<td>2</td>" in html  # NaN: –
    assert "<th>seat</th>" in html
    assert Table({"p": [0.5]}, digits=1)._repr_html_().count("<td>0.5</td>") == 1


def test_a_long_table_shows_its_first_and_last_rows():
    table = Table({"x": list(range(1000))})
    html, text = table._repr_html_(), table.to_string()
    assert html.count("<tr>") == SHOWN_ROWS + 2  # the header, the rows shown, the "…" row
    assert "<th>999</th>" in html and "<th>500</th>" not in html and "1,000 rows" in html
    assert "[1,000 rows × 1 column]" in text
    assert repr(Table({"x": [1, 22]}, index=["a", "b"])).splitlines() == [
        "    x",
        "a   1",
        "b  22",
    ]


def test_to_pandas_and_to_csv(tmp_path):
    table = Table({"k": [1, 2], "rate": [0.5, Fraction(1, 4)], "who": ["a", "b"]}, index="k")
    frame = table.to_pandas()
    assert list(frame.columns) == ["rate", "who"] and frame.index.name == "k"
    assert frame.loc[2, "who"] == "b"
    table.to_csv(tmp_path / "t.csv")
    back = pd.read_csv(tmp_path / "t.csv", index_col="k")
    assert back["rate"].tolist() == [0.5, 0.25] and back["who"].tolist() == ["a", "b"]


def test_tables_compare_by_content():
    assert Table({"a": [1]}) == Table({"a": [1]}) != Table({"a": [2]})
    with pytest.raises(TypeError):
        hash(Table({"a": [1]}))
