"""The named position: one definition of a game's state that undo, equality, copies, saves and
the public view all read (R16 checked on it)."""

from __future__ import annotations

import dataclasses

from helpers import position

from borsen_widget.engine.position import Position


def test_a_copy_holds_every_field_and_shares_no_list():
    g = position("3C 4D AS", banks=["5C", "AH 6D", ""], pile="7S")
    pos = g.position
    twin = pos.copy()
    assert twin == pos
    for field in dataclasses.fields(Position):
        value = getattr(twin, field.name)
        if isinstance(value, list):
            assert value is not getattr(pos, field.name), field.name
    twin.banks[1].append(0)
    twin.deck.pop()
    assert pos.banks[1] == g.position.banks[1] and len(pos.deck) == 3


def test_the_save_data_names_every_field_but_the_derived_one():
    data = position("3C 4D", banks=["5C", "", ""]).position.to_data()
    fields = {f.name for f in dataclasses.fields(Position)}
    assert set(data) == fields - {"bank_aces"}  # bank_aces follows from the banks


def test_the_public_data_hides_the_order_of_the_deck_only():
    a = position("3C 4D 9H KS", pile="7S").position
    b = position("KS 9H 4D 3C", pile="7S").position
    assert a.to_data() != b.to_data()
    assert a.public_data() == b.public_data()
    assert "deck" not in a.public_data() and a.public_data()["deck_size"] == 4


def test_conservation_is_checked():
    pos = position("3C 4D", banks=["5C", "", ""]).position
    pos.check_invariants()
    pos.deck.append(pos.deck[0])  # a card made from nothing (R16)
    try:
        pos.check_invariants()
    except AssertionError as error:
        assert "R16" in str(error)
    else:
        raise AssertionError("R16 was not checked")
