"""What happened, as data and as plain sentences: the game's log (RULES.md §5, "The log").

This module is the one narrator of the log. :meth:`Event.describe` tells one event ("4♣ is
lower than 6♠: the pile passes to Cy."); :func:`narrate` tells a log as a screen shows it, one
line per thing that happened, a draw together with its verdict and its robbery ("Bo drew 4♣ —
lower than 6♠: the pile passes to Cy."). Both take their phrases from the same tables, so a
reason is worded once.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import NamedTuple

from .cards import Card, to_card
from .errors import SaveError, quote
from .words import and_join, card_list, count_cards, seat_name

EVENT_KINDS = ("start", "draw", "accept", "pass", "rob", "bank", "list", "keep", "end", "rules")
END_REASONS = ("deck", "max_turns")

# Why a card was accepted or refused (R5): the ``info`` of accept and pass events.
ACCEPTED_BECAUSE = {
    "empty": "the pile was empty",
    "ace": "an ace is always accepted",
    "after_ace": "anything goes after an ace",
    "higher": "higher than {below}",
    "equal": "equal to {below}",
    "custom": "the house rule accepts it on {below}",
}
REFUSED_BECAUSE = {
    "lower": "lower than {below}",
    "equal": "only equal to {below}",
    "custom": "the house rule refuses it on {below}",
}
STARTS_BECAUSE = {"lot": " (drawn by lot)", "suit": " (picked by the suit of the first card)"}
ENDS_BECAUSE = {
    "deck": "the deck is empty",
    "max_turns": "the turn limit (max_turns) is reached; cards left in play score nothing",
}
# A robbing ace's share in words (R9), for the robbery that rounds down to nothing.
SHARE_WORDS = {"0": "nothing", "1/2": "half", "1/3": "a third", "1/4": "a quarter"}
SHARE_WORDS.update({"1/5": "a fifth", "1": "all"})


class Event(NamedTuple):
    """One entry of the log.

    - ``kind``: one of ``start draw accept pass rob bank list keep end rules``.
    - ``player``: the seat that acts (the drawer, robber, banker, lister; ``None`` for ``end``).
    - ``target``: the seat acted upon (who takes a passed pile, who is robbed), else ``None``.
    - ``cards``: the cards concerned (the drawn card, the loot, the banked pile, the ace).
    - ``below``: for ``accept`` and ``pass``, the card the draw was compared with.
    - ``info``: a short code: how the first player was chosen, why a card was accepted or
      passed (:meth:`Rules.judge`'s reasons), the robbing ace's share, ``"deck_empty"`` on
      the bank the engine makes by itself (R14), why an ace was kept, why the game ended, or
      what the rules changed.
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
        k, cards, info = self.kind, card_list(self.cards), self.info
        if k == "start":
            return f"{who} starts{STARTS_BECAUSE.get(info, '')}."
        if k == "draw":
            return f"{who} draws {cards}."
        if k == "accept":
            return f"{cards} is accepted: {_because(ACCEPTED_BECAUSE, self)}."
        if k == "pass":
            return f"{cards} is {_because(REFUSED_BECAUSE, self)}: the pile passes to {whom}."
        if k == "rob":
            share = f" ({info} of their cards)" if info and info != "custom" else ""
            if not self.cards:
                return f"{who} robs {whom}{share} but gets nothing."
            return f"{who} robs {count_cards(len(self.cards))} from {whom}{share}: {cards}."
        if k == "bank":
            end = " (the deck is empty)" if info == "deck_empty" else ""
            return f"{who} banks {count_cards(len(self.cards))}: {cards}{end}."
        if k == "list":
            return f"{who} lists {cards}: it goes back into the deck, which is shuffled."
        if k == "keep":
            if info == "dead_deck":
                return f"{who} keeps {cards}: {_DEAD_DECK}."
            return f"{who} keeps {cards} in the bank."
        if k == "rules":
            return f"The rules change: {info}."
        return _end_sentence(self, names, "The game ends")  # "end"

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
    def from_dict(cls, data: Mapping, players: int | None = None) -> Event:
        """An event from :meth:`to_dict`'s data (``"text"`` is ignored), checked field by
        field: a bad one raises :class:`SaveError` naming it. ``players`` bounds the seats."""
        if not isinstance(data, Mapping):
            raise SaveError(f"an event must be an object, not {quote(data)}")
        kind = data.get("kind")
        if kind not in EVENT_KINDS:
            raise SaveError(f"unknown event kind {quote(kind)}", field="kind")
        player = _seat(data.get("player"), "player", players, optional=kind == "end")
        target = _seat(data.get("target"), "target", players, optional=True)
        cards = data.get("cards", [])
        if not isinstance(cards, list) or len(cards) > 52 * 4:
            raise SaveError(f"an event's cards must be a list of cards, not {quote(cards)}")
        try:
            cards = tuple(to_card(c) for c in cards)
            below = data.get("below")
            below = None if below is None else to_card(below)
        except (ValueError, TypeError) as error:
            raise SaveError(f"an event holds a bad card: {error}", field="cards") from None
        info = data.get("info")
        if info is not None and (not isinstance(info, str) or len(info) > 2000):
            raise SaveError(f"an event's info must be short text, not {quote(info)}", field="info")
        scores = data.get("scores")
        if kind == "end":
            if info not in END_REASONS:
                raise SaveError(f"an end event must say why the game ended, not {quote(info)}")
            if not isinstance(scores, list) or not all(
                isinstance(s, int) and not isinstance(s, bool) and 0 <= s <= 52 * 4 for s in scores
            ):
                raise SaveError(f"an end event must give every score, not {quote(scores)}")
            if players is not None and len(scores) != players:
                raise SaveError(f"an end event must give {players} scores, not {len(scores)}")
            scores = tuple(scores)
        elif scores is not None:
            raise SaveError(f"only an end event has scores, not a {kind} event", field="scores")
        return cls(kind, player, target, cards, below, info, scores)


def _seat(value, what: str, players: int | None, optional: bool) -> int | None:
    if value is None and optional:
        return None
    if isinstance(value, bool) or not isinstance(value, int):
        raise SaveError(f"an event's {what} must be a seat, not {quote(value)}", field=what)
    if value < 0 or (players is not None and value >= players):
        raise SaveError(f"an event's {what} {quote(value)} is not a seat", field=what)
    return value


_DEAD_DECK = "the deck holds no other card to list it into"


def _because(table: Mapping[str, str], event: Event) -> str:
    """Why R5 accepted or refused an event's card, in words."""
    return table.get(event.info or "", "accepted").format(below=event.below)


def _end_sentence(event: Event, names: Sequence[str] | None, opening: str) -> str:
    text = f"{opening}: {ENDS_BECAUSE.get(event.info, str(event.info))}."
    if event.scores:
        best = max(event.scores)
        winners = [seat_name(s, names) for s, v in enumerate(event.scores) if v == best]
        verb = "wins" if len(winners) == 1 else "share the win"
        text += f" {and_join(winners)} {verb} with {count_cards(best)}."
    return text


# ---------------------------------------------------------------------------------- narration


def narrate(
    log: Iterable[Event], names: Sequence[str] | None = None, *, loot_to: str = "bank"
) -> list[dict]:
    """The log as a screen tells it, one line per thing that happened.

    A draw, its verdict and the robbery it caused make one line; so do the kept and listed aces
    of one decision. Each line is ``{"id", "kind", "seat", "text"}``, where ``id`` is the index
    of its first event in the log and ``kind`` what the line is about (``"pass"`` and ``"rob"``
    for draws that passed the pile on or robbed). ``loot_to`` says where loot goes (R9).
    """
    log = list(log)
    lines = []
    i, n = 0, len(log)
    while i < n:
        event = log[i]
        kind = event.kind
        start = i
        i += 1
        if kind == "draw":
            verdict = rob = None
            while (
                i < n
                and log[i].kind in ("accept", "pass", "rob")
                and (log[i].player == event.player)
            ):
                if log[i].kind == "rob":
                    rob = log[i]
                else:
                    verdict = log[i]
                i += 1
            text = _draw_line(event, verdict, rob, names, loot_to)
            if rob is not None:
                kind = "rob"
            elif verdict is not None and verdict.kind == "pass":
                kind = "pass"
        elif kind in ("list", "keep"):
            group = [event]
            while i < n and log[i].kind in ("list", "keep") and log[i].player == event.player:
                group.append(log[i])
                i += 1
            text = _aces_line(group, names)
            kind = "list" if any(e.kind == "list" for e in group) else "keep"
        elif kind == "bank":
            count = count_cards(len(event.cards))
            text = f"{seat_name(event.player, names)} banked {count}: {card_list(event.cards)}."
        elif kind == "start":
            text = (
                f"{seat_name(event.player, names)} goes first{STARTS_BECAUSE.get(event.info, '')}."
            )
        elif kind == "rob":  # a robbery without its draw (never made by the engine; kept safe)
            text = f"{seat_name(event.player, names)}{_rob_phrase(event, names, loot_to)[4:]}."
        elif kind == "end":
            text = _end_sentence(event, names, "Game over")
        else:
            text = event.describe(names)
        lines.append({"id": start, "kind": kind, "seat": event.player, "text": text})
    return lines


def _draw_line(draw: Event, verdict, rob, names, loot_to: str) -> str:
    """One line for a draw with its verdict (R5–R7) and the robbery it caused (R9)."""
    text = f"{seat_name(draw.player, names)} drew {card_list(draw.cards)}"
    if verdict is not None:
        if verdict.kind == "pass":
            whom = seat_name(verdict.target, names)
            text += f" — {_because(REFUSED_BECAUSE, verdict)}: the pile passes to {whom}"
        elif rob is None:
            if verdict.info == "empty":
                text += " to start a pile"
            elif verdict.info != "ace":
                text += f" — {_because(ACCEPTED_BECAUSE, verdict)}"
                if verdict.info == "equal":
                    text += ": accepted"
    if rob is not None:
        text += _rob_phrase(rob, names, loot_to)
    return text + "."


def _rob_phrase(rob: Event, names, loot_to: str) -> str:
    """`` and robbed 3 cards from Cy`` (R9), or why it got nothing."""
    whom = seat_name(rob.target, names)
    if rob.cards:
        where = " into the pile, under the ace" if loot_to == "pile" else ""
        return f" and robbed {count_cards(len(rob.cards))} from {whom}{where}"
    if rob.info in (None, "custom"):
        return f" and robbed {whom}, but got nothing"
    share = SHARE_WORDS.get(rob.info, rob.info)
    return f" and robbed {whom}, but {share} of their bank rounds down to nothing"


def _aces_line(events: Sequence[Event], names) -> str:
    """One line for an ace decision (R11–R13): the kept and the listed aces."""
    who = seat_name(events[0].player, names)
    listed = [c for e in events if e.kind == "list" for c in e.cards]
    kept = [c for e in events if e.kind == "keep" for c in e.cards]
    if listed:
        text = f"{who} listed {card_list(listed)} (shuffled back into the deck)"
        if kept:
            text += f" and kept {card_list(kept)}"
    elif any(e.kind == "keep" and e.info == "dead_deck" for e in events):
        text = f"{who} kept {card_list(kept)}: {_DEAD_DECK}"
    else:
        text = f"{who} kept {card_list(kept)} in the bank, safe from robbers"
    return text + "."
