"""simulate() without NumPy, pandas or matplotlib (the JupyterLite page): the pure-Python path.

The pure path is the reference engine (Game + the lean playout) with its tables summed in
Python. These tests run it in a Python where NumPy, pandas and matplotlib cannot be imported
(a module of each name that raises ImportError comes first on the path), and check that it
plays the very games the reference engine plays where NumPy and pandas are installed, seed for
seed, in this process and in processes; that its tables are HTML tables that become the same
DataFrames; and that nothing on that path imports a compiled package.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pandas as pd
import pytest

from borsen_widget import RandomBot, Rules, ThresholdBot
from borsen_widget.play.bots import ExpectedValueBot, ProbabilityBot
from borsen_widget.sim import dispatch, tally
from borsen_widget.sim import result as result_module
from borsen_widget.sim.simulate import SimulationResult, simulate
from borsen_widget.sim.tables import Table

ROOT = Path(__file__).resolve().parents[2]
BLOCKED = ("numpy", "pandas", "matplotlib")

# A strategy function, the same source in this process and in the one without NumPy.
STRATEGY = '''
def careful(view):
    """Bank at 5 cards, or when the next card is more likely to fail than not."""
    if view.pile_size >= 5 or view.p_accept() < 0.5:
        return "bank"
    return "draw"
'''

# Run in a Python without NumPy, pandas and matplotlib: simulate by itself chooses the pure
# path; print what it played as JSON.
PURE_RUN = (
    STRATEGY
    + """
import json, sys
from borsen_widget import Rules, ThresholdBot, RandomBot
from borsen_widget.play.bots import ExpectedValueBot, ProbabilityBot
from borsen_widget import simulate
from borsen_widget.sim import environment, simulate as module

module.REFERENCE_CHUNK = 40  # several chunks, so that processes share the work
assert not environment.has_fast_path()
out = {}
for name, bots, rules, workers in [
    ("built-in", [ThresholdBot(4), RandomBot(), ProbabilityBot(0.5)], Rules(), 1),
    ("strategy", [careful, ExpectedValueBot(), RandomBot(), ThresholdBot(2)],
     Rules(players=4, ace_shares={"S": 1}), 1),
    ("processes", [ThresholdBot(4), RandomBot(), ProbabilityBot(0.5)], Rules(), 2),
]:
    r = simulate(rules, bots, 120, seed=2024, workers=workers)
    assert type(r.games).__name__ == type(r.by_bot).__name__ == "Table", type(r.games)
    html = r._repr_html_() + r.games._repr_html_()
    assert html.count("<table") == 3, html[:200]
    chart = r.plot().to_dict()
    r.to_csv(sys.argv[1] + "/" + name + ".csv")
    out[name] = {
        "engine": r.engine,
        "games": r.games.rows(),
        "by_bot": r.by_bot.rows(),
        "by_seat": r.by_seat.rows(),
        "mean_turns": r.mean("turns"),
        "chart": chart,
        "summary": r.summary(),
    }
