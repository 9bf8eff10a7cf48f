"""The card table widget in plain pytest: build it, send it the messages its ES module sends, read its view.

Without a running event loop (here) the widget answers at once: the bots move and hints are computed before
the message handler returns. Inside an event loop (Jupyter, Voila) the same gestures are answered after the
pause, the work running in a thread while the view says the table is busy: one test runs it so.
"""

from __future__ import annotations

import asyncio
import json
import subprocess
import sys
from pathlib import Path

from positions import gift
from widget_messages import send

import expeditions as ex
from expeditions.session import Session
from expeditions.widgets import CardTable, card_table
from expeditions.widgets.card_table import STATIC

ROOT = Path(__file__).resolve().parent.parent

HOOKS = ("hand-card", "expedition", "discard-pile", "deck", "status", "hint", "undo", "review", "new-game", "continue",
         "level", "round-over", "games-button", "practice-badge", "replay-next", "replay-back", "games-panel",
         "games-menu-button", "level-note")
"""The ``data-testid`` hooks the issue names (browser tests outside the project use them)."""


def practice(**options: object) -> CardTable:
    return CardTable(pause=0, level="Random (practice)", seed=options.pop("seed", 5), **options)  # type: ignore[arg-type]


def test_the_table_ships_its_module_and_styles_and_names_every_hook():
    js = (STATIC / "card_table.js").read_text(encoding="utf-8")
    css = "\n".join((STATIC / name).read_text(encoding="utf-8") for name in ("card_table.css", "your_games.css"))
    assert "export default { render }" in js and "import " not in js.split("export default")[0].split("\n", 12)[-1]
    assert "http://" not in js + css and "https://" not in js + css  # nothing fetched
    for hook in HOOKS:
        assert f'"data-testid": "{hook}"' in js or f'"{hook}", ' in js or f'ctx, "{hook}")' in js, hook
    table = practice()
    assert table._esm == js and table._css == css


def test_a_turn_is_two_gestures_and_the_bot_answers():
    table = practice()
    view = table.view
    assert view["turn"] == "you" and view["busy"] == "" and len(view["hand"]) == 6
    card = next(c for c in view["hand"] if c["playable"])
    view = send(table, action="select", index=card["index"], card=card["face"]["card"])
    assert view["selected"] == [card["index"]]
    columns = [e for s in view["sides"] if s["role"] == "you" for e in s["expeditions"] if e["legal"]]
    assert [e["suit"] for e in columns] == [card["face"]["suit"]]
    view = send(table, action="expedition", suit=card["face"]["suit"])
    assert view["pending"] == "play" and view["deck"]["legal"]
    view = send(table, action="deck")
    rnd = table.session.round
    assert rnd.moves[0] == ex.Move.play(card["face"]["card"], "deck") and len(rnd.moves) == 2  # the bot answered
    assert view["turn"] == "you" and view["last_moves"][0]["name"] == "Opponent"
    assert view["message"]["text"].startswith(f"You laid {card['face']['label']} and drew ")
    assert view["last_moves"][0]["words"] in view["message"]["text"]


def test_a_pile_click_discards_first_and_draws_second_and_a_drop_lays_in_one_gesture():
    table = practice(seed=9)
    s = table.session
    hand = s.hand
    view = send(table, action="drop", index=0, target="discard", suit=hand[0].suit)
    assert view["pending"] == "discard"
    pile = next(p for p in view["piles"] if p["suit"] == hand[0].suit)
    assert pile["pending"] == str(hand[0]) and [c["card"] for c in pile["cards"]][-1] == str(hand[0])
    view = send(table, action="pile", suit=hand[0].suit)  # your own discard: refused, in the rules' words
    assert view["message"]["tone"] == "error" and "you cannot draw the card you discarded" in view["message"]["text"]
    assert view["message"]["quote"] == s.rules.quote("draw")
    send(table, action="deck")
    assert s.round.moves[0] == ex.Move.discard(hand[0], "deck")


def test_keys_and_typed_moves_send_the_same_gestures():
    table = practice(seed=2)
    s = table.session
    move = next(m for m in s.round.legal_moves() if m.kind == "play" and m.draw == "deck")
    index = s.hand.index(move.card)
    send(table, action="select", index=index)  # the number key
    send(table, action="lay", target="expedition")  # P
    send(table, action="deck")  # Enter
    assert s.round.moves[0] == move
    send(table, action="undo")  # U
    assert s.round.moves == ()
    view = send(table, action="move", text=str(move))
    assert s.round.moves[0] == move and view["turn"] == "you"
    view = send(table, action="move", text="draw a card")
    assert view["message"]["tone"] == "error" and "is not a move" in view["message"]["text"]


def test_every_answer_is_sent_even_when_nothing_changes():
    table = practice()
    first = send(table, action="deck")["seq"]
    again = send(table, action="deck")
    assert again["seq"] == first + 1 and again["message"]["text"].startswith("First lay a card")


