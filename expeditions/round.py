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
from typing import Any

from .arguments import Seed, shown, side
from .arguments import seat as seat_of
from .arguments import seed as checked_seed
from .cards import SUITS, Card, Cards, parse_cards
from .engine import END_REASONS, Action, EndReason, Refusal, Table, judge, suit_name
from .errors import ArgumentError, CardError, IllegalMove, PositionError
from .moves import Move, Turn
from .observation import Observation
from .rules import Rules
from .rules import rules as get_rules
from .scoring import BoardScore, breakdown_of
from .start import Deal, Setup, Start, check_counts, check_known_cards, checked_table, in_laying_order
from .words import SideWords

CardsLike = str | Card | Iterable[str | Card]


def refusal_text(rules: Rules, table: Table, refusal: Refusal, move: Move) -> str:
    """The engine's refusal of ``move`` in words: what the rule forbids, with the facts of the position."""
    card = refusal.card
    match refusal.why:
        case "round-over":
            return f"the round is over ({END_REASONS[refusal.end]}); no more moves"
        case "not-in-deck":
            assert card is not None
            return rules.not_a_card(card)
        case "not-in-hand":
            seat = table.to_move
            held = " ".join(map(str, in_laying_order((table.spec.cards[c] for c in table.hands[seat]), rules)))
            return f"you do not hold {card}{' twice' if refusal.number else ''} (seat {seat} holds {held})"
        case "no-passing":
            return f"the {rules.name} rules have no passing; only the four-player partnership game has it"
        case "pass-hand-size":
            return f"you can pass only while holding at least {rules.pass_min_hand} cards; you hold {refusal.number}"
        case "passed-last-turn":
            return "you passed on your last turn, and you cannot pass on two of your turns in a row"
        case "investment-after-number":
            return (f"investments must come before the first number: {SideWords(rules).yours} {SUITS[refusal.suit].name} "
                    f"expedition already holds the {refusal.number}")
        case "not-ascending":
            assert card is not None
            return (f"the {card.value} cannot follow {SideWords(rules).yours} {refusal.number} in {SUITS[refusal.suit].name}: "
                    "an expedition only goes up, each number higher than the last")
        case "deck-empty":
            return "the deck is empty: play or discard a card without drawing"
        case "no-draw":
            return f"every turn is a play and a draw: say where you draw from, like '{move.kind} {card}, draw deck'"
        case "piles-closed":
            return "you draw only off the deck: in the solitaire a discarded card is out of the game"
        case "no-such-pile":
            return f"there is no {SUITS[refusal.suit].name} pile in the {rules.name} rules"
        case "own-discard":
            return f"you cannot draw the card you discarded this turn ({card})"
        case "pile-empty":
            return f"the {SUITS[refusal.suit].name} pile is empty: draw off the deck or from a pile that has cards"


_QUOTE_OF = {"round-over": "end", "no-passing": "pass", "not-in-deck": "deck"}


def illegal_move(rules: Rules, table: Table, refusal: Refusal, move: Move) -> IllegalMove:
    """The ``IllegalMove`` of a refusal: its words, the rule it breaks and the document's quote of that rule."""
    rule = refusal.rule
    quote = rules.quote(rule if rule in dict(rules.quotes) else _QUOTE_OF.get(rule, ""))
    return IllegalMove(refusal_text(rules, table, refusal, move), rule=rule, quote=quote)


