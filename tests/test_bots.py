"""The bot levels: legal moves in every rule set, seeded determinism, what they may see, rounds that end,
and the rules of thumb of the beginner tips."""

import functools
import random

import pytest

import expeditions as ex
from expeditions import PRESETS, Move
from expeditions.bots import BOTS, Beginner, Expert, Heuristic, RandomBot, play_out
from expeditions.bots.counting import Counting
from expeditions.bots.heuristic import PlanMemo, Scorer, sight_of_table
from expeditions.bots.policies import extra_allowance
from expeditions.engine import action_of

NAMES = sorted(PRESETS)
SMALL_EXPERT = functools.partial(Expert, rollouts=24, candidates=3, horizon=2)
TINY_EXPERT = functools.partial(Expert, rollouts=8, candidates=2, horizon=2)


def positions(name, count, seed):
    """Positions of ``name`` met along rounds of mixed random and Beginner play (every seat to move)."""
    r = ex.rules(name)
    rng = random.Random(seed)
    out = []
    guide = Beginner()
    while len(out) < count:
        rnd = ex.deal(r, seed=rng.random(), starter=rng.randrange(r.players))
        while not rnd.is_over and len(out) < count:
            out.append(rnd)
            obs = rnd.observation()
            rnd = rnd.play(guide.choose(obs) if rng.random() < 0.5 else rng.choice(obs.legal_moves))
    return out


def test_the_bots_weakest_first_and_the_opponents_by_strength():
    assert list(BOTS) == ["Random", "Beginner", "Heuristic", "Expert"]
    for name, make in BOTS.items():
        bot = make(1)
        assert bot.name == name and isinstance(bot, ex.bots.Bot)
    assert {level: make(1).name for level, make in ex.advice.LEVELS.items()} == {
        "Easy": "Beginner", "Normal": "Heuristic", "Hard": "Hard", "Random (practice)": "Random"}
    assert ex.advice.DEFAULT_LEVEL == "Normal"


@pytest.mark.parametrize("name", NAMES)
def test_every_level_answers_with_a_legal_move(name):
    bots = [RandomBot(1), Beginner(1), Heuristic(1)]
    expert = SMALL_EXPERT(1)
    for i, rnd in enumerate(positions(name, 400, seed=len(name))):
        obs = rnd.observation()
        for bot in bots + ([expert] if i % 8 == 0 else []):
            move = bot.choose(obs)
            assert move in obs.legal_moves, (bot.name, str(move), rnd.why_illegal(move))


def test_no_move_to_choose_is_an_error():
    rnd = ex.deal(seed=1)
    waiting = rnd.observation(1)  # seat 0 is to move
    for make in BOTS.values():
        with pytest.raises(ValueError, match="no move"):
            make(1).choose(waiting)


def _moves(bots, rnd):
    moves = []
    while not rnd.is_over:
        move = bots[rnd.to_move].choose(rnd.observation())
        moves.append(move)
        rnd = rnd.play(move)
    return moves


@pytest.mark.parametrize("name", ["expeditions", "expeditions-4p", "expeditions-solo"])
def test_the_same_seed_plays_the_same_moves(name):
    r = ex.rules(name)
    rnd = ex.deal(r, seed=11)
    first = _moves([SMALL_EXPERT(5) if s % 2 == 0 else RandomBot(6 + s) for s in range(r.players)], rnd)
    again = _moves([SMALL_EXPERT(5) if s % 2 == 0 else RandomBot(6 + s) for s in range(r.players)], rnd)
    assert first == again


SAME_VIEW = {
    "expeditions": dict(hands=["3H 9H 10H JS 6D 2C", None], expeditions=[{"H": "2H"}, {"S": "4S 7S"}],
                        piles={"D": "5D 8D", "C": "9C"}),
    "expeditions-4p": dict(hands=["3H 9H 10H JS 6D 2C", None, None, None], expeditions=[{"H": "2H"}, {"S": "4S 7S"}],
                           piles={"D": "5D 8D"}),
    "expeditions-solo": dict(hands=["3H 9H 10H JS 6D 2C"], expeditions=[{"H": "2H", "C": "4C"}], removed="5D 8D"),
    "lost-cities": dict(hands=["3Y 9Y 10Y JB 6W 2G 5R 8R", None], expeditions=[{"Y": "2Y"}, {"B": "4B 7B"}],
                        piles={"W": "5W 8W"}),
}


@pytest.mark.parametrize("name", sorted(SAME_VIEW))
def test_hidden_cards_do_not_change_the_moves(name):
    one = ex.position(name, seed=1, **SAME_VIEW[name])
    two = ex.position(name, seed=2, **SAME_VIEW[name])
    assert (one.deck, one.hands[1:], one.set_aside) != (two.deck, two.hands[1:], two.set_aside)  # hidden cards differ
    assert one.observation(0) == two.observation(0)  # what seat 0 sees does not
    for make in [RandomBot, Beginner, Heuristic, SMALL_EXPERT]:
        assert make(3).choose(one.observation(0)) == make(3).choose(two.observation(0))


PAIRS = [(a, b) for a in BOTS for b in BOTS]


