"""How the phones reach a class (issue 30), in the kernel: the path chosen, the address the
teacher's page tells, the card that shows no dead QR code, opening the class to the network on a
remembered port, and the files a Jupyter server's relay reads (tests/server/test_relay.py runs
the relay itself in a real Jupyter server)."""

from __future__ import annotations

import json
import os
import socket
import stat
from urllib.parse import urlsplit

import pytest
from support.classroom import Client, http_get, run, settle, table

from borsen_widget.classroom import reach as reach_module
from borsen_widget.classroom.relayed import is_relay
from borsen_widget.classroom.wire import (
    Entry,
    entry_path,
    read_door,
    read_entry,
    remove_door,
    write_door,
    write_entry,
)


def _free(port: int) -> bool:
    with socket.socket() as s:
        try:
            s.bind(("0.0.0.0", port))
        except OSError:
            return False
    return True


def token_of(url: str) -> str:
    return url.rstrip("/").rsplit("/", 1)[1]


def card_says(w, **content) -> None:
    """A request from the teacher's join card, as the widget's page sends it."""
    content = {"intent": "room", **content}
    w._handle_msg({"content": {"data": {"method": "custom", "content": content}}, "buffers": []})


async def projector_socket(room):
    """The projector page's socket, on the class server's own port (the relay is not here)."""
    from tornado import websocket

    token = token_of(room.projector_url[: -len("projector/")])
    conn = await websocket.websocket_connect(f"ws://127.0.0.1:{room.port}/{token}/projector/ws")
    return Client(conn)


# ---------------------------------------------------------------------- a laptop, no dead code


def test_on_the_laptop_the_card_says_only_this_computer_and_shows_no_code(settings):
    async def scenario():
        w = table()
        room = w.classroom()
        assert room.via == "direct" and room.is_local
        card = w.room_card
        assert card["local"] and card["qr"] == "" and card["via"] == "direct"
        assert card["network_port"] == reach_module.NETWORK_PORT
        assert "<svg" not in room._repr_html_()
        projector = await projector_socket(room)
        join = await projector.wait(lambda m: m["type"] == "join")
        assert join["local"] and join["qr"] == "" and join["url"] == room.url
        await projector.close()
        room.stop()

    run(scenario)


def test_opening_to_the_network_listens_on_a_remembered_port_and_shows_the_code(settings):
    async def scenario():
        w = table()
        room = w.classroom()
        page = await Client.open(room)  # a page already open stays open
        await page.join("Lina")
        card_says(w, do="network")
        # The fixed port (unless another program of this busy machine took it since the
        # fixture found it free: then a free one), remembered for the next lessons.
        port = urlsplit(room.url).port
        assert port == reach_module.NETWORK_PORT or not _free(reach_module.NETWORK_PORT)
        assert not room.is_local and room.url.startswith("http://")
        assert w.room_card["qr"].startswith("<svg") and not w.room_card["local"]
        assert w.room_card["via"] == "direct"
        assert json.loads(settings.read_text())["network_port"] == port
        # Phones reach it on that port (tests connect to 127.0.0.1 only: it listens on all).
        listening = {
            c.laddr.ip
            for c in __import__("psutil").Process().net_connections(kind="inet")
            if c.status == "LISTEN" and c.laddr.port == port
        }
        assert listening == {"0.0.0.0"}
        token = token_of(room.url)
        answer = await http_get(f"http://127.0.0.1:{port}/{token}/")
        assert answer.code == 200
        assert room.open_to_network() == room.url  # twice: the same
        await settle()
        assert page.last("ended") is None and not page.closed.is_set()
        room.stop()
        await settle()
        # The next lesson uses the same port (the school's firewall allows one).
        again = table().classroom()
        again.open_to_network()
        assert f":{port}/" in again.url
        again.stop()

    run(scenario)


def test_a_taken_port_gives_another_and_keeps_the_remembered_one(settings):
    async def scenario():
        port = reach_module.NETWORK_PORT
        settings.parent.mkdir(parents=True)
        settings.write_text(json.dumps({"network_port": port}))
        with socket.socket() as busy:
            busy.bind(("0.0.0.0", port))
            busy.listen()
            room = table().classroom()
            room.open_to_network()
            assert f":{port}/" not in room.url and not room.is_local
            room.stop()
        assert json.loads(settings.read_text())["network_port"] == port

    run(scenario)


