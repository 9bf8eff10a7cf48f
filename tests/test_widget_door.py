"""The widgets' door: every message from the page is checked against its declared form before a handler runs, a
refused one is answered in words and changes nothing, and a handler that fails puts the game back as it was."""

from __future__ import annotations

from typing import Any

import pytest
from widget_messages import send

from expeditions.errors import MessageError
from expeditions.lessons import MemoryStore
from expeditions.widgets import CardTable, LessonTable
from expeditions.widgets.card_table import MESSAGES
from expeditions.widgets.door import Either, Flag, ListOf, MapOf, Obj, OneOf, Real, Text, Whole, sendable
from expeditions.widgets.lessons import LESSON_MESSAGES


def table(**options: Any) -> CardTable:
    return CardTable(pause=0, background=False, seed=options.pop("seed", 4), **options)


def state(t: CardTable) -> tuple[Any, ...]:
    """What a refused message must leave as it was: the game, the selection, the half-turn, the undo stack."""
    s = t.session
    return s.to_json(), list(s.selected), s.pending, s.passing, len(s.history), s.seat, s.level, s.colours


# --- the fields ---------------------------------------------------------------------------------------------------
@pytest.mark.parametrize(("form", "good", "bad", "words"), [
    (Text(5), "abc", "abcdef", "takes at most 5 characters, got 6"),
    (Text(5), "abc", 7, "takes a text of at most 5 characters, got 7"),
    (Text(5), "abc", "a\ud800", "character 2 is a lone surrogate"),
    (Whole(0, 9), 3, True, "takes a whole number from 0 to 9, got True"),
    (Whole(0, 9), 3, 10, "from 0 to 9, got 10"),
    (Whole(0, 9), 3, None, "got None"),
    (Real(1, 60), 2.5, float("nan"), "a number from 1 to 60, got nan"),
    (Flag(), False, 0, "true or false, got 0"),
    (OneOf(("expedition", "discard")), "discard", "pile", "'expedition' or 'discard', got 'pile'"),
    (Either(Text(3), Whole(0, 9)), 4, [4], "a text of at most 3 characters, or a whole number from 0 to 9, got [4]"),
    (ListOf(Whole(0, 9), 2), [1, 2], [1, 2, 3], "a list of at most 2 items"),
    (ListOf(Whole(0, 9), 2), [1, 2], [1, "x"], "x[1] takes a whole number"),
    (MapOf(Text(3), Whole(0, 9), 2), {"a": 1}, {"abcd": 1}, "a key of x takes at most 3 characters"),
    (Obj({"a": Whole(0, 9)}, required=("a",)), {"a": 1}, {"a": 1, "b": 2}, "x has no field 'b' (its fields: a)"),
    (Obj({"a": Whole(0, 9)}, required=("a",)), {"a": 1}, {}, "x needs its field 'a'"),
])
def test_each_field_takes_its_form_and_says_what_it_takes(form: Any, good: Any, bad: Any, words: str) -> None:
    assert form.check(good, "x") == good
    with pytest.raises(MessageError, match=words.replace("[", r"\[").replace("]", r"\]").replace("(", r"\(").replace(")", r"\)")):
        form.check(bad, "x")


def test_the_messages_of_the_page_are_known_by_their_action() -> None:
    assert MESSAGES.check({"action": "select", "index": 2, "card": "7H"}) == {"action": "select", "index": 2, "card": "7H"}
    with pytest.raises(MessageError, match="The table does not know the gesture 'dance'"):
        MESSAGES.check({"action": "dance"})
    with pytest.raises(MessageError, match="The table does not know the gesture None"):
        MESSAGES.check({"index": 2})
    with pytest.raises(MessageError, match="takes a message that is an object"):
        MESSAGES.check(["select"])
    with pytest.raises(MessageError, match="The table refused 'select': the message needs its field 'index'"):
        MESSAGES.check({"action": "select"})
    lesson = MESSAGES.with_form("lesson", LESSON_MESSAGES)
    assert lesson.check({"action": "lesson", "do": "go", "lesson": "x"}) == {"do": "go", "action": "lesson", "lesson": "x"}
    with pytest.raises(MessageError, match="The lesson does not know the button 'dance'"):
        lesson.check({"action": "lesson", "do": "dance"})