@pytest.mark.parametrize("name", NAMES)
def test_every_pairing_of_levels_ends_its_rounds(name):
    """No turn cap: the presets have none, and rule sets without a stall rule must end all the same."""
    r = ex.rules(name)
    assert r.turn_cap == 0
    makers = {**BOTS, "Expert": TINY_EXPERT}
    bound = r.draw_deck_after_deal + extra_allowance(r.draw_deck_after_deal) + r.hand_size
    pairs = [(a, a) for a in BOTS] if r.players == 1 else PAIRS
    for k, (a, b) in enumerate(pairs):
        bots = [makers[a if seat % 2 == 0 else b](k * 10 + seat) for seat in range(r.players)]
        rnd = play_out(ex.deal(r, seed=k), bots)
        assert rnd.is_over and rnd.end_reason != "turn-cap"
        if "Random" not in (a, b):
            assert rnd.turn <= bound, (a, b, rnd.turn)
        else:
            assert rnd.turn <= 20 * r.draw_deck_after_deal


def test_bots_stop_stretching_a_round_without_a_stall_rule():
    """Once a round has run long past its deck draws, no bot draws off a pile any more."""
    r = ex.rules("lost-cities")
    setup = dict(hands=["5Y 6Y 7Y 8Y 9Y 10Y 2G 3G", None], expeditions=[{"Y": "2Y", "B": "3B"}], piles={"B": "4B"}, seed=3)
    fresh = ex.position(r, **setup)
    assert Beginner().choose(fresh.observation()).draw == "B"  # 4B fits its blue expedition
    stretched = ex.position(r, turns=extra_allowance(r.draw_deck_after_deal) + 20, **setup)
    for make in [Beginner, Heuristic, SMALL_EXPERT]:
        move = make(1).choose(stretched.observation())
        assert move.draw == "deck", (make, move)


def endgame(name, hand, mine, deck, theirs=None):
    """A two-player position near the end: ``deck`` left, every other card in the opponent's hand or on the piles."""
    r = ex.rules(name)
    placed = list(ex.cards(hand)) + [c for cards in mine.values() for c in ex.cards(cards)] + list(ex.cards(deck))
    placed += [c for cards in (theirs or {}).values() for c in ex.cards(cards)]
    rest = [c for c in r.deck if c not in placed]
    other, rest = rest[: r.hand_size], rest[r.hand_size:]
    piles = {s: [c for c in rest if c.suit == s] for s in r.suits}
    return ex.position(r, hands=[hand, other], expeditions=[mine, theirs or {}], piles=piles, deck=deck)


# --- what the stronger levels know -----------------------------------------------------------------------
def test_heuristic_and_expert_do_not_feed_the_opponent():
    # the opponent's hearts stand at 6 with an investment: 9H is worth 18 to them; 2S is dead for both
    rnd = ex.position(hands=["9H 2S 10D 3C QD 6C", None],
                      expeditions=[{"S": "4S", "C": "7C"}, {"H": "QH 6H", "S": "5S"}], seed=4)
    for bot in (Heuristic(1), Expert(1)):
        move = bot.choose(rnd.observation())
        assert move.card != ex.card("9H"), bot.name


def test_expert_counts_the_last_plays_of_the_solitaire():
    # the deck is empty: 9H then 10H makes 5 + 8 + 9 + 10 - 20 = 12; 10H first loses the 9H
    rnd = ex.position("expeditions-solo", hands=["9H 10H"], expeditions=[{"H": "5H 8H"}], deck="")
    assert Expert(1, rollouts=40).choose(rnd.observation()) == Move.parse("play 9H")
    assert Heuristic().choose(rnd.observation()) == Move.parse("play 9H")


def test_expert_passes_in_the_four_player_game_when_it_pays():
    rnd = ex.deal("expeditions-4p", seed=2)
    legal = rnd.legal_moves()
    assert any(m.kind == "pass" for m in legal)
    moves = [Expert(s, rollouts=40).choose(rnd.observation()) for s in range(3)]
    assert all(m in legal for m in moves)


def test_expert_budget_must_be_positive():
    with pytest.raises(ValueError, match="at least 1 rollout"):
        Expert(rollouts=0)


def test_play_out_stops_where_until_says_in_the_middle_of_a_round():
    bots = [Counting(0), Counting(1)]  # the counting bot's moves do not depend on its seed
    by_hand = ex.deal("expeditions", seed=3)
    for _ in range(9):
        by_hand = by_hand.play(bots[by_hand.to_move].choose(by_hand.observation()))
    stopped = play_out(ex.deal("expeditions", seed=3), bots, until=lambda r: r.turn >= 9)
    assert stopped.turn == 9 and not stopped.is_over and stopped.to_json() == by_hand.to_json()
    assert play_out(stopped, bots, until=lambda r: False).is_over  # never true: to the end


@pytest.mark.parametrize("name", ["expeditions", "expeditions-4p", "expeditionen-aces"])
def test_a_shared_memory_of_suit_plans_scores_every_move_as_a_fresh_one_does(name):
    # one search shares its suit plans across many positions: a plan found for other arrivals, or another
    # suit's cards, must never stand in for the one a position needs
    memo = PlanMemo()
    positions = 0
    for d in range(3):
        rnd = ex.deal(name, seed=f"memo:{d}")
        bots = [Heuristic(0) for _ in range(rnd.rules.players)]
        while not rnd.is_over:
            table = rnd._t
            shared, fresh = Scorer(sight_of_table(table), memo), Scorer(sight_of_table(table))
            legal = [action_of(table.spec, m) for m in rnd.legal_moves()]
            assert [shared.score(a) for a in legal] == [fresh.score(a) for a in legal]
            positions += 1
            rnd = rnd.play(bots[rnd.to_move].choose(rnd.observation()))
    assert positions > 60 and len(memo.arrivals) > 10  # the memory met many positions and many lists of arrivals
