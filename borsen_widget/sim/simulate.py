"""Tournaments: many games between strategies, with win rates, intervals and a plot.

``simulate(rules, bots, n_games, seed=...)`` plays ``n_games`` games and returns a
:class:`SimulationResult`: one row per game in ``result.games`` (a pandas DataFrame), and the
summaries ``result.by_seat`` and ``result.by_bot`` with win rates, 95 % Wilson intervals and
mean scores. A shared win counts as a win for every winner (R15).

Two engines play the games:

- the **fast path** (:mod:`borsen_widget.fastsim`): the built-in strategies (RandomBot,
  ThresholdBot, ProbabilityBot, ExpectedValueBot) under any rules without custom Python
  functions, many games at once as NumPy arrays; it agrees with the engine in distribution
  (``tests/test_fast_sim.py`` checks every option);
- the **reference engine** (:class:`~borsen_widget.Game`), one game at a time, for everything
  else: strategy functions, other bots, custom ``accept_rule``/``loot_rule``.

Games are played in chunks of fixed size; each chunk's randomness comes from ``seed`` and the
chunk's number alone, so the same seed gives the same result whether the chunks run in this
process, in a pool of processes (``workers``), or on a Dask cluster (``client``).

NumPy and pandas are needed here (``pip install borsen_widget[sim]``); matplotlib only for
:meth:`SimulationResult.plot`. ``import borsen_widget`` does not import this module.
"""

from __future__ import annotations

import dataclasses
import math
import os
import pickle
import sys
import time
import warnings
from collections.abc import Sequence

try:
    import numpy as np
    import pandas as pd
except ImportError as error:  # JupyterLite, or no `sim` extra: say so in one sentence
    from .environment import LITE_SENTENCE, LOCAL_SENTENCE, is_browser

    raise ImportError(LITE_SENTENCE if is_browser() else LOCAL_SENTENCE) from error

from ..engine.events import END_REASONS
from ..engine.game import Game
from ..engine.rules import Rules
from ..play.bots import Bot, as_bot
from ..play.playout import playout
from ..play.rollouts import wilson_interval
from . import fastsim
from .progress import progress_bar

FAST_CHUNK = 16_384  # games per chunk on the fast path (about the fastest batch size)
REFERENCE_CHUNK = 1_000  # games per chunk on the reference engine
_MASK64 = (1 << 64) - 1
_SEED_MASK = (1 << 63) - 1
ENGINES = ("auto", "fast", "reference")


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


def _game_seeds(seed: int, start: int, stop: int) -> np.ndarray:
    """:func:`game_seed` for games ``start..stop-1``, vectorised."""
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


def _play_reference(rules, bots, seed, start, stop, rotate) -> dict:
    n = rules.players
    count = stop - start
    scores = np.zeros((count, n), dtype=np.int32)
    stats = np.zeros((count, 5), dtype=np.int64)  # turns, end, robberies, loot, listed
    seeds = _game_seeds(seed, start, stop)
    for row, index in enumerate(range(start, stop)):
        gseed = int(seeds[row])
        seated = [
            b.for_game(_bot_seed(gseed, s)) for s, b in enumerate(seating(bots, index, rotate))
        ]
        game = Game(rules, gseed, undo=False)  # the log counts robberies and listings
        playout(game, seated)
        log = game.log
        robberies = [e for e in log if e.kind == "rob"]
        scores[row] = game.scores
        stats[row] = (
            game.turns,
            END_REASONS.index(game.end_reason),
            len(robberies),
            sum(len(e.cards) for e in robberies),
            sum(e.kind == "list" for e in log),
        )
    return {
        "seeds": seeds,
        "scores": scores,
        "turns": stats[:, 0],
        "end": stats[:, 1],
        "robberies": stats[:, 2],
        "loot": stats[:, 3],
        "listed": stats[:, 4],
    }


def _play_fast(rules, bots, seed, chunk, start, stop, rotate) -> dict:
    sequence = np.random.SeedSequence(seed & ((1 << 128) - 1), spawn_key=(chunk,))
    rng = np.random.Generator(np.random.PCG64(sequence))
    n = rules.players
    rotations = np.arange(start, stop) % n if rotate else np.zeros(stop - start, dtype=np.int64)
    out = fastsim.play_batch(rules, bots, rotations, rng)
    out["seeds"] = _game_seeds(seed, start, stop)
    return out


def _rules_state(rules: Rules) -> dict:
    """The rules as picklable data (``AceShares`` objects cannot be unpickled as they are)."""
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


# ---------------------------------------------------------------------- the result


