# Quick start: `make run` starts the web app (open the address it prints); `make test` runs the whole suite;
# `make test-fast` runs the tests not marked slow (the inner loop). Each creates the virtual environment
# .venv on first use (Python 3.11+ as python3) with every extra installed ('.[dev]').
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: run test test-fast sweeps lint bench clean

# The stamp is written only after a complete install; without it the venv is rebuilt from
# scratch, since an interrupted pip (Ctrl-C during the first `make run`) can leave packages
# recorded as installed whose commands are missing.
$(STAMP): pyproject.toml
	rm -rf $(VENV)
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[dev]'
	touch $(STAMP)

run: $(STAMP)
	$(BIN)/divided serve

# The suite runs on every core (pytest-xdist), a test file per worker so that a file's fixtures
# (servers, browsers, databases) are set up once.
PYTEST_WORKERS ?= auto

test: $(STAMP)
	bash scripts/ensure-test-tools.sh
	$(BIN)/python -m pytest -n $(PYTEST_WORKERS) --dist loadfile
	$(BIN)/ruff check src tests benchmarks
	$(BIN)/mypy

test-fast: $(STAMP)
	$(BIN)/python -m pytest -n $(PYTEST_WORKERS) --dist loadfile -m "not slow"

# The exhaustive and repeated sweeps (tests marked sweep): recorded runs, not part of `make test`,
# each with a sampled version in the suite; their times are in BENCHMARKS.md ("Sweeps").
sweeps: $(STAMP)
	$(BIN)/python -m pytest -n $(PYTEST_WORKERS) --dist loadfile --sweeps -m sweep tests

lint: $(STAMP)
	$(BIN)/ruff check src tests benchmarks
	$(BIN)/mypy

bench: $(STAMP)
	$(BIN)/python benchmarks/bench_foundation.py
	$(BIN)/python benchmarks/bench_bots.py
	$(BIN)/python benchmarks/bench_lab.py
	$(BIN)/python benchmarks/bench_poker.py

clean:
	rm -rf $(VENV) .pytest_cache .ruff_cache .mypy_cache .hypothesis
