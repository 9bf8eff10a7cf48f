"""Property-based tests: malformed, truncated and mutated records and positions give a package error
or a correct load, never another exception and never a silent load of something impossible.

Whether a hand-built position can occur is judged here independently of ``expeditions.start``, from
the rule documents: every card once; expeditions of their own suit, investments first, then rising
numbers; discards on their own suit's pile (the solitaire has none: its discards leave the game);
24 cards set aside in the solitaire and none elsewhere; two-player hands of 6 (a turn plays one
card and draws one); the solitaire's hand of 6 while the deck lasts and at most 6 once it is empty;
four-player partners holding 6 and 6, or 4 and 8 after a pass of 2 cards from a hand of at least 6
(a partner with 4 cannot pass, so 2 and 10 never happen).
"""

import json
import random
from collections import Counter

from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

import expeditions as ex
from expeditions import ExpeditionsError, Move, PositionError

NAMES = ["expeditions", "expeditions-4p", "expeditions-solo", "lost-cities"]


# --- positions ----------------------------------------------------------------------------------------------
def laying_order_ok(suit, cards):
    top, numbers_started = 0, False
    for c in cards:
        if c.suit != suit:
            return False
        if c.is_investment:
            if numbers_started:
                return False
        else:
            if c.value <= top:
                return False
            top, numbers_started = c.value, True
    return True


def possible(r, p):
    """Whether the placement ``p`` can occur under ``r``, judged from the rule documents (see the module docs)."""
    placed = [c for h in p["hands"] for c in h] + [c for side in p["expeditions"] for e in side.values() for c in e]
    placed += [c for pile in p["piles"].values() for c in pile] + p["deck"] + p["removed"] + p["set_aside"]
    if Counter(placed) != Counter(r.deck):
        return False
    if not all(laying_order_ok(s, e) for side in p["expeditions"] for s, e in side.items()):
        return False
    if not all(c.suit == s for s, pile in p["piles"].items() for c in pile):
        return False
    solo = r.players == 1
    if (solo and any(p["piles"].values())) or (not solo and p["removed"]):
        return False
    if len(p["set_aside"]) != (24 if solo else 0):
        return False
    sizes = [len(h) for h in p["hands"]]
    if solo:
        return sizes[0] == 6 if p["deck"] else sizes[0] <= 6
    if r.players == 4:
        return all(sorted((sizes[s], sizes[s + 2])) in ([6, 6], [4, 8]) for s in (0, 1))
    return all(n == r.hand_size for n in sizes)


@st.composite
def placements(draw):
    """A placement of a rule set's cards that is sometimes possible and sometimes not."""
    name = draw(st.sampled_from(NAMES))
    r = ex.rules(name)
    rng = random.Random(draw(st.integers(0, 2**32)))
    pool = list(r.deck)
    rng.shuffle(pool)

    def take(n, suit=None):
        chosen = [c for c in pool if suit is None or c.suit == suit][:n]
        for c in chosen:
            pool.remove(c)
        return chosen

    expeditions = []
    for _ in range(r.sides):
        side = {}
        for s in r.suits:
            cards = take(draw(st.integers(0, 3)), s)
            side[s] = cards if draw(st.booleans()) else sorted(cards, key=lambda c: (c.value, c.rank))
        expeditions.append(side)
    piles = {}
    if r.players > 1 or draw(st.integers(0, 9)) == 0:
        for s in r.suits:
            piles[s] = take(draw(st.integers(0, 2)), s if draw(st.integers(0, 9)) else None)
    removed = take(draw(st.integers(0, 5))) if r.players == 1 or draw(st.integers(0, 9)) == 0 else []
    set_aside = take(24 + draw(st.sampled_from([0, 0, 0, -1, 1])) if r.players == 1 else draw(st.sampled_from([0] * 9 + [1])))
    deck_empty = r.players == 1 and draw(st.booleans())
    if r.players == 4:
        pairs = [draw(st.sampled_from([(6, 6), (6, 6), (4, 8), (8, 4), (2, 10), (5, 7)])) for _ in range(2)]
        sizes = [pairs[0][0], pairs[1][0], pairs[0][1], pairs[1][1]]
    elif r.players == 1:
        sizes = [draw(st.integers(0, 7)) if deck_empty else draw(st.sampled_from([6, 6, 6, 5, 7]))]
    else:
        sizes = [draw(st.sampled_from([r.hand_size] * 4 + [r.hand_size - 1, r.hand_size + 1])) for _ in range(r.players)]
    hands = [take(n) for n in sizes]
    if deck_empty:
        removed += pool
        pool = []
    deck = pool[:]
    mistake = draw(st.sampled_from(["none"] * 6 + ["drop", "twice"]))
    if mistake == "drop" and deck:
        deck.pop()
    elif mistake == "twice" and deck:
        deck[0] = hands[0][0] if hands[0] else deck[-1]
    to_move = draw(st.integers(0, r.players - 1))
    return r, dict(hands=hands, expeditions=expeditions, piles=piles, deck=deck, removed=removed, set_aside=set_aside,
                   to_move=to_move)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(placements())
