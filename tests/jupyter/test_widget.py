"""The widget without a browser: construction, every intent, every bad message, the
no-secrets rule (RULES.md "Hidden information"), bots, undo and rule changes; and the table in
bokmål, nynorsk and English (issue 21, at the end).

Messages go through ipywidgets' real dispatch (``_handle_msg``), as the front end's
``model.send`` would deliver them.
"""

from __future__ import annotations

import asyncio
import json
import random
import re

import comm
import pytest
from helpers import widget
from rule_options import random_rules
from support.widget import RecordingComm, assert_no_secret, secrets_of

from borsen_widget import (
    Game,
    IllegalActionError,
    RandomBot,
    Rules,
    RulesError,
    ThresholdBot,
    play,
    set_language,
)
from borsen_widget.classroom.view import build_view, event_lines
from borsen_widget.engine.events import narrate
from borsen_widget.i18n import front_end_texts, translator
from borsen_widget.jupyter.widget import BorsenWidget
from borsen_widget.play.bots import Bot

FILLER = ["3C", "3D", "3H", "3S", "5C", "5D", "5H", "5S", "7C", "7D"]


def send(w: BorsenWidget, content) -> None:
    """Deliver a custom message as the browser's ``model.send(content)`` does."""
    w._handle_msg({"content": {"data": {"method": "custom", "content": content}}, "buffers": []})


def intent(w: BorsenWidget, name: str, **extra) -> None:
    send(w, {"intent": name, "version": w.view["version"], **extra})


def snapshot(w: BorsenWidget):
    """Everything that must not change when a message is refused."""
    return (w.game.to_json(), json.dumps(w.view, sort_keys=True), w.paused)


def texts(w: BorsenWidget) -> list[str]:
    return [line["text"] for line in w.view["events"]]


# ---------------------------------------------------------------------------- construction


def test_the_issue_example_builds_a_three_seat_game():
    w = BorsenWidget(rules=Rules(players=3), seats=["Ada", "Bo", ThresholdBot(4)], seed=1)
    assert isinstance(w.game, Game)
    assert [p["name"] for p in w.view["players"]] == ["Ada", "Bo", "Bot 1"]
    assert [p["bot"] for p in w.view["players"]] == [None, None, "ThresholdBot(4)"]
    # With no running loop the bot played at once: a person is to act now.
    assert w.view["players"][w.view["current"]]["bot"] is None
    assert w.view["actions"] and not w.view["bot_turn"]
    w.new_game(seed=2)
    assert w.game.rules.players == 3 and w.view["version"] > 1


def test_top_level_import_is_lazy():
    import borsen_widget

    assert borsen_widget.BorsenWidget is BorsenWidget
    with pytest.raises(AttributeError):
        borsen_widget.NoSuchThing  # noqa: B018


def test_seats_names_bots_and_pairs():
    w = BorsenWidget(seats=["Ada", ("Cy", ThresholdBot(3)), RandomBot(1), ThresholdBot(2)])
    assert w.names == ("Ada", "Cy", "Bot 1", "Bot 2")
    assert w.rules.players == 4
    assert w.bots[0] is None and isinstance(w.bots[1], ThresholdBot)
    default = BorsenWidget(rules=Rules(players=2))
    assert default.names == ("Player 1", "Player 2")


@pytest.mark.parametrize(
    ("kwargs", "words"),
    [
        ({"seats": "Ada"}, "one entry per seat"),
        ({"seats": ["Ada", ""]}, "a seat is a name"),
        ({"seats": ["Ada", 3]}, "a seat is a name"),
        ({"seats": ["Ada", "Ada"]}, "repeated: Ada"),
        ({"seats": ["A" * 30, "Bo"]}, "at most 24"),
        ({"rules": Rules(players=3), "seats": ["Ada", "Bo"]}, "3 players but 2 seats"),
        ({"rules": {"players": 3}}, "Rules object"),
        ({"bot_delay": -1}, "0 or more"),
        ({"bot_delay": "fast"}, "number of seconds"),
        ({"bot_delay": float("nan")}, "0 or more"),
        ({"allow_undo": "yes"}, "True or False"),
        ({"paused": 1}, "True or False"),
        ({"game": "a game"}, "borsen_widget.Game"),
        ({"game": Game(seed=1), "seed": 3}, "either game or seed"),
        ({"game": Game(seed=1), "rules": Rules(players=4)}, "either game or rules"),
    ],
)
def test_bad_arguments_raise_clear_errors(kwargs, words):
    with pytest.raises(ValueError, match=re.escape(words)):
        BorsenWidget(**kwargs)


def test_positional_arguments_are_refused():
    with pytest.raises(TypeError):
        BorsenWidget(Rules())  # type: ignore[misc]


# ---------------------------------------------------------------------------- no secrets


def _played_widget() -> BorsenWidget:
    """A game with people and a bot, played past an ace decision that listed an ace (so the
    RNG has been used and the deck reshuffled)."""
    w = widget(
        deck=" ".join(["4C", "9H", "KD", "2S", *FILLER]),
        banks=["AS AH 4H", "", "2C"],
        pile="6S AC",
        seats=("Ada", "Bo", ("Cy", ThresholdBot(2))),
    )
    intent(w, "bank")  # three aces, limit two: Ada must list one (R12)
    intent(w, "list", aces=["AC"])
    intent(w, "draw")  # Bo
    intent(w, "bank")
    return w


def test_no_synced_trait_holds_a_secret():
    w = _played_widget()
    # The teacher's panel's figures too (the panel trait), answers hidden and shown.
    w.show_probabilities = True
    w.guess_first = True
    hidden = w.get_state()
    w.reveal()
    shown = w.get_state()
    assert hidden["panel"]["hidden"] and shown["panel"]["p_accept"]
    for state in (hidden, shown):
        assert_no_secret(json.dumps(state, ensure_ascii=False, default=str), w.game)
    w.show_probabilities = False
    w.new_game(seed=987_654_321_987)
    intent(w, "draw")
    state = w.get_state()  # every synced trait, as the browser receives them
    assert {"view", "notice", "panel"} <= set(state)
    text = json.dumps(state, ensure_ascii=False, default=str)
    assert_no_secret(text, w.game)
    assert_no_secret(json.dumps(w.view), w.game)


