import pytest

import expeditions as ex
from expeditions import IllegalMove, Move, PositionError, card, cards, deal, position, rules


def test_deal_one_card_at_a_time_from_the_starter():
    r = rules("expeditions")
    order = list(r.deck)  # the unshuffled deck, top card first
    rnd = deal(r, deck=order, starter=1)
    assert rnd.hand(1) == tuple(sorted(order[0:12:2], key=lambda c: (r.suits.index(c.suit), c.value)))
    assert set(rnd.hand(0)) == set(order[1:12:2])
    assert rnd.deck == tuple(order[12:]) and rnd.deck_size == 36
    assert rnd.to_move == 1 and rnd.turn == 0 and not rnd.is_over


def test_deal_from_a_seed_is_reproducible():
    assert deal(seed=7).hands == deal(seed=7).hands
    assert deal(seed=7).deck == deal(seed=7).deck
    assert deal(seed=7).deck != deal(seed=8).deck


def test_solitaire_sets_aside_the_top_24_first():
    r = rules("expeditions-solo")
    order = list(r.deck)
    rnd = deal(r, deck=order)
    assert rnd.set_aside == tuple(order[:24])
    assert set(rnd.hand(0)) == set(order[24:30])
    assert rnd.deck == tuple(order[30:])


def test_bad_deck_orders():
    with pytest.raises(PositionError, match=r"missing: .*10C"):
        deal(deck=list(rules().deck)[:-1])
    with pytest.raises(PositionError, match="AH"):
        deal(deck=list(rules().deck)[:-1] + [card("AH")])
    with pytest.raises(ValueError, match="starter 2 is not a seat"):
        deal(seed=1, starter=2)


def test_draw_takes_the_top_of_the_deck():
    rnd = deal(seed=3)
    top = rnd.deck[0]
    move = next(m for m in rnd.legal_moves() if m.draw == "deck")
    after = rnd.play(move)
    assert top in after.hand(0) and after.deck == rnd.deck[1:]
    assert after.to_move == 1 and after.turn == 1


# --- refused moves, one for every rule -----------------------------------------------------------
@pytest.fixture
def table():
    """Seat 0 to move; seat 0 has hearts 9 and a spades investment, seat 1 spades 4."""
    return position(
        "expeditions",
        hands=["7H 10H JH 5S QD 2C", None],
        expeditions=[{"H": "9H", "S": "KS"}, {"S": "4S"}],
        piles={"D": "3D 8D", "C": ""},
        seed=1,
    )


@pytest.mark.parametrize(
    "move, rule, says",
    [
        ("play 7H, draw deck", "ascending", "the 7 cannot follow your 9 in hearts"),
        ("play JH, draw deck", "investments", "investments must come before the first number: your hearts expedition already holds the 9"),
        ("discard 5S, draw pile S", "draw", "you cannot draw the card you discarded this turn (5S)"),
        ("discard QD, draw pile D", "draw", "you cannot draw the card you discarded this turn (QD)"),
        ("play 10H, draw pile C", "draw", "the clubs pile is empty"),
        ("play 2S, draw deck", "not-in-hand", "you do not hold 2S"),
        ("play AH, draw deck", "not-in-deck", "AH is not a card of the expeditions rules"),
        ("play 10H", "turn", "every turn is a play and a draw"),
        ("pass 7H 10H", "no-passing", "have no passing"),
        ("play 5R, draw deck", "not-in-deck", "5R is not a card"),
        ("play 10H, draw pile R", "draw", "there is no red pile"),
    ],
)
def test_illegal_moves_say_which_rule(table, move, rule, says):
    before = table.to_json()
    with pytest.raises(IllegalMove) as e:
        table.play(move)
    assert e.value.rule == rule
    assert says in str(e.value)
    assert table.why_illegal(move) == str(e.value)
    assert not table.is_legal(move)
    assert table.to_json() == before  # nothing changed