class SimulationResult:
    """What :func:`simulate` returns.

    - ``games``: one row per game: ``seed``, ``turns`` (R14a), ``end_reason`` (``"deck"`` or
      ``"max_turns"``), ``winners`` (a tuple of seats, R15), ``score_0`` … by seat, ``bot_0`` …
      (the bot in each seat), ``robberies``, ``loot`` (cards robbed), ``aces_listed``.
      A game of the reference engine is replayed exactly, log and all, by
      ``replay(result, i, bots)``; the fast path draws its cards from its chunk's generator,
      so there ``seed`` only names the game.
    - ``by_seat`` (indexed by seat) and ``by_bot`` (indexed by each bot's ``str``): ``games``,
      ``wins``, ``win_rate``, ``ci_low``, ``ci_high`` (95 % Wilson), ``mean_score``. A shared
      win counts for every winner. A bot that fills two seats counts once per seat.
    - ``rules``, ``bots`` (their names by position), ``n_games``, ``seed``, ``engine``
      (``"fast"`` or ``"reference"``), ``seconds``.
    """

    def __init__(self, rules, bot_names, seed, engine, rotate, chunks, seconds):
        self.rules = rules
        self.bots = list(bot_names)
        self.seed = seed
        self.engine = engine
        self.rotate_seats = rotate
        self.seconds = seconds
        self.games = _games_frame(rules, self.bots, rotate, chunks)
        self.n_games = len(self.games)
        self.by_seat, self.by_bot = _summaries(self.games, rules.players, self.bots)

    @property
    def games_per_second(self) -> float:
        """Games played per second of wall time."""
        return self.n_games / self.seconds if self.seconds > 0 else float("inf")

    def summary(self) -> str:
        """The two tables as text, with a line on what was played."""
        rules = "; ".join(self.rules.describe()) or "the original rules"
        head = (
            f"{self.n_games:,} games, {self.rules.players} players, {rules}; seed {self.seed}; "
            f"{self.engine} engine, {self.games_per_second:,.0f} games/s"
        )
        fmt = {"win_rate": "{:.3f}".format, "ci_low": "{:.3f}".format}
        fmt.update({"ci_high": "{:.3f}".format, "mean_score": "{:.2f}".format})
        by_bot = self.by_bot.to_string(formatters=fmt)
        by_seat = self.by_seat.to_string(formatters=fmt)
        return f"{head}\n\nBy bot\n{by_bot}\n\nBy seat\n{by_seat}"

    def __repr__(self) -> str:
        return f"<SimulationResult\n{self.summary()}\n>"

    def _repr_html_(self) -> str:
        head = f"<p>{self.n_games:,} games, {self.engine} engine, seed {self.seed}</p>"
        return (
            head
            + "<h4>By bot</h4>"
            + self.by_bot.to_html(float_format="{:.3f}".format)
            + "<h4>By seat</h4>"
            + self.by_seat.to_html(float_format="{:.3f}".format)
        )

    def plot(self, by: str = "bot", ax=None):
        """Win rates with their 95 % intervals as a bar chart (matplotlib); returns the Axes.

        ``by="bot"`` (default) or ``"seat"``.
        """
        import matplotlib.pyplot as plt

        if by not in ("bot", "seat"):
            raise ValueError(f"by must be 'bot' or 'seat', not {by!r}")
        table = self.by_bot if by == "bot" else self.by_seat
        if ax is None:
            _, ax = plt.subplots(figsize=(max(4, 1.3 * len(table) + 2), 3.5))
        rate = table["win_rate"].to_numpy()
        errors = np.vstack([rate - table["ci_low"].to_numpy(), table["ci_high"].to_numpy() - rate])
        labels = [str(i) if by == "bot" else f"seat {i}" for i in table.index]
        ax.bar(labels, rate, yerr=errors, capsize=5, color="#4c72b0")
        ax.axhline(1 / self.rules.players, color="grey", linestyle=":", linewidth=1)
        ax.set_ylabel("win rate (95 % interval)")
        ax.set_ylim(0, min(1, max(rate.max() * 1.25, 1.5 / self.rules.players)))
        ax.set_title(f"{self.n_games:,} games, {self.rules.players} players")
        if by == "bot" and len(table) > 3:
            ax.tick_params(axis="x", labelrotation=20)
        return ax


