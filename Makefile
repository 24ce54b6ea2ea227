# Two commands for a fresh Linux machine (see README):
#   make lab   sets everything up and opens the game in JupyterLab
#   make test  sets everything up and runs every test
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed

.PHONY: setup lab test test-python test-js js lint format bench bench-widget bench-classroom clean

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install -q --upgrade pip
	$(PY) -m pip install -q -e ".[dev]"
	touch $@

setup: $(STAMP)

# As root (a container, a CI box) JupyterLab refuses to start without --allow-root.
ROOT_FLAG := $(if $(filter 0,$(shell id -u)),--allow-root,)

lab: setup
	$(VENV)/bin/jupyter lab $(ROOT_FLAG) notebooks/play.ipynb

lint: setup
	$(VENV)/bin/ruff check .
	$(VENV)/bin/ruff format --check .

format: setup
	$(VENV)/bin/ruff format .
	$(VENV)/bin/ruff check --fix .

test: lint test-js
	$(PY) -m pytest

# The widget's front end: js/src → borsen_widget/static (committed, so pip never needs Node).
js:
	cd js && npm ci --no-audit --no-fund && npm run build

test-js:
	cd js && npm ci --no-audit --no-fund && npm test

bench: setup
	$(PY) benchmarks/engine_speed.py

# Median click → updated DOM in JupyterLab + headless Chromium (needs chromium).
bench-widget: setup
	$(PY) benchmarks/widget_latency.py

# A class on phones: click → every other student's page, 30 students (needs chromium).
bench-classroom: setup
	$(PY) benchmarks/classroom_latency.py

# JupyterLite: the game as a static web page, Python in the browser, no network once loaded.
# `make lite` builds build/lite/site and build/lite/borsen-lite.tar.gz (see README, "For teachers").
.PHONY: lite lite-serve
LITE_PORT ?= 8000

lite: setup
	$(PY) scripts/build_lite.py

lite-serve: setup
	$(PY) scripts/build_lite.py --if-stale
	@echo "Open http://127.0.0.1:$(LITE_PORT)/ (Ctrl+C stops)"
	$(PY) -m http.server $(LITE_PORT) --bind 127.0.0.1 --directory build/lite/site

clean:
	rm -rf $(VENV) build dist .pytest_cache .hypothesis
