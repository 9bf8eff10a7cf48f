"""How a round starts, and the one check that a start can occur under the rules.

A round starts from a ``Deal`` (a deck order and the starting seat) or from a ``Setup`` (a
hand-built position: every card's place and the counters of the round). ``check_deal`` and
``check_setup`` are the only judges of a start: ``deal``, ``position``, matches and the record
loader all go through them (``round.start_round``), so a record cannot load a position that
``position`` refuses. A refused start raises ``PositionError`` naming the problem and what the
rules accept; nothing is laid out.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

from .arguments import seat as checked_seat
from .arguments import shown
from .cards import SUITS, Card
from .engine import Table, deal_table, fits, spec_for, table_of
from .errors import PositionError
from .rules import Rules


@dataclass(frozen=True)
class Deal:
    """How a dealt round starts: the deck order (top card first) and the starting seat."""

    deck: tuple[Card, ...]
    starter: int = 0


@dataclass(frozen=True)
class Setup:
    """How a hand-built round starts: every card's place. Piles list their bottom card first,
    the deck its top card first; expeditions are per side, per suit letter, in laying order.
    ``passed`` is empty (nobody passed) or one flag per seat. A round starts from it only once
    ``check_setup`` accepts it."""

    hands: tuple[tuple[Card, ...], ...]
    expeditions: tuple[tuple[tuple[Card, ...], ...], ...]
    piles: tuple[tuple[Card, ...], ...]
    deck: tuple[Card, ...]
    to_move: int = 0
    removed: tuple[Card, ...] = ()
    set_aside: tuple[Card, ...] = ()
    turns: int = 0
    stall: int = 0
    passed: tuple[bool, ...] = field(default=())


Start = Deal | Setup


def first_to_move(start: Start) -> int:
    """The seat that moves first in a round that begins at ``start``."""
    return start.starter if isinstance(start, Deal) else start.to_move


def in_laying_order(cards: Iterable[Card], rules: Rules) -> tuple[Card, ...]:
    """Cards sorted by the rule set's suits, then as they would be laid (investments first). Every card
    must be of the rule set's suits."""
    order = {s: i for i, s in enumerate(rules.suits)}
    return tuple(sorted(cards, key=lambda c: (order[c.suit], c.value, c.rank)))


def deck_problem(rules: Rules, cards: Sequence[Card], what: str) -> str | None:
    """What keeps ``cards`` from being the rule set's deck (each card as often as the deck holds it), or ``None``."""
    wanted, got = _deck_counts(rules), Counter(cards)
    if wanted == got:
        return None
    extra = [f"{c} ({n} too many)" if c in wanted else f"{c} (not in this deck)" for c, n in (got - wanted).items()]
    short = [str(c) for c in (wanted - got).elements()]
    parts = ([f"extra: {', '.join(extra)}"] if extra else []) + ([f"missing: {' '.join(short)}"] if short else [])
    return f"{what} is not the {rules.name} deck of {rules.deck_size} cards: {'; '.join(parts)}"


def check_deal(rules: Rules, deal: Deal) -> list[int]:
    """Refuse a deal whose deck is not the rule set's deck, or whose starter is not a seat; the deck's
    card numbers (``engine.Spec``) when it is accepted."""
    if not isinstance(deal.deck, tuple) or not all(isinstance(c, Card) for c in deal.deck):
        raise PositionError(f"a deal's deck is a tuple of cards, got {shown(deal.deck)}")
    spec = spec_for(rules)
    ids = [spec.index.get(c, -1) for c in deal.deck]
    if sorted(ids) != spec.sorted_deck_ids:
        raise PositionError(deck_problem(rules, deal.deck, "the deck order") or "the deck order is not the deck")
    _seat(rules, deal.starter, "starter")
    return ids


