"""A class reached through a Jupyter server's public door (issue 30): what the tests of a class
through JupyterHub and behind a reverse proxy share.

The teacher's side is a real notebook in JupyterLab (Chromium, Playwright's async API, so the
main thread is left with no running loop for the tests that follow on this worker); the phones
are WebSocket clients speaking the class protocol (the ``Client`` of
``tests/support/classroom.py``) and a few real Chromium pages; Python is read through a
second client of the notebook's kernel (``harness.Kernel``).
"""

from __future__ import annotations

import asyncio
import collections
import json
import re
import time
import urllib.parse
from pathlib import Path
from types import SimpleNamespace

import hub_harness  # noqa: F401 - puts tests/browser and tests on sys.path
from harness import CHROMIUM_ARGS, KERNEL_IDLE_JS, ONLY_LOOPBACK, Kernel, fixed_fonts_env
from support.classroom import REFUSED_SOCKET, Client
from support.widget import assert_no_secret
from tornado import httpclient, iostream, websocket

PHONE = {"width": 390, "height": 844}
#: The teacher's notebook: a game of two people and a bot, the class open to every phone of
#: this test (they all come from 127.0.0.1), both people's seats open; the game, then the card.
GAME_CELL = """\
from borsen_widget import BorsenWidget, ThresholdBot

w = BorsenWidget(seats=["Ada", "Bo", ThresholdBot(3)], seed=7_350_482_913_306, bot_delay=0)
room = w.classroom(max_students=60, max_pages_per_address=None)
room.open_seats()
w"""
CARD_CELL = "room"
#: A refused WebSocket: an HTTP answer other than 101, or a connection closed at once.
REFUSED = (*REFUSED_SOCKET, iostream.StreamClosedError, ConnectionError)


async def launch(playwright, chromium: str, fonts: Path):
    """Chromium with the bundled fonts only (tests/browser/fonts), as every browser test; its
    fontconfig file and cache go in the folder ``fonts`` (under the test's ``tmp_path``, which
    pytest clears)."""
    fonts.mkdir(parents=True, exist_ok=True)
    return await playwright.chromium.launch(
        executable_path=chromium, args=[*CHROMIUM_ARGS, ONLY_LOOPBACK], env=fixed_fonts_env(fonts)
    )


async def watched_page(browser, errors: list, **options):
    """A page in a context of its own (its own cookies and storage), its JavaScript errors
    kept in ``errors`` and every WebSocket message it receives in ``page.frames_seen``."""
    context = await browser.new_context(ignore_https_errors=True, **options)
    page = await context.new_page()
    page.set_default_timeout(30_000)
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.frames_seen = []
    page.on(
        "websocket",
        lambda ws: ws.on(
            "framereceived",
            lambda payload: page.frames_seen.append(
                payload if isinstance(payload, str) else payload.decode("utf-8", "replace")
            ),
        ),
    )
    return page


async def run_notebook(page, url: str | None, timeout: float = 90_000) -> str:
    """Open the notebook at ``url`` in JupyterLab (None: the page is on its way there), run
    every cell and wait for the game and the class's card; returns the kernel's id."""
    if url is not None:
        await page.goto(url)
    await page.wait_for_function(KERNEL_IDLE_JS, timeout=timeout)
    await page.evaluate("() => window.jupyterapp.commands.execute('notebook:run-all-cells')")
    await page.wait_for_selector(".borsen[data-version]", timeout=timeout)
    await page.locator(".borsen-room-url").first.wait_for(timeout=timeout)
    return await page.evaluate(
        "() => window.jupyterapp.shell.currentWidget.sessionContext.session.kernel.id"
    )


def kernel_of(runtime: Path, kernel_id: str) -> Kernel:
    return Kernel(connection_file=runtime / f"kernel-{kernel_id}.json")


async def ask(kernel: Kernel, expression: str, timeout: float = 20):
    """``kernel.eval`` off the loop (the phones' sockets go on being read meanwhile)."""
    return await asyncio.to_thread(kernel.eval, expression, timeout)


