"""The play table, driven from Python as a reader drives it with clicks: no browser needed."""

import datetime
import json
import subprocess
import sys
from dataclasses import dataclass

import pytest

import expeditions as ex
from expeditions.bots import LEVELS, RandomBot
from expeditions.widgets import PlayTable, play_table, seats_of_moves

# A hand-built position from the README: seat 0 holds 7H 10H JH 5S QD 2C, its hearts expedition
# holds the 9, the diamonds pile holds 3D 8D (8D on top).
POSITION = ex.position("expeditions", hands=["7H 10H JH 5S QD 2C", None], expeditions=[{"H": "9H"}, {"S": "4S"}],
                       piles={"D": "3D 8D"}, seed=1)


def at_position() -> PlayTable:
    return PlayTable.at(POSITION, seed=1)


def test_a_table_goes_on_from_a_position_or_a_round_record():
    table = PlayTable.at(POSITION)
    assert table.hand == POSITION.hand(0) and table.round.moves == ()
    loaded = PlayTable(seed=1)
    assert loaded.load_json(POSITION.to_json()) and loaded.hand == POSITION.hand(0)
    assert loaded.match.to_json() == table.match.to_json()


def snapshot(table: PlayTable) -> tuple:
    return table.match.to_json(), table.hand, table.selected


class LastMove:
    """A bot that always takes the last legal move: predictable, and unlike the Random bot."""

    name = "Last"

    def __init__(self, seed: int | None = None) -> None:
        self.seed = seed

    def choose(self, observation: ex.Observation) -> ex.Move:
        return observation.legal_moves[-1]


# --- building ----------------------------------------------------------------------------------
def test_levels_come_from_the_registry_at_run_time_and_extra_buttons_only_with_providers():
    table = PlayTable()
    assert list(table.level.options) == list(LEVELS)
    assert table.hint_button is None and table.review_button is None
    assert all("xp-hint" not in w._dom_classes for w in table.action_row.children)
    assert "xp-table" in table._dom_classes
    assert table.round.to_move == table.seat == 0
    assert len(table.card_buttons) >= 6 and all("xp-hand-card" in b._dom_classes for b in table.card_buttons[:6])

    custom = PlayTable(levels={"Random": RandomBot, "Last": LastMove}, level="Last")
    assert list(custom.level.options) == ["Random", "Last"]
    with pytest.raises(ex.ExpeditionsError, match="no bot level 'Expert'"):
        PlayTable(level="Expert", levels={"Random": RandomBot})


def test_play_table_wires_what_the_bots_package_offers(monkeypatch):
    import expeditions.bots as bots

    monkeypatch.delattr(bots, "rank_moves", raising=False)
    monkeypatch.delattr(bots, "review", raising=False)
    assert play_table().hint_button is None
    monkeypatch.setattr(bots, "rank_moves", lambda obs, *, seed=0: [], raising=False)
    monkeypatch.setattr(bots, "review", lambda rnd, seat, *, seed=0: "ok", raising=False)
    table = play_table()
    assert table.hint_button is not None and table.review_button is not None


# --- a turn by clicks --------------------------------------------------------------------------
def test_pick_play_draw_makes_the_move_and_the_bot_answers():
    table = PlayTable(levels={"Last": LastMove}, seed=3)
    card = table.hand[0]
    table.select(card)
    assert table.selected == (card,) and "xp-selected" in table.card_buttons[0]._dom_classes
    table.discard_button.click()
    table.draw("deck")
    rnd = table.round
    assert rnd.moves[0] == ex.Move.discard(card, "deck")
    assert len(rnd.moves) == 2 and rnd.to_move == 0  # the bot answered at once
    assert table.move_log()[:2] == [f"round 1, turn 1, you: discard {card}, draw deck", f"round 1, turn 2, the bot: {rnd.moves[1]}"]
    assert "the bot:" in table.last_message and table.selected == ()
    assert str(rnd.moves[1]) in table.log_box.value


def test_an_illegal_placement_is_refused_with_the_rule_in_words_and_the_documents_quote():
    table = at_position()
    before = snapshot(table)
    table.select("7H")
    table.play_button.click()
    assert "the 7 cannot follow your 9 in hearts" in table.last_message
    assert "An expedition only goes up" in table.last_message and "xp-quote" in table.message.value
    table.select("JH")
    table.play_button.click()
    assert "investments must come before the first number" in table.last_message
    assert "Investments go down first" in table.last_message
    assert table.match.to_json() == before[0]


