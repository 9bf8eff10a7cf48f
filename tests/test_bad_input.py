"""Bad input gets a package error that names the problem and what is accepted, and changes nothing.

The cases of the issue "One judge of the rules", each as it was found (items 2 to 5), then every
public entry point given something it cannot take.
"""

import json
import random

import pytest

import expeditions as ex
from expeditions import (
    ArgumentError,
    CardError,
    ExpeditionsError,
    IllegalMove,
    MatchError,
    NotationError,
    PositionError,
    RecordError,
    RulesError,
    SeatError,
)
from expeditions.analysis.tournament import TournamentError, tournament

# --- item 2: a record's setup loads only what position() accepts -------------------------------------------
BASE = dict(hands=["2H 3H 4H 5H 6H 7H", "8H 9H 10H 2S 3S 5S"], expeditions=[{"S": "JS 4S"}, {}], piles={"D": "9D"}, seed=3)


def base_record():
    return json.loads(ex.position("expeditions", **BASE).to_json())


def with_setup(change):
    data = base_record()
    change(data["rounds"][0]["setup"])
    return json.dumps(data)


def deck_cards(setup):
    return setup["deck"].split()


def move_deck_card_to_hand(setup):
    cards = deck_cards(setup)
    setup["hands"][0] += " " + cards[0]
    setup["deck"] = " ".join(cards[1:])


# each: what the issue found, how to make it in a setup, the same position for position(), what the message says
SETUP_CASES = [
    ("a descending expedition", lambda s: s["expeditions"][0].__setitem__(1, "JS 7S 6S"),
     dict(BASE, expeditions=[{"S": "JS 7S 6S"}, {}]), "an expedition only goes up, and 6 follows 7"),
    ("an investment after a number", lambda s: s["expeditions"][0].__setitem__(1, "4S JS"),
     dict(BASE, expeditions=[{"S": "4S JS"}, {}]), "investments must come before the first number, and JS follows a number"),
    ("a card twice", lambda s: s["hands"].__setitem__(0, "2H 3H 4H 5H 6H 6H"),
     dict(BASE, hands=["2H 3H 4H 5H 6H 6H", "8H 9H 10H 2S 3S 5S"]), "placed more often than the deck holds them: 6H ×2"),
    ("a card in a hand and on a pile", lambda s: s["piles"].__setitem__(0, "2H"),
     dict(BASE, piles={"D": "9D", "H": "2H"}), "placed more often than the deck holds them: 2H ×2"),
    ("a card missing", lambda s: s.__setitem__("deck", " ".join(deck_cards(s)[1:])),
     None, "these cards are nowhere in the position"),
    ("a 7-card hand in 6-card rules", move_deck_card_to_hand,
     dict(BASE, hands=["2H 3H 4H 5H 6H 7H 8D", "8H 9H 10H 2S 3S 5S"]),
     "seat 0 holds 7 cards, but in the expeditions rules every hand holds 6 cards"),
    ("a spade on the hearts expedition", lambda s: s["expeditions"][0].__setitem__(0, "6S"),
     dict(BASE, expeditions=[{"S": "JS 4S", "H": "6S"}, {}]), "6S cannot lie in side 0's hearts expedition"),
    ("three hands in a two-player game", lambda s: s["hands"].append(""),
     dict(BASE, hands=["2H 3H 4H 5H 6H 7H", "8H 9H 10H 2S 3S 5S", ""]), "have 2 seat(s)"),
    ("a stall count of 99", lambda s: s.__setitem__("stall", 99), dict(BASE, stall=99),
     "stall 99 cannot be: it counts the turns in a row that discarded and drew off a pile, 0 to 15"),
    ("a turn count of 10**30", lambda s: s.__setitem__("turns", 10**30), dict(BASE, turns=10**30),
     "turns 1000000000000000000000000000000 cannot be: the turns played so far are a whole number from 0 to 1167"),
    ("expeditions for one side only", lambda s: s["expeditions"].pop(), None,
     "the expeditions rules have 2 side(s) of expeditions, so a position has 2, not 1"),
]


@pytest.mark.parametrize("found, change, as_position, says", SETUP_CASES, ids=[c[0] for c in SETUP_CASES])
def test_a_record_refuses_what_position_refuses(found, change, as_position, says):
    with pytest.raises(RecordError, match="round 1: the start cannot be laid out") as refused:
        ex.loads(with_setup(change))
    assert says in str(refused.value)
    if as_position is not None:
        with pytest.raises(PositionError) as also:
            ex.position("expeditions", **as_position)
        assert says in str(also.value)
        assert str(also.value) in str(refused.value)  # one check, one message


