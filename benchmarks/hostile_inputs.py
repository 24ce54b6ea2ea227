"""Hostile input, tried as an attacker would, and how each try ended (issue 12).

    python benchmarks/hostile_inputs.py [tries] [seed]

Four kinds of input, each mutated at random from good examples:

- saves: real save files of random games with one value replaced, a field removed or a card
  moved (``Game.from_json``);
- rules: option values from every type and size (``Rules(...)``, shares as text and numbers);
- messages: what a page can send to the widget (custom messages and ipywidgets updates);
- command lines: ``python -m borsen_widget simulate`` with hostile arguments (in a
  subprocess with a time limit).

For each kind it prints how many were tried, how each ended (refused with which error,
accepted and then worked everywhere, or anything else, which would be a bug) and the slowest
try. A failure is any ending that is not a clear refusal or a working result.
"""

from __future__ import annotations

import collections
import json
import random
import subprocess
import sys
import time
from fractions import Fraction
from pathlib import Path

from borsen_widget import Game, RandomBot, Rules, ThresholdBot, play
from borsen_widget.engine.errors import RulesError, SaveError

# The same mutations and the same "works everywhere" check as tests/engine/test_hostile_saves.py.
sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))
from hostile import paths, replace, works_everywhere


def hostile_value(rng: random.Random, depth: int = 0):
    """A value of any JSON type and of hostile sizes."""
    pick = rng.randrange(14)
    if pick == 0:
        return None
    if pick == 1:
        return rng.random() < 0.5
    if pick == 2:
        return rng.randrange(-(2**70), 2**70)
    if pick == 3:
        return rng.choice([0.5, -1.0, 1e308, float("inf"), 1 / 3])
    if pick == 4:
        return rng.choice(["1e-100000000", "1/" + "7" * 5000, "x" * 100_000, "", "AS", "1/3"])
    if pick == 5:
        return 10 ** rng.randrange(1, 4000)
    if pick == 6 and depth < 3:
        return [hostile_value(rng, depth + 1) for _ in range(rng.randrange(4))]
    if pick == 7 and depth < 3:
        return {str(rng.random()): hostile_value(rng, depth + 1) for _ in range(rng.randrange(3))}
    if pick == 8:
        return rng.choice(["play", "aces", "over", "deck", "max_turns", "draw", "bank"])
    if pick == 9:
        return rng.randrange(-3, 12)
    if pick == 10:
        return ["AS"] * rng.randrange(1, 300)
    return rng.choice(["2C", "TH", "KD", "AD", "ZZ", "10♥"])


class Tally:
    def __init__(self, kind: str):
        self.kind = kind
        self.endings: collections.Counter = collections.Counter()
        self.slowest = 0.0
        self.failures: list[str] = []

    def run(self, attempt) -> None:
        start = time.perf_counter()
        try:
            ending = attempt()
        except (RulesError, SaveError, ValueError, TypeError) as error:
            ending = f"refused: {type(error).__name__}"
            if len(str(error)) > 500:
                ending = "refused with an unbounded message (bug)"
                self.failures.append(str(error)[:200])
        except Exception as error:  # anything else is a bug
            ending = f"failed: {type(error).__name__}"
            self.failures.append(f"{type(error).__name__}: {str(error)[:200]}")
        self.slowest = max(self.slowest, time.perf_counter() - start)
        self.endings[ending] += 1

    def report(self) -> None:
        total = sum(self.endings.values())
        print(f"\n{self.kind}: {total:,} tried, slowest {self.slowest * 1000:,.0f} ms")
        for ending, count in self.endings.most_common():
            print(f"  {count:8,}  {ending}")
        for failure in self.failures[:5]:
            print(f"  BUG: {failure}")


def saves(tries: int, rng: random.Random) -> Tally:
    tally = Tally("saves (Game.from_json)")
    options = [{}, {"loot_to": "pile", "rob_target": "leader"}, {"decks": 2}, {"auto_aces": "keep"}]
    for i in range(tries):
        game = Game(Rules(**rng.choice(options)), seed=i)
        play(game, [RandomBot(i), ThresholdBot(3), RandomBot(i + 1)], max_steps=rng.randrange(150))
        data = json.loads(game.to_json())
        path = rng.choice(list(paths(data)))
        text = json.dumps(replace(data, path, hostile_value(rng)))

        def attempt(text=text):
            works_everywhere(Game.from_json(text), steps=5000)
            return "loaded, and worked everywhere"

        tally.run(attempt)
    for text in ("[" * 100_000, '{"version": ' + "9" * 5000 + "}", "x" * 1000):
        tally.run(lambda text=text: Game.from_json(text))
    return tally