def test_hint_undo_review_continue_and_a_new_game():
    table = practice(seed=4)
    s = table.session
    view = send(table, action="hint")
    hint = view["hint"]
    assert hint and hint["lines"] and [c["face"]["card"] for c in view["hand"] if c["hint"]] == [hint["card"]]
    while not s.round.is_over:
        send(table, action="move", text=str(s.round.legal_moves()[0]))
    view = table.view
    over = view["round_over"]
    assert over["number"] == 1 and over["next"] == "Continue" and view["can_review"]
    assert [b["total"] for b in over["sides"]] == list(s.round.scores())
    view = send(table, action="continue")
    assert view["round_over"] is None and view["round_number"] == 2 and s.match.round_number == 2
    view = send(table, action="new_game", rules="lost-cities", level="Easy", colours="two")
    assert view["confirm_new"] and s.rules.name == "expeditions"  # a game in progress: asked first
    view = send(table, action="new_game", rules="lost-cities", level="Easy", colours="two")
    assert s.rules.name == "lost-cities" and s.level == "Easy" and view["palette"] == "lost-cities"
    assert view["level"] == "Easy" and view["colours"] == "two"


def test_level_and_colours_change_at_once():
    table = practice()
    assert send(table, action="level", level="Hard")["level"] == "Hard"
    assert send(table, action="colours", colours="two")["palette"] == "two"
    view = send(table, action="level", level="Grandmaster")
    assert view["level"] == "Hard" and "no opponent 'Grandmaster'" in view["message"]["text"]
    assert send(table, action="dance")["message"]["text"] == "The table does not know the gesture 'dance'."


def test_save_sends_the_record_to_the_browser_and_load_takes_it_back(monkeypatch):
    table = practice(seed=3)
    s = table.session
    send(table, action="move", text=str(s.round.legal_moves()[0]))
    sent: list[dict] = []
    monkeypatch.setattr(table, "send", sent.append)
    send(table, action="save")
    (record,) = sent
    assert record["type"] == "record" and record["name"] == "expeditions-expeditions-seed3-round1.json"
    assert ex.loads(record["text"]).to_json() == s.match.to_json()
    assert json.loads(record["text"])["session"]["level"] == "Random (practice)"
    send(table, action="undo")
    view = send(table, action="load", name="my-game.json", text=record["text"])
    assert view["message"]["text"].startswith("Loaded my-game.json: ") and s.to_json() == record["text"]


def test_a_table_at_a_position_and_its_static_view():
    pos = ex.position("expeditions", hands=["7H 10H JH 5S QD 2C", None], expeditions=[{"H": "9H"}, {"S": "4S"}],
                      piles={"D": "3D 8D"}, seed=1)
    table = CardTable.at(pos, pause=0)
    assert [c["face"]["card"] for c in table.view["hand"]] == [str(c) for c in pos.hand(0)]
    data, _ = table._repr_mimebundle_()
    assert "application/vnd.jupyter.widget-view+json" in data and "your hand" in data["text/html"]
    assert isinstance(card_table("expeditions-solo", pause=0), CardTable)


def test_in_an_event_loop_the_bot_answers_after_the_pause_while_the_table_is_busy():
    async def play() -> list[str]:
        table = CardTable(pause=0.05, level="Normal", seed=6, session=Session(level="Normal", seed=6))
        s = table.session
        busy: list[str] = []
        table.observe(lambda change: busy.append(change["new"]["busy"]), names="view")
        send(table, action="move", text=str(s.round.legal_moves()[0]))
        assert table.view["busy"] == "bot" and len(s.round.moves) == 1  # not yet: the pause comes first
        for _ in range(200):
            await asyncio.sleep(0.02)
            if not s.bots_to_move and s.job is None:
                break
        assert len(s.round.moves) == 2 and table.view["busy"] == "" and table.view["turn"] == "you"
        send(table, action="hint")
        assert table.view["busy"] == "hint"  # at once: the hint is worked out in a thread
        for _ in range(500):
            await asyncio.sleep(0.02)
            if s.job is None:
                break
        assert table.view["hint"] is not None and table.view["busy"] == ""
        return busy

    busy = asyncio.run(play())
    assert busy[:3] == ["bot", "bot", ""] and "hint" in busy


def test_importing_the_widgets_does_not_import_altair():
    code = "import sys, expeditions.widgets; print(sorted(m for m in ('altair', 'jsonschema', 'numpy') if m in sys.modules))"
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=ROOT)
    assert result.stdout.strip() == "[]"
    # the charts are still there, imported when first used
    code = "import sys, expeditions.widgets as w; w.value_chart; print('altair' in sys.modules)"
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=ROOT)
    assert result.stdout.strip() == "True"


def test_in_an_event_loop_the_review_fills_in_move_by_move():
    made = ex.bots.play_out(gift(), [ex.bots.Heuristic(1), ex.bots.Heuristic(2)])  # a short round, played out

    async def review() -> list[tuple[str, int | None, bool | None]]:
        table = CardTable.at(made, pause=0, level="Normal")
        shown: list[tuple[str, int | None, bool | None]] = []
        table.observe(lambda change: shown.append((change["new"]["busy"], *(
            (change["new"]["review"]["done"], change["new"]["review"]["complete"]) if change["new"]["review"] else (None, None)))),
            names="view")
        send(table, action="review")
        assert table.view["busy"] == "review" and table.view["review"] is None  # at once: the work runs in a thread
        for _ in range(1000):
            await asyncio.sleep(0.02)
            if table.session.job is None:
                break
        return shown

    shown = asyncio.run(review())
    mine = sum(1 for i in range(len(made.moves)) if i % 2 == 0)
    steps = [(done, complete) for busy, done, complete in shown if busy == "review" and done is not None]
    assert steps == [(i, False) for i in range(mine)] + [(mine, True)]  # every step shown while the table is busy
    assert shown[-1] == ("", mine, True)
