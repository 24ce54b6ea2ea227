"""The class through a real Jupyter server (issue 30): ``jupyter server`` with a login token and
``allow_unauthenticated_access=False`` (a server that refuses every route not marked public),
the package's extension, a kernel started through its REST API, and a class opened in that
kernel as a notebook cell opens it. Phones (tornado clients with no cookie and no Jupyter token)
reach the class only through the server's own port, at ``/borsen/class/<token>/``; everything
else is refused to them. tests/hub runs the same through a JupyterHub and a reverse proxy."""

from __future__ import annotations

import asyncio
import json
import time
import urllib.request
from pathlib import Path

import pytest
from support.classroom import REFUSED_SOCKET, Client, run
from tornado import httpclient, websocket

from borsen_widget.classroom.wire import Entry, read_door, write_entry

HARNESS = Path(__file__).resolve().parents[1] / "browser"

pytestmark = pytest.mark.slow

TOKEN = "teachers-own-jupyter-token-0123456789"


@pytest.fixture(scope="module")
def jupyter(tmp_path_factory):
    """A Jupyter server (the package's extension loaded) and a kernel of it, stopped after."""
    import sys

    sys.path.insert(0, str(HARNESS))
    from harness import JupyterLab, Kernel

    class JupyterServer(JupyterLab):
        name = "jupyter-server"
        ready_path = "/login"
        app, app_class = "server", "ServerApp"

        def prepare(self) -> None:
            self.root.mkdir(parents=True, exist_ok=True)
            (self.root / "secret.txt").write_text("secret-notes")
            config = self.base / "config"
            config.mkdir(parents=True, exist_ok=True)
            (config / "jupyter_server_config.json").write_text(
                json.dumps({"ServerApp": {"jpserver_extensions": {"borsen_widget.server": True}}})
            )

        def command(self) -> list[str]:
            return [
                sys.executable,
                "-m",
                "jupyter",
                "server",
                "--no-browser",
                "--ip=127.0.0.1",
                f"--port={self.port}",
                "--ServerApp.port_retries=0",
                "--allow-root",
                f"--IdentityProvider.token={TOKEN}",
                "--ServerApp.allow_unauthenticated_access=False",
                f"--ServerApp.root_dir={self.root}",
            ]

    server = JupyterServer(tmp_path_factory.mktemp("relay")).start()
    try:
        kernel_id = teacher(server, "/api/kernels", method="POST")["id"]
        kernel = Kernel(connection_file=server.runtime / f"kernel-{kernel_id}.json")
        yield server, kernel, kernel_id
        kernel.close()
    finally:
        assert server.stop() == []


def teacher(server, path: str, method: str = "GET"):
    """A request with the teacher's Jupyter token (what her browser's login gives)."""
    request = urllib.request.Request(
        f"{server.url}{path}",
        method=method,
        data=b"{}" if method == "POST" else None,
        headers={"Authorization": f"token {TOKEN}", "Content-Type": "application/json"},
    )
    with urllib.request.urlopen(request, timeout=20) as r:
        return json.loads(r.read() or b"null")


def cell(kernel, code: str) -> None:
    """Run ``code`` in the kernel as a notebook cell (on its event loop); raise its error."""
    msg_id = kernel.client.execute(code, store_history=False)
    deadline = time.monotonic() + 30
    while True:
        reply = kernel.client.get_shell_msg(timeout=max(0.1, deadline - time.monotonic()))
        if reply["parent_header"].get("msg_id") == msg_id:
            break
    if reply["content"]["status"] != "ok":
        raise RuntimeError(f"{reply['content'].get('ename')}: {reply['content'].get('evalue')}")


class Phone:
    """What a phone opens: the class's address through the Jupyter server."""

    def __init__(self, url: str):
        self.url = url


async def get(url: str, method: str = "GET", headers: dict | None = None, body=None):
    request = httpclient.HTTPRequest(
        url,
        method=method,
        headers=headers or {},
        body=body,
        follow_redirects=False,
        allow_nonstandard_methods=True,
    )
    return await httpclient.AsyncHTTPClient().fetch(request, raise_error=False)


