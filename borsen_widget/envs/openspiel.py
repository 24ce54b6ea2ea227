"""Børsen as an OpenSpiel game, ``python_borsen``, registered when this module is imported::

    import pyspiel, borsen_widget.envs.openspiel
    game = pyspiel.load_game("python_borsen", {"players": 2, "rob_target": "leader"})

**Parameters**: every option of RULES.md §2 by its name (from the one declaration,
:data:`~borsen_widget.engine.options.OPTIONS`): whole numbers and switches as such, the others
as the text the command line reads (``first_player="suit"`` or ``"seat1"``,
``max_bank_aces=-1`` for no limit, ``auto_aces="keep"``, ``ace_shares="S:1;H:1/3"``). House
rules written as Python functions cannot be parameters.

**Chance** (explicit): a player's *draw* leads to a chance node whose outcomes are the cards the
deck holds, each with its exact probability, copies over cards left (RULES.md §4: the numbers
of :func:`borsen_widget.analysis.draw_outcomes`, card by card); the chosen card is put on top
of the deck (:meth:`Game.put_on_top`) and drawn by the engine. The lot for the first player
(R3 ``"random"``: seats, uniform) and the first card turned (R3 ``"suit"``) are chance nodes
too. Nothing else is random: a listed ace goes back into the deck (R11), whose order no longer
matters, since every card is dealt by a chance node when it is drawn.

**Information**: the deck's order is the game's one secret, and here it does not exist: each
card is chosen when it is drawn, and everyone sees it. So the game is declared
``PERFECT_INFORMATION`` with explicit chance, as OpenSpiel declares Pig and backgammon: the
observation (string and tensor, from the shared encoder, from one player's seat) is the whole
public state, and the information state is that observation plus the history of moves (its
tensor is the observation's: nothing else in the history bears on the rest of the game).

**Returns** (R15, :func:`~borsen_widget.envs.table.returns`): 1 for a win, split equally in a
shared win, 0 for a loss; ``CONSTANT_SUM`` with utility sum 1, utilities in [0, 1].

Actions are the encoder's table (0 draw, 1 bank, then the ace decisions of R11–R12); the legal
ones are the engine's. Every move goes through the engine's checked :meth:`Game.apply`.
"""

from __future__ import annotations

import numpy as np
import pyspiel

from ..engine.actions import DRAW
from ..engine.cards import CARDS, DISTINCT_CARDS, full_deck
from ..engine.game import Game
from ..engine.options import OPTIONS
from ..engine.rules import Rules
from ..play.bots import PublicView
from .encoding import Encoding, describe, encoding_for
from .table import returns

SHORT_NAME = "python_borsen"
#: The options that are game parameters (a Python function cannot be one).
PARAMETERS = tuple(o for o in OPTIONS if o.kind != "function")


def parameter(option, value):
    """An option's value as a game parameter: an int or a bool as such, a limit as an int
    (``-1`` for no limit), a seat as ``"seat1"``, else its text (the shares as
    ``"S:1/2;H:1/3;C:1/4;D:1/5"``: OpenSpiel's game strings keep ``,`` and ``=`` for
    themselves, and read text that looks like a number as a number)."""
    if option.kind in ("count", "bool"):
        return value
    if option.kind == "limit":
        return -1 if value is None else value
    if option.kind == "seat" and isinstance(value, int):
        return f"seat{value}"
    text = option.log_text(value)
    return text.replace(",", ";").replace("=", ":") if option.kind == "shares" else text


def rules_from(params: dict) -> Rules:
    """The :class:`Rules` of a game's parameters (an unknown name is a ``ValueError``)."""
    names = [o.name for o in PARAMETERS]
    unknown = sorted(set(params) - set(names))
    if unknown:
        raise ValueError(
            f"python_borsen has no parameter {', '.join(map(repr, unknown))} (house rules "
            f"written as Python functions cannot be parameters); it has {', '.join(names)}"
        )
    values = {}
    for option in PARAMETERS:
        value = params.get(option.name, parameter(option, option.default))
        if option.kind == "shares":
            value = value.replace(";", ",").replace(":", "=")
        elif option.kind == "limit":
            value = None if value == -1 else str(value)
        elif option.kind == "seat" and value.startswith("seat"):
            value = value[4:]
        if option.kind in ("count", "bool") or value is None:
            values[option.name] = value
        else:
            values[option.name] = option.parse(value)
    return Rules(**values)


def parameters_of(rules: Rules) -> dict:
    """The game parameters that give ``rules`` (its house-rule functions cannot be given)."""
    return {o.name: parameter(o, getattr(rules, o.name)) for o in PARAMETERS}


