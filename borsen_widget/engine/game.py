"""One game of Børsen for people and programs: a position, its rules, its random generator, its
log and undo, behind checked moves.

:class:`Game` holds a :class:`~borsen_widget.engine.position.Position` and plays the moves of
:mod:`borsen_widget.engine.moves` on it, which are the one home of the rules. It adds what a
person needs: every action is checked first (an illegal one raises
:class:`~borsen_widget.engine.errors.IllegalActionError` and changes nothing), every action can
be undone, everything that happens is logged, and the whole game saves to JSON and loads back
(:mod:`borsen_widget.engine.saves`).

``Game(..., record=False)`` keeps no log and no undo points, and :meth:`Game.step` plays a
trusted action unchecked: the lean path that simulations and rollouts use (see
:func:`borsen_widget.play.playout.playout`). Both paths run the same moves.

Standard library only: it runs wherever Python runs, Pyodide included.

Why one module of this size: it is one class, the checked face of the engine; its parts (the
checks, undo, the log and the glue to saves) each read the same position and would only call
each other across files. The rules themselves are in :mod:`.moves`.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from numbers import Integral
from typing import NamedTuple

from . import moves
from .actions import BANK, DRAW, Action
from .cards import CARDS, Card, card_text, full_deck, to_card
from .errors import IllegalActionError, RulesError, quote
from .events import Event
from .options import STRUCTURAL
from .position import ACES, OVER, Position
from .randomness import check_seed, shuffle
from .rules import Rules, change_text
from .saves import dump_game, load_game

__all__ = ["Game"]

_draw = moves.draw  # the lean path's commonest call, bound once


class UndoPoint(NamedTuple):
    """What :meth:`Game.undo` restores: the position before a move, the log's length then, and
    the random generator's state when the move could shuffle the deck (R11), else ``None``."""

    position: Position
    log_length: int
    rng_state: tuple | None


def _check_rules(rules) -> Rules:
    rules = Rules() if rules is None else rules
    if not isinstance(rules, Rules):
        raise RulesError(f"rules must be a Rules object, not {type(rules).__name__}")
    return rules


