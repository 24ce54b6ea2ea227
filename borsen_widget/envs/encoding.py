"""The one encoder of the public view that the PettingZoo, Gymnasium and OpenSpiel adapters
share: the table of actions, the observation and the action mask.

**Actions** (R4, R8, R11, R12): one ``Discrete`` space of ``2 + (decks + 1) ** 4`` actions.
``0`` is *draw*, ``1`` is *bank*, and ``2 + i`` lists a selection of aces, ``i`` counting in
base ``decks + 1`` how many aces of each suit are listed (♠ first): ``2`` is "list none"
(keep them all), ``3`` lists one A♠ … With one deck that is 18 actions, with two 83. Which of
them are legal now is the engine's answer (:meth:`Game.legal_actions`), never worked out here.

**Observation**: a ``float32`` vector in [0, 1] made from the facts of a
:class:`~borsen_widget.play.bots.PublicView` alone (what every player at the table sees: never
the deck's order, the seed or the random generator), seen from one seat (its own seat first,
then the others in playing order):

- the deck's composition, copies of each of the 52 cards over ``decks``; its size over the
  cards in play;
- the pile: copies of each card over ``decks``, its size over the cards in play, its top card
  one-hot (none when empty);
- for each seat from the observer on: its non-ace bank cards and its score over the cards in
  play, and its aces of each suit over ``decks``;
- whose turn it is (one-hot, the observer first), the phase (play, aces, over);
- the aces pending a decision by suit over ``decks`` and how many must be listed (R11, R12);
- the exact chance that the next draw is accepted (RULES.md §4), whether the deck is live
  (R13), whether this is the last turn of the cap (R14a) and the share of the cap used.

Its length is ``170 + 7 × players``; ``players`` and ``decks`` (the structural options) change
the spaces, every other option only the values. :func:`describe` gives the same facts as a
readable dict.

**How it is computed** (fast, the same numbers): every entry but two is a figure of a *count*
(the copies of a card in the deck, the cards of a bank, ...). Each public fact becomes bytes of
entry numbers (``bytes.translate`` through tables made once per rules: a pile card ``c`` counts
in entry ``53 + c`` and in the pile's size, a bank card in its seat's size and in its non-aces
or its ace suit, a deck card in its own entry, the deck's size and, when it is no ace, R13's
"live" entry); one ``numpy.bincount`` counts them all and one ``take`` from a table of each
entry's figure for each count gives the vector. The two others are written after it: R5's
chance (the deck's accepted cards, counted through a table per top card, over its size) and the
share of the turn cap. The tables are made by the very float32 operations the entry-by-entry
reading does, so the vector is bit for bit the same (``tests/envs/reference_encoding.py`` keeps
that reading, and a test compares the two over random games of every rule option).
:meth:`Encoding.observe_game` reads a game's :attr:`~borsen_widget.Game.position` (the deck only
as its composition: its order never reaches the vector) and is what the adapters call;
:meth:`Encoding.observe` reads a :class:`~borsen_widget.play.bots.PublicView`, as a strategy
function has one.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence

import numpy as np

from ..engine.actions import BANK, DRAW, Action
from ..engine.cards import CARDS, DISTINCT_CARDS, FIRST_ACE
from ..engine.errors import IllegalActionError
from ..engine.game import Game
from ..engine.moves import cap_reached
from ..engine.rules import Rules
from ..play.bots import PublicView

#: The first ace decision's index: 0 draws, 1 banks.
FIRST_LIST = 2
PHASES = ("play", "aces", "over")


class Encoding:
    """The action table, the observation and the mask for one set of rules (made once per
    rules by :func:`encoding_for`; it never changes)."""

    def __init__(self, rules: Rules):
        self.rules = rules
        self.players = n = rules.players
        self.decks = decks = rules.decks
        self.radix = rules.decks + 1
        self.num_actions = FIRST_LIST + self.radix**4
        self.cards_in_play = total = DISTINCT_CARDS * rules.decks
        self.size = size = 170 + 7 * n
        # R5 as the rules judge it (Rules.accepts, house rules included), one row per top card
        # and a last row for an empty pile: the chance of acceptance from the composition.
        self.accepts = np.array(
            [[rules.accepts(card, below) for card in CARDS] for below in (*CARDS, None)],
            np.float32,
        )
        self._tables(n, decks, total, size)
        self._masks: dict[tuple[Action, ...], np.ndarray] = {}
        self._legal: dict[tuple[Action, ...], list[int]] = {}

    def _tables(self, n: int, decks: int, total: int, size: int) -> None:
        """The entry numbers of each fact, the translation tables and each entry's figure for
        each count (see the module's text)."""
        banks = 158
        self.turn_at = turn = banks + 6 * n
        phase = turn + n
        self.pending_at = pending = phase + 3
        self.chance_at = chance = pending + 5
        self.sink = sink = size  # counted, never shown

        def table(entry_of) -> bytes:
            return bytes(entry_of(c) if c < DISTINCT_CARDS else sink for c in range(256))

        self.to_deck_size = table(lambda c: 52)
        self.to_live = table(lambda c: chance + 1 if c < FIRST_ACE else sink)  # R13
        # R5's accepted cards of the deck on each top card (a last table for an empty pile),
        # counted apart: the chance is their count over the deck's size.
        self.to_accepted = [
            bytes(1 if c < 52 and row[c] else 0 for c in range(256)) for row in self.accepts
        ]
        self.to_pile = table(lambda c: 53 + c)
        self.to_pile_size = table(lambda c: 105)
        self.to_pending = table(lambda c: pending + c - FIRST_ACE if c >= FIRST_ACE else sink)
        # A bank's cards from each seat's side: rel = (seat of the bank - observer) % n.
        self.to_bank_size = [table(lambda c, r=r: banks + 6 * r + 1) for r in range(n)]
        self.to_bank_kind = [
            table(lambda c, r=r: banks + 6 * r + (2 + c - FIRST_ACE if c >= FIRST_ACE else 0))
            for r in range(n)
        ]
        self.turn_bytes = [bytes([turn + r]) for r in range(n)]
        self.phase_bytes = {p: bytes([phase + i]) for i, p in enumerate(PHASES)}
        self.top_bytes = [bytes([106 + c]) for c in range(DISTINCT_CARDS)]
        self.to_list_byte = bytes([pending + 4])
        self.last_turn_byte = bytes([chance + 2])
        self.minlength = size + 1

        # Each entry's figure for each count, by the float32 operations of the entry-by-entry
        # reading (tests/envs/reference_encoding.py): "k / total" assigned, "/= decks" on the
        # deck's counts, "+= 1 / decks" once per card of the pile and of the pending aces.
        width = total + 1
        k = np.arange(width)
        of_total = (k / total).astype(np.float32)
        per_deck = k.astype(np.float32)
        per_deck /= decks
        added = np.zeros(width, np.float32)
        one = np.zeros(1, np.float32)
        for count in range(decks + 1):
            added[count] = one[0]
            one[0] += 1 / decks
        one_hot = (k >= 1).astype(np.float32)
        figures = np.zeros((size, width), np.float32)
        figures[:52] = per_deck
        figures[52] = of_total
        figures[53:105] = added
        figures[105] = of_total
        figures[106:158] = one_hot
        for r in range(n):
            at = banks + 6 * r
            figures[at] = of_total
            figures[at + 1] = of_total
            figures[at + 2 : at + 6] = (k / decks).astype(np.float32)
        figures[turn:pending] = one_hot  # whose turn, the phase
        figures[pending : pending + 4] = added
        figures[pending + 4] = (k / (4 * decks)).astype(np.float32)
        figures[chance + 1] = one_hot
        figures[chance + 2] = one_hot
        self.figures = figures.ravel()
        self.rows = np.arange(size) * width
        # The chance of acceptance for each deck size and accepted count, as the float32 of
        # the accepted count over the size (RULES.md §4).
        self.chances = [np.zeros(1, np.float32)] + [
            np.arange(left + 1, dtype=np.float32) / left for left in range(1, width)
        ]

    def __deepcopy__(self, memo):
        return self  # it never changes (a cloned OpenSpiel state shares it)

    # ------------------------------------------------------------------ actions

    def action(self, index: int) -> Action:
        """The engine's action for an index of the table (any index in range, legal or not)."""
        index = int(index)
        if not 0 <= index < self.num_actions:
            raise IllegalActionError(
                f"action {index} is not in the table of {self.num_actions} actions "
                f"(0 draw, 1 bank, {FIRST_LIST}..{self.num_actions - 1} ace decisions)",
                reason="parse",
            )
        if index == 0:
            return DRAW
        if index == 1:
            return BANK
        code, aces = index - FIRST_LIST, []
        for suit in range(4):
            code, count = divmod(code, self.radix)
            aces += [CARDS[FIRST_ACE + suit]] * count
        return Action("list", tuple(aces))

    def index(self, action: Action | str) -> int:
        """The table's index of an engine action (or its text)."""
        action = Action.parse(action)
        if action.kind == "draw":
            return 0
        if action.kind == "bank":
            return 1
        code = 0
        for suit in reversed(range(4)):
            count = sum(1 for c in action.aces if c.index == FIRST_ACE + suit)
            if count >= self.radix:
                raise IllegalActionError(
                    f"{action} lists more aces of a suit than {self.decks} deck(s) hold",
                    action=action,
                    reason="parse",
                )
            code = code * self.radix + count
        return FIRST_LIST + code

    def legal(self, actions: Sequence[Action]) -> list[int]:
        """The indices of the engine's legal actions, ascending (a new list; remembered for
        each tuple of actions the engine gives)."""
        key = tuple(actions)
        known = self._legal.get(key)
        if known is None:
            known = self._legal[key] = sorted(self.index(a) for a in key)
        return known[:]

    def _mask_of(self, actions: Sequence[Action]) -> np.ndarray:
        key = tuple(actions)
        mask = self._masks.get(key)
        if mask is None:
            mask = np.zeros(self.num_actions, np.int8)
            mask[self.legal(key)] = 1
            self._masks[key] = mask
        return mask.copy()

    def mask(self, view: PublicView, seat: int | None = None) -> np.ndarray:
        """1 for each legal action of the seat to act (``int8``); all 0 for any other
        ``seat`` and once the game is over."""
        if seat is None or seat == view.current_player:
            return self._mask_of(view.legal_actions())
        return np.zeros(self.num_actions, np.int8)

    def mask_game(self, game: Game, seat: int | None = None) -> np.ndarray:
        """:meth:`mask` of a game (its legal actions, without a :class:`PublicView`)."""
        if seat is None or seat == game.current_player:
            return self._mask_of(game.legal_actions())
        return np.zeros(self.num_actions, np.int8)

    # ------------------------------------------------------------------ observation

    def observe(self, view: PublicView, seat: int) -> np.ndarray:
        """The observation vector of ``view`` as ``seat`` sees it (see the module's text)."""
        deck = b"".join(bytes((card.index,)) * k for card, k in view.deck_counts().items())
        return self._encode(
            deck,
            bytes(c.index for c in view.pile),
            [bytes(c.index for c in bank) for bank in view.banks],
            view.current_player,
            view.phase,
            bytes(c.index for c in view.pending_aces),
            view.aces_to_list,
            view.turns,
            seat,
        )

    def observe_game(self, game: Game, seat: int) -> np.ndarray:
        """:meth:`observe` of ``PublicView(game)``, read from the game's position in one pass
        (its deck only as counts: the order never reaches the vector)."""
        pos = game.position
        return self._encode(
            bytes(pos.deck),
            bytes(pos.pile),
            [bytes(bank) for bank in pos.banks],
            pos.current_player,
            pos.phase,
            bytes(pos.pending_aces),
            pos.aces_to_list,
            pos.turns,
            seat,
        )

    def _encode(
        self,
        deck: bytes,
        pile: bytes,
        banks: list[bytes],
        current: int,
        phase: str,
        pending: bytes,
        to_list: int,
        turns: int,
        seat: int,
    ) -> np.ndarray:
        n = self.players
        playing = phase != "over"
        parts = [
            deck,
            deck.translate(self.to_deck_size),
            deck.translate(self.to_live),
            pile.translate(self.to_pile),
            pile.translate(self.to_pile_size),
            self.phase_bytes[phase],
            pending.translate(self.to_pending),
            self.to_list_byte * to_list,
        ]
        if pile:
            parts.append(self.top_bytes[pile[-1]])
        if playing:
            parts.append(self.turn_bytes[(current - seat) % n])
            if cap_reached(turns + 1, self.rules):  # R14a
                parts.append(self.last_turn_byte)
        sizes, kinds = self.to_bank_size, self.to_bank_kind
        for s, bank in enumerate(banks):
            r = (s - seat) % n
            parts.append(bank.translate(sizes[r]))
            parts.append(bank.translate(kinds[r]))
        counts = np.bincount(np.frombuffer(b"".join(parts), np.uint8), minlength=self.minlength)
        out = self.figures.take(self.rows + counts[: self.size])
        at = self.chance_at
        if playing and deck:  # RULES.md §4: accepted cards over cards left
            accepted = deck.translate(self.to_accepted[pile[-1] if pile else -1]).count(1)
            out[at] = self.chances[len(deck)][accepted]
        out[at + 3] = min(1.0, turns / self.rules.max_turns)
        return out

    def observation(self, view: PublicView, seat: int) -> dict:
        """PettingZoo's and Gymnasium's observation: ``{"observation", "action_mask"}``."""
        return {"observation": self.observe(view, seat), "action_mask": self.mask(view, seat)}

    def observation_game(self, game: Game, seat: int) -> dict:
        """:meth:`observation` of ``PublicView(game)``, from the game directly."""
        return {
            "observation": self.observe_game(game, seat),
            "action_mask": self.mask_game(game, seat),
        }


@functools.lru_cache(maxsize=64)
def encoding_for(rules: Rules) -> Encoding:
    """The :class:`Encoding` of ``rules``, made once (its tables take a millisecond or two)."""
    return Encoding(rules)


def describe(view: PublicView, seat: int) -> dict:
    """The facts the observation vector holds, as a readable dict (cards as text), from
    ``seat``'s side: for people reading an agent's input, and for tests."""
    n = view.players
    order = [(seat + k) % n for k in range(n)]
    return {
        "seat": seat,
        "to_act": view.current_player,
        "phase": view.phase,
        "deck_counts": {c.ascii: k for c, k in view.deck_counts().items()},
        "pile": [c.ascii for c in view.pile],
        "banks": {s: [c.ascii for c in view.banks[s]] for s in order},
        "pending_aces": [c.ascii for c in view.pending_aces],
        "aces_to_list": view.aces_to_list,
        "p_accept": str(view.p_accept()) if view.phase != "over" else None,
        "turns": view.turns,
        "legal_actions": [str(a) for a in view.legal_actions()],
    }


__all__ = ["FIRST_LIST", "PHASES", "Encoding", "describe", "encoding_for"]
