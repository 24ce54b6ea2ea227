"""simulate(): the result's shape, seat rotation, determinism (serial, processes, Dask),
intervals, shared wins (R15), the plot, the progress bar, the command line, and all of it in
bokmål and nynorsk with nothing falling back to English (issue 21)."""

from __future__ import annotations

import io
import os
import re
import subprocess
import sys
from pathlib import Path

import numpy as np
import pandas as pd
import pytest

from borsen_widget import Game, IllegalActionError, RandomBot, Rules, ThresholdBot
from borsen_widget.i18n import translator, use_language
from borsen_widget.play.bots import ExpectedValueBot, ProbabilityBot
from borsen_widget.play.playout import playout
from borsen_widget.sim import environment
from borsen_widget.sim import seeding as seats
from borsen_widget.sim import simulate as simulate_module
from borsen_widget.sim.charts import Chart
from borsen_widget.sim.dispatch import Fallback
from borsen_widget.sim.progress import TextProgress, WidgetProgress
from borsen_widget.sim.simulate import (
    SimulationResult,
    game_seed,
    replay,
    seating,
    simulate,
    wilson_interval,
)

ROOT = Path(__file__).resolve().parents[2]
BOTS = [ThresholdBot(4), RandomBot(), ThresholdBot(2)]


def bank_at_two(view):
    return "bank" if view.pile_size >= 2 else "draw"


@pytest.fixture
def small_chunks(monkeypatch):
    """Chunks of a few hundred games, so that a few thousand games make several chunks."""
    monkeypatch.setattr(simulate_module, "FAST_CHUNK", 700)
    monkeypatch.setattr(simulate_module, "REFERENCE_CHUNK", 150)


# ---------------------------------------------------------------------- the result


def test_result_has_one_row_per_game_and_the_documented_columns():
    result = simulate(Rules(), BOTS, 500, seed=1)
    games = result.games
    assert isinstance(result, SimulationResult) and result.engine == "fast"
    assert len(games) == 500 == result.n_games
    assert list(games.columns) == [
        "seed",
        "turns",
        "end_reason",
        "winners",
        "score_0",
        "score_1",
        "score_2",
        "bot_0",
        "bot_1",
        "bot_2",
        "robberies",
        "loot",
        "aces_listed",
    ]
    assert games.index.name == "game" and list(games.index[:3]) == [0, 1, 2]
    assert set(games["end_reason"]) == {"deck"}
    assert (games[["score_0", "score_1", "score_2"]].sum(axis=1) == 52).all()  # R16
    assert (games["robberies"] >= 4).all()  # every ace is drawn and robs (R9)
    for frame in (result.by_seat, result.by_bot):
        assert list(frame.columns) == [
            "games",
            "wins",
            "win_rate",
            "ci_low",
            "ci_high",
            "mean_score",
        ]
        assert ((frame.ci_low <= frame.win_rate) & (frame.win_rate <= frame.ci_high)).all()
    assert list(result.by_seat.index) == [0, 1, 2]
    assert list(result.by_bot.index) == ["ThresholdBot(4)", "RandomBot()", "ThresholdBot(2)"]
    assert "By bot" in result.summary() and "ThresholdBot(4)" in repr(result)
    assert "<table" in result._repr_html_()


def test_turns_and_end_reason_follow_r14a():
    """R14a: with max_turns=5 every game is cut by the cap after exactly 5 turns."""
    result = simulate(Rules(max_turns=5), BOTS, 300, seed=2)
    assert (result.games["turns"] == 5).all()
    assert set(result.games["end_reason"]) == {"max_turns"}
    assert (result.games[["score_0", "score_1", "score_2"]].sum(axis=1) < 52).all()


@pytest.mark.parametrize("engine", ["fast", "reference"])
def test_seats_are_rotated(engine):
    """Game i seats bots[(s + i) % n] at seat s; without rotation every bot keeps its seat."""
    result = simulate(Rules(), BOTS, 60, seed=3, engine=engine)
    names = [str(b) for b in BOTS]
    for i in (0, 1, 2, 5, 59):
        row = result.games.loc[i]
        assert [row[f"bot_{s}"] for s in range(3)] == [names[(s + i) % 3] for s in range(3)]
        assert [str(b) for b in seating(BOTS, i)] == [names[(s + i) % 3] for s in range(3)]
    fixed = simulate(Rules(), BOTS, 30, seed=3, engine=engine, rotate_seats=False)
    assert (fixed.games["bot_0"] == "ThresholdBot(4)").all()
    assert (fixed.games["bot_2"] == "ThresholdBot(2)").all()
    assert (result.by_bot["games"] == 60).all()


