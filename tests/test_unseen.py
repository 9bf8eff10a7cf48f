"""The cards a seat has not seen, dealt afresh (``expeditions.unseen``): what Undo does so that it never peeks.

The oracles are written here: what a seat may know is its ``Observation`` (the engine's own account of a seat's
sight, compared whole); which cards are unseen is counted here from the round's history (every card played,
discarded or passed is shown; the others of the other hands, the deck and the cards set aside are not); a record
replays through ``ex.loads``; and chance is the count of unseen places.
"""

from __future__ import annotations

import random
from collections import Counter

import pytest

import expeditions as ex
from expeditions.errors import ArgumentError
from expeditions.unseen import reshuffle_unseen

PRESETS = list(ex.PRESETS)


def played_round(name: str, seed: int, moves: int) -> ex.Round:
    rng = random.Random(seed)
    rnd = ex.deal(name, seed=seed)
    for _ in range(moves):
        if rnd.is_over:
            break
        rnd = rnd.play(rng.choice(rnd.legal_moves()))
    return rnd


def shown_cards(rnd: ex.Round) -> Counter[ex.Card]:
    """Every card a move named: played, discarded or passed (counted here from the moves, apart from the code)."""
    return Counter(card for move in rnd.moves for card in move.cards)


def unseen_cards(rnd: ex.Round, seat: int) -> Counter[ex.Card]:
    """The cards ``seat`` cannot place: the deck, those set aside, and of each other hand what it does not know."""
    obs = rnd.observation(seat)
    hidden = Counter(rnd.deck) + Counter(rnd.set_aside)
    for other in range(rnd.rules.players):
        if other != seat:
            hidden += Counter(rnd.hand(other)) - Counter(obs.known[other])
    return hidden


@pytest.mark.parametrize("name", PRESETS)
def test_the_seat_sees_the_same_position_and_the_record_replays(name: str) -> None:
    rules = ex.rules(name)
    for seed in range(12):
        rnd = played_round(name, seed, moves=seed * 5)
        for seat in range(rules.players):
            again = reshuffle_unseen(rnd, seat, random.Random(seed))
            assert isinstance(again, ex.Round)
            assert again.observation(seat) == rnd.observation(seat)  # the whole of what the seat may know
            assert again.moves == rnd.moves and again.hand(seat) == rnd.hand(seat)
            assert ex.loads(again.to_json()).to_json() == again.to_json()  # a new start from which the moves replay
            # the unseen cards are the same cards, only placed afresh; what is on the table stays where it is
            assert unseen_cards(again, seat) == unseen_cards(rnd, seat) and shown_cards(again) == shown_cards(rnd)
            assert again.piles == rnd.piles and again.removed == rnd.removed
            assert all(again.expeditions(side) == rnd.expeditions(side) for side in range(rules.sides))


def test_a_match_gets_its_current_round_dealt_afresh_and_its_earlier_rounds_kept() -> None:
    match = ex.new_match("expeditions", seed=3)
    rng = random.Random(3)
    while match.round_number < 2 or len(match.current.moves) < 6:
        if match.current.is_over:
            match = match.next_round()
        else:
            match = match.play(rng.choice(match.current.legal_moves()))
    again = reshuffle_unseen(match, 0, random.Random(1))
    assert isinstance(again, ex.Match)
    assert again.rounds[0] is match.rounds[0] and again.totals == match.totals and again.seed == match.seed
    assert again.current.observation(0) == match.current.observation(0)
    assert again.current.deck != match.current.deck
    assert ex.loads(again.to_json()).to_json() == again.to_json()


def test_every_unseen_place_may_get_any_unseen_card_and_no_shown_card_moves() -> None:
    """At one position, over many shuffles: the deck's top card is each unseen card about as often as chance says
    (1 in the number of unseen cards), and a card the seat knows the other seat holds (taken off a pile) stays."""
    rules = ex.rules("expeditions")
    rnd = ex.position(rules, hands=["2H 3H 4H 5H 6H 7H", None], piles={"S": "2S 9S"}, seed=5)
    rnd = rnd.play("discard 7H, draw deck").play("discard 9C, draw S")  # the other seat takes 9♠: now known
    assert ex.card("9S") in rnd.observation(0).known[1]
    pool = unseen_cards(rnd, 0)
    tops: Counter[ex.Card] = Counter()
    shuffles = 2000
    for k in range(shuffles):
        again = reshuffle_unseen(rnd, 0, random.Random(k))
        assert isinstance(again, ex.Round)
        assert unseen_cards(again, 0) == pool and ex.card("9S") in again.hand(1)
        tops[again.deck[0]] += 1
    assert set(tops) == set(pool)  # every unseen card comes to the top now and then
    chance = shuffles / sum(pool.values())  # about 48 times each
    assert all(abs(n - chance * pool[c]) < 5 * (chance * pool[c]) ** 0.5 for c, n in tops.items())


def test_passed_cards_are_named_by_the_record_and_stay_where_they_went() -> None:
    """With four players a pass names its two cards (the record says "pass 5H 7H"), so they are not dealt afresh:
    the partner who got them still holds them, whoever looks."""
    rules = ex.rules("expeditions-4p")
    for seed in range(40):
        rnd = played_round("expeditions-4p", seed, moves=12)
        passes = [(turn.seat, turn.move) for turn in rnd.history() if turn.move.kind == "pass"]
        if not passes:
            continue
        for seat in range(rules.players):
            again = reshuffle_unseen(rnd, seat, random.Random(seed))
            assert isinstance(again, ex.Round)
            assert again.observation(seat) == rnd.observation(seat)
            still_held = Counter(rnd.hand(rules.partner_of(passes[-1][0]) or 0)) & Counter(passes[-1][1].cards)
            assert not still_held - Counter(again.hand(rules.partner_of(passes[-1][0]) or 0))
            assert shown_cards(again) == shown_cards(rnd)


def test_a_hand_built_position_is_set_up_afresh() -> None:
    rnd = ex.position("expeditions", hands=["2H 3H 4H 5H 6H 7H", None], piles={"S": "2S 3S"}, seed=3)
    rnd = rnd.play("discard 7H, draw deck")
    again = reshuffle_unseen(rnd, 0, random.Random(9))
    assert isinstance(again, ex.Round) and isinstance(again.start, ex.round.Setup)
    assert again.observation(0) == rnd.observation(0) and again.hand(1) != rnd.hand(1)
    assert ex.loads(again.to_json()).to_json() == again.to_json()


def test_bad_arguments_say_what_is_accepted() -> None:
    rnd = ex.deal("expeditions", seed=1)
    with pytest.raises(ArgumentError, match="takes a Round or a Match"):
        reshuffle_unseen("a round", 0, random.Random(1))  # type: ignore[arg-type]
    with pytest.raises(ArgumentError, match=r"random\.Random"):
        reshuffle_unseen(rnd, 0, 7)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="seat"):
        reshuffle_unseen(rnd, 2, random.Random(1))
