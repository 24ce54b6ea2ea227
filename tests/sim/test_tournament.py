"""The class's tournament (issue 32): the league's ranking on the same seeds, progress that
streams, a replay that is a legal game, lessons where the player and WinningBot really disagree,
clear refusals, and the sentences in en/nb/nn."""

from __future__ import annotations

import json

import pytest

from borsen_widget.analysis import best_choice
from borsen_widget.engine.actions import BANK, DRAW
from borsen_widget.engine.events import Event
from borsen_widget.engine.game import Game
from borsen_widget.engine.position import PLAY
from borsen_widget.engine.rules import Rules
from borsen_widget.play import ExpectedValueBot, ProbabilityBot, RandomBot, ThresholdBot
from borsen_widget.play.playout import playout
from borsen_widget.play.strategy_rules import RuleBot, StrategyRule
from borsen_widget.play.winning_bot import CLOSE, WinningBot, win_chances, winning_move
from borsen_widget.sim import environment
from borsen_widget.sim.league import league
from borsen_widget.sim.seeding import game_seed, seated_bots
from borsen_widget.sim.tournament import (
    MAX_PAIR_GAMES,
    MAX_PLAYERS,
    TournamentError,
    house_bots,
    tournament,
)
from borsen_widget.sim.tournament_pairs import pair_numbers, workers_for


def rule(name: str, *groups, aces: str = "keep") -> RuleBot:
    return RuleBot(StrategyRule.from_dict({"name": name, "bank_when": list(groups), "aces": aces}))


STOP_AT_THREE = rule("Stopp på tre", [{"kind": "pile_at_least", "cards": 3}])
CAREFUL = rule(
    "Forsiktig",
    [{"kind": "chance_below", "percent": 50}],
    [{"kind": "ahead_after_bank"}, {"kind": "pile_at_least", "cards": 2}],
    aces="list_when_ahead",
)
GREEDY = rule("Grådig", [{"kind": "pile_at_least", "cards": 9}], aces="list")
MOVES = {"draw": DRAW, "bank": BANK}
PLAYERS = [STOP_AT_THREE, CAREFUL, GREEDY, WinningBot(), ExpectedValueBot(), RandomBot()]


@pytest.fixture(scope="module")
def played():
    events = []
    result = tournament(PLAYERS, games=12, seed=7, progress=events.append, workers=1)
    return result, events


@pytest.mark.parametrize("workers", [1, 2])
def test_the_ranking_is_the_leagues_on_the_same_seeds(played, workers):
    result = played[0] if workers == 1 else tournament(PLAYERS, games=12, seed=7, workers=2)
    reference = league(PLAYERS, games=12, seed=7)
    assert result.league.points == reference.points
    assert list(result.league.totals) == list(reference.totals)
    ratings = reference.tables()["ratings"]
    ranking = result.tables()["ranking"]
    assert ranking.index == ratings.index  # the same order, best first
    assert ranking["rating"] == pytest.approx(ratings["rating"], abs=1e-9)
    assert ranking["rating_low"] == pytest.approx(ratings["rating_low"], abs=1e-9)
    assert ranking["points"] == ratings["points"]
    assert ranking["place"] == list(range(1, len(PLAYERS) + 1))
    assert result.tables()["pairs"] == reference.tables()["pairs"]
    # The fast path played the pairs it can play (RuleBots and built-in bots), as the league.
    for (i, j), engine in zip(pair_numbers(len(PLAYERS)), result.engines, strict=True):
        boss = isinstance(PLAYERS[i], WinningBot) or isinstance(PLAYERS[j], WinningBot)
        assert engine == ("reference" if boss else "fast")


def test_the_same_seed_plays_the_same_games_and_another_other_games():
    same = tournament(PLAYERS[:3], games=12, seed=7, workers=1)
    again = tournament(PLAYERS[:3], games=12, seed=7, workers=1)
    other = tournament(PLAYERS[:3], games=12, seed=8, workers=1)
    assert same.league.points == again.league.points
    assert other.league.points != same.league.points