GAME_TYPE = pyspiel.GameType(
    short_name=SHORT_NAME,
    long_name="Python Børsen",
    dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
    chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
    information=pyspiel.GameType.Information.PERFECT_INFORMATION,
    utility=pyspiel.GameType.Utility.CONSTANT_SUM,
    reward_model=pyspiel.GameType.RewardModel.TERMINAL,
    max_num_players=8,
    min_num_players=2,
    provides_information_state_string=True,
    provides_information_state_tensor=True,
    provides_observation_string=True,
    provides_observation_tensor=True,
    parameter_specification={o.name: parameter(o, o.default) for o in PARAMETERS},
)


def deck_cards(decks: int) -> list:
    """Every card of ``decks`` decks in canonical order (the order never matters here: each
    card is dealt by a chance node)."""
    return [CARDS[c] for c in full_deck(decks)]


class DealtGame(Game):
    """The engine's :class:`Game` as states hold it, shared until one of them moves.

    OpenSpiel clones a Python state by making a new initial state and ``copy.deepcopy``-ing
    its attributes; a search clones at every node. Here the copy is deferred: a deep copy
    returns the same game with one more holder (:attr:`holders`), and a state about to change
    its game takes its own :meth:`Game.copy` first if another state holds it too
    (:meth:`BorsenState.own`). The game made once at the start is shared the same way by every
    new state. Each game also keeps every seat's observation of it (:attr:`seen`), so a search
    that looks at one node many times, or at the start, encodes it once.
    """

    #: How many states hold this game (it changes in place only when it is one).
    holders: int
    #: Each seat's observation vector of the game as it stands.
    seen: dict

    def ready(self) -> DealtGame:
        """This game, held once and with nothing seen yet."""
        self.holders = 1
        self.seen = {}
        return self

    def twin(self) -> DealtGame:
        """An independent copy (:meth:`Game.copy`), still a :class:`DealtGame`."""
        twin = self.copy()
        twin.__class__ = DealtGame
        return twin.ready()

    def share(self) -> DealtGame:
        """This game, held by one more state."""
        self.holders += 1
        return self

    def __deepcopy__(self, memo):
        return self.share()

    def observe(self, encoding: Encoding, seat: int) -> np.ndarray:
        """``seat``'s observation vector of this game (made once; do not change it)."""
        vector = self.seen.get(seat)
        if vector is None:
            vector = self.seen[seat] = encoding.observe_game(self, seat)
        return vector


class BorsenGame(pyspiel.Game):
    """The game for one set of rules (its parameters)."""

    def __init__(self, params=None):
        params = dict(params or {})
        self.rules = rules = rules_from(params)
        self.encoding = encoding = encoding_for(rules)
        cards = encoding.cards_in_play
        info = pyspiel.GameInfo(
            num_distinct_actions=encoding.num_actions,
            max_chance_outcomes=DISTINCT_CARDS,
            num_players=rules.players,
            min_utility=0.0,
            max_utility=1.0,
            utility_sum=1.0,
            # Each turn: at most every card drawn, a bank and an ace decision (R14a caps turns).
            max_game_length=rules.max_turns * (2 * cards + 2) + 2,
        )
        super().__init__(GAME_TYPE, info, params)
        #: The game at its start when a seat is given (R3), copied by each new state (OpenSpiel
        #: makes initial states often, for the sizes of tensors too).
        self.start = None
        first = rules.first_player
        #: The chance node a new state starts with: R3's lot, its first card, or none.
        self.first_chance = (
            {"random": "lot", "suit": "suit"}.get(first) if isinstance(first, str) else None
        )
        if not isinstance(first, str):
            self.start = DealtGame.from_position(
                rules, deck_cards(rules.decks), seed=0, undo=False
            ).ready()

    def new_initial_state(self):
        return BorsenState(self)

    def make_py_observer(self, iig_obs_type=None, params=None):
        if params:
            raise ValueError(f"python_borsen's observer takes no parameters, not {params}")
        perfect_recall = iig_obs_type is not None and iig_obs_type.perfect_recall
        return BorsenObserver(self.encoding, perfect_recall)


