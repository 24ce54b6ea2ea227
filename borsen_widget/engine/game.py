"""The rules engine: one game of Børsen, its moves, its log, undo and save files.

This module is the single source of truth for the rules of ``RULES.md``; every method names the
rules it implements. It imports the standard library only, so it runs wherever Python runs,
Pyodide included.

Inside, a card is its index (see :mod:`borsen_widget.cards`): ranks are ``index >> 2`` + 2 and
aces are the indices from 48 up, which keeps the hot path to integer arithmetic. The deck is kept
with its top card at the *end* of a list, so a draw is ``list.pop()``.

Two paths lead into the same rule code: the checked one for people (:meth:`Game.apply`,
:meth:`Game.draw`, ...) validates, records undo points and logs; the lean one for bots and
simulation (``Game(..., record=False)`` played by :meth:`Game._run`) does neither. Both run
the same rule methods (``_draw``, ``_bank``, ``_decide``, ``_rob``); ``_run`` inlines the
commonest draw and bank, and the property tests prove both paths give the identical game.
"""

from __future__ import annotations

import functools
import json
import random
from collections import Counter
from collections.abc import Iterable, Sequence

from .actions import BANK, DRAW, Action
from .cards import CARDS, FIRST_ACE, Card, card_text, full_deck, to_card
from .errors import IllegalActionError, RulesError
from .events import Event
from .rules import Rules, function_name

PLAY, ACES, OVER = "play", "aces", "over"
# How a bot's policy reaches Game._run: played inline, or asked through bot.choose(game).
_ASK, _THRESHOLD, _RANDOM = 0, 1, 2
SAVE_FORMAT = "borsen-game"
SAVE_VERSION = 1
# Seeds drawn for games created without one: large enough to be unique, small enough for JSON.
_SEED_BITS = 63
# The order in which auto_aces="keep" lists the excess when shares tie: ♦, ♣, ♥, ♠ (R11).
_LIST_ORDER = (3, 2, 1, 0)


def shuffle(cards: list[int], rng: random.Random) -> None:
    """Shuffle in place (Fisher–Yates on ``rng.random()``; about twice as fast as ``rng.shuffle``).

    The bias of ``int(random() * n)`` is below 2**-45 for any deck this game can hold.
    """
    rand = rng.random
    for i in range(len(cards) - 1, 0, -1):
        j = int(rand() * (i + 1))
        cards[i], cards[j] = cards[j], cards[i]


def _is_submultiset(small: Iterable[int], big: Iterable[int]) -> bool:
    return not (Counter(small) - Counter(big))


@functools.lru_cache(maxsize=4096)
def _selections(pending: tuple[int, ...], at_least: int) -> tuple[tuple[int, ...], ...]:
    """Every distinct selection of ``pending`` aces with at least ``at_least`` of them, fewest
    first (R12; with two decks each selection appears once, §5)."""
    results: list[tuple[int, ...]] = [()]
    for card, count in sorted(Counter(pending).items()):
        results = [sel + (card,) * k for sel in results for k in range(count + 1)]
    return tuple(sorted((s for s in results if len(s) >= at_least), key=lambda s: (len(s), s)))


@functools.lru_cache(maxsize=4096)
def _list_actions(pending: tuple[int, ...], at_least: int) -> tuple[Action, ...]:
    """:func:`_selections` as list actions."""
    return tuple(
        Action("list", tuple(CARDS[c] for c in sel)) for sel in _selections(pending, at_least)
    )


def auto_selection(
    pending: Sequence[int], incoming: Sequence[int], to_list: int, mode: str, shares
) -> list[int]:
    """The aces ``auto_aces`` lists (R11): ``"keep"`` lists only the excess; ``"list"`` lists
    every incoming ace, then any excess left. The excess goes smallest share first; equal
    shares in the order ♦, ♣, ♥, ♠ (with the default shares that is simply ♦, ♣, ♥, ♠).
    """
    by_share = sorted(pending, key=lambda c: (shares[c & 3], _LIST_ORDER.index(c & 3)))
    if mode == "keep":
        return by_share[:to_list]
    chosen = list(incoming)
    rest = Counter(pending) - Counter(chosen)
    need = to_list - len(chosen)
    for card in by_share:
        if need <= 0:
            break
        if rest[card]:
            rest[card] -= 1
            chosen.append(card)
            need -= 1
    return chosen


