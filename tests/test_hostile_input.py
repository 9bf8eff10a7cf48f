"""Hostile input: texts, records and files from outside, random and crafted, up to 64 KB each.

Every input is read under the timing guard of ``hostile`` (at most a second of processor time) and comes
to a valid result or a package error in words, never another exception; a refused move leaves the position
as it was. The random inputs are seeded (``derandomize``), so every run tries the same ones.
"""

from __future__ import annotations

import gc
import random
import tracemalloc

import pytest
from hostile import MAX_INPUT, outcome, shortened
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import expeditions as ex
from expeditions import LessonError, Move, NotationError, lessons
from expeditions.lessons import MemoryStore, NumberTask, Tutorial
from expeditions.moves import MOVE_TEXT_LIMIT

FUZZ = settings(derandomize=True, deadline=None, max_examples=300,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])

# --- moves ---------------------------------------------------------------------------------------------------
NOTATION = ["play", "discard", "pass", "draw", "deck", "pile", "from", "the", "hearts", "H", "♥", "7H", "10♥", "SJ", "TH",
            "H7", "KD", "5S", "9S", "AY", "3P", "Q♦", ",", ";", " ", "  ", "\t", "\n", "x"]
"""Pieces of the notation (every accepted form of the README's section on it) and of what is not."""


def runs(piece: str, n: int) -> str:
    return piece * n


CRAFTED_MOVES = [
    "play 7H" + " " * 1_000 + "x",  # the quadratic ("n³") case: spaces between a card and what follows
    "play 7H" + " " * 2_000 + "x",
    "play 7H" + " " * (MAX_INPUT - 8) + "x",
    "play 7H, draw" + " " * (MAX_INPUT - 14) + "x",
    "play " + "7H " * (MAX_INPUT // 3),
    "play 7H, draw deck" + " " * (MAX_INPUT - 18),
    "play 7H " + "draw " * (MAX_INPUT // 5),
    "discard 5S, draw " + "pile " * (MAX_INPUT // 5) + "H",
    "discard 5S, draw" + "\t" * (MAX_INPUT - 17) + "pile" + " " * 100 + "x",
    "pass " + ", " * (MAX_INPUT // 2),
    " " * MAX_INPUT,
    "x" * MAX_INPUT,
    "play " + "7" * MAX_INPUT,
]


def move_read(text: str) -> None:
    """Read ``text`` as a move under the guard: a move that prints as it parses back, or a notation error."""
    found = outcome(lambda: Move.parse(text), f"Move.parse({shortened(text)})")
    if found.refused:
        assert isinstance(found.error, NotationError), f"{shortened(text)}: {found.error!r}"
        assert len(str(found.error)) < 1_000, "the refusal shows a piece of the text, not all of it"
    else:
        assert found.value is not None and Move.parse(str(found.value)) == found.value


@pytest.mark.parametrize("text", CRAFTED_MOVES, ids=lambda t: shortened(t, 24))
def test_a_crafted_move_text_is_read_or_refused_at_once(text: str) -> None:
    move_read(text)


def test_a_move_text_over_the_limit_is_refused_saying_the_limit() -> None:
    text = "play 7H, draw deck" + " " * MOVE_TEXT_LIMIT
    with pytest.raises(NotationError, match=f"a move takes at most {MOVE_TEXT_LIMIT} characters, got {len(text)}"):
        Move.parse(text)
    assert Move.parse(text[:MOVE_TEXT_LIMIT]) == Move.play("7H")  # the same move within the limit is read


@FUZZ
@given(st.lists(st.sampled_from(NOTATION), max_size=12).map("".join) | st.text(max_size=300))
def test_random_move_texts_are_read_or_refused(text: str) -> None:
    move_read(text)


@FUZZ
@given(st.lists(st.tuples(st.sampled_from(NOTATION), st.integers(1, 4_000)), min_size=1, max_size=4))
def test_long_runs_of_the_notation_are_read_or_refused(pieces: list[tuple[str, int]]) -> None:
    move_read("".join(runs(p, n) for p, n in pieces)[:MAX_INPUT])


def test_a_refused_move_text_leaves_the_round_as_it_was() -> None:
    rnd = ex.deal("expeditions", seed=5)
    before = (rnd.to_json(), rnd.hands, rnd.legal_moves())
    rng = random.Random(5)
    for text in CRAFTED_MOVES + ["".join(rng.choice(NOTATION) for _ in range(rng.randint(1, 9))) for _ in range(300)]:
        found = outcome(lambda t=text: rnd.play(t), f"Round.play({shortened(text)})")
        if not found.refused:
            assert found.value is not None and found.value.moves[-1] == Move.parse(text)
    assert (rnd.to_json(), rnd.hands, rnd.legal_moves()) == before


def test_long_move_texts_are_not_kept() -> None:
    """The moves read are remembered by their text (a game's moves are read again and again), but a text over
    the limit is refused unread, so the memory of the moves stays small whatever is typed."""
    gc.collect()
    tracemalloc.start()
    try:
        before = tracemalloc.get_traced_memory()[0]
        for i in range(40):
            with pytest.raises(NotationError, match="at most"):
                Move.parse("play 7H, draw deck" + " " * (100_000 + i))
        gc.collect()
        kept = tracemalloc.get_traced_memory()[0] - before
    finally:
        tracemalloc.stop()
    assert kept < 400_000, f"{kept:,} bytes kept after 40 texts of 100 KB"


# --- numbers: the lesson's score box ---------------------------------------------------------------------------
NUMBER_LESSON = next(lesson for lesson in lessons.path() if isinstance(lesson.task, NumberTask))
CRAFTED_NUMBERS = ["²", "①", "9" * 4_301, "-" + "9" * 4_301, "³8", "٣٨", "３８", "1_000", "0x1F", "1e3", "38.0", "- 38", "--38",
                   "+-38", "3+8", "−", "+", " " * MAX_INPUT, "9" * MAX_INPUT, "٣" * MAX_INPUT, "\x00", "38\x00", "\ud800"]


def number_read(answer: str | int) -> None:
    """Answer the number lesson with ``answer`` under the guard: a right or wrong answer, or a refusal in words."""
    found = outcome(lambda: NUMBER_LESSON.check(answer), f"a score answer {shortened(str(answer))}")
    if found.refused:
        assert isinstance(found.error, LessonError) and "whole number" in str(found.error)
        assert len(str(found.error)) < 1_000
    else:
        assert found.value is not None and found.value.kind in ("right", "wrong")


@pytest.mark.parametrize("answer", CRAFTED_NUMBERS, ids=lambda t: shortened(t, 12))
def test_a_crafted_score_answer_is_judged_or_refused_in_words(answer: str) -> None:
    number_read(answer)


@FUZZ
@given(st.text(alphabet=st.characters(categories=["Nd", "No", "Nl", "Pd", "Sm", "Zs"]), max_size=30) | st.text(max_size=60)
       | st.integers())
def test_random_score_answers_are_judged_or_refused_in_words(answer: str | int) -> None:
    number_read(answer)


@pytest.mark.parametrize("answer", ["²", "①", "9" * 4_301])
def test_the_lesson_answers_an_unreadable_score_in_its_feedback_and_changes_nothing(answer: str) -> None:
    tutorial = Tutorial(store=MemoryStore())
    tutorial.go(NUMBER_LESSON.id)
    before = tutorial.progress
    view = outcome(lambda: tutorial.answer(answer)).value
    assert view is not None and view.feedback.kind == "info" and "whole number of at most 6 digits" in view.feedback.text
    assert tutorial.progress == before and not tutorial.solved
