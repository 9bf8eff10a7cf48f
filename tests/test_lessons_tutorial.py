"""A learner going through the lessons: progress, where it is kept, and the view a front end shows."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import expeditions as ex
from expeditions import lessons
from expeditions.bots import Beginner, play_out
from expeditions.lessons import (
    TESTIDS,
    LessonError,
    MemoryStore,
    Progress,
    ProgressFile,
    Tutorial,
    default_progress_file,
)

ROOT = Path(__file__).resolve().parent.parent
IDS = [lesson.id for lesson in lessons.path()]


# --- progress ---------------------------------------------------------------------------------------
def test_progress_counts_as_a_learner_does() -> None:
    p = Progress.start(["a", "b", "c"])
    assert (p.current, p.index, p.number, p.count, p.text) == ("a", 0, 1, 3, "Lesson 1 of 3")
    assert p.is_first and not p.is_last and not p.is_done() and not p.finished
    p = p.complete().next()
    assert (p.current, p.text, p.is_done("a"), p.is_done()) == ("b", "Lesson 2 of 3", True, False)
    p = p.skip()
    assert p.current == "c" and p.is_last and p.done == {"a"}
    p = p.back().back()
    assert p.current == "a" and p.is_done()
    p = p.complete("b").complete("c")
    assert p.finished and p.go("b").current == "b"
    assert p.reset() == Progress.start(["a", "b", "c"])


def test_progress_refuses_steps_that_do_not_exist() -> None:
    p = Progress.start(["a", "b"])
    with pytest.raises(LessonError, match="'a' is the first lesson: there is none before it"):
        p.back()
    with pytest.raises(LessonError, match="'b' is the last lesson: there is no next one"):
        p.go("b").next()
    with pytest.raises(LessonError, match="'z' is not a lesson here; the lessons are a, b"):
        p.go("z")
    with pytest.raises(LessonError, match="'z' is not a lesson here"):
        p.complete("z")
    with pytest.raises(LessonError, match="different lesson ids"):
        Progress(("a", "a"), "a")
    with pytest.raises(LessonError, match="at least one lesson"):
        Progress.start([])


def test_kept_progress_survives_lessons_being_added_or_removed() -> None:
    kept = Progress.start(["a", "b", "c"]).complete("a").complete("c").go("b").to_dict()
    assert kept == {"current": "b", "done": ["a", "c"]}
    assert json.loads(json.dumps(kept)) == kept
    assert Progress.from_dict(kept, ["a", "b", "c"]) == Progress(("a", "b", "c"), "b", frozenset({"a", "c"}))
    moved = Progress.from_dict(kept, ["c", "new", "a"])  # b is gone: the first lesson not done
    assert moved.current == "new" and moved.done == {"a", "c"}
    assert Progress.from_dict({}, ["a", "b"]) == Progress.start(["a", "b"])
    for bad in (["a"], {"current": 3}, {"done": "a"}, None):
        with pytest.raises(LessonError, match="is not kept progress"):
            Progress.from_dict(bad, ["a"])


# --- where progress is kept -------------------------------------------------------------------------
def test_the_default_progress_file_is_outside_the_repository(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.delenv(lessons.PROGRESS_ENV, raising=False)
    monkeypatch.delenv("XDG_STATE_HOME", raising=False)
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    assert default_progress_file() == tmp_path / "home" / ".local" / "state" / "expeditions" / "lessons.json"
    monkeypatch.setenv("XDG_STATE_HOME", str(tmp_path / "state"))
    assert default_progress_file() == tmp_path / "state" / "expeditions" / "lessons.json"
    monkeypatch.setenv("XDG_STATE_HOME", "relative/state")  # not absolute: ignored, as the XDG spec says
    assert default_progress_file() == tmp_path / "home" / ".local" / "state" / "expeditions" / "lessons.json"
    monkeypatch.setenv(lessons.PROGRESS_ENV, str(tmp_path / "mine.json"))
    assert default_progress_file() == tmp_path / "mine.json"
    assert ProgressFile().path == tmp_path / "mine.json"


def test_progress_in_a_file_resumes_where_the_learner_got_to(tmp_path: Path) -> None:
    store = ProgressFile(tmp_path / "state" / "lessons.json")
    tutorial = Tutorial(store=store)
    tutorial.answer(lessons.path()[0].show_me())  # type: ignore[arg-type]
    tutorial.next()
    tutorial.skip()
    assert tutorial.progress.current == IDS[2]
    again = Tutorial(store=ProgressFile(tmp_path / "state" / "lessons.json"))
    assert again.progress == tutorial.progress
    assert again.view().progress.text == "Lesson 3 of 10" and again.view().state == "todo"
    kept = json.loads(store.path.read_text(encoding="utf-8"))
    assert kept == {"format": 1, "tracks": {"path": {"current": IDS[2], "done": [IDS[0]]}}}
    appendix = Tutorial("appendix", store=store)  # the tracks are kept side by side
    appendix.skip()
    kept = json.loads(store.path.read_text(encoding="utf-8"))
    assert set(kept["tracks"]) == {"path", "appendix"} and kept["tracks"]["path"]["current"] == IDS[2]


def test_a_progress_file_that_cannot_be_read_is_never_overwritten(tmp_path: Path) -> None:
    path = tmp_path / "lessons.json"
    for text in ("not json", '{"format": 99, "tracks": {}}', "[1, 2]"):
        path.write_text(text, encoding="utf-8")
        with pytest.raises(LessonError, match=f"{path} is not a lessons progress file.*EXPEDITIONS_PROGRESS"):
            Tutorial(store=ProgressFile(path))
        assert path.read_text(encoding="utf-8") == text


def test_a_memory_store_keeps_copies() -> None:
    store = MemoryStore()
    data = {"current": "x", "done": []}
    store.save("path", data)
    data["done"].append("y")
    assert store.load("path") == {"current": "x", "done": []} and store.load("appendix") is None


# --- the tutorial and its view -------------------------------------------------------------------------
def fresh(track: str = "path") -> Tutorial:
    return Tutorial(track, store=MemoryStore())


def test_the_first_view_shows_lesson_one_to_do() -> None:
    view = fresh().view()
    first = lessons.path()[0]
    assert (view.lesson, view.state, view.title, view.task, view.answer) == (first.id, "todo", first.title, first.task.text, "move")
    assert view.progress.text == "Lesson 1 of 10" and (view.progress.number, view.progress.count, view.progress.done) == (1, 10, 0)
    assert view.buttons.to_dict() == {"show_me": True, "next": False, "back": False, "restart": True, "skip": True}
    assert view.feedback.text == "" and view.rule_set == "expeditions"
    assert dict(view.quotes)["turn"] == ex.rules().quote("turn")
    assert view.position is first.position


def test_a_wrong_then_a_right_move() -> None:
    tutorial = fresh()
    view = tutorial.answer("discard 3H, draw deck")
    assert view.state == "todo" and view.feedback.kind == "wrong" and view.feedback.case == "discard"
    assert tutorial.position.moves == () and tutorial.progress.done == frozenset()
    view = tutorial.answer("play 7H, draw deck")
    assert view.state == "done" and view.feedback.kind == "right"
    assert tutorial.position.moves == (ex.Move.parse("play 7H, draw deck"),)  # the move is on the table
    assert view.buttons.to_dict() == {"show_me": False, "next": True, "back": False, "restart": True, "skip": False}
    assert tutorial.store.load("path") == {"current": IDS[0], "done": [IDS[0]]}
    view = tutorial.answer("play 3H, draw deck")
    assert view.feedback.case == "solved" and view.feedback.kind == "info" and len(tutorial.position.moves) == 1
    view = tutorial.restart()
    assert view.state == "done" and view.feedback.text == "" and tutorial.position.moves == ()
    assert tutorial.answer("play 3H, draw deck").feedback.kind == "right"


def test_a_refused_move_gets_the_lessons_words_and_the_rule_documents_quote() -> None:
    tutorial = fresh()
    tutorial.go("ascending")
    view = tutorial.answer("play 3H, draw deck")
    assert view.feedback.kind == "wrong" and view.feedback.rule == "ascending"
    assert view.feedback.quote == ex.rules().quote("ascending")
    assert view.feedback.text.startswith("Your hearts are at 5 already")
    assert view.to_dict()["feedback"]["quote"].startswith("An expedition only goes up.")


def test_an_answer_the_lesson_cannot_read_is_feedback_not_an_exception() -> None:
    tutorial = fresh()
    for unreadable in ("play 11H, draw deck", "lay 7H", 42):
        view = tutorial.answer(unreadable)
        assert view.feedback.kind == "info" and view.feedback.case == "unreadable" and view.state == "todo"
    tutorial.go("score-one")
    assert "is not a score" in tutorial.answer("forty-four").feedback.text
    tutorial.go("judgement")
    assert "not one of the answers" in tutorial.answer("perhaps").feedback.text


def test_show_me_does_the_task_and_says_what_it_did() -> None:
    tutorial = fresh()
    view = tutorial.show_me()
    assert view.state == "done" and view.feedback.kind == "info" and view.feedback.case == "shown"
    assert view.feedback.text.startswith("Here is a right move: lay 4♣, draw from the deck.")
    assert tutorial.position.moves == (lessons.path()[0].show_me(),)
    tutorial.go("score-one")
    assert not tutorial.view().show_scores  # the table hides the running scores while the learner counts
    view = tutorial.show_me()
    assert view.feedback.text == "The board scores 44, counted step by step below." and view.feedback.reveal[-1] == "total: 44"
    assert view.show_scores
    tutorial.go("judgement")
    view = tutorial.show_me()
    assert view.feedback.text.startswith("The answer is: Yes, start clubs.") and view.feedback.reveal
    tutorial.go("first-game")
    assert not tutorial.view().buttons.show_me
    with pytest.raises(LessonError, match="has no Show me"):
        tutorial.show_me()


def test_the_whole_path_by_right_answers_then_a_round_against_easy() -> None:
    tutorial = fresh()
    for lesson in lessons.path()[:-1]:
        assert tutorial.view().lesson == lesson.id
        wrong = {"move": None, "number": -1000, "choice": None}[lesson.answer]
        if wrong is not None:
            assert tutorial.answer(wrong).feedback.kind == "wrong"
        answer = lesson.show_me()
        assert answer is not None
        view = tutorial.answer(str(answer) if lesson.answer == "number" else answer)
        assert view.feedback.kind == "right" and view.state == "done", lesson.id
        tutorial.next()
    last = tutorial.view()
    assert last.answer == "round" and last.opponent == "Easy" and last.hints and last.progress.text == "Lesson 10 of 10"
    assert not last.buttons.next and not last.buttons.skip
    half = tutorial.lesson.position.play(tutorial.lesson.position.legal_moves()[0])
    with pytest.raises(ex.IllegalMove) as refusal:
        half.play("play 2S, draw pile D")
    view = tutorial.refused(refusal.value)  # the session reports a refused gesture
    assert view.feedback.kind == "wrong" and view.feedback.rule == refusal.value.rule and view.feedback.detail == str(refusal.value)
    assert tutorial.finish_round(half).feedback.case == "not-over" and tutorial.view().state == "todo"
    finished = play_out(tutorial.lesson.position, [Beginner(seed=5), Beginner(seed=6)])
    view = tutorial.finish_round(finished)
    assert view.state == "done" and view.feedback.kind == "right" and tutorial.progress.finished
    assert tutorial.position is finished
    assert tutorial.start_over().progress.text == "Lesson 1 of 10" and tutorial.progress.done == frozenset()


def test_the_appendix_is_a_track_of_its_own() -> None:
    tutorial = fresh("appendix")
    assert tutorial.view().progress.text == f"Lesson 1 of {len(lessons.appendix())}"
    for lesson in lessons.appendix():
        assert tutorial.view().rule_set == lesson.rule_set
        assert tutorial.show_me().state == "done"
        if lesson is not lessons.appendix()[-1]:
            tutorial.next()
    assert tutorial.progress.finished
    with pytest.raises(LessonError, match="there is no track 'extras'"):
        Tutorial("extras", store=MemoryStore())


def test_the_view_is_json_and_its_names_are_the_widgets_hooks() -> None:
    tutorial = fresh()
    tutorial.go("judgement")
    tutorial.answer("no")
    data = tutorial.view().to_dict()
    assert json.loads(json.dumps(data)) == data
    assert data["lesson"] == "judgement" and data["state"] == "todo"  # data-lesson, data-state
    assert data["feedback"]["kind"] == "wrong" and data["feedback"]["text"]  # lesson-feedback
    assert data["progress"]["text"] == "Lesson 9 of 10"  # lesson-progress
    assert data["options"] == [{"value": "yes", "label": "Yes, start clubs"}, {"value": "no", "label": "No, leave clubs alone"}]
    assert "position" not in data
    assert {f"lesson-{name.replace('_', '-')}" for name in data["buttons"]} == {TESTIDS[name] for name in data["buttons"]}
    assert {TESTIDS[name] for name in ("show_me", "next", "back", "restart")} == {
        "lesson-show-me", "lesson-next", "lesson-back", "lesson-restart"}
    assert (TESTIDS["lesson"], TESTIDS["feedback"], TESTIDS["progress"]) == ("lesson", "lesson-feedback", "lesson-progress")


def test_moving_through_the_track_saves_each_step() -> None:
    store = MemoryStore()
    tutorial = Tutorial(store=store)
    tutorial.skip()
    assert store.load("path") == {"current": IDS[1], "done": []}
    tutorial.back()
    assert store.load("path") == {"current": IDS[0], "done": []}
    tutorial.go("stall")
    assert Tutorial(store=store).view().lesson == "stall"
    assert repr(Tutorial(store=store)) == "<Tutorial path: Lesson 6 of 10, stall (todo)>"
