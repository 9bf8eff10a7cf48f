"""The what-if explorer, driven from Python as a reader drives it with clicks; and its charts.

The numbers are the analysis' (``start_values``): the explorer must show exactly them, and bad input
must show the analysis' own words and break nothing."""

import html
import re
import threading
from concurrent.futures import ThreadPoolExecutor

import pytest

import expeditions as ex
from expeditions import analysis
from expeditions.analysis import start_values
from expeditions.errors import ExpeditionsError, PositionError
from expeditions.widgets import (
    ProgressExecutor,
    WhatIfExplorer,
    bonus_chart,
    chart_svg,
    comparison_html,
    distribution_chart,
    estimates_chart,
    tips_chart,
    tips_verdict_chart,
    value_chart,
    what_if_explorer,
    what_if_position,
)
from expeditions.widgets.explorer_charts import distribution_rows, short_claim, tips_rows, value_rows, verdict_rows
from expeditions.words import symbolize

HAND = "2H 5H KH 9S 10S QD"  # the README's hand


@pytest.fixture(scope="module")
def computed() -> WhatIfExplorer:
    return what_if_explorer("expeditions", HAND, n=2_000)


def classes(widget) -> list[str]:
    return list(widget._dom_classes)


# --- building and entering a hand ----------------------------------------------------------------
def test_the_explorer_has_stable_classes_and_a_button_per_card():
    xp = WhatIfExplorer()
    assert "xp-explorer" in classes(xp)
    for widget, css in [(xp.fields["hand"], "xp-explorer-hand"), (xp.go_button, "xp-explorer-go"),
                        (xp.table, "xp-explorer-table"), (xp.message, "xp-explorer-message"),
                        (xp.rollout_button, "xp-explorer-rollouts"), (xp.progress, "xp-explorer-progress"),
                        (xp.deck, "xp-explorer-deck"), (xp.rows, "xp-explorer-cards")]:
        assert css in classes(widget)
    assert all("xp-explorer-chart" in classes(c) for c in xp.charts.values())
    assert len(xp.card_buttons) == 48 and "xp-card-10H" in classes(xp.card_buttons[ex.card("10H")])
    assert "xp-explorer-card" in classes(xp.card_buttons[ex.card("10H")])
    assert xp.values is None and xp.table.value == "" and "0 of 6 cards" in xp.position_view.value


def test_clicking_cards_types_the_hand_and_typing_highlights_the_cards():
    xp = WhatIfExplorer()
    for text in HAND.split():
        xp.card_buttons[ex.card(text)].click()
    assert xp.fields["hand"].value == HAND
    assert "xp-selected" in classes(xp.card_buttons[ex.card("QD")]) and xp.chosen("QD")
    xp.card_buttons[ex.card("QD")].click()  # a second click takes it back
    assert xp.fields["hand"].value == "2H 5H KH 9S 10S" and "xp-selected" not in classes(xp.card_buttons[ex.card("QD")])
    xp.set_hand("JC 4C 7C 9C 10C 2D")
    assert xp.chosen("JC") and not xp.chosen("2H")
    assert "36 cards in the deck" in xp.position_view.value


def test_compute_shows_the_analysis_numbers_and_the_charts(computed):
    expected = start_values(HAND, "expeditions", n=2_000)
    values = computed.values
    assert values is not None and values.models == ("exact", "suit")
    assert [r.value for r in values.rows] == [r.value for r in expected.rows]
    table = computed.table.value
    assert "model 1: exact ceiling" in table and "model 2: suit simulation" in table
    assert expected.get("S", "exact", "wait").value.format() in table  # 18.8
    assert "start: lay 9♠ now" in table and "wait: lay no ♠ this turn" in table and "never start ♠" in table
    assert "18 plays left, 17 draws in time to be played, 42 unseen cards" in table
    assert "believe model 3" in table and "xp-explorer-caution" in table  # the QD: no diamond held
    rec = analysis.recommend(expected)  # the answer comes first, and is marked in the table
    assert computed.recommendation == rec and html.escape(rec.headline) in computed.answer.value
    assert "xp-recommended" in table and "xp-against" in table
    for chart in computed.charts.values():
        assert chart.value.startswith("<svg")
    assert computed.last_message == "computed model 1: exact ceiling, model 2: suit simulation"


