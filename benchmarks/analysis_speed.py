"""How fast the teacher's figures are (borsen_widget.analysis), on many one-deck positions.

    .venv/bin/python benchmarks/analysis_speed.py            # the full run
    .venv/bin/python benchmarks/analysis_speed.py --quick    # fewer positions, no game start

Prints the median and worst time of the exact figures (p_accept, draw_outcomes and the
summary without best_turn), of best_turn (cold: nothing cached), including the start of a
game, and the time of a win-chance estimate good to ±2 percentage points.
"""

from __future__ import annotations

import argparse
import gc
import random
import statistics
import time

from borsen_widget import Game, Rules, ThresholdBot, analysis, win_chance

BUDGET = 600_000  # states: about 30-40 s; past that a position is counted as too hard


def positions(count: int, seed: int) -> list[Game]:
    """Positions met in real games: bots play a random number of moves of a one-deck game."""
    rng = random.Random(seed)
    found = []
    while len(found) < count:
        game = Game(
            Rules(players=rng.choice([2, 3, 4]), auto_aces="keep"), seed=rng.getrandbits(32)
        )
        bots = [ThresholdBot(rng.choice([2, 3, 4, 5])) for _ in range(game.rules.players)]
        for _ in range(rng.randrange(0, 80)):
            if game.is_over:
                break
            game.apply(bots[game.current_player].choose(game))
        if game.phase == "play" and game.deck_size:
            found.append(game)
    return found


def timed(function, *args, **kwargs) -> float:
    start = time.perf_counter()
    function(*args, **kwargs)
    return (time.perf_counter() - start) * 1000


def report(name: str, times: list[float]) -> None:
    print(
        f"{name:<34} median {statistics.median(times):9.2f} ms   worst {max(times):9.2f} ms"
        f"   ({len(times)} positions)"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="fewer positions, no game start")
    args = parser.parse_args()
    many = positions(60 if args.quick else 300, seed=1)
    # The hundreds of recorded games kept here would otherwise trigger full garbage
    # collections (40-60 ms pauses) inside the timings; a screen holds one game.
    gc.collect()
    gc.freeze()

    def exact(game):
        analysis.p_accept(game)
        analysis.draw_outcomes(game)
        analysis.summary(game, with_best_turn=False)

    exact(many[0])  # warm up: the first call pays for imports and caches (about 30 ms)
    report("exact figures (p_accept, outcomes)", [timed(exact, g) for g in many])

    turn_times = []
    worst = None
    too_hard = []
    # best_turn's cost grows steeply with the deck (see the report); --quick keeps to late games.
    pool = [g for g in many if g.deck_size <= 30] if args.quick else many
    for game in pool[: 30 if args.quick else 60]:
        analysis.clear_cache()
        start = time.perf_counter()
        try:
            analysis.best_turn(game, max_states=BUDGET)
        except analysis.TooManyStates:
            too_hard.append(game)
            continue
        ms = (time.perf_counter() - start) * 1000
        turn_times.append(ms)
        if worst is None or ms > worst[0]:
            worst = (ms, game)
    report("best_turn, cold cache", turn_times)
    print(f"   slowest: {worst[1]!r}")
    print(f"   {len(too_hard)} more positions need over {BUDGET:,} states (stopped by max_states):")
    for game in too_hard:
        print(f"     {game!r}")
    if not args.quick:
        analysis.clear_cache()
        start = Game(Rules(players=3), seed=0)
        print(f"{'best_turn, start of a game':<34} {timed(analysis.best_turn, start):9.0f} ms")
        start.draw()
        print(
            f"{'best_turn, next position (cached)':<34} {timed(analysis.best_turn, start):9.2f} ms"
        )

    game = many[0]
    result = None

    def estimate():
        nonlocal result
        result = win_chance(game, n=2400, seed=1)

    ms = timed(estimate)
    widest = max(e.interval[1] - e.interval[0] for e in result.estimates.values()) / 2
    print(
        f"{'win_chance, n=2400 per action':<34} {ms:9.0f} ms   (95 % half-width at most "
        f"{100 * widest:.1f} percentage points, {len(result.estimates)} actions)"
    )


if __name__ == "__main__":
    main()
