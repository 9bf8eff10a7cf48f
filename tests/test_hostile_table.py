"""Hostile input at the table, finding by finding: what a record, a restore message, a field of the explorer or a
gesture from the page could do to a session before, and what it does now (each test failed on the code before its
fix). The seeded fuzz of every widget is ``test_hostile_widgets``."""

from __future__ import annotations

import json
from typing import Any

from hostile import cards_once, outcome
from widget_messages import send

from expeditions.session import Session
from expeditions.widgets import CardTable


def table(**options: Any) -> CardTable:
    return CardTable(pause=0, background=False, seed=options.pop("seed", 3), **options)


def record_with(session: Session, **settings: Any) -> str:
    data = json.loads(session.to_json())
    data["session"] = settings
    return json.dumps(data)


# --- finding 6: a record's seat ------------------------------------------------------------------------------------
def test_a_record_whose_seat_is_true_loads_you_at_a_seat_and_every_gesture_works() -> None:
    s = Session(seed=3)
    found = outcome(lambda: s.load_json(record_with(s, seat=True)))
    assert found.value is True and type(s.seat) is int and s.seat == 0
    assert "its seat True is not one of the table's: you sit at seat 0" in s.last_message
    assert s.select(index=0) and s.lay("discard") and s.draw("deck")
    cards_once(s.round)
    assert s.new_game(confirm=True) and s.seat == 0


def test_at_the_table_a_record_whose_seat_is_true_leaves_every_gesture_working() -> None:
    t = table()
    send(t, action="load", name="seat.json", text=record_with(t.session, seat=True, level="Easy"))
    assert t.session.seat == 0 and t.session.level == "Easy"
    for gesture in ({"action": "select", "index": 0}, {"action": "undo"}, {"action": "new_game", "confirm": True}):
        view = send(t, **gesture)
        assert view["message"] is None or view["message"]["tone"] != "error", view["message"]