def test_the_distribution_follows_the_suit_and_option_chosen(computed):
    before = computed.charts["distribution"].value
    computed.suit.value = "S"
    assert computed.charts["distribution"].value != before
    assert [v for _, v in computed.option.options] == ["lay:0", "wait:0", "never:0"]
    computed.option.value = "wait:0"
    assert "wait: lay no ♠ this turn" in computed.charts["distribution"].value
    computed.suit.value = "H"
    assert computed.option.value == "wait:0"  # still a choice for hearts
    assert [v for _, v in computed.option.options] == ["lay:0", "invest:1", "wait:0", "never:0"]


# --- bad input -----------------------------------------------------------------------------------------
@pytest.mark.parametrize("hand", ["2H 2H 5H 9S 10S QD", "2H AH 5H 9S 10S QD", "2H 3H 5H 9S 10S QD 4C", "2H 5H", "2H 5X"])
def test_bad_input_shows_the_analysis_words_and_nothing_else_breaks(hand):
    xp = what_if_explorer("expeditions", HAND, n=500)
    with pytest.raises(ExpeditionsError) as refused:
        start_values(hand, "expeditions")
    xp.set_hand(hand)
    xp.go_button.click()
    assert xp.last_message == symbolize(str(refused.value), ex.rules("expeditions"))  # the cards with their symbols
    assert not re.search(r"\b(10|[2-9AJQK])[HSDC]\b", xp.last_message)
    assert "xp-explorer-message-text" in xp.message.value and xp.values is None and xp.table.value == ""
    xp.set_hand(HAND)  # and the explorer goes on
    xp.go_button.click()
    assert xp.values is not None and xp.last_message.startswith("computed")


def test_a_bad_position_or_no_model_is_explained():
    xp = what_if_explorer("expeditions", HAND, n=500)
    xp.set_position(mine="KH")  # also in the hand
    xp.go_button.click()
    assert "K♥ ×2" in xp.last_message and xp.values is None
    xp.set_position(deck_size=None)
    xp.deck.value = "twelve"
    xp.go_button.click()
    assert "'twelve' is not a number of cards" in xp.last_message
    xp.deck.value = "40"
    xp.go_button.click()
    assert "40 cards left in the deck cannot be: only 36 cards" in xp.last_message
    xp.deck.value = ""
    for box in xp.model_boxes.values():
        box.value = False
    xp.go_button.click()
    assert xp.last_message.startswith("tick model 1 or model 2")


# --- a position ------------------------------------------------------------------------------------------
def test_a_position_with_expeditions_piles_and_a_short_deck():
    pos = what_if_position("expeditions", "2H 3H 5H 9S 10S QD", mine="JH 4H", theirs="5S 7S", piles="3D 8D", deck_size=12)
    assert pos.to_move == 0 and pos.deck_size == 12 and pos.hand(0) == ex.cards("2H 3H 5H 9S 10S QD")
    assert pos.expedition(0, "H") == ex.cards("JH 4H") and pos.expedition(1, "S") == ex.cards("5S 7S")
    assert pos.piles["D"] == ex.cards("3D 8D")
    obs = pos.observation(0)
    assert len(obs.unseen) == 48 - 6 - 4 - 2 == 36 and obs.set_aside_size == 36 - 6 - 12
    xp = what_if_explorer("expeditions", "2H 3H 5H 9S 10S QD", mine="JH 4H", theirs="5S 7S", piles="3D 8D", deck_size=12, n=500)
    assert xp.values is not None and (xp.values.outlook.plays, xp.values.outlook.draws_in_time) == (6, 5)
    assert xp.values.get("H", "exact").decision == "go on: lay 5♥ now"
    assert "discard piles" in xp.position_view.value and "12 cards in the deck" in xp.position_view.value


