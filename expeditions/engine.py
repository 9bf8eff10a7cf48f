"""The rules engine on integers: the one place where the rules of play are decided.

A rule set is compiled into a ``Spec`` (cards numbered 0..n-1, per-card suit, value and
the bit mask of the cards a play closes). A ``Table`` is a mutable position on those
integers, fast enough for bots and simulations to play thousands of rounds; the public,
immutable ``Round`` wraps it and never mutates one it has handed out.

Actions are tuples ``(kind, x, y)``: ``(PLAY, card, source)`` and ``(DISCARD, card,
source)`` where source is ``DECK``, ``NO_DRAW`` or a suit index (that suit's discard
pile), and ``(PASS, card, card)``. Identical cards (the second 2, 3 and 4 of the
four-player deck) share one number, so hands, piles and the deck are multisets.

The rules of play are each written once, here: laying (``fits``; the masks of the cards each
side may still lay derive from it), drawing (``draw_rule``) and passing (``Table.pass_refusal``).
``judge`` gives the verdict on a move, the action to apply or a ``Refusal`` naming the rule it
breaks with the facts a message needs; ``Table.legal()`` lists the legal actions from the same
rules. ``Round`` only puts a refusal into words. ``table_of`` lays out a table from cards (hand-built
starts, sampled positions, a bot's sight), ``deal_table`` from a deck order.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, replace
from functools import lru_cache
from itertools import combinations
from typing import Literal, TypeVar, cast

from .cards import SUITS, Card
from .errors import CardError
from .moves import Draw, Move
from .rules import Rules
from .scoring import expedition_points

PLAY, DISCARD, PASS = 0, 1, 2
DECK, NO_DRAW = -1, -2
NO_SUCH_PILE = -3
"""The source of a move that names the pile of a suit the rule set does not have (always refused)."""
Action = tuple[int, int, int]
T = TypeVar("T")

EndReason = Literal["deck", "stall", "hand-empty", "turn-cap"]
"""Why a round ended: the last card was drawn off the deck, the stall rule, an empty hand (the
solitaire), or the turn cap of a simulation."""
Ending = Literal["", "deck", "stall", "hand-empty", "turn-cap"]
"""A table's end: ``""`` while the round is being played, else its ``EndReason``."""

END_REASONS: dict[str, str] = {
    "deck": "the last card was drawn off the deck",
    "stall": "too many turns in a row only discarded and drew off a discard pile",
    "hand-empty": "the hand is empty",
    "turn-cap": "the turn cap was reached",
}
"""Each ``EndReason`` in words."""

Why = Literal[
    "round-over", "not-in-deck", "not-in-hand", "no-passing", "pass-hand-size", "passed-last-turn",
    "investment-after-number", "not-ascending", "deck-empty", "no-draw", "piles-closed", "no-such-pile",
    "own-discard", "pile-empty",
]
"""Why the engine refuses a move, one reason for each way a move can break a rule."""

RULE_OF: dict[Why, str] = {
    "round-over": "round-over", "not-in-deck": "not-in-deck", "not-in-hand": "not-in-hand", "no-passing": "no-passing",
    "pass-hand-size": "pass", "passed-last-turn": "pass", "investment-after-number": "investments",
    "not-ascending": "ascending", "deck-empty": "solo", "no-draw": "turn", "piles-closed": "solo",
    "no-such-pile": "draw", "own-discard": "draw", "pile-empty": "draw",
}
"""The rule (the key of ``IllegalMove.rule`` and of the rule set's quotes) each reason breaks."""


def fits(card: Card, laid: Iterable[Card]) -> bool:
    """The laying rule: whether ``card`` may go on an expedition of its suit that holds ``laid``.

    "An expedition only goes up. Each number must be higher than the highest number already in
    it." "You can put up to 3 investment cards on an expedition before its first number. Once it
    holds a number, it takes no more investments." (document 001; the other documents agree.)
    """
    top = top_number(laid)
    return top == 0 if card.is_investment else card.value > top


def top_number(laid: Iterable[Card]) -> int:
    """The highest number of an expedition that holds ``laid`` (0 while it holds none)."""
    return max((c.value for c in laid if not c.is_investment), default=0)