def test_rotation_evens_out_the_seats():
    """Over many rotated games each bot sits in each seat equally often, so the by_bot
    figures do not depend on who goes first."""
    result = simulate(Rules(first_player=0), BOTS, 3000, seed=4)
    for s in range(3):
        assert result.games[f"bot_{s}"].value_counts().tolist() == [1000, 1000, 1000]


def test_shared_wins_count_for_every_winner():
    """R15: equal scores share the win, and every winner counts it. With max_turns=1 a first
    card that passes the pile on ends the game with every bank empty: all seats win."""
    result = simulate(Rules(max_turns=1, first_player=0), BOTS, 2000, seed=5)
    games = result.games
    shared = games["winners"].map(len) > 1
    assert shared.any()
    assert (games.loc[shared, "winners"] == (0, 1, 2)).all()
    assert result.by_seat["wins"].sum() == games["winners"].map(len).sum() > len(games)
    for seat in range(3):
        wins = games["winners"].map(lambda w, seat=seat: seat in w).sum()
        assert result.by_seat.loc[seat, "wins"] == wins
    assert result.by_bot["wins"].sum() == result.by_seat["wins"].sum()


def test_wilson_interval_known_values():
    """95 % Wilson intervals: 50/100 → [0.4038, 0.5962]; 0/10 → [0, 0.2775]."""
    low, high = wilson_interval(50, 100)
    assert low == pytest.approx(0.40383, abs=1e-4) and high == pytest.approx(0.59617, abs=1e-4)
    low, high = wilson_interval(0, 10)
    assert low == 0 and high == pytest.approx(0.27753, abs=1e-4)
    low, high = wilson_interval(10, 10)
    assert high == pytest.approx(1) and low == pytest.approx(0.72247, abs=1e-4)


def test_intervals_cover_the_truth_about_95_percent_of_the_time():
    """By symmetry three copies of one bot win a third of the games each (about: ties are
    shared); 40 seeds × 3 seats of small runs: the 95 % interval covers the long-run win
    rate in most of them."""
    bots = [ThresholdBot(4)] * 3
    truth = simulate(Rules(), bots, 200_000, seed=1, workers=1).by_seat["win_rate"].mean()
    covered = 0
    for seed in range(40):
        seats = simulate(Rules(), bots, 400, seed=100 + seed).by_seat
        covered += ((seats.ci_low <= truth) & (truth <= seats.ci_high)).sum()
    assert 0.85 <= covered / 120 <= 1.0


# ---------------------------------------------------------------------- engines and seeds


def test_same_seed_same_result_and_another_seed_another():
    a = simulate(Rules(), BOTS, 2000, seed=7)
    b = simulate(Rules(), BOTS, 2000, seed=7)
    c = simulate(Rules(), BOTS, 2000, seed=8)
    pd.testing.assert_frame_equal(a.games, b.games)
    pd.testing.assert_frame_equal(a.by_bot, b.by_bot)
    assert not a.games.equals(c.games)
    d = simulate(Rules(), BOTS, 2000)
    assert isinstance(d.seed, int)
    pd.testing.assert_frame_equal(d.games, simulate(Rules(), BOTS, 2000, seed=d.seed).games)


def test_reference_games_replay_exactly():
    """A reference-engine row is reproducible: Game(rules, seed) with the same seating."""
    bots = [ThresholdBot(3), RandomBot(), bank_at_two]
    result = simulate(Rules(), bots, 40, seed=9)
    assert result.engine == "reference"  # a strategy function needs the engine
    for i in (0, 7, 39):
        game = replay(result, i, bots)
        row = result.games.loc[i]
        assert game.scores == tuple(row[f"score_{s}"] for s in range(3))
        assert game.turns == row["turns"] and game.log[-1].kind == "end"
        assert row["seed"] == game_seed(9, i)


def test_game_seeds_agree_between_python_and_numpy():
    seeds = seats.game_seeds(12345, 0, 50)
    assert [game_seed(12345, i) for i in range(50)] == seeds.tolist()
    assert len(set(seeds.tolist())) == 50 and (seeds >= 0).all()


