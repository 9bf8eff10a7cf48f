"""The counting policy: its rules on positions built for them, the engine's moves always legal, and the
batch simulator's vectorised version choosing exactly the same move, turn by turn, on the same deals."""

import random

import numpy as np
import pytest

import expeditions as ex
from expeditions.analysis import AnalysisError, simulate
from expeditions.analysis.batch import (
    DECK,
    REMOVE,
    Forced,
    counting_deals,
    counting_layout,
    counting_result,
    counting_state_of_tables,
    play_counting,
    policy_numbers,
)
from expeditions.analysis.batch.counting_kernel import KNOBS
from expeditions.bots import counting, counting_policy
from expeditions.bots.counting import Counting, CountingPolicy, counting_action
from expeditions.bots.policies import playout, uniform_policy
from expeditions.engine import DISCARD, PLAY, deal_table, move_of, spec_for


def engine_card(layout, bit):
    return layout.card_of[int(bit).bit_length() - 1]


def check_moves(rules, tables, out, layout, choose):
    """Replay every table with ``choose(table, step, row)`` and compare each turn with the batch's record."""
    spec = spec_for(rules)
    turns = 0
    for i, table in enumerate(tables):
        step = 0
        while not table.end:
            ids, kind, card, source = out["moves"][step]
            j = np.searchsorted(ids, i)
            assert ids[j] == i, f"row {i} ended early in the batch at turn {step}"
            batch_action = (int(kind[j]), engine_card(layout, card[j]), int(source[j]))
            action = choose(table, step, i)
            assert batch_action == action, (i, step, move_of(spec, action), batch_action)
            if action[0] == REMOVE:
                table.turn(DISCARD, action[1], action[2])
                table.piles[spec.suit_of[action[1]]].pop()
                table.removed.append(action[1])
            else:
                table.apply(action)
            step += 1
            turns += 1
        assert out["turns"][i] == step
    return turns


@pytest.mark.parametrize("name", ["expeditions", "lost-cities", "expeditionen-aces"])
def test_the_batch_plays_every_deal_move_for_move_as_the_engine(name):
    rules = ex.rules(name)
    spec, layout = spec_for(rules), counting_layout(rules)
    rng = np.random.default_rng(1)
    decks = np.stack([rng.permutation(len(spec.deck_ids)) for _ in range(300)])
    out = play_counting(counting_deals(layout, decks, starter=1), record=True)
    tables = [deal_table(spec, [int(c) for c in d], 1) for d in decks]
    turns = check_moves(rules, tables, out, layout, lambda t, step, i: counting_policy(t, random.Random(0)))
    assert turns > 300 * 30
    played = [playout(deal_table(spec, [int(c) for c in d], 1), [counting_policy] * 2, random.Random(0)).scores()
              for d in decks[:50]]
    assert counting_result(layout, play_counting(counting_deals(layout, decks[:50], starter=1)))["scores"].tolist() == played


VARIANT = {"UNSTARTED": 8, "FEED_INVESTMENT": 40, "PROLONG": 6, "INVEST_HELD": 12}
"""Numbers of the policy far from its own, so that a seat playing them plays other moves."""


def test_each_seat_plays_its_own_numbers_move_for_move_as_the_engine_with_them(monkeypatch):
    rules = ex.rules("expeditions")
    spec, layout = spec_for(rules), counting_layout(rules)
    rng = np.random.default_rng(7)
    decks = np.stack([rng.permutation(len(spec.deck_ids)) for _ in range(200)])
    standing, variant = policy_numbers(), policy_numbers(**VARIANT)
    out = play_counting(counting_deals(layout, decks, starter=1), record=True, numbers=(variant, standing))

    def with_variant_for_seat_0(table, step, row):
        with monkeypatch.context() as patch:
            if table.to_move == 0:
                for name, value in VARIANT.items():
                    patch.setattr(counting, name, value)
            return counting_policy(table, random.Random(0))

    tables = [deal_table(spec, [int(c) for c in d], 1) for d in decks]
    assert check_moves(rules, tables, out, layout, with_variant_for_seat_0) > 200 * 30
    as_it_stands = play_counting(counting_deals(layout, decks, starter=1))
    assert not np.array_equal(out["laid"][0], as_it_stands["laid"][0])  # the numbers changed seat 0's play
    same = play_counting(counting_deals(layout, decks, starter=1), numbers=(standing, standing))
    assert all(np.array_equal(same[key], as_it_stands[key]) for key in as_it_stands)


