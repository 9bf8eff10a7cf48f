import random
import re
from pathlib import Path

import pytest

import expeditions as ex
from expeditions import PRESETS, RulesError, rules
from expeditions.rules import _seed_dir, load_presets

# The rule table of the engine issue, read off the four documents.
TABLE = {
    #  name                      suits cards players hand bonus rounds
    "expeditions":            (4, 48, 2, 6, 6, 3),
    "expeditions-4p":         (4, 60, 4, 6, 6, 3),
    "expeditions-solo":       (4, 48, 1, 6, 6, 3),
    "expeditionen":           (4, 48, 2, 8, 8, 3),
    "expeditionen-aces":      (4, 52, 2, 8, 8, 3),
    "expeditionen-short":     (4, 48, 2, 8, 8, 1),
    "lost-cities":            (5, 60, 2, 8, 8, 3),
    "lost-cities-duel-long":  (6, 72, 2, 8, 8, 3),
}


def test_every_preset_is_there():
    assert set(PRESETS) == set(TABLE)


@pytest.mark.parametrize("name", TABLE)
def test_rule_table(name):
    r = rules(name)
    assert (len(r.suits), r.deck_size, r.players, r.hand_size, r.bonus_at, r.rounds) == TABLE[name]
    assert r.cost == 20 and r.bonus == 20 and r.investments == 3
    assert (r.document and r.quote("scoring")) or r.quote("deck")


def test_special_rules():
    base = rules("expeditions")
    assert base.stall_limit == 16 and base.starter == "rotate" and base.tie == "shared"
    four = rules("expeditions-4p")
    assert four.stall_limit == 32 and four.partnerships and four.pass_cards == 2 and four.pass_min_hand == 6
    assert not four.pass_twice_in_a_row and four.sides == 2
    assert sorted(str(c) for c in four.deck if c.suit == "H" and c.rank in (2, 3, 4)) == ["2H", "2H", "3H", "3H", "4H", "4H"]
    solo = rules("expeditions-solo")
    assert solo.set_aside == 24 and solo.draw_deck_after_deal == 18
    assert solo.discards_leave_game and not solo.draw_from_piles and solo.play_on_after_deck
    de = rules("expeditionen")
    assert de.starter == "loser-starts" and de.tie == "extra-round" and de.stall_limit == 0
    assert rules("expeditionen-aces").numbers[0] == 1
    assert rules("lost-cities-duel-long").suits == ("Y", "B", "W", "G", "R", "P")


def test_overrides():
    r = rules("expeditions", hand_size=8, bonus_at=8)
    assert r.hand_size == 8 and r.bonus_at == 8 and r.name == "expeditions"
    assert r.overrides() == {"hand_size": 8, "bonus_at": 8}
    assert r.label == "expeditions (hand_size=8, bonus_at=8)"
    assert rules("expeditions").overrides() == {}
    assert rules("expeditions", suits=["H", "S"]).deck_size == 24


def test_unknown_name_lists_the_presets():
    with pytest.raises(RulesError) as e:
        rules("lost-citys")
    for name in PRESETS:
        assert name in str(e.value)


def test_bad_overrides_say_what_is_accepted():
    with pytest.raises(RulesError, match="hand_size"):
        rules("expeditions", handsize=8)
    with pytest.raises(RulesError, match="hand_size takes a whole number"):
        rules("expeditions", hand_size="8")
    with pytest.raises(RulesError, match="leave no deck"):
        rules("expeditions", hand_size=30)
    with pytest.raises(RulesError, match="starter must be one of"):
        rules("expeditions", starter="random")
    with pytest.raises(RulesError, match="numbers must rise"):
        rules("expeditions", numbers=[5, 3])


def test_rules_are_hashable_values():
    assert rules("expeditions", hand_size=8) == rules("expeditions", hand_size=8)
    assert hash(rules("expeditions", hand_size=8)) == hash(rules("expeditions", hand_size=8))
    assert rules("expeditions") != rules("expeditions", hand_size=8)


