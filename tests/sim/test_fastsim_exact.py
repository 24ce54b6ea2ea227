"""The fast simulator plays *the same games* as the engine: not only in distribution, exactly.

Each game is first played on the engine (:class:`Game` with its log, the same bots), and its
chance is written down from the log: the order in which the cards were drawn (after every
reshuffle that listing caused, R11), the first player drawn by lot (R3), RandomBot's coin after
each draw and its ace decisions. The fast path then plays the same games from that script
(:class:`borsen_widget.sim.fastsim.Script`) and must give, game by game, the same scores (R15),
turns and end (R14, R14a), robberies and loot (R9) and listed aces (R11) — for every rule option
of RULES.md §2 (R1–R14a), rare paths included (ties for "leader", R13 with four decks), a house
rule for R5, and every built-in bot. ThresholdBot, ProbabilityBot and ExpectedValueBot decide
by themselves on both paths.
"""

from __future__ import annotations

import numpy as np
import pytest
from variants import BOT_SETS, FAST_VARIANTS, MIX

from borsen_widget import Game, RandomBot, Rules, ThresholdBot
from borsen_widget.engine.events import END_REASONS
from borsen_widget.play.bots import ExpectedValueBot
from borsen_widget.play.playout import playout
from borsen_widget.sim.fastsim import Script, play_batch

GAMES = 120


def same_suit_or_higher(card, below):
    """A house rule for R5 (the fast path reads it from Rules.verdicts like the original)."""
    return card.is_ace or below.is_ace or card.suit == below.suit or card.rank >= below.rank


# Every declared fast value of every option (variants.FAST_VARIANTS, made from the
# declarations), and rare paths.
EXACT_VARIANTS = {
    **FAST_VARIANTS,
    "R9 leader, ties, 3 players": {"rob_target": "leader", "ace_shares": {"S": 1, "H": 1}},
    "R13 four decks, limit 1": {"decks": 4, "max_bank_aces": 1, "players": 3},
    "R5 house rule, same suit": {"accept_rule": same_suit_or_higher},
    "R5 house rule, strict, pile loot": {
        "accept_rule": lambda card, below: card.rank > below.rank,
        "loot_to": "pile",
    },
}


def engine_games(rules: Rules, bots, seed: int, games: int):
    """Play ``games`` games on the engine (game g seats the bots rotated by g); return them."""
    n = rules.players
    played = []
    for g in range(games):
        seated = [bots[(s + g) % n] for s in range(n)]
        seated = [
            RandomBot(seed * 1000 + g * 10 + s) if type(b) is RandomBot else b
            for s, b in enumerate(seated)
        ]
        game = Game(rules, seed * 100_000 + g, undo=False)
        playout(game, seated)
        played.append((game, seated))
    return played


def script_of(played, n: int) -> Script:
    """The chance of each engine game, read from its log."""
    draws_of, coins_of, first, aces = [], [], [], []
    for game, seated in played:
        log = game.log
        cards, coins, decisions = [], [], []
        first.append(log[0].player)
        i = 0
        while i < len(log):
            event = log[i]
            if event.kind == "draw":
                cards.append(event.cards[0].index)
                i += 1
                while i < len(log) and log[i].kind in ("accept", "pass", "rob"):
                    i += 1
                # The decision after this draw: a bank that a player chose (not R14's).
                nxt = log[i] if i < len(log) else None
                coins.append(nxt is not None and nxt.kind == "bank" and nxt.info is None)
                continue
            if event.kind == "bank" and type(seated[event.player]) is RandomBot:
                j = i + 1
                listed = [0, 0, 0, 0]
                asked = False
                while j < len(log) and log[j].kind in ("list", "keep"):
                    asked = asked or log[j].info != "dead_deck"
                    if log[j].kind == "list":
                        listed[log[j].cards[0].index & 3] += 1
                    j += 1
                if asked and game.rules.auto_aces is None:
                    decisions.append(listed)
            i += 1
        draws_of.append(cards)
        coins_of.append(coins)
        aces.append(decisions)
    width = max(len(c) for c in draws_of) + 1
    cards = np.full((len(played), width), -1, dtype=np.int64)
    coins = np.zeros((len(played), width), dtype=bool)
    for g, (c, k) in enumerate(zip(draws_of, coins_of, strict=True)):
        cards[g, : len(c)] = c
        coins[g, : len(k)] = k
    return Script(cards=cards, coins=coins, first=np.array(first), aces=aces)


def outcomes_of(game: Game) -> tuple:
    log = game.log
    robberies = [e for e in log if e.kind == "rob"]
    return (
        tuple(game.scores),
        game.turns,
        END_REASONS.index(game.end_reason),
        len(robberies),
        sum(len(e.cards) for e in robberies),
        sum(e.kind == "list" for e in log),
    )


def assert_same_games(rules: Rules, bots, seed: int = 3, games: int = GAMES) -> None:
    played = engine_games(rules, bots, seed, games)
    rotations = np.arange(games) % rules.players
    out = play_batch(
        rules, bots, rotations, np.random.default_rng(0), script=script_of(played, rules.players)
    )
    for g, (game, _) in enumerate(played):
        fast = (
            tuple(int(x) for x in out["scores"][g]),
            int(out["turns"][g]),
            int(out["end"][g]),
            int(out["robberies"][g]),
            int(out["loot"][g]),
            int(out["listed"][g]),
        )
        assert fast == outcomes_of(game), (
            f"game {g} differs (scores, turns, end, robberies, loot, listed): "
            f"fast {fast}, engine {outcomes_of(game)}"
        )


@pytest.mark.parametrize("name", list(EXACT_VARIANTS))
def test_every_rule_option_plays_the_same_games(name):
    """R1–R14a: the same deck orders and choices give identical games on both paths."""
    rules = Rules(**EXACT_VARIANTS[name])
    bots = [MIX[i % len(MIX)] for i in range(rules.players)]
    assert_same_games(rules, bots)


@pytest.mark.parametrize("name", list(BOT_SETS))
def test_every_builtin_strategy_plays_the_same_games(name):
    """Each built-in strategy's decisions (R4, R8, R11) are the same on both paths."""
    assert_same_games(Rules(), BOT_SETS[name], seed=5)


@pytest.mark.parametrize(
    "mutation",
    [
        {"equal_accepted": False},
        {"rob_target": "next"},
        {"max_bank_aces": 1},
        {"ace_shares": {"D": "1/2"}},
        {"loot_to": "pile"},
        {"bank_ends_turn": False},
        {"max_turns": 30},
    ],
    ids=lambda m: ",".join(m),
)
def test_the_exact_test_has_teeth(mutation):
    """A fast path that read one option wrongly is caught: the engine's games under the
    original rules, replayed by the fast path under a changed one, differ game by game (or
    the script no longer fits them at all)."""
    bots = [ThresholdBot(4), RandomBot(), ExpectedValueBot()]
    played = engine_games(Rules(), bots, 3, 60)
    script = script_of(played, 3)
    try:
        out = play_batch(
            Rules(**mutation), bots, np.arange(60) % 3, np.random.default_rng(0), script=script
        )
    except ValueError as error:  # a card or an ace decision the misread games never had
        assert "does not hold" in str(error) or "no ace decision" in str(error)
        return
    differ = sum(
        (tuple(int(x) for x in out["scores"][g]), int(out["turns"][g]))
        != (tuple(game.scores), game.turns)
        for g, (game, _) in enumerate(played)
    )
    assert differ > 0
