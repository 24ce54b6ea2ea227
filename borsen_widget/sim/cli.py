"""The command line: ``python -m borsen_widget simulate ...`` prints a tournament's tables.

Example::

    python -m borsen_widget simulate --players 3 --bots threshold:4 random --games 100000

Bots are written ``random``, ``threshold:K``, ``probability:P``, ``ev`` or ``optimal``; when
there are fewer bots than seats the list is repeated to fill them. Every rule option that is
not a Python function has a flag, made from its declaration in
:mod:`borsen_widget.engine.options` (``--help`` lists them).
"""

from __future__ import annotations

import argparse
import os
import sys

from ..engine.errors import RulesError, quote
from ..engine.options import OPTIONS, Option
from ..engine.randomness import MAX_SEED
from ..engine.rules import Rules
from ..play.bots import BOT_SPECS, StrategyError, bot_from_spec
from .simulate import MAX_GAMES, MAX_KEPT_GAMES, MAX_WORKERS, simulate

#: The longest number the command line reads: enough for any seed (2**64 - 1 has 20 digits).
MAX_DIGITS = 20


def whole(low: int, high: int | None, what: str):
    """An argparse type: a whole number in [low, high], read without building a huge number
    (at most :data:`MAX_DIGITS` digits), its error quoting at most a short excerpt."""

    def read(text: str) -> int:
        digits = text.strip().replace("_", "")
        body = digits[1:] if digits[:1] in "+-" else digits
        span = f"at least {low:,}" if high is None else f"from {low:,} to {high:,}"
        if not body.isascii() or not body.isdigit():
            raise argparse.ArgumentTypeError(f"{what} must be a whole number, not {quote(text)}")
        if len(body) > MAX_DIGITS:  # far out of range: say so without reading it
            raise argparse.ArgumentTypeError(f"{what} must be {span}, not {quote(text)}")
        value = int(digits)
        if value < low or (high is not None and value > high):
            raise argparse.ArgumentTypeError(f"{what} must be {span}, not {quote(text)}")
        return value

    read.__name__ = what  # argparse names the type in its own messages
    return read


def _option_type(option: Option):
    """An argparse type reading a rule option's value with :meth:`Option.parse` (bounded: a
    share of "1e-100000000" is refused at once, never built); its error names the flag."""

    def read(text: str):
        try:
            return option.parse(text)
        except RulesError as error:
            raise argparse.ArgumentTypeError(str(error)) from None

    read.__name__ = option.flag
    return read


def _metavar(option: Option) -> str | None:
    if option.kind == "shares":
        return "S=1/2,H=1/3"
    if option.kind in ("choice", "seat", "limit"):
        named = [_CHOICE_TEXT.get(c, str(c)) for c in option.choices]
        if option.kind == "seat":
            named.append("SEAT")
        if option.kind == "limit":
            named = ["N", "none"]
        return "{" + ",".join(named) + "}"
    return None


# How a value that is no word is typed (auto_aces=None is "ask").
_CHOICE_TEXT = {None: "ask"}
# Older, shorter spellings of a flag that scripts may use.
_ALIASES = {"ace_shares": ("--shares",)}


def add_rule_flags(group) -> None:
    """One flag per rule option of :data:`OPTIONS` that a command line can set (a Python
    function cannot be), with its rule number, label and default in ``--help``."""
    for option in OPTIONS:
        if option.kind == "function":
            continue
        flags = (option.flag, *_ALIASES.get(option.name, ()))
        text = f"{option.rule}: {option.label.lower()} (default {option.say(option.default)})"
        if option.kind == "bool":
            group.add_argument(
                *flags,
                dest=option.name,
                action=argparse.BooleanOptionalAction,
                default=argparse.SUPPRESS,  # not given: the Rules' default
                help=text,
            )
        else:
            group.add_argument(
                *flags,
                dest=option.name,
                type=_option_type(option),
                default=argparse.SUPPRESS,
                metavar=_metavar(option),
                help=text,
            )


class _Parser(argparse.ArgumentParser):
    """argparse, with its error one line of bounded length (not the whole usage)."""

    def error(self, message: str):
        self.exit(2, f"{self.prog}: error: {_short(message)} (--help lists the options)\n")


def _short(message: str, limit: int = 300) -> str:
    line = " ".join(message.split())
    return line if len(line) <= limit else line[: limit - 1] + "…"


