"""The rules editor (issue: tweak the rules live): each control changes the game's rules,
validated as you type; bad values show an error and change nothing."""

from fractions import Fraction

import pytest

from borsen_widget import Game, Rules
from borsen_widget.jupyter.rules_editor import OPTIONS, RulesEditor


def test_one_control_per_option_with_its_rule_number():
    import dataclasses

    assert [name for name, _, _ in OPTIONS] == [f.name for f in dataclasses.fields(Rules)]
    editor = RulesEditor(Game(Rules(), seed=1))
    assert set(editor._controls) == {f.name for f in dataclasses.fields(Rules)}
    for _name, number, text in OPTIONS:
        assert number.startswith("R") and text.endswith(".")


def test_a_share_typed_as_text_changes_the_game():
    game = Game(Rules(), seed=1)
    editor = RulesEditor(game)
    spade = editor._controls["ace_shares"].children[0]
    spade.value = "1"
    assert game.rules.ace_shares["S"] == 1
    assert game.log[-1].kind == "rules"
    spade.value = "0.25"
    assert game.rules.ace_shares["S"] == Fraction(1, 4)


@pytest.mark.parametrize("text", ["1.5", "-1", "half", ""])
def test_a_bad_share_shows_an_error_and_changes_nothing(text):
    game = Game(Rules(), seed=1)
    editor = RulesEditor(game)
    before = game.rules
    editor._controls["ace_shares"].children[1].value = text
    assert game.rules == before
    assert "borsen-rules-error" in editor._errors["ace_shares"].value


def test_every_control_applies_its_option():
    game = Game(Rules(players=4), seed=1)
    editor = RulesEditor(game)
    c = editor._controls
    c["equal_accepted"].value = False
    c["bank_ends_turn"].value = False
    c["rob_target"].value = "leader"
    c["loot_to"].value = "pile"
    c["auto_aces"].value = "keep"
    c["max_bank_aces"].value = "no limit"
    c["max_turns"].value = 50
    c["auto_bank_at_end"].value = False
    c["first_player"].value = 3
    assert game.rules == Rules(
        players=4,
        first_player=3,
        equal_accepted=False,
        bank_ends_turn=False,
        rob_target="leader",
        loot_to="pile",
        auto_aces="keep",
        max_bank_aces=None,
        max_turns=50,
        auto_bank_at_end=False,
    )
    c["max_bank_aces"].value = 0
    assert game.rules.max_bank_aces == 0


def test_players_cannot_change_on_a_bare_game_and_it_says_so():
    game = Game(Rules(), seed=1)
    editor = RulesEditor(game)
    editor._controls["players"].value = 5
    assert game.rules.players == 3
    assert "new game" in editor._errors["players"].value


def test_a_bad_max_turns_is_refused():
    game = Game(Rules(), seed=1)
    editor = RulesEditor(game)
    editor._controls["max_turns"].value = 0
    assert game.rules.max_turns == 10_000
    assert "max_turns" in editor._errors["max_turns"].value


def test_refresh_shows_rules_changed_elsewhere_and_custom_rules_by_name():
    def my_rule(card, below):
        return True

    game = Game(Rules(), seed=1)
    editor = RulesEditor(game)
    game.set_rules(Rules(accept_rule=my_rule, ace_shares={"D": Fraction(2, 3)}))
    editor.refresh()
    assert editor._controls["ace_shares"].children[3].value == "2/3"
    assert "my_rule" in editor._controls["accept_rule"].value


def test_the_widget_offers_an_editor_that_changes_its_game():
    """Issue 6: w.rules_editor() edits the running game; rule changes reach the event list;
    players change starts a new game; the editor follows changes made from code."""
    from borsen_widget import BorsenWidget

    w = BorsenWidget(seats=["Ada", "Bo", "Cy"], seed=1)
    editor = w.rules_editor()
    editor._controls["ace_shares"].children[0].value = "1"
    assert w.game.rules.ace_shares["S"] == 1
    assert any("ace_shares" in e["text"] for e in w.view["events"])
    editor._controls["ace_shares"].children[0].value = "1.5"
    assert w.game.rules.ace_shares["S"] == 1
    editor._controls["players"].value = 4
    assert w.game.rules.players == 4 and len(w.names) == 4 and "New game" in w.notice["text"]
    w.rules = w.rules.replace(equal_accepted=False)
    assert editor._controls["equal_accepted"].value is False
    typed = editor._controls["ace_shares"].children[2]
    typed.value = "1/"  # half typed: an error, and a move must not overwrite it
    w.apply("draw")
    assert typed.value == "1/"
