"""Hints: every legal move ranked by the Expert, how sure the ranking is, and the reasons in words.

The positions (``positions.py``) are built so that the best move is known by construction: the sixth
card of an expedition with the last card in the deck (every move ends the round, so every value is
exact), and a 9 that only the bot can use beside cards that are dead for both sides."""

import pytest
from positions import gift, sixth_card, solitaire_end

import expeditions as ex
from expeditions import Move
from expeditions.bots import Expert, hint_table, rank_moves
from expeditions.bots.expert import Search
from expeditions.bots.words import in_words, pile_notes, reason, situation
from expeditions.engine import action_of
from expeditions.estimate import mean_of
from expeditions.words import move_words, ordinal


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
    assert ranked.value_words.startswith("your final score, in points")
    assert ranked.situation == "the deck is empty: 2 cards left to play"


def test_the_sixth_card_is_ranked_first_and_every_other_move_is_worse_by_its_value_plus_the_bonus():
    rnd = sixth_card()
    obs = rnd.observation()
    assert obs.deck_size == 1 and all(m.draw == "deck" for m in obs.legal_moves)  # every move ends the round
    hints = rank_moves(obs, seed=3)
    assert hints.best.move == Move.parse("play 9H, draw deck") and hints.best.group == "best"
    worth = ex.score("4H 5H 6H 7H 8H 9H", rnd.rules) - ex.score("4H 5H 6H 7H 8H", rnd.rules)  # 9 + the bonus of 20
    assert worth == 29
    for other in hints[1:]:
        assert other.group == "worse"
        assert other.difference.value == pytest.approx(-worth) and other.difference.high < 0  # exact: no hidden card matters
    assert (hints.card, hints.target, hints.draw) == (ex.card("9H"), "expedition", "deck")  # what an app highlights


def test_a_card_only_the_bot_can_use_is_ranked_below_dead_cards_which_are_about_as_good_as_each_other():
    obs = gift().observation()
    hints = rank_moves(obs, seed=1)
    dead = {Move.parse(f"discard {c}, draw deck") for c in ("2C", "3C", "2H", "3H", "4H")}
    assert {m.move for m in hints} == dead | {Move.parse("discard 9D, draw deck")}
    assert hints.best.move in dead and hints.target == "discard" and hints.draw == "deck"
    assert hints[-1].move == Move.parse("discard 9D, draw deck")
    assert hints[-1].group == "worse" and hints[-1].difference.high < 0  # feeding the bot 9 × 3 is clearly worse
    # equal by symmetry: 2C and 3C are both dead for both sides, and so are the hearts
    groups = {m.move: m.group for m in hints}
    assert {groups[m] for m in dead} <= {"best", "about as good"}
    assert {m.move for m in hints.about_as_good} == dead - {hints.best.move}
    assert "feeds the bot" in str(hints[-1].reason) and "safe throw" in str(hints.best.reason)


@pytest.mark.parametrize("name", ["expeditions", "expeditions-4p"])
def test_every_legal_move_is_ranked_once_the_experts_first(name):
    rnd = ex.deal(name, seed=21)
    obs = rnd.observation()
    ranked = rank_moves(obs, seed=2, rollouts=120, samples=8)
    assert sorted(map(str, (r.move for r in ranked))) == sorted(map(str, obs.legal_moves)) and ranked.total == len(ranked)
    assert all(r.low <= r.value <= r.high and str(r.reason) and r.samples >= 8 for r in ranked)
    assert ranked[0].move == Expert(2, rollouts=120).choose(obs)  # the move the Expert plays with that seed
    assert ranked[0].samples == max(r.samples for r in ranked)  # examined the most
    groups = [r.group for r in ranked]
    assert groups == sorted(groups, key=["best", "about as good", "worse"].index)  # grouped: best, about as good, worse
    for group in ("about as good", "worse"):  # within a group, by the difference from the best
        rest = [r.difference.value for r in ranked if r.group == group]
        assert rest == sorted(rest, reverse=True)
    assert [str(r.move) for r in rank_moves(obs, seed=2, rollouts=120, samples=8)] == [str(r.move) for r in ranked]
    for r in ranked[1:]:  # "worse" when the paired difference's interval lies below 0, else "about as good"
        assert r.group == ("worse" if r.difference.high < 0 else "about as good")


