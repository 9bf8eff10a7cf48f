"""The golden view script: seeded games on the card table's session, driven by gestures, with the table's view
(``view_data()``) after every gesture.

``record()`` plays the scripts and chooses each gesture from what the table shows (a seeded random choice among
the legal moves, a refused gesture here and there); the gestures it made and the views they led to are written
to ``fixtures/golden_views.json``. ``replay(entry)`` makes the same gestures on a fresh session and gives the
views again: the fixture pins what a person sees, gesture by gesture, so that the code below the table can be
rearranged without the table changing. Re-record (``python tests/golden_views.py``) only when the table is meant
to change, and say so in the commit.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import replace
from pathlib import Path
from typing import Any

import expeditions as ex
from expeditions.advice import hard
from expeditions.analysis import analyst
from expeditions.lessons import MemoryStore
from expeditions.session import LessonSession, Session

FIXTURE = Path(__file__).parent / "fixtures" / "golden_views.json"

Step = dict[str, Any]
"""A gesture: ``{"do": method name, "args": [...], "kwargs": {...}}``; recorded with its ``result`` and the view it
led to (``view`` whole for the first step, else ``changed``: the keys the gesture changed)."""


# --- the sessions -------------------------------------------------------------------------------------------
def _two_player() -> Session:
    return Session("expeditions", level="Normal", seed=11)


def _partners() -> Session:
    return Session("expeditions-4p", level="Easy", seed=5)


def _solitaire() -> Session:
    return Session("expeditions-solo", seed=7)


def _late_two_player() -> Session:
    """A round played by the Normal bot for you until five cards are left in the deck, for the review and the
    next rounds."""
    session = Session("expeditions", level="Easy", seed=21)
    while session.round.deck_size > 5 or not session.your_turn:
        if session.your_turn:
            session.submit(session.bot(session.seat, "Normal").choose(session.round.observation(session.seat)))
        session.settle()
    return session


def _lessons() -> LessonSession:
    return LessonSession("path", store=MemoryStore())


SESSIONS: dict[str, Callable[[], Session]] = {
    "two-player": _two_player,
    "partners": _partners,
    "solitaire": _solitaire,
    "late-two-player": _late_two_player,
    "lessons": _lessons,
}


# --- choosing gestures from the table -------------------------------------------------------------------------
def _gestures_of(move: ex.Move, session: Session, drag: bool) -> list[Step]:
    """``move`` as a person makes it: the card (clicked, or dragged onto its place), its target, the draw; or
    passing two cards."""
    if move.kind == "pass":
        hand = session.hand
        i = hand.index(move.cards[0])
        j = next(k for k, c in enumerate(hand) if c == move.cards[1] and k != i)
        return [{"do": "start_passing"}, {"do": "select", "kwargs": {"index": i}},
                {"do": "select", "kwargs": {"index": j}}, {"do": "pass_cards"}]
    target = "expedition" if move.kind == "play" else "discard"
    if drag:
        first = [{"do": "drop", "args": [session.hand.index(move.card), target, move.card.suit]}]
    else:
        first = [{"do": "select", "args": [str(move.card)]}, {"do": "lay", "args": [target, move.card.suit]}]
    return first + ([{"do": "draw", "args": [move.draw]}] if move.draw is not None else [])


def _refused(session: Session, rng: random.Random) -> list[Step]:
    """A gesture the table refuses: a card you do not hold, a lower card on an expedition, a draw before laying, a
    card on another suit's pile, or a typed move the rules forbid."""
    rules = session.rules
    held = set(session.hand)
    stranger = next(c for c in rules.deck if c not in held)
    card = session.hand[0]
    other = next(s for s in rules.suits if s != card.suit)
    choices: list[list[Step]] = [
        [{"do": "select", "args": [str(stranger)]}],
        [{"do": "draw", "args": ["deck"]}],
        [{"do": "select", "args": [str(card)]}, {"do": "lay", "args": ["discard", other]}, {"do": "undo"}],
        [{"do": "submit", "args": [f"play {stranger}, draw deck"]}],
        [{"do": "lay", "args": ["sideways"]}],
    ]
    laid = [m for m in session.round.legal_moves() if m.kind == "play"]
    illegal = [c for c in session.hand if not any(m.card == c and m.kind == "play" for m in laid)]
    if illegal:
        choices.append([{"do": "select", "args": [str(illegal[0])]}, {"do": "lay", "args": ["expedition", illegal[0].suit]},
                        {"do": "select", "args": [str(illegal[0])]}])
    return rng.choice(choices)


