"""Engine speed: random-bot games per second, one core (issue: aim ≥ 20,000 three-player
games/s on the lean path).

Prints games/s and steps/s (a step is one player action: draw, bank or an ace decision) for
  - the lean path (Game(record=False) played by Game._run, as simulations use it),
  - the checked path (Game.apply with validation, undo points and the log, as people use it),
  - a baseline: a naive pure-Python playout of the default rules with no options, no
    validation and no log, written here in one function,
and the ratios between them. Run: `make bench` or `python benchmarks/engine_speed.py [games]`.
"""

from __future__ import annotations

import random
import sys
import time

from borsen_widget import Game, RandomBot, Rules, ThresholdBot


def lean(n_games: int, rules: Rules, bot=None) -> tuple[float, int]:
    bots = [bot or RandomBot(seat) for seat in range(rules.players)]
    steps = 0
    start = time.perf_counter()
    for seed in range(n_games):
        steps += Game(rules, seed=seed, record=False)._run(bots)
    return time.perf_counter() - start, steps


def checked(n_games: int, rules: Rules) -> tuple[float, int]:
    bots = [RandomBot(seat) for seat in range(rules.players)]
    steps = 0
    start = time.perf_counter()
    for seed in range(n_games):
        game = Game(rules, seed=seed)
        while not game.is_over:
            game.apply(bots[game.current_player].choose(game))
            steps += 1
    return time.perf_counter() - start, steps


def naive_game(rng: random.Random, players: int = 3) -> int:
    """Default rules, random choices, nothing checked or logged: the floor of pure Python."""
    deck = list(range(52))
    rng.shuffle(deck)
    banks = [[] for _ in range(players)]
    pile: list[int] = []
    seat = steps = 0
    while deck:
        steps += 1
        if pile and rng.random() < 0.5:
            banks[seat] += pile
            pile = []
            seat = (seat + 1) % players
            continue
        card = deck.pop()
        if pile and card < 48 and pile[-1] < 48 and card >> 2 < pile[-1] >> 2:
            pile.append(card)
            seat = (seat + 1) % players
            continue
        pile.append(card)
        if card >= 48:  # rob the previous seat 1/2..1/5 (aces counted), keep every ace
            victim = banks[(seat - 1) % players]
            n = len(victim) // (2 + (card & 3))
            if n:
                banks[seat] += victim[-n:]
                del victim[-n:]
    banks[seat] += pile
    return steps


def naive(n_games: int) -> tuple[float, int]:
    rng = random.Random(1)
    steps = 0
    start = time.perf_counter()
    for _ in range(n_games):
        steps += naive_game(rng)
    return time.perf_counter() - start, steps


def main() -> None:
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 20_000
    rules = Rules(players=3)
    rows = [
        ("lean path (Game._run)", *lean(n, rules)),
        ("checked path (Game.apply)", *checked(max(1, n // 5), rules)),
        ("lean, ThresholdBot(4) seats", *lean(n, rules, ThresholdBot(4))),
        ("naive baseline (no options)", *naive(n)),
    ]
    print(f"Random-bot games, 3 players, default rules, one core ({n} games for lean/naive)")
    print(f"{'path':30} {'games/s':>10} {'steps/s':>12} {'steps/game':>11}")
    rates = {}
    for name, seconds, steps in rows:
        games = n if "checked" not in name else max(1, n // 5)
        rates[name] = games / seconds
        print(f"{name:30} {games / seconds:10,.0f} {steps / seconds:12,.0f} {steps / games:11.1f}")
    lean_rate = rates["lean path (Game._run)"]
    print(f"lean / naive baseline:   {lean_rate / rates['naive baseline (no options)']:.2f}")
    print(f"lean / checked:          {lean_rate / rates['checked path (Game.apply)']:.1f}")
    print(f"aim (lean): 20,000 games/s -> {'met' if lean_rate >= 20_000 else 'not met'}")


if __name__ == "__main__":
    main()
