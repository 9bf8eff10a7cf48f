"""The main path of the lessons walked as a learner walks it, by the learner's own gestures, on any page that shows
it (notebook 01 in JupyterLab, the learn app in Voila): for each lesson one wrong try (and a refused gesture where
the lesson has words for one), then a right answer, the feedback read off the page and compared with what the
lesson's own data says to that answer (``Lesson.check``), never with words written here; Back, Show me and Restart
on the way; the last lesson's round played to its end against the Easy bot, with a hint. A screenshot of each
lesson as it first shows and once it is done goes to ``test-artifacts/``.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from pages import LessonApp
from pages import save_screenshot as page_screenshot
from playwright.sync_api import expect

import expeditions as ex
from expeditions import lessons
from expeditions.lessons import Lesson, MoveTask

PATH = lessons.path()


def wrong_move(lesson: Lesson) -> ex.Move:
    """A legal move the lesson says is not the task (the first, in notation order, made by laying a card)."""
    return next(m for m in sorted(lesson.position.legal_moves(), key=str) if m.kind != "pass" and lesson.check(m).kind == "wrong")


def right_move(lesson: Lesson) -> ex.Move:
    """A right move of the learner's own: one other than Show me's when there is one."""
    rights = [m for m in sorted(lesson.position.legal_moves(), key=str) if m.kind != "pass" and lesson.check(m).right]
    return next((m for m in rights if m != lesson.show_me()), rights[0])


def refused_lay(lesson: Lesson) -> tuple[ex.Card, str, ex.IllegalMove] | None:
    """A card whose lay the engine refuses and for whose rule the lesson has words: the card, where, and the refusal."""
    task = lesson.task
    if not isinstance(task, MoveTask) or not task.refused:
        return None
    rnd = lesson.position
    legal = rnd.legal_moves()
    for card in rnd.hand(lesson.seat):
        for kind in ("play", "discard"):
            if any(m.card == card and m.kind == kind for m in legal):
                continue
            try:
                rnd.play(ex.Move.play(card, "deck") if kind == "play" else ex.Move.discard(card, "deck"))
            except ex.IllegalMove as refusal:
                if refusal.rule in dict(task.refused):
                    return card, "expedition" if kind == "play" else "discard", refusal
    return None


def expect_feedback(app: LessonApp, lesson: Lesson, answer: ex.Move | int | str | ex.Round) -> None:
    """The page's feedback line says what the lesson's data says to ``answer``, of the same kind, with its quote."""
    said = lesson.check(answer)
    feedback = app.feedback()
    assert feedback["text"] == said.text and feedback["kind"] == said.kind, (feedback, said)
    if said.quote:
        assert said.quote in feedback["quote"]


def walk(app: LessonApp, first: int, last: int, shots: str, shoot: Callable[[str], object] | None = None) -> None:
    """Lessons ``first`` to ``last`` (numbered from 1) of the main path, from the lesson the page shows. ``shoot(name)``
    takes a screenshot (default: the whole page)."""
    page = app.page
    shot = shoot or (lambda name: page_screenshot(page, name))
    for number in range(first, last + 1):
        lesson = PATH[number - 1]
        expect(app.lesson).to_have_attribute("data-lesson", lesson.id)
        expect(app.lesson).to_have_attribute("data-state", "todo")
        assert app.lesson_state()["progress"] == f"Lesson {number} of {len(PATH)}"
        shot(f"{shots}-{number:02d}-{lesson.id}")
        if lesson.answer == "move":
            refused = refused_lay(lesson)
            if refused is not None:
                card, target, refusal = refused
                app.refused_lay(str(card), target, card.suit)
                feedback = app.feedback()
                assert feedback["kind"] == "wrong" and feedback["text"] == dict(lesson.task.refused)[refusal.rule]  # type: ignore[union-attr]
                assert refusal.quote in feedback["quote"]
                app.press("undo", {"action": "undo"})
            wrong = wrong_move(lesson)
            app.move(wrong)
            expect_feedback(app, lesson, wrong)
            shot(f"{shots}-{number:02d}-{lesson.id}-wrong")
            if number == 4:  # Restart after a wrong try: the feedback goes, the position comes back
                app.button("restart")
                assert app.feedback()["text"] == "" and app.lesson_state()["state"] == "todo"
            right = right_move(lesson)
            app.move(right)
            expect_feedback(app, lesson, right)
        elif lesson.answer == "number":
            side = [c for cards in lesson.position.expeditions(lesson.seat).values() for c in cards]
            score = ex.score_board(side, lesson.rules).total
            slips = [m.value(tuple(side), lesson.rules) for m in lesson.task.mistakes]  # type: ignore[union-attr]
            wrong_score = next(v for v in slips if v != score)
            app.answer_number(wrong_score)
            expect_feedback(app, lesson, wrong_score)
            shot(f"{shots}-{number:02d}-{lesson.id}-wrong")
            app.answer_number(score)
            expect_feedback(app, lesson, score)
            assert app.lesson_state()["reveal"][-1] == f"total: {score}"
        elif lesson.answer == "choice":
            right_option = lesson.show_me()
            wrong_option = next(o.value for o in lesson.task.options if o.value != right_option)  # type: ignore[union-attr]
            app.choose(wrong_option)
            expect_feedback(app, lesson, wrong_option)
            shot(f"{shots}-{number:02d}-{lesson.id}-wrong")
            app.choose(str(right_option))
            expect_feedback(app, lesson, str(right_option))
        else:
            play_round(app, lesson, shots, number, shot)
        expect(app.lesson).to_have_attribute("data-state", "done")
        shot(f"{shots}-{number:02d}-{lesson.id}-done")
        if number == 3:  # Back to a done lesson, Show me there, and on again
            app.button("back")
            expect(app.lesson).to_have_attribute("data-lesson", PATH[1].id)
            expect(app.lesson).to_have_attribute("data-state", "done")
            app.button("show_me")
            assert app.feedback()["text"].startswith("Here is a right move: ")
            app.button("next")
            expect(app.lesson).to_have_attribute("data-lesson", lesson.id)
        if number < len(PATH):
            app.button("next")


def play_round(app: LessonApp, lesson: Lesson, shots: str, number: int, shot: Callable[[str], object]) -> None:
    """The round lesson: a refused draw (your own discard) gets the lesson's words, a hint, then the round to its end."""
    rnd = app.session.round
    discard = next(m for m in sorted(rnd.legal_moves(), key=str) if m.kind == "discard")
    app.select(str(discard.card))
    app.lay("discard", discard.card.suit)
    app.draw(discard.card.suit)  # the card you have just discarded cannot come straight back
    feedback = app.feedback()
    assert feedback["kind"] == "wrong" and feedback["text"] == dict(lesson.task.refused)["draw"]  # type: ignore[union-attr]
    app.press("undo", {"action": "undo"})
    app.press("hint", {"action": "hint"})
    expect(app.el("hint-panel")).to_contain_text(app.twin.view["hint"]["lines"][0]["words"])
    shot(f"{shots}-{number:02d}-{lesson.id}-hint")
    app.finish_round(rng=random.Random(number))
    played = app.session.round
    assert played.is_over
    expect_feedback(app, lesson, played)
    assert str(played.scores()[0]) in app.feedback()["text"]
    expect(app.el("round-over")).to_be_visible()


__all__ = ["PATH", "play_round", "right_move", "walk", "wrong_move"]
