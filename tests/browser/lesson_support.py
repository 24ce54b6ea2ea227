"""What the end-to-end tests of a class on twelve phones share (the lesson's,
tests/browser/test_lesson_in_browser.py, and the strategies', test_strategies_in_browser.py):
the teacher's cell, the students' names, and the phone and projector pages as fixtures, each
page keeping every WebSocket message it receives."""

from __future__ import annotations

import json

import pytest

PHONE = {"width": 390, "height": 844}
NAMES = ["Lina", "Max", "Ola", "Siv", "Tor", "Kari", "Nils", "Une", "Vera", "Eli", "Jon", "Mia"]
# A position with a real decision (a pile to bank or to draw on, a dozen cards left), no bots:
# the table stays while the class answers. Seat names are not students' names (the CSV check).
GAME = """\
from borsen_widget import BorsenWidget, Game, Rules

g = Game.from_position(
    Rules(players=2),
    deck="9C 2D 5D 6C AD KS 4H 8D JD 3S 5H QC TD".split(),
    banks=[["4C", "5C"], ["2H"]],
    pile=["8S"],
    current_player=0,
    seed=1,
)
w = BorsenWidget(game=g, seats=["Ada", "Bo"])
# Every page of this test comes from 127.0.0.1: no limit of pages per address, where the class
# has one (a class whose every page comes from one address).
import inspect
from borsen_widget.classroom.room import Classroom
pages = {"max_pages_per_address": None} if "max_pages_per_address" in (
    inspect.signature(Classroom).parameters) else {}
"""


def class_cell(how: str, path: str) -> str:
    """The teacher's cell: the game, and a class that records (``how="record"``) or resumes
    (``"resume"``) the lesson in ``path``."""
    return GAME + f"room = w.classroom({how}={path!r}, **pages)\nw"


def watch_frames(pg, into: list) -> None:
    """Keep every WebSocket message the page receives (parsed), to check what it was sent."""

    def on_socket(ws):
        ws.on("framereceived", lambda payload: into.append(_parse(payload)))

    pg.on("websocket", on_socket)


def _parse(payload):
    try:
        return json.loads(payload)
    except (TypeError, ValueError):
        return None


@pytest.fixture
def phones(browser):
    """Twelve phones, each in its own context (its own storage: its own student); one in the
    dark theme. JavaScript errors on any of them fail the test."""
    contexts, pages, errors = [], [], []
    for i in range(len(NAMES)):
        context = browser.new_context(
            viewport=PHONE,
            device_scale_factor=2,
            is_mobile=True,
            has_touch=True,
            color_scheme="dark" if i == 3 else "light",
        )
        pg = context.new_page()
        pg.set_default_timeout(20_000)
        pg.on("pageerror", lambda e: errors.append(str(e)))
        pg.frames_seen = []
        watch_frames(pg, pg.frames_seen)
        contexts.append(context)
        pages.append(pg)
    yield pages
    for context in contexts:
        context.close()
    assert not errors, f"JavaScript errors on a student's page: {errors}"


@pytest.fixture
def projector(browser):
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    pg = context.new_page()
    pg.set_default_timeout(20_000)
    errors: list = []
    pg.on("pageerror", lambda e: errors.append(str(e)))
    pg.frames_seen = []
    watch_frames(pg, pg.frames_seen)
    yield pg
    context.close()
    assert not errors, f"JavaScript errors on the projector page: {errors}"