def test_the_view_depends_on_public_information_only():
    """Two games that differ only in the deck's order, the RNG and the seed look the same."""
    w = _played_widget()
    twin_a = w.game.resample(seed=1, record=True)
    twin_b = w.game.resample(seed=2, record=True)
    assert secrets_of(twin_a)["deck"] != secrets_of(twin_b)["deck"]
    a = BorsenWidget(game=twin_a, seats=["Ada", "Bo", "Cy"])
    b = BorsenWidget(game=twin_b, seats=["Ada", "Bo", "Cy"])
    state_a, state_b = a.get_state(), b.get_state()
    # "layout" names another widget model by its random id; everything else is equal.
    assert state_a.pop("layout") != state_b.pop("layout")
    assert state_a == state_b


def test_nothing_sent_over_the_wire_holds_a_secret(monkeypatch):
    RecordingComm.sent = []
    monkeypatch.setattr(comm, "create_comm", RecordingComm)
    w = _played_widget()
    # The teacher's panels: beside the game and on their own (a projector).
    from borsen_widget.jupyter.panel import ProbabilityPanel

    w.show_probabilities = True
    panel = ProbabilityPanel(w)
    intent(w, "draw")
    assert panel.panel and w.panel
    seats = [ThresholdBot(3), RandomBot(7), ThresholdBot(5)]
    bots = BorsenWidget(seats=seats, seed=123_456_789_123, bot_delay=0)
    assert bots.game.is_over
    assert len(RecordingComm.sent) > 5
    assert any("p_accept" in json.dumps(m, default=str) for m in RecordingComm.sent)
    for game in (w.game, bots.game):
        assert_no_secret(json.dumps(RecordingComm.sent, ensure_ascii=False, default=str), game)


# ---------------------------------------------------------------------------- every intent


def test_draw_and_bank():
    w = widget(deck="6S JH " + " ".join(FILLER))
    intent(w, "draw")
    assert [str(c) for c in w.game.pile] == ["6♠"]
    assert w.view["pile"] == ["6S"] and w.view["actions"] == ["draw", "bank"]
    # R5 compares ranks only: the view names the rank, never the suit.
    assert w.view["to_beat"] == "needs a 6 or higher"  # R5: equal is accepted
    intent(w, "draw")
    assert w.view["to_beat"] == "needs a jack or higher"
    intent(w, "bank")
    assert w.view["players"][0]["score"] == 2  # E1
    assert w.view["current"] == 1
    assert texts(w)[-3:] == [
        "Ada drew 6♠ to start a pile.",
        "Ada drew J♥ — higher than 6♠.",
        "Ada banked 2 cards: 6♠ J♥.",
    ]


def test_list_and_keep_aces():
    # E6: three aces would exceed the limit; list at least one of the three.
    w = widget(deck=" ".join(FILLER), banks=["AS AH", "", ""], pile="6S AC")
    intent(w, "bank")
    aces = w.view["aces"]
    assert aces["pending"] == ["AS", "AH", "AC"] and aces["to_list"] == 1
    assert "at most 2" in aces["text"] and w.view["actions"] == ["list"]
    deck = w.game.deck_size
    intent(w, "list", aces=["AC"])
    assert w.game.deck_size == deck + 1 and w.view["aces"] is None
    assert texts(w)[-1] == "Ada listed A♣ (shuffled back into the deck) and kept A♠ A♥."
    # E6b: below the limit, keep.
    w = widget(deck=" ".join(FILLER), pile="6S AC")
    intent(w, "bank")
    assert w.view["aces"]["to_list"] == 0
    intent(w, "keep")
    assert w.view["players"][0]["aces"] == ["AC"]
    assert texts(w)[-1] == "Ada kept A♣ in the bank, safe from robbers."


def test_list_accepts_aces_in_any_notation():
    w = widget(deck=" ".join(FILLER), banks=["AS AH", "", ""], pile="6S AC")
    intent(w, "bank")
    intent(w, "list", aces=["A♥", "as"])
    assert w.view["players"][0]["aces"] == ["AC"]


def test_undo_new_game_pause_resume_step():
    w = BorsenWidget(seats=[ThresholdBot(2), ThresholdBot(3)], seed=4, paused=True)
    v = w.view
    assert v["controls"]["only_bots"] and v["controls"]["paused"] and v["bot_turn"]
    intent(w, "step")
    assert len(w.game.log) > len(Game(Rules(players=2), seed=4).log)
    intent(w, "undo")  # in a bots-only game: one bot move back, still paused
    assert w.game.log == Game(Rules(players=2), seed=4).log and w.paused
    intent(w, "resume")
    assert w.game.is_over and not w.paused  # no running loop: bots play at once
    old = w.game
    intent(w, "pause")
    assert w.paused
    intent(w, "new_game")
    assert w.game is not old and not w.game.is_over and w.paused


def test_pause_is_accepted_from_an_older_view():
    w = BorsenWidget(seats=[ThresholdBot(2), ThresholdBot(3)], seed=4, paused=True)
    old = w.view["version"]
    intent(w, "step")
    send(w, {"intent": "pause", "version": old})
    assert w.paused and not w.notice["text"]


# ---------------------------------------------------------------------------- bad messages

BAD_MESSAGES = [
    ("not a dict", ["draw"], "not understood"),
    ("text", "draw", "not understood"),
    ("unknown field", {"intent": "draw", "version": "V", "seed": 1}, "unknown fields ('seed')"),
    ("no intent", {"version": "V"}, "Unknown request"),
    ("unknown intent", {"intent": "cheat", "version": "V"}, "Unknown request 'cheat'"),
    ("intent of the wrong type", {"intent": 3, "version": "V"}, "Unknown request"),
    ("no version", {"intent": "draw"}, "which view"),
    ("version as text", {"intent": "draw", "version": "7"}, "which view"),
    ("version as a bool", {"intent": "draw", "version": True}, "which view"),
    ("version as a float", {"intent": "draw", "version": 2.0}, "which view"),
    ("stale version", {"intent": "draw", "version": "V-1"}, "earlier view"),
    ("future version", {"intent": "draw", "version": "V+1"}, "does not exist yet"),
    ("aces on a draw", {"intent": "draw", "version": "V", "aces": []}, "Only a list"),
    ("list without aces", {"intent": "list", "version": "V"}, "name them"),
    ("aces as text", {"intent": "list", "version": "V", "aces": "AS"}, "name them"),
    ("aces as numbers", {"intent": "list", "version": "V", "aces": [48]}, "name them"),
    ("list with no decision", {"intent": "list", "version": "V", "aces": []}, "no aces"),
    ("keep with no decision", {"intent": "keep", "version": "V"}, "no aces"),
    ("bank an empty pile", {"intent": "bank", "version": "V"}, "pile is empty"),
    ("undo with nothing done", {"intent": "undo", "version": "V"}, "nothing to undo"),
    ("step with no bot", {"intent": "step", "version": "V"}, "No bot"),
    ("resume when not paused", {"intent": "resume", "version": "V"}, "already playing"),
]


