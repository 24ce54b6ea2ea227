"""``python -m borsen_widget COMMAND ...``: the command line.

- ``simulate``: a tournament between strategies, its tables (:mod:`borsen_widget.sim.cli`);
- ``lessons``: the lessons copied to a folder and opened in JupyterLab
  (:mod:`borsen_widget.jupyter.lessons_command`).

Each command parses its own arguments; this module only picks the command, and answers
``--help`` and a missing or unknown command itself, naming both.
"""

import argparse
import sys

from .jupyter import lessons_command as lessons
from .sim import cli

#: The commands: what each one does (for ``--help``) and how it is run. ``simulate``'s parser
#: reads its own name too; ``lessons`` reads what follows its name.
COMMANDS = {
    "simulate": ("play a tournament between strategies and print win rates", cli.main),
    "lessons": (
        "copy the lessons in one language to a folder and open JupyterLab there",
        lambda args: lessons.main(args[1:]),
    ),
}


def parser(language: str | None = None) -> argparse.ArgumentParser:
    """The top level's parser: ``--help`` (English) and its errors (in ``language``)."""

    top = cli.OneLineParser(
        prog="python -m borsen_widget", description="Børsen, the Norwegian card game."
    )
    top.language = language  # its errors in the output's language
    commands = top.add_subparsers(dest="command", required=True)
    for name, (text, _) in COMMANDS.items():
        commands.add_parser(name, help=text, add_help=False)
    return top


def main(argv=None) -> int:
    """Run the command ``argv`` names (default: the process's arguments)."""
    args = list(sys.argv[1:] if argv is None else argv)
    if args and args[0] in COMMANDS:
        return COMMANDS[args[0]][1](args)
    parser(cli.output_language(args)).parse_args(args)  # --help, or a missing/unknown command
    return 2


if __name__ == "__main__":
    sys.exit(main())
