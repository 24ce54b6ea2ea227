"""Charts without matplotlib: Vega-Lite specifications, drawn by the notebook itself.

A :class:`Chart` is a small builder of a `Vega-Lite <https://vega.github.io/vega-lite/>`_
specification (a JSON document). A notebook shows it through the ``application/vnd.vegalite.v5
+json`` renderer that JupyterLab, JupyterLite, Notebook 7 and VS Code already ship (Vega and
Vega-Lite come with the front end, so nothing is fetched from the network): the same cell draws
the same chart in JupyterLab and on the offline JupyterLite page, where matplotlib is not
available. JupyterLab's renderer also stores a PNG of the chart in the notebook.

::

    chart = Chart("Win rates", x="bot", y="win rate")
    chart.bars(["A", "B"], [0.4, 0.6], low=[0.35, 0.55], high=[0.45, 0.65])
    chart.rule(1 / 2, label="a fair share")
    chart        # drawn by the notebook

Layers: :meth:`Chart.bars` (with error bars; bars of several labels stand side by side),
:meth:`Chart.line` (points, steps), :meth:`Chart.band` (a shaded interval),
:meth:`Chart.rule` (a horizontal line) and :meth:`Chart.histogram`. ``chart | other`` puts two
charts side by side. :meth:`Chart.to_dict` is the specification itself.

A chart speaks a language (``Chart(..., language="nb")``; default: the one
:func:`~borsen_widget.i18n.set_language` chose when the chart is drawn, else English): its
numbers on the axes and in the tooltips are written that language's way (``0,25``, ``1 000``,
``42 %``) through Vega's ``config.locale`` (symbols from :func:`borsen_widget.i18n.formats`,
CLDR's), and the chart's own words in the tooltips (``fra``, ``til``) are the catalogues'. Its
title, axis titles and labels are given by the caller, already in the reader's language.

Imports: the standard library and :mod:`borsen_widget.i18n` (this runs on the JupyterLite page).

Why one module of this size: the :class:`Chart` builder and the few chart kinds the package
draws share one specification format and its rules (no null, binned bars, colours); splitting
them would scatter that one format.
"""

from __future__ import annotations

import itertools
import json
import math
from collections.abc import Iterable, Sequence
from fractions import Fraction
from numbers import Real

from ..i18n import formats, resolve_language, translator

__all__ = ["MIME_TYPE", "SCHEMA", "Chart", "ChartRow", "vega_config"]

#: The MIME type of a Vega-Lite 5 specification (JupyterLab ≥ 4, JupyterLite, VS Code).
MIME_TYPE = "application/vnd.vegalite.v5+json"
SCHEMA = "https://vega.github.io/schema/vega-lite/v5.json"  # a name only: nothing is fetched
#: Series colours (Vega's "tableau10"), in the order series are added.
PALETTE = (
    "#4c78a8",
    "#f58518",
    "#e45756",
    "#72b7b2",
    "#54a24b",
    "#eeca3b",
    "#b279a2",
    "#ff9da6",
    "#9d755d",
    "#bab0ac",
)
#: Named colours a notebook may use (matplotlib's names for them, so old cells read the same).
COLOURS = {
    "blue": PALETTE[0],
    "orange": PALETTE[1],
    "red": PALETTE[2],
    "teal": PALETTE[3],
    "green": PALETTE[4],
    "yellow": PALETTE[5],
    "purple": PALETTE[6],
    "pink": PALETTE[7],
    "brown": PALETTE[8],
    "grey": "#888888",
    "gray": "#888888",
    "black": "#000000",
}
SERIES = "series"  # the data field that names a layer's series (the legend)


