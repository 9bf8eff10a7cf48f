"""The answer in one sentence (``analysis.recommend``), for every rule set, for hands and positions.

The sentence's choice is checked against the rule it states, computed here from the table's rows:
every option that puts a card down now, set against waiting with its suit (or never playing it, when
waiting loses points), the largest advantage first. Its numbers must be the table's numbers (the
row's ``against_wait`` or ``gain``, as ``comparison_html`` shows them), written with suit symbols,
with the model it rests on. Positions whose answer is known by construction check the words."""

from __future__ import annotations

import html
from dataclasses import replace

import pytest
from html_cells import table_rows
from positions import counted

import expeditions as ex
from expeditions import analysis
from expeditions.analysis import MODELS, Recommendation, StartValues, recommend, start_values
from expeditions.analysis.recommendation import interval_words, signed
from expeditions.analysis.stats import ExpeditionValue
from expeditions.errors import AnalysisError
from expeditions.estimate import Estimate
from expeditions.widgets import comparison_html, what_if_explorer
from expeditions.words import LETTER_CARD, card_words, move_words, suit_mark

SMALL = {"n": 2_000, "precision": 3.0, "time_limit": 30.0, "max_positions": 256}
"""Quick settings: model 2 on 2,000 deals, model 3 on one piece of 256 positions."""


def mid_round(name: str, turns: int = 10, seed: int = 5) -> ex.Round:
    """A round of ``name`` after ``turns`` turns of counting bots: the seat to move asks."""
    return counted(name, seed=seed, turns=turns)


# --- the rule, computed here from the rows --------------------------------------------------------------
def on_difference(values: StartValues, model: str) -> bool:
    """Model 3 with an opponent rests on the score difference (your score minus theirs), else on your score."""
    return model == "rollout" and values.rules.sides > 1


def expected_choice(values: StartValues, model: str) -> tuple[ExpeditionValue, ExpeditionValue, Estimate] | None:
    """The option that acts now with the largest advantage over keeping its suit (waiting, or never when
    waiting loses points), the row it is set against and the advantage: the rule of ``recommend``, on the
    score difference in model 3 (when there is an opponent), else on your round score."""
    best = None
    difference = on_difference(values, model)
    for suit in values.rules.suits:
        rows = [r for r in values.rows if r.suit == suit and r.model == model]
        wait = next(r for r in rows if r.option == "wait")
        never = next(r for r in rows if r.option == "never")
        for r in rows:
            if r.option in ("lay", "invest"):
                vs_wait, vs_never = (r.difference_against_wait, r.difference_gain) if difference else (r.against_wait, r.gain)
                waiting = wait.difference_gain if difference else wait.gain
                assert vs_wait is not None and vs_never is not None and waiting is not None
                against, advantage = (wait, vs_wait) if waiting.value >= 0 else (never, vs_never)
                if best is None or advantage.value > best[2].value:
                    best = (r, against, advantage)
    return best


