"""How fast simulate plays: the fast path against the reference engine, on one core.

    python benchmarks/simulate_speed.py [--games 1000000] [--reference-games 20000]

Three-player games of ThresholdBot(4) under the original rules. Prints games per second for
the fast path alone (fastsim.play_batch, chunk by chunk), for simulate() end to end (with the
result table), for the reference engine (Game + playout, the lean path), and for simulate()'s
pure-Python path (the reference engine with its sums in Python: what plays where NumPy is
missing, as on the JupyterLite page), also with the strategies notebook's line-up (a strategy
function, ThresholdBot(4), RandomBot()), and the ratio of the fast path to the reference
engine. Each figure is the best of a few repeats, timed both on the wall clock and in CPU
time (the CPU figure is steadier on a shared machine).
"""

from __future__ import annotations

import argparse
import time

import numpy as np

from borsen_widget import Game, RandomBot, Rules, ThresholdBot
from borsen_widget.play.playout import playout
from borsen_widget.sim.fastsim import play_batch
from borsen_widget.sim.simulate import FAST_CHUNK, simulate

RULES = Rules(players=3)
BOTS = [ThresholdBot(4)] * 3


def timed(run, games: int, repeats: int) -> tuple[float, float]:
    """Best games per second over ``repeats`` runs: (wall clock, CPU time)."""
    best_wall = best_cpu = 0.0
    for _ in range(repeats):
        wall, cpu = time.perf_counter(), time.process_time()
        run()
        wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
        best_wall = max(best_wall, games / wall)
        best_cpu = max(best_cpu, games / max(cpu, 1e-9))
    return best_wall, best_cpu


def fast_only(games: int) -> None:
    rng = np.random.default_rng(1)
    for start in range(0, games, FAST_CHUNK):
        stop = min(start + FAST_CHUNK, games)
        play_batch(RULES, BOTS, np.arange(start, stop) % 3, rng)


def reference(games: int) -> None:
    for seed in range(games):
        playout(Game(RULES, seed, record=False), BOTS)


def careful(view):
    """The strategies notebook's strategy: bank at 5 cards or when a fail is likelier."""
    return "bank" if view.pile_size >= 5 or view.p_accept() < 0.5 else "draw"


def pure(games: int, bots=BOTS) -> None:
    simulate(
        RULES, bots, games, seed=1, engine="reference", workers=1, progress=False, keep_games=False
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1_000_000)
    parser.add_argument("--reference-games", type=int, default=20_000)
    parser.add_argument("--repeats", type=int, default=3)
    args = parser.parse_args()
    fast_only(FAST_CHUNK)  # warm up
    rows = [
        ("fast path (fastsim)", args.games, lambda: fast_only(args.games)),
        (
            "simulate(), fast, 1 core",
            args.games,
            lambda: simulate(RULES, BOTS, args.games, seed=1, workers=1, progress=False),
        ),
        ("reference engine", args.reference_games, lambda: reference(args.reference_games)),
        ("simulate(), pure Python", args.reference_games, lambda: pure(args.reference_games)),
        (
            "  the notebook's line-up",
            args.reference_games // 10,
            lambda: pure(args.reference_games // 10, [careful, ThresholdBot(4), RandomBot()]),
        ),
    ]
    figures = {}
    print("3 players, ThresholdBot(4) in every seat, original rules, one core")
    print(f"{'':28s} {'games':>10s} {'games/s (wall)':>16s} {'games/s (CPU)':>15s}")
    for name, games, run in rows:
        wall, cpu = timed(run, games, args.repeats)
        figures[name] = (wall, cpu)
        print(f"{name:28s} {games:10,d} {wall:16,.0f} {cpu:15,.0f}")
    fast, ref = figures["fast path (fastsim)"], figures["reference engine"]
    print(f"ratio fast / reference: {fast[0] / ref[0]:.1f}x (wall), {fast[1] / ref[1]:.1f}x (CPU)")


if __name__ == "__main__":
    main()
