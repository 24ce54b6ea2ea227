"""The rules editor (issues 6 and 14): an anywidget with one control per Rules option and its
rule number; each message from the browser builds new rules, validated as you type; bad values
show the engine's own message beside the control and change nothing; malformed or stale
messages get a polite notice and change nothing."""

from __future__ import annotations

import dataclasses
import json
import re
from fractions import Fraction

import pytest

from borsen_widget import BorsenWidget, Game, Rules, RulesError, set_language
from borsen_widget.i18n import front_end_texts, translator
from borsen_widget.jupyter.rules_editor import OPTIONS, RulesEditor


@pytest.fixture(autouse=True)
def no_notebook_language():
    set_language(None)
    yield
    set_language(None)


def send(editor: RulesEditor, content) -> None:
    """A custom message from the browser, through ipywidgets' real dispatch."""
    editor._handle_msg(
        {"content": {"data": {"method": "custom", "content": content}}, "buffers": []}
    )


def set_option(editor: RulesEditor, option: str, value, **extra) -> None:
    send(
        editor,
        {"intent": "set", "version": editor.form["version"], "option": option, "value": value}
        | extra,
    )


def shown(editor: RulesEditor, name: str):
    return next(o for o in editor.form["options"] if o["name"] == name)


def engine_message(language="en", **options) -> str:
    """What the engine says about these options, told to a person in ``language`` (the editor
    must show exactly this)."""
    with pytest.raises(RulesError) as caught:
        Rules(**options)
    return caught.value.say(language)


# ---------------------------------------------------------------------------- the form


def test_one_control_per_option_with_its_rule_number():
    names = [f.name for f in dataclasses.fields(Rules)]
    assert [option.name for option in OPTIONS] == names
    for option in OPTIONS:
        assert option.rule.startswith("R") and option.help.endswith(".") and option.label
    editor = RulesEditor(Game(Rules(), seed=1))
    form = editor.form
    assert [o["name"] for o in form["options"]] == names
    assert [o["rule"] for o in form["options"]] == [option.rule for option in OPTIONS]
    assert form["errors"] == {} and form["version"] == 0
    json.dumps(form)  # the browser gets JSON


def test_the_form_shows_the_rules_in_force():
    def my_rule(card, below):
        return True

    rules = Rules(
        players=4,
        first_player=2,
        ace_shares={"D": Fraction(2, 3)},
        max_bank_aces=None,
        auto_aces="keep",
        max_turns=77,
        accept_rule=my_rule,
    )
    editor = RulesEditor(Game(rules, seed=1))
    assert shown(editor, "players")["value"] == 4
    assert shown(editor, "first_player")["value"] == 2
    seats = [c["value"] for c in shown(editor, "first_player")["choices"]]
    assert seats == ["random", "suit", 0, 1, 2, 3]
    assert shown(editor, "ace_shares")["value"] == {"S": "1/2", "H": "1/3", "C": "1/4", "D": "2/3"}
    assert shown(editor, "max_bank_aces")["value"] is None
    assert shown(editor, "auto_aces")["value"] == "keep"
    assert shown(editor, "max_turns")["value"] == "77"
    assert (
        shown(editor, "accept_rule")["value"]
        == "test_the_form_shows_the_rules_in_force.<locals>.my_rule"
    )
    assert shown(editor, "loot_rule")["value"] is None
    assert shown(editor, "equal_accepted")["value"] is True
    assert shown(editor, "ace_shares")["kind"] == "shares"
    assert [s["label"] for s in shown(editor, "ace_shares")["suits"]] == ["A♠", "A♥", "A♣", "A♦"]


def test_the_package_exports_the_editor_and_it_needs_something_with_rules():
    import anywidget

    from borsen_widget import RulesEditor as Exported

    assert Exported is RulesEditor and issubclass(RulesEditor, anywidget.AnyWidget)
    with pytest.raises(ValueError, match="BorsenWidget or a Game"):
        RulesEditor(object())


# ---------------------------------------------------------------------------- changes


