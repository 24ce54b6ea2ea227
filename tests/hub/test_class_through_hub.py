"""A lesson on phones through a real JupyterHub (issue 30): a teacher logs in to the hub in
Chromium, opens a notebook in her JupyterLab and runs its cells (the game, ``room =
w.classroom()``, the card); thirty phones join at the hub's own public address
(``/user/teacher/borsen/class/<token>/``), through the hub's proxy and the teacher's Jupyter
server to the class in her kernel: 28 WebSocket clients speaking the class protocol and two real
Chromium pages. They hold seats and play, answer a posed question and see it revealed; the
projector page shows the table. The class's guarantees hold through the hub (a wrong token, a
hostile or oversized message, another site's WebSocket, no secret sent), and no other route of
the hub or of the teacher's server answers a phone (no cookies): each is refused (403, 404 or a
redirect to the login page).

The hub, its proxy (a Node process), the teacher's server and its kernel are stopped at the
end, and the test checks that none is left.
"""

from __future__ import annotations

import asyncio
import time
import urllib.parse

import psutil
import pytest
from harness import write_notebook
from hub_harness import Hub
from test_widget import _assert_no_secret
from through import (
    CARD_CELL,
    GAME_CELL,
    PHONE,
    Game,
    around_the_class,
    ask,
    class_urls,
    guarantees_hold,
    join_in_chromium,
    kernel_of,
    launch,
    open_phone,
    play_moves,
    refused_everywhere,
    run_notebook,
    sockets_around_the_class,
    watched_page,
)

pytestmark = pytest.mark.browser

TEACHER = "teacher"
PHONES = 30
#: Of the thirty phones, these are real Chromium pages; the others WebSocket clients.
IN_CHROMIUM = ("Lina", "Max")
#: What no refusal may hold: the notebook's code, a kernel's or a file's listing, the hub's
#: list of users.
SECRETS = ["BorsenWidget(", '"execution_state"', '"last_modified"', '"servers"']


@pytest.fixture
def hub(chromium, tmp_path):
    server = Hub(tmp_path / "hub")
    server.start()
    yield server
    proxy = int((server.base / "proxy.pid").read_text())
    assert server.stop() == [], "processes of the hub were still running after stop()"
    assert not psutil.pid_exists(proxy) or psutil.Process(proxy).status() == "zombie"


def run(scenario, timeout: float):
    async def bounded():
        return await asyncio.wait_for(scenario(), timeout)

    return asyncio.run(bounded())