def test_a_refused_draw_keeps_the_choice_and_a_good_draw_completes_it():
    table = at_position()
    table.select("QD")
    table.discard_button.click()
    table.draw("D")
    assert "cannot draw the card you discarded this turn (QD)" in table.last_message
    assert "You can’t draw the card you discarded this turn" in table.last_message
    assert table.round.moves == () and table.selected == (ex.card("QD"),)
    table.draw("S")
    assert "spades pile is empty" in table.last_message and table.round.moves == ()
    table.draw("deck")
    assert table.round.moves[0] == ex.Move.parse("discard QD, draw deck")


def test_out_of_turn_and_repeated_clicks_are_ignored_with_a_message():
    table = PlayTable(seed=4)
    before = snapshot(table)
    table.deck_button.click()
    assert "first pick a card" in table.last_message
    table.play_button.click()
    assert "pick one card" in table.last_message
    table.next_round_button.click()
    assert "still being played" in table.last_message
    table.undo_button.click()
    assert "nothing of yours to undo" in table.last_message
    assert snapshot(table) == before
    table.select(table.hand[0])
    table.discard_button.click()
    table.discard_button.click()
    assert "already chose to discard" in table.last_message
    table.deck_button.click()
    after = table.match.to_json()
    table.deck_button.click()  # a second click on the same draw: no move is made twice
    assert "first pick a card" in table.last_message and table.match.to_json() == after


def test_clicking_a_selected_card_puts_it_back():
    table = PlayTable(seed=4)
    table.select(table.hand[2])
    table.card_buttons[2].click()
    assert table.selected == () and "put back" in table.last_message


def test_typed_moves_go_through_the_same_checks():
    table = at_position()
    table.move_entry.value = "play 7H, draw deck"
    table.go_button.click()
    assert "cannot follow" in table.last_message and table.move_entry.value == "play 7H, draw deck"
    table.move_entry.value = "jump 7H"
    table.go_button.click()
    assert "is not a move" in table.last_message
    table.move_entry.value = "play 10H, draw pile D"
    table.go_button.click()
    assert table.round.moves[0] == ex.Move.parse("play 10H, draw pile D") and table.move_entry.value == ""


# --- undo, rounds, the match -------------------------------------------------------------------
def test_undo_takes_back_your_move_and_the_bots_answers_which_come_again_the_same():
    table = PlayTable(seed=8)
    first = table.round.legal_moves()[0]
    table.submit(first)
    answered = table.round.moves
    hand_after = table.hand
    table.submit(table.round.legal_moves()[-1])
    assert table.undo()
    assert table.round.moves == answered and table.hand == hand_after
    assert table.undo()
    assert table.round.moves == () and "undone: your" in table.last_message
    table.submit(first)
    assert table.round.moves == answered  # the bots' choices depend on the seed, round and turn only


def test_a_round_ends_with_a_breakdown_and_the_match_goes_on_round_by_round():
    table = PlayTable(seed=5, rounds=2)
    assert table.match.rules.rounds == 2
    table.autoplay(whole_match=False)
    rnd = table.round
    assert rnd.is_over and not table.match.is_over
    assert "Round 1 is over" in table.breakdown.value and "total" in table.breakdown.value
    assert table.next_round_button.layout.display == "" and table.end_row.layout.display == ""
    table.card_buttons[0].click()
    assert "round 1 is over" in table.last_message
    assert table.next_round()
    assert table.match.round_number == 2 and table.breakdown.value == ""
    table.autoplay()
    assert table.match.is_over
    assert not table.next_round() and "match is over" in table.last_message
    assert table.next_round_button.layout.display == "none"
    assert [line for line in table.move_log() if " over (" in line][-1].startswith("round 2 over")
    table.new_game_button.click()  # a finished match: no confirmation needed
    assert table.match.round_number == 1 and table.round.moves == ()


def test_new_game_needs_a_second_click_while_a_game_is_in_progress():
    table = PlayTable(seed=6)
    table.submit(table.round.legal_moves()[0])
    played = table.match.to_json()
    table.rule_set.value = "lost-cities"
    table.new_game_button.click()
    assert table.match.to_json() == played and "click New game again" in table.last_message
    table.new_game_button.click()
    assert table.rules.name == "lost-cities" and table.round.moves == ()
    assert len(table.pile_buttons) >= 5 and table.pile_buttons["Y"].layout.display == ""