def test_a_share_typed_as_text_changes_the_game():
    game = Game(Rules(), seed=1)
    editor = RulesEditor(game)
    set_option(editor, "ace_shares", "1", suit="S")
    assert game.rules.ace_shares["S"] == 1
    assert game.log[-1].kind == "rules"
    set_option(editor, "ace_shares", " 0.25 ", suit="S")
    assert game.rules.ace_shares["S"] == Fraction(1, 4)
    assert shown(editor, "ace_shares")["value"]["S"] == "1/4"
    assert (
        editor.status
        == "R9 The share of the victim's cards each ace robs: the ace of ♠ robs 1/4 (was 1)."
    )


@pytest.mark.parametrize("text", ["1.5", "-1", "half", "", "1/0"])
def test_a_bad_share_shows_the_engines_error_and_changes_nothing(text):
    game = Game(Rules(), seed=1)
    editor = RulesEditor(game)
    before = game.rules
    log = len(game.log)
    set_option(editor, "ace_shares", text, suit="H")
    assert game.rules == before and len(game.log) == log
    assert editor.form["errors"] == {"ace_shares.H": engine_message(ace_shares={"H": text})}
    assert editor.notice["text"] == ""  # a refused value is an error beside it, not a notice
    # Another suit's good share applies; the refused one keeps its error until fixed.
    set_option(editor, "ace_shares", "1", suit="S")
    assert game.rules.ace_shares["S"] == 1 and "ace_shares.H" in editor.errors
    set_option(editor, "ace_shares", "1/2", suit="H")
    assert game.rules.ace_shares["H"] == Fraction(1, 2) and editor.errors == {}


def test_every_control_applies_its_option():
    game = Game(Rules(players=4), seed=1)
    editor = RulesEditor(game)
    for name, value in [
        ("equal_accepted", False),
        ("bank_ends_turn", False),
        ("rob_target", "leader"),
        ("loot_to", "pile"),
        ("auto_aces", "keep"),
        ("max_bank_aces", None),
        ("max_turns", "50"),
        ("auto_bank_at_end", False),
        ("first_player", 3),
    ]:
        set_option(editor, name, value)
    assert editor.errors == {} and editor.notice["text"] == ""
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
    set_option(editor, "max_bank_aces", 0)
    assert game.rules.max_bank_aces == 0
    set_option(editor, "auto_aces", None)
    assert game.rules.auto_aces is None
    set_option(editor, "first_player", "suit")
    assert game.rules.first_player == "suit"
    assert editor.status == "R3 Who gets the first card: by the first card's suit (was seat 3)."


@pytest.mark.parametrize(
    ("typed", "engine_value"), [("0", 0), ("-5", -5), ("ten", "ten"), ("", ""), ("1.5", "1.5")]
)
def test_a_bad_turn_cap_shows_the_engines_error(typed, engine_value):
    game = Game(Rules(), seed=1)
    editor = RulesEditor(game)
    set_option(editor, "max_turns", typed)
    assert game.rules.max_turns == 10_000
    assert editor.errors == {"max_turns": engine_message(max_turns=engine_value)}
    set_option(editor, "max_turns", "200")
    assert game.rules.max_turns == 200 and editor.errors == {}


def test_players_cannot_change_on_a_bare_game_and_it_says_so():
    game = Game(Rules(), seed=1)
    editor = RulesEditor(game)
    set_option(editor, "players", 5)
    assert game.rules.players == 3
    assert "cannot change during a game" in editor.errors["players"]
    assert shown(editor, "players")["value"] == 3  # the form shows the rules in force


def test_custom_rules_are_shown_by_name_and_can_be_removed():
    def my_rule(card, below):
        return True

    game = Game(Rules(accept_rule=my_rule), seed=1)
    editor = RulesEditor(game)
    assert shown(editor, "accept_rule")["value"].endswith("my_rule")
    set_option(editor, "accept_rule", None)
    assert game.rules.accept_rule is None and shown(editor, "accept_rule")["value"] is None
    assert editor.status.startswith("R5 House rule for accepting a card: none (was ")