def _fill(content, version):
    if not isinstance(content, dict) or not isinstance(content.get("version"), str):
        return content
    v = content["version"]
    if v in ("V", "V-1", "V+1"):
        content = dict(content, version=version + {"V": 0, "V-1": -1, "V+1": 1}[v])
    return content


@pytest.mark.parametrize(
    ("why", "content", "words"), BAD_MESSAGES, ids=[m[0] for m in BAD_MESSAGES]
)
def test_a_bad_message_changes_nothing_and_says_so(why, content, words):
    w = widget(deck=" ".join(FILLER))
    before = snapshot(w)
    notice_id = w.notice["id"]
    send(w, _fill(content, w.view["version"]))
    assert snapshot(w) == before, why
    assert words in w.notice["text"], (why, w.notice)
    assert w.notice["id"] > notice_id and w.notice["level"] == "warning"


def test_a_double_click_is_refused_politely():
    w = widget(deck="6S JH " + " ".join(FILLER))
    version = w.view["version"]
    send(w, {"intent": "draw", "version": version})
    after_first = snapshot(w)
    send(w, {"intent": "draw", "version": version})  # the second click of a double click
    assert snapshot(w) == after_first
    assert "double click" in w.notice["text"]
    assert len(w.game.pile) == 1
    intent(w, "draw")  # the next good action clears the notice
    assert w.notice["text"] == "" and len(w.game.pile) == 2


@pytest.mark.parametrize(
    ("setup", "content", "words"),
    [
        ("aces", {"intent": "draw"}, "first decide"),
        ("aces", {"intent": "bank"}, "first decide"),
        ("aces", {"intent": "list", "aces": []}, "list at least 1"),
        ("aces", {"intent": "keep"}, "list at least 1"),
        ("aces", {"intent": "list", "aces": ["AD"]}, "A♦ is not among"),
        ("aces", {"intent": "list", "aces": ["AC", "AC"]}, "A♣ is not among"),
        ("aces", {"intent": "list", "aces": ["KS"]}, "are not aces"),
        ("aces", {"intent": "list", "aces": ["XX"]}, "are not aces"),
        ("empty deck", {"intent": "draw"}, "deck is empty"),
        ("bot turn", {"intent": "draw"}, "Cy's turn (a bot)"),
        ("over", {"intent": "draw"}, "game is over"),
        ("no undo", {"intent": "undo"}, "switched off"),
    ],
)
def test_a_move_that_is_not_legal_now_changes_nothing(setup, content, words):
    if setup == "aces":
        w = widget(deck=" ".join(FILLER), banks=["AS AH", "", ""], pile="6S AC")
        intent(w, "bank")
    elif setup == "empty deck":
        w = widget(deck="", pile="6S 4C", auto_bank_at_end=False)
    elif setup == "bot turn":
        seats = ("Ada", "Bo", ("Cy", ThresholdBot(2)))
        w = widget(deck=" ".join(FILLER), current=2, seats=seats, paused=True)
        assert w.view["bot_turn"]
    elif setup == "over":
        w = widget(deck="6S")
        intent(w, "draw")
        assert w.game.is_over
    else:
        w = BorsenWidget(seats=["Ada", "Bo"], seed=1, allow_undo=False)
        intent(w, "draw")
    before = snapshot(w)
    send(w, {**content, "version": w.view["version"]})
    assert snapshot(w) == before
    assert words in w.notice["text"], w.notice


def test_a_house_rule_that_raises_is_a_notice_not_a_crash():
    """A custom loot_rule (R9) is asked at each robbery: one that raises stops the move."""

    def picky(ace, bank):
        raise ZeroDivisionError("no")

    w = widget(deck="AS " + " ".join(FILLER), banks=["", "", "2C 4C"], loot_rule=picky)
    before = (w.game.public_state(), dict(w.view))  # (a game with Python rules has no save)
    intent(w, "draw")
    assert (w.game.public_state(), w.view) == before
    assert "RulesError" in w.notice["text"] and "nothing changed" in w.notice["text"]


# ---------------------------------------------------------------------------- bots


def test_bots_play_at_once_without_a_loop():
    w = BorsenWidget(seats=["Ada", ThresholdBot(2), ThresholdBot(3)], seed=9, bot_delay=0.5)
    for _ in range(400):
        if w.game.is_over:
            break
        assert w.game.current_player == 0 or w.game.is_over
        v = w.view
        if v["aces"]:
            intent(w, "keep" if v["aces"]["to_list"] == 0 else "list", **_some_aces(v))
        elif "draw" in v["actions"] and len(v["pile"]) < 2:
            intent(w, "draw")
        else:
            intent(w, "bank")
        assert not w.notice["text"], w.notice
    assert w.game.is_over and w.view["over"]
    assert w.view["result"].endswith(".") and w.view["winners"] == list(w.game.winners)
    assert sum(p["score"] for p in w.view["players"]) <= 52


def _some_aces(view):
    if view["aces"]["to_list"] == 0:
        return {}
    return {"aces": view["aces"]["pending"][: view["aces"]["to_list"]]}


def test_a_bots_only_game_can_be_paused_and_stepped_to_the_end():
    w = BorsenWidget(seats=[ThresholdBot(2), ThresholdBot(3), RandomBot(1)], seed=2, paused=True)
    assert not w.game.is_over and w.view["controls"]["paused"]
    moves = 0
    while not w.game.is_over:
        assert w.step() is not None
        moves += 1
    assert moves > 10 and w.step() is None
    assert w.view["over"] and w.view["events"][-1]["kind"] == "end"


