"""The moves: the only home of R3–R14 on a position (RULES.md §2, §5).

Each function changes a :class:`~borsen_widget.engine.position.Position` under a
:class:`~borsen_widget.engine.rules.Rules`, asking the rules what their options mean (R5:
:attr:`Rules.verdicts`; R9: :meth:`Rules.victim`, :meth:`Rules.loot`; R11:
:attr:`Rules.list_order`). ``log`` is a list that receives the :class:`Event` of everything that
happens, or ``None`` to keep none: that is the whole difference between the checked path of
:class:`~borsen_widget.engine.game.Game` (which checks first, keeps undo points and a log) and
the lean path of simulations and rollouts, so both play the same game by construction.

The functions trust their caller: an action must be legal (:func:`refusal` says when it is not).
"""

from __future__ import annotations

import functools
import random
from collections import Counter
from collections.abc import Sequence

from .actions import BANK, DRAW, Action
from .cards import CARDS, DISTINCT_CARDS, FIRST_ACE, card_text
from .events import Event
from .position import ACES, OVER, PLAY, Position
from .randomness import shuffle
from .rules import Rules

__all__ = [
    "accepted_count",
    "apply",
    "auto_selection",
    "cap_reached",
    "draw",
    "is_last_turn",
    "legal_actions",
    "may_shuffle",
    "refusal",
    "selections",
    "start",
    "state_text",
]

_DRAW_ONLY = (DRAW,)
_BANK_ONLY = (BANK,)
_DRAW_OR_BANK = (DRAW, BANK)


# ---------------------------------------------------------------------------------- the start


def start(pos: Position, rules: Rules, rng: random.Random, log, current_player=None) -> None:
    """R3: pick the first player (given, by lot or by the first card's suit) and play what the
    engine plays by itself: the suit's card is that seat's first draw; a set position may
    start with an empty deck (R14)."""
    first = rules.first_player
    if current_player is not None:
        pos.current_player, how = current_player, "given"
    elif isinstance(first, int):
        pos.current_player, how = first, "given"
    elif first == "random":
        pos.current_player, how = rng.randrange(rules.players), "lot"
    elif pos.deck:
        # R3 "suit": the top card is turned; its suit picks the seat, and it is that seat's
        # first draw with every effect of a draw.
        pos.current_player, how = (pos.deck[-1] & 3) % rules.players, "suit"
    else:
        pos.current_player, how = 0, "given"  # no card to turn: the game is over at once anyway
    if log is not None:
        log.append(Event("start", pos.current_player, info=how))
    if how == "suit":
        draw(pos, rules, rng, log)
    elif not pos.deck:
        if not pos.pile:
            end(pos, "deck", log)
        elif rules.auto_bank_at_end:
            bank(pos, rules, rng, log, auto=True)


# ---------------------------------------------------------------------------------- the moves


def apply(pos: Position, rules: Rules, rng: random.Random, log, action: Action) -> None:
    """Play a legal ``action`` for the current player (R4, R8, R11)."""
    if action is DRAW or action.kind == "draw":
        draw(pos, rules, rng, log)
    elif action is BANK or action.kind == "bank":
        bank(pos, rules, rng, log)
    else:
        decide(pos, rules, rng, log, [c.index for c in action.aces])


def draw(pos: Position, rules: Rules, rng: random.Random, log) -> None:
    """Draw the top card: R5 accepted (R6: act again) or R7 not (the pile passes on, a turn
    ends, R14a); R9 an ace robs at once, accepted or not; R14 the engine banks the last pile
    when the deck runs out (``auto_bank_at_end``)."""
    deck = pos.deck
    pile = pos.pile
    card = deck.pop()
    player = pos.current_player
    if pile:
        below = pile[-1]
        accepted, why = rules.verdicts[below * DISTINCT_CARDS + card]
    else:
        below, accepted, why = None, True, "empty"
    pile.append(card)
    if log is not None:
        drawn = (CARDS[card],)
        below_card = None if below is None else CARDS[below]
        log.append(Event("draw", player, None, drawn))
        if accepted:
            log.append(Event("accept", player, None, drawn, below_card, why))
        else:
            nxt = (player + 1) % rules.players
            log.append(Event("pass", player, nxt, drawn, below_card, why))
    if card >= FIRST_ACE:
        rob(pos, rules, log, player, card)  # R9: at once (a custom accept_rule may refuse it)
    if not accepted:
        pos.current_player = (player + 1) % rules.players  # R7
        if end_turn(pos, rules, log):
            return
    if not deck and rules.auto_bank_at_end:
        bank(pos, rules, rng, log, auto=True)  # R14: banking is the only action left