def rules(tries: int, rng: random.Random) -> Tally:
    tally = Tally("rules (Rules(...))")
    names = [
        "players",
        "decks",
        "first_player",
        "equal_accepted",
        "bank_ends_turn",
        "ace_shares",
        "rob_target",
        "loot_to",
        "auto_aces",
        "max_bank_aces",
        "max_turns",
        "auto_bank_at_end",
        "player",
        "colour",
    ]
    for _ in range(tries):
        name = rng.choice(names)
        value = hostile_value(rng)
        if name == "ace_shares" and rng.random() < 0.7:
            value = {rng.choice("SHCD♠"): hostile_value(rng)}

        def attempt(name=name, value=value):
            made = Rules(**{name: value})
            repr(made), made.describe(), json.dumps(made.to_dict(), default=str)
            Game(made, seed=1)
            return "made, and plays"

        tally.run(attempt)
    for share in ("1e-100000000", "1/" + "9" * 5000, Fraction(1, 3), 0.1, "0.125"):
        tally.run(lambda share=share: Rules(ace_shares={"S": share}) and "made, and plays")
    return tally


def messages(tries: int, rng: random.Random) -> Tally:
    from borsen_widget import BorsenWidget

    tally = Tally("messages from a page (custom messages and updates)")
    w = BorsenWidget(seats=["Ada", "Bo", ThresholdBot(3)], seed=1, bot_delay=0)
    intents = ["draw", "bank", "list", "keep", "undo", "new_game", "vote", "reveal", "dance"]
    for _ in range(tries):
        content = {"intent": rng.choice(intents), "version": w.version}
        for _ in range(rng.randrange(3)):
            content[rng.choice(["version", "aces", "choice", "id", "seed", "x" * 50])] = (
                hostile_value(rng)
            )
        method = "update" if rng.random() < 0.15 else "custom"
        data = {"method": method}
        if method == "update":
            data["state"] = {rng.choice(["view", "notice", "panel", "layout"]): content}
        else:
            data["content"] = content

        def attempt(data=data):
            before = w.view
            w._handle_msg({"content": {"data": data}, "buffers": []})
            assert len(json.dumps(w.notice)) < 1000, "a notice echoed the flood"
            if data["method"] == "update":
                assert w.view == before, "a forged update was kept"
            w.game.check_invariants()
            if w.game.is_over:
                w.new_game()
            return "answered (moved, or a polite notice)"

        tally.run(attempt)
    return tally


def command_lines(tries: int, rng: random.Random) -> Tally:
    tally = Tally("command lines (python -m borsen_widget simulate, 60 s limit each)")
    hostile = [
        ["--games", "9" * 26],
        ["--games", "-5"],
        ["--shares", "S=1e-100000000"],
        ["--shares", "S=1/" + "7" * 5000],
        ["--csv", "/nonexistent/dir/x.csv", "--games", "100"],
        ["--players", "99"],
        ["--bots", "threshold:" + "9" * 5000],
        ["--seed", "9" * 100],
        ["--max-turns", "0"],
        ["--bots", "probability:1e-999999999"],
    ]
    for args in hostile[:tries]:

        def attempt(args=args):
            done = subprocess.run(
                [sys.executable, "-m", "borsen_widget", "simulate", "--no-progress", *args],
                capture_output=True,
                text=True,
                timeout=60,
            )
            lines = done.stderr.strip().splitlines()
            if done.returncode == 2 and len(lines) == 1 and len(lines[0]) < 500:
                return "refused: one line on stderr, exit code 2"
            if done.returncode == 0 and "By bot" in done.stdout:
                return "accepted (a value that is allowed), and ran"
            return f"exit code {done.returncode}, {len(lines)} lines on stderr (bug)"

        tally.run(attempt)
    return tally


def main() -> None:
    tries = int(sys.argv[1]) if len(sys.argv) > 1 else 2000
    rng = random.Random(int(sys.argv[2]) if len(sys.argv) > 2 else 2026)
    tallies = [saves(tries, rng), rules(tries, rng), messages(tries, rng), command_lines(10, rng)]
    for tally in tallies:
        tally.report()
    bugs = sum(
        count
        for tally in tallies
        for ending, count in tally.endings.items()
        if "bug" in ending or ending.startswith("failed")
    )
    print(f"\nendings that are not a clear refusal or a working result: {bugs}")


if __name__ == "__main__":
    main()
