"""The widget fuzz: seeded random and crafted messages for every widget the page talks to (the card table with its
"Your games" panel, the lesson table, the what-if explorer, the scoring calculator), each checked as it lands.

After every message: the answer took at most a second of processor time on the kernel's thread (``hostile``'s
guard; the slow work a message starts, a hint, a review or a bot's move, runs in the table's worker thread in a
live app, and here after the message, outside the guard), the view can be sent, the round's cards are each in one
place. Every so often and at the end: the session still plays (a legal move is made and taken back), its record
replays exactly, the lesson panel and the table show the same lesson, the explorer still computes, the calculator
still scores. The draws are seeded, so every run sends the same messages.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import pytest
from fuzz import Pools, junk, message_for, value_for
from hostile import can_be_sent, cards_once, cpu_guard, replays_exactly

import expeditions as ex
from expeditions import lessons
from expeditions.lessons import MemoryStore
from expeditions.session import Session
from expeditions.widgets import CardTable, LessonTable, ScoringCalculator, WhatIfExplorer
from expeditions.widgets.door import controls_of, page_may_set

MESSAGES = 400
"""Messages sent to each widget at each seed."""
SEEDS = (1, 2)


class Deferred:
    """A table whose worker thread's part (a hint, a review, a bot's move) is done after each message, outside the
    timing guard, as the live app does it beside the kernel's thread."""

    def _later(self) -> list[Any]:
        return self.__dict__.setdefault("_queued", [])

    def _start(self, job: Any) -> None:
        if job is not None:
            self._later().append(job)

    def _advance(self) -> None:
        self._later().append(None)

    def work_off(self) -> None:
        later = self._later()
        while later:
            job = later.pop(0)
            if job is None:
                super()._advance()  # type: ignore[misc]
            else:
                super()._start(job)  # type: ignore[misc]


class FuzzedTable(Deferred, CardTable):
    pass


class FuzzedLessons(Deferred, LessonTable):
    pass