async def class_urls(kernel: Kernel, public: str, timeout: float = 20) -> tuple[str, str, str]:
    """``room.url`` and ``room.projector_url`` once they are the public door's (the host the
    teacher's browser sees), and ``room.via``; fails with what they are after ``timeout``."""
    deadline = time.monotonic() + timeout
    while True:
        url, projector, via = await ask(kernel, "[room.url, room.projector_url, room.via]")
        if url.startswith(public) or time.monotonic() > deadline:
            return url, projector, via
        await asyncio.sleep(0.3)


#: The certificate a door's https is checked with (:func:`trust`); None: the system's.
_trusted: dict[str, str | None] = {"ca": None}


def trust(certificate: Path | None) -> None:
    """Check https answers with ``certificate`` (a door's own, signed by itself), or as usual."""
    _trusted["ca"] = None if certificate is None else str(certificate)


def socket_request(
    url: str, headers: dict | None = None, source: str | None = None
) -> httpclient.HTTPRequest:
    """A WebSocket request to the http(s) address ``url`` (ws:// or wss://), from the local
    address ``source`` (another loopback address is another device to the servers)."""
    return httpclient.HTTPRequest(
        "ws" + url.removeprefix("http"),
        headers=headers or {},
        ca_certs=_trusted["ca"],
        network_interface=source,
    )


class Game:
    """The kernel's game as ``assert_no_secret`` reads it (its save: deck, seed, RNG)."""

    def __init__(self, save: str):
        self._save = save

    def to_json(self) -> str:
        return self._save


# ---------------------------------------------------------------------------- phones


async def open_phone(url: str, origin: str | None = None, source: str | None = None) -> Client:
    """A phone's WebSocket on the class at ``url`` (its page's address); ``origin``: the site
    its page says it comes from (none: a client that sends no Origin); ``source``: the phone's
    own address (a loopback one; by default 127.0.0.1)."""
    headers = {} if origin is None else {"Origin": origin}
    request = socket_request(url + "ws", headers, source)
    return Client(await websocket.websocket_connect(request))


async def join_in_chromium(page, url: str, name: str) -> None:
    await page.goto(url)
    await page.locator(".borsen-join-go:not([disabled])").wait_for()
    await page.locator(".borsen-join-name").fill(name)
    await page.locator(".borsen-join-go").click()
    await page.locator(".borsen-class").wait_for(state="visible")


#: A Chromium phone's click for the seat it holds (as a student taps): draw on a short pile,
#: else bank; at the aces' decision, list as few as the limit asks (R12) or keep them.
CLICK = """() => {
  const root = document.querySelector('main.borsen');
  const shown = (i) => { const b = root.querySelector(`.borsen-actions [data-intent=${i}]`);
    return b && !b.hidden ? b : null; };
  const ok = root.querySelector('.borsen-aces-ok');
  if (ok && !root.querySelector('.borsen-aces').hidden) {
    for (const ace of root.querySelectorAll('.borsen-ace')) {
      if (!ok.disabled) break;
      ace.click();
    }
    ok.click();
    return true;
  }
  const pile = root.querySelectorAll('.borsen-pile .borsen-card').length;
  const button = (pile < 2 && shown('draw')) || shown('bank') || shown('draw');
  if (!button) return false;
  button.click();
  return true;
}"""
#: The Chromium phone shows the table of version ``v`` or later, with its buttons or the aces.
READY = """(v) => { const root = document.querySelector('main.borsen');
  return Number(root.dataset.version) >= v && (
    [...root.querySelectorAll('.borsen-actions [data-intent]')].some((b) => !b.hidden)
    || !root.querySelector('.borsen-aces').hidden); }"""