def check(values: StartValues, rec: Recommendation, model: str) -> None:
    """The recommendation follows the rule, and its numbers are the table's."""
    assert rec.model == model and rec.sentence.startswith(rec.headline)
    expected = expected_choice(values, model)
    if expected is None:
        assert rec.verdict == "nothing to lay" and rec.option is None and rec.estimate is None
        return
    act, against, advantage = expected
    e = advantage
    verdict = ("better" if e.value > 1e-9 else "hold back" if e.value < -1e-9 else "about as good") if e.is_exact else \
        ("better" if e.low > 0 else "hold back" if e.high < 0 else "about as good")
    assert rec.verdict == verdict
    if verdict == "hold back":
        assert (rec.option, rec.against) == (against, act)
        assert rec.estimate == Estimate(-e.value, -e.high, -e.low, e.samples)
        assert rec.headline.startswith("Lay nothing this turn: in every suit")
    else:
        assert (rec.option, rec.against) == (act, against)
        assert rec.estimate == e
    # The numbers of the sentence: the advantage with its sign and its interval, as the table rounds them,
    # and what they measure in words.
    assert f"{signed(e.value)} points" in rec.headline
    assert interval_words(e) in rec.headline
    measured = "your score minus the opponent's" if on_difference(values, model) else "your round score"
    assert rec.measure_words == measured and f"in {measured}" in rec.headline
    # The same numbers in the table, in the row of the option that acts now, in the model's column.
    table = table_rows(comparison_html(values, rec, show_all=True))
    column = table[0].index(MODELS[model])
    line = next(row for row in table[1:] if row[1] == act.decision and f"{act.value.value:.1f}" in row[column])
    words = "to your score minus theirs" if on_difference(values, model) else "to your score"
    unit = "vs waiting" if against.option == "wait" else "vs never"
    assert f"{e.format(sign=True)} {words} {unit}" in line[column], (line, e)
    # Words a card player reads: the suit's symbol, the cards in symbols, the model and how it counted.
    assert suit_mark(act.suit) in rec.headline
    assert all(card_words(c) in rec.headline for c in ex.cards(act.card))
    if all(s in "HSDC" for s in values.rules.suits):
        assert not LETTER_CARD.search(rec.sentence), rec.sentence
    number = MODELS[model].split(":")[0]
    assert f"({number}" in rec.headline
    if model == "rollout":
        assert f"by playing the round out {e.samples:,} times (model 3)" in rec.headline
    else:
        assert "run the rollouts, model 3" in rec.headline


# --- every rule set -------------------------------------------------------------------------------------------
@pytest.mark.parametrize("name", list(ex.PRESETS))
def test_the_sentence_for_a_hand_under_every_rule_set(name):
    rules = ex.rules(name)
    values = start_values(ex.deal(rules, seed=3).hand(0), rules, models=(1, 2, 3), **SMALL)
    for model in ("exact", "suit", "rollout"):
        check(values, recommend(values, model=model), model)
    rec = recommend(values)  # by default it rests on the round played out
    check(values, rec, "rollout")
    without = replace(values, rows=tuple(r for r in values.rows if r.model != "rollout"))
    check(without, recommend(without), "suit")  # before the rollouts: model 2, and it says to run them


@pytest.mark.parametrize("name", list(ex.PRESETS))
def test_the_sentence_for_a_position_under_every_rule_set(name):
    rnd = mid_round(name)
    values = start_values(rnd, models=(1, 2, 3), **SMALL)
    assert values.seat == rnd.to_move
    rec = recommend(values)
    check(values, rec, "rollout")
    check(values, recommend(values, model=2), "suit")
    held = {c.suit for c in rnd.hand(rnd.to_move)}
    started = {s for side in range(rnd.rules.sides) for s in rnd.rules.suits if rnd.expedition(side, s)}
    assert set(values.suits_in_play) == held | started
    assert set(values.started) == {s for s in rnd.rules.suits if rnd.expedition(rnd.rules.side_of(rnd.to_move), s)}
    if rec.option is not None:
        assert rec.suit in values.suits_in_play


# --- answers known by construction ----------------------------------------------------------------------------
def test_lowest_cards_laid_now_or_later_are_about_as_good():
    """Every suit's 2 in hand: nothing lower can come, so laying it now or next turn is the same (model 1, exactly)."""
    values = start_values("2H 2S 2D 2C 3H 3S", models=1)
    rec = recommend(values)
    assert rec.verdict == "about as good" and rec.estimate.is_exact and abs(rec.estimate.value) < 1e-9  # 0 but for rounding
    assert rec.sentence == ("Start ♥ now with 2♥, or lay nothing this turn: about as good (0.0 points over holding ♥ "
                            "back in your round score), by counting every way the suit's cards can reach you (model 1: a "
                            "ceiling, every card laid as if it came in order; run the rollouts, model 3, to play the whole "
                            "round out).")


