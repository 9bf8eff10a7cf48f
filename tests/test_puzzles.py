"""The shipped puzzles and the puzzle mode: every puzzle a legal position whose best move is legal, a sample re-checked
by the analyst on other deals at a smaller budget keeping its best move first, the rating and the streak, the puzzle
track on the lesson table, and a puzzle file that cannot be read refused in words."""

from __future__ import annotations

import json
import random
from collections import Counter
from dataclasses import replace
from pathlib import Path

import pytest
from widget_messages import send

import expeditions as ex
from expeditions import lessons
from expeditions.analysis.analyst import HINT, action_of_move, analyse
from expeditions.errors import LessonError
from expeditions.lessons import MemoryStore, PuzzleTutorial
from expeditions.lessons.progress import RATING_START, Progress
from expeditions.lessons.puzzles import (
    DIFFICULTIES,
    DIFFICULTY_RATINGS,
    MARGIN,
    PUZZLE_FILE,
    THEMES,
    Puzzle,
    expected_score,
    next_puzzle,
    rated,
    read_puzzles,
    theme_of,
)
from expeditions.record import from_dict
from expeditions.widgets import LessonTable

PUZZLES = lessons.puzzles()


def test_at_least_150_puzzles_default_rules_first_and_20_of_other_rule_sets() -> None:
    names = [p.rules.name for p in PUZZLES]
    assert len(PUZZLES) >= 150
    assert sum(n != "expeditions" for n in names) >= 20
    first_other = next(i for i, n in enumerate(names) if n != "expeditions")
    assert all(n == "expeditions" for n in names[:first_other]) and "expeditions" not in names[first_other:]
    assert len({p.id for p in PUZZLES}) == len(PUZZLES)
    assert set(Counter(p.theme for p in PUZZLES)) <= set(THEMES) and len({p.theme for p in PUZZLES}) >= 4
    assert set(Counter(p.difficulty for p in PUZZLES)) <= set(DIFFICULTIES)


@pytest.mark.parametrize("puzzle", PUZZLES, ids=lambda p: p.id)
def test_every_puzzle_is_a_legal_position_whose_best_move_is_legal_and_first(puzzle: Puzzle) -> None:
    stored = json.loads(puzzle.position.to_json())
    again = from_dict(stored)  # the record loader's own check: every move of the round replayed by the engine
    assert isinstance(again, ex.Round) and not again.is_over and again.to_json() == puzzle.position.to_json()
    assert puzzle.seat == again.to_move and again.is_legal(puzzle.best) and again.is_legal(puzzle.runner_up)
    assert puzzle.costs[0].move == puzzle.best and puzzle.costs[0].cost.value == 0
    assert puzzle.costs[1].move == puzzle.runner_up and puzzle.margin.value >= MARGIN and puzzle.margin.low > 0
    assert [c.cost.value for c in puzzle.costs] == sorted(c.cost.value for c in puzzle.costs)
    assert puzzle.missed_by and puzzle.difficulty == ("hard" if "Expert" in puzzle.missed_by else
                                                       "medium" if "Normal" in puzzle.missed_by else "easy")
    assert theme_of(again, puzzle.best) == puzzle.theme
    observation = again.observation(puzzle.seat)
    for move in puzzle.same:  # the same move with the other copy of its card
        assert action_of_move(observation, move) == action_of_move(observation, puzzle.best)


SAMPLE = random.Random(20).sample([p for p in PUZZLES if p.rules.name == "expeditions"], 12) + \
    random.Random(21).sample([p for p in PUZZLES if p.rules.name != "expeditions"], 4)


@pytest.mark.parametrize("puzzle", SAMPLE, ids=lambda p: p.id)
def test_a_sample_rechecked_on_other_deals_at_a_hints_budget_keeps_its_best_move_first(puzzle: Puzzle) -> None:
    observation = puzzle.position.observation(puzzle.seat)
    analysis = analyse(observation, replace(HINT, seed=7, seconds=60.0))
    assert action_of_move(observation, analysis.best.move) == action_of_move(observation, puzzle.best), str(analysis)


# --- the rating -----------------------------------------------------------------------------------------------------
def progress_of(ids: list[str]) -> Progress:
    return Progress(tuple(ids), ids[0], rating=RATING_START)


def test_the_first_try_moves_the_rating_by_the_surprise_and_a_later_try_leaves_it() -> None:
    easy = next(p for p in PUZZLES if p.difficulty == "easy")
    hard = next(p for p in PUZZLES if p.difficulty == "hard")
    progress = progress_of([easy.id, hard.id])
    solved_hard = rated(progress, hard, True)
    expected = 1 / (1 + 10 ** ((DIFFICULTY_RATINGS["hard"] - RATING_START) / 400))  # the Elo curve, written out
    assert solved_hard.rating == round(RATING_START + 40 * (1 - expected)) and solved_hard.streak == 1
    assert expected_score(RATING_START, DIFFICULTY_RATINGS["hard"]) == pytest.approx(expected)
    missed_easy = rated(solved_hard, easy, False)
    assert missed_easy.rating == round(solved_hard.rating - 40 * expected_score(solved_hard.rating, 1000)) and missed_easy.streak == 0
    assert rated(missed_easy, easy, True) == missed_easy  # tried before: only the first try counts
    assert missed_easy.tried == (hard.id, easy.id)


