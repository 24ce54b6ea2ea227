"""Tournaments: many games between strategies, with win rates, intervals and a chart.

``simulate(rules, bots, n_games, seed=...)`` plays ``n_games`` games and returns a
:class:`SimulationResult`: the summaries ``result.by_seat`` and ``result.by_bot`` (win rates,
95 % Wilson intervals, mean scores) and, unless asked not to keep them, one row per game in
``result.games``. A shared win counts as a win for every winner (R15).

Two engines play the games:

- the **fast path** (:mod:`borsen_widget.sim.fastsim`, where NumPy is installed): the built-in
  strategies (RandomBot, ThresholdBot, ProbabilityBot, ExpectedValueBot) under any rules
  without a custom ``loot_rule``, many games at once as NumPy arrays; it agrees with the engine
  exactly on the same deck orders and in distribution (``tests/sim/``);
- the **reference engine** (:class:`~borsen_widget.Game` with the lean playout), one game at a
  time, pure Python: for everything else (strategy functions, other bots, a custom
  ``loot_rule``), and for everything where NumPy is missing (the JupyterLite page). A game of
  the reference engine depends on the seed and its number only, so the same seed plays the same
  games with or without NumPy (:func:`replay` plays one again, log and all).

Games are played in chunks; each chunk's randomness comes from ``seed`` and the chunk alone, so
the same seed gives the same result whether the chunks run here, in processes (``workers``) or
on a Dask cluster (``client``). Chunks are made one at a time and at most a few are in flight,
and each chunk is added to the summaries as it comes back, so memory stays bounded however many
games are played; the per-game rows are kept only when asked (``keep_games``).

Imports: the standard library, the engine and the bots. NumPy (the fast path) and pandas
(``DataFrame`` tables) are used when installed and imported only then; the result's tables
are :class:`~borsen_widget.sim.tables.Table` objects without pandas, and its chart is a
Vega-Lite :class:`~borsen_widget.sim.charts.Chart` everywhere.
"""

from __future__ import annotations

import dataclasses
import math
import os
import pickle
import sys
import time
import warnings
from array import array
from collections import deque
from collections.abc import Iterator, Sequence
from numbers import Integral
from typing import NamedTuple

from ..engine.errors import describe_error, quote
from ..engine.events import END_REASONS
from ..engine.game import Game
from ..engine.randomness import check_seed
from ..engine.rules import MAX_PLAYERS, Rules
from ..play.bots import Bot, StrategyError, as_bot, is_trusted
from ..play.playout import playout
from ..play.rollouts import wilson_interval
from . import environment
from .charts import Chart
from .progress import progress_bar
from .tables import Table

FAST_CHUNK = 16_384  # games per chunk on the fast path (about the fastest batch size)
REFERENCE_CHUNK = 1_000  # games per chunk on the reference engine
#: The most games one call plays: 10**12 takes about three weeks on one core of the fast path
#: (500,000 games a second); more could never finish, so it is refused at once.
MAX_GAMES = 10**12
#: With ``keep_games=None`` the per-game rows are kept up to this many games.
KEEP_GAMES_UP_TO = 1_000_000
#: The most games whose rows ``keep_games=True`` keeps (about 10 GB of rows).
MAX_KEPT_GAMES = 100_000_000
#: The most processes ``workers`` may ask for.
MAX_WORKERS = 256
ENGINES = ("auto", "fast", "reference")
#: The statistics of every game that the result sums (``result.mean(...)``).
STATISTICS = ("turns", "robberies", "loot", "aces_listed")
_MASK64 = (1 << 64) - 1
_SEED_MASK = (1 << 63) - 1
_CHUNK_KEYS = ("turns", "end", "robberies", "loot", "listed")  # besides seeds and scores


# ---------------------------------------------------------------------- seeds


def _mix(x: int) -> int:
    """splitmix64's finaliser: a bijective scramble of 64-bit integers."""
    x &= _MASK64
    x = ((x ^ (x >> 30)) * 0xBF58476D1CE4E5B9) & _MASK64
    x = ((x ^ (x >> 27)) * 0x94D049BB133111EB) & _MASK64
    return x ^ (x >> 31)