# --- every rule set -------------------------------------------------------------------------------
@pytest.mark.parametrize("name", sorted(ex.PRESETS))
def test_every_rule_set_plays_to_the_end_of_a_round(name):
    table = PlayTable(name, seed=9)
    table.autoplay(whole_match=False)
    rnd = table.round
    assert rnd.is_over and "Round 1 is over" in table.breakdown.value
    movers = set(seats_of_moves(rnd))
    assert movers == set(range(rnd.rules.players))


def test_solitaire_has_no_bot_no_piles_to_draw_from_and_plays_on_after_the_deck():
    table = PlayTable("expeditions-solo", seed=2)
    assert all(b.layout.display == "none" for b in table.pile_buttons.values())
    while table.round.deck_size:
        table.submit(table.round.legal_moves()[0])
    assert table.draw_row.layout.display == "none"
    card = table.hand[0]
    table.select(card)
    table.discard_button.click()  # no draw step once the deck is empty
    assert table.round.moves[-1] == ex.Move.discard(card, None)
    table.autoplay(whole_match=False)
    assert table.round.end_reason == "hand-empty" and set(seats_of_moves(table.round)) == {0}


def test_four_players_you_and_a_bot_partner_pass_cards():
    table = PlayTable("expeditions-4p", seed=2)
    assert table.pass_button.layout.display == ""
    a, b = table.hand[:2]
    table.select(a)
    table.select(b)
    table.play_button.click()
    assert "two cards are selected" in table.last_message
    table.pass_button.click()
    rnd = table.round
    assert rnd.moves[0] == ex.Move.pass_cards(a, b) and len(table.hand) == 4
    assert seats_of_moves(rnd) == [0, 1, 2, 3] and "your partner (seat 2)" in table.move_log()[2]
    table.select(table.hand[0])
    table.select(table.hand[1])
    before = table.match.to_json()
    table.pass_button.click()
    assert table.last_message.startswith("refused:") and "handing 2 cards face down" in table.last_message
    assert table.match.to_json() == before
    assert "your team" in table.side_name(0) and "opponents" in table.side_name(1)


def test_passing_is_refused_in_two_player_rules():
    table = PlayTable(seed=1)
    table.pass_button.click()
    assert "no passing" in table.last_message and table.pass_button.layout.display == "none"


# --- hints and reviews plug in ----------------------------------------------------------------------
@dataclass
class Ranked:
    move: ex.Move
    value: float
    low: float
    high: float
    reason: str


def test_hints_come_from_the_provider_given():
    seen = []

    def ranker(obs: ex.Observation) -> list[Ranked]:
        seen.append(obs)
        plays = [m for m in obs.legal_moves if m.kind == "play"]
        return [Ranked(m, 10.0 - i, 8.0 - i, 12.0 - i, "plays before discards") for i, m in enumerate(plays)]

    table = PlayTable(seed=3, hints=ranker)
    assert table.hint_button is not None and table.hint_button in table.action_row.children
    table.hint_button.click()
    assert seen[-1].seat == 0 and seen[-1].hand == table.hand
    best = next(m for m in table.round.legal_moves() if m.kind == "play")
    assert str(best) in table.hint_box.value and "+10.0 (+8.0 to +12.0)" in table.hint_box.value
    assert "plays before discards" in table.hint_box.value
    table.submit(best)
    assert table.hint_box.value == ""  # an old hint does not outlive the turn it was for


def test_review_comes_from_the_provider_after_the_round_once():
    calls = []

    class Report:
        def __init__(self, rnd, seat):
            self.text = f"{len(rnd.moves)} moves reviewed for seat {seat}"

        def _repr_html_(self):
            return f"<p class='report'>{self.text}</p>"

    def reviewer(rnd: ex.Round, seat: int) -> Report:
        calls.append(seat)
        return Report(rnd, seat)

    table = PlayTable(seed=3, review=reviewer)
    table.review_button.click()
    assert "once the round is over" in table.last_message and calls == []
    table.autoplay(whole_match=False)
    table.review_button.click()
    assert f"{len(table.round.moves)} moves reviewed for seat 0" in table.review_box.value
    table.review_button.click()
    assert calls == [0] and "already" in table.last_message


def test_the_level_chosen_answers():
    table = PlayTable(seed=7, levels={"Random": RandomBot, "Last": LastMove}, level="Random")
    table.level.value = "Last"
    table.submit(table.round.legal_moves()[0])
    bot_move = table.round.moves[1]
    replay = table.round.undo(1)
    assert bot_move == replay.legal_moves()[-1]