# --- what the rules let a round reach -------------------------------------------------------------
def turn_limit(rules: Rules) -> int | None:
    """The most turns a round of ``rules`` can have behind it while it is still being played, or
    ``None`` where a round can go on without end.

    - With a turn cap, fewer turns than the cap (at the cap the round is over).
    - In the solitaire every turn puts a card out of the hand for good: at most the cards not set
      aside (24 in ``expeditions-solo``; at 24 the hand is empty and the round over).
    - With the stall rule and no passing, a run of turns that discard and draw off a pile is shorter
      than the stall limit, and runs are separated by turns that lay a card or draw off the deck: at
      most as many as the deck holds after the deal, each (hands stay full, so no more cards than that
      can be laid). So ``r + (r + 1) * (limit - 1)`` turns with ``r`` twice the deck after the deal
      (1,167 in ``expeditions``).
    - Without a stall rule (``expeditionen``, ``lost-cities``), or with passes to a partner, which
      reset the stall count and need no card off the deck (``expeditions-4p``), a round can go on
      for ever.
    """
    limits = []
    if rules.turn_cap:
        limits.append(rules.turn_cap - 1)
    if rules.play_on_after_deck:
        limits.append(rules.deck_size - rules.set_aside)
    elif rules.stall_limit and not rules.pass_cards:
        resets = 2 * rules.draw_deck_after_deal
        limits.append(resets + (resets + 1) * (rules.stall_limit - 1))
    return min(limits) if limits else None


TeamState = tuple[int, int, bool, bool, int]
"""Two partners' hand sizes, whether each passed on its previous turn, and which of them (0 or 1) moves next."""


@lru_cache(maxsize=64)
def team_states(rules: Rules) -> frozenset[TeamState]:
    """Every state two partners can reach when they may pass cards to each other (``pass_cards``).

    Partners move in turn (the other team's turns come between and change nothing of theirs). On
    its turn a player either plays and draws (its hand size stays) or, holding at least
    ``pass_min_hand`` cards and not having passed on its previous turn (unless
    ``pass_twice_in_a_row``), hands ``pass_cards`` cards to its partner. Either partner may move
    first. With the four-player rules (hands of 6, passes of 2 from 6 cards) partners hold 6 and 6,
    4 and 8, or 8 and 4 cards."""
    size, give = rules.hand_size, rules.pass_cards
    least = max(rules.pass_min_hand, give)
    todo: list[TeamState] = [(size, size, False, False, 0), (size, size, False, False, 1)]
    seen = set(todo)
    while todo:
        a, b, pa, pb, mover = todo.pop()
        sizes, passed = [a, b], [pa, pb]
        after = []
        plays = list(passed)
        plays[mover] = False
        after.append((sizes[0], sizes[1], plays[0], plays[1], 1 - mover))
        if sizes[mover] >= least and (rules.pass_twice_in_a_row or not passed[mover]):
            moved = list(sizes)
            moved[mover] -= give
            moved[1 - mover] += give
            flags = list(passed)
            flags[mover] = True
            after.append((moved[0], moved[1], flags[0], flags[1], 1 - mover))
        for state in after:
            if state not in seen:
                seen.add(state)
                todo.append(state)
    return frozenset(seen)


def hand_sizes_text(rules: Rules) -> str:
    """The hand sizes ``rules`` can leave, in words (for messages)."""
    h = rules.hand_size
    if rules.play_on_after_deck:
        return f"the hand holds {h} cards while the deck lasts, and 0 to {h} once it is empty"
    if rules.pass_cards:
        pairs = sorted({(a, b) for a, b, *_ in team_states(rules)}, key=lambda p: (p[0] != p[1], p))
        named = [f"{a} and {b}" for a, b in pairs]
        listed = ", ".join(named[:-1]) + " or " + named[-1] if len(named) > 1 else named[0]
        return f"partners hold {listed} cards (a pass moves {rules.pass_cards} cards from a hand of at least {rules.pass_min_hand})"
    return f"every hand holds {h} cards (a turn plays one card and draws one)"