def test_step_bots_plays_until_a_person_must_act():
    w = BorsenWidget(seats=["Ada", ThresholdBot(2), ThresholdBot(3)], seed=9, paused=True)
    intent(w, "draw") if w.game.current_player == 0 else None
    played = w.step_bots()
    assert played >= 0
    assert w.game.is_over or w.game.current_player == 0


def test_bots_wait_for_the_loop_when_one_runs():
    """In a kernel, bot moves are scheduled on the asyncio loop, bot_delay apart."""

    async def main():
        w = BorsenWidget(seats=[ThresholdBot(2), ThresholdBot(3)], seed=4, bot_delay=0.01)
        first = len(w.game.log)
        assert not w.game.is_over and w._bot_timer is not None  # nothing played yet
        for _ in range(2000):
            if w.game.is_over:
                break
            await asyncio.sleep(0.002)
        assert w.game.is_over and len(w.game.log) > first
        # Pause stops them; step plays one; resume carries on.
        w.new_game(seed=5)
        w.pause()
        log = len(w.game.log)
        await asyncio.sleep(0.05)
        assert len(w.game.log) == log
        w.step()
        assert len(w.game.log) > log
        w.resume()
        for _ in range(2000):
            if w.game.is_over:
                break
            await asyncio.sleep(0.002)
        assert w.game.is_over
        w.close()

    asyncio.run(main())


def test_a_failing_bot_pauses_the_bots_and_says_why():
    class Broken(Bot):
        def choose(self, game):
            raise RuntimeError("out of ideas")

    class Cheater(Bot):
        def choose(self, game):
            return "list A♠"

    for bot, words in ((Broken(), "out of ideas"), (Cheater(), "could not move")):
        w = BorsenWidget(seats=[bot, ThresholdBot(2)], rules=Rules(players=2, first_player=0))
        assert w.paused and words in w.notice["text"]
        assert w.game.current_player == 0 and len(w.game.log) == 1  # nothing played


# ---------------------------------------------------------------------------- undo


def test_undo_takes_back_bot_moves_up_to_the_last_human_decision():
    w = BorsenWidget(
        seats=["Ada", ThresholdBot(2), ThresholdBot(3)],
        rules=Rules(players=3, first_player=0),
        seed=11,
    )
    intent(w, "draw")
    intent(w, "draw") if "draw" in w.view["actions"] and w.game.current_player == 0 else None
    while w.game.current_player == 0 and not w.game.is_over and w.game.pile:
        before_bank = (w.game.to_json(), w.view["pile"])
        intent(w, "bank")  # ... then the bots play their turns until Ada is to act again
        break
    assert w.game.current_player == 0
    assert w.view["controls"]["can_undo"]
    intent(w, "undo")
    assert w.game.to_json() == before_bank[0]  # back to just before Ada banked
    assert w.view["pile"] == before_bank[1] and w.view["actions"] == ["draw", "bank"]


def test_undo_can_be_switched_off_and_on():
    w = BorsenWidget(seats=["Ada", "Bo"], seed=3, allow_undo=False)
    intent(w, "draw")
    assert not w.view["controls"]["allow_undo"] and not w.view["controls"]["can_undo"]
    with pytest.raises(IllegalActionError, match="switched off"):
        w.undo()
    w.allow_undo = True
    assert w.view["controls"]["can_undo"]
    w.undo()
    assert not w.game.pile
    with pytest.raises(IllegalActionError, match="nothing to undo"):
        w.undo()


def test_undo_is_refused_when_only_bots_have_moved():
    w = BorsenWidget(
        seats=["Ada", ThresholdBot(2), ThresholdBot(3)], rules=Rules(players=3, first_player=1)
    )
    assert w.game.current_player == 0 and w.game.can_undo
    assert not w.view["controls"]["can_undo"]


# ---------------------------------------------------------------------------- rules


def test_setting_rules_for_the_same_table_changes_them_in_the_game():
    w = BorsenWidget(seats=["Ada", "Bo", "Cy"], seed=1)
    intent(w, "draw")
    game = w.game
    w.rules = w.rules.replace(equal_accepted=False)
    assert w.game is game and w.rules.equal_accepted is False
    assert texts(w)[-1] == "The rules change: An equal card is accepted: off."
    assert w.view["rules"] == ["An equal card is accepted: off"]


def test_the_house_rules_footer_leaves_out_the_number_of_players():
    """The seats are on the table, and two players is no house rule (R1)."""
    w = BorsenWidget(seats=["Ada", "Bo"], seed=1, rules=Rules(players=2, decks=2))
    assert w.view["rules"] == ["Decks: 2"]


def test_setting_rules_for_another_table_starts_a_new_game():
    w = BorsenWidget(seats=["Ada", "Bo", ThresholdBot(2)], seed=1)
    intent(w, "draw") if w.view["actions"] else None
    w.rules = Rules(players=4)
    assert w.names == ("Ada", "Bo", "Bot 1", "Player 4") and w.bots[3] is None
    assert "New game" in w.notice["text"] and "Players 3 → 4" in w.notice["text"]
    assert w.notice["level"] == "info" and w.game.rules.players == 4
    w.rules = Rules(players=2, decks=2)
    assert w.names == ("Ada", "Bo") and w.game.cards_in_play == 104
    with pytest.raises(RulesError):
        w.rules = {"players": 3}


def test_new_game_with_a_seed_is_repeatable():
    w = BorsenWidget(seats=["Ada", "Bo"])
    w.new_game(seed=42)
    a = {k: v for k, v in w.view.items() if k != "version"}
    w.new_game(seed=42)
    b = {k: v for k, v in w.view.items() if k != "version"}
    assert a == b
    with pytest.raises(RulesError, match=r"set w\.rules"):
        w.new_game(rules=Rules(players=3))


def test_python_moves_and_refresh():
    w = BorsenWidget(seats=["Ada", "Bo"], seed=3)
    version = w.version
    w.apply("draw")
    assert w.version == version + 1 and len(w.view["pile"]) == 1
    with pytest.raises(IllegalActionError):
        w.apply("list A♠")
    w.game.draw() if w.game.deck_size and not w.game.is_over else None
    w.refresh()
    assert w.view["pile"] == [c.ascii for c in w.game.pile]