def game_seed(seed: int, index: int) -> int:
    """The seed of game ``index`` of a simulation with ``seed`` (a 63-bit integer).

    Playing ``Game(rules, game_seed(seed, i))`` with the same seating replays a
    reference-engine game of the simulation exactly (see :func:`replay`).
    """
    return _mix(_mix(seed) + 0x9E3779B97F4A7C15 * (index + 1)) & _SEED_MASK


def _game_seeds(seed: int, start: int, stop: int):
    """:func:`game_seed` for games ``start..stop-1``, vectorised (NumPy: the fast path only)."""
    import numpy as np

    with np.errstate(over="ignore"):
        x = np.uint64(_mix(seed)) + np.uint64(0x9E3779B97F4A7C15) * (
            np.arange(start, stop, dtype=np.uint64) + np.uint64(1)
        )
        x = (x ^ (x >> np.uint64(30))) * np.uint64(0xBF58476D1CE4E5B9)
        x = (x ^ (x >> np.uint64(27))) * np.uint64(0x94D049BB133111EB)
        x = x ^ (x >> np.uint64(31))
    return (x & np.uint64(_SEED_MASK)).astype(np.int64)


def _bot_seed(seed: int, seat: int) -> int:
    return _mix(seed ^ (0xD1B54A32D192ED03 * (seat + 1)))


def seating(bots: Sequence, index: int, rotate: bool = True) -> list:
    """The bots at seats 0..n-1 in game ``index``: rotated by ``index`` (seat ``s`` gets
    ``bots[(s + index) % n]``), so every bot sits in every seat equally often."""
    n = len(bots)
    r = index % n if rotate else 0
    return [bots[(s + r) % n] for s in range(n)]


# ---------------------------------------------------------------------- one chunk


def _for_game(bot: Bot, seed: int) -> Bot:
    """The bot to seat in one game; a bot of one's own that fails here is named (user code)."""
    if is_trusted(bot):
        return bot.for_game(seed)
    try:
        twin = bot.for_game(seed)
    except Exception as error:
        raise StrategyError(
            f"the bot {bot} raised {describe_error(error)} in for_game({seed})"
        ) from error
    if not isinstance(twin, Bot):
        raise StrategyError(f"the bot {bot} returned {quote(twin)} from for_game, not a bot")
    return twin


def _play_reference(rules, bots, seed, start, stop, rotate) -> dict:
    """Games ``start..stop-1`` on the engine (R1–R16 through :func:`playout`, which checks
    every move of a bot that is not built in), as compact columns of whole numbers."""
    out = {key: array("q") for key in ("seeds", "scores", *_CHUNK_KEYS)}
    rob_kind, list_kind = "rob", "list"
    for index in range(start, stop):
        gseed = game_seed(seed, index)
        seated = [
            _for_game(b, _bot_seed(gseed, s)) for s, b in enumerate(seating(bots, index, rotate))
        ]
        game = Game(rules, gseed, undo=False)  # the log counts robberies and listings
        playout(game, seated)
        robberies = loot = listed = 0
        for event in game.log:
            if event.kind == rob_kind:
                robberies += 1
                loot += len(event.cards)
            elif event.kind == list_kind:
                listed += 1
        out["seeds"].append(gseed)
        out["scores"].extend(game.scores)
        out["turns"].append(game.turns)
        out["end"].append(END_REASONS.index(game.end_reason))
        out["robberies"].append(robberies)
        out["loot"].append(loot)
        out["listed"].append(listed)
    return out


def _play_fast(rules, bots, seed, chunk, start, stop, rotate) -> dict:
    import numpy as np

    from . import fastsim

    sequence = np.random.SeedSequence(seed, spawn_key=(chunk,))
    rng = np.random.Generator(np.random.PCG64(sequence))
    n = rules.players
    rotations = np.arange(start, stop) % n if rotate else np.zeros(stop - start, dtype=np.int64)
    out = fastsim.play_batch(rules, bots, rotations, rng)
    out["seeds"] = _game_seeds(seed, start, stop)
    return out


def _rules_state(rules: Rules) -> dict:
    """The rules as plain data, to send to another process."""
    state = {f.name: getattr(rules, f.name) for f in dataclasses.fields(rules)}
    state["ace_shares"] = dict(rules.ace_shares)
    return state


