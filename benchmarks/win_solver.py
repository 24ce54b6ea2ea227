"""How long the small game's exact win solver takes, and how much memory it needs (issue 23).

    .venv/bin/python benchmarks/win_solver.py              # the 16-card game, then the 20-card
    .venv/bin/python benchmarks/win_solver.py --quick      # 12 and 16 cards only
    .venv/bin/python benchmarks/win_solver.py --memory 6   # let the 20-card solve use 6 GiB

Each solve runs in a fresh process (its peak memory is its own), with two players and the
original rules. The target: the 16-card game (4, 8, Q in four suits and the four aces) in at
most 2 minutes and 2 GiB. The 20-card game (3, 6, 9, Q and the aces) runs under a memory cap
(default 3 GiB): when the cap stops it, the figures say how far it got.

Measured on the project's 2-core machine while other jobs ran (December 2026):

- 12 cards:   2.9 s,  68 MiB,    175,285 states;
- 16 cards:  74.1 s, 500 MiB,  2,166,184 states, first player 0.503500 (target met);
- 20 cards: 653.6 s, 3.7 GiB, 22,095,771 states, first player 0.503485 (``--memory 12``).
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys

CHILD = r"""
import json, resource, sys, time
from borsen_widget.analysis.small_games import SmallDeck, WinSolution
ranks, suits, aces, cap = json.loads(sys.argv[1])
if cap:
    resource.setrlimit(resource.RLIMIT_AS, (cap, cap))
deck = SmallDeck(tuple(ranks), suits, aces)
solution = WinSolution(deck)
began = time.perf_counter()
result = {"cards": deck.size}
try:
    result["start"] = solution.value(solution.start())
    result["finished"] = True
except MemoryError:
    result["finished"] = False
result["seconds"] = time.perf_counter() - began
result["states"] = len(solution.values)
solution.values.clear()
result["peak_mib"] = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
result["error_bound"] = solution.error_bound
print(json.dumps(result))
"""

DECKS = {
    "12": ((4, 8, 12), "SHC", "SHD"),
    "16": ((4, 8, 12), "SHCD", "SHCD"),
    "20": ((3, 6, 9, 12), "SHCD", "SHCD"),
}


def run(name: str, cap_gib: float | None) -> dict:
    ranks, suits, aces = DECKS[name]
    cap = int(cap_gib * 2**30) if cap_gib else 0
    done = subprocess.run(
        [sys.executable, "-c", CHILD, json.dumps([ranks, suits, aces, cap])],
        capture_output=True,
        text=True,
        check=False,
    )
    lines = done.stdout.strip().splitlines()
    if not lines:
        return {"cards": name, "finished": False, "error": done.stderr.strip()[-300:]}
    return json.loads(lines[-1])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="12 and 16 cards only")
    parser.add_argument("--only", choices=sorted(DECKS), help="one deck only")
    parser.add_argument("--memory", type=float, default=3.0, help="GiB for the 20-card solve")
    args = parser.parse_args()
    names = [args.only] if args.only else ["12", "16"] + ([] if args.quick else ["20"])
    for name in names:
        r = run(name, args.memory if name == "20" else None)
        if r.get("finished"):
            print(
                f"{r['cards']:>2} cards: {r['seconds']:7.1f} s, peak {r['peak_mib']:6.0f} MiB, "
                f"{r['states']:>10,} states, first player's chance {r['start']:.6f} "
                f"(error bound {r['error_bound']:.1e})"
            )
        else:
            why = r.get("error") or f"stopped by the {args.memory:g} GiB cap"
            if "seconds" in r:
                why += f" after {r['seconds']:.1f} s, {r['states']:,} states solved"
            print(f"{r['cards']:>2} cards: not finished: {why}")
        if name == "16" and r.get("finished"):
            ok = r["seconds"] <= 120 and r["peak_mib"] <= 2048
            print(f"   target (<= 120 s, <= 2048 MiB): {'met' if ok else 'MISSED'}")


if __name__ == "__main__":
    main()