# ---------------------------------------------------------------------- through Jupyter


def test_under_a_jupyter_server_the_class_is_listed_for_its_relay(door, settings):
    async def scenario():
        w = table()
        room = w.classroom()
        assert room.via == "jupyter" and room.host == "127.0.0.1"
        token = token_of(room.url)
        assert room.url == f"http://127.0.0.1:8888/user/l%C3%A6rer/borsen/class/{token}/"
        assert room.projector_url.endswith("/projector/") and "/borsen/class/" in room.projector_url
        assert room.is_local and w.room_card["qr"] == "" and w.room_card["via"] == "jupyter"
        student = read_entry(door.classes, token)
        projector = read_entry(door.classes, token_of(room.projector_url[: -len("projector/")]))
        assert student.kind == "student" and projector.kind == "projector"
        assert student.port == room.port and student.kernel == "kernel-1"
        assert student.key == projector.key and len(student.key) >= 16
        # Listed by the token's hash: the folder, private to the user, names no token.
        assert token not in str(entry_path(door.classes, token))
        assert stat.S_IMODE(os.stat(door.classes).st_mode) == 0o700
        assert stat.S_IMODE(os.stat(entry_path(door.classes, token)).st_mode) == 0o600
        room.stop()
        assert read_entry(door.classes, token) is None and not list(door.classes.iterdir())

    run(scenario)


def test_the_teachers_page_gives_the_address_phones_open(door, settings):
    async def scenario():
        w = table()
        room = w.classroom()
        token = token_of(room.url)
        projector = await projector_socket(room)
        await projector.wait(lambda m: m["type"] == "join" and m["local"])

        def tell(**fields):
            card_says(w, do="address", **fields)

        tell(origin="https://hub.example.no", base="/user/l%C3%A6rer/")
        assert room.url == f"https://hub.example.no/user/l%C3%A6rer/borsen/class/{token}/"
        assert room.projector_url.startswith("https://hub.example.no/user/l%C3%A6rer/borsen/")
        assert not room.is_local and w.room_card["url"] == room.url
        assert w.room_card["qr"].startswith("<svg") and not w.room_card["local"]
        # The projector follows: the new address and its code.
        join = await projector.wait(lambda m: m["type"] == "join" and not m["local"])
        assert join["url"] == room.url and join["qr"].startswith("<svg")
        await projector.close()
        shown = room.url
        # Anything that is not an origin and a path changes nothing.
        for bad in (
            {"origin": "javascript:alert(1)"},
            {"origin": "https://hub.example.no/elsewhere"},
            {"origin": "https://user:pw@hub.example.no"},
            {"origin": "https://hub.example.no:99999"},
            {"origin": "https://hub.example.no", "base": "/no-slash"},
            {"origin": "https://hub.example.no", "base": "/a b/"},
            {"origin": "https://hub.example.no", "base": "//evil.example/"},
            {"origin": "https://hub.example.no", "base": 5},
            {"origin": "x" * 300},
            {"origin": None},
        ):
            tell(**bad)
            assert room.url == shown, bad
        # No base: the server's own base URL.
        tell(origin="http://192.168.1.20:8888")
        assert room.url == f"http://192.168.1.20:8888/user/l%C3%A6rer/borsen/class/{token}/"
        room.stop()

    run(scenario)


def test_a_class_on_its_own_port_ignores_the_teachers_page(settings):
    async def scenario():
        room = table().classroom(via="direct")
        url = room.url
        assert not room._reach.teacher_page("https://hub.example.no")
        assert room.url == url
        room.stop()

    run(scenario)


def test_the_path_is_chosen_and_checked(door, settings):
    async def scenario():
        room = table().classroom(host="127.0.0.1", port=0, via="direct")
        assert room.via == "direct"
        room.stop()
        room = table().classroom(address="myhost")  # naming an address: its own port
        assert room.via == "direct" and room.url.startswith("http://myhost:")
        room.stop()
        with pytest.raises(ValueError, match="via must be"):
            table().classroom(via="hub")
        with pytest.raises(ValueError, match="only with via='direct'"):
            table().classroom(via="jupyter", host="0.0.0.0")

    run(scenario)


