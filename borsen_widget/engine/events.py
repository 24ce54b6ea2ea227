"""What happened, as data and as plain sentences: the game's log (RULES.md §5, "The log")."""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence

from .cards import Card, to_card

EVENT_KINDS = ("start", "draw", "accept", "pass", "rob", "bank", "list", "keep", "end", "rules")

_ACCEPT_REASONS = {
    "empty": "the pile was empty",
    "ace": "an ace is always accepted",
    "after_ace": "anything goes after an ace",
    "higher": "higher than {below}",
    "equal": "equal to {below}",
    "custom": "the custom rule accepts it on {below}",
}


def seat_name(seat: int | None, names: Sequence[str] | None = None) -> str:
    """A seat as people call it: its name if there are names, else "Seat 0"."""
    if seat is None:
        return "nobody"
    if names is not None and 0 <= seat < len(names):
        return str(names[seat])
    return f"Seat {seat}"


def _cards(cards: Sequence[Card]) -> str:
    return " ".join(map(str, cards))


def _count(n: int) -> str:
    return f"{n} card" if n == 1 else f"{n} cards"


@dataclasses.dataclass(frozen=True)
class Event:
    """One entry of the log.

    - ``kind``: one of ``start draw accept pass rob bank list keep end``.
    - ``player``: the seat that acts (the drawer, robber, banker, lister; ``None`` for ``end``).
    - ``target``: the seat acted upon (who takes a passed pile, who is robbed), else ``None``.
    - ``cards``: the cards concerned (the drawn card, the loot, the banked pile, the ace).
    - ``below``: for ``accept`` and ``pass``, the card the draw was compared with.
    - ``info``: a short code: how the first player was chosen, why a card was accepted or
      passed, the robbing ace's share, ``"deck_empty"`` on the bank the engine makes by itself
      (R14), why an ace was kept, or why the game ended.
    - ``scores``: for ``end``, every seat's final score.
    """

    kind: str
    player: int | None
    target: int | None = None
    cards: tuple[Card, ...] = ()
    below: Card | None = None
    info: str | None = None
    scores: tuple[int, ...] | None = None

    def describe(self, names: Sequence[str] | None = None) -> str:
        """The event as a plain sentence, with player names if given."""
        who = seat_name(self.player, names)
        whom = seat_name(self.target, names)
        k, cards, info = self.kind, self.cards, self.info
        if k == "start":
            how = {"lot": " (drawn by lot)", "suit": " (picked by the suit of the first card)"}
            return f"{who} starts{how.get(info, '')}."
        if k == "draw":
            return f"{who} draws {_cards(cards)}."
        if k == "accept":
            why = _ACCEPT_REASONS.get(info, "accepted").format(below=self.below)
            return f"{_cards(cards)} is accepted: {why}."
        if k == "pass":
            why = {"equal": "is only equal to", "custom": "is refused by the custom rule on"}
            how = why.get(info, "is lower than")
            return f"{_cards(cards)} {how} {self.below}: the pile passes to {whom}."
        if k == "rob":
            share = f" ({info} of their cards)" if info and info != "custom" else ""
            if not cards:
                return f"{who} robs {whom}{share} but gets nothing."
            return f"{who} robs {_count(len(cards))} from {whom}{share}: {_cards(cards)}."
        if k == "bank":
            end = " (the deck is empty)" if info == "deck_empty" else ""
            return f"{who} banks {_count(len(cards))}: {_cards(cards)}{end}."
        if k == "list":
            return f"{who} lists {_cards(cards)}: it goes back into the deck, which is shuffled."
        if k == "keep":
            if info == "dead_deck":
                return f"{who} keeps {_cards(cards)}: the deck holds no other card to list it into."
            return f"{who} keeps {_cards(cards)} in the bank."
        if k == "rules":
            return f"The rules change: {info}."
        if k == "end":
            why = {
                "deck": "the deck is empty",
                "max_turns": (
                    "the turn limit (max_turns) is reached; cards left in play score nothing"
                ),
            }.get(info, info)
            text = f"The game ends: {why}."
            if self.scores is not None:
                best = max(self.scores)
                winners = [seat_name(s, names) for s, v in enumerate(self.scores) if v == best]
                verb = "wins" if len(winners) == 1 else "share the win"
                text += f" {' and '.join(winners)} {verb} with {_count(best)}."
            return text
        return f"{k} {who}"

    def __str__(self) -> str:
        return self.describe()

    def to_dict(self) -> dict:
        """The event as JSON-safe data, with its sentence under ``"text"``."""
        return {
            "kind": self.kind,
            "player": self.player,
            "target": self.target,
            "cards": [c.ascii for c in self.cards],
            "below": None if self.below is None else self.below.ascii,
            "info": self.info,
            "scores": None if self.scores is None else list(self.scores),
            "text": self.describe(),
        }

    @classmethod
    def from_dict(cls, data: dict) -> Event:
        """An event from :meth:`to_dict`'s data (``"text"`` is ignored)."""
        if data["kind"] not in EVENT_KINDS:
            raise ValueError(f"unknown event kind {data['kind']!r}")
        return cls(
            kind=data["kind"],
            player=data["player"],
            target=data["target"],
            cards=tuple(to_card(c) for c in data["cards"]),
            below=None if data["below"] is None else to_card(data["below"]),
            info=data["info"],
            scores=None if data["scores"] is None else tuple(data["scores"]),
        )