def test_engine_choice():
    """Built-in bots under the original rules, or a custom accept_rule (tabulated like R5):
    fast; a custom loot_rule or strategy functions: the reference engine; engine="fast"
    refuses what it cannot play."""

    def strictly_higher(card, below):
        return card.is_ace or below.is_ace or card.rank > below.rank

    def one_card(ace, bank):
        return min(1, sum(not c.is_ace for c in bank))

    assert simulate(Rules(), BOTS, 10, seed=1).engine == "fast"
    assert simulate(Rules(), BOTS, 10, seed=1, engine="reference").engine == "reference"
    assert simulate(Rules(accept_rule=strictly_higher), BOTS, 10, seed=1).engine == "fast"
    custom = Rules(loot_rule=one_card)
    assert simulate(custom, BOTS, 10, seed=1).engine == "reference"
    with pytest.raises(ValueError, match="loot_rule"):
        simulate(custom, BOTS, 10, seed=1, engine="fast")
    with pytest.raises(ValueError, match="not a built-in"):
        simulate(Rules(), [bank_at_two, *BOTS[1:]], 10, engine="fast")


def test_the_result_says_why_the_reference_engine_played(monkeypatch):
    """``fallback_reason``: None when the fast path or the engine asked for played; else the
    sentence why "auto" fell back, shown in the summary and the HTML as one line."""

    def one_card(ace, bank):
        return min(1, sum(not c.is_ace for c in bank))

    line = "Played on the reference engine:"
    for played in (
        simulate(Rules(), BOTS, 10, seed=1),
        simulate(Rules(), BOTS, 10, seed=1, engine="reference"),
        simulate(Rules(loot_rule=one_card), BOTS, 10, seed=1, engine="reference"),
    ):
        assert played.fallback_reason is None
        assert line not in played.summary() and line not in played._repr_html_()
    custom = simulate(Rules(loot_rule=one_card), BOTS, 10, seed=1)
    assert custom.engine == "reference"
    assert custom.fallback_reason.startswith("the fast path cannot play this: ")
    assert "loot_rule" in custom.fallback_reason
    assert f"{line} {custom.fallback_reason}." in custom.summary().splitlines()[:2]
    assert "Played on the reference engine: the fast path cannot" in custom._repr_html_()
    strategy = simulate(Rules(), [bank_at_two, *BOTS[1:]], 10, seed=1)
    assert "bank_at_two is not a built-in strategy" in strategy.fallback_reason
    monkeypatch.setattr(environment, "has_fast_path", lambda: False)
    no_numpy = simulate(Rules(), BOTS, 10, seed=1)
    assert no_numpy.engine == "reference"
    assert no_numpy.fallback_reason.startswith("NumPy is not installed")
    assert f"{line} NumPy is not installed" in no_numpy.summary()
    assert no_numpy.games.equals(simulate(Rules(), BOTS, 10, seed=1, engine="reference").games)


def test_fast_and_reference_agree_on_the_headline_figures():
    """The statistical check of tests/test_fast_sim.py in miniature: ThresholdBot(4) beats
    RandomBot on both engines by about the same margin."""
    bots = [ThresholdBot(4), RandomBot(), ProbabilityBot(0.5)]
    fast = simulate(Rules(), bots, 20_000, seed=3, engine="fast")
    reference = simulate(Rules(), bots, 2000, seed=3, engine="reference")
    gap = (fast.by_bot.win_rate - reference.by_bot.win_rate).abs()
    assert (gap < 0.05).all()


def test_a_function_strategy_in_a_tournament_and_its_errors():
    result = simulate(Rules(), [bank_at_two, ThresholdBot(4), ExpectedValueBot()], 200, seed=2)
    assert "bank_at_two" in result.by_bot.index

    def cheat(view):
        return "bank"  # also on an empty pile, which is illegal (R4)

    with pytest.raises(IllegalActionError, match="cheat"):
        simulate(Rules(), [cheat, ThresholdBot(4), RandomBot()], 10, seed=2)


