"""Where a game stands: the named position that the moves change, undo restores, saves write
and screens read.

A card is its index (:mod:`borsen_widget.engine.cards`): ranks are ``index >> 2`` + 2 and the
aces are the indices from 48 up, which keeps the moves to integer arithmetic. The deck keeps
its top card at the *end* of its list, so a draw is ``list.pop()``.

:class:`Position` is the one definition of the game's state: its fields are exactly what a save
file holds (:meth:`Position.to_data`), equality compares them all, :meth:`Position.copy` copies
them all, and :meth:`Position.public_data` is the same data with the deck's order replaced by
its composition (RULES.md "Hidden information").
"""

from __future__ import annotations

import dataclasses
from collections import Counter
from collections.abc import Sequence

from .cards import CARDS, FIRST_ACE

__all__ = ["ACES", "OVER", "PHASES", "PLAY", "Position"]

PLAY, ACES, OVER = "play", "aces", "over"
PHASES = (PLAY, ACES, OVER)


@dataclasses.dataclass(slots=True)
class Position:
    """The state of one game (everything but its rules, its random generator and its log).

    - ``deck``: the deck's cards, the next to be drawn *last* (hidden: its order is the game's
      one secret);
    - ``pile``: the face-up pile, bottom card first (R5–R7);
    - ``banks``: every seat's bank, oldest card first (R10);
    - ``in_play``: the cards this game is played with, sorted (R16);
    - ``current_player``: the seat to act (R1);
    - ``turns``: turns ended so far (R14a);
    - ``phase``: ``"play"`` (draw or bank), ``"aces"`` (an ace decision is pending, R11) or
      ``"over"``;
    - ``pending_aces``: the aces the current player decides on now, sorted (R11, R12);
    - ``incoming_aces``: the aces of the pile just banked, sorted (R11);
    - ``aces_to_list``: how many pending aces must be listed at least (R12);
    - ``end_reason``: ``None`` while playing, then ``"deck"`` or ``"max_turns"`` (R14, R14a);
    - ``bank_aces``: how many aces each bank holds, kept in step with ``banks`` because every
      robbery (R9) and every bank (R12) reads it.
    """

    deck: list[int]
    pile: list[int]
    banks: list[list[int]]
    in_play: tuple[int, ...]
    current_player: int = 0
    turns: int = 0
    phase: str = PLAY
    pending_aces: list[int] = dataclasses.field(default_factory=list)
    incoming_aces: list[int] = dataclasses.field(default_factory=list)
    aces_to_list: int = 0
    end_reason: str | None = None
    bank_aces: list[int] = dataclasses.field(default_factory=list)

    @classmethod
    def deal(cls, deck: list[int], pile: list[int], banks: list[list[int]]) -> Position:
        """A position with these cards in play and nothing else decided yet."""
        in_play = tuple(sorted([*deck, *pile, *(c for bank in banks for c in bank)]))
        aces = [sum(c >= FIRST_ACE for c in bank) for bank in banks]
        return cls(deck, pile, banks, in_play, bank_aces=aces)

    def copy(self) -> Position:
        """An independent copy (the lists are copied; ``in_play`` never changes). Every
        checked move makes one for undo, so it skips ``__init__``."""
        twin = _new(Position)
        twin.deck = self.deck[:]
        twin.pile = self.pile[:]
        twin.banks = [bank[:] for bank in self.banks]
        twin.in_play = self.in_play
        twin.current_player = self.current_player
        twin.turns = self.turns
        twin.phase = self.phase
        twin.pending_aces = self.pending_aces[:]
        twin.incoming_aces = self.incoming_aces[:]
        twin.aces_to_list = self.aces_to_list
        twin.end_reason = self.end_reason
        twin.bank_aces = self.bank_aces[:]
        return twin

    # ------------------------------------------------------------------ public facts

    @property
    def players(self) -> int:
        return len(self.banks)

    def scores(self) -> tuple[int, ...]:
        """Every seat's score: the cards in its bank, aces included (R15)."""
        return tuple(len(bank) for bank in self.banks)

    def winners(self) -> tuple[int, ...]:
        """The seats with the most cards once the game is over, else empty (R15)."""
        if self.phase != OVER:
            return ()
        scores = self.scores()
        best = max(scores)
        return tuple(seat for seat, score in enumerate(scores) if score == best)

    def deck_counts(self) -> list[tuple[int, int]]:
        """The deck's composition as (card index, copies), in canonical order (never the
        deck's order, which is secret)."""
        return sorted(Counter(self.deck).items())

    def is_deck_live(self) -> bool:
        """True while the deck holds a non-ace card, so aces may be listed (R13)."""
        return bool(self.deck) and min(self.deck) < FIRST_ACE

    def robbable(self) -> list[int]:
        """Every seat's robbable cards: its non-aces (R9)."""
        return [len(bank) - aces for bank, aces in zip(self.banks, self.bank_aces, strict=True)]

    # ------------------------------------------------------------------ data

    def to_data(self) -> dict:
        """Every field as JSON-safe data, cards as text (``"TH"``): what a save file holds.
        The deck is listed in drawing order (the next card first); ``bank_aces`` is left out
        (it follows from the banks)."""
        return {
            "deck": _codes(reversed(self.deck)),
            "pile": _codes(self.pile),
            "banks": [_codes(bank) for bank in self.banks],
            "in_play": _codes(self.in_play),
            "current_player": self.current_player,
            "turns": self.turns,
            "phase": self.phase,
            "pending_aces": _codes(self.pending_aces),
            "incoming_aces": _codes(self.incoming_aces),
            "aces_to_list": self.aces_to_list,
            "end_reason": self.end_reason,
        }

    def public_data(self) -> dict:
        """:meth:`to_data` without the secret: the deck's order becomes its size and its
        composition in canonical order (RULES.md "Hidden information"); two positions that
        differ only in the deck's order give the same public data."""
        data = self.to_data()
        del data["deck"]
        data["deck_size"] = len(self.deck)
        data["deck_counts"] = [[CARDS[c].ascii, k] for c, k in self.deck_counts()]
        return data

    # ------------------------------------------------------------------ invariants

    def check_invariants(self) -> None:
        """Raise ``AssertionError`` if the position breaks card conservation (R16) or its own
        bookkeeping; used by the property tests and by loading a save."""
        everything = self.deck + self.pile + [c for bank in self.banks for c in bank]
        assert sorted(everything) == list(self.in_play), "R16: cards were created or lost"
        assert self.bank_aces == [sum(c >= FIRST_ACE for c in b) for b in self.banks], "aces"
        assert self.phase in PHASES, f"unknown phase {self.phase!r}"
        assert (self.phase == ACES) == bool(self.pending_aces), "pending aces outside a decision"
        if self.phase == ACES:
            assert not Counter(self.pending_aces) - Counter(self.banks[self.current_player])
            assert 0 <= self.aces_to_list <= len(self.pending_aces)
        if self.phase == OVER:
            assert self.end_reason in ("deck", "max_turns")
            if self.end_reason == "deck":
                assert not self.deck and not self.pile
        else:
            assert self.end_reason is None


_new = object.__new__


def _codes(cards: Sequence[int] | reversed) -> list[str]:
    return [CARDS[c].ascii for c in cards]
