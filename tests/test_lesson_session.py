"""The lessons on the card table's session: every gesture of every lesson judged as the lesson judges the move.

The oracle is the lesson itself (``Lesson.check``, tested against the engine in test_lessons.py): a move made by
the table's gestures (a card, its target, the draw) must get exactly the feedback the lesson gives that move, and
leave the table where the lesson says (the position after a right move, the lesson's position after any other).
"""

from __future__ import annotations

import json

import pytest
from lesson_groups import ALL, APPENDIX, CHOICE_LESSONS, MOVE_LESSONS, NUMBER_LESSONS, PATH, ROUND_LESSONS, ids

import expeditions as ex
from expeditions import lessons
from expeditions.lessons import ChoiceTask, Lesson, MemoryStore, RoundTask
from expeditions.session import LessonSession


def at(lesson: Lesson, store: MemoryStore | None = None) -> LessonSession:
    """A session on ``lesson`` (in its own track), its progress in memory."""
    session = LessonSession(lesson.track, store=store or MemoryStore())
    session.go(lesson.id)
    return session


def gestures(session: LessonSession, move: ex.Move) -> bool:
    """Make ``move`` by the table's gestures: the card, its target, then the draw (or pass two cards)."""
    if move.kind == "pass":
        session.start_passing()
        for card in move.cards:
            session.select(card)
        return session.pass_cards()
    session.select(move.card)
    if not session.lay("expedition" if move.kind == "play" else "discard", move.card.suit):
        return False
    return session.draw(move.draw) if move.draw is not None else session.round.moves != ()


def same_table(rnd: ex.Round, other: ex.Round) -> bool:
    rules = rnd.rules
    return (all(rnd.hand(s) == other.hand(s) for s in range(rules.players))
            and all(rnd.expeditions(side) == other.expeditions(side) for side in range(rules.sides))
            and rnd.piles == other.piles and rnd.deck_size == other.deck_size and rnd.to_move == other.to_move)


# --- the table shows the lesson -----------------------------------------------------------------------
@pytest.mark.parametrize("lesson", ALL, ids=ids(ALL))
def test_the_table_shows_the_lessons_position_and_the_view_is_json(lesson: Lesson) -> None:
    session = at(lesson)
    assert session.lesson == lesson and same_table(session.round, lesson.position)
    data = session.view_data()
    assert json.loads(json.dumps(data)) == data
    block = data["lesson"]
    assert (block["lesson"], block["state"], block["title"], block["task"]) == (lesson.id, "todo", lesson.title, lesson.task_text)
    track = ids(list(lessons.track(lesson.track)))
    assert block["progress"]["text"] == f"Lesson {track.index(lesson.id) + 1} of {len(track)}"
    assert [q["quote"] for q in block["quotes"]] == [lesson.rules.quote(key) for key in lesson.teaches]
    assert (data["rules"] == lesson.rules.name and data["round_over"] is None) or lesson.answer == "round"
    assert [c["face"]["card"] for c in data["hand"]] == [str(c) for c in lesson.position.hand(lesson.seat)]
    assert not session.bots_to_move


# --- moves, by the table's gestures -----------------------------------------------------------------------
@pytest.mark.parametrize("lesson", MOVE_LESSONS, ids=ids(MOVE_LESSONS))
def test_every_legal_move_made_by_gestures_gets_the_lessons_own_feedback(lesson: Lesson) -> None:
    session = at(lesson)
    for move in lesson.position.legal_moves():
        expected = lesson.check(move)
        made = gestures(session, move)
        feedback = session.lesson_view().feedback
        assert (feedback.kind, feedback.text, feedback.case, feedback.quote) == \
            (expected.kind, expected.text, expected.case, expected.quote), move
        if expected.right:
            assert made and session.lesson_view().state == "done" and same_table(session.round, lesson.position.play(move))
            assert not session.bots_to_move and session.view().turn == "lesson"  # no bot answers a lesson's move
            assert session.select(lesson.position.hand(0)[0]) is False  # done: the table waits for Next
            session.restart()
            assert same_table(session.round, lesson.position) and session.lesson_view().state == "done"
        else:
            assert not made and same_table(session.round, lesson.position), move  # taken back, to try again
            assert session.selected == [] and session.pending is None
            said = session.message.text if session.message else ""
            assert said.startswith("Taken back, to try again: you ") and said.endswith(".")
            if move.draw == "deck":  # the card off the deck went back unseen
                assert said.endswith("drew from the deck."), said


