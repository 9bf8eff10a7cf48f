"""The game session below the card table, driven as a person drives it: select a card, lay it, draw; pass two
cards; undo; hint; save and load; continue to the next round. Every rule set of ``ex.PRESETS``.

The oracles are written here, apart from the code under test: the laying rule straight from the rule document
("An expedition only goes up. Each number must be higher than the highest number already in it." "Investments go
down first ... Once it holds a number, it takes no more investments."), the engine's ``Match`` played with the
same moves, and records replayed by ``ex.loads``.
"""

from __future__ import annotations

import json
import random
from collections import Counter

import pytest

import expeditions as ex
from expeditions.advice import DEFAULT_LEVEL, LEVELS
from expeditions.bots import BOTS
from expeditions.session import COLOURS, RECORD_KEY, Session, symbolize
from expeditions.words import LETTER_CARD, card_words, cards_words

PRESETS = list(ex.PRESETS)


def may_lay(card: ex.Card, laid: tuple[ex.Card, ...]) -> bool:
    """The laying rule as document 001 words it (written here, apart from the engine)."""
    numbers = [c.value for c in laid if not c.is_investment]
    if card.is_investment:
        return not numbers
    return card.value > max(numbers, default=0)


def gesture(session: Session, move: ex.Move) -> None:
    """Make ``move`` the way a person does at the table: the card, its target, then the draw (or the pass)."""
    hand = session.hand
    if move.kind == "pass":
        assert session.start_passing()
        first, second = move.cards
        i = hand.index(first)
        j = next(k for k, c in enumerate(hand) if c == second and k != i)
        assert session.select(index=i) and session.select(index=j)
        assert session.view().pass_legal
        assert session.pass_cards(), session.last_message
        return
    assert session.select(move.card), session.last_message
    view = session.view()
    target = "expedition" if move.kind == "play" else "discard"
    assert session.lay(target, move.card.suit), session.last_message
    if move.draw is not None:
        view = session.view()
        assert view.pending == move.kind and view.deck.legal == (move.draw == "deck" or view.deck.legal)
        assert session.draw(move.draw), session.last_message


def person_moves(session: Session, rng: random.Random) -> int:
    """Play your moves by gestures until the round is over (the bots answer after each); returns how many."""
    made = 0
    while not session.round.is_over:
        assert session.your_turn and not session.bots_to_move
        moves = session.round.legal_moves()
        plays = [m for m in moves if m.kind == "play"]
        move = rng.choice(plays if plays and rng.random() < 0.6 else moves)
        gesture(session, move)
        assert session.round.moves[len(session.round.moves) - 1 - _answers(session)] == move
        session.settle()
        made += 1
    return made


def _answers(session: Session) -> int:
    """How many moves the others have made since your last one."""
    return len(session.view().last_moves)


def quick(rules: str, **options: object) -> Session:
    """A session against the Random practice bots (fast), seat 0."""
    return Session(rules, level="Random (practice)", seed=options.pop("seed", 3), **options)  # type: ignore[arg-type]


# --- the opponents ---------------------------------------------------------------------------------------
def test_opponents_are_named_by_strength_and_normal_is_the_default():
    assert list(LEVELS) == ["Easy", "Normal", "Hard", "Random (practice)"]
    assert DEFAULT_LEVEL == "Normal" and Session(seed=1).level == "Normal"
    assert (LEVELS["Easy"], LEVELS["Normal"], LEVELS["Hard"], LEVELS["Random (practice)"]) == (
        ex.bots.Beginner, ex.bots.Heuristic, ex.advice.Hard, ex.bots.RandomBot)
    assert list(BOTS) == ["Random", "Beginner", "Heuristic", "Expert"]  # the classes keep their names
    with pytest.raises(ex.ExpeditionsError, match="no opponent 'Expert'"):
        Session(level="Expert")


