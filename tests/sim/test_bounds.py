"""simulate() against hostile input (issue 12, the items that live in the simulator).

- Item 3: the moves of a bot that is not built in are checked as `play(..., checked=True)`
  checks a person's, on every path (this process, processes, Dask): an illegal move raises
  IllegalActionError naming the bot; an exception from user code is re-raised naming it.
- Item 5: a count that could never finish is refused at once; tasks are made one at a time and
  few are in flight; `keep_games=False` keeps only the summaries, and memory stays bounded.
- Item 7: NumPy's integers are whole numbers (`numbers.Integral`); bools are not.

Hostile calls carry a pytest timeout: each must end in a clear error in bounded time.
"""

from __future__ import annotations

import gc
import os
import tracemalloc
from pathlib import Path

import numpy as np
import pytest
from helpers import examples
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from borsen_widget import (
    BANK,
    DRAW,
    Bot,
    IllegalActionError,
    RandomBot,
    Rules,
    StrategyError,
    ThresholdBot,
    play,
)
from borsen_widget.engine.actions import Action
from borsen_widget.engine.game import Game
from borsen_widget.sim import chunks
from borsen_widget.sim import simulate as simulate_module
from borsen_widget.sim.simulate import MAX_GAMES, MAX_KEPT_GAMES, replay, simulate

ROOT = Path(__file__).resolve().parents[2]
BOTS = [ThresholdBot(4), RandomBot(), ThresholdBot(2)]
TWO = Rules(players=2)


# ---------------------------------------------------------------------- bots of one's own


class BanksAnEmptyPile(Bot):
    """Banks at once, also on an empty pile (R4 forbids it)."""

    def choose(self, game):
        return BANK

    def __str__(self):
        return "BanksAnEmptyPile()"


class DrawsDuringAces(Bot):
    """Draws when it should decide on its aces (R11 forbids it)."""

    def choose(self, game):
        if game.phase == "aces":
            return DRAW
        return BANK if game.pile_size >= 2 else DRAW

    def __str__(self):
        return "DrawsDuringAces()"


class CheatingThreshold(ThresholdBot):
    """A subclass of a built-in bot is not built in: it may do anything, so it is checked."""

    def choose(self, game):
        return Action.parse("list A♠") if game.pile_size == 3 else super().choose(game)


class Crashes(Bot):
    def choose(self, game):
        return {}["missing key"]

    def __str__(self):
        return "Crashes()"


class BadTwin(Bot):
    def choose(self, game):
        return DRAW

    def for_game(self, seed):
        raise RuntimeError("no twin today")

    def __str__(self):
        return "BadTwin()"


class Nameless(Bot):
    def choose(self, game):
        return DRAW

    def __str__(self):
        raise TypeError("who am I")


def key_error(view):
    return {"a": 1}[view.phase]


ILLEGAL = [
    (BanksAnEmptyPile(), "BanksAnEmptyPile()", "R4"),
    (DrawsDuringAces(), "DrawsDuringAces()", "R11"),
    (CheatingThreshold(4), "ThresholdBot(4)", "list"),
]


@pytest.mark.timeout(120)
@pytest.mark.parametrize(("bot", "name", "rule"), ILLEGAL)
@pytest.mark.parametrize("workers", [1, 2])
def test_an_illegal_move_of_a_bot_of_ones_own_names_it(bot, name, rule, workers, monkeypatch):
    """The same IllegalActionError that play(..., checked=True) gives, naming the bot, in
    this process and from a process (the error travels back whole)."""
    monkeypatch.setattr(simulate_module, "REFERENCE_CHUNK", 20)
    seats = [bot, ThresholdBot(4), RandomBot()]
    with pytest.raises(IllegalActionError) as caught:
        simulate(Rules(max_bank_aces=0), seats, 200, seed=5, workers=workers)
    assert name in str(caught.value)
    assert rule in str(caught.value) or rule in caught.value.reason + str(caught.value.action)
    assert caught.value.legal  # what was legal, for a program to read
    # The same bot in a checked game of its own: the same kind of error.
    with pytest.raises(IllegalActionError):
        for seed in range(50):
            play(Game(Rules(max_bank_aces=0), seed), seats, checked=True)