def _records() -> list[str]:
    s = Session(seed=4)
    texts = [s.to_json()]
    for name in ("expeditions-4p", "lost-cities", "expeditions-solo"):
        texts.append(Session(name, seed=2).to_json())
    broken = texts[0].replace('"moves"', '"movez"', 1)
    return [*texts, broken, texts[0][: len(texts[0]) // 2]]


RECORDS = _records()
LEVELS = ("Easy", "Normal", "Random (practice)", "Easy", "Normal", "Hard", "Expert", "")


def pools(rnd: ex.Round) -> Pools:
    """Telling texts for the table's fields, from the round on the table (its legal moves, its cards)."""
    moves = [str(m) for m in rnd.legal_moves()[:40]] if not rnd.is_over else []
    cards = [str(c) for c in rnd.rules.deck[:20]]
    suits = list(rnd.rules.suits)
    return {"*": [*cards, *suits, *LEVELS], "text": [*moves, *RECORDS, "play 7H, draw deck", "discard 2S"],
            "suit": [*suits, "X", "♥"], "level": LEVELS, "rules": [*ex.PRESETS, "chess"],
            "colours": ("standard", "colour-blind", "neon"), "name": ("game.json", "x" * 300, "g\ud800.json"),
            "key": ("1", "0", "abc"), "lesson": [ls.id for ls in lessons.path()[:4]] + ["nowhere"],
            "track": ("path", "appendix", "nope")}


def guarded(what: str, call: Callable[[], object]) -> None:
    with cpu_guard(what):
        call()


def still_plays(table: CardTable) -> None:
    """A legal move is taken and taken back at the table (when it is yours to make), and the record replays."""
    s = table.session
    table.work_off()  # type: ignore[attr-defined]
    replays_exactly(s.match)
    rnd = s.round
    if s.job is not None or rnd.is_over or rnd.to_move != s.seat or table.replay is not None:
        return
    moves = len(rnd.moves)
    move = rnd.legal_moves()[0]
    guarded("a legal move", lambda: table.act({"action": "move", "text": str(move)}))
    table.work_off()  # type: ignore[attr-defined]
    assert len(s.round.moves) > moves, table.view["message"]
    guarded("undo", lambda: table.act({"action": "undo"}))
    table.work_off()  # type: ignore[attr-defined]
    cards_once(s.round)


@pytest.mark.parametrize("seed", SEEDS)
def test_random_messages_to_the_card_table(seed: int) -> None:
    rng = random.Random(seed)
    table = FuzzedTable(pause=0, background=False, seed=seed, level="Easy")
    for k in range(MESSAGES):
        content = message_for(table.messages, rng, pools(table.shown.round))
        guarded(f"message {k} {str(content)[:80]}", lambda c=content: table.act(c))
        table.work_off()
        can_be_sent(table.view)
        cards_once(table.session.round)
        if k % 50 == 49:
            still_plays(table)
    still_plays(table)


@pytest.mark.parametrize("seed", SEEDS)
def test_random_messages_to_the_lesson_table(seed: int) -> None:
    rng = random.Random(seed)
    table = FuzzedLessons("path", keep="memory", pause=0)
    ids = {ls.id for track in (lessons.path(), lessons.appendix()) for ls in track}
    for k in range(MESSAGES):
        content = message_for(table.messages, rng, pools(table.session.round), hostile=0.2)
        guarded(f"message {k} {str(content)[:80]}", lambda c=content: table.act(c))
        table.work_off()
        view = table.view
        can_be_sent(view)
        cards_once(table.session.round)
        if table.replay is None and "lesson" in view:
            assert view["lesson"]["lesson"] in ids and view["lesson"]["lesson"] == table.session.lesson.id
    assert isinstance(table.tutorial.store, MemoryStore)
    if "lesson" not in table.view:  # the real game the lessons lead on to: its way back
        table.act({"action": "lesson", "do": "lessons"})
    table.act({"action": "lesson", "do": "go", "lesson": lessons.path()[0].id})
    assert table.view["lesson"]["lesson"] == lessons.path()[0].id


def page_sets(control: Any, state: Any) -> None:
    """A value set by the page, as the browser sends it (an ipywidgets ``update`` message)."""
    control._handle_msg({"content": {"data": {"method": "update", "state": state, "buffer_paths": []}}, "buffers": []})


def page_clicks(control: Any) -> None:
    control._handle_msg({"content": {"data": {"method": "custom", "content": {"event": "click"}}}, "buffers": []})


FORM_TEXTS = ("2H 5H KH 9S 10S QD", "2C 5C 8C", "2H 2H", "7H 8H", "banana", "20", "0", "1" * 5_000, "AH AH AH")
SLOW_BUTTONS = ("Run rollouts (model 3)",)
"""Buttons whose work is the kernel's for the time the page's slider sets (model 3 played out for up to a minute,
with its progress bar): clicked with the slider at its least."""


def tracebacks(caplog: pytest.LogCaptureFixture) -> list[str]:
    """What ipywidgets logged of a handler that raised (it catches the exception of a message's handler, and
    the page is told nothing)."""
    return [r.getMessage()[:200] for r in caplog.records if "Exception in widget method" in r.getMessage()]


def fuzz_form(form: Any, rng: random.Random, say: Callable[[], str]) -> None:
    """Random values and clicks for every control of an ipywidgets form, through the page's door."""
    for k in range(MESSAGES):
        controls = list(controls_of(form))
        control = rng.choice(controls)
        if hasattr(control, "on_click") and rng.random() < 0.6:
            if getattr(control, "description", "") in SLOW_BUTTONS:
                form.seconds.value = 1.0
            guarded(f"click {k} on {control.description!r}", lambda c=control: page_clicks(c))
            continue
        forms = page_may_set(control)
        if forms and rng.random() < 0.8:
            name = rng.choice(sorted(forms))
            state = {name: value_for(forms[name], rng, FORM_TEXTS, 0.2)}
        else:
            state = {rng.choice(("value", "index", "disabled", "description", "options", "layout")): junk(rng)}
        guarded(f"update {k} {str(state)[:80]}", lambda c=control, s=state: page_sets(c, s))
        for name in forms:
            assert forms[name].check(getattr(control, name), name) == getattr(control, name) or name == "index"
        assert isinstance(say(), str)


@pytest.mark.parametrize("seed", SEEDS)
def test_random_values_and_clicks_on_the_explorer(seed: int, caplog: pytest.LogCaptureFixture) -> None:
    rng = random.Random(seed)
    explorer = WhatIfExplorer(hand="2H 5H KH 9S 10S QD", n=2_000, time_limit=1.0, refine_seconds=1.0)
    fuzz_form(explorer, rng, lambda: explorer.last_message)
    explorer.session.stop()
    assert not tracebacks(caplog)
    assert explorer.rules.name in ex.PRESETS
    for field in explorer.fields.values():
        assert len(field.value) <= 4_000
    page_sets(explorer.rule_set, {"index": list(ex.PRESETS).index("expeditions")})
    explorer.clear()
    page_sets(explorer.fields["hand"], {"value": "2H 5H KH 9S 10S QD"})
    page_sets(explorer.model_boxes["exact"], {"value": True})
    page_clicks(explorer.go_button)
    assert explorer.values is not None, explorer.last_message


@pytest.mark.parametrize("seed", SEEDS)
def test_random_values_and_clicks_on_the_calculator(seed: int, caplog: pytest.LogCaptureFixture) -> None:
    rng = random.Random(seed)
    calc = ScoringCalculator()
    fuzz_form(calc, rng, lambda: calc.message.value)
    assert not tracebacks(caplog)
    page_sets(calc.rule_set, {"index": list(ex.PRESETS).index("expeditions")})
    page_sets(calc.text, {"value": "JH 4H 7H"})
    assert calc.cards == tuple(ex.parse_cards("JH 4H 7H")) and calc.total == ex.score_board(calc.cards, calc.rules).total