def test_arguments_are_checked():
    """Bad arguments are refused before any game (more in test_bounds.py)."""
    with pytest.raises(ValueError, match="3 seats need 3 bots"):
        simulate(Rules(), BOTS[:2], 10)
    with pytest.raises(ValueError):
        simulate(Rules(), BOTS, -1)
    with pytest.raises(ValueError):
        simulate(Rules(), BOTS, 10, engine="turbo")
    with pytest.raises(ValueError):
        simulate(Rules(), BOTS, 10, seed="x")
    with pytest.raises(ValueError):
        simulate(Rules(), BOTS, 10, workers=0)
    with pytest.raises(TypeError):
        simulate({"players": 3}, BOTS, 10)
    empty = simulate(Rules(), BOTS, 0, seed=1)
    assert len(empty.games) == 0 and list(empty.by_seat.index) == [0, 1, 2]
    assert simulate(None, ["threshold:3", "random"], 20, seed=1).rules.players == 2


@pytest.mark.parametrize("engine", ["fast", "reference"])
def test_processes_give_the_same_result_as_one_process(engine, small_chunks):
    """The same seed gives the same games whether the chunks run here or in processes."""
    n = 3000 if engine == "fast" else 600
    serial = simulate(Rules(), BOTS, n, seed=11, engine=engine, workers=1)
    parallel = simulate(Rules(), BOTS, n, seed=11, engine=engine, workers=2)
    pd.testing.assert_frame_equal(serial.games, parallel.games)


def test_a_notebook_function_strategy_runs_in_processes(small_chunks):
    result = simulate(Rules(), [bank_at_two, *BOTS[1:]], 400, seed=1, workers=2)
    assert result.engine == "reference" and len(result.games) == 400


def test_bots_that_cannot_travel_play_in_this_process(small_chunks):
    """A lambda cannot be sent to another process: the run stays here, with a warning."""
    with pytest.warns(UserWarning, match="this process only"):
        result = simulate(
            Rules(),
            [lambda view: "draw" if view.pile_size < 3 else "bank", *BOTS[1:]],
            400,
            seed=1,
            workers=2,
        )
    assert len(result.games) == 400


@pytest.mark.slow
def test_dask_cluster_gives_the_same_result(small_chunks, monkeypatch):
    """A Dask client runs the same chunks on its workers: identical games."""
    distributed = pytest.importorskip("distributed")
    path = os.pathsep.join(p for p in [str(ROOT), os.environ.get("PYTHONPATH", "")] if p)
    monkeypatch.setenv("PYTHONPATH", path)  # the workers import borsen_widget
    with (
        distributed.LocalCluster(
            n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None
        ) as cluster,
        distributed.Client(cluster) as client,
    ):
        on_dask = simulate(Rules(), BOTS, 3000, seed=13, client=client)
        on_dask_ref = simulate(Rules(), BOTS, 300, seed=13, client=client, engine="reference")
    here = simulate(Rules(), BOTS, 3000, seed=13, workers=1)
    here_ref = simulate(Rules(), BOTS, 300, seed=13, workers=1, engine="reference")
    pd.testing.assert_frame_equal(on_dask.games, here.games)
    pd.testing.assert_frame_equal(on_dask_ref.games, here_ref.games)


# ---------------------------------------------------------------------- plot and progress


def test_plot_shows_win_rates_with_error_bars():
    """The chart is Vega-Lite: bars at the win rates, error bars at the 95 % intervals, a
    dotted line at a fair share (1/n)."""
    result = simulate(Rules(), BOTS, 500, seed=1)
    chart = result.plot()
    assert isinstance(chart, Chart)
    spec = chart.to_dict()
    (bars, rule, text) = spec["layer"]
    rows = bars["data"]["values"]
    assert [r["x"] for r in rows] == list(result.by_bot.index)
    assert [r["y"] for r in rows] == pytest.approx(result.by_bot.win_rate.tolist())
    assert [r["low"] for r in rows] == pytest.approx(result.by_bot.ci_low.tolist())
    assert [r["high"] for r in rows] == pytest.approx(result.by_bot.ci_high.tolist())
    assert [layer["mark"]["type"] for layer in bars["layer"]] == ["bar", "rule", "tick", "tick"]
    assert rule["data"]["values"] == [{"y": pytest.approx(1 / 3)}]
    assert text["data"]["values"][0]["text"] == "a fair share, 1/3"
    assert bars["layer"][0]["encoding"]["y"]["title"].startswith("win rate")
    bundle = chart._repr_mimebundle_()
    assert bundle["application/vnd.vegalite.v5+json"] == spec
    by_seat = result.plot(by="seat").to_dict()["layer"][0]["data"]["values"]
    assert [r["x"] for r in by_seat] == ["seat 0", "seat 1", "seat 2"]
    assert [r["y"] for r in by_seat] == pytest.approx(result.by_seat.win_rate.tolist())
    with pytest.raises(ValueError, match="by must be"):
        result.plot(by="colour")