def test_presets_load_from_a_folder(tmp_path):
    (tmp_path / "base.toml").write_text((_seed_dir() / "expeditions.toml").read_text())
    (tmp_path / "mine.toml").write_text('extends = "expeditions"\nname = "mine"\ntitle = "Mine"\nhand_size = 7\n')
    loaded = load_presets(tmp_path)
    assert loaded["mine"].hand_size == 7 and loaded["mine"].bonus_at == 6
    (tmp_path / "bad.toml").write_text('extends = "expeditions"\nname = "bad"\nhandsize = 7\n')
    with pytest.raises(RulesError, match="unknown rule field"):
        load_presets(tmp_path)


def test_the_default_rule_set_is_listed_first_and_each_document_before_its_variants() -> None:
    names = list(PRESETS)
    assert names[0] == "expeditions"
    for name in PRESETS:
        parent = next((p for p in PRESETS if name.startswith(p + "-")), None)
        if parent is not None:
            assert names.index(parent) < names.index(name), f"{parent} should come before its variant {name}"
    # The README's rule table lists them in the same order.
    table = [line.split("`")[1] for line in (Path(__file__).resolve().parent.parent / "README.md").read_text().splitlines()
             if line.startswith("| `")]
    assert [n for n in table if n in PRESETS] == names


# --- the bounds that keep a hint and a bot's move within their time --------------------------------------------------
@pytest.mark.parametrize(
    "overrides, says",
    [
        (dict(hand_size=13), "hand_size must be at most 12"),
        (dict(suits=list("HSDCYBWGRP")), "a turn may offer at most 112 moves"),
        (dict(suits=list("HSDCYBW"), hand_size=4, numbers=list(range(1, 11)), extra_copies=list(range(1, 11))),
         "a deck holds at most 140 cards, got 161"),
        (dict(rounds=11), "rounds must be from 1 to 10, got 11"),
        (dict(cost=1_001), "cost, bonus and bonus_at must be at most 1,000"),
        (dict(bonus=10**5_000), "got 20, <int too large to show> and 6"),
        (dict(turn_cap=100_001), "turn_cap must be at most 100,000"),
        (dict(suits=list("HSDCYBWGRP"), numbers=list(range(1, 11)), extra_copies=list(range(1, 11)), hand_size=100),
         "hand_size must be at most 12"),
    ],
)
def test_overrides_beyond_the_bounds_are_refused_saying_the_bound(overrides, says):
    with pytest.raises(RulesError, match=re.escape(says)):
        rules("expeditions", **overrides)


def test_overrides_at_the_bounds_are_accepted():
    assert rules("expeditions", hand_size=12, suits=["H", "S", "D"]).most_moves == 12 * 2 * 4 == 96
    assert rules("expeditions", suits=list("HSDCYB"), hand_size=8).most_moves == 112
    assert rules("lost-cities-duel-long", numbers=list(range(1, 11)), extra_copies=list(range(1, 11))).deck_size == 138
    assert rules("expeditions", rounds=10, cost=1_000, turn_cap=100_000).rounds == 10


def test_every_preset_is_within_the_bounds():
    assert max(r.most_moves for r in PRESETS.values()) == 112 == PRESETS["lost-cities-duel-long"].most_moves
    assert all(r.hand_size <= 12 and r.deck_size <= 140 for r in PRESETS.values())


@pytest.mark.parametrize("name, overrides", [
    ("expeditions", {}), ("expeditions-4p", {}), ("expeditions-solo", {}), ("lost-cities-duel-long", {}),
    ("expeditions", dict(hand_size=12, suits=["H", "S", "D"])), ("expeditions", dict(hand_size=4, suits=list("HSDCYBWGRP"))),
    ("expeditions-4p", dict(numbers=list(range(1, 11)), extra_copies=list(range(1, 11)))),
])
def test_a_turn_never_offers_more_moves_than_most_moves(name, overrides):
    """``most_moves`` bounds what the engine offers: random play, counting the legal moves of every turn."""
    r = rules(name, **overrides)
    rng = random.Random(7)
    for seed in range(3):
        rnd = ex.deal(r, seed=seed)
        while not rnd.is_over and rnd.turn < 400:
            legal = rnd.legal_moves()
            assert len(legal) <= r.most_moves
            pile_draws = [m for m in legal if m.draw not in (None, "deck")]
            rnd = rnd.play(rng.choice(pile_draws if pile_draws and rng.random() < 0.6 else legal))