def test_refusals_quote_the_document(table):
    with pytest.raises(IllegalMove) as e:
        table.play("play 7H, draw deck")
    assert e.value.quote.startswith("An expedition only goes up.")
    with pytest.raises(IllegalMove) as e:
        table.play("play JH, draw deck")
    assert "Investments go down first" in e.value.quote


def test_what_is_allowed(table):
    for move in ["play 10H, draw deck", "play 10H, draw pile D", "discard 7H, draw pile D", "play 5S, draw deck",
                 "play QD, draw pile D", "discard JH, draw deck"]:
        assert table.is_legal(move), table.why_illegal(move)
    # seat 1's spades do not bind seat 0: each side has its own expeditions
    assert table.play("play 5S, draw deck").expedition(0, "S") == cards("KS 5S")


def test_playing_the_same_suit_pile_after_a_play_is_allowed(table):
    after = table.play("play QD, draw pile D")
    assert card("8D") in after.hand(0) and after.piles["D"] == cards("3D")
    assert after.expedition(0, "D") == cards("QD")


def test_move_objects_and_text_are_the_same(table):
    assert table.play(Move.play("10H")).to_json() == table.play("play 10H, draw deck").to_json()


def test_the_round_ends_at_once_on_the_last_deck_card():
    r = rules("expeditions")
    rnd = deal(r, seed=11)
    while not rnd.is_over:
        rnd = rnd.play(next(m for m in rnd.legal_moves() if m.draw == "deck"))
    assert rnd.end_reason == "deck" and rnd.deck_size == 0 and rnd.turn == 36
    assert rnd.to_move is None and rnd.legal_moves() == []
    with pytest.raises(IllegalMove, match="the round is over") as e:
        rnd.play("play 2H, draw deck")
    assert e.value.rule == "round-over"


def test_stall_rule_ends_the_round_after_16_pile_turns():
    rnd = position("expeditions", hands=["2H 3H 4H 5H 6H 7H", "2S 3S 4S 5S 6S 7S"], piles={"D": "2D 3D", "C": "2C 3C"}, seed=4)
    turns = 0
    while not rnd.is_over:
        move = next(m for m in rnd.legal_moves() if m.kind == "discard" and m.draw not in (None, "deck"))
        rnd = rnd.play(move)
        turns += 1
        assert rnd.stall == turns
    assert turns == 16 and rnd.end_reason == "stall"


def test_stall_count_resets_on_a_play_or_a_deck_draw():
    rnd = position("expeditions", hands=["2H 3H 4H 5H 6H 7H", "2S 3S 4S 5S 6S 7S"], piles={"D": "2D 3D", "C": "2C 3C"}, seed=4)
    rnd = rnd.play("discard 2H, draw pile D")
    assert rnd.stall == 1
    assert rnd.play("discard 2S, draw deck").stall == 0
    assert rnd.play("play 2S, draw pile C").stall == 0


def test_rules_without_a_stall_rule_end_by_the_turn_cap():
    r = rules("expeditionen", turn_cap=40)
    rnd = position(r, hands=["2H 3H 4H 5H 6H 7H 8H 9H", "2S 3S 4S 5S 6S 7S 8S 9S"], piles={"D": "2D 3D", "C": "2C 3C"}, seed=4)
    while not rnd.is_over:
        rnd = rnd.play(next(m for m in rnd.legal_moves() if m.kind == "discard" and m.draw not in (None, "deck")))
    assert rnd.turn == 40 and rnd.end_reason == "turn-cap"


def test_undo_replays_to_the_earlier_position():
    rnd = deal(seed=5)
    first = rnd.play(rnd.legal_moves()[0])
    second = first.play(first.legal_moves()[-1])
    assert second.undo().to_json() == first.to_json()
    assert second.undo(2).to_json() == rnd.to_json()
    with pytest.raises(ValueError, match="cannot undo 3 moves"):
        second.undo(3)


def test_scores_and_winners():
    rnd = position("expeditions", hands=[None, None], expeditions=["JH QH 6H 8H 10H", "JS 3S 5S"], seed=0)
    assert rnd.scores() == (12, -24)
    assert rnd.winners() == (0,)
    assert rnd.score_breakdown(1).total == -24


