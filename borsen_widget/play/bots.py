"""Bots: strategies that choose moves from public information, and a loop that plays them.

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
- :class:`ExpectedValueBot`: one step of look-ahead: draw when the expected pile after one more
  draw (plus the expected loot of an ace, R9) is larger than the pile now.
- :class:`OptimalTurnBot`: the exact best stopping rule of :func:`borsen_widget.analysis.best_turn`
  (available once that module is there).

A player's own strategy is a plain function of a :class:`PublicView`; :func:`as_bot` wraps it
in a :class:`FunctionBot`, which checks every answer and names the function when it is illegal.

Every built-in bot decides its aces with the keep policy of ``auto_aces="keep"`` (keep what the
limit allows, list the excess smallest share first, R11/R12), except :class:`RandomBot`, which
picks uniformly among the legal selections.

This module imports the standard library only (it runs in JupyterLite).
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Sequence
from fractions import Fraction

from ..engine.actions import BANK, DRAW, Action
from ..engine.cards import CARDS, FIRST_ACE, Card
from ..engine.errors import IllegalActionError
from ..engine.game import _RANDOM, _THRESHOLD, ACES, PLAY, Game, auto_selection
from ..engine.rules import Rules, function_name


class Bot:
    """Base class of bots: override :meth:`choose`; ace decisions default to
    :meth:`keep_aces` (keep what the limit allows, as ``auto_aces="keep"``)."""

    def choose(self, game: Game) -> Action:
        raise NotImplementedError

    def keep_aces(self, game: Game) -> Action:
        """R11/R12: keep what the ace limit allows, list the excess smallest share first."""
        return _auto_aces(game, "keep")

    def for_game(self, seed: int) -> Bot:
        """The bot to seat in one game of a simulation whose per-game seed is ``seed``.

        Bots without randomness return themselves; :class:`RandomBot` returns a fresh copy
        seeded from ``seed``, so every game of :func:`~borsen_widget.simulate.simulate` is
        reproducible on its own, whatever the order or the process it is played in.
        """
        return self

    def __repr__(self) -> str:
        return str(self)

    def __str__(self) -> str:
        return type(self).__name__ + "()"


def _auto_aces(game: Game, mode: str) -> Action:
    chosen = auto_selection(game._pending, game._incoming, game._to_list, mode, game._shares)
    return Action("list", tuple(CARDS[c] for c in chosen))


class RandomBot(Bot):
    """Picks uniformly among the legal actions, with its own generator (``seed``)."""

    def __init__(self, seed: int | None = None):
        self.seed = seed
        self._rng = random.Random(seed)

    def choose(self, game: Game) -> Action:
        if game._phase == PLAY and game._deck:
            # The common case, without building the list of legal actions.
            if not game._pile or self._rng.random() < 0.5:
                return DRAW
            return BANK
        legal = game.legal_actions()
        return legal[int(self._rng.random() * len(legal))]

    def fast_policy(self):
        """For Game._run: bank when random() >= 0.5, exactly as :meth:`choose` does."""
        return (_RANDOM, self._rng.random)

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
            raise ValueError(f"ThresholdBot needs a whole number k >= 1, not {k!r}")
        self.k = k

    def choose(self, game: Game) -> Action:
        if game._phase == ACES:
            return self.keep_aces(game)
        if not game._deck or len(game._pile) >= self.k:
            return BANK
        return DRAW

    def fast_policy(self):
        """For Game._run: bank once the pile holds k cards, exactly as :meth:`choose` does."""
        return (_THRESHOLD, self.k)

    def __str__(self) -> str:
        return f"ThresholdBot({self.k})"


# ---------------------------------------------------------------------- public information


class PublicView:
    """What a player at the table may read: everything but the deck's order and the RNG.

    A strategy function receives one of these. It is a cheap, read-only window on the game:
    nothing is copied until asked for.
    """

    __slots__ = ("__game",)

    def __init__(self, game: Game):
        self.__game = game

    @property
    def rules(self) -> Rules:
        """The rules in force."""
        return self.__game.rules

    @property
    def players(self) -> int:
        """The number of seats (R1)."""
        return self.__game.rules.players

    @property
    def me(self) -> int:
        """The seat that is to act: the strategy's own seat."""
        return self.__game.current_player

    @property
    def current_player(self) -> int:
        """The seat that is to act (same as :attr:`me`)."""
        return self.__game.current_player

    @property
    def phase(self) -> str:
        """``"play"`` (draw or bank) or ``"aces"`` (decide which aces to list, R11/R12)."""
        return self.__game.phase

    @property
    def pile(self) -> tuple[Card, ...]:
        """The face-up pile, bottom card first."""
        return self.__game.pile

    @property
    def pile_size(self) -> int:
        """The number of cards in the pile."""
        return len(self.__game._pile)

    @property
    def top(self) -> Card | None:
        """The pile's top card, which the next draw must beat (R5); ``None`` when empty."""
        pile = self.__game._pile
        return CARDS[pile[-1]] if pile else None

    @property
    def banks(self) -> tuple[tuple[Card, ...], ...]:
        """Every seat's bank, oldest card first (R10)."""
        return self.__game.banks

    @property
    def scores(self) -> tuple[int, ...]:
        """Every seat's score: cards in the bank (R15)."""
        return self.__game.scores

    @property
    def deck_size(self) -> int:
        """The number of cards left in the deck."""
        return self.__game.deck_size

    def deck_counts(self) -> dict[Card, int]:
        """The deck's composition, card → copies, in canonical order (never the deck's order)."""
        return self.__game.deck_counts()

    @property
    def turns(self) -> int:
        """Turns ended so far (R14a)."""
        return self.__game.turns

    def legal_actions(self) -> list[Action]:
        """Every legal action now."""
        return self.__game.legal_actions()

    @property
    def pending_aces(self) -> tuple[Card, ...]:
        """The aces to decide on (R11, R12); empty outside an ace decision."""
        return self.__game.pending_aces

    @property
    def aces_to_list(self) -> int:
        """How many of the pending aces must be listed at least (R12)."""
        return self.__game.aces_to_list

    def accepted_count(self) -> int:
        """How many cards of the deck the next draw would be accepted with (R5)."""
        return self.__game.accepted_count()

    def p_accept(self) -> Fraction:
        """The exact chance that the next card is accepted (RULES.md §4): 1 on an empty pile
        or after an ace; 0 when the deck is empty."""
        size = self.__game.deck_size
        return Fraction(self.accepted_count(), size) if size else Fraction(0)

    def __repr__(self) -> str:
        top = self.top
        return (
            f"<PublicView seat {self.me} to {'decide on aces' if self.phase == ACES else 'act'}, "
            f"pile {self.pile_size} (top {top}), deck {self.deck_size}, scores {self.scores}>"
        )


