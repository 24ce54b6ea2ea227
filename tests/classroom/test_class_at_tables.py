"""The whole class at tables (borsen_widget.classroom.tables, room.seat_tables): every pupil at
a seat of their own, bots in the rest (R1, R4–R14 checked by the engine at every table), each
phone its own table and nothing of another's, drops held and taken back, late joiners seated,
the teacher's controls, and the class's experiment: every draw's exact chance (R5, RULES.md §4)
against a brute-force count of the deck, recounted from the record, resumed, exported.

The pages are the class's own (``room.page_opened``, as the server opens them), so what is
checked is what a phone would be sent; the sockets are tested elsewhere.
"""

from __future__ import annotations

import asyncio
import json
from fractions import Fraction

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from borsen_widget import BorsenWidget
from borsen_widget.classroom import sessions as sessions_module
from borsen_widget.classroom.displays import TablesShown
from borsen_widget.classroom.experiment import Experiment
from borsen_widget.classroom.lesson import Lesson
from borsen_widget.classroom.student_names import fold
from borsen_widget.engine.actions import Action
from borsen_widget.engine.game import Game
from borsen_widget.engine.rules import Rules


class Phone:
    """A page of the class without a socket: everything it is sent, decoded; it can drop and
    come back with its session, as a phone does."""

    def __init__(self, room, name: str):
        self.room, self.name = room, name
        self.sent: list[dict] = []
        self.open()
        self.say({"intent": "join", "name": name})
        self.session = self.last("welcome")["session"]

    def open(self):
        self.page = self.room.page_opened(self._got, lambda code, reason: None, ["en"])

    def _got(self, text: str) -> None:
        self.sent.append(json.loads(text))

    def say(self, content: dict) -> None:
        self.room.receive(self.page, json.dumps(content))

    def drop(self) -> None:
        self.room.page_closed(self.page)

    def back(self) -> None:
        self.open()
        self.say({"intent": "join", "name": self.name, "session": self.session})

    def last(self, kind: str) -> dict | None:
        return next((m for m in reversed(self.sent) if m["type"] == kind), None)

    @property
    def view(self) -> dict:
        return self.last("view")["view"]

    @property
    def seat(self) -> int | None:
        return self.last("you")["seat"]

    def my_turn(self) -> bool:
        v, seat = self.view, self.seat
        return seat is not None and not v["over"] and v["current"] == seat and bool(v["legal"])

    def act(self, draw_until: int = 3) -> None:
        """Draw until the pile holds ``draw_until`` cards, then bank; keep the aces the limit
        allows (R11, R12)."""
        v = self.view
        if v.get("aces"):
            lists = [m for m in v["legal"] if m.startswith("list ")]
            if "keep" in v["legal"] or "list none" in v["legal"] or not lists:
                self.say({"intent": "keep", "version": v["version"], "id": "k"})
            else:
                aces = lists[0].split()[1:]
                self.say({"intent": "list", "version": v["version"], "aces": aces, "id": "l"})
        elif "bank" not in v["legal"] or len(v["pile"]) < draw_until:
            self.say({"intent": "draw", "version": v["version"], "id": "d"})
        else:
            self.say({"intent": "bank", "version": v["version"], "id": "b"})


@pytest.fixture(autouse=True)
def quick_phones(monkeypatch):
    """Phones here act as fast as the loop turns: the per-page rate is lifted for them."""
    monkeypatch.setattr(sessions_module, "RATE", 1e6)
    monkeypatch.setattr(sessions_module, "BURST", 10**6)


def run(scenario):
    asyncio.run(asyncio.wait_for(scenario(), 60))


def a_class(count: int, **options):
    w = BorsenWidget(seats=["Ada", "Bo"], seed=3)
    room = w.classroom(**options)
    phones = [Phone(room, f"Elev {i}") for i in range(count)]
    return w, room, phones