def test_text_progress_bar():
    stream = io.StringIO()
    bar = TextProgress(1000, stream=stream)
    bar.update(500)
    bar.update(500)
    bar.close()
    text = stream.getvalue()
    assert "50%" in text and "100%" in text and "1,000/1,000 games" in text


def test_progress_goes_to_stderr_when_asked(capsys, small_chunks):
    simulate(Rules(), BOTS, 2000, seed=1, progress=True, workers=1)
    err = capsys.readouterr().err
    assert "2,000/2,000 games" in err and "100%" in err
    simulate(Rules(), BOTS, 2000, seed=1, progress=False)
    assert capsys.readouterr().err == ""


def run_python(code: str) -> subprocess.CompletedProcess:
    """``code`` run by a fresh Python (nothing imported yet), which must succeed."""
    done = subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        env=dict(os.environ, PYTHONPATH=str(ROOT)),
        timeout=60,
    )
    assert done.returncode == 0, done.stderr
    return done


def test_the_package_gives_the_simulate_function():
    """``from borsen_widget import simulate`` is the function (the old module of that name and
    borsen_widget.actions are gone), imported on first use: ``import borsen_widget`` alone
    does not load the simulator."""
    import borsen_widget
    import borsen_widget.sim
    import borsen_widget.sim.simulate

    assert borsen_widget.simulate is borsen_widget.sim.simulate.simulate is simulate
    assert borsen_widget.SimulationResult is SimulationResult
    assert {"simulate", "SimulationResult"} <= set(borsen_widget.__all__) & set(dir(borsen_widget))
    assert (
        borsen_widget.sim.replay is replay
        and borsen_widget.sim.SimulationResult is SimulationResult
    )
    code = (
        "import sys, importlib.util, borsen_widget\n"
        "print('borsen_widget.sim.simulate' in sys.modules)\n"
        "from borsen_widget import simulate\n"
        "print(callable(simulate), simulate.__module__)\n"
        "print([importlib.util.find_spec(f'borsen_widget.{m}') for m in ('simulate', 'actions')])"
    )
    done = run_python(code)
    assert done.stdout.split("\n")[:3] == [
        "False",
        "True borsen_widget.sim.simulate",
        "[None, None]",
    ]


def test_importing_the_package_needs_no_numpy():
    """Everything runs on the standard library (JupyterLite): importing the package, the
    simulator, its tables, charts and command line imports no NumPy, pandas or matplotlib
    (the fast path and DataFrames import them when used)."""
    code = (
        "import sys, borsen_widget, borsen_widget.play.bots; "
        "import borsen_widget.sim.simulate, borsen_widget.sim.charts, borsen_widget.sim.tables; "
        "import borsen_widget.sim.cli, borsen_widget.sim.progress, borsen_widget.__main__; "
        "from borsen_widget import simulate, SimulationResult; "
        "print(sorted(m for m in ('numpy', 'pandas', 'matplotlib') if m in sys.modules))"
    )
    done = run_python(code)
    assert done.stdout.strip() == "[]"


def test_bots_see_the_same_game_as_play():
    """A reference game of simulate is the engine's own game (Game + playout)."""
    result = simulate(Rules(), BOTS, 5, seed=21, engine="reference")
    seed = int(result.games.loc[2, "seed"])
    seated = [b.for_game(seats.bot_seed(seed, s)) for s, b in enumerate(seating(BOTS, 2))]
    game = Game(Rules(), seed, record=False)
    playout(game, seated)
    assert list(game.scores) == result.games.loc[2, ["score_0", "score_1", "score_2"]].tolist()
    assert np.array_equal(result.games["turns"].to_numpy()[2:3], [game.turns])


def test_the_standing_columns_are_the_standing_fields():
    assert simulate_module.Standing._fields == simulate_module.STANDING_FIELDS