def test_a_view_that_cannot_be_sent_is_found() -> None:
    sendable({"a": ["text", 1, 2.5, None]})
    for unsendable in ({"a": "\udcff"}, {"a": float("inf")}, {"a": object()}):
        with pytest.raises(MessageError, match="cannot be sent to the page"):
            sendable(unsendable)


# --- at the table -------------------------------------------------------------------------------------------------
CRAFTED: list[dict[str, Any]] = [
    {"action": "select", "index": "0"},
    {"action": "select", "index": None},
    {"action": "select", "index": True},
    {"action": "select", "index": 10**100},
    {"action": "select", "index": 0, "card": ["7H"]},
    {"action": "drop", "index": 0, "target": "dance"},
    {"action": "drop", "index": 0, "target": "discard", "suit": {"H": 1}},
    {"action": "lay", "target": None},
    {"action": "move", "text": ["play 7H"]},
    {"action": "move", "text": "play 7H, draw deck" + " " * 500},
    {"action": "new_game", "level": [1], "confirm": True},
    {"action": "new_game", "level": {"Easy": 1}, "confirm": True},
    {"action": "new_game", "rules": ["expeditions"], "confirm": True},
    {"action": "new_game", "confirm": "yes"},
    {"action": "level", "level": None},
    {"action": "colours", "colours": []},
    {"action": "load", "name": "x.json"},
    {"action": "load", "name": 7, "text": "{}"},
    {"action": "undo", "also": 1},
    {"action": 5},
    {"action": "lesson", "do": "next"},
]


@pytest.mark.parametrize("content", CRAFTED, ids=lambda c: str(c)[:40])
def test_a_message_not_of_its_form_is_refused_in_words_and_changes_nothing(content: dict[str, Any]) -> None:
    t = table()
    t.session.select(index=0)
    before = state(t)
    view = send(t, **content)
    assert state(t) == before
    assert view["message"]["tone"] == "error" and ("refused" in view["message"]["text"] or "does not know" in view["message"]["text"])


def test_the_page_sets_no_value_of_the_table() -> None:
    t = table()
    before, seq = state(t), t.view["seq"]
    sent: list[Any] = []
    t.send_state = lambda key=None: sent.append(key)  # type: ignore[method-assign]
    t.set_state({"view": {"hand": []}})
    assert state(t) == before and t.view["hand"] and t.view["seq"] == seq + 1
    assert sent[0] == ["view"] and "cannot set the table's view" in t.view["message"]["text"]


def test_a_handler_that_fails_puts_the_game_back_and_says_so(monkeypatch: pytest.MonkeyPatch) -> None:
    t = table()
    s = t.session
    s.select(index=0)
    before = state(t)

    def broken(*args: Any, **kwargs: Any) -> bool:
        s.selected = [1]
        s.history.append(s.match)
        s.stuck = "broken"
        raise ZeroDivisionError("a broken gesture")

    monkeypatch.setattr(s, "undo", broken)
    view = send(t, action="undo")
    assert state(t) == before and s.stuck == ""
    assert view["message"]["text"] == "That did not work (ZeroDivisionError: a broken gesture); the table is as it was."
    monkeypatch.undo()
    assert send(t, action="undo")["selected"] == []  # and the table goes on


def test_a_gesture_whose_view_cannot_be_sent_is_taken_back(monkeypatch: pytest.MonkeyPatch) -> None:
    t = table()
    before = state(t)
    monkeypatch.setattr(t.session, "set_level", lambda level: t.session.say("now \udcff"))
    view = send(t, action="level", level="Easy")
    assert state(t) == before and "cannot be sent to the page" in view["message"]["text"]


def test_a_lesson_handler_that_fails_puts_the_lesson_and_its_store_back(monkeypatch: pytest.MonkeyPatch) -> None:
    store = MemoryStore()
    t = LessonTable(store=store, pause=0, background=False)
    s = t.lessons
    lesson, kept = s.lesson.id, dict(store.data)

    def half_done() -> None:
        s.tutorial.next()  # the tutorial moves on and saves, then the table is not set up: it fails
        raise RuntimeError("half done")

    monkeypatch.setattr(s, "next", half_done)
    view = send(t, action="lesson", do="next")
    assert s.lesson.id == lesson and view["lesson"]["lesson"] == lesson and store.data == kept
    assert "half done" in view["lesson"]["feedback"]["text"] and "as it was" in view["message"]["text"]