# --- the one check of a hand-built position --------------------------------------------------------
def check_setup(rules: Rules, s: Setup) -> None:
    """Refuse a hand-built position that cannot occur under ``rules``, naming the first problem.

    What the rules accept:

    - **places**: one hand per seat; one set of expeditions per side (per team with partners), one
      expedition per suit of the rule set; one discard pile per suit; cards are ``Card`` values.
    - **cards**: every card of the rule set's deck exactly once over the hands, expeditions, piles,
      deck, removed and set-aside cards (the four-player deck holds two of some).
    - **expeditions**: cards of their own suit in laying order (``engine.fits``: investments first,
      then rising numbers); **piles**: cards of their own suit.
    - **removed** cards (discards out of the game) only where discards leave the game (the
      solitaire), which has no piles; **set-aside** cards exactly as many as the rules set aside
      (24 in the solitaire, none elsewhere).
    - **hand sizes**: every hand holds ``hand_size`` cards, since a turn plays one card and draws
      one; in the solitaire the hand holds ``hand_size`` while the deck lasts and 0 to ``hand_size``
      once it is empty (play goes on without drawing); with passes to a partner, the two partners'
      hands are one of the pairs that passing can reach (``team_states``: 6 and 6, 4 and 8 or 8 and
      4 in ``expeditions-4p``), with their ``passed`` flags.
    - **counters**: ``to_move`` a seat; ``turns`` from 0 to ``turn_limit(rules)``; ``stall`` from 0
      to one less than the stall limit (none without pile draws, any count where there is no stall
      rule); ``passed`` one flag per seat (or none: nobody passed), set only where the rules have
      passing.
    """
    where = _check_places(rules, s)
    _seat(rules, s.to_move, "to_move")
    _passed(rules, s)
    check_known_cards(rules, where)
    _check_lines(rules, s)
    _check_removed_and_set_aside(rules, s)
    check_counts(rules, [c for _, c in where], complete=True)
    _check_hands(rules, s)
    _check_counters(rules, s)


def check_known_cards(rules: Rules, where: Iterable[tuple[str, Card]]) -> None:
    """Refuse a card the rule set does not have, naming the place it was given for."""
    known = spec_for(rules).index
    for place, card in where:
        if card not in known:
            raise PositionError(f"{place}: {rules.not_a_card(card)}")


def check_counts(rules: Rules, placed: list[Card], *, complete: bool) -> None:
    """Refuse cards placed more often than the deck holds them, and (``complete``) cards placed nowhere."""
    counts = Counter(placed)
    deck = _deck_counts(rules)
    too_many = counts - deck
    if too_many:
        raise PositionError("these cards are placed more often than the deck holds them: "
                            + ", ".join(f"{c} ×{counts[c]}" for c in too_many))
    missing = deck - counts
    if complete and missing:
        raise PositionError("these cards are nowhere in the position: "
                            + " ".join(map(str, in_laying_order(missing.elements(), rules)))
                            + " (every card of the deck has a place: a hand, an expedition, a pile, the deck"
                            + (", the removed or set-aside cards)" if rules.discards_leave_game or rules.set_aside else ")"))


@lru_cache(maxsize=64)
def _deck_counts(rules: Rules) -> Counter[Card]:
    return Counter(rules.deck)


def _seat(rules: Rules, value: Any, name: str) -> int:
    return checked_seat(value, rules.players, name, error=PositionError, rules_name=rules.name)


def _cards_of(value: Any, place: str) -> tuple[Card, ...]:
    if not isinstance(value, tuple) or not all(isinstance(c, Card) for c in value):
        raise PositionError(f"{place} must be a tuple of cards, got {shown(value)}")
    return value


