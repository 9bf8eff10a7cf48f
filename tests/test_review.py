"""Reviews: the moves that cost points, measured on the same sampled deals as the better move, said in
words and pictured; the positions are those of test_hints, where the best move is known by construction."""

import math
import re

import pytest
from positions import gift, sixth_card, solitaire_end

import expeditions as ex
from expeditions import Move
from expeditions.bots import Heuristic, Review, review, review_steps
from expeditions.bots.review import cost_words
from expeditions.errors import AnalysisError, ExpeditionsError, SeatError
from expeditions.estimate import Estimate, sum_of


def test_the_sixth_card_kept_in_hand_costs_its_value_plus_the_bonus_exactly():
    rnd = sixth_card().play("discard 2C, draw deck")
    assert rnd.is_over
    result = review(rnd, 0, seed=1)
    (move,) = result.moves
    assert move.number == 1 and move.turn == 1 and move.better == Move.parse("play 9H, draw deck")
    assert move.loss.value == pytest.approx(29) and move.loss.low == pytest.approx(29) and move.mattered  # no hidden card matters
    (moment,) = result.moments
    assert moment.headline.startswith("Your 1st move (1 in the deck): you discarded 2♣ and drew from the deck. It cost about 29 points")
    assert moment.wrong == "you discarded on your last play, while 9♥ could still go on your expeditions"
    assert moment.instead.startswith("lay 9♥ on your ♥ expedition and draw from the deck: it is the 6th card of your ♥ expedition")
    assert result.summary == "One move cost you about 29 points [29, 29]."


def test_feeding_the_bot_a_card_only_it_can_use_is_flagged_with_an_interval_above_zero():
    played = gift().play("discard 9D, draw deck")
    result = review(played, 0, seed=2)
    (move,) = result.moves
    assert move.better.kind == "discard" and move.better.card in ex.cards("2C 3C 2H 3H 4H")
    assert move.loss.low > 0 and move.mattered  # J Q 4 5 of diamonds take the 9 at ×3
    (moment,) = result.moments
    assert moment.wrong == "you discarded 9♦ where the bot can take it: the bot's ♦ expedition stands at 5"
    assert "a safe throw: both sides are past it" in moment.instead
    assert result.summary.startswith("One move cost you about ")
    assert result.cost == move.loss


def test_a_dead_card_discarded_instead_of_another_costs_nothing_measurable():
    for card in ("2C", "3C", "4H"):
        result = review(gift().play(f"discard {card}, draw deck"), 0, seed=2)
        (move,) = result.moves
        assert not move.mattered and move.loss.low <= 0 <= move.loss.high  # equal by symmetry
        assert result.moments == () and result.cost == Estimate.exact(0)
        assert result.summary == "No move cost you a measurable amount: your only move was about as good as the Expert's."


def test_the_solitaire_review_counts_the_points_lost():
    rnd = solitaire_end().play("play 10H").play("discard 9H")
    result = review(rnd, 0, seed=1, rollouts=40)
    first, second = result.moves
    assert (first.number, second.number) == (1, 2)
    assert first.played == Move.parse("play 10H") and first.better == Move.parse("play 9H")
    assert first.loss.value == pytest.approx(ex.score("5H 8H 9H 10H", "expeditions-solo") - ex.score("5H 8H 10H", "expeditions-solo"))
    assert second.agreed and second.loss == Estimate.exact(0)  # only one move was left
    assert result.agreed == 1 and result.summary.startswith("One move cost you about 9.0 points [9.0, 9.0]; the rest")
    assert "the bot" not in str(result)
    assert "you laid 10♥ with 9♥ in your hand: it can no longer go on your ♥ expedition" in str(result)


