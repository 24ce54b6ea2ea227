"""Hostile phones (issue 22, "Safety"): each attack on a class, then the checks that it was
harmless: the class still answers the other students, nothing of anyone else changed, and the
kernel's log holds at most one line for the attack.

The attacks: texts that UTF-8 cannot carry (lone UTF-16 surrogates), pages that never join,
many pages from one address, students who join and leave to hold every place, names that look
like another's, idle TCP connections, and a page asking for what is another student's. The
teacher's moderation (rename, remove, lock) is tested on :class:`Sessions` directly, with fake
pages; tests over the real server use real WebSocket and TCP clients on 127.0.0.1.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import time

import pytest
from helpers import FILLER, widget
from support.classroom import TIMEOUT, Client, run, settle, state

from borsen_widget.classroom import server, sessions, wire
from borsen_widget.classroom.sessions import Sessions, Student
from borsen_widget.classroom.wire import BadMessage, readable
from borsen_widget.classroom.wire import encode as dumps

pytest.importorskip("tornado")
from tornado import httpclient, websocket

LOGGERS = ("borsen_widget", "tornado", "asyncio")


@pytest.fixture
def log(caplog):
    """The kernel's log as the class writes it (the class's logger, tornado's, asyncio's):
    ``log()`` is the lines written so far."""
    caplog.set_level(logging.DEBUG, logger="borsen_widget.classroom")
    for name in ("tornado.application", "tornado.general", "tornado.access", "asyncio"):
        caplog.set_level(logging.INFO, logger=name)

    def lines() -> list[str]:
        return [
            f"{r.name}: {r.getMessage()}"
            for r in caplog.records
            if r.name.startswith(LOGGERS) and r.levelno >= logging.INFO
        ]

    return lines


# ---------------------------------------------------------------------------- helpers


def others(room, but: tuple[str, ...] = ()) -> dict:
    """What the class holds of each student other than ``but``: their name, vote and seat (and,
    as the lesson's record grows, their answers and scores: extend this one place). An attack
    must leave it as it was."""
    seats = {s["student"]: s["seat"] for s in room.seats if s["student"] is not None}
    held = {
        name: {"vote": room.votes.get(name), "seat": seats.get(name)}
        for name in room.students
        if name not in but
    }
    for attribute in ("answers", "scores"):  # the lesson's, once the room has them
        value = getattr(room, attribute, None)
        if isinstance(value, dict):
            for name in held:
                held[name][attribute] = value.get(name)
    return held


async def phone(room, number: int, port: int | None = None) -> Client:
    """A page on the class from a phone of its own: from the loopback address
    ``127.0.0.<number>`` (all of 127.0.0.0/8 is this computer), so the limits of one address
    meet only the pages a test means to come from one phone."""
    url = room.url.replace("http://", "ws://") + "ws"
    if port is not None:
        url = url.replace(f":{room.port}/", f":{port}/")
    request = httpclient.HTTPRequest(url, network_interface=f"127.0.0.{number}")
    return Client(await websocket.websocket_connect(request))


async def voting_class(**kwargs):
    """A class asking the students to vote, with Lina and Max joined and voted: the widget,
    the class, and Lina's and Max's pages."""
    w = widget(deck=" ".join(["9C", "2D", "KS", *FILLER]), pile="7S", seats=("Ada", "Bo", "Cy"))
    w.guess_first = True
    room = w.classroom(**kwargs)
    lina, max_ = await phone(room, 11), await phone(room, 12)
    await lina.join("Lina")
    await max_.join("Max")
    await lina.send(intent="vote", version=w.version, choice="draw")
    await max_.send(intent="vote", version=w.version, choice="bank")
    await lina.wait(lambda m: m["type"] == "you" and m.get("vote") == "draw")
    await max_.wait(lambda m: m["type"] == "you" and m.get("vote") == "bank")
    return w, room, (lina, max_)


async def still_answers(room, w, name: str = "Newcomer", within: float = 1.0) -> Client:
    """A new student joins and votes within ``within`` seconds: the class still answers."""
    started = time.monotonic()
    page = await phone(room, 2)
    welcome = await page.join(name)
    assert welcome["type"] == "welcome", welcome
    await page.send(intent="vote", version=w.version, choice="bank")
    await page.wait(lambda m: m["type"] == "you" and m.get("vote") == "bank")
    took = time.monotonic() - started
    assert took < within, f"joining and voting took {took:.2f} s"
    return page


def surrogate(**fields) -> str:
    """A message as an attacker writes it: JSON whose text holds a lone surrogate (json.dumps
    writes ``\\ud800`` as an ASCII escape, which is valid JSON)."""
    return json.dumps(fields)


class FakePage:
    """A page for Sessions without a server: what it was sent, and how it was closed."""

    def __init__(self, sessions_: Sessions, address: str | None = "10.0.0.9"):
        self.sent: list[dict] = []
        self.closed: list[tuple[int, str]] = []
        self.page = sessions_.open_page(
            lambda text: self.sent.append(json.loads(text)),
            lambda code, reason: self.closed.append((code, reason)),
            ["en"],
            address=address,
        )

    def kinds(self) -> list[str]:
        return [m["type"] for m in self.sent]

    def texts(self) -> str:
        return " ".join(m.get("text", "") for m in self.sent)


def joined(sessions_: Sessions, name: str, address: str = "10.0.0.9") -> FakePage:
    page = FakePage(sessions_, address)
    sessions_.join(page.page, {"intent": "join", "name": name})
    return page


# ---------------------------------------------------------------------------- lone surrogates


@pytest.mark.parametrize(
    "fields",
    [
        {"intent": "join", "name": "Lina", "id": "\ud800"},
        {"intent": "join", "name": "Li\udc00na"},
        {"intent": "vote", "choice": "draw\ud800", "version": 1},
        {"intent": "page_language", "tags": ["nb", "\udfff"]},
        {"intent": "vote", "choice": "draw", "\ud800": 1},  # in a key
        {"intent": "join", "deep": [[{"x": ["\ud83d"]}]]},
    ],
)
def test_a_lone_surrogate_anywhere_is_refused_before_it_is_read(fields):
    s = Sessions(5)
    page = FakePage(s)
    assert s.read(page.page, surrogate(**fields)) is None
    assert page.sent[-1]["type"] == "notice" and "not understood" in page.sent[-1]["text"]
    assert len(s) == 0


def test_a_surrogate_pair_is_a_character_and_welcome():
    s = Sessions(5)
    page = FakePage(s)
    content = s.read(page.page, surrogate(intent="join", name="Lina \U0001f600"))
    assert content == {"intent": "join", "name": "Lina \U0001f600"} and readable(content)
    s.join(page.page, content)
    assert page.sent[-1]["type"] == "welcome" and page.sent[-1]["name"] == "Lina \U0001f600"


def test_what_is_sent_to_a_page_can_always_be_written():
    text = dumps({"type": "notice", "text": "a\ud800b", "request": "\udfff"})
    assert text.encode("utf-8")  # no UnicodeEncodeError: the lone surrogates became U+FFFD
    assert json.loads(text) == {"type": "notice", "text": "a\ufffdb", "request": "\ufffd"}
    kept = dumps({"type": "notice", "text": "Åse \U0001f600", "level": "info", "request": None})
    assert '"text":"Åse \U0001f600"' in kept  # kept as typed


def test_only_the_wires_messages_can_be_written():
    """Every message a page reads is declared once (wire.MESSAGES): a type or a field that is
    not declared is a bug of the kernel's, refused before it leaves."""
    with pytest.raises(ValueError, match="not a message of the wire"):
        dumps({"type": "secret", "deck": ["AS"]})
    with pytest.raises(ValueError, match="not a message of the wire"):
        dumps({"type": "view", "view": {}, "deck": ["AS"]})


def test_a_page_sending_lone_surrogates_harms_nobody(log):
    async def scenario():
        w, room, _ = await voting_class()
        before, game = others(room), state(w)
        attacker = await phone(room, 66)
        await attacker.wait(lambda m: m["type"] == "hello")
        attacks = [
            surrogate(intent="join", name="Ghost", id="\ud800"),
            surrogate(intent="join", name="G\ud800host"),
            surrogate(intent="vote", version=w.version, choice="\udc00"),
            surrogate(intent="page_language", tags=["\ud800"]),
        ]
        for i in range(60):  # a flood of them: 60 ghosts would fill a class of 60
            await attacker.conn.write_message(attacks[i % len(attacks)])
        await settle(0.3)
        # The page is still connected, was told politely, and joined nobody.
        assert not attacker.closed.is_set()
        assert any("not understood" in m.get("text", "") for m in attacker.messages)
        assert not any(m["type"] == "welcome" for m in attacker.messages)
        assert room.students == ("Lina", "Max") and others(room) == before
        assert state(w) == game
        await still_answers(room, w)
        assert log() == [], log()
        room.stop()

    run(scenario)


# ---------------------------------------------------------------------------- idle pages


def test_a_page_that_does_not_join_in_time_is_closed():
    s = Sessions(5, join_wait=60)
    idle, student = FakePage(s), joined(Sessions(5), "Lina")
    assert s.expire(idle.page) and idle.closed == [
        (sessions.JOIN_WAIT_CODE, "did not join in time")
    ]
    assert idle.page not in s and not s.expire(idle.page)
    assert not Sessions(5).expire(student.page)  # a page that joined is never expired


def test_pages_that_never_join_are_closed_and_free_their_places(log):
    async def scenario():
        w, room, _ = await voting_class(max_students=5)
        before = others(room)
        room._sessions.join_wait = 0.3  # JOIN_WAIT (a minute) in a test's time
        idle = [await phone(room, 20 + i) for i in range(sessions.SPARE_PAGES)]
        # The class is full of pages: a real student is refused, for now.
        late = await phone(room, 3)
        await asyncio.wait_for(late.closed.wait(), TIMEOUT)
        await asyncio.gather(*(asyncio.wait_for(p.closed.wait(), 2) for p in idle))
        assert all(p.conn.close_code == sessions.JOIN_WAIT_CODE for p in idle)
        await still_answers(room, w)
        assert others(room, but=("Newcomer",)) == before
        assert log() == [], log()
        room.stop()

    run(scenario)


# ---------------------------------------------------------------------------- one address


def test_pages_from_one_address_are_limited():
    s = Sessions(60, max_pages_per_address=3)
    pages = [FakePage(s, "10.0.0.7") for _ in range(3)]
    assert all(p.page is not None and p.kinds() == ["hello"] for p in pages)
    fourth = FakePage(s, "10.0.0.7")
    assert fourth.page is None and fourth.closed[0][0] == 1013
    assert "on this device (at most 3)" in fourth.texts()
    assert FakePage(s, "10.0.0.8").page is not None  # another phone is welcome
    s.close_page(pages[0].page)
    assert FakePage(s, "10.0.0.7").page is not None  # one closed: room for one again
    unlimited = Sessions(60, max_pages_per_address=None)
    assert all(FakePage(unlimited, "10.0.0.7").page for _ in range(10))


def test_seven_pages_from_one_phone():
    """Seven pages from one phone's address: the seventh is refused on that page alone, and a
    page from another address still joins (the server hands each page's address to the
    class: Classroom's max_pages_per_address, 6 by default)."""

    async def scenario():
        w, room, _ = await voting_class()
        pages = [await phone(room, 9) for _ in range(6)]
        for page in pages:
            await page.wait(lambda m: m["type"] == "hello")
        seventh = await phone(room, 9)
        await asyncio.wait_for(seventh.closed.wait(), TIMEOUT)
        assert "on this device (at most 6)" in seventh.messages[-1]["text"]
        assert seventh.conn.close_code == 1013
        assert not any(p.closed.is_set() for p in pages)
        await still_answers(room, w)
        room.stop()

    run(scenario)


# ---------------------------------------------------------------------------- held places


def test_a_student_long_away_gives_their_place_to_a_newcomer():
    s = Sessions(2, away_grace=30)
    forgotten = []
    s.on_forget = forgotten.append
    lina, _ = joined(s, "Lina"), joined(s, "Max")
    lina_session = lina.sent[-1]["session"]
    s.close_page(lina.page)
    with pytest.raises(BadMessage, match="full"):  # away, but not for long
        s.join(FakePage(s).page, {"intent": "join", "name": "Ola"})
    s.get(lina_session).away_since -= 31
    ola = FakePage(s)
    s.join(ola.page, {"intent": "join", "name": "Ola"})
    assert s.names == ("Max", "Ola") and [x.name for x in forgotten] == ["Lina"]
    # Lina's page comes back: her session is forgotten; she joins again by name when there is
    # room (the lesson's record keeps her answers by name).
    back = FakePage(s)
    assert s.join(back.page, {"intent": "join", "session": lina_session}) is None
    assert back.kinds()[-1] == "forgotten"


def test_a_student_away_who_holds_a_seat_keeps_their_place():
    s = Sessions(1, away_grace=0)
    lina = joined(s, "Lina")
    s.keeps_place = lambda student: student.name == "Lina"  # the room: she holds a seat
    s.close_page(lina.page)
    with pytest.raises(BadMessage, match="full"):
        s.join(FakePage(s).page, {"intent": "join", "name": "Ola"})
    assert s.names == ("Lina",)


def test_names_joined_and_dropped_do_not_hold_the_class(log):
    async def scenario():
        w, room, _ = await voting_class(max_students=12)
        room._sessions.away_grace = 0.2  # AWAY_GRACE in a test's time
        before = others(room)
        pages = [await phone(room, 70 + i) for i in range(10)]
        for i, page in enumerate(pages):
            assert (await page.join(f"Squatter {i}"))["type"] == "welcome"
        full = await phone(room, 3)
        assert "full" in (await full.join("Ola"))["text"]
        await asyncio.gather(*(p.close() for p in pages))
        await settle(0.3)
        assert all(not s["here"] for s in w.room_card["students"][2:])  # the teacher sees
        ola = await still_answers(room, w, "Ola")
        assert "Ola" in room.students and len(room.students) == 12
        squatters = tuple(f"Squatter {i}" for i in range(10))
        assert others(room, but=("Ola", *squatters)) == before
        await ola.close()
        assert log() == [], log()
        room.stop()

    run(scenario)


# ---------------------------------------------------------------------------- look-alike names


def test_a_name_that_looks_like_anothers_is_taken(log):
    async def scenario():
        _, room, _ = await voting_class()
        before = others(room)
        for name in ("L\u0456na", "\uff2c\uff49\uff4e\uff41", "LINA", "M\u0430x", " max "):
            page = await phone(room, 3)
            assert "is taken" in (await page.join(name))["text"], name
            await page.close()
        assert room.students == ("Lina", "Max") and others(room) == before
        assert log() == [], log()
        room.stop()

    run(scenario)


# ---------------------------------------------------------------------------- idle connections


async def idle_sockets(port: int, count: int, source: str = "127.0.0.1") -> list:
    """``count`` TCP connections to the class that send nothing (no request, no token), opened
    in batches the server's accept queue holds (beyond it the kernel itself makes a client wait
    for a second or more: not what is tested here)."""

    async def one():
        with contextlib.suppress(OSError):
            return await asyncio.open_connection("127.0.0.1", port, local_addr=(source, 0))
        return None

    opened = []
    for start in range(0, count, 50):
        opened += await asyncio.gather(*(one() for _ in range(min(50, count - start))))
        await asyncio.sleep(0.01)
    return [pair for pair in opened if pair is not None]


async def is_closed(reader, within: float) -> bool:
    """Whether the server closes this connection within ``within`` seconds."""
    try:
        return await asyncio.wait_for(reader.read(1), within) == b""
    except (asyncio.TimeoutError, ConnectionError):
        return False


def test_idle_connections_cost_nothing_and_are_closed(monkeypatch, log):
    monkeypatch.setattr(server, "HEADER_TIMEOUT", 0.5)

    async def scenario():
        w, room, _ = await voting_class()
        before = others(room)
        idle = await idle_sockets(room.port, 300)
        assert len(idle) == 300
        await still_answers(room, w, within=1.0)
        # Each is closed once it has failed to send its headers in time.
        closed = await asyncio.gather(*(is_closed(reader, 5.0) for reader, _ in idle))
        assert all(closed)
        assert others(room, but=("Newcomer",)) == before
        for _, writer in idle:
            writer.close()
        assert log() == [], log()
        room.stop()

    run(scenario)


def test_connections_beyond_the_limits_are_closed_at_once(monkeypatch, log):
    monkeypatch.setattr(server, "HEADER_TIMEOUT", 5.0)
    monkeypatch.setattr(server, "MAX_CONNECTIONS", 60)

    async def scenario():
        w, room, pages = await voting_class()
        before = others(room)
        # A second listener for the same class, limiting one address to 2 pages (and
        # LOADING_CONNECTIONS more): what Classroom(max_pages_per_address=2) serves.
        limited = server.serve(
            room, "127.0.0.1", 0, frame_limit=wire.FRAME_LIMIT, pages_per_address=2
        )
        try:
            idle = await idle_sockets(limited.port, 50)
            held = 2 + server.LOADING_CONNECTIONS
            closed = await asyncio.gather(*(is_closed(reader, 0.5) for reader, _ in idle))
            assert closed.count(False) == held and closed.count(True) == 50 - held
            # Another address (another phone) still joins through the same listener.
            ola = await phone(room, 2, port=limited.port)
            assert (await ola.join("Ola"))["type"] == "welcome"
            # In all: the class's own listener keeps at most MAX_CONNECTIONS; a newcomer
            # closes the oldest that is not a page, so idle ones cannot keep a student out.
            many = []
            for i in range(80):  # from 80 addresses: the limit of one address does not count
                many += await idle_sockets(room.port, 1, source=f"127.0.1.{i}")
            open_now = await asyncio.gather(*(is_closed(reader, 0.5) for reader, _ in many))
            assert open_now.count(True) >= 20 and not any(open_now[-40:])  # the oldest went
            await still_answers(room, w)
            assert all(not p.closed.is_set() for p in pages)  # the pages' WebSockets stayed
            for _, writer in idle + many:
                writer.close()
        finally:
            limited.stop()
        assert others(room, but=("Ola", "Newcomer")) == before
        assert log() == [], log()
        room.stop()

    run(scenario)


# ---------------------------------------------------------------------------- another's things


def test_nothing_a_page_sends_changes_another_students_name_vote_or_seat(log):
    async def scenario():
        w, room, (lina, max_) = await voting_class()
        room.open_seats()
        await lina.send(intent="claim", seat=0)
        await lina.wait(lambda m: m["type"] == "you" and m["seat"] == 0)
        before, game = others(room, but=("Max",)), state(w)
        lina_session = next(m["session"] for m in lina.messages if m["type"] == "welcome")
        attempts = [
            {"intent": "vote", "version": w.version, "choice": "bank", "name": "Lina"},
            {"intent": "vote", "version": w.version, "choice": "bank", "session": lina_session},
            {"intent": "join", "name": "Lina"},
            {"intent": "join", "session": lina_session},
            {"intent": "claim", "seat": 0},
            {"intent": "leave", "seat": 0},
            {"intent": "rename", "student": "Lina", "name": "Ghost"},
            {"intent": "remove", "student": "Lina"},
            {"intent": "draw", "version": w.version},  # Lina's seat's move
        ]
        for attempt in attempts:
            rid = await max_.send(**attempt)
            await max_.notice(rid)  # each refused with a notice on Max's page
        await settle(0.3)
        assert others(room, but=("Max",)) == before and state(w) == game
        assert not any(
            m.get("request", "").startswith("c")
            for m in lina.messages[-20:]
            if m["type"] == "notice"
        )
        assert log() == [], log()
        room.stop()

    run(scenario)


# ---------------------------------------------------------------------------- moderation


def test_the_teacher_renames_a_student():
    s = Sessions(5)
    lina, max_ = joined(s, "Lina"), joined(s, "Max")
    student = lina.page.student
    assert s.rename(student, "  Lina   B ") == "Lina B"
    assert lina.sent[-1] == {
        "type": "welcome",
        "name": "Lina B",
        "session": student.session,
        "request": None,
    }
    assert s.names == ("Lina B", "Max") and s.named("lina b") is student
    for taken in ("Max", "M\u0430x", "MAX"):  # another's name, or one that looks like it
        with pytest.raises(BadMessage, match="taken"):
            s.rename(student, taken)
    with pytest.raises(BadMessage):
        s.rename(student, "\u3164")
    assert s.names == ("Lina B", "Max") and max_.sent[-1]["name"] == "Max"
    assert s.rename(student, "LINA B") == "LINA B"  # their own name in other letters
    with pytest.raises(ValueError):
        s.rename(Student("Ada", "not-of-this-class"), "Ada B")


def test_the_teacher_removes_a_student_for_good():
    s = Sessions(5)
    forgotten = []
    s.on_forget = forgotten.append
    lina, max_ = joined(s, "Lina"), joined(s, "Max")
    session = lina.sent[-1]["session"]
    student = lina.page.student
    page = lina.page
    s.remove(student)
    assert lina.kinds()[-2:] == ["notice", "removed"] and "removed you" in lina.texts()
    assert lina.closed == [(sessions.REMOVED_CODE, "removed by the teacher")]
    assert page not in s and page.student is None and forgotten == [student]
    assert s.names == ("Max",) and max_.kinds() == ["hello", "welcome"]
    # The session is over: a page coming back with it is asked for a name.
    back = FakePage(s)
    assert s.join(back.page, {"intent": "join", "session": session}) is None
    assert back.kinds()[-1] == "forgotten"
    # The name is free again (the teacher locks the class to keep them out).
    assert s.join(back.page, {"intent": "join", "name": "Lina"}).session != session
    with pytest.raises(ValueError):
        s.remove(student)  # not a student of this class any more
    away = joined(s, "Ola")
    s.close_page(away.page)
    s.remove(away.page.student or s.named("Ola"))  # an away student: nothing to send
    assert s.names == ("Max", "Lina")


def test_the_teacher_locks_the_class_to_new_students():
    s = Sessions(5)
    lina = joined(s, "Lina")
    session = lina.sent[-1]["session"]
    waiting = FakePage(s)
    assert not s.locked and waiting.sent[0] == {"type": "hello", "max_name": 24, "locked": False}
    s.lock()
    s.lock()  # twice: told once
    assert s.locked and waiting.sent[1:] == [{"type": "locked", "locked": True}]
    assert lina.kinds() == ["hello", "welcome"]  # a student's page is not on the join form
    with pytest.raises(BadMessage) as refused:
        s.join(waiting.page, {"intent": "join", "name": "Ola"})
    assert str(refused.value) == sessions.LOCKED
    assert FakePage(s).sent[0]["locked"] is True  # a new page knows at once
    # A student coming back with their session still gets in.
    s.close_page(lina.page)
    back = FakePage(s)
    assert s.join(back.page, {"intent": "join", "session": session}).name == "Lina"
    s.unlock()
    assert s.join(waiting.page, {"intent": "join", "name": "Ola"}).name == "Ola"
    assert waiting.sent[2] == {"type": "locked", "locked": False}