def test_a_good_change_clears_the_last_notice():
    game = Game(Rules(), seed=1)
    editor = RulesEditor(game)
    send(editor, {"intent": "jump"})
    assert editor.notice["text"]
    set_option(editor, "equal_accepted", False)
    assert editor.notice["text"] == "" and editor.notice["id"] == 2


# ---------------------------------------------------------------------------- the widget


def test_the_widget_offers_an_editor_that_changes_its_game():
    """w.rules_editor() edits the running game; rule changes reach the event list; a change of
    players starts a new game; a move does not disturb a value being typed."""
    w = BorsenWidget(seats=["Ada", "Bo", "Cy"], seed=1)
    editor = w.rules_editor()
    assert isinstance(editor, RulesEditor) and editor.target is w
    set_option(editor, "ace_shares", "1", suit="S")
    assert w.game.rules.ace_shares["S"] == 1
    assert any("each ace robs: ♠ 1," in e["text"] for e in w.view["events"])
    set_option(editor, "ace_shares", "1.5", suit="S")
    assert w.game.rules.ace_shares["S"] == 1 and "ace_shares.S" in editor.errors
    set_option(editor, "equal_accepted", False)
    set_option(editor, "players", 4)
    assert w.game.rules.players == 4 and len(w.names) == 4 and "New game" in w.notice["text"]
    assert w.game.rules.equal_accepted is False  # the other options stay
    assert [c["value"] for c in shown(editor, "first_player")["choices"]][-1] == 3
    assert editor.form["version"] == 0  # the editor's own changes never make its form stale
    # A move does not touch the form: the refused share stays beside its control.
    version = editor.form["version"]
    w.apply("draw")
    assert editor.form["version"] == version and "ace_shares.S" in editor.errors


def test_the_editor_follows_rule_changes_made_elsewhere():
    w = BorsenWidget(seats=["Ada", "Bo", "Cy"], seed=1)
    editor = RulesEditor(w)
    other = RulesEditor(w)
    set_option(editor, "max_turns", "abc")
    assert "max_turns" in editor.errors
    w.rules = w.rules.replace(equal_accepted=False)  # from code
    assert shown(editor, "equal_accepted")["value"] is False
    assert editor.form["version"] == 1 and editor.errors == {}
    assert "changed elsewhere" in editor.status
    set_option(other, "rob_target", "next")  # another editor
    assert shown(editor, "rob_target")["value"] == "next" and editor.form["version"] == 2
    assert other.form["version"] == 1  # its own change: not stale for itself
    w.new_game(seed=5)  # same rules: nothing to show again
    assert editor.form["version"] == 2


def test_a_closed_editor_stops_following():
    w = BorsenWidget(seats=["Ada", "Bo", "Cy"], seed=1)
    editor = RulesEditor(w)
    editor.close()
    w.rules = w.rules.replace(equal_accepted=False)
    assert shown(editor, "equal_accepted")["value"] is True


# ---------------------------------------------------------------------------- bad messages