def test_positions_that_cannot_be_are_refused_in_words():
    with pytest.raises(PositionError, match="no other side"):
        what_if_position("expeditions-solo", HAND, theirs="4S")
    with pytest.raises(PositionError, match="no discard piles"):
        what_if_position("expeditions-solo", HAND, piles="4S")
    with pytest.raises(PositionError, match="at least 1 card"):
        what_if_position("expeditions", HAND, deck_size=0)
    assert what_if_position("expeditions-solo", HAND, deck_size=0).deck_size == 0  # the solitaire plays on
    assert what_if_position("expeditions", HAND).deck_size == 36  # no position: the deal


def test_clicks_go_into_the_field_chosen_and_cards_placed_elsewhere_are_disabled():
    xp = WhatIfExplorer(hand=HAND)
    xp.target.value = "mine"
    assert not xp.chosen("KH") and xp.card_buttons[ex.card("KH")].disabled
    xp.card_buttons[ex.card("4H")].click()
    assert xp.fields["mine"].value == "4H" and xp.fields["hand"].value == HAND
    xp.card_buttons[ex.card("KH")].click()  # a click that reaches a disabled button is refused in words
    assert xp.fields["mine"].value == "4H" and "every K♥ of the expeditions deck is already placed" in xp.last_message
    xp.target.value = "hand"
    assert xp.card_buttons[ex.card("4H")].disabled and xp.chosen("KH")


def test_the_four_player_deck_has_two_copies_of_the_low_numbers():
    xp = WhatIfExplorer("expeditions-4p", hand="2H 2H 5H 9S 10S QD")
    xp.target.value = "mine"
    assert xp.card_buttons[ex.card("2H")].disabled  # both copies are in the hand
    xp.set_position(mine="2H")
    xp.go_button.click()
    assert "2♥ ×3" in xp.last_message


def test_changing_the_rule_set_keeps_the_cards_it_has():
    xp = WhatIfExplorer(hand=HAND, theirs="4S")
    xp.rule_set.value = "expeditions-solo"
    assert xp.fields["theirs"].value == "" and xp.fields["theirs"].disabled and "4♠ left the inputs" in xp.last_message
    xp.rule_set.value = "lost-cities"
    assert xp.fields["hand"].value == "" and len(xp.rows.children) == 5 and "K♥" in xp.last_message
    xp.set_hand("2Y 5Y KY 9B 10B QW 3G 4R")
    xp.go_button.click()
    assert xp.values is not None and xp.values.rules.name == "lost-cities"


# --- model 3 ---------------------------------------------------------------------------------------------
def test_the_rollouts_button_adds_model_3_with_its_progress():
    xp = what_if_explorer("expeditions", HAND, n=500, precision=100.0, workers=1)  # stops after the first 1,024 positions
    xp.rollout_button.click()
    values = xp.values
    assert values is not None and values.models == ("exact", "suit", "rollout")
    expected = start_values(what_if_position("expeditions", HAND), models=3, precision=100.0, workers=1, seed=0)
    assert [r.value for r in values.rows if r.model == "rollout"] == [r.value for r in expected.rows]
    assert xp.progress.value == 100 and "done: 1,024 positions" in xp.progress_text.value
    assert "model 3: full-round rollouts" in xp.table.value and "never start" in xp.table.value and "gain" in xp.table.value
    xp.compute()  # recomputing models 1 and 2 keeps model 3 of the same inputs
    assert xp.values is not None and "rollout" in xp.values.models
    xp.set_hand("2H 5H KH 9S 10S QC")  # new inputs: every result goes
    assert xp.values is None and xp.progress.value == 0


