"""The strategy tips table, recomputed: the numbers of the rules summary (document 001) and how the
other rule sets move them."""

from html import escape

import pytest

import expeditions as ex
from expeditions.analysis import AnalysisError, all_tips, bot_discards, simulate, tips
from expeditions.analysis.stats import Estimate
from expeditions.analysis.strategy_tips import TIP_TEXTS, VERDICT_RULE, Settings, _numbers_line_check, verdict
from expeditions.bots import RandomBot

SMALL = {"rounds": 2_000, "bot_rounds": 30, "deals": 30, "bot": RandomBot}


@pytest.fixture(scope="module")
def default_tips():
    return tips("expeditions", **SMALL)


@pytest.mark.parametrize("claim, value, verdict", [
    ("2, 3, 4 and 5", 14, "holds"),
    ("about 22", 54 * 17 / 42, "holds"),  # 17 of 18 draws in time, 42 unseen cards, 54 in a suit's numbers
    ("plus 60%", 1 - 17 / 42, "holds"),
    ("barely pays its 20", 54 * 17 / 42, "holds"),
    ("deck starts at 36", 36, "holds"),
    ("18 plays each", 18, "holds"),
    ("×2 on −14 is −28", -28, "holds"),
    ("same 20 whether", 20, "holds"),
    ("sixth card", 29, "holds"),  # 4 5 6 7 8: 30 - 20 = 10; with the 9: 39 - 20 + 20 = 39
    ("four expeditions at 20", 80, "holds"),
])
def test_every_number_of_the_default_rules(default_tips, claim, value, verdict):
    row = default_tips.find(claim)
    assert row.value.value == pytest.approx(value)
    assert row.exact and row.verdict == verdict


def test_the_simulated_rows_carry_intervals(default_tips):
    piles = default_tips.find("discard pile adds one more turn")
    assert piles.value.value == 1.0 and not piles.exact and piles.verdict == "holds"
    reach = default_tips.find("reachable")
    assert not reach.exact and 0 < reach.value.low < reach.value.high < 1
    discards = default_tips.find("discards about 9")
    assert "Random bot" in discards.convention and discards.verdict == "does not hold"  # random play discards ~41 times


def test_the_tip_table_counts_like_the_engines_deals():
    intercept, slope = _numbers_line_check(ex.rules("expeditions"), Settings(rounds=40_000))
    assert abs(intercept.value - 54 * 17 / 42) <= 1.7 * intercept.half_width  # a 99.9% interval
    assert abs(slope.value - (1 - 17 / 42)) <= 1.7 * slope.half_width


def test_the_other_rule_sets_move_the_numbers():
    table = all_tips(["expeditionen", "lost-cities", "expeditions-4p", "expeditions-solo"], workers=1, **SMALL)
    eight = table.where("expeditionen")
    assert eight.find("deck starts").value.value == 32 and eight.find("deck starts").verdict == "does not hold"
    assert eight.find("18 plays each").value.value == 16
    assert eight.find("about 22").value.value == pytest.approx(54 * 15 / 40)
    assert eight.find("sixth card").value.value == 9 and eight.find("sixth card").verdict == "does not hold"
    assert table.where("lost-cities").find("four expeditions").value.value == 100
    assert table.where("lost-cities").find("18 plays each").value.value == 22
    four = table.where("expeditions-4p")
    assert four.find("each partner gets about 9").value.value == 9 and four.find("18 for the team").value.value == 18
    with pytest.raises(AnalysisError):
        four.find("about 22")  # a two-player count
    solo = table.where("expeditions-solo")
    assert solo.find("all 24").value.value == 24 and solo.find("all 24").verdict == "holds"
    assert "100.0%" in solo.find("all 24").note
    with pytest.raises(AnalysisError):
        solo.find("discard pile adds")  # nothing is drawn off a pile in the solitaire
    with pytest.raises(AnalysisError):
        table.where("expeditionen").find("all 24")


