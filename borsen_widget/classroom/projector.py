"""The projector page of a class: the table, the question, how many have answered and,
after the reveal, the answer and the class's answers, on the classroom's big screen.

It has its own address with its own token (``room.projector_url``), so the students' join
address does not open it; it is read-only (it sends nothing the room reads); it is told in the
teacher's widget's language; and it gets exactly what the students' pages get about a question
(:meth:`~borsen_widget.classroom.asking.Asking.data`, without the answer before the
reveal), the join address and its QR code to show full screen, and the leaderboard only when
the teacher turns it on (``room.leaderboard = True``; off by default: names on a projector are
the teacher's choice).
"""

from __future__ import annotations

import secrets
from collections.abc import Callable

from ..i18n import front_end_texts
from .sessions import TOKEN_LENGTH, TOKEN_LETTERS
from .wire import encode

__all__ = ["MAX_PROJECTORS", "Projector"]

#: Projector pages open at once (a projector, a second screen, a reload on the way).
MAX_PROJECTORS = 4


class Screen:
    """One connected projector page."""

    def __init__(self, send: Callable[[str], None], close: Callable[[int, str], None]):
        self.send = send
        self.close = close


class Projector:
    """The projector pages of a class: their token and pages, and what is sent to them."""

    def __init__(self):
        self.token = "".join(secrets.choice(TOKEN_LETTERS) for _ in range(TOKEN_LENGTH))
        self._screens: set[Screen] = set()

    def __len__(self) -> int:
        return len(self._screens)

    def opened(self, send, close, first: list[str]) -> Screen | None:
        """A projector page connected; ``first``: the messages that draw it from scratch."""
        if len(self._screens) >= MAX_PROJECTORS:
            close(1013, "too many projector pages")
            return None
        screen = Screen(send, close)
        self._screens.add(screen)
        for text in first:
            screen.send(text)
        return screen

    def closed(self, screen: Screen | None) -> None:
        self._screens.discard(screen)

    def send(self, text: str) -> None:
        for screen in list(self._screens):
            screen.send(text)

    def end(self, text: str) -> None:
        for screen in list(self._screens):
            screen.send(text)
            screen.close(1001, "the class has ended")
        self._screens.clear()

    @staticmethod
    def speech(language: str) -> str:
        return encode(
            {"type": "speech", "speech": {"language": language, "texts": front_end_texts(language)}}
        )

    @staticmethod
    def room(seats: list[dict], students: int, *, names: bool) -> str:
        """The seats for the projector (``seats`` as for a screen): who holds each only with
        the leaderboard on (``names``); otherwise a held seat says only that a phone plays it
        (names on the projector are the teacher's choice, as the README says)."""
        if not names:
            seats = [{**s, "holder": None, "phone": s.get("holder") is not None} for s in seats]
        return encode({"type": "room", "seats": seats, "students": students})

    @staticmethod
    def board(on: bool, rows: list[dict]) -> str:
        return encode({"type": "board", "on": on, **({"rows": rows} if on else {})})