out["modules"] = sorted(m for m in ("numpy", "pandas", "matplotlib") if m in sys.modules)
print(json.dumps(out))
"""
)

SAME_GAMES = {
    "built-in": ([ThresholdBot(4), RandomBot(), ProbabilityBot(0.5)], Rules()),
    "strategy": (None, Rules(players=4, ace_shares={"S": 1})),
    "processes": ([ThresholdBot(4), RandomBot(), ProbabilityBot(0.5)], Rules()),
}


def blocked_python(tmp_path: Path) -> dict:
    """An environment whose Python cannot import NumPy, pandas or matplotlib."""
    blockers = tmp_path / "blockers"
    blockers.mkdir()
    for name in BLOCKED:
        (blockers / f"{name}.py").write_text(f"raise ImportError('no {name} here')\n")
    return dict(os.environ, PYTHONPATH=os.pathsep.join([str(blockers), str(ROOT)]))


@pytest.fixture(scope="module")
def pure(tmp_path_factory) -> tuple[dict, Path]:
    """What the pure path played (in a Python without compiled packages), and its CSV files."""
    tmp_path = tmp_path_factory.mktemp("pure")
    done = subprocess.run(
        [sys.executable, "-c", PURE_RUN, str(tmp_path)],
        capture_output=True,
        text=True,
        env=blocked_python(tmp_path),
        timeout=300,
    )
    assert done.returncode == 0, done.stderr[-3000:]
    return json.loads(done.stdout), tmp_path


def test_the_pure_path_is_chosen_by_itself_and_imports_no_compiled_package(pure):
    played, _ = pure
    assert played["modules"] == []
    assert {played[name]["engine"] for name in SAME_GAMES} == {"reference"}
    assert "By bot" in played["built-in"]["summary"]
    assert "careful" in played["strategy"]["summary"]
    bars = played["built-in"]["chart"]["layer"][0]["data"]["values"]
    assert [b["x"] for b in bars] == ["ThresholdBot(4)", "RandomBot()", "ProbabilityBot(0.5)"]


@pytest.mark.parametrize("name", list(SAME_GAMES))
def test_same_seed_same_games_on_the_pure_path_and_the_numpy_reference_path(name, pure):
    """Issue 14: the same seed plays the same games with or without NumPy; here against the
    reference engine with NumPy and pandas (DataFrames), game by game, column by column."""
    played, _ = pure
    bots, rules = SAME_GAMES[name]
    if bots is None:
        space: dict = {}
        exec(STRATEGY, space)
        bots = [space["careful"], ExpectedValueBot(), RandomBot(), ThresholdBot(2)]
    here = simulate(rules, bots, 120, seed=2024, engine="reference", workers=1)
    assert isinstance(here.games, pd.DataFrame)
    frame = here.games.reset_index()
    frame["end_reason"] = frame["end_reason"].astype(str)
    for column in (c for c in frame.columns if c.startswith("bot_")):
        frame[column] = frame[column].astype(str)
    expected = json.loads(json.dumps(frame.to_dict(orient="records"), default=list))
    assert played[name]["games"] == expected
    for table in ("by_bot", "by_seat"):
        theirs = pd.DataFrame(played[name][table]).set_index(table[3:])
        mine = getattr(here, table)
        assert list(theirs.index) == list(mine.index)
        pd.testing.assert_frame_equal(theirs, mine, check_names=False, check_dtype=False)
    assert played[name]["mean_turns"] == here.mean("turns") == frame["turns"].mean()


def test_the_pure_csv_is_what_pandas_writes(pure, tmp_path):
    """`result.to_csv` needs no pandas and writes what `result.games.to_csv` writes."""
    _, folder = pure
    bots, rules = SAME_GAMES["built-in"]
    here = simulate(rules, bots, 120, seed=2024, engine="reference")
    here.games.to_csv(tmp_path / "pandas.csv")
    assert (folder / "built-in.csv").read_text() == (tmp_path / "pandas.csv").read_text()


def test_importing_and_playing_the_pure_path_needs_no_compiled_package():
    """With NumPy installed, the reference engine's path still imports none of them: its
    summaries, its plain tables, its summary text and its chart are pure Python."""
    code = STRATEGY + (
        "import sys\n"
        "import borsen_widget, borsen_widget.sim.cli\n"
        "from borsen_widget import simulate\n"
        "from borsen_widget import Rules, ThresholdBot\n"
        "r = simulate(Rules(), [careful, ThresholdBot(3), 'random'], 50, seed=1,\n"
        "             engine='reference')\n"
        "r.seat(0), r.bot('careful'), r.mean('loot'), r.summary(), r._repr_html_()\n"
        "r.tables(), r.plot().to_json(), r.tables()['games']._repr_html_()\n"
        "print(sorted(m for m in ('numpy', 'pandas', 'matplotlib') if m in sys.modules))\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        env=dict(os.environ, PYTHONPATH=str(ROOT)),
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "[]"


def test_without_pandas_the_tables_are_tables_that_become_the_same_dataframes(monkeypatch):
    """The result's tables as :class:`Table` (HTML) where pandas is missing, and
    `.to_pandas()` gives the DataFrames the result has where pandas is installed."""
    bots = [ThresholdBot(4), RandomBot(), ThresholdBot(2)]
    with_pandas = simulate(Rules(), bots, 200, seed=3, engine="reference")
    frames = {name: getattr(with_pandas, name) for name in ("by_bot", "by_seat", "games")}
    monkeypatch.setattr(result_module, "_pandas", lambda: None)
    plain = simulate(Rules(), bots, 200, seed=3, engine="reference")
    for name in ("by_bot", "by_seat"):
        table = getattr(plain, name)
        assert isinstance(table, Table)
        pd.testing.assert_frame_equal(table.to_pandas(), frames[name])
        html = table._repr_html_()
        assert "<table" in html and "win rate" in html and "ThresholdBot(4)" in plain._repr_html_()
    games = plain.games
    assert isinstance(games, Table) and len(games) == 200 and games.index_name == "game"
    frame = frames["games"]
    assert games.columns == list(frame.columns)
    assert games["winners"] == list(frame["winners"])
    assert games["bot_1"] == [str(b) for b in frame["bot_1"]]
    assert games["seed"] == frame["seed"].tolist()
    assert "…" in games._repr_html_()  # 200 rows: the first and last ten are shown


def test_a_fast_chunk_sums_up_the_same_in_python_and_in_numpy():
    """The two ways a chunk is added to the summaries (NumPy for the fast path's arrays,
    Python for the engine's) agree on every figure."""
    from array import array

    rules = Rules(players=4)
    bots = [ThresholdBot(4), RandomBot(), ProbabilityBot(0.4), ExpectedValueBot()]
    names = [str(b) for b in bots] + []
    names[3] = names[0]  # two seats with one name: counted once per seat
    chunk = dispatch.play_fast(rules, bots, 9, 0, 6, 506, True)
    as_arrays = {key: array("q", values.ravel().tolist()) for key, values in chunk.items()}
    tallies = []
    for data in (chunk, as_arrays):
        sums = tally.Tally(4, names, True, keep=True)
        sums.add(6, data)
        tallies.append(sums)
    numpy_sums, python_sums = tallies
    for field in (
        "count",
        "seat_wins",
        "seat_score",
        "bot_games",
        "bot_wins",
        "bot_score",
        "totals",
        "ends",
    ):
        assert getattr(numpy_sums, field) == getattr(python_sums, field), field
    assert numpy_sums.games_table(names) == python_sums.games_table(names)
    assert numpy_sums.bot_games == [1000, 500, 500]


def test_a_result_is_a_simulation_result_on_either_path():
    result = simulate(Rules(players=2), ["threshold:3", "random"], 30, seed=4, engine="reference")
    assert isinstance(result, SimulationResult) and result.n_games == 30
    assert result.seat(0).games == 30 and sum(result.ended.values()) == 30
