# Two commands for a fresh Linux machine (see README):
#   make lab        sets everything up and opens the game in JupyterLab, in your language
#   make test       sets everything up and runs every test
#   make test-fast  the inner loop: no browser, no slow test, fewer hypothesis examples
PYTHON ?= python3
# Python writes each module's bytecode the first time it imports it (pip installs with
# --no-compile, below). A machine that sets PYTHONDONTWRITEBYTECODE (this development machine
# does, and CI runs with its environment) would have every kernel, server and Sphinx compile
# the same modules again: 1.1 s of CPU a kernel, a quarter of the docs build (108 -> 81 s).
unexport PYTHONDONTWRITEBYTECODE
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed
# pytest-xdist workers: the browser tests too run in parallel, each worker with its own
# JupyterLab, Chromium and folders (tests/browser/conftest.py). A worker is handed its tests
# one or two at a time, in the order of tests/conftest.py (the longest first, the browser
# tests that share the main thread's loop last), so neither waits on a queue of long tests.
WORKERS ?= auto
XDIST = -n $(WORKERS) --dist load --maxschedchunk 1

.PHONY: setup setup-lite lab test test-fast test-python test-js test-hub-proxy js lint format bench bench-widget bench-classroom bench-tables clean

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install -q --upgrade pip
	@# --no-compile: a module is byte-compiled when first imported; compiling all of JupyterLab,
	@# Sphinx and the rest ahead took half of the install's time (54 s → 27 s).
	$(PY) -m pip install -q --no-compile -e ".[dev]"
	@# JupyterLite's build tools live in .venv-lite (make lite), never here: their lab extension
	@# breaks JupyterLab's pages. A .venv made before they moved out still holds them.
	$(PY) -m pip uninstall -q -y jupyterlite-core jupyterlite-pyodide-kernel 2>/dev/null || true
	touch $@

setup: $(STAMP)

# .venv-lite: the JupyterLite build's own environment (the lite extra), made or updated by the
# build script itself; the tests that build the site use it.
setup-lite:
	$(PYTHON) scripts/build_lite.py --env

# As root (a container, a CI box) JupyterLab refuses to start without --allow-root.
ROOT_FLAG := $(if $(filter 0,$(shell id -u)),--allow-root,)

# The play lesson in the teacher's language: LANGUAGE, LC_ALL, LC_MESSAGES or LANG (nb, nb_NO, no
# → notebooks/nb/; nn → notebooks/nn/; else English), or `make lab LANGUAGE=nb` (issue 31).
lab: setup
	$(VENV)/bin/jupyter lab $(ROOT_FLAG) "$$($(PY) -m borsen_widget.jupyter.lessons_command --play-notebook)"

lint: setup
	$(VENV)/bin/ruff check .
	$(VENV)/bin/ruff format --check .

format: setup
	$(VENV)/bin/ruff format .
	$(VENV)/bin/ruff check --fix .

# Every test, as CI runs it (.ci/run): in parallel, browsers included; the slowest start first.
# What the tests need is made three jobs at a time (pip, npm and the builds wait on different
# things), each job's output kept together.
test:
	$(MAKE) -j3 --output-sync=target test-ready
	$(PY) -m pytest $(XDIST)

.PHONY: test-ready
test-ready: lint test-js test-hub-proxy setup-lite docs

# The inner loop (under 2 minutes): ruff, then the Python tests but the browser and slow ones,
# hypothesis with fewer examples (its "fast" profile, tests/conftest.py).
test-fast: lint
	BORSEN_HYPOTHESIS=fast $(PY) -m pytest $(XDIST) -m "not browser and not slow"

# The widget's front end: js/src → borsen_widget/static (committed, so pip never needs Node).
js:
	cd js && npm ci --no-audit --no-fund && npm run build

test-js:
	cd js && npm ci --no-audit --no-fund && npm test

# The proxy JupyterHub puts in front of the hub (configurable-http-proxy, from npm): the
# tests of a class through a hub and behind a proxy (tests/hub) start it.
test-hub-proxy:
	cd tests/hub && npm ci --no-audit --no-fund

bench: setup
	$(PY) benchmarks/engine_speed.py

# Median click → updated DOM in JupyterLab + headless Chromium (needs chromium).
bench-widget: setup
	$(PY) benchmarks/widget_latency.py