async def play_moves(holders: dict, everyone: list[Client], moves: int) -> int:
    """The students holding the people's seats (``holders``: seat → a WebSocket phone or a
    Chromium page) play ``moves`` moves (draw on a short pile, else bank; the bot plays its
    own); every phone gets each new table. Returns the moves played."""
    played = 0
    watcher = everyone[-1]
    while played < moves:
        view = watcher.last("view")["view"]
        if view["over"]:
            break
        if view["current"] not in holders:  # the bot's turn: it moves by itself
            await watcher.wait(
                lambda m, v=view["version"]: m["type"] == "view" and m["view"]["version"] > v
            )
            continue
        player = holders[view["current"]]
        if isinstance(player, Client):
            await player.send(version=view["version"], **_move(view))
        else:  # a Chromium page: its own buttons
            await player.wait_for_function(READY, arg=view["version"])
            assert await player.evaluate(CLICK), "no button to press on the phone"
        for phone in everyone:
            await phone.wait(
                lambda m, v=view["version"]: m["type"] == "view" and m["view"]["version"] > v
            )
        if isinstance(player, Client):
            assert not [m for m in player.messages if m["type"] == "notice"], player.messages[-3:]
        else:
            assert await player.locator(".borsen-notice").is_hidden()
        played += 1
        await asyncio.sleep(0.15)  # a person's pace: under the class's rate limit
    return played


def _move(view: dict) -> dict:
    if view["aces"]:
        need = view["aces"]["to_list"]
        return (
            {"intent": "list", "aces": view["aces"]["pending"][:need]}
            if need
            else {"intent": "keep"}
        )
    short = len(view["pile"]) < 2 and "draw" in view["actions"]
    return {"intent": "draw" if short else "bank"}


# ---------------------------------------------------------------------------- refusals


async def fetch(url: str, method: str = "GET", **kwargs):
    """``url`` as a phone with no cookies asks for it (redirects not followed)."""
    body = b"x" if method == "POST" else None
    return await httpclient.AsyncHTTPClient().fetch(
        url,
        method=method,
        body=body,
        raise_error=False,
        follow_redirects=False,
        ca_certs=_trusted["ca"],
        **kwargs,
    )


LOGIN = re.compile(r"/(hub/login|login|hub/api/oauth2/authorize)\b")


async def fetch_to_the_end(url: str, method: str = "GET", hops: int = 5):
    """``url`` as :func:`fetch` asks for it, following a redirect that leads elsewhere than a
    login page (a trailing slash taken off, say) as a browser would: the last answer."""
    response = await fetch(url, method)
    for _ in range(hops):
        where = response.headers.get("Location", "")
        if response.code not in (301, 302, 303, 307, 308) or LOGIN.search(where):
            break
        response = await fetch(urllib.parse.urljoin(url, where))
    return response


def is_refusal(response, secrets: list[str]) -> str | None:
    """None when ``response`` refuses (400, 401, 403, 404, 405, or a redirect to a login page)
    and holds none of ``secrets``; else what is wrong with it."""
    body = response.body.decode("utf-8", "replace") if response.body else ""
    leaked = [s for s in secrets if s and s in body]
    if leaked:
        return f"{response.code} holding {leaked}"
    if response.code in (400, 401, 403, 404, 405):
        return None
    if response.code in (301, 302, 303, 307, 308):
        where = response.headers.get("Location", "")
        if LOGIN.search(where):
            return None
        return f"{response.code} to {where}"
    return f"{response.code}: {body[:120]!r}"


async def refused_everywhere(
    paths: list[str], sockets: list[str], secrets: list[str], base: str
) -> None:
    """Every path in ``paths`` (HTTP GET, then POST) and every WebSocket in ``sockets`` is
    refused to a phone with no cookies; fails listing every one that is not."""
    wrong, answers = [], collections.Counter()
    for path in paths:
        for method in ("GET", "POST"):
            response = await fetch_to_the_end(base + path, method)
            answers[f"{method} {response.code}"] += 1
            problem = is_refusal(response, secrets)
            if problem:
                wrong.append(f"{method} {path}: {problem}")
    for path in sockets:
        try:
            conn = await websocket.websocket_connect(socket_request(base + path))
        except REFUSED as error:
            answers[f"WebSocket {getattr(error, 'code', type(error).__name__)}"] += 1
            continue
        # Open: refused only if the server closes it at once without a word.
        first = await asyncio.wait_for(conn.read_message(), 5)
        conn.close()
        if first is not None:
            wrong.append(f"WebSocket {path}: opened, sent {first[:80]!r}")
    assert not wrong, "answered to a phone:\n" + "\n".join(wrong)
    print(f"refused at {base}:", dict(sorted(answers.items())))


