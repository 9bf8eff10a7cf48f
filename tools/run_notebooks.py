#!/usr/bin/env python3
"""Run every notebook headless with papermill and write a report: the executed notebooks and their HTML.

    python tools/run_notebooks.py                  # the notebooks' own parameters, into build/notebooks/
    python tools/run_notebooks.py --small          # CI-sized parameters
    python tools/run_notebooks.py --out DIR notebooks/02-play.ipynb

Open ``build/notebooks/index.html`` for the report. A notebook's CI-sized parameters are in its
metadata, ``{"expeditions": {"small_parameters": {"ROUNDS": 1}}}``, so that a new notebook brings its
own. Then check the executed copies with nbval, which runs them again and compares the cells
marked ``# NBVAL_CHECK_OUTPUT``::

    pytest --nbval-lax --nbval-current-env --nbval-sanitize-with tools/nbval_sanitize.cfg build/notebooks/*.ipynb

A cell tagged ``raises-exception`` (the "try an illegal move" cell, also marked
``# NBVAL_RAISES_EXCEPTION``) must raise; an error anywhere else fails the run. What a reader sees
speaks one notation: an output (printed, or shown as text, HTML, Markdown or a chart) that writes a
card in the letter notation (``7H``) rather than with its suit symbol (``7♥``) fails it too. The HTML fetches
nothing: the live widgets are left out (each widget shows its static HTML view instead), and so are
the scripts that the HTML template would load from a CDN.
"""

from __future__ import annotations

import argparse
import ast
import copy
import html
import sys
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from expeditions.words import LETTER_CARD

ROOT = Path(__file__).resolve().parent.parent
NOTEBOOKS = ROOT / "notebooks"
DEFAULT_OUT = ROOT / "build" / "notebooks"
RAISES_TAG = "raises-exception"
RAISES_MARK = "NBVAL_RAISES_EXCEPTION"
PAPERMILL_ERROR_TAG = "papermill-error-cell-tag"
SHOWN = ("text/plain", "text/html", "text/markdown", "image/svg+xml")
"""The kinds of output a reader sees."""

# The lab template without the scripts it loads from the internet (require.js, MathJax, mermaid, the
# widget manager): the report must read offline.
OFFLINE_TEMPLATE = """{%- extends 'lab/index.html.j2' -%}
{%- block html_head_js -%}{%- endblock html_head_js -%}
{%- block jupyter_widgets -%}{%- endblock jupyter_widgets -%}
{%- block html_head_js_mathjax -%}{%- endblock html_head_js_mathjax -%}
{%- block html_head_js_mermaidjs -%}{%- endblock html_head_js_mermaidjs -%}
"""


@dataclass
class Result:
    name: str
    seconds: float
    problems: list[str]

    @property
    def ok(self) -> bool:
        return not self.problems


# --- what a notebook declares -----------------------------------------------------------------------
def parameters_cells(nb: Any) -> list[Any]:
    return [c for c in nb.cells if c.cell_type == "code" and "parameters" in c.metadata.get("tags", [])]


def parameters_of(nb: Any) -> dict[str, Any]:
    """The names and values of the notebook's parameters cell (which holds assignments of literals only)."""
    cells = parameters_cells(nb)
    if len(cells) != 1:
        raise ValueError(f"a notebook needs exactly one cell tagged 'parameters', this one has {len(cells)}")
    values = {}
    for node in ast.parse(cells[0].source).body:
        if not (isinstance(node, ast.Assign) and len(node.targets) == 1 and isinstance(node.targets[0], ast.Name)):
            raise ValueError(f"the parameters cell may only assign literals to names: line {node.lineno} does more")
        try:
            values[node.targets[0].id] = ast.literal_eval(node.value)
        except ValueError:
            raise ValueError(f"the parameter {node.targets[0].id} is not a literal (line {node.lineno}): "
                             "derive values in the next cell") from None
    return values


def small_parameters(nb: Any) -> dict[str, Any]:
    """The notebook's CI-sized parameters (its metadata ``expeditions.small_parameters``; none for an app
    notebook, which has no parameters cell)."""
    small = dict(nb.metadata.get("expeditions", {}).get("small_parameters", {}))
    if not small:
        return {}
    unknown = sorted(set(small) - set(parameters_of(nb)))
    if unknown:
        raise ValueError(f"small_parameters names {', '.join(unknown)}, which the parameters cell does not have")
    return small


def may_raise(cell: Any) -> bool:
    return RAISES_TAG in cell.metadata.get("tags", []) or RAISES_MARK in cell.source


def problems_of(nb: Any) -> list[str]:
    """What went wrong in an executed notebook: errors outside the cells that must raise, cells not run."""
    problems = []
    for index, cell in enumerate(nb.cells):
        if cell.cell_type != "code":
            continue
        errors = [o for o in cell.get("outputs", []) if o.get("output_type") == "error"]
        if may_raise(cell):
            if cell.execution_count is not None and not errors:
                problems.append(f"cell {index} should raise (it is marked {RAISES_MARK}) but did not")
        elif errors:
            problems.append(f"cell {index} raised {errors[0].get('ename')}: {errors[0].get('evalue')}")
        if cell.execution_count is None and not cell.metadata.get("tags", []).count("injected-parameters"):
            problems.append(f"cell {index} did not run")
        letters = sorted({m.group(0) for text in shown_texts(cell) for m in LETTER_CARD.finditer(text)})
        if letters:
            problems.append(f"cell {index} shows cards in the letter notation ({', '.join(letters[:5])}): write them "
                            "with their suit symbols")
    return problems


