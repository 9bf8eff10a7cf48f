"""Reviews: the moves that cost points, measured on the same sampled deals as the analyst's best, said in
words and pictured, and par; the positions are those of the hints' tests, where the best move is known by
construction."""

import re

import pytest
from positions import gift, sixth_card, solitaire_end

import expeditions as ex
from expeditions import Move
from expeditions.advice import Hard, Review, review, review_steps
from expeditions.advice.review import cost_words
from expeditions.analysis.analyst import Effort
from expeditions.bots import Beginner, Heuristic, play_out
from expeditions.errors import AnalysisError, ExpeditionsError, SeatError
from expeditions.estimate import Estimate, sum_of

QUICK = Effort(first=64, most=256, tie=2.0, precision=1.5)


def test_the_sixth_card_kept_in_hand_costs_its_value_plus_the_bonus_exactly():
    rnd = sixth_card().play("discard 2C, draw deck")
    assert rnd.is_over
    result = review(rnd, 0)
    (move,) = result.moves
    assert move.number == 1 and move.turn == 1 and move.better == Move.parse("play 9H, draw deck")
    assert move.loss.value == pytest.approx(29) and move.loss.low == pytest.approx(29) and move.mattered  # no hidden card matters
    (moment,) = result.moments
    assert moment.headline.startswith("Your 1st move (1 in the deck): you discarded 2♣ and drew from the deck. It cost about 29 points")
    assert moment.wrong == "you discarded on your last play, while 9♥ could still go on your expeditions"
    assert moment.instead.startswith("lay 9♥ on your ♥ expedition and draw from the deck: it is the 6th card of your ♥ expedition")
    assert result.summary == "One move cost you about 29 points [29, 29]."


def test_feeding_the_bot_a_card_only_it_can_use_is_flagged_with_an_interval_above_zero():
    result = review(gift().play("discard 9D, draw deck"), 0)
    (move,) = result.moves
    assert move.better.kind == "discard" and move.better.card in ex.cards("2C 3C 2H 3H 4H")
    assert move.loss.low > 0 and move.mattered and move.loss.samples >= 512  # J Q 4 5 of diamonds take the 9 at ×3
    (moment,) = result.moments
    assert moment.wrong == "you discarded 9♦ where the bot can take it: the bot's ♦ expedition stands at 5"
    assert "a safe throw: both sides are past it" in moment.instead
    assert result.cost == move.loss


def test_a_dead_card_discarded_instead_of_another_costs_nothing_measurable():
    for card in ("2C", "3C", "4H"):
        result = review(gift().play(f"discard {card}, draw deck"), 0)
        (move,) = result.moves
        assert not move.mattered and move.loss.low <= 0 <= move.loss.high  # equal by symmetry
        assert result.moments == () and result.cost == Estimate.exact(0)
        assert result.summary == "No move cost you a measurable amount: your only move was about as good as the analyst's best."


def test_the_solitaire_review_counts_the_points_lost():
    rnd = solitaire_end().play("play 10H").play("discard 9H")
    result = review(rnd, 0)
    first, second = result.moves
    assert first.played == Move.parse("play 10H") and first.better == Move.parse("play 9H")
    assert first.loss.value == pytest.approx(ex.score("5H 8H 9H 10H", "expeditions-solo") - ex.score("5H 8H 10H", "expeditions-solo"))
    assert second.agreed and second.loss == Estimate.exact(0)  # only one move was left
    assert result.summary.startswith("One move cost you about 9.0 points [9.0, 9.0]; the rest")
    assert "the bot" not in str(result)


def test_moves_are_numbered_per_player_and_the_review_grows_one_move_at_a_time():
    rnd = ex.deal(seed=5)
    bots = [Heuristic(), Heuristic()]
    while rnd.turn < 8:
        rnd = rnd.play(bots[rnd.to_move].choose(rnd.observation()))
    steps = list(review_steps(rnd, 1, effort=QUICK))
    assert [s.done for s in steps] == [0, 1, 2, 3, 4] and steps[-1].complete and not steps[1].complete
    assert steps[0].summary == "Reviewing your 4 moves…" and steps[2].summary.startswith("So far (2 of 4 moves reviewed): ")
    final = steps[-1]
    assert [m.number for m in final.moves] == [1, 2, 3, 4] and [m.turn for m in final.moves] == [2, 4, 6, 8]
    assert all(m.loss == Estimate.exact(0) for m in final.moves if m.agreed)
    seen: list[Review] = []
    again = review(rnd, 1, effort=QUICK, on_progress=seen.append, progress=True)
    assert again == final and [s.done for s in seen] == [1, 2, 3, 4]
    with pytest.raises(SeatError, match="seat 2 does not exist") as refused:
        review(rnd, 2)
    assert isinstance(refused.value, ExpeditionsError)
    with pytest.raises(ExpeditionsError, match="deals"):
        review(rnd, 0, deals=1)


def test_a_moment_is_pictured_with_both_moves_marked():
    result = review(gift().play("discard 9D, draw deck"), 0)
    picture = result.moments[0].picture
    assert 'data-testid="review-picture"' in picture and "<script" not in picture
    for mark in ("played", "better"):  # the card in hand, its copy on the pile, the deck it draws from, the key
        assert len(re.findall(rf'data-mark="[^"]*\b{mark}\b', picture)) == 4
    html = result._repr_html_()
    assert html.count('data-testid="review-moment"') == 1 and "review-summary" in html


def test_par_is_the_hard_bot_in_your_seat_on_the_same_deal_against_the_same_opponent():
    rnd = play_out(ex.deal(seed=11), [Beginner(1), Heuristic(2)])
    result = review(rnd, 0, effort=QUICK, par={1: Heuristic(2)}, hard=Hard(5))
    par = result.par
    assert par is not None and result.complete
    replayed = play_out(ex.deal(seed=11), [Hard(5), Heuristic(2)])  # the same deck order, the same opponent and seed
    assert par.scores == replayed.scores() and par.played == rnd.scores()
    assert par.round.moves == replayed.moves
    assert par.difference == replayed.scores()[0] - replayed.scores()[1] and par.actual == rnd.scores()[0] - rnd.scores()[1]
    words = result.par_words.replace("−", "-")  # the words write a minus sign
    assert f"Hard would have scored {replayed.scores()[0]} against {replayed.scores()[1]}" in words
    assert cost_words(result.cost) in words and result.par_words in str(result) and 'data-testid="review-par"' in result._repr_html_()
    with pytest.raises(AnalysisError, match="par needs a bot for every other seat"):
        review(rnd, 0, effort=QUICK, par={})


def test_a_whole_rounds_review_has_a_few_moments_each_saying_something_new():
    rnd = ex.bots.play_out(ex.deal(seed=11), [Beginner(1), Heuristic(2)])
    result = review(rnd, 0, effort=QUICK)
    assert result.complete and result.done == len([m for i, m in enumerate(rnd.moves) if i % 2 == 0])
    assert 0 < len(result.moments) <= 5
    assert all(m.loss.samples >= 512 for m in result.mattered)
    biggest = sorted(result.mattered, key=lambda m: -m.loss.value)[: len(result.moments)]
    assert {m.move.number for m in result.moments} == {m.number for m in biggest}
    assert len({m.wrong for m in result.moments}) == len(result.moments)  # no two moments say the same
    total = sum_of([m.loss for m in result.mattered])
    assert result.cost == total and cost_words(total) in result.summary
