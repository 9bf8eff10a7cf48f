"""The notebooks as committed: one parameters cell of literals, no outputs, the nbval marks in place;
and the checks of tools/run_notebooks.py, on small notebooks made here (no kernel needed)."""

import importlib.util
import re
import sys
from pathlib import Path

import nbformat
import pytest
from nbformat.v4 import new_code_cell, new_markdown_cell, new_notebook, new_output

ROOT = Path(__file__).resolve().parent.parent
NOTEBOOKS = sorted((ROOT / "notebooks").glob("*.ipynb"))
APPS = [p for p in NOTEBOOKS if p.name.endswith("-app.ipynb")]
"""The app notebooks that Voila serves (`make app`, `make explorer`, `make learn`): a title and one widget."""
HARNESS = re.compile(r"NBVAL_|papermill", re.IGNORECASE)
"""A test harness's control written into a cell's source (a reader would see it)."""
TUTORIALS = [p for p in NOTEBOOKS if p not in APPS]

spec = importlib.util.spec_from_file_location("run_notebooks", ROOT / "tools" / "run_notebooks.py")
assert spec is not None and spec.loader is not None
run_notebooks = importlib.util.module_from_spec(spec)
sys.modules["run_notebooks"] = run_notebooks  # dataclasses look their module up there
spec.loader.exec_module(run_notebooks)


def read(path: Path):
    return nbformat.read(path, as_version=4)


def code_cells(nb):
    return [c for c in nb.cells if c.cell_type == "code"]


def test_the_notebooks_are_there_numbered_and_the_apps_beside_them():
    names = [p.name for p in TUTORIALS]
    assert {"01-rules.ipynb", "02-play.ipynb"} <= set(names)
    assert all(re.fullmatch(r"\d\d-[a-z0-9-]+\.ipynb", n) for n in names)
    assert {p.name for p in APPS} == {"play-app.ipynb", "explorer-app.ipynb", "learn-app.ipynb"}


@pytest.mark.parametrize("path", APPS, ids=lambda p: p.name)
def test_an_app_is_a_title_and_one_widget_and_does_no_work_at_load(path):
    nb = read(path)
    nbformat.validate(nb)
    assert [c.cell_type for c in nb.cells] == ["markdown", "code"]
    assert nb.cells[0].source.startswith("# ") and "\n" not in nb.cells[0].source.strip()
    lines = [line for line in nb.cells[1].source.splitlines() if line.strip()]
    assert len(lines) == 2 and lines[0].startswith("from expeditions.widgets") and "import" in lines[0]
    assert run_notebooks.small_parameters(nb) == {}  # the runner runs it as it is


@pytest.mark.parametrize("path", TUTORIALS, ids=lambda p: p.name)
def test_one_parameters_cell_of_literals_and_small_parameters_it_knows(path):
    nb = read(path)
    nbformat.validate(nb)
    params = run_notebooks.parameters_of(nb)
    assert params and all(name.isupper() for name in params)
    assert set(run_notebooks.small_parameters(nb)) <= set(params)
    first_code = code_cells(nb)[0]
    assert "parameters" in first_code.metadata.get("tags", []), "the parameters come before any other code"


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.name)
def test_committed_without_outputs(path):
    for cell in code_cells(read(path)):
        assert cell.outputs == [] and cell.execution_count is None, cell.source[:60]
    assert "widgets" not in read(path).metadata and "papermill" not in read(path).metadata


@pytest.mark.parametrize("path", TUTORIALS, ids=lambda p: p.name)
def test_prose_first_and_marked_for_nbval(path):
    nb = read(path)
    assert nb.cells[0].cell_type == "markdown" and nb.cells[0].source.startswith("# ")
    assert nb.metadata.kernelspec.name == "python3"
    assert any("# NBVAL_CHECK_OUTPUT" in c.source or "nbval-check-output" in c.metadata.get("tags", [])
               for c in code_cells(nb)), "no result cell is checked"
    for cell in code_cells(nb):
        marked = "# NBVAL_RAISES_EXCEPTION" in cell.source
        tagged = "raises-exception" in cell.metadata.get("tags", [])
        assert marked == tagged, f"mark and tag the cells that raise both ways: {cell.source[:60]}"
        assert "with out:" not in cell.source  # callbacks write with out.append_stdout / append_display_data
        assert "https://" not in cell.source and "http://" not in cell.source
        if "import altair" in cell.source:
            assert 'alt.renderers.enable("svg")' in cell.source or "offline=True" in cell.source


NUMBERED = [p for p in TUTORIALS if re.match(r"0[1-6]-", p.name)]
MOST_CELL_LINES = 30
"""A code cell a reader takes in at a glance: what is longer belongs in the package, where it is tested."""
NO_FUNCTIONS = ("05-variants.ipynb", "06-tournament.ipynb")
"""Notebooks whose logic lives in the package (``analysis.variants``, ``analysis.ladder``): their cells only call it."""