def test_a_kernel_in_a_browser_gets_the_widget_progress_bar(monkeypatch):
    """ipykernel's shell, and any IPython shell inside Pyodide (JupyterLite's kernel), show the
    ipywidgets bar; a plain IPython in a terminal does not."""
    import types

    from borsen_widget.sim import progress

    class Interpreter:  # the JupyterLite kernel's shell is no ZMQInteractiveShell
        pass

    fake = types.SimpleNamespace(get_ipython=lambda: Interpreter())
    monkeypatch.setitem(sys.modules, "IPython", fake)
    monkeypatch.setattr(progress.sys, "platform", "linux")
    assert not progress._in_notebook()
    monkeypatch.setattr(progress.sys, "platform", "emscripten")
    assert progress._in_notebook()
    fake.get_ipython = lambda: None
    assert not progress._in_notebook()


# ---------------------------------------------------------------------- languages (issue 21)
# Every surface a person reads is rendered in English and in each Norwegian standard: the
# result's summary (fast engine, and the reference engine with each kind of reason), its HTML,
# both plots, the games' table, the text and widget progress bars and the environment's
# sentences. No text with words in it may read as its English does (a bot's name is code and
# stays), and the translator must have missed no message.

CODE_NAMES = ("ThresholdBot(4)", "RandomBot()", "ThresholdBot(2)", "bank_at_two", "one_card")


def one_card(ace, bank):  # a house rule the fast path does not play
    return min(1, sum(not c.is_ace for c in bank))


def words(text: str) -> bool:
    """Does ``text`` hold a word (three letters in a row) other than code (bot names, NumPy,
    pip install, the option names, the suits' symbols)?"""
    for code in (*CODE_NAMES, "NumPy", "borsen_widget[sim]", "pip install", "loot_rule"):
        text = text.replace(code, "")
    return re.search(r"[^\W\d_]{3}", text) is not None


def texts_of_html(html: str) -> list[str]:
    return [t.strip() for t in re.findall(r">([^<]+)<", html) if t.strip()]


def texts_of_spec(spec) -> list[str]:
    """The titles and texts of a Vega-Lite specification (not its data or field names)."""
    found = []
    if isinstance(spec, dict):
        for key, value in spec.items():
            if key in ("title", "text") and isinstance(value, str):
                found.append(value)
            elif key == "values" and isinstance(value, list):  # data: only the rules' labels
                found += [row["text"] for row in value if isinstance(row, dict) and "text" in row]
            else:
                found += texts_of_spec(value)
    elif isinstance(spec, list):
        for item in spec:
            found += texts_of_spec(item)
    return found


def results_of_each_kind(monkeypatch):
    """One result of each kind: the fast engine, and the reference engine because of an
    option, of a bot, of a missing NumPy."""
    made = {
        "fast": simulate(Rules(), BOTS, 1200, seed=1),
        "option": simulate(Rules(loot_rule=one_card), BOTS, 30, seed=1),
        "bot": simulate(Rules(), [bank_at_two, *BOTS[1:]], 30, seed=1),
    }
    with monkeypatch.context() as patch:
        patch.setattr(environment, "has_fast_path", lambda: False)
        made["numpy"] = simulate(Rules(players=2), BOTS[:2], 30, seed=2)
    return made


def rendered(result, language: str) -> dict[str, list[str]]:
    """Every text of a result a person reads, by surface, in ``language``."""
    games = result.tables()["games"]
    return {
        "summary": result.summary(language).splitlines(),
        "html": texts_of_html(result.to_html(language)),
        "games": texts_of_html(games.to_html(language))[: 4 * (4 + result.rules.players)],
        "plot by bot": texts_of_spec(result.plot(language=language).to_dict()),
        "plot by seat": texts_of_spec(result.plot(by="seat", language=language).to_dict()),
    }


@pytest.mark.parametrize("language", ["nb", "nn"])
def test_nothing_falls_back_to_english(language, monkeypatch):
    tr = translator(language)
    before = set(tr.missing)
    same = []
    for kind, result in results_of_each_kind(monkeypatch).items():
        english, norwegian = rendered(result, "en"), rendered(result, language)
        for surface, texts in english.items():
            assert len(texts) == len(norwegian[surface]), (kind, surface)
            for en, other in zip(texts, norwegian[surface], strict=True):
                if words(en) and en == other:
                    same.append(f"{kind} {surface}: {en!r}")
        if kind != "fast":
            reason = result.fallback.say(language)
            assert reason != result.fallback_reason and words(reason)
    sentences = [
        Fallback("other", "why").say,
        lambda lang: environment.missing_sentence("pandas", lang),
    ]
    for say in sentences:
        if say("en") == say(language):
            same.append(say("en"))
    assert not same, "\n".join(same)
    assert tr.missing - before == set()