def open_class(kernel, **options) -> dict:
    """``room = w.classroom(...)`` in the kernel (every page from one address may come in,
    unless ``options`` say otherwise); what it shows."""
    options = {"max_pages_per_address": None, **options}
    arguments = ", ".join(f"{k}={v!r}" for k, v in options.items())
    cell(
        kernel,
        "from borsen_widget import BorsenWidget\n"
        "w = BorsenWidget(seats=['Ada', 'Bo'], seed=3)\n"
        f"room = w.classroom({arguments})\n",
    )
    return kernel.eval(
        "{'url': room.url, 'projector': room.projector_url, 'via': room.via, "
        "'port': room.port, 'local': room.is_local}"
    )


def test_phones_reach_the_class_through_the_jupyter_servers_own_port(jupyter):
    server, kernel, _ = jupyter
    shown = open_class(kernel)
    token = shown["url"].rstrip("/").rsplit("/", 1)[1]
    ptoken = shown["projector"].rstrip("/").rsplit("/", 2)[1]
    base = f"{server.url}/borsen/class"
    # The kernel chose the Jupyter server's path by itself; its own server is loopback only.
    assert shown["via"] == "jupyter" and shown["local"]
    assert shown["url"] == f"{base}/{token}/"
    assert shown["projector"] == f"{base}/{ptoken}/projector/"

    async def scenario():
        page = await get(f"{base}/{token}/", headers={"Accept-Language": "nb"})
        assert page.code == 200 and b'src="student.js"' in page.body
        assert b'lang="nb"' in page.body
        assert "default-src 'none'" in page.headers["Content-Security-Policy"]
        assert page.headers["X-Frame-Options"] == "DENY"
        assert "Set-Cookie" not in page.headers  # nothing of Jupyter's login is given out
        for name in ("student.js", "student.css", "widget.css"):
            asset = await get(f"{base}/{token}/{name}")
            assert asset.code == 200 and asset.body, name
        projector_page = await get(f"{base}/{ptoken}/projector/")
        assert projector_page.code == 200 and b"projector.js" in projector_page.body
        slash = await get(f"{base}/{token}")
        assert slash.code in (301, 302) and slash.headers["Location"].endswith(f"/{token}/")
        # Two phones join and vote through the relay; the kernel sees them.
        lina = await Client.open(Phone(shown["url"]))
        max_ = await Client.open(Phone(shown["url"]))
        assert (await lina.join("Lina"))["type"] == "welcome"
        assert (await max_.join("Max"))["type"] == "welcome"
        projector = await Client.open(
            Phone(shown["projector"][: -len("projector/")]), "projector/ws"
        )
        join = await projector.wait(lambda m: m["type"] == "join")
        assert join["url"] == shown["url"] and join["local"] and join["qr"] == ""
        await asyncio.sleep(0.3)
        assert kernel.eval("list(room.students)") == ["Lina", "Max"]
        # Seats held through the relay, and a move played by the holder of the seat to act.
        cell(kernel, "room.open_seats('Ada', 'Bo')")
        for phone, seat in ((lina, 0), (max_, 1)):
            await phone.send(intent="claim", seat=seat)
            await phone.wait(lambda m, seat=seat: m["type"] == "you" and m["seat"] == seat)
        version = kernel.eval("w.version")
        holder = lina if kernel.eval("w.game.current_player") == 0 else max_
        await holder.send(intent="draw", version=version)
        for phone in (lina, max_):
            await phone.wait(lambda m: m["type"] == "view" and m["view"]["version"] > version)
        assert kernel.eval("w.version") > version
        # A frame over the class's limit closes that phone's socket; the class goes on.
        big = await Client.open(Phone(shown["url"]))
        await big.wait(lambda m: m["type"] == "hello")
        await big.conn.write_message("x" * (200 * 1024))
        await asyncio.wait_for(big.closed.wait(), 10)
        assert (await Client.open(Phone(shown["url"]))) is not None
        for phone in (lina, max_, projector):
            await phone.close()

    run(scenario)
    cell(kernel, "room.stop()")


