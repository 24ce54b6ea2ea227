"""A lesson on phones through a real JupyterHub (issue 30): a teacher logs in to the hub in
Chromium, opens a notebook in her JupyterLab and runs its cells (the game, ``room =
w.classroom()``, the card); thirty phones join at the hub's own public address
(``/user/teacher/borsen/class/<token>/``), through the hub's proxy and the teacher's Jupyter
server to the class in her kernel: 28 WebSocket clients speaking the class protocol and two real
Chromium pages. They hold seats and play (a Chromium phone too, with its own buttons), answer a
posed question and see it revealed; the projector page shows the table. The class's guarantees
hold through the hub (a wrong token, a hostile or oversized message, another site's WebSocket,
no secret sent), and no other route of the hub or of the teacher's server answers a phone (no
cookies): each is refused (403, 404 or a redirect to the login page). When the teacher ends the
class, every phone is told and its addresses refuse.

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
from through import (
    CARD_CELL,
    GAME_CELL,
    Game,
    around_the_class,
    ask,
    kernel_of,
    launch,
    lesson_through,
    limits_count_phones,
    refused_everywhere,
    run_notebook,
    sockets_around_the_class,
    the_class_ends,
    watched_page,
)

pytestmark = pytest.mark.browser

TEACHER = "teacher"
#: The phones: WebSocket clients and the Chromium pages of ``IN_CHROMIUM``.
PHONES = 30
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


def test_thirty_phones_join_a_lesson_through_the_hubs_own_address(hub, chromium, tmp_path):
    steps: dict[str, float] = {}
    started = time.monotonic()

    def step(name: str) -> None:
        steps[name] = round(time.monotonic() - started, 1)

    async def scenario():
        from playwright.async_api import async_playwright

        notebook = hub.home(TEACHER) / "class.ipynb"
        server = asyncio.create_task(asyncio.to_thread(hub.start_server, TEACHER))
        async with async_playwright() as p:
            browser = await launch(p, chromium, tmp_path / "fonts")
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

            # The class is reached at the hub's address; thirty phones join there and play.
            public = f"{hub.url}/user/{TEACHER}/borsen/class/"
            lesson = await lesson_through(
                public, kernel, browser, teacher, errors, sockets=PHONES - 2, step=step
            )
            token, projector_token = lesson.token, lesson.projector_token
            port = await ask(kernel, "room.port")  # the class server's, in the kernel

            # The class's limit of pages per device counts phones through the hub's proxy.
            await limits_count_phones(kernel, hub.url)
            step("the limit per device counts phones")

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
                *around_the_class(prefix, token, projector_token, port),
                f"{user}/proxy/{port}/{token}/",
                f"{user}/proxy/127.0.0.1:{port}/{token}/",
            ]
            sockets = [
                f"{user}/api/kernels/{kernel_id}/channels",
                f"{user}/terminals/websocket/1",
                f"{user}/api/events/subscribe",
                *sockets_around_the_class(prefix, token, projector_token, port),
                f"{user}/proxy/{port}/{token}/ws",
            ]
            await refused_everywhere(paths, sockets, SECRETS, hub.url)
            step("everything else refused")

            assert not errors, f"JavaScript errors on a page: {errors}"
            await the_class_ends(kernel, lesson)
            kernel.close()
            await browser.close()
        return lesson.game

    assert isinstance(run(scenario, timeout=240), Game)
    print("seconds from the start:", steps)
