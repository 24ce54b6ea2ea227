"""Issue 31: the class's screens as a teacher met them: the join card in a cell of its own, the
phone pages of one computer, the lock button's words, the projector's names and a squatter
that cannot keep students out. Real clients on 127.0.0.1, as in ``test_classroom.py``.
"""

from __future__ import annotations

import asyncio
import time
from urllib.parse import urlsplit

from support.classroom import TIMEOUT, Client, run, table
from tornado import httpclient, websocket

from borsen_widget.classroom import sessions
from borsen_widget.classroom.sessions import NOT_UNDERSTOOD
from borsen_widget.i18n import translator
from borsen_widget.jupyter.join_card import ClassCard


def custom(widget, **content) -> None:
    """``content`` sent by the widget's page (ipywidgets' real dispatch)."""
    widget._handle_msg(
        {"content": {"data": {"method": "custom", "content": content}}, "buffers": []}
    )


def test_the_seat_buttons_work_on_the_card_in_a_cell_of_its_own():
    """Issue 31 ("a seat button that fails"): the card shown as ``room`` sends the seat
    buttons' own intents, as the card beside the game does; they open and take back a seat
    there too, and a bad one is refused politely with nothing changed."""

    async def scenario():
        w = table(language="nb")
        room = w.classroom()
        card = ClassCard(room, {}, language="nb")
        custom(card, intent="open_seat", seat=0, id="c1")
        assert card.notice == {} and room.seats[0]["open"]
        assert w.room_card["seats"][0]["open"]  # the card beside the game follows
        custom(card, intent="take_back", seat=0, id="c2")
        assert card.notice == {} and not room.seats[0]["open"]
        tr = translator("nb")
        bot = w.names[2]
        for bad, told in (
            (
                {"intent": "open_seat", "seat": 2},
                tr.gettext("{player} is a bot: only a person's seat can be opened.", player=bot),
            ),
            (
                {"intent": "open_seat", "seat": 9},
                tr.gettext("There is no such seat; nothing changed."),
            ),
            (
                {"intent": "open_seat", "seat": True},
                tr.gettext("That request names no seat; nothing changed."),
            ),
            ({"intent": "draw"}, tr.gettext(NOT_UNDERSTOOD)),
        ):
            custom(card, **bad)
            assert card.notice["text"] == told, (bad, card.notice)
            assert not any(s["open"] for s in room.seats)
        custom(card, intent="open_seat", seat=0, choice="draw")
        assert "choice" in card.notice["text"] and not room.seats[0]["open"]
        custom(card, intent="room", do="lock")  # the card's other buttons still work
        assert card.notice == {} and room.locked
        room.stop()

    run(scenario)


async def load_files(room) -> list[int | None]:
    """A page's files fetched as a browser fetches them: the page, then its three files at once,
    each on a connection of its own that stays open for more (keep-alive) unless the answer
    says ``Connection: close``. Each file's status, or None when the connection was dropped.
    The connections kept open are returned in ``room.kept`` (as a browser holds them)."""
    url = urlsplit(room.url)

    async def fetch(name: str) -> int | None:
        reader, writer = await asyncio.open_connection(url.hostname, url.port)
        writer.write(
            f"GET {url.path}{name} HTTP/1.1\r\nHost: {url.netloc}\r\n"
            "Connection: keep-alive\r\n\r\n".encode()
        )
        try:
            head = await asyncio.wait_for(reader.readuntil(b"\r\n\r\n"), 10)
        except (asyncio.IncompleteReadError, ConnectionError):
            writer.close()
            return None
        lines = head.decode("latin-1").split("\r\n")
        headers = {k.lower(): v.strip() for k, _, v in (h.partition(":") for h in lines[1:] if h)}
        await reader.readexactly(int(headers.get("content-length", "0")))
        if headers.get("connection", "").lower() == "close":
            writer.close()
        else:
            room.kept.append(writer)  # idle, open for the page's next request
        return int(lines[0].split()[1])

    first = await fetch("")
    rest = await asyncio.gather(*(fetch(n) for n in ("student.js", "student.css", "widget.css")))
    return [first, *rest]


def test_every_page_of_one_computer_loads_within_its_limit():
    """Issue 31 ("a phone page that stayed blank"): pages opened one after another on one
    computer each got their files, up to the pages one address may open; before, the
    connections a browser keeps open for more filled the address's share, and the fourth
    page's student.js was refused (a blank page until reloaded). The limits still hold: one
    page more than the address may open is refused politely."""

    async def scenario():
        room = table().classroom()  # at most PAGES_PER_ADDRESS pages from one address
        room.kept = []
        pages = []
        for _ in range(sessions.PAGES_PER_ADDRESS):
            assert await load_files(room) == [200, 200, 200, 200]
            page = await Client.open(room)
            await page.wait(lambda m: m["type"] == "hello")
            pages.append(page)
            await asyncio.sleep(0.05)
        assert await load_files(room) == [200, 200, 200, 200]  # the page still loads ...
        extra = await Client.open(room)  # ... but the address has its pages: told, closed
        await asyncio.wait_for(extra.closed.wait(), TIMEOUT)
        assert any("Too many pages" in m.get("text", "") for m in extra.messages)
        assert not any(p.closed.is_set() for p in pages)
        for writer in room.kept:
            writer.close()
        room.stop()

    run(scenario)