@pytest.mark.timeout(120)
@pytest.mark.parametrize("workers", [1, 2])
def test_an_exception_from_user_code_is_re_raised_with_its_name(workers, monkeypatch):
    monkeypatch.setattr(simulate_module, "REFERENCE_CHUNK", 20)
    with pytest.raises(StrategyError, match=r"Crashes\(\) raised KeyError"):
        simulate(TWO, [Crashes(), ThresholdBot(4)], 100, seed=1, workers=workers)
    with pytest.raises(StrategyError, match=r"key_error raised KeyError") as caught:
        simulate(TWO, [key_error, ThresholdBot(4)], 100, seed=1, workers=workers)
    if workers == 1:
        assert isinstance(caught.value.__cause__, KeyError)
    with pytest.raises(StrategyError, match=r"BadTwin\(\) raised RuntimeError: no twin"):
        simulate(TWO, [BadTwin(), ThresholdBot(4)], 100, seed=1, workers=workers)


def test_a_bot_whose_name_fails_is_named_by_its_class():
    with pytest.raises(StrategyError, match="class Nameless raised TypeError"):
        simulate(TWO, [Nameless(), ThresholdBot(4)], 10, seed=1)


def test_replay_checks_the_moves_too():
    result = simulate(TWO, [ThresholdBot(3), ThresholdBot(4)], 5, seed=1, engine="reference")
    with pytest.raises(IllegalActionError, match="BanksAnEmptyPile"):
        replay(result, 0, [BanksAnEmptyPile(), ThresholdBot(4)])


class MyThreshold(ThresholdBot):
    """Plays as its parent does, but is not the parent."""


def test_bots_of_ones_own_never_take_the_fast_path():
    """A subclass of a built-in bot plays on the engine, where its moves are checked."""
    assert simulate(TWO, [MyThreshold(9), ThresholdBot(4)], 5, seed=1).engine == "reference"
    with pytest.raises(ValueError, match="not a built-in"):
        simulate(TWO, [MyThreshold(9), ThresholdBot(4)], 5, seed=1, engine="fast")


@pytest.mark.slow
@pytest.mark.timeout(300)
def test_on_dask_an_illegal_move_and_a_crash_name_the_bot(monkeypatch):
    distributed = pytest.importorskip("distributed")
    path = os.pathsep.join(p for p in [str(ROOT), os.environ.get("PYTHONPATH", "")] if p)
    monkeypatch.setenv("PYTHONPATH", path)  # the workers import borsen_widget and this module
    monkeypatch.setattr(simulate_module, "REFERENCE_CHUNK", 20)
    with (
        distributed.LocalCluster(
            n_workers=1, threads_per_worker=1, processes=True, dashboard_address=None
        ) as cluster,
        distributed.Client(cluster) as client,
    ):
        with pytest.raises(IllegalActionError, match=r"BanksAnEmptyPile\(\)"):
            simulate(TWO, [BanksAnEmptyPile(), ThresholdBot(4)], 60, seed=1, client=client)
        with pytest.raises(StrategyError, match=r"Crashes\(\) raised KeyError"):
            simulate(TWO, [Crashes(), ThresholdBot(4)], 60, seed=1, client=client)


# ---------------------------------------------------------------------- work without bounds


@pytest.mark.timeout(10)
@pytest.mark.parametrize("n_games", [10**26, MAX_GAMES + 1, -1, 2**200])
def test_a_count_that_could_never_finish_is_refused_at_once(n_games):
    with pytest.raises(ValueError, match="n_games must be from 0 to 1,000,000,000,000"):
        simulate(Rules(), BOTS, n_games, seed=1)


@pytest.mark.timeout(10)
def test_keeping_more_rows_than_fit_is_refused_at_once():
    with pytest.raises(ValueError, match="keep_games=False"):
        simulate(Rules(), BOTS, MAX_KEPT_GAMES + 1, seed=1, keep_games=True)
    with pytest.raises(ValueError, match="keep_games must be"):
        simulate(Rules(), BOTS, 10, seed=1, keep_games="yes")