def test_high_cards_are_held_back():
    """Only 9s and 10s in hand: laying one now gives up every lower card of its suit, so hold back."""
    values = start_values("10H 10S 10D 10C 9H 9S", models=(1, 2))
    for model in ("exact", "suit"):
        rec = recommend(values, model=model)
        assert rec.verdict == "hold back" and rec.option is not None and rec.option.option == "wait"
        assert rec.against is not None and rec.against.card in ("9H", "9S")
        assert rec.estimate is not None and rec.estimate.value > 5
        assert rec.sentence.startswith("Lay nothing this turn: in every suit, keeping your cards is worth more than "
                                       f"laying one now (the closest, laying {card_words(ex.card(rec.against.card))} now: ")


def test_an_investment_with_the_numbers_in_hand_goes_down_now():
    """K♥ with 4♥ to 8♥: the investment must come first and doubles points already in hand."""
    values = start_values("KH 4H 5H 6H 7H 8H", models=(1, 2, 3), n=5_000, precision=2.0, time_limit=60)
    for model in ("exact", "suit", "rollout"):
        rec = recommend(values, model=model)
        check(values, rec, model)
        assert rec.verdict == "better" and rec.option is not None and rec.option.option == "invest"
        assert rec.headline.startswith("Start ♥ now with the investment K♥: about +")
    exact = recommend(values, model=1)
    invest, wait = values.get("H", "exact", "invest"), values.get("H", "exact", "wait")
    assert exact.estimate == Estimate.exact(invest.value.value - wait.value.value)
    assert recommend(values).disagreement == "" or "believe model 3" in recommend(values).disagreement


def test_blind_investments_the_round_played_out_is_believed():
    """Three investments and no number of the suit: models 1 and 2 say far more than the round played out."""
    values = start_values("JH QH KH JS QS KS", models=(1, 2, 3), precision=2.0, time_limit=60)
    rec = recommend(values)
    check(values, rec, "rollout")
    assert rec.disagreement and rec.sentence.endswith(rec.disagreement)
    assert "because they look at one suit alone" in rec.disagreement and rec.disagreement.endswith("so believe model 3.")
    for model in ("exact", "suit"):  # what models 1 and 2 say for it is in the table too
        theirs = recommend(values, model=model)
        assert theirs.estimate is not None and signed(theirs.estimate.value) in rec.disagreement


def test_nothing_to_lay_says_so():
    """Every card in hand below the top of its expedition: nothing can go down, every move is a discard."""
    rnd = ex.position("expeditions", hands=["2H 3H 2S 3S 4S 2D", None],
                      expeditions=[{"H": "9H", "S": "8S", "D": "7D"}, {}], seed=1)
    rec = recommend(rnd, models=(1, 2))
    assert rec.verdict == "nothing to lay" and rec.option is None and rec.estimate is None
    assert rec.sentence.startswith("No card of your hand can go down now")


def test_recommend_computes_the_values_from_a_hand_or_a_round():
    rec = recommend("2H 5H KH 9S 10S QD", "expeditions", models=(1, 2), n=2_000)
    assert rec.model == "suit" and rec.headline.endswith("to play the whole round out).")
    assert str(rec) == rec.sentence and "xp-recommendation" in rec._repr_html_() and "model 2" in repr(rec)
    with pytest.raises(AnalysisError, match="was not computed"):
        recommend(start_values("2H 5H KH 9S 10S QD", models=1), model=3)
    with pytest.raises(AnalysisError, match="give the rules only with a hand"):
        recommend(start_values("2H 5H KH 9S 10S QD", models=1), "expeditions")
    with pytest.raises(AnalysisError, match="whole number of pieces"):
        start_values("2H 5H KH 9S 10S QD", models=3, max_positions=300)