def parser() -> argparse.ArgumentParser:
    main = _Parser(prog="python -m borsen_widget", description="Børsen, the Norwegian card game.")
    commands = main.add_subparsers(dest="command", required=True, parser_class=_Parser)
    sim = commands.add_parser(
        "simulate",
        help="play a tournament between strategies and print win rates",
        description="Play many games between strategies and print win rates with 95 percent "
        "intervals, by bot and by seat.",
        epilog="bots: " + "; ".join(BOT_SPECS.values()),
    )
    sim.add_argument(
        "--bots",
        nargs="+",
        default=["threshold:4"],
        metavar="BOT",
        help="one per seat, repeated to fill the seats (default threshold:4)",
    )
    sim.add_argument(
        "--games",
        type=whole(0, MAX_GAMES, "--games"),
        default=10_000,
        help="games to play, 0 to 10**12 (default 10000)",
    )
    sim.add_argument(
        "--seed",
        type=whole(0, MAX_SEED, "--seed"),
        default=None,
        help="0 to 2**64-1: the same seed, the same result",
    )
    sim.add_argument("--no-rotate", action="store_true", help="keep every bot in its seat")
    sim.add_argument("--engine", choices=("auto", "fast", "reference"), default="auto")
    sim.add_argument(
        "--workers",
        type=whole(1, MAX_WORKERS, "--workers"),
        default=None,
        help=f"processes, 1 to {MAX_WORKERS} (default: all cores)",
    )
    sim.add_argument("--no-progress", action="store_true", help="hide the progress bar")
    sim.add_argument(
        "--csv",
        metavar="PATH",
        help=f"also write one row per game to PATH (at most {MAX_KEPT_GAMES:,} games)",
    )
    rules = sim.add_argument_group(
        "rules (RULES.md; defaults are the original rules; --players defaults to the bots)"
    )
    add_rule_flags(rules)
    return main


def main(argv=None) -> int:
    """Run the command; 0 when it played, 2 (with one line on stderr) for bad arguments."""
    args = parser().parse_args(argv)
    try:
        if args.csv is not None:
            _check_writable(args.csv)  # before playing: a bad path must not lose the run
            if args.games > MAX_KEPT_GAMES:
                raise ValueError(
                    f"--csv keeps one row per game, at most {MAX_KEPT_GAMES:,} games, "
                    f"not {args.games:,}"
                )
        bots = [bot_from_spec(spec) for spec in args.bots]
        chosen = {o.name: getattr(args, o.name) for o in OPTIONS if hasattr(args, o.name)}
        chosen.setdefault("players", max(len(bots), 2))
        rules = Rules(**chosen)
        players = rules.players
        if len(bots) > players:
            raise ValueError(f"{len(bots)} bots for {players} seats: add --players {len(bots)}")
        seats = [bots[i % len(bots)] for i in range(players)]
        result = simulate(
            rules,
            seats,
            args.games,
            seed=args.seed,
            rotate_seats=not args.no_rotate,
            engine=args.engine,
            workers=args.workers,
            progress=False if args.no_progress else None,
            keep_games=args.csv is not None,  # the summaries alone keep memory small
        )
    except (RulesError, ValueError, StrategyError) as error:
        print(f"error: {_short(str(error))}", file=sys.stderr)
        return 2
    print(result.summary())
    if args.csv is not None:
        try:
            result.to_csv(args.csv)
        except OSError as error:  # checked before playing, but the disk may fill up
            print(f"error: cannot write {quote(args.csv)}: {error.strerror}", file=sys.stderr)
            return 2
    return 0


def _check_writable(path: str) -> None:
    """Refuse at once a CSV path that cannot be written (a missing folder, a folder, no
    permission), by opening it for appending, which neither truncates nor changes a file
    that is there; a file made only for this test is removed again."""
    if not isinstance(path, str) or not path:
        raise ValueError(f"--csv needs a file name, not {quote(path)}")
    existed = os.path.lexists(path)
    flags = os.O_WRONLY | os.O_APPEND | os.O_CREAT | os.O_NONBLOCK  # a FIFO must not block
    try:
        os.close(os.open(path, flags, 0o666))
    except (OSError, ValueError) as error:  # ValueError: a NUL byte in the path
        reason = getattr(error, "strerror", None) or str(error)
        raise ValueError(f"cannot write the CSV file {quote(path)}: {reason}") from None
    if not existed:
        os.remove(path)


if __name__ == "__main__":
    sys.exit(main())