def test_the_progress_executor_reports_each_piece_in_the_collecting_thread():
    seen: list[tuple[int, int]] = []
    here = threading.get_ident()
    work = ProgressExecutor(lambda result: seen.append((result, threading.get_ident())))
    assert analysis.parallel_map(abs, [-1, -2, -3], executor=work) == [1, 2, 3]
    assert seen == [(1, here), (2, here), (3, here)]
    seen.clear()
    with ThreadPoolExecutor(2) as pool:
        pooled = ProgressExecutor(lambda result: seen.append((result, threading.get_ident())), pool)
        assert analysis.parallel_map(abs, [-4, -5], executor=pooled) == [4, 5]
    assert sorted(seen) == [(4, here), (5, here)]
    with pytest.raises(ZeroDivisionError):
        ProgressExecutor(lambda _: None).submit(lambda: 1 / 0).result()


# --- static view and charts ----------------------------------------------------------------------------
def test_the_explorer_shows_as_static_html_too(computed):
    page = computed._repr_mimebundle_()["text/html"]
    assert "xp-explorer-snapshot" in page and "model 1: exact ceiling" in page and "<svg" in page


def test_the_charts_are_built_from_tidy_rows(computed):
    values = computed.values
    rows = value_rows(values)
    assert len(rows) == len(values.rows) and {r["option"] for r in rows} >= {"lay 2♥", "invest ×1", "wait", "never"}
    assert {r["model"] for r in rows} == {"model 1: exact ceiling", "model 2: suit simulation"}
    for chart in (value_chart(values), bonus_chart(values), distribution_chart(values, "H", investments=1)):
        spec = chart.to_dict()
        assert "facet" in spec and spec["data"]["values"]
    bars = distribution_rows(values, "H", investments=1)
    for model in ("model 1: exact ceiling", "model 2: suit simulation"):
        assert sum(b["chance"] for b in bars if b["model"] == model) == pytest.approx(1.0)
    assert all(b["end"] - b["start"] == 5 and b["start"] % 5 == 0 for b in bars)
    assert chart_svg(value_chart(values)).startswith("<svg")
    assert "model 1" in comparison_html(values)


def test_the_tips_charts():
    table = analysis.tips("expeditions", rounds=500, bot_rounds=2, deals=5, bot=ex.bots.RandomBot)
    rows = tips_rows(table)
    fourteen = next(r for r in rows if r["full_claim"].startswith("2, 3, 4 and 5"))
    assert fourteen["ratio"] == 1.0 and fourteen["verdict"] == "holds"
    loss = next(r for r in rows if "−28" in r["full_claim"])
    assert loss["ratio"] == 1.0 and loss["ratio_low"] <= loss["ratio_high"]
    assert len(verdict_rows(table)) == len(table.rows)
    assert tips_chart(table).to_dict()["layer"] and tips_verdict_chart(table).to_dict()["layer"]
    assert short_claim("x " * 50).endswith("…") and len(short_claim("x " * 50)) <= 60


def test_any_estimates_as_points_with_intervals():
    rows = [{"rules": "a", "value": 1.0, "low": 0.5, "high": 1.5, "policy": "p"},
            {"rules": "b", "value": 2.0, "low": 1.5, "high": 2.5, "policy": "q"}]
    spec = estimates_chart(rows, x="rules", colour="policy", zero=True, title="t").to_dict()
    assert len(spec["layer"]) == 3 and spec["title"] == "t"
    faceted = estimates_chart(rows, x="policy", column="rules").to_dict()
    assert "facet" in faceted


def test_changing_the_rule_set_after_computing_drops_the_old_results():
    xp = what_if_explorer("expeditions", HAND, n=500)
    xp.rule_set.value = "expeditionen"
    assert xp.values is None and xp.charts["distribution"].value == "" and xp.fields["hand"].value == HAND
    xp.go_button.click()
    assert "too few cards: a hand of the expeditionen rules holds 8 cards" in xp.last_message
    xp.set_hand(HAND + " 2C 3C")
    xp.go_button.click()
    assert xp.values is not None and xp.values.outlook.plays == 16


