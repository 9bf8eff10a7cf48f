"""A round: the full position, immutable, with its legal moves, its history and its scores.

Start one with ``deal`` (from a seed, or a deck order and a starting player) or with
``position`` (any position, for what-if analysis). ``Round.play`` returns a new round and
leaves the old one as it was; a refused move raises ``IllegalMove`` saying which rule
forbids it.

Conventions where the rule documents are silent (so that a deal can be reproduced
from its deck order): the deck is listed top card first; in the solitaire the top
``set_aside`` cards are put aside first; then cards are dealt one at a time starting
with the starting player.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from .cards import SUITS, Card, Cards, parse_cards
from .engine import END_REASONS, Spec, Table, action_of, deal_table, move_of, spec_for, suit_name
from .errors import CardError, IllegalMove, PositionError
from .moves import Move
from .rules import Rules
from .rules import rules as get_rules
from .scoring import BoardScore, breakdown_of

if TYPE_CHECKING:
    from .observation import Observation

CardsLike = str | Card | Iterable[str | Card]


@dataclass(frozen=True)
class Deal:
    """How a dealt round starts: the deck order (top card first) and the starting seat."""

    deck: tuple[Card, ...]
    starter: int = 0


@dataclass(frozen=True)
class Setup:
    """How a hand-built round starts: every card's place. Piles list their bottom card first,
    the deck its top card first; expeditions are per side, per suit letter, in laying order."""

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


def _in_laying_order(cards: Iterable[Card], rules: Rules) -> Cards:
    return Cards(sorted(cards, key=lambda c: (rules.suits.index(c.suit), c.value, c.rank)))


def _owner(rules: Rules, side: int) -> str:
    return "your team's" if rules.partnerships else "your"


def problem(t: Table, move: Move) -> IllegalMove | None:
    """Why ``move`` is illegal in position ``t``, or ``None`` if it is legal."""
    spec = t.spec
    rules = spec.rules

    def refuse(rule: str, message: str) -> IllegalMove:
        return IllegalMove(message, rule=rule, quote=rules.quote(rule if rule in dict(rules.quotes) else _QUOTE_OF.get(rule, "")))

    if t.end:
        return refuse("round-over", f"the round is over ({END_REASONS[t.end]}); no more moves")
    stranger = [c for c in move.cards if c not in spec.index]
    if stranger:
        return refuse("not-in-deck", rules.not_a_card(stranger[0]))
    seat = t.to_move
    hand = Counter(spec.cards[c] for c in t.hands[seat])
    missing = Counter(move.cards) - hand
    if missing:
        card = next(iter(missing))
        held = " ".join(map(str, _in_laying_order(hand.elements(), rules)))
        twice = " twice" if hand[card] else ""
        return refuse("not-in-hand", f"you do not hold {card}{twice} (seat {seat} holds {held})")
    if move.kind == "pass":
        if not rules.pass_cards:
            return refuse("no-passing", f"the {rules.name} rules have no passing; only the four-player partnership game has it")
        size = len(t.hands[seat])
        if size < rules.pass_min_hand:
            return refuse("pass", f"you can pass only while holding at least {rules.pass_min_hand} cards; you hold {size}")
        if t.passed[seat] and not rules.pass_twice_in_a_row:
            return refuse("pass", "you passed on your last turn, and you cannot pass on two of your turns in a row")
        return None
    card = move.card
    suit = spec.suit_index[card.suit]
    name = SUITS[card.suit].name
    if move.kind == "play":
        side = spec.side_of[seat]
        top = t.highest_number(side, suit)
        if card.is_investment and top:
            return refuse("investments", f"investments must come before the first number: {_owner(rules, side)} {name} "
                          f"expedition already holds the {top}")
        if not card.is_investment and card.value <= top:
            return refuse("ascending", f"the {card.value} cannot follow {_owner(rules, side)} {top} in {name}: "
                          "an expedition only goes up, each number higher than the last")
    if not t.deck:
        if move.draw is not None:
            return refuse("solo", "the deck is empty: play or discard a card without drawing")
        return None
    if move.draw is None:
        return refuse("turn", f"every turn is a play and a draw: say where you draw from, like '{move.kind} {card}, draw deck'")
    if move.draw == "deck":
        return None
    if not rules.draw_from_piles:
        return refuse("solo", "you draw only off the deck: in the solitaire a discarded card is out of the game")
    if move.draw not in spec.suit_index:
        return refuse("draw", f"there is no {SUITS[move.draw].name} pile in the {rules.name} rules")
    pile = spec.suit_index[move.draw]
    if move.kind == "discard" and pile == suit:
        return refuse("draw", f"you cannot draw the card you discarded this turn ({card})")
    if not t.piles[pile]:
        return refuse("draw", f"the {SUITS[move.draw].name} pile is empty: draw off the deck or from a pile that has cards")
    return None


_QUOTE_OF = {"round-over": "end", "no-passing": "pass", "not-in-deck": "deck"}


class Round:
    """A round of Expeditions: an immutable position with its start and its moves.

    Seats are numbered from 0; ``side`` is the scoring side of a seat (the seat itself, or its team
    with partnerships: seats 0 and 2 are side 0). Cards in hands are listed by suit, then in laying
    order; piles bottom card first; the deck top card first.
    """

    __slots__ = ("__weakref__", "_t", "moves", "rules", "start")

    def __init__(self, rules: Rules, start: Start, moves: tuple[Move, ...], table: Table) -> None:
        self.rules = rules
        self.start = start
        self.moves = moves
        self._t = table

    # --- where things are -------------------------------------------------------------------
    def _cards(self, ids: Iterable[int]) -> Cards:
        return Cards(self._t.spec.cards[i] for i in ids)

    @property
    def to_move(self) -> int | None:
        """The seat whose turn it is, or ``None`` once the round is over."""
        return None if self._t.end else self._t.to_move

    def hand(self, seat: int) -> tuple[Card, ...]:
        return _in_laying_order(self._cards(self._t.hands[self._seat(seat)]), self.rules)

    @property
    def hands(self) -> tuple[tuple[Card, ...], ...]:
        return tuple(self.hand(s) for s in range(self.rules.players))

    def expedition(self, side: int, suit: str) -> tuple[Card, ...]:
        """The cards of one expedition in the order they were laid."""
        return self._cards(self._t.expeditions[self._side(side)][self._suit(suit)])

    def expeditions(self, side: int) -> dict[str, tuple[Card, ...]]:
        return {s: self.expedition(side, s) for s in self.rules.suits}

    @property
    def piles(self) -> dict[str, tuple[Card, ...]]:
        """The discard piles by suit, bottom card first."""
        return {s: self._cards(self._t.piles[i]) for i, s in enumerate(self.rules.suits)}

    @property
    def deck(self) -> tuple[Card, ...]:
        """The cards left in the deck, top card first (hidden from the players)."""
        return self._cards(reversed(self._t.deck))

    @property
    def deck_size(self) -> int:
        return len(self._t.deck)

    @property
    def removed(self) -> tuple[Card, ...]:
        """Discards that left the game (the solitaire)."""
        return self._cards(self._t.removed)

    @property
    def set_aside(self) -> tuple[Card, ...]:
        return self._cards(self._t.set_aside)

    @property
    def turn(self) -> int:
        """Turns played so far in this round."""
        return self._t.turns

    @property
    def stall(self) -> int:
        """Turns in a row that discarded and drew off a pile (the stall rule ends the round at its limit)."""
        return self._t.stall

    @property
    def passed(self) -> tuple[bool, ...]:
        """For each seat, whether it passed on its previous turn."""
        return tuple(self._t.passed)

    @property
    def pile_draws(self) -> int:
        return self._t.pile_draws

    @property
    def passes(self) -> int:
        return self._t.passes

    # --- the end and the scores ---------------------------------------------------------------
    @property
    def is_over(self) -> bool:
        return bool(self._t.end)

    @property
    def end_reason(self) -> str | None:
        """``"deck"``, ``"stall"``, ``"hand-empty"`` (solitaire) or ``"turn-cap"``; ``None`` while running."""
        return self._t.end or None

    def scores(self) -> tuple[int, ...]:
        """Points per side for what lies on the table now (the round's result once it is over)."""
        return tuple(self._t.scores())

    def score_breakdown(self, side: int = 0) -> BoardScore:
        side = self._side(side)
        return BoardScore(tuple(breakdown_of(s, self.expedition(side, s), self.rules) for s in self.rules.suits))

    def winners(self) -> tuple[int, ...]:
        """The sides with the highest score (several when tied: they share the win)."""
        scores = self.scores()
        return tuple(i for i, s in enumerate(scores) if s == max(scores))

    # --- moves --------------------------------------------------------------------------------
    def legal_moves(self) -> list[Move]:
        """Every legal move of the seat to move, in a fixed order (empty once the round is over)."""
        spec = self._t.spec
        return [move_of(spec, a) for a in self._t.legal()]

    def check(self, move: Move | str) -> Move:
        """Return the move if it is legal here; otherwise raise ``IllegalMove`` saying why."""
        parsed = Move.parse(move)
        refusal = problem(self._t, parsed)
        if refusal is not None:
            raise refusal
        return parsed

    def is_legal(self, move: Move | str) -> bool:
        return problem(self._t, Move.parse(move)) is None

    def why_illegal(self, move: Move | str) -> str | None:
        """The reason a move is refused, in words, or ``None`` if it is legal."""
        refusal = problem(self._t, Move.parse(move))
        return None if refusal is None else str(refusal)

    def play(self, move: Move | str) -> Round:
        """The round after ``move`` (a ``Move`` or its text); this round is unchanged."""
        parsed = self.check(move)
        table = self._t.clone()
        table.apply(action_of(table.spec, parsed))
        return Round(self.rules, self.start, self.moves + (parsed,), table)

    def play_all(self, moves: Iterable[Move | str]) -> Round:
        rnd = self
        for m in moves:
            rnd = rnd.play(m)
        return rnd

    def undo(self, count: int = 1) -> Round:
        """The round as it was ``count`` moves ago (replayed from its start)."""
        if not 0 <= count <= len(self.moves):
            raise ValueError(f"cannot undo {count} moves: {len(self.moves)} have been played")
        return start_round(self.rules, self.start).play_all(self.moves[: len(self.moves) - count])

    def observation(self, seat: int | None = None) -> Observation:
        """What ``seat`` (default: the seat to move) may know: see ``Observation``."""
        from .observation import observe

        return observe(self, self._t.to_move if seat is None else self._seat(seat))

    # --- records and display ------------------------------------------------------------------
    def to_json(self, **extra: Any) -> str:
        """This round as a JSON game record (rule set, start, moves, result)."""
        from .record import dumps

        return dumps(self, **extra)

    def __str__(self) -> str:
        from .display import round_text

        return round_text(self)

    def __repr__(self) -> str:
        state = f"over ({self._t.end}), scores {list(self.scores())}" if self._t.end else f"seat {self._t.to_move} to move"
        return f"<Round {self.rules.label}: turn {self.turn}, deck {self.deck_size}, {state}>"

    def _repr_html_(self) -> str:
        from .display import round_html

        return round_html(self)

    # --- argument checks ----------------------------------------------------------------------
    def _seat(self, seat: int) -> int:
        if not isinstance(seat, int) or not 0 <= seat < self.rules.players:
            raise ValueError(f"seat {seat!r} does not exist: seats are 0 to {self.rules.players - 1}")
        return seat

    def _side(self, side: int) -> int:
        if not isinstance(side, int) or not 0 <= side < self.rules.sides:
            raise ValueError(f"side {side!r} does not exist: sides are 0 to {self.rules.sides - 1}")
        return side

    def _suit(self, suit: str) -> int:
        letter = suit.upper() if isinstance(suit, str) else suit
        if letter not in self.rules.suits:
            raise ValueError(f"{suit!r} is not a suit of the {self.rules.name} rules: {' '.join(self.rules.suits)}")
        return self._t.spec.suit_index[letter]


# --- starting a round ---------------------------------------------------------------------------
def _rules_of(rules: Rules | str | None) -> Rules:
    return get_rules() if rules is None else get_rules(rules)


def shuffled_deck(rules: Rules, seed: int | str | None) -> tuple[Card, ...]:
    """The rule set's deck shuffled by Python's ``random.Random(seed)`` (top card first)."""
    deck = list(rules.deck)
    random.Random(seed).shuffle(deck)
    return tuple(deck)


def _check_deck(rules: Rules, cards: Sequence[Card], what: str) -> None:
    wanted, got = Counter(rules.deck), Counter(cards)
    if wanted == got:
        return
    extra = [f"{c} ({n - wanted[c]} too many)" if c in wanted else f"{c} (not in this deck)" for c, n in (got - wanted).items()]
    short = [str(c) for c in (wanted - got).elements()]
    parts = ([f"extra: {', '.join(extra)}"] if extra else []) + ([f"missing: {' '.join(short)}"] if short else [])
    raise PositionError(f"{what} is not the {rules.name} deck of {rules.deck_size} cards: {'; '.join(parts)}")


def deal(rules: Rules | str | None = None, seed: int | str | None = None, *,
         deck: CardsLike | None = None, starter: int = 0) -> Round:
    """Deal a round: from ``seed`` (a shuffle by ``random.Random(seed)``), or from ``deck``, an
    explicit deck order with its top card first. ``starter`` is the seat that moves first."""
    r = _rules_of(rules)
    if not isinstance(starter, int) or not 0 <= starter < r.players:
        raise ValueError(f"starter {starter!r} is not a seat: seats are 0 to {r.players - 1}")
    if deck is None:
        order = shuffled_deck(r, seed)
    else:
        if seed is not None:
            raise ValueError("give a seed or a deck order, not both")
        order = parse_cards(deck)
        _check_deck(r, order, "the deck order")
    return start_round(r, Deal(order, starter))


def start_round(rules: Rules, start: Start) -> Round:
    """The round at its start (no moves played)."""
    spec = spec_for(rules)
    if isinstance(start, Deal):
        table = deal_table(spec, [spec.index[c] for c in start.deck], start.starter)
    else:
        table = _setup_table(spec, start)
    return Round(rules, start, (), table)


def _setup_table(spec: Spec, s: Setup) -> Table:
    ids = spec.index
    t = Table(spec)
    t.hands = [[ids[c] for c in h] for h in s.hands]
    t.expeditions = [[[ids[c] for c in e] for e in side] for side in s.expeditions]
    for side, exps in enumerate(t.expeditions):
        for exp in exps:
            for c in exp:
                t.open[side] &= ~spec.closes[c]
    t.piles = [[ids[c] for c in p] for p in s.piles]
    t.deck = [ids[c] for c in reversed(s.deck)]
    t.removed = [ids[c] for c in s.removed]
    t.set_aside = [ids[c] for c in s.set_aside]
    t.to_move, t.turns, t.stall = s.to_move, s.turns, s.stall
    t.passed = list(s.passed) or [False] * spec.players
    if not t.deck and not spec.rules.play_on_after_deck:
        t.end = "deck"
    elif not t.hands[s.to_move]:
        t.end = "hand-empty"
    return t


def position(rules: Rules | str | None = None, *, hands: Sequence[CardsLike | None],
             expeditions: Sequence[Mapping[str, CardsLike] | CardsLike] = (), piles: Mapping[str, CardsLike] | None = None,
             deck: CardsLike | None = None, to_move: int = 0, removed: CardsLike = (), set_aside: CardsLike | None = None,
             turns: int = 0, stall: int = 0, seed: int | str | None = None) -> Round:
    """A hand-built position, for what-if analysis.

    ``hands`` gives every seat's hand; a hand given as ``None`` is dealt from the cards placed
    nowhere else. ``expeditions`` gives each side's expeditions, as ``{"H": "JH 4H 7H"}`` or as cards
    of any suits (laid in rising order). ``piles`` maps a suit to its pile, bottom card first.
    ``deck`` is the deck, top card first; left out, it is every remaining card shuffled by ``seed``
    (in the solitaire, the remaining cards beyond 18 are set aside). Every card of the rule set
    must be somewhere, once.
    """
    r = _rules_of(rules)
    if len(hands) != r.players:
        raise PositionError(f"the {r.name} rules have {r.players} seat(s), so give {r.players} hand(s), not {len(hands)}")
    if not isinstance(to_move, int) or not 0 <= to_move < r.players:
        raise PositionError(f"to_move {to_move!r} is not a seat: seats are 0 to {r.players - 1}")
    if len(expeditions) > r.sides:
        raise PositionError(f"the {r.name} rules have {r.sides} side(s) of expeditions, not {len(expeditions)}")
    for key in piles or {}:
        if key.upper() not in r.suits:
            raise PositionError(f"{key!r} is not a suit of the {r.name} rules: {' '.join(r.suits)}")
    given = [None if h is None else _in_laying_order(parse_cards(h), r) for h in hands]
    empty: tuple[tuple[Card, ...], ...] = tuple(() for _ in r.suits)
    sides = tuple(_expeditions_of(r, e) for e in expeditions) + (empty,) * (r.sides - len(expeditions))
    by_suit = {k.upper(): v for k, v in (piles or {}).items()}
    pile_cards = tuple(_pile_of(r, s, by_suit.get(s, ())) for s in r.suits)
    gone = parse_cards(removed)
    aside: tuple[Card, ...] = parse_cards(set_aside) if set_aside is not None else ()
    order: tuple[Card, ...] | None = parse_cards(deck) if deck is not None else None
    placed = [c for h in given if h for c in h] + [c for side in sides for e in side for c in e] + \
        [c for p in pile_cards for c in p] + list(gone) + list(aside) + list(order or ())
    index = spec_for(r).index
    strangers = [c for c in placed if c not in index]
    if strangers:
        raise PositionError(r.not_a_card(strangers[0]))
    counts = Counter(placed)
    too_many = counts - Counter(r.deck)
    if too_many:
        raise PositionError("these cards are placed more often than the deck holds them: "
                            + ", ".join(f"{c} ×{counts[c]}" for c in too_many))
    rest = list((Counter(r.deck) - counts).elements())
    random.Random(seed).shuffle(rest)
    filled = []
    for h in given:
        if h is None:
            if len(rest) < r.hand_size:
                raise PositionError(f"only {len(rest)} cards are left to deal a hand of {r.hand_size}")
            h, rest = _in_laying_order(rest[: r.hand_size], r), rest[r.hand_size:]
        filled.append(h)
    if set_aside is None and r.set_aside:  # the solitaire: what is not in the deck was set aside
        cut = r.set_aside if order is None else len(rest)
        aside, rest = tuple(rest[:cut]), rest[cut:]
    if order is None:
        order = tuple(rest)
    elif rest:
        raise PositionError(f"these cards are nowhere in the position: {' '.join(map(str, _in_laying_order(rest, r)))}")
    if not filled[to_move] and (order or r.play_on_after_deck):
        raise PositionError(f"seat {to_move} is to move but holds no cards")
    setup = Setup(tuple(filled), sides, pile_cards, order, to_move, gone, aside, turns, stall, (False,) * r.players)
    return start_round(r, setup)


def _expeditions_of(r: Rules, given: Mapping[str, CardsLike] | CardsLike) -> tuple[tuple[Card, ...], ...]:
    if isinstance(given, Mapping):
        by_suit = {}
        for key, cards in given.items():
            if key.upper() not in r.suits:
                raise PositionError(f"{key!r} is not a suit of the {r.name} rules: {' '.join(r.suits)}")
            by_suit[key.upper()] = parse_cards(cards)
        out = []
        for s in r.suits:
            cards = by_suit.get(s, ())
            _check_laying_order(r, s, cards)
            out.append(cards)
        return tuple(out)
    cards = _in_laying_order(parse_cards(given), r)
    for c in cards:
        if c.suit not in r.suits:
            raise CardError(r.not_a_card(c))
    return _expeditions_of(r, {s: tuple(c for c in cards if c.suit == s) for s in r.suits})


def _check_laying_order(r: Rules, suit: str, cards: tuple[Card, ...]) -> None:
    top = 0
    for c in cards:
        if c.suit != suit:
            raise PositionError(f"{c} cannot lie in the {SUITS[suit].name} expedition: a card goes only to its own suit")
        if c.is_investment and top:
            raise PositionError(f"{' '.join(map(str, cards))}: investments must come before the first number")
        if not c.is_investment:
            if c.value <= top:
                raise PositionError(f"{' '.join(map(str, cards))}: an expedition only goes up, and {c.value} follows {top}")
            top = c.value


def _pile_of(r: Rules, suit: str, cards: CardsLike) -> tuple[Card, ...]:
    parsed = parse_cards(cards)
    for c in parsed:
        if c.suit != suit:
            raise PositionError(f"{c} cannot lie on the {SUITS[suit].name} pile: a discard goes onto its own suit's pile")
    return parsed


__all__ = ["Deal", "Round", "Setup", "deal", "position", "shuffled_deck", "start_round", "suit_name"]