def play(phones, moves: int = 10_000) -> int:
    """Every phone whose turn it is acts, round after round; the number of moves made."""
    made = 0
    while made < moves:
        ready = [p for p in phones if p.page is not None and p.my_turn()]
        if not ready:
            return made
        for p in ready:
            p.act()
            made += 1
    return made


async def judged(experiment, more_than: int = -1) -> None:
    """Until the proven best choices worked out on their thread are all in: the count of
    decisions past ``more_than`` and holding still (a loaded machine may take a while)."""
    seen, still = -1, 0
    for _ in range(400):
        count = len(experiment.decisions)
        still = still + 1 if count == seen else 0
        if count > more_than and still >= 4:
            return
        seen = count
        await asyncio.sleep(0.025)
    raise AssertionError("the decisions were not judged in time")


def path_text(path) -> str:
    with open(path, encoding="utf-8-sig") as handle:
        return handle.read()


def notices(phone) -> list[str]:
    return [m["text"] for m in phone.sent if m["type"] == "notice"]


def seats_of(room) -> dict[str, list[tuple[int, int]]]:
    """Each student's seats across every table of the class: (table, seat)."""
    held: dict[str, list] = {}
    ct = room.class_tables
    for number in range(1, len(ct.tables) + 1):
        for student in ct.students_at(number):
            held.setdefault(student.name, []).append(ct.table_of(student))
    return held


def test_seating_puts_every_pupil_at_one_seat_and_bots_in_the_rest():
    """R1: each table seats ``size``; ten pupils at tables of four make three tables (4, 3, 3),
    each pupil at exactly one seat, a bot in each seat no pupil fills; each phone sees its own
    table's game (its players' names) and its table line."""

    async def scenario():
        _w, room, phones = a_class(10)
        shown = room.seat_tables(4, pace=0, bots="threshold:3")
        ct = room.class_tables
        assert [t.game.rules.players for t in ct.tables] == [4, 4, 4]
        people = sorted(sum(t.bots[s] is None for s in range(4)) for t in ct.tables)
        assert people == [3, 3, 4]
        assert all(len(held) == 1 for held in seats_of(room).values())
        assert len(seats_of(room)) == 10
        for p in phones:
            number, seat = ct.table_of(ct_student(room, p))
            table = ct.tables[number - 1]
            assert [pl["name"] for pl in p.view["players"]] == table.names
            assert p.view["players"][seat]["name"] == p.name and p.seat == seat
            line = p.last("table")
            assert line["number"] == number and line["tables"] == 3 and line["game"] == 1
        assert "<table>" in shown._repr_html_() and "Elev 0" in shown._repr_html_()
        bokmål = TablesShown(dict(shown), "nb")._repr_html_()
        assert "Plasser og banker" in bokmål and "Klassen trakk" in bokmål
        with pytest.raises(ValueError, match="at tables already"):
            room.seat_tables(4)
        room.stop()

    run(scenario)


def ct_student(room, phone):
    return next(s for s in room._sessions if s.name == phone.name)


def test_in_the_order_they_joined_each_table_is_a_run_of_that_order():
    async def scenario():
        _w, room, _phones = a_class(10)
        room.seat_tables(4, order="joined", pace=0, bots="threshold:2")
        ct = room.class_tables
        people = [[n for n, b in zip(t.names, t.bots, strict=True) if b is None] for t in ct.tables]
        assert people == [
            ["Elev 0", "Elev 1", "Elev 2", "Elev 3"],
            ["Elev 4", "Elev 5", "Elev 6"],
            ["Elev 7", "Elev 8", "Elev 9"],
        ]
        room.stop()

    run(scenario)


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"size": 6}, "seats 2 to 5"),
        ({"size": 1}, "seats 2 to 5"),
        ({"size": True}, "seats 2 to 5"),
        ({"order": "alphabet"}, "order is"),
        ({"bots": "cheater"}, "unknown bot"),
        ({"next_game": "later"}, "next_game is"),
        ({"hold": -1}, "hold is"),
        ({"pace": 100}, "pace is"),
        ({"same_deck": "yes"}, "same_deck"),
    ],
)
def test_options_that_do_not_fit_raise_and_seat_nobody(options, message):
    async def scenario():
        _w, room, phones = a_class(3)
        with pytest.raises(ValueError, match=message):
            room.seat_tables(**options)
        assert room.class_tables.tables == [] and not room.class_tables.seated
        assert phones[0].last("table") is None
        assert not any(e["type"] == "tables" for e in room.record.events)
        room.stop()

    run(scenario)