GOOD = {"intent": "set", "version": 0, "option": "equal_accepted", "value": False}
MALFORMED = [
    ("draw", "not understood"),
    (None, "not understood"),
    (GOOD | {"extra": 1}, "unknown fields ('extra')"),
    (GOOD | {"id": ["x"]}, "not a short name"),
    (GOOD | {"intent": "draw"}, "Unknown request 'draw'"),
    ({k: v for k, v in GOOD.items() if k != "version"}, "which form"),
    (GOOD | {"version": True}, "which form"),
    (GOOD | {"version": "0"}, "which form"),
    (GOOD | {"version": 7}, "does not exist yet"),
    (GOOD | {"option": "seed"}, "no rule option 'seed'"),
    (GOOD | {"option": ["players"]}, "no rule option"),
    ({k: v for k, v in GOOD.items() if k != "value"}, "without a value"),
    (GOOD | {"value": "no"}, "on or off"),
    (GOOD | {"value": 0}, "on or off"),
    (GOOD | {"suit": "S"}, "Only the aces' shares name a suit"),
    (GOOD | {"option": "ace_shares", "value": "1"}, "one ace"),
    (GOOD | {"option": "ace_shares", "suit": "X", "value": "1"}, "one ace"),
    (GOOD | {"option": "ace_shares", "suit": "S", "value": 1}, "text of at most"),
    (GOOD | {"option": "ace_shares", "suit": "S", "value": "1" * 41}, "text of at most"),
    (GOOD | {"option": "max_turns", "value": 50}, "text of at most"),
    (GOOD | {"option": "players", "value": 9}, "not one of the choices"),
    (GOOD | {"option": "players", "value": "4"}, "not one of the choices"),
    (GOOD | {"option": "first_player", "value": 3}, "not one of the choices"),
    (GOOD | {"option": "first_player", "value": True}, "not one of the choices"),
    (GOOD | {"option": "max_bank_aces", "value": False}, "not one of the choices"),
    (GOOD | {"option": "max_bank_aces", "value": "no limit"}, "not one of the choices"),
    (GOOD | {"option": "rob_target", "value": "everyone"}, "not one of the choices"),
    (GOOD | {"option": "accept_rule", "value": "lambda c, b: True"}, "set it from code"),
]


@pytest.mark.parametrize(("content", "says"), MALFORMED)
def test_a_malformed_message_gets_a_notice_and_changes_nothing(content, says):
    game = Game(Rules(), seed=1)
    editor = RulesEditor(game)
    before_form = editor.form
    send(editor, content)
    assert game.rules == Rules()
    assert editor.form == before_form
    assert says in editor.notice["text"] and editor.notice["level"] == "warning"


@pytest.mark.parametrize(
    "content",
    [
        GOOD | {"intent": "x" * 1_000_000},
        GOOD | {f"f{i}": i for i in range(100_000)},
        GOOD | {"option": "o" * 100_000},
        GOOD | {"option": "players", "value": "9" * 100_000},
        GOOD | {"option": "ace_shares", "suit": "S" * 100_000, "value": "1"},
    ],
    ids=["huge intent", "many fields", "huge option", "huge choice", "huge suit"],
)
def test_a_flood_is_never_echoed_back(content):
    editor = RulesEditor(Game(Rules(), seed=1))
    send(editor, content)
    assert editor.notice["text"] and len(editor.notice["text"]) < 300


def test_a_notice_names_the_request_it_answers():
    editor = RulesEditor(Game(Rules(), seed=1))
    send(editor, GOOD | {"option": "players", "value": 9, "id": "e1-4"})
    assert editor.notice["request"] == "e1-4"
    set_option(editor, "equal_accepted", False, id="e1-5")  # a good change, with an id
    assert editor.notice["text"] == ""


def test_a_page_cannot_overwrite_the_form():
    """Only Python sets the form and the notice: a forged "update" from a page is dropped."""
    game = Game(Rules(), seed=1)
    editor = RulesEditor(game)
    before = (editor.form, editor.notice)
    for trait in ("form", "notice"):
        editor._handle_msg(
            {
                "content": {"data": {"method": "update", "state": {trait: {"fake": True}}}},
                "buffers": [],
            }
        )
    assert (editor.form, editor.notice) == before and game.rules == Rules()


def test_a_message_made_before_a_change_elsewhere_is_stale():
    w = BorsenWidget(seats=["Ada", "Bo", "Cy"], seed=1)
    editor = w.rules_editor()
    old = editor.form["version"]
    w.rules = w.rules.replace(loot_to="pile")
    send(editor, {"intent": "set", "version": old, "option": "max_turns", "value": "9"})
    assert w.rules.max_turns == 10_000 and w.rules.loot_to == "pile"
    assert "changed elsewhere" in editor.notice["text"]
    set_option(editor, "max_turns", "9")  # made on the form now shown: it counts
    assert w.rules.max_turns == 9 and editor.notice["text"] == ""