# --- whole rounds and matches by gestures, every rule set -----------------------------------------------
@pytest.mark.parametrize("name", PRESETS)
def test_a_whole_match_by_gestures(name):
    session = quick(name, seed=11)
    rules = session.rules
    rng = random.Random(5)
    twin = ex.new_match(rules, 11)  # the engine alone, given the same moves: the oracle of the position
    rounds = 0
    while True:
        session.settle()
        made = person_moves(session, rng)
        rnd = session.round
        rounds += 1
        assert rnd.is_over and made == sum(1 for i in range(len(rnd.moves)) if _seat(rnd, i) == session.seat)
        for move in rnd.moves:
            twin = twin.play(move)
        assert twin.current.scores() == rnd.scores() and twin.totals == session.match.totals
        over = session.view().round_over
        assert over is not None and over.number == rounds
        for side, breakdown in enumerate(over.sides):
            assert breakdown.total == rnd.scores()[side] == sum(line.total for line in breakdown.lines)
            for line in breakdown.lines:
                expedition = rnd.expedition(side, line.suit)
                assert [c.card for c in line.cards] == [str(c) for c in expedition]
                if expedition:
                    assert line.explain == ex.score_breakdown(expedition, rules).explain()
        assert over.match[-1].scores == session.match.totals
        if session.match.is_over:
            assert over.next == "New game" and over.match_over
            break
        assert over.next == "Continue" and session.next_round()
        twin = twin.next_round()
        assert session.round.deck == twin.current.deck and session.round.hands == twin.current.hands
    assert rounds == session.match.rounds_to_play
    assert ex.loads(session.to_json()).to_json() == twin.to_json()


def _seat(rnd: ex.Round, index: int) -> int:
    start = rnd.start
    first = start.starter if isinstance(start, ex.Deal) else start.to_move
    return (first + index) % rnd.rules.players


@pytest.mark.parametrize("name", PRESETS)
def test_the_view_marks_exactly_the_legal_targets_and_draws(name):
    session = quick(name, seed=4)
    rng = random.Random(2)
    for _ in range(8):
        session.settle()
        if session.round.is_over:
            break
        view = session.view()
        rnd, rules = session.round, session.rules
        mine = rules.side_of(session.seat)
        hand = rnd.hand(session.seat)
        for card_view in view.hand:  # a card that cannot be laid is dimmed (the rule, from the document)
            card = ex.card(card_view.face.card)
            assert card_view.playable == may_lay(card, rnd.expedition(mine, card.suit)), card
        index = rng.randrange(len(hand))
        card = hand[index]
        assert session.select(index=index)
        view = session.view()
        mine_view = next(s for s in view.sides if s.role == "you")
        legal_columns = {e.suit for e in mine_view.expeditions if e.legal}
        assert legal_columns == ({card.suit} if may_lay(card, rnd.expedition(mine, card.suit)) else set())
        assert {p.suit for p in view.piles if p.legal} == {card.suit}  # a card may always be discarded
        assert not view.deck.legal and all(not e.legal for s in view.sides if s.role != "you" for e in s.expeditions)
        kind = "play" if legal_columns and rng.random() < 0.7 else "discard"
        assert session.lay("expedition" if kind == "play" else "discard")
        if session.round.deck_size == 0:
            continue  # the solitaire after the deck: laying was the whole turn
        view = session.view()
        sources = {m.draw for m in rnd.legal_moves() if m.kind == kind and m.card == card}
        assert {p.suit for p in view.piles if p.legal} | ({"deck"} if view.deck.legal else set()) == sources
        if rules.draw_from_piles:  # your own discard is not a legal draw
            assert kind == "play" or not next(p for p in view.piles if p.suit == card.suit).legal
        assert session.draw(rng.choice(sorted(sources)))


# --- refusals -------------------------------------------------------------------------------------------
POSITION = ex.position("expeditions", hands=["7H 10H JH 5S QD 2C", None], expeditions=[{"H": "9H"}, {"S": "4S"}],
                       piles={"D": "3D 8D"}, seed=1)


