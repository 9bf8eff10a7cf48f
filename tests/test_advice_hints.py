"""Hints: every legal move ranked by the analyst, how sure the ranking is, and the reasons in words.

The positions (``positions.py``) are built so that the best move is known by construction: the sixth
card of an expedition with the last card in the deck (every move ends the round, so every value is
exact), and a 9 that only the bot can use beside cards that are dead for both sides."""

from dataclasses import replace

import pytest
from positions import counted, gift, sixth_card, solitaire_end

import expeditions as ex
from expeditions import Move
from expeditions.advice import hint_table, rank_moves
from expeditions.advice.hints import GROUPS, versus_words
from expeditions.advice.review import _review_move
from expeditions.analysis.analyst import Effort, analyse, hint_effort
from expeditions.estimate import Estimate

QUICK = Effort(first=64, most=256, tie=2.0, precision=1.5)


def test_values_of_the_solitaire_end_are_the_final_scores():
    ranked = rank_moves(solitaire_end().observation())
    values = {str(r.move): r.value for r in ranked}
    assert values == {  # the score of what is laid once the hand is empty, by the rules summary's scoring
        "play 9H": ex.score("5H 8H 9H 10H", "expeditions-solo"),  # 12
        "play 10H": ex.score("5H 8H 10H", "expeditions-solo"),  # 3: the 9H can no longer follow
        "discard 9H": ex.score("5H 8H 10H", "expeditions-solo"),
        "discard 10H": ex.score("5H 8H 9H", "expeditions-solo"),  # 2
    }
    assert str(ranked[0].move) == "play 9H"
    assert all(r.difference.low == r.difference.high for r in ranked)  # no hidden card can change them
    assert ranked.value_words.startswith("your final score, in points")
    assert ranked.situation == "the deck is empty: 2 cards left to play"


def test_the_sixth_card_is_ranked_first_and_every_other_move_is_worse_by_its_value_plus_the_bonus():
    rnd = sixth_card()
    obs = rnd.observation()
    assert obs.deck_size == 1 and all(m.draw == "deck" for m in obs.legal_moves)  # every move ends the round
    hints = rank_moves(obs)
    assert hints.best.move == Move.parse("play 9H, draw deck") and hints.best.group == "best"
    worth = ex.score("4H 5H 6H 7H 8H 9H", rnd.rules) - ex.score("4H 5H 6H 7H 8H", rnd.rules)  # 9 + the bonus of 20
    assert worth == 29
    for other in hints[1:]:
        assert other.group == "worse"
        assert other.difference.value == pytest.approx(-worth) and other.difference.high < 0  # exact: no hidden card matters
    assert (hints.card, hints.target, hints.draw) == (ex.card("9H"), "expedition", "deck")  # what an app highlights


def test_a_card_only_the_bot_can_use_is_ranked_below_dead_cards_which_are_about_as_good_as_each_other():
    obs = gift().observation()
    hints = rank_moves(obs)
    dead = {Move.parse(f"discard {c}, draw deck") for c in ("2C", "3C", "2H", "3H", "4H")}
    assert {m.move for m in hints} == dead | {Move.parse("discard 9D, draw deck")}
    assert hints.best.move in dead and hints.target == "discard" and hints.draw == "deck"
    assert hints[-1].move == Move.parse("discard 9D, draw deck")
    assert hints[-1].group == "worse" and hints[-1].difference.high < 0  # feeding the bot 9 × 3 is clearly worse
    assert {m.group for m in hints if m.move in dead} <= {"best", "about as good"}  # equal by symmetry
    assert "feeds the bot" in str(hints[-1].reason) and "safe throw" in str(hints.best.reason)


@pytest.mark.parametrize("name", ["expeditions", "expeditions-4p", "lost-cities"])
def test_every_legal_move_is_ranked_once_in_the_order_of_its_difference(name):
    obs = ex.deal(name, seed=21).observation()
    untimed = replace(QUICK, most=128, seconds=1000.0)  # the seeds alone decide, not how loaded the machine is
    ranked = rank_moves(obs, effort=untimed)
    assert sorted(map(str, (r.move for r in ranked))) == sorted(map(str, obs.legal_moves)) and ranked.total == len(ranked)
    differences = [r.difference.value for r in ranked]
    assert differences == sorted(differences, reverse=True) and differences[0] == 0
    assert [r.value for r in ranked] == sorted((r.value for r in ranked), reverse=True)  # shown order is ranked order
    assert all(r.reason and r.group in GROUPS for r in ranked)
    again = rank_moves(obs, effort=untimed)
    assert [(r.move, r.difference) for r in again] == [(r.move, r.difference) for r in ranked]  # the same position, the same hint