def test_progress_streams_in_order_and_ends_complete(played):
    result, events = played
    total = len(PLAYERS) * (len(PLAYERS) - 1) // 2
    assert events[0]["kind"] == "start" and events[0]["done"] == 0
    pairs = events[1:-1]
    assert [e["kind"] for e in pairs] == ["pair"] * total
    assert [e["done"] for e in pairs] == list(range(1, total + 1))
    assert all(e["total"] == total for e in events)
    for event in pairs:  # points of the pair's games, a tie half each
        assert sum(event["points"]) == event["games"] == 12
        games = [row["games"] for row in event["standings"]]
        assert sum(games) == 2 * 12 * event["done"]
    last = events[-1]
    assert last["kind"] == "done" and last["done"] == total
    assert [row["name"] for row in last["standings"]] == result.players_by_place()
    assert all(row["games"] == 12 * (len(PLAYERS) - 1) for row in last["standings"])
    assert "seed" not in repr(events)  # the seed stays in the kernel
    json.dumps(events, allow_nan=False)  # plain data, for the projector and the phones


def test_the_top_two_replay_is_a_legal_game_that_replays_to_the_same_result(played):
    result = played[0]
    replay = result.replay_top_two(language="nb")
    top = result.players_by_place()[:2]
    assert sorted(replay["players"]) == sorted(top)
    assert "seed" not in replay
    i, j = sorted(result.players.index(name) for name in top)
    pair_seed = game_seed(result.seed, pair_numbers(len(PLAYERS)).index((i, j)))
    seed = game_seed(pair_seed, replay["game"])
    game = Game(Rules(players=2), seed)
    wanted = [Event.from_dict(e, players=2) for e in replay["events"]]
    while not game.is_over:  # each move read off the replay's log, checked by the engine
        event = wanted[game.log_length]
        if event.kind == "draw":
            game.draw()
        elif event.kind == "bank":
            game.bank()
        else:
            group = wanted[game.log_length :]
            listed = []
            for e in group:
                if e.kind not in ("list", "keep"):
                    break
                listed += list(e.cards) if e.kind == "list" else []
            game.choose_aces(listed)
    assert [e.to_dict() for e in game.log] == replay["events"]
    assert list(game.scores) == replay["scores"] and list(game.winners) == replay["winners"]
    # The seats are the pair's: the same game is what the two bots play from that seed.
    bots = [PLAYERS[i], PLAYERS[j]]
    again = Game(Rules(players=2), seed)
    playout(again, seated_bots(bots, seed, replay["game"], True))
    assert again.scores == game.scores
    assert replay["players"] == [str(b) for b in seated_bots(bots, seed, replay["game"], True)]
    # The log in words, in bokmål.
    assert len(replay["lines"]) >= 3
    assert any("bunken" in line["text"] or "banken" in line["text"] for line in replay["lines"])


def _position_of(result, lesson):
    """Replay the lesson's game and return the game at its position (the player to act)."""
    p = result.players.index(lesson["player"])
    q = result.players.index(lesson["opponent"])
    i, j = sorted((p, q))
    pair_seed = game_seed(result.seed, pair_numbers(len(result.players)).index((i, j)))
    bots = [result.bots[i], result.bots[j]]
    seed = game_seed(pair_seed, lesson["game"])
    seated = seated_bots(bots, seed, lesson["game"], True)
    game = Game(result.rules, seed)
    me = [str(b) for b in seated].index(lesson["player"])
    while not game.is_over:
        if (
            game.current_player == me
            and game.phase == PLAY
            and [c.ascii for c in game.pile] == lesson["pile"]
            and [game.scores[me], game.scores[1 - me]] == lesson["banks"]
            and game.deck_size == lesson["deck"]
        ):
            return game, seated[me]
        game.apply(seated[game.current_player].choose(game))
    raise AssertionError("the lesson's position is not in its game")


@pytest.mark.parametrize("name", ["Stopp på tre", "Forsiktig", "Grådig", "RandomBot()"])
def test_a_lesson_is_a_real_disagreement_with_winningbot(played, name):
    result = played[0]
    lesson = result.lesson(name, language="en")
    assert lesson is not None and lesson["player"] == name
    game, bot = _position_of(result, lesson)
    move, right = MOVES[lesson["move"]], MOVES[lesson["winning_move"]]
    assert move != right and winning_move(game) == right
    chances = win_chances(game)
    assert lesson["chances"] == {"draw": chances[DRAW], "bank": chances[BANK]}
    assert chances[right] - chances[move] > CLOSE  # WinningBot itself plays the other move
    assert bot.choose(game) == move  # the player's own move there (its seated bot)
    assert "seed" not in lesson
    text = lesson["text"]
    assert lesson["opponent"] in text and "WinningBot" in text


def test_winningbot_has_no_lesson_and_an_unknown_player_is_refused(played):
    result = played[0]
    assert result.lesson("WinningBot()") is None
    with pytest.raises(KeyError):
        result.lesson("Ingen")


