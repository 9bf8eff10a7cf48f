"""Random-play rounds per second of the default rules, on one core.

Two policies, both on the engine that the public API wraps (``expeditions.engine``):
- uniform: uniform over the legal moves (``Table.legal()``, where identical moves are one move and
  every card in hand gives its play and discard moves with every draw source);
- playable: play a random playable card, else discard a random card; always draw off the deck.

The same policies through the public, immutable API, as a reader writes them: each turn asks
``rnd.legal_moves()``, picks one and plays it with ``rnd = rnd.play(move)`` (every earlier round
stays as it was). The playable policy is measured with the ``Move`` objects of ``legal_moves()``
and with the moves given as text (``rnd.play(str(move))``), and once more the way it was first
written here, asking ``rnd.is_legal(Move.play(card))`` for each card in hand.

Each figure is the median of several runs of wall-clock time; the rate by CPU time of the process
is printed beside it, which a busy shared machine disturbs less.

Usage: python benchmarks/engine_speed.py [--rounds N] [--repeats K]
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Callable

from _machine import machine, pin_to_one_core

import expeditions as ex
from expeditions.engine import DECK, DISCARD, PLAY, Spec, deal_table, spec_for


def playable_round(spec: Spec, rng: random.Random) -> list[int]:
    deck = spec.deck_ids[:]
    rng.shuffle(deck)
    t = deal_table(spec, deck, 0)
    r, side_of = rng.random, spec.side_of
    while not t.end:
        seat = t.to_move
        hand = t.hands[seat]
        lay = t.open[side_of[seat]]
        playable = [c for c in hand if lay >> c & 1]
        if playable:
            t.turn(PLAY, playable[int(r() * len(playable))], DECK)
        else:
            t.turn(DISCARD, hand[int(r() * len(hand))], DECK)
    return t.scores()


def uniform_round(spec: Spec, rng: random.Random) -> list[int]:
    deck = spec.deck_ids[:]
    rng.shuffle(deck)
    t = deal_table(spec, deck, 0)
    while not t.end:
        legal = t.legal()
        t.apply(legal[int(rng.random() * len(legal))])
    return t.scores()


def public_playable_round(rules: ex.Rules, rng: random.Random, as_text: bool = False) -> tuple[int, ...]:
    rnd = ex.deal(rules, seed=rng.random())
    while not rnd.is_over:
        legal = rnd.legal_moves()
        plays = [m for m in legal if m.kind == "play" and m.draw == "deck"]
        move = rng.choice(plays or [m for m in legal if m.draw == "deck"])
        rnd = rnd.play(str(move) if as_text else move)
    return rnd.scores()


def public_playable_by_card_round(rules: ex.Rules, rng: random.Random) -> tuple[int, ...]:
    rnd = ex.deal(rules, seed=rng.random())
    while not rnd.is_over:
        seat = rnd.to_move
        assert seat is not None
        hand = rnd.hand(seat)
        playable = [c for c in hand if rnd.is_legal(ex.Move.play(c))]
        pick = rng.choice(playable) if playable else rng.choice(hand)
        rnd = rnd.play(ex.Move.play(pick) if playable else ex.Move.discard(pick))
    return rnd.scores()


def public_uniform_round(rules: ex.Rules, rng: random.Random) -> tuple[int, ...]:
    rnd = ex.deal(rules, seed=rng.random())
    while not rnd.is_over:
        rnd = rnd.play(rng.choice(rnd.legal_moves()))
    return rnd.scores()


def rate(play: Callable[[random.Random], object], rounds: int, repeats: int) -> tuple[list[float], list[float]]:
    """Rounds per second of wall-clock time and of CPU time, one of each per run."""
    wall, cpu = [], []
    for k in range(repeats):
        rng = random.Random(k)
        start, start_cpu = time.perf_counter(), time.process_time()
        for _ in range(rounds):
            play(rng)
        wall.append(rounds / (time.perf_counter() - start))
        cpu.append(rounds / (time.process_time() - start_cpu))
    return wall, cpu


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--rounds", type=int, default=4000)
    parser.add_argument("--repeats", type=int, default=5)
    args = parser.parse_args()
    pin_to_one_core()
    rules = ex.rules("expeditions")
    spec = spec_for(rules)
    print(f"# engine speed, {time.strftime('%Y-%m-%d')}, {machine()}, one core")
    cases: list[tuple[str, Callable[[random.Random], object], int]] = [
        ("engine, playable-else-discard, deck draws", lambda rng: playable_round(spec, rng), args.rounds),
        ("engine, uniform over legal moves", lambda rng: uniform_round(spec, rng), args.rounds // 4),
        ("public API, playable-else-discard, Move objects", lambda rng: public_playable_round(rules, rng), args.rounds // 4),
        ("public API, playable-else-discard, moves as text", lambda rng: public_playable_round(rules, rng, True),
         args.rounds // 4),
        ("public API, playable-else-discard, is_legal per card", lambda rng: public_playable_by_card_round(rules, rng),
         args.rounds // 10),
        ("public API, uniform over legal moves", lambda rng: public_uniform_round(rules, rng), args.rounds // 10),
    ]
    for name, play, n in cases:
        wall, cpu = rate(play, max(n, 10), args.repeats)
        print(f"{name:<53} median {statistics.median(wall):>9,.0f} rounds/s  (runs: {', '.join(f'{r:,.0f}' for r in wall)}; "
              f"CPU time: median {statistics.median(cpu):,.0f})")


if __name__ == "__main__":
    main()