def test_a_bare_games_rules_changed_from_code_make_old_messages_stale():
    """A bare game cannot tell the editor; the editor notices at the next message."""
    game = Game(Rules(), seed=1)
    editor = RulesEditor(game)
    game.set_rules(Rules(equal_accepted=False))
    set_option(editor, "max_turns", "9")  # made on the form of version 0
    assert game.rules == Rules(equal_accepted=False)
    assert "changed elsewhere" in editor.notice["text"]
    assert shown(editor, "equal_accepted")["value"] is False and editor.form["version"] == 1
    game.set_rules(Rules(loot_to="pile"))
    editor.refresh()
    assert shown(editor, "loot_to")["value"] == "pile" and editor.form["version"] == 2


def test_the_front_ends_test_form_is_what_python_sends():
    """js/test/editor-form.json (the form the front end's unit tests render) must stay what
    Python sends for the original rules; after changing OPTIONS, write it again with
    ``python -c "import json; from borsen_widget import Game, Rules, RulesEditor;
    print(json.dumps(RulesEditor(Game(Rules(), seed=1)).form, indent=1, ensure_ascii=False))"
    > js/test/editor-form.json``."""
    from pathlib import Path

    fixture = Path(__file__).resolve().parents[2] / "js" / "test" / "editor-form.json"
    assert json.loads(fixture.read_text(encoding="utf-8")) == RulesEditor(Game(Rules())).form


def test_anything_with_rules_can_be_edited():
    """Not only a widget or a game: any object whose ``rules`` can be read and set."""

    class Table:
        def __init__(self):
            self.rules = Rules()

    table = Table()
    editor = RulesEditor(table)
    set_option(editor, "loot_to", "pile")
    assert table.rules.loot_to == "pile"
    table.rules = Rules(max_turns=5)  # changed elsewhere: the next message is stale
    set_option(editor, "loot_to", "bank")
    assert table.rules == Rules(max_turns=5) and "changed elsewhere" in editor.notice["text"]


# ---------------------------------------------------------------------------- languages


def test_the_form_speaks_bokmal_and_nynorsk():
    """Labels, help, choices and the aces' names in the language chosen; the values (what
    the browser sends back) stay the same in every language."""
    english = RulesEditor(Game(Rules(), seed=1))
    for language, players, lot, ace in [
        ("nb", "Spillere", "ved loddtrekning", "spar ess"),
        ("nn", "Spelarar", "ved loddtrekking", "spar ess"),
    ]:
        editor = RulesEditor(Game(Rules(), seed=1), language=language)
        assert editor.language == language
        assert editor.speech == {"language": language, "texts": front_end_texts(language)}
        assert shown(editor, "players")["label"] == players
        assert shown(editor, "first_player")["choices"][0] == {"value": "random", "label": lot}
        assert shown(editor, "ace_shares")["suits"][0] == {"suit": "S", "label": "A♠", "name": ace}
        for ours, theirs in zip(editor.form["options"], english.form["options"], strict=True):
            assert ours["value"] == theirs["value"] and ours["name"] == theirs["name"]
            assert [c["value"] for c in ours.get("choices", [])] == [
                c["value"] for c in theirs.get("choices", [])
            ]


