"""``python -m borsen_widget lessons``: the lessons copied to a folder and opened in JupyterLab.

Example::

    python -m borsen_widget lessons --language nb            # ./borsen-lessons-nb, then JupyterLab
    python -m borsen_widget lessons --language nn --to Timar --no-open

The lessons are the notebooks of one language (English ``notebooks/*.ipynb``, bokmål
``notebooks/nb/``, nynorsk ``notebooks/nn/``). An installed package carries them in
``borsen_widget/lessons/`` (pyproject.toml puts ``notebooks/`` there in the wheel); an
editable checkout has no such folder and reads the repository's ``notebooks/``.

A lesson is never copied over one the teacher has changed: the folder keeps a small record
(:data:`RECORD`) of what was copied, so a lesson still as copied is brought up to this version
of the package, and one that differs from its copy (edited, run and saved) is kept and named.
A lesson deleted from the folder is copied again.

The output speaks ``--language`` (default: the environment's, as ``simulate`` reads it), through
the catalogues; ``--help`` stays English, as ``simulate``'s does.
"""

from __future__ import annotations

import argparse
import hashlib
import importlib.util
import json
import os
import shlex
import subprocess
import sys
from dataclasses import dataclass, field
from pathlib import Path

from ..i18n import translator
from ..sim.cli import OneLineParser, environment_language, language_tag, output_language

__all__ = ["RECORD", "copy_lessons", "lesson_files", "lessons_source", "main", "play_notebook"]

PACKAGE = Path(__file__).resolve().parents[1]
#: The hidden file in the lessons' folder recording each copied lesson's SHA-256.
RECORD = ".borsen-lessons.json"
#: The lesson JupyterLab opens first.
FIRST_LESSON = "play.ipynb"


def lessons_source() -> Path:
    """The folder holding the lessons: the installed package's copy, else the checkout's."""
    shipped = PACKAGE / "lessons"
    if shipped.is_dir():
        return shipped
    return PACKAGE.parent / "notebooks"


def lesson_files(language: str, source: Path | None = None) -> list[Path]:
    """The lessons (notebooks) of ``language``, by name."""
    source = lessons_source() if source is None else source
    folder = source if language == "en" else source / language
    return sorted(folder.glob("*.ipynb"))