def test_the_untouched_record_loads():
    again = ex.loads(json.dumps(base_record()))
    assert again.hands == ex.position("expeditions", **BASE).hands


# --- item 3: what position() let through --------------------------------------------------------------------
@pytest.mark.parametrize(
    "rules, options, says",
    [
        ("expeditions", dict(hands=["2H 3H 4H 5H 6H 7H 8H 9H 10H JH", None]),
         "seat 0 holds 10 cards, but in the expeditions rules every hand holds 6 cards"),
        ("expeditions", dict(hands=["2H", None]), "seat 0 holds 1 card, but in the expeditions rules every hand holds 6 cards"),
        ("expeditions-solo", dict(hands=["2H 3H 4H 5H 6H 7H 8H"]),
         "seat 0 holds 7 cards, but in the expeditions-solo rules the hand holds 6 cards while the deck lasts, "
         "and 0 to 6 once it is empty"),
        ("expeditions", dict(hands=[None, None], stall=99), "stall 99 cannot be"),
        ("expeditions", dict(hands=[None, None], stall=-1), "stall -1 cannot be"),
        ("expeditions", dict(hands=[None, None], turns=-5), "turns -5 cannot be"),
        ("expeditions", dict(hands=[None, None], removed="2H"),
         "in the expeditions rules discards go onto the piles, so no card is removed from the game"),
        ("expeditions", dict(hands=[None, None], set_aside="2H"),
         "1 card(s) set aside, but the expeditions rules set no cards aside (only the solitaire does)"),
    ],
)
def test_position_refuses_what_the_rules_never_leave(rules, options, says):
    with pytest.raises(PositionError) as refused:
        ex.position(rules, seed=1, **options)
    assert says in str(refused.value)


# --- item 4: records ------------------------------------------------------------------------------------------
def finished_round(seed=6):
    rnd = ex.deal(seed=seed)
    while not rnd.is_over:
        rnd = rnd.play(next(m for m in rnd.legal_moves() if m.draw == "deck"))
    return rnd


def finished_match(seed=8):
    rng = random.Random(seed)
    match = ex.new_match("expeditions", seed=seed)
    while True:
        while not match.current.is_over:
            match = match.play(rng.choice([m for m in match.current.legal_moves() if m.draw == "deck"]))
        if match.is_over:
            return match
        match = match.next_round()


def changed(game, change):
    data = json.loads(game.to_json())
    change(data)
    return json.dumps(data)


@pytest.mark.parametrize(
    "change, says",
    [
        (lambda d: d.__setitem__("kind", "banana"), 'the record\'s kind must be "round" or "match", got \'banana\''),
        (lambda d: d["rounds"][0].__setitem__("colour", "red"),
         "round 1 has field(s) that mean nothing: 'colour'; the fields it may have are deck, starter, moves, result"),
        (lambda d: d["rounds"][0]["result"].__setitem__("winner", 0),
         "round 1: the result has field(s) that mean nothing: 'winner'; the fields it may have are end, scores"),
        (lambda d: d["rules"].__setitem__("variant", "x"),
         "the record's rules has field(s) that mean nothing: 'variant'; the fields it may have are name, overrides"),
    ],
)
def test_records_refuse_fields_that_mean_nothing(change, says):
    with pytest.raises(RecordError) as refused:
        ex.loads(changed(finished_round(), change))
    assert says in str(refused.value)


def test_a_setup_refuses_fields_that_mean_nothing():
    with pytest.raises(RecordError, match=r"the setup has field\(s\) that mean nothing: 'dealer'; the fields it may have are hands"):
        ex.loads(with_setup(lambda s: s.__setitem__("dealer", 1)))


def test_top_level_extra_fields_are_kept():
    rnd = finished_round()
    text = rnd.to_json(players=["Ann", "Ben"], session={"level": "Expert", "seat": 0}, notes="a close one")
    data = json.loads(text)
    assert data["session"] == {"level": "Expert", "seat": 0} and data["notes"] == "a close one"
    assert ex.loads(text).to_json() == rnd.to_json()
    with pytest.raises(RecordError, match="rounds is a field of the record itself"):
        rnd.to_json(rounds=[])


def test_a_match_starter_is_a_seat_and_starts_round_one():
    match = finished_match()
    with pytest.raises(RecordError, match="the match's starter 7 is not a seat: the expeditions rules have seats 0 to 1"):
        ex.loads(changed(match, lambda d: d.__setitem__("starter", 7)))
    with pytest.raises(RecordError, match="round 1: the record says seat 0 starts, but the match's starter gives the start to seat 1"):
        ex.loads(changed(match, lambda d: d.__setitem__("starter", 1)))