@pytest.mark.parametrize("path", NUMBERED, ids=lambda p: p.name)
def test_the_cells_are_short_and_the_logic_is_in_the_package(path):
    for cell in code_cells(read(path)):
        assert len(cell.source.splitlines()) <= MOST_CELL_LINES, f"{path.name}: a cell of {len(cell.source.splitlines())} lines"
        if path.name in NO_FUNCTIONS:
            assert not re.search(r"^\s*(async\s+def|def|class)\b", cell.source, re.M), f"{path.name}: {cell.source[:60]}"


def test_the_structure_check_sees_the_six_notebooks():
    assert [p.name[:2] for p in NUMBERED] == ["01", "02", "03", "04", "05", "06"]
    assert all((ROOT / "notebooks" / name).exists() for name in NO_FUNCTIONS)


def test_the_tutorial_notebook_reads_as_a_lesson_not_as_code():
    """Notebook 01: the lessons on the card table, a line or two of code for each track, the harness's controls in
    the cells' tags and metadata (none in sight), no cell that raises, no printout, the default rules first."""
    nb = read(ROOT / "notebooks" / "01-rules.ipynb")
    cells = code_cells(nb)
    for cell in cells:
        assert not HARNESS.search(cell.source), f"a harness control in sight: {cell.source[:60]}"
        assert "raises-exception" not in cell.metadata.get("tags", []), "a refusal is the lesson's feedback, never a traceback"
        assert "print(" not in cell.source and "#" not in cell.source, cell.source[:60]
        assert len([line for line in cell.source.splitlines() if line.strip()]) <= 2, cell.source
    sources = [c.source for c in cells]
    assert sum("lesson_table(" in s for s in sources) == 2  # the main path and the appendix, on the card table
    assert any('lesson_table("appendix"' in s for s in sources)
    checked = [c for c in cells if "nbval-check-output" in c.metadata.get("tags", [])]
    assert [c.source.splitlines()[-1] for c in checked] == ["lessons.contents()", 'lessons.contents("appendix")']
    assert run_notebooks.small_parameters(nb) == {"KEEP_PROGRESS": "memory"}  # headless runs keep nobody's progress
    assert run_notebooks.parameters_of(nb) == {"KEEP_PROGRESS": "file"}
    prose = " ".join(c.source for c in nb.cells if c.cell_type == "markdown")
    assert prose.index("document 001") < prose.index("document 000") < prose.index("documents 002 and 004")


def test_the_play_notebook_scripts_moves_in_the_notation():
    import expeditions as ex

    params = run_notebooks.parameters_of(read(ROOT / "notebooks" / "02-play.ipynb"))
    assert params["RULE_SET"] in ex.PRESETS and params["LEVEL"] in ex.advice.LEVELS and params["AUTOPILOT"] in ex.advice.LEVELS
    assert all(ex.Move.parse(m) for m in params["MOVES"])


# --- the runner's checks ------------------------------------------------------------------------------
def executed(*cells):
    nb = new_notebook(cells=list(cells))
    for i, cell in enumerate(nb.cells):
        cell["id"] = f"c{i}"
    return nb


def ran(source, *outputs, tags=(), count=1):
    cell = new_code_cell(source, metadata={"tags": list(tags)})
    cell.execution_count = count
    cell.outputs = list(outputs)
    return cell


ERROR = new_output("error", ename="IllegalMove", evalue="the 7 cannot follow your 9", traceback=[])


def test_parameters_must_be_literals_and_one_cell():
    good = executed(ran("A = 1\nB = ['x', 2]", tags=["parameters"]))
    assert run_notebooks.parameters_of(good) == {"A": 1, "B": ["x", 2]}
    with pytest.raises(ValueError, match="not a literal"):
        run_notebooks.parameters_of(executed(ran("A = len('x')", tags=["parameters"])))
    with pytest.raises(ValueError, match="only assign"):
        run_notebooks.parameters_of(executed(ran("import os", tags=["parameters"])))
    with pytest.raises(ValueError, match="exactly one"):
        run_notebooks.parameters_of(executed(ran("A = 1")))
    good.metadata["expeditions"] = {"small_parameters": {"C": 1}}
    with pytest.raises(ValueError, match="C, which the parameters cell does not have"):
        run_notebooks.small_parameters(good)


def test_only_the_cells_marked_to_raise_may_raise():
    fine = executed(ran("x = 1"), ran("# NBVAL_RAISES_EXCEPTION\nbad()", ERROR, tags=["raises-exception"]))
    assert run_notebooks.problems_of(fine) == []
    stray = executed(ran("bad()", ERROR), ran("y = 2", count=None))
    assert run_notebooks.problems_of(stray) == ["cell 0 raised IllegalMove: the 7 cannot follow your 9", "cell 1 did not run"]
    quiet = executed(ran("# NBVAL_RAISES_EXCEPTION\nok()", tags=["raises-exception"]))
    assert "should raise" in run_notebooks.problems_of(quiet)[0]


