import json
import random
from itertools import pairwise

import pytest

import expeditions as ex
from expeditions import Match, MatchError, RecordError, deal, loads, new_match, rules
from expeditions.round import Deal


def finish_round(match, rng, prefer_deck=True):
    rnd = match.current
    while not rnd.is_over:
        legal = rnd.legal_moves()
        pool = [m for m in legal if m.draw in ("deck", None)] if prefer_deck else legal
        match = match.play(rng.choice(pool or legal))
        rnd = match.current
    return match


def play_match(name, seed, **overrides):
    rng = random.Random(seed)
    match = new_match(rules(name, **overrides), seed=seed)
    while True:
        match = finish_round(match, rng)
        if match.is_over:
            return match
        match = match.next_round()


def test_rotating_start():
    match = play_match("expeditions", 3)
    assert len(match.rounds) == 3
    assert [r.start.starter for r in match.rounds] == [0, 1, 0]
    assert match.totals == tuple(sum(r.scores()[s] for r in match.rounds) for s in range(2))
    top = max(match.totals)
    assert match.winners() == tuple(s for s in range(2) if match.totals[s] == top)


def test_one_round_game():
    assert len(play_match("expeditions", 3, rounds=1).rounds) == 1
    assert len(play_match("expeditionen-short", 3).rounds) == 1


def test_loser_starts_after_a_won_round():
    for seed in range(20):
        match = finish_round(new_match("expeditionen", seed=seed, starter=0), random.Random(seed))
        winners = match.current.winners()
        assert match.next_round().current.start.starter == (1 - winners[0] if len(winners) == 1 else 1)


def test_starter_rules_of_document_000():
    """Winner deals the next round (so the loser starts); after a tie the other player deals."""
    r = rules("expeditionen")
    decks = [ex.shuffled_deck(r, k) for k in range(4)]
    match = new_match(r, decks=decks, starter=0)
    seen = []
    rng = random.Random(0)
    while True:
        match = finish_round(match, rng)
        seen.append((match.current.start.starter, match.current.winners()))
        if match.is_over:
            break
        match = match.next_round()
    for (starter, winners), (next_starter, _) in pairwise(seen):
        if len(winners) == 1:
            assert next_starter == 1 - winners[0]
        else:
            assert next_starter == 1 - starter


def test_tied_match_plays_a_fourth_round_under_document_000():
    # Three rounds in which both sides hold equal expeditions when the round ends.
    from expeditions.round import position

    r = rules("expeditionen")
    rounds = [position(r, hands=[None, None], expeditions=["5H 6H", "5S 6S"], seed=k) for k in range(3)]
    assert all(rnd.scores() == (-9, -9) for rnd in rounds)
    fake = Match(r, 1, 0, (), tuple(_over(rnd) for rnd in rounds))
    assert fake.rounds_to_play == 4 and not fake.is_over
    shared = Match(rules("expeditions"), 1, 0, (), tuple(_over(position("expeditions", hands=[None, None],
                   expeditions=["5H 6H", "5S 6S"], seed=k)) for k in range(3)))
    assert shared.is_over and shared.winners() == (0, 1)


def _over(rnd):
    """The same position, marked as ended by the deck (for match bookkeeping tests)."""
    from expeditions.round import Round

    t = rnd._t.clone()
    t.end = "deck"
    return Round(rnd.rules, rnd.start, rnd.moves, t)


def _discarding(match):
    """The current round played out with every seat discarding and drawing off the deck: nobody lays a card."""
    while not match.current.is_over:
        match = match.play(next(m for m in match.current.legal_moves() if m.kind == "discard" and m.draw == "deck"))
    return match


def test_a_tied_short_game_is_a_shared_win():
    """Document 000, Varianten: "Kurzes Spiel: nur eine Runde." Its tie-break, "Nach der dritten Runde gewinnt der
    höhere Gesamtstand. Bei Gleichstand spielt ihr eine vierte Runde.", is written for the three rounds of the full
    game: a tied short game is a shared win, with no second round."""
    short = rules("expeditionen-short")
    assert short.quote("goal") == "Kurzes Spiel: nur eine Runde." and (short.rounds, short.tie) == (1, "shared")
    match = _discarding(new_match(short, seed=1))
    assert match.current.scores() == (0, 0)  # nothing laid on either side: a tie
    assert match.is_over and match.rounds_to_play == 1 and match.winners() == (0, 1)
    with pytest.raises(MatchError, match="the match is over after 1 round"):
        match.next_round()
    assert len(loads(match.to_json()).rounds) == 1
    full = _discarding(new_match("expeditionen", seed=1))  # the full game breaks the same tie with a fourth round
    for _ in range(2):
        full = _discarding(full.next_round())
    assert full.totals == (0, 0) and full.rounds_to_play == 4 and not full.is_over
    assert len(full.next_round().rounds) == 4


def test_match_errors():
    match = new_match(seed=1)
    with pytest.raises(ValueError, match="still being played"):
        match.next_round()
    with pytest.raises(ValueError, match="starter 5 is not a seat"):
        new_match(seed=1, starter=5)


def test_match_records_replay():
    match = play_match("expeditions", 8)
    again = loads(match.to_json())
    assert isinstance(again, Match)
    assert again.to_json() == match.to_json()
    assert again.totals == match.totals and again.winners() == match.winners()