def test_a_pupil_at_the_teachers_table_gives_up_that_seat_when_seated_at_a_table():
    async def scenario():
        _w, room, phones = a_class(3)
        room.give_seat("Ada", "Elev 0")
        assert room.seats[0]["student"] == "Elev 0"
        room.seat_tables(3, pace=0, bots="threshold:2")
        assert room.seats[0]["student"] is None  # one seat a pupil: now at their table
        assert all(len(held) == 1 for held in seats_of(room).values())
        assert phones[0].seat is not None and phones[0].last("table")["number"] == 1
        room.stop()

    run(scenario)


def test_seated_before_anyone_joined_each_pupil_is_seated_as_they_come():
    async def scenario():
        w = BorsenWidget(seats=["Ada", "Bo"], seed=3)
        room = w.classroom()
        room.seat_tables(3, pace=0, bots="threshold:2")
        ct = room.class_tables
        assert ct.seated and ct.tables == [] and w.room_card["tables"]["tables"] == []
        first = Phone(room, "Først")
        assert len(ct.tables) == 1 and ct.table_of(ct_student(room, first)) == (1, 0)
        others = [Phone(room, f"Elev {i}") for i in range(3)]
        assert len(ct.tables) == 2  # two took table 1's bots' seats, the third opened table 2
        assert all(p.last("table")["number"] in (1, 2) for p in [first, *others])
        room.stop()

    run(scenario)


def test_whole_games_at_every_table_and_each_phone_sees_only_its_own():
    """The pupils play whole games through their phones (aces kept, R11), the bots the rest;
    every table's game ends (R14) with its cards conserved (R16); no phone ever got a view of
    another table, a deck's order or a seed."""

    async def scenario():
        _w, room, phones = a_class(7)
        room.seat_tables(3, pace=0, bots="threshold:2")
        ct = room.class_tables
        play(phones)
        assert all(t.game.is_over for t in ct.tables)
        for t in ct.tables:
            t.game.check_invariants()
            assert sum(t.game.scores) <= 52
            assert t.results[-1]["winners"]
        seeds = [str(e["seed"]) for e in room.record.events if e["type"] == "table_game"]
        for p in phones:
            number, _ = ct.table_of(ct_student(room, p))
            names = ct.tables[number - 1].names
            views = [m["view"] for m in p.sent if m["type"] == "view"]
            assert all([pl["name"] for pl in v["players"]] == names for v in views[1:])
            text = json.dumps(p.sent)
            assert not any(seed in text for seed in seeds)
            assert '"deck":' not in text and "rng" not in text.lower()
            assert p.last("view")["view"]["over"] is True
        room.stop()

    run(scenario)


