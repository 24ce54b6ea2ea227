"""sim/tables.py: tables without pandas (HTML in a notebook, text in a terminal, CSV, and a
DataFrame where pandas is installed)."""

from __future__ import annotations

import math
import re
from fractions import Fraction

import numpy as np
import pandas as pd
import pytest

from borsen_widget.i18n import NP_, translator, use_language
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


# ---------------------------------------------------------------------- languages


def test_a_table_shows_numbers_and_headers_in_its_language():
    """Issue 21: 0,333 and 1 000 in bokmål and nynorsk; the headers are messages of the
    catalogues, the column names stay what programs read."""
    columns = {
        "k": [1, 2],
        "win_rate": [Fraction(1, 3), -0.5],
        "games": [1000, 2],
        "seed": [12345, 7],
    }
    headers = {"win_rate": NP_("table column", "win rate"), "games": NP_("table column", "games")}
    table = Table(columns, index="k", headers=headers, ungrouped=["seed"], language="nb")
    html = table._repr_html_()
    assert "<th>vinnerandel</th>" in html and "<th>spill</th>" in html and 'lang="nb"' in html
    assert "<td>0,333</td>" in html and "<td>1\u00a0000</td>" in html and "<td>-0,500</td>" in html
    assert "<td>12345</td>" in html  # a seed is a name: no groups
    assert table.columns == ["win_rate", "games", "seed"] and table["win_rate"][0] == Fraction(1, 3)
    assert table.to_pandas().columns.tolist() == ["win_rate", "games", "seed"]
    nynorsk = table.to_string("nn").splitlines()
    assert nynorsk[0].split() == ["k", "vinnarandel", "spel", "seed"]
    cells = [cell for cell in nynorsk[1].split(" ") if cell]  # not at the no-break space
    assert cells == ["1", "0,333", "1\u00a0000", "12345"]
    english = table.to_html("en")
    assert "<th>win rate</th>" in english and "<td>1,000</td>" in english and 'lang="en"' in english
    assert Table({"a": [1]}, headers={"a": "my own words"}).header("a", "nn") == "my own words"
    with pytest.raises(TypeError, match="header"):
        Table({"a": [1]}, headers={"a": 3})


def test_a_table_without_a_language_follows_set_language_when_shown():
    table = Table({"x": [0.25]}, headers={"x": NP_("table column", "games")})
    assert "<td>0.250</td>" in table._repr_html_()
    with use_language("nn"):
        assert "<td>0,250</td>" in table._repr_html_() and "<th>spel</th>" in table._repr_html_()
        long = Table({"x": list(range(1000))})
        assert "1\u00a0000 rader × 1 kolonne" in long._repr_html_()
        assert long.to_string().endswith("[1\u00a0000 rader × 1 kolonne]")
    assert "<td>0.250</td>" in table._repr_html_()
    assert Table({"x": [0.25]}, language="nb-NO").language == "nb"
    assert translator("nb").missing == set() and translator("nn").missing == set()


def test_a_columns_values_may_be_told_in_words_and_tuples_as_lists():
    """The games' end reasons stay "deck" and "max_turns" for programs; a person reads them in
    words, and the winning seats (a tuple) as a list."""
    words = {"end": {"deck": NP_("end reason", "the deck ran out"), "odd": "odd one"}}
    table = Table({"end": ["deck", "odd", "other"], "won": [(0, 2), (1,), ()]}, words=words)
    assert table["end"] == ["deck", "odd", "other"]
    nb = texts(table.to_html("nb"))
    assert nb[3:] == ["0", "børsen ble tom", "0 og 2", "1", "odd one", "1", "2", "other", ""]
    assert "the deck ran out" in table.to_string("en") and "0 and 2" in table.to_string("en")
    assert "børsen vart tom" in table.to_string("nn") and "0 og 2" in table.to_string("nn")
    with pytest.raises(TypeError, match="words"):
        Table({"a": [1]}, words={"a": {1: 2}})


def texts(html: str) -> list[str]:
    return re.findall(r"<t[hd]>([^<]*)</t[hd]>", html)