@pytest.mark.parametrize("lesson", MOVE_LESSONS, ids=ids(MOVE_LESSONS))
def test_every_refused_gesture_gets_the_lessons_words_and_the_rules_quote(lesson: Lesson) -> None:
    session = at(lesson)
    rnd = lesson.position
    legal = set(rnd.legal_moves())
    tried = 0
    for card in dict.fromkeys(rnd.hand(lesson.seat)):
        for kind in ("play", "discard"):
            move = ex.Move.play(card, "deck") if kind == "play" else ex.Move.discard(card, "deck")
            if move in legal or any(m.card == card and m.kind == kind for m in legal):
                continue
            try:
                rnd.play(move)
            except ex.IllegalMove as refusal:
                session.select(card)
                assert session.lay("expedition" if kind == "play" else "discard") is False
                feedback = session.lesson_view().feedback
                words = dict(lesson.task.refused).get(refusal.rule)  # type: ignore[union-attr]
                assert feedback.kind == "wrong" and feedback.rule == refusal.rule and feedback.quote == refusal.quote
                assert feedback.text == (words or f"Not allowed: {ex.session.symbolize(str(refusal), rnd.rules)}.")
                assert session.message is not None and session.message.tone == "error" and same_table(session.round, rnd)
                assert session.message.text == f"Not allowed: {ex.session.symbolize(str(refusal), rnd.rules)}."
                session.undo()
                tried += 1
    # Your own discard cannot come straight back: a refused draw keeps the card laid, to draw elsewhere.
    discard = next((m for m in sorted(legal, key=str) if m.kind == "discard" and rnd.rules.draw_from_piles), None)
    if discard is not None:
        session.select(discard.card)
        session.lay("discard")
        assert session.draw(discard.card.suit) is False
        feedback = session.lesson_view().feedback
        assert feedback.kind == "wrong" and feedback.rule == "draw" and feedback.quote == rnd.rules.quote("draw")
        assert session.pending == "discard" and same_table(session.round, rnd)
        tried += 1
    assert tried or lesson.id in ("goal-turn", "partners", "solitaire") or not rnd.rules.draw_from_piles


def test_a_card_on_another_suits_expedition_is_refused_with_the_suit_rule() -> None:
    session = at(lessons.lesson("ascending"))
    session.select("6H")
    assert session.lay("expedition", "S") is False
    feedback = session.lesson_view().feedback
    assert feedback.kind == "wrong" and feedback.rule == "suit" and feedback.quote == ex.rules().quote("suit")
    assert "6♥" in feedback.text and session.pending is None


def test_gestures_that_only_need_guidance_are_answered_in_the_lesson() -> None:
    session = at(lessons.lesson("goal-turn"))
    assert session.draw("deck") is False
    assert session.lesson_view().feedback.to_dict()["kind"] == "info"
    assert session.lesson_view().feedback.text == "First lay a card (on an expedition or a discard pile), then draw."
    assert session.start_hint() is None and "Show me" in session.lesson_view().feedback.text


# --- numbers and choices, from the lesson's panel -----------------------------------------------------------
@pytest.mark.parametrize("lesson", NUMBER_LESSONS, ids=ids(NUMBER_LESSONS))
def test_a_score_is_answered_in_the_panel_and_the_table_hides_its_scores_until_then(lesson: Lesson) -> None:
    session = at(lesson)
    view = session.view()
    assert view.round_over is None and all(e.score == 0 for side in view.sides for e in side.expeditions)
    assert session.view_data()["lesson"]["show_scores"] is False
    assert session.select(lesson.position.hand(0)[0]) is False  # the table only shows the board
    assert "lesson's box" in session.lesson_view().feedback.text
    right = lesson.show_me()
    assert isinstance(right, int)
    assert session.answer(str(right + 1)) is False
    assert session.lesson_view().feedback.text == lesson.check(right + 1).text
    assert session.answer("") is False and session.lesson_view().feedback.kind == "info"
    assert session.answer(" twelve ") is False and "whole number" in session.lesson_view().feedback.text
    assert session.answer(str(right)) is True
    assert session.lesson_view().feedback.text == lesson.check(right).text and session.lesson_view().state == "done"
    board = ex.score_board([c for exp in lesson.position.expeditions(0).values() for c in exp], lesson.rules)
    assert sum(e.score for e in session.view().sides[0].expeditions) == board.total  # shown once answered


@pytest.mark.parametrize("lesson", CHOICE_LESSONS, ids=ids(CHOICE_LESSONS))
def test_a_choice_is_answered_by_its_options(lesson: Lesson) -> None:
    session = at(lesson)
    assert isinstance(lesson.task, ChoiceTask)
    right = lesson.show_me()
    for option in lesson.task.options:
        if option.value != right:
            assert session.answer(option.value) is False
            assert session.lesson_view().feedback.text == lesson.check(option.value).text
    assert session.answer(right) is True and session.lesson_view().state == "done"
    assert session.answer("maybe") is False and session.lesson_view().feedback.kind == "info"


ANSWERED = [*MOVE_LESSONS, *NUMBER_LESSONS, *CHOICE_LESSONS]


