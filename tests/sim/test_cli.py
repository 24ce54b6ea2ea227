"""The command line (``python -m borsen_widget simulate``): its tables, its rule flags, and
hostile arguments (issue 12): a bad ``--csv`` path is refused before any game is played, every
number is bounded and read without building a huge one, a share goes through the engine's
bounded reader, and any text in any option ends in exit code 0 or 2 with at most one short
line of error, never a traceback."""

from __future__ import annotations

import os
import subprocess
import sys
from fractions import Fraction
from pathlib import Path

import pandas as pd
import pytest
from helpers import examples
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from borsen_widget import ExpectedValueBot, RandomBot, Rules, ThresholdBot, WinningBot
from borsen_widget.__main__ import main
from borsen_widget.engine.options import OPTIONS as DECLARED
from borsen_widget.sim import cli
from borsen_widget.sim.simulate import MAX_GAMES, simulate

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(autouse=True)
def english_environment(monkeypatch):
    """The output's language comes from the environment: these tests start from none."""
    for name in cli.LANGUAGE_VARIABLES:
        monkeypatch.delenv(name, raising=False)


def test_command_line_prints_both_tables(capsys, tmp_path):
    csv = tmp_path / "games.csv"
    code = main(
        [
            "simulate",
            "--players",
            "3",
            "--bots",
            "threshold:4",
            "random",
            "--games",
            "3000",
            "--seed",
            "1",
            "--csv",
            str(csv),
        ]
    )
    out = capsys.readouterr().out
    assert code == 0
    assert "By bot" in out and "By seat" in out
    assert "ThresholdBot(4)" in out and "RandomBot()" in out and "win rate" in out
    assert len(pd.read_csv(csv)) == 3000
    assert list(pd.read_csv(csv).columns)[:3] == ["game", "seed", "turns"]  # names, not headers
    expected = simulate(Rules(), [ThresholdBot(4), RandomBot(), ThresholdBot(4)], 3000, seed=1)
    assert f"{expected.by_bot.loc['RandomBot()', 'wins']:,}" in out


def test_the_winning_bot_plays_from_the_command_line(capsys):
    """``--bots winning``: WinningBot (issue 23) plays, and the help's epilog names it."""
    args = ["simulate", "--players", "2", "--bots", "winning", "ev", "--games", "20", "--seed", "3"]
    assert main(args) == 0
    out = capsys.readouterr().out
    expected = simulate(Rules(players=2), [WinningBot(), ExpectedValueBot()], 20, seed=3)
    tables = expected.summary().split("\n", 1)[1]  # after the line with the speed
    assert "WinningBot()" in tables and tables in out
    with pytest.raises(SystemExit):
        main(["simulate", "--help"])
    assert "WinningBot (plays to win, R15)" in capsys.readouterr().out


def test_command_line_rule_flags(capsys):
    code = main(
        [
            "simulate",
            "--bots",
            "ev",
            "probability:0.5",
            "--games",
            "200",
            "--seed",
            "2",
            "--no-equal-accepted",
            "--shares",
            "S=1,H=1/3",
            "--rob-target",
            "leader",
            "--loot-to",
            "pile",
            "--max-bank-aces",
            "none",
            "--first-player",
            "suit",
            "--decks",
            "2",
            "--no-bank-ends-turn",
        ]
    )
    out = capsys.readouterr().out
    assert code == 0
    for text in (
        "An equal card is accepted: off",
        "Whom an ace robs: the leader",
        "Where the loot goes: the pile, under the ace",
        "♠ 1,",
        "Who gets the first card: by the first card's suit",
        "Banking ends the turn: off",
    ):
        assert text in out
    assert "Decks: 2" in out and "The most aces a bank may hold: no limit" in out


def test_command_line_errors(capsys):
    assert main(["simulate", "--bots", "wizard"]) == 2
    assert "unknown bot" in capsys.readouterr().err
    with pytest.raises(SystemExit) as stop:  # R1: refused while the flags are read
        main(["simulate", "--players", "9"])
    assert stop.value.code == 2 and "players" in capsys.readouterr().err


