"""A class on the students' phones (``w.classroom()``), without a browser: real WebSocket and
HTTP clients on 127.0.0.1 against the real server on this test's event loop.

Each test checks what a student's page may and may not do (join, vote, seats, moves only for
the seat it holds and only in its turn, limits on size, rate and numbers), that a refused
request changes nothing and is answered on that page only, and that no message reaches the
deck's order, the seed or the random generator (RULES.md "Hidden information").
"""

from __future__ import annotations

import asyncio
import json
import pathlib
import socket
import subprocess
import sys
import time

import pytest
from helpers import FILLER, widget
from support.classroom import REFUSED_SOCKET, TIMEOUT, Client, http_get, run, settle, state, table
from support.widget import RecordingComm, assert_no_secret

from borsen_widget import ThresholdBot
from borsen_widget.classroom import sessions, wire

tornado = pytest.importorskip("tornado")
from tornado import httpclient, websocket  # noqa: E402

# ---------------------------------------------------------------------------- opening


def test_the_class_listens_on_loopback_with_a_token_and_stops_cleanly():
    async def scenario():
        w = table()
        room = w.classroom()
        assert room.url.startswith("http://127.0.0.1:") and room.host == "127.0.0.1"
        token = room.url.rstrip("/").rsplit("/", 1)[1]
        assert len(token) == 12 and token.isalnum()
        assert w.room is room and w.room_card["url"] == room.url
        # Only this computer can open the address: no QR code (no phone could open it), and
        # the card says so (tests/classroom/test_reach.py opens it to the network).
        assert room.via == "direct" and room.is_local and w.room_card["local"]
        assert w.room_card["qr"] == "" and "<svg" not in room._repr_html_()
        assert "Only this computer can open this address" in room._repr_html_()
        # Every listening socket of this process on the class's port is on loopback.
        import psutil

        listening = [
            c.laddr.ip
            for c in psutil.Process().net_connections(kind="inet")
            if c.status == psutil.CONN_LISTEN and c.laddr.port == room.port
        ]
        assert listening == ["127.0.0.1"]
        page = await http_get(room.url)
        assert page.code == 200 and b'<script type="module" src="student.js">' in page.body
        assert "default-src 'none'" in page.headers["Content-Security-Policy"]
        assert page.headers["Referrer-Policy"] == "no-referrer"
        for name in ("student.js", "student.css", "widget.css"):
            asset = await http_get(room.url + name)
            assert asset.code == 200 and asset.body
        student = await Client.open(room)
        await student.join("Lina")
        room.stop()
        ended = await student.wait(lambda m: m["type"] == "ended")
        assert "ended the class" in ended["text"]
        await asyncio.wait_for(student.closed.wait(), TIMEOUT)
        assert not room.is_running and w.room is None and w.room_card == {}
        await settle()
        with pytest.raises(OSError), socket.create_connection(("127.0.0.1", room.port), 1):
            pass
        room.stop()  # twice is harmless

    run(scenario)


@pytest.mark.parametrize(
    "path",
    ["", "wrongtoken123/", "wrongtoken123/student.js", "favicon.ico", "{token}/../../etc/passwd"],
)
def test_without_the_token_everything_is_refused(path):
    async def scenario():
        room = table().classroom()
        token = room.url.rstrip("/").rsplit("/", 1)[1]
        base = room.url[: -len(token) - 1]
        response = await http_get(base + path.format(token=token))
        assert response.code in (403, 404), response.code
        assert b"not the address of an open class" in response.body or b"nothing here" in (
            response.body
        )
        with pytest.raises(REFUSED_SOCKET):
            await websocket.websocket_connect(base.replace("http", "ws") + "wrongtoken123/ws")
        with pytest.raises(REFUSED_SOCKET):
            await websocket.websocket_connect(base.replace("http", "ws") + "ws")
        post = await http_get(room.url, method="POST")
        assert post.code == 405
        # A file the page does not load is not served, even with the token.
        assert (await http_get(room.url + "widget.js")).code in (403, 404)
        room.stop()

    run(scenario)


def test_a_websocket_from_another_site_is_refused():
    async def scenario():
        room = table().classroom()
        request = httpclient.HTTPRequest(
            room.url.replace("http", "ws") + "ws", headers={"Origin": "http://evil.example"}
        )
        with pytest.raises(REFUSED_SOCKET):
            await websocket.websocket_connect(request)
        room.stop()

    run(scenario)


def test_jupyterlite_says_plainly_that_it_cannot(monkeypatch):
    w = table()
    monkeypatch.setattr(sys, "platform", "emscripten")
    with pytest.raises(RuntimeError, match="JupyterLite"):
        w.classroom()
    assert w.room is None


def test_without_a_running_loop_it_says_how():
    with pytest.raises(RuntimeError, match="running event loop"):
        table().classroom()