def test_a_phone_acts_only_for_its_own_seat_at_its_own_table():
    """A move out of turn, on another table's version or with fields the wire does not know is
    refused with a notice to that phone only, and nothing changes anywhere."""

    async def scenario():
        _w, room, phones = a_class(6)
        room.seat_tables(3, pace=0, order="joined", bots="threshold:2")
        ct = room.class_tables
        waiting = next(p for p in phones if not p.my_turn())
        other = next(p for p in phones if p.my_turn() and ct_student(room, p) is not None)
        states = [t.game.public_state() for t in ct.tables]
        waiting.say({"intent": "draw", "version": waiting.view["version"], "id": "x"})
        assert "turn" in notices(waiting)[-1]
        mine = ct.table_of(ct_student(room, other))[0]
        theirs = next(n for n in range(1, len(ct.tables) + 1) if n != mine)
        stale = ct.tables[theirs - 1].version + 1000
        other.say({"intent": "draw", "version": stale, "id": "y"})
        assert other.last("notice")["request"] == "y"
        other.say({"intent": "draw", "version": other.view["version"], "table": theirs})
        other.say({"intent": "list", "version": other.view["version"], "aces": ["KS"]})
        other.say({"intent": "claim", "seat": 0, "id": "c"})
        other.say({"intent": "leave", "id": "l"})  # a seat left would stop the table's game
        assert "your teacher seats you" in other.last("notice")["text"]
        assert other.last("notice")["request"] == "l" and other.seat is not None
        assert len(notices(other)) >= 5
        assert [t.game.public_state() for t in ct.tables] == states
        room.stop()

    run(scenario)


def brute_chance(game: Game) -> Fraction:
    """R5 and §4 by counting the deck card by card: accepted on an empty pile, on an ace, when
    it is an ace, or when its rank is at least the top card's (equal accepted by default)."""
    if not game.pile:
        return Fraction(1)
    top = game.pile[-1]
    cards = [card for card, n in game.deck_counts().items() for _ in range(n)]
    accepted = sum(top.is_ace or c.is_ace or c.rank >= top.rank for c in cards)
    return Fraction(accepted, len(cards))


def test_every_draw_is_kept_with_its_exact_chance_checked_by_brute_force():
    """Each table's games played again from the record's seeds and moves: every recorded
    draw's chance equals a card-by-card count of the deck before it (R5, §4), its outcome
    equals the game's, and the experiment recounted from the record equals the live one."""

    async def scenario():
        _w, room, phones = a_class(5)
        room.seat_tables(3, pace=0, bots="threshold:2")
        play(phones)
        ct = room.class_tables
        await judged(ct.experiment)  # the proven best choices, worked out on their thread
        events = room.record.events
        rules = Rules.from_dict(next(e for e in events if e["type"] == "tables")["rules"])
        checked = 0
        for game_event in (e for e in events if e["type"] == "table_game"):
            game = Game(rules, seed=game_event["seed"])
            for move in (
                e
                for e in events
                if e["type"] == "move"
                and e["table"] == game_event["table"]
                and e["game"] == game_event["game"]
            ):
                if "left" in move:
                    assert Fraction(move["cards"], move["left"]) == brute_chance(game)
                    logged = game.log_length
                    game.apply(Action.parse(move["move"]))
                    assert move["accepted"] == any(e.kind == "accept" for e in game.log[logged:])
                    checked += 1
                else:
                    game.apply(Action.parse(move["move"]))
            assert game.is_over
        assert checked == len(ct.experiment.draws) > 20
        draws = [e for e in events if e["type"] == "move" and "left" in e]
        counted = [d for d in draws if d["learner"] is not None and d["cards"] < d["left"]]
        assert len(ct.experiment) == len(counted)
        assert ct.experiment.expected == sum(Fraction(d["cards"], d["left"]) for d in counted)
        assert ct.experiment.accepted == sum(d["accepted"] for d in counted)
        again = Experiment.recount(ct.experiment.draws, ct.experiment.decisions)
        assert again.figures() == ct.experiment.figures()
        for p in phones:
            key = room._lesson.of_session(p.session).key
            mine = [d for d in counted if d["learner"] == key]
            figures = p.last("figures")
            assert figures["you"]["draws"] == len(mine)
            assert figures["you"]["accepted"] == sum(d["accepted"] for d in mine)
        decisions = [e for e in events if e["type"] == "decision"]
        assert decisions and all(d["best"] in ("draw", "bank", None) for d in decisions)
        assert not any(d["shown"] for d in decisions)  # the teacher never showed the chance
        choices = ct.experiment.choices()
        assert choices["shown"] == {"proven": 0, "best": 0}
        proven = [d for d in decisions if d["best"] is not None]
        assert choices["hidden"]["proven"] == len(proven)
        assert choices["hidden"]["best"] == sum(d["choice"] == d["best"] for d in proven)
        room.stop()

    run(scenario)