def _turn(session: Session, rng: random.Random, *, hint: bool) -> list[Step]:
    """One turn of yours: now and then a refused gesture first or a hint, then a seeded move."""
    steps: list[Step] = []
    if rng.random() < 0.3:
        steps += _refused(session, rng)
    if hint:
        steps.append({"do": "hint"})
    moves = session.round.legal_moves()
    plays = [m for m in moves if m.kind == "play"]
    passes = [m for m in moves if m.kind == "pass"]
    if passes and rng.random() < 0.25:
        move = rng.choice(passes)
    else:
        move = rng.choice(plays if plays and rng.random() < 0.6 else moves)
    return steps + _gestures_of(move, session, drag=rng.random() < 0.3)


def _script(name: str, session: Session) -> Iterator[Step]:
    """The gestures of script ``name``, each chosen once the one before it is made (``session`` is live)."""
    rng = random.Random(name)
    if name == "lessons":
        yield from _lesson_script(session)
        return
    turns = {"two-player": 9, "partners": 6, "solitaire": 8, "late-two-player": 11}[name]
    hints = {"two-player": {2, 6}, "partners": {1}, "solitaire": {3}, "late-two-player": {0}}[name]
    for turn in range(turns):
        if session.round.is_over:
            yield {"do": "show_review"} if name == "late-two-player" and session.match.round_number == 1 else {"do": "next_round"}
            if session.round.is_over:
                yield {"do": "next_round"}
            yield {"do": "settle"}
            continue
        if not session.your_turn:
            yield {"do": "step_bot"}
            yield {"do": "settle"}
            continue
        yield from _turn(session, rng, hint=turn in hints)
        if turn == 1:
            yield {"do": "undo"}  # your move and the bots' answers go back
            yield {"do": "undo"}  # nothing of yours is left to undo: refused
        if turn == 3:
            yield {"do": "save_load"}
        if turn == 4 and name == "two-player":
            yield from ({"do": "set_colours", "args": ["two"]}, {"do": "set_level", "args": ["Easy"]},
                        {"do": "new_game", "kwargs": {"seed": 4}}, {"do": "new_game", "kwargs": {"seed": 4}})
        yield {"do": "step_bot"}
        yield {"do": "settle"}


def _lesson_script(session: Session) -> Iterator[Step]:
    """A few lessons of the path by gestures: a refused card, a move that is not the task, the right move, Show
    me, Next, Back and Skip, a number and a choice answered, and the first moves of the round lesson."""
    assert isinstance(session, LessonSession)
    yield {"do": "select", "args": [str(next(c for c in session.rules.deck if c not in session.hand))]}
    lesson = session.lesson
    wrong = [m for m in lesson.position.legal_moves() if not lesson.check(m).right]
    right = [m for m in lesson.position.legal_moves() if lesson.check(m).right]
    yield from _gestures_of(wrong[0], session, drag=False)
    yield from _gestures_of(right[0], session, drag=True)
    yield {"do": "next"}
    yield {"do": "show_me"}
    yield {"do": "next"}
    yield {"do": "back"}
    yield {"do": "skip"}
    yield {"do": "hint"}
    yield {"do": "go", "args": ["score-one"]}
    yield {"do": "select", "args": [str(session.hand[0])] if session.hand else ["2H"]}
    yield {"do": "answer", "args": [""]}
    yield {"do": "answer", "args": ["7"]}
    yield {"do": "show_me"}
    yield {"do": "go", "args": ["judgement"]}
    options = session.lesson_view().to_dict().get("options") or []
    yield {"do": "answer", "args": [options[0]["value"] if options else "a"]}
    yield {"do": "go", "args": ["first-game"]}
    rng = random.Random("first-game")
    for turn in range(3):
        if not session.your_turn:
            yield {"do": "settle"}
        if session.your_turn:
            yield from _turn(session, rng, hint=turn == 0)
            yield {"do": "settle"}
    yield {"do": "use_track", "args": ["appendix"]}
    yield {"do": "go", "args": ["partners"]}
    lesson = session.lesson
    yield from _gestures_of(next(m for m in lesson.position.legal_moves() if lesson.check(m).right), session, drag=False)


