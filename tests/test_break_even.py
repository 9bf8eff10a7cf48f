"""How many more cards of a suit do I need to break even (``analysis.break_even``).

The exact curve is checked against a brute force written here: every set of the suit's unseen numbers
that could still go down, laid with the cards in hand as the module says (each value once, investments
first, the highest numbers kept when the plays run short), scored by the public ``ex.score``, averaged
with exact fractions; the chance that at least ``k`` reach you is ``scipy``'s hypergeometric law with the
draws in time counted here from the deck. The estimated curve must cover the exact one with its 95%
intervals."""

from __future__ import annotations

import math
from fractions import Fraction
from itertools import combinations

import pytest
from positions import counted
from scipy.stats import hypergeom

import expeditions as ex
from expeditions import analysis
from expeditions.analysis import break_even
from expeditions.errors import AnalysisError


def draws_in_time(rnd: ex.Round) -> int:
    """The seat to move's draws whose card can still be laid: its turns until the deck runs out, less the last
    (in the solitaire every draw can be laid)."""
    if rnd.rules.play_on_after_deck:
        return rnd.deck_size
    return math.ceil(rnd.deck_size / rnd.rules.players) - 1


def plays_left(rnd: ex.Round) -> int:
    if rnd.rules.play_on_after_deck:
        return rnd.deck_size + len(rnd.hand(rnd.to_move))
    return math.ceil(rnd.deck_size / rnd.rules.players)


def brute_force(rnd: ex.Round, suit: str) -> list[dict[str, Fraction]]:
    """The curve of ``suit`` for the seat to move, by enumeration of card lists."""
    rules = rnd.rules
    seat = rnd.to_move
    obs = rnd.observation(seat)
    laid = list(rnd.expedition(rules.side_of(seat), suit))
    top = max((c.value for c in laid if not c.is_investment), default=0)
    numbered = any(not c.is_investment for c in laid)
    hand = [c for c in rnd.hand(seat) if c.suit == suit]
    held_numbers = sorted({c.value for c in hand if not c.is_investment and c.value > top})
    held_investments = [c for c in hand if c.is_investment and not numbered]
    to_come = [c for c in obs.unseen if c.suit == suit and not c.is_investment and c.value > top]
    plays = plays_left(rnd)
    by_value = {c.value: c for c in rules.deck if c.suit == suit and not c.is_investment}
    d, unseen = draws_in_time(rnd), len(obs.unseen)
    out = []
    for k in range(len(to_come) + 1):
        total = even = bonus = Fraction(0)
        sets = list(combinations(to_come, k))
        for arrived in sets:
            investments = held_investments[:plays]
            numbers = sorted(set(held_numbers) | {c.value for c in arrived})[-(plays - len(investments)):] \
                if plays > len(investments) else []
            cards = laid + investments + [by_value[v] for v in numbers]
            points = ex.score(cards, rules)
            total += points
            even += points >= 0
            bonus += len(cards) >= rules.bonus_at
        n = len(sets)
        reach = hypergeom(unseen, len(to_come), min(d, unseen)).sf(k - 1) if k else 1.0
        out.append({"score": total / n, "even": even / n, "bonus": bonus / n, "reach": reach})
    return out


def near_the_end(name: str, seed: int, deck: int) -> ex.Round:
    """A round of counting bots with ``deck`` cards or fewer left: few plays, so the highest cards are kept."""
    return counted(name, seed=seed, deck=deck)


POSITIONS = {
    "a hand at the deal": lambda: ex.position("expeditions", hands=["2H 5H KH 9S 10S QD", None], seed=0),
    "started suits, piles and the other side": lambda: ex.position(
        "expeditions", hands=["6H 8H 10H 9S 3C QD", None], expeditions=[{"H": "JH 4H"}, {"S": "5S 7S", "D": "9D"}],
        piles={"D": "3D 8D"}, seed=1),
    "two investments laid, none held": lambda: ex.position(
        "expeditions", hands=["4C 7C 2S 3S 9H 10D", None], expeditions=[{"C": "JC QC"}, {}], seed=2),
    "the 8-card rules with aces": lambda: ex.deal("expeditionen-aces", seed=4),
    "four players: two copies of 2, 3, 4": lambda: ex.deal("expeditions-4p", seed=4),
    "the solitaire": lambda: ex.deal("expeditions-solo", seed=4),
    "near the end: 5 cards in the deck": lambda: near_the_end("expeditions", 2, 5),
    "Lost Cities near the end": lambda: near_the_end("lost-cities", 3, 7),
    "Lost Cities, a yellow 2 laid": lambda: ex.position("lost-cities", hands=["4Y 6Y 8Y JY 9B 3G 5R 7R", None],
                                             expeditions=[{"Y": "2Y"}, {"B": "5B"}], seed=6),
}