class Chart:
    """One chart: a title, two axes and layers drawn over each other.

    - ``title``: above the chart; ``x``, ``y``: the axes' titles.
    - ``width``, ``height``: in pixels.
    - ``x_log``: a logarithmic x axis; ``x_domain``, ``y_domain``: ``(low, high)`` to fix an
      axis's range (default: from the data).
    - ``x_whole``: the x axis counts (question 1, 2, 3 …): ticks at whole numbers only.
    - ``y_format``: how the y axis and the tooltips write its numbers, a d3-format string
      (``".0%"``: ``42 %`` in bokmål, ``42%`` in English); default: Vega's.
    - ``language``: ``"en"``, ``"nb"``, ``"nn"`` (or a tag naming one); ``None``: the chosen
      one (:func:`~borsen_widget.i18n.set_language`) when the chart is drawn, else English.

    Every layer method returns the chart, so calls can be chained.
    """

    def __init__(
        self,
        title: str = "",
        *,
        x: str = "",
        y: str = "",
        width: int = 420,
        height: int = 240,
        x_log: bool = False,
        x_domain: Sequence[float] | None = None,
        y_domain: Sequence[float] | None = None,
        y_format: str = "",
        language: str | None = None,
        x_whole: bool = False,
    ):
        for name, size in (("width", width), ("height", height)):
            if isinstance(size, bool) or not isinstance(size, int) or not 50 <= size <= 2000:
                raise ValueError(f"{name} must be a whole number of pixels, 50 to 2000: {size!r}")
        self.title = str(title)
        self.x_title = str(x)
        self.y_title = str(y)
        self.width = width
        self.height = height
        self.x_log = bool(x_log)
        self.x_whole = bool(x_whole)
        self.x_domain = _domain(x_domain, "x_domain")
        self.y_domain = _domain(y_domain, "y_domain")
        if not isinstance(y_format, str) or len(y_format) > 40:
            raise ValueError(f"y_format must be a short d3-format text, not {y_format!r:.60}")
        self.y_format = y_format
        self.language = None if language is None else resolve_language(language)
        self._layers: list[dict] = []
        self._bars: list[dict] = []  # the bar rows of every bars() call: one grouped layer
        self._labels: list[str] = []  # every series label, in the order added (the legend)
        self._colours: dict[str, str] = {}

    # ------------------------------------------------------------------ layers

    def bars(
        self,
        x: Iterable,
        y: Iterable,
        *,
        low: Iterable | None = None,
        high: Iterable | None = None,
        label: str | None = None,
        color: str | None = None,
    ) -> Chart:
        """Bars of height ``y`` at the categories ``x`` (in the order given), with error bars
        from ``low`` to ``high`` when given. Bars of several labelled calls stand side by
        side."""
        xs, ys = _labels(x, "x"), _numbers(y, "y")
        _same_length(xs=xs, y=ys)
        lows = _numbers(low, "low") if low is not None else None
        highs = _numbers(high, "high") if high is not None else None
        if (lows is None) != (highs is None):
            raise ValueError("give both low and high for error bars, or neither")
        if lows is not None:
            _same_length(x=xs, low=lows, high=highs)
        series = self._series(label, color)
        for i, (cat, value) in enumerate(zip(xs, ys, strict=True)):
            row = {"x": cat, "y": value, SERIES: series}
            if lows is not None:
                row["low"], row["high"] = lows[i], highs[i]
            self._bars.append(row)
        return self

    def line(
        self,
        x: Iterable,
        y: Iterable,
        *,
        label: str | None = None,
        color: str | None = None,
        points: bool = False,
        step: bool = False,
        dash: bool = False,
    ) -> Chart:
        """A line through the points ``(x, y)``: ``points`` marks each one, ``step`` draws a
        step function (each value holds until the next x), ``dash`` a dashed line."""
        xs, ys = _values(x, "x"), _numbers(y, "y")
        _same_length(x=xs, y=ys)
        series = self._series(label, color)
        mark: dict = {"type": "line", "point": bool(points), "tooltip": True}
        if step:
            mark["interpolate"] = "step-after"
        if dash:
            mark["strokeDash"] = [6, 4]
        rows = [{"x": a, "y": b, SERIES: series} for a, b in zip(xs, ys, strict=True)]
        self._layers.append({"mark": mark, "rows": rows, "x_kind": _kind(xs), "series": series})
        return self

    def band(
        self,
        x: Iterable,
        low: Iterable,
        high: Iterable,
        *,
        label: str | None = None,
        color: str | None = None,
        opacity: float = 0.25,
    ) -> Chart:
        """A shaded band from ``low`` to ``high`` over ``x`` (an interval around a line)."""
        xs, lows, highs = _values(x, "x"), _numbers(low, "low"), _numbers(high, "high")
        _same_length(x=xs, low=lows, high=highs)
        if not 0 < opacity <= 1:
            raise ValueError(f"opacity must be in (0, 1], not {opacity!r}")
        series = self._series(label, color)
        rows = [
            {"x": a, "low": lo, "high": hi, SERIES: series}
            for a, lo, hi in zip(xs, lows, highs, strict=True)
        ]
        mark = {"type": "area", "opacity": float(opacity), "tooltip": True}
        self._layers.append(
            {"mark": mark, "rows": rows, "x_kind": _kind(xs), "band": True, "series": series}
        )
        return self

    def rule(
        self, y: float, *, label: str | None = None, color: str = "grey", dash: bool = True
    ) -> Chart:
        """A horizontal line at ``y`` across the chart, with ``label`` written at its end."""
        (value,) = _numbers([y], "y")
        stroke = COLOURS.get(color, color)
        mark: dict = {"type": "rule", "color": stroke, "strokeWidth": 1.2}
        if dash:
            mark["strokeDash"] = [4, 3]
        self._layers.append({"mark": mark, "rows": [{"y": value}], "rule": label})
        return self

    def histogram(
        self,
        values: Iterable,
        *,
        bins: Iterable,
        label: str | None = None,
        color: str | None = None,
        opacity: float = 0.6,
    ) -> Chart:
        """How many ``values`` fall in each bin: ``bins`` are the bins' edges in increasing
        order (``range(0, 45)``: the bins [0, 1), [1, 2), …, [43, 44]; the last one holds its
        right edge, as matplotlib's and NumPy's do). Values outside every bin are not
        counted."""
        edges = _numbers(bins, "bins")
        if len(edges) < 2 or any(b <= a for a, b in itertools.pairwise(edges)):
            raise ValueError("bins must be two or more edges in increasing order")
        counts = [0] * (len(edges) - 1)
        for value in _numbers(values, "values"):
            if value is None or not edges[0] <= value <= edges[-1]:
                continue
            lo, hi = 0, len(edges) - 1  # the last edge with edges[lo] <= value
            while hi - lo > 1:
                mid = (lo + hi) // 2
                if edges[mid] <= value:
                    lo = mid
                else:
                    hi = mid
            counts[lo] += 1
        series = self._series(label, color)
        rows = [
            {"x": edges[i], "x2": edges[i + 1], "y": counts[i], SERIES: series}
            for i in range(len(counts))
        ]
        mark = {"type": "bar", "opacity": float(opacity), "tooltip": True, "binSpacing": 0}
        layer = {"mark": mark, "rows": rows, "x_kind": "quantitative", "series": series}
        self._layers.append({**layer, "binned": True})
        return self

    def __or__(self, other: Chart | ChartRow) -> ChartRow:
        """Two charts side by side."""
        return ChartRow(self, other)

    # ------------------------------------------------------------------ the specification

    def _series(self, label: str | None, color: str | None) -> str:
        """The series name of a new layer, and its colour: a label, or one of its own."""
        name = str(label) if label is not None else f"_unlabelled{len(self._colours)}"
        if name not in self._colours:
            chosen = COLOURS.get(color, color) if color else None
            if chosen is None:  # the first colour of the palette no series has yet
                taken = set(self._colours.values())
                free = [c for c in PALETTE if c not in taken]
                chosen = free[0] if free else PALETTE[len(self._colours) % len(PALETTE)]
            self._colours[name] = chosen
            if label is not None:
                self._labels.append(name)
        return name

    def to_dict(self) -> dict:
        """The Vega-Lite specification (plain JSON data), in the chart's language."""
        language = resolve_language(self.language)
        spec = self._body(language)
        spec["$schema"] = SCHEMA
        spec["config"] = vega_config(language)
        return spec

    def _body(self, language: str) -> dict:
        # No null anywhere: JupyterLite's kernel (Pyodide) turns None into JavaScript's
        # undefined, which JSON drops, so a null (no sort, no legend) would silently become a
        # default there (tests/sim/test_charts.py checks it).
        tr = translator(language)
        layers = []
        if self._bars:
            layers += self._bar_layers(tr)
        for layer in self._layers:
            if "rule" in layer:
                layers += self._rule_layers(layer)
                continue
            rows = layer["rows"]
            x = self._x(layer["x_kind"], list(dict.fromkeys(row["x"] for row in rows)))
            if layer.get("binned"):  # a histogram's bins, counted already: bars from 0
                x["bin"] = {"binned": True}
            encoding = {"x": x}
            if layer.get("band"):
                encoding.update(y=self._y("low"), y2={"field": "high"})
            else:
                encoding["y"] = self._y("y")
            if layer.get("binned"):
                encoding["x2"] = {"field": "x2"}
            encoding["color"] = self._color(layer["series"])
            encoding["tooltip"] = self._tooltip(layer, tr)
            layers.append(
                {"data": {"values": rows}, "mark": dict(layer["mark"]), "encoding": encoding}
            )
        if self.x_domain is not None or self.y_domain is not None:
            _clip(layers)  # a fixed range cuts what lies outside it, as matplotlib's axes do
        body = {
            "width": self.width,
            "height": self.height,
            "layer": layers or [{"mark": "point", "data": {"values": []}}],
        }
        if self.title:
            body["title"] = self.title
        return body

    def _x(self, kind: str, order: list) -> dict:
        x: dict = {"field": "x", "type": kind, "title": self.x_title}
        if kind == "nominal":
            x["sort"] = order  # the order the data came in
            x["axis"] = {"labelAngle": 0}
        scale = {}
        if self.x_log and kind == "quantitative":
            scale["type"] = "log"
            scale["nice"] = False  # end where the data ends, not at the next power of ten
        if self.x_domain is not None:
            scale["domain"] = list(self.x_domain)
        if kind == "quantitative" and not self.x_log:  # a log scale has no zero to leave out
            scale["zero"] = False
        if kind == "quantitative" and self.x_whole:  # no "1,5" between question 1 and 2
            x["axis"] = {"tickMinStep": 1, "format": "d"}
        if scale:
            x["scale"] = scale
        return x

    def _y(self, field: str) -> dict:
        y: dict = {"field": field, "type": "quantitative", "title": self.y_title}
        if self.y_domain is not None:
            y["scale"] = {"domain": list(self.y_domain)}
        if self.y_format:
            y["axis"] = {"format": self.y_format}
        return y

    def _tip(self, field: str, kind: str, title: str, y: bool = False) -> dict:
        tip = {"field": field, "type": kind, "title": title}
        if y and self.y_format:
            tip["format"] = self.y_format
        return tip

    def _tooltip(self, layer: dict, tr) -> list[dict]:
        """What a layer's tooltip says, each value under a title in the chart's language."""
        x_title, y_title = self.x_title or "x", self.y_title or "y"
        kind = layer.get("x_kind", "nominal")
        if layer.get("binned"):
            tips = [
                self._tip("x", "quantitative", tr.pgettext("chart tooltip", "from")),
                self._tip("x2", "quantitative", tr.pgettext("chart tooltip", "to")),
                self._tip("y", "quantitative", y_title, y=True),
            ]
        elif layer.get("band"):
            tips = [
                self._tip("x", kind, x_title),
                self._tip("low", "quantitative", tr.pgettext("chart tooltip", "lowest"), y=True),
                self._tip("high", "quantitative", tr.pgettext("chart tooltip", "highest"), y=True),
            ]
        else:
            tips = [self._tip("x", kind, x_title), self._tip("y", "quantitative", y_title, y=True)]
        if layer.get("series") in self._labels:
            tips.append(self._tip(SERIES, "nominal", tr.pgettext("chart tooltip", "series")))
        return tips

    def _color(self, series: str | None = None) -> dict:
        """One layer's colour: its own where no series has a label (no legend), else by
        series, with a legend of the labelled ones."""
        if series is not None and not self._labels:
            return {"value": self._colours[series]}
        names = list(self._colours)
        return {
            "field": SERIES,
            "type": "nominal",
            "scale": {"domain": names, "range": [self._colours[n] for n in names]},
            "legend": {"values": list(self._labels), "orient": "bottom", "title": ""},
        }

    def _bar_layers(self, tr) -> list[dict]:
        series = list(dict.fromkeys(row[SERIES] for row in self._bars))
        grouped = len(series) > 1
        order = list(dict.fromkeys(row["x"] for row in self._bars))
        encoding = {
            "x": self._x("nominal", order),
            "color": self._color(None if grouped else series[0]),
        }
        if grouped:
            encoding["xOffset"] = {"field": SERIES, "sort": series}
        with_errors = [row for row in self._bars if "low" in row]
        tooltip = [
            self._tip("x", "nominal", self.x_title or "x"),
            self._tip("y", "quantitative", self.y_title or "y", y=True),
        ]
        if with_errors:
            lowest, highest = (tr.pgettext("chart tooltip", w) for w in ("lowest", "highest"))
            tooltip += [
                self._tip("low", "quantitative", lowest, y=True),
                self._tip("high", "quantitative", highest, y=True),
            ]
        if any(name in self._labels for name in series):
            tooltip.append(self._tip(SERIES, "nominal", tr.pgettext("chart tooltip", "series")))
        layers = [
            {
                "mark": {"type": "bar", "tooltip": True},
                "encoding": {**encoding, "y": self._y("y"), "tooltip": tooltip},
            }
        ]
        if with_errors:
            black = {"value": "#333333"}
            bar_encoding = {k: v for k, v in encoding.items() if k != "color"}
            layers.append(
                {
                    "data": {"values": with_errors},
                    "mark": {"type": "rule", "strokeWidth": 1.4},
                    "encoding": {
                        **bar_encoding,
                        "y": self._y("low"),
                        "y2": {"field": "high"},
                        "color": black,
                    },
                }
            )
            for end in ("low", "high"):
                layers.append(
                    {
                        "data": {"values": with_errors},
                        "mark": {"type": "tick", "thickness": 1.4, "bandSize": 10},
                        "encoding": {**bar_encoding, "y": self._y(end), "color": black},
                    }
                )
        return [{"data": {"values": self._bars}, "layer": layers}]

    def _rule_layers(self, layer: dict) -> list[dict]:
        y = self._y("y")
        rule = {
            "data": {"values": layer["rows"]},
            "mark": dict(layer["mark"]),
            "encoding": {"y": y},
        }
        if not layer["rule"]:
            return [rule]
        text = {
            "data": {"values": [{**layer["rows"][0], "text": str(layer["rule"])}]},
            "mark": {
                "type": "text",
                "align": "right",
                "baseline": "bottom",
                "dy": -2,
                "fontSize": 10,
                "color": layer["mark"]["color"],
            },
            "encoding": {"y": y, "x": {"value": self.width}, "text": {"field": "text"}},
        }
        return [rule, text]

    def _repr_mimebundle_(self, include=None, exclude=None) -> dict:
        return {MIME_TYPE: self.to_dict(), "text/plain": repr(self)}

    def to_json(self) -> str:
        """The specification as JSON text (for a file, or the Vega editor)."""
        return json.dumps(self.to_dict(), ensure_ascii=False)

    def __repr__(self) -> str:
        kinds = [layer["mark"]["type"] for layer in self._layers]
        if self._bars:
            kinds.insert(0, "bar")
        what = ", ".join(kinds) or "empty"
        return f"<Chart {self.title!r}: {what} (Vega-Lite)>"