def rob(pos: Position, rules: Rules, log, robber: int, ace: int) -> None:
    """R9, R10: the victim (:meth:`Rules.victim`) loses the loot (:meth:`Rules.loot`), its
    most recently banked non-aces, to the robber's bank, or under the ace in the pile."""
    victim = rules.victim(robber, pos.robbable())
    bank_cards = pos.banks[victim]
    if rules.loot_rule is None:  # Rules.loot's share, counted without building the cards
        count = rules.loot_count(ace & 3, len(bank_cards) - pos.bank_aces[victim])
    else:
        count = rules.call_loot_rule(CARDS[ace], tuple(CARDS[c] for c in bank_cards))
    if count == 0:
        loot: list[int] = []
    elif max(bank_cards[-count:]) < FIRST_ACE:  # no ace among the newest: one slice
        loot = bank_cards[-count:]
        del bank_cards[-count:]
    else:
        # Walk back from the newest card, skipping aces (they are never robbed).
        keep, taken = [], []
        for pos_ in range(len(bank_cards) - 1, -1, -1):
            if len(taken) < count and bank_cards[pos_] < FIRST_ACE:
                taken.append(pos_)
            else:
                keep.append(pos_)
        loot = [bank_cards[p] for p in reversed(taken)]
        bank_cards[:] = [bank_cards[p] for p in reversed(keep)]
    if rules.loot_to == "pile":
        pos.pile[-1:-1] = loot  # under the ace, which stays on top (R9 loot_to="pile")
    else:
        pos.banks[robber].extend(loot)
    if log is not None:
        share = "custom" if rules.loot_rule is not None else str(rules.ace_shares[CARDS[ace].suit])
        log.append(Event("rob", robber, victim, tuple(CARDS[c] for c in loot), info=share))


def bank(pos: Position, rules: Rules, rng: random.Random, log, auto: bool = False) -> None:
    """R8: move the pile into the current player's bank; R11–R13 then decide on its aces (ask,
    or decide by ``auto_aces``). ``auto``: the engine banks by itself because the deck is
    empty (R14)."""
    player = pos.current_player
    pile = pos.pile
    pos.banks[player].extend(pile)
    pos.pile = []
    if log is not None:
        info = "deck_empty" if auto else None
        log.append(Event("bank", player, cards=tuple(CARDS[c] for c in pile), info=info))
    incoming = sorted(c for c in pile if c >= FIRST_ACE) if max(pile) >= FIRST_ACE else []
    if incoming:
        pos.bank_aces[player] += len(incoming)
    held = pos.bank_aces[player]
    limit = rules.max_bank_aces
    over = limit is not None and held > limit
    if not incoming and not over:
        _finish_bank(pos, rules, log)
        return
    if not pos.is_deck_live():
        # R13: no ace can be listed; they stay and the limit is waived for them.
        if log is not None:
            for ace in incoming:
                log.append(Event("keep", player, cards=(CARDS[ace],), info="dead_deck"))
        _finish_bank(pos, rules, log)
        return
    if over:  # R12: any of the bank's aces may go
        pos.pending_aces = sorted(c for c in pos.banks[player] if c >= FIRST_ACE)
        pos.aces_to_list = held - limit
    else:  # R11: below the limit only the incoming aces
        pos.pending_aces = incoming
        pos.aces_to_list = 0
    pos.incoming_aces = incoming
    if rules.auto_aces is None:
        pos.phase = ACES
        return
    decide(pos, rules, rng, log, auto_selection(pos, rules, rules.auto_aces))