class BorsenState(pyspiel.State):
    """One game: the engine's :class:`Game`, and whether a chance node is pending."""

    def __init__(self, game: BorsenGame):
        super().__init__(game)
        self.encoding = game.encoding
        #: ``"lot"`` or ``"suit"`` before the game starts (R3), ``"card"`` after a draw.
        self.chance = game.first_chance
        #: The engine's game (``None`` before R3's lot or first card), shared with other
        #: states until this one moves (see :class:`DealtGame`).
        self.game: Game | None = None
        if game.start is not None:  # a seat starts (R3): the game made once, shared
            self.game = game.start.share()

    def own(self) -> Game:
        """The game, this state's alone, to change: a copy if another state holds it too;
        what it has seen is forgotten, since it is about to change."""
        game = self.game
        if isinstance(game, DealtGame):
            if game.holders > 1:
                game.holders -= 1
                game = self.game = game.twin()
            else:
                game.seen.clear()
        return game

    @property
    def rules(self) -> Rules:
        return self.encoding.rules

    # ------------------------------------------------------------------ who acts

    def current_player(self):
        if self.chance is not None:
            return pyspiel.PlayerId.CHANCE
        if self.game.is_over:
            return pyspiel.PlayerId.TERMINAL
        return self.game.current_player

    def is_terminal(self):
        return self.chance is None and self.game.is_over

    def _legal_actions(self, player):
        return self.encoding.legal(self.game.legal_actions())

    def chance_outcomes(self):
        """The exact chance of each outcome (R3's lot: each seat alike; a card: its copies
        over the cards left, RULES.md §4)."""
        if self.chance == "lot":
            n = self.rules.players
            return [(seat, 1.0 / n) for seat in range(n)]
        if self.chance == "suit":
            counts = [self.rules.decks] * DISTINCT_CARDS
        else:  # the deck's composition (never its order): copies by card
            deck = bytes(self.game.position.deck)
            counts = np.bincount(np.frombuffer(deck, np.uint8), minlength=DISTINCT_CARDS).tolist()
        size = sum(counts)
        # k / size is the exact fraction correctly rounded to a float, as float(Fraction) is.
        return [(card, k / size) for card, k in enumerate(counts) if k]

    # ------------------------------------------------------------------ moves

    def _apply_action(self, action):
        chance, rules = self.chance, self.rules
        if chance == "lot":
            self.game = DealtGame.from_position(
                rules, deck_cards(rules.decks), current_player=int(action), seed=0, undo=False
            ).ready()
        elif chance == "suit":
            deck = deck_cards(rules.decks)
            deck.remove(CARDS[action])
            self.game = DealtGame.from_position(
                rules, [CARDS[action], *deck], seed=0, undo=False
            ).ready()
        elif chance == "card":
            game = self.own()
            game.put_on_top(CARDS[action])
            game.apply(DRAW)
        else:
            move = self.encoding.action(action)
            if move is DRAW:
                self.chance = "card"
                return
            self.own().apply(move)
        self.chance = None

    def _action_to_string(self, player, action):
        if player == pyspiel.PlayerId.CHANCE:
            if self.chance == "lot":
                return f"lot: seat {action}"
            return f"deal {CARDS[action]}"
        return str(self.encoding.action(action))

    def returns(self):
        if not self.is_terminal():
            return [0.0] * self.rules.players
        return returns(self.game)

    def __str__(self):
        if self.game is None:
            return "before the first card"
        return repr(self.game) + (" (a card is being dealt)" if self.chance else "")


class BorsenObserver:
    """The observation of one seat (the shared encoder's vector), as a tensor and a string;
    with ``perfect_recall`` the information state: the same tensor, and the string with the
    history of moves."""

    def __init__(self, encoding: Encoding, perfect_recall: bool):
        self.encoding = encoding
        self.perfect_recall = perfect_recall
        self.tensor = np.zeros(encoding.size, np.float32)
        self.dict = {"observation": self.tensor}

    def set_from(self, state: BorsenState, player: int) -> None:
        game = state.game
        if game is None:
            self.tensor.fill(0)
        elif isinstance(game, DealtGame):
            self.tensor[:] = game.observe(self.encoding, player)
        else:
            self.tensor[:] = self.encoding.observe_game(game, player)

    def string_from(self, state: BorsenState, player: int) -> str:
        if state.game is None:
            text = f"seat {player}: before the first card"
        else:
            facts = describe(PublicView(state.game), player)
            facts["dealing"] = state.chance == "card"
            text = " ".join(f"{k}={v}" for k, v in facts.items())
        if self.perfect_recall:
            text += " history=" + ",".join(map(str, state.history()))
        return text


pyspiel.register_game(GAME_TYPE, BorsenGame)

__all__ = [
    "GAME_TYPE",
    "PARAMETERS",
    "SHORT_NAME",
    "BorsenGame",
    "BorsenObserver",
    "BorsenState",
    "parameters_of",
    "rules_from",
]
