"""The seats of a game widget (R1): who sits where, person or bot, and which seat is the
person at the screen ("you", told in the second person in every language)."""

from __future__ import annotations

from collections.abc import Sequence

from ..engine.errors import quote
from ..i18n import Translator

__all__ = ["YOU_NAMES", "auto_name", "find_you", "read_seats"]

#: The longest name a seat may have.
MAX_NAME = 24
#: Seat names that mean the person at the screen ("you" by default), in any case.
YOU_NAMES = ("you", "du", "deg", "me", "meg", "eg")


def is_bot(seat) -> bool:
    return callable(getattr(seat, "choose", None))


def read_seats(seats, players: int | None) -> tuple[list[str], list, dict]:
    """Names and bots (None for a person) from ``seats``: names, bots or ``(name, bot)``; and
    the seats named by the widget (``{seat: ("player" | "bot", number)}``), whose names are
    told in the language spoken ("Player 1", "Spiller 1")."""
    if seats is None:
        count = 3 if players is None else players
        auto = {i: ("player", i + 1) for i in range(count)}
        return [f"Player {i + 1}" for i in range(count)], [None] * count, auto
    if isinstance(seats, (str, bytes)) or not isinstance(seats, Sequence):
        raise ValueError(
            f"seats must be a list with one entry per seat (a name, a bot or (name, bot)), "
            f"not {quote(seats)}"
        )
    names: list[str | None] = []
    bots: list = []
    for i, seat in enumerate(seats):
        if isinstance(seat, tuple) and len(seat) == 2 and is_bot(seat[1]):
            name, bot = seat
        elif is_bot(seat):
            name, bot = None, seat
        else:
            name, bot = seat, None
        if name is not None:
            if not isinstance(name, str) or not name.strip():
                raise ValueError(
                    f"seat {i}: a seat is a name, a bot or (name, bot), not {quote(seat)}"
                )
            name = name.strip()
            if len(name) > MAX_NAME:
                raise ValueError(
                    f"seat {i}: a name has at most {MAX_NAME} characters: {quote(name)}"
                )
        names.append(name)
        bots.append(bot)
    number = 0
    auto = {}
    for i, name in enumerate(names):
        if name is None:
            number += 1
            candidate = f"Bot {number}"
            while candidate in names:
                number += 1
                candidate = f"Bot {number}"
            names[i] = candidate
            auto[i] = ("bot", number)
    duplicates = sorted({n for n in names if names.count(n) > 1})
    if duplicates:
        raise ValueError(f"each seat needs its own name; repeated: {', '.join(duplicates)}")
    return names, bots, auto  # type: ignore[return-value]


def auto_name(kind: str, number: int, tr: Translator) -> str:
    """A seat the widget named, in ``tr``'s language."""
    if kind == "bot":
        # TRANSLATORS: the name of a seat played by the computer (a bot), numbered.
        return tr.gettext("Bot {number}", number=number)
    return tr.gettext("Player {number}", number=number)


def find_you(you, names: Sequence[str]) -> int | None:
    """The seat of the person at the screen: ``you`` (a seat index or a name), else the one
    seat named "You" (or "Du", "Deg", "Me", "Meg", "Eg"), else None."""
    if you is None:
        found = [i for i, name in enumerate(names) if name.casefold() in YOU_NAMES]
        return found[0] if len(found) == 1 else None
    if isinstance(you, str):
        if you not in names:
            raise ValueError(f"you must name a seat ({', '.join(names)}), not {quote(you)}")
        return list(names).index(you)
    if isinstance(you, bool) or not isinstance(you, int) or not 0 <= you < len(names):
        raise ValueError(
            f"you must be a seat 0..{len(names) - 1} or a seat's name, not {quote(you)}"
        )
    return you