class Game:
    """One game of Børsen under a set of :class:`Rules`.

    ``Game(rules, seed=7)`` shuffles ``rules.decks`` decks (R2) with a ``random.Random(seed)``
    that lives inside the game; the same seed and the same actions give the same game, always.
    ``record=False`` keeps no log and no undo points: the lean path for simulations;
    ``undo=False`` keeps the log but no undo points.
    """

    # ------------------------------------------------------------------ construction

    def __init__(
        self,
        rules: Rules | None = None,
        seed: int | None = None,
        *,
        record: bool = True,
        undo: bool | None = None,
    ):
        rules = _check_rules(rules)
        seed = check_seed(seed)
        rng = random.Random(seed)
        deck = full_deck(rules.decks)
        shuffle(deck, rng)
        position = Position.deal(deck, [], [[] for _ in range(rules.players)])
        self._setup(rules, seed, rng, position, record, undo)
        moves.start(position, rules, rng, self._log)

    @classmethod
    def from_position(
        cls,
        rules: Rules | None = None,
        deck: Iterable[Card | str] = (),
        banks: Sequence[Iterable[Card | str]] | None = None,
        pile: Iterable[Card | str] = (),
        current_player: int | None = None,
        seed: int | None = None,
        *,
        record: bool = True,
        undo: bool | None = None,
    ) -> Game:
        """A game set up by hand, for examples, lessons and tests.

        ``deck[0]`` is drawn first; ``banks`` are listed oldest card first (R10), ``None`` for
        all empty; ``pile`` is listed bottom first. ``current_player=None`` lets
        ``rules.first_player`` decide, as in a dealt game (R3). Cards placed nowhere are out of
        play. ``seed`` drives the shuffles that listing aces causes (R11). Bad seats, a wrong
        number of banks, bad card text or more copies of a card than the decks hold raise
        :class:`RulesError`.
        """
        rules = _check_rules(rules)
        n = rules.players
        if banks is None:
            banks = [[] for _ in range(n)]
        if isinstance(banks, str | bytes) or not isinstance(banks, Sequence) or len(banks) != n:
            got = f"{len(banks)} banks" if isinstance(banks, list | tuple) else quote(banks)
            raise RulesError(f"a position for {n} players needs {n} banks, not {got}")
        if current_player is not None and (
            isinstance(current_player, bool)
            or not isinstance(current_player, Integral)
            or not 0 <= current_player < n
        ):
            raise RulesError(
                f"current_player must be a seat 0..{n - 1} or None, not {quote(current_player)}"
            )
        place_deck = _read_cards(deck, "deck")
        place_pile = _read_cards(pile, "pile")
        place_banks = [_read_cards(b, f"bank {i}") for i, b in enumerate(banks)]
        position = Position.deal(place_deck[::-1], place_pile, place_banks)
        copies = {c: position.in_play.count(c) for c in set(position.in_play)}
        too_many = [f"{CARDS[c]} ×{k}" for c, k in sorted(copies.items()) if k > rules.decks]
        if too_many:
            cards = ", ".join(too_many)
            if rules.decks == 1:
                raise RulesError(
                    "1 deck holds 1 of each card, but the position places {cards}", cards=cards
                )
            raise RulesError(
                "{decks} decks hold {decks} of each card, but the position places {cards}",
                decks=rules.decks,
                cards=cards,
            )
        seed = check_seed(seed)
        game = cls.__new__(cls)
        game._setup(rules, seed, random.Random(seed), position, record, undo)
        start = None if current_player is None else int(current_player)
        moves.start(position, rules, game._rng, game._log, start)
        return game

    def _setup(self, rules, seed, rng, position, record, undo) -> None:
        self._rules = rules
        self._seed = seed
        self._rng = rng
        self._pos = position
        self._log: list[Event] | None = [] if record else None
        keep_undo = record if undo is None else undo
        self._history: list[UndoPoint] | None = [] if keep_undo else None

    # ------------------------------------------------------------------ public reading

    @property
    def rules(self) -> Rules:
        """The rules in force."""
        return self._rules

    @property
    def position(self) -> Position:
        """A copy of the position (the deck's order included: for programs, never screens)."""
        return self._pos.copy()

    @property
    def current_player(self) -> int:
        """The seat to act (R1: seats 0..n-1 in cyclic order)."""
        return self._pos.current_player

    @property
    def pile(self) -> tuple[Card, ...]:
        """The face-up pile, bottom card first (R5–R7)."""
        return tuple(CARDS[c] for c in self._pos.pile)

    @property
    def pile_size(self) -> int:
        """The number of cards in the pile."""
        return len(self._pos.pile)

    @property
    def banks(self) -> tuple[tuple[Card, ...], ...]:
        """Every seat's bank, each oldest card first (R10)."""
        return tuple(tuple(CARDS[c] for c in bank) for bank in self._pos.banks)

    @property
    def deck_size(self) -> int:
        """The number of cards left in the deck."""
        return len(self._pos.deck)

    @property
    def scores(self) -> tuple[int, ...]:
        """Every seat's score: the cards in its bank, aces included (R15)."""
        return self._pos.scores()

    @property
    def turns(self) -> int:
        """Turns ended so far: one per pile banked or passed on (R14a)."""
        return self._pos.turns

    @property
    def phase(self) -> str:
        """``"play"`` (draw or bank), ``"aces"`` (an ace decision is pending) or ``"over"``."""
        return self._pos.phase

    @property
    def is_over(self) -> bool:
        """True once the game has ended (R14, R14a)."""
        return self._pos.phase == OVER

    @property
    def end_reason(self) -> str | None:
        """``None`` while the game runs, then ``"deck"`` or ``"max_turns"`` (R14a)."""
        return self._pos.end_reason

    @property
    def is_last_turn(self) -> bool:
        """True when the turn being played is the last the cap allows (R14a): when it ends,
        the game ends, and a pile passed on then scores nothing."""
        return moves.is_last_turn(self._pos, self._rules)

    @property
    def winners(self) -> tuple[int, ...]:
        """The seats with the most cards once the game is over, else empty (R15)."""
        return self._pos.winners()

    @property
    def pending_aces(self) -> tuple[Card, ...]:
        """The aces the current player may list now (R11, R12); empty when nothing is pending."""
        return tuple(CARDS[c] for c in self._pos.pending_aces)

    @property
    def incoming_aces(self) -> tuple[Card, ...]:
        """The aces of the pile just banked, while they are being decided on (R11)."""
        return tuple(CARDS[c] for c in self._pos.incoming_aces)

    @property
    def aces_to_list(self) -> int:
        """How many of the pending aces must be listed at least (R12); 0 below the limit."""
        return self._pos.aces_to_list

    @property
    def log(self) -> list[Event]:
        """Everything that happened, in order (a copy; empty for ``record=False`` games)."""
        return list(self._log or ())

    @property
    def log_length(self) -> int:
        """How many events the log holds (without copying it)."""
        return len(self._log or ())

    @property
    def can_undo(self) -> bool:
        """True when :meth:`undo` has a player action to take back."""
        return bool(self._history)

    @property
    def undo_depth(self) -> int:
        """How many player actions :meth:`undo` can take back, one by one."""
        return len(self._history or ())

    @property
    def cards_in_play(self) -> int:
        """The cards this game is played with (R16)."""
        return len(self._pos.in_play)

    def deck_counts(self) -> dict[Card, int]:
        """The deck's composition, card → copies, in canonical order (never the deck's order)."""
        return {CARDS[c]: k for c, k in self._pos.deck_counts()}

    def accepted_count(self) -> int:
        """How many of the deck's cards the next draw would be accepted with (R5; RULES.md §4:
        counted from the deck's composition, public by counting)."""
        return moves.accepted_count(self._pos, self._rules)

    def is_deck_live(self) -> bool:
        """True while the deck holds a non-ace card, so aces may be listed (R13)."""
        return self._pos.is_deck_live()

    def legal_actions(self) -> list[Action]:
        """Every legal action now; empty exactly when the game is over (R4, R11–R14)."""
        return moves.legal_actions(self._pos)

    def is_legal(self, action: Action | str) -> bool:
        """True when ``action`` may be applied now (text that is no action is not legal)."""
        try:
            action = Action.parse(action)
        except ValueError:
            return False
        return moves.refusal(self._pos, self._rules, action) is None

    def automatic_aces(self, mode: str = "keep") -> Action:
        """The ace decision ``auto_aces=mode`` would make now (R11, R12): ``"keep"`` keeps what
        the limit allows and lists the excess, smallest share first; ``"list"`` lists every
        incoming ace too. The bots' keep policy."""
        if mode not in ("keep", "list"):
            raise ValueError(f"mode must be 'keep' or 'list', not {quote(mode)}")
        if self._pos.phase != ACES:
            raise IllegalActionError(
                f"there is no ace decision to make: {moves.state_text(self._pos)}",
                reason="no_decision",
                legal=self.legal_actions(),
            )
        chosen = moves.auto_selection(self._pos, self._rules, mode)
        return Action("list", tuple(CARDS[c] for c in chosen))

    def set_rules(self, rules: Rules) -> None:
        """Change the rules of the running game; they apply from the next action on.

        Every option may change except the structural ones, ``players`` and ``decks`` (those
        need a new game: :data:`~borsen_widget.engine.options.STRUCTURAL`). A
        decision on aces already asked for keeps the terms it was asked with. The change is
        logged as a ``"rules"`` event; :meth:`undo` does not take it back.
        """
        if not isinstance(rules, Rules):
            raise RulesError(f"rules must be a Rules object, not {type(rules).__name__}")
        old = self._rules
        for name in STRUCTURAL:
            if getattr(rules, name) != getattr(old, name):
                raise RulesError(
                    f"{name} cannot change during a game ({getattr(old, name)} → "
                    f"{getattr(rules, name)}): start a new game with these rules"
                )
        if rules == old:
            return
        self._rules = rules
        if self._log is not None:
            # The changes as data (told in each reader's language by the narrator).
            self._log.append(Event("rules", self._pos.current_player, info=change_text(old, rules)))

    # ------------------------------------------------------------------ checked moves

    def apply(self, action: Action | str) -> None:
        """Play ``action`` (an :class:`Action` or its text) for the current player, checked.

        Text that is no action raises :class:`~borsen_widget.engine.errors.ActionParseError`;
        an illegal action raises :class:`IllegalActionError`. Either way nothing changes.
        """
        if action is not DRAW and action is not BANK and not isinstance(action, Action):
            action = Action.parse(action)
        pos = self._pos
        refused = moves.refusal(pos, self._rules, action)
        if refused is not None:
            raise self._illegal(action, *refused)
        history = self._history
        # A move can fail half-way only through a custom loot_rule (R9; accept_rule was
        # checked for every pair when the rules were made): keep a way back for that too.
        if history is None and self._rules.loot_rule is None:
            moves.apply(pos, self._rules, self._rng, self._log, action)
            return
        shuffles = moves.may_shuffle(pos, self._rules, action)
        point = UndoPoint(
            pos.copy(),
            len(self._log) if self._log is not None else 0,
            self._rng.getstate() if shuffles else None,
        )
        try:
            moves.apply(pos, self._rules, self._rng, self._log, action)
        except BaseException:
            self._restore(point)
            raise
        if history is not None:
            history.append(point)

    def draw(self) -> None:
        """Draw the top card of the deck (R4–R7, R9)."""
        self.apply(DRAW)

    def bank(self) -> None:
        """Move the pile into the current player's bank (R8, R11–R13)."""
        self.apply(BANK)

    def choose_aces(self, listed: Iterable[Card | str] = ()) -> None:
        """Decide the pending aces: list those in ``listed``, keep the rest (R11–R13)."""
        self.apply(Action.list(listed))

    def undo(self) -> None:
        """Take back the last player action and all the engine did by itself after it (the
        robbery, the automatic bank, the automatic ace decision). Rules changed since stay.
        """
        if not self._history:
            raise IllegalActionError(
                f"there is no action to undo: {moves.state_text(self._pos)}",
                reason="no_undo",
                legal=self.legal_actions(),
            )
        self._restore(self._history.pop())

    def step(self, action: Action) -> None:
        """Apply a *trusted* legal :class:`Action` with no check and no undo point: the lean
        path for bots, simulations and analysis (:meth:`apply` is the one for people; an
        illegal action here leaves the game in an undefined state)."""
        if action is DRAW:  # the commonest move, straight to its rule
            _draw(self._pos, self._rules, self._rng, self._log)
        else:
            moves.apply(self._pos, self._rules, self._rng, self._log, action)

    def _illegal(self, action: Action, reason: str, why: str) -> IllegalActionError:
        legal = self.legal_actions()
        if legal:
            shown = ", ".join(map(str, legal[:12])) + (", ..." if len(legal) > 12 else "")
            now = f"Now {moves.state_text(self._pos)}; legal: {shown}."
        else:
            now = "The game is over: no action is legal."
        return IllegalActionError(
            f"cannot {action}: {why}. {now}", action=action, reason=reason, legal=legal
        )

    def _restore(self, point: UndoPoint) -> None:
        self._pos = point.position
        log = self._log
        if log is not None:
            # Rule changes are not moves: undo keeps them, and their notices with them.
            notices = [e for e in log[point.log_length :] if e.kind == "rules"]
            del log[point.log_length :]
            log.extend(notices)
        if point.rng_state is not None:
            self._rng.setstate(point.rng_state)

    # ------------------------------------------------------------------ copies and equality

    def __eq__(self, other):
        if not isinstance(other, Game):
            return NotImplemented
        return (
            self._rules == other._rules
            and self._pos == other._pos
            and self._log == other._log
            and self._rng.getstate() == other._rng.getstate()
        )

    __hash__ = None  # a game changes as it is played

    def __repr__(self) -> str:
        pos = self._pos
        scores = " ".join(map(str, pos.scores()))
        return (
            f"<Game {self._rules.players} players, {pos.phase}, seat {pos.current_player} to "
            f"act, deck {len(pos.deck)}, pile [{card_text(pos.pile)}], scores {scores}>"
        )

    def copy(self) -> Game:
        """An independent copy (undo points and log included)."""
        twin = Game.__new__(Game)
        twin._rules = self._rules
        twin._seed = self._seed
        twin._rng = random.Random()
        twin._rng.setstate(self._rng.getstate())
        twin._pos = self._pos.copy()
        twin._log = None if self._log is None else self._log[:]
        twin._history = None if self._history is None else self._history[:]
        return twin

    def resample(self, seed: int | None = None, *, record: bool = False) -> Game:
        """A copy that keeps every public fact and redraws the secrets: the deck's order is
        shuffled afresh and the random generator reseeded from ``seed``.

        This is what a player can imagine from the table (for estimates such as the chance
        to win); ``record=False`` gives the lean path, without log or undo.
        """
        twin = Game.__new__(Game)
        twin._rules = self._rules
        twin._seed = check_seed(seed)
        twin._rng = random.Random(twin._seed)
        twin._pos = self._pos.copy()
        # From the canonical order, so the copy depends on public facts and the seed only.
        twin._pos.deck.sort()
        shuffle(twin._pos.deck, twin._rng)
        twin._log = self._log[:] if record and self._log is not None else ([] if record else None)
        twin._history = [] if record else None
        return twin

    def put_on_top(self, card: Card | str) -> None:
        """Move one copy of ``card`` from inside the deck to its top, so the next draw takes
        it; the other cards keep their order and nothing else changes (R16 holds).

        For programs that choose the next card themselves, each card with its exact chance
        from the deck's composition (the chance nodes of a search, such as OpenSpiel's): the
        deck's order is the one secret, so a program that deals the next card this way plays
        exactly the game of a shuffled deck. A card that is not in the deck raises
        :class:`RulesError` and changes nothing. Never for a person's game: it decides the
        next card.
        """
        try:
            index = to_card(card).index
        except (ValueError, TypeError) as error:
            raise RulesError(f"put_on_top needs a card, like 'A♠': {error}") from None
        deck = self._pos.deck
        if index not in deck:
            raise RulesError(
                f"{CARDS[index]} is not in the deck, so it cannot be put on top "
                f"({len(deck)} cards left)"
            )
        at = len(deck) - 1 - deck[::-1].index(index)  # the copy nearest the top
        deck.append(deck.pop(at))

    def check_invariants(self) -> None:
        """Raise ``AssertionError`` if the position breaks card conservation (R16) or the
        engine's own bookkeeping; used by the property tests."""
        self._pos.check_invariants()
        assert len(self._pos.banks) == self._rules.players

    # ------------------------------------------------------------------ public view and saves

    def public_state(self) -> dict:
        """Everything a screen may show, as JSON-safe data.

        Built from public information only (RULES.md "Hidden information"): never the deck's
        order, the random generator's state or the seed. Two games that differ only in deck
        order or seed give the same public state. The deck appears as its composition, in
        canonical order.
        """
        pos = self._pos
        return {
            "players": self._rules.players,
            "rules": self._rules.to_dict(),
            **pos.public_data(),
            "deck_live": pos.is_deck_live(),
            "bank_aces": list(pos.bank_aces),
            "scores": list(pos.scores()),
            "legal_actions": [str(a) for a in moves.legal_actions(pos)],
            "is_over": pos.phase == OVER,
            "winners": list(pos.winners()),
            "cards_in_play": len(pos.in_play),
            "log": [event.to_dict() for event in self._log or ()],
        }

    def to_json(self) -> str:
        """The whole game as JSON text, RNG state included: a save file, never for a screen.

        Undo points are not saved: a loaded game starts with nothing to undo (RULES.md §5).
        """
        return dump_game(self._rules, self._seed, self._rng, self._pos, self._log)

    @classmethod
    def from_json(cls, text: str | bytes) -> Game:
        """Load a game saved by :meth:`to_json`. A file that is not a save, or a save that is
        corrupt or inconsistent, raises :class:`~borsen_widget.engine.errors.SaveError` (a
        ``ValueError``) naming the field; anything that loads plays everywhere."""
        rules, seed, rng, position, log = load_game(text)
        game = cls.__new__(cls)
        game._setup(rules, seed, rng, position, log is not None, None)
        if log is not None:
            game._log = log
        return game


def _read_cards(cards, where: str) -> list[int]:
    if isinstance(cards, str | bytes):
        raise RulesError(f"the {where} must be a list of cards, not the text {quote(cards)}")
    try:
        return [to_card(c).index for c in cards]
    except (ValueError, TypeError) as error:
        raise RulesError(f"the {where} holds a bad card: {error}") from None