def _digest(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


@dataclass
class Copied:
    """What :func:`copy_lessons` did, file names by outcome."""

    copied: list[str] = field(default_factory=list)  # new in the folder
    updated: list[str] = field(default_factory=list)  # still as copied: now this version's
    same: list[str] = field(default_factory=list)  # already this version's
    kept: list[str] = field(default_factory=list)  # changed by the teacher: left alone


def copy_lessons(language: str, folder: Path, source: Path | None = None) -> Copied:
    """Copy ``language``'s lessons into ``folder`` (made if missing), never over a lesson that
    differs from what was copied there (see the module's docstring)."""
    folder.mkdir(parents=True, exist_ok=True)
    record_path = folder / RECORD
    try:
        record = json.loads(record_path.read_text(encoding="utf-8"))
        record = record if isinstance(record, dict) else {}
    except (OSError, ValueError):
        record = {}
    done = Copied()
    for lesson in lesson_files(language, source):
        data = lesson.read_bytes()
        target = folder / lesson.name
        if not target.exists():
            target.write_bytes(data)
            done.copied.append(lesson.name)
        else:
            there = _digest(target.read_bytes()) if target.is_file() else None
            if there == _digest(data):
                done.same.append(lesson.name)
            elif there is not None and there == record.get(lesson.name):
                target.write_bytes(data)  # untouched since it was copied: an older version
                done.updated.append(lesson.name)
            else:
                done.kept.append(lesson.name)
                continue  # keep the record of the original copy
        record[lesson.name] = _digest(data)
    record_path.write_text(json.dumps(record, indent=1, sort_keys=True) + "\n", encoding="utf-8")
    return done


def report(done: Copied, folder: Path, tr) -> list[str]:
    """The lines telling what :func:`copy_lessons` did, in ``tr``'s language."""
    lines = []
    if done.copied:
        count = len(done.copied)
        lines.append(
            tr.ngettext(
                "{count} lesson copied to {folder}.",
                "{count} lessons copied to {folder}.",
                count,
                count=count,
                folder=str(folder),
            )
        )
    for name in done.updated:
        lines.append(
            tr.gettext(
                "{file} updated to this version of the package (it was as first copied).",
                file=name,
            )
        )
    for name in done.kept:
        lines.append(
            tr.gettext(
                "{file} kept as it is: it has been changed since it was copied. Rename or "
                "delete it to get this version's lesson.",
                file=name,
            )
        )
    if done.same:
        count = len(done.same)
        lines.append(
            tr.ngettext(
                "{count} lesson in {folder} was already up to date.",
                "{count} lessons in {folder} were already up to date.",
                count,
                count=count,
                folder=str(folder),
            )
        )
    return lines


def install_command(language: str) -> str:
    """The command that installs JupyterLab (in Norwegian too, for a Norwegian teacher) into
    the Python running this command."""
    packages = ["jupyterlab"]
    if language in ("nb", "nn"):
        packages.append("jupyterlab-language-pack-no-NO")
    return shlex.join([sys.executable, "-m", "pip", "install", *packages])


def open_lab(folder: Path) -> int:
    """JupyterLab in ``folder`` with the first lesson open, until it is stopped (Ctrl+C)."""
    command = [sys.executable, "-m", "jupyterlab"]
    if hasattr(os, "geteuid") and os.geteuid() == 0:
        command.append("--allow-root")  # as root (a container) JupyterLab refuses to start
    if (folder / FIRST_LESSON).is_file():
        command.append(FIRST_LESSON)
    try:
        return subprocess.call(command, cwd=folder)
    except KeyboardInterrupt:
        return 0


def play_notebook(environ=None) -> str:
    """The notebook ``make lab`` opens, relative to the repository: the play lesson in the
    teacher's language, read from ``LANGUAGE``, ``LC_ALL``, ``LC_MESSAGES`` or ``LANG`` as the
    command line reads it (``nb_NO.UTF-8`` and ``no`` → bokmål, ``nn_NO`` → nynorsk), else the
    English one, so a Norwegian teacher's first screen is in her language.
    ``python -m borsen_widget.jupyter.lessons_command --play-notebook`` prints it for the
    Makefile."""
    language = environment_language(environ)
    return "notebooks/play.ipynb" if language == "en" else f"notebooks/{language}/play.ipynb"


def parser(language: str | None = None) -> argparse.ArgumentParser:
    """The command's parser; its errors one line in ``language`` (``--help`` is English)."""

    made = OneLineParser(
        prog="python -m borsen_widget lessons",
        description="Copy the lessons (notebooks) in one language to a folder and open "
        "JupyterLab there. A lesson you have changed is never copied over.",
    )
    made.language = language  # its errors in the output's language
    made.add_argument(
        "--language",
        type=language_tag,
        default=None,
        metavar="{en,nb,nn}",
        help="the lessons' and the output's language: English, Norwegian bokmål or nynorsk "
        "(default: from LANGUAGE, LC_ALL, LC_MESSAGES or LANG, else English)",
    )
    made.add_argument(
        "--to",
        metavar="DIR",
        default=None,
        help="the folder to copy them to (default ./borsen-lessons-LANGUAGE)",
    )
    made.add_argument(
        "--no-open", action="store_true", help="only copy the lessons; do not start JupyterLab"
    )
    return made


def main(argv=None) -> int:
    """Run the command: 0 when done, 1 when JupyterLab is missing or the lessons cannot be
    copied, 2 (one line on stderr) for bad arguments."""
    language = output_language(argv)
    args = parser(language).parse_args(argv)
    language = args.language or language
    tr = translator(language)
    folder = Path(args.to if args.to is not None else f"borsen-lessons-{language}")
    try:
        done = copy_lessons(language, folder)
    except OSError as error:
        message = tr.gettext(
            "cannot copy the lessons to {folder}: {reason}",
            folder=str(folder),
            reason=error.strerror or str(error),
        )
        print(tr.gettext("error: {message}", message=message), file=sys.stderr)
        return 1
    print("\n".join(report(done, folder, tr)))
    if args.no_open:
        return 0
    if importlib.util.find_spec("jupyterlab") is None:
        print(
            tr.gettext(
                "JupyterLab is not installed in this Python. Install it with {command} and "
                "run this command again, or open the folder {folder} in the Jupyter you use.",
                command=install_command(language),
                folder=str(folder),
            ),
            file=sys.stderr,
        )
        return 1
    print(tr.gettext("Opening JupyterLab in {folder} (Ctrl+C stops it).", folder=str(folder)))
    return open_lab(folder)


if __name__ == "__main__" and sys.argv[1:] == ["--play-notebook"]:  # the Makefile's `make lab`
    print(play_notebook())
