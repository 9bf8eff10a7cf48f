"""How long notebook 04 (the strategy tips) takes with its default parameters, cell by cell.

The notebook is executed headless with papermill, as JupyterLab's Run All would run it, in a temporary
folder; the figures are the whole run's wall-clock time and each cell that took more than a second
(papermill's own timing). The machine is shared: the load average at the start and the end is printed.

Target (issue 18): the defaults finish within 3 minutes on this machine; bigger runs are a parameter away.

Usage: python benchmarks/notebook_tips.py [--runs N]
"""

from __future__ import annotations

import argparse
import os
import statistics
import tempfile
import time
from pathlib import Path

import papermill
from _machine import machine

NOTEBOOK = Path(__file__).resolve().parent.parent / "notebooks" / "04-tips.ipynb"


def run_once(out: Path) -> tuple[float, list[tuple[float, str]]]:
    start = time.perf_counter()
    nb = papermill.execute_notebook(str(NOTEBOOK), str(out), cwd=str(NOTEBOOK.parent), progress_bar=False)
    total = time.perf_counter() - start
    cells = [(float(c.metadata.papermill.duration or 0), c.source.splitlines()[0]) for c in nb.cells if c.cell_type == "code"]
    return total, [(d, first) for d, first in cells if d > 1]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--runs", type=int, default=1)
    args = parser.parse_args()
    print(f"# notebook 04 at its default parameters, {time.strftime('%Y-%m-%d %H:%M')}, {machine()}; "
          f"load average {os.getloadavg()[0]:.2f} at the start")
    totals = []
    with tempfile.TemporaryDirectory() as tmp:
        for run in range(args.runs):
            total, cells = run_once(Path(tmp) / f"run-{run}.ipynb")
            totals.append(total)
            print(f"run {run + 1}: {total:6.1f} s; cells over 1 s: " + "; ".join(f"{d:.1f} s `{first}`" for d, first in cells))
    print(f"median of {len(totals)}: {statistics.median(totals):.1f} s (target: 180 s); "
          f"load average {os.getloadavg()[0]:.2f} at the end")


if __name__ == "__main__":
    main()