# --- the questions a strong player asks ------------------------------------------------------------------------
def test_every_question_has_a_tab_and_a_first_answer(computed):
    from expeditions.session.explorer import QUESTIONS

    assert "xp-explorer-questions" in classes(computed.questions) and len(computed.questions.children) == len(QUESTIONS)
    pos = computed.position()
    expected = {"moves": analysis.move_values(pos), "plans": analysis.plan_values(pos),
                "winning": analysis.win_chances(pos), "end": analysis.round_end(pos)}
    for name, answer in expected.items():
        shown = computed.ask(name)
        assert shown.records() == answer.records()  # the analysis' own numbers, the same seed
        beside = computed.beside_moves() if name == "moves" else ""  # the answer above, beside Which card?
        assert computed.answer_views[name].value.endswith(shown._repr_html_())
        assert (html.escape(beside) in computed.answer_views[name].value) if beside else \
            computed.answer_views[name].value == shown._repr_html_()
        assert computed.ask_text.value.count("first answer: ±") == 1
    opponent = computed.ask("opponent")
    assert opponent.discards.records() == analysis.discard_values(pos).records()
    shown = computed.answer_views["opponent"].value
    assert "xp-answer-discards" in shown and "xp-answer-holding" in shown
    assert shown.index(html.escape(opponent.discards.sentence)) < shown.index("<table")  # the sentence first
    even = computed.ask("even")  # break even: exact, at once, with its chart above the tables
    assert even.records() == analysis.break_even(pos).records() and even.width == 0
    shown = computed.answer_views["even"].value
    assert shown.startswith("<div class='xp-explorer-chart xp-explorer-chart-break-even'><svg")
    assert html.escape(even.get("H").sentence) in shown and "sets of cards" in computed.ask_text.value


def test_the_break_even_chart_draws_the_curve_of_every_suit():
    from expeditions.widgets.explorer_charts import break_even_chart, break_even_rows

    result = analysis.break_even(HAND, "expeditions")
    rows = break_even_rows(result)
    assert len(rows) == sum(len(r.points) for r in result.rows)
    hearts = [r for r in rows if r["suit"] == "♥ hearts"]
    assert [r["more"] for r in hearts] == list(range(len(result.get("H").to_come) + 1))
    assert hearts[2]["shown"] == result.get("H").point(2).score.format(sign=True)
    svg = chart_svg(break_even_chart(result))
    assert svg.startswith("<svg") and "more cards of the suit that reach you" in svg


def test_refining_goes_on_in_the_background_and_shows_each_better_answer():
    xp = what_if_explorer("expeditions", HAND, n=500)
    xp.questions.selected_index = 3  # winning
    assert xp.question() == "winning"
    refined = xp.refine(background=False, precision=1.0, time_limit=30)
    assert refined.width <= 1.0 and xp.ask_progress.value == 100 and "refined: ±" in xp.ask_text.value
    xp.ask_button.click()  # a first answer again
    assert xp.answers["winning"].positions == 1024
    xp.refine_button.click()  # in a thread: the explorer answers at once, the answer gets better while you look
    xp._worker.join(60)
    assert not xp._worker.is_alive() and xp.answers["winning"].width <= 1.0
    xp.set_hand("2H 5H KH 9S 10S QC")  # new inputs: the answers go
    assert xp.answers == {} and all(v.value == "" for v in xp.answer_views.values())


def test_a_question_the_position_cannot_answer_says_why():
    xp = what_if_explorer("expeditions-solo", "2H 5H KH 9S 10S QD", n=500)
    xp.ask("opponent")
    assert "rules have no other side" in xp.answer_views["opponent"].value
    assert xp.ask("moves").positions == 1024  # the other questions still answer (on the engine: no batch for one player)
