"""The command line: ``python -m borsen_widget simulate ...`` prints a tournament's tables.

Example::

    python -m borsen_widget simulate --players 3 --bots threshold:4 random --games 100000

Bots are written ``random``, ``threshold:K``, ``probability:P``, ``ev``, ``optimal`` or
``winning``; when there are fewer bots than seats the list is repeated to fill them. Every rule
option that is not a Python function has a flag, made from its declaration in
:mod:`borsen_widget.engine.options` (``--help`` lists them).

The output speaks ``--language nb`` (or ``nn``, ``en``; default: the first of the
``LANGUAGE``, ``LC_ALL``, ``LC_MESSAGES`` and ``LANG`` environment variables that names one of
them, as gettext reads them, else English): the tables, the line on what was played, the
progress bar and the command's own errors (``feil: ...``). ``--help`` stays English: argparse's
own words (``usage:``, ``options:``, its error prefixes) have no Norwegian catalogue, and a
help screen half in each language would read worse than one in English; the help is for the
person who sets up a run, the output for the class that reads it. Errors that the engine
raises (a rule value it refuses, an unknown bot) are the Python API's, English for programmers,
after a translated ``error:``.
"""

from __future__ import annotations

import argparse
import os
import sys

from ..engine.errors import RulesError, quote
from ..engine.options import OPTIONS, Option
from ..engine.randomness import MAX_SEED
from ..engine.rules import Rules
from ..i18n import LANGUAGES, normalize_language, pick_language, translator
from ..play.bots import StrategyError
from ..play.specs import BOT_SPECS, bot_from_spec
from .simulate import MAX_GAMES, MAX_KEPT_GAMES, MAX_WORKERS, simulate

__all__ = [
    "LANGUAGE_VARIABLES",
    "OneLineParser",
    "environment_language",
    "language_tag",
    "main",
    "output_language",
    "parser",
]

#: The longest number the command line reads: enough for any seed (2**64 - 1 has 20 digits).
MAX_DIGITS = 20
#: The environment variables that name the output's language, in gettext's order.
LANGUAGE_VARIABLES = ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")


def environment_language(environ=None) -> str:
    """The language the environment asks for: the first of :data:`LANGUAGE_VARIABLES` that
    names one the package speaks (``LANGUAGE`` may list several, ``nn:nb``), else English."""
    environ = os.environ if environ is None else environ
    tags = []
    for name in LANGUAGE_VARIABLES:
        tags += [tag for tag in environ.get(name, "").split(":") if tag]
    return pick_language(tags)


def language_tag(text: str) -> str:
    """An argparse type: ``nb``, ``nn``, ``en`` or a tag naming one (``nb_NO.UTF-8``)."""
    language = normalize_language(text)
    if language is None:
        raise argparse.ArgumentTypeError(
            f"--language must be one of {', '.join(LANGUAGES)}, not {quote(text)}"
        )
    return language


def output_language(argv) -> str:
    """The output's language: ``--language`` if ``argv`` holds a readable one, else the
    environment's (read before the other arguments, so that their errors speak it)."""
    args = list(sys.argv[1:] if argv is None else argv)
    for at, arg in enumerate(args):
        if arg == "--":
            break
        text = None
        if arg.startswith("--language="):
            text = arg.partition("=")[2]
        elif arg == "--language" and at + 1 < len(args):
            text = args[at + 1]
        if text is not None and normalize_language(text) is not None:
            return normalize_language(text)
    return environment_language()


def whole(low: int, high: int | None, what: str, language: str | None = None):
    """An argparse type: a whole number in [low, high], read without building a huge number
    (at most :data:`MAX_DIGITS` digits), its error quoting at most a short excerpt, in
    ``language``."""
    tr = translator(language)

    def read(text: str) -> int:
        digits = text.strip().replace("_", "")
        body = digits[1:] if digits[:1] in "+-" else digits
        if not body.isascii() or not body.isdigit():
            raise argparse.ArgumentTypeError(
                tr.gettext("{flag} must be a whole number, not {text}", flag=what, text=quote(text))
            )
        value = int(digits) if len(body) <= MAX_DIGITS else None  # far out of range: not read
        if value is None or value < low or (high is not None and value > high):
            if high is None:
                message = tr.gettext(
                    "{flag} must be at least {low}, not {text}",
                    flag=what,
                    low=low,
                    text=quote(text),
                )
            else:
                message = tr.gettext(
                    "{flag} must be from {low} to {high}, not {text}",
                    flag=what,
                    low=low,
                    high=high,
                    text=quote(text),
                )
            raise argparse.ArgumentTypeError(message)
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