def test_against_waiting_is_measured_on_the_same_deals():
    """Model 2's difference from waiting is the mean of the differences deal by deal (common random numbers):
    far narrower than the two values' intervals, and its mean is the difference of the means."""
    values = start_values("2H 5H KH 9S 10S QD", models=2, n=20_000)
    invest, wait = values.get("H", 2, "invest"), values.get("H", 2, "wait")
    assert invest.against_wait is not None
    assert invest.against_wait.value == pytest.approx(invest.value.value - wait.value.value, abs=1e-9)
    assert invest.against_wait.half_width < 0.8 * (invest.value.half_width + wait.value.half_width)
    assert wait.against_wait is None and values.get("H", 2, "never").against_wait is None


# --- the explorer shows it first ---------------------------------------------------------------------------------
def test_typing_a_hand_and_running_only_the_rollouts_gives_the_whole_answer():
    xp = what_if_explorer("expeditions", n=2_000, precision=3.0, time_limit=20)
    xp.set_hand("JH 4H 6H 8H 9S 3C")
    assert xp.values is None and xp.answer.value == ""
    values = xp.run_rollouts()
    assert values is not None and values.models == ("exact", "suit", "rollout")
    rec = xp.recommendation
    assert rec is not None and rec.model == "rollout" and rec == recommend(values)
    assert "xp-explorer-sentence" in xp.answer.value and "WHAT TO DO NOW" in xp.answer.value
    assert html.escape(rec.headline) in xp.answer.value
    assert all(chart.value.startswith("<svg") for chart in xp.charts.values())
    assert rec.option is not None and xp.suit.value == rec.suit  # the distribution opens on the answer's suit
    assert xp.option.value == f"{rec.option.option}:{rec.option.investments}"
    assert rec.option.decision in xp.charts["distribution"].value
    assert "xp-recommended" in xp.table.value
    # Only the suits that matter (held, or started by either side) until show all is ticked.
    assert [row[0] for row in table_rows(xp.table.value)[1:] if row[0]] == ["♥ hearts", "♠ spades", "♣ clubs"]
    assert "Not shown: ♦ diamonds (no card held, not started by either side)" in xp.table.value
    assert [s for _, s in xp.suit.options] == ["H", "S", "C"]
    xp.show_all.value = True
    assert [row[0] for row in table_rows(xp.table.value)[1:] if row[0]] == ["♥ hearts", "♠ spades", "♦ diamonds", "♣ clubs"]
    assert [s for _, s in xp.suit.options] == ["H", "S", "D", "C"] and "Not shown" not in xp.table.value
    assert xp.suit.value == rec.suit  # the chosen suit stays
    # The words are explained where they are shown.
    for words in ("wait: lay no card of the suit this turn", "a card-counting bot for both sides",
                  "vs waiting", "Marked: the answer above"):
        assert words in xp.table.value.replace("&#x27;", "'")
    assert "hypergeometric" not in xp.table.value and "laying policy" not in xp.table.value


def test_compute_alone_answers_by_model_2_and_says_to_run_the_rollouts():
    xp = what_if_explorer("expeditions", "2H 5H KH 9S 10S QD", n=2_000)
    rec = xp.recommendation
    assert rec is not None and rec.model == "suit" and "run the rollouts, model 3" in rec.headline
    assert analysis.recommend(xp.values) == rec


# --- your score, or your score minus the opponent's -------------------------------------------------------------
def feeding_position() -> ex.Round:
    """Three cards left in the deck: you, the opponent, you. Your ♦ stand at 4♦ 5♦ 9♦ and your ♠ at 9♠, so
    the 6♦ 7♦ 8♦ 4♠ 5♠ you hold are dead to you, but the opponent's ♦ and ♠ (three investments and two
    numbers each: five cards) take any of them for ×4 and the bonus, and their ♥ (three investments, 4♥ 5♥)
    would take 6♥ the same way. Laying 6♥ now starts a ♥ expedition that can only lose you points (6
    against the 20 it costs); holding ♥ back, the counting bot keeps 6♥ and discards the card it reckons
    feeds them least instead, 6♦ (two numbers above their 3♦), which the opponent takes and lays: 4♦ and
    5♦ lie on your expedition, so nothing can come between. So by construction laying 6♥ now costs your
    own round score and gains on your score minus theirs."""
    from expeditions.session.explorer import what_if_position

    return what_if_position("expeditions", "6H 6D 7D 8D 4S 5S", mine="4D 5D 9D 9S",
                            theirs="JH QH KH 4H 5H JD QD KD 2D 3D JS QS KS 2S 3S", deck_size=3)