def shown_texts(cell: Any) -> list[str]:
    """The texts of a code cell's outputs that a reader sees: printed text and displayed data (not errors)."""
    out = []
    for output in cell.get("outputs", []):
        if "text" in output:
            out.append("".join(output["text"]))
        for kind, data in output.get("data", {}).items():
            if kind in SHOWN:
                out.append("".join(data) if isinstance(data, list) else str(data))
    return out


# --- running ---------------------------------------------------------------------------------------
def run_notebook(source: Path, out: Path, *, small: bool, timeout: int) -> Result:
    """Execute ``source`` into ``out`` with papermill and check it."""
    import nbformat
    import papermill as pm
    from papermill.exceptions import PapermillExecutionError

    started = time.perf_counter()
    nb = nbformat.read(source, as_version=4)
    try:
        parameters = small_parameters(nb) if small else {}
    except ValueError as e:
        return Result(source.name, 0.0, [str(e)])
    target = out / source.name
    try:
        pm.execute_notebook(str(source), str(target), parameters=parameters, kernel_name="python3", progress_bar=False,
                            cwd=str(out), execution_timeout=timeout)
    except PapermillExecutionError:
        pass  # papermill refuses every error, even in a cell that must raise: the check below decides
    except Exception as e:  # a kernel that died, a timeout: report it, run the other notebooks
        return Result(source.name, time.perf_counter() - started, [f"{type(e).__name__}: {e}"])
    executed = nbformat.read(target, as_version=4)
    executed.cells = [c for c in executed.cells if PAPERMILL_ERROR_TAG not in c.metadata.get("tags", [])]
    nbformat.write(executed, target)
    return Result(source.name, time.perf_counter() - started, problems_of(executed))


def write_html(executed: Path) -> Path:
    """The executed notebook as a self-contained HTML page that loads nothing from the internet."""
    import nbformat
    from jinja2 import DictLoader
    from nbconvert import HTMLExporter

    nb = nbformat.read(executed, as_version=4)
    nb = copy.deepcopy(nb)
    nb.metadata.pop("widgets", None)  # without the widget state, each widget shows its text/html view
    exporter = HTMLExporter(extra_loaders=[DictLoader({"offline.html.j2": OFFLINE_TEMPLATE})], template_file="offline.html.j2")
    body, _ = exporter.from_notebook_node(nb, resources={"metadata": {"name": executed.stem}})
    target = executed.with_suffix(".html")
    target.write_text(body, encoding="utf-8")
    return target


def write_index(out: Path, results: list[Result], small: bool) -> Path:
    rows = "".join(
        f"<tr><td><a href='{html.escape(Path(r.name).with_suffix('.html').name)}'>{html.escape(r.name)}</a></td>"
        f"<td>{'ok' if r.ok else 'FAILED'}</td><td style='text-align:right'>{r.seconds:.1f} s</td>"
        f"<td>{html.escape('; '.join(r.problems))}</td></tr>"
        for r in results
    )
    size = "small (CI) parameters" if small else "the notebooks' own parameters"
    page = (f"<!DOCTYPE html><html><head><meta charset='utf-8'><title>Expeditions notebooks</title></head>"
            f"<body style='font-family:sans-serif'><h1>Expeditions: the notebooks, run</h1><p>Run with {size} on "
            f"{time.strftime('%Y-%m-%d %H:%M')}.</p><table cellpadding='4'><tr><th>notebook</th><th>result</th>"
            f"<th>time</th><th>problems</th></tr>{rows}</table></body></html>")
    target = out / "index.html"
    target.write_text(page, encoding="utf-8")
    return target


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Run the notebooks with papermill and write an HTML report.")
    parser.add_argument("notebooks", nargs="*", type=Path, help="notebooks to run (default: notebooks/*.ipynb)")
    parser.add_argument("--small", action="store_true", help="CI-sized parameters (each notebook's small_parameters)")
    parser.add_argument("--out", type=Path, default=DEFAULT_OUT, help=f"output folder (default: {DEFAULT_OUT.relative_to(ROOT)})")
    parser.add_argument("--timeout", type=int, default=None,
                        help="seconds one cell may take (default: 600 with --small; 3 hours for a full report, whose "
                             "tournaments and simulations run for minutes)")
    parser.add_argument("--no-html", action="store_true", help="executed notebooks only, no HTML report")
    args = parser.parse_args(argv)

    sources = args.notebooks or sorted(NOTEBOOKS.glob("*.ipynb"))
    if not sources:
        print(f"no notebooks in {NOTEBOOKS}", file=sys.stderr)
        return 1
    timeout = args.timeout or (600 if args.small else 3 * 3600)
    out: Path = args.out.resolve()
    out.mkdir(parents=True, exist_ok=True)
    results = []
    for source in sources:
        result = run_notebook(source.resolve(), out, small=args.small, timeout=timeout)
        if not args.no_html and (out / source.name).exists():
            write_html(out / source.name)
        results.append(result)
        print(f"{result.name}: {'ok' if result.ok else 'FAILED'} in {result.seconds:.1f} s", flush=True)
        for problem in result.problems:
            print(f"  {problem}", flush=True)
    if not args.no_html:
        print(f"report: {write_index(out, results, args.small)}")
    return 0 if all(r.ok for r in results) else 1


if __name__ == "__main__":
    sys.exit(main())