# --- making a gesture -----------------------------------------------------------------------------------------
def make(session: Session, step: Step) -> Any:
    """Make one gesture; its result as plain data (a job run here and now counts as its result)."""
    name = step["do"]
    args, kwargs = step.get("args", []), step.get("kwargs", {})
    if name == "save_load":
        return session.load_json(session.to_json())
    if name == "hint":
        return session.hint()
    if name == "step_bot":
        moved = session.step_bot()
        return None if moved is None else str(moved)
    result = getattr(session, name)(*args, **kwargs)
    return result if isinstance(result, bool | int | None) else str(result)


@contextmanager
def untimed() -> Iterator[None]:
    """The hints', the reviews' and Hard's efforts without their time limits, so that what they show depends on the
    seeds alone and not on how fast (or how loaded) the machine is."""
    efforts = [(analyst, "HINT"), (analyst, "ENGINE_HINT"), (hard, "HARD"), (hard, "ENGINE_HARD")]
    kept = [getattr(module, name) for module, name in efforts]
    for module, name in efforts:
        setattr(module, name, replace(getattr(module, name), seconds=1000.0))
    try:
        yield
    finally:
        for (module, name), effort in zip(efforts, kept, strict=True):
            setattr(module, name, effort)


def _recorded(name: str) -> dict[str, Any]:
    with untimed():
        return _recording(name)


def _recording(name: str) -> dict[str, Any]:
    session = SESSIONS[name]()
    steps: list[Step] = [{"do": "start", "result": None, "view": session.view_data()}]
    shown = steps[0]["view"]
    for step in _script(name, session):
        result = make(session, step)
        view = session.view_data()
        steps.append({**step, "result": result, "changed": {k: v for k, v in view.items() if shown.get(k) != v}})
        shown = view
    return {"session": name, "steps": steps}


def views(entry: dict[str, Any]) -> Iterator[dict[str, Any]]:
    """The recorded views of an entry, one per step: the first whole, each later one its ``changed`` keys (the
    parts of the view the gesture changed) over the view before it."""
    view: dict[str, Any] = {}
    for step in entry["steps"]:
        view = {**view, **step["changed"]} if "changed" in step else step["view"]
        yield view


def replay(entry: dict[str, Any]) -> Iterator[tuple[Step, Any, dict[str, Any]]]:
    """The gestures of a recorded entry made again on a fresh session: each step with its result and view now."""
    with untimed():
        session = SESSIONS[entry["session"]]()
        first, *rest = entry["steps"]
        yield first, None, session.view_data()
        for step in rest:
            gesture = {k: step[k] for k in ("do", "args", "kwargs") if k in step}
            result = make(session, gesture)
            yield step, result, session.view_data()


def record() -> None:
    """Play every script and write the fixture."""
    entries = [_recorded(name) for name in SESSIONS]
    FIXTURE.parent.mkdir(exist_ok=True)
    with FIXTURE.open("w", encoding="utf-8") as f:
        f.write("[\n")
        for i, entry in enumerate(entries):
            f.write(json.dumps(entry, ensure_ascii=False, sort_keys=True) + (",\n" if i < len(entries) - 1 else "\n"))
        f.write("]\n")


if __name__ == "__main__":
    record()