def test_a_seats_numbers_are_checked():
    with pytest.raises(AnalysisError, match=r"SCALE: not a number .* the numbers are INVEST_HELD, INVEST_STEP"):
        policy_numbers(SCALE=10)
    with pytest.raises(AnalysisError, match="ARRIVE_ABOVE"):
        policy_numbers(ARRIVE_ABOVE=10)
    with pytest.raises(AnalysisError, match="PROLONG must be at least 0, got -1"):
        policy_numbers(PROLONG=-1)
    with pytest.raises(AnalysisError, match=r"UNSTARTED takes a whole number, got 4\.5"):
        policy_numbers(UNSTARTED=4.5)
    changed = policy_numbers(UNSTARTED=5) != policy_numbers()
    assert [name for name, differs in zip(KNOBS, changed, strict=True) if differs] == ["UNSTARTED"]
    rules = ex.rules("expeditions")
    state = counting_deals(counting_layout(rules), np.arange(len(spec_for(rules).deck_ids))[None, :])
    with pytest.raises(AnalysisError, match="a row of 12 numbers"):
        play_counting(state, numbers=(policy_numbers()[:5], policy_numbers()[:5]))


def mid_round_tables(rules, count, seed):
    """Positions after some turns of uniform play (piles full of cards, started expeditions), seat 0 to move."""
    spec = spec_for(rules)
    rng = random.Random(seed)
    out = []
    while len(out) < count:
        order = spec.deck_ids[:]
        rng.shuffle(order)
        table = deal_table(spec, order, 0)
        for _ in range(2 * rng.randrange(4, 16)):
            if table.end:
                break
            table.apply(uniform_policy(table, rng))
        if not table.end and table.to_move == 0:
            out.append(table)
    return out


@pytest.mark.parametrize("name, stall", [("expeditions", None), ("expeditions", 2), ("lost-cities", None)])
def test_the_batch_plays_mid_round_positions_with_plans_and_forced_moves_as_the_engine(name, stall):
    rules = ex.rules(name) if stall is None else ex.rules(name, stall_turns_per_player=stall)
    spec, layout = spec_for(rules), counting_layout(rules)
    tables = mid_round_tables(rules, 240, seed=len(name) + (stall or 0))
    state = counting_state_of_tables(layout, tables)
    rng = random.Random(5)
    n = len(tables)
    forced = {0: Forced(np.full(n, -1), np.zeros(n, dtype=np.int64), np.zeros(n, dtype=np.int64), np.zeros(n, dtype=np.int64)),
              2: Forced(np.full(n, -1), np.zeros(n, dtype=np.int64), np.zeros(n, dtype=np.int64), np.zeros(n, dtype=np.int64))}
    allowed, committed, first, blocked = {}, {}, {}, {}
    for i, t in enumerate(tables):
        suits = rng.sample(range(layout.suits), rng.randrange(0, layout.suits + 1))
        if i % 4 == 1:  # a plan: these suits only, played as expeditions
            allowed[i] = sum(1 << c for c in range(len(spec.cards)) if spec.suit_of[c] in suits)
            committed[i] = sum(1 << s for s in suits)
            state.allowed[0, i] = sum(layout.suit_masks[s] for s in suits)
            state.committed[0, i] = committed[i]
        elif i % 4 == 2:  # a forced first move, sometimes one whose card leaves the game
            kind, card, source = rng.choice(t.legal())
            if kind == DISCARD and i % 8 == 2:
                kind, source = REMOVE, DECK
            first[i] = (kind, card, source)
            forced[0].kind[i], forced[0].card[i], forced[0].source[i] = kind, 1 << layout.bit_of[card], source
        elif i % 4 == 3:  # a suit held back on the seat's second turn: neither laid nor discarded
            suit = rng.randrange(layout.suits)
            blocked[i] = sum(1 << c for c in range(len(spec.cards)) if spec.suit_of[c] == suit)
            forced[2].hold[i] = layout.suit_masks[suit]
    out = play_counting(state, forced=forced, record=True)

    def choose(table, step, i):
        if step == 0 and i in first:
            return first[i]
        if table.to_move == 0:
            hold = blocked[i] if step == 2 and i in blocked else 0
            return counting_action(table, allowed.get(i), committed.get(i, 0), hold)
        return counting_action(table)

    check_moves(rules, tables, out, layout, choose)
    assert out["pile_draws"].sum() > 0
    if stall:
        assert (out["ends"] == 1).any(), "some rounds should end by the stall rule"