@pytest.mark.parametrize("name", list(POSITIONS))
def test_the_exact_curve_is_an_enumeration_of_the_cards_still_to_come(name):
    rnd = POSITIONS[name]()
    result = break_even(rnd)
    assert result.rows and result.width == 0
    for row in result.rows:
        expected = brute_force(rnd, row.suit)
        assert row.exact and [p.more for p in row.points] == list(range(len(expected)))
        for p, e in zip(row.points, expected, strict=True):
            assert p.score.is_exact and p.score.value == pytest.approx(float(e["score"]), abs=1e-9), (row.suit, p.more)
            assert p.even.value == pytest.approx(float(e["even"]), abs=1e-12)
            assert p.bonus.value == pytest.approx(float(e["bonus"]), abs=1e-12)
            assert p.reach.value == pytest.approx(float(e["reach"]), abs=1e-9)
        needed = next((k for k, e in enumerate(expected) if e["score"] >= 0), None)
        assert row.needed == needed
        assert row.sure == next((k for k, e in enumerate(expected) if e["even"] == 1), None)


def test_the_suits_it_answers_by_default_are_those_held_or_started():
    rnd = POSITIONS["two investments laid, none held"]()
    assert [r.suit for r in break_even(rnd).rows] == ["H", "S", "D", "C"]
    assert [r.suit for r in break_even("8H 9H 10H 2S 3S 4S", "expeditions").rows] == ["H", "S"]
    assert [r.suit for r in break_even("8H 9H 10H 2S 3S 4S", "expeditions", suits="D").rows] == ["D"]


def test_the_words_say_how_many_are_needed_and_how_likely_they_come():
    held = break_even("8H 9H 10H 2S 3S 4S", "expeditions", suits="H").get("H")
    assert held.needed == 0 and held.point(0).score.value == 8 + 9 + 10 - 20
    assert held.sentence == "♥ (8♥ 9♥ 10♥ in hand) breaks even with the cards you have: +7.0 points with no more ♥."
    spades = break_even("8H 9H 10H 2S 3S 4S", "expeditions", suits="S").get("S")
    need = spades.needed
    assert need == 2  # 2 + 3 + 4 = 9: two more spades of 5 to 10 average 15 more, one only 7.5
    assert spades.sentence.startswith(f"♠ (2♠ 3♠ 4♠ in hand) needs 2 more ♠ numbers to break even on average: "
                                      f"{spades.point(2).score.format(sign=True)} points with 2, "
                                      f"{spades.point(1).score.format(sign=True)} with 1")
    assert f"at least 2 reach you in time with chance {spades.point(2).reach.format(0, percent=True)}" in spades.sentence
    blind = break_even("JD 2H 5H KH 9S 10S", "expeditions", suits="D").get("D")
    assert blind.investments == 1 and blind.point(0).score.value == -40  # the investment doubles the cost
    never = break_even(ex.position("expeditions", hands=["2H 3H 4H 5H 6H 7H", None],
                                   expeditions=[{"S": "JS QS KS 9S"}, {}], seed=3), suits="S").get("S")
    assert never.needed is None and never.sentence.startswith("♠ (J♠ Q♠ K♠ 9♠ laid, 3 investments) cannot break even")


def test_investments_can_be_left_out_or_the_curve_estimated():
    without = break_even("2H 5H KH 9S 10S QD", "expeditions", suits="H", investments=0).get("H")
    with_one = break_even("2H 5H KH 9S 10S QD", "expeditions", suits="H").get("H")
    assert with_one.investments == 1 and without.investments == 0
    assert with_one.point(0).score.value == 2 * without.point(0).score.value  # (2 + 5 - 20) x 2
    with pytest.raises(AnalysisError, match="cannot end with 2 investment"):
        break_even("2H 5H KH 9S 10S QD", "expeditions", suits="H", investments=2)
    with pytest.raises(AnalysisError, match="'X' is not a suit"):
        break_even("2H 5H KH 9S 10S QD", "expeditions", suits="X")


@pytest.mark.parametrize("name", ["a hand at the deal", "started suits, piles and the other side",
                                  "four players: two copies of 2, 3, 4"])
def test_the_estimated_curve_covers_the_exact_one(name):
    rnd = POSITIONS[name]()
    exact = break_even(rnd)
    inside = total = 0
    for seed in range(8):
        estimated = break_even(rnd, exact=False, samples=500, precision=100, seed=seed)
        for e_row, row in zip(exact.rows, estimated.rows, strict=True):
            assert not row.exact
            for truth, p in zip(e_row.points, row.points, strict=True):
                if p.score.half_width == 0:  # a count whose sets all score the same (none or all of them come)
                    assert p.score.value == pytest.approx(truth.score.value)
                    continue
                total += 1
                inside += p.score.contains(truth.score.value)
                assert p.reach == truth.reach  # the chance to get them is exact either way
    assert total > 50 and inside / total >= 0.85, (inside, total)


def test_the_estimate_is_refined_until_precise_enough():
    answers = list(analysis.iter_break_even("2H 5H KH 9S 10S QD", "expeditions", exact=False, samples=200, precision=0.4,
                                            time_limit=30))
    assert len(answers) >= 2 and answers[-1].width <= 0.4 < answers[0].width
    assert answers[-1].sets > answers[0].sets