def around_the_class(prefix: str, token: str, projector: str, port: int) -> list[str]:
    """The paths next to the class's own (under ``prefix``: ``<base_url>borsen/class/``) that
    must not reach anything: parent folders, encoded dots, other tokens, the projector's token
    on the student's routes and the other way round, files the pages do not load, the class
    server's own line for the relay (``<token>/relay``). (A path whose plain ``..`` leads
    from one token to the other's own page is that page: whoever holds that token may open
    it.) ``port``: the class server's own port in the kernel, which no path may name."""
    q = urllib.parse.quote
    return [
        f"{prefix}",
        f"{prefix}{token}/../../../api/contents",
        f"{prefix}{token}/..%2f..%2f..%2fapi%2fcontents",
        f"{prefix}{token}/%2e%2e/%2e%2e/%2e%2e/api/kernels",
        f"{prefix}%2e%2e/%2e%2e/api/kernels",
        f"{prefix}..%2F..%2Fapi%2Fcontents",
        f"{prefix}{token}/widget.js",
        f"{prefix}{token}/projector/",
        f"{prefix}{token}/projector/projector.js",
        f"{prefix}{projector}/",
        f"{prefix}{projector}/student.js",
        f"{prefix}wrongtoken123/",
        f"{prefix}wrongtoken123/student.js",
        f"{prefix}{q(token + '/../' + projector, safe='')}/",
        f"{prefix}{token}/{projector}/projector/",
        f"{prefix}{token[:-1]}/",
        f"{prefix}{token}x/",
        f"{prefix}{token}/relay",
        f"{prefix}{projector}/relay",
        f"{prefix}{token}:{port}/",
        f"{prefix}127.0.0.1:{port}/{token}/",
        f"{prefix}{token}/%2f%2f127.0.0.1:{port}/{token}/",
        f"{prefix}{token}/http:%2f%2f127.0.0.1:{port}%2f{token}%2f",
        f"{prefix}../../proxy/{port}/{token}/",
        f"{prefix}%2e%2e/%2e%2e/proxy/127.0.0.1:{port}/{token}/",
    ]


def sockets_around_the_class(prefix: str, token: str, projector: str, port: int) -> list[str]:
    return [
        f"{prefix}{token}/relay",
        f"{prefix}{projector}/relay",
        f"{prefix}{token}/projector/relay",
        f"{prefix}127.0.0.1:{port}/{token}/ws",
        f"{prefix}{token}:{port}/ws",
        f"{prefix}wrongtoken123/ws",
        f"{prefix}{projector}/ws",
        f"{prefix}{token}/projector/ws",
        f"{prefix}{token}/%2e%2e/ws",
        f"{prefix}ws",
    ]


# ---------------------------------------------------------------------------- guarantees


