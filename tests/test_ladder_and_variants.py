"""The package's side of notebooks 5 and 6: the rule sets side by side in play (``analysis.variants``) and the ladder
of bots (``analysis.ladder``). The oracles are the rule documents' counts (a round lasts the deck after the deal) and
the games themselves, counted again here."""

from __future__ import annotations

from dataclasses import replace

import pytest

import expeditions as ex
from expeditions.analysis import ladder, variants
from expeditions.bots import RandomBot


def test_the_ladder_climbs_one_level_at_a_time_then_meets_the_weakest():
    levels = ["Random", "Beginner", "Heuristic", "Expert"]
    pairs = ladder.ladder(levels)
    assert pairs == [("Beginner", "Random"), ("Heuristic", "Beginner"), ("Expert", "Heuristic"), ("Heuristic", "Random"),
                     ("Expert", "Random")]
    assert ladder.steps(pairs, levels) == pairs[:3] and tuple(ex.bots.BOTS) == ladder.LEVELS


@pytest.fixture(scope="module")
def small():
    rules = ex.rules("expeditions")
    result = ladder.pairing("Beginner", "Random", rules, deals=6, seed=1, workers=1, rollouts=1, candidates=1)
    return rules, {("Beginner", "Random"): result}


def test_every_pairing_passes_the_checks_and_a_broken_one_does_not(small):
    rules, results = small
    assert ladder.check(results, rules) == "1 pairings checked"
    result = results["Beginner", "Random"]
    with pytest.raises(AssertionError):  # a deal played once only
        ladder.check({("Beginner", "Random"): replace(result, games=result.games[1:])}, rules)


def test_the_tables_say_what_the_games_say(small):
    rules, results = small
    result = results["Beginner", "Random"]
    rows = {row["bot"]: row for row in ladder.style_rows(results, rules)}
    assert list(rows) == ["Random", "Beginner"] and rows["Beginner"]["against"] == "Random"
    seats = [s for g in result.games for bot, s in zip(g.bots, g.seats, strict=True) if bot == "Beginner"]
    assert rows["Beginner"]["plays"] == round(sum(s.plays for s in seats) / len(seats), 1)
    assert rows["Beginner"]["rounds"] == len(seats) == 12 and "stalled rounds" in rows["Beginner"]
    (row,) = ladder.pairing_rows(results)
    assert row["pairing"] == "Beginner vs Random" and row["deals"] == 6
    words = ladder.ladder_words({**results, ("Heuristic", "Beginner"): results["Beginner", "Random"]},
                                [("Beginner", "Random")])
    assert "**Beginner** wins" in words and "against **Random**" in words


def test_a_round_lasts_the_deck_after_the_deal_when_every_draw_is_off_the_deck():
    two, solo, four = ex.rules("expeditions"), ex.rules("expeditions-solo"), ex.rules("expeditions-4p")
    assert variants.plays_each(two) == (48 - 12) / 2 == 18
    assert variants.plays_each(solo) == 24 and variants.plays_each(four) == 9  # all 24 cards; 36 cards over four seats
    played = variants.random_rounds(solo, 100, 8, seed=3)  # the batch simulator has no solitaire: the engine plays it
    assert played.source == "engine, 8 rounds" and (played.turns == 24).all() and played.scores.size == 8
    batch = variants.random_rounds(two, 200, 8, seed=3)
    assert batch.source.startswith("batch simulator") and batch.turns.size == 200 and batch.scores.size == 400
    ended = batch.by_deck  # a round that ends by the deck lasts the deck plus one turn per pile draw
    assert (batch.turns[ended] == 36 + batch.pile_draws[ended]).all()


def test_the_depth_hand_is_the_same_shape_under_every_rule_set():
    for name in ex.PRESETS:
        r = ex.rules(name)
        hand = variants.depth_hand(r)
        first = [c for c in hand if c.suit == r.suits[0]]
        assert len(hand) == r.hand_size and len(set(hand)) == len(hand) and len(first) == 4
        assert sorted(c.value for c in first) == [0, 4, 6, 8]


def test_rounds_played_by_bots_replay_from_their_seeds():
    rules = ex.rules("expeditions")
    a, b = (variants.engine_rounds(rules, RandomBot, 3, seed=5) for _ in range(2))
    assert [x.moves for x in a] == [x.moves for x in b] and all(x.is_over for x in a)
    assert [x.start.starter for x in a] == [0, 1, 0]  # the starting seat turns