def _games_frame(rules, names, rotate, chunks) -> pd.DataFrame:
    n = rules.players
    scores = np.concatenate([c["scores"] for c in chunks]) if chunks else np.zeros((0, n))
    count = len(scores)
    columns = {
        "seed": np.concatenate([c["seeds"] for c in chunks]) if chunks else np.zeros(0, int),
        "turns": _join(chunks, "turns", count),
        "end_reason": pd.Categorical.from_codes(
            _join(chunks, "end", count), categories=list(END_REASONS)
        ),
        "winners": _winner_tuples(scores),
    }
    for seat in range(n):
        columns[f"score_{seat}"] = scores[:, seat]
    unique = list(dict.fromkeys(names))
    code_of = np.array([unique.index(name) for name in names])
    index = np.arange(count)
    for seat in range(n):
        bot = (seat + index) % n if rotate else np.full(count, seat)
        columns[f"bot_{seat}"] = pd.Categorical.from_codes(code_of[bot], categories=unique)
    columns["robberies"] = _join(chunks, "robberies", count)
    columns["loot"] = _join(chunks, "loot", count)
    columns["aces_listed"] = _join(chunks, "listed", count)
    frame = pd.DataFrame(columns)
    frame.index.name = "game"
    return frame


def _join(chunks, key, count):
    if not chunks:
        return np.zeros(count, dtype=np.int64)
    return np.concatenate([c[key] for c in chunks]).astype(np.int64)


def _winner_tuples(scores: np.ndarray) -> np.ndarray:
    """The winning seats of every game as tuples (R15: equal scores share the win)."""
    if len(scores) == 0:
        return np.empty(0, dtype=object)
    n = scores.shape[1]
    wins = scores == scores.max(1, keepdims=True)
    codes = (wins * (1 << np.arange(n))).sum(1)
    table = np.empty(1 << n, dtype=object)
    for code in range(1 << n):
        table[code] = tuple(s for s in range(n) if code >> s & 1)
    return table[codes]


def _summaries(games: pd.DataFrame, n: int, names: list[str]):
    count = len(games)
    scores = games[[f"score_{s}" for s in range(n)]].to_numpy()
    if count:
        wins = scores == scores.max(1, keepdims=True)
    else:
        wins = np.zeros((0, n), dtype=bool)
    seat_wins = wins.sum(0)
    low, high = np.array([wilson_interval(int(w), count) for w in seat_wins]).reshape(-1, 2).T
    with np.errstate(invalid="ignore"):
        by_seat = pd.DataFrame(
            {
                "games": np.full(n, count),
                "wins": seat_wins,
                "win_rate": seat_wins / count if count else np.full(n, np.nan),
                "ci_low": low,
                "ci_high": high,
                "mean_score": scores.mean(0) if count else np.full(n, np.nan),
            }
        )
    by_seat.index.name = "seat"
    codes = np.column_stack([games[f"bot_{s}"].cat.codes.to_numpy() for s in range(n)])
    rows = {}
    for code, name in enumerate(dict.fromkeys(names)):
        here = codes == code
        games_n = int(here.sum())
        won = int((wins & here).sum())
        low, high = wilson_interval(won, games_n)
        rows[name] = {
            "games": games_n,
            "wins": won,
            "win_rate": won / games_n if games_n else math.nan,
            "ci_low": float(low),
            "ci_high": float(high),
            "mean_score": float(scores[here].mean()) if games_n else math.nan,
        }
    by_bot = pd.DataFrame.from_dict(rows, orient="index")
    by_bot.index.name = "bot"
    return by_seat, by_bot


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
) -> SimulationResult:
    """Play ``n_games`` games of ``bots`` under ``rules`` and summarise them.

    - ``rules``: a :class:`Rules` (``None``: the original rules for ``len(bots)`` players).
    - ``bots``: one per seat: :class:`Bot` objects, strategy functions of a
      :class:`~borsen_widget.bots.PublicView`, or specs such as ``"threshold:4"``.
    - ``seed``: the same seed gives the same result (``None``: a fresh one, kept in
      ``result.seed``).
    - ``rotate_seats``: game ``i`` seats ``bots[(s + i) % n]`` at seat ``s``, so no bot
      always goes first or sits after the same neighbour.
    - ``engine``: ``"auto"`` (the fast path when it can play these bots and rules, else the
      reference engine), ``"fast"`` (an error if it cannot) or ``"reference"``.
    - ``workers``: processes to use (``None``: every core for long runs; ``1``: this process).
    - ``client``: a ``dask.distributed.Client``; the chunks then run on its cluster.
    - ``progress``: show a progress bar (``None``: for long runs only).
    """
    bots = [as_bot(b) for b in bots]
    if rules is None:
        rules = Rules(players=len(bots))
    if not isinstance(rules, Rules):
        raise TypeError(f"rules must be a Rules object, not {type(rules).__name__}")
    if len(bots) != rules.players:
        raise ValueError(
            f"{rules.players} seats need {rules.players} bots, not {len(bots)} "
            "(one per seat; pass the same bot twice to fill two seats)"
        )
    if isinstance(n_games, bool) or not isinstance(n_games, int) or n_games < 0:
        raise ValueError(f"n_games must be a whole number >= 0, not {n_games!r}")
    if engine not in ENGINES:
        raise ValueError(f"engine must be one of {', '.join(ENGINES)}, not {engine!r}")
    if seed is None:
        seed = int.from_bytes(os.urandom(8), "little") & _SEED_MASK
    elif isinstance(seed, bool) or not isinstance(seed, int):
        raise ValueError(f"seed must be a whole number or None, not {seed!r}")
    why_not_fast = fastsim.fast_unsupported(rules, bots)
    if engine == "fast" and why_not_fast:
        raise ValueError(f"the fast engine cannot play this: {why_not_fast}")
    chosen = "reference" if engine == "reference" or why_not_fast else "fast"
    size = FAST_CHUNK if chosen == "fast" else REFERENCE_CHUNK
    state = _rules_state(rules)
    tasks = [
        (chosen, state, bots, seed, c, start, min(start + size, n_games), rotate_seats)
        for c, start in enumerate(range(0, n_games, size))
    ]
    long_run = n_games >= (8 * FAST_CHUNK if chosen == "fast" else 5 * REFERENCE_CHUNK)
    bar = progress_bar(n_games, progress, auto=long_run)
    started = time.perf_counter()
    try:
        if client is not None:
            chunks = _run_dask(client, tasks, bar)
        else:
            chunks = _run_local(tasks, bar, _workers(workers, len(tasks), long_run))
    finally:
        bar.close()
    seconds = time.perf_counter() - started
    return SimulationResult(
        rules, [str(b) for b in bots], seed, chosen, rotate_seats, chunks, seconds
    )