def test_the_bands_and_the_law_of_large_numbers_as_the_projector_gets_them():
    """Every counted draw falls in the band of its chance; the series' last point is the
    totals; the band's width ±2·spread is √Σp(1−p) (exact) on the way."""
    experiment = Experiment()
    from borsen_widget.classroom.experiment import Draw

    chances = [(1, 4), (3, 4), (1, 2), (9, 10), (1, 10), (0, 5), (5, 5)]
    for i, (cards, left) in enumerate(chances * 40):
        experiment.add_draw(Draw(1, 1, 0, "L1", cards, left, i % 3 == 0))
    figures = experiment.figures()
    assert figures["certain"] == 40  # 5/5: could not fail, left out
    assert figures["draws"] == 6 * 40
    by_band = {b["low"]: b["draws"] for b in figures["bands"]}
    assert by_band[0.0] == 40 and by_band[0.1] == 40 and by_band[0.2] == 40
    assert by_band[0.5] == 40 and by_band[0.7] == 40 and by_band[0.9] == 40
    assert sum(by_band.values()) == figures["draws"]
    expected = sum(Fraction(c, n) for c, n in chances if c < n) * 40
    assert figures["expected"] == round(float(expected), 4)
    variance = sum(Fraction(c, n) * (1 - Fraction(c, n)) for c, n in chances if c < n) * 40
    assert figures["spread"] == round(float(variance) ** 0.5, 4)
    assert len(figures["series"]) == 200 and figures["series"][-1]["draws"] == 240
    assert figures["series"][0]["draws"] == 1
    widths = [p["spread"] / p["draws"] for p in figures["series"][10:]]
    assert widths[-1] < widths[0] / 3  # the relative band narrows as the draws add up


def test_a_dropped_phone_keeps_its_seat_a_bot_plays_it_then_it_is_taken_back():
    async def scenario():
        w, room, phones = a_class(2)
        room.seat_tables(2, pace=0, hold=0.05, bots="threshold:2", order="joined")
        ct = room.class_tables
        lina, ola = phones
        table = ct.tables[0]
        seat = lina.seat
        lina.drop()
        assert ct.table_of(ct_student(room, lina)) == (1, seat)  # kept for now
        play([ola], 5)
        await asyncio.sleep(0.15)
        assert seat in table.stand_ins  # a bot plays it meanwhile
        assert any(e["type"] == "seat" and e["bot"] for e in room.record.events)
        play([ola], 50)
        lina.back()
        assert seat not in table.stand_ins and lina.seat == seat
        assert lina.last("table")["number"] == 1
        card = w.room_card["tables"]["tables"][0]["seats"][seat]
        assert card["student"] == "Elev 0" and card["here"] and not card["away"]
        room.stop()

    run(scenario)


def test_a_late_pupil_takes_a_bots_seat_or_opens_a_table():
    async def scenario():
        _w, room, _phones = a_class(3)
        room.seat_tables(2, pace=0, bots="threshold:2")  # 2 tables: 2 pupils and 1 and a bot
        ct = room.class_tables
        late = Phone(room, "Sen")
        number, seat = ct.table_of(ct_student(room, late))
        assert ct.tables[number - 1].bots[seat] is None
        assert ct.tables[number - 1].names[seat] == "Sen"
        assert len(ct.tables) == 2
        later = Phone(room, "Senere")
        assert len(ct.tables) == 3 and ct.table_of(ct_student(room, later))[0] == 3
        assert later.last("table")["tables"] == 3
        assert all(len(h) == 1 for h in seats_of(room).values())
        room.stop()

    run(scenario)


