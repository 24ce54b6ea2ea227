"""What :func:`~borsen_widget.sim.simulate.simulate` returns: :class:`SimulationResult`, its
tables (pandas ``DataFrame`` objects where pandas is installed, else
:class:`~borsen_widget.sim.tables.Table`), its figures, its summary, chart and CSV.

Imports: the standard library, the engine's end reasons and error quoting, the tally, tables
and charts of this package; pandas only where it is installed.
"""

from __future__ import annotations

import html
import math
from numbers import Integral

from ..engine.errors import quote
from ..engine.events import END_REASONS
from .charts import Chart
from .tables import Table
from .tally import STATISTICS, Standing, Tally


def _pandas():
    """pandas, where it is installed (the result's tables are then DataFrames)."""
    try:
        import pandas
    except ImportError:
        return None
    return pandas


# ---------------------------------------------------------------------- the result


class SimulationResult:
    """What :func:`simulate` returns.

    - ``by_seat`` (indexed by seat) and ``by_bot`` (indexed by each bot's ``str``): ``games``,
      ``wins``, ``win_rate``, ``ci_low``, ``ci_high`` (95 % Wilson), ``mean_score``. A shared
      win counts for every winner (R15). A bot that fills two seats counts once per seat.
    - ``games``: one row per game: ``seed``, ``turns`` (R14a), ``end_reason`` (``"deck"`` or
      ``"max_turns"``), ``winners`` (a tuple of seats, R15), ``score_0`` … by seat, ``bot_0`` …
      (the bot in each seat), ``robberies``, ``loot`` (cards robbed), ``aces_listed``; only
      when the rows were kept (``keep_games``). A game of the reference engine is replayed
      exactly, log and all, by ``replay(result, i, bots)``; the fast path draws its cards from
      its chunk's generator, so there ``seed`` only names the game.

    The three tables are pandas ``DataFrame`` objects where pandas is installed, and
    :class:`~borsen_widget.sim.tables.Table` objects (HTML in a notebook, ``.to_pandas()``)
    where it is not. The same figures, the same everywhere: :meth:`seat`, :meth:`bot`,
    :meth:`mean`, ``ended``; :meth:`plot` draws the win rates (a Vega-Lite chart).

    Also: ``rules``, ``bots`` (their names by position), ``n_games``, ``seed``, ``engine``
    (``"fast"`` or ``"reference"``), ``fallback_reason`` (why the reference engine played
    though ``engine="auto"`` asked for the fast path where it can: a sentence such as ``"NumPy
    is not installed here ..."``; ``None`` when the engine asked for or the fast path
    played), ``rotate_seats``, ``kept_games``, ``seconds``.
    """

    def __init__(
        self,
        rules,
        bot_names,
        seed,
        engine,
        rotate,
        tally: Tally,
        seconds,
        fallback_reason: str | None = None,
    ):
        self.rules = rules
        self.bots = list(bot_names)
        self.seed = seed
        self.engine = engine
        self.fallback_reason = fallback_reason
        self.rotate_seats = rotate
        self.seconds = seconds
        self.n_games = tally.count
        self.kept_games = tally.kept is not None
        self.ended = dict(zip(END_REASONS, tally.ends, strict=True))
        self._tally = tally
        self._tables: dict[str, object] = {}

    # ------------------------------------------------------------------ tables

    def _table(self, name: str, pure: bool = False):
        key = name + (":pure" if pure else "")
        if key not in self._tables:
            tally = self._tally
            pandas = None if pure else _pandas()
            if name == "games":
                if tally.kept is None:
                    raise ValueError(
                        f"this simulation of {self.n_games:,} games kept only its summaries "
                        "(keep_games=False, or more games than keep_games=None keeps): run it "
                        "with keep_games=True for one row per game"
                    )
                if pandas is not None:
                    table = tally.games_frame(self.bots)
                else:
                    table = tally.games_table(self.bots)
            else:
                table = tally.seat_table() if name == "by_seat" else tally.bot_table()
                if pandas is not None:
                    table = table.to_pandas()
            self._tables[key] = table
        return self._tables[key]

    @property
    def by_seat(self):
        """The figures of every seat (a DataFrame where pandas is installed, else a Table)."""
        return self._table("by_seat")

    @property
    def by_bot(self):
        """The figures of every bot (a DataFrame where pandas is installed, else a Table)."""
        return self._table("by_bot")

    @property
    def games(self):
        """One row per game (a DataFrame where pandas is installed, else a Table); a
        ``ValueError`` when the rows were not kept."""
        return self._table("games")

    def tables(self) -> dict[str, Table]:
        """``by_bot``, ``by_seat`` (and ``games``, when kept) as plain :class:`Table` objects,
        whether pandas is installed or not."""
        names = ["by_bot", "by_seat"] + (["games"] if self.kept_games else [])
        return {name: self._table(name, pure=True) for name in names}

    # ------------------------------------------------------------------ figures

    def seat(self, seat: int) -> Standing:
        """The figures of one seat (0 … players - 1)."""
        if isinstance(seat, bool) or not isinstance(seat, Integral):
            raise ValueError(f"a seat is a whole number, not {quote(seat)}")
        if not 0 <= seat < self.rules.players:
            raise ValueError(f"seats are 0 to {self.rules.players - 1}, not {quote(seat)}")
        tally = self._tally
        seat = int(seat)
        return tally.standing(tally.seat_wins[seat], tally.count, tally.seat_score[seat])

    def bot(self, name) -> Standing:
        """The figures of one bot, by its name (``str(bot)``) or the bot itself."""
        key = name if isinstance(name, str) else str(name)
        tally = self._tally
        if key not in tally.unique:
            raise ValueError(f"no bot {quote(key)} played: {', '.join(tally.unique)}")
        code = tally.unique.index(key)
        return tally.standing(tally.bot_wins[code], tally.bot_games[code], tally.bot_score[code])

    def mean(self, statistic: str) -> float:
        """The mean per game of ``"turns"``, ``"robberies"``, ``"loot"`` or ``"aces_listed"``
        (kept whether the rows are or not); NaN when no game was played."""
        if statistic not in STATISTICS:
            raise ValueError(
                f"statistic must be one of {', '.join(STATISTICS)}, not {quote(statistic)}"
            )
        count = self._tally.count
        return self._tally.totals[statistic] / count if count else math.nan

    @property
    def games_per_second(self) -> float:
        """Games played per second of wall time."""
        return self.n_games / self.seconds if self.seconds > 0 else float("inf")

    # ------------------------------------------------------------------ showing

    def _headline(self) -> str:
        rules = "; ".join(self.rules.describe()) or "the original rules"
        return (
            f"{self.n_games:,} games, {self.rules.players} players, {rules}; seed {self.seed}; "
            f"{self.engine} engine, {self.games_per_second:,.0f} games/s"
        )

    def _fallback_line(self) -> str | None:
        """Why the reference engine played, as a sentence; None when there is nothing to say."""
        if self.fallback_reason is None:
            return None
        return f"Played on the reference engine: {self.fallback_reason}."

    def summary(self) -> str:
        """The two tables as text, with a line on what was played (and one on why the reference
        engine played, when the fast path could not)."""
        by_bot, by_seat = self._table("by_bot", pure=True), self._table("by_seat", pure=True)
        fallback = self._fallback_line()
        head = self._headline() + (f"\n{fallback}" if fallback else "")
        return f"{head}\n\nBy bot\n{by_bot.to_string()}\n\nBy seat\n{by_seat.to_string()}"

    def __repr__(self) -> str:
        return f"<SimulationResult\n{self.summary()}\n>"

    def _repr_html_(self) -> str:
        by_bot, by_seat = self._table("by_bot", pure=True), self._table("by_seat", pure=True)
        fallback = self._fallback_line()
        return (
            f"<p>{self.n_games:,} games, {self.engine} engine, seed {self.seed}</p>"
            + (f"<p>{html.escape(fallback)}</p>" if fallback else "")
            + f"<h4>By bot</h4>{_html(by_bot)}<h4>By seat</h4>{_html(by_seat)}"
        )

    def plot(self, by: str = "bot") -> Chart:
        """Win rates with their 95 % intervals as a bar chart (Vega-Lite: drawn by JupyterLab,
        JupyterLite, VS Code), a dotted line at a fair share. ``by="bot"`` or ``"seat"``."""
        if by not in ("bot", "seat"):
            raise ValueError(f"by must be 'bot' or 'seat', not {quote(by)}")
        n = self.rules.players
        if by == "bot":
            labels = list(self._tally.unique)
            rows = [self.bot(name) for name in labels]
        else:
            labels = [f"seat {s}" for s in range(n)]
            rows = [self.seat(s) for s in range(n)]
        rates = [r.win_rate for r in rows if not math.isnan(r.win_rate)]
        top = min(1.0, max([r * 1.25 for r in rates] + [1.5 / n]))
        chart = Chart(
            f"{self.n_games:,} games, {n} players",
            x=by,
            y="win rate (95 % interval)",
            width=max(220, 90 * len(labels)),
            y_domain=(0, top),
        )
        chart.bars(
            labels,
            [r.win_rate for r in rows],
            low=[r.ci_low for r in rows],
            high=[r.ci_high for r in rows],
        )
        chart.rule(1 / n, label=f"a fair share, 1/{n}")
        return chart

    def to_csv(self, path) -> None:
        """Write one row per game to ``path`` as CSV (the rows must have been kept)."""
        self._table("games", pure=True).to_csv(path)


def _html(table: Table) -> str:
    return table._repr_html_()