def test_record_keeps_overrides_and_extra_fields():
    rnd = deal(rules("expeditions", hand_size=8), seed=2)
    data = json.loads(rnd.to_json(players=["Ann", "Ben"]))
    assert data["rules"] == {"name": "expeditions", "overrides": {"hand_size": 8}}
    assert data["players"] == ["Ann", "Ben"]
    assert loads(rnd.to_json()).rules.hand_size == 8


def test_save_and_load_files(tmp_path):
    rnd = deal(seed=4)
    rnd = rnd.play(rnd.legal_moves()[3])
    path = ex.save(rnd, tmp_path / "game.json")
    assert ex.load(path).to_json() == rnd.to_json()


def _finished(seed=6):
    rng = random.Random(seed)
    rnd = deal(seed=seed)
    while not rnd.is_over:
        rnd = rnd.play(rng.choice([m for m in rnd.legal_moves() if m.draw == "deck"]))
    return rnd


def test_tampered_move_names_the_turn_and_the_reason():
    rnd = _finished()
    data = json.loads(rnd.to_json())
    data["moves"] = data["rounds"][0]["moves"]
    moves = data["rounds"][0]["moves"]
    moves[4] = "play AH, draw deck"
    with pytest.raises(RecordError, match=r"round 1, turn 5 \(seat 0\): 'play AH, draw deck' does not replay: AH is not a card"):
        loads(json.dumps(data))


def test_tampered_deck_or_result_fails():
    rnd = _finished()
    data = json.loads(rnd.to_json())
    deck = data["rounds"][0]["deck"].split()
    deck[0], deck[-1] = deck[-1], deck[0]
    data["rounds"][0]["deck"] = " ".join(deck)
    with pytest.raises(RecordError, match="round 1"):
        loads(json.dumps(data))
    data = json.loads(rnd.to_json())
    data["rounds"][0]["result"]["scores"][0] += 1
    with pytest.raises(RecordError, match="the record says the round ended by 'deck' with scores"):
        loads(json.dumps(data))
    data = json.loads(rnd.to_json())
    data["rounds"][0]["deck"] = data["rounds"][0]["deck"].replace("7H", "7S", 1)
    with pytest.raises(RecordError, match="not the expeditions deck"):
        loads(json.dumps(data))


@pytest.mark.parametrize(
    "text, says",
    [
        ("not json", "not valid JSON"),
        ('{"format": "other"}', "not an Expeditions game record"),
        ('{"format": "expeditions-record", "version": 99}', "format version 99"),
        ('{"format": "expeditions-record", "version": 1, "kind": "round", "rules": {"name": "nope"}, "rounds": []}', "no rule set 'nope'"),
        ('{"format": "expeditions-record", "version": 1, "kind": "round", "rules": {"name": "expeditions"}, "rounds": []}',
         "holds no rounds"),
    ],
)
def test_bad_records(text, says):
    with pytest.raises(RecordError, match=says):
        loads(text)


def test_hand_built_positions_record_their_setup():
    rnd = ex.position("expeditions", hands=["2H 3H 4H 5H 6H 7H", None], expeditions=[{"S": "JS 4S"}], piles={"D": "9D"}, seed=3)
    rnd = rnd.play("play 2H, draw pile D")
    data = json.loads(rnd.to_json())
    assert "setup" in data["rounds"][0]
    again = loads(rnd.to_json())
    assert again.hands == rnd.hands and again.expedition(0, "S") == rnd.expedition(0, "S")
    assert isinstance(deal(seed=1).start, Deal)


def test_match_observation_carries_the_totals_so_far():
    match = play_match("expeditions", 8)
    first = match.rounds[0].scores()
    second = Match(match.rules, match.seed, 0, match.decks, match.rounds[:2])
    assert second.observation(0).totals == first
    assert new_match(seed=1).observation(0).totals == (0, 0)
    assert deal(seed=1).observation(0).totals == ()


def test_a_match_that_starts_from_a_hand_built_position_saves_and_replays() -> None:
    # A lesson or a what-if table starts from a position and plays on as a match: nothing of it is lost.
    start = ex.position("expeditions", hands=["7H 10H JH 5S QD 2C", None], seed=1, to_move=1)
    match = ex.Match(start.rules, 5, 1, (), (start,))
    rng = random.Random(3)
    while not match.current.is_over:
        match = match.play(rng.choice(match.current.legal_moves()))
    match = match.next_round().play(match.next_round().current.legal_moves()[0])
    again = ex.loads(match.to_json())
    assert isinstance(again, ex.Match)
    assert again.to_json() == match.to_json() and again.current.hands == match.current.hands
    # Only the first round may be hand-built: a later one is dealt from its deck.
    data = json.loads(match.to_json())
    data["rounds"][1] = json.loads(match.current.undo(len(match.current.moves)).to_json())["rounds"][0] | {
        "setup": data["rounds"][0]["setup"]}
    data["rounds"][1].pop("deck", None)
    data["rounds"][1].pop("starter", None)
    with pytest.raises(ex.RecordError, match="a match's rounds after the first are dealt"):
        ex.loads(json.dumps(data))
    # The first round's seat to move is the match's starter.
    data = json.loads(match.to_json())
    data["starter"] = 0
    with pytest.raises(ex.RecordError, match="round 1: the record says seat 1 starts, but the match's starter gives the start to seat 0"):
        ex.loads(json.dumps(data))