# A class on phones: click → every other student's page, 30 students (needs chromium); then a
# measured lesson's answers, reveals and moves (numbers on), with 30 and 60 phones.
bench-classroom: setup
	$(PY) benchmarks/classroom_latency.py
	$(PY) benchmarks/lesson_latency.py --students 30 60

# The whole class at tables (room.seat_tables): a move to every phone at its table, a draw to
# the projector's experiment, the kernel loop's stalls and the cost per table, 30 and 60 phones;
# then a school day: six lessons in one kernel, each with a hostile page, the record recounted
# against the projector, memory, files and sockets after each. About six minutes in all; the
# real figures' commands are in each script's docstring.
bench-tables: setup
	$(PY) benchmarks/tables_latency.py --phones 30 60
	$(PY) benchmarks/school_day.py --lessons 6 --phones 30

# JupyterLite: the game as a static web page, Python in the browser, no network once loaded.
# `make lite` builds build/lite/site and build/lite/borsen-lite.tar.gz (see README, "For teachers").
.PHONY: lite lite-serve
LITE_PORT ?= 8000

# The build runs in .venv-lite (made on first use), apart from .venv: see scripts/build_lite.py.
lite:
	$(PYTHON) scripts/build_lite.py

lite-serve:
	$(PYTHON) scripts/build_lite.py --if-stale
	@echo "Open http://127.0.0.1:$(LITE_PORT)/ (Ctrl+C stops)"
	$(PYTHON) -m http.server $(LITE_PORT) --bind 127.0.0.1 --directory build/lite/site

# The play page: Børsen playable seconds after opening one address (Pyodide in a worker, no
# JupyterLab; scripts/build_play.py). `make play` builds build/play/site: serve it with any
# static server, at the root or in a sub-folder. Its Python snapshot is made in headless
# Chromium (Playwright, the dev extra); without them the page makes its own on a first visit.
.PHONY: play play-serve
play: setup
	$(PY) scripts/build_play.py

play-serve: setup
	$(PY) scripts/build_play.py --if-stale
	@echo "Open http://127.0.0.1:$(LITE_PORT)/ (Ctrl+C stops)"
	$(PYTHON) -m http.server $(LITE_PORT) --bind 127.0.0.1 --directory build/play/site

clean:
	rm -rf $(VENV) .venv-lite build dist .pytest_cache .hypothesis

# The release's files: the sdist, then the wheel built from it, into dist/, checked by twine
# (release.yml does the same on a tag). Built from a temporary folder: run in the checkout, the
# `build/` folder there would shadow the `build` package.
.PHONY: dist
dist: setup
	rm -rf dist
	tmp="$$(mktemp -d)" && cd "$$tmp" && $(CURDIR)/$(PY) -m build --outdir $(CURDIR)/dist \
		$(CURDIR); status=$$?; rmdir "$$tmp"; exit $$status
	$(PY) -m twine check --strict dist/*

# The translations: extract the messages (Python and js/src) into borsen_widget/locale's .pot,
# update each language's .po, compile the .mo/.json and Babel's number formats, then check.
# The documentation site (docs/README.md): build/docs/site in bokmål, nynorsk and English, the
# lessons executed (cached in build/cache/docs), with the offline pages (lite/) and the play
# page (play/) copied in. `make docs-serve` shows it at http://127.0.0.1:$(DOCS_PORT)/.
.PHONY: docs docs-serve
DOCS_PORT ?= 8001

# The two sites the docs copy in, each built only when stale. The offline page needs .venv-lite
# alone, so `make test` builds it while pip is still filling .venv (8 s sooner to the tests);
# setup-lite first, so that the build does not make .venv-lite while setup-lite does. The play
# page comes after it: both fetch the same Pyodide (build/cache/lite).
.PHONY: lite-if-stale play-if-stale
lite-if-stale: setup-lite
	$(PYTHON) scripts/build_lite.py --if-stale

play-if-stale: setup lite-if-stale
	$(PY) scripts/build_play.py --if-stale

docs: setup lite-if-stale play-if-stale
	$(PY) scripts/build_docs.py --if-stale

docs-serve: docs
	@echo "Open http://127.0.0.1:$(DOCS_PORT)/ (Ctrl+C stops)"
	$(PYTHON) -m http.server $(DOCS_PORT) --bind 127.0.0.1 --directory build/docs/site

.PHONY: catalogues
catalogues: setup
	$(PY) scripts/catalogues.py