@pytest.mark.parametrize("name", ["expeditions", "expeditions-4p", "expeditions-solo", "expeditionen", "lost-cities-duel-long"])
def test_the_engine_policy_plays_only_legal_moves_under_every_rule_set(name):
    rules = ex.rules(name)
    spec = spec_for(rules)
    rng = random.Random(2)
    for _ in range(15):
        order = spec.deck_ids[:]
        rng.shuffle(order)
        table = deal_table(spec, order, 0)
        while not table.end:
            action = counting_policy(table, rng)
            assert action in table.legal()
            table.apply(action)
        assert table.end in ("deck", "hand-empty", "stall")
    bot = Counting(seed=1)
    rnd = ex.deal(rules, seed=4)
    while not rnd.is_over:
        rnd = rnd.play(bot.choose(rnd.observation()))


def test_a_plan_keeps_the_policy_off_the_other_suits():
    rules = ex.rules("expeditions")
    spec = spec_for(rules)
    policy = CountingPolicy(allowed=(sum(1 << c for c in range(len(spec.cards)) if spec.cards[c].suit == "H"),), committed=(1,))
    for table in mid_round_tables(rules, 30, seed=9):
        while not table.end:
            kind, card, source = policy(table, random.Random(0))
            if table.to_move == 0 and kind == PLAY:
                assert spec.cards[card].suit == "H"
            table.apply((kind, card, source))


# --- the rules on positions built for them -----------------------------------------------------------
def decide(rules, hands, **where):
    """The policy's move in a hand-built position, the same on the engine and the batch."""
    return batch_move(ex.position(rules, hands=hands, **where)._t)


def test_it_lays_a_card_when_nothing_can_come_below_it():
    # hearts 4 and 5 on the table; 6H held and every heart below it seen: nothing to wait for (and no other suit to start)
    move = decide("expeditions", ["6H 9S 10S 9D 10D 9C", None], expeditions=[{"H": "4H 5H"}, {}], piles={"H": "2H 3H"}, seed=1)
    assert move.kind == "play" and move.card == ex.card("6H")


def test_it_discards_a_card_that_feeds_nobody():
    # 3S is below both sides' spades: nobody can lay it
    move = decide("expeditions", ["3S 9H 10H 8D 9D 10D", None],
                  expeditions=[{"S": "4S", "H": "2H", "D": "2D"}, {"S": "5S"}], seed=2)
    assert move == ex.Move.discard("3S", "deck")


def test_on_its_last_play_it_lays_its_highest_waiting_card():
    rules = ex.rules("expeditions")
    rest = [c for c in rules.deck if c not in ex.cards("4H 7S 9S 5D 8D 6C 2H 2S 2D 3C")]
    # The other cards lie on the opponent's expeditions: the deck's last card is the only one left to draw.
    rnd = ex.position(rules, hands=["4H 7S 9S 5D 8D 6C", rest[:6]], expeditions=[{"H": "2H", "S": "2S", "D": "2D"}, rest[6:]],
                      deck="3C")
    assert rnd.deck_size == 1
    move = batch_move(rnd._t)
    assert move.kind == "play" and move.card == ex.card("9S")


def test_it_takes_a_pile_card_that_fits():
    move = decide("expeditions", ["2S 3S 9D 10D 2C 3C", None], expeditions=[{"H": "3H 4H"}, {}], piles={"H": "2H 5H"}, seed=3)
    assert move.draw == "H"


def batch_move(table):
    """The batch's first move on the engine's ``table`` (checked equal to the engine's)."""
    layout = counting_layout(table.spec.rules)
    _, kind, card, source = play_counting(counting_state_of_tables(layout, [table.clone()]), record=True)["moves"][0]
    action = (int(kind[0]), engine_card(layout, card[0]), int(source[0]))
    assert action == counting_action(table)
    return move_of(table.spec, action)


def test_when_time_is_short_it_takes_a_pile_card_to_make_the_round_last():
    """Rule 5: four cards in the deck (one play left after this turn) and five numbers waiting for hearts
    and spades after this one: 3♦ fits nothing of the seat's, but a turn off a pile leaves the deck as it
    is, so it takes it. With a long deck left the same hand draws off the deck."""
    rules = ex.rules("expeditions")
    mine, deck = ex.cards("5H 7H 9H 5S 7S 9S"), ex.cards("4C 5C 6C 7C")
    placed = {str(c) for c in [*mine, *deck, *ex.cards("2H 2S 3D")]}
    rest = [c for c in rules.deck if str(c) not in placed]
    rnd = ex.position(rules, hands=[mine, rest[:6]], expeditions=[{"H": "2H", "S": "2S"}, rest[6:]], piles={"D": "3D"},
                      deck=deck)
    move = batch_move(rnd._t)
    assert move.kind == "play" and move.draw == "D"
    early = ex.position(rules, hands=[mine, None], expeditions=[{"H": "2H", "S": "2S"}, {}], piles={"D": "3D"}, seed=5)
    assert batch_move(early._t).draw == "deck"