# ---------------------------------------------------------------------------- sentences


def test_event_sentences_read_like_the_issue():
    w = widget(deck="6S 4C 8D " + " ".join(FILLER), seats=("Ada", "Bo", "Cy"), current=1)
    intent(w, "draw")
    intent(w, "draw")
    assert texts(w)[-1] == "Bo drew 4♣ — lower than 6♠: the pile passes to Cy."
    assert w.view["events"][-1]["kind"] == "pass"
    # E4: seat 0 robs seat 2 (the player before seat 0) of ⌊7 × 1/2⌋ = 3 cards.
    w = widget(deck="AS " + " ".join(FILLER), banks=["", "", "2C 4C 6C 8C 9C TC JC AH"])
    intent(w, "draw")
    assert texts(w)[-1] == "Ada drew A♠ and robbed 3 cards from Cy."
    assert w.view["players"][2]["robbable"] == 4 and w.view["players"][2]["aces"] == ["AH"]
    # E9: a robbery that rounds down to nothing is still told.
    w = widget(deck="AD " + " ".join(FILLER), banks=["", "", "2C"])
    intent(w, "draw")
    assert texts(w)[-1] == (
        "Ada drew A♦ and robbed Cy, but a fifth of their bank rounds down to nothing."
    )


def test_the_event_list_is_the_engines_narration_of_the_newest_events():
    """The view tells the log through the engine's one narrator (engine.events.narrate, whose
    words tests/engine/test_events.py checks), and only its newest lines, ids in the whole log."""
    game = Game(Rules(players=3, decks=2, first_player=0), seed=4)  # a long log
    play(game, [ThresholdBot(2), RandomBot(1), ThresholdBot(5)])
    log = game.public_state()["log"]
    assert len(log) > 300
    lines = event_lines(log, ["Ada", "Bo", "Cy"])
    told = narrate(game.log, ["Ada", "Bo", "Cy"])
    said = narrate(game.log, ["Ada", "Bo", "Cy"], spoken=True)
    shown = [{k: v for k, v in line.items() if k != "said"} for line in lines]
    assert shown == told[-len(lines) :] and len(lines) == 30
    assert lines[-1]["id"] == told[-1]["id"] > 300
    # Each line also carries what a screen reader is given: the same line, cards in words.
    assert [line["said"] for line in lines] == [line["text"] for line in said[-len(lines) :]]


def test_build_view_reads_only_the_public_state():
    game = Game(Rules(players=2), seed=1)
    seats = [{"name": "Ada", "bot": None}, {"name": "Bo", "bot": "ThresholdBot(2)"}]
    view = build_view(game.public_state(), seats, version=3)
    assert view["version"] == 3 and view["deck_size"] == game.deck_size
    assert view["deck_aces"] == 4 and view["controls"] == {}
    assert view["to_beat"] is None  # an empty pile: any card is accepted

    def to_beat(game):  # what the next draw needs comes from the engine (Rules.need, R5)
        need = game.rules.need(game.pile[-1])
        return build_view(game.public_state(), seats + seats[:1], version=1, need=need)["to_beat"]

    strict = Game.from_position(Rules(equal_accepted=False), deck=["2C"], pile=["9S"])
    assert to_beat(strict) == "needs a 10 or higher"
    for pile, words in (("7S", "needs an 8 or higher"), ("KS", "needs an ace")):
        game = Game.from_position(Rules(equal_accepted=False), deck=["2C"], pile=[pile])
        assert to_beat(game) == words
    after_ace = Game.from_position(Rules(), deck=["2C"], pile=["9S", "AD"])
    assert to_beat(after_ace) == "anything goes after an ace"


# ---------------------------------------------------------------------------- the notebook


def test_play_notebook_runs_top_to_bottom():
    """notebooks/play.ipynb in a real kernel (no browser): every cell runs."""
    from pathlib import Path

    nbclient = pytest.importorskip("nbclient")
    nbformat = pytest.importorskip("nbformat")
    repo = Path(__file__).resolve().parents[2]
    nb = nbformat.read(repo / "notebooks" / "play.ipynb", as_version=4)
    assert nb.metadata["kernelspec"]["name"] == "python3"
    client = nbclient.NotebookClient(nb, timeout=120, resources={"metadata": {"path": str(repo)}})
    client.execute()
    shown = [o for cell in nb.cells if cell.cell_type == "code" for o in cell.get("outputs", [])]
    widgets = [o for o in shown if "application/vnd.jupyter.widget-view+json" in o.get("data", {})]
    assert len(widgets) == 3  # two games and the hot-seat game's rules editor


# ---------------------------------------------------------------------------- forged state


def update(w, state: dict) -> None:
    """An ipywidgets "update" message, as any client of the kernel can send one."""
    w._handle_msg({"content": {"data": {"method": "update", "state": state}}, "buffers": []})


@pytest.mark.parametrize("trait", ["view", "notice", "panel", "_esm", "layout"])
def test_a_page_cannot_overwrite_what_python_says(monkeypatch, trait):
    """A forged update of a synced trait is dropped: Python keeps its value, no view is sent
    the forgery (no echo), and the views are sent Python's value again."""
    RecordingComm.sent = []
    monkeypatch.setattr(comm, "create_comm", RecordingComm)
    w = widget(deck="6S JH " + " ".join(FILLER), show_probabilities=True)
    before = {name: w.get_state(name)[name] for name in w.keys}
    RecordingComm.sent = []
    forged = {"players": [], "text": "Ada wins with 52 cards", "fraction": "1/1"}
    update(w, {trait: forged})
    assert {name: w.get_state(name)[name] for name in w.keys} == before
    wire = json.dumps(RecordingComm.sent, default=str)
    assert "Ada wins with 52 cards" not in wire
    assert any(
        m["data"].get("method") == "update" and trait in m["data"]["state"]
        for m in RecordingComm.sent
    ), RecordingComm.sent


def test_a_projector_panel_cannot_be_forged_either():
    from borsen_widget.jupyter.panel import ProbabilityPanel

    w = widget(deck="6S JH " + " ".join(FILLER))
    panel = ProbabilityPanel(w)
    before = dict(panel.panel)
    update(panel, {"panel": {"kind": "choice", "question": "fake"}})
    assert panel.panel == before


