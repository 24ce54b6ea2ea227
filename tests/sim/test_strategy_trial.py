"""Issue 32: "try it" — a strategy rule against the house bot in a few hundred games (fast,
counted as the league counts: a tie half, R15) and the rule in three example positions."""

from __future__ import annotations

import time

import pytest

from borsen_widget.play.strategy_rules import RuleBot, StrategyRule, StrategyRuleError
from borsen_widget.sim.simulate import simulate
from borsen_widget.sim.strategy_trial import (
    HOUSE_BOT,
    POSITIONS,
    examples,
    position_game,
    try_rule,
)

FIVE = {"name": "Fem", "bank_when": [[{"kind": "pile_at_least", "cards": 5}]], "aces": "keep"}


def test_try_rule_counts_points_as_the_league_does():
    trial = try_rule(FIVE, games=200, seed=4)
    assert trial.opponent == str(HOUSE_BOT) == "ThresholdBot(4)"
    assert trial.engine == "fast" and trial.games == 200
    # The same games, counted again from their winners: a win 1, a shared win ½ (R15).
    rule = StrategyRule.from_dict(FIVE)
    result = simulate(None, [RuleBot(rule), HOUSE_BOT], 200, seed=4, keep_games=True)
    rows = result.tables()["games"]
    points = 0.0
    for g, winners in enumerate(rows["winners"]):
        seat = g % 2  # game g seats the rule at seat g % 2
        if seat in winners:
            points += 1 / len(winners)
    assert trial.points == points
    assert trial.win_rate == points / 200
    assert trial.low < trial.win_rate < trial.high
    assert "seed" not in trial.to_dict()


def test_try_rule_answers_within_a_second():
    """Issue 32: the builder's "try it" answers in at most 1 s (after the first, which imports
    NumPy)."""
    try_rule(FIVE, games=20)
    start = time.perf_counter()
    try_rule(FIVE, games=300, seed=2)
    examples(FIVE, "nb")
    assert time.perf_counter() - start < 1.0


def test_the_opponent_may_be_a_rule_or_a_spec():
    other = StrategyRule.from_dict(
        {**FIVE, "name": "Tre", "bank_when": [[{"kind": "pile_at_least", "cards": 3}]]}
    )
    assert try_rule(FIVE, opponent=other, games=20).opponent == "Tre"
    assert try_rule(FIVE, opponent=other.to_dict(), games=20).opponent == "Tre"
    assert try_rule(FIVE, opponent="threshold:2", games=20).opponent == "ThresholdBot(2)"
    with pytest.raises(StrategyRuleError):
        try_rule({**FIVE, "aces": "sell"})
    with pytest.raises(ValueError, match="games"):
        try_rule(FIVE, games=0)


@pytest.mark.parametrize("language", ["en", "nb", "nn"])
def test_the_result_in_words(language):
    said = try_rule(FIVE, games=50, seed=3).say(language)
    assert "ThresholdBot(4)" in said and said.endswith(".") and "{" not in said
    if language != "en":
        assert said != try_rule(FIVE, games=50, seed=3).say("en")


def test_the_example_positions_are_what_they_say():
    """Two players, the student in seat 0, the banks and the deck as declared (R16: no card
    twice)."""
    for spec in POSITIONS:
        game = position_game(spec)
        assert game.current_player == 0
        assert tuple(game.scores) == spec["banks"]
        assert game.deck_size == spec["deck"]
        assert [c.ascii for c in game.pile] == list(spec["pile"])
        game.check_invariants()


def test_examples_say_what_the_rule_does():
    found = examples(FIVE, "en")
    assert len(found) == 3
    assert [e.action for e in found] == ["draw", "bank", "draw"]  # piles of 2, 5 and 4 cards
    assert found[1].sentences[-1] == "Your rule banks."
    assert found[0].sentences[-1] == "Your rule draws."
    first = found[0]
    assert (first.accepted, first.deck) == (23, 50)  # 9 and up: 19 left, and the 4 aces (R5)
    assert first.sentences[1] == ("The chance that the next card is accepted is 23/50, about 46%.")
    low = {
        "name": "Lav",
        "bank_when": [[{"kind": "chance_below", "percent": 30}]],
        "aces": "keep",
    }
    assert [e.action for e in examples(low, "en")] == [
        "bank" if e.accepted * 100 < 30 * e.deck else "draw" for e in found
    ]
    nb = examples(FIVE, "nb")
    assert nb[1].sentences[-1] == "Regelen din legger i banken."
    assert nb[0].sentences[-1] == "Regelen din trekker."
    assert examples(FIVE, "nn")[0].sentences[0].startswith("Bunken har 2 kort")


def test_explain_any_position_where_banking_is_a_choice():
    """Three players: the banks' sentence names the fullest other bank (R15); no pile, or an
    ace decision, is refused (R4, R11)."""
    from borsen_widget import Game, Rules
    from borsen_widget.sim.strategy_trial import explain

    game = Game.from_position(
        Rules(players=3),
        deck=["2S", "KH", "AD"],
        banks=[["3S"], ["4S", "5S"], ["6S", "7S", "8S"]],
        pile=["9C", "TC"],
        current_player=0,
        seed=1,
    )
    said = explain(FIVE, game, "en")
    assert said.banks == (1, 3) and said.action == "draw"
    assert said.sentences[2] == "Cards in the banks: yours 1, the most among the others 3."
    assert explain(FIVE, game, "nn").sentences[3] == "Regelen din trekkjer."
    assert explain(FIVE, game, "nb").sentences[2].startswith("Kort i bankene: du har 1,")
    empty = Game.from_position(Rules(players=2), deck=["2S"], current_player=0, seed=1)
    with pytest.raises(ValueError, match="draw or bank"):
        explain(FIVE, empty)