def test_thirty_phones_join_a_lesson_through_the_hubs_own_address(hub, chromium):
    steps: dict[str, float] = {}
    started = time.monotonic()

    def step(name: str) -> None:
        steps[name] = round(time.monotonic() - started, 1)

    async def scenario():
        from playwright.async_api import async_playwright

        notebook = hub.home(TEACHER) / "class.ipynb"
        server = asyncio.create_task(asyncio.to_thread(hub.start_server, TEACHER))
        async with async_playwright() as p:
            browser = await launch(p, chromium)
            errors: list[str] = []
            teacher = await watched_page(browser, errors, viewport={"width": 1400, "height": 1000})
            await server
            write_notebook(notebook, [GAME_CELL, CARD_CELL])
            step("hub and the teacher's server")

            # The teacher logs in at the hub's page and opens her notebook.
            after = f"/user/{TEACHER}/lab/tree/class.ipynb?reset"
            await teacher.goto(f"{hub.url}/hub/login?next={urllib.parse.quote(after)}")
            await teacher.locator("#username_input").fill(TEACHER)
            await teacher.locator("#password_input").fill("any password will do")
            await teacher.locator("#login_submit").click()
            kernel_id = await run_notebook(teacher, None)
            kernel = kernel_of(hub.runtime_of(TEACHER), kernel_id)
            step("the notebook ran")

            # The class is reached at the hub's address, and the card says so.
            public = f"{hub.url}/user/{TEACHER}/borsen/class/"
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

            # Thirty phones join by that address: 28 sockets and two Chromium pages.
            phones = await asyncio.gather(*(open_phone(url) for _ in range(PHONES - 2)))
            welcomes = await asyncio.gather(
                *(phone.join(f"Elev {i + 1}") for i, phone in enumerate(phones))
            )
            assert all(m["type"] == "welcome" for m in welcomes), welcomes
            pages = []
            for name in IN_CHROMIUM:
                page = await watched_page(
                    browser, errors, viewport=PHONE, is_mobile=True, has_touch=True
                )
                await join_in_chromium(page, url, name)
                pages.append(page)
            students = await ask(kernel, "list(room.students)")
            assert len(students) == PHONES and set(IN_CHROMIUM) <= set(students)
            await teacher.wait_for_function(
                "(n) => document.querySelector('.borsen-room-count').textContent.startsWith(n)",
                arg=f"{PHONES} students",
            )
            step("30 phones joined")

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
            moved = await play_moves(kernel, {0: phones[0], 1: phones[1]}, phones, 4)
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
                    await play_moves(kernel, {0: phones[0], 1: phones[1]}, phones, 1)
            else:
                raise AssertionError("no position to pose a question on")
            for phone in phones:
                await phone.wait(
                    lambda m: m["type"] == "question" and m["question"]["state"] == "open"
                )
            # No phone was sent the answer before the reveal.
            for phone in phones:
                assert not [
                    m
                    for m in phone.messages
                    if m["type"] == "question" and "truth" in m["question"]
                ]
            for k, phone in enumerate(phones[2:]):
                await phone.send(intent="answer", question=question, value=k / (PHONES - 3))
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

            # The class's guarantees, through the hub.
            game = await guarantees_hold(url, projector_url, kernel, phones)
            frames = "\n".join(f for page in (*pages, projector) for f in page.frames_seen)
            assert '"type": "view"' in frames or '"type":"view"' in frames
            _assert_no_secret(frames, game)
            step("the class's guarantees")

            # Nothing else answers a phone: the hub's routes, the teacher's server's, and every
            # path next to the class's.
            user = f"/user/{TEACHER}"
            prefix = f"{user}/borsen/class/"
            paths = [
                "/hub/api/users",
                f"/hub/api/users/{TEACHER}",
                f"/hub/api/users/{TEACHER}/tokens",
                "/hub/home",
                "/hub/admin",
                "/hub/token",
                f"/hub/spawn/{TEACHER}",
                f"{user}/api/contents",
                f"{user}/api/contents/class.ipynb",
                f"{user}/api/kernels",
                f"{user}/api/kernels/{kernel_id}",
                f"{user}/api/sessions",
                f"{user}/api/terminals",
                f"{user}/api/me",
                f"{user}/lab",
                f"{user}/lab/tree/class.ipynb",
                f"{user}/tree",
                f"{user}/notebooks/class.ipynb",
                f"{user}/files/class.ipynb",
                f"{user}/view/class.ipynb",
                f"{user}/nbconvert/html/class.ipynb",
                f"{user}/voila/render/class.ipynb",
                f"{user}/borsen/",
                f"{user}/borsen/class/{token}/../../../files/class.ipynb",
                *around_the_class(prefix, token, projector_token, []),
            ]
            sockets = [
                f"{user}/api/kernels/{kernel_id}/channels",
                f"{user}/terminals/websocket/1",
                f"{user}/api/events/subscribe",
                *sockets_around_the_class(prefix, token, projector_token),
            ]
            await refused_everywhere(paths, sockets, SECRETS, hub.url)
            step("everything else refused")

            assert not errors, f"JavaScript errors on a page: {errors}"
            for phone in phones:
                phone.conn.close()
            await ask(kernel, "room.stop()")
            kernel.close()
            await browser.close()
        return game

    assert isinstance(run(scenario, timeout=240), Game)
    print("seconds from the start:", steps)