def test_groups_are_said_in_words_with_their_intervals():
    obs = counted(seed=8, turns=20).observation()
    hints = rank_moves(obs, effort=QUICK)
    for m in hints[1:]:
        words = versus_words(m)
        if m.group == "worse":
            assert words.endswith("]") and "worse [" in words and not words.startswith("about")
        elif m.group == "about as good":
            assert words.startswith("about as good (")
        else:
            assert words.startswith("not decided at this budget")
    assert versus_words(hints.best) == "the best"


def test_moves_that_part_nowhere_are_the_same_and_no_difference_reads_minus_zero():
    other = rank_moves(sixth_card().observation())[1]
    same = replace(other, difference=Estimate(-0.0, -0.0, -0.0, 64), group="about as good")  # as paired means of equal rows give
    assert versus_words(same) == "about as good (the same result on every deal)"
    close = replace(other, difference=Estimate(0.0, -0.4, 0.4, 512), group="about as good")
    assert versus_words(close) == "about as good (0.0 points worse [-0.4, 0.4])"
    assert versus_words(replace(other, difference=Estimate(-1.0, -1.5, -0.5, 512), group="worse")) == "1.0 point worse [0.5, 1.5]"


def test_the_table_says_what_the_values_mean_once_and_groups_the_moves():
    hints = rank_moves(gift().observation())
    table = hint_table(hints, top=3)
    assert len(table) == 3 and table[0] == hints[0] and table.total == 6
    text = str(table)
    assert text.splitlines()[0].startswith("Value: final score difference, in points: your score minus the bot's")
    assert "13 in the deck: about 7 plays left each; the best 3 of 6 moves" in text
    assert text.count("plays left") == 1  # said once, not on every row
    html = table._repr_html_()
    assert "data-group='best'" in html and "about as good" in html and "<script" not in html
    assert len(str(hint_table(hints)).splitlines()) == 1 + 1 + 6  # the words, the column heads, every move


def test_partners_are_your_partner_and_the_other_team():
    obs = ex.deal("expeditions-4p", seed=5).observation()
    hints = rank_moves(obs, effort=Effort(first=64, most=64))
    assert "your team's score minus the other team's" in hints.value_words
    passes = [h for h in hints if h.move.kind == "pass"]
    assert passes and all("to your partner" in str(h.reason) for h in passes) and passes[0].target == "partner"
    assert all("the bot" not in str(h.reason) for h in hints)


RULE_SETS = ("expeditions", "lost-cities", "expeditionen", "expeditionen-aces")


@pytest.mark.slow
def test_the_review_never_calls_the_hints_best_move_costly_and_every_hint_shows_its_ranking():
    """Over 200 positions of four rule sets, at the same effort: the review of the hint's best move finds no loss, and
    every hint lists its moves in the order of their paired differences."""
    checked = 0
    for k in range(60):
        rnd = counted(RULE_SETS[k % len(RULE_SETS)], seed=300 + k, turns=(7 * k) % 40)
        for _ in range(4):
            if rnd.is_over or checked >= 200:
                break
            obs = rnd.observation()
            hints = rank_moves(obs, effort=QUICK)
            reviewed = _review_move(obs, hints.best.move, 1, obs.turn + 1, QUICK, 64)
            assert reviewed.agreed and reviewed.loss.value == 0 and not reviewed.mattered
            differences = [m.difference.value for m in hints]
            assert differences == sorted(differences, reverse=True)
            checked += 1
            rnd = rnd.play(hints.best.move)
    assert checked == 200


def test_the_hint_effort_follows_where_the_rounds_are_played():
    batch, engine = (hint_effort(ex.deal(name, seed=1).observation()) for name in ("expeditions", "expeditions-4p"))
    assert batch.most > engine.most
    assert analyse(ex.deal("expeditions-solo", seed=1).observation(), Effort(first=64, most=64)).playouts == "engine"
