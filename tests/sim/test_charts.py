"""sim/charts.py: Vega-Lite specifications a notebook draws (JupyterLab, JupyterLite, VS Code).

What is checked here is the specification itself (its data, marks and encodings); that the
renderer draws it, offline, is checked in a browser by tests/browser/test_lite.py.
"""

from __future__ import annotations

import itertools
import json
from fractions import Fraction

import numpy as np
import pandas as pd
import pytest
from hypothesis import given
from hypothesis import strategies as st

from borsen_widget.i18n import formats, translator, use_language
from borsen_widget.sim.charts import MIME_TYPE, PALETTE, Chart, ChartRow


def layers(chart) -> list[dict]:
    return chart.to_dict()["layer"]


def test_a_chart_is_a_vega_lite_mime_bundle_of_plain_json():
    chart = Chart("Title", x="k", y="rate").line([1, 2, 3], [0.1, 0.2, 0.3], label="a")
    bundle = chart._repr_mimebundle_()
    assert set(bundle) == {MIME_TYPE, "text/plain"}
    assert MIME_TYPE == "application/vnd.vegalite.v5+json"
    spec = bundle[MIME_TYPE]
    assert spec["$schema"].endswith("vega-lite/v5.json") and spec["title"] == "Title"
    json.dumps(spec, allow_nan=False)  # strict JSON: no NaN, no numpy types
    assert json.loads(chart.to_json()) == spec
    assert "Title" in bundle["text/plain"] and "line" in bundle["text/plain"]


def test_bars_keep_their_order_and_carry_error_bars():
    chart = Chart(x="bot", y="win rate").bars(
        ["b", "a", "c"], [0.3, 0.5, 0.2], low=[0.2, 0.4, 0.1], high=[0.4, 0.6, 0.3]
    )
    (group,) = layers(chart)
    rows = group["data"]["values"]
    assert [r["x"] for r in rows] == ["b", "a", "c"]
    assert [(r["low"], r["y"], r["high"]) for r in rows][1] == (0.4, 0.5, 0.6)
    bar, rule, low, high = group["layer"]
    assert bar["encoding"]["x"]["sort"] == ["b", "a", "c"]  # the order given, not alphabetical
    assert bar["encoding"]["color"] == {"value": PALETTE[0]}  # no label: no legend
    assert rule["encoding"]["y"]["field"] == "low" and rule["encoding"]["y2"]["field"] == "high"
    assert (low["mark"]["type"], high["mark"]["type"]) == ("tick", "tick")
    assert bar["encoding"]["y"]["title"] == "win rate"
    assert "xOffset" not in bar["encoding"]  # one series: no groups


def test_bars_of_several_labels_stand_side_by_side_with_a_legend():
    chart = Chart().bars([0, 1], [0.3, 0.4], label="old").bars([0, 1], [0.35, 0.3], label="new")
    bar = layers(chart)[0]["layer"][0]
    assert bar["encoding"]["xOffset"]["field"] == "series"
    colour = bar["encoding"]["color"]
    assert colour["legend"]["values"] == ["old", "new"]
    assert colour["scale"]["range"] == list(PALETTE[:2])


def test_lines_bands_rules_and_steps():
    chart = Chart(x_log=True, y_domain=(0, 1))
    chart.band([1, 10, 100], [0.2, 0.4, 0.45], [0.8, 0.6, 0.55], label="band", color="orange")
    chart.line([1, 10, 100], [0.9, 0.4, 0.52], label="share", points=True)
    chart.line([1, 10, 100], [0.5, 0.5, 0.5], step=True, dash=True)
    chart.rule(0.5, label="exact p = 1/2", color="red")
    band, line, step, rule, text = layers(chart)
    assert band["mark"]["type"] == "area" and band["encoding"]["y2"] == {"field": "high"}
    assert band["encoding"]["x"]["scale"] == {"type": "log", "nice": False}  # and no "zero"
    assert line["mark"]["point"] is True and line["encoding"]["y"]["scale"]["domain"] == [0, 1]
    assert step["mark"]["interpolate"] == "step-after" and step["mark"]["strokeDash"]
    assert rule["data"]["values"] == [{"y": 0.5}] and rule["mark"]["color"] == "#e45756"
    assert text["data"]["values"][0]["text"] == "exact p = 1/2"
    colours = line["encoding"]["color"]
    assert colours["legend"]["values"] == ["band", "share"]  # the unlabelled line has none
    assert colours["scale"]["range"][:2] == ["#f58518", PALETTE[0]]  # "orange", then the first
    assert len(set(colours["scale"]["range"])) == 3  # a colour a series took is not given again