@dataclass(frozen=True)
class Refusal:
    """The engine's answer to a move it refuses: the reason (``why``, which names the ``rule`` it
    breaks) and the facts a message needs: the ``card`` concerned, the ``suit`` letter of the pile
    or expedition concerned, a ``number`` (the expedition's highest number for a card that does not
    fit, the cards held for a pass, the copies held of a card not held) and the round's ``end``."""

    why: Why
    card: Card | None = None
    suit: str = ""
    number: int = 0
    end: str = ""

    @property
    def rule(self) -> str:
        return RULE_OF[self.why]


def draw_rule(spec: Spec, deck_left: bool, piles: int, source: int, discarded: int = -1) -> Why | None:
    """The drawing rule: why a turn may not draw from ``source`` (``DECK``, ``NO_DRAW``, a suit's pile
    or ``NO_SUCH_PILE``) after a play (``discarded`` -1) or after discarding a card of suit
    ``discarded``, while the deck holds cards (``deck_left``) and the piles of the suits whose bits
    are set in ``piles`` hold cards; ``None`` when it may.

    "Draw off the deck, or the top card of any discard pile. You can't draw the card you discarded
    this turn." (document 001). Every turn draws while the deck lasts; in the solitaire discards
    leave the game (there are no piles to draw from) and, once the deck is empty, play goes on
    without drawing."""
    if not deck_left:
        return None if source == NO_DRAW else "deck-empty"
    if source == NO_DRAW:
        return "no-draw"
    if source == DECK:
        return None
    if not spec.draw_from_piles:
        return "piles-closed"
    if source == NO_SUCH_PILE:
        return "no-such-pile"
    if source == discarded:
        return "own-discard"
    if not piles >> source & 1:
        return "pile-empty"
    return None