def test_everything_else_is_refused_to_a_phone(jupyter):
    server, kernel, kernel_id = jupyter
    shown = open_class(kernel)
    token = shown["url"].rstrip("/").rsplit("/", 1)[1]
    ptoken = shown["projector"].rstrip("/").rsplit("/", 2)[1]
    base = f"{server.url}/borsen/class"
    door = read_door(server.runtime, server.proc.pid)  # the extension's, for this server

    async def scenario():
        # Jupyter's own routes keep their login: no phone gets anything from them.
        for path in (
            "/api/contents",
            "/api/kernels",
            f"/api/kernels/{kernel_id}",
            "/api/sessions",
            "/api/status",
            "/files/secret.txt",
            "/tree",
            "/api/terminals",
        ):
            answer = await get(f"{server.url}{path}")
            assert answer.code in (302, 403, 404), (path, answer.code)
            assert b"secret-notes" not in (answer.body or b"")
        with pytest.raises(REFUSED_SOCKET):
            await websocket.websocket_connect(
                f"ws://127.0.0.1:{server.port}/api/kernels/{kernel_id}/channels"
            )
        # The relay opens the class's fixed paths with the class's tokens, and nothing else.
        refused = {
            f"{base}/wrongtoken123/": 403,
            f"{base}/{ptoken}/": 403,  # the projector's token does not open the class
            f"{base}/{token}/projector/": 403,  # nor the class's the projector
            f"{base}/{token}/room.py": 404,
            f"{base}/{token}/..%2F..%2Fapi%2Fcontents": 404,
            f"{base}/": 404,
            f"{server.url}/borsen/": 404,
            f"{server.url}/borsen/class/{token}/../../../api/contents": None,
        }
        for url, code in refused.items():
            answer = await get(url)
            if code is None:
                assert answer.code != 200 or b'"content"' not in answer.body, url
            else:
                assert answer.code == code, (url, answer.code)
        posted = await get(f"{base}/{token}/", method="POST", body=b"x")
        assert posted.code in (403, 405)  # Jupyter's XSRF check, else the relay: GET only
        for url in (
            f"{base}/wrongtoken123/ws",
            f"{base}/{ptoken}/ws",
            f"{base}/{token}/projector/ws",
        ):
            with pytest.raises(REFUSED_SOCKET):
                await websocket.websocket_connect(url.replace("http://", "ws://"))
        # A WebSocket from another site's page is refused (same origin only).
        request = httpclient.HTTPRequest(
            f"{base}/{token}/ws".replace("http://", "ws://"),
            headers={"Origin": "https://evil.example"},
        )
        with pytest.raises(REFUSED_SOCKET):
            await websocket.websocket_connect(request)
        # A class listed for a kernel that is not this server's is refused, even on a live port.
        write_entry(
            door.classes,
            "forgedtoken1",
            Entry("not-a-kernel", shown["port"], "student", "k" * 24, None),
        )
        assert (await get(f"{base}/forgedtoken1/")).code == 403

    run(scenario)
    cell(kernel, "room.stop()")

    async def after():  # an ended class is refused, its entries gone
        assert (await get(f"{base}/{token}/")).code == 403
        with pytest.raises(REFUSED_SOCKET):
            await websocket.websocket_connect(f"{base}/{token}/ws".replace("http://", "ws://"))

    run(after)


def test_a_class_whose_kernel_stopped_is_refused(jupyter):
    server, _, _ = jupyter
    second_id = teacher(server, "/api/kernels", method="POST")["id"]
    from harness import Kernel

    second = Kernel(connection_file=server.runtime / f"kernel-{second_id}.json")
    shown = open_class(second)
    second.close()

    async def scenario():
        assert (await get(shown["url"])).code == 200
        teacher(server, f"/api/kernels/{second_id}", method="DELETE")
        await asyncio.sleep(0.5)
        assert (await get(shown["url"])).code == 403

    run(scenario)


def test_the_limit_per_address_counts_phones_not_the_relay(jupyter):
    """Every page reaches the class server from the relay (127.0.0.1); the relay tells it the
    phone's own address under its key, so the class's pages-per-address limit still holds."""
    _, kernel, _ = jupyter
    shown = open_class(kernel, max_pages_per_address=2)

    async def scenario():
        phones = [await Client.open(Phone(shown["url"])) for _ in range(3)]
        # One of the three is refused (the one the class counts third: on a busy machine not
        # always the last to open), with the class's code; the other two stay.
        waits = [asyncio.ensure_future(phone.closed.wait()) for phone in phones]
        await asyncio.wait(waits, timeout=30, return_when=asyncio.FIRST_COMPLETED)
        await asyncio.sleep(0.3)
        for wait in waits:
            wait.cancel()
        closed = [phone for phone in phones if phone.closed.is_set()]
        assert [phone.conn.close_code for phone in closed] == [1013]
        first, second = (phone for phone in phones if phone not in closed)
        await first.close()
        again = await Client.open(Phone(shown["url"]))  # a place is free again
        await again.wait(lambda m: m["type"] == "hello", timeout=30)
        assert not again.closed.is_set() and not second.closed.is_set()

    run(scenario)
    cell(kernel, "room.stop()")