def decide(pos: Position, rules: Rules, rng: random.Random, log, listed: Sequence[int]) -> None:
    """R11: list the chosen aces (back into the deck, shuffled once however many), keep the
    others; then R8 ends the turn."""
    player = pos.current_player
    bank_cards = pos.banks[player]
    listed = sorted(listed)  # one order for the same choice, by hand or automatic (§5)
    for ace in listed:
        # Take the most recently banked copy: only counts matter, this keeps it concrete.
        at = len(bank_cards) - 1
        while bank_cards[at] != ace:
            at -= 1
        del bank_cards[at]
        pos.deck.append(ace)
        if log is not None:
            log.append(Event("list", player, cards=(CARDS[ace],)))
    if listed:
        pos.bank_aces[player] -= len(listed)
        shuffle(pos.deck, rng)
    if log is not None:
        kept = Counter(pos.pending_aces) - Counter(listed)
        for ace in sorted(kept.elements()):
            log.append(Event("keep", player, cards=(CARDS[ace],)))
    pos.pending_aces = []
    pos.incoming_aces = []
    pos.aces_to_list = 0
    pos.phase = PLAY
    _finish_bank(pos, rules, log)


def _finish_bank(pos: Position, rules: Rules, log) -> None:
    """R8: banking ends the turn; the next seat (the same one without ``bank_ends_turn``)
    starts with an empty pile."""
    if not end_turn(pos, rules, log) and rules.bank_ends_turn:
        pos.current_player = (pos.current_player + 1) % rules.players


def end_turn(pos: Position, rules: Rules, log) -> bool:
    """A turn ends (a pile banked or passed on, R14a): count it, and end the game when the
    deck and the pile are empty (R14) or the cap is reached with cards left (R14a: they score
    nothing). True when the game is over."""
    pos.turns += 1
    if not pos.deck and not pos.pile:
        end(pos, "deck", log)
        return True
    if cap_reached(pos.turns, rules):
        end(pos, "max_turns", log)
        return True
    return False


def cap_reached(turns: int, rules: Rules) -> bool:
    """R14a: whether ``turns`` ended turns reach the cap, which ends the game at once."""
    return turns >= rules.max_turns


def is_last_turn(pos: Position, rules: Rules) -> bool:
    """R14a: whether the turn being played is the last the cap allows (when it ends, by a
    bank or a pass, the game ends, and a pile passed on scores nothing)."""
    return cap_reached(pos.turns + 1, rules)


def end(pos: Position, reason: str, log) -> None:
    """The game ends (R14, R14a); the log's last entry says why, with the scores (R15)."""
    pos.phase = OVER
    pos.end_reason = reason
    if log is not None:
        log.append(Event("end", None, info=reason, scores=pos.scores()))


# ---------------------------------------------------------------------------------- choices


def legal_actions(pos: Position) -> list[Action]:
    """Every legal action now; empty exactly when the game is over (R4, R11–R14)."""
    phase = pos.phase
    if phase == PLAY:
        if not pos.deck:
            return list(_BANK_ONLY)  # R14
        return list(_DRAW_OR_BANK if pos.pile else _DRAW_ONLY)  # R4
    if phase == ACES:
        return list(_list_actions(tuple(pos.pending_aces), pos.aces_to_list))
    return []