class ChartRow:
    """Charts side by side (``left | right``); shown like a chart."""

    def __init__(self, *charts: Chart | ChartRow):
        self.charts: list[Chart] = []
        for chart in charts:
            if isinstance(chart, ChartRow):
                self.charts += chart.charts
            elif isinstance(chart, Chart):
                self.charts.append(chart)
            else:
                raise TypeError(f"only charts stand side by side, not {type(chart).__name__}")

    def __or__(self, other: Chart | ChartRow) -> ChartRow:
        return ChartRow(self, other)

    def to_dict(self) -> dict:
        """The Vega-Lite specification of the row, in its first chart's language."""
        language = resolve_language(self.charts[0].language if self.charts else None)
        return {
            "$schema": SCHEMA,
            "hconcat": [chart._body(language) for chart in self.charts],
            "resolve": {"scale": {"color": "independent"}},
            "config": vega_config(language),
        }

    def _repr_mimebundle_(self, include=None, exclude=None) -> dict:
        return {MIME_TYPE: self.to_dict(), "text/plain": repr(self)}

    def __repr__(self) -> str:
        return "<ChartRow: " + " | ".join(repr(c) for c in self.charts) + ">"


def vega_config(language: str | None = None) -> dict:
    """The ``config`` of a specification in ``language``: Vega's number locale (d3-format's)
    with the language's decimal sign, thousands group, percent sign and minus from
    :func:`borsen_widget.i18n.formats` (CLDR's), so an axis reads ``0,25`` and ``42 %`` in
    bokmål. No money is shown, so no currency."""
    f = formats(language)
    number = {
        "decimal": f["decimal"],
        "thousands": f["group"],
        "grouping": [f["grouping"][0]],
        "currency": ["", ""],
        "percent": f["percent_suffix"],
        "minus": f["minus"],
    }
    return {"locale": {"number": number}}