def test_a_changed_starter_in_round_two_is_blamed_on_the_starter():
    match = finished_match()
    second = match.rounds[1].start.starter

    def swap(d):
        d["rounds"][1]["starter"] = 1 - second

    with pytest.raises(RecordError) as refused:
        ex.loads(changed(match, swap))
    assert str(refused.value) == (f"round 2: the record says seat {1 - second} starts, but the rotate rule (the record's "
                                  f"earlier rounds) gives the start to seat {second}")


def test_a_match_record_holds_no_round_after_its_end():
    match = finished_match()
    with pytest.raises(RecordError, match="round 4: the match was over after round 3"):
        ex.loads(changed(match, lambda d: d["rounds"].append(d["rounds"][0])))


# --- item 5: errors that did not say what was wrong -----------------------------------------------------------
@pytest.mark.parametrize(
    "found, make, error, says",
    [
        ("IndexError: list index out of range (setup to_move 5)",
         lambda: ex.loads(with_setup(lambda s: s.__setitem__("to_move", 5))), RecordError,
         "to_move 5 is not a seat: the expeditions rules have seats 0 to 1"),
        ("AttributeError: 'str' object has no attribute 'get' (\"result\": \"deck\")",
         lambda: ex.loads(changed(finished_round(), lambda d: d["rounds"][0].__setitem__("result", "deck"))), RecordError,
         "round 1: the result must be an object with the fields end, scores, got 'deck'"),
        ("AttributeError: 'int' object has no attribute 'upper' (position(piles={5: \"7H\"}))",
         lambda: ex.position(hands=[None, None], piles={5: "7H"}), PositionError,
         "5 is not a suit of the expeditions rules: piles are keyed by H S D C"),
        ("ValueError: tuple.index(x): x not in tuple (a hand holding 7Y under standard-deck rules)",
         lambda: ex.position(hands=["7Y 3H 4H 5H 6H 7H", None]), PositionError,
         "the hand of seat 0: 7Y is not a card of the expeditions rules (its suits are H S D C"),
        ("the same hand in a record",
         lambda: ex.loads(with_setup(lambda s: s["hands"].__setitem__(0, "7Y 3H 4H 5H 6H 7H"))), RecordError,
         "7Y is not a card of the expeditions rules"),
        ("ValueError: invalid literal for int() (\"starter\": \"abc\")",
         lambda: ex.loads(changed(finished_round(), lambda d: d["rounds"][0].__setitem__("starter", "abc"))), RecordError,
         "round 1: the starter must be a whole number, got 'abc'"),
        ("OverflowError (\"starter\": 1e400)",
         lambda: ex.loads(changed(finished_round(), lambda d: d["rounds"][0].__setitem__("starter", 1e400))), RecordError,
         "round 1: the starter must be a whole number, got inf"),
        ("TypeError: unhashable type: 'list' (rules([\"expeditions\"]))",
         lambda: ex.rules(["expeditions"]), RulesError, "there is no rule set ['expeditions']; the rule sets are: "),
        ("TypeError: argument after ** must be a mapping, not list (record overrides as a list)",
         lambda: ex.loads(changed(finished_round(), lambda d: d["rules"].__setitem__("overrides", ["hand_size", 8]))),
         RecordError, "the record's rule overrides must be an object like {\"hand_size\": 8}, got ['hand_size', 8]"),
        ("TypeError: 'NoneType' object is not iterable (cards(None))",
         lambda: ex.cards(None), CardError, "None is not a list of cards: give text like '7H 8H KS' or a list of cards"),
        ("TypeError: 'NoneType' object is not iterable (score(None))",
         lambda: ex.score(None), CardError, "None is not a list of cards"),
        ("deal(starter=9) raised a plain ValueError", lambda: ex.deal(starter=9), PositionError,
         "starter 9 is not a seat: the expeditions rules have seats 0 to 1"),
        ("position(to_move=9)", lambda: ex.position(hands=[None, None], to_move=9), PositionError,
         "to_move 9 is not a seat: the expeditions rules have seats 0 to 1"),
    ],
)
def test_errors_say_what_is_wrong(found, make, error, says):
    with pytest.raises(error) as refused:
        make()
    assert says in str(refused.value)