def test_the_projector_names_no_student_while_the_leaderboard_is_off():
    """Issue 31 (names on the projector): with the leaderboard off (the default) the projector
    is told that a phone plays a seat, never whose; turning the board on names them, turning
    it off again takes the names away; the students' own pages still see who holds a seat."""

    async def scenario():
        w = table()
        room = w.classroom()
        room.open_seats()
        screen = Client(
            await websocket.websocket_connect(room.projector_url.replace("http://", "ws://") + "ws")
        )
        lina = await Client.open(room)
        await lina.join("Lina")
        await lina.send(intent="claim", seat=0)
        held = await screen.wait(lambda m: m["type"] == "room" and m["seats"][0].get("phone"))
        assert held["seats"][0]["holder"] is None
        await lina.wait(lambda m: m["type"] == "room" and m["seats"][0]["holder"] == "Lina")
        before_board = len(screen.raw)
        room.leaderboard = True
        await screen.wait(lambda m: m["type"] == "room" and m["seats"][0]["holder"] == "Lina")
        room.leaderboard = False
        # Found by position: an equal "board off" message came when the page opened.
        await screen.wait(lambda m: m["type"] == "board" and not m["on"], since=before_board)
        at = next(
            i
            for i, m in enumerate(screen.messages)
            if i >= before_board and m["type"] == "board" and not m["on"]
        )
        await screen.wait(lambda m: m["type"] == "room" and m["seats"][0].get("phone"), since=at)
        await asyncio.sleep(0.2)
        # Nothing sent to the projector while the board was off named her.
        assert not any("Lina" in text for text in screen.raw[:before_board] + screen.raw[at:])
        assert any("Lina" in text for text in screen.raw[before_board:at])
        room.stop()

    run(scenario)


def test_the_error_chart_numbers_whole_questions_and_draws_every_point_whole():
    """Issue 31 ("the error chart numbers its questions 1,0 1,5 2,0 … and cuts off the last
    point"): the x axis ticks only at whole question numbers, and the axis runs half a
    question past the first and the last, so no point sits on the edge where it is cut."""

    async def scenario():
        w = table(language="nb")
        room = w.classroom()
        lina = await Client.open(room)
        await lina.join("Lina")
        for number in (1, 2, 3):
            room.ask("chance")
            await lina.send(intent="answer", question=number, value=0.5)
            await lina.wait(
                lambda m, n=number: (
                    m["type"] == "question"
                    and m["question"].get("answered") == 1
                    and m["question"].get("id") == n
                )
            )
            room.reveal()
        spec = room.record.error_chart().to_dict()
        (layer,) = [layer for layer in spec["layer"] if layer["data"]["values"]]
        xs = [row["x"] for row in layer["data"]["values"]]
        assert xs == [1, 2, 3]
        x = layer["encoding"]["x"]
        assert x["axis"] == {"tickMinStep": 1, "format": "d"}
        low, high = x["scale"]["domain"]
        assert low <= min(xs) - 0.5 and high >= max(xs) + 0.5
        room.stop()

    run(scenario)


async def from_address(room, host: str) -> Client:
    """A page from ``host`` (any 127.x.y.z is this computer): a school behind one address."""
    url = room.url.replace("http://", "ws://") + "ws"
    request = httpclient.HTTPRequest(url, network_interface=host)
    return Client(await websocket.websocket_connect(request))


def test_idle_pages_cannot_keep_a_real_student_out():
    """Issue 31 (the probe): with no limit per address (a school behind one address), a
    hundred pages from one phone that never join filled the class's pages, and every newcomer
    was refused until they timed out a minute later. Now a newcomer takes the place of the
    page that has idled on the join form longest: a real student joins within a second or two,
    the pages stay within the class's limit, and no student's page is closed for it."""

    async def scenario():
        room = table().classroom(max_pages_per_address=None)
        limit = room._sessions.max_students + sessions.SPARE_PAGES
        lina = await from_address(room, "127.0.0.2")
        assert (await lina.join("Lina"))["type"] == "welcome"
        squat = []
        for _ in range(limit):  # one phone opens page after page and never joins
            squat.append(await from_address(room, "127.0.0.3"))
        await asyncio.gather(*(p.wait(lambda m: m["type"] == "hello") for p in squat))
        started = time.monotonic()
        newcomer = await from_address(room, "127.0.0.2")  # the same school address as Lina
        assert (await newcomer.join("Max"))["type"] == "welcome"
        assert time.monotonic() - started < 2.0
        assert room.students == ("Lina", "Max") and not lina.closed.is_set()
        await asyncio.sleep(0.2)
        closed = [p for p in squat if p.closed.is_set()]
        # The squatter's two oldest pages went: one for its own last page, one for Max's.
        assert closed == squat[:2]
        assert all(p.conn.close_code == sessions.JOIN_WAIT_CODE for p in closed)
        still = [p for p in [lina, newcomer, *squat] if not p.closed.is_set()]
        assert len(still) == limit  # the class's limit of pages holds
        room.stop()

    run(scenario, timeout=120)


def test_the_card_in_a_cell_speaks_the_widgets_language():
    """Issue 31 (what a Norwegian widget sends): ``room`` shown in a cell beside a bokmål
    widget synced English words (the browser's language) to its card; now its words and its
    notices are the widget's language, and they follow the widget when it changes."""

    async def scenario():
        w = table(language="nb")
        room = w.classroom()
        bundle = room._repr_mimebundle_()
        model = bundle["application/vnd.jupyter.widget-view+json"]["model_id"]
        (card,) = [c for c in room._cards if c.model_id == model]
        assert card.language == "nb" and card.speech["language"] == "nb"
        assert card.speech["texts"]  # the front end's words, in bokmål
        custom(card, intent="draw")
        assert card.notice["text"] == translator("nb").gettext(NOT_UNDERSTOOD)
        w.language = "nn"
        room.open_seats("Ada")  # any change of the class updates the card
        assert card.language == "nn" and card.speech["language"] == "nn"
        room.stop()

    run(scenario)
