"""The strong player's questions against independent computations: exact enumeration of every way the
hidden cards can lie near the end of a round, positions built so that the answer is known, the
hypergeometric law, and interval coverage over many seeds."""

import math
import random
from itertools import combinations, permutations

import numpy as np
import pytest
from positions import counted

import expeditions as ex
from expeditions import analysis
from expeditions.analysis import AnalysisError, winning
from expeditions.analysis.inference import PASSED_OVER, hand_model
from expeditions.analysis.rollouts import PIECE, Option, iter_rollouts, play_options, refine, sample_state
from expeditions.bots.counting import counting_policy
from expeditions.bots.policies import playout
from expeditions.engine import action_of, spec_for

Z = 3.5  # several comparisons per test: each at about the 99.95% level


def near_the_end(seed, deck=2):
    """A round between two counting bots, stopped with ``deck`` cards left, seat to move's observation."""
    return counted(seed=seed, deck=deck).observation()


def worlds(obs):
    """Every way the unseen cards can lie (the other hand's unknown cards, the deck order), all equally
    likely, as engine tables."""
    spec = spec_for(obs.rules)
    other = 1 - obs.seat
    unknown = obs.hand_sizes[other] - len(obs.known[other])
    hidden = [spec.index[c] for c in obs.unseen]
    base = obs.sample_table(random.Random(0))
    known = [spec.index[c] for c in obs.known[other]]
    for chosen in combinations(range(len(hidden)), unknown):
        rest = [hidden[i] for i in range(len(hidden)) if i not in chosen]
        for order in permutations(rest):
            t = base.clone()
            t.hands[other] = known + [hidden[i] for i in chosen]
            t.deck = list(order)
            yield t


def exact(obs, move, measure):
    """The mean of ``measure(final table)`` over every world, after ``move`` and the counting policy."""
    spec = spec_for(obs.rules)
    values = []
    for t in worlds(obs):
        t.apply(action_of(spec, move))
        playout(t, [counting_policy, counting_policy], random.Random(0))
        values.append(measure(t))
    return float(np.mean(values))


def difference(obs):
    return lambda t: t.scores()[obs.side] - t.scores()[1 - obs.side]


def close(estimate, truth):
    se = max(estimate.half_width / 1.96, 1e-9)
    return abs(estimate.value - truth) <= Z * se + 1e-9


@pytest.fixture(scope="module")
def end():
    obs = near_the_end(seed=21)
    assert len(obs.unseen) <= 9  # small enough to enumerate every world
    return obs


def test_every_move_is_valued_as_exact_enumeration_says(end):
    values = analysis.move_values(end, precision=0.5, time_limit=60, first=16 * PIECE)
    assert {str(r.move) for r in values.rows} == {str(m) for m in end.legal_moves}
    for row in values.rows[:6]:
        assert close(row.difference, exact(end, row.move, difference(end))), row
    assert values.rows == tuple(sorted(values.rows, key=lambda r: -r.difference.value))
    assert sum(r.policy for r in values.rows) == 1 and values.best.against_best.is_exact


def test_the_chance_to_win_is_the_share_of_worlds_won(end):
    chances = analysis.win_chances(end, precision=0.5, time_limit=60, first=16 * PIECE)
    won = exact(end, chances.move, lambda t: (t.scores()[end.side] > t.scores()[1 - end.side])
                + 0.5 * (t.scores()[end.side] == t.scores()[1 - end.side]))
    assert close(chances.round_win, won) and close(chances.difference, exact(end, chances.move, difference(end)))
    certain = analysis.win_chances(end, totals=(300, 0) if end.side == 0 else (0, 300), first=PIECE)
    assert certain.match_win.value == 1.0 and certain.rounds_after == 0


def test_a_match_counts_its_totals_and_the_rounds_to_come():
    match = ex.new_match("expeditions", seed=3)
    chances = analysis.win_chances(match, first=PIECE, precision=100)
    assert chances.totals == (0, 0) and chances.rounds_after == 2 and chances.match_win is not None
    assert 0.2 < chances.match_win.value < 0.8


