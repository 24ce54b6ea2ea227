"""Save files: Game.to_json / Game.from_json (exact round trip, RNG included; RULES.md §5)."""

import json

import pytest

from borsen_widget import Game, RandomBot, Rules, ThresholdBot, play
from borsen_widget.play.playout import playout


def played(rules=None, seed=5, moves=25) -> Game:
    game = Game(rules or Rules(), seed=seed)
    play(game, [RandomBot(1), ThresholdBot(3), RandomBot(2)], max_steps=moves)
    return game


def test_round_trip_is_exact_and_continues_identically():
    game = played()
    loaded = Game.from_json(game.to_json())
    assert loaded == game
    assert loaded.to_json() == game.to_json()
    bots = [ThresholdBot(2), ThresholdBot(4), RandomBot(9)]
    play(game, bots)
    play(loaded, [ThresholdBot(2), ThresholdBot(4), RandomBot(9)])
    assert loaded == game and loaded.log == game.log


def test_round_trip_during_an_ace_decision_keeps_the_rng():
    game = Game.from_position(
        Rules(), deck=["3C", "4D", "5H", "6S"], pile=["AC"], current_player=0, seed=3
    )
    game.bank()
    loaded = Game.from_json(game.to_json())
    assert loaded.phase == "aces" and loaded.pending_aces == game.pending_aces
    game.choose_aces(["AC"])
    loaded.choose_aces(["AC"])
    assert loaded.position.deck == game.position.deck  # the same shuffle: the RNG travelled


def test_undo_history_is_not_saved():
    game = played()
    assert game.can_undo
    assert not Game.from_json(game.to_json()).can_undo


def test_a_finished_game_and_a_lean_game_round_trip():
    done = played(moves=None)
    assert Game.from_json(done.to_json()) == done
    lean = Game(Rules(players=5, decks=2), seed=1, record=False)
    playout(lean, [ThresholdBot(3)] * 5, max_steps=40)
    assert Game.from_json(lean.to_json()) == lean


def test_the_save_holds_the_secrets_the_public_state_does_not():
    game = played()
    data = json.loads(game.to_json())
    assert {"rng", "deck", "seed"} <= set(data)
    assert not {"rng", "deck", "seed"} & set(game.public_state())


def corrupt(change):
    data = json.loads(played().to_json())
    change(data)
    return json.dumps(data)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("not json", "must be JSON"),
        ("[1, 2]", "not a Børsen save"),
        (json.dumps({"format": "chess"}), "not a Børsen save"),
        (corrupt(lambda d: d.update(version=99)), "version 99"),
        (corrupt(lambda d: d.pop("deck")), "no 'deck'"),
        (corrupt(lambda d: d["deck"].append("ZZ")), "'deck' holds a bad card"),
        (corrupt(lambda d: d["deck"].pop()), "R16"),
        (corrupt(lambda d: d["banks"].pop()), "3 banks"),
        (corrupt(lambda d: d.update(current_player=7)), "current_player"),
        (corrupt(lambda d: d.update(current_player="0")), "current_player"),
        (corrupt(lambda d: d.update(phase="dancing")), "phase"),
        (corrupt(lambda d: d.update(rng=[3, [1, 2], None])), "random generator"),
        (corrupt(lambda d: d["rules"].update(players=1)), "rules are invalid"),
        (corrupt(lambda d: d["rules"].update(colour="red")), "unknown rule option"),
        (corrupt(lambda d: d.update(turns=-1)), "negative"),
        (corrupt(lambda d: d.update(pending_aces=["AS"])), "pending"),
        (corrupt(lambda d: d.update(end_reason="deck")), "end_reason"),
        (corrupt(lambda d: d["log"].append({"kind": "dance"})), "bad event"),
        (corrupt(lambda d: d.update(seed="x")), "seed"),
    ],
)
def test_corrupt_text_raises_value_error_naming_the_problem(text, message):
    with pytest.raises(ValueError, match=message):
        Game.from_json(text)
