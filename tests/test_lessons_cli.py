"""``python -m borsen_widget lessons``: the lessons of one language copied to a folder, never
over a lesson the teacher changed, then JupyterLab opened there (or, without JupyterLab, how to
install it), every line in the chosen language. JupyterLab itself is never started here: the
call that would start it is replaced. The installed wheel's copy of the lessons is tested by
tests/packaging/test_release.py."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from borsen_widget.__main__ import main
from borsen_widget.jupyter import lessons_command as lessons
from borsen_widget.sim import cli

ROOT = Path(__file__).resolve().parents[1]
NOTEBOOKS = ROOT / "notebooks"


@pytest.fixture(autouse=True)
def no_lab_and_no_language(monkeypatch):
    """No test starts JupyterLab unless it says so, and the language comes from no variable."""
    for name in cli.LANGUAGE_VARIABLES:
        monkeypatch.delenv(name, raising=False)

    def refuse(*args, **kwargs):
        raise AssertionError(f"JupyterLab was started: {args}")

    monkeypatch.setattr(lessons.subprocess, "call", refuse)


def names(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.glob("*.ipynb"))


@pytest.mark.parametrize("language", ["en", "nb", "nn"])
def test_copies_the_lessons_of_the_language(language, tmp_path, capsys):
    source = NOTEBOOKS if language == "en" else NOTEBOOKS / language
    target = tmp_path / "timer"
    assert main(["lessons", "--language", language, "--to", str(target), "--no-open"]) == 0
    assert names(target) == names(source) and "play.ipynb" in names(target)
    for lesson in source.glob("*.ipynb"):
        assert (target / lesson.name).read_bytes() == lesson.read_bytes()
    assert not (target / "nb").exists()  # English: the top folder's notebooks only
    out = capsys.readouterr().out
    count = len(names(source))
    said = {
        "en": f"{count} lessons copied to {target}.",
        "nb": f"{count} leksjoner kopiert til {target}.",
        "nn": f"{count} leksjonar kopierte til {target}.",
    }[language]
    assert said in out


def test_the_checkout_reads_the_repositorys_notebooks():
    """An editable checkout has no borsen_widget/lessons/: the command reads notebooks/."""
    assert not (ROOT / "borsen_widget" / "lessons").exists()
    assert lessons.lessons_source() == NOTEBOOKS
    assert [p.name for p in lessons.lesson_files("nb")] == names(NOTEBOOKS / "nb")


def test_default_folder_and_language_from_the_environment(tmp_path, monkeypatch, capsys):
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("LANG", "nn_NO.UTF-8")
    assert main(["lessons", "--no-open"]) == 0
    assert names(tmp_path / "borsen-lessons-nn") == names(NOTEBOOKS / "nn")
    assert "leksjonar kopierte til borsen-lessons-nn." in capsys.readouterr().out


def test_a_changed_lesson_is_never_copied_over(tmp_path, capsys):
    target = tmp_path / "timer"
    args = ["lessons", "--language", "nb", "--to", str(target), "--no-open"]
    assert main(args) == 0
    capsys.readouterr()
    changed = b'{"the teacher": "edited this"}'
    (target / "play.ipynb").write_bytes(changed)
    (target / "teaching.ipynb").unlink()  # deleted: copied again
    assert main(args) == 0
    out = capsys.readouterr().out
    assert (target / "play.ipynb").read_bytes() == changed
    assert "play.ipynb får stå som den er: fila er endret siden den ble kopiert." in out
    fresh = (NOTEBOOKS / "nb" / "teaching.ipynb").read_bytes()
    assert (target / "teaching.ipynb").read_bytes() == fresh
    assert f"1 leksjon kopiert til {target}." in out
    rest = len(names(NOTEBOOKS / "nb")) - 2
    assert f"{rest} leksjoner i {target} var allerede oppdatert." in out


def test_a_lesson_as_copied_is_brought_up_to_date_and_a_changed_one_kept(tmp_path):
    """A newer package's lesson replaces the old copy only while that copy is untouched."""
    source, target = tmp_path / "package", tmp_path / "teacher"
    (source / "nb").mkdir(parents=True)
    for name in ("a.ipynb", "b.ipynb"):
        (source / "nb" / name).write_text("version 1")
    done = lessons.copy_lessons("nb", target, source)
    assert done.copied == ["a.ipynb", "b.ipynb"]
    (target / "b.ipynb").write_text("the teacher's own")
    for name in ("a.ipynb", "b.ipynb"):
        (source / "nb" / name).write_text("version 2")
    done = lessons.copy_lessons("nb", target, source)
    assert (done.updated, done.kept, done.copied) == (["a.ipynb"], ["b.ipynb"], [])
    assert (target / "a.ipynb").read_text() == "version 2"
    assert (target / "b.ipynb").read_text() == "the teacher's own"
    # Still the teacher's on the next version too, and a file that was there before any copy
    # (not in the record) is the teacher's as well.
    (source / "nb" / "b.ipynb").write_text("version 3")
    (source / "nb" / "c.ipynb").write_text("version 3")
    (target / "c.ipynb").write_text("made by hand")
    done = lessons.copy_lessons("nb", target, source)
    assert done.kept == ["b.ipynb", "c.ipynb"] and done.same == ["a.ipynb"]
    assert (target / "c.ipynb").read_text() == "made by hand"
    record = json.loads((target / lessons.RECORD).read_text())
    assert set(record) == {"a.ipynb", "b.ipynb"}