def test_a_move_that_beats_the_experts_choice_on_fresh_deals_too_is_the_best():
    obs = ex.deal(seed=21).observation()
    expert = Expert(1).choose(obs)
    hints = rank_moves(obs, seed=1)
    assert expert == Move.parse("play 2H, draw deck") and hints.best.move == Move.parse("play JC, draw deck")
    assert all(r.difference.low <= 0 for r in hints[1:])  # no move is shown clearly above the best
    # An independent look, on 400 other deals of the hidden cards: the investment is better indeed.
    search = Search(obs, seed=99)
    spec = search.sight.f.spec
    better, kept = action_of(spec, hints.best.move), action_of(spec, expert)
    assert mean_of(search.result(better, i) - search.result(kept, i) for i in range(400)).low > 0


def test_reasons_say_what_a_move_opens_feeds_and_takes_with_suit_symbols():
    rnd = ex.position(hands=["4H 8H 9H 9S 2C QD", None], expeditions=[{}, {"S": "6S"}], piles={"D": "7D"}, seed=3)
    obs = rnd.observation()
    opening = str(reason(obs, Move.parse("play 4H, draw deck")))
    assert opening.startswith("opens ♥ with 4♥, 8♥ 9♥ to follow") and "21 in numbers against the 20 it costs" in opening
    feeding = str(reason(obs, Move.parse("discard 9S, draw deck")))
    assert "feeds the bot" in feeding and "♠ expedition (at 6) can take it" in feeding
    safe = str(reason(obs, Move.parse("discard 2C, draw pile D")))
    assert "have not started ♣" in safe and "takes 7♦ off the ♦ pile" in safe
    assert str(reason(obs, Move.parse("discard 2C, draw pile D"), piles_said=True)).endswith("; takes 7♦")
    assert "investment on ♦" in str(reason(obs, Move.parse("play QD, draw deck")))
    skipping = str(reason(obs, Move.parse("play 8H, draw deck")))
    assert "giving up 4♥ in your hand" in skipping
    for move in obs.legal_moves:  # the plays left are said once, for the position, not on every row
        assert "plays left" not in str(reason(obs, move))
        assert not any(f"{r}{s}" in str(reason(obs, move)) for r in "23456789JQK" for s in "HSDC")  # symbols on screen, not letters
    assert situation(obs) == f"{obs.deck_size} in the deck: about {-(-obs.deck_size // 2)} plays left each"
    assert pile_notes(obs) == ("7♦ on the ♦ pile goes with your Q♦ (7 in ♦ numbers)",)


def test_words_for_moves_and_turns():
    assert move_words(Move.parse("discard 5S, draw pile D"), "notation") == "discard 5♠, draw pile ♦"
    assert move_words(Move.parse("pass 7H 9S"), "notation") == "pass 7♥ 9♠"
    assert in_words(Move.parse("play 7H, draw deck"), past=True) == "you laid 7♥ on your ♥ expedition and drew from the deck"
    assert in_words(Move.parse("discard 7Y, draw deck")) == "discard yellow 7 and draw from the deck"  # as the table names it
    assert [ordinal(n) for n in (1, 2, 3, 4, 11, 12, 13, 21, 22, 101)] == \
        ["1st", "2nd", "3rd", "4th", "11th", "12th", "13th", "21st", "22nd", "101st"]


def test_partners_are_your_partner_and_the_other_team():
    rnd = ex.deal("expeditions-4p", seed=5)
    obs = rnd.observation()
    hints = rank_moves(obs, seed=1, rollouts=60, samples=4)
    assert "your team's score minus the other team's" in hints.value_words
    passes = [h for h in hints if h.move.kind == "pass"]
    assert passes and all("to your partner" in str(h.reason) for h in passes) and passes[0].target == "partner"
    assert all("the bot" not in str(h.reason) for h in hints)


def test_the_table_says_what_the_values_mean_once_and_groups_the_moves():
    hints = rank_moves(gift().observation(), seed=1)
    table = hint_table(hints, top=3)
    assert len(table) == 3 and table[0] == hints[0] and table.total == 6
    text = str(table)
    assert text.splitlines()[0].startswith("Value: final score difference, in points: your score minus the bot's")
    assert "13 in the deck: about 7 plays left each; the best 3 of 6 moves" in text
    assert text.count("plays left") == 1  # said once, not on every row
    html = table._repr_html_()
    assert "data-group='best'" in html and "about as good" in html and "<script" not in html
    assert len(str(hint_table(hints)).splitlines()) == 1 + 1 + 6  # the words, the column heads, every move


def test_two_copies_of_a_number_follow_once():
    rnd = ex.position("expeditions-4p", hands=["2S 3S 3S 6S 9S 9D", None, None, None], seed=2)
    text = str(reason(rnd.observation(), Move.parse("play 2S, draw deck")))
    assert text == "opens ♠ with 2♠, 3♠ 6♠ 9♠ to follow (20 in numbers against the 20 it costs)"  # 2 + 3 + 6 + 9: one 3 only