# ---------------------------------------------------------------------- languages


@pytest.mark.parametrize(
    ("language", "words"),
    [
        (
            "nb",
            [
                "Etter robot",
                "Etter plass",
                "vinnerandel",
                "spill i sekundet",
                "startverdi (seed) 1",
            ],
        ),
        (
            "nn",
            ["Etter robot", "Etter plass", "vinnarandel", "spel i sekundet", "startverdi (seed) 1"],
        ),
    ],
)
def test_the_output_speaks_bokmal_and_nynorsk(language, words, capsys):
    args = ["simulate", "--bots", "threshold:4", "random", "--games", "1500", "--seed", "1"]
    assert main([*args, "--language", language, "--rob-target", "leader"]) == 0
    out = capsys.readouterr().out
    for word in words:
        assert word in out, (word, out)
    assert "1\u00a0500 " in out  # games and figures the Norwegian way: 1 500, 0,517
    assert "By bot" not in out and "win rate" not in out and "games" not in out
    assert "," in out.split("Etter plass")[1] and "." not in out.split("Etter plass")[1]
    assert "ThresholdBot(4)" in out  # a bot's name is code: as it is


def test_the_language_comes_from_the_environment(monkeypatch, capsys):
    assert cli.environment_language({}) == "en"
    assert cli.environment_language({"LANG": "C.UTF-8"}) == "en"
    assert cli.environment_language({"LANG": "nb_NO.UTF-8"}) == "nb"
    assert cli.environment_language({"LANGUAGE": "nn:nb", "LANG": "nb_NO.UTF-8"}) == "nn"
    assert cli.environment_language({"LANGUAGE": "sv:nn_NO", "LC_ALL": "en_GB"}) == "nn"
    assert cli.environment_language({"LC_ALL": "", "LC_MESSAGES": "no_NO", "LANG": "en"}) == "nb"
    monkeypatch.setenv("LANG", "nn_NO.UTF-8")
    assert main(["simulate", "--bots", "random", "--games", "30", "--seed", "1"]) == 0
    assert "Etter plass" in capsys.readouterr().out
    assert main(["simulate", "--games", "30", "--seed", "1", "--language", "en"]) == 0
    assert "By seat" in capsys.readouterr().out  # the flag wins over the environment


def test_errors_speak_the_language(capsys, tmp_path, no_games):
    with pytest.raises(SystemExit) as stop:
        main(["simulate", "--language", "nn", "--games", "-1"])
    line = one_error_line(capsys.readouterr().err, "feil: ")
    assert stop.value.code == 2 and "--games må vere frå 0 til" in line and "ikkje '-1'" in line
    assert "--help viser vala" in line
    assert main(["simulate", "--language=nb", "--csv", str(tmp_path / "no" / "x.csv")]) == 2
    assert "kan ikke skrive CSV-fila" in one_error_line(capsys.readouterr().err, "feil: ")
    assert (
        main(
            [
                "simulate",
                "--language",
                "nb",
                "--bots",
                "random",
                "random",
                "random",
                "--players",
                "2",
            ]
        )
        == 2
    )
    line = one_error_line(capsys.readouterr().err, "feil: ")
    assert line == "feil: 3 roboter til 2 plasser: legg til --players 3"
    with pytest.raises(SystemExit):
        main(["simulate", "--language", "sv"])
    assert "--language must be one of en, nb, nn" in one_error_line(capsys.readouterr().err)


def test_help_stays_english(capsys):
    with pytest.raises(SystemExit):
        cli.parser("nb").parse_args(["simulate", "--help"])
    text = capsys.readouterr().out
    assert "--language" in text and "the output's language" in text


COMMAND = "simulate --players 3 --bots threshold:4 random --games 2000 --seed 1".split()


