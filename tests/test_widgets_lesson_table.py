"""The lesson mode of the card table widget in plain pytest: the messages its ES module sends, the view it draws,
where it keeps the learner's progress."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from widget_messages import send

import expeditions as ex
from expeditions import lessons
from expeditions.errors import ExpeditionsError
from expeditions.lessons import TESTIDS, MemoryStore
from expeditions.widgets import CardTable, LessonTable, lesson_table
from expeditions.widgets.card_table import STATIC
from expeditions.widgets.lessons import STORAGE_KEY

PATH = lessons.path()


def memory(track: str = "path") -> LessonTable:
    return LessonTable(track, keep="memory", pause=0)


def test_the_same_widget_draws_the_lessons_with_the_hooks_the_issue_names() -> None:
    js = (STATIC / "card_table.js").read_text(encoding="utf-8")
    for testid in TESTIDS.values():
        assert f'"data-testid": "{testid}"' in js or f'"{testid}", ' in js, testid
    for attribute in ('"data-lesson": L.lesson', '"data-state": L.state'):
        assert attribute in js
    table = memory()
    assert isinstance(table, CardTable) and table._esm == js  # one table, one ES module: the lesson mode is a mode of it
    view = table.view
    assert view["lesson"]["lesson"] == PATH[0].id and view["lesson"]["state"] == "todo"
    assert view["lesson"]["progress"]["text"] == "Lesson 1 of 10" and view["hand"]
    assert json.loads(json.dumps(view)) == view


def test_a_move_by_the_tables_gestures_answers_the_lesson_and_next_goes_on() -> None:
    table = memory()
    first = PATH[0]
    hand = [str(c) for c in first.position.hand(0)]
    view = send(table, action="select", index=hand.index("3H"))
    view = send(table, action="pile", suit="H")  # a discard: allowed, but not the task
    view = send(table, action="deck")
    assert view["lesson"]["feedback"]["text"] == first.check("discard 3H, draw deck").text
    assert view["lesson"]["feedback"]["kind"] == "wrong" and view["lesson"]["state"] == "todo"
    assert [c["face"]["card"] for c in view["hand"]] == hand and view["pending"] is None
    send(table, action="select", index=hand.index("7H"))
    send(table, action="expedition", suit="H")
    view = send(table, action="deck")
    assert view["lesson"]["feedback"]["text"] == first.check("play 7H, draw deck").text and view["lesson"]["state"] == "done"
    assert view["lesson"]["buttons"]["next"] and view["lesson"]["lessons"][0]["done"]
    mine = next(s for s in view["sides"] if s["role"] == "you")
    assert [c["card"] for e in mine["expeditions"] for c in e["cards"]] == ["7H"]
    assert len(table.session.round.moves) == 1  # your move on the lesson's position, and no bot answered
    view = send(table, action="lesson", do="next")
    assert view["lesson"]["lesson"] == PATH[1].id and view["lesson"]["feedback"]["text"] == ""
    view = send(table, action="lesson", do="back")
    assert view["lesson"]["lesson"] == PATH[0].id and view["lesson"]["state"] == "done"


def test_the_panels_buttons_and_answers() -> None:
    table = memory()
    score = lessons.lesson("score-one")
    view = send(table, action="lesson", do="go", lesson=score.id)
    assert view["lesson"]["answer"] == "number" and view["lesson"]["show_scores"] is False
    view = send(table, action="lesson", do="answer", value="24")
    assert view["lesson"]["feedback"]["text"] == score.check(24).text
    view = send(table, action="lesson", do="show_me")
    assert view["lesson"]["state"] == "done" and view["lesson"]["feedback"]["reveal"] == list(score.check(score.show_me()).reveal)  # type: ignore[arg-type]
    view = send(table, action="lesson", do="restart")
    assert view["lesson"]["state"] == "done" and view["lesson"]["feedback"]["text"] == "" and not view["lesson"]["solved"]
    view = send(table, action="lesson", do="skip")
    assert view["lesson"]["lesson"] == PATH[PATH.index(score) + 1].id
    view = send(table, action="lesson", do="track", track="appendix")
    assert view["lesson"]["track"] == "appendix" and view["rules"] == lessons.appendix()[0].rules.name
    view = send(table, action="lesson", do="dance")
    assert "does not know" in view["lesson"]["feedback"]["text"]


def test_the_round_lesson_plays_against_easy_with_hints_and_the_bots_answer() -> None:
    table = memory()
    view = send(table, action="lesson", do="go", lesson=PATH[-1].id)
    assert view["level"] == "Easy" and view["can_hint"] and view["lesson"]["answer"] == "round"
    view = send(table, action="hint")
    assert view["hint"] is not None
    rnd = table.session.round
    move = next(m for m in rnd.legal_moves() if m.draw == "deck")
    send(table, action="select", index=list(rnd.hand(0)).index(move.card))
    send(table, action="expedition" if move.kind == "play" else "pile", suit=move.card.suit)
    view = send(table, action="deck")
    assert len(table.session.round.moves) == 2  # yours and the Easy bot's answer
    assert view["message"]["text"].startswith("You ") and "Opponent " in view["message"]["text"]


def test_progress_kept_in_the_browser_goes_out_through_the_progress_trait_and_comes_back() -> None:
    table = LessonTable(keep="browser", pause=0)
    assert table.keep == "browser" and table.storage_key == STORAGE_KEY and table.progress == {}
    send(table, action="lesson", do="show_me")
    send(table, action="lesson", do="next")
    assert table.progress == {"path": {"current": PATH[1].id, "done": [PATH[0].id]}}
    kept = json.loads(json.dumps(table.progress))  # what the page keeps in its local storage
    again = LessonTable(keep="browser", pause=0)  # the notebook re-run, or the app reloaded
    assert again.view["lesson"]["lesson"] == PATH[0].id
    view = send(again, action="lesson", do="restore", progress=kept)
    assert view["lesson"]["lesson"] == PATH[1].id and view["lesson"]["lessons"][0]["done"]


def test_progress_kept_in_a_file_by_default(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    path = tmp_path / "state" / "lessons.json"
    monkeypatch.setenv(lessons.PROGRESS_ENV, str(path))
    table = lesson_table()
    assert table.keep == "file" and isinstance(table.tutorial.store, lessons.ProgressFile)
    send(table, action="lesson", do="skip")
    send(table, action="lesson", do="skip")
    assert json.loads(path.read_text(encoding="utf-8"))["tracks"]["path"]["current"] == PATH[2].id
    assert lesson_table().view["lesson"]["lesson"] == PATH[2].id  # re-running the notebook goes on there


def test_bad_settings_are_refused_in_plain_words() -> None:
    with pytest.raises(ExpeditionsError, match="'cloud' is not a place to keep progress: 'file', 'browser', 'memory'"):
        LessonTable(keep="cloud")
    with pytest.raises(ExpeditionsError, match="there is no track 'nowhere'; the tracks are path, appendix"):
        LessonTable("nowhere", keep="memory")


def test_the_snapshot_shows_the_lesson_and_its_board() -> None:
    table = LessonTable(store=MemoryStore(), pause=0)
    html = table.snapshot_html()
    assert PATH[0].title in html and "Lesson 1 of 10" in html and "xt-snapshot" in html
    assert ex.rules().title in html


def test_the_lessons_lead_on_to_a_real_game_on_the_same_table():
    table = lesson_table(keep="memory", pause=0, background=False)
    lessons_session, at = table.lessons, table.lessons.lesson.id
    table.act({"action": "lesson", "do": "play"})
    game = table.game
    assert game is not None and table.session is game and game is not lessons_session
    assert (game.level, game.rules.name, type(game).__name__) == ("Normal", "expeditions", "Session")
    assert "lesson" not in table.view and table.view["lessons_back"] is True
    assert table.view["message"]["text"].startswith("A real game against the Normal bot")
    game.settle()
    assert game.your_turn
    move = game.round.legal_moves()[0]
    table.act({"action": "move", "text": str(move)})
    assert move in game.round.moves
    table.act({"action": "lesson", "do": "next"})  # the lessons' buttons wait behind ◂ Lessons
    assert table.session is game and "Lessons" in table.view["message"]["text"]
    table.act({"action": "lesson", "do": "lessons"})
    assert table.session is lessons_session and table.view["lesson"]["lesson"] == at and "lessons_back" not in table.view
    table.act({"action": "lesson", "do": "play"})
    assert table.session is game and move in game.round.moves  # the same game goes on