def test_code_watching_the_widget_that_fails_is_not_taken_for_a_refused_move():
    """An observer of ``view`` that raises runs after the move was made and shown: the notice
    says so instead of "nothing changed"."""
    w = widget(deck="6S JH " + " ".join(FILLER))

    def broken(change):
        raise NameError("game_version")

    w.observe(broken, names="view")
    intent(w, "draw")
    assert w.game.pile and "Done, but code watching this widget failed" in w.notice["text"]
    assert "nothing changed" not in w.notice["text"]


# ============================================================================ languages (issue 21)
# The game's table in bokmål, nynorsk and English: the widget's language (its own, the
# notebook's, the page's), the view and every notice told in it, "you" in the second person,
# switching language without touching the game, and nothing falling back to English over random
# games, the ace dialog, the end and every notice.

FILL = " ".join(FILLER)
NAMES = ["Ada", "Bo", "Cy", "Di", "Ed", "Fa"]


@pytest.fixture(autouse=True)
def no_choice():
    set_language(None)
    yield
    set_language(None)


# ---------------------------------------------------------------------------- choosing


def test_a_widget_speaks_its_own_language_then_the_notebooks_then_the_pages():
    w = widget(deck="6S JH " + FILL)
    assert w.language == "en" and w.speech["texts"] == front_end_texts("en")
    send(w, {"intent": "page_language", "tags": ["de-DE", "nn-NO"]})
    assert w.language == "nn" and w.speech["language"] == "nn"
    assert texts(w)[-1] == "Ada er først ut."
    set_language("nb")  # the notebook's choice beats the page's, at once
    assert w.language == "nb" and texts(w)[-1] == "Ada er først ut."
    w.language = "en-GB"  # its own beats both
    assert w.language == "en" and texts(w)[-1] == "Ada goes first."
    assert BorsenWidget(seats=["Ada", "Bo"], language="no").language == "nb"


def test_a_bad_language_is_a_value_error_naming_the_three():
    for bad in ("fr", "", 3):
        with pytest.raises(ValueError, match="'en', 'nb', 'nn'"):
            BorsenWidget(seats=["Ada", "Bo"], language=bad)
    w = BorsenWidget(seats=["Ada", "Bo"])
    with pytest.raises(ValueError, match="language must be one of"):
        w.language = "sv"
    assert w.language == "en"


def test_a_malformed_page_language_gets_a_polite_notice_and_changes_nothing():
    w = widget(deck="6S JH " + FILL, language="nb")
    before = (w.game.to_json(), w.view, w.language)
    send(w, {"intent": "page_language", "tags": "nn", "id": "a-1"})
    assert (w.game.to_json(), w.view, w.language) == before
    assert w.notice["text"] == "Sidens språk ble ikke forstått; ingenting ble endret."
    assert w.notice["level"] == "warning" and w.notice["request"] == "a-1"
    send(w, {"intent": "page_language", "tags": ["x"] * 40})
    assert w.language == "nb" and "ikke forstått" in w.notice["text"]


def test_switching_language_changes_only_words():
    w = widget(deck="6S JH 4C " + FILL, seats=["Ada", "Bo", ThresholdBot(2)])
    intent(w, "draw")
    intent(w, "draw")
    send(w, {"intent": "draw", "version": 1})  # a stale click: a notice
    save, version, notice_id = w.game.to_json(), w.version, w.notice["id"]
    english = json.dumps(w.view, sort_keys=True)
    for language in ("nb", "nn", "en"):
        w.language = language
        assert w.game.to_json() == save and w.version == version == w.view["version"]
        assert w.notice["id"] == notice_id  # the same notice, told again
    assert json.dumps(w.view, sort_keys=True) == english
    w.language = "nn"
    assert w.notice["text"].startswith("Det klikket vart gjort på ei eldre visning av spelet")
    assert w.view["to_beat"] == "treng knekt eller høgare"
    assert texts(w)[-1] == "Ada trekte J♥ – høgare enn 6♠."
    intent(w, "draw")  # a click made on the view shown still counts after the switch
    assert w.game.current_player == 1 and not w.notice["text"]  # 4♣ passed the pile to Bo


# ---------------------------------------------------------------------------- the view


def test_the_view_in_bokmal_and_nynorsk():
    game = Game.from_position(
        Rules(players=3, max_turns=40), deck="6S JH".split() + FILL.split(), seed=1
    )
    w = BorsenWidget(game=game, seats=["Ada", "Bo", "Cy"], language="nb", bot_delay=0)
    intent(w, "draw")
    assert w.view["to_beat"] == "trenger 6 eller høyere"
    assert w.view["rules"] == ["Høyeste antall turer: 40"]
    w.language = "nn"
    assert w.view["rules"] == ["Høgaste tal på turar: 40"]
    intent(w, "bank")
    assert texts(w)[-1] == "Ada la 1 kort i banken: 6♠."
    assert [p["name"] for p in w.view["players"]] == ["Ada", "Bo", "Cy"]


def test_the_rules_footer_uses_each_options_label():
    w = BorsenWidget(seats=["Ada", "Bo", "Cy"], rules=Rules(equal_accepted=False))
    assert w.view["rules"] == ["An equal card is accepted: off"]
    assert "equal_accepted" not in json.dumps(w.view)
    w.language = "nb"
    assert w.view["rules"] == Rules(equal_accepted=False).describe("nb")
    assert "equal_accepted" not in w.view["rules"][0]


def test_the_names_the_widget_gives_follow_the_language():
    w = BorsenWidget(seats=[ThresholdBot(2), "Ada"])
    assert w.names == ("Bot 1", "Ada")
    w.language = "nb"
    assert w.names == ("Robot 1", "Ada")
    assert [p["name"] for p in w.view["players"]] == ["Robot 1", "Ada"]
    default = BorsenWidget(language="nn")
    assert default.names == ("Spelar 1", "Spelar 2", "Spelar 3")
    default.rules = Rules(players=4)
    assert default.names[-1] == "Spelar 4"
    assert default.notice["text"] == (
        "Nytt spel: Spelarar 3 → 4. Det kan ikkje endrast midt i eit spel. "
        "Spelar 4 har sett seg ved bordet."
    )
    default.language = "en"
    assert default.notice["text"] == (
        "New game: Players 3 → 4. That cannot change in the middle of a game. "
        "Player 4 joined the table."
    )