def test_a_refused_gesture_says_why_in_the_rules_words_and_changes_nothing():
    session = Session.at(POSITION, level="Random (practice)")
    before = session.to_json(), session.hand
    assert session.select("7H")
    assert not session.play()
    message = session.message
    assert message is not None and message.tone == "error"
    assert message.text == ("Not allowed: the 7 cannot follow your 9 in hearts: an expedition only goes up, each number "
                            "higher than the last.")
    assert message.quote == ex.rules("expeditions").quote("ascending") and message.document == "001"
    assert session.select("JH") and not session.lay("expedition")
    assert "investments must come before the first number" in session.last_message
    assert session.select("QD") and session.lay("discard", "D")
    assert not session.draw("D")
    assert session.last_message == "Not allowed: you cannot draw the card you discarded this turn (Q♦)."
    assert session.undo() and session.pending is None  # the half-turn goes back into the hand
    assert session.select("5S") and not session.lay("expedition", "H")
    assert session.last_message == "5♠ goes only on its own suit's expedition, the ♠ one."
    assert not session.draw("deck") and session.last_message.startswith("First lay 5♠ on its expedition")
    assert not session.submit("play KS, draw deck")
    assert session.last_message.startswith("Not allowed: you do not hold K♠")
    assert not session.submit("lay it down") and "is not a move" in session.last_message
    assert (session.to_json(), session.hand) == before


def test_out_of_turn_and_after_the_round_nothing_moves():
    session = Session("expeditions", level="Random (practice)", seed=2)
    session.match = session.match.play(session.round.legal_moves()[0])  # the bot is to move: not your turn
    assert session.bots_to_move and not session.select(index=0) and session.last_message == "It is Opponent's turn."
    session.settle()
    assert session.your_turn and session.select(index=0)


# --- undo ------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("name", PRESETS)
def test_undo_takes_back_the_half_turn_then_your_move_and_the_answers(name):
    session = quick(name, seed=8)
    session.settle()
    start = session.to_json()
    seen = session.round.observation(session.seat)
    hand = session.hand
    move = next(m for m in session.round.legal_moves() if m.kind != "pass")
    assert session.select(move.card) and session.lay("expedition" if move.kind == "play" else "discard")
    assert session.pending == move.kind or session.round.deck_size == 0
    if session.pending:  # a half-turn shows nothing: it goes back whole, and the game stays rated
        assert session.undo() and session.pending is None and session.selected == [] and session.to_json() == start
        assert not session.practice and not session.view().practice
        gesture(session, move)
    session.settle()
    assert session.to_json() != start
    assert session.undo()
    # back where you were, as you saw it: your hand, the table, what you know of the others, every count; the cards
    # you have not seen are dealt afresh, and the game is practice now
    assert session.round.observation(session.seat) == seen and session.hand == hand and session.your_turn
    assert session.last_message.startswith(("Undone: you laid ", "Undone: you discarded "))
    assert "The cards you have not seen are shuffled again." in session.last_message
    assert "practice now" in session.last_message and session.practice and session.view().practice
    assert ex.loads(session.to_json()).to_json() == session.match.to_json()  # the record replays exactly
    gesture(session, move)
    session.settle()
    assert ex.loads(session.to_json()).to_json() == session.match.to_json()
    while session.undo():
        pass
    assert session.last_message == "Nothing of yours to undo."
    assert session.round.observation(session.seat) == seen and session.practice


# --- save and load ---------------------------------------------------------------------------------------
@pytest.mark.parametrize("name", PRESETS)
def test_save_and_load_mid_game_go_on_exactly(name, tmp_path):
    session = quick(name, seed=6, colours="two")
    rng = random.Random(1)
    for _ in range(3):
        session.settle()
        gesture(session, rng.choice(session.round.legal_moves()))
    session.settle()
    record = session.to_json()
    data = json.loads(record)
    assert data[RECORD_KEY] == {"seat": 0, "level": "Random (practice)", "colours": "two"}
    assert ex.loads(record).to_json() == session.match.to_json()
    path = session.save(tmp_path / "game.json")
    assert path == tmp_path / "game.json" and path.read_text(encoding="utf-8") == record

    again = Session(name, seed=99)
    assert again.load(path), again.last_message
    assert again.to_json() == record and again.level == "Random (practice)" and again.colours == "two"
    move = rng.choice(session.round.legal_moves())
    for s in (session, again):  # the loaded game goes on as the saved one: the same answers
        gesture(s, move)
        s.settle()
    assert again.to_json() == session.to_json()


