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

The parts, each in its own module: the seeds and seating of the games
(:mod:`~borsen_widget.sim.seeding`), which engine plays and the fast path's chunks
(:mod:`~borsen_widget.sim.dispatch`), the reference engine's chunks and running them here, in
processes or on Dask (:mod:`~borsen_widget.sim.chunks`), the running sums
(:mod:`~borsen_widget.sim.tally`) and the result (:mod:`~borsen_widget.sim.result`). This
module checks the arguments and puts them together.

Imports: the standard library, the engine and the bots. NumPy (the fast path) and pandas
(``DataFrame`` tables) are used when installed and imported only then; the result's tables
are :class:`~borsen_widget.sim.tables.Table` objects without pandas, and its chart is a
Vega-Lite :class:`~borsen_widget.sim.charts.Chart` everywhere.
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from numbers import Integral

from ..engine.errors import describe_error, quote
from ..engine.game import Game
from ..engine.randomness import check_seed
from ..engine.rules import MAX_PLAYERS, Rules
from ..i18n import resolve_language
from ..play.bots import Bot, StrategyError
from ..play.playout import playout
from ..play.rollouts import wilson_interval
from ..play.specs import as_bot
from .chunks import count_workers, make_tasks, rules_state, run_dask, run_local
from .dispatch import ENGINES, choose_engine
from .progress import progress_bar
from .result import SimulationResult
from .seeding import game_seed, seated_bots, seating
from .tally import STANDING_FIELDS, STATISTICS, Standing, Tally

__all__ = [
    "ENGINES",
    "FAST_CHUNK",
    "KEEP_GAMES_UP_TO",
    "MAX_GAMES",
    "MAX_KEPT_GAMES",
    "MAX_WORKERS",
    "REFERENCE_CHUNK",
    "STANDING_FIELDS",
    "STATISTICS",
    "SimulationResult",
    "Standing",
    "Tally",
    "game_seed",
    "replay",
    "seating",
    "simulate",
    "wilson_interval",
]

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
    language: str | None = None,
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
      and rules, else the reference engine, saying why in ``result.fallback_reason``),
      ``"fast"`` (an error if it cannot) or ``"reference"`` (the same games with or without
      NumPy).
    - ``workers``: processes to use, 1 … :data:`MAX_WORKERS` (``None``: every core for long
      runs; in a browser there is only this process).
    - ``client``: a ``dask.distributed.Client``; the chunks then run on its cluster.
    - ``progress``: show a progress bar (``None``: for long runs only).
    - ``keep_games``: keep one row per game in ``result.games`` (``True``, up to
      :data:`MAX_KEPT_GAMES`), keep only the summaries (``False``: memory stays small however
      many games), or ``None``: keep the rows up to :data:`KEEP_GAMES_UP_TO` games.
    - ``language``: of the progress bar and of the result's summary, HTML and chart
      (``"en"``, ``"nb"``, ``"nn"`` or a tag naming one; ``None``: the one chosen with
      :func:`~borsen_widget.set_language` when it is shown, else English).

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
    if language is not None:
        language = resolve_language(language)
    chosen, fallback = choose_engine(engine, rules, bots)
    size = FAST_CHUNK if chosen == "fast" else REFERENCE_CHUNK
    n_tasks = -(-n_games // size)
    long_run = n_games >= (8 * FAST_CHUNK if chosen == "fast" else 5 * REFERENCE_CHUNK)
    if workers is not None:
        workers = _whole(workers, "workers", 1, MAX_WORKERS)
    processes = count_workers(workers, n_tasks, long_run) if client is None else 1
    tasks = make_tasks(chosen, rules_state(rules), bots, seed, size, n_games, rotate_seats)
    tally = Tally(rules.players, names, rotate_seats, keep)
    bar = progress_bar(n_games, progress, auto=long_run, language=language)
    started = time.perf_counter()
    if client is not None:
        chunks = run_dask(client, tasks)
    else:
        chunks = run_local(tasks, processes)
    try:
        for task, chunk in chunks:
            tally.add(task[5], chunk)
            bar.update(task[6] - task[5])
    finally:
        chunks.close()  # on an error: cancel what is still queued
        bar.close()
    seconds = time.perf_counter() - started
    return SimulationResult(
        rules, names, seed, chosen, rotate_seats, tally, seconds, fallback, language
    )


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
    seated = seated_bots(bots, seed, index, result.rotate_seats)
    game = Game(result.rules, seed, record=record)
    playout(game, seated)
    return game