@pytest.fixture(scope="module")
def feeding() -> tuple[StartValues, analysis.MoveValues]:
    pos = feeding_position()
    return (start_values(pos, models=(1, 2, 3), precision=1.0, time_limit=60),
            analysis.move_values(pos, precision=1.0, time_limit=60))


def test_the_answer_rests_on_the_score_difference_when_the_round_is_played_out(feeding):
    values, _ = feeding
    lay = values.get("H", 3, "lay")
    assert lay.against_wait is not None and lay.difference_against_wait is not None
    assert lay.against_wait.high < 0 < lay.difference_against_wait.low  # the construction: the measures disagree
    # 6 against the 20 a start costs, and a ♥ above it drawn now (7♥ to 10♥ among the 23 cards unseen) laid on the last play
    assert lay.against_wait.value == pytest.approx(-14 + 34 / 23, abs=1.0)
    rec = recommend(values)
    check(values, rec, "rollout")
    assert rec.measure == "difference" and rec.verdict == "better" and rec.option == lay
    assert rec.headline.startswith("Start ♥ now with 6♥: about +") and "in your score minus the opponent's" in rec.headline
    # Models 1 and 2 see the ♥ alone, on your round score: hold back. The sentence says so, in those words.
    for model in ("exact", "suit"):
        single = recommend(values, model=model)
        assert single.measure == "score" and single.verdict == "hold back"
    assert "Models 1 and 2 would rather lay nothing this turn" in rec.disagreement
    assert "in your round score" in rec.disagreement
    # The explorer's table shows both measures in model 3's cell, each in words.
    line = next(row for row in table_rows(comparison_html(values, rec)) if row[1:2] == [lay.decision])
    cell = line[table_rows(comparison_html(values, rec))[0].index(MODELS["rollout"])]
    assert f"{lay.against_wait.format(sign=True)} to your score vs waiting" in cell
    assert f"{lay.difference_against_wait.format(sign=True)} to your score minus theirs vs waiting" in cell


def test_beside_the_which_card_question_the_answer_says_which_to_follow(feeding):
    """Which card? weighs every move against every other: here discarding a ♦ the opponent cannot use yet (8♦:
    6♦ and 7♦ could still come between) beats both laying 6♥ and the bot's way of holding ♥ back (discarding
    6♦). The answer says so, and which to follow."""
    values, moves = feeding
    rec = recommend(values)
    assert moves.best.move.kind == "discard" and moves.best.move.card.suit == "D"
    laid = moves.get("play 6H, draw deck")
    assert laid.against_best.high < 0
    said = analysis.beside_moves(rec, moves)
    assert said.startswith(f"But Which card? ranks “{move_words(moves.best.move, 'notation')}” first, and the answer's “play 6♥, "
                           f"draw deck” {-laid.against_best.value:.1f} points behind")
    assert "in your score minus the opponent's" in said and "♥ against holding ♥ back as the counting bot would" in said
    assert "to win the round" in said and "follow the Which card? answer" in said
    assert not LETTER_CARD.search(said)


def test_beside_the_which_card_question_an_answer_to_lay_nothing_names_the_discard():
    rec = recommend("2H 5H KH 9S 10S QD", "expeditions", **SMALL)
    moves = analysis.move_values("2H 5H KH 9S 10S QD", "expeditions", time_limit=5)
    if rec.verdict == "hold back" and moves.best.move.kind == "discard":
        assert analysis.beside_moves(rec, moves) == (f"Which card? agrees and says which: “{move_words(moves.best.move, 'notation')}”, "
                                                     f"the best of its {len(moves.rows)} moves.")
    else:  # noise may rank a play first on a quick run: then the sentence must say so
        assert analysis.beside_moves(rec, moves).startswith(("But Which card?", "Which card? ranks", ""))