# ---------------------------------------------------------------------- strategies


class ProbabilityBot(Bot):
    """Banks when the chance that the next card is accepted falls below ``p`` (RULES.md §4).

    The chance is exact: the deck's cards that R5 accepts on the pile's top, over the deck's
    size. With an empty pile it must draw (R4); with an empty deck it must bank (R14). The
    comparison is ``accepted < p * deck_size``, so ``p=0`` never banks early and ``p=1`` banks
    unless every card is accepted.
    """

    def __init__(self, p: float = 0.5):
        if isinstance(p, bool) or not isinstance(p, (int, float, Fraction)) or not 0 <= p <= 1:
            raise ValueError(f"ProbabilityBot needs a probability p between 0 and 1, not {p!r}")
        self.p = float(p)

    def choose(self, game: Game) -> Action:
        if game._phase == ACES:
            return self.keep_aces(game)
        deck, pile = game._deck, game._pile
        if not deck:
            return BANK
        if not pile:
            return DRAW
        accepted = game.accepted_count()
        return BANK if accepted < self.p * len(deck) else DRAW

    def __str__(self) -> str:
        return f"ProbabilityBot({self.p!r})"


class ExpectedValueBot(Bot):
    """One step of look-ahead: draws when the expected pile after one more draw is larger
    than the pile now, else banks.

    After one draw the pile holds ``pile + 1`` cards if the card is accepted (R5, R6) and none
    if it passes on (R7); an ace also brings its loot (R9: the share of the victim's bank, to
    the bank or into the pile). Integer arithmetic over the deck's composition, so the
    decision is exact: draw iff ``sum(value) > pile * deck_size``.
    """

    def choose(self, game: Game) -> Action:
        if game._phase == ACES:
            return self.keep_aces(game)
        deck, pile = game._deck, game._pile
        if not deck:
            return BANK
        if not pile:
            return DRAW
        rules = game.rules
        counts = Counter(deck)
        size = len(deck)
        top = pile[-1]
        n_pile = len(pile)
        total = 0
        victim_bank = None
        loot_safe = rules.loot_to == "bank"
        for card, k in counts.items():
            accepted = rules.accepts(CARDS[card], CARDS[top])
            if accepted:
                total += k * (n_pile + 1)
            if card >= FIRST_ACE and (accepted or loot_safe):
                if victim_bank is None:
                    robbable = [len(b) - a for b, a in zip(game._banks, game._aces, strict=True)]
                    victim = rules.victim(game._cur, robbable)
                    victim_bank = tuple(CARDS[c] for c in game._banks[victim])
                total += k * rules.loot(CARDS[card], victim_bank)
        return DRAW if total > n_pile * size else BANK

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
        from ..analysis import OBJECTIVES

        if objective not in OBJECTIVES:
            raise ValueError(f"objective must be one of {', '.join(OBJECTIVES)}, not {objective!r}")
        if max_states is not None and (
            isinstance(max_states, bool) or not isinstance(max_states, int) or max_states < 1
        ):
            raise ValueError(f"max_states must be a whole number >= 1 or None, not {max_states!r}")
        self.objective = objective
        self.max_states = max_states
        self.fallbacks = 0
        self._one_step = ExpectedValueBot()

    def choose(self, game: Game) -> Action:
        from ..analysis import TooManyStates, best_choice, best_turn

        if game._phase == ACES:
            return self.keep_aces(game)
        if not game._deck:
            return BANK
        if not game._pile:
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
    was legal.

    Ace decisions (R11, R12): with ``aces="keep"`` (the default) the function is asked only to
    draw or bank, and aces are decided by the keep policy (keep what the limit allows, list the
    excess smallest share first). With ``aces="ask"`` the function is asked too
    (``view.phase == "aces"``) and may return ``None`` to leave that decision to the keep policy.
    """

    def __init__(self, function: Callable, *, name: str | None = None, aces: str = "keep"):
        if not callable(function):
            raise TypeError(f"a strategy must be a function of the public view, not {function!r}")
        if aces not in ("keep", "ask"):
            raise ValueError(f"aces must be 'keep' or 'ask', not {aces!r}")
        self.function = function
        self.name = name or function_name(function)
        self.aces = aces

    def choose(self, game: Game) -> Action:
        if game._phase == ACES and self.aces == "keep":
            return self.keep_aces(game)
        answer = self.function(PublicView(game))
        if answer is None and game._phase == ACES:
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
            raise IllegalActionError(self._illegal(game, answer, legal))
        return action

    def _illegal(self, game: Game, answer, legal: list[Action]) -> str:
        shown = ", ".join(map(str, legal[:12])) + (", ..." if len(legal) > 12 else "")
        if game._phase == ACES:
            task = f"decide which aces to list ({', '.join(map(str, game.pending_aces))})"
            hint = " Return a list action such as 'list none', or None for the keep policy."
        else:
            task = "draw or bank"
            hint = " Return an Action or its text, such as 'draw' or 'bank'."
        return (
            f"the strategy {self.name} returned {answer!r} when Seat {game.current_player} "
            f"had to {task}: that is not a legal action. Legal: {shown}.{hint}"
        )

    def __str__(self) -> str:
        return self.name


BOT_SPECS = {
    "random": "RandomBot (random or random:SEED)",
    "threshold": "ThresholdBot (threshold:K, bank at K cards)",
    "probability": "ProbabilityBot (probability:P, bank when P(accept) < P)",
    "ev": "ExpectedValueBot (one step of look-ahead)",
    "optimal": "OptimalTurnBot (the exact best stopping rule)",
}


def bot_from_spec(spec: str) -> Bot:
    """A bot from short text: ``"random"``, ``"threshold:4"``, ``"probability:0.5"``,
    ``"ev"``, ``"optimal"`` (as the command line writes them)."""
    if not isinstance(spec, str):
        raise ValueError(f"a bot is named by text such as 'threshold:4', not {spec!r}")
    name, _, arg = spec.strip().partition(":")
    name = name.lower()
    try:
        if name == "random":
            return RandomBot(int(arg) if arg else None)
        if name == "threshold":
            return ThresholdBot(int(arg) if arg else 4)
        if name in ("probability", "prob"):
            return ProbabilityBot(float(Fraction(arg)) if arg else 0.5)
        if name in ("ev", "expected", "expectedvalue") and not arg:
            return ExpectedValueBot()
        if name == "optimal" and not arg:
            return OptimalTurnBot()
    except (ValueError, ZeroDivisionError) as error:
        raise ValueError(f"cannot read the bot {spec!r}: {error}") from None
    known = "; ".join(BOT_SPECS.values())
    raise ValueError(f"unknown bot {spec!r}: use one of {known}")


def as_bot(strategy) -> Bot:
    """A bot from a :class:`Bot`, a strategy function (see :class:`FunctionBot`) or a spec
    such as ``"threshold:4"``."""
    if isinstance(strategy, Bot):
        return strategy
    if isinstance(strategy, str):
        return bot_from_spec(strategy)
    if callable(strategy):
        return FunctionBot(strategy)
    raise TypeError(
        f"a bot is a Bot, a function of the public view or a spec such as 'threshold:4', "
        f"not {strategy!r}"
    )


def play(
    game: Game, bots: Sequence[Bot], *, checked: bool = True, max_steps: int | None = None
) -> Game:
    """Let ``bots[seat]`` play every seat until the game ends (or ``max_steps`` moves).

    ``checked=True`` applies each move through :meth:`Game.apply` (a bad move raises
    :class:`~borsen_widget.IllegalActionError`); ``checked=False`` is the lean path for
    trusted bots in simulations. Strategy functions and specs are accepted (see
    :func:`as_bot`). Returns the game.
    """
    if len(bots) != game.rules.players:
        raise ValueError(
            f"{game.rules.players} seats need {game.rules.players} bots, not {len(bots)}"
        )
    bots = [as_bot(b) for b in bots]
    if not checked:
        game._run(bots, max_steps)
        return game
    steps = 0
    while not game.is_over and (max_steps is None or steps < max_steps):
        game.apply(bots[game.current_player].choose(game))
        steps += 1
    return game


__all__ = [
    "Bot",
    "ExpectedValueBot",
    "FunctionBot",
    "OptimalTurnBot",
    "ProbabilityBot",
    "PublicView",
    "RandomBot",
    "ThresholdBot",
    "as_bot",
    "bot_from_spec",
    "play",
]