def test_opens_jupyterlab_in_the_folder_on_the_first_lesson(tmp_path, monkeypatch, capsys):
    started = []

    def call(command, cwd):
        started.append((command, cwd))
        return 0

    monkeypatch.setattr(lessons.subprocess, "call", call)
    target = tmp_path / "timer"
    assert main(["lessons", "--language", "nb", "--to", str(target)]) == 0
    [(command, cwd)] = started
    assert command[:3] == [sys.executable, "-m", "jupyterlab"] and command[-1] == "play.ipynb"
    assert cwd == target
    assert f"Åpner JupyterLab i {target} (Ctrl+C stopper det)." in capsys.readouterr().out


def test_without_jupyterlab_says_how_to_install_it(tmp_path, monkeypatch, capsys):
    real = lessons.importlib.util.find_spec
    monkeypatch.setattr(
        lessons.importlib.util,
        "find_spec",
        lambda name, *a: None if name == "jupyterlab" else real(name, *a),
    )
    target = tmp_path / "timar"
    assert main(["lessons", "--language", "nn", "--to", str(target)]) == 1
    err = capsys.readouterr().err
    assert "JupyterLab er ikkje installert i denne Python-installasjonen." in err
    assert "-m pip install jupyterlab jupyterlab-language-pack-no-NO" in err
    assert names(target) == names(NOTEBOOKS / "nn")  # copied all the same
    assert main(["lessons", "--language", "en", "--to", str(tmp_path / "en")]) == 1
    err = capsys.readouterr().err
    assert "JupyterLab is not installed in this Python." in err
    assert err.rstrip().count("\n") == 0 and "language-pack" not in err


def test_bad_arguments_are_one_line_in_the_language(tmp_path, capsys):
    with pytest.raises(SystemExit) as exit:
        main(["lessons", "--language", "nb", "--to"])
    assert exit.value.code == 2
    err = capsys.readouterr().err
    assert err.startswith("python -m borsen_widget lessons: feil:") and err.count("\n") == 1
    with pytest.raises(SystemExit) as exit:
        main(["lessons", "--language", "sv"])
    assert exit.value.code == 2
    err = capsys.readouterr().err  # no language it speaks: the environment's (none: English)
    assert err.startswith("python -m borsen_widget lessons: error:") and "'sv'" in err
    a_file = tmp_path / "a-file"
    a_file.write_text("not a folder")
    assert main(["lessons", "--language", "nn", "--to", str(a_file), "--no-open"]) == 1
    err = capsys.readouterr().err
    assert err.startswith(f"feil: kan ikkje kopiere leksjonane til {a_file}:")
    assert a_file.read_text() == "not a folder"


def test_the_command_line_names_both_commands(tmp_path):
    """The real entry point: ``--help`` lists simulate and lessons; lessons runs from it."""
    run = subprocess.run(
        [sys.executable, "-m", "borsen_widget", "--help"], capture_output=True, text=True
    )
    assert run.returncode == 0 and "simulate" in run.stdout and "lessons" in run.stdout
    run = subprocess.run(
        [sys.executable, "-m", "borsen_widget", "lessons", "--language", "nb", "--no-open"],
        capture_output=True,
        text=True,
        cwd=tmp_path,
    )
    assert run.returncode == 0, run.stderr
    assert names(tmp_path / "borsen-lessons-nb") == names(NOTEBOOKS / "nb")
    run = subprocess.run(
        [sys.executable, "-m", "borsen_widget", "tourney", "--language", "nb"],
        capture_output=True,
        text=True,
    )
    assert run.returncode == 2 and "feil:" in run.stderr and "'lessons'" in run.stderr