def test_a_bot_that_discards_like_random_play_matches_the_batch_simulator():
    per_round, share = bot_discards(RandomBot, "expeditions", 120, seed=1)
    batch = simulate("expeditions", "uniform", 20_000, seed=1).mean("discards")
    se = (per_round.half_width**2 + batch.half_width**2) ** 0.5 / 1.959964
    assert abs(per_round.value - batch.value) < 3.29 * se
    assert 0.6 < share.value < 0.95


def test_one_verdict_rule():
    assert verdict(Estimate.exact(21.86), 22, "about") == "holds"  # within 5%
    assert verdict(Estimate.exact(17), 22, "about") == "roughly"  # within 25%
    assert verdict(Estimate.exact(9), 29, "about") == "does not hold"
    assert verdict(Estimate(7.0, 6.2, 7.9, 200), 9, "about") == "roughly"  # 22% under 9: the Expert's discards
    assert verdict(Estimate(8.0, 7.0, 9.2, 200), 9, "about") == "holds"  # 11% under, but the interval holds 9
    assert verdict(Estimate.exact(32), 36, "exact") == "does not hold"  # an exact claim is never roughly right
    assert verdict(Estimate(0.98, 0.95, 1.0, 100), 1.0, "exact") == "holds"  # a simulated number whose interval holds it
    assert verdict(Estimate(0.45, 0.42, 0.48, 100), 0.40, "over") == "holds"
    assert verdict(Estimate(0.41, 0.38, 0.44, 100), 0.40, "over") == "roughly"  # the interval is not all above
    assert verdict(Estimate(0.347, 0.321, 0.375, 100), 0.40, "over") == "roughly"  # three quarters of 40% is 30%
    assert verdict(Estimate(0.29, 0.27, 0.31, 100), 0.40, "over") == "does not hold"
    with pytest.raises(AnalysisError, match="exact"):
        verdict(Estimate.exact(1), 1, "nearly")


def test_the_verdict_rule_is_stated_in_the_same_words_in_the_module_the_tips_notebook_and_the_benchmark_results():
    import importlib
    import json
    from pathlib import Path

    def words(text):
        return " ".join(text.replace("\\", "").split())

    root = Path(__file__).resolve().parent.parent
    notebook = json.loads((root / "notebooks" / "04-tips.ipynb").read_text())
    prose = words(" ".join("".join(c["source"]) for c in notebook["cells"] if c["cell_type"] == "markdown"))
    assert words(VERDICT_RULE) in words(importlib.import_module("expeditions.analysis.strategy_tips").__doc__)
    assert words(VERDICT_RULE) in prose
    assert words(VERDICT_RULE) in words((root / "benchmarks" / "RESULTS.md").read_text())


def test_tables_show_every_tip_whole_and_each_claim_with_its_number_verdict_convention_and_note(default_tips):
    page = default_tips._repr_html_()
    for text in TIP_TEXTS:  # every tip in full, including those with no number to compute
        assert escape(text) in page
    assert "how it is counted</th><th" in page and "note</th>" in page
    first = default_tips.find("2, 3, 4 and 5")
    assert first.convention == "the four lowest numbers, 2 + 3 + 4 + 5" and first.note == "Still 6 short of the expedition's cost of 20."
    assert f">{first.convention}</td><td style='padding:3px 8px;border-bottom:1px solid #ddd;text-align:left;vertical-align:top'>" \
        f"{escape(first.note)}</td>" in page  # in two cells, not run together
    assert first.tip_text == TIP_TEXTS[0] and default_tips.find("sixth card").tip == 4
    frame = default_tips.to_frame()
    assert {"tip", "claim", "value", "low", "high", "kind", "verdict", "convention", "note"} <= set(frame.columns)
    assert len(frame) == len(default_tips.rows) >= 14
    text = str(default_tips)
    assert text.startswith("Tip 1. " + TIP_TEXTS[0]) and "[expeditions] 2, 3, 4 and 5" in text and "note: Still 6 short" in text


def test_the_discard_tip_needs_rounds():
    with pytest.raises(AnalysisError, match="at least 2"):
        bot_discards(RandomBot, "expeditions", 1)