def _move_row(move: str, difference: float, against: Estimate, score: float, verdict: str = "worse") -> analysis.MoveValue:
    return analysis.MoveValue(ex.Move.parse(move), Estimate(difference, difference - 1, difference + 1, 512), against,
                              Estimate(score, score - 1, score + 1, 512), Estimate(0.5, 0.4, 0.6, 512), False, verdict)


def test_beside_moves_for_each_goal():
    """Made-up answers, one per case: the answer's move about as good as the best; clearly behind, with the best
    for your own score elsewhere; the same move."""
    rules = ex.rules("expeditions")
    rec = recommend("KH 4H 5H 6H 7H 8H", "expeditions", models=(1,))
    assert rec.option is not None and rec.verdict == "better"
    zero = Estimate.exact(0.0)

    def moves(*rows: analysis.MoveValue) -> analysis.MoveValues:
        return analysis.MoveValues(rules, 0, ex.cards("KH 4H 5H 6H 7H 8H"), rows, 512, 1.0)

    close = moves(_move_row("play 4H, draw deck", 5.0, zero, 20.0),
                  _move_row("play KH, draw deck", 4.0, Estimate(-1.0, -2.5, 0.5, 512), 21.0, "about as good"))
    assert analysis.beside_moves(rec, close) == ("Which card? ranks “play 4♥, draw deck” first, but the answer's “play K♥, "
                                                 "draw deck” is about as good there (-1.0 points [±1.5] in your score "
                                                 "minus the opponent's): either will do.")
    apart = moves(_move_row("play 4H, draw deck", 5.0, zero, 20.0),
                  _move_row("discard 8H, draw deck", 3.0, Estimate(-2.0, -2.5, -1.5, 512), 24.0),
                  _move_row("play KH, draw deck", 1.0, Estimate(-4.0, -4.5, -3.5, 512), 21.0))
    said = analysis.beside_moves(rec, apart)
    assert said.startswith("But Which card? ranks “play 4♥, draw deck” first, and the answer's “play K♥, draw deck” 4.0 "
                           "points behind [±0.5] in your score minus the opponent's")
    assert said.endswith("in one suit alone (model 1, on your round score); to win the round, follow the Which card? "
                         "answer; for your own round score alone, “discard 8♥, draw deck” (about 24.0 points against 20.0).")
    same = moves(_move_row("play KH, draw deck", 5.0, zero, 20.0))
    assert analysis.beside_moves(rec, same) == ""


def test_the_explorer_says_beside_its_answer_what_which_card_ranks_first():
    pos = feeding_position()
    xp = what_if_explorer("expeditions", n=2_000, precision=2.0, time_limit=20)
    xp.set_hand("6H 6D 7D 8D 4S 5S")
    xp.set_position(mine="4D 5D 9D 9S", theirs="JH QH KH 4H 5H JD QD KD 2D 3D JS QS KS 2S 3S", deck_size=3)
    assert xp.position().observation(0).hand == pos.observation(0).hand
    xp.run_rollouts()
    assert "xp-explorer-beside-moves" not in xp.answer.value  # not asked yet
    moves = xp.refine("moves", precision=1.0, time_limit=20, background=False)
    rec = xp.recommendation
    assert rec is not None and moves is not None
    said = analysis.beside_moves(rec, moves)
    assert said and html.escape(said) in xp.answer.value and "xp-explorer-beside-moves" in xp.answer.value
    assert html.escape(said) in xp.answer_views["moves"].value
    xp.compute()  # the answer drawn again keeps the sentence, the tab too
    assert html.escape(analysis.beside_moves(xp.recommendation, moves)) in xp.answer.value