def refusal(pos: Position, rules: Rules, action: Action) -> tuple[str, str] | None:
    """Why ``action`` is not legal now, as ``(reason code, words with the rule number)``
    (codes as in :attr:`IllegalActionError.REASONS`), or ``None`` when it is legal."""
    phase = pos.phase
    kind = action.kind
    if phase == PLAY:
        if kind == "draw":
            return (
                None
                if pos.deck
                else ("deck_empty", "the deck is empty, so the pile must be banked (R14)")
            )
        if kind == "bank":
            return (
                None
                if pos.pile
                else ("pile_empty", "the pile is empty, so there is nothing to bank (R4)")
            )
        return ("no_decision", "there is no ace decision to make")
    if phase == ACES:
        if kind != "list":
            return (
                "aces_pending",
                f"Seat {pos.current_player} must first decide which aces to list (R11)",
            )
        chosen = [c.index for c in action.aces]
        if Counter(chosen) - Counter(pos.pending_aces):
            return ("not_pending", f"{card_text(chosen)} is not among the aces to decide on (R11)")
        if len(chosen) < pos.aces_to_list:
            return (
                "too_few",
                f"the bank would hold more than {rules.max_bank_aces} aces: list at least "
                f"{pos.aces_to_list} (R12)",
            )
        return None
    return ("over", "the game is over")


def may_shuffle(pos: Position, rules: Rules, action: Action) -> bool:
    """True when ``action`` may shuffle the deck (R11: a listing), so the random generator's
    state must be kept to take it back: a list action naming aces, or a bank whose aces
    ``auto_aces`` decides at once. A draw never shuffles (when it empties the deck and the
    engine banks, R13 allows no listing); a bank whose aces a player decides only asks."""
    kind = action.kind
    if kind == "list":
        return bool(action.aces)
    if kind == "bank" and rules.auto_aces is not None:
        limit = rules.max_bank_aces
        over = limit is not None and pos.bank_aces[pos.current_player] > limit
        return over or max(pos.pile) >= FIRST_ACE
    return False


def accepted_count(pos: Position, rules: Rules) -> int:
    """How many of the deck's cards the next draw would be accepted with (R5 through
    :attr:`Rules.verdicts`; RULES.md §4: counted from the deck's composition)."""
    deck = pos.deck
    if not pos.pile:
        return len(deck)
    verdicts = rules.verdicts
    row = pos.pile[-1] * DISTINCT_CARDS
    return sum(k for c, k in Counter(deck).items() if verdicts[row + c][0])


def auto_selection(pos: Position, rules: Rules, mode: str) -> list[int]:
    """The aces an automatic decision lists (R11, ``auto_aces`` and the bots' keep policy):
    ``"keep"`` lists only the excess (R12); ``"list"`` lists every incoming ace, then any
    excess left. The excess goes in :attr:`Rules.list_order` (smallest share first)."""
    order = rules.list_order
    by_share = sorted(pos.pending_aces, key=lambda c: order.index(c & 3))
    to_list = pos.aces_to_list
    if mode == "keep":
        return by_share[:to_list]
    chosen = list(pos.incoming_aces)
    rest = Counter(pos.pending_aces) - Counter(chosen)
    need = to_list - len(chosen)
    for card in by_share:
        if need <= 0:
            break
        if rest[card]:
            rest[card] -= 1
            chosen.append(card)
            need -= 1
    return chosen


@functools.lru_cache(maxsize=4096)
def selections(pending: tuple[int, ...], at_least: int) -> tuple[tuple[int, ...], ...]:
    """Every distinct selection of ``pending`` aces with at least ``at_least`` of them, fewest
    first (R12; with two decks each selection appears once, §5)."""
    results: list[tuple[int, ...]] = [()]
    for card, count in sorted(Counter(pending).items()):
        results = [sel + (card,) * k for sel in results for k in range(count + 1)]
    return tuple(sorted((s for s in results if len(s) >= at_least), key=lambda s: (len(s), s)))


@functools.lru_cache(maxsize=4096)
def _list_actions(pending: tuple[int, ...], at_least: int) -> tuple[Action, ...]:
    return tuple(
        Action("list", tuple(CARDS[c] for c in sel)) for sel in selections(pending, at_least)
    )


def state_text(pos: Position) -> str:
    """Where the game stands, in words, for error messages."""
    if pos.phase == OVER:
        return "the game is over"
    if pos.phase == ACES:
        return f"Seat {pos.current_player} is deciding on the aces {card_text(pos.pending_aces)}"
    return f"Seat {pos.current_player} is to draw or bank"