def test_the_teacher_moves_a_pupil_replaces_one_pauses_and_starts_the_next_game():
    async def scenario():
        _w, room, phones = a_class(3)
        room.seat_tables(3, pace=0, bots="threshold:2", order="joined")
        ct = room.class_tables
        mover = phones[2]
        with pytest.raises(ValueError, match="no table 5"):
            ct.move(ct_student(room, mover), 5)
        with pytest.raises(ValueError, match="no student is named 'Nobody'"):
            ct.replace("Nobody")
        ct.replace("elev 2")  # by name, as the teacher types it (case does not count)
        assert "gave your seat to a bot" in notices(mover)[-1]
        assert ct.table_of(ct_student(room, mover)) is None
        assert ct.tables[0].bots[2] is not None and mover.seat is None
        mover.drop()
        mover.back()  # a pupil the teacher replaced watches: not seated again
        assert ct.table_of(ct_student(room, mover)) is None
        told = len(notices(mover))
        ct.move("Elev 2", 1)
        assert ct.table_of(ct_student(room, mover)) == (1, 2)
        assert len(notices(mover)) == told  # a move is not a seat taken away
        ct.pause()
        assert all(t.paused for t in ct.tables)
        ct.resume()
        play(phones)
        assert ct.tables[0].game.is_over and ct.tables[0].number == 1
        ct.next_game()
        assert ct.tables[0].number == 2 and not ct.tables[0].game.is_over
        assert phones[0].last("table")["game"] == 2
        assert len(ct.tables[0].results) == 1
        moves = ct.moves(1)
        assert moves and {m["table"] for m in moves} == {1}
        assert sum("left" in m for m in moves) == sum(d.table == 1 for d in ct.experiment.draws)
        assert "tables=1," in repr(ct) and "<table>" in ct._repr_html_()
        with pytest.raises(ValueError, match="no table 0"):
            ct.moves(0)
        room.stop()

    run(scenario)


def test_the_join_card_seats_the_class_and_steers_the_tables():
    async def scenario():
        w, room, phones = a_class(4)
        room.card_request({"intent": "room", "do": "tables", "size": 2})
        ct = room.class_tables
        assert len(ct.tables) == 2 and w.room_card["tables"]["size"] == 2
        room.card_request({"intent": "room", "do": "pause_tables"})
        assert ct.paused and w.room_card["tables"]["paused"] is True
        room.card_request({"intent": "room", "do": "resume_tables"})
        room.card_request({"intent": "room", "do": "same_deck", "on": True})
        assert ct.same_deck
        room.card_request({"intent": "room", "do": "chance", "on": True})
        for _ in range(10):  # a draw or two: a pile to choose on
            if any(p.my_turn() and p.view["pile"] for p in phones):
                break
            first = next(p for p in phones if p.my_turn())
            first.say({"intent": "draw", "version": first.view["version"]})
        chooser = next(p for p in phones if p.my_turn() and p.view["pile"])
        game = ct.tables[ct.table_of(ct_student(room, chooser))[0] - 1].game
        shown = chooser.last("table")["chance"]
        assert Fraction(shown["accepted"], shown["left"]) == brute_chance(game)
        waiting = next(p for p in phones if not p.my_turn())
        assert waiting.last("table")["chance"] is None
        before = len(ct.experiment.decisions)
        chooser.act()
        await judged(ct.experiment, more_than=before)
        assert ct.experiment.decisions[-1].shown is True  # made with the chance on the phone
        assert ct.experiment.choices()["shown"]["proven"] + ct.experiment.choices()["hidden"][
            "proven"
        ] == sum(d.best is not None for d in ct.experiment.decisions)
        from borsen_widget.classroom.wire import BadMessage

        with pytest.raises(BadMessage):
            room.card_request({"intent": "room", "do": "tables", "size": 9})
        room.stop()

    run(scenario)