def _check_places(rules: Rules, s: Setup) -> list[tuple[str, Card]]:
    """Check the shape of the setup; every card with the place it lies in."""
    names = [SUITS[x].name for x in rules.suits]
    if not isinstance(s.hands, tuple) or len(s.hands) != rules.players:
        count = len(s.hands) if isinstance(s.hands, tuple) else shown(s.hands)
        raise PositionError(f"the {rules.name} rules have {rules.players} seat(s), so a position has {rules.players} "
                            f"hand(s), not {count}")
    if not isinstance(s.expeditions, tuple) or len(s.expeditions) != rules.sides:
        count = len(s.expeditions) if isinstance(s.expeditions, tuple) else shown(s.expeditions)
        raise PositionError(f"the {rules.name} rules have {rules.sides} side(s) of expeditions, so a position has "
                            f"{rules.sides}, not {count} (give every side, with its empty expeditions too)")
    for side, exps in enumerate(s.expeditions):
        if not isinstance(exps, tuple) or len(exps) != len(rules.suits):
            raise PositionError(f"side {side} needs one expedition per suit ({', '.join(names)}), got {shown(exps)}")
    if not isinstance(s.piles, tuple) or len(s.piles) != len(rules.suits):
        raise PositionError(f"a position has one discard pile per suit ({', '.join(names)}), got {shown(s.piles)}")
    where: list[tuple[str, Card]] = []
    for seat, hand in enumerate(s.hands):
        where += [(f"the hand of seat {seat}", c) for c in _cards_of(hand, f"the hand of seat {seat}")]
    for side, exps in enumerate(s.expeditions):
        for name, exp in zip(names, exps, strict=True):
            where += [(f"side {side}'s {name} expedition", c) for c in _cards_of(exp, f"side {side}'s {name} expedition")]
    for name, pile in zip(names, s.piles, strict=True):
        where += [(f"the {name} pile", c) for c in _cards_of(pile, f"the {name} pile")]
    where += [("the deck", c) for c in _cards_of(s.deck, "the deck")]
    where += [("the removed cards", c) for c in _cards_of(s.removed, "the removed cards")]
    where += [("the set-aside cards", c) for c in _cards_of(s.set_aside, "the set-aside cards")]
    return where


def _check_lines(rules: Rules, s: Setup) -> None:
    for side, exps in enumerate(s.expeditions):
        for suit, exp in zip(rules.suits, exps, strict=True):
            name = SUITS[suit].name
            for i, card in enumerate(exp):
                if card.suit != suit:
                    raise PositionError(f"{card} cannot lie in side {side}'s {name} expedition: a card goes only to its "
                                        "own suit's expedition")
                if not fits(card, exp[:i]):
                    laid = " ".join(map(str, exp))
                    if card.is_investment:
                        raise PositionError(f"side {side}'s {name} expedition {laid}: investments must come before the "
                                            f"first number, and {card} follows a number")
                    top = max(c.value for c in exp[:i] if not c.is_investment)
                    raise PositionError(f"side {side}'s {name} expedition {laid}: an expedition only goes up, and "
                                        f"{card.value} follows {top}")
    for suit, pile in zip(rules.suits, s.piles, strict=True):
        for card in pile:
            if card.suit != suit:
                raise PositionError(f"{card} cannot lie on the {SUITS[suit].name} pile: a discard goes onto its own "
                                    "suit's pile")


def _check_removed_and_set_aside(rules: Rules, s: Setup) -> None:
    if rules.discards_leave_game:
        if any(s.piles):
            raise PositionError(f"in the {rules.name} rules a discard leaves the game, so there are no discard piles: "
                                "give the discarded cards as removed")
    elif s.removed:
        raise PositionError(f"in the {rules.name} rules discards go onto the piles, so no card is removed from the "
                            f"game: put {' '.join(map(str, s.removed))} on the piles or elsewhere")
    if len(s.set_aside) != rules.set_aside:
        if rules.set_aside:
            accepted = f"the {rules.name} rules set {rules.set_aside} cards aside unseen before the deal"
        else:
            accepted = f"the {rules.name} rules set no cards aside (only the solitaire does)"
        raise PositionError(f"{len(s.set_aside)} card(s) set aside, but {accepted}")


