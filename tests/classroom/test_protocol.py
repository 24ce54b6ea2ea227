"""Messages from a page: read and checked before anything acts on them; every notice quotes at
most a short excerpt of what was sent; a refused move is told in the widget's words."""

from __future__ import annotations

import pytest
from helpers import position

from borsen_widget import IllegalActionError
from borsen_widget.classroom.refusals import refusal_notice
from borsen_widget.classroom.wire import STUDENT_INTENTS, BadMessage, read_request, request_id


def test_a_good_request_is_read():
    request = read_request(
        {"intent": "list", "version": 4, "aces": ["AS"], "id": "p1-3"}, version=4
    )
    assert (request.intent, request.aces, request.id) == ("list", ("AS",), "p1-3")


@pytest.mark.parametrize(
    ("content", "words"),
    [
        ([1, 2], "not understood"),
        ({"intent": "dance", "version": 1}, "Unknown request 'dance'"),
        ({"intent": "draw"}, "which view"),
        ({"intent": "draw", "version": 0}, "earlier view"),
        ({"intent": "draw", "version": 9}, "does not exist yet"),
        ({"intent": "vote", "version": 1, "choice": "maybe"}, "draw or bank"),
        ({"intent": "list", "version": 1, "aces": ["AS"] * 40}, "short list"),
        ({"intent": "draw", "version": 1, "id": "x" * 500}, "id"),
    ],
)
def test_bad_requests_are_refused_politely(content, words):
    with pytest.raises(BadMessage, match=words):
        read_request(content, version=1)


@pytest.mark.parametrize(
    "content",
    [
        {"intent": "x" * 1_000_000, "version": 1},
        {"intent": "draw", "version": 1, **{f"f{i}": i for i in range(100_000)}},
        {"intent": "draw", "version": 1, "k" * 100_000: 1},
    ],
    ids=["huge intent", "many fields", "huge field name"],
)
def test_a_flood_is_never_echoed_back(content):
    with pytest.raises(BadMessage) as info:
        read_request(content, version=1)
    assert len(str(info.value)) < 300


def test_request_ids_are_short_names_or_numbers():
    assert request_id({"id": "a-1"}) == "a-1" and request_id({"id": 7}) == 7
    assert request_id({"id": True}) is None and request_id({"id": "x" * 100}) is None
    assert request_id("not a dict") is None


def test_a_refused_move_is_told_in_the_widgets_words():
    g = position("3C 4D", pile="")
    with pytest.raises(IllegalActionError) as info:
        g.bank()
    assert info.value.reason == "pile_empty"
    assert refusal_notice(info.value, "Ada", 2) == "The pile is empty: draw a card first."
    g = position("3C 4D 5H", banks=["AS AH", "", ""], pile="AC")
    g.bank()
    with pytest.raises(IllegalActionError) as info:
        g.choose_aces([])
    assert "list at least 1 of them" in refusal_notice(info.value, "Ada", 2)


def test_seat_requests_name_a_seat_and_count_on_any_view():
    """The teacher's seat buttons (a class on the students' phones): a seat number is needed,
    no other request names one, and an older view still counts (seats are not the position)."""
    request = read_request({"intent": "take_back", "version": 3, "seat": 1, "id": "t"}, version=5)
    assert (request.intent, request.seat) == ("take_back", 1)
    for content, words in (
        ({"intent": "open_seat", "version": 5}, "names no seat"),
        ({"intent": "open_seat", "version": 5, "seat": True}, "names no seat"),
        ({"intent": "open_seat", "version": 5, "seat": 99}, "names no seat"),
        ({"intent": "draw", "version": 5, "seat": 0}, "Only a seat request"),
    ):
        with pytest.raises(BadMessage, match=words):
            read_request(content, version=5)


def test_a_students_page_may_send_moves_and_votes_only():
    for intent in ("undo", "new_game", "pause", "resume", "step", "panel", "guess", "reveal"):
        with pytest.raises(BadMessage, match="Unknown request"):
            read_request({"intent": intent, "version": 1}, version=1, allowed=STUDENT_INTENTS)
    assert read_request({"intent": "bank", "version": 1}, version=1, allowed=STUDENT_INTENTS)