@pytest.mark.parametrize("lesson", ANSWERED, ids=ids(ANSWERED))
def test_show_me_gives_a_right_answer_on_the_table(lesson: Lesson) -> None:
    session = at(lesson)
    assert session.show_me() is True
    view = session.lesson_view()
    assert view.state == "done" and view.feedback.case == "shown"
    shown = lesson.show_me()
    if isinstance(shown, ex.Move):
        assert same_table(session.round, lesson.position.play(shown))
        assert session.message is not None and session.message.text.startswith("Shown: You ")
    assert session.show_me() is False  # once done, Show me says so


# --- the round lesson -----------------------------------------------------------------------------------
@pytest.mark.parametrize("lesson", ROUND_LESSONS, ids=ids(ROUND_LESSONS))
def test_the_round_lesson_is_a_whole_round_against_its_bot_with_hints(lesson: Lesson) -> None:
    assert isinstance(lesson.task, RoundTask)
    session = at(lesson)
    assert session.level == lesson.task.opponent == "Easy" and session.view().can_hint
    assert session.show_me() is False and "Hint" in session.lesson_view().feedback.text
    assert session.hint() and session.view().hint is not None
    # A refusal of the game gets the lesson's words for its rule.
    played = session.round
    card = next((c for c in played.hand(0) if not any(m.card == c and m.kind == "play" for m in played.legal_moves())), None)
    if card is not None:
        session.select(card)
        session.lay("expedition")
        feedback = session.lesson_view().feedback
        assert feedback.kind == "wrong" and feedback.case == "refused" and feedback.quote
        session.undo()
    made = session.autoplay("Easy", whole_match=False)
    assert made >= 10 and session.round.is_over
    view = session.lesson_view()
    assert view.state == "done" and view.feedback.text == lesson.check(session.round).text
    table = session.view()
    assert table.round_over is not None and table.round_over.next == "Play it again"
    assert session.next_round() and not session.round.moves and session.lesson_view().state == "done"


# --- moving through the lessons, and where the learner got to ------------------------------------------------
def test_next_back_skip_restart_and_start_over_keep_progress_in_the_store() -> None:
    store = MemoryStore()
    session = LessonSession(store=store)
    assert session.back() is False and "first lesson" in session.lesson_view().feedback.text
    session.show_me()
    assert session.next() and session.lesson.id == PATH[1].id
    assert store.load("path") == {"current": PATH[1].id, "done": [PATH[0].id]}
    session.skip()
    assert session.lesson.id == PATH[2].id and session.lesson_view().state == "todo"
    session.back()
    session.back()
    assert session.lesson.id == PATH[0].id and session.lesson_view().state == "done"
    session.go(PATH[-1].id)
    assert session.next() is False and "last lesson" in session.lesson_view().feedback.text
    assert session.level == "Easy" and session.lesson_view().progress.text == f"Lesson {len(PATH)} of {len(PATH)}"
    session.start_over()
    assert session.lesson.id == PATH[0].id and store.load("path") == {"current": PATH[0].id, "done": []}
    assert session.go("no-such-lesson") is False and "no-such-lesson" in session.lesson_view().feedback.text


def test_the_tracks_switch_and_each_resumes_where_it_was() -> None:
    store = MemoryStore()
    session = LessonSession(store=store)
    session.skip()
    session.use_track("appendix")
    assert session.lesson.id == APPENDIX[0].id and session.rules.name == APPENDIX[0].rules.name
    session.skip()
    session.use_track("path")
    assert session.lesson.id == PATH[1].id
    session.use_track("appendix")
    assert session.lesson.id == APPENDIX[1].id
    assert session.use_track("nowhere") is False and session.lesson.id == APPENDIX[1].id


def test_progress_kept_elsewhere_is_resumed_by_track() -> None:
    session = LessonSession(store=MemoryStore())
    kept = {"path": {"current": PATH[4].id, "done": [PATH[0].id, PATH[1].id, "gone"]},
            "appendix": {"current": APPENDIX[2].id, "done": []}}
    assert session.resume(kept)
    assert session.lesson.id == PATH[4].id and session.tutorial.progress.done == {PATH[0].id, PATH[1].id}
    assert same_table(session.round, PATH[4].position)
    session.use_track("appendix")
    assert session.lesson.id == APPENDIX[2].id
    assert session.resume({"appendix": ["not", "progress"]}) is False
    assert "could not be read" in session.lesson_view().feedback.text and session.lesson.id == APPENDIX[2].id


def test_a_lesson_refuses_what_belongs_to_the_play_app() -> None:
    session = LessonSession(store=MemoryStore())
    assert session.set_level("Hard") is False and session.level != "Hard"
    assert session.load_json("{}") is False and "play app" in session.lesson_view().feedback.text
    assert session.next_round() is False and same_table(session.round, PATH[0].position)
