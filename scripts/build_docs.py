"""Build the documentation site: build/docs/site, a static site in bokmål, nynorsk and English.

    python scripts/build_docs.py             # build (Sphinx's own caches make a rebuild quick)
    python scripts/build_docs.py --if-stale  # nothing at all when no input changed (for tests)

Run with the project's environment (``make docs`` uses .venv, which has the ``docs`` extra).
Layout of the site (see docs/README.md for the why):

- ``index.html`` sends a visitor to ``nb/``; ``nb/``, ``nn/`` and ``en/`` are one Sphinx build
  each, from ``docs/<language>/`` staged with the English reference pages of ``docs/shared/``
  (the same in every language, with a line saying so) and the lessons of ``notebooks/``
  (``notebooks/*.ipynb`` in English, ``notebooks/nb/`` and ``notebooks/nn/``) under
  ``lessons/``, each with a button that opens it on the offline page. Every language has the
  same pages under the same names (checked here), so the language switch goes to the same page.
- The lessons are executed by MyST-NB as the site is built (with ``BORSEN_QUICK=1`` and
  ``BORSEN_RL_QUICK=1``: short leagues and training, as the tests run them) and cached in
  ``build/cache/docs/<language>`` (jupyter-cache): a lesson runs again when its code
  changes, and every lesson when the package does (the cache is emptied then). The three
  languages are built at once (one Sphinx each).
- ``play/`` is the play page (``build/play/site``, ``make play``) and ``lite/`` the offline
  JupyterLite site (``build/lite/site``, ``make lite``), copied in when they have been built.
- Vega, Vega-Lite and vega-embed draw the lessons' charts and MathJax their formulas
  (docs/package.json, installed with npm into docs/node_modules and copied into the site): the
  site loads nothing from outside.

Sphinx runs with ``-W --keep-going``: a warning fails the build, after listing all of them.
"""

from __future__ import annotations

import argparse
import fcntl
import hashlib
import importlib.util
import json
import os
import re
import shutil
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs"
NOTEBOOKS = ROOT / "notebooks"
OUT = ROOT / "build" / "docs"
STAGE = OUT / "src"
SITE = OUT / "site"
#: Sphinx's output per language (``html/<language>/site``; MyST-NB keeps the executed lessons
#: beside it in ``jupyter_execute``, which the site does not need), copied into SITE.
HTML = OUT / "html"
DOCTREES = OUT / "doctrees"
CACHE = ROOT / "build" / "cache" / "docs"
VEGA = OUT / "vega"
STAMP = OUT / "inputs.sha256"
#: Held while the site is built (parallel test workers may each ask for it).
LOCK = ROOT / "build" / "docs.lock"
LITE_SITE = ROOT / "build" / "lite" / "site"
PLAY_SITE = ROOT / "build" / "play" / "site"

#: The site's languages; the first is where the root page sends a visitor.
LANGUAGES = ("nb", "nn", "en")
#: The pictures of docs/ that pages show (as ``img/<name>``).
PICTURES = ("lite.png", "classroom-phone.png")
#: The scripts from docs/node_modules the pages load: the charts' and MathJax (its SVG output
#: with every TeX extension in the one file, so it fetches no fonts or extensions).
SCRIPTS = (
    "vega/build/vega.min.js",
    "vega-lite/build/vega-lite.min.js",
    "vega-embed/build/vega-embed.min.js",
    "mathjax/es5/tex-svg-full.js",
)

#: Said on an English page of the Norwegian sites, under its title.
ENGLISH_ONLY = {
    "nb": ":::{note}\nDenne siden finnes bare på engelsk.\n:::\n",
    "nn": ":::{note}\nDenne sida finst berre på engelsk.\n:::\n",
}
#: The button on each lesson that opens it on the offline page, and the note on the lessons
#: that need a server of their own (build_lite.SERVER_NOTEBOOKS: not on the offline page).
OPEN_BUTTON = {
    "nb": "Åpne leksjonen på nettsiden uten installasjon",
    "nn": "Opne leksjonen på nettsida utan installasjon",
    "en": "Open this lesson on the offline page",
}
SERVER_NOTE = {
    "nb": "Denne leksjonen trenger en Python-kjerne på en maskin (den starter en server for "
    "klassen), så den er ikke på nettsiden uten installasjon: åpne den i JupyterLab "
    "(`make lab`) eller på skolens JupyterHub. Se [Nettverk i klasserommet](../networks.md).",
    "nn": "Denne leksjonen treng ein Python-kjerne på ei maskin (han startar ein server for "
    "klassen), så han er ikkje på nettsida utan installasjon: opne han i JupyterLab "
    "(`make lab`) eller på JupyterHuben til skulen. Sjå [Nettverk i klasserommet](../networks.md).",
    "en": "This lesson needs a Python kernel on a machine (it starts a server for the class), so "
    "it is not on the offline page: open it in JupyterLab (`make lab`) or on your school's "
    "JupyterHub. See [Networks in the classroom](../networks.md).",
}

