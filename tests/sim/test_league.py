"""The league (borsen_widget.sim.league): Bradley–Terry ratings and their intervals on
constructed results with known answers, and small real leagues (R15: a tie counts half)."""

from __future__ import annotations

import math

import pytest

from borsen_widget import RandomBot, Rules, ThresholdBot, WinningBot
from borsen_widget.sim import LeagueResult, league
from borsen_widget.sim.league import ELO, bradley_terry


def test_two_bots_three_to_one():
    """75 points to 25: the odds are 3, so the log-strengths are ±ln(3)/2 (Elo ±95.4); the
    variance of their difference is 1/(n p (1-p)) = 1/18.75, each half of it under the
    constraint that they sum to 0."""
    theta, errors = bradley_terry([[0, 75], [25, 0]])
    assert theta[0] == pytest.approx(math.log(3) / 2, abs=1e-9)
    assert theta[1] == pytest.approx(-math.log(3) / 2, abs=1e-9)
    assert ELO * theta[0] == pytest.approx(400 * math.log10(3) / 2, abs=1e-6)
    assert errors[0] == pytest.approx(math.sqrt(1 / 18.75) / 2, abs=1e-9)
    assert errors[1] == pytest.approx(errors[0])


def test_three_bots_recover_the_strengths_they_were_made_from():
    """Points made from strengths 1, 2 and 4 (each pair 1,000 games, points exactly as the
    model expects) give back those strengths (log, centred); the errors are the diagonal of the
    pseudo-inverse of the information matrix, computed here by NumPy."""
    np = pytest.importorskip("numpy")
    strength = [1.0, 2.0, 4.0]
    n = 1000
    points = [
        [n * a / (a + b) if i != j else 0 for j, b in enumerate(strength)]
        for i, a in enumerate(strength)
    ]
    theta, errors = bradley_terry(points)
    logs = [math.log(x) for x in strength]
    mean = sum(logs) / 3
    assert theta == pytest.approx([x - mean for x in logs], abs=1e-8)
    info = np.zeros((3, 3))
    for i in range(3):
        for j in range(3):
            if i != j:
                p = strength[i] / (strength[i] + strength[j])
                info[i, j] = -n * p * (1 - p)
                info[i, i] += n * p * (1 - p)
    expected = np.sqrt(np.diag(np.linalg.pinv(info)))
    assert errors == pytest.approx(list(expected), rel=1e-6)


def test_a_bot_that_won_everything_needs_the_prior():
    with pytest.raises(ValueError, match="prior"):
        bradley_terry([[0, 10], [0, 0]])
    theta, _ = bradley_terry([[0, 10], [0, 0]], prior=0.5)
    assert theta[0] == pytest.approx(math.log(10.5 / 0.5) / 2)


def test_a_small_real_league():
    """Three bots, 60 games a pair, both seats: every pair's points add up to its games
    (a tie shared), the ratings sum to 0 and sit inside their intervals, WinningBot rates
    above ThresholdBot(4) above RandomBot; the table, the pairs and the chart are there."""
    bots = [RandomBot(), ThresholdBot(4), WinningBot()]
    result = league(bots, games=60, seed=5, workers=1)
    assert isinstance(result, LeagueResult)
    for i in range(3):
        for j in range(i + 1, 3):
            assert result.points[i][j] + result.points[j][i] == 60
    ratings = result.tables()["ratings"]
    assert ratings.index == ["WinningBot()", "ThresholdBot(4)", "RandomBot()"]
    assert sum(ratings["rating"]) == pytest.approx(0, abs=1e-6)
    for low, rating, high in zip(
        ratings["rating_low"], ratings["rating"], ratings["rating_high"], strict=True
    ):
        assert low < rating < high
    assert ratings["games"] == [120, 120, 120]
    assert len(result.tables()["pairs"]) == 6
    chart = result.plot(language="nb").to_dict()
    assert "liga" in str(chart).lower()
    assert "rating, nedre grense (95 %)" in ratings.to_html("nb")


def test_three_player_tables():
    """players=3: every table of three different bots (here one), each game counted once per
    bot and once per pair of bots at the table (who ended with more cards, a tie half)."""
    result = league(["random", "threshold:3", "threshold:5"], games=40, players=3, seed=2)
    assert len(result.results) == 1 and result.rules.players == 3
    assert all(games == 40 for _, games in result.totals)
    for i in range(3):
        for j in range(i + 1, 3):
            assert result.points[i][j] + result.points[j][i] == 40


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"bots": ["random"]}, "two bots"),
        ({"bots": ["random", "random"]}, "different names"),
        ({"bots": ["random", "ev"], "players": 3}, "need 3 bots"),
        ({"bots": ["random", "ev"], "players": 9}, "from 2 to 8"),
    ],
)
def test_bad_input_is_refused(kwargs, message):
    with pytest.raises(ValueError, match=message):
        league(**kwargs, games=10, rules=Rules())
