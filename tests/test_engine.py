"""The engine as the one judge of the rules, and the immutability of the rounds built on it."""

import ast
import random
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import expeditions as ex
from expeditions.engine import DECK, DISCARD, NO_DRAW, NO_SUCH_PILE, PASS, PLAY, judge

NAMES = sorted(ex.PRESETS)
PACKAGE = Path(ex.__file__).parent


def snapshot(rnd):
    """Everything a round shows, as plain values."""
    r = rnd.rules
    return (rnd.to_json(), rnd.hands, rnd.deck, rnd.piles, rnd.removed, rnd.set_aside, rnd.passed, rnd.stall, rnd.turn,
            tuple(tuple(rnd.expeditions(s).items()) for s in range(r.sides)), rnd.legal_moves(), rnd.scores(),
            [rnd.observation(s) for s in range(r.players)])


@settings(max_examples=24, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(NAMES), st.integers(0, 2**32))
def test_earlier_rounds_never_change(name, seed):
    """``Round.play`` shares what a move leaves unchanged between the old round and the new one: no
    later move may change an earlier round."""
    r = ex.rules(name, turn_cap=300)
    rng = random.Random(seed)
    rnd = ex.deal(r, seed=seed)
    kept = [(rnd, snapshot(rnd))]
    while not rnd.is_over:
        rnd = rnd.play(rng.choice(rnd.legal_moves()))
        kept.append((rnd, snapshot(rnd)))
    for old, seen in kept:
        assert snapshot(old) == seen


def candidate_actions(t):
    hand = sorted(set(t.hands[t.to_move]))
    sources = [NO_DRAW, DECK, NO_SUCH_PILE, *range(t.spec.n_suits)]
    out = {(kind, c, s) for c in hand for kind in (PLAY, DISCARD) for s in sources}
    return out | {(PASS, a, b) for a in hand for b in hand if a <= b}


@settings(max_examples=16, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(NAMES), st.integers(0, 2**32))
def test_the_legal_list_and_the_refusals_are_one_judge(name, seed):
    """``Table.legal()`` lists exactly the actions ``Table.refusal`` does not refuse, and ``Table.after``
    lays out the same table as a copy with the action applied."""
    r = ex.rules(name, turn_cap=300)
    rng = random.Random(seed)
    rnd = ex.deal(r, seed=seed)
    while not rnd.is_over:
        t = rnd._t
        legal = t.legal()
        assert len(set(legal)) == len(legal)
        allowed = {a for a in candidate_actions(t) if t.refusal(a) is None}
        assert set(legal) == allowed
        assert [t.spec.move_for(a) for a in legal] == t.legal_moves() == rnd.legal_moves()
        action = rng.choice(legal)
        copy = t.clone()
        copy.apply(action)
        after = t.after(action)
        for slot in type(t).__slots__:
            assert getattr(after, slot) == getattr(copy, slot), slot
        rnd = rnd.play(t.spec.move_for(action))


@pytest.mark.parametrize("name", NAMES)
def test_every_refusal_names_a_rule_with_words(name):
    """Every way of breaking a rule gets words and, where the document has them, its quote."""
    rnd = ex.deal(name, seed=3)
    hand = rnd.hand(rnd.to_move)
    moves = [ex.Move(kind, (c,), d) for c in hand[:2] for kind in ("play", "discard") for d in (None, "deck", "H", "Y", "P")]
    moves += [ex.Move.play("AH"), ex.Move.pass_cards(hand[0], hand[1])]
    for move in moves:
        verdict = judge(rnd._t, move)
        if isinstance(verdict, tuple):
            assert rnd.is_legal(move)
            continue
        with pytest.raises(ex.IllegalMove) as refused:
            rnd.play(move)
        assert refused.value.rule == verdict.rule and str(refused.value)
        assert rnd.why_illegal(move) == str(refused.value)


def imports_of(path):
    tree = ast.parse(path.read_text())
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom):
            yield ("." * node.level) + (node.module or "")
        elif isinstance(node, ast.Import):
            yield from (alias.name for alias in node.names)


def test_bots_do_not_import_the_round():
    """Bots see a round only through an observation: no module of ``expeditions.bots`` imports ``round``."""
    for path in sorted((PACKAGE / "bots").glob("*.py")):
        for module in imports_of(path):
            assert module not in ("..round", "expeditions.round"), path.name


def test_the_rules_of_play_are_decided_in_the_engine_only():
    """The round words the engine's refusals: it never lays out a laying or drawing rule of its own."""
    source = (PACKAGE / "round.py").read_text()
    for decision in ("fits(", "is_investment", ".value <", ".value >", "draw_from_piles", "pass_min_hand <", "passed["):
        assert decision not in source, decision