def test_an_output_that_writes_cards_in_letters_fails_the_run():
    """On screen cards are written with their suit symbols; the letter notation stays in typed boxes and records."""
    symbols = executed(ran("print(moves)", new_output("stream", name="stdout", text="discard Q♦, draw deck\n")),
                       ran("moves", new_output("execute_result", data={"text/html": "<b>play 10♥</b>"}, execution_count=2)))
    assert run_notebooks.problems_of(symbols) == []
    letters = executed(ran("print(m)", new_output("stream", name="stdout", text="discard QD, draw deck; 10H\n")),
                       ran("chart", new_output("display_data", data={"image/svg+xml": "<svg><text>7Y</text></svg>"})))
    assert run_notebooks.problems_of(letters) == [
        "cell 0 shows cards in the letter notation (10H, QD): write them with their suit symbols",
        "cell 1 shows cards in the letter notation (7Y): write them with their suit symbols"]
    refused = executed(ran("# NBVAL_RAISES_EXCEPTION\nbad()", new_output("error", ename="IllegalMove",
                                                                          evalue="you do not hold KH", traceback=[]),
                           tags=["raises-exception"]))
    assert run_notebooks.problems_of(refused) == []  # an error's own text is the engine's, in the notation


def test_the_html_report_fetches_nothing_and_shows_widgets_as_their_static_view(tmp_path):
    view = new_output("display_data", data={
        "application/vnd.jupyter.widget-view+json": {"model_id": "abc", "version_major": 2, "version_minor": 0},
        "text/html": "<div class='xp-table-snapshot'>the table</div>", "text/plain": "CardTable(...)"})
    nb = executed(new_markdown_cell("# Title"), ran("table", view))
    nb.metadata["widgets"] = {"application/vnd.jupyter.widget-state+json": {"state": {"abc": {}}, "version_major": 2,
                                                                            "version_minor": 0}}
    path = tmp_path / "nb.ipynb"
    nbformat.write(nb, path)
    page = run_notebooks.write_html(path).read_text()
    assert "xp-table-snapshot" in page and "widget-view+json" not in page
    assert not re.search(r"<script[^>]+src=", page)


def test_the_analysis_notebooks_parameters_name_real_hands_and_rule_sets():
    import expeditions as ex
    from expeditions.widgets import what_if_position

    explorer = run_notebooks.parameters_of(read(ROOT / "notebooks" / "03-explorer.ipynb"))
    assert what_if_position(explorer["RULE_SET"], explorer["HAND"]).deck_size > 0
    assert max(explorer["DECK_SIZES"]) <= what_if_position(explorer["RULE_SET"], explorer["LATE_HAND"]).deck_size
    assert what_if_position(explorer["RULE_SET"], **explorer["POSITION"]).to_move == 0
    tips = run_notebooks.parameters_of(read(ROOT / "notebooks" / "04-tips.ipynb"))
    assert set(tips["RULE_SETS"]) <= set(ex.PRESETS) and tips["BOT_ROUNDS"] >= 2  # an interval needs two rounds
    variants = run_notebooks.parameters_of(read(ROOT / "notebooks" / "05-variants.ipynb"))
    assert variants["BOT"] in {"Beginner", "Heuristic", "Expert"}


def test_the_tournament_notebook_seats_real_bots_under_rule_sets_that_pair_them():
    import expeditions as ex

    nb = read(ROOT / "notebooks" / "06-tournament.ipynb")
    full = run_notebooks.parameters_of(nb)
    small = {**full, **run_notebooks.small_parameters(nb)}
    assert {"Random", "Heuristic", "Expert"} <= set(ex.bots.BOTS) and next(iter(ex.bots.BOTS)) == "Random"
    for size in (full, small):
        for name in filter(None, (size["RULE_SET"], size["OTHER_RULE_SET"])):
            r = ex.rules(name)  # a tournament seats two kinds of bot against each other
            assert r.players == 2 or (r.players == 4 and r.partnerships), name
        for budget in (size["EXPERT_ROLLOUTS"], *size["BUDGETS"]):
            ex.bots.Expert(1, rollouts=budget, candidates=size["EXPERT_CANDIDATES"])  # budgets the Expert accepts
        assert min(size["DEALS"], size["EXPERT_DEALS"], size["SIDE_DEALS"]) >= 2  # an interval over deals needs two
    assert small["EXPERT_DEALS"] <= 5 and small["SIDE_DEALS"] <= 5 and small["EXPERT_ROLLOUTS"] <= 10  # CI-sized
