"""Bots: strategies that choose moves from public information.

The protocol is one method: ``choose(game) -> Action``, called when the bot's seat is to act
(to draw or bank, or to decide on aces, R11/R12). A bot reads only what every player can see:
the pile, the banks, the deck's size and composition, the legal actions. ``str(bot)`` names it,
e.g. ``"ThresholdBot(4)"``.

The built-in strategies:

- :class:`RandomBot`: a fair coin between draw and bank, and a uniform choice among the legal
  ace decisions.
- :class:`ThresholdBot` ``(k)``: bank once the pile holds ``k`` cards.
- :class:`ProbabilityBot` ``(p)``: bank when the chance that the next card is accepted (R5,
  RULES.md §4) falls below ``p``.
- :class:`ExpectedValueBot`: one step of look-ahead: draw when drawing once and then banking is
  worth more than banking now (:func:`borsen_widget.analysis.one_draw_value`).
- :class:`OptimalTurnBot`: the exact best stopping rule of :func:`borsen_widget.analysis.best_turn`.

A player's own strategy is a plain function of a :class:`PublicView` (a copy of the public
facts, nothing that leads to the deck's order); :func:`as_bot` wraps it in a
:class:`FunctionBot`, which checks every answer and names the function when it is illegal.

Every built-in bot decides its aces with the keep policy of ``auto_aces="keep"`` (keep what the
limit allows, list the excess smallest share first, R11/R12, from
:meth:`Game.automatic_aces`), except :class:`RandomBot`, which picks uniformly among the legal
selections. The built-in bots are trusted to play legal moves (:data:`BUILT_IN`); the moves of
any other bot are checked (see :func:`borsen_widget.play.playout.playout`).

This module imports the standard library, the engine and the analysis only (it runs in
JupyterLite).

Why one module of this size: it holds every built-in strategy beside the protocol they share
(each bot is small, and a reader compares them side by side); the exact analysis they call lives
in :mod:`borsen_widget.analysis`.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from fractions import Fraction

from ..analysis import OBJECTIVES, TooManyStates, best_choice, best_turn, one_draw_value
from ..engine.actions import BANK, DRAW, Action
from ..engine.cards import Card
from ..engine.errors import IllegalActionError, describe_error, quote
from ..engine.game import Game
from ..engine.position import ACES, PLAY
from ..engine.rules import Rules, function_name


class StrategyError(RuntimeError):
    """A strategy's own code (a bot's ``choose`` or a strategy function) raised an exception;
    the message names the strategy and what it raised (the original is ``__cause__``)."""


class Bot:
    """Base class of bots: override :meth:`choose`; ace decisions default to
    :meth:`keep_aces` (keep what the limit allows, as ``auto_aces="keep"``)."""

    def choose(self, game: Game) -> Action:
        raise NotImplementedError

    def keep_aces(self, game: Game) -> Action:
        """R11/R12: keep what the ace limit allows, list the excess smallest share first."""
        return game.automatic_aces("keep")

    def for_game(self, seed: int) -> Bot:
        """The bot to seat in one game of a simulation whose per-game seed is ``seed``.

        Bots without randomness return themselves; :class:`RandomBot` returns a fresh copy
        seeded from ``seed``, so every game of :func:`~borsen_widget.sim.simulate.simulate` is
        reproducible on its own, whatever the order or the process it is played in.
        """
        return self

    def __repr__(self) -> str:
        return str(self)

    def __str__(self) -> str:
        return type(self).__name__ + "()"


class RandomBot(Bot):
    """Picks uniformly among the legal actions, with its own generator (``seed``): a fair coin
    between draw and bank, a uniform choice among the legal ace decisions."""

    def __init__(self, seed: int | None = None):
        self.seed = seed
        self._rng = random.Random(seed)

    def choose(self, game: Game) -> Action:
        if game.phase == PLAY and game.deck_size:
            # The common case, without building the list of legal actions.
            if game.pile_size and self._rng.random() >= 0.5:
                return BANK
            return DRAW
        legal = game.legal_actions()
        return legal[int(self._rng.random() * len(legal))]

    def for_game(self, seed: int) -> RandomBot:
        twin = RandomBot(self.seed)
        twin._rng = random.Random(seed)
        return twin

    def __str__(self) -> str:
        return "RandomBot()"


class ThresholdBot(Bot):
    """Banks once the pile holds ``k`` cards or more; otherwise draws (R4). On aces it keeps
    what the limit allows and lists the excess smallest share first, as ``auto_aces="keep"``."""

    def __init__(self, k: int = 4):
        if isinstance(k, bool) or not isinstance(k, int) or k < 1:
            raise ValueError(f"ThresholdBot needs a whole number k >= 1, not {quote(k)}")
        self.k = k

    def choose(self, game: Game) -> Action:
        if game.phase == ACES:
            return self.keep_aces(game)
        if not game.deck_size or game.pile_size >= self.k:
            return BANK
        return DRAW

    def __str__(self) -> str:
        return f"ThresholdBot({self.k})"


# ---------------------------------------------------------------------- public information


class PublicView:
    """What a player at the table may read: everything but the deck's order and the RNG.

    A strategy function receives one of these: a copy of the public facts of the moment, made
    for it, so nothing reachable from it (attributes, methods, closures) leads to the game or
    to the deck's order; changing it changes nothing.
    """

    __slots__ = (
        "_aces_to_list",
        "_banks",
        "_counts",
        "_current",
        "_legal",
        "_pending",
        "_phase",
        "_pile",
        "_rules",
        "_turns",
    )

    def __init__(self, game: Game):
        set_ = object.__setattr__
        set_(self, "_rules", game.rules)
        set_(self, "_current", game.current_player)
        set_(self, "_phase", game.phase)
        set_(self, "_pile", game.pile)
        set_(self, "_banks", game.banks)
        set_(self, "_counts", tuple(game.deck_counts().items()))
        set_(self, "_turns", game.turns)
        set_(self, "_legal", tuple(game.legal_actions()))
        set_(self, "_pending", game.pending_aces)
        set_(self, "_aces_to_list", game.aces_to_list)

    def __setattr__(self, name, value):
        raise AttributeError("a public view is read-only")

    @property
    def rules(self) -> Rules:
        """The rules in force."""
        return self._rules

    @property
    def players(self) -> int:
        """The number of seats (R1)."""
        return self._rules.players

    @property
    def me(self) -> int:
        """The seat that is to act: the strategy's own seat."""
        return self._current

    @property
    def current_player(self) -> int:
        """The seat that is to act (same as :attr:`me`)."""
        return self._current

    @property
    def phase(self) -> str:
        """``"play"`` (draw or bank) or ``"aces"`` (decide which aces to list, R11/R12)."""
        return self._phase

    @property
    def pile(self) -> tuple[Card, ...]:
        """The face-up pile, bottom card first."""
        return self._pile

    @property
    def pile_size(self) -> int:
        """The number of cards in the pile."""
        return len(self._pile)

    @property
    def top(self) -> Card | None:
        """The pile's top card, which the next draw must beat (R5); ``None`` when empty."""
        return self._pile[-1] if self._pile else None

    @property
    def banks(self) -> tuple[tuple[Card, ...], ...]:
        """Every seat's bank, oldest card first (R10)."""
        return self._banks

    @property
    def scores(self) -> tuple[int, ...]:
        """Every seat's score: cards in the bank (R15)."""
        return tuple(len(bank) for bank in self._banks)

    @property
    def deck_size(self) -> int:
        """The number of cards left in the deck."""
        return sum(k for _, k in self._counts)

    def deck_counts(self) -> dict[Card, int]:
        """The deck's composition, card → copies, in canonical order (never the deck's order)."""
        return dict(self._counts)

    @property
    def turns(self) -> int:
        """Turns ended so far (R14a)."""
        return self._turns

    def legal_actions(self) -> list[Action]:
        """Every legal action now."""
        return list(self._legal)

    @property
    def pending_aces(self) -> tuple[Card, ...]:
        """The aces to decide on (R11, R12); empty outside an ace decision."""
        return self._pending

    @property
    def aces_to_list(self) -> int:
        """How many of the pending aces must be listed at least (R12)."""
        return self._aces_to_list

    def accepted_count(self) -> int:
        """How many cards of the deck the next draw would be accepted with (R5, through
        :meth:`Rules.accepts`)."""
        top, accepts = self.top, self._rules.accepts
        return sum(k for card, k in self._counts if accepts(card, top))

    def p_accept(self) -> Fraction:
        """The exact chance that the next card is accepted (RULES.md §4): 1 on an empty pile
        or after an ace; 0 when the deck is empty."""
        size = self.deck_size
        return Fraction(self.accepted_count(), size) if size else Fraction(0)

    def __repr__(self) -> str:
        return (
            f"<PublicView seat {self.me} to {'decide on aces' if self.phase == ACES else 'act'}, "
            f"pile {self.pile_size} (top {self.top}), deck {self.deck_size}, scores {self.scores}>"
        )


