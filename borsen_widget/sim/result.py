"""What :func:`~borsen_widget.sim.simulate.simulate` returns: :class:`SimulationResult`, its
tables (pandas ``DataFrame`` objects where pandas is installed, else
:class:`~borsen_widget.sim.tables.Table`), its figures, its summary, chart and CSV.

What a person reads (:meth:`SimulationResult.summary`, its HTML in a notebook,
:meth:`SimulationResult.plot`) is in a language: ``language=`` of the call, else the result's
own (``simulate(..., language="nn")``), else the one chosen with
:func:`~borsen_widget.i18n.set_language` when it is shown, else English. The tables' column
names and ``fallback_reason`` stay English, for programs.

Imports: the standard library, the engine's end reasons and error quoting,
:mod:`borsen_widget.i18n`, the tally, tables, charts and engine choice of this package; pandas
only where it is installed.
"""

from __future__ import annotations

import html
import math
from numbers import Integral

from ..engine.errors import quote
from ..engine.events import END_REASONS
from ..i18n import resolve_language, translator
from .charts import Chart
from .dispatch import Fallback
from .tables import Table
from .tally import HEADERS, STATISTICS, Standing, Tally

__all__ = ["SimulationResult"]


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
    though ``engine="auto"`` asked for the fast path where it can: an English sentence such as
    ``"NumPy is not installed here ..."``, told in the reader's language by the summary;
    ``None`` when the engine asked for or the fast path played), ``rotate_seats``,
    ``kept_games``, ``seconds``, ``language`` (of the summary, its HTML and the chart:
    ``None`` follows :func:`~borsen_widget.i18n.set_language`).
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
        fallback: Fallback | str | None = None,
        language: str | None = None,
    ):
        self.rules = rules
        self.bots = list(bot_names)
        self.seed = seed
        self.engine = engine
        if isinstance(fallback, str):  # a reason of its own: told as written, in every language
            fallback = Fallback("other", fallback)
        self.fallback = fallback
        self.language = None if language is None else resolve_language(language)
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
    def fallback_reason(self) -> str | None:
        """Why the reference engine played though ``engine="auto"`` asked for the fast path
        where it can, as an English sentence; ``None`` when there is nothing to say."""
        return None if self.fallback is None else self.fallback.say("en")

    @property
    def games_per_second(self) -> float:
        """Games played per second of wall time."""
        return self.n_games / self.seconds if self.seconds > 0 else float("inf")

    # ------------------------------------------------------------------ showing

    def _tr(self, language: str | None):
        return translator(language if language is not None else self.language)

    def _counts(self, tr) -> tuple[str, str]:
        games = tr.ngettext("{count} game", "{count} games", self.n_games, count=self.n_games)
        n = self.rules.players
        players = tr.ngettext("{count} player", "{count} players", n, count=n)
        return games, players

    def _engine_words(self, tr) -> str:
        if self.engine == "fast":
            return tr.gettext("fast engine")
        return tr.gettext("reference engine")

    def _headline(self, tr) -> str:
        games, players = self._counts(tr)
        rules = "; ".join(self.rules.describe(tr.language)) or tr.gettext("the original rules")
        rate = self.games_per_second
        speed = round(rate) if math.isfinite(rate) else 0
        return tr.gettext(
            "{played}, {players}, {rules}; seed {seed}; {engine}, {speed}",
            played=games,
            players=players,
            rules=rules,
            seed=str(self.seed),  # a name, not an amount: no thousands groups
            engine=self._engine_words(tr),
            speed=tr.ngettext(
                "{count} game a second", "{count} games a second", speed, count=speed
            ),
        )

    def _fallback_line(self, tr) -> str | None:
        """Why the reference engine played, as a sentence; None when there is nothing to say."""
        if self.fallback is None:
            return None
        return tr.gettext(
            "Played on the reference engine: {reason}.", reason=self.fallback.say(tr.language)
        )

    def summary(self, language: str | None = None) -> str:
        """The two tables as text, with a line on what was played (and one on why the reference
        engine played, when the fast path could not), in ``language`` (default: the result's,
        else the chosen one, else English)."""
        tr = self._tr(language)
        by_bot, by_seat = self._table("by_bot", pure=True), self._table("by_seat", pure=True)
        fallback = self._fallback_line(tr)
        head = self._headline(tr) + (f"\n{fallback}" if fallback else "")
        bots, seats = tr.gettext("By bot"), tr.gettext("By seat")
        return (
            f"{head}\n\n{bots}\n{by_bot.to_string(tr.language)}\n\n"
            f"{seats}\n{by_seat.to_string(tr.language)}"
        )

    def __repr__(self) -> str:
        return f"<SimulationResult\n{self.summary()}\n>"

    def _repr_html_(self) -> str:
        return self.to_html()

    def to_html(self, language: str | None = None) -> str:
        """What a notebook shows: a line on what was played and the two tables, as HTML in
        ``language`` (default: the result's, else the chosen one, else English)."""
        tr = self._tr(language)
        by_bot, by_seat = self._table("by_bot", pure=True), self._table("by_seat", pure=True)
        fallback = self._fallback_line(tr)
        games, _ = self._counts(tr)
        line = tr.gettext(
            "{played}, {engine}, seed {seed}",
            played=games,
            engine=self._engine_words(tr),
            seed=str(self.seed),
        )
        bots, seats = html.escape(tr.gettext("By bot")), html.escape(tr.gettext("By seat"))
        return (
            f'<div lang="{tr.language}"><p>{html.escape(line)}</p>'
            + (f"<p>{html.escape(fallback)}</p>" if fallback else "")
            + f"<h4>{bots}</h4>{by_bot.to_html(tr.language)}"
            + f"<h4>{seats}</h4>{by_seat.to_html(tr.language)}</div>"
        )

    def plot(self, by: str = "bot", language: str | None = None) -> Chart:
        """Win rates with their 95 % intervals as a bar chart (Vega-Lite: drawn by JupyterLab,
        JupyterLite, VS Code), a dotted line at a fair share. ``by="bot"`` or ``"seat"``;
        ``language``: of its title, axes and numbers (default: the result's, else the chosen
        one, else English)."""
        if by not in ("bot", "seat"):
            raise ValueError(f"by must be 'bot' or 'seat', not {quote(by)}")
        tr = self._tr(language)
        n = self.rules.players
        if by == "bot":
            labels = list(self._tally.unique)
            rows = [self.bot(name) for name in labels]
        else:
            labels = [tr.pgettext("chart", "seat {seat}", seat=s) for s in range(n)]
            rows = [self.seat(s) for s in range(n)]
        rates = [r.win_rate for r in rows if not math.isnan(r.win_rate)]
        top = min(1.0, max([r * 1.25 for r in rates] + [1.5 / n]))
        games, players = self._counts(tr)
        chart = Chart(
            tr.gettext("{played}, {players}", played=games, players=players),
            x=tr.pgettext(*HEADERS[by]),
            y=tr.gettext("win rate (95 % interval)"),
            width=max(220, 90 * len(labels)),
            y_domain=(0, top),
            y_format=".0%",
            language=tr.language,
        )
        chart.bars(
            labels,
            [r.win_rate for r in rows],
            low=[r.ci_low for r in rows],
            high=[r.ci_high for r in rows],
        )
        chart.rule(1 / n, label=tr.gettext("a fair share, 1/{players}", players=str(n)))
        return chart

    def to_csv(self, path) -> None:
        """Write one row per game to ``path`` as CSV (the rows must have been kept)."""
        self._table("games", pure=True).to_csv(path)


def _html(table: Table) -> str:
    return table._repr_html_()