def test_position_accepts_exactly_what_the_rules_can_reach(case):
    r, p = case
    expected = possible(r, p)
    try:
        rnd = ex.position(r, hands=p["hands"], expeditions=p["expeditions"], piles=p["piles"], deck=p["deck"],
                          removed=p["removed"], set_aside=p["set_aside"], to_move=p["to_move"])
    except PositionError:
        assert not expected, "refused a position the rules can reach"
        event("refused")
        return
    assert expected, "accepted a position the rules cannot reach"
    event("accepted")
    order = {s: i for i, s in enumerate(r.suits)}
    for seat, hand in enumerate(p["hands"]):
        assert rnd.hand(seat) == tuple(sorted(hand, key=lambda c: (order[c.suit], c.value, c.rank)))
    for side, exps in enumerate(p["expeditions"]):
        assert rnd.expeditions(side) == {s: tuple(e) for s, e in exps.items()}
    assert list(rnd.deck) == p["deck"] and sorted(map(str, rnd.removed)) == sorted(map(str, p["removed"]))
    again = ex.loads(rnd.to_json())  # the record of an accepted position loads through the same check
    assert again.to_json() == rnd.to_json()


@settings(max_examples=200, deadline=None)
@given(st.sampled_from(NAMES), st.integers(-3, 2_000), st.integers(-3, 40), st.integers(0, 10))
def test_counters_are_checked(name, turns, stall, seed):
    r = ex.rules(name)
    hands = [None] * r.players
    most_turns = {"expeditions": 1167, "expeditions-solo": 24}.get(name)  # see start.turn_limit
    stall_ok = (0 <= stall < r.stall_limit) if r.stall_limit else (stall == 0 if not r.draw_from_piles else stall >= 0)
    turns_ok = turns >= 0 and (most_turns is None or turns <= most_turns)
    try:
        rnd = ex.position(r, hands=hands, turns=turns, stall=stall, seed=seed)
    except PositionError as e:
        assert not (stall_ok and turns_ok), str(e)
        assert ("stall" in str(e)) or ("turns" in str(e))
        return
    assert stall_ok and turns_ok
    assert (rnd.turn, rnd.stall) == (turns, stall)


# --- records ------------------------------------------------------------------------------------------------
def _played(name, seed, moves=None):
    r = ex.rules(name, turn_cap=400) if name in ("expeditionen", "lost-cities") else ex.rules(name)
    rng = random.Random(seed)
    rnd = ex.deal(r, seed=seed)
    while not rnd.is_over and (moves is None or len(rnd.moves) < moves):
        rnd = rnd.play(rng.choice(rnd.legal_moves()))
    return rnd


def _match(seed):
    rng = random.Random(seed)
    match = ex.new_match("expeditions", seed=seed, starter=1)
    while not match.is_over:
        while not match.current.is_over:
            match = match.play(rng.choice([m for m in match.current.legal_moves() if m.draw == "deck"]))
        if not match.is_over:
            match = match.next_round()
    return match


RECORDS = [
    _played("expeditions", 1).to_json(notes="a finished round"),
    _played("expeditions", 2, moves=9).to_json(),
    _played("expeditions-4p", 3).to_json(),
    _played("expeditions-solo", 4).to_json(),
    _played("expeditionen", 5, moves=20).to_json(),
    ex.position("expeditions", hands=["2H 3H 4H 5H 6H 7H", None], expeditions=[{"S": "JS 4S"}], piles={"D": "9D"},
                seed=3, turns=4, stall=1).play("play 2H, draw pile D").to_json(session={"level": "Expert"}),
    ex.position("expeditions-solo", hands=["9H 10H"], expeditions=[{"H": "5H 8H"}], deck="", seed=2).to_json(),
    _match(6).to_json(players=["Ann", "Ben"]),
]

ANY_JSON = st.recursive(
    st.none() | st.booleans() | st.integers(-(10**30), 10**30) | st.floats(allow_nan=False) | st.text(max_size=12)
    | st.sampled_from(["7H", "play 7H, draw deck", "deck", "round", "match", "expeditions", "2H 3H 4H"]),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
    max_leaves=8,
)


def _paths(value, path=()):
    yield path
    if isinstance(value, dict):
        for k, v in value.items():
            yield from _paths(v, (*path, k))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            yield from _paths(v, (*path, i))


def _at(value, path):
    for key in path:
        value = value[key]
    return value