@pytest.mark.parametrize("name, rounds", [("expeditions", 3), ("expeditions-4p", 1)])
def test_each_future_round_of_the_win_chances_is_simulated_once(monkeypatch, name, rounds):
    """Refining the chance to win the match plays more positions of this round; the rounds after it
    are played once for each position, on the batch (two players) or the engine (four), and kept."""
    dealt, played = [], []
    batch_play, engine_play = winning.batch.play_counting, winning.playout

    def counted_batch(state, **kwargs):
        dealt.append(state.rows)
        return batch_play(state, **kwargs)

    def counted_engine(table, policies, rng, **kwargs):
        played.append(1)
        return engine_play(table, policies, rng, **kwargs)

    monkeypatch.setattr(winning.batch, "play_counting", counted_batch)
    monkeypatch.setattr(winning, "playout", counted_engine)
    answers = list(analysis.iter_win_chances(ex.new_match(name, seed=3), rounds_after=rounds, first=PIECE,
                                             max_positions=4 * PIECE, precision=0, time_limit=600))
    assert [a.positions for a in answers] == [PIECE, 2 * PIECE, 4 * PIECE]
    simulated = sum(dealt) + len(played)
    assert simulated == rounds * 4 * PIECE, "each future round of each position once"
    assert answers[-1].match_win is not None and answers[-1].rounds_after == rounds


def test_a_plan_is_valued_as_exact_enumeration_says(end):
    plans = analysis.plan_values(end, precision=0.5, time_limit=60, first=16 * PIECE)
    spec = spec_for(end.rules)
    nothing = plans.get([])
    assert nothing.score.value == end.scores[end.side] and nothing.score.half_width == 0  # lays nothing more: as it stands
    best = plans.best
    allowed = sum(1 << c for c in range(len(spec.cards)) if spec.cards[c].suit in best.suits)
    from expeditions.bots.counting import CountingPolicy

    policy = CountingPolicy(allowed=tuple(allowed if s == end.seat else None for s in range(2)),
                            committed=tuple(sum(1 << end.rules.suits.index(x) for x in best.suits) if s == end.seat else 0
                                            for s in range(2)))
    scores = []
    for t in worlds(end):
        playout(t, [policy, policy], random.Random(0))
        scores.append(t.scores()[end.side])
    assert close(best.score, float(np.mean(scores)))


def test_a_card_nobody_can_lay_feeds_nobody():
    # 3S is below both sides' spades: discarding it or taking it out of the game changes nothing
    rnd = ex.position("expeditions", hands=["3S 9H 10H 8D 9D 10D", None],
                      expeditions=[{"S": "4S", "H": "2H", "D": "2D"}, {"S": "5S 6S", "C": "4C"}], seed=2)
    values = analysis.discard_values(rnd, first=PIECE, precision=100)
    dead = values.get("3S")
    assert dead.feed.value == 0 and dead.feed.half_width == 0 and not dead.they_can_lay
    fits = values.get("10H")  # they have not started hearts: they can lay it, to start it
    assert fits.they_can_lay and not fits.they_started


def test_what_a_discard_feeds_is_as_exact_enumeration_says(end):
    values = analysis.discard_values(end, precision=0.5, time_limit=60, first=16 * PIECE)
    other_side = 1 - end.side
    for row in values.rows:
        move = ex.Move.discard(row.card, "deck")
        onto = exact(end, move, lambda t: t.scores()[other_side])
        assert close(row.feed, onto - exact_removed(end, move, other_side)), row


def exact_removed(obs, move, side):
    spec = spec_for(obs.rules)
    values = []
    for t in worlds(obs):
        kind, card, source = action_of(spec, move)
        t.apply((kind, card, source))
        t.piles[spec.suit_of[card]].pop()
        t.removed.append(card)
        playout(t, [counting_policy, counting_policy], random.Random(0))
        values.append(t.scores()[side])
    return float(np.mean(values))


