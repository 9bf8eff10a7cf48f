# Two commands do all set-up on a fresh machine:
#   make tutorial   open the tutorial notebooks in JupyterLab
#   make test       lint, type-check, and run every test (unit, doctests, notebooks)
# Both create the virtual environment in .venv when it is missing or older than pyproject.toml.

PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
READY  := $(VENV)/.ready

.PHONY: test tutorial lint typecheck unit notebooks browser-test benchmarks report clean

$(READY): pyproject.toml
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[notebooks,test,browser]'
	touch $(READY)

tutorial: $(READY)
	$(BIN)/jupyter lab notebooks/

test: lint typecheck unit

lint: $(READY)
	$(BIN)/ruff check expeditions tests benchmarks

typecheck: $(READY)
	$(BIN)/mypy

unit: $(READY)
	$(BIN)/python -m pytest -m "not browser"

benchmarks: $(READY)
	$(BIN)/python benchmarks/engine_speed.py

clean:
	rm -rf $(VENV) build dist test-artifacts