def test_the_batch_simulator_plays_the_counting_policy():
    result = simulate("expeditions", "counting", 20_000, seed=1)
    assert result.policy == "counting" and result.rounds == 20_000
    assert (result.turns >= 36).all() and (result.turns - result.pile_draws == 36)[result.ends == 0].all()
    assert 10 < result.mean_score().value < 30
    with pytest.raises(AnalysisError, match="chooses by its rules"):
        simulate("expeditions", "counting", 10, by="move")


@pytest.mark.parametrize("name", ["expeditions", "lost-cities"])
def test_a_suit_held_back_is_neither_laid_nor_discarded_but_still_valued(name):
    """Holding a suit back (what rollouts call waiting with it): the policy lays and discards no card of it
    that turn, unless the hand holds nothing else, and the batch's vectorised version makes the same choice.
    Its cards still count as live: without it, a policy told only not to lay hearts would throw them away
    as dead cards (the old meaning of waiting, which discarded a heart from 2H 5H KH 9S 10S QD)."""
    rules = ex.rules(name)
    spec, layout = spec_for(rules), counting_layout(rules)
    tables = mid_round_tables(rules, 200, seed=11)
    rng = random.Random(3)
    holds = []
    for t in tables:
        suit = rng.choice([spec.suit_of[c] for c in t.hands[0]])  # a suit the hand holds
        holds.append(suit)
    state = counting_state_of_tables(layout, tables)
    n = len(tables)
    first = Forced(np.full(n, -1), np.zeros(n, dtype=np.int64), np.zeros(n, dtype=np.int64),
                   np.array([layout.suit_masks[s] for s in holds], dtype=np.int64))
    out = play_counting(state, forced={0: first}, record=True)
    ids, kind, card, _ = out["moves"][0]
    assert (ids == np.arange(n)).all()
    touched_all = 0
    for i, t in enumerate(tables):
        hold = sum(1 << c for c in range(len(spec.cards)) if spec.suit_of[c] == holds[i])
        action = counting_action(t, hold=hold)
        assert (int(kind[i]), engine_card(layout, card[i])) == action[:2], i
        only_held = all(spec.suit_of[c] == holds[i] for c in t.hands[0])
        if only_held:
            touched_all += 1
            assert action[0] == DISCARD
        else:
            assert spec.suit_of[action[1]] != holds[i], (i, move_of(spec, action))
    # The same position with the suit held back keeps its hearts; barred from laying them, it throws one away.
    rnd = ex.position("expeditions", hands=["2H 5H KH 9S 10S QD", None], seed=0)
    table = rnd._t
    hearts = sum(1 << c for c in range(len(table.spec.cards)) if table.spec.suit_of[c] == 0)
    barred = table.spec.all_cards & ~hearts
    thrown = move_of(table.spec, counting_action(table, barred))
    assert thrown.kind == "discard" and thrown.card.suit == "H"
    assert move_of(table.spec, counting_action(table, hold=hearts)).card.suit != "H"


def test_holding_every_card_of_the_hand_discards_the_cheapest_of_them():
    """Only hearts in hand, hearts held back: a card must go, the cheapest by rule 3. Every heart is live
    and hearts are not started; their plan lays no investment (the 18 points held are short of
    INVEST_HELD), so Q♥ and K♥ cost it nothing, while each number takes its points out of it. The
    opponent's hearts stand at 4: 5♥ and 8♥ would feed them, the investments feed nobody (a number is
    down). The tie goes to the first card in the fixed order, investments first: Q♥."""
    rnd = ex.position("expeditions", hands=["2H 3H 5H 8H QH KH", None], expeditions=[{}, {"H": "4H"}], seed=0)
    table = rnd._t
    spec, layout = table.spec, counting_layout(rnd.rules)
    hearts = sum(1 << c for c in range(len(spec.cards)) if spec.suit_of[c] == 0)
    action = counting_action(table, hold=hearts)
    assert move_of(spec, action).kind == "discard" and str(move_of(spec, action).card) == "QH"
    state = counting_state_of_tables(layout, [table.clone()])
    forced = {0: Forced(np.full(1, -1), np.zeros(1, dtype=np.int64), np.zeros(1, dtype=np.int64),
                        np.array([layout.suit_masks[0]], dtype=np.int64))}
    _, kind, card, _ = play_counting(state, forced=forced, record=True)["moves"][0]
    assert (int(kind[0]), engine_card(layout, card[0])) == action[:2]
