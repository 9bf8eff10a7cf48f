"""Tournaments on duplicate deals: statistics checked on cases whose answer is known."""

import math
import statistics
from concurrent.futures import ThreadPoolExecutor

import pytest
from scipy.stats import binomtest

import expeditions as ex
from expeditions.analysis.stats import mean_estimate, proportion_estimate
from expeditions.analysis.tournament import TournamentError, seat_stats, tournament, win_share_interval
from expeditions.bots import Beginner, Heuristic, RandomBot


def test_wilson_interval_matches_scipy():
    for wins, n in [(8, 10), (0, 12), (50, 50), (517, 1000)]:
        ours = proportion_estimate(wins, n)
        ref = binomtest(wins, n).proportion_ci(confidence_level=0.95, method="wilson")
        assert ours.value == pytest.approx(wins / n)
        assert ours.low == pytest.approx(ref.low, abs=1e-9) and ours.high == pytest.approx(ref.high, abs=1e-9)


def test_mean_interval_by_hand():
    values = [1.0, 2.0, 3.0, 4.0]  # mean 2.5, sample sd sqrt(5/3)
    half = 1.959963984540054 * math.sqrt(5 / 3) / 2
    est = mean_estimate(values)
    assert est.value == 2.5 and est.low == pytest.approx(2.5 - half) and est.high == pytest.approx(2.5 + half)
    one = mean_estimate([7.0])  # one sample says nothing of the spread
    assert one.value == 7.0 and one.low == -math.inf and one.high == math.inf


def test_win_shares_over_deals():
    est = win_share_interval([1.0, 0.5, 0.0, 1.0])  # mean 0.625, sd of the four shares
    sd = math.sqrt(sum((x - 0.625) ** 2 for x in [1.0, 0.5, 0.0, 1.0]) / 3)
    assert est.value == 0.625 and est.low == pytest.approx(0.625 - 1.959963984540054 * sd / 2)
    assert est.high == 1.0  # clipped to a proportion
    every_deal_won = win_share_interval([1.0] * 20)  # no spread: the Wilson interval over the deals
    assert every_deal_won.value == 1.0 and every_deal_won.low == pytest.approx(proportion_estimate(20, 20).low)


def test_a_deterministic_bot_against_itself_is_even():
    result = tournament({"A": Beginner, "B": Beginner}, deals=6, seed=3, workers=1, progress=False)
    p = result.pairing("A", "B")
    assert p.deals == 6 and p.rounds == 12
    assert p.win_rate.value == 0.5 and (p.difference.value, p.difference.low, p.difference.high) == (0.0, 0.0, 0.0)
    assert p.win_rate.low < 0.5 < p.win_rate.high
    assert result.bot("A").score == result.bot("B").score


def test_seats_are_swapped_on_every_deal():
    result = tournament({"Beginner": Beginner, "Random": RandomBot}, deals=3, seed=1, workers=1, progress=False)
    by_deal: dict[int, list[tuple[str, ...]]] = {}
    for g in result.games:
        by_deal.setdefault(g.deal, []).append(g.bots)
    assert all(sorted(v) == [("Beginner", "Random"), ("Random", "Beginner")] for v in by_deal.values())
    # the two games of a deal start from the same cards
    first = ex.deal("expeditions", seed="1:0")
    assert first.hands == ex.deal("expeditions", seed="1:0").hands


def test_pairing_counts_match_the_games():
    result = tournament({"Beginner": Beginner, "Random": RandomBot}, deals=5, seed=2, workers=1, progress=False)
    p = result.pairing("Beginner", "Random")
    wins = 0.0
    diffs = []
    for g in result.games:
        own = g.bots.index("Beginner")
        d = g.scores[own] - g.scores[1 - own]
        wins += 1.0 if d > 0 else 0.5 if d == 0 else 0.0
        diffs.append(d)
    assert p.wins == wins and p.difference.value == pytest.approx(sum(diffs) / len(diffs))
    flipped = result.pairing("Random", "Beginner")
    assert flipped.win_rate.value == pytest.approx(1 - p.win_rate.value)
    assert flipped.difference.value == pytest.approx(-p.difference.value)
    with pytest.raises(KeyError):
        result.pairing("Beginner", "Expert")


def test_per_bot_statistics_count_the_moves():
    result = tournament({"Beginner": Beginner, "Random": RandomBot}, deals=4, seed=5, workers=1, progress=False)
    stats = result.bot("Random")
    seats = [g.seats[g.bots.index("Random")] for g in result.games]
    assert stats.rounds == 8
    assert stats.plays == pytest.approx(sum(s.plays for s in seats) / 8)
    assert stats.discards == pytest.approx(sum(s.discards for s in seats) / 8)
    assert stats.discard_share == pytest.approx(sum(s.discards for s in seats) / sum(s.plays + s.discards for s in seats))
    assert stats.stalled == sum(g.end == "stall" for g in result.games)
    for g in result.games:
        assert sum(s.plays + s.discards + s.passes for s in g.seats) == g.turns


