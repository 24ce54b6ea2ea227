"""Playing a tournament's pairs: each pair's games exactly as
:func:`~borsen_widget.sim.league.league` plays them, here or in worker processes, streamed as
pairs finish.

A pair ``number`` (its place in ``itertools.combinations`` of the players, the league's order)
plays ``games`` two-player games seeded with ``game_seed(seed, number)``, seats taking turns, in
the chunks :func:`~borsen_widget.sim.simulate.simulate` makes (the fast path where it plays both
bots, else the reference engine, :func:`~borsen_widget.sim.dispatch.choose_engine`), so its games
are the league's, card for card. Only the points are kept (R15: the bank with more cards wins a
game, a tie is half a point each, as the league counts them), read straight from each chunk's
scores: the league's per-game tables are not needed to rank.

Pairs run in worker processes where there are processes (``fork`` on Linux, as
:func:`~borsen_widget.sim.chunks.run_local` does) and in this process otherwise (JupyterLite has
no processes, a bot that cannot be pickled stays here). The slow pairs (the reference engine) are
started first so the two cores end together.

Imports: the standard library, the engine's rules, the bots' names and this package's chunks,
engine choice, seats and simulate's chunk sizes.
"""

from __future__ import annotations

import os
import pickle
import sys
import time
from array import array
from collections.abc import Callable, Iterator, Sequence
from typing import NamedTuple

from ..engine.rules import Rules
from ..play.bots import Bot
from . import environment
from .chunks import make_tasks, rules_state, run_chunk
from .dispatch import choose_engine
from .seeding import game_seed
from .simulate import FAST_CHUNK, REFERENCE_CHUNK

__all__ = ["PairResult", "pair_numbers", "play_pair", "play_pairs", "workers_for"]


class PairResult(NamedTuple):
    """One pair's games: players ``first`` and ``second`` (indexes), the points each scored
    against the other (a tie half to each), the games, the engine that played, its seconds on
    the wall clock and of CPU time (the steadier figure on a shared machine)."""

    number: int
    first: int
    second: int
    first_points: float
    second_points: float
    games: int
    engine: str
    seconds: float
    cpu: float


def pair_numbers(k: int) -> list[tuple[int, int]]:
    """The pairs of ``k`` players in the league's order (pair ``number`` is this list's index)."""
    return [(i, j) for i in range(k) for j in range(i + 1, k)]


def play_pair(rules: Rules | dict, bots: Sequence[Bot], seed: int, games: int, engine: str):
    """``games`` games of ``bots`` (two) from ``seed`` on ``engine``, seats taking turns; returns
    ``(points of bots[0], points of bots[1], seconds, CPU seconds)``, counted as the league
    counts them."""
    started, cpu = time.perf_counter(), time.process_time()
    state = rules if isinstance(rules, dict) else rules_state(rules)
    size = FAST_CHUNK if engine == "fast" else REFERENCE_CHUNK
    first = second = 0.0
    for task in make_tasks(engine, state, list(bots), seed, size, games, True):
        start = task[5]
        raw = run_chunk(task)["scores"]  # by game and seat: flat (pure), or NumPy's rows
        scores = raw.tolist() if isinstance(raw, array) else raw.reshape(-1).tolist()
        for row in range(len(scores) // 2):
            x, y = scores[2 * row], scores[2 * row + 1]
            if (start + row) % 2:  # game i seats bots[(s + i) % 2] at seat s (rotated)
                x, y = y, x
            if x > y:
                first += 1
            elif y > x:
                second += 1
            else:
                first += 0.5
                second += 0.5
    return first, second, time.perf_counter() - started, time.process_time() - cpu


def _job(job: tuple) -> tuple:
    """One pair in a worker process: ``(number, rules state, bots, seed, games, engine)``."""
    number, state, bots, seed, games, engine = job
    return (number, *play_pair(state, bots, seed, games, engine))


def workers_for(workers: int | None, players: Sequence[Bot], pairs: int) -> int:
    """The processes to play in: ``workers`` (``None``: every core, at most 2 per the machine's
    cores), one in a browser (Pyodide has no processes), when the bots cannot be pickled, or
    for a handful of pairs (starting processes costs more than it saves)."""
    if environment.is_browser() or pairs < 4:
        return 1
    if workers is None:
        try:
            workers = len(os.sched_getaffinity(0))
        except AttributeError:
            workers = os.cpu_count() or 1
    if workers > 1:
        try:
            pickle.dumps(list(players))
        except Exception:  # a strategy function of a notebook: this process plays it
            return 1
    return max(1, min(workers, pairs))


def play_pairs(
    players: Sequence[Bot], rules: Rules, seed: int, games: int, workers: int
) -> Iterator[PairResult]:
    """Every pair's result, as each finishes (the slow pairs started first)."""
    jobs = []
    state = rules_state(rules)
    for number, (i, j) in enumerate(pair_numbers(len(players))):
        bots = [players[i], players[j]]
        engine = choose_engine("auto", rules, bots).engine
        jobs.append((number, state, bots, game_seed(seed, number), games, engine))
    jobs.sort(key=lambda job: job[5] == "fast")  # the reference engine's pairs first
    pairs = pair_numbers(len(players))

    def result(number, first, second, seconds, cpu, engine) -> PairResult:
        i, j = pairs[number]
        return PairResult(number, i, j, first, second, games, engine, seconds, cpu)

    if workers <= 1:
        for job in jobs:
            yield result(*_job(job), job[5])
        return
    yield from _in_processes(jobs, workers, result)


def _in_processes(jobs: list, workers: int, result: Callable) -> Iterator[PairResult]:
    import concurrent.futures
    import multiprocessing

    fork = sys.platform.startswith("linux")
    context = multiprocessing.get_context("fork" if fork else None)
    engines = {job[0]: job[5] for job in jobs}
    pool = concurrent.futures.ProcessPoolExecutor(workers, mp_context=context)
    try:
        futures = [pool.submit(_job, job) for job in jobs]
        for future in concurrent.futures.as_completed(futures):
            done = future.result()
            yield result(*done, engines[done[0]])
    finally:
        pool.shutdown(wait=True, cancel_futures=True)