class Spec:
    """A rule set compiled to integers, with the moves of its actions (each built once)."""

    def __init__(self, rules: Rules) -> None:
        self.rules = rules
        self.cards: list[Card] = list(dict.fromkeys(rules.deck))
        self.index: dict[Card, int] = {c: i for i, c in enumerate(self.cards)}
        self.deck_ids: list[int] = [self.index[c] for c in rules.deck]
        self.sorted_deck_ids = sorted(self.deck_ids)
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
        self.draw_from_piles = rules.draw_from_piles
        self.pile_names = [cast(Draw, s) for s in rules.suits]
        self._moves: dict[Action, Move] = {}
        self._actions: dict[Move, Action] = {}
        self._sources: dict[tuple[bool, int, int], tuple[int, ...]] = {}
        # [kind][card] -> {piles: the legal actions (or moves) of that card}: see ``actions_by_card``
        self._action_lists: list[list[dict[int, list[Action]]]] = [[{} for _ in self.cards] for _ in (PLAY, DISCARD)]
        self._move_lists: list[list[dict[int, list[Move]]]] = [[{} for _ in self.cards] for _ in (PLAY, DISCARD)]

    def move_for(self, action: Action) -> Move:
        """The move of an action (the same ``Move`` object every time)."""
        move = self._moves.get(action)
        if move is None:
            kind, x, y = action
            if kind == PASS:
                move = Move("pass", (self.cards[x], self.cards[y]))
            else:
                draw: Draw | None = "deck" if y == DECK else None if y == NO_DRAW else self.pile_names[y]
                move = Move("play" if kind == PLAY else "discard", (self.cards[x],), draw)
            self._moves[action] = move
        return move

    def action_for(self, move: Move) -> Action | None:
        """The action of a move, or ``None`` when a card of it is not in this rule set's deck. A draw
        from the pile of a suit the rule set does not have becomes the source ``NO_SUCH_PILE``."""
        action = self._actions.get(move)
        if action is None:
            ids = [self.index.get(c) for c in move.cards]
            if None in ids:
                return None
            x, y = cast(list[int], ids) + [0] * (2 - len(ids))
            if move.kind == "pass":
                action = (PASS, min(x, y), max(x, y))
            else:
                draw = move.draw
                source = DECK if draw == "deck" else NO_DRAW if draw is None else self.suit_index.get(draw, NO_SUCH_PILE)
                action = (PLAY if move.kind == "play" else DISCARD, x, source)
            self._actions[move] = action
        return action

    def sources(self, deck_left: bool, piles: int, discarded: int = -1) -> tuple[int, ...]:
        """Every source ``draw_rule`` allows in that situation, the deck first, then the piles by suit."""
        key = (deck_left, piles, discarded)
        found = self._sources.get(key)
        if found is None:
            candidates = (NO_DRAW, DECK, *range(self.n_suits))
            found = self._sources[key] = tuple(s for s in candidates if draw_rule(self, deck_left, piles, s, discarded) is None)
        return found

    def actions_by_card(self, kind: int, card: int, piles: int) -> list[Action]:
        """The ``kind`` (``PLAY`` or ``DISCARD``) actions of ``card`` with each draw ``draw_rule`` allows,
        where ``piles`` is the mask of the piles holding cards (-1 once the deck is empty). Whether the
        card is in hand and, to be played, fits, is the caller's question."""
        found = self._action_lists[kind][card].get(piles)
        if found is None:
            sources = self.sources(piles >= 0, max(piles, 0), self.suit_of[card] if kind == DISCARD else -1)
            found = self._action_lists[kind][card][piles] = [(kind, card, s) for s in sources]
        return found

    def moves_by_card(self, kind: int, card: int, piles: int) -> list[Move]:
        """``actions_by_card`` as moves."""
        found = self._move_lists[kind][card].get(piles)
        if found is None:
            found = self._move_lists[kind][card][piles] = [self.move_for(a) for a in self.actions_by_card(kind, card, piles)]
        return found


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
        self.end: Ending = ""

    def clone(self) -> Table:
        """A copy of its own: changing one table never changes the other."""
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

    def after(self, action: Action) -> Table:
        """The table after ``action`` (which must be legal), leaving this one as it was.

        Only the lists the action changes are copied; the new table shares every other list with this
        one, so neither may be changed in place afterwards (rounds never change a table once made;
        ``clone`` gives a table of one's own). The lists copied here are those ``turn`` and
        ``pass_to_partner`` change: keep the two in step."""
        t = Table.__new__(Table)
        spec = self.spec
        seat = self.to_move
        kind, x, y = action
        t.spec = spec
        t.hands = self.hands[:]
        t.hands[seat] = self.hands[seat][:]
        t.public, t.via_pass, t.passed = self.public, self.via_pass, self.passed
        if self.public[seat] or y >= 0:
            t.public = self.public[:]
            t.public[seat] = self.public[seat][:]
        if self.via_pass[seat] or kind == PASS:
            t.via_pass = self.via_pass[:]
            t.via_pass[seat] = self.via_pass[seat][:]
        if self.passed[seat] or kind == PASS:
            t.passed = self.passed[:]
        t.expeditions, t.open, t.piles = self.expeditions, self.open, self.piles
        t.deck, t.removed, t.set_aside = self.deck, self.removed, self.set_aside
        t.to_move, t.turns, t.stall, t.end = seat, self.turns, self.stall, self.end
        t.pile_draws, t.passes = self.pile_draws, self.passes
        if kind == PASS:
            partner = spec.partner_of[seat]
            assert partner is not None
            t.hands[partner] = self.hands[partner][:]
            t.via_pass[partner] = self.via_pass[partner][:]
            t.pass_to_partner(x, y)
            return t
        suit = spec.suit_of[x]
        if kind == PLAY:
            side = spec.side_of[seat]
            t.expeditions = self.expeditions[:]
            t.expeditions[side] = self.expeditions[side][:]
            t.expeditions[side][suit] = self.expeditions[side][suit][:]
            t.open = self.open[:]
        elif spec.rules.discards_leave_game:
            t.removed = self.removed[:]
        else:
            t.piles = self.piles[:]
            t.piles[suit] = self.piles[suit][:]
        if y == DECK:
            t.deck = self.deck[:]
        elif y >= 0:
            if t.piles is self.piles:
                t.piles = self.piles[:]
            t.piles[y] = self.piles[y][:]
        t.turn(kind, x, y)
        return t

    # --- applying actions (no checks: see ``judge``, ``refusal`` and ``legal``) --------------------
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
        if self.passed[seat]:
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

    # --- what is legal: the rules of play, each written once ------------------------------------
    # Laying: ``open`` holds the cards each side may still lay, derived from ``fits`` (see ``Spec.closes``).
    # Drawing: ``draw_rule``. Passing: ``pass_refusal``.
    def pile_mask(self) -> int:
        """Bit ``s`` set for each suit ``s`` whose discard pile holds a card."""
        mask = 0
        for s, pile in enumerate(self.piles):
            if pile:
                mask |= 1 << s
        return mask

    def draw_refusal(self, source: int, discarded: int = -1) -> Why | None:
        """``draw_rule`` in this position: why the seat to move may not draw from ``source`` after a
        play (``discarded`` -1) or after discarding a card of suit ``discarded``; ``None`` when it may."""
        pile = 1 << source if 0 <= source < len(self.piles) and self.piles[source] else 0  # the one pile it asks about
        return draw_rule(self.spec, bool(self.deck), pile, source, discarded)

    def pass_refusal(self) -> Why | None:
        """The passing rule: why the seat to move may not pass to its partner now; ``None`` when it may.

        "Instead of playing and drawing, you can spend your turn handing 2 cards face down to your
        partner, if you hold at least 6 cards. You can't do this on two of your turns in a row."
        (document 001)."""
        rules = self.spec.rules
        if not rules.pass_cards:
            return "no-passing"
        seat = self.to_move
        if len(self.hands[seat]) < max(rules.pass_min_hand, rules.pass_cards):
            return "pass-hand-size"
        if self.passed[seat] and not rules.pass_twice_in_a_row:
            return "passed-last-turn"
        return None

    def may_pass(self) -> bool:
        return self.pass_refusal() is None

    def refusal(self, action: Action) -> Refusal | None:
        """Why the seat to move may not take ``action``, or ``None`` when it may (the round must not be over)."""
        spec = self.spec
        seat = self.to_move
        hand = self.hands[seat]
        kind, x, y = action
        if kind == PASS:
            for given in (x, y):
                held = hand.count(given)
                if held < (2 if x == y else 1):
                    return Refusal("not-in-hand", card=spec.cards[given], number=held)
            why = self.pass_refusal()
            return None if why is None else Refusal(why, number=len(hand))
        card = spec.cards[x]
        if x not in hand:
            return Refusal("not-in-hand", card=card)
        suit = spec.suit_of[x]
        if kind == PLAY:
            side = spec.side_of[seat]
            if not self.open[side] >> x & 1:
                return Refusal("investment-after-number" if spec.is_investment[x] else "not-ascending", card=card,
                               suit=card.suit, number=top_number(spec.cards[c] for c in self.expeditions[side][suit]))
        why = self.draw_refusal(y, suit if kind == DISCARD else -1)
        if why is None:
            return None
        return Refusal(why, card=card, suit=spec.pile_names[y] if y >= 0 else "")

    def legal(self) -> list[Action]:
        """Every legal action of the seat to move, in a fixed order; identical cards give one action."""
        spec = self.spec
        return self._legal(spec._action_lists, spec.actions_by_card, self._pass_actions)

    def legal_moves(self) -> list[Move]:
        """``legal()`` as moves (each move the same object every time: ``Spec.move_for``)."""
        spec = self.spec
        return self._legal(spec._move_lists, spec.moves_by_card, self._pass_moves)

    def _legal(self, lists: list[list[dict[int, list[T]]]], by_card: Callable[[int, int, int], list[T]],
               passes: Callable[[], list[T]]) -> list[T]:
        # The one list of what is legal: for each card in hand its play (when it fits) and its discard,
        # each with every draw the drawing rule allows (``Spec.actions_by_card``, looked up in ``lists``
        # first), then the passes.
        if self.end:
            return []
        seat = self.to_move
        lay = self.open[self.spec.side_of[seat]]
        piles = -1 if not self.deck else self.pile_mask()  # -1: the deck is empty
        plays, discards = lists
        out: list[T] = []
        for card in sorted(set(self.hands[seat])):
            if lay >> card & 1:
                out += plays[card].get(piles) or by_card(PLAY, card, piles)
            out += discards[card].get(piles) or by_card(DISCARD, card, piles)
        if self.spec.rules.pass_cards and self.may_pass():
            out += passes()
        return out

    def _pass_actions(self) -> list[Action]:
        return sorted({(PASS, *sorted(pair)) for pair in combinations(self.hands[self.to_move], 2)})  # type: ignore[misc]

    def _pass_moves(self) -> list[Move]:
        return [self.spec.move_for(a) for a in self._pass_actions()]

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