def test_errors_and_the_status_in_bokmal_and_nynorsk():
    """The engine's message beside the control, told in the editor's language (an option
    named by its label); what was typed is echoed as typed (a share of 1.5 is not '3/2')."""
    for language, share, cap in [
        (
            "nb",
            "Andelen for ♥-esset må være mellom 0 og 1, ikke 1.5.",
            "«Høyeste antall turer» må være et helt tall, ikke 'ten'.",
        ),
        (
            "nn",
            "Delen for ♥-esset må vere mellom 0 og 1, ikkje 1.5.",
            "«Høgaste tal på turar» må vere eit heilt tal, ikkje 'ten'.",
        ),
    ]:
        game = Game(Rules(), seed=1)
        editor = RulesEditor(game, language=language)
        set_option(editor, "ace_shares", "1.5", suit="H")
        set_option(editor, "max_turns", "ten")
        assert editor.errors == {"ace_shares.H": share, "max_turns": cap}
        assert editor.form["errors"] == editor.errors
        assert engine_message(language, ace_shares={"H": "1.5"}) == share
        assert game.rules == Rules()
        set_option(editor, "ace_shares", "0,25", suit="S")  # a decimal comma is read too
        assert game.rules.ace_shares["S"] == Fraction(1, 4)
        assert editor.status.startswith("R9 ") and "esset ran" in editor.status
        set_option(editor, "max_turns", "10 000")  # thousands set apart, as written in Norway
        assert editor.errors == {"ace_shares.H": share}


def test_the_engine_stays_english_for_programmers():
    with pytest.raises(RulesError) as caught:
        Rules(ace_shares={"H": "1.5"})
    assert str(caught.value) == "The share of the ace of ♥ must be between 0 and 1, not 1.5."
    with pytest.raises(RulesError) as caught:
        Rules(max_turns=0)
    error = caught.value
    assert str(error) == "max_turns must be between 1 and 1,000,000,000, not 0."
    assert error.say("en") == "“Turn cap” must be between 1 and 1,000,000,000, not 0."
    assert error.say("nb") == (
        "«Høyeste antall turer» må være mellom 1 og 1\xa0000\xa0000\xa0000, ikke 0."
    )


def test_switching_language_keeps_the_rules_and_what_was_refused():
    w = BorsenWidget(seats=["Ada", "Bo", "Cy"], seed=1)
    editor = RulesEditor(w, language="nb")
    set_option(editor, "equal_accepted", False)
    set_option(editor, "ace_shares", "2", suit="C")
    send(editor, {"intent": "jump"})
    rules, version, notice_id = w.rules, editor.form["version"], editor.notice["id"]
    nb = (editor.errors, editor.status, editor.notice["text"])
    editor.language = "nn"
    assert w.rules == rules and editor.form["version"] == version
    assert editor.notice["id"] == notice_id  # the same notice, told again
    assert list(editor.errors) == ["ace_shares.C"]
    nn = (editor.errors, editor.status, editor.notice["text"])
    assert all(a != b for a, b in zip(nb, nn, strict=True))
    assert "Delen for ♣-esset" in editor.errors["ace_shares.C"]
    assert editor.status.startswith("R5 Eit kort med same verdi blir godkjent: av (var på)")
    editor.language = "en"
    assert editor.errors["ace_shares.C"].startswith("The share of the ace of ♣")
    assert shown(editor, "equal_accepted")["value"] is False and w.rules == rules


def test_the_editor_follows_the_page_and_the_notebook_and_the_widgets_choice():
    editor = RulesEditor(Game(Rules(), seed=1))
    assert editor.language == "en"
    send(editor, {"intent": "page_language", "tags": ["nn-NO", "nb"]})
    assert editor.language == "nn" and shown(editor, "players")["label"] == "Spelarar"
    assert editor.notice["text"] == ""
    set_language("nb")
    assert editor.language == "nb" and shown(editor, "players")["label"] == "Spillere"
    send(editor, {"intent": "page_language", "tags": "nb"})  # malformed: a notice, no change
    assert editor.language == "nb" and editor.notice["level"] == "warning"
    assert editor.notice["text"] == translator("nb").gettext(
        "The page's language was not understood; nothing changed."
    )
    w = BorsenWidget(seats=["Ada", "Bo", "Cy"], seed=1, language="nn")
    assert w.rules_editor().language == "nn"


def _every_text(editor: RulesEditor) -> list[str]:
    """Every text the editor shows a person: the form's words, its errors, status, notice."""
    texts = []
    for option in editor.form["options"]:
        texts += [option["label"], option["help"]]
        texts += [c["label"] for c in option.get("choices", [])]
        texts += [s["name"] for s in option.get("suits", [])]
    return [*texts, *editor.form["errors"].values(), editor.form["status"], editor.notice["text"]]


