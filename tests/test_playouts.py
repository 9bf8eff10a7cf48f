"""Random playouts over every rule set, checking the invariants of the rules after every move."""

import random
from collections import Counter

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import expeditions as ex
from expeditions import PRESETS, Move, deal, loads, rules

NAMES = sorted(PRESETS)


def every_place(rnd):
    cards = [c for h in rnd.hands for c in h]
    cards += [c for side in range(rnd.rules.sides) for e in rnd.expeditions(side).values() for c in e]
    cards += [c for p in rnd.piles.values() for c in p]
    return Counter(cards + list(rnd.deck) + list(rnd.removed) + list(rnd.set_aside))


def candidate_moves(rnd):
    """Every move one could write for the seat to move, legal or not."""
    hand = rnd.hand(rnd.to_move)
    draws = [None, "deck", *rnd.rules.suits]
    out = {Move(kind, (c,), d) for c in set(hand) for kind in ("play", "discard") for d in draws}
    out |= {Move.pass_cards(a, b) for i, a in enumerate(hand) for b in hand[i + 1:]}
    return out


def check_invariants(rnd, r, start_deck, no_draw_turns):
    assert every_place(rnd) == Counter(r.deck), "a card was created or lost"
    for side in range(r.sides):
        for exp in rnd.expeditions(side).values():
            numbers = [c.value for c in exp if not c.is_investment]
            assert numbers == sorted(set(numbers)), f"expedition does not ascend: {exp}"
            first_number = next((i for i, c in enumerate(exp) if not c.is_investment), len(exp))
            assert all(not c.is_investment for c in exp[first_number:]), f"investment after a number: {exp}"
    sizes = [len(h) for h in rnd.hands]
    if r.partnerships:
        assert sizes[0] + sizes[2] == sizes[1] + sizes[3] == 2 * r.hand_size and min(sizes) >= r.hand_size - 2
    elif r.play_on_after_deck:
        assert sizes[0] == (r.hand_size if rnd.deck_size else r.hand_size - no_draw_turns)
    else:
        assert sizes == [r.hand_size] * r.players
    assert rnd.turn == (start_deck - rnd.deck_size) + rnd.pile_draws + rnd.passes + no_draw_turns


def play_out(name, seed, check_legality=False):
    r = rules(name, turn_cap=600)
    rng = random.Random(seed)
    rnd = deal(r, seed=seed, starter=rng.randrange(r.players))
    start_deck = rnd.deck_size
    assert start_deck == r.draw_deck_after_deal
    no_draw = 0
    while not rnd.is_over:
        legal = rnd.legal_moves()
        assert legal and len(set(legal)) == len(legal)
        if check_legality:
            listed = set(legal)
            for move in candidate_moves(rnd):
                assert rnd.is_legal(move) == (move in listed), (move, rnd.why_illegal(move))
        move = rng.choice(legal)
        no_draw += move.draw is None and move.kind != "pass"
        rnd = rnd.play(move)
        check_invariants(rnd, r, start_deck, no_draw)
    assert rnd.end_reason in ("deck", "stall", "hand-empty", "turn-cap")
    if rnd.end_reason == "deck":
        assert rnd.turn == start_deck + rnd.pile_draws + rnd.passes
    if r.players == 1:
        assert rnd.end_reason == "hand-empty" and rnd.turn == 24
    if rnd.end_reason == "stall":
        assert rnd.stall == r.stall_limit
    return rnd


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(NAMES), st.integers(0, 2**32))
def test_random_playouts_keep_the_rules(name, seed):
    play_out(name, seed)


@settings(max_examples=16, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(NAMES), st.integers(0, 2**32))
def test_legal_moves_are_exactly_the_moves_the_rules_allow(name, seed):
    play_out(name, seed, check_legality=True)


@settings(max_examples=24, deadline=None)
@given(st.sampled_from(NAMES), st.integers(0, 2**32))
def test_records_replay_to_the_identical_position(name, seed):
    rnd = play_out(name, seed)
    again = loads(rnd.to_json())
    assert again.to_json() == rnd.to_json()
    assert (again.hands, again.deck, again.piles, again.scores(), again.end_reason) == \
        (rnd.hands, rnd.deck, rnd.piles, rnd.scores(), rnd.end_reason)
    half = rnd.undo(len(rnd.moves) // 2)
    assert loads(half.to_json()).to_json() == half.to_json()


def test_every_rule_set_ends_by_its_own_rule_without_a_cap():
    """Uniform random play ends every rule set by its own rules (deck, stall or empty hand)."""
    for name in NAMES:
        for seed in range(3):
            rnd = deal(name, seed=seed)
            rng = random.Random(seed)
            while not rnd.is_over and rnd.turn < 5000:
                rnd = rnd.play(rng.choice(rnd.legal_moves()))
            assert rnd.end_reason in ("deck", "stall", "hand-empty"), (name, seed)


def _with_hidden_cards_shuffled(rnd, seat, rng):
    """The same round with every card ``seat`` cannot see dealt again at random among the hidden places."""
    from expeditions.round import Round

    t = rnd._t.clone()
    obs = rnd.observation(seat)
    index = t.spec.index
    slots = []  # (list, position) of every hidden card
    for s, hand in enumerate(t.hands):
        if s != seat:
            known = Counter(index[c] for c in obs.known[s])
            for i, c in enumerate(hand):
                if known[c]:
                    known[c] -= 1
                else:
                    slots.append((hand, i))
    slots += [(t.deck, i) for i in range(len(t.deck))] + [(t.set_aside, i) for i in range(len(t.set_aside))]
    cards = [where[i] for where, i in slots]
    assert Counter(t.spec.cards[c] for c in cards) == Counter(obs.unseen)
    rng.shuffle(cards)
    for (where, i), c in zip(slots, cards, strict=True):
        where[i] = c
    return Round(rnd.rules, rnd.start, rnd.moves, t)


def test_observation_hides_what_it_must():
    """Changing the cards a seat cannot see changes nothing of what it sees."""
    for name in NAMES:
        rng = random.Random(1)
        rnd = deal(name, seed=2)
        for _ in range(30):
            if rnd.is_over:
                break
            rnd = rnd.play(rng.choice(rnd.legal_moves()))
            for seat in range(rnd.rules.players):
                obs = rnd.observation(seat)
                for trial in range(3):
                    other = _with_hidden_cards_shuffled(rnd, seat, random.Random(trial))
                    assert other.observation(seat) == obs
                    if trial == 0 and rnd.deck_size > 3:
                        assert other.deck != rnd.deck or other.hands != rnd.hands


def test_observation_knows_pile_draws():
    rnd = ex.position("expeditions", hands=["2H 3H 4H 5H 6H 7H", "2S 3S 4S 5S 6S 7S"], piles={"D": "2D 9D"}, seed=4)
    rnd = rnd.play("discard 2H, draw pile D")
    assert rnd.observation(1).known[0] == ex.cards("9D")
    rnd = rnd.play("discard 2S, draw deck").play("play 9D, draw deck")
    assert rnd.observation(1).known[0] == ()
