"""The class's wire (borsen_widget.classroom.wire): every intent and message declared once, one
reader and one writer, the relay's frames read as they are written."""

from __future__ import annotations

import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

from borsen_widget.classroom import wire
from borsen_widget.classroom.wire import BadMessage
from borsen_widget.i18n.errors import BorsenError


def test_every_intent_is_sent_by_someone_and_read_by_its_declared_fields():
    for name, intent in wire.INTENTS.items():
        assert intent.senders and set(intent.senders) <= set(wire.SENDERS), name
        content = {"intent": name, **dict.fromkeys(intent.fields, 1)}
        for sender in intent.senders:
            assert wire.decode(content, sender) == name
        with pytest.raises(BadMessage, match="unknown fields"):
            wire.decode({**content, "deck": "AS"}, intent.senders[0])
    with pytest.raises(BadMessage, match="Unknown request"):
        wire.decode({"intent": "undo", "version": 1}, "phone")  # the teacher's, not a phone's
    with pytest.raises(BadMessage, match="not understood"):
        wire.decode(["draw"], "phone")


def test_a_vote_and_an_answer_go_through_the_same_reader():
    assert wire.decode({"intent": "vote", "version": 3, "choice": "bank"}, "phone") == "vote"
    assert wire.decode({"intent": "answer", "question": 1, "value": "3/8"}, "phone") == "answer"
    for bad in ({"intent": "vote", "version": 3, "seat": 1}, {"intent": "answer", "seat": 1}):
        with pytest.raises(BadMessage, match="unknown fields"):
            wire.decode(bad, "phone")


def test_the_errors_of_the_wire_are_the_packages_errors_told_in_a_language():
    error = BadMessage("The name {name} is taken: add an initial, or choose another.", name="Ada")
    assert isinstance(error, BorsenError) and isinstance(error, ValueError)
    assert str(error) == error.say("en") and "Ada" in error.say("nb") != error.say("en")


def test_only_declared_messages_are_written():
    assert json.loads(wire.encode({"type": "locked", "locked": True})) == {
        "type": "locked",
        "locked": True,
    }
    for bad in ({"type": "deck", "cards": []}, {"type": "locked", "locked": True, "seed": 1}):
        with pytest.raises(ValueError, match="not a message of the wire"):
            wire.encode(bad)


pages = st.integers(1, 10**9 - 1)
texts = st.text(max_size=200)


@given(pages, st.text(alphabet="0123456789.:abcdef", max_size=64), texts)
def test_a_relay_frame_reads_as_it_was_written(page, address, body):
    opened = wire.read_relay_frame(wire.relay_frame("open", page, body, address))
    assert opened.kind == "open" and opened.pages == (page,)
    assert opened.extra == (address or None) and opened.body == body[:2000]
    sent = wire.read_relay_frame(wire.relay_frame("message", page, body))
    assert (sent.kind, sent.body) == ("message", body)
    binary = wire.read_relay_frame(wire.relay_frame("message", page, body.encode()))
    assert binary.body == body.encode()
    assert wire.read_relay_frame(wire.relay_frame("close", page)).kind == "close"


@given(st.lists(pages, min_size=1, max_size=30), texts, st.integers(1000, 4999))
def test_a_class_frame_reads_as_it_was_written(numbers, body, code):
    sent = wire.read_class_frame(wire.class_frame("send", numbers, body))
    assert (sent.kind, sent.pages, sent.body) == ("send", tuple(numbers), body)
    closed = wire.read_class_frame(wire.class_frame("close", numbers[:1], body, code))
    assert (closed.kind, closed.pages, closed.extra) == ("close", tuple(numbers[:1]), code)


@pytest.mark.parametrize(
    "frame",
    ["", "open", "open x -", "message", "send", "send 1,x\nhi", "close 1\nbye", "dance 1\n"],
)
def test_a_frame_that_is_not_one_is_dropped(frame):
    assert wire.read_relay_frame(frame) is None or wire.read_class_frame(frame) is None
    assert wire.read_class_frame(frame) is None or frame.startswith("send")