def test_the_ace_dialog_in_norwegian():
    w = widget(deck="AS AH AC " + FILL, max_bank_aces=2, language="nb")
    for _ in range(3):
        intent(w, "draw")
    intent(w, "bank")
    aces = w.view["aces"]
    assert aces["text"] == (
        "Banken din ville fått 3 ess, men en bank kan ha høyst 2. "
        "Børsnoter minst 1 av disse essene: A♠ A♥ A♣. "
        "Et børsnotert ess går tilbake i børsen, som stokkes; et ess du beholder, er trygt for "
        "ranere og gir 1 poeng."
    )
    intent(w, "keep")
    assert w.notice["text"] == "En bank kan ha høyst 2 ess: børsnoter minst 1 av dem."
    intent(w, "draw")
    assert (
        w.notice["text"]
        == "Ada, bestem først hvilke ess du vil beholde, og hvilke du vil børsnotere."
    )


# ---------------------------------------------------------------------------- "you"


def test_you_is_the_seat_named_you_in_any_of_the_languages():
    assert BorsenWidget(seats=["Ada", "You"]).you == 1
    assert BorsenWidget(seats=["du", "Bo"]).you == 0
    assert BorsenWidget(seats=["Eg", "Bo"]).you == 0
    assert BorsenWidget(seats=["You", "Du"]).you is None  # two: nobody is sure
    assert BorsenWidget(seats=["Ada", "Bo"]).you is None
    assert BorsenWidget(seats=["Ada", "Bo"], you="Bo").you == 1
    assert BorsenWidget(seats=["Ada", "Bo"], you=0).you == 0
    for bad in ("Cy", 2, True, 1.0):
        with pytest.raises(ValueError, match="you must"):
            BorsenWidget(seats=["Ada", "Bo"], you=bad)


def test_you_get_second_person_sentences_in_every_language():
    game = Game.from_position(Rules(players=2), deck="6S JH 4C".split(), current_player=0)
    w = BorsenWidget(game=game, seats=["You", ThresholdBot(9)], bot_delay=0)
    assert w.view["players"][0]["you"] and not w.view["players"][1]["you"]
    intent(w, "draw")
    assert texts(w)[-1] == "You drew 6♠ to start a pile."
    w.language = "nb"
    assert w.names == ("Du", "Robot 1")
    assert texts(w)[-1] == "Du trakk 6♠ og begynte på en ny bunke."
    intent(w, "draw")
    intent(w, "draw")  # 4♣ is lower: the pile passes to the bot, which plays to the end
    assert w.game.is_over
    result = w.view["result"]
    assert result.startswith("Du ") or result.startswith("Robot 1 ")
    w.language = "en"
    assert "You wins" not in json.dumps(w.view) and "You banks" not in json.dumps(w.view)


def test_you_win_with_cards():
    game = Game.from_position(Rules(players=2), deck=["6S"], current_player=0)
    w = BorsenWidget(game=game, seats=["Me", "Bo"], bot_delay=0)
    intent(w, "draw")
    intent(w, "bank")
    assert w.game.is_over
    assert w.view["result"] == "You win with 1 card."
    w.language = "nb"
    assert w.view["result"] == "Du vinner med 1 kort."
    w.language = "nn"
    assert w.view["result"] == "Du vinn med 1 kort."
    w.you = None
    assert w.view["result"] == "Me vinn med 1 kort."


def test_view_in_tells_the_same_view_in_another_language_for_another_seat():
    w = widget(deck="6S JH " + FILL)
    intent(w, "draw")
    phone = w.view_in("nn", you=1)
    assert phone["version"] == w.view["version"] and phone["language"] == "nn"
    assert phone["players"][1]["you"] and phone["pile"] == w.view["pile"]
    assert phone["events"][-1]["text"] == "Ada trekte 6♠ og byrja på ein ny bunke."


# ---------------------------------------------------------------------------- new game


def test_new_game_on_a_set_position_deals_a_new_game():
    """The teaching notebook's widget: New game deals a fresh, shuffled game with the same
    rules and seats, not the same position again."""
    table = Game.from_position(
        Rules(players=3),
        deck="2C 3D 4H 5S 7D 8H 9S TC JD QH KS AD 3C 9D AS".split(),
        banks=[["2S"], ["2D"], "2H 3H 4S 5H 5C 6S 6H 7S".split()],
        pile="4D 6C 8D".split(),
        current_player=0,
        seed=0,
    )
    w = BorsenWidget(game=table, seats=["Ada", "Bo", "Cy"], bot_delay=0)
    intent(w, "new_game")
    assert w.game is not table and w.game.deck_size == 52 and w.view["pile"] == []
    assert [p["score"] for p in w.view["players"]] == [0, 0, 0]
    assert w.names == ("Ada", "Bo", "Cy") and w.rules == table.rules


# ---------------------------------------------------------------------------- nothing falls back

# Keys whose values are data (names, cards, codes), not sentences.
DATA = {
    "name",
    "bot",
    "pending",
    "pile",
    "aces",
    "recent",
    "legal",
    "actions",
    "phase",
    "end_reason",
    "kind",
    "language",
    "winners",
    "cards_in_play",
}


def sentences(value, path=()):
    """Every text of a view with its place in it (data such as names and cards left out)."""
    if isinstance(value, dict):
        for key, item in value.items():
            if key not in DATA:
                yield from sentences(item, (*path, key))
    elif isinstance(value, list):
        for i, item in enumerate(value):
            yield from sentences(item, (*path, i))
    elif isinstance(value, str):
        yield path, value


def words_of(text: str, names) -> str:
    for name in names:
        text = text.replace(name, "")
    return text


def assert_translated(english: dict, other: dict, names, language: str) -> None:
    told = dict(sentences(other))
    for path, text in sentences(english):
        if re.search(r"[A-Za-z]{3}", words_of(text, names)):
            assert told[path] != text, f"{language}: {path} left in English: {text!r}"


def _random_rules(rng: random.Random) -> Rules:
    """A rule set from the options' declarations (no house rule: none is saved or shown)."""
    return random_rules(rng, most_players=5, function_chance=0)