def test_python_dash_m():
    """The documented command runs as a module and prints the tables."""
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    done = subprocess.run(
        [sys.executable, "-m", "borsen_widget", *COMMAND],
        capture_output=True,
        text=True,
        env=env,
        cwd=ROOT,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    assert "By bot" in done.stdout and "ThresholdBot(4)" in done.stdout


# ---------------------------------------------------------------------- hostile arguments


@pytest.fixture
def no_games(monkeypatch):
    """simulate() made to fail if called: the command must refuse before playing."""

    def refuse(*args, **kwargs):
        raise AssertionError("the simulation ran although the arguments were bad")

    monkeypatch.setattr(cli, "simulate", refuse)


def one_error_line(err: str, error: str = "error: ") -> str:
    lines = [line for line in err.splitlines() if line.strip()]
    assert len(lines) == 1, err
    assert error in lines[0] and len(lines[0]) < 400, lines[0]
    return lines[0]


@pytest.mark.parametrize(
    "where",
    ["missing folder", "a folder", "under a file", "a NUL byte", "empty"],
)
def test_a_bad_csv_path_is_refused_before_playing(where, tmp_path, capsys, no_games):
    """Issue 12, item 6: the path is checked first; one line of error, exit code 2."""
    (tmp_path / "file.txt").write_text("keep me")
    path = {
        "missing folder": str(tmp_path / "no" / "such" / "dir" / "x.csv"),
        "a folder": str(tmp_path),
        "under a file": str(tmp_path / "file.txt" / "x.csv"),
        "a NUL byte": str(tmp_path / "x\0.csv"),
        "empty": "",
    }[where]
    assert main(["simulate", "--games", "10", "--csv", path]) == 2
    line = one_error_line(capsys.readouterr().err)
    assert "CSV" in line or "--csv" in line
    assert (tmp_path / "file.txt").read_text() == "keep me"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["file.txt"]


def test_a_good_csv_path_is_not_touched_until_the_games_are_played(tmp_path, capsys):
    """The check appends nothing and truncates nothing; a new file appears only with its rows."""
    old = tmp_path / "old.csv"
    old.write_text("old rows\n")
    calls = []

    def fake(*args, **kwargs):
        calls.append(old.read_text())
        return simulate(*args, **kwargs)

    cli_simulate = cli.simulate
    try:
        cli.simulate = fake
        assert main(["simulate", "--games", "30", "--seed", "1", "--csv", str(old)]) == 0
    finally:
        cli.simulate = cli_simulate
    assert calls == ["old rows\n"]  # as it was while the games were played
    assert len(pd.read_csv(old)) == 30
    capsys.readouterr()


@pytest.mark.timeout(30)
@pytest.mark.parametrize(
    "shares",
    ["S=1e-100000000", "S=1e100000000", "S=" + "9" * 5000, "S=1/" + "7" * 100, "S=nan", "X=1/2"],
)
def test_shares_are_read_by_the_engines_bounded_reader(shares, capsys, no_games):
    """Issue 12, item 6: `Fraction("1e-100000000")` would build a number of 10**8 digits;
    the engine's reader (read_share) refuses it at once (the timeout is the proof)."""
    with pytest.raises(SystemExit) as stop:
        main(["simulate", "--shares", shares])
    assert stop.value.code == 2
    assert "--shares" in one_error_line(capsys.readouterr().err)


def test_shares_that_are_fine_reach_the_rules():
    args = cli.parser().parse_args(["simulate", "--shares", "S=1, H=0.25,d=1/5"])
    assert args.ace_shares == {
        "S": 1,
        "H": Fraction(1, 4),
        "C": Fraction(1, 4),
        "D": Fraction(1, 5),
    }
    rules = Rules(ace_shares=args.ace_shares)
    assert str(rules.ace_shares["S"]) == "1" and str(rules.ace_shares["H"]) == "1/4"
    assert str(rules.ace_shares["D"]) == "1/5"


@pytest.mark.timeout(30)
@pytest.mark.parametrize(
    ("flag", "value"),
    [
        ("--games", "99999999999999999999999999"),
        ("--games", str(MAX_GAMES + 1)),
        ("--games", "-1"),
        ("--games", "1e9"),
        ("--games", "9" * 100_000),
        ("--seed", "-1"),
        ("--seed", str(2**64)),
        ("--seed", "0x10"),
        ("--workers", "0"),
        ("--workers", "100000"),
        ("--players", "9" * 5000),
        ("--max-turns", "0"),
        ("--decks", "٣"),  # an Arabic-Indic digit: int() reads it, the command does not
    ],
)
def test_numbers_are_bounded_and_read_at_once(flag, value, capsys, no_games):
    """Issue 12, item 5/6: a count that could never finish, a seed the engine cannot take, a
    number of 100,000 digits: refused at parse time, quoting a short excerpt."""
    with pytest.raises(SystemExit) as stop:
        main(["simulate", flag, value])
    assert stop.value.code == 2
    assert flag in one_error_line(capsys.readouterr().err)


def test_csv_with_more_games_than_can_be_kept_is_refused(tmp_path, capsys, no_games):
    assert main(["simulate", "--games", str(MAX_GAMES), "--csv", str(tmp_path / "x.csv")]) == 2
    assert "--csv" in one_error_line(capsys.readouterr().err)


def test_rules_errors_are_one_line(capsys, no_games):
    with pytest.raises(SystemExit) as stop:
        main(["simulate", "--players", "9"])
    assert stop.value.code == 2 and "players" in one_error_line(capsys.readouterr().err)
    assert main(["simulate", "--players", "2", "--first-player", "5"]) == 2  # R3: no such seat
    assert "not a seat" in one_error_line(capsys.readouterr().err)
    for spec in ("threshold:0", "threshold:" + "9" * 50, "wizard"):
        assert main(["simulate", "--bots", spec]) == 2
        assert "bot" in one_error_line(capsys.readouterr().err)


OPTIONS = [
    "--games",
    "--seed",
    "--workers",
    "--players",
    "--decks",
    "--first-player",
    "--shares",
    "--auto-aces",
    "--max-bank-aces",
    "--max-turns",
    "--engine",
    "--rob-target",
    "--loot-to",
    "--bots",
]


@pytest.mark.timeout(300)
@settings(
    max_examples=examples(300),
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(
    flag=st.sampled_from(OPTIONS),
    value=st.one_of(
        st.text(max_size=30),
        st.integers(-(10**30), 10**30).map(str),
        st.from_regex(r"[SHCD♠x]=[0-9e./-]{0,12}(,[SHCD]=[0-9./]{0,6}){0,3}", fullmatch=True),
        st.sampled_from(["1e-100000000", "9" * 5000, "nan", "inf", "-0", "1/0", "\x00"]),
    ),
)
def test_any_value_of_any_option_ends_in_0_or_2_and_one_short_line(flag, value, capsys):
    """Property (hypothesis): whatever text an option gets, the command plays (at most a few
    games here) or refuses with exit code 2 and a short message; never a traceback."""
    played = []

    def few(rules, bots, n_games, **kwargs):
        played.append(n_games)
        return simulate(rules, bots, min(n_games, 3), **{**kwargs, "workers": 1})

    real = cli.simulate
    cli.simulate = few
    try:
        try:
            code = main(["simulate", "--no-progress", "--games", "3", flag, value])
        except SystemExit as stop:  # argparse refuses at parse time
            code = stop.code
    finally:
        cli.simulate = real
    out, err = capsys.readouterr()
    assert code in (0, 2), (code, err)
    if code == 0:
        assert "By bot" in out and len(played) == 1
    else:
        assert not played
        one_error_line(err)


def test_every_rule_option_has_its_flag_from_the_declarations(capsys):
    """Issue 20: the flags and their help come from engine.options, one per option that is
    not a Python function; a flag given is the option's value, one left out its default."""
    with pytest.raises(SystemExit):
        cli.parser().parse_args(["simulate", "--help"])
    text = " ".join(capsys.readouterr().out.split())
    for option in DECLARED:
        if option.kind == "function":
            assert option.flag not in text
            continue
        assert option.flag in text and f"{option.rule}: {option.label.lower()}" in text
        args = cli.parser().parse_args(["simulate"])
        assert not hasattr(args, option.name)  # left out: Rules' default
    args = cli.parser().parse_args(["simulate", "--max-bank-aces", "none", "--auto-aces", "ask"])
    assert args.max_bank_aces is None and args.auto_aces is None