def _clip(layers: list[dict]) -> None:
    for layer in layers:
        if "layer" in layer:
            _clip(layer["layer"])
        elif isinstance(layer.get("mark"), dict):
            layer["mark"]["clip"] = True


# ---------------------------------------------------------------------- reading values


def _number(value, what: str):
    """A value as a JSON number (or None for a missing one: NaN, None)."""
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, Real):
        item = getattr(value, "item", None)  # NumPy scalars are Real, but be kind to others
        if callable(item):
            value = item()
        if isinstance(value, bool) or not isinstance(value, Real):
            raise ValueError(f"{what} must hold numbers, not {value!r:.60}")
    if isinstance(value, int):
        return int(value)
    number = (
        float(value) if not isinstance(value, Fraction) else value.numerator / value.denominator
    )
    if math.isnan(number):
        return None
    if math.isinf(number):
        raise ValueError(f"{what} must hold finite numbers, not {number}")
    return number


def _numbers(values, what: str) -> list:
    return [_number(v, what) for v in _list(values, what)]


def _values(values, what: str) -> list:
    """x values: numbers stay numbers; anything else becomes its text."""
    found = _list(values, what)
    if all(isinstance(v, Real) and not isinstance(v, bool) for v in found):
        return [_number(v, what) for v in found]
    return [str(v) for v in found]


def _labels(values, what: str) -> list[str]:
    return [str(v) for v in _list(values, what)]


def _list(values, what: str) -> list:
    if isinstance(values, str | bytes) or not isinstance(values, Iterable):
        raise ValueError(f"{what} must be a sequence of values, not {values!r:.60}")
    tolist = getattr(values, "tolist", None)  # NumPy arrays, pandas Series
    return list(tolist()) if callable(tolist) else list(values)


def _kind(xs: list) -> str:
    return "quantitative" if all(isinstance(v, int | float) for v in xs) else "nominal"


def _same_length(**columns) -> None:
    lengths = {name: len(values) for name, values in columns.items()}
    if len(set(lengths.values())) > 1:
        raise ValueError(
            "these must be as long as each other: "
            + ", ".join(f"{k} ({n})" for k, n in lengths.items())
        )


def _domain(value, what: str):
    if value is None:
        return None
    low, high = _numbers(value, what)
    if low is None or high is None or not low < high:
        raise ValueError(f"{what} must be (low, high) with low < high, not {value!r}")
    return (low, high)