class Round:
    """A round of Expeditions: an immutable position with its start and its moves.

    Seats are numbered from 0; ``side`` is the scoring side of a seat (the seat itself, or its team
    with partners: seats 0 and 2 are side 0). Cards in hands are listed by suit, then in laying
    order; piles bottom card first; the deck top card first.
    """

    __slots__ = ("__weakref__", "_history", "_legal", "_t", "moves", "rules", "start")

    def __init__(self, rules: Rules, start: Start, moves: tuple[Move, ...], table: Table,
                 history: tuple[Turn[Round], ...] | None = None) -> None:
        self.rules = rules
        self.start = start
        self.moves = moves
        self._t = table
        self._legal: list[Move] | None = None
        self._history = history

    # --- where things are -------------------------------------------------------------------
    def _cards(self, ids: Iterable[int]) -> Cards:
        return Cards(self._t.spec.cards[i] for i in ids)

    @property
    def to_move(self) -> int | None:
        """The seat whose turn it is, or ``None`` once the round is over."""
        return None if self._t.end else self._t.to_move

    def hand(self, seat: int) -> tuple[Card, ...]:
        return Cards(in_laying_order(self._cards(self._t.hands[self._seat(seat)]), self.rules))

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
    def end_reason(self) -> EndReason | None:
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

    # --- moves: the engine judges, the round puts its answer into words -------------------------
    def legal_moves(self) -> list[Move]:
        """Every legal move of the seat to move, in a fixed order (empty once the round is over)."""
        legal = self._legal
        if legal is None:
            legal = self._legal = self._t.legal_moves()
        return legal[:]

    def _judged(self, move: Move | str) -> tuple[Move, Action | Refusal]:
        """The move parsed, and the engine's verdict on it: its action, or why it is refused."""
        parsed = move if type(move) is Move else Move.parse(move)
        return parsed, judge(self._t, parsed)

    def check(self, move: Move | str) -> Move:
        """Return the move if it is legal here; otherwise raise ``IllegalMove`` saying why."""
        parsed, verdict = self._judged(move)
        if isinstance(verdict, Refusal):
            raise illegal_move(self.rules, self._t, verdict, parsed)
        return parsed

    def is_legal(self, move: Move | str) -> bool:
        return not isinstance(self._judged(move)[1], Refusal)

    def why_illegal(self, move: Move | str) -> str | None:
        """The reason a move is refused, in words, or ``None`` if it is legal."""
        parsed, verdict = self._judged(move)
        return str(illegal_move(self.rules, self._t, verdict, parsed)) if isinstance(verdict, Refusal) else None

    def play(self, move: Move | str) -> Round:
        """The round after ``move`` (a ``Move`` or its text); this round is unchanged. A move the
        rules forbid raises ``IllegalMove`` saying which rule forbids it."""
        parsed, verdict = self._judged(move)
        if isinstance(verdict, Refusal):
            raise illegal_move(self.rules, self._t, verdict, parsed)
        history = None if self._history is None else self._history + (self._turn(parsed),)
        return Round(self.rules, self.start, self.moves + (parsed,), self._t.after(verdict), history)

    def _turn(self, move: Move) -> Turn[Round]:
        return Turn(len(self.moves) + 1, self._t.to_move, move, self)

    def history(self) -> tuple[Turn[Round], ...]:
        """Every move of the round so far, oldest first, each with the seat that made it and the position it was
        made from (``Turn.before``). Worked out once, by replaying the moves from the start; a round played on
        from this one extends it."""
        if self._history is None:
            turns: list[Turn[Round]] = []
            position = start_round(self.rules, self.start)
            for move in self.moves:
                turns.append(position._turn(move))
                position = position.play(move)
            self._history = tuple(turns)
        return self._history

    def play_all(self, moves: Iterable[Move | str]) -> Round:
        """The round after ``moves``, one after the other; this round is unchanged. The first move the rules
        forbid raises ``IllegalMove`` as ``play`` does. The new round's list of moves is built once, so a long
        game replays in time that grows with its length, not with its square."""
        if isinstance(moves, str | Move) or not isinstance(moves, Iterable):
            raise ArgumentError(f"play_all takes a list of moves, got {shown(moves)}")
        table, played = self._t, list(self.moves)
        for move in moves:
            parsed = move if type(move) is Move else Move.parse(move)
            verdict = judge(table, parsed)
            if isinstance(verdict, Refusal):
                raise illegal_move(self.rules, table, verdict, parsed)
            table = table.after(verdict)
            played.append(parsed)
        return Round(self.rules, self.start, tuple(played), table)

    def undo(self, count: int = 1) -> Round:
        """The round as it was ``count`` moves ago (replayed from its start)."""
        if isinstance(count, bool) or not isinstance(count, int) or not 0 <= count <= len(self.moves):
            raise ArgumentError(f"cannot undo {shown(count)} moves: {len(self.moves)} have been played "
                                f"(undo takes a whole number from 0 to {len(self.moves)})")
        return start_round(self.rules, self.start).play_all(self.moves[: len(self.moves) - count])

    def observation(self, seat: int | None = None) -> Observation:
        """What ``seat`` (default: the seat to move) may know: see ``Observation``. The round reads it off its own
        table: the cards a seat drew off a pile (and, with partners, those passed to it) are known to everyone."""
        seat = self._t.to_move if seat is None else self._seat(seat)
        t, rules = self._t, self.rules
        partner = rules.partner_of(seat)

        def known_of(s: int) -> tuple[Card, ...]:
            if s == seat:
                return self.hand(s)
            ids = list(t.public[s])
            if partner == s:
                ids += list((Counter(t.via_pass[s]) - Counter(ids)).elements())
            return in_laying_order((t.spec.cards[i] for i in ids), rules)

        return Observation(
            rules=rules, seat=seat, to_move=self.to_move, turn=t.turns, hand=self.hand(seat),
            hand_sizes=tuple(len(h) for h in t.hands), known=tuple(known_of(s) for s in range(rules.players)),
            expeditions=tuple(tuple(self.expedition(side, s) for s in rules.suits) for side in range(rules.sides)),
            piles=tuple(self.piles[s] for s in rules.suits), deck_size=len(t.deck), removed=self.removed,
            set_aside_size=len(t.set_aside), stall=t.stall, passed=tuple(t.passed), scores=self.scores(),
            legal_moves=tuple(self.legal_moves()) if self.to_move == seat else ())

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
        return seat_of(seat, self.rules.players)

    def _side(self, number: int) -> int:
        return side(number, self.rules.sides)

    def _suit(self, suit: str) -> int:
        letter = suit.upper() if isinstance(suit, str) else suit
        if letter not in self.rules.suits:
            raise CardError(f"{shown(suit)} is not a suit of the {self.rules.name} rules: {' '.join(self.rules.suits)}")
        return self._t.spec.suit_index[letter]


