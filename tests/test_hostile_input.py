"""Hostile input: texts, records and files from outside, random and crafted, up to 64 KB each.

Every input is read under the timing guard of ``hostile`` (at most a second of processor time) and comes
to a valid result or a package error in words, never another exception; a refused move leaves the position
as it was. The random inputs are seeded (``derandomize``), so every run tries the same ones.
"""

from __future__ import annotations

import gc
import itertools
import json
import random
import tracemalloc
from pathlib import Path

import pytest
from hostile import MAX_INPUT, cards_once, outcome, replays_exactly, shortened
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

import expeditions as ex
from expeditions import LessonError, Move, NotationError, RecordError, lessons
from expeditions.bots import Heuristic, play_out
from expeditions.cards import CARDS_TEXT_LIMIT
from expeditions.json_input import DEPTH
from expeditions.lessons import MemoryStore, NumberTask, Progress, ProgressFile, Tutorial
from expeditions.lessons.progress import DONE_LIMIT, ID_LIMIT, TRACKS_LIMIT
from expeditions.moves import MOVE_TEXT_LIMIT
from expeditions.record import RECORD_LIMIT

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


# --- card texts --------------------------------------------------------------------------------------------------
CARD_PIECES = ["7H", "10♥", "SJ", "TH", "H7", "KD", "5s", "AY", "3P", "Q♦", "♠10", "1O", "X", ",", ";", " ", "\u3000", "\t", "10", "♥"]
CRAFTED_CARDS: list[object] = [
    "7H" * (MAX_INPUT // 2), "7H " * (CARDS_TEXT_LIMIT // 3), "10♥ " * (CARDS_TEXT_LIMIT // 4), "," * MAX_INPUT,
    "7H\u3000" * 1_000, " " * MAX_INPUT, "x" * MAX_INPUT, ["7H"] * 20_000, ["x" * MAX_INPUT], [7, "7H"], [["7H"]],
    {"7H": 1}, b"7H 8H", None, "\ud800H", "7\u0338H",
]


def cards_read(text: object) -> None:
    """Read ``text`` as cards under the guard: cards that print as they parse back, or a card error in words."""
    found = outcome(lambda: ex.cards(text), f"ex.cards({shortened(str(text))})")  # type: ignore[arg-type]
    if found.refused:
        assert isinstance(found.error, ex.CardError), found.error
        assert len(str(found.error)) < 1_000
    else:
        assert found.value is not None and ex.cards([str(c) for c in found.value]) == found.value
        if isinstance(text, str):
            assert ex.cards(str(found.value)) == found.value


@pytest.mark.parametrize("text", CRAFTED_CARDS, ids=lambda t: shortened(str(t), 16))
def test_a_crafted_card_text_is_read_or_refused_at_once(text: object) -> None:
    cards_read(text)


def test_a_card_text_over_the_limit_is_refused_saying_the_limit() -> None:
    with pytest.raises(ex.CardError, match=f"a list of cards takes at most {CARDS_TEXT_LIMIT:,} characters"):
        ex.cards("7H " * CARDS_TEXT_LIMIT)
    assert len(ex.cards(" ".join(map(str, ex.rules("lost-cities-duel-long", numbers=list(range(1, 11)),
                                                     extra_copies=list(range(1, 11))).deck)))) == 138  # the largest deck


@FUZZ
@given(st.lists(st.sampled_from(CARD_PIECES), max_size=30).map("".join) | st.text(max_size=200)
       | st.lists(st.text(max_size=6) | st.sampled_from(CARD_PIECES), max_size=20))
def test_random_card_texts_are_read_or_refused(text: object) -> None:
    cards_read(text)
    if isinstance(text, str):
        outcome(lambda: ex.card(text), "ex.card")


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


# --- records ------------------------------------------------------------------------------------------------------
def played(name: str, seed: int) -> ex.Round:
    rnd = ex.deal(name, seed=seed)
    return play_out(rnd, [Heuristic(seat) for seat in range(rnd.rules.players)])


def played_match(name: str, seed: int) -> ex.Match:
    match = ex.new_match(name, seed=seed)
    bots = [Heuristic(seat) for seat in range(match.rules.players)]
    while True:
        match = match._with_current(play_out(match.current, bots))
        if match.is_over:
            return match
        match = match.next_round()


def looping_round(moves: int) -> ex.Round:
    """A round of the rules without a stall rule in which both players discard and draw each other's discards
    (it could go on for ever): ``moves`` moves long."""
    rnd, rng = ex.deal("expeditionen", seed=2), random.Random(2)
    while rnd.turn < moves:
        legal = rnd.legal_moves()
        rnd = rnd.play(rng.choice([m for m in legal if m.kind == "discard" and m.draw != "deck"] or legal))
    return rnd


GAMES: list[ex.Round | ex.Match] = [played("expeditions", 1), played("expeditions-4p", 2), played("expeditions-solo", 3),
                                     played("lost-cities", 4), played_match("expeditions", 5)]
RECORDS = [game.to_json() for game in GAMES]


def record_with(change: object, base: int = 0) -> str:
    data = json.loads(RECORDS[base])
    assert callable(change)
    change(data)
    return json.dumps(data, ensure_ascii=False)


def nested(lists: int) -> object:
    """A text inside ``lists`` lists: in a field of a record, nested ``lists + 1`` deep."""
    value: object = "deep"
    for _ in range(lists):
        value = [value]
    return value


def over_the_record_limit() -> str:
    return record_with(lambda d: d.__setitem__("notes", "x" * RECORD_LIMIT))


CRAFTED_RECORDS: dict[str, tuple[str | bytes, str]] = {
    "100,000 [": ("[" * 100_000, "nests lists and objects more than 20 deep"),
    "64 KB of {": ('{"a":' * (MAX_INPUT // 5), "nests lists and objects more than 20 deep"),
    "a note nested too deep": (record_with(lambda d: d.__setitem__("notes", nested(DEPTH))), "more than 20 deep"),
    "a number of 64 KB": ("1" * MAX_INPUT, "holds a number of 65,536 digits"),
    "a number of 5,000 digits in a note": (record_with(lambda d: d.__setitem__("notes", 12_345)).replace("12345", "9" * 5_000),
                                           "a number of 5,000 digits"),
    "a seed of 60 KB": (record_with(lambda d: d.__setitem__("seed", "x" * 60_000), base=4), "seed takes at most 1,000 characters"),
    "a seed of 200 bits": (record_with(lambda d: d.__setitem__("seed", 2**200), base=4), "at most 64 bits"),
    "a backtracking move": (record_with(lambda d: d["rounds"][0]["moves"].insert(3, "play 7H" + " " * 1_000 + "x")),
                            "round 1, turn 4"),
    "moves that are not text": (record_with(lambda d: d["rounds"][0].__setitem__("moves", [[1]] * 5_000)),
                                "a move is written as text"),
    "a deck of 60 KB": (record_with(lambda d: d["rounds"][0].__setitem__("deck", "7H " * 20_000)), "at most 4,000 characters"),
    "over the size limit": (over_the_record_limit(), "at most 1,048,576 are read"),
    "rules at the old limits (230 cards, hands of 100)": (
        record_with(lambda d: d["rules"].__setitem__("overrides", {"suits": list("HSDCYBWGRP"), "numbers": list(range(1, 11)),
                                                                   "extra_copies": list(range(1, 11)), "hand_size": 100})),
        "the record's rule set cannot be used: rule set 'expeditions' is not valid: hand_size must be at most 12"),
    "not UTF-8": (b'{"format": "\xff\xfe"}', "not valid JSON"),
    "a lone surrogate": ('{"format": "\\ud800"}', "not an Expeditions game record"),
    "NaN for a version": ('{"format": "expeditions-record", "version": NaN}', "format version nan"),
}


@pytest.mark.parametrize("name", list(CRAFTED_RECORDS))
def test_a_crafted_record_is_refused_in_words_at_once(name: str) -> None:
    text, says = CRAFTED_RECORDS[name]
    found = outcome(lambda: ex.loads(text), f"the record {name}")
    assert isinstance(found.error, RecordError) and says in str(found.error), found.error
    assert len(str(found.error)) < 2_000


def test_a_record_nested_to_the_depth_limit_and_a_long_round_load_at_once() -> None:
    for game in (ex.loads(record_with(lambda d: d.__setitem__("notes", nested(DEPTH - 1)))), looping_round(2_000)):
        text = game.to_json()
        assert len(text) < MAX_INPUT
        found = outcome(lambda t=text: ex.loads(t), "a record within the limits")
        assert found.value is not None and found.value.to_json() == text
        replays_exactly(found.value)


def test_a_long_round_replays_in_linear_time() -> None:
    """A record of 32,000 moves (about 1 MB, the size limit) loads within the guard: the replay does not copy the
    round's list of moves at every move (it took 1.2 s, and four times that at twice the length)."""
    text = looping_round(32_000).to_json()
    assert len(text) <= RECORD_LIMIT
    found = outcome(lambda: ex.loads(text), "a record of 32,000 moves")
    assert found.value is not None and len(found.value.moves) == 32_000


def test_a_replay_builds_the_list_of_moves_once_per_piece(monkeypatch: pytest.MonkeyPatch) -> None:
    """What makes the replay linear: a round is built once per piece of 64 moves, not once per move (each round
    holds its whole list of moves, so a round per move copies the list at every move)."""
    text = looping_round(2_000).to_json()
    built = []
    made = ex.Round.__init__

    def counted(self: ex.Round, *args: object) -> None:
        built.append(1)
        made(self, *args)  # type: ignore[arg-type]

    monkeypatch.setattr(ex.Round, "__init__", counted)
    assert len(ex.loads(text).moves) == 2_000
    assert len(built) <= 2_000 // 64 + 2


def test_a_refused_record_names_the_turn_it_fails_at_in_a_long_round() -> None:
    rnd = looping_round(300)
    data = json.loads(rnd.to_json())
    data["rounds"][0]["moves"][200] = "play 7H, draw pile Q"
    with pytest.raises(RecordError, match=r"round 1, turn 201 \(seat 0\): 'play 7H, draw pile Q' does not replay"):
        ex.loads(json.dumps(data))


@st.composite
def mutated(draw: st.DrawFn) -> str:
    """A record of a played game with a piece changed: cut, doubled many times, or replaced by other text."""
    text = draw(st.sampled_from(RECORDS))
    start = draw(st.integers(0, len(text)))
    end = draw(st.integers(start, min(len(text), start + 40)))
    how = draw(st.sampled_from(["cut", "repeat", "replace", "nest"]))
    piece = text[start:end]
    if how == "cut":
        changed = text[:start] + text[end:]
    elif how == "repeat":
        changed = text[:start] + piece * draw(st.integers(2, max(2, MAX_INPUT // max(1, len(piece) + 1) // 4))) + text[end:]
    elif how == "nest":
        depth = draw(st.integers(1, 3_000))
        changed = text[:start] + "[" * depth + piece + "]" * depth + text[end:]
    else:
        other = draw(st.text(alphabet=st.sampled_from(list('{}[]",:0123456789-.eE tfnul\\HSDCYBWGRPplaydiscrw♥')), max_size=40))
        changed = text[:start] + other + text[end:]
    return changed[: MAX_INPUT * 2]


@FUZZ
@given(mutated())
def test_mutated_records_load_exactly_or_are_refused_in_words(text: str) -> None:
    found = outcome(lambda: ex.loads(text), f"the record {shortened(text)}")
    event("refused" if found.refused else "loaded")
    if found.refused:
        assert isinstance(found.error, RecordError), found.error
        return
    game = found.value
    assert game is not None
    for rnd in game.rounds if isinstance(game, ex.Match) else (game,):
        cards_once(rnd)
    replays_exactly(game)


def test_every_played_record_replays_exactly() -> None:
    for game in GAMES:
        replays_exactly(game)


# --- seeds ------------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("seed, says", [("x" * 9_000_000, "seed takes at most 1,000 characters, got 9,000,000"),
                                        (2**64, "seed takes a whole number of at most 64 bits, got one of 65 bits"),
                                        (-(2**64), "at most 64 bits"), (10**5_000, "of 16,610 bits")],
                         ids=["9 MB of text", "2**64", "-2**64", "10**5000"])
def test_a_seed_is_small(seed: object, says: str) -> None:
    for make in (lambda: ex.deal("expeditions", seed=seed), lambda: ex.new_match("expeditions", seed=seed)):
        found = outcome(make, "a large seed")
        assert isinstance(found.error, ex.ArgumentError) and says in str(found.error), found.error
    assert ex.deal("expeditions", seed="x" * 1_000).deck == ex.deal("expeditions", seed="x" * 1_000).deck
    assert ex.new_match("expeditions", seed=2**64 - 1).seed == 2**64 - 1


# --- the lessons' progress: files and what the browser hands back ----------------------------------------------
PATH_IDS = [lesson.id for lesson in lessons.path()]
APPENDIX_IDS = [lesson.id for lesson in lessons.appendix()]
GOOD = {"format": 1, "tracks": {"path": {"current": PATH_IDS[2], "done": PATH_IDS[:2]},
                                "appendix": {"current": APPENDIX_IDS[1], "done": [APPENDIX_IDS[0]]}}}
FILES = itertools.count()


def progress_file(tmp_path: Path, text: str | bytes) -> Path:
    path = tmp_path / f"lessons-{next(FILES)}.json"
    if isinstance(text, bytes):
        path.write_bytes(text)
    else:
        path.write_text(text, encoding="utf-8")
    return path


def file_read(path: Path, track: str = "path") -> Tutorial | None:
    """Open the lessons on the progress file ``path`` under the guard: they open and take a step (the step never
    fails, whatever the file), or opening is refused by an error that names the file; the file is never changed
    when it cannot be read."""
    before = path.read_bytes()
    found = outcome(lambda: Tutorial(track, store=ProgressFile(path)), f"the progress file {shortened(before)}")
    if found.refused:
        assert isinstance(found.error, LessonError) and str(path) in str(found.error), found.error
        assert len(str(found.error)) < 2_000
        found = outcome(lambda: ProgressFile(path).save(track, {"current": "", "done": []}), "saving beside an unreadable file")
        assert not found.refused and path.read_bytes() == before, "a file that cannot be read is never overwritten"
        return None
    tutorial = found.value
    assert tutorial is not None
    done = outcome(lambda: tutorial.skip(), "a step").value
    assert done is not None and Tutorial(track, store=tutorial.store).progress == tutorial.progress
    return tutorial


CRAFTED_FILES: dict[str, str | bytes] = {
    "100,000 [": "[" * 100_000,
    "nested objects": '{"format": 1, "tracks": ' + '{"a":' * 20_000,
    "a number of 5,000 digits": '{"format": 1' + "0" * 5_000 + ', "tracks": {}}',
    "a huge number for a lesson": '{"format": 1, "tracks": {"path": {"current": ' + "7" * 5_000 + "}}}",
    "not UTF-8": b"\xff\xfe\xfa",
    "NaN": '{"format": NaN, "tracks": {}}',
    "a list": "[1, 2]",
    "64 KB of spaces": " " * MAX_INPUT,
    "over the size limit": json.dumps(GOOD | {"notes": "x" * 2**20}),
    "a lone surrogate for a lesson": '{"format": 1, "tracks": {"path": {"current": "\\udc80", "done": ["\\ud800"]}}}',
}
CRAFTED_ENTRIES: dict[str, object] = {
    "a number": 5, "a list": ["not", "progress"], "a current that is a number": {"current": 5},
    "done as text": {"done": "a"}, "done holding numbers": {"done": [1, 2]}, "a long id": {"current": "x" * (ID_LIMIT + 1)},
    "too many done": {"done": ["x"] * (DONE_LIMIT + 1)}, "nested done": {"done": [[["deep"]]]},
    "a lone surrogate": {"current": "\ud800"}, "a lone surrogate done": {"done": ["intro", "\udfff"]},
}


@pytest.mark.parametrize("name", list(CRAFTED_FILES))
def test_a_crafted_progress_file_is_read_or_refused_naming_it(tmp_path: Path, name: str) -> None:
    file_read(progress_file(tmp_path, CRAFTED_FILES[name]))


@pytest.mark.parametrize("name", list(CRAFTED_ENTRIES))
def test_a_broken_entry_for_the_other_track_is_set_aside_and_the_rest_kept(tmp_path: Path, name: str) -> None:
    """The appendix's entry cannot be read: its lessons start afresh and say so; the path's progress is kept, and
    the broken entry is kept too, set aside in the file (nothing is lost)."""
    broken = CRAFTED_ENTRIES[name]
    path = progress_file(tmp_path, json.dumps({"format": 1, "tracks": {"path": GOOD["tracks"]["path"], "appendix": broken}}))
    appendix = Tutorial("appendix", store=ProgressFile(path))
    assert appendix.progress == Progress.start(APPENDIX_IDS)
    assert "cannot be read" in appendix.feedback.text and "set aside" in appendix.feedback.text and str(path) in appendix.feedback.text
    appendix.skip()
    kept = json.loads(path.read_text(encoding="utf-8"))
    assert kept["tracks"]["path"] == GOOD["tracks"]["path"] and kept["set_aside"] == [{"track": "appendix", "entry": broken}]
    assert kept["tracks"]["appendix"] == {"current": APPENDIX_IDS[1], "done": []}
    assert Tutorial("path", store=ProgressFile(path)).progress.current == PATH_IDS[2]


@pytest.mark.parametrize("name", list(CRAFTED_ENTRIES))
def test_a_broken_entry_is_never_kept(name: str) -> None:
    """What the browser hands back for another track is checked before it is kept: a broken entry is refused in
    words and the track it was for still opens."""
    store = MemoryStore()
    found = outcome(lambda: store.save("appendix", CRAFTED_ENTRIES[name]))  # type: ignore[arg-type]
    assert isinstance(found.error, LessonError) and "is not kept progress" in str(found.error)
    assert store.load("appendix") is None and Tutorial("appendix", store=store).progress == Progress.start(APPENDIX_IDS)


def test_an_unwritable_place_keeps_progress_in_memory_and_says_so(tmp_path: Path) -> None:
    """The progress file's folder is a file: every step still works, the first says once that progress is kept in
    memory only, and nothing is lost (the tracks read from the file stay, the steps are remembered)."""
    (tmp_path / "in-the-way").write_text("a file where the folder should be", encoding="utf-8")
    store = ProgressFile(tmp_path / "in-the-way" / "lessons.json")
    tutorial = Tutorial(store=store)
    view = tutorial.skip()
    assert "cannot be saved" in view.feedback.text and "kept in memory" in view.feedback.text
    assert str(store.path) in view.feedback.text
    assert tutorial.next().feedback.text == ""  # said once
    assert store.load("path") == tutorial.progress.to_dict() and tutorial.progress.current == PATH_IDS[2]
    assert Tutorial(store=store).progress == tutorial.progress
    appendix = Tutorial("appendix", store=store)
    appendix.skip()
    assert store.load("appendix") == appendix.progress.to_dict()


def test_a_file_that_becomes_unwritable_keeps_what_it_held(tmp_path: Path) -> None:
    path = progress_file(tmp_path, json.dumps(GOOD))
    store = ProgressFile(path)
    tutorial = Tutorial("appendix", store=store)
    path.unlink()
    path.mkdir()  # the file is now a folder: neither read nor written
    view = tutorial.skip()
    assert "kept in memory" in view.feedback.text and str(path) in view.feedback.text
    assert store.load("appendix") == tutorial.progress.to_dict()


def test_a_store_keeps_at_most_its_number_of_tracks() -> None:
    store = MemoryStore()
    for k in range(TRACKS_LIMIT):
        store.save(f"track {k}", {})
    with pytest.raises(LessonError, match=f"at most {TRACKS_LIMIT} tracks"):
        store.save("one more", {})
    for bad in ("", "x" * (ID_LIMIT + 1), 7):
        with pytest.raises(LessonError, match="not a track"):
            store.save(bad, {})  # type: ignore[arg-type]


@st.composite
def progress_texts(draw: st.DrawFn) -> str:
    """A good progress file with a piece changed (cut, repeated, replaced), or any JSON value."""
    if draw(st.booleans()):
        return json.dumps(draw(st.recursive(st.none() | st.booleans() | st.integers() | st.text(max_size=20),
                                            lambda inner: st.lists(inner, max_size=4) | st.dictionaries(
                                                st.sampled_from(["format", "tracks", "path", "current", "done", "x"]),
                                                inner, max_size=4), max_leaves=30)))
    text = json.dumps(GOOD)
    start = draw(st.integers(0, len(text)))
    end = draw(st.integers(start, min(len(text), start + 30)))
    other = draw(st.text(alphabet=st.sampled_from(list('{}[]",:0123456789-. tfnul\\')), max_size=30)
                 | st.sampled_from(["[" * 5_000, "9" * 5_000, text[start:end] * 1_000]))
    return (text[:start] + other + text[end:])[:MAX_INPUT]


@FUZZ
@given(progress_texts(), st.sampled_from(["path", "appendix"]))
def test_random_progress_files_are_read_or_refused_naming_them(tmp_path_factory: pytest.TempPathFactory, text: str,
                                                                track: str) -> None:
    file_read(progress_file(tmp_path_factory.mktemp("progress"), text), track)


PAYLOAD_KEYS = st.sampled_from(["current", "done", "path", "appendix", "x", ""])


def payload_containers(inner: st.SearchStrategy[object]) -> st.SearchStrategy[object]:
    return st.lists(inner, max_size=5) | st.dictionaries(PAYLOAD_KEYS, inner, max_size=4)


PAYLOADS = st.recursive(st.none() | st.booleans() | st.integers() | st.sampled_from(PATH_IDS + APPENDIX_IDS) | st.text(max_size=12),
                        payload_containers, max_leaves=40)


@FUZZ
@given(PAYLOADS, PAYLOADS)
def test_random_restore_data_resumes_or_is_refused_and_every_track_still_opens(this: object, other: object) -> None:
    """What the browser hands back: the current track's entry resumes or is refused in words (the progress then
    unchanged); the other track's is kept or refused; either way both tracks open and step afterwards."""
    store = MemoryStore()
    tutorial = Tutorial(store=store)
    before = tutorial.progress
    resumed = outcome(lambda: tutorial.resume(this), "restore data")
    if resumed.refused:
        assert isinstance(resumed.error, LessonError) and tutorial.progress == before
    outcome(lambda: store.save("appendix", other), "restore data for another track")  # type: ignore[arg-type]
    for track in ("path", "appendix"):
        opened = outcome(lambda t=track: Tutorial(t, store=store), "a track after restore data")
        assert opened.value is not None
        outcome(opened.value.skip, "a step after restore data")