# ---------------------------------------------------------------------- strategies


class ProbabilityBot(Bot):
    """Banks when the chance that the next card is accepted falls below ``p`` (RULES.md §4).

    The chance is exact: the deck's cards that R5 accepts on the pile's top
    (:meth:`Game.accepted_count`), over the deck's size. With an empty pile it must draw (R4);
    with an empty deck it must bank (R14). The comparison is ``accepted < p * deck_size``, so
    ``p=0`` never banks early and ``p=1`` banks unless every card is accepted.
    """

    def __init__(self, p: float = 0.5):
        if isinstance(p, bool) or not isinstance(p, int | float | Fraction) or not 0 <= p <= 1:
            raise ValueError(
                f"ProbabilityBot needs a probability p between 0 and 1, not {quote(p)}"
            )
        self.p = float(p)

    def choose(self, game: Game) -> Action:
        if game.phase == ACES:
            return self.keep_aces(game)
        size = game.deck_size
        if not size:
            return BANK
        if not game.pile_size:
            return DRAW
        return BANK if game.accepted_count() < self.p * size else DRAW

    def __str__(self) -> str:
        return f"ProbabilityBot({self.p!r})"


class ExpectedValueBot(Bot):
    """One step of look-ahead: draws when drawing once and then banking is worth more than
    banking now, else banks.

    The value of drawing once is :func:`borsen_widget.analysis.one_draw_value` (exact: the
    pile and the new card when it is accepted, R5, R6; nothing when it passes on, R7; an ace's
    loot, R9, to the bank or into the pile); banking now is worth the pile's size.
    """

    def choose(self, game: Game) -> Action:
        if game.phase == ACES:
            return self.keep_aces(game)
        if not game.deck_size:
            return BANK
        pile = game.pile_size
        if not pile:
            return DRAW
        return DRAW if one_draw_value(game) > pile else BANK

    def __str__(self) -> str:
        return "ExpectedValueBot()"