ROOT_PAGE = """<!DOCTYPE html>
<html lang="nb">
<head>
<meta charset="utf-8">
<title>Børsen</title>
<meta http-equiv="refresh" content="0; url=nb/index.html">
<link rel="canonical" href="nb/index.html">
<link rel="icon" href="nb/_static/favicon.svg">
</head>
<body>
<p><a href="nb/index.html">Børsen på bokmål</a> · <a href="nn/index.html">på nynorsk</a> ·
<a href="en/index.html">in English</a></p>
</body>
</html>
"""


def load_build_lite():
    """``scripts/build_lite.py`` as a module: which lessons the offline page leaves out."""
    spec = importlib.util.spec_from_file_location("build_lite", ROOT / "scripts/build_lite.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def lesson_files(language: str) -> list[Path]:
    """The lessons in ``language`` (the English notebooks are at the top of notebooks/)."""
    folder = NOTEBOOKS if language == "en" else NOTEBOOKS / language
    return sorted(folder.glob("*.ipynb"))


def lite_path(language: str, name: str) -> str:
    """A lesson's path on the offline page (build_lite copies the folders as they are)."""
    return name if language == "en" else f"{language}/{name}"


def staged_lesson(path: Path, language: str, server_notebooks) -> str:
    """The lesson with a cell after its first one: the button that opens it on the offline
    page, or why it is not there. The code cells are untouched, so the execution cache (keyed
    by the code) is shared with the lesson as it is."""
    nb = json.loads(path.read_text(encoding="utf-8"))
    if path.name in server_notebooks:
        text = f":::{{note}}\n{SERVER_NOTE[language]}\n:::\n"
    else:
        url = f"../../lite/lab/index.html?path={lite_path(language, path.name)}"
        text = (
            f"```{{button-link}} {url}\n:color: primary\n:class: borsen-open-lesson\n\n"
            f"{OPEN_BUTTON[language]}\n```\n"
        )
    cell = {"cell_type": "markdown", "id": "borsen-open", "metadata": {}, "source": text}
    nb["cells"].insert(1, cell)
    return json.dumps(nb, ensure_ascii=False, indent=1) + "\n"


def english_page(text: str, language: str) -> str:
    """A shared (English) page for ``language``'s site: a note under its title."""
    if language == "en":
        return text
    note = ENGLISH_ONLY[language]
    return re.sub(r"^(# .*\n)", lambda m: m.group(1) + "\n" + note, text, count=1, flags=re.M)


def staged_files(language: str) -> dict[Path, bytes]:
    """Every file of ``language``'s sources, by its path under the staged folder."""
    files: dict[Path, bytes] = {}
    for folder, english in ((DOCS / "shared", True), (DOCS / language, False)):  # not docs/*
        for path in sorted(folder.rglob("*")):
            if path.is_file():
                data = path.read_bytes()
                if english and path.suffix == ".md":
                    data = english_page(data.decode("utf-8"), language).encode("utf-8")
                files[path.relative_to(folder)] = data
    server_notebooks = load_build_lite().SERVER_NOTEBOOKS
    for path in lesson_files(language):
        text = staged_lesson(path, language, server_notebooks)
        files[Path("lessons") / path.name] = text.encode("utf-8")
    for name in PICTURES:
        files[Path("img") / name] = (DOCS / name).read_bytes()
    if language == "en":  # the English rules stay at docs/rules.md, where everything cites them
        files[Path("rules.md")] = (DOCS / "rules.md").read_bytes()
    changelog = (ROOT / "CHANGELOG.md").read_text(encoding="utf-8")
    # A badge is a picture from another site: the site loads nothing from outside, so a linked
    # badge becomes its link, with the badge's words.
    changelog = re.sub(r"\[!\[([^\]]*)\]\([^)]*\)\]\(", r"[\1](", changelog)
    files[Path("changelog.md")] = english_page(changelog, language).encode("utf-8")
    return files


def page_names(files) -> set[str]:
    return {str(p.with_suffix("")) for p in files if p.suffix in (".md", ".ipynb")}


def stage(language: str, files: dict[Path, bytes]) -> None:
    """Write the staged sources, touching only what changed (Sphinx rebuilds what is newer)."""
    target = STAGE / language
    for relative, data in files.items():
        path = target / relative
        if not path.exists() or path.read_bytes() != data:
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_bytes(data)
    if target.exists():
        for path in sorted(target.rglob("*"), reverse=True):
            if path.is_file() and path.relative_to(target) not in files:
                path.unlink()


def copy_scripts() -> None:
    """The scripts into build/docs/vega (a static folder of every language's build)."""
    modules = DOCS / "node_modules"
    if not all((modules / script).exists() for script in SCRIPTS):
        npm = shutil.which("npm")
        if npm is None:
            raise SystemExit("npm is needed once, to install the charts' scripts (docs/)")
        subprocess.run([npm, "ci", "--no-audit", "--no-fund"], cwd=DOCS, check=True)
    VEGA.mkdir(parents=True, exist_ok=True)
    for script in SCRIPTS:
        shutil.copy2(modules / script, VEGA / Path(script).name)


def sphinx(language: str) -> subprocess.Popen:
    """Start Sphinx on one language's staged sources (each language has its own execution
    cache and doctrees, so the three can run at once)."""
    env = {
        **os.environ,
        "BORSEN_QUICK": "1",
        "BORSEN_RL_QUICK": "1",
        "BORSEN_DOCS_VEGA": str(VEGA),
        "BORSEN_DOCS_CACHE": str(CACHE / language),
    }
    command = [
        # -a: every page is written again (each one's navigation holds every page's title).
        *(sys.executable, "-m", "sphinx", "-b", "html", "-a", "-q", "-W", "--keep-going"),
        *("-c", str(DOCS), "-d", str(DOCTREES / language), "-D", f"language={language}"),
        *(str(STAGE / language), str(HTML / language / "site")),
    ]
    return subprocess.Popen(command, env=env)


def run_sphinx(languages, jobs: int) -> None:
    """Sphinx for each language, ``jobs`` at a time (the lessons' execution is most of a cold
    build, one kernel per language at a time); fails after all have ended if any failed."""
    started = time.monotonic()
    waiting, running, failed = list(languages), {}, []
    while waiting or running:
        while waiting and len(running) < jobs:
            language = waiting.pop(0)
            running[language] = sphinx(language)
        time.sleep(0.2)
        for language, process in list(running.items()):
            if process.poll() is not None:
                del running[language]
                print(f"docs: {language} built in {time.monotonic() - started:.0f} s")
                if process.returncode:
                    failed.append(language)
    if failed:
        raise SystemExit(f"docs: Sphinx failed for {', '.join(failed)} (its warnings are above)")


def copy_tree(source: Path, target: Path) -> None:
    if target.exists():
        shutil.rmtree(target)
    try:
        shutil.copytree(source, target, copy_function=os.link)  # hard links: instant
    except OSError:
        shutil.rmtree(target, ignore_errors=True)
        shutil.copytree(source, target)


def copy_site(source: Path, name: str) -> None:
    """``source`` (a built site) into the docs site as ``name``/, if it has been built."""
    if (source / "index.html").exists():
        copy_tree(source, SITE / name)
        print(f"docs: {name}/ copied from {source.relative_to(ROOT)}")
    else:
        shutil.rmtree(SITE / name, ignore_errors=True)
        print(f"docs: {name}/ not built yet ({source.relative_to(ROOT)}): its links wait for it")


def is_docs_input(path: Path) -> bool:
    """Not what the build writes into docs/ itself: npm's packages, the compiled catalogues, and
    the bytecode Python writes on importing the Sphinx extension (docs/_ext). With that, a first
    build made its own inputs stale, and the tests' ``--if-stale`` ran Sphinx again."""
    return not ({"node_modules", "__pycache__"} & set(path.parts)) and path.suffix != ".mo"


def files_digest(paths):
    """A sha256 of the files among ``paths``, each by its name from the repository's root and
    its bytes, in sorted order (a ``hashlib`` object: more may be added)."""
    digest = hashlib.sha256()
    for path in sorted(p for p in paths if p.is_file()):
        digest.update(str(path.relative_to(ROOT)).encode() + b"\0" + path.read_bytes())
    return digest


def inputs_digest() -> str:
    """A digest of everything the site is made from, and of the built sites it copies."""
    digest = files_digest(
        [
            *(p for p in DOCS.rglob("*") if is_docs_input(p)),
            *NOTEBOOKS.rglob("*.ipynb"),
            *(ROOT / "borsen_widget").rglob("*.py"),
            ROOT / "CHANGELOG.md",
            ROOT / "pyproject.toml",
            Path(__file__).resolve(),
            ROOT / "scripts/build_lite.py",
        ]
    )
    for site in (LITE_SITE, PLAY_SITE):
        index = site / "index.html"
        digest.update(str(index.stat().st_mtime_ns if index.exists() else 0).encode())
    return digest.hexdigest()


def package_digest() -> str:
    """A digest of the code a lesson runs besides its own (the package, its catalogues' sources
    and pyproject.toml): jupyter-cache keys an execution by the notebook's code alone."""
    package = ROOT / "borsen_widget"
    return files_digest(
        [*package.rglob("*.py"), *package.rglob("*.po"), ROOT / "pyproject.toml"]
    ).hexdigest()


def forget_stale_executions(language: str, package: str) -> None:
    """Forget a language's runs of the lessons made with another version of the package: its
    execution cache, and Sphinx's doctrees (which hold each page as read, outputs included, so
    an unchanged lesson is not even read again). A lesson whose code is unchanged would
    otherwise show the outputs of the old package (and the lessons' tests, which read this
    build's runs, would check them)."""
    stamp = CACHE / language / "package.sha256"
    if stamp.exists() and stamp.read_text() == package:
        return
    stale = [path for path in (CACHE / language, DOCTREES / language) if path.exists()]
    for path in stale:
        shutil.rmtree(path)
    if stale:
        print(f"docs: {language}: the package changed, every lesson runs again")


def build() -> None:
    started = time.monotonic()
    package = package_digest()
    for language in LANGUAGES:
        forget_stale_executions(language, package)
    sources = {language: staged_files(language) for language in LANGUAGES}
    names = {language: page_names(files) for language, files in sources.items()}
    for language in LANGUAGES[1:]:
        if names[language] != names[LANGUAGES[0]]:
            missing = names[LANGUAGES[0]] ^ names[language]
            raise SystemExit(f"docs: {language} and {LANGUAGES[0]} differ in pages: {missing}")
    copy_scripts()
    for language in LANGUAGES:
        stage(language, sources[language])
    # All three at once, even on two cores: one at a time per core left a core idle while the
    # last language ran alone (nb and nn in 40 s, then en 38 s more); together they end sooner.
    run_sphinx(LANGUAGES, jobs=len(LANGUAGES))
    for language in LANGUAGES:
        (CACHE / language).mkdir(parents=True, exist_ok=True)
        (CACHE / language / "package.sha256").write_text(package)
    SITE.mkdir(parents=True, exist_ok=True)
    for language in LANGUAGES:
        copy_tree(HTML / language / "site", SITE / language)
    (SITE / "index.html").write_text(ROOT_PAGE, encoding="utf-8")
    copy_site(PLAY_SITE, "play")
    copy_site(LITE_SITE, "lite")
    print(f"docs: {SITE.relative_to(ROOT)} in {time.monotonic() - started:.0f} s")


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--if-stale", action="store_true", help="only when an input changed")
    args = parser.parse_args(argv)
    OUT.mkdir(parents=True, exist_ok=True)
    with LOCK.open("w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)  # one build at a time; the others then find it done
        digest = inputs_digest()
        if args.if_stale and STAMP.exists() and STAMP.read_text() == digest:
            print(f"docs: {SITE.relative_to(ROOT)} is up to date")
            return
        STAMP.unlink(missing_ok=True)
        build()
        STAMP.write_text(digest)


if __name__ == "__main__":
    main()
