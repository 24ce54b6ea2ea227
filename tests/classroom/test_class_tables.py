"""One class, several tables (borsen_widget.classroom.table, Classroom.add_table): each table
its own seats and pages, a phone seeing its own table's game and nothing of another's, a move
(R4–R14, checked by the engine) only for the seat the student holds at their own table.

The pages are the class's own (``room.page_opened``, as the relay's line opens them), so what
is checked is what a phone would be sent; the server's sockets are tested elsewhere.
"""

from __future__ import annotations

import asyncio
import json

import pytest

from borsen_widget import BorsenWidget, Rules, ThresholdBot
from borsen_widget.classroom.room import BEFORE_JOINING, HANDLERS
from borsen_widget.classroom.table import GameTable, move_of
from borsen_widget.classroom.wire import BadMessage, Request, intents_of


class Phone:
    """A page of the class without a socket: everything it is sent, decoded."""

    def __init__(self, room, name: str):
        self.sent: list[dict] = []
        self.room = room
        self.page = room.page_opened(self._got, lambda code, reason: None, ["en"])
        self.say({"intent": "join", "name": name})

    def _got(self, text: str) -> None:
        self.sent.append(json.loads(text))

    def say(self, content: dict) -> None:
        self.room.receive(self.page, json.dumps(content))

    def last(self, kind: str) -> dict:
        return next(m for m in reversed(self.sent) if m["type"] == kind)

    def views(self) -> list[dict]:
        return [m["view"] for m in self.sent if m["type"] == "view"]


def run(scenario):
    asyncio.run(scenario())


def two_tables():
    """The teacher's widget (table 0) and a second table of two people and a bot."""
    w = BorsenWidget(seats=["Ada", "Bo"], seed=3)
    room = w.classroom()
    second = GameTable(Rules(players=3), ["Lina", "Max", "Robot"], [None, None, ThresholdBot(2)])
    return w, room, second


def test_every_intent_a_phone_may_send_has_its_handler():
    assert set(HANDLERS) == set(intents_of("phone"))
    assert set(BEFORE_JOINING) <= set(HANDLERS)


def test_a_class_holds_tables_each_with_its_own_seats_and_pages():
    async def scenario():
        w, room, second = two_tables()
        try:
            assert room.add_table(second) == 1
            assert room.tables == (w, second)
            with pytest.raises(ValueError, match="hosted by this class already"):
                room.add_table(second)
            lina, max_, ola = Phone(room, "Lina"), Phone(room, "Max"), Phone(room, "Ola")
            room.seat_at("Lina", 1, seat=0)
            room.seat_at("Max", 1, seat=1)
            # Lina's and Max's phones now show table 1's game: its seats, its players.
            assert [p["name"] for p in lina.views()[-1]["players"]] == ["Lina", "Max", "Robot"]
            assert [s["holder"] for s in lina.last("room")["seats"]] == ["Lina", "Max", None]
            assert [s["holder"] for s in ola.last("room")["seats"]] == [None, None]
            assert lina.last("you")["seat"] == 0 and ola.last("you")["seat"] is None

            seen_by_ola, teachers = len(ola.views()), w.version
            # The bot played if it was first (a GameTable's bots play until a person acts).
            actor = lina if second.game.current_player == 0 else max_
            version = second.version
            actor.say({"intent": "draw", "version": version, "id": "d1"})
            assert second.version > version  # the engine carried out the draw
            assert lina.views()[-1]["version"] == second.version
            assert max_.views()[-1]["version"] == second.version
            assert len(ola.views()) == seen_by_ola  # nothing of table 1 reaches table 0's pages
            assert w.version == teachers  # and the teacher's game did not move

            if not second.game.is_over and second.bots[second.game.current_player] is None:
                waiting = [lina, max_][1 - second.game.current_player]  # the one not to act
                before = second.version
                waiting.say({"intent": "bank", "version": second.version, "id": "b1"})
                notice = waiting.last("notice")  # not this student's turn: told so
                assert notice["request"] == "b1" and "turn" in notice["text"]
                assert second.version == before
            # A move made on a view that is not the table's is refused, nothing changed.
            before = second.version
            lina.say({"intent": "bank", "version": second.version + 50, "id": "x"})
            assert second.version == before and lina.last("notice")["request"] == "x"
        finally:
            room.stop()

    run(scenario)


def test_moving_a_student_gives_up_their_seat_at_the_old_table():
    async def scenario():
        _, room, second = two_tables()
        try:
            room.add_table(second)
            room.open_seats()
            lina = Phone(room, "Lina")
            lina.say({"intent": "claim", "seat": 1})
            assert room.seats[1]["student"] == "Lina"
            room.seat_at("Lina", 1)
            assert room.seats[1]["student"] is None  # the teacher's table's seat is free again
            assert lina.last("you")["seat"] is None
            lina.say({"intent": "claim", "seat": 0})  # a seat of table 1, not open to students
            assert "not open" in lina.last("notice")["text"]
            room.seat_at("Lina", 1, seat="Lina")
            assert lina.last("you")["seat"] == 0
            with pytest.raises(ValueError, match="no table 5"):
                room.seat_at("Lina", 5)
        finally:
            room.stop()

    run(scenario)


def test_a_game_table_plays_its_bots_and_never_shows_the_deck():
    table = GameTable(Rules(players=2), ["Lina", "Robot"], [None, ThresholdBot(1)], seed=7)
    heard = []
    table.on_view(lambda: heard.append(table.version))
    table.handle(Request("draw", table.version))
    assert heard and heard[-1] == table.version
    assert table.game.is_over or table.game.current_player == 0  # the bot played its turn
    # The view is built from the game's public state only (RULES.md "Hidden information"):
    # the deck is a count, never its cards.
    view = table.view_in("nb", you=0)
    assert "seed" not in view and all(
        isinstance(value, int) for key, value in view.items() if key.startswith("deck")
    )
    assert view["deck_size"] == table.game.deck_size
    with pytest.raises(BadMessage):
        move_of(Request("undo", 0))
    table.pause()
    assert table.paused


def test_two_names_but_three_seats_are_refused():
    with pytest.raises(ValueError, match="seat 3 players"):
        GameTable(Rules(players=3), ["Lina", "Max"])