# --- solitaire ------------------------------------------------------------------------------------
def test_solitaire_plays_all_24_cards():
    rnd = deal("expeditions-solo", seed=3)
    assert rnd.legal_moves() and all(m.draw == "deck" for m in rnd.legal_moves())
    with pytest.raises(IllegalMove, match="you draw only off the deck"):
        rnd.play(Move.discard(rnd.hand(0)[0], draw=rnd.hand(0)[0].suit))
    plays = 0
    while not rnd.is_over:
        if rnd.deck_size == 0:
            assert all(m.draw is None for m in rnd.legal_moves())
        rnd = rnd.play(rnd.legal_moves()[0])
        plays += 1
    assert plays == 24 and rnd.end_reason == "hand-empty"
    assert not any(rnd.piles.values())
    assert len(rnd.removed) + sum(len(e) for e in rnd.expeditions(0).values()) == 24


def test_solitaire_after_the_deck_no_draw():
    rnd = position("expeditions-solo", hands=["2H 5S"], deck="", seed=1)
    assert not rnd.is_over
    with pytest.raises(IllegalMove, match="the deck is empty"):
        rnd.play("play 2H, draw deck")
    rnd = rnd.play("play 2H")
    assert rnd.play("discard 5S").end_reason == "hand-empty"


# --- four players ---------------------------------------------------------------------------------
def test_four_player_passing():
    r = rules("expeditions-4p")
    rnd = deal(r, seed=9)
    assert [len(h) for h in rnd.hands] == [6, 6, 6, 6] and rnd.deck_size == 36
    a, b = rnd.hand(0)[:2]
    rnd = rnd.play(Move.pass_cards(a, b))
    assert [len(h) for h in rnd.hands] == [4, 6, 8, 6] and rnd.deck_size == 36
    assert rnd.observation(0).known[2] == tuple(sorted((a, b), key=lambda c: (r.suits.index(c.suit), c.value)))
    assert rnd.observation(1).known[2] == ()  # face down: the opponents do not see them
    rnd = rnd.play(next(m for m in rnd.legal_moves() if m.kind == "discard" and m.draw == "deck"))
    c, d = rnd.hand(2)[:2]
    rnd = rnd.play(Move.pass_cards(c, d))  # seat 2 passes back
    rnd = rnd.play(next(m for m in rnd.legal_moves() if m.kind == "discard" and m.draw == "deck"))
    assert len(rnd.hand(0)) == 6 and rnd.to_move == 0
    e, f = rnd.hand(0)[:2]
    with pytest.raises(IllegalMove, match="cannot pass on two of your turns in a row"):
        rnd.play(Move.pass_cards(e, f))
    assert not any(m.kind == "pass" for m in rnd.legal_moves())


def test_four_player_pass_needs_six_cards():
    r = rules("expeditions-4p")
    rnd = deal(r, seed=9)
    rnd = rnd.play(Move.pass_cards(*rnd.hand(0)[:2]))
    for _ in range(3):
        rnd = rnd.play(next(m for m in rnd.legal_moves() if m.kind == "discard" and m.draw == "deck"))
    assert rnd.to_move == 0 and len(rnd.hand(0)) == 4
    with pytest.raises(IllegalMove, match="at least 6 cards; you hold 4"):
        rnd.play(Move.pass_cards(*rnd.hand(0)[:2]))


def test_partners_share_expeditions():
    r = rules("expeditions-4p")
    rnd = position(r, hands=["9H 2S 3S 4S 5S 6S", "2D 3D 4D 5D 6D 7D", "7H 2C 3C 4C 5C 6C", "8D 9D 10D JD QD KD"],
                   expeditions=[{"H": "8H"}], seed=2)
    rnd = rnd.play("play 9H, draw deck").play("play 2D, draw deck")
    with pytest.raises(IllegalMove, match="the 7 cannot follow your team's 9 in hearts"):
        rnd.play("play 7H, draw deck")
    assert rnd.expedition(0, "H") == cards("8H 9H")