def test_an_extra_card_is_counted_right():
    deck = list(ex.rules().deck)
    deck[deck.index(ex.card("JH"))] = ex.card("7C")  # 7C twice, JH missing
    with pytest.raises(PositionError, match=r"extra: 7C \(1 too many\); missing: JH"):
        ex.deal(deck=deck)
    four = ex.rules("expeditions-4p")
    deck = list(four.deck)
    deck[deck.index(ex.card("10C"))] = ex.card("2S")  # the 4-player deck holds two 2S: this one is a third
    with pytest.raises(PositionError, match=r"extra: 2S \(1 too many\); missing: 10C"):
        ex.deal(four, deck=deck)


def test_every_error_is_a_package_error_and_a_value_error():
    for error in (ArgumentError, SeatError, CardError, RulesError, NotationError, PositionError, IllegalMove, MatchError,
                  RecordError, ex.AnalysisError, TournamentError, ex.bots.NoMoveToChoose):
        assert issubclass(error, ExpeditionsError) and issubclass(error, ValueError)


# --- every public entry point ----------------------------------------------------------------------------------
ROUND = ex.deal(seed=1)


@pytest.mark.parametrize(
    "make, error, says",
    [
        (lambda: ex.card(7), CardError, "7 is not a card"),
        (lambda: ex.Card("7", "H"), CardError, "'7' is not a rank"),
        (lambda: ex.Card(7, ["H"]), CardError, "['H'] is not a suit"),
        (lambda: ex.cards(5), CardError, "5 is not a list of cards"),
        (lambda: ex.rules("expeditions", hand_size=None), RulesError, "hand_size takes a whole number, got None"),
        (lambda: ex.rules("expeditions-4p", pass_min_hand=2), RulesError, "pass_min_hand must be more than pass_cards"),
        (lambda: ex.score("2H 3H", "nope"), RulesError, "there is no rule set 'nope'"),
        (lambda: ex.score_breakdown(5), CardError, "5 is not a list of cards"),
        (lambda: ex.deal(seed=[1]), ArgumentError, "seed takes a whole number, a text or None, got [1]"),
        (lambda: ex.deal(seed=1, deck="2H"), ArgumentError, "give a seed or a deck order, not both"),
        (lambda: ex.position(hands="2H"), PositionError, "hands is a list with one hand per seat"),
        (lambda: ex.position(hands=[None, None], expeditions="2H"), PositionError, "expeditions is a list with one entry per side"),
        (lambda: ex.position(hands=[None, None], piles="2H"), PositionError, "piles maps a suit letter to its pile"),
        (lambda: ex.position(hands=[None, None], turns=1.5), PositionError, "turns 1.5 cannot be"),
        (lambda: ex.position(hands=[None, None], passed=[True, False]), PositionError, "the expeditions rules have no passing"),
        (lambda: ex.position("expeditions-4p", hands=["2H 3H 4H 5H", None, None, None]), PositionError,
         "seats 0 and 2 hold 4 and 6 cards, but in the expeditions-4p rules partners hold 6 and 6, 4 and 8 or 8 and 4 cards"),
        (lambda: ROUND.hand(5), SeatError, "seat 5 does not exist: seats are 0 to 1"),
        (lambda: ROUND.expedition(3, "H"), SeatError, "side 3 does not exist: sides are 0 to 1"),
        (lambda: ROUND.expedition(0, "X"), CardError, "'X' is not a suit of the expeditions rules: H S D C"),
        (lambda: ROUND.score_breakdown(-1), SeatError, "side -1 does not exist"),
        (lambda: ROUND.observation(9), SeatError, "seat 9 does not exist"),
        (lambda: ROUND.undo(-1), ArgumentError, "cannot undo -1 moves: 0 have been played"),
        (lambda: ROUND.play(None), NotationError, "None is not a move: write 'play 7H, draw deck'"),
        (lambda: ROUND.play_all("play 9H, draw deck"), ArgumentError, "play_all takes a list of moves"),
        (lambda: ROUND.is_legal(42), NotationError, "42 is not a move"),
        (lambda: ex.Move("play", ("7H",)), NotationError, "a move's cards are a tuple of Card values"),
        (lambda: ex.Move.play("7H", draw=5), NotationError, "5 is not a place to draw from"),
        (lambda: ex.new_match(seed=1).next_round(), MatchError, "round 1 is still being played"),
        (lambda: ex.new_match(starter=5), PositionError, "starter 5 is not a seat"),
        (lambda: ex.new_match(decks="2H"), ArgumentError, "decks is a list with one deck order per round"),
        (lambda: ex.loads(5), RecordError, "a record is JSON text, got 5"),
        (lambda: ex.loads("[" * 100_000), RecordError, "the record nests lists and objects more than 20 deep"),
        (lambda: ex.loads("1" * 5_000), RecordError, "the record holds a number of 5,000 digits; numbers are read up to 100"),
        (lambda: ROUND.to_json(extra=object()), RecordError, "an extra field cannot be written as JSON"),
        (lambda: ex.bots.RandomBot(1).choose(None), ArgumentError, "a bot chooses from an Observation"),
        (lambda: ex.bots.Heuristic(1).choose(ROUND), ArgumentError, "a bot chooses from an Observation"),
        (lambda: ex.bots.Expert(1).choose("play 9H"), ArgumentError, "a bot chooses from an Observation"),
        (lambda: ex.bots.Expert(1).choose(finished_round().observation(0)), ex.bots.NoMoveToChoose,
         "there is no move to choose: the round is over"),
        (lambda: ex.bots.RandomBot([1]), ArgumentError, "seed takes a whole number, a text or None"),
        (lambda: ex.bots.Expert(rollouts="x"), ArgumentError, "the Expert needs at least 1 rollout and 1 candidate"),
        (lambda: ex.bots.play_out(ROUND, [ex.bots.RandomBot(1)]), ArgumentError, "seat 2 player(s), but 1 bot(s) were given"),
        (lambda: ex.advice.rank_moves(None), ArgumentError, "the analyst values moves from an Observation"),
        (lambda: ex.advice.review(ROUND, 5), SeatError, "seat 5 does not exist"),
    ],
)
def test_entry_points_refuse_bad_input(make, error, says):
    with pytest.raises(error) as refused:
        make()
    assert says in str(refused.value)