@pytest.mark.slow  # 9 s alone, 50 s in a whole run of the suite
def test_nothing_falls_back_over_random_games():
    """Random games over the rule options, every state told in nb and nn: no text of the view
    (the log's every kind of line, what the next card needs, the ace dialog, the end, the house
    rules) equals its English, and no message is missing from the catalogues."""
    rng = random.Random(2121)
    kinds, dialogs, ends = set(), 0, set()
    for i in range(30):
        rules = _random_rules(rng)
        game = Game(rules, seed=i)
        bot = RandomBot(i)
        names = NAMES[: rules.players]
        seats = [{"name": name, "bot": None} for name in names]
        you = rng.choice([None, 0, rules.players - 1])
        steps = 0
        while True:
            state = game.public_state()
            views = {
                language: build_view(
                    state,
                    seats,
                    version=steps,
                    rules_text=rules.describe(language),
                    language=language,
                    you=you,
                )
                for language in ("en", "nb", "nn")
            }
            for language in ("nb", "nn"):
                assert_translated(views["en"], views[language], names, language)
            kinds |= {line["kind"] for line in views["en"]["events"]}
            dialogs += views["en"]["aces"] is not None
            if game.is_over:
                ends.add(state["end_reason"])
                break
            game.apply(bot.choose(game))
            steps += 1
    for language in ("nb", "nn"):
        assert not translator(language).missing, translator(language).missing
    assert {"start", "draw", "pass", "rob", "bank", "list", "keep", "end"} <= kinds, kinds
    assert dialogs and {"deck", "max_turns"} <= ends, (dialogs, ends)


NOTICES = [
    # (why, setup, action)
    (
        "a stale click",
        lambda: widget(deck="6S JH " + FILL),
        lambda w: (intent(w, "draw"), send(w, {"intent": "draw", "version": 1})),
    ),
    ("not a message", lambda: widget(deck="6S " + FILL), lambda w: send(w, ["draw"])),
    (
        "unknown fields",
        lambda: widget(deck="6S " + FILL),
        lambda w: send(w, {"intent": "draw", "version": 1, "x": 1}),
    ),
    ("unknown intent", lambda: widget(deck="6S " + FILL), lambda w: intent(w, "fly")),
    ("no version", lambda: widget(deck="6S " + FILL), lambda w: send(w, {"intent": "draw"})),
    (
        "a future view",
        lambda: widget(deck="6S " + FILL),
        lambda w: send(w, {"intent": "draw", "version": 99}),
    ),
    (
        "aces of a draw",
        lambda: widget(deck="6S " + FILL),
        lambda w: intent(w, "draw", aces=["AS"]),
    ),
    (
        "not aces",
        lambda: widget(deck="AS " + FILL),
        lambda w: (intent(w, "draw"), intent(w, "bank"), intent(w, "list", aces=["6S"])),
    ),
    (
        "the bot's turn",
        lambda: widget(deck="6S " + FILL, seats=("Ada", ThresholdBot(2)), paused=True, current=1),
        lambda w: intent(w, "draw"),
    ),
    (
        "bots already playing",
        lambda: widget(deck="6S " + FILL, seats=("Ada", ThresholdBot(2))),
        lambda w: intent(w, "resume"),
    ),
    ("no bot to play", lambda: widget(deck="6S " + FILL), lambda w: intent(w, "step")),
    (
        "undo off",
        lambda: widget(deck="6S " + FILL, allow_undo=False),
        lambda w: intent(w, "undo"),
    ),
    ("nothing to undo", lambda: widget(deck="6S " + FILL), lambda w: intent(w, "undo")),
    ("pile empty", lambda: widget(deck="6S " + FILL), lambda w: intent(w, "bank")),
    ("deck empty", lambda: widget(deck="6S"), lambda w: (intent(w, "draw"), intent(w, "draw"))),
    (
        "game over",
        lambda: widget(deck="6S"),
        lambda w: (intent(w, "draw"), intent(w, "bank"), intent(w, "draw")),
    ),
    (
        "aces first",
        lambda: widget(deck="AS " + FILL),
        lambda w: (intent(w, "draw"), intent(w, "bank"), intent(w, "draw")),
    ),
    ("no decision", lambda: widget(deck="6S " + FILL), lambda w: intent(w, "keep")),
    (
        "not pending",
        lambda: widget(deck="AS " + FILL),
        lambda w: (intent(w, "draw"), intent(w, "bank"), intent(w, "list", aces=["AD"])),
    ),
    (
        "too few",
        lambda: widget(deck="AS AH " + FILL, max_bank_aces=1),
        lambda w: (intent(w, "draw"), intent(w, "draw"), intent(w, "bank"), intent(w, "keep")),
    ),
    ("no class", lambda: widget(deck="6S " + FILL), lambda w: intent(w, "open_seat", seat=0)),
    (
        "a failing bot",
        lambda: widget(deck="6S " + FILL, seats=("Ada", Broken())),
        lambda w: (intent(w, "draw"), intent(w, "bank")),
    ),
    (
        "a failing house rule",
        lambda: widget(deck="AS " + FILL, banks=["", "", "2C 4C"], loot_rule=_fails),
        lambda w: intent(w, "draw"),
    ),
    (
        "code watching fails",
        lambda: widget(deck="6S " + FILL),
        lambda w: (w.observe(_fails, names="view"), intent(w, "draw")),
    ),
    (
        "a new table",
        lambda: widget(deck="6S " + FILL),
        lambda w: setattr(w, "rules", Rules(players=4)),
    ),
    (
        "a bad page language",
        lambda: widget(deck="6S " + FILL),
        lambda w: send(w, {"intent": "page_language", "tags": [1]}),
    ),
]


class Broken:
    def choose(self, game):
        raise RuntimeError("no idea")


def _fails(*_args):
    raise ZeroDivisionError("no")


@pytest.mark.parametrize(("why", "setup", "action"), NOTICES, ids=[n[0] for n in NOTICES])
def test_every_notice_is_told_in_each_language(why, setup, action):
    w = setup()
    action(w)
    english = w.notice["text"]
    assert english, why
    for language in ("nb", "nn"):
        w.language = language
        told = w.notice["text"]
        assert told and told != english, (why, language, told)
        assert not translator(language).missing, translator(language).missing
    w.language = "en"
    assert w.notice["text"] == english