@pytest.mark.parametrize("language", ["nb", "nn"])
def test_the_summary_reads_norwegian(language):
    result = simulate(Rules(rob_target="leader"), BOTS, 1200, seed=1, language=language)
    text = result.summary()  # the result's own language
    spelled = {"nb": ("spill", "spillere", "Hvem et ess raner"), "nn": ("spel", "spelarar", "Kven")}
    game, players, option = spelled[language]
    assert text.startswith(f"1\u00a0200 {game}, 3 {players}, {option}")
    assert "Etter robot" in text and "Etter plass" in text and "startverdi (seed) 1;" in text
    assert "ThresholdBot(4)" in text  # a bot's name is code
    rate = result.seat(0).win_rate
    assert translator(language).number(rate, 3, 3) in text  # 0,347 with a comma
    html = result._repr_html_()
    assert f'lang="{language}"' in html and "<h4>Etter robot</h4>" in html
    assert "Etter plass" in result.summary(language)
    assert "By seat" in result.summary("en")  # a call's language wins over the result's
    chart = result.plot(by="seat").to_dict()
    assert chart["config"]["locale"]["number"]["decimal"] == ","
    assert [row["x"] for row in chart["layer"][0]["data"]["values"]] == [
        "plass 0",
        "plass 1",
        "plass 2",
    ]
    assert chart["layer"][1]["data"]["values"] == [{"y": pytest.approx(1 / 3)}]
    assert (
        chart["layer"][2]["data"]["values"][0]["text"]
        == {"nb": "rettferdig andel, 1/3", "nn": "rettferdig del, 1/3"}[language]
    )


def test_without_a_language_the_result_follows_set_language():
    result = simulate(Rules(), BOTS, 300, seed=1)
    assert result.language is None and "By bot" in result.summary()
    with use_language("nn"):
        assert "Etter robot" in result.summary() and "Etter plass" in repr(result)
        assert (
            "vinnarandel"
            in result.plot().to_dict()["layer"][0]["layer"][0]["encoding"]["y"]["title"]
        )
    assert simulate(Rules(), BOTS, 30, seed=1, language="nn-NO").language == "nn"
    assert list(result.by_bot.columns)[2] == "win_rate"  # names for programs, in any language


@pytest.mark.parametrize(
    ("language", "expected"),
    [
        ("en", ("simulating", "50%", "500/1,000 games", "games a second")),
        ("nb", ("simulerer", "50\u00a0%", "500/1\u00a0000 spill", "spill i sekundet")),
        ("nn", ("simulerer", "50\u00a0%", "500/1\u00a0000 spel", "spel i sekundet")),
    ],
)
def test_progress_texts(language, expected):
    stream = io.StringIO()
    bar = TextProgress(1000, stream=stream, language=language)
    bar.update(500)
    bar.close()
    text = stream.getvalue()
    for part in expected:
        assert part in text, (part, text)
    widget = WidgetProgress(1000, language=language)
    widget.update(500)
    assert widget.bar.description == expected[0] and expected[2] in widget.text.value


def test_the_environments_sentences_in_each_language(monkeypatch, capsys):
    monkeypatch.setattr(environment, "has_fast_path", lambda: False)
    monkeypatch.setattr(environment.sys, "platform", "linux")
    assert environment.note() == environment.LOCAL_SENTENCE
    environment.report("nn")
    out = capsys.readouterr().out
    assert out.startswith("Her spelar simuleringane eitt spel om gongen") and ". " not in out
    monkeypatch.setattr(environment.sys, "platform", "emscripten")
    with use_language("nb"):
        assert environment.note().startswith("Denne siden kjører Python inne i nettleseren din")
        assert "som Python inne i nettleseren ikke har" in environment.missing_sentence("pandas")
    assert environment.note("nn").startswith("Denne sida køyrer Python")
