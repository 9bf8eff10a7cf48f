"""The two editions of Expeditions: installed with pip (everything), and in the browser (the static site, run by
Pyodide: pure Python only, so no numpy, numba, scipy, altair or pandas).

In the browser the lessons, the card table with its bots and hints, and the scoring calculator work; the
analysis, the what-if explorer and the charts need numpy or altair. Asked for there, they say so in plain words
and say how to get the installed edition (``InstalledEditionOnly``), instead of a traceback.
"""

from __future__ import annotations

import sys

IN_BROWSER = sys.platform == "emscripten"
"""Whether this is the edition in the browser (Pyodide)."""

NOT_IN_BROWSER = frozenset({"numpy", "numba", "llvmlite", "scipy", "altair", "pandas", "vl_convert"})
"""The packages the edition in the browser has not (no registry builds them for it)."""

INSTALL = 'pip install "expeditions[apps]"'


class InstalledEditionOnly(ModuleNotFoundError):
    """A part of Expeditions that needs a package the edition in the browser has not; the message says which part,
    which package, and how to install the edition that has it. In a notebook it shows as that message alone."""

    def _render_traceback_(self) -> list[str]:
        """What IPython shows for this error: its words, without a traceback."""
        return [str(self)]


def installed_only(missing: ModuleNotFoundError, what: str, command: str) -> ModuleNotFoundError:
    """``missing`` in words when the module it could not find is one the edition in the browser has not:
    ``what`` (capitalised, "The what-if explorer") needs it, and ``expeditions {command}`` starts it once
    installed. Any other missing module is returned as it is."""
    package = (missing.name or "").split(".")[0]
    if package not in NOT_IN_BROWSER:
        return missing
    where = "the edition in the browser does not have" if IN_BROWSER else "is not installed here"
    return InstalledEditionOnly(f"{what} needs {package}, which {where}. To use it, install Expeditions on a computer "
                                f"with Python: {INSTALL}, then run: expeditions {command}", name=package)