@pytest.mark.parametrize(
    ("kwargs", "words"),
    [
        ({"host": ""}, "host"),
        ({"port": -1}, "port"),
        ({"max_students": 0}, "max_students"),
        ({"max_students": 10**5000}, "max_students"),  # too long even for repr
        ({"port": 10**400}, "port"),
        ({"address": " "}, "address"),
    ],
)
def test_bad_arguments_are_refused(kwargs, words):
    """Refused at once, in a short sentence (a huge number is not echoed back)."""

    async def scenario():
        with pytest.raises(ValueError, match=words) as info:
            table().classroom(**kwargs)
        assert len(str(info.value)) < 200

    run(scenario)


def test_the_widget_imports_without_tornado_or_segno():
    """JupyterLite has no tornado: the game and the widget must not need it."""
    code = (
        "import sys; sys.modules['tornado'] = None; sys.modules['segno'] = None\n"
        "from borsen_widget import BorsenWidget\n"
        "w = BorsenWidget(seats=['Ada', 'Bo'], seed=1)\n"
        "assert 'tornado' not in [m for m in sys.modules if sys.modules[m] is not None]\n"
        "print(w.view['version'])"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert out.returncode == 0, out.stderr


# ---------------------------------------------------------------------------- joining


def test_students_join_by_name_and_a_name_is_theirs():
    async def scenario():
        w = table()
        room = w.classroom(max_students=3)
        a, b, c, d, e = [await Client.open(room) for _ in range(5)]
        welcome = await a.join("Lina")
        assert welcome["type"] == "welcome" and welcome["name"] == "Lina"
        assert len(welcome["session"]) >= 24
        assert a.last("view")["view"] == w.view  # the same public view as the widget
        refused = await b.join("  lina ")
        assert refused["type"] == "notice" and "taken" in refused["text"]
        for bad, words in (("", "Type your name"), ("x" * 25, "at most 24"), ("a\x00b", "letters")):
            rid = await b.send(intent="join", name=bad)
            assert words in await b.notice(rid)
        assert (await b.join("Max"))["type"] == "welcome"
        assert (await c.join("Ola"))["type"] == "welcome"
        full = await d.join("Per")
        assert full["type"] == "notice" and "full (at most 3 can join)" in full["text"]
        # Before joining, nothing but joining: no view, no moves.
        rid = await e.send(intent="draw", version=w.version)
        assert "Join the class first" in await e.notice(rid)
        assert e.last("view") is None
        assert room.students == ("Lina", "Max", "Ola")
        await settle()
        assert w.room_card["count"] == 3
        assert [s["name"] for s in w.room_card["students"]] == ["Lina", "Max", "Ola"]
        room.stop()

    run(scenario)


def test_a_student_who_leaves_comes_back_with_the_same_session():
    async def scenario():
        w = widget(deck=" ".join(["9C", "2D", "KS", *FILLER]), pile="7S", guess_first=True)
        room = w.classroom()
        room.open_seats("Ada")
        a = await Client.open(room)
        session = (await a.join("Lina"))["session"]
        await a.send(intent="claim", seat=0)
        await a.wait(lambda m: m["type"] == "you" and m["seat"] == 0)
        await a.send(intent="vote", version=w.version, choice="draw")
        await a.wait(lambda m: m["type"] == "you" and m["vote"] == "draw")
        await a.close()
        await settle()
        (lina,) = w.room_card["students"]
        assert {k: lina[k] for k in ("name", "seat", "here")} == {
            "name": "Lina",
            "seat": 0,
            "here": False,
        }
        # Someone else cannot take the name while Lina is away; Lina's session can.
        other = await Client.open(room)
        assert "taken" in (await other.join("Lina"))["text"]
        back = await Client.open(room)
        welcome = await back.join("", session=session)
        assert welcome["type"] == "welcome" and welcome["name"] == "Lina"
        you = await back.wait(lambda m: m["type"] == "you")
        assert you["seat"] == 0
        assert you["vote"] == "draw" and room.votes == {"Lina": "draw"}
        # The same session on a third page: the newest page counts, the older one is told.
        third = await Client.open(room)
        await third.join("", session=session)
        await asyncio.wait_for(back.closed.wait(), TIMEOUT)
        assert any("another page" in m.get("text", "") for m in back.messages)
        assert room.students == ("Lina",)
        # A session this class never gave: the page is asked for a name again.
        stranger = await Client.open(room)
        assert (await stranger.join("", session="not-a-session"))["type"] == "forgotten"
        room.stop()

    run(scenario)


# ---------------------------------------------------------------------------- seats and moves


def test_only_the_student_holding_the_seat_to_act_can_move():
    async def scenario():
        w = table(seats=["Ada", "Bo", "Cy"])
        room = w.classroom()
        ada, bo, watcher = [await Client.open(room) for _ in range(3)]
        for client, name in ((ada, "Lina"), (bo, "Max"), (watcher, "Ola")):
            await client.join(name)
        # Seats are closed until the teacher opens them.
        rid = await ada.send(intent="claim", seat=0)
        assert "not open" in await ada.notice(rid)
        room.open_seats("Ada", "Bo")
        rid = await ada.send(intent="claim", seat=0)
        await ada.wait(lambda m: m["type"] == "you" and m["seat"] == 0)
        rid = await watcher.send(intent="claim", seat=0)
        assert "Lina holds Ada's seat" in await watcher.notice(rid)
        await bo.send(intent="claim", seat=1)
        await bo.wait(lambda m: m["type"] == "you" and m["seat"] == 1)
        rid = await watcher.send(intent="claim", seat=2)
        assert "not open" in await watcher.notice(rid)
        cur = w.game.current_player
        holder, other = (ada, bo) if cur == 0 else (bo, ada)
        if cur == 2:  # Cy, played on the teacher's screen, starts: the teacher moves first
            w.apply("draw")
            w.apply("bank")
            cur = w.game.current_player
            holder, other = (ada, bo) if cur == 0 else (bo, ada)
        before = state(w)
        # Not their turn, no seat, a bad seat, a move the page may not send at all.
        rid = await other.send(intent="draw", version=w.version)
        assert "turn" in await other.notice(rid)
        rid = await watcher.send(intent="draw", version=w.version)
        assert "You hold no seat" in await watcher.notice(rid)
        for intent in ("undo", "new_game", "pause", "panel", "reveal", "guess", "open_seat"):
            rid = await holder.send(intent=intent, version=w.version)
            assert "Unknown request" in await holder.notice(rid)
        await settle()
        assert state(w) == before
        # Only those pages were told: the others got no notice at all.
        assert not [m for m in holder.messages if m["type"] == "notice" and "turn" in m["text"]]
        # The holder's draw counts and every page sees it.
        version = w.version
        await holder.send(intent="draw", version=version)
        for client in (ada, bo, watcher):
            await client.wait(lambda m: m["type"] == "view" and m["view"]["version"] > version)
        assert w.view["version"] > version
        # The teacher takes a seat back: its student is told and can no longer move.
        since = len(holder.messages)
        room.take_back(cur)
        await holder.wait(lambda m: m["type"] == "you" and m["seat"] is None, since=since)
        assert any("took" in m.get("text", "") for m in holder.messages if m["type"] == "notice")
        rid = await holder.send(intent="draw", version=w.version)
        assert "You hold no seat" in await holder.notice(rid)
        room.stop()

    run(scenario)


def test_a_stale_click_is_told_to_its_own_page_only():
    """The teacher's screen and a student both click for the same seat on the same view: the
    first counts; the other page alone hears that its click was made on an earlier view."""

    async def scenario():
        w = table(seats=["Ada", "Bo", ThresholdBot(3)])
        room = w.classroom()
        room.open_seats()
        lina, ola = await Client.open(room), await Client.open(room)
        await lina.join("Lina")
        await ola.join("Ola")
        seat = w.game.current_player
        room.give_seat(seat, "Lina")
        await lina.wait(lambda m: m["type"] == "you" and m["seat"] == seat)
        version = w.version
        # The teacher's widget moves first (a click in JupyterLab, with the widget's own id).
        w._handle_msg(
            {
                "content": {
                    "data": {
                        "method": "custom",
                        "content": {"intent": "draw", "version": version, "id": "teacher-1"},
                    }
                },
                "buffers": [],
            }
        )
        assert w.view["version"] > version and not w.notice["text"]
        rid = await lina.send(intent="draw", version=version)
        assert "earlier view" in await lina.notice(rid)
        await settle()
        assert not w.notice["text"]  # the teacher's page is not told
        assert not [m for m in ola.messages if m["type"] == "notice"]
        room.stop()

    run(scenario)


def test_a_whole_game_played_from_students_pages(monkeypatch):
    """Two students hold Ada's and Bo's seats against a bot and play to the end (R14), aces
    decided on their pages (R11, R12); every view they get is the widget's."""
    # These pages answer at machine speed, far past a person's clicks: lift the rate limit.
    monkeypatch.setattr(sessions, "RATE", 1000.0)
    monkeypatch.setattr(sessions, "BURST", 1000)

    async def scenario():
        w = table(seats=["Ada", "Bo", ThresholdBot(4)], seed=3)
        room = w.classroom()
        room.open_seats()
        pages = {}
        for seat, name in ((0, "Lina"), (1, "Max")):
            pages[seat] = await Client.open(room)
            await pages[seat].join(name)
            await pages[seat].send(intent="claim", seat=seat)
            await pages[seat].wait(lambda m, s=seat: m["type"] == "you" and m["seat"] == s)
        moves = 0
        while not w.game.is_over and moves < 400:
            seat = w.game.current_player
            page = pages[seat]
            # The widget's view, the student's seat told as "you".
            view = w.view_in("en", you=seat) if hasattr(w, "view_in") else w.view
            await page.wait(lambda m, v=view: m["type"] == "view" and m["view"] == v)
            if view["phase"] == "aces":
                need = view["aces"]["to_list"]
                if need:
                    await page.send(
                        intent="list", version=view["version"], aces=view["aces"]["pending"][:need]
                    )
                else:
                    await page.send(intent="keep", version=view["version"])
            elif len(view["pile"]) < 2 and "draw" in view["actions"]:
                await page.send(intent="draw", version=view["version"])
            else:
                await page.send(intent="bank", version=view["version"])
            await page.wait(
                lambda m, v=view["version"]: (
                    (m["type"] == "view" and m["view"]["version"] > v) or (m["type"] == "notice")
                )
            )
            assert not [m for m in page.messages if m["type"] == "notice"], page.messages[-1]
            moves += 1
        assert w.game.is_over and moves > 10
        for page in pages.values():
            last = await page.wait(lambda m: m["type"] == "view" and m["view"]["over"])
            assert last["view"]["result"]
        room.stop()

    run(scenario, timeout=120)


def test_the_teachers_seat_buttons_in_the_widget():
    async def scenario():
        w = table()
        send = lambda **c: w._handle_msg(  # noqa: E731
            {"content": {"data": {"method": "custom", "content": c}}, "buffers": []}
        )
        send(intent="open_seat", version=w.version, seat=0, id="t1")
        assert "No class is open" in w.notice["text"] and w.notice["request"] == "t1"
        room = w.classroom()
        send(intent="open_seat", version=w.version, seat=0, id="t2")
        assert room.seats[0]["open"] and w.room_card["seats"][0]["open"]
        send(intent="open_seat", version=w.version, seat=2, id="t3")
        assert "is a bot" in w.notice["text"] and not room.seats[2]["open"]
        send(intent="open_seat", version=w.version, seat=7, id="t4")
        assert "no such seat" in w.notice["text"]
        send(intent="take_back", version=w.version, seat=0, id="t5", choice="draw")
        assert "Only a vote" in w.notice["text"] and room.seats[0]["open"]
        send(intent="take_back", version=w.version - 1, seat=0, id="t6")  # any view will do
        assert not room.seats[0]["open"] and not w.notice["text"]
        with pytest.raises(ValueError, match="bot"):
            room.open_seats(2)
        with pytest.raises(ValueError, match="no student"):
            room.give_seat(0, "Nobody")
        with pytest.raises(ValueError, match="no seat is named"):
            room.open_seats("Zed")
        w.close()  # closing the widget ends the class
        assert not room.is_running

    run(scenario)


# ---------------------------------------------------------------------------- votes


def test_students_vote_once_each_and_see_the_split_after_reveal():
    async def scenario():
        w = widget(deck=" ".join(["9C", "2D", "KS", *FILLER]), pile="7S", seats=("Ada", "Bo", "Cy"))
        w.guess_first = True
        room = w.classroom()
        a, b = await Client.open(room), await Client.open(room)
        await a.join("Lina")
        await b.join("Max")
        asking = await a.wait(lambda m: m["type"] == "class" and m["class"]["on"])
        assert asking["class"]["hidden"] and asking["class"]["p_accept"] is None
        assert asking["class"]["votes"] is None and asking["class"]["kind"] == "choice"
        assert asking["class"]["player"] == w.names[w.game.current_player]
        assert asking["class"]["pile_size"] == len(w.game.pile)
        await a.send(intent="vote", version=w.version, choice="bank")
        await a.send(intent="vote", version=w.version, choice="draw")  # replaces the first
        await b.send(intent="vote", version=w.version, choice="bank")
        await a.wait(lambda m: m["type"] == "you" and m["vote"] == "draw")
        await b.wait(lambda m: m["type"] == "you" and m["vote"] == "bank")
        await settle(0.3)
        assert room.votes == {"Lina": "draw", "Max": "bank"}
        assert w.teacher.votes == {"draw": 1, "bank": 1} and w.room_card["voters"] == 2
        # Before Reveal no page gets the split or an answer.
        for m in a.messages + b.messages:
            if m["type"] == "class":
                assert m["class"]["votes"] is None and m["class"]["p_accept"] is None
        rid = await a.send(intent="vote", version=w.version, choice="maybe")
        assert "draw or bank" in await a.notice(rid)
        w.reveal()
        shown = await b.wait(lambda m: m["type"] == "class" and not m["class"]["hidden"])
        assert shown["class"]["votes"] == {"draw": 1, "bank": 1}
        assert shown["class"]["p_accept"]["fraction"] == w.teacher.data()["p_accept"]["fraction"]
        assert shown["class"]["choice"]["action"] in ("draw", "bank", None)
        rid = await a.send(intent="vote", version=w.version, choice="bank")
        assert "already revealed" in await a.notice(rid)
        w.apply("draw")  # a new decision: the votes are cleared, on the card too
        await settle(0.3)
        assert room.votes == {} and w.room_card["voters"] == 0
        w.guess_first = False
        await a.wait(lambda m: m["type"] == "class" and not m["class"]["on"])
        rid = await a.send(intent="vote", version=w.version, choice="bank")
        assert "no vote just now" in await a.notice(rid)
        room.stop()

    run(scenario)


# ---------------------------------------------------------------------------- limits


def test_oversized_malformed_and_binary_messages_change_nothing():
    async def scenario():
        w = table(seats=["Ada", "Bo", "Cy"])
        room = w.classroom()
        room.open_seats()
        s = await Client.open(room)
        await s.join("Lina")
        await s.send(intent="claim", seat=w.game.current_player)
        await s.wait(lambda m: m["type"] == "you" and m["seat"] is not None)
        before = state(w)
        bad = [
            "not json",
            "[1, 2]",
            "[" * 1000 + "]" * 1000,  # deep enough for a RecursionError, under the size limit
            json.dumps({"intent": "draw", "version": w.version, "seed": 1}),
            json.dumps({"intent": "draw", "version": "x"}),
            json.dumps({"intent": "list", "version": w.version, "aces": ["AS"] * 40}),
            json.dumps({"intent": "claim", "seat": "0"}),
            json.dumps({"intent": "join", "name": "Other"}),
            json.dumps({"intent": "draw", "version": w.version + 5}),
            json.dumps({"intent": "x" * 1000, "version": 1}),
        ]
        for text in bad:
            await s.conn.write_message(text)
        await s.conn.write_message(b"\x00\x01binary", binary=True)
        await s.conn.write_message(json.dumps({"intent": "draw", "pad": "x" * 3000}))
        assert "unknown fields" in await s.notice(await s.send(intent="leave", x=1))
        notices = [m for m in s.messages if m["type"] == "notice"]
        assert any("too long" in n["text"] for n in notices)
        assert len(notices) == len(bad) + 3, "\n".join(n["text"] for n in notices)
        for n in notices:
            assert len(n["text"]) < 300 and "x" * 40 not in n["text"]
        assert state(w) == before
        # A frame past tornado's limit closes the connection; the class goes on.
        await s.conn.write_message("x" * (wire.FRAME_LIMIT + 10))
        await asyncio.wait_for(s.closed.wait(), TIMEOUT)
        assert state(w) == before and room.is_running
        again = await Client.open(room)
        assert (await again.join("Max"))["type"] == "welcome"
        room.stop()

    run(scenario)


def test_a_flood_is_dropped_politely_and_the_page_can_go_on():
    async def scenario():
        w = table(seats=["Ada", "Bo", "Cy"])
        room = w.classroom()
        s = await Client.open(room)
        await s.join("Lina")
        before = state(w)
        started = time.monotonic()
        for _ in range(400):
            await s.conn.write_message(json.dumps({"intent": "draw", "version": w.version}))
        await s.wait(lambda m: m["type"] == "notice" and "Too many messages" in m["text"])
        await settle(0.3)
        notices = [m["text"] for m in s.messages if m["type"] == "notice"]
        answered = [t for t in notices if "Too many" not in t]
        # A burst is answered, the rest dropped with one notice per WARN_EVERY seconds.
        assert len(answered) <= sessions.BURST + sessions.RATE * (time.monotonic() - started) + 1
        assert (
            1
            <= len(notices) - len(answered)
            <= 1 + (time.monotonic() - started) / sessions.WARN_EVERY
        )
        assert state(w) == before
        await asyncio.sleep(1.0)  # the bucket fills again
        rid = await s.send(intent="claim", seat=0)
        assert "not open" in await s.notice(rid)
        room.stop()

    run(scenario)


def test_two_hundred_students_join_and_vote_at_once():
    """200 pages connect, join and vote together (bounded in count and time): every vote is
    counted once, the game does not move, and the pages hear about it in a few messages."""

    async def scenario():
        w = widget(deck=" ".join(["9C", "2D", "KS", *FILLER]), pile="7S", seats=("Ada", "Bo", "Cy"))
        w.guess_first = True
        room = w.classroom(max_students=250, max_pages_per_address=None)
        before = state(w)
        started = time.monotonic()
        clients = await asyncio.gather(*(Client.open(room) for _ in range(200)))
        welcomes = await asyncio.gather(*(c.join(f"Student {i}") for i, c in enumerate(clients)))
        assert all(m["type"] == "welcome" for m in welcomes)
        choices = ["draw" if i % 3 else "bank" for i in range(200)]
        await asyncio.gather(
            *(
                c.send(intent="vote", version=w.version, choice=ch)
                for c, ch in zip(clients, choices, strict=True)
            )
        )
        await asyncio.gather(
            *(
                c.wait(lambda m, ch=ch: m["type"] == "you" and m["vote"] == ch)
                for c, ch in zip(clients, choices, strict=True)
            )
        )
        took = time.monotonic() - started
        await settle(0.4)
        assert len(room.students) == 200 and len(room.votes) == 200
        assert w.teacher.votes == {"draw": choices.count("draw"), "bank": choices.count("bank")}
        assert state(w) == before
        assert took < 30, f"200 students took {took:.1f} s to join and vote"
        # The count reached every page, in a handful of messages rather than 200 each.
        counts = [m for m in clients[0].messages if m["type"] == "class"]
        assert counts[-1]["class"]["voters"] == 200 and len(counts) < 40
        assert not any(m["type"] == "notice" for c in clients for m in c.messages)
        room.stop()
        await asyncio.gather(*(asyncio.wait_for(c.closed.wait(), TIMEOUT) for c in clients))

    run(scenario, timeout=120)


def test_a_class_full_of_pages_closes_the_one_idle_longest_for_a_newcomer():
    """The pages a class may hold (its students and SPARE_PAGES more) stay the limit; a page
    beyond it takes the place of the page that has stayed on the join form longest (issue 31:
    before, it was refused until an idle one timed out)."""

    async def scenario():
        room = table().classroom(max_students=1, max_pages_per_address=None)
        clients = [await Client.open(room) for _ in range(1 + sessions.SPARE_PAGES)]
        extra = await Client.open(room)
        await extra.wait(lambda m: m["type"] == "hello")
        await asyncio.wait_for(clients[0].closed.wait(), TIMEOUT)
        assert clients[0].conn.close_code == sessions.JOIN_WAIT_CODE
        assert all(not c.closed.is_set() for c in clients[1:])
        room.stop()

    run(scenario)


# ---------------------------------------------------------------------------- no secrets


def test_nothing_a_page_or_the_widget_receives_holds_a_secret(monkeypatch):
    """Every message to every page, and every synced trait and comm message of the widget
    (the join card too), is public: no deck order, seed or generator state."""
    RecordingComm.sent = []
    monkeypatch.setattr(__import__("comm"), "create_comm", RecordingComm)

    async def scenario():
        w = widget(
            deck=" ".join(["4C", "9H", "KD", "2S", *FILLER]),
            banks=["AS AH 4H", "", "2C"],
            pile="6S AC",
            seats=("Ada", "Bo", ("Cy", ThresholdBot(2))),
        )
        w.show_probabilities = True
        w.guess_first = True
        room = w.classroom()
        room.open_seats()
        s = await Client.open(room)
        await s.join("Lina")
        await s.send(intent="claim", seat=0)
        await s.wait(lambda m: m["type"] == "you" and m["seat"] == 0)
        await s.send(intent="vote", version=w.version, choice="bank")
        await s.send(intent="bank", version=w.version)  # three aces: one must be listed (R12)
        await s.wait(lambda m: m["type"] == "view" and m["view"]["phase"] == "aces")
        await s.send(intent="list", version=w.version, aces=["AC"])
        await s.wait(lambda m: m["type"] == "view" and m["view"]["phase"] != "aces")
        w.reveal()
        await settle()
        game = w.game
        text = "\n".join(s.raw)
        assert '"p_accept"' in text and '"list"' in text
        assert_no_secret(text, game)
        assert_no_secret(json.dumps(w.get_state(), ensure_ascii=False, default=str), game)
        assert w.get_state()["room_card"]["url"] == room.url
        assert_no_secret(json.dumps(RecordingComm.sent, ensure_ascii=False, default=str), game)
        assert any("room_card" in json.dumps(m, default=str) for m in RecordingComm.sent)
        room.stop()

    run(scenario)


def test_seats_that_go_away_with_fewer_players_are_closed():
    """R1: the number of players can change (a new game); a seat that no longer exists is
    taken back from its student, who is told."""

    async def scenario():
        from borsen_widget import Rules

        w = table(seats=["Ada", "Bo", "Cy"])
        room = w.classroom()
        room.open_seats()
        s = await Client.open(room)
        await s.join("Lina")
        room.give_seat("Cy", "Lina")
        await s.wait(lambda m: m["type"] == "you" and m["seat"] == 2)
        since = len(s.messages)
        w.rules = Rules(players=2)
        await s.wait(lambda m: m["type"] == "you" and m["seat"] is None, since=since)
        told = await s.wait(lambda m: m["type"] == "notice", since=since)
        assert "now has 2 seats" in told["text"]
        assert [seat["name"] for seat in room.seats] == ["Ada", "Bo"]
        assert all(seat["open"] for seat in room.seats)
        view = await s.wait(lambda m: m["type"] == "view" and len(m["view"]["players"]) == 2)
        assert view["view"] == w.view
        room.stop()

    run(scenario)


# ---------------------------------------------------------------------------- languages


def test_two_phones_in_one_class_read_two_languages():
    """A phone in nynorsk and one in English, in the same class: each gets its own words, its
    own notices, the view (the log, the seat it holds as "you") and the end of the class in its
    language; a phone's language changes that phone only."""
    from borsen_widget.i18n import front_end_texts

    async def scenario():
        w = table(seats=["Ada", "Bo", "Cy"])
        room = w.classroom()
        room.open_seats()
        nn = await Client.open(room, accept="nn-NO,nn;q=0.9,nb;q=0.8,en;q=0.5")
        en = await Client.open(room, accept="en-GB,en;q=0.9")
        await nn.wait(lambda m: m["type"] == "hello")
        words = await nn.speak("nn-NO", "nb-NO", "en")
        assert words["type"] == "speech" and words["speech"]["language"] == "nn"
        assert words["speech"]["texts"] == front_end_texts("nn")
        assert (await en.speak("en-US"))["speech"]["language"] == "en"
        await nn.join("Lina")
        await en.join("Max")
        # The same refusal, each in its own language.
        rid = await nn.send(intent="claim", seat=7)
        assert await nn.notice(rid) == "Den plassen finst ikkje; ingenting vart endra."
        rid = await en.send(intent="claim", seat=7)
        assert await en.notice(rid) == "There is no such seat; nothing changed."
        # The view: the log in each page's language, the seat a student holds as "you".
        seat = w.game.current_player
        room.give_seat(seat, "Lina")
        await nn.wait(lambda m: m["type"] == "you" and m["seat"] == seat)
        if hasattr(w, "view_in"):
            mine = await nn.wait(lambda m: m["type"] == "view" and m["view"].get("you") == seat)
            assert mine["view"]["language"] == "nn"
            assert mine["view"]["events"][0]["text"].startswith("Du ")
            theirs = en.last("view")["view"]
            assert theirs["language"] == "en" and theirs["version"] == mine["view"]["version"]
            assert theirs.get("you") is None
        # Another seat's turn, refused on that page only, in nynorsk.
        version = w.version
        rid = await nn.send(intent="bank", version=version, id="n1")
        if len(w.game.pile) == 0:
            assert "trekk" in (await nn.notice(rid)).lower()
        else:
            await nn.wait(lambda m: m["type"] == "view" and m["view"]["version"] > version)
        rid = await en.send(intent="draw", version=w.version)
        assert "You hold no seat" in await en.notice(rid)
        # Switching one phone's language changes that phone only; a language's words are sent
        # once a page (it keeps them), so switching back and forth costs a few bytes.
        since = len(en.messages)
        assert (await nn.speak("nb"))["speech"]["texts"] == front_end_texts("nb")
        back = await nn.speak("nn")
        assert back["speech"] == {"language": "nn"} and len(json.dumps(back)) < 100
        assert (await nn.speak("nb"))["speech"] == {"language": "nb"}
        rid = await nn.send(intent="claim", seat=9)
        assert await nn.notice(rid) == "Den plassen finnes ikke; ingenting ble endret."
        await settle()
        assert not [m for m in en.messages[since:] if m["type"] in ("speech", "notice")]
        # The end of the class, in each page's language.
        room.stop()
        ended_nb = await nn.wait(lambda m: m["type"] == "ended")
        ended_en = await en.wait(lambda m: m["type"] == "ended")
        assert ended_nb["text"] == "Læreren din har avsluttet timen. Takk for at du spilte!"
        assert ended_en["text"] == "Your teacher ended the class. Thank you for playing!"

    run(scenario)


@pytest.mark.parametrize(
    "message",
    [
        {"intent": "page_language", "tags": "nn"},
        {"intent": "page_language", "tags": ["nn"] * 17},
        {"intent": "page_language", "tags": ["n" * 36]},
        {"intent": "page_language", "tags": [1, 2]},
        {"intent": "page_language", "tags": ["nn"], "everyone": True},
        {"intent": "page_language"},
    ],
)
def test_a_bad_language_message_is_refused_politely_on_its_page_only(message):
    async def scenario():
        w = table()
        room = w.classroom()
        page = await Client.open(room, accept="nn")
        other = await Client.open(room, accept="nb")
        await page.join("Lina")
        await other.join("Max")
        before = state(w)
        rid = await page.send(**message)
        text = await page.notice(rid)
        assert "ingenting vart endra" in text and len(text) < 200  # in the page's nynorsk
        assert not [m for m in page.messages if m["type"] == "speech"]
        await settle()
        assert not [m for m in other.messages if m["type"] in ("notice", "speech")]
        rid = await page.send(intent="claim", seat=7)
        assert "ikkje" in await page.notice(rid)  # the page still reads nynorsk
        assert state(w) == before
        room.stop()

    run(scenario)


def test_a_tag_the_package_does_not_speak_means_english():
    async def scenario():
        room = table().classroom()
        page = await Client.open(room, accept="nn")
        await page.wait(lambda m: m["type"] == "hello")
        assert (await page.speak("fr-FR", "de"))["speech"]["language"] == "en"
        assert (await page.speak())["speech"]["language"] == "en"
        room.stop()

    run(scenario)


def test_the_page_and_the_refusals_follow_the_browsers_language():
    """Before the page says anything, its browser's Accept-Language decides: the page's
    lang, title and no-JavaScript line, the refused addresses, the end of the class."""

    async def scenario():
        room = table().classroom()
        client = httpclient.AsyncHTTPClient()

        async def get(url, accept):
            return await client.fetch(url, headers={"Accept-Language": accept}, raise_error=False)

        page = await get(room.url, "nn-NO,nn;q=0.9,en;q=0.4")
        assert page.code == 200 and b'<html lang="nn">' in page.body
        assert "Børsen i timen" in page.body.decode() and "treng JavaScript" in page.body.decode()
        assert b'<html lang="nb">' in (await get(room.url, "no,en;q=0.5")).body
        assert b'<html lang="en">' in (await get(room.url, "fr,de;q=0.5")).body
        base = room.url.rsplit("/", 2)[0] + "/"
        refused = await get(base + "wrongtoken123/", "nb-NO")
        assert refused.code == 403 and "Dette er ikke adressen" in refused.body.decode()
        post = await client.fetch(
            room.url, method="POST", body=b"x", headers={"Accept-Language": "nn"}, raise_error=False
        )
        assert post.code == 405 and "Denne sida svarar berre" in post.body.decode()
        late = await Client.open(room, accept="nn")
        room.stop()
        ended = await late.wait(lambda m: m["type"] == "ended")
        assert ended["text"] == "Læraren din har avslutta timen. Takk for at du spelte!"

    run(scenario)


def test_the_join_card_and_the_rooms_html_speak_the_widgets_language():
    from borsen_widget.classroom.card import card_html, qr_svg
    from borsen_widget.i18n import translator

    tr = translator("nn")
    html = card_html("http://x/", qr_svg("http://x/", tr), students=2, local=False, tr=tr)
    assert "Bli med i spelet på mobilen din" in html and "Elevar: 2 har vorte med." in html
    assert 'aria-label="QR-kode med adressa til timen: http://x/"' in html
    html = card_html("http://x/", "", students=2, local=True, tr=tr)
    assert "<svg" not in html and "Berre denne datamaskina kan opne denne adressa" in html
    assert "<code>room.open_to_network()</code> opnar timen" in html
    assert "Elevar: ingen har vorte med enno." in card_html("u", "", students=0, local=False, tr=tr)


def test_nothing_the_class_tells_a_student_falls_back_to_english(monkeypatch):
    """Every notice, error and page text of the class, in bokmål and nynorsk: the messages of
    the classroom's files are all translated, and a class played in each language (joining,
    every refusal a page can meet, seats taken back, the end) tells nothing in English and
    misses no message."""
    from borsen_widget.i18n import translator

    babel = pytest.importorskip("babel.messages.pofile")
    root = pathlib.Path(__file__).resolve().parents[2]
    surface = ("classroom/", "js/src/student", "js/src/room-card.js")
    for language in ("nb", "nn"):
        path = root / "borsen_widget" / "locale" / language / "LC_MESSAGES" / "borsen_widget.po"
        with path.open("rb") as file:
            catalogue = babel.read_po(file)
        mine = [
            m
            for m in catalogue
            if m.id and any(s in loc for loc, _ in m.locations for s in surface)
        ]
        assert len(mine) > 60
        for m in mine:
            texts = m.string if isinstance(m.string, tuple | list) else [m.string]
            english = m.id if isinstance(m.id, tuple | list) else [m.id]
            assert all(texts) and not m.fuzzy, f"{language}: {m.id!r} is not translated"
            assert texts[0] != english[0], f"{language}: {m.id!r} is left in English"
    monkeypatch.setattr(sessions, "RATE", 1000.0)
    monkeypatch.setattr(sessions, "BURST", 1000)

    async def scenario(language):
        w = table(seats=["Ada", "Bo", "Cy"])
        room = w.classroom(max_students=2)
        room.open_seats("Ada", "Bo")
        a, b, c = [await Client.open(room, accept=language) for _ in range(3)]
        await a.join("Lina")
        await b.join("Lina")  # taken
        await b.join("x" * 30)
        await b.join("Max")
        await c.join("Ola")  # full
        for bad in ("not json", "[1]", json.dumps({"intent": "draw", "pad": "x" * 3000})):
            await a.conn.write_message(bad)
        await a.send(intent="leave", x=1)
        await a.send(intent="leave")
        await a.send(intent="claim", seat=2)
        await a.send(intent="claim", seat=9)
        await a.send(intent="claim", seat=0)
        await a.send(intent="claim", seat=0)
        await b.send(intent="claim", seat=0)
        await b.send(intent="draw", version=w.version)
        await a.send(intent="vote", version=w.version, choice="draw")
        await a.send(intent="join", name="Again")
        await a.send(intent="undo", version=w.version)
        await a.send(intent="page_language", tags="x")
        cur = w.game.current_player
        other = 1 if cur == 0 else 0
        room.give_seat(other, "Max")
        await b.send(intent="draw", version=w.version)
        room.take_back(other)
        await settle(0.3)
        room.stop()
        for page in (a, b, c):
            await asyncio.wait_for(page.closed.wait(), TIMEOUT)
        told = [
            m["text"] for p in (a, b, c) for m in p.messages if m["type"] in ("notice", "ended")
        ]
        assert len(told) >= 18, told
        return told

    english = set()
    for language in ("nb", "nn"):
        tr = translator(language)
        tr.missing.clear()
        told = run(lambda language=language: scenario(language))
        assert not tr.missing, f"{language}: missing {sorted(tr.missing)[:5]}"
        english |= set(run(lambda: scenario("en")))
        left = [t for t in told if t in english]
        assert not left, f"{language}: left in English: {left[:3]}"