# --- starting a round ---------------------------------------------------------------------------
def _rules_of(rules: Rules | str | None) -> Rules:
    return get_rules() if rules is None else get_rules(rules)


def shuffled_deck(rules: Rules, seed: Seed) -> tuple[Card, ...]:
    """The rule set's deck shuffled by Python's ``random.Random(seed)`` (top card first)."""
    deck = list(rules.deck)
    random.Random(checked_seed(seed)).shuffle(deck)
    return tuple(deck)


def deal(rules: Rules | str | None = None, seed: Seed = None, *,
         deck: CardsLike | None = None, starter: int = 0) -> Round:
    """Deal a round: from ``seed`` (a shuffle by ``random.Random(seed)``), or from ``deck``, an
    explicit deck order with its top card first. ``starter`` is the seat that moves first."""
    r = _rules_of(rules)
    if deck is None:
        order = shuffled_deck(r, seed)
    else:
        if seed is not None:
            raise ArgumentError("give a seed or a deck order, not both")
        order = tuple(parse_cards(deck))
    return start_round(r, Deal(order, starter))


def start_round(rules: Rules, start: Start) -> Round:
    """The round at its start (no moves played), once ``start.check_deal`` or ``check_setup`` accepts it."""
    return Round(rules, start, (), checked_table(rules, start))


