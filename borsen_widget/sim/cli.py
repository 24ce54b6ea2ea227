"""The command line: ``python -m borsen_widget simulate ...`` prints a tournament's tables.

Example::

    python -m borsen_widget simulate --players 3 --bots threshold:4 random --games 100000

Bots are written ``random``, ``threshold:K``, ``probability:P``, ``ev`` or ``optimal``; when
there are fewer bots than seats the list is repeated to fill them. Every rule option has a flag
(``--help`` lists them).
"""

from __future__ import annotations

import argparse
import sys
from fractions import Fraction

from ..engine.errors import RulesError
from ..engine.rules import LOOT_DESTINATIONS, ROB_TARGETS, Rules
from ..play.bots import BOT_SPECS, bot_from_spec


def _shares(text: str) -> dict:
    """``S=1,H=1/3`` → {"S": Fraction(1), "H": Fraction(1, 3)}."""
    shares = {}
    for part in text.replace(" ", "").split(","):
        if not part:
            continue
        suit, sep, value = part.partition("=")
        if not sep:
            raise argparse.ArgumentTypeError(f"write shares as S=1/2,H=1/3; not {part!r}")
        try:
            shares[suit] = Fraction(value)
        except (ValueError, ZeroDivisionError):
            raise argparse.ArgumentTypeError(f"{value!r} is not a fraction") from None
    return shares


def _ace_limit(text: str):
    if text.lower() in ("none", "no", "unlimited"):
        return None
    return int(text)


def _first_player(text: str):
    return int(text) if text.lstrip("-").isdigit() else text


def _auto_aces(text: str):
    return None if text.lower() in ("ask", "none") else text


def parser() -> argparse.ArgumentParser:
    main = argparse.ArgumentParser(
        prog="python -m borsen_widget", description="Børsen, the Norwegian card game."
    )
    commands = main.add_subparsers(dest="command", required=True)
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
    sim.add_argument("--games", type=int, default=10_000, help="games to play (default 10000)")
    sim.add_argument("--seed", type=int, default=None, help="the same seed, the same result")
    sim.add_argument("--no-rotate", action="store_true", help="keep every bot in its seat")
    sim.add_argument("--engine", choices=("auto", "fast", "reference"), default="auto")
    sim.add_argument("--workers", type=int, default=None, help="processes (default: all cores)")
    sim.add_argument("--no-progress", action="store_true", help="hide the progress bar")
    sim.add_argument("--csv", metavar="PATH", help="also write one row per game to PATH")
    rules = sim.add_argument_group("rules (RULES.md; defaults are the original rules)")
    rules.add_argument("--players", type=int, default=None, help="R1: 2..8 seats")
    rules.add_argument("--decks", type=int, default=1, help="R2: 1..4 decks")
    rules.add_argument(
        "--first-player", type=_first_player, default="random", help="R3: a seat, random, suit"
    )
    rules.add_argument(
        "--equal-accepted",
        action=argparse.BooleanOptionalAction,
        default=True,
        help="R5: an equal card is accepted",
    )
    rules.add_argument(
        "--bank-ends-turn",
        action=argparse.BooleanOptionalAction,
        default=True,
        help="R8: banking passes the turn on",
    )
    rules.add_argument(
        "--shares", type=_shares, default=None, metavar="S=1/2,H=1/3", help="R9: ace shares"
    )
    rules.add_argument("--rob-target", choices=ROB_TARGETS, default="previous", help="R9")
    rules.add_argument("--loot-to", choices=LOOT_DESTINATIONS, default="bank", help="R9")
    rules.add_argument(
        "--auto-aces",
        type=_auto_aces,
        default=None,
        metavar="{ask,keep,list}",
        help="R11: who decides on aces (ask: each bot)",
    )
    rules.add_argument(
        "--max-bank-aces", type=_ace_limit, default=2, metavar="N|none", help="R12: ace limit"
    )
    rules.add_argument("--max-turns", type=int, default=10_000, help="R14a: the cap on turns")
    rules.add_argument(
        "--auto-bank-at-end",
        action=argparse.BooleanOptionalAction,
        default=True,
        help="R14: the engine banks the last pile",
    )
    return main


def main(argv=None) -> int:
    args = parser().parse_args(argv)
    from .simulate import simulate  # NumPy and pandas only for this command

    try:
        bots = [bot_from_spec(spec) for spec in args.bots]
        players = args.players if args.players is not None else max(len(bots), 2)
        rules = Rules(
            players=players,
            decks=args.decks,
            first_player=args.first_player,
            equal_accepted=args.equal_accepted,
            bank_ends_turn=args.bank_ends_turn,
            ace_shares=args.shares,
            rob_target=args.rob_target,
            loot_to=args.loot_to,
            auto_aces=args.auto_aces,
            max_bank_aces=args.max_bank_aces,
            max_turns=args.max_turns,
            auto_bank_at_end=args.auto_bank_at_end,
        )
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
        )
    except (RulesError, ValueError, ImportError) as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    print(result.summary())
    if args.csv:
        result.games.to_csv(args.csv)
    return 0


if __name__ == "__main__":
    sys.exit(main())