@pytest.mark.parametrize("language", ["en", "nb", "nn"])
def test_sentences_in_each_language(played, language):
    result = played[0]
    summary = " ".join(result.summary(language))
    standing = result.standing("Grådig", language)
    lesson = result.lesson("Stopp på tre", language=language)["text"]
    words = {
        "en": ("players played", "came in place", "The pile held"),
        "nb": ("spillere", "plass", "Bunken"),
        "nn": ("spelarar", "plass", "Bunken"),
    }[language]
    assert words[0] in summary and words[1] in standing and words[2] in lesson
    if language != "en":
        assert "players" not in summary and "The pile" not in lesson
    html = result._repr_html_()
    assert "<table" in html and "WinningBot()" in html


@pytest.mark.parametrize("games", [0, -1, 10**9, 3, MAX_PAIR_GAMES + 2, True, 2.0, "200", None])
def test_bad_games_are_refused_clearly(games):
    with pytest.raises(TournamentError) as caught:
        tournament(PLAYERS[:2], games=games)
    assert "even whole number" in str(caught.value)
    assert "partall" in caught.value.say("nb") and "partal" in caught.value.say("nn")


@pytest.mark.parametrize(
    "players, words",
    [
        ([STOP_AT_THREE], "two players or more"),
        ([], "two players or more"),
        ("threshold:4", "a sequence"),
        (
            [
                STOP_AT_THREE,
                ThresholdBot(4),
                rule("Stopp på tre", [{"kind": "pile_at_least", "cards": 4}]),
            ],
            "plays twice",
        ),
        ([ThresholdBot(4), "threshold:4"], "plays twice"),
        ([ThresholdBot(k) for k in range(1, MAX_PLAYERS + 2)], "at most"),
    ],
)
def test_bad_players_are_refused_clearly(players, words):
    with pytest.raises((TournamentError, ValueError)) as caught:
        tournament(players, games=2)
    assert words in str(caught.value)


def test_other_bad_arguments_are_refused_before_any_game():
    with pytest.raises(TournamentError):
        tournament(PLAYERS[:2], seed=-1)
    with pytest.raises(TournamentError):
        tournament(PLAYERS[:2], seed=2**64)
    with pytest.raises(TypeError):
        tournament(PLAYERS[:2], rules="original")
    with pytest.raises(TypeError):
        tournament(PLAYERS[:2], progress=5)
    for workers in (0, -2, 1.5, "2", True):
        with pytest.raises(ValueError, match="workers"):
            tournament(PLAYERS[:2], workers=workers)
    error = TournamentError(
        "A tournament needs two players or more, not {count}.", count=1
    )  # the English is the message itself
    assert str(error) == "A tournament needs two players or more, not 1."
    assert error.say("nn") != str(error)


def test_specs_play_and_other_rules_play_as_the_league():
    rules = Rules(players=2, loot_to="pile")
    players = ["threshold:3", ProbabilityBot(0.4), STOP_AT_THREE]
    result = tournament(players, games=10, seed=3, rules=rules, workers=1)
    assert result.league.points == league(players, games=10, seed=3, rules=rules).points
    assert result.rules.loot_to == "pile"


def test_a_browser_plays_in_this_process(monkeypatch):
    players = [ThresholdBot(k) for k in range(2, 8)]
    assert workers_for(None, players, 15) >= 1
    monkeypatch.setattr(environment, "is_browser", lambda: True)
    assert workers_for(4, players, 15) == 1
    result = tournament(players, games=4, seed=2)
    assert result.workers == 1
    assert result.league.points == league(players, games=4, seed=2).points


def test_house_bots_are_five_with_the_boss():
    bots = house_bots()
    assert len(bots) == 5 and isinstance(bots[0], WinningBot)
    assert len({str(b) for b in bots}) == 5


def test_best_choice_without_words_is_the_same_choice():
    checked = 0
    for seed in range(4):
        game = Game(Rules(players=2), seed)
        bot = ThresholdBot(5)
        while not game.is_over and checked < 40:
            if game.phase == PLAY and game.pile_size and game.deck_size:
                with_words = best_choice(game, "own", look_ahead=1)
                without = best_choice(game, "own", look_ahead=1, words=False)
                assert without.sentence == "" and with_words.sentence
                assert (without.action, without.proof) == (with_words.action, with_words.proof)
                checked += 1
            game.apply(bot.choose(game))
    assert checked == 40
