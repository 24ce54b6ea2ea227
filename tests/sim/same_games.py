"""Playing *the same games* on the engine and on the fast simulator: each game is played on the
engine first and its chance is read from the log (the cards in the order drawn, after every
reshuffle that listing caused, R11; the first player, R3; RandomBot's coins and ace decisions),
then the fast path replays that script and must agree game by game. Shared by
tests/sim/test_fastsim_exact.py (every rule option, every built-in bot) and test_fast_rules.py
(strategy rules)."""

from __future__ import annotations

import numpy as np

from borsen_widget import Game, RandomBot, Rules
from borsen_widget.engine.events import END_REASONS
from borsen_widget.play.playout import playout
from borsen_widget.sim.fastsim import Script, play_batch

#: Games a line-up plays by default.
GAMES = 120


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
