"""Try a strategy rule before submitting it: its result against a house bot, and what
it does in a few fixed positions, in words.

- :func:`try_rule` plays ``games`` two-player games of the rule against one opponent (seats
  taking turns) through :func:`~borsen_widget.sim.simulate.simulate`: the fast path where NumPy
  is installed (a few hundred games in well under a second), else the reference engine. The
  result counts points as the league does (R15: a win 1, a tie half) with the Wilson interval
  of :func:`~borsen_widget.play.rollouts.wilson_interval`.
- The default opponent is :data:`HOUSE_BOT`, ``ThresholdBot(4)``: it banks once the pile holds
  four cards, which is itself one of the builder's rules ("the pile holds at least 4 cards"), so
  a student compares like with like and a rule as good as it wins about half; the fast path
  plays it; WinningBot, the tournament's "boss", would need the reference engine and seconds.
- :func:`examples` sets up :data:`POSITIONS` with :meth:`Game.from_position` (two players, the
  student in seat 0): early with a small pile, behind with a longer one, ahead late in the deck;
  for each, the pile, the chance that the next card is accepted (R5, RULES.md §4), the banks and
  whether the rule banks or draws, in words (:func:`explain`, for any position where banking
  is a choice).

Sentences come from the catalogues (en, nb, nn). Imports the engine, the i18n layer, the bots and
:mod:`borsen_widget.sim.simulate`.
"""

from __future__ import annotations

import dataclasses
from fractions import Fraction

from ..engine.actions import BANK
from ..engine.cards import CARDS, Card
from ..engine.game import Game
from ..engine.position import PLAY
from ..engine.rules import Rules
from ..i18n import resolve_language, translator
from ..play.bots import Bot, ThresholdBot
from ..play.rollouts import wilson_interval
from ..play.specs import as_bot
from ..play.strategy_rules import RuleBot, StrategyRule
from .simulate import simulate

__all__ = [
    "HOUSE_BOT",
    "POSITIONS",
    "Example",
    "Trial",
    "examples",
    "explain",
    "position_game",
    "try_rule",
]

#: The house bot a rule is tried against by default (see the module's text).
HOUSE_BOT = ThresholdBot(4)
#: The most games one try plays (a phone waits for the answer).
MAX_TRIAL_GAMES = 5_000


@dataclasses.dataclass(frozen=True)
class Trial:
    """A rule's result against one opponent: ``points`` (a win 1, a tie ½) of ``games``,
    ``win_rate`` = points / games with its 95 % Wilson interval (``low``, ``high``)."""

    rule: str
    opponent: str
    games: int
    points: float
    win_rate: float
    low: float
    high: float
    engine: str
    seed: int

    def say(self, language: str | None = None) -> str:
        """The result as whole sentences in ``language``."""
        tr = translator(language)
        first = tr.ngettext(
            "Against {opponent}, your rule scored {points} points in {count} game "
            "(a win counts 1, a tie ½): a win rate of {rate}.",
            "Against {opponent}, your rule scored {points} points in {count} games "
            "(a win counts 1, a tie ½): a win rate of {rate}.",
            self.games,
            opponent=self.opponent,
            points=self.points,
            count=self.games,
            rate=tr.percent(self.win_rate),
        )
        second = tr.gettext(
            "Its true win rate lies between {low} and {high} (a {level} interval).",
            level=tr.percent(0.95),
            low=tr.percent(self.low),
            high=tr.percent(self.high),
        )
        return f"{first} {second}"

    def to_dict(self) -> dict:
        """The numbers, as JSON (no seed: nothing about the deck reaches a phone)."""
        return {
            "rule": self.rule,
            "opponent": self.opponent,
            "games": self.games,
            "points": self.points,
            "win_rate": self.win_rate,
            "low": self.low,
            "high": self.high,
        }


def _rule(rule) -> StrategyRule:
    if isinstance(rule, StrategyRule):
        return rule
    return StrategyRule.from_dict(rule)  # a StrategyRuleError says what is wrong


def try_rule(
    rule, *, opponent=None, games: int = 300, seed: int = 1, language: str | None = None
) -> Trial:
    """Play the rule (a :class:`StrategyRule` or its JSON value) against ``opponent`` (a bot,
    a spec such as ``"threshold:4"``, another rule or its JSON value; ``None``:
    :data:`HOUSE_BOT`) in ``games`` two-player games (seats taking turns, the original rules)
    from ``seed``."""
    rule = _rule(rule)
    if opponent is None:
        opponent = HOUSE_BOT
    elif isinstance(opponent, StrategyRule | dict):
        opponent = RuleBot(_rule(opponent))
    elif not isinstance(opponent, Bot):
        opponent = as_bot(opponent)
    if isinstance(games, bool) or not isinstance(games, int) or not 1 <= games <= MAX_TRIAL_GAMES:
        raise ValueError(f"games must be a whole number from 1 to {MAX_TRIAL_GAMES:,}")
    if language is not None:
        language = resolve_language(language)
    result = simulate(
        Rules(players=2),
        [RuleBot(rule), opponent],
        games,
        seed=seed,
        keep_games=True,
        progress=False,
        workers=1,
    )
    rows = result.tables()["games"]
    mine, theirs = rows["score_0"], rows["score_1"]
    points = 0.0
    for g in range(games):
        # Game g seats bots[(s + g) % 2] at seat s: the rule sits at seat g % 2.
        a, b = (mine[g], theirs[g]) if g % 2 == 0 else (theirs[g], mine[g])
        points += 1.0 if a > b else 0.5 if a == b else 0.0
    low, high = wilson_interval(points, games)
    return Trial(
        rule.name, str(opponent), games, points, points / games, low, high, result.engine, seed
    )


