"""Hints (moves ranked by the Expert, with reasons) and reviews of a round."""

import pytest

import expeditions as ex
from expeditions import Move
from expeditions.bots import Expert, Heuristic, hint_table, rank_moves, review
from expeditions.bots.hints import reason


def solitaire_end():
    """The solitaire with the deck empty: 9H then 10H is the only way to keep both."""
    return ex.position("expeditions-solo", hands=["9H 10H"], expeditions=[{"H": "5H 8H"}], deck="")


def test_values_of_the_solitaire_end_are_the_final_scores():
    ranked = rank_moves(solitaire_end().observation(), seed=1, rollouts=40, samples=4)
    values = {str(r.move): r.value for r in ranked}
    assert values == {  # the score of what is laid once the hand is empty, by the rules summary's scoring
        "play 9H": ex.score("5H 8H 9H 10H", "expeditions-solo"),  # 12
        "play 10H": ex.score("5H 8H 10H", "expeditions-solo"),  # 3: the 9H can no longer follow
        "discard 9H": ex.score("5H 8H 10H", "expeditions-solo"),
        "discard 10H": ex.score("5H 8H 9H", "expeditions-solo"),  # 2
    }
    assert str(ranked[0].move) == "play 9H"
    assert all(r.low == r.value == r.high for r in ranked)  # no hidden card can change them


@pytest.mark.parametrize("name", ["expeditions", "expeditions-4p"])
def test_every_legal_move_is_ranked_once_the_experts_first(name):
    rnd = ex.deal(name, seed=21)
    obs = rnd.observation()
    ranked = rank_moves(obs, seed=2, rollouts=120, samples=8)
    assert sorted(map(str, (r.move for r in ranked))) == sorted(map(str, obs.legal_moves))
    assert all(r.low <= r.value <= r.high and r.reason and r.samples >= 8 for r in ranked)
    assert ranked[0].move == Expert(2, rollouts=120).choose(obs)  # the move the Expert plays with that seed
    assert ranked[0].samples == max(r.samples for r in ranked)  # examined the most
    rest = [r.value for r in ranked[1:]]
    assert rest == sorted(rest, reverse=True)
    assert [str(r.move) for r in rank_moves(obs, seed=2, rollouts=120, samples=8)] == [str(r.move) for r in ranked]


def test_reasons_say_what_a_move_opens_feeds_and_takes():
    rnd = ex.position(hands=["4H 8H 9H 9S 2C QD", None], expeditions=[{}, {"S": "6S"}], piles={"D": "7D"}, seed=3)
    obs = rnd.observation()
    opening = reason(obs, Move.parse("play 4H, draw deck"))
    assert opening.startswith("opens hearts with 4H") and "8H 9H" in opening and "plays left" in opening
    feeding = reason(obs, Move.parse("discard 9S, draw deck"))
    assert "feeds your opponent" in feeding and "spades expedition stands at 6" in feeding
    safe = reason(obs, Move.parse("discard 2C, draw pile D"))
    assert "has not started clubs" in safe and "takes 7D off the diamonds pile" in safe
    investing = reason(obs, Move.parse("play QD, draw deck"))
    assert "investment on diamonds" in investing
    left = reason(obs, Move.parse("play 4H, draw deck"))
    assert f"{obs.deck_size} in the deck: about {-(-obs.deck_size // 2)} plays left each" in left


def test_hint_table_shows_the_ranking():
    ranked = rank_moves(solitaire_end().observation(), seed=1, rollouts=40)
    table = hint_table(ranked, top=2)
    assert len(table) == 2 and table[0].move == ranked[0].move
    text = str(table)
    assert "play 9H" in text.splitlines()[1] and "+12.0" in text
    assert "<table" in table._repr_html_() and "play 9H" in table._repr_html_()
    assert str(table[1].move) in {"play 10H", "discard 9H"}  # both end on 3


def test_review_counts_the_points_lost():
    rnd = solitaire_end().play("play 10H").play("discard 9H")
    result = review(rnd, 0, seed=1, rollouts=40)
    assert [r.turn for r in result.rows] == [1, 2]
    first, second = result.rows
    assert first.played == Move.parse("play 10H") and first.expert == Move.parse("play 9H")
    assert first.lost == pytest.approx(ex.score("5H 8H 9H 10H", "expeditions-solo") - ex.score("5H 8H 10H", "expeditions-solo"))
    assert second.lost == 0 and second.played == second.expert  # only one move was left
    assert result.total == pytest.approx(9) and result.agreed == 1
    assert "9.0" in str(result) and "<table" in result._repr_html_()


def test_review_of_the_experts_own_kind_of_play_loses_little():
    rnd = ex.deal(seed=5)
    bots = [Heuristic(), Heuristic()]
    while rnd.turn < 8:
        rnd = rnd.play(bots[rnd.to_move].choose(rnd.observation()))
    result = review(rnd, 1, seed=3, rollouts=60)
    assert [r.turn for r in result.rows] == [2, 4, 6, 8]
    assert all(r.lost >= 0 for r in result.rows)
    assert all(r.lost == 0 for r in result.rows if r.played == r.expert)
    with pytest.raises(ValueError, match="seat"):
        review(rnd, 2)
