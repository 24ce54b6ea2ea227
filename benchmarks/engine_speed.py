"""Engine speed: random-bot games per second on one core, three ways, with their ratios.

  - checked: the public API in a loop, as a user's own bot loop would run it:
    ``legal_actions()``, a uniform random choice among them, ``apply()`` (validation, undo
    points and the log all on);
  - lean: ``playout`` of RandomBot seats on ``Game(record=False)`` (as simulations and
    rollouts use it);
  - naive: the same game in one plain function: default rules, RandomBot's choices (a fair
    coin between draw and bank; a uniform choice among the legal ace decisions, listing and
    shuffling with ``random.shuffle``), R5, R7, R9, R11–R14; nothing checked, undone or logged.

A fourth figure, "naive without ace decisions", is the baseline the project used before: it
keeps every ace (no listing, no reshuffle), so it plays a simpler game than RandomBot's.

    python benchmarks/engine_speed.py [games]   (or: make bench)
"""

from __future__ import annotations

import random
import sys
import time
from collections import Counter

from borsen_widget import Game, RandomBot, Rules
from borsen_widget.play.playout import playout


def checked(n_games: int, rules: Rules) -> int:
    steps = 0
    for seed in range(n_games):
        rng = random.Random(seed)
        game = Game(rules, seed=seed)
        while not game.is_over:
            legal = game.legal_actions()
            game.apply(legal[int(rng.random() * len(legal))])
            steps += 1
    return steps


def lean(n_games: int, rules: Rules) -> int:
    bots = [RandomBot(seat) for seat in range(rules.players)]
    steps = 0
    for seed in range(n_games):
        steps += playout(Game(rules, seed=seed, record=False), bots)
    return steps


def naive_game(rng: random.Random, players: int = 3, list_aces: bool = True) -> int:
    """RandomBot's game under the default rules, written plainly in one function."""
    rand = rng.random
    deck = list(range(52))
    rng.shuffle(deck)
    banks: list[list[int]] = [[] for _ in range(players)]
    aces = [0] * players
    pile: list[int] = []
    seat = steps = 0
    while deck or pile:
        steps += 1
        if pile and (not deck or rand() < 0.5):  # bank (R8; R14 when the deck is empty)
            bank = banks[seat]
            bank += pile
            incoming = [c for c in pile if c >= 48]
            pile = []
            aces[seat] += len(incoming)
            if list_aces and incoming and any(c < 48 for c in deck):  # R11, R13
                over = aces[seat] > 2  # R12
                pending = sorted(c for c in bank if c >= 48) if over else incoming
                need = aces[seat] - 2 if over else 0
                choices = [()]
                for card, k in sorted(Counter(pending).items()):
                    choices = [s + (card,) * j for s in choices for j in range(k + 1)]
                choices = [s for s in choices if len(s) >= need]
                listed = choices[int(rand() * len(choices))]
                steps += 1
                for ace in listed:
                    del bank[len(bank) - 1 - bank[::-1].index(ace)]
                    deck.append(ace)
                if listed:
                    aces[seat] -= len(listed)
                    rng.shuffle(deck)
            if not deck:
                break
            seat = (seat + 1) % players
            continue
        card = deck.pop()  # draw
        below = pile[-1] if pile else None
        pile.append(card)
        if card >= 48:  # R9: rob the previous seat ⌊non-aces × share⌋, newest first
            victim = banks[(seat - 1) % players]
            count = (len(victim) - aces[(seat - 1) % players]) // (2 + (card & 3))
            loot = []
            i = len(victim) - 1
            while len(loot) < count:
                if victim[i] < 48:
                    loot.append(victim.pop(i))
                i -= 1
            banks[seat] += loot[::-1]
        elif below is not None and below < 48 and card >> 2 < below >> 2:  # R7: passed on
            seat = (seat + 1) % players
    return steps


def naive(n_games: int, list_aces: bool = True) -> int:
    rng = random.Random(1)
    return sum(naive_game(rng, list_aces=list_aces) for _ in range(n_games))


def rates(runs: dict, n_games: int, rounds: int = 5) -> dict:
    """Best games/s of each run (CPU time) over ``rounds`` rounds that take the runs in turn,
    so that a busy moment of a shared machine does not fall on one path only; and steps/game."""
    best = dict.fromkeys(runs, 0.0)
    steps = dict.fromkeys(runs, 0)
    for _ in range(rounds):
        for name, run in runs.items():
            start = time.process_time()
            steps[name] = run(n_games)
            best[name] = max(best[name], n_games / max(time.process_time() - start, 1e-9))
    return {name: (best[name], steps[name] / n_games) for name in runs}


def main() -> None:
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 4000
    rules = Rules(players=3)
    runs = {
        "checked API (legal_actions + apply)": lambda k: checked(k, rules),
        "lean playout (record=False)": lambda k: lean(k, rules),
        "naive playout, same game": naive,
        "naive without ace decisions": lambda k: naive(k, list_aces=False),
    }
    rows = rates(runs, n)
    print(f"RandomBot games, 3 players, default rules, one core, {n:,} games, best of 5 (CPU)")
    print(f"{'path':38} {'games/s':>9} {'steps/game':>11}")
    for name, (games, steps) in rows.items():
        print(f"{name:38} {games:9,.0f} {steps:11.1f}")
    same = rows["naive playout, same game"][0]
    simple = rows["naive without ace decisions"][0]
    check, lean_rate = (
        rows["checked API (legal_actions + apply)"][0],
        rows["lean playout (record=False)"][0],
    )
    print(f"checked / naive (same game): {check / same:.2f}   (aim >= 0.10)")
    print(f"lean / naive (same game):    {lean_rate / same:.2f}   (aim >= 0.5)")
    print(f"checked / naive without ace decisions: {check / simple:.2f}")
    print(f"lean / naive without ace decisions:    {lean_rate / simple:.2f}")


if __name__ == "__main__":
    main()