def test_seat_stats_of_a_known_round():
    rnd = ex.deal("expeditions", seed=7)  # seat 0 holds 9H 10H KS 6D 2C 3C
    rnd = rnd.play("play 9H, draw deck").play("discard 2S, draw deck").play("play KS, draw deck")
    other = next(c for c in rnd.hand(1) if c.suit != "S")
    rnd = rnd.play(f"discard {other}, draw pile S")
    first, second = seat_stats(rnd)
    assert (first.plays, first.discards, first.opened, first.investments, first.pile_draws) == (2, 0, 2, 1, 0)
    assert (second.plays, second.discards, second.opened, second.investments, second.pile_draws) == (0, 2, 0, 0, 1)


def test_four_players_play_in_teams():
    result = tournament({"Beginner": Beginner, "Random": RandomBot}, "expeditions-4p", deals=2, seed=1, workers=1, progress=False)
    for g in result.games:
        assert g.bots[0] == g.bots[2] and g.bots[1] == g.bots[3] and g.bots[0] != g.bots[1]
        assert len(g.scores) == 2
    assert result.pairing("Beginner", "Random").rounds == 4


def test_solitaire_gives_each_bot_its_score_distribution():
    result = tournament({"Beginner": Beginner, "Random": RandomBot}, "expeditions-solo", deals=5, seed=1, workers=1, progress=False)
    assert result.pairings == ()
    for name in ("Beginner", "Random"):
        stats = result.bot(name)
        scores = sorted(g.scores[0] for g in result.games if g.bots == (name,))
        assert stats.rounds == 5 and len(scores) == 5
        assert stats.score.value == pytest.approx(sum(scores) / 5)
        assert stats.score_quantiles[0] == scores[0] and stats.score_quantiles[2] == scores[2] and stats.score_quantiles[4] == scores[4]
    assert "min/25%/median/75%/max" in str(result)


def test_the_same_seed_replays_on_any_executor():
    players = {"Heuristic": Heuristic, "Random": RandomBot}
    here = tournament(players, deals=3, seed=9, workers=1, progress=False)
    with ThreadPoolExecutor(2) as pool:
        there = tournament(players, deals=3, seed=9, executor=pool, progress=False)
    assert here.games == there.games
    assert tournament(players, deals=3, seed=10, workers=1, progress=False).games != here.games


def test_shows_itself_as_text_html_and_frames():
    result = tournament({"Beginner": Beginner, "Random": RandomBot}, deals=2, seed=1, workers=1, progress=False)
    text = str(result)
    assert "Beginner" in text and "first wins [95%]" in text and "discard share" in text
    html = result._repr_html_()
    assert html.startswith("<div") and "<table" in html and "Random" in html
    frame = result.to_frame()
    assert list(frame["first"]) == ["Beginner"] and 0 <= frame["win_rate"][0] <= 1
    assert set(result.to_frame("bots")["bot"]) == {"Beginner", "Random"}
    assert len(result.to_frame("games")) == 4
    with pytest.raises(ValueError, match="pairings"):
        result.to_frame("nothing")


def test_refuses_what_it_cannot_play():
    with pytest.raises(TournamentError, match="not among the players"):
        tournament({"Random": RandomBot}, pairings=[("Random", "Expert")], deals=1, workers=1, progress=False)
    with pytest.raises(TournamentError, match="at least two bots"):
        tournament({"Random": RandomBot}, deals=1, workers=1, progress=False)
    with pytest.raises(TournamentError, match="at least 1 deal"):
        tournament({"A": RandomBot, "B": RandomBot}, deals=0, workers=1, progress=False)
    with pytest.raises(TournamentError, match="3 players"):
        tournament({"A": RandomBot, "B": RandomBot}, ex.rules("expeditions", players=3), deals=1, workers=1, progress=False)
    with pytest.raises(TournamentError, match="two different"):
        tournament({"A": RandomBot}, pairings=[("A", "A")], deals=1, workers=1, progress=False)


def test_discards_per_round_and_their_share_carry_intervals_over_deals():
    result = tournament({"Beginner": Beginner, "Random": RandomBot}, deals=12, seed=8, workers=1, progress=False)
    per_round, share = result.discards("Random")
    stats = result.bot("Random")
    assert per_round.value == pytest.approx(stats.discards) and share.value == pytest.approx(stats.discard_share)
    # the share's interval by hand: a deal gives d discards of m plays and discards (both seats of
    # the deal together); the ratio's standard error is sd(d - share * m) / (mean(m) * sqrt(n))
    d, m = [], []
    for deal_number in range(12):
        seats = [s for g in result.games if g.deal == deal_number for b, s in zip(g.bots, g.seats, strict=True) if b == "Random"]
        d.append(sum(s.discards for s in seats))
        m.append(sum(s.plays + s.discards for s in seats))
    r = sum(d) / sum(m)
    se = statistics.stdev([di - r * mi for di, mi in zip(d, m, strict=True)]) / (statistics.fmean(m) * math.sqrt(12))
    assert share.low == pytest.approx(r - 1.959963984540054 * se) and share.high == pytest.approx(r + 1.959963984540054 * se)
    assert per_round.low < per_round.value < per_round.high and per_round.samples == 12
    with pytest.raises(KeyError, match="the bots are"):
        result.discards("Expert")