@st.composite
def mutated_records(draw):
    text = draw(st.sampled_from(RECORDS))
    how = draw(st.sampled_from(["drop", "replace", "swap cards", "number", "truncate", "move", "extra"]))
    if how == "truncate":
        return text[: draw(st.integers(0, len(text) - 1))]
    data = json.loads(text)
    paths = [p for p in _paths(data) if p]
    path = draw(st.sampled_from(paths))
    parent, key = _at(data, path[:-1]), path[-1]
    if how == "drop":
        del parent[key]
    elif how == "replace":
        parent[key] = draw(ANY_JSON)
    elif how == "extra":
        target = _at(data, path[:-1]) if isinstance(_at(data, path[:-1]), dict) else data
        target[draw(st.text(min_size=1, max_size=8))] = draw(ANY_JSON)
    elif how == "number":
        numbers = [p for p in paths if isinstance(_at(data, p), int) and not isinstance(_at(data, p), bool)]
        if numbers:
            where = draw(st.sampled_from(numbers))
            holder = _at(data, where[:-1])
            holder[where[-1]] = draw(st.sampled_from([-1, 1, 2, 7, 99, 10**30, -(10**30)])) + \
                (holder[where[-1]] if draw(st.booleans()) else 0)
    elif how == "swap cards":
        texts = [p for p in paths if isinstance(_at(data, p), str) and len(_at(data, p).split()) > 1 and
                 all(len(t) <= 3 for t in _at(data, p).split())]
        if texts:
            a, b = draw(st.sampled_from(texts)), draw(st.sampled_from(texts))
            ca, cb = _at(data, a).split(), _at(data, b).split()
            i, j = draw(st.integers(0, len(ca) - 1)), draw(st.integers(0, len(cb) - 1))
            if a == b:
                ca[i], ca[j] = ca[j], ca[i]
                _at(data, a[:-1])[a[-1]] = " ".join(ca)
            else:
                ca[i], cb[j] = cb[j], ca[i]
                _at(data, a[:-1])[a[-1]] = " ".join(ca)
                _at(data, b[:-1])[b[-1]] = " ".join(cb)
    elif how == "move":
        moves = [p for p in paths if p[-1] == "moves" or (len(p) > 1 and p[-2] == "moves")]
        rounds = data.get("rounds") if isinstance(data.get("rounds"), list) else []
        with_moves = [r for r in rounds if isinstance(r, dict) and isinstance(r.get("moves"), list) and r["moves"]]
        if with_moves:
            r = draw(st.sampled_from(with_moves))
            i = draw(st.integers(0, len(r["moves"]) - 1))
            r["moves"][i] = draw(st.sampled_from([r["moves"][-1], "play 2H, draw deck", "discard 10C, draw pile H",
                                                  "pass 2H 3H", "play 2H", r["moves"][0]]))
        elif moves:
            parent[key] = []
    return json.dumps(data)


def _consistent(rnd):
    """Everything a loaded round shows can occur: every card once, expeditions in laying order, hands the
    rules leave, the result of its own moves."""
    r = rnd.rules
    cards = [c for h in rnd.hands for c in h] + [c for side in range(r.sides) for e in rnd.expeditions(side).values() for c in e]
    cards += [c for p in rnd.piles.values() for c in p] + list(rnd.deck) + list(rnd.removed) + list(rnd.set_aside)
    assert Counter(cards) == Counter(r.deck)
    for side in range(r.sides):
        for s, e in rnd.expeditions(side).items():
            assert laying_order_ok(s, e)
    sizes = [len(h) for h in rnd.hands]
    if r.players == 2:
        assert sizes == [r.hand_size] * 2
    elif r.players == 4:
        assert all(sorted((sizes[s], sizes[s + 2])) in ([6, 6], [4, 8]) for s in (0, 1))
    else:
        assert sizes[0] == 6 if rnd.deck_size else sizes[0] <= 6


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(mutated_records())
def test_mutated_records_load_correctly_or_are_refused(text):
    try:
        game = ex.loads(text)
    except ExpeditionsError:
        event("refused")
        return
    event("loaded")
    data = json.loads(text)
    rounds = game.rounds if isinstance(game, ex.Match) else (game,)
    assert len(rounds) == len(data["rounds"])
    for rnd, entry in zip(rounds, data["rounds"], strict=True):
        _consistent(rnd)
        assert [str(m) for m in rnd.moves] == [str(Move.parse(t)) for t in entry.get("moves", [])]
        if "deck" in entry:
            assert rnd.start.deck == ex.cards(entry["deck"])
        if "result" in entry:
            assert (rnd.end_reason, list(rnd.scores())) == (entry["result"]["end"], entry["result"]["scores"])
    assert ex.loads(game.to_json()).to_json() == game.to_json()


@settings(max_examples=100, deadline=None)
@given(st.sampled_from(RECORDS), st.data())
def test_truncated_records_are_refused(text, data):
    cut = data.draw(st.integers(0, len(text) - 1))
    try:
        ex.loads(text[:cut])
    except ExpeditionsError:
        return
    raise AssertionError(f"a record cut at {cut} of {len(text)} characters loaded")


@settings(max_examples=200, deadline=None)
@given(ANY_JSON)
def test_any_json_is_refused_or_loads(value):
    """Any JSON value at all: a package error (JSON that is not a record), never another exception."""
    try:
        game = ex.loads(json.dumps(value))
    except ExpeditionsError:
        return
    assert isinstance(game, ex.Round | ex.Match)
