"""The GitHub workflows (``.github/workflows/``): valid for GitHub, and doing what they say.

Every file is checked against GitHub's workflow schema by ``check-jsonschema`` (offline: it
ships the schema); then what matters in each: CI runs ``.ci/run`` on pushes and pull requests;
the site builds ``make docs`` and publishes it with the Pages actions; a release on a tag
``v*`` checks the tag against ``borsen_widget.__version__`` (the step's own script is run here
with a right and a wrong tag), builds and checks the files and publishes them on PyPI with
trusted publishing (an OIDC token: no password or token secret anywhere).
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from ruamel.yaml import YAML

import borsen_widget

REPO = Path(__file__).resolve().parents[2]
WORKFLOWS = sorted((REPO / ".github" / "workflows").glob("*.y*ml"))
CHECK = Path(sys.executable).parent / "check-jsonschema"


def load(name: str) -> dict:
    """A workflow as data (YAML 1.2: ``on`` stays a string, as GitHub reads it)."""
    return YAML(typ="safe").load((REPO / ".github" / "workflows" / name).read_text())


def steps(workflow: dict):
    for job_name, job in workflow["jobs"].items():
        for step in job.get("steps", []):
            yield job_name, step


def schema_check(*paths: Path) -> subprocess.CompletedProcess:
    return subprocess.run(
        [str(CHECK), "--builtin-schema", "vendor.github-workflows", *map(str, paths)],
        capture_output=True,
        text=True,
    )


def test_the_three_workflows_are_there():
    assert {p.name for p in WORKFLOWS} >= {"ci.yml", "site.yml", "release.yml"}


def test_every_workflow_is_valid_for_github():
    """One run for every file (the checker's start is most of its time)."""
    run = schema_check(*WORKFLOWS)
    assert run.returncode == 0, run.stdout + run.stderr


def test_the_schema_check_finds_a_broken_workflow(tmp_path):
    """The linter is not a rubber stamp: a job without runs-on and a misspelt key fail."""
    broken = tmp_path / "broken.yml"
    broken.write_text("on: push\njobs:\n  test:\n    step:\n      - run: make test\n")
    run = schema_check(broken)
    assert run.returncode != 0 and "broken.yml" in run.stdout + run.stderr


def test_ci_runs_dot_ci_run_on_pushes_and_pull_requests():
    ci = load("ci.yml")
    assert {"push", "pull_request"} <= set(ci["on"])
    runs = [step.get("run", "").strip() for _, step in steps(ci)]
    assert ".ci/run" in runs
    assert os.access(REPO / ".ci" / "run", os.X_OK)


def test_every_make_target_a_workflow_runs_exists():
    makefile = (REPO / "Makefile").read_text()
    targets = set(re.findall(r"^([A-Za-z][\w-]*):", makefile, re.MULTILINE))
    for path in WORKFLOWS:
        for _, step in steps(load(path.name)):
            for target in re.findall(r"\bmake ([\w-]+)", step.get("run", "")):
                assert target in targets, f"{path.name} runs `make {target}`: no such target"


def test_site_builds_the_docs_and_publishes_them_on_pages():
    site = load("site.yml")
    uses = {step.get("uses", "").split("@")[0]: (job, step) for job, step in steps(site)}
    assert any("make docs" in step.get("run", "") for _, step in steps(site))
    job, upload = uses["actions/upload-pages-artifact"]
    assert upload["with"]["path"] == "build/docs/site"
    deploy_job, _ = uses["actions/deploy-pages"]
    permissions = site["jobs"][deploy_job]["permissions"]
    assert permissions == {"pages": "write", "id-token": "write"}
    assert job in site["jobs"][deploy_job]["needs"]


def test_release_publishes_with_trusted_publishing_only():
    text = (REPO / ".github" / "workflows" / "release.yml").read_text()
    release = load("release.yml")
    assert release["on"]["push"]["tags"] == ["v*"]
    assert "secrets." not in text, "no stored password or token: PyPI trusts the OIDC token"
    [(job_name, step)] = [
        (job, step)
        for job, step in steps(release)
        if step.get("uses", "").startswith("pypa/gh-action-pypi-publish@")
    ]
    assert not {"password", "user", "username"} & set(step.get("with", {}))
    job = release["jobs"][job_name]
    assert job["permissions"] == {"id-token": "write"}
    assert job["environment"]["name"] == "pypi"
    assert job["needs"] == "build"
    checks = " ".join(step.get("run", "") for _, step in steps(release))
    assert "twine check" in checks and "python -m build" in checks
    assert any(
        step.get("uses", "").startswith("actions/download-artifact@")
        for _, step in steps({"jobs": {job_name: job}})
    )


def version_check_script() -> str:
    [script] = [
        step["run"]
        for _, step in steps(load("release.yml"))
        if "__version__" in step.get("run", "") and "GITHUB_REF_NAME" in step.get("run", "")
    ]
    return script


@pytest.mark.parametrize(
    ("tag", "passes"),
    [
        (f"v{borsen_widget.__version__}", True),
        ("v0.0.1", False),
        (borsen_widget.__version__, False),
    ],
)
def test_release_refuses_a_tag_that_is_not_the_version(tag, passes):
    """The release's own step, run here: the tag must be ``v`` + ``__version__``."""
    env = {
        **os.environ,
        "GITHUB_REF_NAME": tag,
        "PATH": f"{Path(sys.executable).parent}{os.pathsep}{os.environ['PATH']}",
    }
    run = subprocess.run(
        ["bash", "-e", "-c", version_check_script()],
        cwd=REPO,
        env=env,
        capture_output=True,
        text=True,
    )
    assert (run.returncode == 0) == passes, run.stdout + run.stderr
    if not passes:
        assert f"is not v{borsen_widget.__version__}" in run.stdout


def test_release_notes_come_from_the_changelogs_section(tmp_path):
    [script] = [
        step["run"]
        for _, step in steps(load("release.yml"))
        if "CHANGELOG.md" in step.get("run", "")
    ]
    (tmp_path / "CHANGELOG.md").write_bytes((REPO / "CHANGELOG.md").read_bytes())
    env = {**os.environ, "GITHUB_REF_NAME": f"v{borsen_widget.__version__}"}
    run = subprocess.run(
        ["bash", "-e", "-c", script], cwd=tmp_path, env=env, capture_output=True, text=True
    )
    assert run.returncode == 0, run.stderr
    notes = (tmp_path / "notes.md").read_text()
    assert "### Added" in notes and "\n## " not in notes