HAND = "2H 5H KH 9S 10S QD"


@pytest.mark.parametrize(
    "make, says",
    [
        (lambda: ex.analysis.start_values(HAND, models=None), "models takes model names or numbers"),
        (lambda: ex.analysis.start_values(HAND, n=0), "n (model 2's simulations) must be at least 1, got 0"),
        (lambda: ex.analysis.start_values(HAND, seed=-1), "seed must be at least 0, got -1"),
        (lambda: ex.analysis.start_values(HAND, precision=0), "precision must be more than 0"),
        (lambda: ex.analysis.start_values(HAND, workers=0), "workers must be at least 1, got 0"),
        (lambda: ex.analysis.start_values(HAND, executor=5), "executor takes a concurrent.futures Executor"),
        (lambda: ex.analysis.simulate("expeditions", "playable", "many"), "rounds takes a whole number, got 'many'"),
        (lambda: ex.analysis.simulate("expeditions", "playable", 10, seed=-3), "seed must be at least 0, got -3"),
        (lambda: ex.analysis.simulate("expeditions", 5, 10), "5 is not a batch policy"),
        (lambda: ex.analysis.simulate("expeditions", "playable", 10, workers="2"), "workers takes a whole number"),
        (lambda: ex.analysis.tips("expeditions", rounds=0), "rounds must be at least 2, got 0"),
        (lambda: ex.analysis.tips("expeditions", bot=5), "bot takes a bot factory"),
        (lambda: ex.analysis.all_tips("expeditions"), "rule_sets is a list of rule set names"),
        (lambda: ex.analysis.bot_discards(ex.bots.RandomBot, rounds=1), "rounds must be at least 2 for an interval"),
        (lambda: tournament(None), "players maps a name to a bot factory"),
        (lambda: tournament({"a": 5}), "players maps a name (text) to a bot factory"),
        (lambda: tournament({"a": ex.bots.RandomBot, "b": ex.bots.RandomBot}, deals="x"), "a tournament needs at least 1 deal"),
        (lambda: tournament({"a": ex.bots.RandomBot, "b": ex.bots.RandomBot}, deals=1, seed=1.5), "seed takes a whole number or a text"),
        (lambda: tournament({"a": ex.bots.RandomBot, "b": ex.bots.RandomBot}, deals=1, pairings=[("a",)]),
         "a pairing is a (first, second) pair of names"),
    ],
)
def test_analysis_entry_points_refuse_bad_arguments(make, says):
    with pytest.raises(ExpeditionsError) as refused:
        make()
    assert says in str(refused.value)


def test_a_refused_move_changes_nothing():
    rnd = ex.position("expeditions", **BASE)
    before = (rnd.to_json(), rnd.hands, rnd.deck, rnd.piles, rnd.legal_moves())
    for bad in ["play 2S, draw deck", "play AH, draw deck", "discard 9D, draw pile D", "play 2H", "pass 2H 3H", "jump"]:
        with pytest.raises(ExpeditionsError):
            rnd.play(bad)
    assert (rnd.to_json(), rnd.hands, rnd.deck, rnd.piles, rnd.legal_moves()) == before