async def guarantees_hold(url: str, projector_url: str, kernel: Kernel, phones: list[Client]):
    """The class's guarantees through the door: a wrong token refused in words, a name taken
    and a locked class refused, hostile and oversized messages refused politely (the class
    goes on), a WebSocket from another site refused, and nothing any phone received holds the
    deck's order, the seed or the RNG. (``phones`` gains the newcomer.)"""
    from borsen_widget.classroom.wire import FRAME_LIMIT

    prefix = url.rstrip("/").rsplit("/", 1)[0] + "/"
    wrong = await fetch(prefix + "wrongtoken123/")
    assert wrong.code in (403, 404), wrong.code
    assert b"not the address of an open class" in wrong.body or b"nothing here" in wrong.body
    post = await fetch(url, "POST")
    assert post.code in (403, 405), post.code
    for bad_url, origin in ((prefix + "wrongtoken123/", None), (url, "http://evil.example")):
        try:
            conn = await open_phone(bad_url, origin=origin)
        except REFUSED:
            continue
        conn.conn.close()  # opened at all: not refused
        raise AssertionError(f"a WebSocket opened at {bad_url} from {origin}: {conn.raw[:2]}")
    # A name is its student's, and a locked class takes no newcomer (those in may come back).
    newcomer = await open_phone(url)
    taken = await newcomer.join(IN_CHROMIUM[0].upper())
    assert taken["type"] == "notice" and "taken" in taken["text"], taken
    await ask(kernel, "room.lock()")
    locked = await newcomer.join("Ny elev")
    assert locked["type"] == "notice" and "closed to new students" in locked["text"], locked
    await ask(kernel, "room.unlock()")
    assert (await newcomer.join("Ny elev"))["type"] == "welcome"
    phones.append(newcomer)
    # Hostile messages: each answered on its page, politely, and nothing changes.
    hostile = phones[-1]
    before = await ask(kernel, "[w.version, list(room.students)]")
    since = len(hostile.messages)
    for text in ("not json", "[1, 2]", json.dumps({"intent": "draw", "seed": 1, "version": 0})):
        await hostile.conn.write_message(text)
    await hostile.conn.write_message(json.dumps({"intent": "draw", "pad": "x" * 3000}))
    deadline = time.monotonic() + 10
    while (
        len(notices := [m["text"] for m in hostile.messages[since:] if m["type"] == "notice"]) < 4
    ):
        assert time.monotonic() < deadline, notices
        await asyncio.sleep(0.05)
    assert any("too long" in t for t in notices), notices
    assert all(len(t) < 300 and "x" * 40 not in t for t in notices)
    # A frame past the class's limit closes that page; the class goes on.
    await hostile.conn.write_message("x" * (FRAME_LIMIT + 10))
    await asyncio.wait_for(hostile.closed.wait(), 10)
    assert await ask(kernel, "[w.version, list(room.students)]") == before
    again = await open_phone(url)
    assert (await again.join("Nora"))["type"] == "welcome"
    phones[-1] = again
    # Nothing secret reached a phone (RULES.md "Hidden information").
    game = Game(await ask(kernel, "w.game.to_json()"))
    assert_no_secret("\n".join(raw for phone in phones for raw in phone.raw), game)
    return game


async def run_code(kernel: Kernel, code: str) -> None:
    """Run ``code`` in the notebook's kernel as a cell would (off the loop)."""
    reply = await asyncio.to_thread(
        lambda: kernel.client.execute_interactive(code, timeout=30, output_hook=lambda _: None)
    )
    assert reply["content"]["status"] == "ok", reply["content"]


#: A second class in the teacher's kernel, with the class's limit of pages per device.
LIMITED = """
from borsen_widget import BorsenWidget as _Widget

limited = _Widget(seats=["Ada", "Bo"], seed=1, bot_delay=0).classroom(max_pages_per_address=2)
"""


async def limits_count_phones(kernel: Kernel, public_origin: str) -> None:
    """The class's limit of pages per device counts the phones, not the door they all come
    through: three pages of one phone (127.0.0.2) and the third is refused; phones at
    127.0.0.3 and 127.0.0.4 still join (the door tells the relay each phone's address)."""
    await run_code(kernel, LIMITED)
    try:
        url = await ask(kernel, "limited.url")
        url = public_origin + urllib.parse.urlsplit(url).path
        same = [await open_phone(url, source="127.0.0.2") for _ in range(2)]
        for i, phone in enumerate(same):
            assert (await phone.join(f"Same {i}"))["type"] == "welcome"
        try:
            third = await open_phone(url, source="127.0.0.2")
        except REFUSED:
            pass  # refused at the handshake: as good
        else:
            await asyncio.wait_for(third.closed.wait(), 10)
            assert any("Too many pages" in m.get("text", "") for m in third.messages)
        for source in ("127.0.0.3", "127.0.0.4"):
            other = await open_phone(url, source=source)
            assert (await other.join(f"From {source}"))["type"] == "welcome", source
        assert len(await ask(kernel, "limited.students")) == 4
    finally:
        await run_code(kernel, "limited.stop()")


# ---------------------------------------------------------------------------- the lesson

#: Of the phones, these are real Chromium pages; the others WebSocket clients.
IN_CHROMIUM = ("Lina", "Max")