class Enough(Exception):
    """Stops a run after a few chunks."""


COUNT_DIR: list[Path] = []  # where counted_chunk leaves a file per chunk started
REAL_RUN_CHUNK = chunks.run_chunk


def counted_chunk(task):
    """A chunk that leaves a file when it starts (seen from processes too), plays two of its
    games for speed, and stops the run from the fourth chunk on. Module level: processes
    receive it by name."""
    number = task[4]
    (COUNT_DIR[0] / f"chunk-{number}").touch()
    if number >= 3:
        raise Enough(f"chunk {number}")
    return REAL_RUN_CHUNK((*task[:6], task[5] + 2, task[7]))


@pytest.mark.timeout(60)
@pytest.mark.parametrize("workers", [1, 2])
def test_chunks_are_made_one_at_a_time_with_few_in_flight(workers, monkeypatch, tmp_path):
    """10**11 games: the run starts at once (nothing is built up front) and at most a few
    chunks are handed out before the first comes back."""
    monkeypatch.setattr(chunks, "run_chunk", counted_chunk)
    COUNT_DIR.append(tmp_path)
    try:
        with pytest.raises(Enough):
            simulate(Rules(), BOTS, 10**11, seed=1, workers=workers, keep_games=False)
    finally:
        COUNT_DIR.clear()
    started = len(list(tmp_path.iterdir()))
    assert 4 <= started <= 4 + 2 * workers, started


def held_between_chunks(run, monkeypatch) -> list[int]:
    """The memory in use (tracemalloc: Python's and NumPy's allocations) each time a chunk
    has been added to the summaries, garbage collected first: what the run holds, not what
    the collector has yet to free."""
    held: list[int] = []
    add = simulate_module.Tally.add

    def measured(self, start, chunk):
        add(self, start, chunk)
        gc.collect()
        held.append(tracemalloc.get_traced_memory()[0])

    monkeypatch.setattr(simulate_module.Tally, "add", measured)
    # What was alive before the run is not the run's: frozen, the collector leaves it alone, so
    # a collection walks the run's objects only (in a worker that has run a thousand tests, a
    # full collection walks millions and took most of this test's time).
    gc.collect()
    gc.freeze()
    tracemalloc.start()
    try:
        run()
    finally:
        tracemalloc.stop()
        gc.unfreeze()
        monkeypatch.setattr(simulate_module.Tally, "add", add)
    return held


@pytest.mark.timeout(300)
@pytest.mark.parametrize(
    # "fast": 2,000 games under tracemalloc, 10 s alone and 24 s in a whole run of the suite.
    "engine",
    [pytest.param("fast", marks=pytest.mark.slow), "reference"],
)
def test_memory_stays_bounded_when_only_the_summaries_are_kept(engine, monkeypatch):
    """keep_games=False: the memory in use between chunks is the same at the end of a run
    as after its first chunks, over five times as many games; kept rows grow, as they
    must."""
    # Small chunks: 20 of them either way, and a leak of a chunk's rows (a few kB) still adds
    # up to far more than the margin below over the 16 chunks after the early point.
    monkeypatch.setattr(simulate_module, "FAST_CHUNK", 100)
    monkeypatch.setattr(simulate_module, "REFERENCE_CHUNK", 20)
    chunk = 100 if engine == "fast" else 20
    games = 20 * chunk

    def run(keep, games=games):
        return lambda: simulate(
            Rules(), BOTS, games, seed=1, engine=engine, workers=1, keep_games=keep
        )

    run(False, 3 * chunk)()  # warm up: imports, caches and CPython's free lists are not the run's
    summaries = held_between_chunks(run(False), monkeypatch)
    rows = held_between_chunks(run(True), monkeypatch)
    assert len(summaries) == len(rows) == 20
    early, late = summaries[3], max(summaries)
    margin = 20_000
    assert late < early + margin, summaries  # a few numbers more, never the rows' worth
    assert rows[-1] - rows[3] > 20 * games * 0.8, rows  # rows: 20 bytes a game at least
    # What keeping the rows costs over those chunks is more than the margin: a leak of them
    # would be caught.
    assert rows[-1] - rows[3] > margin, rows