def position(rules: Rules | str | None = None, *, hands: Sequence[CardsLike | None],
             expeditions: Sequence[Mapping[str, CardsLike] | CardsLike] = (), piles: Mapping[str, CardsLike] | None = None,
             deck: CardsLike | None = None, to_move: int = 0, removed: CardsLike | None = None,
             set_aside: CardsLike | None = None, turns: int = 0, stall: int = 0, passed: Sequence[bool] | None = None,
             seed: Seed = None) -> Round:
    """A hand-built position, for what-if analysis.

    ``hands`` gives every seat's hand; a hand given as ``None`` is dealt from the cards placed
    nowhere else. ``expeditions`` gives each side's expeditions, as ``{"H": "JH 4H 7H"}`` or as cards
    of any suits (laid in rising order); sides left out have none. ``piles`` maps a suit to its
    pile, bottom card first. ``deck`` is the deck, top card first; left out, it is every remaining
    card shuffled by ``seed``. In the solitaire, ``set_aside`` left out takes 24 of the remaining
    cards, and ``removed`` left out (with the deck given) takes the cards still placed nowhere: they
    were discarded. ``turns`` and ``stall`` are the round's counters, ``passed`` whether each seat
    passed on its previous turn (four players).

    Every card of the rule set must be somewhere, once, and the position must be one the rules can
    reach (``start.check_setup`` lists it all; anything else raises ``PositionError`` naming the
    problem). Hand sizes, worked out from the rules: with two or three players every hand holds
    ``hand_size`` cards at every moment, since a turn plays one card and draws one, and the round
    ends as the last card is drawn. In the solitaire the hand holds ``hand_size`` while the deck
    lasts, then 0 to ``hand_size`` as play goes on without drawing. With four players a pass moves 2
    cards from a hand of at least 6 to the partner, who can pass them back: partners hold 6 and 6,
    4 and 8, or 8 and 4 (``start.team_states`` also checks the ``passed`` flags). ``turns`` runs
    from 0 to the most a round can reach (``start.turn_limit``: 1,167 in ``expeditions``, 24 in the
    solitaire, without end where the rules let a round go on), ``stall`` from 0 to one less than
    the stall limit; removed cards only where discards leave the game, set-aside cards exactly as
    many as the rules set aside.
    """
    r = _rules_of(rules)
    if isinstance(hands, str | Mapping) or not isinstance(hands, Sequence):
        raise PositionError(f"hands is a list with one hand per seat (None for a hand dealt at random), got {shown(hands)}")
    if isinstance(expeditions, str | Mapping) or not isinstance(expeditions, Sequence):
        raise PositionError(f"expeditions is a list with one entry per side, like [{{'H': 'JH 4H'}}, {{}}], got {shown(expeditions)}")
    if piles is not None and not isinstance(piles, Mapping):
        raise PositionError(f"piles maps a suit letter to its pile, like {{'D': '3D 8D'}}, got {shown(piles)}")
    checked_seed(seed)
    where: list[tuple[str, Card]] = []
    given: list[tuple[Card, ...] | None] = []
    for seat, hand in enumerate(hands):
        cards = None if hand is None else tuple(parse_cards(hand))
        where += [(f"the hand of seat {seat}", c) for c in cards or ()]
        given.append(cards)
    sides = [_expedition_cards(r, number, e) for number, e in enumerate(expeditions)]
    where += [(f"side {number}'s expeditions", c) for number, exps in enumerate(sides) for cards in exps.values() for c in cards]
    by_suit = {_suit_key(r, key, "piles"): tuple(parse_cards(cards)) for key, cards in (piles or {}).items()}
    where += [(f"the {SUITS[suit].name} pile", c) for suit, cards in by_suit.items() for c in cards]
    gone = None if removed is None else tuple(parse_cards(removed))
    aside = None if set_aside is None else tuple(parse_cards(set_aside))
    order = None if deck is None else tuple(parse_cards(deck))
    for place, cards_or_none in (("the removed cards", gone), ("the set-aside cards", aside), ("the deck", order)):
        where += [(place, c) for c in cards_or_none or ()]
    check_known_cards(r, where)
    check_counts(r, [c for _, c in where], complete=False)
    rest = list((Counter(r.deck) - Counter(c for _, c in where)).elements())
    random.Random(seed).shuffle(rest)
    filled = []
    for hand_or_none in given:
        if hand_or_none is None:
            if len(rest) < r.hand_size:
                raise PositionError(f"only {len(rest)} cards are left to deal a hand of {r.hand_size}")
            hand_or_none, rest = tuple(rest[: r.hand_size]), rest[r.hand_size:]
        filled.append(in_laying_order(hand_or_none, r))
    if aside is None:  # the solitaire sets cards aside unseen; the other rule sets none
        aside, rest = tuple(rest[: r.set_aside]), rest[r.set_aside:]
    if gone is None:
        gone = ()
        if r.discards_leave_game and order is not None:  # the solitaire: what is nowhere else was discarded
            gone, rest = tuple(in_laying_order(rest, r)), []
    if order is None:
        order = tuple(rest)
    empty: dict[str, tuple[Card, ...]] = {}
    laid = tuple(tuple(exps.get(s, ()) for s in r.suits) for exps in sides + [empty] * (r.sides - len(sides)))
    flags = () if passed is None else _flags(passed)
    # a card still placed nowhere (the deck was given) is named by the check
    setup = Setup(tuple(filled), laid, tuple(by_suit.get(s, ()) for s in r.suits), order, to_move, gone, aside, turns,
                  stall, flags)
    return start_round(r, setup)


def _suit_key(r: Rules, key: Any, what: str) -> str:
    letter = key.upper() if isinstance(key, str) else key
    if letter not in r.suits:
        raise PositionError(f"{shown(key)} is not a suit of the {r.name} rules: {what} are keyed by {' '.join(r.suits)}")
    return str(letter)


def _flags(passed: Any) -> tuple[bool, ...]:
    if isinstance(passed, str) or not isinstance(passed, Sequence) or not all(isinstance(p, bool) for p in passed):
        raise PositionError(f"passed is one flag (True or False) per seat, got {shown(passed)}")
    return tuple(passed)


def _expedition_cards(r: Rules, number: int, given: Any) -> dict[str, tuple[Card, ...]]:
    """One side's expeditions by suit letter: from ``{"H": "JH 4H"}`` (as laid) or from cards of any suits
    (laid in rising order)."""
    if isinstance(given, Mapping):
        return {_suit_key(r, key, f"side {number}'s expeditions"): tuple(parse_cards(cards)) for key, cards in given.items()}
    cards = tuple(parse_cards(given))
    check_known_cards(r, [(f"side {number}'s expeditions", c) for c in cards])
    ordered = in_laying_order(cards, r)
    return {s: tuple(c for c in ordered if c.suit == s) for s in r.suits}


__all__ = ["Deal", "Round", "Setup", "deal", "position", "shuffled_deck", "start_round", "suit_name"]
