"""The golden views: the seeded gesture scripts of ``golden_views.py`` replayed on fresh sessions must give, gesture
by gesture, the results and the views recorded in ``fixtures/golden_views.json`` (recorded before the session
was rearranged into rooms; the oracle is the table as it was, not the code under test)."""

from __future__ import annotations

import json

import pytest
from golden_views import FIXTURE, SESSIONS, replay, views

ENTRIES = json.loads(FIXTURE.read_text(encoding="utf-8"))


def test_the_fixture_holds_every_script() -> None:
    assert [entry["session"] for entry in ENTRIES] == list(SESSIONS)
    gestures = {step["do"] for entry in ENTRIES for step in entry["steps"]}
    assert {"select", "lay", "drop", "draw", "submit", "undo", "hint", "next_round", "save_load", "show_review",
            "pass_cards", "new_game", "answer", "show_me", "next", "back", "skip"} <= gestures
    assert any(step["result"] is False for entry in ENTRIES for step in entry["steps"])  # refused gestures too


@pytest.mark.parametrize("entry", ENTRIES, ids=[entry["session"] for entry in ENTRIES])
def test_every_gesture_gives_the_recorded_view(entry: dict) -> None:
    for number, ((step, result, view), recorded) in enumerate(zip(replay(entry), views(entry), strict=True)):
        where = f"{entry['session']} step {number}: {step['do']} {step.get('args', '')}{step.get('kwargs', '')}"
        assert result == step["result"], where
        changed = sorted(key for key in recorded if view.get(key) != recorded[key])
        assert view == recorded, f"{where}: {changed} differ"