def test_numbers_from_numpy_pandas_and_fractions_become_json_numbers():
    chart = Chart().line(
        np.arange(3), pd.Series([Fraction(1, 3), np.float64(0.5), float("nan")]), label="x"
    )
    rows = layers(chart)[0]["data"]["values"]
    assert [r["x"] for r in rows] == [0, 1, 2] and all(type(r["x"]) is int for r in rows)
    assert rows[0]["y"] == pytest.approx(1 / 3) and rows[1]["y"] == 0.5
    assert rows[2]["y"] is None  # a missing value, not NaN (not JSON)
    json.dumps(chart.to_dict(), allow_nan=False)


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (lambda c: c.line([1, 2], [1]), "as long as each other"),
        (lambda c: c.bars(["a"], [1], low=[0]), "both low and high"),
        (lambda c: c.line([1], [float("inf")]), "finite"),
        (lambda c: c.line([1], ["tall"]), "numbers"),
        (lambda c: c.line("abc", [1, 2, 3]), "sequence"),
        (lambda c: c.histogram([1], bins=[2, 1]), "increasing"),
        (lambda c: c.band([1], [0], [1], opacity=2), "opacity"),
    ],
)
def test_bad_data_is_refused_with_a_sentence(call, message):
    with pytest.raises(ValueError, match=message):
        call(Chart())


def test_bad_sizes_and_domains_are_refused():
    with pytest.raises(ValueError, match="width"):
        Chart(width=10**9)
    with pytest.raises(ValueError, match="y_domain"):
        Chart(y_domain=(1, 0))
    with pytest.raises(TypeError):
        ChartRow(Chart(), "not a chart")


@given(
    values=st.lists(st.integers(-5, 60) | st.floats(-5, 60, allow_nan=False), max_size=200),
    edges=st.lists(st.integers(0, 50), min_size=2, max_size=12, unique=True).map(sorted),
)
def test_a_histogram_counts_as_numpy_does(values, edges):
    """Property: the bins' counts are NumPy's (the last bin holds its right edge; values
    outside every bin are not counted)."""
    chart = Chart().histogram(values, bins=edges)
    (layer,) = layers(chart)
    assert layer["encoding"]["x"]["bin"] == {"binned": True}  # bars from 0, bin to bin
    assert layer["encoding"]["x2"] == {"field": "x2"}
    rows = layer["data"]["values"]
    expected, _ = np.histogram(np.array(values, dtype=float), bins=np.array(edges, dtype=float))
    assert [r["y"] for r in rows] == expected.tolist()
    assert [(r["x"], r["x2"]) for r in rows] == list(itertools.pairwise(edges))


def test_charts_side_by_side():
    left = Chart("left").bars(["a"], [1])
    right = Chart("right").histogram([1, 2, 2], bins=range(0, 4))
    row = left | right
    assert isinstance(row, ChartRow) and len((row | Chart("third")).charts) == 3
    spec = row._repr_mimebundle_()[MIME_TYPE]
    assert [c["title"] for c in spec["hconcat"]] == ["left", "right"]
    assert "$schema" in spec and all("$schema" not in c for c in spec["hconcat"])


def test_an_empty_chart_is_still_a_valid_spec():
    spec = Chart("nothing yet").to_dict()
    assert spec["layer"] and json.dumps(spec)