def test_the_same_deck_at_every_table():
    async def scenario():
        _w, room, phones = a_class(4)
        room.seat_tables(2, pace=0, same_deck=True, bots="threshold:2")
        seeds = {e["seed"] for e in room.record.events if e["type"] == "table_game"}
        assert len(seeds) == 1
        ct = room.class_tables
        play(phones)
        ct.next_game()
        games = [e for e in room.record.events if e["type"] == "table_game" and e["game"] == 2]
        assert len(games) == 2 and games[0]["seed"] == games[1]["seed"] not in seeds
        room.stop()

    run(scenario)


def test_bots_move_at_a_human_pace_one_move_a_view():
    async def scenario():
        _w, room, phones = a_class(1)
        room.seat_tables(4, pace=0.01, bots="threshold:2", order="joined")
        (pupil,) = phones
        table = room.class_tables.tables[0]
        for _ in range(20):
            if pupil.my_turn():
                pupil.act()
            await asyncio.sleep(0.03)
        moves = [e for e in room.record.events if e["type"] == "move" and e["by"] == "bot"]
        assert len(moves) >= 3
        # Each bot move made a view of its own: the phone saw the table change move by move.
        views = [m["view"]["version"] for m in pupil.sent if m["type"] == "view"]
        assert len(set(views)) >= len(moves)
        assert table.version >= len(moves)
        room.stop()

    run(scenario)


def test_resumed_the_tables_come_back_and_each_pupil_takes_their_seat(tmp_path):
    path = tmp_path / "lesson.jsonl"

    async def first():
        _w, room, phones = a_class(4, record=str(path))
        room.seat_tables(2, pace=0, bots="threshold:2", hold=30)
        for _ in range(3):
            for p in phones:
                if p.my_turn():
                    p.act()
        await asyncio.sleep(0.3)
        ct = room.class_tables
        ct.pause()
        kept = {
            "figures": ct.experiment.figures(),
            "games": [t.game.public_state() for t in ct.tables],
            "seats": {p.name: ct.table_of(ct_student(room, p)) for p in phones},
        }
        room.stop()
        return kept

    async def second(kept):
        w = BorsenWidget(seats=["Ada", "Bo"], seed=3)
        room = w.classroom(resume=str(path))
        ct = room.class_tables
        assert ct.experiment.figures() == kept["figures"]
        assert [t.game.public_state() for t in ct.tables] == kept["games"]
        assert ct.paused
        phone = Phone(room, "Elev 2")
        assert ct.table_of(ct_student(room, phone)) == kept["seats"]["Elev 2"]
        assert phone.last("table")["number"] == kept["seats"]["Elev 2"][0]
        room.stop()

    kept = asyncio.run(first())
    asyncio.run(second(kept))


def test_the_plays_as_rows_and_csv_pseudonyms_unless_names(tmp_path):
    async def scenario():
        _w, room, phones = a_class(3)
        room.seat_tables(3, pace=0, bots="threshold:2")
        play(phones)
        ct = room.class_tables
        await judged(ct.experiment)
        rows = room.record.plays
        assert sum(r["row"] == "draw" for r in rows) == len(ct.experiment.draws)
        assert sum(r["row"] == "decision" for r in rows) == len(ct.experiment.decisions)
        assert {r["student"] for r in rows if r["by"] == "person"} <= {p.name for p in phones}
        path = room.record.plays_to_csv(tmp_path / "plays.csv")
        text = path_text(path)
        assert "Elev" not in text and "S01" in text
        assert text.splitlines()[0].startswith("row,table,game,seat,student")
        excel = room.record.plays_to_csv(tmp_path / "plays-nb.csv", excel=True, language="nb")
        assert ";" in path_text(excel).splitlines()[0]
        room.stop()

    run(scenario)


@settings(
    max_examples=12,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)