def judge(table: Table, move: Move) -> Action | Refusal:
    """The engine's verdict on ``move`` in ``table``: the action to apply when the rules allow it,
    otherwise the ``Refusal`` that says which rule forbids it."""
    if table.end:
        return Refusal("round-over", end=table.end)
    spec = table.spec
    action = spec.action_for(move)
    if action is None:
        return Refusal("not-in-deck", card=next(c for c in move.cards if c not in spec.index))
    refusal = table.refusal(action)
    if refusal is None:
        return action
    if refusal.why == "no-such-pile":
        return replace(refusal, suit=move.draw or "")
    return refusal


def action_of(spec: Spec, move: Move) -> Action:
    """The engine action of a move (its cards must be in the rule set)."""
    action = spec.action_for(move)
    if action is None:
        raise CardError(spec.rules.not_a_card(next(c for c in move.cards if c not in spec.index)))
    return action


def move_of(spec: Spec, action: Action) -> Move:
    """The move of an engine action."""
    return spec.move_for(action)


def table_of(spec: Spec, *, hands: Sequence[Sequence[Card]], expeditions: Sequence[Sequence[Sequence[Card]]] = (),
             piles: Sequence[Sequence[Card]] = (), deck: Sequence[Card] = (), removed: Sequence[Card] = (),
             set_aside: Sequence[Card] = (), to_move: int = 0, turns: int = 0, stall: int = 0,
             passed: Sequence[bool] = (), known: Sequence[Sequence[Card]] = (), end: Ending | None = None) -> Table:
    """The one way to lay out a table from cards (``deal_table`` deals one from a deck order).

    ``hands`` per seat; ``expeditions`` per side, then per suit of the rule set, in laying order;
    ``piles`` per suit, bottom card first; ``deck`` top card first; ``known`` per seat, the cards of
    its hand the others saw it take (off a pile). Missing sides, piles and flags are empty. The
    cards must be of the rule set; whether the position can occur is ``start.check_setup``'s
    question, not this one's. The round is over (``end``, unless given) when the deck is empty
    (except in the solitaire, which plays on) or when the seat to move holds no card."""
    ids = spec.index
    t = Table(spec)
    t.hands = [[ids[c] for c in h] for h in hands]
    for side, exps in enumerate(expeditions):
        for suit, exp in enumerate(exps):
            laid = t.expeditions[side][suit] = [ids[c] for c in exp]
            for c in laid:
                t.open[side] &= ~spec.closes[c]
    for suit, pile in enumerate(piles):
        t.piles[suit] = [ids[c] for c in pile]
    t.deck = [ids[c] for c in reversed(deck)]
    t.removed = [ids[c] for c in removed]
    t.set_aside = [ids[c] for c in set_aside]
    for seat, cards in enumerate(known):
        t.public[seat] = [ids[c] for c in cards]
    t.to_move, t.turns, t.stall = to_move, turns, stall
    if passed:
        t.passed = list(passed)
    if end is not None:
        t.end = end
    elif not t.deck and not spec.rules.play_on_after_deck:
        t.end = "deck"
    elif not t.hands[to_move]:
        t.end = "hand-empty"
    return t


