"""Actions and their text form (R4, R8, R11; RULES.md §5 "Card order")."""

import pytest

from borsen_widget import Action, Card


@pytest.mark.parametrize("text", ["draw", "bank", "list none", "list A♠", "list A♠ A♥ A♣ A♦"])
def test_text_round_trip(text):
    action = Action.parse(text)
    assert str(action) == text
    assert Action.parse(str(action)) == action


def test_aces_print_in_card_order_and_parse_in_any_order_and_notation():
    """§5: actions print aces ♠ ♥ ♣ ♦; parse accepts any order and notation."""
    a = Action.parse("list AD as A♥")
    assert str(a) == "list A♠ A♥ A♦"
    assert a == Action.parse("list A♥ A♦ A♠") == Action.list(["AS", "AH", "AD"])
    assert hash(a) == hash(Action.list([Card.parse("AD"), "AH", "A♠"]))
    assert Action.parse("keep") == Action.parse("list none") == Action.list()
    assert Action.parse("  DRAW ") == Action("draw")


def test_two_decks_repeat_an_ace():
    """§5: with two decks a selection may hold the same ace twice."""
    assert str(Action.parse("list A♠ AS")) == "list A♠ A♠"


@pytest.mark.parametrize(
    "bad", ["", "fold", "draw now", "list", "list 5H", "list AX", "bank A♠", 3, None]
)
def test_bad_text_is_a_value_error(bad):
    with pytest.raises(ValueError):
        Action.parse(bad)


def test_only_aces_can_be_listed_and_only_lists_name_aces():
    with pytest.raises(ValueError, match="only aces"):
        Action("list", ("KS",))
    with pytest.raises(ValueError, match="only a list"):
        Action("draw", ("AS",))
    with pytest.raises(ValueError):
        Action("fold")