class Game:
    """One game of Børsen under a set of :class:`Rules`.

    ``Game(rules, seed=7)`` shuffles ``rules.decks`` decks (R2) with a ``random.Random(seed)``
    that lives inside the game; the same seed and the same actions give the same game, always.
    ``record=False`` keeps no log and no undo points: the lean path for simulations.
    """

    # ------------------------------------------------------------------ construction

    def __init__(self, rules: Rules | None = None, seed: int | None = None, *, record: bool = True):
        rules = Rules() if rules is None else rules
        if not isinstance(rules, Rules):
            raise RulesError(f"rules must be a Rules object, not {type(rules).__name__}")
        seed = self._check_seed(seed)
        rng = random.Random(seed)
        deck = full_deck(rules.decks)
        shuffle(deck, rng)
        self._setup(rules, seed, rng, deck, [], [[] for _ in range(rules.players)], record)
        self._in_play = tuple(full_deck(rules.decks))
        self._start(None)

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
    ) -> Game:
        """A game set up by hand, for examples, lessons and tests.

        ``deck[0]`` is drawn first; ``banks`` are listed oldest card first (R10), ``None`` for
        all empty; ``pile`` is listed bottom first. ``current_player=None`` lets
        ``rules.first_player`` decide, as in a dealt game (R3). Cards placed nowhere are out of
        play. ``seed`` drives the shuffles that listing aces causes (R11). Bad seats, a wrong
        number of banks, bad card text or more copies of a card than the decks hold raise
        :class:`RulesError`.
        """
        rules = Rules() if rules is None else rules
        if not isinstance(rules, Rules):
            raise RulesError(f"rules must be a Rules object, not {type(rules).__name__}")
        n = rules.players
        if banks is None:
            banks = [[] for _ in range(n)]
        if isinstance(banks, (str, bytes)) or len(banks) != n:
            got = "text" if isinstance(banks, (str, bytes)) else f"{len(banks)} banks"
            raise RulesError(f"a position for {n} players needs {n} banks, got {got}")
        if current_player is not None and (
            isinstance(current_player, bool)
            or not isinstance(current_player, int)
            or not 0 <= current_player < n
        ):
            raise RulesError(
                f"current_player must be a seat 0..{n - 1} or None, not {current_player!r}"
            )
        place_deck = cls._read_cards(deck, "deck")
        place_pile = cls._read_cards(pile, "pile")
        place_banks = [cls._read_cards(b, f"bank {i}") for i, b in enumerate(banks)]
        placed = Counter(place_deck + place_pile + [c for b in place_banks for c in b])
        too_many = [f"{CARDS[c]} ×{k}" for c, k in sorted(placed.items()) if k > rules.decks]
        if too_many:
            decks = "1 deck holds" if rules.decks == 1 else f"{rules.decks} decks hold"
            raise RulesError(
                f"{decks} {rules.decks} of each card, but the position places "
                + ", ".join(too_many)
            )
        seed = cls._check_seed(seed)
        game = cls.__new__(cls)
        game._setup(
            rules, seed, random.Random(seed), place_deck[::-1], place_pile, place_banks, record
        )
        game._in_play = tuple(sorted(placed.elements()))
        game._start(current_player)
        return game

    @staticmethod
    def _check_seed(seed):
        if seed is None:
            return random.SystemRandom().getrandbits(_SEED_BITS)
        if isinstance(seed, bool) or not isinstance(seed, int):
            raise RulesError(f"a seed must be a whole number or None, not {seed!r}")
        return seed

    @staticmethod
    def _read_cards(cards, where: str) -> list[int]:
        if isinstance(cards, (str, bytes)):
            raise RulesError(f"the {where} must be a list of cards, not the text {cards!r}")
        try:
            return [to_card(c).index for c in cards]
        except (ValueError, TypeError) as error:
            raise RulesError(f"the {where} holds a bad card: {error}") from None

    def _setup(self, rules, seed, rng, deck, pile, banks, record):
        self._seed = seed
        self._rng = rng
        self._deck: list[int] = deck
        self._pile: list[int] = pile
        self._banks: list[list[int]] = banks
        # Aces per bank: a cache of what the banks hold, read by every robbery and bank.
        self._aces = [sum(c >= FIRST_ACE for c in bank) for bank in banks]
        self._cur = 0
        self._turns = 0
        self._phase = PLAY
        self._pending: list[int] = []
        self._incoming: list[int] = []
        self._to_list = 0
        self._end_reason: str | None = None
        self._log: list[Event] | None = [] if record else None
        self._history: list[tuple] | None = [] if record else None
        self._set_rules(rules)

    def _set_rules(self, rules: Rules) -> None:
        """Adopt ``rules`` and cache what the hot path reads."""
        self._rules = rules
        self._n = rules.players
        self._equal = rules.equal_accepted
        shares = rules.ace_shares.by_suit_index
        self._shares = shares
        self._share_ratios = tuple((s.numerator, s.denominator) for s in shares)
        self._limit = rules.max_bank_aces
        self._auto_aces = rules.auto_aces
        self._bank_ends_turn = rules.bank_ends_turn
        self._auto_bank = rules.auto_bank_at_end
        self._max_turns = rules.max_turns
        self._rob_target = rules.rob_target
        self._loot_to_pile = rules.loot_to == "pile"
        self._custom_accept = rules.accept_rule is not None
        self._custom_loot = rules.loot_rule is not None

    def _start(self, current_player: int | None) -> None:
        """Pick the first player (R3) and play what the engine plays by itself (R3 "suit", R14)."""
        first = self._rules.first_player
        if current_player is not None:
            self._cur, how = current_player, "given"
        elif isinstance(first, int):
            self._cur, how = first, "given"
        elif first == "random":
            self._cur, how = self._rng.randrange(self._n), "lot"
        elif self._deck:
            # R3 "suit": the top card is turned; its suit picks the seat, and it is that seat's
            # first draw with every effect of a draw.
            self._cur, how = (self._deck[-1] & 3) % self._n, "suit"
        else:
            self._cur, how = 0, "given"  # no card to turn: the game is over at once anyway
        self._emit("start", self._cur, info=how)
        if how == "suit":
            self._draw()
        elif not self._deck:
            if not self._pile:
                self._end("deck")
            elif self._auto_bank:
                self._bank(auto=True)

    # ------------------------------------------------------------------ public reading

    @property
    def rules(self) -> Rules:
        """The rules in force."""
        return self._rules

    @property
    def current_player(self) -> int:
        """The seat to act (R1: seats 0..n-1 in cyclic order)."""
        return self._cur

    @property
    def pile(self) -> tuple[Card, ...]:
        """The face-up pile, bottom card first (R5–R7)."""
        return tuple(CARDS[c] for c in self._pile)

    @property
    def banks(self) -> tuple[tuple[Card, ...], ...]:
        """Every seat's bank, each oldest card first (R10)."""
        return tuple(tuple(CARDS[c] for c in bank) for bank in self._banks)

    @property
    def deck_size(self) -> int:
        """The number of cards left in the deck."""
        return len(self._deck)

    @property
    def scores(self) -> tuple[int, ...]:
        """Every seat's score: the cards in its bank, aces included (R15)."""
        return tuple(len(bank) for bank in self._banks)

    @property
    def turns(self) -> int:
        """Turns ended so far: one per pile banked or passed on (R14a)."""
        return self._turns

    @property
    def phase(self) -> str:
        """``"play"`` (draw or bank), ``"aces"`` (an ace decision is pending) or ``"over"``."""
        return self._phase

    @property
    def is_over(self) -> bool:
        """True once the game has ended (R14, R14a)."""
        return self._phase == OVER

    @property
    def end_reason(self) -> str | None:
        """``None`` while the game runs, then ``"deck"`` or ``"max_turns"`` (R14a)."""
        return self._end_reason

    @property
    def winners(self) -> tuple[int, ...]:
        """The seats with the most cards once the game is over, else empty (R15)."""
        if self._phase != OVER:
            return ()
        scores = self.scores
        best = max(scores)
        return tuple(seat for seat, score in enumerate(scores) if score == best)

    @property
    def pending_aces(self) -> tuple[Card, ...]:
        """The aces the current player may list now (R11, R12); empty when nothing is pending."""
        return tuple(CARDS[c] for c in self._pending)

    @property
    def aces_to_list(self) -> int:
        """How many of the pending aces must be listed at least (R12); 0 below the limit."""
        return self._to_list

    @property
    def log(self) -> list[Event]:
        """Everything that happened, in order (a copy; empty for ``record=False`` games)."""
        return list(self._log or ())

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
        return len(self._in_play)

    def deck_counts(self) -> dict[Card, int]:
        """The deck's composition, card → copies, in canonical order (never the deck's order)."""
        return {CARDS[c]: k for c, k in sorted(Counter(self._deck).items())}

    def accepted_count(self) -> int:
        """How many of the deck's cards the next draw would be accepted with (R5; RULES.md §4:
        counted from the deck's composition, public by counting). A custom ``accept_rule`` is
        honoured."""
        deck, pile = self._deck, self._pile
        if not pile:
            return len(deck)
        top = pile[-1]
        if self._custom_accept:
            below, accepts = CARDS[top], self._rules.call_accept_rule
            return sum(k for c, k in Counter(deck).items() if accepts(CARDS[c], below))
        if top >= FIRST_ACE:
            return len(deck)  # anything goes after an ace
        low = top >> 2 if self._equal else (top >> 2) + 1  # the lowest rank accepted
        return sum(c >= FIRST_ACE or c >> 2 >= low for c in deck)

    def is_deck_live(self) -> bool:
        """True while the deck holds a non-ace card, so aces may be listed (R13)."""
        return bool(self._deck) and min(self._deck) < FIRST_ACE

    def legal_actions(self) -> list[Action]:
        """Every legal action now; empty exactly when the game is over (R4, R11–R14)."""
        if self._phase == PLAY:
            if not self._deck:
                return [BANK]
            return [DRAW, BANK] if self._pile else [DRAW]
        if self._phase == ACES:
            return list(_list_actions(tuple(self._pending), self._to_list))
        return []

    def is_legal(self, action: Action | str) -> bool:
        """True when ``action`` may be applied now."""
        try:
            self._check(Action.parse(action))
        except (IllegalActionError, ValueError):
            return False
        return True

    def set_rules(self, rules: Rules) -> None:
        """Change the rules of the running game; they apply from the next action on.

        Every option may change except ``players`` and ``decks`` (those need a new game). A
        decision on aces already asked for keeps the terms it was asked with. The change is
        logged as a ``"rules"`` event; :meth:`undo` does not take it back.
        """
        if not isinstance(rules, Rules):
            raise RulesError(f"rules must be a Rules object, not {type(rules).__name__}")
        old = self._rules
        for name in ("players", "decks"):
            if getattr(rules, name) != getattr(old, name):
                raise RulesError(
                    f"{name} cannot change during a game ({getattr(old, name)} → "
                    f"{getattr(rules, name)}): start a new game with these rules"
                )
        if rules == old:
            return
        before = set(old.describe())
        changes = [line for line in rules.describe() if line not in before]
        dropped = {line.split(" = ")[0] for line in before} - {
            line.split(" = ")[0] for line in rules.describe()
        }
        changes += [f"{name} back to the original" for name in sorted(dropped)]
        self._set_rules(rules)
        self._emit("rules", self._cur, info="; ".join(changes))

    # ------------------------------------------------------------------ checked moves

    def apply(self, action: Action | str) -> None:
        """Play ``action`` (an :class:`Action` or its text) for the current player, checked.

        An illegal action raises :class:`IllegalActionError` and changes nothing.
        """
        if not isinstance(action, Action):
            try:
                action = Action.parse(action)
            except ValueError as error:
                raise IllegalActionError(f"{error}; {self._legal_text()}") from None
        self._check(action)
        snapshot = self._snapshot(uses_rng=action.kind != "draw")
        try:
            self._step(action)
        except BaseException:
            self._restore(snapshot)
            raise
        if self._history is not None:
            self._history.append(snapshot)

    def draw(self) -> None:
        """Draw the top card of the deck (R4–R7, R9)."""
        self.apply(DRAW)

    def bank(self) -> None:
        """Move the pile into the current player's bank (R8, R11–R13)."""
        self.apply(BANK)

    def choose_aces(self, listed: Iterable[Card | str] = ()) -> None:
        """Decide the pending aces: list those in ``listed``, keep the rest (R11–R13)."""
        try:
            action = Action.list(listed)
        except (ValueError, TypeError) as error:
            raise IllegalActionError(f"{error}; {self._legal_text()}") from None
        self.apply(action)

    def undo(self) -> None:
        """Take back the last player action and all the engine did by itself after it (the
        robbery, the automatic bank, the automatic ace decision). Rules changed since stay.
        """
        if not self._history:
            raise IllegalActionError("there is no action to undo: " + self._phase_text())
        self._restore(self._history.pop())

    def _check(self, action: Action) -> None:
        phase = self._phase
        if phase == PLAY:
            if action.kind == "draw" and self._deck:
                return
            if action.kind == "bank" and self._pile:
                return
            if action.kind == "draw":
                why = "the deck is empty, so the pile must be banked (R14)"
            elif action.kind == "bank":
                why = "the pile is empty, so there is nothing to bank (R4)"
            else:
                why = "there is no ace decision to make"
        elif phase == ACES:
            if action.kind == "list":
                chosen = [c.index for c in action.aces]
                if not _is_submultiset(chosen, self._pending):
                    why = f"{card_text(chosen)} is not among the aces to decide on"
                elif len(chosen) < self._to_list:
                    why = (
                        f"the bank would hold more than {self._limit} aces: list at least "
                        f"{self._to_list} (R12)"
                    )
                else:
                    return
            else:
                why = f"Seat {self._cur} must first decide which aces to list (R11)"
        else:
            why = "the game is over"
        raise IllegalActionError(f"cannot {action}: {why}. {self._legal_text()}")

    def _phase_text(self) -> str:
        if self._phase == OVER:
            return "the game is over"
        if self._phase == ACES:
            return f"Seat {self._cur} is deciding on the aces {card_text(self._pending)}"
        return f"Seat {self._cur} is to draw or bank"

    def _legal_text(self) -> str:
        legal = self.legal_actions()
        if not legal:
            return "The game is over: no action is legal."
        shown = ", ".join(map(str, legal[:12])) + (", ..." if len(legal) > 12 else "")
        return f"Now {self._phase_text()}; legal: {shown}."

    # ------------------------------------------------------------------ the rules

    def step(self, action: Action) -> None:
        """Apply a *trusted* legal :class:`Action` with no check and no undo point: the lean
        path for bots, simulations and analysis (:meth:`apply` is the one for people; an
        illegal action here leaves the game in an undefined state)."""
        self._step(action)

    def _step(self, action: Action) -> None:
        """Apply a legal action, unchecked: the lean path for bots and simulation."""
        if action is DRAW or action.kind == "draw":
            self._draw()
        elif action is BANK or action.kind == "bank":
            self._bank()
        else:
            self._decide([c.index for c in action.aces])

    def _run(self, bots: Sequence, max_steps: int | None = None) -> int:
        """Let ``bots[seat]`` play, unchecked, until the game ends or ``max_steps`` moves have
        been made; return the number of moves. The lean path for simulation.

        Built-in bots declare their policy as data (``bot.fast_policy()``), which this loop
        plays inline, drawing cards itself. The inline draw is :meth:`_draw` without the log;
        the property tests check that both paths give the identical game for every option.
        """
        if self._log is not None or max_steps is not None or self._custom_accept:
            return self._run_generic(bots, max_steps)
        policies = []
        for bot in bots:
            fast = getattr(bot, "fast_policy", None)
            policies.append(fast() if fast is not None else (_ASK, bot))
        deck, n, equal, auto_bank = self._deck, self._n, self._equal, self._auto_bank
        banks, aces, limit = self._banks, self._aces, self._limit
        steps = 0
        while True:
            phase = self._phase
            if phase != PLAY:
                if phase == OVER:
                    return steps
                kind, arg = policies[self._cur]
                if kind == _RANDOM:
                    # RandomBot.choose: a uniform pick among legal_actions(), in their order.
                    options = _selections(tuple(self._pending), self._to_list)
                    self._decide(list(options[int(arg() * len(options))]))
                else:
                    self._step(bots[self._cur].choose(self))
                steps += 1
                continue
            cur = self._cur
            pile = self._pile
            kind, arg = policies[cur]
            steps += 1
            if kind == _ASK:
                action = arg.choose(self)
                if action is not DRAW:
                    self._step(action)
                    continue
            elif pile:
                if not deck or (len(pile) >= arg if kind == _THRESHOLD else arg() >= 0.5):
                    if max(pile) >= FIRST_ACE or (limit is not None and aces[cur] > limit):
                        self._bank()  # R11-R13: aces to decide on
                        continue
                    # R8, as _bank and _finish_bank do when no ace is involved.
                    banks[cur] += pile
                    self._pile = []
                    self._turns += 1
                    if not deck:
                        self._end("deck")
                    elif self._turns >= self._max_turns:
                        self._end("max_turns")
                    elif self._bank_ends_turn:
                        self._cur = (cur + 1) % n
                    continue
            # Draw (R5-R7, R9, R14), as _draw does.
            card = deck.pop()
            if pile and card < FIRST_ACE:
                below = pile[-1]
                if below < FIRST_ACE and (
                    card >> 2 < below >> 2 or (card >> 2 == below >> 2 and not equal)
                ):
                    pile.append(card)
                    self._cur = (cur + 1) % n
                    self._turns += 1
                    if self._turns >= self._max_turns:
                        self._end("max_turns")
                    elif not deck and auto_bank:
                        self._bank()
                    continue
            pile.append(card)
            if card >= FIRST_ACE:
                self._rob(cur, card)
            if not deck and auto_bank:
                self._bank()

    def _run_generic(self, bots: Sequence, max_steps: int | None) -> int:
        steps = 0
        while self._phase != OVER and (max_steps is None or steps < max_steps):
            self._step(bots[self._cur].choose(self))
            steps += 1
        return steps

    def _emit(self, kind, player, target=None, cards=(), below=None, info=None, scores=None):
        if self._log is not None:
            self._log.append(Event(kind, player, target, cards, below, info, scores))

    def _draw(self) -> None:
        """Draw the top card (R5 accept, R6 act again, R7 pass on, R9 rob, R14 deck empty)."""
        card = self._deck.pop()
        pile = self._pile
        player = self._cur
        log = self._log
        below = pile[-1] if pile else None
        if below is None:
            why = "empty"
        elif self._custom_accept:
            accepted = self._rules.call_accept_rule(CARDS[card], CARDS[below])
            why = "custom" if accepted else None
        elif card >= FIRST_ACE:
            why = "ace"
        elif below >= FIRST_ACE:
            why = "after_ace"
        else:
            rank, below_rank = card >> 2, below >> 2
            if rank > below_rank:
                why = "higher"
            elif rank == below_rank and self._equal:
                why = "equal"
            else:
                why = None
        pile.append(card)
        if log is not None:
            drawn = (CARDS[card],)
            below_card = None if below is None else CARDS[below]
            log.append(Event("draw", player, None, drawn))
            if why is None:
                nxt = (player + 1) % self._n
                if self._custom_accept:
                    why_not = "custom"
                else:
                    why_not = "equal" if card >> 2 == below >> 2 else "lower"
                log.append(Event("pass", player, nxt, drawn, below_card, why_not))
            else:
                log.append(Event("accept", player, None, drawn, below_card, why))
        if card >= FIRST_ACE:
            self._rob(player, card)  # R9: at once (only a custom accept_rule can pass an ace)
        if why is None:
            # R7: the pile passes to the next seat, which must beat the card or bank at once.
            self._cur = (player + 1) % self._n
            if self._end_turn():
                return
        if not self._deck and self._auto_bank:
            self._bank(auto=True)  # R14: the deck is empty, banking is the only action left

    def _rob(self, robber: int, ace: int) -> None:
        """R9, R10: rob ⌊robbable × share⌋ of the victim's most recently banked non-aces."""
        victim = self._victim(robber)
        bank = self._banks[victim]
        if self._custom_loot:
            count = self._rules.call_loot_rule(CARDS[ace], tuple(CARDS[c] for c in bank))
        else:
            num, den = self._share_ratios[ace & 3]
            count = (len(bank) - self._aces[victim]) * num // den
        if count == 0:
            loot: list[int] = []
        elif max(bank[-count:]) < FIRST_ACE:  # no ace among the newest: one slice
            loot = bank[-count:]
            del bank[-count:]
        else:
            # Walk back from the newest card, skipping aces (they are never robbed).
            keep_positions = []
            loot_positions = []
            for pos in range(len(bank) - 1, -1, -1):
                if len(loot_positions) < count and bank[pos] < FIRST_ACE:
                    loot_positions.append(pos)
                else:
                    keep_positions.append(pos)
            loot = [bank[p] for p in reversed(loot_positions)]
            bank[:] = [bank[p] for p in reversed(keep_positions)]
        if self._loot_to_pile:
            self._pile[-1:-1] = loot  # under the ace, which stays on top (R9 loot_to="pile")
        else:
            self._banks[robber].extend(loot)
        if self._log is not None:
            share = "custom" if self._custom_loot else str(self._shares[ace & 3])
            self._emit("rob", robber, victim, tuple(CARDS[c] for c in loot), info=share)

    def _victim(self, robber: int) -> int:
        """Whom an ace robs (R9 ``rob_target``; :meth:`Rules.victim`, the two neighbours
        inlined for the hot path)."""
        target = self._rob_target
        if target == "previous":
            return (robber - 1) % self._n
        if target == "next":
            return (robber + 1) % self._n
        robbable = [len(bank) - aces for bank, aces in zip(self._banks, self._aces, strict=True)]
        return self._rules.victim(robber, robbable)

    def _bank(self, auto: bool = False) -> None:
        """R8 bank the pile; R11–R13 then decide on its aces (ask, or decide automatically).
        ``auto``: the engine banks by itself because the deck is empty (R14)."""
        player = self._cur
        pile = self._pile
        bank = self._banks[player]
        bank.extend(pile)
        self._pile = []
        if self._log is not None:
            info = "deck_empty" if auto else None
            self._emit("bank", player, cards=tuple(CARDS[c] for c in pile), info=info)
        incoming = [c for c in pile if c >= FIRST_ACE]
        if incoming:
            self._aces[player] += len(incoming)
        aces_held = self._aces[player]
        limit = self._limit
        over = limit is not None and aces_held > limit
        if not incoming and not over:
            self._finish_bank()
            return
        if not self.is_deck_live():
            # R13: no ace can be listed; they stay and the limit is waived for them.
            if self._log is not None:
                for ace in sorted(incoming):
                    self._emit("keep", player, cards=(CARDS[ace],), info="dead_deck")
            self._finish_bank()
            return
        if over:
            self._pending = sorted(c for c in bank if c >= FIRST_ACE)
            self._to_list = aces_held - limit
        else:
            self._pending = sorted(incoming)
            self._to_list = 0
        self._incoming = sorted(incoming)
        if self._auto_aces is None:
            self._phase = ACES
            return
        chosen = auto_selection(
            self._pending, self._incoming, self._to_list, self._auto_aces, self._shares
        )
        self._decide(chosen)

    def _decide(self, listed: list[int]) -> None:
        """R11: list the chosen aces (back into the deck, shuffled once), keep the others."""
        player = self._cur
        bank = self._banks[player]
        listed = sorted(listed)  # one order for the same choice, by hand or automatic (§5)
        for ace in listed:
            # Take the most recently banked copy: only counts matter, this keeps it concrete.
            pos = len(bank) - 1
            while bank[pos] != ace:
                pos -= 1
            del bank[pos]
            self._deck.append(ace)
            if self._log is not None:
                self._emit("list", player, cards=(CARDS[ace],))
        if listed:
            self._aces[player] -= len(listed)
            shuffle(self._deck, self._rng)
        if self._log is not None:
            kept = Counter(self._pending) - Counter(listed)
            for ace in sorted(kept.elements()):
                self._emit("keep", player, cards=(CARDS[ace],))
        self._pending = []
        self._incoming = []
        self._to_list = 0
        self._phase = PLAY
        self._finish_bank()

    def _finish_bank(self) -> None:
        """R8: banking ends the turn; the next seat (or the same, if not ``bank_ends_turn``)
        starts with an empty pile."""
        # _end_turn, inlined: this runs after every bank.
        self._turns += 1
        if not self._deck:
            self._end("deck")
        elif self._turns >= self._max_turns:
            self._end("max_turns")
        elif self._bank_ends_turn:
            self._cur = (self._cur + 1) % self._n

    def _end_turn(self) -> bool:
        """Count a turn (R14a) and end the game when the deck and pile are empty (R14) or the
        cap is reached with cards left (R14a). True when the game is over."""
        self._turns += 1
        if not self._deck and not self._pile:
            self._end("deck")
            return True
        if self._turns >= self._max_turns:
            self._end("max_turns")
            return True
        return False

    def _end(self, reason: str) -> None:
        self._phase = OVER
        self._end_reason = reason
        if self._log is not None:
            self._emit("end", None, info=reason, scores=self.scores)

    # ------------------------------------------------------------------ undo and equality

    def _snapshot(self, uses_rng: bool = True) -> tuple:
        return (
            self._deck[:],
            self._pile[:],
            [bank[:] for bank in self._banks],
            self._aces[:],
            self._cur,
            self._turns,
            self._phase,
            self._pending[:],
            self._incoming[:],
            self._to_list,
            self._end_reason,
            len(self._log) if self._log is not None else 0,
            self._rng.getstate() if uses_rng else None,
        )

    def _restore(self, snapshot: tuple) -> None:
        (
            deck,
            pile,
            banks,
            aces,
            cur,
            turns,
            phase,
            pending,
            incoming,
            to_list,
            reason,
            log_len,
            rng,
        ) = snapshot
        self._deck, self._pile, self._banks = deck[:], pile[:], [b[:] for b in banks]
        self._aces = aces[:]
        self._cur, self._turns, self._phase = cur, turns, phase
        self._pending, self._incoming, self._to_list = pending[:], incoming[:], to_list
        self._end_reason = reason
        if self._log is not None:
            # Rule changes are not moves: undo keeps them, and their notices with them.
            notices = [e for e in self._log[log_len:] if e.kind == "rules"]
            del self._log[log_len:]
            self._log.extend(notices)
        if rng is not None:
            self._rng.setstate(rng)

    def _state_key(self) -> tuple:
        return (
            self._rules,
            self._deck,
            self._pile,
            self._banks,
            self._cur,
            self._turns,
            self._phase,
            self._pending,
            self._to_list,
            self._end_reason,
            self._log,
            self._in_play,
            self._rng.getstate(),
        )

    def __eq__(self, other):
        if not isinstance(other, Game):
            return NotImplemented
        return self._state_key() == other._state_key()

    __hash__ = None  # a game changes as it is played

    def __repr__(self) -> str:
        scores = " ".join(map(str, self.scores))
        return (
            f"<Game {self._n} players, {self._phase}, seat {self._cur} to act, "
            f"deck {len(self._deck)}, pile [{card_text(self._pile)}], scores {scores}>"
        )

    def copy(self) -> Game:
        """An independent copy (undo points and log included)."""
        twin = Game.__new__(Game)
        twin.__dict__.update(self.__dict__)
        twin._deck = self._deck[:]
        twin._pile = self._pile[:]
        twin._banks = [b[:] for b in self._banks]
        twin._aces = self._aces[:]
        twin._pending = self._pending[:]
        twin._incoming = self._incoming[:]
        twin._log = None if self._log is None else self._log[:]
        twin._history = None if self._history is None else self._history[:]
        twin._rng = random.Random()
        twin._rng.setstate(self._rng.getstate())
        return twin

    def resample(self, seed: int | None = None, *, record: bool = False) -> Game:
        """A copy that keeps every public fact and redraws the secrets: the deck's order is
        shuffled afresh and the random generator reseeded from ``seed``.

        This is what a player can imagine from the table (for estimates such as the chance
        to win); ``record=False`` gives the lean path, without log or undo.
        """
        twin = self.copy()
        twin._seed = self._check_seed(seed)
        twin._rng = random.Random(twin._seed)
        # From the canonical order, so the copy depends on public facts and the seed only.
        twin._deck.sort()
        shuffle(twin._deck, twin._rng)
        twin._history = [] if record else None
        if not record:
            twin._log = None
        return twin

    def check_invariants(self) -> None:
        """Raise ``AssertionError`` if the position breaks card conservation (R16) or the
        engine's own bookkeeping; used by the property tests."""
        everything = self._deck + self._pile + [c for b in self._banks for c in b]
        assert sorted(everything) == list(self._in_play), "R16: cards were created or lost"
        assert self._aces == [sum(c >= FIRST_ACE for c in b) for b in self._banks], "ace counts"
        assert (self._phase == ACES) == bool(self._pending), "pending aces outside a decision"
        if self._phase == ACES:
            assert _is_submultiset(self._pending, self._banks[self._cur])
        if self._phase == OVER:
            assert self._end_reason in ("deck", "max_turns")
            if self._end_reason == "deck":
                assert not self._deck and not self._pile

    # ------------------------------------------------------------------ public view and saves

    def public_state(self) -> dict:
        """Everything a screen may show, as JSON-safe data.

        Built from public information only (RULES.md "Hidden information"): never the deck's
        order, the random generator's state or the seed. Two games that differ only in deck
        order or seed give the same public state. The deck appears as its composition, in
        canonical order.
        """
        scores = list(self.scores)
        return {
            "players": self._n,
            "rules": self._rules.to_dict(),
            "phase": self._phase,
            "current_player": self._cur,
            "turns": self._turns,
            "deck_size": len(self._deck),
            "deck_counts": [[CARDS[c].ascii, k] for c, k in sorted(Counter(self._deck).items())],
            "deck_live": self.is_deck_live(),
            "pile": [CARDS[c].ascii for c in self._pile],
            "banks": [[CARDS[c].ascii for c in bank] for bank in self._banks],
            "bank_aces": list(self._aces),
            "scores": scores,
            "pending_aces": [CARDS[c].ascii for c in self._pending],
            "incoming_aces": [CARDS[c].ascii for c in self._incoming],
            "aces_to_list": self._to_list,
            "legal_actions": [str(a) for a in self.legal_actions()],
            "is_over": self._phase == OVER,
            "end_reason": self._end_reason,
            "winners": list(self.winners),
            "cards_in_play": len(self._in_play),
            "log": [event.to_dict() for event in self._log or ()],
        }

    def to_json(self) -> str:
        """The whole game as JSON text, RNG state included: a save file, never for a screen.

        Undo points are not saved: a loaded game starts with nothing to undo (RULES.md §5).
        """
        custom = self._rules.custom_rules
        if custom:
            named = ", ".join(f"{k}={function_name(f)}" for k, f in custom.items())
            raise ValueError(
                f"cannot save this game: its rules use Python code ({named}), which a save "
                "file cannot hold; set those options back to None to save"
            )
        version, internal, gauss = self._rng.getstate()
        data = {
            "format": SAVE_FORMAT,
            "version": SAVE_VERSION,
            "rules": self._rules.to_dict(),
            "seed": self._seed,
            "rng": [version, list(internal), gauss],
            "deck": [CARDS[c].ascii for c in reversed(self._deck)],  # drawn first, first
            "pile": [CARDS[c].ascii for c in self._pile],
            "banks": [[CARDS[c].ascii for c in bank] for bank in self._banks],
            "in_play": [CARDS[c].ascii for c in self._in_play],
            "current_player": self._cur,
            "turns": self._turns,
            "phase": self._phase,
            "pending_aces": [CARDS[c].ascii for c in self._pending],
            "incoming_aces": [CARDS[c].ascii for c in self._incoming],
            "aces_to_list": self._to_list,
            "end_reason": self._end_reason,
            "record": self._log is not None,
            "log": None if self._log is None else [e.to_dict() for e in self._log],
        }
        return json.dumps(data, ensure_ascii=False)

    @classmethod
    def from_json(cls, text: str | bytes) -> Game:
        """Load a game saved by :meth:`to_json`; corrupt text raises ``ValueError`` naming the
        problem."""
        from .saves import load_game

        return load_game(cls, text)