def nulls(value, path="spec") -> list[str]:
    """Where a specification holds None (outside its data, where a missing value may be)."""
    if value is None:
        return [path]
    if isinstance(value, dict):
        return [p for k, v in value.items() if k != "data" for p in nulls(v, f"{path}.{k}")]
    if isinstance(value, list):
        return [p for i, v in enumerate(value) for p in nulls(v, f"{path}[{i}]")]
    return []


def test_no_null_in_any_specification():
    """JupyterLite's kernel (Pyodide) turns None into JavaScript's undefined, which JSON drops:
    a null (no sort, no legend, no title) would silently become a default on the page, and
    the page's bars came out in alphabetical order until this held."""
    charts = [
        Chart("a").bars(["b", "a"], [1, 2]),
        Chart().bars(["b", "a"], [1, 2], label="x").bars(["b", "a"], [2, 1], label="y"),
        Chart().bars(["b", "a"], [1, 2]).bars(["b", "a"], [2, 1]),  # two series, no labels
        Chart(x_log=True, y_domain=(0, 1)).band([1, 2], [0, 0], [1, 1]).line([1, 2], [0.5, None]),
        Chart().line(["x", "y"], [1, 2], label="s").rule(1, label="r").histogram([1], bins=[0, 2]),
    ]
    for chart in [*charts, charts[0] | charts[1]]:
        assert nulls(chart.to_dict()) == [], chart


# ---------------------------------------------------------------------- languages


@pytest.mark.parametrize("language", ["en", "nb", "nn"])
def test_numbers_are_written_the_languages_way_through_vegas_locale(language):
    """Issue 21: Vega's number locale (d3-format's) from the language's CLDR symbols: an axis
    reads 0,25 and 42 % in bokmål and nynorsk."""
    f = formats(language)
    spec = Chart("t", y_format=".0%", language=language).line([1, 2], [0.25, 0.5]).to_dict()
    number = spec["config"]["locale"]["number"]
    assert number["decimal"] == f["decimal"] and number["thousands"] == f["group"]
    assert number["percent"] == f["percent_suffix"] and number["grouping"] == [3]
    assert len(number["currency"]) == 2
    if language == "en":
        assert (number["decimal"], number["thousands"], number["percent"]) == (".", ",", "%")
    else:
        assert (number["decimal"], number["thousands"]) == (",", "\u00a0")
        assert number["percent"] == "\u00a0%"
    (line,) = spec["layer"]
    assert line["encoding"]["y"]["axis"] == {"format": ".0%"}
    tips = {tip["field"]: tip for tip in line["encoding"]["tooltip"]}
    assert tips["y"]["format"] == ".0%" and tips["x"]["title"] == "x"
    row = (Chart(language=language) | Chart()).to_dict()
    assert row["config"] == spec["config"] and all("config" not in c for c in row["hconcat"])


def test_the_charts_own_words_follow_its_language():
    chart = Chart("t", x="k", y="andel").bars(["a"], [0.5], low=[0.4], high=[0.6], label="s")
    chart.band([1, 2], [0, 0], [1, 1]).histogram([1, 2], bins=[0, 2, 4])
    with use_language("nn"):
        spec = chart.to_dict()
    bars, band, histogram = spec["layer"]
    tips = [tip["title"] for tip in bars["layer"][0]["encoding"]["tooltip"]]
    assert tips == ["k", "andel", "nedre grense", "øvre grense", "serie"]
    assert [t["title"] for t in band["encoding"]["tooltip"]] == ["k", "nedre grense", "øvre grense"]
    assert [t["title"] for t in histogram["encoding"]["tooltip"]] == ["frå", "til", "andel"]
    assert spec["config"]["locale"]["number"]["decimal"] == ","
    english = chart.to_dict()  # no language of its own: the chosen one when drawn
    assert english["config"]["locale"]["number"]["decimal"] == "."
    assert english["layer"][2]["encoding"]["tooltip"][0]["title"] == "from"
    assert Chart(language="nb").to_dict()["config"]["locale"]["number"]["decimal"] == ","
    assert translator("nn").missing == set()
    with pytest.raises(ValueError, match="y_format"):
        Chart(y_format=3)
