"""A lesson on phones through a plain JupyterLab started with a ``base_url`` (``/skole/lab/``,
token login on) behind a reverse proxy (``configurable-http-proxy``) that answers https only,
the one public door, as a school's server may be set up (issue 30).

The teacher opens her notebook through the proxy in Chromium (the token in the address, as
JupyterLab prints it) and runs it; the class's address is the door's, https as her page is;
phones join there (``https://…/skole/lab/borsen/class/<token>/``, their WebSockets wss), play,
answer and see the reveal, with the class's guarantees; without the token, none of Jupyter's
other routes answers them (while the same routes answer with the token: the refusals are the
login's, not missing routes).
"""

from __future__ import annotations

import asyncio
import time

import pytest
from harness import write_notebook
from hub_harness import BaseUrlLab, Proxy, self_signed
from through import (
    CARD_CELL,
    GAME_CELL,
    around_the_class,
    ask,
    fetch,
    kernel_of,
    launch,
    lesson_through,
    limits_count_phones,
    refused_everywhere,
    run_notebook,
    sockets_around_the_class,
    the_class_ends,
    trust,
    watched_page,
)

pytestmark = pytest.mark.browser

BASE_URL = "/skole/lab/"
#: What no refusal may hold: the notebook's code, a kernel's or a file's listing.
SECRETS = ["BorsenWidget(", '"execution_state"', '"last_modified"']


@pytest.fixture
def door(chromium, tmp_path):
    """The JupyterLab and the https proxy in front of it (its certificate trusted by this
    test's clients); both stopped, with what they started."""
    certificate, key = self_signed(tmp_path / "tls")
    lab = BaseUrlLab(tmp_path / "lab", BASE_URL)
    lab.start()
    proxy = Proxy(tmp_path / "proxy", lab.url, f"{BASE_URL}api", tls=(certificate, key))
    trust(certificate)
    try:
        proxy.start()
        yield lab, proxy
    finally:
        trust(None)
        assert proxy.stop() == [], "processes of the proxy were still running after stop()"
        assert lab.stop() == [], "processes of JupyterLab were still running after stop()"


def test_phones_join_through_a_reverse_proxy_in_front_of_a_base_url(door, chromium, tmp_path):
    lab, proxy = door
    steps: dict[str, float] = {}
    started = time.monotonic()

    def step(name: str) -> None:
        steps[name] = round(time.monotonic() - started, 1)

    async def scenario():
        from playwright.async_api import async_playwright

        write_notebook(lab.root / "class.ipynb", [GAME_CELL, CARD_CELL])
        base = f"{proxy.url}{BASE_URL}"
        assert base.startswith("https://127.0.0.1:")
        async with async_playwright() as p:
            browser = await launch(p, chromium, tmp_path / "fonts")
            errors: list[str] = []
            teacher = await watched_page(browser, errors, viewport={"width": 1400, "height": 1000})
            kernel_id = await run_notebook(
                teacher, f"{base}lab/tree/class.ipynb?reset&token={lab.token}"
            )
            kernel = kernel_of(lab.runtime, kernel_id)
            step("the notebook ran")

            lesson = await lesson_through(
                f"{base}borsen/class/", kernel, browser, teacher, errors, sockets=10, step=step
            )

            # The class's limit of pages per device counts phones, not the proxy.
            await limits_count_phones(kernel, proxy.url)

            # Without the token nothing else answers; with it, the same routes do.
            port = await ask(kernel, "room.port")  # the class server's, in the kernel
            paths = [
                "api/contents",
                "api/contents/class.ipynb",
                "api/kernels",
                f"api/kernels/{kernel_id}",
                "api/sessions",
                "api/terminals",
                "api/me",
                "lab",
                "lab/tree/class.ipynb",
                "tree",
                "notebooks/class.ipynb",
                "files/class.ipynb",
                "view/class.ipynb",
                "nbconvert/html/class.ipynb",
                "voila/render/class.ipynb",
                "borsen/",
                f"borsen/class/{lesson.token}/../../files/class.ipynb",
                *around_the_class("borsen/class/", lesson.token, lesson.projector_token, port),
                f"proxy/{port}/{lesson.token}/",
            ]
            sockets = [
                f"api/kernels/{kernel_id}/channels",
                "terminals/websocket/1",
                "api/events/subscribe",
                *sockets_around_the_class(
                    "borsen/class/", lesson.token, lesson.projector_token, port
                ),
            ]
            await refused_everywhere(paths, sockets, SECRETS, base)
            # Outside the base URL: the class is not served there either.
            await refused_everywhere(
                [f"/borsen/class/{lesson.token}/", "/api/contents"],
                [f"/borsen/class/{lesson.token}/ws"],
                SECRETS,
                proxy.url,
            )
            for path in ("api/contents", "files/class.ipynb", f"api/kernels/{kernel_id}"):
                allowed = await fetch(f"{base}{path}?token={lab.token}")
                assert allowed.code == 200, (path, allowed.code)
            step("everything else refused")

            assert not errors, f"JavaScript errors on a page: {errors}"
            await the_class_ends(kernel, lesson)
            kernel.close()
            await browser.close()

    asyncio.run(asyncio.wait_for(scenario(), 180))
    print("seconds from the start:", steps)
