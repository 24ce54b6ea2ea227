"""The no-secrets rule (RULES.md "Hidden information") as a check on any text a page or the
browser receives, and a comm that keeps every message Python sends to the browser. Shared by
the widget's tests (tests/jupyter), the class's (tests/classroom) and tests/hub."""

from __future__ import annotations

import json
import re

from comm.base_comm import BaseComm

from borsen_widget import Game


def secrets_of(game: Game) -> dict:
    """What no page may learn of ``game``: its seed, the deck's order, the random generator."""
    save = json.loads(game.to_json())
    return {"seed": save["seed"], "deck": save["deck"], "rng": save["rng"][1]}


def assert_no_secret(text: str, game: Game) -> None:
    """``text`` (a message, a synced state, as JSON) holds none of ``game``'s secrets."""
    secrets = secrets_of(game)
    assert str(secrets["seed"]) not in text
    for word in re.findall(r"\d{7,}", text):
        assert int(word) not in set(secrets["rng"]), "the RNG state reached the browser"
    deck = secrets["deck"]
    for i in range(len(deck) - 2):
        for sep in ('", "', '","'):
            assert sep.join(deck[i : i + 3]) not in text, "the deck's order reached the browser"
    for key in ('"seed"', '"rng"', '"deck":', '"in_play"'):
        assert key not in text


class RecordingComm(BaseComm):
    """A comm that keeps every message Python would send to the browser (in ``sent``: empty it
    and ``monkeypatch.setattr(comm, "create_comm", RecordingComm)`` before a test)."""

    sent: list = []  # noqa: RUF012

    def publish_msg(self, msg_type, data=None, metadata=None, buffers=None, **keys):
        RecordingComm.sent.append({"type": msg_type, "data": data})
