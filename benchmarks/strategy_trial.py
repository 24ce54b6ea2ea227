"""How fast a phone's "try it" answers (issue 32: at most 1 s): ``try_rule`` of a strategy rule
against the house bot (300 two-player games, the fast path) and its example positions.

    python benchmarks/strategy_trial.py [--games 300] [--repeats 5]

Prints the first try (NumPy's and the simulator's imports included, as in a fresh kernel), then
the best and the worst of ``--repeats`` more, each with the examples in words; the rule has one
condition of each kind, so every vectorised condition of the fast path runs.
"""

from __future__ import annotations

import argparse
import time

RULE = {
    "name": "Benchmark",
    "bank_when": [
        [{"kind": "pile_at_least", "cards": 5}, {"kind": "near_leader_after_bank", "cards": 4}],
        [{"kind": "chance_below", "percent": 45}, {"kind": "ahead_after_bank"}],
    ],
    "aces": "list_when_ahead",
}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--repeats", type=int, default=5)
    args = parser.parse_args()
    started = time.perf_counter()
    from borsen_widget.sim.strategy_trial import examples, try_rule

    def once(seed: int) -> float:
        start = time.perf_counter()
        trial = try_rule(RULE, games=args.games, seed=seed, language="nb")
        examples(RULE, "nb")
        took = time.perf_counter() - start
        if seed == 1:
            print(trial.say("en"), f"(engine: {trial.engine})")
        return took

    once(1)
    first = time.perf_counter() - started  # the imports and the first try
    times = [once(seed) for seed in range(2, 2 + args.repeats)]
    print(f"try it, {args.games} games and the examples: first {first:.3f} s (imports included)")
    print(f"then best {min(times):.3f} s, worst {max(times):.3f} s (goal: at most 1 s)")


if __name__ == "__main__":
    main()