# --- the end of the round ---------------------------------------------------------------------------------
@pytest.mark.parametrize("deck, to_move", [(1, 0), (2, 0), (5, 1), (6, 1)])
def test_the_plays_left_are_counted_as_the_engine_plays_them(deck, to_move):
    """Every way of drawing off the deck or a pile, turn after turn, from a position built with a small deck."""
    rules = ex.rules("expeditions")
    hands = ["2H 3H 4H 5H 6H 7H", "2S 3S 4S 5S 6S 7S"]
    piles = {"D": "2D 3D 4D 5D 6D 7D 8D 9D 10D JD QD KD", "C": "2C 3C 4C 5C 6C 7C 8C 9C 10C JC QC KC"}
    rest = [c for c in rules.deck if c.suit in "HS" and c not in ex.cards(hands[0] + " " + hands[1])]
    # The hearts and spades not in the deck lie on their piles, which nobody draws from here.
    piles |= {s: [c for c in rest[deck:] if c.suit == s] for s in "HS"}
    rnd = ex.position(rules, hands=hands, piles=piles, deck=rest[:deck], to_move=to_move)
    obs = rnd.observation()
    for draws in range(3):
        for when in combinations(range(deck + draws), draws):  # the turns that take a pile card
            t = rnd._t.clone()
            plays = [0, 0]
            turn = 0
            while not t.end:
                seat = t.to_move
                card = t.hands[seat][0]
                source = (2 if seat == 0 else 3) if turn in when else -1
                t.turn(1, card, source)  # discard, then draw as planned
                plays[seat] += 1
                turn += 1
            if turn != deck + draws:
                continue  # the deck ran out before every planned pile draw
            expected = analysis.plays_left(obs, draws)
            assert list(expected.plays) == plays and expected.turns == turn


def test_round_end_counts_the_turn_a_pile_card_adds():
    obs = near_the_end(seed=5, deck=8)
    answer = analysis.round_end(obs, first=PIECE)
    table = {r.pile_draws: r for r in answer.table}
    assert table[0].plays[obs.seat] == 4 and table[1].plays[obs.seat] == 5 and table[1].plays[1 - obs.seat] == 4
    assert table[2].turns == 10
    # Played out, every card anyone takes off a pile adds a turn: the plays add up to the deck and the pile cards
    # (in rounds the deck ends; none ends by the stall rule here), the card taken now among them.
    for played in (answer.with_deck, *([answer.with_pile] if answer.pile else [])):
        assert played["stall"].value == 0
        assert played["yours"].value + played["theirs"].value == pytest.approx(obs.deck_size + played["pile_draws"].value)
    assert answer.pile and answer.with_pile["pile_draws"].value >= 1


def test_a_pile_card_against_the_deck_is_paired_by_position():
    obs = near_the_end(seed=8, deck=12)
    values = analysis.pile_values(obs, first=PIECE, precision=100)
    assert values.rows[0].source == "deck" and values.rows[0].gain.is_exact
    for row in values.rows[1:]:
        assert row.card == obs.pile(row.source)[-1]
        assert row.your_plays.value >= values.rows[0].your_plays.value  # a card off a pile: the round lasts longer


# --- who holds the cards you wait for ------------------------------------------------------------------
def test_with_every_weight_one_the_chances_are_hypergeometric():
    obs = near_the_end(seed=13, deck=20)
    model = hand_model(obs, weight=1.0)
    u, h = len(model.cards), model.unknown
    for card in obs.unseen[:5]:
        assert model.chance_in_hand(card) == pytest.approx(h / u)
    cards = obs.unseen[:4]
    assert 1 - model.chance_none(cards) == pytest.approx(1 - math.comb(u - 4, h) / math.comb(u, h))


