# Two commands do all set-up on a fresh machine:
#   make tutorial   open the tutorial notebooks in JupyterLab (or: make learn, the lessons as an app)
#   make test       lint, type-check, and run every test (unit, doctests, notebooks)
# Both create the virtual environment in .venv when it is missing or older than pyproject.toml.

PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
READY  := $(VENV)/.ready

.PHONY: test tutorial lint typecheck unit notebooks browser-test site site-startup app explorer learn app-startup screenshot puzzles benchmarks bot-strength report clean

$(READY): pyproject.toml
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[apps,notebooks,test,browser]'
	$(BIN)/python -m expeditions.bots.heuristic_kernel  # compile the Heuristic's kernel into numba's cache, once
	touch $(READY)

tutorial: $(READY)
	$(BIN)/jupyter lab notebooks/ $$(test "$$(id -u)" = 0 && echo --allow-root)  # root (a container) needs --allow-root

test: lint typecheck unit notebooks

lint: $(READY)
	$(BIN)/ruff check expeditions tests benchmarks tools

typecheck: $(READY)
	$(BIN)/mypy
	$(BIN)/mypy --strict tools/build_site.py

unit: $(READY)
	$(BIN)/python -m pytest -m "not browser"

notebooks: $(READY)
	$(BIN)/python tools/run_notebooks.py --small --out build/notebooks
	$(BIN)/python -m pytest --nbval-lax --nbval-current-env --nbval-sanitize-with tools/nbval_sanitize.cfg build/notebooks/*.ipynb

report: $(READY)
	$(BIN)/python tools/run_notebooks.py --out build/report

browser-test: $(READY) site
	sh tools/browser_setup.sh
	$(BIN)/python -m pytest -m browser tests/browser

# The static edition: build/site/, for any static web host (versions pinned in site/versions.toml; the build
# downloads into build/site-cache/ once, from PyPI and npm; the site then fetches nothing from outside).
site: $(READY)
	sh tools/browser_setup.sh
	$(BIN)/python tools/build_site.py

site-startup: site
	$(BIN)/python benchmarks/site_startup.py

# The apps, as `expeditions play|explore|learn` serves them: Voila with the settings of expeditions/apps/voila.json
# (idle kernels culled, a limit on kernels), on 127.0.0.1 only (ARGS="--ip 0.0.0.0" serves the network, with a token).
app: $(READY)
	$(BIN)/expeditions play $(ARGS)

explorer: $(READY)
	$(BIN)/expeditions explore $(ARGS)

learn: $(READY)
	$(BIN)/expeditions learn $(ARGS)

app-startup: $(READY)
	sh tools/browser_setup.sh
	$(BIN)/python benchmarks/app_startup.py

screenshot: $(READY)
	sh tools/browser_setup.sh
	$(BIN)/python tools/screenshot_play.py
	$(BIN)/python tools/screenshot_lesson.py
	$(BIN)/python tools/screenshot_sizes.py
	$(BIN)/python tools/screenshot_sizes.py --help-panel
	$(BIN)/python tools/screenshot_puzzle.py

# The puzzle set (expeditions/lessons/puzzles.json), mined again from the Expert's own games on both cores
# (about 40 minutes; the mining is not a test: `make test` checks the set that is shipped).
puzzles: $(READY)
	mkdir -p build && rm -f build/puzzles-a.jsonl build/puzzles-b.jsonl
	$(BIN)/python tools/mine_puzzles.py --rules expeditions --deals 1 400 --minutes 40 --found build/puzzles-a.jsonl & \
	( $(BIN)/python tools/mine_puzzles.py --rules lost-cities --deals 1 100 --minutes 8 --found build/puzzles-b.jsonl; \
	  $(BIN)/python tools/mine_puzzles.py --rules expeditionen --deals 1 100 --minutes 8 --found build/puzzles-b.jsonl; \
	  $(BIN)/python tools/mine_puzzles.py --rules expeditionen-aces --deals 1 100 --minutes 5 --found build/puzzles-b.jsonl; \
	  $(BIN)/python tools/mine_puzzles.py --rules expeditions --deals 1001 1400 --minutes 19 --found build/puzzles-b.jsonl ); \
	wait
	$(BIN)/python tools/mine_puzzles.py --assemble build/puzzles-a.jsonl build/puzzles-b.jsonl

benchmarks: $(READY)
	$(BIN)/python benchmarks/engine_speed.py
	$(BIN)/python benchmarks/analysis_speed.py
	$(BIN)/python benchmarks/batch_speed.py
	$(BIN)/python benchmarks/bot_speed.py
	$(BIN)/python benchmarks/review_speed.py
	$(BIN)/python benchmarks/games_store.py

bot-strength: $(READY)
	$(BIN)/python benchmarks/bot_strength.py
	$(BIN)/python benchmarks/counting_strength.py

clean:
	rm -rf $(VENV) build dist test-artifacts
