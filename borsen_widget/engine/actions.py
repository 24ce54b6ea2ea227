"""Actions a player can take: draw, bank, or list a selection of aces (R4, R8, R11, R12)."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable

from .cards import Card, to_card
from .errors import ActionParseError, quote

__all__ = ["BANK", "DRAW", "KEEP_ALL", "Action"]

KINDS = ("draw", "bank", "list")


@dataclasses.dataclass(frozen=True)
class Action:
    """One move (R4, R8, R11). Building one that cannot exist raises
    :class:`~borsen_widget.engine.errors.ActionParseError`.

    One move. ``kind`` is ``"draw"``, ``"bank"`` or ``"list"``; a list carries its ``aces``.

    ``str(action)`` and :meth:`Action.parse` are a round-trip pair: ``"draw"``, ``"bank"``,
    ``"list A♠ A♥"``, ``"list none"`` (keep every ace). Aces are kept sorted (♠ ♥ ♣ ♦), so two
    actions listing the same aces are equal whatever order they were given in.
    """

    kind: str
    aces: tuple[Card, ...] = ()

    def __post_init__(self):
        if self.kind not in KINDS:
            raise ActionParseError(f"an action is one of draw, bank, list; not {quote(self.kind)}")
        try:
            aces = tuple(sorted(to_card(a) for a in self.aces))
        except (TypeError, ValueError):
            raise ActionParseError(
                f"the aces of an action must be cards, like 'A♠', not {quote(self.aces)}"
            ) from None
        if aces and self.kind != "list":
            raise ActionParseError(f"only a list action names aces, not {self.kind!r}")
        not_aces = [str(c) for c in aces if not c.is_ace]
        if not_aces:
            raise ActionParseError(f"only aces can be listed, not {' '.join(not_aces)}")
        object.__setattr__(self, "aces", aces)

    @classmethod
    def list(cls, aces: Iterable[Card | str] = ()) -> Action:
        """List these aces (put them back in the deck); an empty selection keeps them all."""
        return cls("list", tuple(aces))

    @classmethod
    def parse(cls, text: str) -> Action:
        """Read an action: ``"draw"``, ``"bank"``, ``"list A♠ AH"``, ``"list none"``, ``"keep"``."""
        if isinstance(text, Action):
            return text
        if not isinstance(text, str):
            raise ActionParseError(
                f"an action is text such as 'draw' or 'list A♠', not {quote(text)}"
            )
        words = text.replace(",", " ").split()
        if not words:
            raise ActionParseError(
                "an empty text is not an action: try 'draw', 'bank' or 'list A♠'"
            )
        head, rest = words[0].lower(), words[1:]
        if head in ("draw", "bank") and not rest:
            return cls(head)
        if head == "keep" and not rest:
            return cls("list")
        if head == "list":
            if [w.lower() for w in rest] == ["none"]:
                return cls("list")
            if rest:
                try:
                    cards = tuple(Card.parse(w) for w in rest)
                except ValueError as error:
                    raise ActionParseError(
                        f"cannot read {quote(text)} as an action: {error}"
                    ) from None
                return cls("list", cards)
        raise ActionParseError(
            f"cannot read {quote(text)} as an action: write 'draw', 'bank', 'list none' "
            "or 'list' followed by aces, like 'list A♠ A♥'"
        )

    def __str__(self) -> str:
        if self.kind != "list":
            return self.kind
        return "list " + (" ".join(map(str, self.aces)) if self.aces else "none")

    def __repr__(self) -> str:
        return f"Action.parse({str(self)!r})"


DRAW = Action("draw")
BANK = Action("bank")
KEEP_ALL = Action("list")