def _check_hands(rules: Rules, s: Setup) -> None:
    sizes = [len(h) for h in s.hands]
    if rules.pass_cards and rules.partnerships:
        states = team_states(rules)
        flags = _passed(rules, s)
        for first in range(rules.players // 2):
            second = first + rules.players // 2
            mover = 0 if (first - s.to_move) % rules.players < (second - s.to_move) % rules.players else 1
            state = (sizes[first], sizes[second], flags[first], flags[second], mover)
            if state in states:
                continue
            if (sizes[first], sizes[second]) not in {(a, b) for a, b, *_ in states}:
                raise PositionError(f"seats {first} and {second} hold {sizes[first]} and {sizes[second]} cards, but in the "
                                    f"{rules.name} rules {hand_sizes_text(rules)}")
            raise PositionError(f"seats {first} and {second} hold {sizes[first]} and {sizes[second]} cards with passed "
                                f"flags {flags[first]} and {flags[second]}, which passing cannot reach: a player who "
                                "passed holds fewer cards until the partner passes back")
        return
    for seat, size in enumerate(sizes):
        if rules.play_on_after_deck and not s.deck:
            if size > rules.hand_size:
                raise PositionError(f"seat {seat} holds {_cards_count(size)}, but in the {rules.name} rules {hand_sizes_text(rules)}")
        elif size != rules.hand_size:
            raise PositionError(f"seat {seat} holds {_cards_count(size)}, but in the {rules.name} rules {hand_sizes_text(rules)}")


def _passed(rules: Rules, s: Setup) -> tuple[bool, ...]:
    if not isinstance(s.passed, tuple) or not all(isinstance(p, bool) for p in s.passed):
        raise PositionError(f"passed is one flag (true or false) per seat, got {shown(s.passed)}")
    if not s.passed:
        return (False,) * rules.players
    if len(s.passed) != rules.players:
        raise PositionError(f"passed has one flag per seat: {rules.players} for the {rules.name} rules, not {len(s.passed)}")
    return s.passed


def _check_counters(rules: Rules, s: Setup) -> None:
    flags = _passed(rules, s)
    if any(flags) and not rules.pass_cards:
        raise PositionError(f"the {rules.name} rules have no passing, so no seat can have passed: every passed flag is false")
    limit = turn_limit(rules)
    if isinstance(s.turns, bool) or not isinstance(s.turns, int) or s.turns < 0 or (limit is not None and s.turns > limit):
        accepted = "a whole number from 0" + (f" to {limit}, the most a round of the {rules.name} rules can reach while "
                                              "it is being played" if limit is not None else " up")
        raise PositionError(f"turns {shown(s.turns)} cannot be: the turns played so far are {accepted}")
    if rules.stall_limit:
        most: int | None = rules.stall_limit - 1
        why = f"at {rules.stall_limit} the round is over by the stall rule"
    elif not rules.draw_from_piles:
        most, why = 0, "nobody draws off a pile"
    else:
        most, why = None, "there is no stall rule"
    if isinstance(s.stall, bool) or not isinstance(s.stall, int) or s.stall < 0 or (most is not None and s.stall > most):
        accepted = f"0 to {most}" if most is not None else "0 or more"
        raise PositionError(f"stall {shown(s.stall)} cannot be: it counts the turns in a row that discarded and drew off "
                            f"a pile, {accepted} in the {rules.name} rules ({why})")


def checked_table(rules: Rules, start: Start) -> Table:
    """Check ``start`` (``check_deal`` or ``check_setup``) and lay out its table."""
    spec = spec_for(rules)
    if isinstance(start, Deal):
        return deal_table(spec, check_deal(rules, start), start.starter)
    if not isinstance(start, Setup):
        raise PositionError(f"a round starts from a Deal or a Setup, got {shown(start)}")
    check_setup(rules, start)
    return table_of(spec, hands=start.hands, expeditions=start.expeditions, piles=start.piles, deck=start.deck,
                    removed=start.removed, set_aside=start.set_aside, to_move=start.to_move, turns=start.turns,
                    stall=start.stall, passed=start.passed)


def _cards_count(n: int) -> str:
    return f"{n} card" if n == 1 else f"{n} cards"