def test_the_next_puzzle_is_unsolved_untried_first_and_nearest_the_rating() -> None:
    by = {d: [p for p in PUZZLES if p.difficulty == d] for d in DIFFICULTIES}
    chosen = [by["easy"][0], by["hard"][0], by["medium"][0], by["hard"][1]]
    progress = Progress(tuple(p.id for p in chosen), chosen[0].id, rating=1480)
    assert next_puzzle(progress, chosen) == chosen[1]  # hard (1,500) is nearest 1,480
    low = Progress(progress.lessons, chosen[1].id, rating=900)
    assert next_puzzle(low, chosen) == chosen[0]
    tried = Progress(progress.lessons, chosen[0].id, rating=1480, tried=(chosen[1].id,))
    assert next_puzzle(tried, chosen) == chosen[3]  # the other hard one, untried
    everything = Progress(progress.lessons, chosen[0].id, frozenset(p.id for p in chosen[1:]), rating=1000)
    assert next_puzzle(everything, chosen) is None


def test_a_puzzle_tutorial_counts_a_miss_then_a_solve_keeps_the_rating_and_goes_on() -> None:
    store = MemoryStore()
    tutorial = PuzzleTutorial(store=store)
    puzzle = tutorial.puzzle
    refused = tutorial.answer("play 2H, draw pile X")
    assert refused.feedback.kind == "info" and tutorial.progress.tried == ()  # not a move: not a try
    wrong = next(m for m in puzzle.position.legal_moves() if not puzzle.is_best(m))
    view = tutorial.answer(wrong)
    assert view.feedback.kind == "wrong" and "costs" in view.feedback.text and str(round(puzzle.margin.value, 1)) in view.feedback.text
    assert tutorial.progress.tried == (puzzle.id,) and tutorial.progress.streak == 0
    after_miss = tutorial.progress.rating
    view = tutorial.answer(puzzle.best)
    assert view.feedback.kind == "right" and tutorial.progress.rating == after_miss and view.buttons.next
    assert view.progress.text.startswith("Puzzle 1 · 1 solved of ")
    kept = store.load("puzzles")
    assert kept is not None and kept["rating"] == after_miss and kept["tried"] == [puzzle.id] and kept["done"] == [puzzle.id]
    again = PuzzleTutorial(store=store)  # the notebook re-run: the rating is where it was
    assert again.progress.rating == after_miss and again.lesson.id == puzzle.id
    again.next()
    assert again.lesson.id != puzzle.id and again.lesson.id not in again.progress.done


def test_a_first_visit_starts_at_a_puzzle_of_the_difficulty_nearest_the_starting_rating() -> None:
    tutorial = PuzzleTutorial(store=MemoryStore())
    assert tutorial.puzzle.difficulty == "easy" and tutorial.puzzle == next(p for p in PUZZLES if p.difficulty == "easy")


def test_show_me_before_any_try_is_a_miss() -> None:
    tutorial = PuzzleTutorial(store=MemoryStore())
    puzzle = tutorial.puzzle
    view = tutorial.show_me()
    assert tutorial.progress.tried == (puzzle.id,) and tutorial.progress.rating is not None
    assert tutorial.progress.rating < RATING_START and view.feedback.kind == "info"


def test_the_puzzle_track_on_the_lesson_table_by_its_messages() -> None:
    table = LessonTable("path", keep="browser", pause=0)
    view = send(table, action="lesson", do="track", track="puzzles")
    lesson = view["lesson"]
    assert lesson["track"] == "puzzles" and lesson["lessons"] == [] and "rating 1,000" in lesson["progress"]["text"]
    assert {"value": "puzzles", "label": "Puzzles"} in lesson["tracks"]
    session = table.session
    puzzle = table.tutorial.puzzle  # type: ignore[attr-defined]
    assert session.seat == puzzle.seat and session.round.to_json() == puzzle.position.to_json()
    view = send(table, action="move", text=str(puzzle.best))
    assert view["lesson"]["feedback"]["kind"] == "right" and view["lesson"]["feedback"]["figures"]
    kept = table.progress["puzzles"]
    assert kept["done"] == [puzzle.id] and kept["streak"] == 1 and kept["rating"] > RATING_START
    again = LessonTable("puzzles", keep="browser", pause=0)  # the app reloaded: the page hands back what it kept
    view = send(again, action="lesson", do="restore", progress={"puzzles": kept})
    assert "1 solved" in view["lesson"]["progress"]["text"] and again.tutorial.progress.rating == kept["rating"]
    view = send(again, action="lesson", do="restore", progress={"puzzles": {**kept, "rating": 10**9}})
    assert "refused" in view["lesson"]["feedback"]["text"] and again.tutorial.progress.rating == kept["rating"]


# --- a puzzle file that cannot be read -------------------------------------------------------------------------------
def _file_with(tmp_path: Path, change: dict[str, object]) -> Path:
    data = json.loads(PUZZLE_FILE.read_text(encoding="utf-8"))
    data["puzzles"] = [{**data["puzzles"][0], **change}]
    path = tmp_path / "puzzles.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


@pytest.mark.parametrize(("change", "words"), [
    ({"best": "play 2H, draw pile Z"}, "cannot be read"),
    ({"theme": "chess"}, "theme 'chess'"),
    ({"margin": {"value": 1.0, "low": 0.2, "high": 1.8, "samples": 4}}, "is not at least 3 points"),
    ({"record": {"format": "expeditions-record"}}, "cannot be read"),
])
def test_a_puzzle_that_does_not_hold_together_is_refused_in_words(tmp_path: Path, change: dict[str, object], words: str) -> None:
    with pytest.raises(LessonError, match=words):
        read_puzzles(_file_with(tmp_path, change))


def test_a_puzzle_whose_best_move_is_not_legal_there_is_refused(tmp_path: Path) -> None:
    puzzle = PUZZLES[0]
    illegal = next(f"play {c}, draw deck" for c in puzzle.rules.deck if c not in puzzle.position.hand(puzzle.seat))
    with pytest.raises(LessonError, match="is not a legal move in its position"):
        read_puzzles(_file_with(tmp_path, {"best": illegal}))