class OneLineParser(argparse.ArgumentParser):
    """argparse, with its error one line of bounded length (not the whole usage), in the
    output's language (what argparse itself adds, such as ``argument --games:``, is English).
    Every command of ``python -m borsen_widget`` parses with it."""

    language: str | None = None

    def error(self, message: str):
        tr = translator(self.language)
        line = tr.gettext(
            "{program}: error: {message} (--help shows the options)",
            program=self.prog,
            message=_short(message),
        )
        self.exit(2, line + "\n")


def _short(message: str, limit: int = 300) -> str:
    line = " ".join(message.split())
    return line if len(line) <= limit else line[: limit - 1] + "…"


def parser(language: str | None = None) -> argparse.ArgumentParser:
    """The command's parser; its errors in ``language`` (``--help`` is English)."""

    class Parser(OneLineParser):
        pass

    Parser.language = language
    main = Parser(prog="python -m borsen_widget", description="Børsen, the Norwegian card game.")
    commands = main.add_subparsers(dest="command", required=True, parser_class=Parser)
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
        type=whole(0, MAX_GAMES, "--games", language),
        default=10_000,
        help="games to play, 0 to 10**12 (default 10000)",
    )
    sim.add_argument(
        "--seed",
        type=whole(0, MAX_SEED, "--seed", language),
        default=None,
        help="0 to 2**64-1: the same seed, the same result",
    )
    sim.add_argument("--no-rotate", action="store_true", help="keep every bot in its seat")
    sim.add_argument("--engine", choices=("auto", "fast", "reference"), default="auto")
    sim.add_argument(
        "--workers",
        type=whole(1, MAX_WORKERS, "--workers", language),
        default=None,
        help=f"processes, 1 to {MAX_WORKERS} (default: all cores)",
    )
    sim.add_argument("--no-progress", action="store_true", help="hide the progress bar")
    sim.add_argument(
        "--language",
        type=language_tag,
        default=None,
        metavar="{en,nb,nn}",
        help="the output's language: English, Norwegian bokmål or nynorsk (default: from "
        "LANGUAGE, LC_ALL, LC_MESSAGES or LANG, else English); --help stays English",
    )
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
    language = output_language(argv)
    args = parser(language).parse_args(argv)
    language = args.language or language
    tr = translator(language)
    try:
        if args.csv is not None:
            _check_writable(args.csv, tr)  # before playing: a bad path must not lose the run
            if args.games > MAX_KEPT_GAMES:
                raise ValueError(
                    tr.gettext(
                        "--csv keeps one row per game, at most {most} games, not {games}",
                        most=MAX_KEPT_GAMES,
                        games=args.games,
                    )
                )
        bots = [bot_from_spec(spec) for spec in args.bots]
        chosen = {o.name: getattr(args, o.name) for o in OPTIONS if hasattr(args, o.name)}
        chosen.setdefault("players", max(len(bots), 2))
        rules = Rules(**chosen)
        players = rules.players
        if len(bots) > players:
            raise ValueError(
                tr.gettext(
                    "{bots} bots for {seats} seats: add --players {bots}",
                    bots=len(bots),
                    seats=players,
                )
            )
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
            language=language,
        )
    except (RulesError, ValueError, StrategyError) as error:
        # A rule the engine refuses is told in the reader's language (RulesError.say); other
        # errors are the program's own English.
        said = error.say(tr.language) if isinstance(error, RulesError) else str(error)
        print(tr.gettext("error: {message}", message=_short(said)), file=sys.stderr)
        return 2
    print(result.summary(language))
    if args.csv is not None:
        try:
            result.to_csv(args.csv)
        except OSError as error:  # checked before playing, but the disk may fill up
            message = tr.gettext(
                "cannot write the CSV file {path}: {reason}",
                path=quote(args.csv),
                reason=error.strerror,
            )
            print(tr.gettext("error: {message}", message=message), file=sys.stderr)
            return 2
    return 0


def _check_writable(path: str, tr=None) -> None:
    """Refuse at once a CSV path that cannot be written (a missing folder, a folder, no
    permission), by opening it for appending, which neither truncates nor changes a file
    that is there; a file made only for this test is removed again. Its errors in ``tr``'s
    language."""
    tr = tr or translator("en")
    if not isinstance(path, str) or not path:
        raise ValueError(tr.gettext("--csv needs a file name, not {path}", path=quote(path)))
    existed = os.path.lexists(path)
    flags = os.O_WRONLY | os.O_APPEND | os.O_CREAT | os.O_NONBLOCK  # a FIFO must not block
    try:
        os.close(os.open(path, flags, 0o666))
    except (OSError, ValueError) as error:  # ValueError: a NUL byte in the path
        reason = getattr(error, "strerror", None) or str(error)
        raise ValueError(
            tr.gettext(
                "cannot write the CSV file {path}: {reason}", path=quote(path), reason=reason
            )
        ) from None
    if not existed:
        os.remove(path)


if __name__ == "__main__":
    sys.exit(main())