def test_a_record_that_does_not_replay_changes_nothing():
    session = quick("expeditions")
    before = session.to_json()
    assert not session.load_json("{not json", source="broken.json")
    assert session.last_message.startswith("broken.json cannot be loaded: the record is not valid JSON")
    data = json.loads(before)
    data["rounds"][0]["moves"] = ["play 2H, draw deck"] * 2
    assert not session.load_json(json.dumps(data))
    assert session.to_json() == before
    assert not Session(seed=1).load("/nonexistent/game.json")


def test_a_round_record_and_a_position_go_on_as_a_match():
    session = Session.at(POSITION, seat=0, level="Random (practice)")
    assert session.hand == POSITION.hand(0) and session.round.moves == ()
    loaded = quick("expeditions")
    assert loaded.load_json(POSITION.to_json()) and loaded.hand == POSITION.hand(0)


# --- four players ------------------------------------------------------------------------------------
def test_four_players_pass_two_cards_to_the_partner():
    session = quick("expeditions-4p", seed=5)
    session.settle()
    rules = session.rules
    view = session.view()
    assert [s.name for s in view.seats] == ["You", "West", "North", "East"]
    assert [s.role for s in view.seats] == ["you", "opponent", "partner", "opponent"]
    assert [s.name for s in view.sides] == ["You and North", "West and East"]
    assert view.can_pass and "pass two cards to your partner" in view.status
    hand = session.hand
    assert session.start_passing() and session.select(index=0) and not session.view().pass_legal
    assert session.select(index=1) and session.view().pass_legal
    assert session.select(index=2)  # a third card replaces the first
    assert session.selected == [1, 2]
    passed = (hand[1], hand[2])
    assert session.pass_cards()
    assert session.round.moves[-1] == ex.Move.pass_cards(*passed)
    partner = rules.partner_of(session.seat)
    assert session.last_message.startswith(f"You passed {cards_words(session.round.moves[-1].cards)} to your partner.")
    view = session.view()
    known = Counter(c.card for c in view.seats[partner].known)
    assert Counter(map(str, passed)) <= known  # you know what your partner holds of yours
    session.settle()
    assert not session.start_passing()  # never on two of your turns in a row
    assert "cannot pass on two of your turns in a row" in session.last_message
    assert session.message is not None and session.message.quote == rules.quote("pass")


def test_passing_is_refused_outside_the_four_player_game():
    session = quick("expeditions")
    assert not session.start_passing() and "no passing" in session.last_message


# --- the solitaire -------------------------------------------------------------------------------------
def test_the_solitaire_plays_on_after_the_deck_and_laying_completes_the_turn():
    session = Session("expeditions-solo", seed=3)
    rules = session.rules
    assert rules.play_on_after_deck and session.view().solitaire and len(session.view().sides) == 1
    while session.round.deck_size:
        move = next(m for m in session.round.legal_moves() if m.kind == "discard")
        gesture(session, move)
    hand = session.hand
    assert hand and not session.round.is_over
    card = hand[0]
    assert session.select(card) and session.lay("discard")
    assert session.round.moves[-1] == ex.Move.discard(card, None) and session.pending is None
    assert session.last_message == f"You discarded {card_words(card)}."
    removed = next(p for p in session.view().piles if p.suit == card.suit)
    assert card_words(card) in [c.label for c in removed.cards]  # the discards (out of the game) show where they went
    while not session.round.is_over:
        gesture(session, session.round.legal_moves()[0])
    assert session.round.end_reason == "hand-empty" and session.view().round_over is not None


# --- hints and reviews -------------------------------------------------------------------------------------
# (hints and reviews on the table: tests/test_session_help.py)