class Broken:
    name = "Broken"

    def __init__(self, seed: int | None = None) -> None:
        pass

    def choose(self, observation: ex.Observation) -> ex.Move:
        raise RuntimeError("out of ideas")


def test_a_failing_bot_leaves_the_table_waiting_with_the_reason_until_undo_or_another_level():
    table = PlayTable(seed=7, levels={"Broken": Broken, "Random": RandomBot})
    assert table.submit(table.round.legal_moves()[0])
    assert "the Broken bot failed to move for the bot (RuntimeError: out of ideas)" in table.last_message
    assert table.round.to_move == 1
    table.card_buttons[0].click()
    assert table.last_message.startswith("it is the turn of the bot, not yours") and table.round.to_move == 1
    assert not table.submit(table.round.legal_moves()[0])  # never a move for the bot's seat
    assert table.undo() and table.round.moves == () and table.stuck == ""
    table.submit(table.round.legal_moves()[0])
    table.level.value = "Random"
    assert table.round.to_move == 0 and len(table.round.moves) == 2 and "Random plays on" in table.last_message


# --- nothing is lost: save and load -------------------------------------------------------------------
def test_save_and_load_restore_the_game_and_it_goes_on_the_same(tmp_path):
    table = PlayTable(seed=11, levels={"Random": RandomBot, "Last": LastMove}, level="Last", rounds=2)
    table.autoplay("Random", whole_match=False)
    table.next_round()
    table.submit(table.round.legal_moves()[0])
    path = table.save(tmp_path / "game.json")
    assert "saved to" in table.last_message and "data:application/json;base64," in table.download.value
    record = json.loads(path.read_text())
    assert record["table"] == {"seat": 0, "level": "Last"}

    other = PlayTable(levels={"Random": RandomBot, "Last": LastMove})
    other.path.value = str(path)
    other.load_button.click()
    assert other.match.to_json() == table.match.to_json() and other.level.value == "Last"
    assert other.move_log() == table.move_log() and other.seed.value == 11
    move = table.round.legal_moves()[0]
    table.submit(move)
    other.submit(move)
    assert other.match.to_json() == table.match.to_json()


def test_a_bad_record_changes_nothing_and_says_why(tmp_path):
    table = PlayTable(seed=2)
    table.submit(table.round.legal_moves()[0])
    before = table.match.to_json()
    assert not table.load(tmp_path / "missing.json") and "cannot read" in table.last_message
    table.save(tmp_path / "no-such-folder" / "game.json")
    assert "cannot write" in table.last_message and "base64" in table.download.value
    record = json.loads(before)
    record["rounds"][0]["moves"][0] = "play KH, draw deck"
    assert not table.load_json(json.dumps(record))
    assert "does not replay" in table.last_message and table.match.to_json() == before


def test_an_uploaded_record_is_loaded():
    source = PlayTable(seed=12)
    source.submit(source.round.legal_moves()[0])
    table = PlayTable(seed=1)
    table.upload.value = ({"name": "game.json", "type": "application/json", "size": 1,
                           "last_modified": datetime.datetime(2024, 1, 1, tzinfo=datetime.UTC),
                           "content": memoryview(source.to_json().encode())},)
    assert table.match.to_json() == source.match.to_json() and "game.json" in table.last_message
    assert table.upload.value == ()


def test_a_script_plays_itself_and_stops_at_a_refused_move():
    table = PlayTable(seed=13)
    first = table.round.legal_moves()[0]
    assert table.play_script([first, "play KH, draw pile C", "discard 2S, draw deck"]) == 1
    assert table.last_message.startswith("refused:")


def test_the_widget_shows_as_static_html_where_widgets_cannot_run():
    table = PlayTable(seed=3)
    bundle = table._repr_mimebundle_()
    assert "application/vnd.jupyter.widget-view+json" in bundle
    assert "xp-table-snapshot" in bundle["text/html"] and "your hand" in bundle["text/html"]


def test_the_core_imports_without_ipywidgets_or_altair():
    code = ("import sys; sys.modules['ipywidgets'] = None; sys.modules['altair'] = None\n"
            "import expeditions, expeditions.bots\n"
            "expeditions.deal(seed=7).play('play 9H, draw deck')\n"
            "assert 'ipywidgets' not in [m for m, v in sys.modules.items() if v is not None]\n"
            "try:\n    import expeditions.widgets\nexcept ImportError:\n    print('widgets need ipywidgets')\n")
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert result.returncode == 0, result.stderr
    assert "widgets need ipywidgets" in result.stdout
