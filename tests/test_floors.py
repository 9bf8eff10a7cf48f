"""The house keeps its floors: read from the package's own source (an AST pass, nothing imported), every import
goes down a floor of the house plan (``shared/DESIGN.md``: core, bots, analysis, lessons, session, widgets, with
two floors the plan grew: ``history``, the store of finished games just above the core, and ``advice``, the
analyst's hints, reviews and Hard bot above the analysis they ask), no
modules import each other in a circle (but for the deferred hand-offs to ``display`` and ``record``, the pattern
of python-chess's ``_repr_svg_``), and no room grows too big to take in."""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parent.parent / "expeditions"
FLOORS = ("core", "history", "bots", "analysis", "advice", "lessons", "session", "widgets", "apps")
"""The floors of the house, lowest first: a floor imports only the floors below it (and itself); the apps (the
command that serves the notebooks) are the top."""
HAND_OFFS = {"expeditions.display", "expeditions.record"}
"""Modules the core hands a value to from inside a method (``_repr_html_``, ``to_json``), importing them there."""

MOST_LINES = 700
MOST_CLASS_LINES = 300
FORM_LINES = 400
"""The explorer widget is a form: what it computes is the explorer session's."""
PENDING: dict[str, str] = {}
"""Files still over the size of a room, with the change that splits them (each must still be over: then it goes)."""


def module_name(path: Path) -> str:
    parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


MODULES = {module_name(p): p for p in sorted(PACKAGE.rglob("*.py"))}


def floor(module: str) -> int:
    """The floor of a module: its subpackage's, or the core's for the package's own modules (but ``python -m
    expeditions``, the command, which is the apps')."""
    if module == "expeditions.__main__":
        return FLOORS.index("apps")
    parts = module.split(".")
    return FLOORS.index(parts[1]) if len(parts) > 2 or (len(parts) == 2 and parts[1] in FLOORS) else 0


def imported(module: str, node: ast.Import | ast.ImportFrom) -> Iterator[str]:
    """The package's modules that an import statement of ``module`` loads (the names it takes resolved to a
    module where they are one)."""
    if isinstance(node, ast.Import):
        yield from (alias.name for alias in node.names if alias.name in MODULES)
        return
    package = module if MODULES[module].name == "__init__.py" else module.rsplit(".", 1)[0]
    if node.level:
        base = package.rsplit(".", node.level - 1)[0] if node.level > 1 else package
        target = f"{base}.{node.module}" if node.module else base
    else:
        target = node.module or ""
    if target not in MODULES:
        return
    submodules = [f"{target}.{alias.name}" for alias in node.names if f"{target}.{alias.name}" in MODULES]
    if len(submodules) < len(node.names):  # names defined by the module itself (`from . import batch` takes a submodule)
        yield target
    yield from submodules


def imports_of(module: str) -> Iterator[tuple[str, bool, int]]:
    """Every import of the package by ``module``: (what it loads, whether it is deferred into a function, line)."""
    tree = ast.parse(MODULES[module].read_text(encoding="utf-8"))

    def walk(node: ast.AST, deferred: bool) -> Iterator[tuple[str, bool, int]]:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.Import | ast.ImportFrom):
                yield from ((target, deferred, child.lineno) for target in imported(module, child))
            else:
                yield from walk(child, deferred or isinstance(child, ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda))

    yield from walk(tree, False)


EDGES = {module: list(imports_of(module)) for module in MODULES}


def test_the_package_is_read_whole():
    assert {"expeditions.round", "expeditions.advice.review", "expeditions.session.game", "expeditions.widgets.explorer",
            "expeditions.lessons.judges", "expeditions.analysis.budget"} <= set(MODULES)
    assert floor("expeditions.round") == 0 and floor("expeditions.bots") == 2 and floor("expeditions.widgets.cards") == 7
    assert ("expeditions.observation", False, 28) in EDGES["expeditions.round"]  # read from the source as it stands


def test_every_import_goes_down_a_floor():
    up = [f"{module}:{line} imports {target} ({FLOORS[floor(target)]}, above {FLOORS[floor(module)]})"
          for module, edges in EDGES.items() for target, _, line in edges if floor(target) > floor(module)]
    assert not up, "\n".join(up)


def circles(edges: dict[str, list[str]]) -> list[list[str]]:
    """The strongly connected groups of more than one module (Tarjan's algorithm), each sorted."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in edges[v]:
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            group = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                group.append(w)
                if w == v:
                    break
            if len(group) > 1:
                found.append(sorted(group))

    for v in edges:
        if v not in index:
            visit(v)
    return found


def test_no_circle_but_the_hand_offs_to_display_and_record():
    ties = {module: sorted({t for t, deferred, _ in edges if t != module and not (deferred and t in HAND_OFFS)})
            for module, edges in EDGES.items()}
    assert circles(ties) == []


def test_the_circle_finder_finds_a_circle():
    assert circles({"a": ["b"], "b": ["c"], "c": ["a"], "d": ["a"]}) == [["a", "b", "c"]]
    assert circles({"a": ["b"], "b": []}) == []


def _sizes() -> Iterator[tuple[str, int, list[tuple[str, int]]]]:
    for path in MODULES.values():
        text = path.read_text(encoding="utf-8")
        classes = [(c.name, (c.end_lineno or c.lineno) - c.lineno + 1) for c in ast.walk(ast.parse(text))
                   if isinstance(c, ast.ClassDef)]
        yield str(path.relative_to(PACKAGE.parent)), text.count("\n"), classes


@pytest.mark.parametrize(("path", "lines", "classes"), list(_sizes()), ids=lambda x: x if isinstance(x, str) else "")
def test_no_room_is_too_big_to_take_in(path, lines, classes):
    if path in PENDING:
        assert lines > MOST_LINES, f"{path} is small enough now: take it off PENDING"
    else:
        assert lines <= MOST_LINES, f"{path} holds {lines} lines"
    big = [f"{name} ({n} lines)" for name, n in classes if n > MOST_CLASS_LINES]
    assert not big, f"{path}: {', '.join(big)}"
    if path == "expeditions/widgets/explorer.py":
        assert lines < FORM_LINES