def test_a_result_for_a_position_that_has_moved_on_is_dropped():
    session = Session("expeditions", seed=7, level="Random (practice)")
    job = session.start_hint()
    assert job is not None and session.busy == "hint"
    result = job.compute()
    session.job = None  # as if an Undo or a new game had come first
    session.new_game(seed=8, confirm=True)
    assert not session.finish(job, result) and session.hint_result is None


def test_a_failing_bot_stops_with_a_message_and_another_opponent_goes_on():
    class Broken:
        name = "Broken"

        def __init__(self, seed: int) -> None:
            pass

        def choose(self, observation: ex.Observation) -> ex.Move:
            raise RuntimeError("no idea")

    session = Session("expeditions", seed=2, levels={"Broken": Broken, **LEVELS}, level="Broken")
    gesture(session, session.round.legal_moves()[0])
    session.settle()
    assert session.stuck.startswith("The Broken bot could not move (RuntimeError: no idea)")
    assert not session.bots_to_move and session.view().status == session.stuck
    assert session.set_level("Random (practice)") and session.settle() == 1 and session.your_turn


# --- words ----------------------------------------------------------------------------------------------
def test_a_person_reads_symbols_and_colour_names_never_letters():
    assert card_words(ex.card("10H")) == "10♥" and card_words(ex.card("JS")) == "J♠"
    assert card_words(ex.card("7Y")) == "yellow 7" and card_words(ex.card("KW")) == "white K"
    lost = ex.rules("lost-cities")
    assert symbolize("opens yellow with 7Y, 8Y to follow; you do not hold KH", lost) == \
        "opens yellow with yellow 7, yellow 8 to follow; you do not hold KH"  # H is no colour of Lost Cities
    assert symbolize("take 10H and 2C; a 10 and 2 are numbers", ex.rules()) == "take 10♥ and 2♣; a 10 and 2 are numbers"
    for name in PRESETS:
        session = quick(name, seed=9)
        rng = random.Random(3)
        for _ in range(6):
            session.settle()
            if session.round.is_over:
                break
            gesture(session, rng.choice(session.round.legal_moves()))
        view = session.view().to_dict()
        shown = [view["status"], view["message"]["text"], *view["log"], *(m["words"] for m in view["last_moves"])]
        assert not [text for text in shown if LETTER_CARD.search(text)], name


def test_the_view_is_plain_json():
    for name in PRESETS:
        view = quick(name).view().to_dict()
        assert json.loads(json.dumps(view)) == json.loads(json.dumps(view, ensure_ascii=False))
        assert {"hand", "sides", "piles", "deck", "status", "busy", "hint", "round_over"} <= set(view)


# --- settings ------------------------------------------------------------------------------------------
def test_new_game_asks_before_abandoning_a_game_and_takes_its_settings():
    session = quick("expeditions")
    assert session.new_game("lost-cities")  # nothing played yet: at once
    assert session.rules.name == "lost-cities" and session.view().palette == "lost-cities"
    gesture(session, session.round.legal_moves()[0])
    session.settle()
    assert session.new_game("expeditions-4p", level="Hard") and session.rules.name == "lost-cities"
    assert session.last_message.startswith("A game is in progress: click New game again")
    assert session.view().confirm_new
    assert session.new_game("expeditions-4p", level="Hard", colours="two")
    assert session.rules.name == "expeditions-4p" and session.level == "Hard" and session.colours == "two"
    assert not session.new_game("no-such-rules") and "there is no rule set 'no-such-rules'" in session.last_message
    assert not session.set_colours("rainbow") and session.colours in COLOURS
    assert session.set_colours("four") and session.view().palette == "four"


def test_a_table_set_up_from_a_position_saves_and_loads_back():
    start = ex.position("expeditions", hands=["7H 10H JH 5S QD 2C", None], seed=1)
    session = Session.at(start, level="Easy")
    assert session.submit("play 7H, draw deck")
    text = session.to_json()
    again = Session("expeditions", seed=3)
    assert again.load_json(text), again.last_message
    assert again.match.to_json() == session.match.to_json() and again.hand == session.hand
