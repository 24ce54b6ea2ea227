"""Fixtures of the classroom tests: where a class remembers its network port, and a Jupyter
server's door as a kernel finds it (tests/classroom/test_reach.py and test_relayed.py)."""

from __future__ import annotations

import socket

import pytest

from borsen_widget.classroom import reach as reach_module
from borsen_widget.classroom.wire import write_door


@pytest.fixture
def settings(tmp_path, monkeypatch):
    """Jupyter's config folder in a temporary place (the remembered port lives there), and a
    free port as the class's network port."""
    monkeypatch.setenv("JUPYTER_CONFIG_DIR", str(tmp_path / "config"))
    with socket.socket() as s:
        s.bind(("0.0.0.0", 0))  # free on every address, as the class will listen
        port = s.getsockname()[1]
    monkeypatch.setattr(reach_module, "NETWORK_PORT", port)
    return tmp_path / "config" / "borsen_widget" / "classroom.json"


@pytest.fixture
def door(tmp_path, monkeypatch):
    """A Jupyter server's door as the extension writes it, found by the kernel."""
    runtime = tmp_path / "runtime"
    server = write_door(runtime, 4242, "/user/lærer/", "http://127.0.0.1:8888/user/lærer/")
    monkeypatch.setattr(reach_module, "find_door", lambda: (server, "kernel-1"))
    return server