def test_the_weighted_chances_are_an_enumeration_of_every_hand():
    rules = ex.rules("expeditions")
    placed = ex.cards("2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH 2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS 2D 3D 4D 5D 6D 7D "
                      "JC QC KC 2C 3C 4C")
    mine = ex.cards("2H 3H 4H 5H 6H 7H")
    rest = [c for c in rules.deck if c not in placed]  # 8D 9D 10D JD QD KD 5C..10C: 12 unseen
    rnd = ex.position(rules, hands=[mine, None], expeditions=[{"S": "2S 3S 4S 5S 6S 7S"}, {"C": "2C 4C 7C", "S": "8S"}],
                      piles={"H": "8H 9H 10H JH QH KH", "S": "9S 10S JS QS KS", "D": "2D 3D 4D 5D 6D 7D", "C": "JC QC KC 3C"},
                      seed=1)
    obs = rnd.observation(0)
    model = hand_model(obs)
    weight = dict(zip(model.cards, model.weights, strict=True))
    assert weight[ex.card("5C")] == PASSED_OVER and weight[ex.card("8C")] == 1.0  # 5C is below their 7C
    hands = list(combinations(model.cards, model.unknown))
    mass = [math.prod(weight[c] for c in hand) for hand in hands]
    total = sum(mass)
    for card in (ex.card("5C"), ex.card("6C"), ex.card("9D")):
        expected = sum(m for hand, m in zip(hands, mass, strict=True) if card in hand) / total
        assert model.chance_in_hand(card) == pytest.approx(expected, rel=1e-12)
    none = sum(m for hand, m in zip(hands, mass, strict=True) if not {ex.card("8C"), ex.card("9C")} & set(hand)) / total
    assert model.chance_none(ex.cards("8C 9C")) == pytest.approx(none, rel=1e-12)
    assert model.chance_in_hand(ex.card("5C")) < model.chance_in_hand(ex.card("8C"))
    assert len(rest) == 12


def test_holding_chances_name_the_cards_you_wait_for():
    rnd = ex.position("expeditions", hands=["7H 9H 2S 3S 4S 5S", None], expeditions=[{"H": "3H"}, {"H": "4H 8H"}], seed=4)
    chances = analysis.holding_chances(rnd)
    hearts = chances.get("H")
    assert [str(c.card) for c in hearts.cards] == ["5H", "6H"]  # above my 3, below my 7; 4H is laid
    assert all(c.passed_over and c.inferred < c.uniform for c in hearts.cards)  # below their 8: passed over
    assert "at least one of them" in str(chances)
    with pytest.raises(AnalysisError, match="you wait for no card of 'C'"):
        chances.get("C")


# --- intervals and refinement --------------------------------------------------------------------------
def test_answers_are_refined_and_shown_as_they_come(end):
    seen = []
    answers = list(analysis.iter_move_values(end, precision=0.0, max_positions=4 * PIECE, first=PIECE, on_update=seen.append))
    positions = [a.positions for a in answers]
    assert positions[0] == 256 and positions == sorted(set(positions)) and positions[-1] <= 1024 and seen == answers
    assert len(answers) == 1 or answers[-1].width <= answers[0].width
    assert "your score minus theirs" in str(answers[-1]) and "xp-answer-moves" in answers[-1]._repr_html_()


def test_questions_about_a_move_need_the_seat_to_move():
    rnd = ex.deal("expeditions", seed=3)
    with pytest.raises(AnalysisError, match="seat 1 observes, seat 0 is to move"):
        analysis.move_values(rnd.observation(1))


@pytest.mark.slow
def test_the_chance_to_win_and_the_score_difference_cover_their_true_values():
    """1,000 answers of 256 positions each, against the truth of 65,536: the 95% intervals hold 95% of
    the time (at least 93%, about three standard errors of the count below 95%)."""
    obs = near_the_end(seed=31, deck=16)
    move = analysis.win_chances(obs, first=PIECE, precision=100).move
    options = (Option("move", (move,)),)
    long = play_options(obs, options, sample_state(obs, 65_536, np.random.default_rng(77)))
    scores = long["scores"][0]
    d = scores[:, obs.side] - scores[:, 1 - obs.side]
    truth_d, truth_win = float(d.mean()), float(((d > 0) + 0.5 * (d == 0)).mean())
    hits_d = hits_w = 0
    for r in range(1000):
        runs = iter_rollouts(obs, options, seed=500 + r, first=PIECE, max_positions=PIECE)
        for c in refine(runs, lambda c: c, 0, lambda c: 1.0):
            x = c.difference(0)
            hits_d += c.mean(x).contains(truth_d)
            hits_w += analysis.stats.proportion_estimate(float((x > 0).sum() + 0.5 * (x == 0).sum()), c.positions).contains(truth_win)
    assert hits_d / 1000 >= 0.93 and hits_w / 1000 >= 0.93
