"""A league: every bot against every other, win rates with intervals and Bradley–Terry ratings.

``league(bots, games=2000, seed=1)`` plays, for two players, every pair of bots ``games`` games
(seats taking turns, so each bot sits first in half of them) through
:func:`~borsen_widget.sim.simulate.simulate` (its fast path where both bots allow it, else the
reference engine); with ``players=3`` or more, every table of that many different bots. A
game's points follow R15 with a tie counted as **half** (two bots level on cards share one
point), unlike ``simulate``'s tables, which count a shared win as a win for each winner.

The result (:class:`LeagueResult`):

- ``ratings``: one row per bot, best first: ``rating`` on the Elo scale (400 points = odds of
  10 to 1), its 95 % interval (``rating_low``, ``rating_high``), ``points`` and ``games`` over
  the whole league, ``win_rate`` = points / games with its 95 % Wilson interval;
- ``pairs``: one row per pair of bots: how the first did against the second (points, games,
  win rate with its Wilson interval);
- ``plot()``: the ratings with their intervals as a bar chart (Vega-Lite, offline).

The tables are pandas ``DataFrame`` objects where pandas is installed, else
:class:`~borsen_widget.sim.tables.Table` objects (``result.tables()`` gives those everywhere).

**Ratings** are the Bradley–Terry model: bot ``i`` beats bot ``j`` with chance
``p_i / (p_i + p_j)``, fitted by maximum likelihood (the MM algorithm of Hunter, 2004) on the
pairwise points (with more than two players, every pair of bots at a table is one comparison:
who ended with more cards, a tie half). Shown on the Elo scale, ``400 · log10(p_i)``, centred on
a mean of 0. **Their intervals** are ±1.96 standard errors from the observed Fisher information
(the inverse of the Hessian of the log-likelihood, under the constraint that the ratings sum to
0): a normal approximation, good when every pair has played many games. When some bots won or
lost every comparison the likelihood has no maximum; then half a point each way is added to
every pair that played (``result.prior`` says so).

Imports: the standard library, the engine's rules, :mod:`borsen_widget.i18n`, the bots' Wilson
interval and this package's simulator, tables and charts; pandas only where it is installed.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Sequence

from ..engine.errors import quote
from ..engine.rules import Rules
from ..i18n import NP_, resolve_language, translator
from ..play.rollouts import wilson_interval
from ..play.specs import as_bot
from .charts import Chart
from .seeding import game_seed
from .simulate import simulate
from .tables import Table

__all__ = ["ELO", "HEADERS", "LeagueResult", "bradley_terry", "league"]

#: Elo points per unit of log-strength: 400 / ln 10.
ELO = 400 / math.log(10)
_Z = 1.959963984540054

HEADERS = {
    "bot": NP_("table column", "bot"),
    "opponent": NP_("table column", "opponent"),
    # TRANSLATORS: a Bradley–Terry rating on the Elo scale.
    "rating": NP_("table column", "rating"),
    # TRANSLATORS: the two ends of the 95 % interval around the rating.
    "rating_low": NP_("table column", "rating, lowest (95 %)"),
    "rating_high": NP_("table column", "rating, highest (95 %)"),
    # TRANSLATORS: a win counts 1, a tie ½.
    "points": NP_("table column", "points"),
    "games": NP_("table column", "games"),
    "win_rate": NP_("table column", "win rate"),
    "ci_low": NP_("table column", "lowest (95 %)"),
    "ci_high": NP_("table column", "highest (95 %)"),
}


def bradley_terry(
    points: Sequence[Sequence[float]], *, prior: float = 0.0, tolerance: float = 1e-10
) -> tuple[list[float], list[float]]:
    """Bradley–Terry log-strengths and their standard errors from a square table:
    ``points[i][j]`` = the points bot ``i`` scored against bot ``j`` (a tie half to each; the
    games of a pair are ``points[i][j] + points[j][i]``). ``prior`` points are added each way
    to every pair that played. The strengths sum to 0; the errors come from the observed
    Fisher information under that constraint. Raises ``ValueError`` when the maximum does not
    exist (a bot won or lost everything: give a ``prior``)."""
    k = len(points)
    w = [[float(points[i][j]) + (prior if i != j else 0.0) for j in range(k)] for i in range(k)]
    n = [[w[i][j] + w[j][i] if i != j else 0.0 for j in range(k)] for i in range(k)]
    for i in range(k):
        for j in range(k):
            if i != j and points[i][j] + points[j][i] == 0:
                w[i][j] = n[i][j] = 0.0
    strength = [1.0] * k
    for _ in range(10_000):
        new = []
        for i in range(k):
            won = sum(w[i])
            denominator = sum(n[i][j] / (strength[i] + strength[j]) for j in range(k) if n[i][j])
            new.append(won / denominator if denominator else strength[i])
        if any(x <= 0 or not math.isfinite(x) for x in new):
            raise ValueError("a bot won or lost every game: the ratings need a prior")
        mean = sum(math.log(x) for x in new) / k
        new = [x / math.exp(mean) for x in new]
        change = max(abs(math.log(a) - math.log(b)) for a, b in zip(new, strength, strict=True))
        strength = new
        if change < tolerance:
            break
    theta = [math.log(x) for x in strength]
    if max(map(abs, theta), default=0) > 30:
        raise ValueError("a bot won or lost every game: the ratings need a prior")
    # The observed information: a graph Laplacian with weights n_ij p_ij (1 - p_ij).
    info = [[0.0] * k for _ in range(k)]
    for i in range(k):
        for j in range(k):
            if i != j and n[i][j]:
                p = strength[i] / (strength[i] + strength[j])
                v = n[i][j] * p * (1 - p)
                info[i][j] -= v
                info[i][i] += v
    # Its pseudo-inverse (the covariance with the ratings summing to 0): (L + J/k)^-1 - J/k.
    shifted = [[info[i][j] + 1 / k for j in range(k)] for i in range(k)]
    inverse = _invert(shifted)
    errors = [math.sqrt(max(inverse[i][i] - 1 / k, 0.0)) for i in range(k)]
    return theta, errors


def _invert(matrix: list[list[float]]) -> list[list[float]]:
    """The inverse of a small square matrix (Gauss–Jordan with partial pivoting)."""
    k = len(matrix)
    a = [row[:] + [1.0 if i == j else 0.0 for j in range(k)] for i, row in enumerate(matrix)]
    for col in range(k):
        pivot = max(range(col, k), key=lambda r: abs(a[r][col]))
        if abs(a[pivot][col]) < 1e-300:
            raise ValueError("the bots do not all play each other: no ratings can be compared")
        a[col], a[pivot] = a[pivot], a[col]
        lead = a[col][col]
        a[col] = [x / lead for x in a[col]]
        for r in range(k):
            if r != col and a[r][col]:
                f = a[r][col]
                a[r] = [x - f * y for x, y in zip(a[r], a[col], strict=True)]
    return [row[k:] for row in a]


class LeagueResult:
    """What :func:`league` returns (see the module's docstring): ``ratings``, ``pairs``,
    :meth:`plot`, :meth:`tables`; also ``bots`` (names), ``points`` (the square table of
    pairwise points), ``totals`` (each bot's points and games), ``players``, ``games`` (per
    table), ``seed``, ``rules``, ``prior`` and ``results`` (each table's
    :class:`~borsen_widget.sim.simulate.SimulationResult`)."""

    def __init__(self, names, points, totals, results, rules, players, games, seed, language):
        self.bots = list(names)
        self.points = points
        self.results = results
        self.rules = rules
        self.players = players
        self.games = games
        self.seed = seed
        self.language = language
        self.prior = 0.0
        try:
            theta, errors = bradley_terry(points)
        except ValueError:
            self.prior = 0.5
            theta, errors = bradley_terry(points, prior=self.prior)
        self.theta, self.errors = theta, errors
        self.totals = totals  # by bot: (points, games)

    def _ratings(self) -> Table:
        rows = []
        for i, name in enumerate(self.bots):
            won, played = self.totals[i]
            low, high = wilson_interval(won, played)
            rating, half = ELO * self.theta[i], _Z * ELO * self.errors[i]
            rows.append((name, rating, rating - half, rating + half, won, played, low, high))
        rows.sort(key=lambda r: -r[1])
        keys = ("bot", "rating", "rating_low", "rating_high", "points", "games")
        keys += ("win_rate", "ci_low", "ci_high")
        columns = {key: [] for key in keys}
        for name, rating, lo, hi, won, played, low, high in rows:
            values = (name, rating, lo, hi, won, played, won / played if played else math.nan)
            for key, value in zip(keys, (*values, low, high), strict=True):
                columns[key].append(value)
        return Table(columns, index="bot", digits=3, headers=HEADERS, language=self.language)

    def _pairs(self) -> Table:
        keys = ("bot", "opponent", "points", "games", "win_rate", "ci_low", "ci_high")
        columns = {key: [] for key in keys}
        for i, j in itertools.permutations(range(len(self.bots)), 2):
            won, played = self.points[i][j], self.points[i][j] + self.points[j][i]
            if not played:
                continue
            low, high = wilson_interval(won, played)
            values = (self.bots[i], self.bots[j], won, played, won / played, low, high)
            for key, value in zip(keys, values, strict=True):
                columns[key].append(value)
        return Table(columns, digits=3, headers=HEADERS, language=self.language)

    def tables(self) -> dict[str, Table]:
        """``ratings`` and ``pairs`` as :class:`~borsen_widget.sim.tables.Table` objects."""
        return {"ratings": self._ratings(), "pairs": self._pairs()}

    @property
    def ratings(self):
        """One row per bot, best first (a DataFrame where pandas is installed, else a Table)."""
        return _frame(self._ratings())

    @property
    def pairs(self):
        """One row per pair of bots (a DataFrame where pandas is installed, else a Table)."""
        return _frame(self._pairs())

    def plot(self, language: str | None = None) -> Chart:
        """The ratings with their 95 % intervals as a bar chart (Vega-Lite, offline)."""
        tr = translator(language or self.language)
        table = self._ratings()
        chart = Chart(
            tr.ngettext(
                "A league of {bots} bots, {games} games a table",
                "A league of {bots} bots, {games} games a table",
                len(self.bots),
                bots=len(self.bots),
                games=self.games,
            ),
            x=tr.pgettext("table column", "bot"),
            y=tr.gettext("rating (Elo scale, 95 % interval)"),
            width=max(220, 90 * len(self.bots)),
            language=tr.language,
        )
        chart.bars(table.index, table["rating"], low=table["rating_low"], high=table["rating_high"])
        chart.rule(0.0, label=tr.gettext("the league's mean"))
        return chart

    def _repr_html_(self) -> str:
        return self._ratings()._repr_html_()

    def __repr__(self) -> str:
        return self._ratings().to_string()


def _frame(table: Table):
    try:
        import pandas  # noqa: F401
    except ImportError:
        return table
    return table.to_pandas()


def league(
    bots: Sequence,
    *,
    games: int = 2000,
    rules: Rules | None = None,
    players: int = 2,
    seed: int = 1,
    language: str | None = None,
    workers: int | None = None,
) -> LeagueResult:
    """Every bot against every other: ``games`` games per pair (``players=2``, seats taking
    turns) or per table of ``players`` different bots, under ``rules`` (``None``: the
    original rules) with ``players`` seats, each table's games seeded from ``seed`` and the
    table's number. ``bots``: two or more bots, strategy functions or specs (as
    :func:`~borsen_widget.sim.simulate.simulate` takes them), named differently. Returns a
    :class:`LeagueResult` (ratings, pairs, chart) in ``language``."""
    bots = [as_bot(b) for b in bots]
    names = [str(b) for b in bots]
    if len(bots) < 2:
        raise ValueError(f"a league needs two bots or more, not {len(bots)}")
    if len(set(names)) != len(names):
        raise ValueError(f"the bots of a league need different names, not {', '.join(names)}")
    if isinstance(players, bool) or not isinstance(players, int) or not 2 <= players <= 8:
        raise ValueError(f"players must be a whole number from 2 to 8, not {quote(players)}")
    if players > len(bots):
        raise ValueError(f"tables of {players} players need {players} bots, not {len(bots)}")
    if rules is None:
        rules = Rules(players=players)
    if not isinstance(rules, Rules):
        raise TypeError(f"rules must be a Rules object, not {type(rules).__name__}")
    rules = rules.replace(players=players)
    if language is not None:
        language = resolve_language(language)
    k = len(bots)
    points = [[0.0] * k for _ in range(k)]
    totals = [[0.0, 0] for _ in range(k)]
    results = []
    for number, table in enumerate(itertools.combinations(range(k), players)):
        result = simulate(
            rules,
            [bots[i] for i in table],
            games,
            seed=game_seed(seed, number),
            keep_games=True,
            workers=workers,
            progress=False,
            language=language,
        )
        results.append(result)
        _add(result.tables()["games"], table, names, points, totals)
    totals = [tuple(t) for t in totals]
    return LeagueResult(names, points, totals, results, rules, players, games, seed, language)


def _add(rows: Table, table: tuple[int, ...], names, points, totals) -> None:
    """Add one table's games: each bot's points (R15, a tie half) and every pair's."""
    seats = len(table)
    by_name = {names[i]: i for i in table}
    winners = rows["winners"]
    scores = [rows[f"score_{s}"] for s in range(seats)]
    seated = [rows[f"bot_{s}"] for s in range(seats)]
    for g, won in enumerate(winners):
        who = [by_name[seated[s][g]] for s in range(seats)]
        for s in range(seats):
            totals[who[s]][1] += 1
            if s in won:
                totals[who[s]][0] += 1 / len(won)
        for a, b in itertools.combinations(range(seats), 2):
            x, y = scores[a][g], scores[b][g]
            i, j = who[a], who[b]
            if x > y:
                points[i][j] += 1
            elif y > x:
                points[j][i] += 1
            else:
                points[i][j] += 0.5
                points[j][i] += 0.5
