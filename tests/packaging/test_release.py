"""The release (issue 29 §4): the wheel and the sdist ``python -m build`` makes, checked by
``twine``, and the wheel installed where a user installs it: a fresh virtual environment with
no repository, no Node and no PYTHONPATH, its dependencies from PyPI.

There, the installed package plays a whole game with bots, builds the widget with its front
end and the compiled catalogues read from the installed files, runs the command line
(``simulate`` in bokmål) and copies the lessons (``lessons --language nb``), and says in
nynorsk how to install JupyterLab, which the fresh environment lacks.

``python -m build`` builds the sdist, then the wheel *from that sdist*: the wheel's lessons and
server config, which come from folders outside the package (``notebooks/``,
``jupyter-config/``), prove the sdist carries them. It runs with a temporary folder as its
working directory: the checkout's ``build/`` folder would shadow the ``build`` package there.

One test, because pytest-xdist may hand the tests of a module to different workers, and each
would then build and install again (about 40 s); pip's downloads are cached in
``build/cache/pip``.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import tarfile
import textwrap
import zipfile
from pathlib import Path

import pytest

import borsen_widget

REPO = Path(__file__).resolve().parents[2]
PACKAGE = REPO / "borsen_widget"
VERSION = borsen_widget.__version__
PIP_CACHE = REPO / "build" / "cache" / "pip"
SERVER_CONFIG = "etc/jupyter/jupyter_server_config.d/borsen_widget.json"

#: Run inside the fresh environment: the API, the widget and the catalogues, from its files.
IN_THE_NEW_ENVIRONMENT = textwrap.dedent(
    """
    import json
    from pathlib import Path

    import borsen_widget
    from borsen_widget import BorsenWidget, Game, RandomBot, Rules, ThresholdBot, WinningBot, play
    from borsen_widget.i18n import translator

    game = play(Game(Rules(players=3), seed=7), [ThresholdBot(4), RandomBot(), WinningBot()])
    widget = BorsenWidget(language="nb", seats=["Du", ("Bo", ThresholdBot(3))])
    texts = widget.speech["texts"]
    print(json.dumps({
        "file": borsen_widget.__file__,
        "version": borsen_widget.__version__,
        "over": game.is_over,
        "winners": list(game.winners),
        "esm": widget._esm,
        "css": widget._css,
        "front_end_language": widget.speech["language"],
        "front_end_decimal": texts[""]["formats"]["decimal"],
        "front_end_texts": len(texts),
        "python_nb": translator("nb").gettext("error: {message}", message="x"),
        "python_nn": translator("nn").gettext(
            "cannot copy the lessons to {folder}: {reason}", folder="A", reason="B"
        ),
    }))
    """
)


def run(command, **kwargs) -> subprocess.CompletedProcess:
    result = subprocess.run(command, capture_output=True, text=True, timeout=600, **kwargs)
    assert result.returncode == 0, f"{command}:\n{result.stdout[-3000:]}\n{result.stderr[-3000:]}"
    return result


def shipped_package_files() -> set[str]:
    """Every file git keeps under borsen_widget/ (code, front end, catalogues, data)."""
    listed = run(["git", "ls-files", "borsen_widget"], cwd=REPO).stdout.split()
    return {name for name in listed if (REPO / name).is_file()}


def lessons_in_the_repository() -> set[str]:
    return {
        str(path.relative_to(REPO / "notebooks"))
        for path in (REPO / "notebooks").rglob("*.ipynb")
        if ".ipynb_checkpoints" not in path.parts
    }


def check_the_wheel(wheel: Path) -> None:
    names = set(zipfile.ZipFile(wheel).namelist())
    missing = shipped_package_files() - names
    assert not missing, f"files of the package missing from the wheel: {sorted(missing)[:20]}"
    # Named once more, so a change to what git keeps cannot quietly drop them.
    must = {
        "borsen_widget/static/widget.js",
        "borsen_widget/static/student.html",
        "borsen_widget/play/data/winning-v2.bin",
        "borsen_widget/analysis/data/small16.json.gz",
        "borsen_widget/locale/formats.json",
    } | {
        f"borsen_widget/locale/{language}/LC_MESSAGES/borsen_widget.{kind}"
        for language in ("en", "nb", "nn")
        for kind in ("mo", "json")
    }
    assert must <= names, sorted(must - names)
    lessons = {n.removeprefix("borsen_widget/lessons/") for n in names if n.endswith(".ipynb")}
    assert lessons == lessons_in_the_repository()
    config = f"borsen_widget-{VERSION}.data/data/{SERVER_CONFIG}"
    assert json.loads(zipfile.ZipFile(wheel).read(config)) == {
        "ServerApp": {"jpserver_extensions": {"borsen_widget.server": True}}
    }


def check_the_sdist(sdist: Path) -> None:
    root = f"borsen_widget-{VERSION}/"
    with tarfile.open(sdist) as archive:
        names = {name.removeprefix(root) for name in archive.getnames()}
    assert {"pyproject.toml", "README.md", "CHANGELOG.md", "notebooks/nb/play.ipynb"} <= names
    assert "jupyter-config/jupyter_server_config.d/borsen_widget.json" in names
    assert {name for name in names if name.startswith("borsen_widget/")} >= shipped_package_files()


@pytest.mark.slow
def test_the_built_wheel_installs_and_plays_in_a_fresh_environment(tmp_path):
    # Build (the sdist, then the wheel from it) and check.
    dist = tmp_path / "dist"
    built = run([sys.executable, "-m", "build", "--outdir", str(dist), str(REPO)], cwd=tmp_path)
    assert "Building wheel from sdist" in built.stdout + built.stderr  # the sdist builds it
    wheel = dist / f"borsen_widget-{VERSION}-py3-none-any.whl"
    sdist = dist / f"borsen_widget-{VERSION}.tar.gz"
    assert sorted(dist.iterdir()) == sorted([wheel, sdist])
    checked = run([sys.executable, "-m", "twine", "check", "--strict", str(wheel), str(sdist)])
    assert checked.stdout.count("PASSED") == 2
    check_the_wheel(wheel)
    check_the_sdist(sdist)

    # A fresh environment: no repository on its path, no Node, no PYTHONPATH.
    venv = tmp_path / "fresh"
    run([sys.executable, "-m", "venv", "--without-pip", str(venv)], cwd=tmp_path)
    bin_dir = venv / "bin"
    env = {
        key: value
        for key, value in os.environ.items()
        if key not in ("PYTHONPATH", "PYTHONHOME", "VIRTUAL_ENV", "LANGUAGE", "LC_ALL", "LANG")
    }
    env.update(PATH=str(bin_dir), PIP_CACHE_DIR=str(PIP_CACHE))
    assert shutil.which("node", path=env["PATH"]) is None
    assert shutil.which("npm", path=env["PATH"]) is None
    python = str(bin_dir / "python")
    work = tmp_path / "work"
    work.mkdir()
    # This environment's pip installs into the fresh one (--python): no pip of its own to set
    # up; no bytecode compiled ahead of time (IPython's is most of an install's time).
    install = ["-m", "pip", "--python", python, "install", "--quiet", "--no-compile"]
    run([sys.executable, *install, str(wheel)], cwd=work, env=env)
    assert (venv / SERVER_CONFIG).is_file(), "the server extension is enabled by the install"

    # The API, the widget and its front end, the catalogues: from the installed files.
    said = json.loads(run([python, "-c", IN_THE_NEW_ENVIRONMENT], cwd=work, env=env).stdout)
    assert Path(said["file"]).is_relative_to(venv) and said["version"] == VERSION
    assert said["over"] and said["winners"]
    assert said["esm"] == (PACKAGE / "static" / "widget.js").read_text()
    assert said["css"] == (PACKAGE / "static" / "widget.css").read_text()
    assert said["front_end_language"] == "nb" and said["front_end_decimal"] == ","
    assert said["front_end_texts"] > 100
    assert said["python_nb"] == "feil: x"
    assert said["python_nn"] == "kan ikkje kopiere leksjonane til A: B"

    # The command line: a tournament in bokmål.
    simulated = run(
        [python, "-m", "borsen_widget", "simulate", "--games", "50", "--language", "nb"],
        cwd=work,
        env=env,
    ).stdout
    assert "Etter robot" in simulated and "vinnerandel" in simulated

    # The lessons: copied from the installed package; JupyterLab is not installed here.
    lessons = work / "timer"
    command = [python, "-m", "borsen_widget", "lessons", "--language", "nb", "--no-open"]
    copied = run([*command, "--to", str(lessons)], cwd=work, env=env).stdout
    nb = sorted((REPO / "notebooks" / "nb").glob("*.ipynb"))
    assert f"{len(nb)} leksjoner kopiert til {lessons}." in copied
    for lesson in nb:
        assert (lessons / lesson.name).read_bytes() == lesson.read_bytes()
    no_lab = subprocess.run(
        [python, "-m", "borsen_widget", "lessons", "--language", "nn"],
        cwd=work,
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert no_lab.returncode == 1, no_lab.stdout + no_lab.stderr
    assert "JupyterLab er ikkje installert i denne Python-installasjonen." in no_lab.stderr
    assert f"{python} -m pip install jupyterlab jupyterlab-language-pack-no-NO" in no_lab.stderr
    assert sorted(p.name for p in (work / "borsen-lessons-nn").glob("*.ipynb")) == sorted(
        p.name for p in (REPO / "notebooks" / "nn").glob("*.ipynb")
    )
