"""Playing a tournament's games chunk by chunk: the reference engine's loop, and running the
chunks here, in worker processes or on a Dask cluster.

A chunk is a task ``(engine, rules state, bots, seed, chunk number, start, stop, rotate)``;
its games depend on these alone, so they are the same wherever it runs. The tasks are made one
at a time (:func:`make_tasks`) and at most a few are in flight (:func:`run_local`,
:func:`run_dask`), their results handed on in order: memory stays bounded however many games
are played.

Imports: the standard library, the engine, the playout and the seats; the fast path's chunks
through :mod:`~borsen_widget.sim.dispatch` (NumPy only there).
"""

from __future__ import annotations

import dataclasses
import os
import pickle
import sys
import warnings
from array import array
from collections import deque
from collections.abc import Iterator

from ..engine.errors import describe_error
from ..engine.events import END_REASONS
from ..engine.game import Game
from ..engine.rules import Rules
from ..play.playout import playout
from . import environment
from .dispatch import play_fast
from .seeding import game_seed, seated_bots

__all__ = ["count_workers", "make_tasks", "rules_state", "run_chunk", "run_dask", "run_local"]

#: The columns of a chunk besides ``seeds`` and ``scores`` (by game and seat).
CHUNK_KEYS = ("turns", "end", "robberies", "loot", "listed")


def play_reference(rules, bots, seed, start, stop, rotate) -> dict:
    """Games ``start..stop-1`` on the engine (R1–R16 through :func:`playout`, which checks
    every move of a bot that is not built in), as compact columns of whole numbers."""
    out = {key: array("q") for key in ("seeds", "scores", *CHUNK_KEYS)}
    rob_kind, list_kind = "rob", "list"
    for index in range(start, stop):
        gseed = game_seed(seed, index)
        seated = seated_bots(bots, gseed, index, rotate)
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


def rules_state(rules: Rules) -> dict:
    """The rules as plain data, to send to another process."""
    state = {f.name: getattr(rules, f.name) for f in dataclasses.fields(rules)}
    state["ace_shares"] = dict(rules.ace_shares)
    return state


def run_chunk(task: tuple) -> dict:
    """Play one chunk (in this process, a worker process or a Dask worker)."""
    engine, rules, bots, seed, chunk, start, stop, rotate = task
    if isinstance(rules, dict):
        rules = Rules(**rules)
    if engine == "fast":
        return play_fast(rules, bots, seed, chunk, start, stop, rotate)
    return play_reference(rules, bots, seed, start, stop, rotate)


def make_tasks(engine, state, bots, seed, size, n_games, rotate) -> Iterator[tuple]:
    """The chunks to play, made one at a time (never a list of them all)."""
    for chunk, start in enumerate(range(0, n_games, size)):
        yield (engine, state, bots, seed, chunk, start, min(start + size, n_games), rotate)


def count_workers(workers: int | None, n_tasks: int, long_run: bool) -> int:
    """The processes to play ``n_tasks`` chunks in: ``workers`` (a checked whole number, or
    ``None``: every core for a long run, else one), never more than the chunks, and one in a
    browser."""
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


def run_local(tasks: Iterator[tuple], workers: int) -> Iterator[tuple]:
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
            yield task, run_chunk(task)
        return
    import concurrent.futures
    import multiprocessing

    context = multiprocessing.get_context("fork" if fork else None)
    pool = concurrent.futures.ProcessPoolExecutor(workers, mp_context=context)
    try:
        yield from _in_order(
            lambda task: pool.submit(run_chunk, task),
            everything,
            2 * workers,
            lambda futures: [f.cancel() for f in futures],
        )
    finally:
        pool.shutdown(wait=True, cancel_futures=True)


def run_dask(client, tasks: Iterator[tuple]) -> Iterator[tuple]:
    """Play the tasks on a Dask cluster, a few per core in flight."""
    try:
        cores = sum(client.ncores().values())
    except Exception:  # an older or a stand-in client: a modest window
        cores = 4
    yield from _in_order(
        lambda task: client.submit(run_chunk, task, pure=False),
        tasks,
        max(2 * cores, 2),
        lambda futures: client.cancel(futures) if futures else None,
    )


def _chain(first, rest: Iterator) -> Iterator:
    yield first
    yield from rest
