"""What the edition in the browser (Pyodide: no numpy, scipy, altair or pandas) can do, checked here in a Python
that cannot import those packages (a subprocess whose import system refuses them).

It must run the lessons, the card table with its bots and hints, and the scoring calculator; the lesson whose
judgement needs the expected values reads the judgement computed ahead by the site's build; what needs numpy
(the analysis, the what-if explorer, the charts) says so in words and names the command to install instead.
"""

from __future__ import annotations

import dataclasses
import json
import subprocess
import sys
import textwrap

from expeditions import lessons
from expeditions.edition import INSTALL, NOT_IN_BROWSER, InstalledEditionOnly, installed_only
from expeditions.lessons.ahead import computed_ahead, write_judgements
from expeditions.lessons.files import STORE
from expeditions.lessons.judges import judgement_key

WITHOUT = textwrap.dedent(f"""
    import importlib.abc, sys

    class Refuse(importlib.abc.MetaPathFinder):
        def find_spec(self, name, path, target=None):
            if name.split(".")[0] in {sorted(NOT_IN_BROWSER)!r}:
                raise ModuleNotFoundError(f"No module named {{name!r}}", name=name)
            return None

    sys.meta_path.insert(0, Refuse())
""")
"""Python code that makes every package the edition in the browser lacks impossible to import."""


def run_without(code: str, *args: str) -> str:
    """Run ``code`` in a Python that cannot import numpy and the rest; returns what it printed (it must succeed)."""
    done = subprocess.run([sys.executable, "-c", WITHOUT + textwrap.dedent(code), *args], capture_output=True, text=True,
                          check=False, timeout=300)
    assert done.returncode == 0, done.stderr
    return done.stdout


def test_the_table_its_hints_and_the_calculator_need_no_numpy(monkeypatch):
    out = run_without("""
        import expeditions as ex
        from expeditions.session import Session
        from expeditions.widgets import ScoringCalculator, card_table
        import dataclasses
        from expeditions.analysis import analyst
        analyst.ENGINE_HINT = dataclasses.replace(analyst.ENGINE_HINT, seconds=1000.0)  # no time limit: comparable
        table = card_table(seed=3, pause=0, background=False)
        from expeditions.advice import Hard
        position = ex.deal("expeditions", seed=8)
        assert Hard(seed=1).decide(position.observation()) in position.legal_moves()  # on the engine's playouts
        game = Session("expeditions", level="Normal", seed=7)
        assert game.hint(), game.last_message
        print(game.view().hint.lines[0].words)
        ScoringCalculator()
        print(sorted(m for m in sys.modules if m.split(".")[0] in ("numpy", "scipy", "altair", "pandas")))
    """)
    from expeditions.analysis import analyst
    from expeditions.session import Session

    monkeypatch.setattr(analyst, "batch_can_play", lambda observation: False)  # the engine's playouts, as without numpy
    monkeypatch.setattr(analyst, "ENGINE_HINT", dataclasses.replace(analyst.ENGINE_HINT, seconds=1000.0))
    game = Session("expeditions", level="Normal", seed=7)
    assert game.hint()
    assert out.splitlines() == [game.view().hint.lines[0].words, "[]"]  # the same hint as on the engine here


def test_every_lesson_but_those_computed_ahead_is_judged_without_numpy():
    out = run_without("""
        from expeditions import lessons
        from expeditions.lessons.ahead import computed_ahead
        from expeditions.widgets import lesson_table
        lesson_table(keep="memory", pause=0, background=False)
        for lesson in lessons.path() + lessons.appendix():
            if lesson.answer != "round" and not computed_ahead(lesson):
                print(lesson.id, lesson.check(lesson.show_me()).kind)
    """)
    judged = [line.split() for line in out.splitlines()]
    expected = [lesson.id for lesson in lessons.path() + lessons.appendix() if lesson.answer != "round" and not computed_ahead(lesson)]
    assert [lesson_id for lesson_id, _ in judged] == expected and len(expected) >= 15
    assert {kind for _, kind in judged} == {"right"}


def _judgement_lesson() -> lessons.Lesson:
    (lesson,) = [lesson for lesson in lessons.path() if computed_ahead(lesson)]
    return lesson


_CHECK_AHEAD = """
    from pathlib import Path
    from expeditions import lessons
    import expeditions.lessons.files as files
    from expeditions.lessons.ahead import computed_ahead
    files.lesson_dir = lambda: Path(sys.argv[1])  # the folder the test wrote the judgements to
    (lesson,) = [lesson for lesson in lessons.path() if computed_ahead(lesson)]
    for option in lesson.task.options:
        feedback = lesson.check(option.value)
        print(option.value, feedback.kind, feedback.text)
"""


def test_the_judgement_computed_ahead_answers_as_the_expected_values_do(tmp_path):
    lesson = _judgement_lesson()
    write_judgements(lessons.path() + lessons.appendix(), tmp_path)
    out = run_without(_CHECK_AHEAD, str(tmp_path))
    live = [f"{o.value} {lesson.check(o.value).kind} {lesson.check(o.value).text}" for o in lesson.task.options]
    assert out.splitlines() == live
    assert sorted(lesson.check(o.value).kind for o in lesson.task.options) == ["right", "wrong"]


def test_a_judgement_computed_for_another_lesson_is_not_taken(tmp_path):
    lesson = _judgement_lesson()
    path = write_judgements([lesson], tmp_path)
    stored = json.loads(path.read_text())
    key = judgement_key(lesson, lesson.task.judge, dict(lesson.task.judge_args))
    assert list(stored) == [key]
    path.write_text(json.dumps({"0" * 32: stored[key]}))  # as if the lesson had changed since
    done = subprocess.run([sys.executable, "-c", WITHOUT + textwrap.dedent(_CHECK_AHEAD), str(tmp_path)],
                          capture_output=True, text=True, check=False, timeout=300)
    assert done.returncode != 0
    assert f"The judgement of the lesson {lesson.id!r} needs numpy" in done.stderr and INSTALL in done.stderr


def test_what_needs_numpy_says_so_in_words_and_how_to_install():
    out = run_without("""
        import expeditions as ex
        from expeditions.edition import InstalledEditionOnly
        for attempt in ("from expeditions.widgets import what_if_explorer", "ex.analysis.start_values",
                        "from expeditions.widgets import value_chart", "from expeditions.widgets import score_progress_chart"):
            try:
                exec(attempt)
            except InstalledEditionOnly as said:
                print(said._render_traceback_()[0])
    """)
    lines = out.splitlines()
    assert len(lines) == 4
    assert lines[0].startswith("The what-if explorer needs numpy, which is not installed here.") and lines[0].endswith(
        f"{INSTALL}, then run: expeditions explore")
    assert lines[1].startswith("The analysis (expected values, simulations, the strategy tips) needs numpy")
    assert lines[2].startswith("Drawing charts needs ") and lines[3].startswith("Drawing charts needs altair")


def test_another_missing_module_is_left_as_it_is():
    missing = ModuleNotFoundError("No module named 'somewhere'", name="somewhere")
    assert installed_only(missing, "The explorer", "explore") is missing
    said = installed_only(ModuleNotFoundError("No module named 'numpy.linalg'", name="numpy.linalg"), "The explorer", "explore")
    assert isinstance(said, InstalledEditionOnly) and said.name == "numpy"


def test_only_the_sites_wheel_carries_judgements_computed_ahead():
    from expeditions.lessons import lesson_dir

    assert not (lesson_dir() / STORE).exists()  # the installed edition computes its judgements
