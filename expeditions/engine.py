"""The rules engine on integers: the one place where the rules of play are decided.

A rule set is compiled into a ``Spec`` (cards numbered 0..n-1, per-card suit, value and
the bit mask of the cards a play closes). A ``Table`` is a mutable position on those
integers, fast enough for bots and simulations to play thousands of rounds; the public,
immutable ``Round`` wraps it and never mutates one it has handed out.

Actions are tuples ``(kind, x, y)``: ``(PLAY, card, source)`` and ``(DISCARD, card,
source)`` where source is ``DECK``, ``NO_DRAW`` or a suit index (that suit's discard
pile), and ``(PASS, card, card)``. Identical cards (the second 2, 3 and 4 of the
four-player deck) share one number, so hands, piles and the deck are multisets.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import lru_cache
from itertools import combinations

from .cards import SUITS, Card
from .moves import Move
from .rules import Rules
from .scoring import expedition_points

PLAY, DISCARD, PASS = 0, 1, 2
DECK, NO_DRAW = -1, -2
Action = tuple[int, int, int]

END_REASONS = {
    "deck": "the last card was drawn off the deck",
    "stall": "too many turns in a row only discarded and drew off a discard pile",
    "hand-empty": "the hand is empty",
    "turn-cap": "the turn cap was reached",
}


def fits(card: Card, laid: Iterable[Card]) -> bool:
    """The laying rule: whether ``card`` may go on an expedition of its suit that holds ``laid``.

    "An expedition only goes up. Each number must be higher than the highest number already in
    it." "You can put up to 3 investment cards on an expedition before its first number. Once it
    holds a number, it takes no more investments." (document 001; the other documents agree.)
    """
    top = max((c.value for c in laid if not c.is_investment), default=0)
    return top == 0 if card.is_investment else card.value > top


class Spec:
    """A rule set compiled to integers."""

    def __init__(self, rules: Rules) -> None:
        self.rules = rules
        self.cards: list[Card] = list(dict.fromkeys(rules.deck))
        self.index: dict[Card, int] = {c: i for i, c in enumerate(self.cards)}
        self.deck_ids: list[int] = [self.index[c] for c in rules.deck]
        self.n_suits = len(rules.suits)
        self.suit_index = {s: i for i, s in enumerate(rules.suits)}
        self.suit_of = [self.suit_index[c.suit] for c in self.cards]
        self.value_of = [c.value for c in self.cards]
        self.is_investment = [c.is_investment for c in self.cards]
        # The cards of its suit that no longer fit once a card is laid (a number closes every card not
        # higher, investments included; an investment closes nothing).
        self.closes = [
            sum(1 << j for j, d in enumerate(self.cards) if d.suit == c.suit and not fits(d, (c,))) for c in self.cards
        ]
        self.all_cards = (1 << len(self.cards)) - 1
        self.players = rules.players
        self.sides = rules.sides
        self.side_of = [rules.side_of(p) for p in range(rules.players)]
        self.partner_of = [rules.partner_of(p) for p in range(rules.players)]
        self.stall_limit = rules.stall_limit
        self.turn_cap = rules.turn_cap


@lru_cache(maxsize=64)
def spec_for(rules: Rules) -> Spec:
    return Spec(rules)


class Table:
    """A mutable position on integers. ``deck`` keeps its top card last."""

    __slots__ = (
        "deck",
        "end",
        "expeditions",
        "hands",
        "open",
        "passed",
        "passes",
        "pile_draws",
        "piles",
        "public",
        "removed",
        "set_aside",
        "spec",
        "stall",
        "to_move",
        "turns",
        "via_pass",
    )

    def __init__(self, spec: Spec) -> None:
        n, sides, suits = spec.players, spec.sides, spec.n_suits
        self.spec = spec
        self.hands: list[list[int]] = [[] for _ in range(n)]
        self.expeditions: list[list[list[int]]] = [[[] for _ in range(suits)] for _ in range(sides)]
        self.open: list[int] = [spec.all_cards] * sides  # cards each side may still lay
        self.piles: list[list[int]] = [[] for _ in range(suits)]
        self.deck: list[int] = []
        self.removed: list[int] = []  # discards that left the game (solitaire)
        self.set_aside: list[int] = []
        self.to_move = 0
        self.turns = 0
        self.stall = 0  # turns in a row that discarded and drew off a pile
        self.passed: list[bool] = [False] * n  # passed on their own previous turn
        self.pile_draws = 0
        self.passes = 0
        self.public: list[list[int]] = [[] for _ in range(n)]  # drawn off a pile, still in hand
        self.via_pass: list[list[int]] = [[] for _ in range(n)]  # received from the partner, still in hand
        self.end = ""

    def clone(self) -> Table:
        t = Table.__new__(Table)
        t.spec = self.spec
        t.hands = [h[:] for h in self.hands]
        t.expeditions = [[e[:] for e in side] for side in self.expeditions]
        t.open = self.open[:]
        t.piles = [p[:] for p in self.piles]
        t.deck = self.deck[:]
        t.removed = self.removed[:]
        t.set_aside = self.set_aside[:]
        t.to_move, t.turns, t.stall, t.end = self.to_move, self.turns, self.stall, self.end
        t.passed = self.passed[:]
        t.pile_draws, t.passes = self.pile_draws, self.passes
        t.public = [k[:] for k in self.public]
        t.via_pass = [k[:] for k in self.via_pass]
        return t

    # --- applying actions (no checks: see ``problem`` and ``legal``) ----------------------------
    def _forget(self, seat: int, card: int) -> None:
        if card in self.public[seat]:
            self.public[seat].remove(card)
        if card in self.via_pass[seat]:
            self.via_pass[seat].remove(card)

    def turn(self, kind: int, card: int, source: int) -> None:
        """Play or discard ``card`` from the hand of the seat to move, then draw from ``source``."""
        spec = self.spec
        seat = self.to_move
        hand = self.hands[seat]
        hand.remove(card)
        if self.public[seat] or self.via_pass[seat]:
            self._forget(seat, card)
        suit = spec.suit_of[card]
        if kind == DISCARD:
            (self.removed if spec.rules.discards_leave_game else self.piles[suit]).append(card)
        else:
            side = spec.side_of[seat]
            self.expeditions[side][suit].append(card)
            self.open[side] &= ~spec.closes[card]
        if source == DECK:
            hand.append(self.deck.pop())
            self.stall = 0
        elif source >= 0:
            drawn = self.piles[source].pop()
            hand.append(drawn)
            self.public[seat].append(drawn)
            self.pile_draws += 1
            self.stall = self.stall + 1 if kind == DISCARD else 0
        else:
            self.stall = 0
        self.passed[seat] = False
        self.turns += 1
        if source == DECK and not self.deck and not spec.rules.play_on_after_deck:
            self.end = "deck"
        elif not hand:
            self.end = "hand-empty"
        elif spec.stall_limit and self.stall >= spec.stall_limit:
            self.end = "stall"
        elif spec.turn_cap and self.turns >= spec.turn_cap:
            self.end = "turn-cap"
        self.to_move = seat + 1 if seat + 1 < spec.players else 0

    def pass_to_partner(self, a: int, b: int) -> None:
        """Hand cards ``a`` and ``b`` face down to the partner: the whole turn."""
        spec = self.spec
        seat = self.to_move
        partner = spec.partner_of[seat]
        assert partner is not None
        for card in (a, b):
            self.hands[seat].remove(card)
            self._forget(seat, card)
            self.hands[partner].append(card)
            self.via_pass[partner].append(card)
        self.passed[seat] = True
        self.passes += 1
        self.stall = 0
        self.turns += 1
        if spec.turn_cap and self.turns >= spec.turn_cap:
            self.end = "turn-cap"
        self.to_move = (seat + 1) % spec.players

    def apply(self, action: Action) -> None:
        kind, x, y = action
        if kind == PASS:
            self.pass_to_partner(x, y)
        else:
            self.turn(kind, x, y)

    # --- what is legal ------------------------------------------------------------------------
    def sources(self, discarded_suit: int = -1) -> list[int]:
        """Where the seat to move may draw from after discarding into ``discarded_suit`` (-1: after a play)."""
        if not self.deck:
            return [NO_DRAW]
        out = [DECK]
        if self.spec.rules.draw_from_piles:
            out += [s for s, pile in enumerate(self.piles) if pile and s != discarded_suit]
        return out

    def may_pass(self) -> bool:
        rules = self.spec.rules
        seat = self.to_move
        return bool(
            rules.pass_cards
            and len(self.hands[seat]) >= max(rules.pass_min_hand, rules.pass_cards)
            and (rules.pass_twice_in_a_row or not self.passed[seat])
        )

    def legal(self) -> list[Action]:
        """Every legal action of the seat to move, in a fixed order; identical cards give one action."""
        if self.end:
            return []
        spec = self.spec
        seat = self.to_move
        hand = self.hands[seat]
        lay = self.open[spec.side_of[seat]]
        after_play = self.sources()
        out: list[Action] = []
        for card in sorted(set(hand)):
            if lay >> card & 1:
                out += [(PLAY, card, s) for s in after_play]
            out += [(DISCARD, card, s) for s in self.sources(spec.suit_of[card])]
        if self.may_pass():
            out += sorted({(PASS, *sorted(pair)) for pair in combinations(hand, 2)})  # type: ignore[misc]
        return out

    # --- scores ------------------------------------------------------------------------------
    def expedition_score(self, side: int, suit: int) -> int:
        cards = self.expeditions[side][suit]
        if not cards:
            return 0
        spec = self.spec
        numbers = sum(spec.value_of[c] for c in cards)
        investments = sum(spec.is_investment[c] for c in cards)
        return expedition_points(numbers, investments, len(cards), spec.rules)

    def scores(self) -> list[int]:
        return [sum(self.expedition_score(side, s) for s in range(self.spec.n_suits)) for side in range(self.spec.sides)]

    def highest_number(self, side: int, suit: int) -> int:
        """The highest number laid on that expedition (0 when it holds none)."""
        return max((self.spec.value_of[c] for c in self.expeditions[side][suit]), default=0)


def action_of(spec: Spec, move: Move) -> Action:
    """The engine action of a move (the move's cards must be in the rule set)."""
    ids = [spec.index[c] for c in move.cards]
    if move.kind == "pass":
        return (PASS, *sorted(ids))  # type: ignore[return-value]
    source = DECK if move.draw == "deck" else NO_DRAW if move.draw is None else spec.suit_index[move.draw]
    return (PLAY if move.kind == "play" else DISCARD, ids[0], source)


def move_of(spec: Spec, action: Action) -> Move:
    """The move of an engine action."""
    kind, x, y = action
    if kind == PASS:
        return Move("pass", (spec.cards[x], spec.cards[y]))
    draw = "deck" if y == DECK else None if y == NO_DRAW else spec.rules.suits[y]
    return Move("play" if kind == PLAY else "discard", (spec.cards[x],), draw)


def deal_table(spec: Spec, deck: list[int], starter: int) -> Table:
    """Lay out a round from a deck order (top card first): set aside, then deal one card at a time from the starter."""
    rules = spec.rules
    t = Table(spec)
    t.set_aside = deck[: rules.set_aside]
    pos = rules.set_aside
    for i in range(rules.hand_size * rules.players):
        t.hands[(starter + i) % rules.players].append(deck[pos + i])
    t.deck = deck[pos + rules.hand_size * rules.players :][::-1]
    t.to_move = starter
    return t


def suit_name(spec: Spec, suit: int) -> str:
    return SUITS[spec.rules.suits[suit]].name