class OptimalTurnBot(Bot):
    """The exact best stopping rule for the rest of the turn, from
    :func:`borsen_widget.analysis.best_turn` (dynamic programming over the cards that can still
    come; ``objective`` ``"own"`` or ``"lead"``, as there).

    Where exact bounds already prove the best choice
    (:func:`borsen_widget.analysis.best_choice`, well under 100 ms nearly everywhere) the bot
    plays it, which is always the exact rule's choice; only where they do not decide does it
    solve the exact rule, which costs milliseconds late in a game but seconds or more in the
    first turns of a one-deck game. ``max_states`` caps that work per decision: past it the bot
    decides by one step of look-ahead, as :class:`ExpectedValueBot` does, and counts it in
    ``fallbacks``. ``None`` (the default) always solves exactly. Aces: the keep policy.
    """

    def __init__(self, objective: str = "own", max_states: int | None = None):
        if objective not in OBJECTIVES:
            raise ValueError(
                f"objective must be one of {', '.join(OBJECTIVES)}, not {quote(objective)}"
            )
        if max_states is not None and (
            isinstance(max_states, bool) or not isinstance(max_states, int) or max_states < 1
        ):
            raise ValueError(
                f"max_states must be a whole number >= 1 or None, not {quote(max_states)}"
            )
        self.objective = objective
        self.max_states = max_states
        self.fallbacks = 0
        self._one_step = ExpectedValueBot()

    def choose(self, game: Game) -> Action:
        if game.phase == ACES:
            return self.keep_aces(game)
        if not game.deck_size:
            return BANK
        if not game.pile_size:
            return DRAW
        proven = best_choice(game, self.objective).action
        if proven is not None:
            return DRAW if proven == "draw" else BANK
        try:
            advice = best_turn(game, self.objective, max_states=self.max_states)
        except TooManyStates:
            self.fallbacks += 1
            return self._one_step.choose(game)
        return DRAW if advice.action == "draw" else BANK

    def __str__(self) -> str:
        args = [] if self.objective == "own" else [repr(self.objective)]
        if self.max_states is not None:
            args.append(f"max_states={self.max_states}")
        return f"OptimalTurnBot({', '.join(args)})"


