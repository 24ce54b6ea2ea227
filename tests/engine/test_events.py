"""The one narrator of the log: an event as a sentence, and a log as a screen tells it, one
line per thing that happened (RULES.md §5, "The log")."""

from __future__ import annotations

import pytest
from helpers import FILLER, position

from borsen_widget import Event
from borsen_widget.engine.cards import Card
from borsen_widget.engine.errors import SaveError
from borsen_widget.engine.events import narrate


def cards(text):
    return tuple(Card.parse(c) for c in text.split())


LOG = [
    Event("start", 0, info="suit"),
    Event("draw", 0, cards=cards("KS")),
    Event("accept", 0, cards=cards("KS"), info="empty"),
    Event("draw", 0, cards=cards("2C")),
    Event("pass", 0, 1, cards("2C"), Card.parse("KS"), "equal"),
    Event("draw", 1, cards=cards("AH")),
    Event("accept", 1, cards=cards("AH"), below=Card.parse("2C"), info="ace"),
    Event("rob", 1, 0, cards("3C 4C"), info="1/3"),
    Event("draw", 1, cards=cards("2D")),
    Event("accept", 1, cards=cards("2D"), below=Card.parse("AH"), info="after_ace"),
    Event("bank", 1, cards=cards("KS 2C AH 2D")),
    Event("keep", 1, cards=cards("AH"), info="dead_deck"),
    Event("rules", 1, info="max_turns = 5"),
    Event("end", None, info="deck", scores=(3, 3)),
]


def test_a_log_is_told_one_line_per_thing_that_happened():
    lines = narrate(LOG, ["Ada", "Bo"], loot_to="pile")
    assert [line["text"] for line in lines] == [
        "Ada goes first (picked by the suit of the first card).",
        "Ada drew K♠ to start a pile.",
        "Ada drew 2♣ — only equal to K♠: the pile passes to Bo.",
        "Bo drew A♥ and robbed 2 cards from Ada into the pile, under the ace.",
        "Bo drew 2♦ — anything goes after an ace.",
        "Bo banked 4 cards: K♠ 2♣ A♥ 2♦.",
        "Bo kept A♥: the deck holds no other card to list it into.",
        "The rules change: Turn cap: 5.",  # an old save's "max_turns = 5", read as data
        "Game over: the deck is empty. Ada and Bo share the win with 3 cards.",
    ]
    assert [line["id"] for line in lines] == [0, 1, 3, 5, 8, 10, 11, 12, 13]
    assert [line["kind"] for line in lines][2:4] == ["pass", "rob"]
    # Whom each line befell (R5: who takes the passed pile; R9: who was robbed): a screen that
    # reads out only its own seat's moves still tells that seat what was done to it.
    assert [line["target"] for line in lines] == [None, None, 1, 0, None, None, None, None, None]


def test_one_event_and_its_line_give_the_same_reason():
    """R5's reasons are worded once: the event's sentence and the line share them."""
    passed = LOG[4]
    line = narrate(LOG[3:5], ["Ada", "Bo"])[0]["text"]
    assert "only equal to K♠" in passed.describe(["Ada", "Bo"]) and "only equal to K♠" in line


def test_every_event_of_a_played_game_round_trips_through_its_data():
    g = position("AS 2C " + " ".join(FILLER), banks=["", "", "4C 6C 7C"])
    for _ in range(4):
        if g.is_over:
            break
        g.apply(g.legal_actions()[0])
    for event in g.log:
        assert Event.from_dict(event.to_dict(), players=3) == event


@pytest.mark.parametrize(
    ("data", "field"),
    [
        ({"kind": "dance", "player": 0}, "kind"),
        ({"kind": "draw", "player": 1.5, "cards": ["2C"]}, "player"),
        ({"kind": "draw", "player": 7, "cards": ["2C"]}, "player"),
        ({"kind": "rules", "player": 0, "info": ["x"]}, "info"),
        ({"kind": "draw", "player": 0, "cards": ["ZZ"]}, "cards"),
        ({"kind": "draw", "player": 0, "cards": [], "scores": [1]}, "scores"),
    ],
)
def test_a_bad_event_is_refused_naming_the_field(data, field):
    with pytest.raises(SaveError) as info:
        Event.from_dict(data, players=3)
    assert info.value.field == field


def test_an_end_event_must_say_why_and_give_every_score():
    with pytest.raises(SaveError, match="why"):
        Event.from_dict({"kind": "end", "player": None, "scores": [1, 2, 3]}, players=3)
    with pytest.raises(SaveError, match="every score"):
        Event.from_dict({"kind": "end", "player": None, "info": "deck"}, players=3)


def test_the_seat_at_the_screen_is_told_as_you():
    """``you=`` names the seat of the person at the screen: whole second-person sentences, not
    a name glued into a third-person one ("You wins")."""
    names = ["Ada", "Bo"]
    lines = [line["text"] for line in narrate(LOG, names, loot_to="pile", you=1)]
    assert lines[2] == "Ada drew 2♣ — only equal to K♠: the pile passes to you."
    assert lines[3] == "You drew A♥ and robbed 2 cards from Ada into the pile, under the ace."
    assert lines[5] == "You banked 4 cards: K♠ 2♣ A♥ 2♦."
    assert lines[-1] == "Game over: the deck is empty. You and Ada share the win with 3 cards."
    won = Event("end", None, info="deck", scores=(25, 3))
    assert won.describe(names, you=0) == "The game ends: the deck is empty. You win with 25 cards."
    assert LOG[7].describe(names, you=0) == "Bo robs 2 cards from you (1/3 of your cards): 3♣ 4♣."


def test_a_house_rules_refusal_is_a_sentence():
    refused = Event("pass", 0, 1, cards("2C"), Card.parse("KS"), "custom")
    assert refused.describe(["Ada", "Bo"]) == (
        "The house rule refuses 2♣ on K♠: the pile passes to Bo."
    )
