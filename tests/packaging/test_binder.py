"""Binder in one click (issue 30 §4): the configuration repo2docker reads in ``binder/``.

repo2docker needs Docker, which the test machines do not have, so the image is never built
here; instead the tests check what it would do: ``requirements.txt`` installs the repository
itself, JupyterLab and its Norwegian language pack, and pip resolves every line of it;
``postBuild`` is executable, valid bash, and, run with ``NB_PYTHON_PREFIX`` (repo2docker's
environment) pointing at a temporary folder, makes JupyterLab bokmål by default, leaves the
server extension enabled and opens the Norwegian play notebook; the Binder links in the
project's pages open that notebook, which exists.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from importlib.metadata import entry_points
from pathlib import Path
from urllib.parse import parse_qs, urlparse

import pytest
from packaging.requirements import Requirement
from packaging.specifiers import SpecifierSet

from borsen_widget.i18n import normalize_language

REPO = Path(__file__).resolve().parents[2]
BINDER = REPO / "binder"
PLAY = "notebooks/nb/play.ipynb"
LOCALE_SETTING = "@jupyterlab/translation-extension:plugin"
#: Binder's links: https://mybinder.org/v2/gh/<owner>/<repo>/<ref>?urlpath=...
BINDER_LINK = re.compile(r"https://mybinder\.org/v2/gh/[^\s)\"'>\]]+")


def requirement_lines() -> list[str]:
    text = (BINDER / "requirements.txt").read_text(encoding="utf-8")
    return [line.split("#")[0].strip() for line in text.splitlines() if line.split("#")[0].strip()]


def test_requirements_install_the_repository_jupyterlab_and_the_norwegian_pack():
    lines = requirement_lines()
    local = [line for line in lines if line == "." or line.startswith(".[")]
    assert len(local) == 1, "the repository itself (., resolved from its root) is installed"
    names = {Requirement(line).name.lower() for line in lines if line not in local}
    assert {"jupyterlab", "jupyterlab-language-pack-no-no"} <= names
    # repo2docker installs from the repository's root, where "." is this project; a line
    # starting with "." is local to it, so the repository is copied in before pip runs.
    assert 'name = "borsen_widget"' in (REPO / "pyproject.toml").read_text(encoding="utf-8")
    extras = Requirement("borsen_widget" + local[0][1:]).extras
    pyproject = (REPO / "pyproject.toml").read_text(encoding="utf-8")
    assert all(re.search(rf"^{extra} = \[", pyproject, re.MULTILINE) for extra in extras)


def test_runtime_is_a_python_the_package_supports():
    runtime = (BINDER / "runtime.txt").read_text(encoding="utf-8").strip()
    match = re.fullmatch(r"python-(\d+\.\d+)", runtime)
    assert match, f"repo2docker reads python-X.Y, not {runtime!r}"
    requires = re.search(
        r'^requires-python = "([^"]+)"', (REPO / "pyproject.toml").read_text(), re.MULTILINE
    ).group(1)
    assert SpecifierSet(requires).contains(match.group(1) + ".0")


@pytest.mark.slow
def test_pip_resolves_every_requirement(tmp_path):
    """``pip install --dry-run`` from the repository's root, as repo2docker runs it: the
    project builds, and every requirement is found (on PyPI, or already here)."""
    report = tmp_path / "report.json"
    run = subprocess.run(
        [
            sys.executable,
            "-m",
            "pip",
            "install",
            "--dry-run",
            "--quiet",
            "--report",
            str(report),
            "-r",
            "binder/requirements.txt",
        ],
        cwd=REPO,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert run.returncode == 0, run.stderr[-3000:]
    wanted = {
        item["metadata"]["name"].lower() for item in json.loads(report.read_text())["install"]
    }
    assert "borsen-widget" in {name.replace("_", "-") for name in wanted}


def test_postbuild_is_executable_bash():
    post_build = BINDER / "postBuild"
    assert os.access(post_build, os.X_OK), "repo2docker runs postBuild only if it is executable"
    staged = subprocess.run(
        ["git", "ls-files", "-s", "binder/postBuild"], cwd=REPO, capture_output=True, text=True
    ).stdout
    if staged:  # committed: the executable bit must be in git too, or a clone loses it
        assert staged.startswith("100755"), staged
    assert post_build.read_text(encoding="utf-8").startswith("#!/usr/bin/env bash\n")
    check = subprocess.run(["bash", "-n", str(post_build)], capture_output=True, text=True)
    assert check.returncode == 0, check.stderr


@pytest.fixture
def built_prefix(tmp_path):
    """postBuild run as repo2docker runs it (from the repository's root), its environment a
    temporary folder that already holds another JupyterLab setting."""
    prefix = tmp_path / "prefix"
    settings = prefix / "share" / "jupyter" / "lab" / "settings"
    settings.mkdir(parents=True)
    other = {"@jupyterlab/apputils-extension:themes": {"theme": "JupyterLab Dark"}}
    (settings / "overrides.json").write_text(json.dumps(other))
    env = {
        **os.environ,
        "NB_PYTHON_PREFIX": str(prefix),
        # `python` is this environment's, where the package (and its extension) is installed.
        "PATH": f"{Path(sys.executable).parent}{os.pathsep}{os.environ.get('PATH', '')}",
    }
    for _ in range(2):  # running it again changes nothing
        run = subprocess.run(
            [str(BINDER / "postBuild")], cwd=REPO, env=env, capture_output=True, text=True
        )
        assert run.returncode == 0, run.stdout + run.stderr
    return prefix


def test_postbuild_makes_jupyterlab_norwegian(built_prefix):
    path = built_prefix / "share" / "jupyter" / "lab" / "settings" / "overrides.json"
    overrides = json.loads(path.read_text())
    locale = overrides[LOCALE_SETTING]["locale"]
    # The language pack's own name for its locale: JupyterLab uses a locale only if an
    # installed pack registers exactly that name (the pack names bokmål no_NO, not nb_NO).
    packs = {ep.name: ep.value for ep in entry_points(group="jupyterlab.languagepack")}
    assert packs.get(locale) == "jupyterlab_language_pack_no_NO", packs
    assert normalize_language(locale) == "nb"
    assert overrides["@jupyterlab/apputils-extension:themes"] == {"theme": "JupyterLab Dark"}


def test_postbuild_leaves_the_server_extension_enabled(built_prefix):
    config = built_prefix / "etc" / "jupyter" / "jupyter_server_config.d"
    shipped = REPO / "jupyter-config" / "jupyter_server_config.d" / "borsen_widget.json"
    assert json.loads((config / "borsen_widget.json").read_text()) == json.loads(
        shipped.read_text()
    )
    enabled = json.loads(shipped.read_text())["ServerApp"]["jpserver_extensions"]
    assert enabled == {"borsen_widget.server": True}


def test_binder_opens_the_norwegian_play_notebook(built_prefix):
    config = built_prefix / "etc" / "jupyter" / "jupyter_server_config.d"
    default_url = json.loads((config / "borsen_widget_binder.json").read_text())["ServerApp"][
        "default_url"
    ]
    assert default_url == f"/lab/tree/{PLAY}"
    assert (REPO / PLAY).is_file()


def test_every_binder_link_opens_a_notebook_that_exists():
    """The links in the changelog (and the README and the documentation's pages, where they
    carry one) open a notebook of the repository; the changelog's opens the bokmål play."""
    pages = [REPO / "CHANGELOG.md", REPO / "README.md", *sorted((REPO / "docs").rglob("*.md"))]
    found = {}
    for page in pages:
        if page.is_file() and "node_modules" not in page.parts:
            for link in BINDER_LINK.findall(page.read_text(encoding="utf-8")):
                found.setdefault(link, page.relative_to(REPO))
    changelog = [link for link, page in found.items() if page == Path("CHANGELOG.md")]
    assert changelog, "CHANGELOG.md carries the Binder link"
    for link, page in found.items():
        query = parse_qs(urlparse(link).query)
        urlpath = query.get("urlpath", [""])[0] or query.get("labpath", [""])[0]
        target = re.sub(r"^/?(lab/tree/|tree/|doc/tree/)?", "", urlpath)
        assert target.endswith(".ipynb") and (REPO / target).is_file(), f"{page}: {link}"
    for link in changelog:
        assert parse_qs(urlparse(link).query)["urlpath"] == [f"lab/tree/{PLAY}"]