async def lesson_through(public: str, kernel: Kernel, browser, teacher, errors, sockets, step):
    """A lesson at the public door ``public`` (``…/borsen/class/``), the teacher's notebook
    open on ``teacher`` with its kernel ``kernel``: the class's addresses are the door's and
    the card shows them; ``sockets`` WebSocket phones and two Chromium pages join; two phones
    hold the people's seats and play; the projector page shows the table; a posed question is
    answered and revealed on every screen; a Chromium phone takes a seat and plays it with its
    own buttons; the class's guarantees hold
    (:func:`guarantees_hold`). Returns the class's addresses, tokens, phones, pages and game.
    """
    everyone = sockets + len(IN_CHROMIUM)
    # The class is reached at the public door, and the card says so.
    url, projector_url, via = await class_urls(kernel, public)
    assert via == "jupyter", via
    assert url.startswith(public) and url.endswith("/"), url
    assert projector_url.startswith(public) and projector_url.endswith("/projector/")
    token = url[len(public) :].strip("/")
    projector_token = projector_url[len(public) :].split("/")[0]
    assert token != projector_token
    card = teacher.locator(".borsen-room-url").first
    await teacher.wait_for_function(
        "(url) => [...document.querySelectorAll('.borsen-room-url')]"
        ".every((n) => n.textContent === url)",
        arg=url,
    )
    assert await card.inner_text() == url

    # The phones join by that address: sockets and two Chromium pages.
    phones = await asyncio.gather(*(open_phone(url) for _ in range(sockets)))
    welcomes = await asyncio.gather(
        *(phone.join(f"Elev {i + 1}") for i, phone in enumerate(phones))
    )
    assert all(m["type"] == "welcome" for m in welcomes), welcomes
    pages = []
    for name in IN_CHROMIUM:
        page = await watched_page(browser, errors, viewport=PHONE, is_mobile=True, has_touch=True)
        await join_in_chromium(page, url, name)
        pages.append(page)
    students = await ask(kernel, "list(room.students)")
    assert len(students) == everyone and set(IN_CHROMIUM) <= set(students)
    await teacher.wait_for_function(
        "(n) => document.querySelector('.borsen-room-count').textContent.startsWith(n)",
        arg=f"{everyone} students",
    )
    step(f"{everyone} phones joined")

    # The projector page opens at its own address and shows the table.
    projector = await watched_page(browser, errors, viewport={"width": 1280, "height": 800})
    await projector.goto(projector_url)
    # It shows the join address (this hub listens on 127.0.0.1: its card says only this
    # computer can open it, rather than show a QR code) and the table.
    await projector.wait_for_function(
        "(url) => document.querySelector('.borsen-p-url').textContent === url", arg=url
    )
    await projector.wait_for_function(
        "(v) => Number(document.querySelector('main.borsen').dataset.version) === v",
        arg=await ask(kernel, "w.version"),
    )

    # Two phones hold the people's seats and play; every phone sees every move.
    for seat in (0, 1):
        await phones[seat].send(intent="claim", seat=seat)
        await phones[seat].wait(lambda m, s=seat: m["type"] == "you" and m["seat"] == s)
    moved = await play_moves({0: phones[0], 1: phones[1]}, phones, 4)
    assert moved == 4
    version = await ask(kernel, "w.version")
    for page in (*pages, projector):
        await page.wait_for_function(
            "(v) => Number(document.querySelector('main.borsen').dataset.version) >= v",
            arg=version,
        )
    step("seats held and moves played")

    # A posed question: the phones answer, the teacher reveals, every screen shows it.
    for _ in range(6):
        try:
            question = await ask(kernel, "room.ask('chance')['id']")
            break
        except RuntimeError:  # nothing to decide now (a forced draw): one more move
            await play_moves({0: phones[0], 1: phones[1]}, phones, 1)
    else:
        raise AssertionError("no position to pose a question on")
    for phone in phones:
        await phone.wait(lambda m: m["type"] == "question" and m["question"]["state"] == "open")
    # No phone was sent the answer before the reveal.
    for phone in phones:
        assert not [
            m for m in phone.messages if m["type"] == "question" and "truth" in m["question"]
        ]
    for k, phone in enumerate(phones[2:]):
        await phone.send(intent="answer", question=question, value=k / len(phones))
    await pages[0].locator(".borsen-q-field").fill("50")
    await pages[0].locator(".borsen-q-send").click()
    await pages[0].wait_for_function(
        "() => document.querySelector('.borsen-q-mine').textContent.trim() !== ''"
    )
    answered = len(phones[2:]) + 1  # the seats' holders do not answer; Lina does
    deadline = time.monotonic() + 10
    while await ask(kernel, "room.question['answered']") < answered:
        assert time.monotonic() < deadline, "the answers did not all arrive"
        await asyncio.sleep(0.2)
    truth = await ask(kernel, "room.reveal()['truth']['fraction']")
    for phone in phones:
        shown = await phone.wait(
            lambda m: m["type"] == "question" and m["question"]["state"] == "revealed"
        )
        assert shown["question"]["truth"]["fraction"] == truth
        assert shown["question"]["answered"] == answered
    for page, where in ((pages[1], ".borsen-q"), (projector, ".borsen-p-q")):
        await page.wait_for_function(
            "(sel) => document.querySelector(sel).dataset.state === 'revealed'", arg=where
        )
    step("a question asked, answered and revealed")

    # Max, on his Chromium phone, takes Bo's seat (its student leaves it) and plays from it.
    max_page = pages[1]
    await phones[1].send(intent="leave")
    await phones[1].wait(lambda m: m["type"] == "you" and m["seat"] is None)
    await max_page.locator('[data-seat-intent="claim"][data-seat="1"]').click()
    await max_page.locator('[data-seat-intent="leave"]').wait_for()
    assert (await ask(kernel, "room.seats[1]['student']")) == IN_CHROMIUM[1]
    holders = {0: phones[0], 1: max_page}
    before = await ask(kernel, "w.version")
    while await ask(kernel, "w.game.current_player") != 1 or await ask(kernel, "w.game.is_over"):
        assert await play_moves({0: phones[0]}, phones, 1) == 1, "the game ended first"
    assert await play_moves(holders, phones, 1) == 1
    assert await ask(kernel, "w.version") > before
    step("a Chromium phone played its seat")

    # The class's guarantees, through the door.
    game = await guarantees_hold(url, projector_url, kernel, phones)
    frames = "\n".join(f for page in (*pages, projector) for f in page.frames_seen)
    assert '"type": "view"' in frames or '"type":"view"' in frames
    assert_no_secret(frames, game)
    step("the class's guarantees")
    return SimpleNamespace(
        url=url,
        projector_url=projector_url,
        token=token,
        projector_token=projector_token,
        phones=phones,
        pages=pages,
        projector=projector,
        game=game,
    )