def _workers(workers, n_tasks, long_run) -> int:
    if workers is not None:
        if isinstance(workers, bool) or not isinstance(workers, int) or workers < 1:
            raise ValueError(f"workers must be a whole number >= 1 or None, not {workers!r}")
        return min(workers, max(n_tasks, 1))
    if not long_run:
        return 1
    try:
        cores = len(os.sched_getaffinity(0))
    except AttributeError:
        cores = os.cpu_count() or 1
    return max(1, min(cores, n_tasks))


def _run_local(tasks, bar, workers) -> list[dict]:
    # fork (Linux) lets strategy functions defined in a notebook reach the workers; where
    # processes start afresh (spawn), functions of __main__ cannot be found there.
    fork = sys.platform.startswith("linux")
    if workers > 1:
        why = None
        try:
            pickle.dumps(tasks[0])
        except Exception as error:
            why = f"{type(error).__name__}: {error}"
        if why is None and not fork:
            local = [b for b in tasks[0][2] if getattr(b, "function", None) is not None]
            local = [b for b in local if getattr(b.function, "__module__", "") == "__main__"]
            if local:
                why = f"{local[0]} is defined in __main__"
        if why is not None:
            warnings.warn(
                f"playing in this process only: the bots cannot be sent to other processes ({why})",
                stacklevel=3,
            )
            workers = 1
    if workers == 1:
        results = []
        for task in tasks:
            results.append(_run_chunk(task))
            bar.update(task[6] - task[5])
        return results
    import concurrent.futures
    import multiprocessing

    context = multiprocessing.get_context("fork" if fork else None)
    results: list = [None] * len(tasks)
    with concurrent.futures.ProcessPoolExecutor(workers, mp_context=context) as pool:
        futures = {pool.submit(_run_chunk, task): i for i, task in enumerate(tasks)}
        for future in concurrent.futures.as_completed(futures):
            i = futures[future]
            results[i] = future.result()
            bar.update(tasks[i][6] - tasks[i][5])
    return results


def _run_dask(client, tasks, bar) -> list[dict]:
    from distributed import as_completed

    futures = [client.submit(_run_chunk, task, pure=False) for task in tasks]
    index = {future.key: i for i, future in enumerate(futures)}
    results: list = [None] * len(tasks)
    for future in as_completed(futures):
        i = index[future.key]
        results[i] = future.result()
        bar.update(tasks[i][6] - tasks[i][5])
    return results


def replay(result: SimulationResult, index: int, bots: Sequence[Bot], *, record: bool = True):
    """Game ``index`` of ``result`` replayed on the reference engine, with its log.

    For games the reference engine played this is the very game; for games of the fast path
    it is a game with the same seed and seating (the fast path draws its own cards).
    """
    bots = [as_bot(b) for b in bots]
    seed = int(result.games["seed"].iloc[index])
    seated = seating(bots, index, result.rotate_seats)
    seated = [b.for_game(_bot_seed(seed, s)) for s, b in enumerate(seated)]
    game = Game(result.rules, seed, record=record)
    playout(game, seated)
    return game
