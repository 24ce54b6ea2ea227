"""The one encoder of the public view that the PettingZoo, Gymnasium and OpenSpiel adapters
share: the table of actions, the observation and the action mask.

**Actions** (R4, R8, R11, R12): one ``Discrete`` space of ``2 + (decks + 1) ** 4`` actions.
``0`` is *draw*, ``1`` is *bank*, and ``2 + i`` lists a selection of aces, ``i`` counting in
base ``decks + 1`` how many aces of each suit are listed (♠ first): ``2`` is "list none"
(keep them all), ``3`` lists one A♠ … With one deck that is 18 actions, with two 83. Which of
them are legal now is the engine's answer (:meth:`Game.legal_actions`), never worked out here.

**Observation**: a ``float32`` vector in [0, 1] made from a
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
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from ..engine.actions import BANK, DRAW, Action
from ..engine.cards import CARDS, DISTINCT_CARDS, FIRST_ACE
from ..engine.errors import IllegalActionError
from ..engine.moves import cap_reached
from ..engine.rules import Rules
from ..play.bots import PublicView

#: The first ace decision's index: 0 draws, 1 banks.
FIRST_LIST = 2
PHASES = ("play", "aces", "over")


class Encoding:
    """The action table, the observation and the mask for one set of rules."""

    def __init__(self, rules: Rules):
        self.rules = rules
        self.players = rules.players
        self.decks = rules.decks
        self.radix = rules.decks + 1
        self.num_actions = FIRST_LIST + self.radix**4
        self.cards_in_play = DISTINCT_CARDS * rules.decks
        self.size = 170 + 7 * self.players
        # R5 as the rules judge it (Rules.accepts, house rules included), one row per top card
        # and a last row for an empty pile: the chance of acceptance from the composition.
        self.accepts = np.array(
            [[rules.accepts(card, below) for card in CARDS] for below in (*CARDS, None)],
            np.float32,
        )

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
        """The indices of the engine's legal actions, ascending."""
        return sorted(self.index(a) for a in actions)

    def mask(self, view: PublicView, seat: int | None = None) -> np.ndarray:
        """1 for each legal action of the seat to act (``int8``); all 0 for any other
        ``seat`` and once the game is over."""
        mask = np.zeros(self.num_actions, np.int8)
        if seat is None or seat == view.current_player:
            mask[self.legal(view.legal_actions())] = 1
        return mask

    # ------------------------------------------------------------------ observation

    def observe(self, view: PublicView, seat: int) -> np.ndarray:
        """The observation vector of ``view`` as ``seat`` sees it (see the module's text)."""
        n, decks, total = self.players, self.decks, self.cards_in_play
        out = np.zeros(self.size, np.float32)
        counts = view.deck_counts()
        for card, k in counts.items():
            out[card.index] = k
        size = sum(counts.values())
        out[52] = size / total
        at = 53
        for card in view.pile:
            out[at + card.index] += 1 / decks
        out[at + 52] = view.pile_size / total
        top = view.top
        if top is not None:
            out[at + 53 + top.index] = 1
        at += 105  # 158
        for k in range(n):
            bank = view.banks[(seat + k) % n]
            aces = [0, 0, 0, 0]
            for card in bank:
                if card.index >= FIRST_ACE:
                    aces[card.index - FIRST_ACE] += 1
            out[at] = (len(bank) - sum(aces)) / total
            out[at + 1] = len(bank) / total
            out[at + 2 : at + 6] = [a / decks for a in aces]
            at += 6
        if view.phase != "over":
            out[at + (view.current_player - seat) % n] = 1
        at += n
        out[at + PHASES.index(view.phase)] = 1
        at += 3
        for card in view.pending_aces:
            out[at + card.index - FIRST_ACE] += 1 / decks
        out[at + 4] = view.aces_to_list / (4 * decks)
        at += 5
        if size and view.phase != "over":  # RULES.md §4: accepted cards over cards left
            out[at] = self.accepts[-1 if top is None else top.index] @ out[:52] / size
        out[at + 1] = any(not c.is_ace for c in counts)  # R13
        out[at + 2] = view.phase != "over" and cap_reached(view.turns + 1, view.rules)
        out[at + 3] = min(1.0, view.turns / view.rules.max_turns)
        out[:52] /= decks
        return out

    def observation(self, view: PublicView, seat: int) -> dict:
        """PettingZoo's and Gymnasium's observation: ``{"observation", "action_mask"}``."""
        return {"observation": self.observe(view, seat), "action_mask": self.mask(view, seat)}


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


__all__ = ["FIRST_LIST", "Encoding", "describe"]