@given(
    pupils=st.integers(1, 11),
    size=st.integers(2, 5),
    events=st.lists(
        st.tuples(
            st.sampled_from(["join", "drop", "back", "move", "replace", "play"]), st.integers(0, 20)
        ),
        max_size=25,
    ),
)
def test_any_class_any_tables_any_joins_drops_and_moves(pupils, size, events):
    """Whatever the class size, table size, joins, drops and moves: every seated pupil has
    exactly one seat, no seat two pupils, every table's game legal (R16 conserved) and the
    experiment's counts equal a recount from the record."""

    async def scenario():
        _w, room, phones = a_class(pupils)
        room.seat_tables(size, pace=0, hold=0, bots="threshold:2")
        ct = room.class_tables
        joined = pupils
        for kind, k in events:
            p = phones[k % len(phones)]
            if kind == "join":
                phones.append(Phone(room, f"Ny {joined}"))
                joined += 1
            elif kind == "drop" and p.page is not None:
                p.drop()
                p.page = None
            elif kind == "back" and p.page is None:
                p.back()
            elif kind == "move":
                target = k % len(ct.tables) + 1
                if any(b is not None for b in ct.tables[target - 1].bots):
                    ct.move(ct_student(room, p), target)
            elif kind == "replace" and ct.table_of(ct_student(room, p)) is not None:
                ct.replace(ct_student(room, p))
            elif kind == "play":
                play(phones, k)
            await asyncio.sleep(0)
        await asyncio.sleep(0.01)
        held = seats_of(room)
        assert all(len(s) == 1 for s in held.values())
        places = [s[0] for s in held.values()]
        assert len(places) == len(set(places))
        for t in ct.tables:
            t.game.check_invariants()
            for seat in range(size):
                assert (t.bots[seat] is None) or (t.names[seat] not in held)
        events_ = room.record.events
        draws = [e for e in events_ if e["type"] == "move" and "left" in e]
        counted = [d for d in draws if d["learner"] is not None and d["cards"] < d["left"]]
        assert len(ct.experiment) == len(counted)
        assert len(ct.experiment.draws) == len(draws)
        replayed = Lesson(fold)
        for e in events_:
            replayed._replay(e)
        room.stop()

    run(scenario)


def test_the_experiments_charts_for_a_notebook_hold_the_projectors_figures():
    """The two charts of the projector as Vega-Lite for a teacher's notebook: the calibration's
    points are the bands' (mean chance, share accepted), the law chart's band is ±2 spreads."""
    from borsen_widget.classroom.experiment import Draw

    experiment = Experiment()
    for i, (cards, left) in enumerate([(1, 4), (3, 4), (1, 2), (9, 10)] * 10):
        experiment.add_draw(Draw(1, 1, 0, "L1", cards, left, i % 3 == 0))
    figures = experiment.figures()
    spec = json.loads(experiment.calibration_chart("nb").to_json())
    assert "Andel godkjent" in json.dumps(spec, ensure_ascii=False)  # told in bokmål
    values = [
        (row["x"], row["y"])
        for layer in spec["layer"]
        for row in layer.get("data", {}).get("values", [])
        if row.get("x") not in (0, 1) or row.get("y") not in (0, 1)
    ]
    bands = [b for b in figures["bands"] if b["draws"]]
    for b in bands:
        assert (b["mean"], pytest.approx(b["accepted"] / b["draws"])) in [
            (x, pytest.approx(y)) for x, y in values
        ]
    law = json.loads(experiment.law_chart().to_json())
    text = json.dumps(law)
    assert "The theory's range" in text and "Number of draws" in text
    last = figures["series"][-1]
    band_rows = [
        row
        for layer in law["layer"]
        for row in layer.get("data", {}).get("values", [])
        if "low" in row
    ]
    assert band_rows[-1]["x"] == last["draws"]
    width = 2 * last["spread"] / last["draws"]
    assert band_rows[-1]["high"] - band_rows[-1]["low"] == pytest.approx(2 * width, abs=1e-9)
