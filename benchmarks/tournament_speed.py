"""How fast the class's tournament plays (issue 32): 30 strategies and the 5 house bots, every
pair 200 games, the goal at most 30 s on 2 cores.

    python benchmarks/tournament_speed.py [--quick] [--workers 2] [--games 200]

The 30 strategies are builder rules (RuleBot: pile sizes, chances, "ahead after banking",
"near the leader", and their and/or mixes, as a class would make them); the house bots are
:func:`~borsen_widget.sim.tournament.house_bots` (WinningBot, the boss, ExpectedValueBot,
ThresholdBot(4), ProbabilityBot(0.5), RandomBot). Pairs the fast path plays (both bots built in
or rules) take tens of milliseconds; WinningBot's 34 pairs play on the reference engine, a game
at a time. Prints the tournament's wall-clock time, the time of its fast pairs and of its
reference pairs (each pair's own seconds, wall clock and CPU, summed over the processes that
played them; on a shared machine the CPU figure is the steadier one, and half the pairs' CPU
is what two idle cores would take), and the lessons' and the replay's time afterwards.
``--quick``: 8 strategies, 40 games a pair (a few seconds).
"""

from __future__ import annotations

import argparse
import time

from borsen_widget.play.strategy_rules import RuleBot, StrategyRule
from borsen_widget.sim.tournament import house_bots, tournament


def class_rules(count: int) -> list[RuleBot]:
    """``count`` different rules, as a class might build them (the same every run)."""
    bots = []
    for i in range(count):
        kind = i % 5
        k, x = 2 + i % 7, 30 + (7 * i) % 45
        if kind == 0:
            when = [[{"kind": "pile_at_least", "cards": k}]]
        elif kind == 1:
            when = [[{"kind": "chance_below", "percent": x}]]
        elif kind == 2:
            when = [
                [{"kind": "pile_at_least", "cards": k + 1}],
                [{"kind": "chance_below", "percent": x}, {"kind": "ahead_after_bank"}],
            ]
        elif kind == 3:
            when = [
                [
                    {"kind": "near_leader_after_bank", "cards": i % 4},
                    {"kind": "pile_at_least", "cards": k},
                ]
            ]
        else:
            when = [[{"kind": "chance_below", "percent": x}, {"kind": "pile_at_least", "cards": 2}]]
        aces = ("keep", "list", "list_when_ahead")[i % 3]
        rule = {"name": f"Strategy {i + 1}", "bank_when": when, "aces": aces}
        bots.append(RuleBot(StrategyRule.from_dict(rule)))
    return bots


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="8 strategies, 40 games a pair")
    parser.add_argument("--workers", type=int, default=None, help="processes (default: cores)")
    parser.add_argument("--games", type=int, default=None, help="games a pair (default 200)")
    args = parser.parse_args()
    strategies = 8 if args.quick else 30
    games = args.games or (40 if args.quick else 200)
    players = class_rules(strategies) + house_bots()
    k = len(players)
    print(
        f"{strategies} strategies + 5 house bots = {k} players, {k * (k - 1) // 2} pairs, "
        f"{games} games a pair"
    )
    started = time.perf_counter()
    cpu = time.process_time()
    result = tournament(players, games=games, seed=1, workers=args.workers)
    wall = time.perf_counter() - started
    cpu = time.process_time() - cpu
    print(
        f"tournament: {wall:.1f} s on the wall clock, {result.workers} processes "
        f"(this process's own CPU: {cpu:.1f} s)"
    )
    for label, fast in (("fast pairs:     ", True), ("reference pairs:", False)):
        rows = [
            (wall_s, cpu_s)
            for wall_s, cpu_s, engine in zip(
                result.pair_seconds, result.pair_cpu, result.engines, strict=True
            )
            if (engine == "fast") == fast
        ]
        wall_sum, cpu_sum = sum(r[0] for r in rows), sum(r[1] for r in rows)
        per = (
            f"{1000 * cpu_sum / max(len(rows), 1):.0f} ms a pair"
            if fast
            else (f"{1000 * cpu_sum / max(len(rows) * games, 1):.1f} ms a game")
        )
        print(
            f"  {label} {len(rows):4d}, {wall_sum:6.1f} s on the wall clock, "
            f"{cpu_sum:6.1f} s of CPU ({per} of CPU)"
        )
    total = sum(result.pair_cpu)
    print(f"  all pairs' CPU: {total:.1f} s, so on 2 otherwise idle cores about {total / 2:.1f} s")
    started = time.perf_counter()
    lessons = [result.lesson(name) for name in result.players[:strategies]]
    lesson_time = time.perf_counter() - started
    found = sum(lesson is not None for lesson in lessons)
    print(f"lessons: {strategies} players in {lesson_time:.1f} s ({found} found)")
    started = time.perf_counter()
    replay = result.replay_top_two()
    print(
        f"replay of the top two: {len(replay['lines'])} lines in "
        f"{1000 * (time.perf_counter() - started):.0f} ms"
    )
    print(" ".join(result.summary("en")))


if __name__ == "__main__":
    main()