async def the_class_ends(kernel: Kernel, lesson) -> None:
    """The teacher ends the class: every phone still there is told so, in words, through the
    door, and the class's addresses refuse from then on."""
    await ask(kernel, "room.stop()")
    for phone in lesson.phones:
        ended = await phone.wait(lambda m: m["type"] == "ended")
        assert "ended the class" in ended["text"]
        await asyncio.wait_for(phone.closed.wait(), 10)
    for url in (lesson.url, lesson.projector_url):
        assert (await fetch(url)).code == 403, url
        try:
            conn = await websocket.websocket_connect(socket_request(url + "ws"))
        except REFUSED:
            continue
        conn.close()
        raise AssertionError(f"the ended class's WebSocket opened at {url}")


__all__ = [
    "CARD_CELL",
    "GAME_CELL",
    "PHONE",
    "Game",
    "around_the_class",
    "ask",
    "class_urls",
    "fetch",
    "fetch_to_the_end",
    "guarantees_hold",
    "join_in_chromium",
    "kernel_of",
    "launch",
    "lesson_through",
    "limits_count_phones",
    "open_phone",
    "play_moves",
    "refused_everywhere",
    "run_code",
    "run_notebook",
    "sockets_around_the_class",
    "the_class_ends",
    "trust",
    "watched_page",
]