# ---------------------------------------------------------------------- player strategies


class FunctionBot(Bot):
    """A strategy written as a plain function ``f(view) -> action``.

    ``f`` receives a :class:`PublicView` and returns an :class:`Action` or its text
    (``"draw"``, ``"bank"``, ``"list A♠"``, ``"keep"``). Every answer is checked: anything
    illegal raises :class:`IllegalActionError` naming the function, what it returned and what
    was legal; an exception raised by the function is re-raised as a :class:`StrategyError`
    naming it.

    Ace decisions (R11, R12): with ``aces="keep"`` (the default) the function is asked only to
    draw or bank, and aces are decided by the keep policy (keep what the limit allows, list the
    excess smallest share first). With ``aces="ask"`` the function is asked too
    (``view.phase == "aces"``) and may return ``None`` to leave that decision to the keep policy.
    """

    def __init__(self, function: Callable, *, name: str | None = None, aces: str = "keep"):
        if not callable(function):
            raise TypeError(
                f"a strategy must be a function of the public view, not {quote(function)}"
            )
        if aces not in ("keep", "ask"):
            raise ValueError(f"aces must be 'keep' or 'ask', not {quote(aces)}")
        self.function = function
        self.name = name or function_name(function)
        self.aces = aces

    def choose(self, game: Game) -> Action:
        if game.phase == ACES and self.aces == "keep":
            return self.keep_aces(game)
        try:
            answer = self.function(PublicView(game))
        except Exception as error:
            raise StrategyError(
                f"the strategy {self.name} raised {describe_error(error)} when Seat "
                f"{game.current_player} had to {_task(game)}"
            ) from error
        if answer is None and game.phase == ACES:
            return self.keep_aces(game)
        legal = game.legal_actions()
        action = None
        if isinstance(answer, Action):
            action = answer
        elif isinstance(answer, str):
            try:
                action = Action.parse(answer)
            except ValueError:
                action = None
        if action is None or action not in legal:
            raise IllegalActionError(
                self._illegal(game, answer, legal), action=action, reason="strategy", legal=legal
            )
        return action

    def _illegal(self, game: Game, answer, legal: list[Action]) -> str:
        shown = ", ".join(map(str, legal[:12])) + (", ..." if len(legal) > 12 else "")
        if game.phase == ACES:
            hint = " Return a list action such as 'list none', or None for the keep policy."
        else:
            hint = " Return an Action or its text, such as 'draw' or 'bank'."
        return (
            f"the strategy {self.name} returned {quote(answer)} when Seat {game.current_player} "
            f"had to {_task(game)}: that is not a legal action. Legal: {shown}.{hint}"
        )

    def __str__(self) -> str:
        return self.name


def _task(game: Game) -> str:
    if game.phase == ACES:
        return f"decide which aces to list ({', '.join(map(str, game.pending_aces))})"
    return "draw or bank"


#: The built-in strategies, whose moves are trusted (exactly these classes, not subclasses).
BUILT_IN = (RandomBot, ThresholdBot, ProbabilityBot, ExpectedValueBot, OptimalTurnBot)


def is_trusted(bot) -> bool:
    """True for a built-in strategy, whose moves need no check; a subclass may do anything."""
    return type(bot) in BUILT_IN


__all__ = [
    "BUILT_IN",
    "Bot",
    "ExpectedValueBot",
    "FunctionBot",
    "OptimalTurnBot",
    "ProbabilityBot",
    "PublicView",
    "RandomBot",
    "StrategyError",
    "ThresholdBot",
    "is_trusted",
]