# ---------------------------------------------------------------------- example positions

#: The example positions (two players, the student in seat 0): the pile bottom first, how
#: many cards each bank holds, and how many cards the deck holds (the rest is out of play).
POSITIONS = (
    {"pile": ("5H", "9C"), "banks": (0, 0), "deck": 50},
    {"pile": ("3S", "7D", "8H", "JC", "JD"), "banks": (6, 14), "deck": 24},
    {"pile": ("4C", "6S", "9D", "QD"), "banks": (18, 13), "deck": 12},
)


@dataclasses.dataclass(frozen=True)
class Example:
    """What a rule does in one example position: the pile (card texts, bottom first), the
    deck's size and how many of its cards would be accepted (R5), the cards of my bank and of
    the fullest other bank, the action (``"bank"`` or ``"draw"``) and all of it as
    ``sentences`` in one language."""

    pile: tuple[str, ...]
    deck: int
    accepted: int
    banks: tuple[int, int]
    action: str
    sentences: tuple[str, ...]


def position_game(spec: dict) -> Game:
    """The game of one of :data:`POSITIONS`, the student (seat 0) to act."""
    pile = [Card.parse(text) for text in spec["pile"]]
    # The deck: cards spread evenly over the others (every rank, some aces), so its chance is
    # a typical one; the banks: non-aces of the rest (a bank's aces would raise R12 questions
    # the example is not about); what is left is out of play.
    rest = [card for card in CARDS if card not in pile]
    size = spec["deck"]
    deck = [rest[i * len(rest) // size] for i in range(size)]
    others = [card for card in rest if card not in deck and not card.is_ace]
    mine, theirs = spec["banks"]
    banks = [others[:mine], others[mine : mine + theirs]]
    return Game.from_position(
        Rules(players=2), deck=deck, banks=banks, pile=pile, current_player=0, seed=0
    )


def examples(rule, language: str | None = None) -> list[Example]:
    """The rule in :data:`POSITIONS`, each with what it does there, in words."""
    rule = _rule(rule)
    return [explain(rule, position_game(spec), language) for spec in POSITIONS]


def explain(rule, game: Game, language: str | None = None) -> Example:
    """What ``rule`` does in ``game`` for the player to act, in words: the pile, the chance
    that the next card is accepted, the banks (mine and the fullest other one) and whether it
    banks or draws. The game must be one where banking is a choice (R4, R8: a pile and a
    deck, no ace decision pending); the tournament's "one position to learn from" uses it too.
    """
    rule = _rule(rule)
    if game.phase != PLAY or not game.pile_size or not game.deck_size:
        raise ValueError("explain needs a position where the player may draw or bank")
    tr = translator(language)
    action = "bank" if RuleBot(rule).choose(game) == BANK else "draw"
    top = game.pile[-1]
    accepted, deck = game.accepted_count(), game.deck_size
    me = game.current_player
    mine = game.scores[me]
    theirs = max(score for seat, score in enumerate(game.scores) if seat != me)
    if game.rules.players == 2:
        banks = tr.gettext(
            "Cards in the banks: yours {mine}, the other player's {theirs}.",
            mine=mine,
            theirs=theirs,
        )
    else:
        banks = tr.gettext(
            "Cards in the banks: yours {mine}, the most among the others {theirs}.",
            mine=mine,
            theirs=theirs,
        )
    said = (
        tr.ngettext(
            "The pile holds {count} card and its top card is {card}.",
            "The pile holds {count} cards and its top card is {card}.",
            game.pile_size,
            count=game.pile_size,
            card=tr.card_name(top.rank, top.suit),
        ),
        tr.gettext(
            "The chance that the next card is accepted is {fraction}, about {percent}.",
            fraction=tr.fraction(Fraction(accepted, deck)),
            percent=tr.percent(accepted / deck),
        ),
        banks,
        tr.gettext("Your rule banks.") if action == "bank" else tr.gettext("Your rule draws."),
    )
    pile = tuple(str(card) for card in game.pile)
    return Example(pile, deck, accepted, (mine, theirs), action, said)