def test_via_jupyter_without_a_jupyter_server_says_how(monkeypatch, settings):
    monkeypatch.setattr(reach_module, "find_door", lambda: None)

    async def scenario():
        with pytest.raises(RuntimeError, match="via='direct'"):
            table().classroom(via="jupyter")
        room = table().classroom()  # by default: its own port
        assert room.via == "direct"
        room.stop()

    run(scenario)


def test_a_kernel_finds_its_servers_door(tmp_path, monkeypatch):
    runtime = tmp_path / "runtime"
    written = write_door(runtime, 777, "/", "http://localhost:8888/")
    connection = runtime / "kernel-0a1b-2c.json"
    connection.write_text("{}")
    import ipykernel.connect

    monkeypatch.setattr(ipykernel.connect, "get_connection_file", lambda: str(connection))
    monkeypatch.setenv("JPY_PARENT_PID", "777")
    assert reach_module.find_door() == (written, "0a1b-2c")
    monkeypatch.setenv("JPY_PARENT_PID", "778")  # another server's kernel: not this door
    assert reach_module.find_door() is None
    monkeypatch.delenv("JPY_PARENT_PID")
    assert reach_module.find_door() is None
    remove_door(runtime, 777)
    assert read_door(runtime, 777) is None and not written.classes.exists()


# ---------------------------------------------------------------------- the files and the key


def test_an_entry_that_is_not_well_formed_is_no_entry(tmp_path):
    good = Entry("k-1", 5000, "student", "k" * 24, 6)
    write_entry(tmp_path, "tok", good)
    assert read_entry(tmp_path, "tok") == good
    for token in ("../tok", "", "t" * 65, "to k", None):
        assert read_entry(tmp_path, token) is None
    for bad in (
        {"kernel": "../x", "port": 5000, "kind": "student", "key": "k" * 24},
        {"kernel": "k", "port": 0, "kind": "student", "key": "k" * 24},
        {"kernel": "k", "port": True, "kind": "student", "key": "k" * 24},
        {"kernel": "k", "port": 5000, "kind": "files", "key": "k" * 24},
        {"kernel": "k", "port": 5000, "kind": "student", "key": "short"},
        [1, 2],
    ):
        entry_path(tmp_path, "bad").write_text(json.dumps(bad))
        assert read_entry(tmp_path, "bad") is None, bad
    entry_path(tmp_path, "big").write_text(" " * 5000 + "{}")
    assert read_entry(tmp_path, "big") is None


def test_the_relay_is_believed_only_with_its_key_from_this_computer():
    class Request:
        def __init__(self, remote_ip, headers):
            self.remote_ip = remote_ip
            self.headers = headers

    key = "k" * 32
    told = {"X-Borsen-Relay": key}
    assert is_relay(Request("127.0.0.1", told), key)
    assert not is_relay(Request("127.0.0.1", told), None)  # a class without a relay
    assert not is_relay(Request("127.0.0.1", {"X-Borsen-Relay": "x" * 32}), key)
    assert not is_relay(Request("127.0.0.1", {}), key)
    assert not is_relay(Request("10.9.9.9", told), key)  # only from this computer


def test_the_network_address_is_one_a_phone_can_open(monkeypatch):
    """A Linux laptop's name often means 127.0.1.1: the address comes from its interfaces
    then (a private one first), never a loopback one."""
    monkeypatch.setattr(
        socket, "getaddrinfo", lambda *a, **k: [(socket.AF_INET, 0, 0, "", ("127.0.1.1", 0))]
    )
    monkeypatch.setattr(reach_module, "_interface_addresses", lambda: ["100.64.0.1", "10.1.2.3"])
    assert reach_module._network_address() == "10.1.2.3"
    monkeypatch.setattr(reach_module, "_interface_addresses", lambda: [])
    assert reach_module._network_address() == socket.gethostname()


def test_the_interfaces_addresses_leave_loopback_out():
    found = reach_module._interface_addresses()
    assert all(isinstance(a, str) and not a.startswith("127.") for a in found)