def test_summaries_only_still_answer_everything_but_the_rows(monkeypatch):
    monkeypatch.setattr(simulate_module, "KEEP_GAMES_UP_TO", 100)
    result = simulate(Rules(), BOTS, 150, seed=2, engine="reference")  # None: too many to keep
    kept = simulate(Rules(), BOTS, 150, seed=2, engine="reference", keep_games=True)
    assert not result.kept_games and kept.kept_games
    with pytest.raises(ValueError, match="keep_games=True"):
        result.games  # noqa: B018
    assert list(result.by_bot.wins) == list(kept.by_bot.wins)
    assert result.mean("loot") == kept.games["loot"].mean()
    assert result.seat(1) == tuple(kept.by_seat.loc[1])
    assert result.ended == {"deck": 150, "max_turns": 0}
    assert "By bot" in result.summary() and set(result.tables()) == {"by_bot", "by_seat"}
    assert replay(result, 149, BOTS, record=False).scores == tuple(
        kept.games.loc[149, ["score_0", "score_1", "score_2"]]
    )
    with pytest.raises(ValueError):
        replay(result, 150, BOTS)


# ---------------------------------------------------------------------- types from NumPy


def test_numpy_integers_are_whole_numbers_and_bools_are_not():
    result = simulate(Rules(), BOTS, np.int64(50), seed=np.uint64(7), workers=np.int32(1))
    assert result.n_games == 50 and type(result.n_games) is int and result.seed == 7
    same = simulate(Rules(), BOTS, 50, seed=7)
    assert result.games.equals(same.games)
    for bad in ({"n_games": True}, {"n_games": 5.0}, {"n_games": np.float64(5)}):
        with pytest.raises(ValueError, match="n_games must be a whole number"):
            simulate(Rules(), BOTS, seed=1, **bad)
    for bad in (True, np.bool_(True), 1.5, "7", 2**64, -1):
        with pytest.raises(ValueError, match="seed"):
            simulate(Rules(), BOTS, 5, seed=bad)
    for bad in (True, 0, MAX_GAMES, 2.0):
        with pytest.raises(ValueError, match="workers"):
            simulate(Rules(), BOTS, 5, seed=1, workers=bad)
    with pytest.raises(ValueError, match="rotate_seats"):
        simulate(Rules(), BOTS, 5, seed=1, rotate_seats=1)
    with pytest.raises(ValueError, match="bots must be a list"):
        simulate(Rules(), "threshold:4", 5, seed=1)


@settings(max_examples=examples(200), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    n_games=st.one_of(st.integers(-(10**30), 10**30), st.booleans(), st.floats(), st.text()),
    seed=st.one_of(st.none(), st.integers(-(10**30), 10**30), st.booleans(), st.floats()),
)
def test_the_arguments_are_accepted_exactly_within_their_bounds(n_games, seed):
    """Property: n_games is taken iff it is a whole number in 0..MAX_GAMES, and a seed iff it
    is None or a whole number in 0..2**64-1; a refusal is a ValueError, raised before any
    game (here no game is ever played: the runner is replaced)."""
    good_n = (
        isinstance(n_games, int) and not isinstance(n_games, bool) and 0 <= n_games <= MAX_GAMES
    )
    good_seed = seed is None or (
        isinstance(seed, int) and not isinstance(seed, bool) and 0 <= seed < 2**64
    )

    def play_nothing(tasks, workers):
        yield from ()

    original = simulate_module.run_local
    simulate_module.run_local = play_nothing
    try:
        try:
            simulate(Rules(), BOTS, n_games, seed=seed, keep_games=False)
            accepted = True
        except ValueError:
            accepted = False
    finally:
        simulate_module.run_local = original
    assert accepted == (good_n and good_seed)