SET_ASIDE = -1
"""``dealt_to``'s mark of a card put aside unseen (the solitaire)."""


@lru_cache(maxsize=256)
def dealt_to(rules: Rules, starter: int) -> tuple[int, ...]:
    """Where the first cards of a dealt deck (top card first) go: the seat each is dealt to, or ``SET_ASIDE``. The top
    ``set_aside`` cards are put aside first, then the hands are dealt one card at a time from ``starter``; the cards
    after these are the deck."""
    hands = tuple((starter + i) % rules.players for i in range(rules.hand_size * rules.players))
    return (SET_ASIDE,) * rules.set_aside + hands


def deal_table(spec: Spec, deck: list[int], starter: int) -> Table:
    """Lay out a round from a deck order (top card first), dealt as ``dealt_to`` says."""
    rules = spec.rules
    t = Table(spec)
    places = dealt_to(rules, starter)
    t.set_aside = deck[: rules.set_aside]
    for position in range(rules.set_aside, len(places)):
        t.hands[places[position]].append(deck[position])
    t.deck = deck[len(places):][::-1]
    t.to_move = starter
    if not t.deck and not rules.play_on_after_deck:
        t.end = "deck"
    return t


def suit_name(spec: Spec, suit: int) -> str:
    return SUITS[spec.rules.suits[suit]].name