def _every_situation(language: str):
    """An editor in ``language`` in each situation that shows words: yields (what, editor)
    after each step."""
    game = Game(Rules(), seed=1)
    editor = RulesEditor(game, language=language)
    yield "the form", editor
    for text in ["1.5", "-1", "half", "", "1/0", "0.0000001", "2", "1,5", "x" * 40]:
        set_option(editor, "ace_shares", text, suit="H")
        yield f"share {text!r}", editor
    for text in ["0", "-5", "ten", "", "1.5", "99999999999", "1 0"]:
        set_option(editor, "max_turns", text)
        yield f"turn cap {text!r}", editor
    for name, value in [("players", 5), ("decks", 2)]:
        set_option(editor, name, value)
        yield f"{name} on a bare game", editor
    set_option(editor, "ace_shares", "1", suit="S")
    yield "a share's status", editor
    set_option(editor, "rob_target", "leader")
    yield "a choice's status", editor
    for content, _says in MALFORMED:
        send(editor, content)
        yield f"malformed {content!r}", editor
    game.set_rules(Rules(loot_to="pile"))
    set_option(editor, "max_turns", "9", version=0)
    yield "stale", editor
    send(editor, {"intent": "page_language", "tags": 3})
    yield "a malformed language", editor
    # A seat that the new number of players does not have (a widget starts a new game).
    w = BorsenWidget(seats=["Ada", "Bo", "Cy", "Di"], seed=1, rules=Rules(players=4))
    seated = RulesEditor(w, language=language)
    set_option(seated, "first_player", 3)
    set_option(seated, "players", 3)
    yield "a seat that is gone", seated

    class Broken:
        rules = Rules()

        def __setattr__(self, name, value):
            raise RuntimeError("no")

    broken = RulesEditor(Broken(), language=language)
    set_option(broken, "loot_to", "pile")
    yield "a target that fails", broken


def test_nothing_falls_back_to_english():
    """The editor's form and every error, status and notice it can show, in bokmål and
    nynorsk: no text is left in English, and no message is missing from the catalogues."""
    for language in ("nb", "nn"):
        tr = translator(language)
        missing_before = set(tr.missing)
        seen = 0
        for (what, editor), (_, english) in zip(
            _every_situation(language), _every_situation("en"), strict=True
        ):
            ours, theirs = _every_text(editor), _every_text(english)
            assert len(ours) == len(theirs), what
            for text, original in zip(ours, theirs, strict=True):
                if any(c.isalpha() for c in original):
                    assert text != original, (language, what, text)
                    seen += 1
        assert seen > 300
        assert set(tr.missing) == missing_before, tr.missing - missing_before


def test_python_names_are_a_field_of_their_own_never_in_the_words():
    """Issue 31: the editor in nynorsk showed "players —", "first_player —" before its
    sentences. A Python name (for a teacher who writes ``Rules(...)``) travels as the option's
    ``name`` field, shown as code apart from the words (js/test/editor-helpers.test.js); no
    label, help, choice, error, status or notice a person reads in bokmål or nynorsk holds one,
    in any situation the editor can show (a malformed message's own text, quoted back as sent,
    is what the page wrote, not the editor's words)."""
    names = [option.name for option in OPTIONS]
    echoed = re.compile(r"'[^']*'")
    glued = re.compile(r"\b(" + "|".join(map(re.escape, names)) + r")\b")
    for language in ("nb", "nn"):
        editor = RulesEditor(Game(Rules(), seed=1), language=language)
        assert [option["name"] for option in editor.form["options"]] == names
        for option in editor.form["options"]:
            assert not option["label"].startswith(option["name"]), option["label"]
        checked = 0
        for what, shown_editor in _every_situation(language):
            for text in _every_text(shown_editor):
                assert not glued.search(echoed.sub("", text)), (language, what, text)
                checked += 1
        assert checked > 300