def test_moves_are_numbered_per_player_and_the_review_grows_one_move_at_a_time():
    rnd = ex.deal(seed=5)
    bots = [Heuristic(), Heuristic()]
    while rnd.turn < 8:
        rnd = rnd.play(bots[rnd.to_move].choose(rnd.observation()))
    steps = list(review_steps(rnd, 1, seed=3, rollouts=60, samples=8))
    assert [s.done for s in steps] == [0, 1, 2, 3, 4] and steps[-1].complete and not steps[1].complete
    assert steps[0].summary == "Reviewing your 4 moves…" and steps[2].summary.startswith("So far (2 of 4 moves reviewed): ")
    final = steps[-1]
    assert [m.number for m in final.moves] == [1, 2, 3, 4] and [m.turn for m in final.moves] == [2, 4, 6, 8]
    assert all(m.loss == Estimate.exact(0) for m in final.moves if m.agreed)
    seen: list[Review] = []
    again = review(rnd, 1, seed=3, rollouts=60, samples=8, on_progress=seen.append, progress=True)
    assert again == final and [s.done for s in seen] == [1, 2, 3, 4]
    with pytest.raises(SeatError, match="seat 2 does not exist") as refused:
        review(rnd, 2)
    assert isinstance(refused.value, ExpeditionsError)
    with pytest.raises(AnalysisError, match="at least 2"):
        review(rnd, 0, samples=1)


def test_a_moment_is_pictured_with_both_moves_marked():
    result = review(gift().play("discard 9D, draw deck"), 0, seed=2)
    picture = result.moments[0].picture
    assert 'data-testid="review-picture"' in picture and "<script" not in picture
    for mark in ("played", "better"):  # the card in hand, its copy on the pile, the deck it draws from, the key
        assert len(re.findall(rf'data-mark="[^"]*\b{mark}\b', picture)) == 4
    better = result.moments[0].better
    cells = dict(re.findall(r'<td[^>]*data-pile="(\w)"[^>]*>(.*?)</td>', picture))
    assert 'data-mark="played"' in cells["D"] and 'title="9♦"' in cells["D"]  # 9♦ went onto the ♦ pile
    assert 'data-mark="better"' in cells[better.card.suit] and f'title="{better.card.symbol}"' in cells[better.card.suit]
    deck = re.search(r'class="xp-deck"[^>]*data-mark="([^"]*)"[^>]*>(\d+)<', picture)
    assert deck is not None and deck.groups() == ("played better", "13")  # both drew off the deck, of 13 cards
    assert "discard 9♦, draw from the deck" in picture and f"discard {better.card.symbol}, draw from the deck" in picture
    assert "var(--xp-suit-D, " in picture  # in the card table, the table's own colours
    html = result._repr_html_()
    assert html.count('data-testid="review-moment"') == 1 and "review-summary" in html


def test_a_whole_rounds_review_has_a_few_moments_each_saying_something_new():
    rnd = ex.bots.play_out(ex.deal(seed=11), [ex.bots.Beginner(1), Heuristic(2)])
    result = review(rnd, 0, seed=0, rollouts=100, samples=16)
    assert result.complete and result.done == len([m for i, m in enumerate(rnd.moves) if i % 2 == 0])
    assert 0 < len(result.moments) <= 5
    assert all(m.mattered for m in result.mattered) and {m.move for m in result.moments} <= set(result.mattered)
    biggest = sorted(result.mattered, key=lambda m: -m.loss.value)[: len(result.moments)]
    assert {m.move.number for m in result.moments} == {m.number for m in biggest}
    assert len({m.wrong for m in result.moments}) == len(result.moments)  # no two moments say the same
    assert all("seat" not in m.headline and "H," not in m.wrong for m in result.moments)
    total = sum_of([m.loss for m in result.mattered])
    assert result.cost == total and cost_words(total) in result.summary


def test_sums_of_estimates_add_their_variances():
    a, b = Estimate(10.0, 8.0, 12.0, 30), Estimate(5.0, 2.0, 8.0, 40)
    total = sum_of([a, b])
    assert total.value == 15 and total.half_width == pytest.approx(math.sqrt(2**2 + 3**2))
    assert sum_of([]) == Estimate.exact(0) and sum_of([Estimate.exact(3), Estimate.exact(4)]) == Estimate.exact(7)