def test_second_copies_in_the_four_player_deck():
    r = rules("expeditions-4p")
    rnd = position(r, hands=["2H 2H 3S 4S 5S 6S", None, None, None], seed=3)
    assert [str(m) for m in rnd.legal_moves() if m.card == card("2H") and m.draw == "deck"] == \
        ["play 2H, draw deck", "discard 2H, draw deck"]
    after = rnd.play("play 2H, draw deck")
    assert after.hand(0).count(card("2H")) == 1
    assert after.expedition(0, "H") == cards("2H")


# --- hand-built positions ------------------------------------------------------------------------
def test_position_checks():
    with pytest.raises(PositionError, match=r"a position has 2 hand\(s\), not 1"):
        position("expeditions", hands=["2H"])
    with pytest.raises(PositionError, match="placed more often"):
        position("expeditions", hands=["2H 3H", "2H"])
    with pytest.raises(PositionError, match="only goes up"):
        position("expeditions", hands=[None, None], expeditions=[{"H": "5H 3H"}])
    with pytest.raises(PositionError, match="investments must come before"):
        position("expeditions", hands=[None, None], expeditions=[{"H": "5H JH"}])
    with pytest.raises(PositionError, match="its own suit's pile"):
        position("expeditions", hands=[None, None], piles={"H": "5S"})
    with pytest.raises(PositionError, match="nowhere in the position"):
        position("expeditions", hands=["2H", "3H"], deck="4H")
    with pytest.raises(PositionError, match="AH is not a card of the expeditions rules"):
        position("expeditions", hands=["AH", None])


def test_position_fills_in_what_is_left_open():
    rnd = position("expeditions", hands=["2H 3H 4H 5H 6H 7H", None], expeditions=[{"S": "JS 4S"}], piles={"D": "9D"}, seed=3)
    assert len(rnd.hand(1)) == 6
    assert rnd.deck_size == 48 - 6 - 6 - 2 - 1
    assert rnd.expedition(0, "S") == cards("JS 4S")
    assert not rnd.is_legal("play 3S, draw deck")


def test_rendering():
    rnd = deal(seed=1)
    html = rnd._repr_html_()
    assert "♥" in html and "#c8102e" in html and "<script" not in html
    text = str(rnd)
    assert "hand 0:" in text and "deck 36" in text
    assert "seat 0 to move" in repr(rnd)
    assert "your hand" in str(rnd.observation(0))
    assert "<table" in rnd.observation(0)._repr_html_()
    assert "<b>12</b>" in ex.score_breakdown("JH QH 6H 8H 10H")._repr_html_()


@pytest.mark.parametrize("name", ["expeditions", "expeditions-4p", "expeditions-solo"])
def test_history_says_who_moved_what_from_which_position(name):
    rnd = deal(name, seed=3)
    seats = []
    for _ in range(14):  # a few moves by the first legal move, noting who was to move
        seats.append(rnd.to_move)
        rnd = rnd.play(rnd.legal_moves()[0])
    history = rnd.history()
    assert [t.number for t in history] == list(range(1, 15))
    assert [t.seat for t in history] == seats and tuple(t.move for t in history) == rnd.moves
    for t in history:  # each position is the round undone to just before that move
        before = rnd.undo(len(rnd.moves) - t.number + 1)
        assert t.before.moves == before.moves and t.before.hands == before.hands and t.before.piles == before.piles
    later = rnd.play(rnd.legal_moves()[0])
    assert later.history()[:14] == history and later.history()[14].before is rnd  # played on, the history grows
    assert deal(name, seed=3).history() == ()


def test_history_of_a_hand_built_position_starts_there():
    start = position("expeditions", hands=["9D 2C 3C 2H 3H 4H", None], seed=4, to_move=1, turns=10)
    rnd = start.play(start.legal_moves()[0]).play("discard 2C, draw deck")
    assert [(t.number, t.seat) for t in rnd.history()] == [(1, 1), (2, 0)]
    assert rnd.history()[0].before.hands == start.hands and rnd.history()[1].move == Move.parse("discard 2C, draw deck")