def _run_chunk(task: tuple) -> dict:
    """Play one chunk (in this process, a worker process or a Dask worker)."""
    engine, rules, bots, seed, chunk, start, stop, rotate = task
    if isinstance(rules, dict):
        rules = Rules(**rules)
    if engine == "fast":
        return _play_fast(rules, bots, seed, chunk, start, stop, rotate)
    return _play_reference(rules, bots, seed, start, stop, rotate)


# ---------------------------------------------------------------------- summing up


class Standing(NamedTuple):
    """One seat's or one bot's figures: ``wins`` of ``games`` (a shared win counts for every
    winner, R15), the ``win_rate`` with its 95 % Wilson interval, and the mean score."""

    games: int
    wins: int
    win_rate: float
    ci_low: float
    ci_high: float
    mean_score: float


#: The columns of ``by_seat`` and ``by_bot``, in order.
STANDING_FIELDS = ("games", "wins", "win_rate", "ci_low", "ci_high", "mean_score")


class _Tally:
    """The running sums of a simulation, chunk by chunk; the games' rows only when kept."""

    def __init__(self, players: int, names: list[str], rotate: bool, keep: bool):
        self.players = players
        self.rotate = rotate
        self.unique = list(dict.fromkeys(names))
        self.code_of = [self.unique.index(name) for name in names]  # bot position → name
        self.count = 0
        self.seat_wins = [0] * players
        self.seat_score = [0] * players
        self.bot_games = [0] * len(self.unique)
        self.bot_wins = [0] * len(self.unique)
        self.bot_score = [0] * len(self.unique)
        self.totals = dict.fromkeys(STATISTICS, 0)
        self.ends = [0] * len(END_REASONS)
        self.kept: list[dict] | None = [] if keep else None

    def add(self, start: int, chunk: dict) -> None:
        """Add the games of one chunk, games ``start`` … in order."""
        if isinstance(chunk["scores"], array):
            self._add_pure(start, chunk)
        else:
            self._add_numpy(start, chunk)
        if self.kept is not None:
            self.kept.append(chunk)

    def _add_pure(self, start: int, chunk: dict) -> None:
        n, code_of, rotate = self.players, self.code_of, self.rotate
        scores = chunk["scores"]
        count = len(scores) // n
        seat_wins, seat_score = self.seat_wins, self.seat_score
        bot_games, bot_wins, bot_score = self.bot_games, self.bot_wins, self.bot_score
        for row in range(count):
            game = scores[row * n : (row + 1) * n]
            best = max(game)
            shift = (start + row) % n if rotate else 0
            for seat, score in enumerate(game):
                code = code_of[(seat + shift) % n]
                won = score == best
                seat_wins[seat] += won
                seat_score[seat] += score
                bot_games[code] += 1
                bot_wins[code] += won
                bot_score[code] += score
        self._add_totals(chunk, count, sum, lambda ends, k: ends.count(k))

    def _add_numpy(self, start: int, chunk: dict) -> None:
        import numpy as np

        n = self.players
        scores = np.asarray(chunk["scores"], dtype=np.int64).reshape(-1, n)
        count = len(scores)
        wins = scores == scores.max(1, keepdims=True) if count else np.zeros((0, n), dtype=bool)
        index = np.arange(start, start + count)
        code_of = np.array(self.code_of)
        for seat in range(n):
            self.seat_wins[seat] += int(wins[:, seat].sum())
            self.seat_score[seat] += int(scores[:, seat].sum())
            position = (seat + index) % n if self.rotate else np.full(count, seat)
            codes = code_of[position]
            size = len(self.unique)
            games = np.bincount(codes, minlength=size)
            won = np.bincount(codes[wins[:, seat]], minlength=size)
            total = np.zeros(size, dtype=np.int64)
            np.add.at(total, codes, scores[:, seat])
            for code in range(size):
                self.bot_games[code] += int(games[code])
                self.bot_wins[code] += int(won[code])
                self.bot_score[code] += int(total[code])
        self._add_totals(
            chunk,
            count,
            lambda values: int(np.asarray(values, dtype=np.int64).sum()),
            lambda ends, k: int((np.asarray(ends) == k).sum()),
        )

    def _add_totals(self, chunk, count, total, count_of) -> None:
        self.count += count
        for name, key in zip(STATISTICS, ("turns", "robberies", "loot", "listed"), strict=True):
            self.totals[name] += total(chunk[key])
        for k in range(len(END_REASONS)):
            self.ends[k] += count_of(chunk["end"], k)

    # ------------------------------------------------------------------ tables

    def standing(self, wins: int, games: int, score: int) -> Standing:
        low, high = wilson_interval(wins, games)
        return Standing(
            games,
            wins,
            wins / games if games else math.nan,
            float(low),
            float(high),
            score / games if games else math.nan,
        )

    def seat_table(self) -> Table:
        rows = [
            self.standing(self.seat_wins[s], self.count, self.seat_score[s])
            for s in range(self.players)
        ]
        return _standings_table(rows, list(range(self.players)), "seat")

    def bot_table(self) -> Table:
        rows = [
            self.standing(self.bot_wins[c], self.bot_games[c], self.bot_score[c])
            for c in range(len(self.unique))
        ]
        return _standings_table(rows, list(self.unique), "bot")

    def games_table(self, names: list[str]) -> Table:
        """The kept games as a :class:`Table` (pure Python)."""
        n = self.players
        columns: dict[str, list] = {key: [] for key in ("seed", "turns", "end_reason", "winners")}
        scores: list[list[int]] = [[] for _ in range(n)]
        extra = {"robberies": [], "loot": [], "aces_listed": []}
        for chunk in self.kept or []:
            flat = _as_ints(chunk["scores"])
            columns["seed"] += _as_ints(chunk["seeds"])
            columns["turns"] += _as_ints(chunk["turns"])
            columns["end_reason"] += [END_REASONS[k] for k in _as_ints(chunk["end"])]
            for row in range(len(flat) // n):
                game = flat[row * n : (row + 1) * n]
                best = max(game)
                columns["winners"].append(tuple(s for s in range(n) if game[s] == best))
                for seat in range(n):
                    scores[seat].append(game[seat])
            extra["robberies"] += _as_ints(chunk["robberies"])
            extra["loot"] += _as_ints(chunk["loot"])
            extra["aces_listed"] += _as_ints(chunk["listed"])
        count = len(columns["seed"])
        for seat in range(n):
            columns[f"score_{seat}"] = scores[seat]
        for seat in range(n):
            columns[f"bot_{seat}"] = [
                names[(seat + (i % n if self.rotate else 0)) % n] for i in range(count)
            ]
        columns.update(extra)
        return Table(columns, index=list(range(count)), index_name="game")

    def games_frame(self, names: list[str]):
        """The kept games as a pandas ``DataFrame`` (NumPy and pandas are installed)."""
        import numpy as np
        import pandas as pd

        n = self.players
        chunks = self.kept or []

        def join(key, dtype=np.int64):
            parts = [np.asarray(c[key], dtype=dtype) for c in chunks]
            return np.concatenate(parts) if parts else np.zeros(0, dtype=dtype)

        scores = join("scores").reshape(-1, n)
        count = len(scores)
        columns = {
            "seed": join("seeds"),
            "turns": join("turns"),
            "end_reason": pd.Categorical.from_codes(join("end"), categories=list(END_REASONS)),
            "winners": _winner_tuples(scores),
        }
        for seat in range(n):
            columns[f"score_{seat}"] = scores[:, seat].astype(np.int32)
        code_of = np.array([self.unique.index(name) for name in names])
        index = np.arange(count)
        for seat in range(n):
            bot = (seat + index) % n if self.rotate else np.full(count, seat)
            columns[f"bot_{seat}"] = pd.Categorical.from_codes(code_of[bot], categories=self.unique)
        columns["robberies"] = join("robberies")
        columns["loot"] = join("loot")
        columns["aces_listed"] = join("listed")
        frame = pd.DataFrame(columns)
        frame.index.name = "game"
        return frame


def _as_ints(values) -> list[int]:
    """A chunk's column (an ``array`` of the reference engine, a NumPy array of the fast
    path, by game and seat) as a flat list of ``int``."""
    ravel = getattr(values, "ravel", None)
    return [int(v) for v in (ravel().tolist() if callable(ravel) else values)]


def _standings_table(rows: list[Standing], index: list, name: str) -> Table:
    columns = {field: [getattr(row, field) for row in rows] for field in STANDING_FIELDS}
    return Table(columns, index=index, index_name=name)


def _winner_tuples(scores):
    """The winning seats of every game as tuples (R15: equal scores share the win)."""
    import numpy as np

    if len(scores) == 0:
        return np.empty(0, dtype=object)
    n = scores.shape[1]
    wins = scores == scores.max(1, keepdims=True)
    codes = (wins * (1 << np.arange(n))).sum(1)
    table = np.empty(1 << n, dtype=object)
    for code in range(1 << n):
        table[code] = tuple(s for s in range(n) if code >> s & 1)
    return table[codes]


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
    (``"fast"`` or ``"reference"``), ``rotate_seats``, ``kept_games``, ``seconds``.
    """

    def __init__(self, rules, bot_names, seed, engine, rotate, tally: _Tally, seconds):
        self.rules = rules
        self.bots = list(bot_names)
        self.seed = seed
        self.engine = engine
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

    def summary(self) -> str:
        """The two tables as text, with a line on what was played."""
        by_bot, by_seat = self._table("by_bot", pure=True), self._table("by_seat", pure=True)
        return (
            f"{self._headline()}\n\nBy bot\n{by_bot.to_string()}\n\nBy seat\n{by_seat.to_string()}"
        )

    def __repr__(self) -> str:
        return f"<SimulationResult\n{self.summary()}\n>"

    def _repr_html_(self) -> str:
        by_bot, by_seat = self._table("by_bot", pure=True), self._table("by_seat", pure=True)
        return (
            f"<p>{self.n_games:,} games, {self.engine} engine, seed {self.seed}</p>"
            f"<h4>By bot</h4>{_html(by_bot)}<h4>By seat</h4>{_html(by_seat)}"
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


# ---------------------------------------------------------------------- simulate


def simulate(
    rules: Rules | None = None,
    bots: Sequence = (),
    n_games: int = 1000,
    seed: int | None = None,
    *,
    rotate_seats: bool = True,
    engine: str = "auto",
    workers: int | None = None,
    client=None,
    progress: bool | None = None,
    keep_games: bool | None = None,
) -> SimulationResult:
    """Play ``n_games`` games of ``bots`` under ``rules`` and summarise them.

    - ``rules``: a :class:`Rules` (``None``: the original rules for ``len(bots)`` players).
    - ``bots``: one per seat: :class:`Bot` objects, strategy functions of a
      :class:`~borsen_widget.play.bots.PublicView`, or specs such as ``"threshold:4"``. The
      moves of a bot that is not built in are checked as a person's are (R4–R14): an illegal
      one raises :class:`~borsen_widget.IllegalActionError` naming the bot, and an exception
      from its own code a :class:`~borsen_widget.StrategyError` naming it.
    - ``n_games``: a whole number from 0 to :data:`MAX_GAMES` (NumPy's integers too).
    - ``seed``: 0 … 2**64 - 1; the same seed gives the same result (``None``: a fresh one,
      kept in ``result.seed``).
    - ``rotate_seats``: game ``i`` seats ``bots[(s + i) % n]`` at seat ``s``, so no bot
      always goes first or sits after the same neighbour.
    - ``engine``: ``"auto"`` (the fast path when NumPy is installed and it can play these bots
      and rules, else the reference engine), ``"fast"`` (an error if it cannot) or
      ``"reference"`` (the same games with or without NumPy).
    - ``workers``: processes to use, 1 … :data:`MAX_WORKERS` (``None``: every core for long
      runs; in a browser there is only this process).
    - ``client``: a ``dask.distributed.Client``; the chunks then run on its cluster.
    - ``progress``: show a progress bar (``None``: for long runs only).
    - ``keep_games``: keep one row per game in ``result.games`` (``True``, up to
      :data:`MAX_KEPT_GAMES`), keep only the summaries (``False``: memory stays small however
      many games), or ``None``: keep the rows up to :data:`KEEP_GAMES_UP_TO` games.

    Bad arguments raise ``ValueError`` (or ``TypeError`` for rules that are not ``Rules``)
    before any game is played.
    """
    bots = _check_bots(bots)
    names = [_name(b) for b in bots]
    if rules is None:
        rules = Rules(players=max(len(bots), 2))
    if not isinstance(rules, Rules):
        raise TypeError(f"rules must be a Rules object, not {type(rules).__name__}")
    if len(bots) != rules.players:
        raise ValueError(
            f"{rules.players} seats need {rules.players} bots, not {len(bots)} "
            "(one per seat; pass the same bot twice to fill two seats)"
        )
    n_games = _whole(n_games, "n_games", 0, MAX_GAMES)
    if engine not in ENGINES:
        raise ValueError(f"engine must be one of {', '.join(ENGINES)}, not {quote(engine)}")
    seed = check_seed(seed)
    if not isinstance(rotate_seats, bool):
        raise ValueError(f"rotate_seats must be True or False, not {quote(rotate_seats)}")
    if keep_games is None:
        keep = n_games <= KEEP_GAMES_UP_TO
    elif isinstance(keep_games, bool):
        keep = keep_games
        if keep and n_games > MAX_KEPT_GAMES:
            raise ValueError(
                f"keep_games=True keeps one row per game, at most {MAX_KEPT_GAMES:,} games, "
                f"not {n_games:,}: use keep_games=False for the summaries only"
            )
    else:
        raise ValueError(f"keep_games must be True, False or None, not {quote(keep_games)}")
    if engine == "reference":  # asked for: NumPy is not even looked for
        chosen = "reference"
    else:
        why_not_fast = _why_not_fast(rules, bots)
        if engine == "fast" and why_not_fast:
            raise ValueError(f"the fast engine cannot play this: {why_not_fast}")
        chosen = "reference" if why_not_fast else "fast"
    size = FAST_CHUNK if chosen == "fast" else REFERENCE_CHUNK
    n_tasks = -(-n_games // size)
    long_run = n_games >= (8 * FAST_CHUNK if chosen == "fast" else 5 * REFERENCE_CHUNK)
    processes = _workers(workers, n_tasks, long_run) if client is None else 1
    tasks = _tasks(chosen, _rules_state(rules), bots, seed, size, n_games, rotate_seats)
    tally = _Tally(rules.players, names, rotate_seats, keep)
    bar = progress_bar(n_games, progress, auto=long_run)
    started = time.perf_counter()
    if client is not None:
        chunks = _run_dask(client, tasks)
    else:
        chunks = _run_local(tasks, processes)
    try:
        for task, chunk in chunks:
            tally.add(task[5], chunk)
            bar.update(task[6] - task[5])
    finally:
        chunks.close()  # on an error: cancel what is still queued
        bar.close()
    seconds = time.perf_counter() - started
    return SimulationResult(rules, names, seed, chosen, rotate_seats, tally, seconds)


def _check_bots(bots) -> list[Bot]:
    if isinstance(bots, str | bytes) or not isinstance(bots, Sequence):
        raise ValueError(
            f"bots must be a list with one bot per seat, not {quote(bots)} "
            "(for example [ThresholdBot(4), 'random', my_strategy])"
        )
    if len(bots) > MAX_PLAYERS:
        raise ValueError(f"a game has at most {MAX_PLAYERS} seats, not {len(bots)} bots")
    return [as_bot(b) for b in bots]


def _name(bot: Bot) -> str:
    """A bot's name (``str(bot)``); a bot of one's own whose ``__str__`` fails is named by its
    class."""
    try:
        return str(bot)
    except Exception as error:
        raise StrategyError(
            f"the bot of class {type(bot).__name__} raised {describe_error(error)} when asked "
            "its name (str)"
        ) from error


def _whole(value, name: str, low: int, high: int) -> int:
    """A whole number (NumPy's integers too, never a bool) in [low, high], as an ``int``."""
    if isinstance(value, bool) or not isinstance(value, Integral):
        raise ValueError(f"{name} must be a whole number, not {quote(value)}")
    value = int(value)
    if not low <= value <= high:
        raise ValueError(f"{name} must be from {low:,} to {high:,}, not {quote(value)}")
    return value


def _why_not_fast(rules: Rules, bots: list[Bot]) -> str | None:
    """Why the fast path cannot play these (NumPy missing, or what it does not cover)."""
    if not environment.has_fast_path():
        return "NumPy is not installed here (pip install 'borsen_widget[sim]')"
    from . import fastsim

    return fastsim.fast_unsupported(rules, bots)


def _tasks(engine, state, bots, seed, size, n_games, rotate) -> Iterator[tuple]:
    """The chunks to play, made one at a time (never a list of them all)."""
    for chunk, start in enumerate(range(0, n_games, size)):
        yield (engine, state, bots, seed, chunk, start, min(start + size, n_games), rotate)


def _workers(workers, n_tasks, long_run) -> int:
    if workers is not None:
        workers = _whole(workers, "workers", 1, MAX_WORKERS)
    if environment.is_browser():  # Pyodide has no processes
        if workers is not None and workers > 1:
            warnings.warn(
                "playing in this process only: Python in a browser cannot start processes",
                stacklevel=3,
            )
        return 1
    if workers is not None:
        return min(workers, max(n_tasks, 1))
    if not long_run:
        return 1
    try:
        cores = len(os.sched_getaffinity(0))
    except AttributeError:
        cores = os.cpu_count() or 1
    return max(1, min(cores, n_tasks))


def _in_order(submit, tasks: Iterator[tuple], window: int, cancel) -> Iterator[tuple]:
    """``(task, result)`` in the tasks' order, with at most ``window`` tasks submitted and not
    yet handed on: memory stays bounded however many tasks there are."""
    pending: deque = deque()
    try:
        for task in tasks:
            pending.append((task, submit(task)))
            if len(pending) >= window:
                task, future = pending.popleft()
                yield task, future.result()
        while pending:
            task, future = pending.popleft()
            yield task, future.result()
    finally:
        cancel([future for _, future in pending])


def _run_local(tasks: Iterator[tuple], workers: int) -> Iterator[tuple]:
    """Play the tasks here, or in ``workers`` processes (``fork`` on Linux, so strategy
    functions defined in a notebook reach them; where processes start afresh, functions of
    ``__main__`` cannot be found there)."""
    fork = sys.platform.startswith("linux")
    first = next(tasks, None)
    if first is None:
        return
    if workers > 1:
        why = None
        try:
            pickle.dumps(first)
        except Exception as error:
            why = describe_error(error)
        if why is None and not fork:
            local = [b for b in first[2] if getattr(b, "function", None) is not None]
            local = [b for b in local if getattr(b.function, "__module__", "") == "__main__"]
            if local:
                why = f"{local[0]} is defined in __main__"
        if why is not None:
            warnings.warn(
                f"playing in this process only: the bots cannot be sent to other processes ({why})",
                stacklevel=3,
            )
            workers = 1
    everything = _chain(first, tasks)
    if workers == 1:
        for task in everything:
            yield task, _run_chunk(task)
        return
    import concurrent.futures
    import multiprocessing

    context = multiprocessing.get_context("fork" if fork else None)
    pool = concurrent.futures.ProcessPoolExecutor(workers, mp_context=context)
    try:
        yield from _in_order(
            lambda task: pool.submit(_run_chunk, task),
            everything,
            2 * workers,
            lambda futures: [f.cancel() for f in futures],
        )
    finally:
        pool.shutdown(wait=True, cancel_futures=True)


def _run_dask(client, tasks: Iterator[tuple]) -> Iterator[tuple]:
    """Play the tasks on a Dask cluster, a few per core in flight."""
    try:
        cores = sum(client.ncores().values())
    except Exception:  # an older or a stand-in client: a modest window
        cores = 4
    yield from _in_order(
        lambda task: client.submit(_run_chunk, task, pure=False),
        tasks,
        max(2 * cores, 2),
        lambda futures: client.cancel(futures) if futures else None,
    )


def _chain(first, rest: Iterator) -> Iterator:
    yield first
    yield from rest


def replay(result: SimulationResult, index: int, bots: Sequence, *, record: bool = True) -> Game:
    """Game ``index`` of ``result`` replayed on the reference engine, with its log.

    For games the reference engine played this is the very game; for games of the fast path
    it is a game with the same seed and seating (the fast path draws its own cards). Needs no
    per-game rows: a game's seed is ``game_seed(result.seed, index)``.
    """
    index = _whole(index, "index", 0, max(result.n_games - 1, 0))
    if index >= result.n_games:
        raise ValueError(f"the simulation played no game {index}")
    bots = _check_bots(bots)
    seed = game_seed(result.seed, index)
    seated = seating(bots, index, result.rotate_seats)
    seated = [_for_game(b, _bot_seed(seed, s)) for s, b in enumerate(seated)]
    game = Game(result.rules, seed, record=record)
    playout(game, seated)
    return game
