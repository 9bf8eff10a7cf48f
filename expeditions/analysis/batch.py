"""The batch simulator: many rounds advanced at once with numpy, for two fixed policies.

It plays two-player rounds of a rule set whose deck has at most 63 different cards, no card
twice and nothing set aside (``expeditions``, ``expeditionen``, ``expeditionen-aces``,
``expeditionen-short``, ``lost-cities``), every seat following the same policy:

- ``"playable"``: play a random playable card, else discard a random card; always draw off the
  deck. The seats never meet (nothing is drawn off a pile), and each seat plays exactly half the
  deck left after the deal;
- ``"uniform"``: uniform over the legal moves, draws off the discard piles included; the round
  ends by the deck, by the stall rule, or after 2,000 turns (``turn_cap`` of the rules if set), as
  ``expeditions.bots.playout`` does.

What a random choice picks among matters, and the two readings give measurably different
scores: with ``by="card"`` every card in hand is a choice of its own, so holding two investments
of a suit makes laying an investment twice as likely (this is what the engine's policies do:
``playable_policy`` and ``uniform_policy``); with ``by="move"`` the investments of a suit are one
move ("lay a hearts investment"), so every distinct move is equally likely.

The hot loop works on a lean representation, checked against the engine in the tests: a hand,
the cards a side may still lay and the cards it laid are bit masks of one int64 (bit
``(ranks - 1 - rank) * suits + suit``, so a suit's higher numbers sit on lower bits and the cards
a number closes are ``card * column``); a discard pile is a stack of 4-bit codes in one int64.
Random choices take ``(u * n) >> 32`` for a 32-bit random ``u`` and ``n`` choices. Every turn is
one pass of a few dozen vectorised operations over all the rounds of a batch.
"""

from __future__ import annotations

from collections.abc import Callable
from concurrent.futures import Executor
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

import numpy as np
import numpy.typing as npt

from ..arguments import whole_number
from ..bots.counting import (
    CONTINUE,
    CONTINUE_GAP,
    FEED_INVESTMENT,
    FEED_STARTED,
    FIT,
    FREE,
    INVEST_HELD,
    INVEST_MORE,
    INVEST_STEP,
    OWN_SPARE,
    OWN_STARTED,
    START,
    START_GAP,
    START_INVESTED,
    START_MARGIN,
    card_order,
)
from ..bots.policies import extra_allowance
from ..engine import DECK, DISCARD, PLAY, Table, spec_for
from ..errors import AnalysisError
from ..rules import Rules
from ..rules import rules as get_rules
from .parallel import check_pool, parallel_map
from .stats import Estimate, IntArray, mean_estimate, points_table, proportion_estimate

POLICIES = ("playable", "uniform", "counting")
CHOICES = ("card", "move")
TURN_CAP = 2_000
"""Turns after which a uniform round without a stall rule is ended, as ``playout`` ends it."""

END_CODES = ("deck", "stall", "turn-cap")
Randoms = Callable[[int, IntArray], IntArray]
"""``randoms(step, rows)``: one 32-bit random number (as int64) for each of ``rows`` at that step."""


@dataclass(frozen=True)
class Layout:
    """A rule set's cards as bits of one int64 (see the module docs)."""

    rules: Rules
    suits: int
    ranks: int
    bit_of: tuple[int, ...]
    """Engine card id -> bit."""
    card_of: tuple[int, ...]
    """Bit -> engine card id."""
    number_limit: int
    """Bits below this one are numbers; investments sit above."""
    column: int
    """One bit per rank of suit 0: ``card * column`` is every card of its suit on its bit or above."""
    suit_masks: tuple[int, ...]
    investment_mask: int
    value_planes: tuple[tuple[int, ...], ...]
    """``value_planes[suit][b]``: the suit's numbers whose value has bit ``b`` set."""
    full: int

    @property
    def cards(self) -> int:
        return len(self.bit_of)


def _unsupported(rules: Rules) -> str:
    if rules.players != 2 or rules.partnerships:
        return f"it plays two players, and the {rules.name} rules seat {rules.players}"
    if rules.extra_copies or rules.set_aside or rules.discards_leave_game or rules.play_on_after_deck:
        return "it plays decks without repeated cards, set-aside cards or solitaire rules"
    if not rules.draw_from_piles:
        return "it needs the discard piles to be open for drawing"
    if rules.deck_size > 63:
        return f"a hand is one 64-bit number, and the {rules.name} deck has {rules.deck_size} cards (at most 63)"
    return ""


@lru_cache(maxsize=16)
def layout_for(rules: Rules) -> Layout:
    """The bit layout of ``rules``, or an ``AnalysisError`` saying why the batch simulator cannot play it."""
    why = _unsupported(rules)
    if why:
        raise AnalysisError(f"the batch simulator cannot play the {rules.name} rules: {why}. "
                            "Use the engine (expeditions.bots.playout) for them.")
    spec = spec_for(rules)
    suits = len(rules.suits)
    ranks = rules.investments + len(rules.numbers)
    bit_of = []
    for card in spec.cards:
        rank = (card.rank - 11) if card.is_investment else rules.investments + rules.numbers.index(card.value)
        bit_of.append((ranks - 1 - rank) * suits + spec.suit_index[card.suit])
    card_of = [0] * len(bit_of)
    for card_id, bit in enumerate(bit_of):
        card_of[bit] = card_id
    column = sum(1 << (i * suits) for i in range(ranks))
    number_limit = 1 << (len(rules.numbers) * suits)
    planes = []
    for s in range(suits):
        planes.append(tuple(
            sum(1 << bit_of[c] for c in range(len(bit_of)) if spec.suit_of[c] == s and not spec.is_investment[c]
                and spec.value_of[c] >> b & 1)
            for b in range(4)
        ))
    return Layout(
        rules=rules, suits=suits, ranks=ranks, bit_of=tuple(bit_of), card_of=tuple(card_of), number_limit=number_limit,
        column=column, suit_masks=tuple(column << s for s in range(suits)),
        investment_mask=((1 << (ranks * suits)) - 1) & ~(number_limit - 1), value_planes=tuple(planes),
        full=(1 << (ranks * suits)) - 1,
    )


# --- shared pieces ---------------------------------------------------------------------------------
def shuffled_bits(layout: Layout, rounds: int, rng: np.random.Generator) -> npt.NDArray[np.uint8]:
    """``rounds`` uniformly shuffled decks, as bit positions, top card first (shape rounds × cards).

    Each row sorts random 26-bit keys that carry the card in their low 6 bits; the rare rows where
    two keys tie are shuffled again, so every order is exactly equally likely."""
    cards = layout.cards
    keys = rng.bit_generator.random_raw((rounds * cards + 1) // 2).view(np.uint32)[: rounds * cards].reshape(rounds, cards)
    np.bitwise_and(keys, np.uint32(0xFFFFFFC0), out=keys)
    np.bitwise_or(keys, np.arange(cards, dtype=np.uint32), out=keys)
    keys.sort(axis=1)
    out = (keys & np.uint32(63)).astype(np.uint8)
    gaps = np.diff(keys, axis=1)
    if gaps.min() < 64:  # a cheap test that every tie passes
        suspects = np.flatnonzero((gaps < 64).any(axis=1))
        high = keys[suspects] >> 6
        tied = suspects[(high[:, 1:] == high[:, :-1]).any(axis=1)]
        if tied.size:
            out[tied] = shuffled_bits(layout, tied.size, rng)
    return out


def pick(candidates: IntArray, choice: IntArray, most: int) -> IntArray:
    """The ``choice``-th lowest set bit of each mask (``choice`` below its bit count, at most ``most``)."""
    x = candidates.copy()
    countdown = -choice
    for _ in range(most):
        x &= x + (countdown >> 63)  # clears the lowest set bit while countdown < 0
        countdown += 1
    return x & -x


def one_move_per_suit(layout: Layout, masks: IntArray) -> IntArray:
    """The masks with each suit's investments reduced to one (they are one move)."""
    inv = masks & layout.investment_mask
    shadow = np.zeros_like(masks)
    for i in range(1, layout.rules.investments):
        shadow |= inv << (i * layout.suits)
    return masks & ~(shadow & layout.investment_mask)


def score_laid(layout: Layout, laid: IntArray) -> IntArray:
    """The score of the cards each mask holds on one side, by the rules' scoring."""
    table = points_table(layout.rules)
    total = np.zeros(laid.shape, dtype=np.int64)
    for s in range(layout.suits):
        mine = laid & layout.suit_masks[s]
        cards = np.bitwise_count(mine).astype(np.int64)
        investments = np.bitwise_count(mine & layout.investment_mask).astype(np.int64)
        numbers = np.zeros(laid.shape, dtype=np.int64)
        for b, plane in enumerate(layout.value_planes[s]):
            numbers += np.bitwise_count(mine & plane).astype(np.int64) << b
        total += table[numbers, investments, cards]
    return total


def _random32(rng: np.random.Generator) -> Randoms:
    def draw(step: int, rows: IntArray) -> IntArray:
        return (rng.bit_generator.random_raw(rows.size) >> np.uint64(32)).view(np.int64)

    return draw


_BITS = np.left_shift(np.int64(1), np.arange(64, dtype=np.int64))


def _deal(layout: Layout, decks: npt.NDArray[np.integer[Any]]) -> tuple[IntArray, IntArray]:
    """The two hands (shape rounds × 2) and the deck after the deal (rounds × cards left, in
    drawing order) as bits; cards are dealt one at a time, seat 0 first."""
    rounds = decks.shape[0]
    dealt = 2 * layout.rules.hand_size
    bits = _BITS.take(decks)
    hands = np.bitwise_or.reduce(bits[:, :dealt].reshape(rounds, dealt // 2, 2), axis=1)
    return hands, np.ascontiguousarray(bits[:, dealt:])


# --- the two policies ------------------------------------------------------------------------------
def _seat_columns(hand_size: int, left: int) -> IntArray:
    """Deck positions (top first) in the order of ``play_playable``'s rows: seat 0's hand and
    draws, then seat 1's; with an odd deck, seat 1's missing last draw repeats position 0."""
    steps = (left + 1) // 2
    out = []
    for seat in (0, 1):
        out += [2 * i + seat for i in range(hand_size)]
        out += [2 * hand_size + 2 * j + seat if 2 * j + seat < left else 0 for j in range(steps)]
    return np.array(out, dtype=np.int64)


def play_playable(layout: Layout, decks: npt.NDArray[np.integer[Any]], randoms: npt.NDArray[np.uint32] | None = None, *,
                  by_move: bool = False, rng: np.random.Generator | None = None) -> dict[str, IntArray]:
    """Play "a random playable card, else a random card; draw off the deck" on every deck (rows of
    bit positions, top card first), seat 0 first. ``randoms[t, 2 * round + seat]`` is the 32-bit
    random number of that seat's ``t``-th turn (drawn from ``rng`` when not given). The candidates
    are numbered from the lowest bit up and the choice among ``n`` is ``(u * n) >> 32``."""
    left = decks.shape[1] - 2 * layout.rules.hand_size
    seats = decks[:, _seat_columns(layout.rules.hand_size, left)].astype(np.uint8)
    return _play_playable(layout, seats, left, randoms, by_move, rng)


def _play_playable(layout: Layout, seats: npt.NDArray[np.uint8], left: int, randoms: npt.NDArray[np.uint32] | None,
                   by_move: bool, rng: np.random.Generator | None) -> dict[str, IntArray]:
    """``play_playable`` on decks already split by seat (shape rounds × (2 × cards per seat)).

    The two seats never meet under this policy, so each row of the loop is one seat of one round:
    row ``2 * round + seat``. Any fixed way of splitting a uniformly shuffled deck between the seats
    is a uniformly random deal, which lets the simulator skip reordering shuffled decks."""
    rounds = seats.shape[0]
    hand_size = layout.rules.hand_size
    rows = 2 * rounds
    steps = (left + 1) // 2
    order = np.ascontiguousarray(seats.reshape(rows, hand_size + steps).T)  # one line per card slot
    h = _BITS.take(order[0])
    for i in range(1, hand_size):
        h |= _BITS.take(order[i])
    if randoms is None:
        generator = rng or np.random.default_rng()
        randoms = generator.bit_generator.random_raw(steps * rounds).view(np.uint32).reshape(steps, rows)
    o = np.full(rows, layout.full, dtype=np.int64)
    laid = np.zeros(rows, dtype=np.int64)
    p, x, tmp, countdown = (np.empty(rows, dtype=np.int64) for _ in range(4))
    n = np.empty(rows, dtype=np.uint8)
    column, numbers = np.int64(layout.column), np.int64(layout.number_limit - 1)
    for t in range(steps):
        if 2 * t + 1 == left:  # an odd deck: seat 1 has no last turn; keep its state as it is
            kept = (h[1::2].copy(), o[1::2].copy(), laid[1::2].copy())
        np.bitwise_and(h, o, out=p)
        if by_move:
            p[:] = one_move_per_suit(layout, p)
        np.subtract(p, 1, out=tmp)
        np.right_shift(tmp, 63, out=tmp)  # all ones where nothing is playable: choose from the hand
        np.bitwise_and(tmp, one_move_per_suit(layout, h) if by_move else h, out=tmp)
        np.bitwise_or(p, tmp, out=x)
        np.bitwise_count(x, out=n)
        np.multiply(randoms[t], n, out=countdown, dtype=np.int64)
        np.right_shift(countdown, 32, out=countdown)
        np.negative(countdown, out=countdown)
        for _ in range(hand_size - 1):  # clear the lowest candidate while the countdown is below 0
            np.right_shift(countdown, 63, out=tmp)
            np.add(tmp, x, out=tmp)
            np.bitwise_and(x, tmp, out=x)
            np.add(countdown, 1, out=countdown)
        np.negative(x, out=tmp)
        np.bitwise_and(x, tmp, out=x)  # the chosen card
        np.bitwise_xor(h, x, out=h)
        np.bitwise_and(x, p, out=x)  # the card laid, if it was a play
        np.bitwise_or(laid, x, out=laid)
        np.bitwise_and(x, numbers, out=x)
        np.multiply(x, column, out=x)  # a number closes its suit up to itself
        np.invert(x, out=x)
        np.bitwise_and(o, x, out=o)
        np.bitwise_or(h, _BITS.take(order[hand_size + t]), out=h)
        if 2 * t + 1 == left:
            h[1::2], o[1::2], laid[1::2] = kept
    scores = score_laid(layout, laid).reshape(rounds, 2)
    turns_each = np.array([(left + 1) // 2, left // 2], dtype=np.int64)
    discards = turns_each - np.bitwise_count(laid).astype(np.int64).reshape(rounds, 2)
    return {"scores": scores, "discards": discards, "turns": np.full(rounds, left, dtype=np.int64),
            "pile_draws": np.zeros(rounds, dtype=np.int64), "ends": np.zeros(rounds, dtype=np.int64)}


@dataclass(frozen=True)
class _Tables:
    """Small lookup tables of a layout for the uniform policy."""

    suit_of_bit: IntArray
    code_of_bit: IntArray
    bit_of_code: IntArray
    """``bit_of_code[suit * 16 + code]``: the card bit of a pile code (0 for code 0)."""
    nth_pile: IntArray
    """``nth_pile[piles * suits + k]``: the suit of the k-th open pile in a mask of open piles."""


@lru_cache(maxsize=16)
def _tables(layout: Layout) -> _Tables:
    s, r = layout.suits, layout.ranks
    suit_of = np.array([b % s for b in range(64)], dtype=np.int64)
    code_of = np.array([r - b // s for b in range(64)], dtype=np.int64)
    bit_of = np.zeros(s * 16, dtype=np.int64)
    for suit in range(s):
        for code in range(1, r + 1):
            bit_of[suit * 16 + code] = np.int64(1) << np.int64((r - code) * s + suit)
    nth = np.zeros((1 << s) * s, dtype=np.int64)
    for mask in range(1 << s):
        open_suits = [x for x in range(s) if mask >> x & 1]
        for k, suit in enumerate(open_suits):
            nth[mask * s + k] = suit
    return _Tables(suit_of, code_of, bit_of, nth)


def play_uniform(layout: Layout, decks: npt.NDArray[np.integer[Any]], randoms: Randoms | None = None, *, by_move: bool = False,
                 rng: np.random.Generator | None = None) -> dict[str, IntArray]:
    """Play every round uniformly over the legal moves, seat 0 first. ``randoms(t, rows)`` gives
    the 32-bit random number of turn ``t`` of each round in ``rows`` (drawn from ``rng`` when not
    given). The ``n`` legal moves are numbered as follows and the choice is ``(u * n) >> 32``:
    first the plays, by card (lowest bit first), then by source; then the discards of cards whose
    pile is open, by card, then by source; then the discards of the other cards, by card, then by
    source. The sources are the deck, then the open piles in suit order, never the pile the card
    goes onto."""
    rules = layout.rules
    tables = _tables(layout)
    suits, hand_size = layout.suits, rules.hand_size
    first, deck = _deal(layout, decks)
    total_rounds, left = deck.shape
    draw_random = randoms or _random32(rng or np.random.default_rng())
    hands = [first[:, 0].copy(), first[:, 1].copy()]
    opened = [np.full(total_rounds, layout.full, dtype=np.int64) for _ in range(2)]
    laid = [np.zeros(total_rounds, dtype=np.int64) for _ in range(2)]
    discards = [np.zeros(total_rounds, dtype=np.int64) for _ in range(2)]
    piles = np.zeros(total_rounds * suits, dtype=np.int64)  # round r's pile of suit s at r * suits + s
    open_piles = np.zeros(total_rounds, dtype=np.int64)  # bit s: the pile of suit s holds a card
    drawn = np.zeros(total_rounds, dtype=np.int64)  # cards drawn off the deck
    stall = np.zeros(total_rounds, dtype=np.int64)
    pile_draws = np.zeros(total_rounds, dtype=np.int64)
    ids = np.arange(total_rounds)
    out = {"scores": np.zeros((total_rounds, 2), dtype=np.int64), "discards": np.zeros((total_rounds, 2), dtype=np.int64),
           "turns": np.zeros(total_rounds, dtype=np.int64), "pile_draws": np.zeros(total_rounds, dtype=np.int64),
           "ends": np.zeros(total_rounds, dtype=np.int64)}
    stall_limit = rules.stall_limit
    cap = rules.turn_cap or TURN_CAP
    column, numbers = np.int64(layout.column), np.int64(layout.number_limit - 1)
    finished = np.zeros(total_rounds, dtype=bool)  # ended, kept in the arrays until the next clean-up
    pile_base = np.arange(total_rounds, dtype=np.int64) * suits
    deck_base = np.arange(total_rounds, dtype=np.int64) * left
    t = 0
    while ids.size:
        seat = t % 2
        h, o = hands[seat], opened[seat]
        playable = h & o
        holding = h
        if by_move:
            playable = one_move_per_suit(layout, playable)
            holding = one_move_per_suit(layout, h)
        sources = 1 + np.bitwise_count(open_piles).astype(np.int64)
        beside_open = holding & (column * open_piles)  # cards whose own pile is open
        plays = np.bitwise_count(playable).astype(np.int64) * sources
        open_discards = np.bitwise_count(beside_open).astype(np.int64) * (sources - 1)
        rest = holding ^ beside_open
        n = plays + open_discards + np.bitwise_count(rest).astype(np.int64) * sources
        r = (draw_random(t, ids) * n) >> 32
        lays = (r - plays) >> 63  # all ones for a play
        in_open = ((r - plays - open_discards) >> 63) & ~lays
        per = sources - (in_open & 1)
        offset = np.where(lays, 0, np.where(in_open, plays, plays + open_discards))
        pool = np.where(lays, playable, np.where(in_open, beside_open, rest))
        within = r - offset
        which = within // per
        source = within - which * per
        card = pick(pool, which, hand_size - 1)
        h ^= card
        played = card & lays
        laid[seat] |= played
        o &= ~((played & numbers) * column)
        throws = ~lays
        discards[seat] -= throws  # + 1 for a discard (throws is -1)
        position = np.bitwise_count(card - 1).astype(np.int64)
        card_suit = tables.suit_of_bit.take(position)
        at = pile_base + card_suit
        pile = piles.take(at)
        piles.put(at, np.where(throws, (pile << 4) | tables.code_of_bit.take(position), pile))
        open_piles |= (np.int64(1) << card_suit) & throws
        # The source: 0 is the deck, k > 0 the k-th pile that may be drawn from.
        eligible = open_piles & ~((np.int64(1) << card_suit) & throws)
        off_deck = source == 0
        from_suit = tables.nth_pile.take(eligible * suits + np.maximum(source - 1, 0))
        at = pile_base + from_suit
        pile = piles.take(at)
        from_pile = -np.minimum(source, 1)  # all ones for a draw off a pile
        piles.put(at, np.where(off_deck, pile, pile >> 4))
        open_piles &= ~((np.int64(1) << from_suit) & from_pile & ((pile - 16) >> 63))  # took its last card
        h |= np.where(off_deck, deck.ravel().take(deck_base + np.minimum(drawn, left - 1)),
                      tables.bit_of_code.take(from_suit * 16 + (pile & 15)))
        drawn += off_deck
        pile_draws -= from_pile
        stall = (stall + 1) & throws & from_pile
        t += 1
        ended = off_deck & (drawn >= left) & ~finished
        end_code = np.zeros(ids.size, dtype=np.int64)
        if stall_limit:
            stalled = ~ended & ~finished & (stall >= stall_limit)
            end_code[stalled] = 1
            ended |= stalled
        if t >= cap:
            capped = ~ended & ~finished
            end_code[capped] = 2
            ended |= capped
        if ended.any():
            done = np.flatnonzero(ended)
            rows = ids[done]
            out["scores"][rows, 0] = score_laid(layout, laid[0][done])
            out["scores"][rows, 1] = score_laid(layout, laid[1][done])
            out["discards"][rows, 0] = discards[0][done]
            out["discards"][rows, 1] = discards[1][done]
            out["turns"][rows] = t
            out["pile_draws"][rows] = pile_draws[done]
            out["ends"][rows] = end_code[done]
            finished |= ended
            if finished.sum() > 0.25 * ids.size:  # drop finished rounds now and then
                keep = ~finished
                ids = ids[keep]
                hands = [x[keep] for x in hands]
                opened = [x[keep] for x in opened]
                laid = [x[keep] for x in laid]
                discards = [x[keep] for x in discards]
                piles = piles.reshape(-1, suits)[keep].ravel()
                open_piles, drawn, stall = open_piles[keep], drawn[keep], stall[keep]
                pile_draws, finished, deck = pile_draws[keep], finished[keep], deck[keep]
                pile_base = np.arange(ids.size, dtype=np.int64) * suits
                deck_base = np.arange(ids.size, dtype=np.int64) * left
    return out


# --- the public entry point --------------------------------------------------------------------------
@dataclass(frozen=True)
class BatchResult:
    """Rounds played by the batch simulator: per round, ``scores`` (seat 0, seat 1), ``discards``
    per seat, ``turns``, ``pile_draws`` and ``ends`` (an index into ``END_CODES``)."""

    rules: Rules
    policy: str
    by: str
    scores: IntArray
    discards: IntArray
    turns: IntArray
    pile_draws: IntArray
    ends: IntArray

    @property
    def rounds(self) -> int:
        return int(self.turns.size)

    def mean_score(self, seat: int | None = None) -> Estimate:
        """The mean score of ``seat``, or of both seats together (each round counted once per seat)."""
        values = self.scores.ravel() if seat is None else self.scores[:, seat]
        return mean_estimate(values)

    def mean(self, what: str) -> Estimate:
        """The mean of ``"turns"``, ``"pile_draws"`` or ``"discards"`` (per seat and round)."""
        if what not in ("turns", "pile_draws", "discards"):
            raise AnalysisError(f"{what!r} is not measured; choose turns, pile_draws or discards")
        values: IntArray = getattr(self, what)
        return mean_estimate(values.ravel())

    def end_share(self, reason: str) -> Estimate:
        """The share of rounds that ended for ``reason`` (``"deck"``, ``"stall"`` or ``"turn-cap"``)."""
        if reason not in END_CODES:
            raise AnalysisError(f"{reason!r} is not an end of a round; the ends are {', '.join(END_CODES)}")
        return proportion_estimate(int((self.ends == END_CODES.index(reason)).sum()), self.rounds)

    def __repr__(self) -> str:
        return (f"<BatchResult {self.rules.label}, {self.policy} by {self.by}: {self.rounds:,} rounds, "
                f"mean score {self.mean_score().format(2)}>")

    @staticmethod
    def merge(parts: list[BatchResult]) -> BatchResult:
        first = parts[0]
        return BatchResult(first.rules, first.policy, first.by,
                           *(np.concatenate([getattr(p, f) for p in parts]) for f in ("scores", "discards", "turns",
                                                                                      "pile_draws", "ends")))


def _check_choice(policy: str, by: str) -> None:
    if not isinstance(policy, str) or policy not in POLICIES:
        raise AnalysisError(f"{policy!r} is not a batch policy; the policies are {', '.join(POLICIES)}")
    if not isinstance(by, str) or by not in CHOICES:
        raise AnalysisError(f"by={by!r}: a policy picks by 'card' (every card in hand a choice) or by 'move' "
                            "(the investments of a suit are one move)")
    if policy == "counting" and by != "card":
        raise AnalysisError("the counting policy chooses by its rules, never at random: leave by='card'")


def play_batch(rules: Rules, policy: str, rounds: int, *, by: str = "card", seed: int | np.random.SeedSequence | None = None,
               batch: int = 16_384) -> BatchResult:
    """``rounds`` random rounds in batches of ``batch`` rounds, in this process."""
    _check_choice(policy, by)
    layout = layout_for(rules)
    rng = np.random.default_rng(seed)
    left = rules.draw_deck_after_deal
    parts = []
    step = min(batch, COUNTING_BATCH) if policy == "counting" else batch
    for start in range(0, rounds, step):
        size = min(step, rounds - start)
        decks = shuffled_bits(layout, size, rng)
        if policy == "counting":  # any uniformly shuffled numbering of the cards is a shuffled deck of card ids
            out = counting_result(counting_layout(rules), play_counting(counting_deals(counting_layout(rules), decks)))
        elif policy == "playable":
            if left % 2:  # seat 1 has one draw fewer: pad its slot (never used)
                decks = np.concatenate([decks, decks[:, :1]], axis=1)
            out = _play_playable(layout, decks, left, None, by == "move", rng)
        else:
            out = play_uniform(layout, decks, by_move=by == "move", rng=rng)
        parts.append(BatchResult(rules, policy, by, out["scores"], out["discards"], out["turns"], out["pile_draws"],
                                 out["ends"]))
    return BatchResult.merge(parts)


@dataclass(frozen=True)
class _Job:
    rules: Rules
    policy: str
    rounds: int
    by: str
    seed: np.random.SeedSequence
    batch: int


def _run(job: _Job) -> BatchResult:
    return play_batch(job.rules, job.policy, job.rounds, by=job.by, seed=job.seed, batch=job.batch)


def simulate(rules: Rules | str = "expeditions", policy: str = "playable", rounds: int = 100_000, *, by: str = "card",
             seed: int | None = 0, batch: int = 16_384, piece: int = 262_144, executor: Executor | None = None,
             workers: int | None = 1, progress: bool = False) -> BatchResult:
    """Play ``rounds`` random rounds with every seat on ``policy`` (``"playable"`` or ``"uniform"``),
    choosing ``by`` card or by move (see the module docs).

    The rounds are split into pieces of ``piece`` rounds, each with its own random stream spawned
    from ``seed``, and the pieces run on ``executor`` (a process pool, or a Dask client's
    ``get_executor()``), on ``workers`` local processes, or here (``workers=1``, the default): the
    result depends only on ``seed``, ``rounds`` and ``piece``, never on where the pieces ran.
    Within a piece, ``batch`` rounds advance together."""
    r = get_rules(rules)
    _check_choice(policy, by)
    layout_for(r)
    whole_number(rounds, "rounds", least=1, error=AnalysisError)
    whole_number(batch, "batch", least=1, error=AnalysisError)
    whole_number(piece, "piece", least=1, error=AnalysisError)
    if seed is not None:
        whole_number(seed, "seed", least=0, error=AnalysisError)
    check_pool(executor, workers, progress)
    sizes = [min(piece, rounds - start) for start in range(0, rounds, piece)]
    streams = np.random.SeedSequence(seed).spawn(len(sizes))
    jobs = [_Job(r, policy, n, by, s, batch) for n, s in zip(sizes, streams, strict=True)]
    return BatchResult.merge(parallel_map(_run, jobs, executor=executor, workers=workers, progress=progress,
                                          description=f"{policy} rounds"))


# --- the counting policy -----------------------------------------------------------------------------------
@dataclass(frozen=True)
class CountingLayout:
    """A rule set's cards for the counting policy: suit after suit, ``ranks`` bits a suit (its
    investments, then its numbers rising), so a card's bit is its place in
    ``bots.counting.card_order`` and one suit's cards are ``(mask >> suit * ranks) & pattern``.

    Small tables over such patterns hold what the policy reads, several numbers packed in one
    16-bit integer: ``laid[p]`` the top (4 bits) and the investments (<< 4); ``held[p]`` the numbers'
    sum (7 bits), count (<< 7) and lowest value (<< 11); ``held_ranks[p]`` the rank of the lowest
    number and of the first investment (<< 4; 15 for none); ``gaps[(q << 4) | v]``, for the numbers
    ``q`` of a pattern (the pattern shifted past the investments), the sum of those below ``v`` (6
    bits), and the sum (<< 6) and count (<< 12) of those above it."""

    rules: Rules
    suits: int
    ranks: int
    investments: int
    bit_of: tuple[int, ...]
    """Engine card id -> bit."""
    card_of: tuple[int, ...]
    """Bit -> engine card id."""
    pattern: int
    numbers_pattern: int
    suit_masks: tuple[int, ...]
    numbers_mask: int
    full: int
    number_count: IntArray
    low_bit: IntArray
    low_value: IntArray
    laid: npt.NDArray[np.int16]
    held: npt.NDArray[np.int16]
    held_ranks: npt.NDArray[np.int16]
    gaps: npt.NDArray[np.int16]
    keep: IntArray
    """``keep[code << 8 | card << 2 | live << 1 | open]``: what discarding a card costs (rule 6), for the
    suit's ``code`` (started | the other side started << 1 | their investments << 2), the card's
    bit index, whether the seat may lay it and whether the other side may."""
    suit4: IntArray
    """Bit index -> 4 × its suit."""
    above: IntArray
    """``above[v]``: the pattern of the numbers above ``v``."""
    below: IntArray
    """``below[v]``: the pattern of the numbers below ``v``."""
    up_to: IntArray
    """``up_to[t]``: every suit's numbers of value ``t`` or less, as a whole mask."""
    card: IntArray
    """Bit index (64: no card) -> suit | value << 4."""
    shifts: IntArray
    """Shape (suits, 1): each suit's first bit."""
    suit_column: IntArray
    """Shape (suits, 1): the suit numbers."""
    suit_column_masks: IntArray
    """Shape (suits, 1): each suit's mask."""
    suit_order32: npt.NDArray[np.int32]
    """Shape (suits, 1): ``7 - suit``, which breaks ties in favour of the first suit."""
    suit_mask_of: IntArray
    code_bit: tuple[IntArray, ...]
    """``code_bit[suit][code]``: the number on top of a pile (its code: rank + 1), as one bit; 0 for none
    and for an investment."""
    code_value: IntArray
    columns: IntArray

    @property
    def cards(self) -> int:
        return len(self.bit_of)


def keep_table(suits: int, ranks: int, values: list[int]) -> IntArray:
    """``CountingLayout.keep``: rule 6's cost of discarding each card in each situation."""
    table = np.zeros(16 << 8, dtype=np.int64)
    for code in range(16):
        started, theirs, invested = code & 1, code >> 1 & 1, code >> 2
        for bit in range(suits * ranks):
            v = values[bit % ranks]
            for live in (0, 1):
                for open_ in (0, 1):
                    own = live * (OWN_STARTED + 2 * v if started else OWN_SPARE)
                    feed = (v * (1 + invested) + FEED_STARTED if v else FEED_INVESTMENT) if theirs else (v if v else 2)
                    table[code << 8 | bit << 2 | live << 1 | open_] = own + open_ * feed
    return table


@lru_cache(maxsize=16)
def counting_layout(rules: Rules) -> CountingLayout:
    """The counting policy's bit layout of ``rules`` (an ``AnalysisError`` for rule sets the batch
    simulator cannot play)."""
    layout_for(rules)  # the same rule sets as the other policies
    spec = spec_for(rules)
    order = card_order(spec)
    suits, ranks, inv = len(rules.suits), order.ranks, rules.investments
    bit_of = order.key
    card_of = [0] * len(bit_of)
    for card_id, bit in enumerate(bit_of):
        card_of[bit] = card_id
    values = np.array([0] * inv + list(rules.numbers), dtype=np.int64)
    patterns = np.arange(1 << ranks, dtype=np.int64)
    bits = (patterns[:, None] >> np.arange(ranks)) & 1
    is_number = values > 0
    number_bits = bits * is_number
    investment_bits = bits * ~is_number
    has_number = number_bits.any(axis=1)
    lowest = np.argmax(number_bits, axis=1)
    low_bit = np.where(has_number, np.int64(1) << lowest, 0)
    low_value = np.where(has_number, values[lowest], 0)
    top = np.where(has_number, values[ranks - 1 - np.argmax(number_bits[:, ::-1], axis=1)], 0)
    number_sum = (bits * values).sum(axis=1)
    number_count = number_bits.sum(axis=1)
    highest = int(values.max()) + 1
    above = np.array([int(((values > v) << np.arange(ranks)).sum()) for v in range(16)], dtype=np.int64)
    below = np.array([int((((values < v) & is_number) << np.arange(ranks)).sum()) for v in range(16)], dtype=np.int64)
    numbers_only = np.arange(1 << (ranks - inv), dtype=np.int64) << inv
    gaps = np.zeros(numbers_only.size * 16, dtype=np.int64)
    for v in range(min(16, highest)):
        under, over = numbers_only & below[v], numbers_only & above[v]
        gaps[(numbers_only >> inv << 4) | v] = number_sum[under] | number_sum[over] << 6 | number_count[over] << 12
    numbers_pattern = int((is_number << np.arange(ranks)).sum())
    card = np.zeros(65, dtype=np.int64)
    for b in range(suits * ranks):
        card[b] = b // ranks | int(values[b % ranks]) << 4
    return CountingLayout(
        rules=rules, suits=suits, ranks=ranks, investments=inv, bit_of=bit_of, card_of=tuple(card_of),
        pattern=(1 << ranks) - 1, numbers_pattern=numbers_pattern,
        suit_masks=tuple(((1 << ranks) - 1) << (s * ranks) for s in range(suits)),
        numbers_mask=sum(numbers_pattern << (s * ranks) for s in range(suits)), full=(1 << (suits * ranks)) - 1,
        number_count=number_count, low_bit=low_bit, low_value=low_value,
        laid=(top | investment_bits.sum(axis=1) << 4).astype(np.int16),
        held=(number_sum | number_count << 7 | low_value << 11).astype(np.int16),
        held_ranks=(np.where(has_number, lowest, 15)
                    | np.where(investment_bits.any(axis=1), np.argmax(investment_bits, axis=1), 15) << 4).astype(np.int16),
        gaps=gaps.astype(np.uint16).view(np.int16), keep=keep_table(suits, ranks, [int(v) for v in values]),
        suit4=np.array([4 * (b // ranks) for b in range(64)] + [0], dtype=np.int64), above=above, below=below,
        up_to=np.array([sum(1 << (s * ranks + r) for s in range(suits) for r in range(ranks) if 0 < values[r] <= t)
                        for t in range(highest)], dtype=np.int64),
        card=card,
        shifts=(np.arange(suits, dtype=np.int64) * ranks)[:, None], suit_column=np.arange(suits, dtype=np.int64)[:, None],
        suit_column_masks=np.array([((1 << ranks) - 1) << (s * ranks) for s in range(suits)], dtype=np.int64)[:, None],
        suit_order32=(7 - np.arange(suits, dtype=np.int32))[:, None],
        suit_mask_of=np.array([((1 << ranks) - 1) << (s * ranks) for s in range(suits)] + [0] * (16 - suits), dtype=np.int64),
        code_bit=tuple(np.array([0] + [(1 << (s * ranks + r)) if values[r] > 0 else 0 for r in range(ranks)]
                                + [0] * (15 - ranks), dtype=np.int64) for s in range(suits)),
        code_value=np.array([0] + [int(v) for v in values] + [0] * (15 - ranks), dtype=np.int64),
        columns=np.arange(1 << 16, dtype=np.int64),
    )


@dataclass
class CountingState:
    """Two-player positions for the counting simulator, one per row, as masks of the counting
    layout (a working buffer: ``play_counting`` plays it to the end in place).

    ``hands``, ``known`` (the cards of a hand the other seat knows of: taken off a pile), ``laid``,
    ``open`` (the cards a side may still lay), ``allowed`` (the cards a seat's plan lets it lay) and
    ``committed`` (bit mask of suits a seat treats as started) have shape (2, rows); ``piles`` (suits,
    rows) holds each pile as a stack of 4-bit codes (rank + 1, the top card in the lowest bits);
    ``pile_cards`` and ``gone`` (cards out of the game, seen by both) are masks per row; ``deck``
    holds each row's deck in drawing order as one-bit masks, ``drawn`` how many are drawn.
    ``turns`` counts the round's turns so far, ``stall`` the stall count; ``to_move`` is the same seat
    in every row."""

    rules: Rules
    hands: IntArray
    known: IntArray
    laid: IntArray
    open: IntArray
    allowed: IntArray
    committed: IntArray
    piles: IntArray
    pile_cards: IntArray
    gone: IntArray
    deck: IntArray
    drawn: IntArray
    deck_left: IntArray
    turns: IntArray
    stall: IntArray
    to_move: int

    @property
    def rows(self) -> int:
        return int(self.drawn.size)

    def copy(self) -> CountingState:
        return CountingState(self.rules, **{f: getattr(self, f).copy() for f in _STATE_ARRAYS}, to_move=self.to_move)

    def take(self, rows: IntArray) -> CountingState:
        """The positions of ``rows`` (repeats allowed), as a new state."""
        out = {f: getattr(self, f) for f in _STATE_ARRAYS}
        picked = {f: (a[:, rows] if a.ndim == 2 and f != "deck" else a[rows]) for f, a in out.items()}
        return CountingState(self.rules, **picked, to_move=self.to_move)

    @staticmethod
    def concatenate(parts: list[CountingState]) -> CountingState:
        first = parts[0]
        width = max(p.deck.shape[1] for p in parts)
        merged = {}
        for f in _STATE_ARRAYS:
            arrays = [getattr(p, f) for p in parts]
            if f == "deck":
                arrays = [np.pad(a, ((0, 0), (0, width - a.shape[1]))) for a in arrays]
                merged[f] = np.concatenate(arrays, axis=0)
            else:
                merged[f] = np.concatenate(arrays, axis=-1)
        if any(p.to_move != first.to_move for p in parts):
            raise AnalysisError("positions played together must have the same seat to move")
        return CountingState(first.rules, **merged, to_move=first.to_move)


_STATE_ARRAYS = ("hands", "known", "laid", "open", "allowed", "committed", "piles", "pile_cards", "gone", "deck", "drawn",
                 "deck_left", "turns", "stall")


def _suit_and_value(layout: CountingLayout, card: IntArray) -> tuple[IntArray, IntArray]:
    """The suit and value (0 for an investment) of each one-bit card (0: no card, suit 0, value 0)."""
    info = layout.card.take(np.where(card != 0, np.bitwise_count(card - 1), 64))
    return info & 15, info >> 4


def _closes(layout: CountingLayout, card: IntArray) -> IntArray:
    """The cards of its suit that no longer fit once ``card`` (one bit, or 0) is laid: for a number,
    every card of its suit at its bit or below; nothing for an investment."""
    suit, value = _suit_and_value(layout, card)
    suit_mask = np.left_shift(np.int64(layout.pattern), suit * layout.ranks)
    return np.where(value > 0, ((card << 1) - 1) & suit_mask, 0)


def counting_state_of_tables(layout: CountingLayout, tables: list[Table]) -> CountingState:
    """The engine's positions (two players, seat to move the same in all) as a counting state."""
    bit = [np.int64(1) << np.int64(b) for b in layout.bit_of]

    def mask(cards: list[int]) -> np.int64:
        out = np.int64(0)
        for c in cards:
            out |= bit[c]
        return out

    n, suits = len(tables), layout.suits
    width = max(len(t.deck) for t in tables) or 1
    state = CountingState(
        rules=layout.rules, hands=np.zeros((2, n), dtype=np.int64), known=np.zeros((2, n), dtype=np.int64),
        laid=np.zeros((2, n), dtype=np.int64), open=np.zeros((2, n), dtype=np.int64),
        allowed=np.full((2, n), layout.full, dtype=np.int64), committed=np.zeros((2, n), dtype=np.int64),
        piles=np.zeros((suits, n), dtype=np.int64), pile_cards=np.zeros(n, dtype=np.int64), gone=np.zeros(n, dtype=np.int64),
        deck=np.zeros((n, width), dtype=np.int64), drawn=np.zeros(n, dtype=np.int64), deck_left=np.zeros(n, dtype=np.int64),
        turns=np.zeros(n, dtype=np.int64), stall=np.zeros(n, dtype=np.int64), to_move=tables[0].to_move)
    for i, t in enumerate(tables):
        if t.to_move != state.to_move:
            raise AnalysisError("positions played together must have the same seat to move")
        for seat in (0, 1):
            state.hands[seat, i] = mask(t.hands[seat])
            state.known[seat, i] = mask(t.public[seat])
            state.laid[seat, i] = mask([c for exp in t.expeditions[seat] for c in exp])
            opened = np.int64(layout.full)
            for exp in t.expeditions[seat]:
                for c in exp:
                    opened &= ~_closes(layout, np.array([bit[c]]))[0]
            state.open[seat, i] = opened
        for s, pile in enumerate(t.piles):
            code = 0
            for c in pile:
                code = (code << 4) | (layout.bit_of[c] % layout.ranks + 1)
            state.piles[s, i] = code
        state.pile_cards[i] = mask([c for pile in t.piles for c in pile])
        state.gone[i] = mask(t.removed)
        state.deck[i, : len(t.deck)] = [bit[c] for c in reversed(t.deck)]
        state.deck_left[i] = len(t.deck)
        state.turns[i], state.stall[i] = t.turns, t.stall
    return state


def counting_deals(layout: CountingLayout, decks: npt.NDArray[np.integer[Any]], starter: int = 0) -> CountingState:
    """Fresh deals from decks of engine card ids (rows, top card first), dealt one card at a time
    from ``starter`` as ``engine.deal_table`` deals them."""
    rules = layout.rules
    n = decks.shape[0]
    bits = (np.int64(1) << np.array(layout.bit_of, dtype=np.int64)).take(decks)
    dealt = 2 * rules.hand_size
    hands = np.zeros((2, n), dtype=np.int64)
    for i in range(dealt):
        hands[(starter + i) % 2] |= bits[:, i]
    return CountingState(
        rules=rules, hands=hands, known=np.zeros((2, n), dtype=np.int64), laid=np.zeros((2, n), dtype=np.int64),
        open=np.full((2, n), layout.full, dtype=np.int64), allowed=np.full((2, n), layout.full, dtype=np.int64),
        committed=np.zeros((2, n), dtype=np.int64), piles=np.zeros((layout.suits, n), dtype=np.int64),
        pile_cards=np.zeros(n, dtype=np.int64), gone=np.zeros(n, dtype=np.int64), deck=np.ascontiguousarray(bits[:, dealt:]),
        drawn=np.zeros(n, dtype=np.int64), deck_left=np.full(n, decks.shape[1] - dealt, dtype=np.int64),
        turns=np.zeros(n, dtype=np.int64), stall=np.zeros(n, dtype=np.int64), to_move=starter)


REMOVE = 3
"""A forced action's kind that takes the card out of the game (seen by both) instead of discarding it,
as ``engine.Table.removed`` holds the solitaire's discards: what a discard would feed, measured against
feeding nothing. It counts as a discard for the stall rule."""


@dataclass(frozen=True)
class Forced:
    """Actions forced on some rows at one turn of ``play_counting``: ``kind`` (``engine.PLAY``,
    ``engine.DISCARD`` or ``REMOVE``; -1 lets the policy choose), ``card`` (one bit of the counting
    layout) and ``source`` (``engine.DECK`` or a suit), each an array over the state's rows; and
    ``hold``: a mask of cards the seat to move keeps at that turn, neither laid nor discarded (0 for
    none), for rows the policy plays (``bots.counting.counting_action``'s ``hold``)."""

    kind: IntArray
    card: IntArray
    source: IntArray
    hold: IntArray


def _counting_choice(layout: CountingLayout, a: dict[str, IntArray], m: int, hold: IntArray | None,
                     ) -> tuple[IntArray, IntArray, IntArray]:
    """The counting policy's action for seat ``m`` in every active row: kind, card bit, source; never
    one of the cards of ``hold`` (per row), unless the hand holds nothing else to discard. The
    rules, their order and their whole-number arithmetic are ``bots.counting``'s."""
    rules = layout.rules
    o = 1 - m
    ranks = layout.ranks
    pattern = np.int64(layout.pattern)
    h = a["hands"][m]
    n = h.size
    lay = a["open"][m] & a["allowed"][m]
    other_open = a["open"][o]
    unseen = ~(h | a["laid"][0] | a["laid"][1] | a["pile_cards"] | a["gone"] | a["known"][o]) & np.int64(layout.full)
    u = np.maximum(1, np.bitwise_count(unseen).astype(np.int64))
    unseen &= np.int64(layout.numbers_mask)
    plays = (a["deck_left"] + 1) >> 1
    reach = np.maximum(0, plays - 1)

    # every suit as the seat sees it: shape (suits, rows), small numbers as 16-bit integers
    shifts = layout.shifts
    i16 = np.int16
    u16, reach16, plays16 = u.astype(i16), reach.astype(i16), plays.astype(i16)
    mine = (a["laid"][m] >> shifts) & pattern
    lay_p = (lay >> shifts) & pattern
    held_p = (h >> shifts) & lay_p
    held = layout.held.take(held_p)
    held_ranks = layout.held_ranks.take(held_p)
    laid_info = layout.laid.take(mine)
    top, invested = laid_info & 15, laid_info >> 4
    started = (mine != 0) | (((a["committed"][m] >> layout.suit_column) & 1) != 0)
    hs, hc, lowv = held & 127, (held >> 7) & 15, held >> 11
    low_rank, inv_rank = held_ranks & 15, held_ranks >> 4
    live_unseen = (unseen >> shifts) & lay_p
    gaps = layout.gaps.take((live_unseen >> layout.investments << 4) | np.maximum(lowv, top))  # a live low is above the top
    gap = gaps & 63
    numbers = hs * u16 + ((gaps >> 6) & 63) * reach16
    cards = hc * u16 + ((gaps >> 12) & 15) * reach16
    cost_u, bonus_u, bonus_at_u = i16(rules.cost) * u16, i16(rules.bonus) * u16, i16(rules.bonus_at) * u16
    p0 = numbers - cost_u + bonus_u * (cards >= bonus_at_u)
    p1 = 2 * (numbers - cost_u) + bonus_u * (cards + u16 >= bonus_at_u)
    theirs = (a["laid"][o] >> shifts) & pattern
    codes = (started | (theirs != 0) << 1 | (layout.laid.take(theirs) >> 4) << 2).astype(np.int64) << layout.suit_column * 4
    started_mask = (started * layout.suit_column_masks).sum(axis=0)
    waiting_cards = h & lay & np.int64(layout.numbers_mask) & started_mask
    waiting = np.bitwise_count(waiting_cards).astype(i16)
    codes = codes.sum(axis=0)

    # rule 6 first: the cheapest discard (rules 3 and 5 compare with it)
    cheapest_key = np.full(n, 1 << 30, dtype=np.int64)
    left = h.copy() if hold is None else np.where(h & ~hold != 0, h & ~hold, h)
    for _ in range(rules.hand_size):
        c = left & -left
        left ^= c
        index = np.minimum(np.bitwise_count(c - 1).astype(np.int64), 63)  # no card left: 64, kept out below
        at = ((codes >> layout.suit4.take(index)) & 15) << 8 | index << 2 | ((c & lay) != 0) << 1 | ((c & other_open) != 0)
        np.minimum(cheapest_key, np.where(c != 0, layout.keep.take(at) << 6 | index, 1 << 30), out=cheapest_key)
    cheapest = (cheapest_key >> 6).astype(i16)
    throw = np.int64(1) << (cheapest_key & 63)

    # rules 2 to 5, every suit at once
    has_low = low_rank != 15
    has_inv = inv_rank != 15
    more = started & (top == 0) & has_inv & (hs >= INVEST_HELD + INVEST_STEP * invested) & (plays16 >= hc + 2)
    going = started & ~more & has_low
    free = going & (gap == 0)
    going &= ~free & (gap * reach16 * (1 + invested) <= (cheapest + CONTINUE_GAP) * u16)
    room = ~started & (hc + waiting < plays16)
    invest = room & has_inv & (hs >= INVEST_HELD) & (plays16 >= hc + 3) & (p1 > p0) & (p1 > START_MARGIN * u16)
    start = room & ~invest & has_low & (p0 > START_MARGIN * u16) & ((gap * reach16 <= (cheapest + START_GAP) * u16)
                                                                   | (plays16 <= hc + 2))
    if hold is not None:  # a card held this turn is offered by no rule (the rules still value it)
        held_inv = ((hold >> (shifts + inv_rank.astype(np.int64))) & 1 != 0) & has_inv
        held_low = ((hold >> (shifts + low_rank.astype(np.int64))) & 1 != 0) & has_low
        more &= ~held_inv
        invest &= ~held_inv
        free &= ~held_low
        going &= ~held_low
        start &= ~held_low
    # the best offer: highest tier, then lowest value (an investment 0, a start the best promise
    # first, else the lowest card), then the first suit; |value| < 2**14
    p0_, p1_, lowv_ = p0.astype(np.int32), p1.astype(np.int32), lowv.astype(np.int32)
    key = (more * (INVEST_MORE << 15) + invest * ((START_INVESTED << 15) + p1_) + start * ((START << 15) + p0_)
           + free * ((FREE << 15) - lowv_) + going * ((CONTINUE << 15) - lowv_) + (1 << 14)) * 8 + layout.suit_order32
    top_key = key.max(axis=0)
    pick = (7 - (top_key & 7)).astype(np.int64)
    columns = layout.columns[:n]
    rank = np.where(more | invest, inv_rank, low_rank).ravel().take(pick * n + columns).astype(np.int64)
    played = np.where(top_key >= 1 << 18, np.int64(1) << (rank + pick * ranks), 0)

    # rule 1: hurry
    hurry = (waiting > 0) & (waiting >= plays)
    if hurry.any():
        drop = waiting.astype(np.int64) - plays
        threshold = np.zeros(n, dtype=np.int64)
        for t in rules.numbers:
            threshold = np.where(np.bitwise_count(waiting_cards & layout.up_to[t]) <= drop, t, threshold)
        kept = (waiting_cards & ~layout.up_to.take(threshold) & (~hold if hold is not None else -1)) >> shifts & pattern
        kept_key = np.where(kept != 0, layout.low_value.take(kept) << 3, 1 << 20) + layout.suit_column
        first = kept_key.min(axis=0) & 7
        hurry_card = layout.low_bit.take(kept.ravel().take(first * n + columns)) << (first * ranks)
        played = np.where(hurry, hurry_card, played)
    kind = np.where(played != 0, PLAY, DISCARD)
    card = np.where(played != 0, played, throw)
    return kind, card, _counting_draw(layout, a, kind, card, lay, unseen, started_mask)


def _counting_draw(layout: CountingLayout, a: dict[str, IntArray], kind: IntArray, card: IntArray, lay: IntArray,
                   unseen: IntArray, started_mask: IntArray) -> IntArray:
    """Rule 7 for every active row (``unseen``: the numbers the seat cannot place)."""
    rules = layout.rules
    n = card.size
    source = np.full(n, DECK, dtype=np.int64)
    may_take = a["turns"] - rules.draw_deck_after_deal + a["deck_left"] < extra_allowance(rules.draw_deck_after_deal)
    info = layout.card.take(np.bitwise_count(card - 1).astype(np.int64))
    card_suit = info & 15
    is_play = kind == PLAY
    suit_mask = layout.suit_mask_of.take(card_suit)
    after = lay & ~np.where(is_play & (info > 15), ((card << 1) - 1) & suit_mask, 0)
    # the pile tops the seat could lay on a started suit (or the one it starts now), not the pile it discards onto
    ours = np.where(is_play, started_mask | suit_mask, started_mask & ~suit_mask) & after
    tops = layout.code_bit[0].take(a["piles"][0] & 15)
    for p in range(1, layout.suits):
        tops |= layout.code_bit[p].take(a["piles"][p] & 15)
    rows = np.flatnonzero(((tops & ours) != 0) & may_take)
    if not rows.size:
        return source
    fits, open_unseen = tops[rows] & ours[rows], after[rows] & unseen[rows]
    best, chosen = np.zeros(rows.size, dtype=np.int64), np.full(rows.size, DECK, dtype=np.int64)
    for p in range(layout.suits):
        t = fits & layout.suit_masks[p]
        between = np.bitwise_count((t - 1) & layout.suit_masks[p] & open_unseen).astype(np.int64)
        value = layout.card.take(np.bitwise_count(t - 1).astype(np.int64)) >> 4
        score = np.where((t != 0) & (between <= 1), FIT + value - 10 * between, 0)
        better = score > best
        chosen = np.where(better, p, chosen)
        best = np.where(better, score, best)
    source[rows] = chosen
    return source


def _apply_counting(layout: CountingLayout, a: dict[str, IntArray], m: int, kind: IntArray, card: IntArray,
                    source: IntArray) -> npt.NDArray[np.bool_]:
    """Apply one action in every active row; returns the rows whose deck ran out."""
    ranks, n = layout.ranks, card.size
    index = np.bitwise_count(card - 1).astype(np.int64)
    info = layout.card.take(index)
    suit = info & 15
    a["hands"][m] ^= card
    a["known"][m] &= ~card
    play = kind == PLAY
    closes = ((card << 1) - 1) & layout.suit_mask_of.take(suit)
    a["laid"][m] |= np.where(play, card, 0)
    a["open"][m] &= ~np.where(play & (info > 15), closes, 0)
    if not a["piles"].flags.c_contiguous:
        a["piles"] = np.ascontiguousarray(a["piles"])
    onto = np.flatnonzero(kind == DISCARD)  # the discards go onto their piles (a stack of codes: rank + 1)
    if onto.size:
        piles = a["piles"].reshape(-1)  # a view: the piles are contiguous
        at = suit[onto] * n + onto
        piles[at] = (piles[at] << 4) | (index[onto] - suit[onto] * ranks + 1)
        a["pile_cards"][onto] |= card[onto]
    gone = np.flatnonzero(kind == REMOVE)
    if gone.size:
        a["gone"][gone] |= card[gone]
    off_deck = source == DECK
    drawn_card = np.take_along_axis(a["deck"], np.minimum(a["drawn"], a["deck"].shape[1] - 1)[:, None], axis=1)[:, 0]
    drawn_card = np.where(off_deck, drawn_card, 0)
    taken = np.flatnonzero(source >= 0)  # a card off a pile: the top of the stack
    if taken.size:
        piles = a["piles"].reshape(-1)
        at = source[taken] * n + taken
        top = piles[at] & 15
        bit = np.int64(1) << (source[taken] * ranks + top - 1)
        piles[at] >>= 4
        drawn_card[taken] = bit
        a["pile_cards"][taken] &= ~bit
        a["known"][m][taken] |= bit
    a["hands"][m] |= drawn_card
    a["drawn"] += off_deck
    a["deck_left"] -= off_deck
    a["stall"] = np.where((source >= 0) & ~play, a["stall"] + 1, 0)  # a card taken out of the game counts as a discard
    a["turns"] += 1
    ended: npt.NDArray[np.bool_] = off_deck & (a["deck_left"] == 0)
    return ended


def play_counting(state: CountingState, *, forced: dict[int, Forced] | None = None, record: bool = False,
                  max_turns: int = TURN_CAP) -> dict[str, Any]:
    """Play every position of ``state`` to the end of its round, both seats with the counting policy
    (``expeditions.bots.counting``), except where ``forced`` (turn number from now -> ``Forced``)
    says otherwise. Returns per row: ``laid`` (2, rows), ``plays`` per seat (2, rows: turns taken
    from now on), ``discards`` per seat, ``turns`` (from now on), ``pile_draws``, ``ends`` (an index
    into ``END_CODES``) and, with ``record``, ``moves``: per turn, the rows still playing and the
    kind, card bit and source of each. Rows are played ``COUNTING_BATCH`` at a time."""
    if state.rows <= COUNTING_BATCH:
        return _play_counting(state, forced or {}, record, max_turns)
    parts = []
    for start in range(0, state.rows, COUNTING_BATCH):
        rows = np.arange(start, min(start + COUNTING_BATCH, state.rows))
        part_forced = {k: Forced(f.kind[rows], f.card[rows], f.source[rows], f.hold[rows]) for k, f in (forced or {}).items()}
        part = _play_counting(state.take(rows), part_forced, record, max_turns)
        if record:
            part["moves"] = [(ids + start, *rest) for ids, *rest in part["moves"]]
        parts.append(part)
    out: dict[str, Any] = {key: np.concatenate([p[key] for p in parts], axis=-1) for key in ("laid", "plays", "discards",
                                                                                           "turns", "pile_draws", "ends")}
    if record:
        steps = max(len(p["moves"]) for p in parts)
        out["moves"] = [tuple(np.concatenate([p["moves"][t][k] for p in parts if t < len(p["moves"])]) for k in range(4))
                        for t in range(steps)]
    return out


def _play_counting(state: CountingState, forced: dict[int, Forced], record: bool, max_turns: int) -> dict[str, Any]:
    layout = counting_layout(state.rules)
    rules = layout.rules
    n = state.rows
    names = [f for f in _STATE_ARRAYS if f != "deck"]
    a: dict[str, IntArray] = {f: getattr(state, f) for f in names}
    deck = state.deck
    a["deck"] = deck
    ids = np.arange(n)
    out: dict[str, Any] = {"laid": np.zeros((2, n), dtype=np.int64), "plays": np.zeros((2, n), dtype=np.int64),
                           "discards": np.zeros((2, n), dtype=np.int64), "turns": np.zeros(n, dtype=np.int64),
                           "pile_draws": np.zeros(n, dtype=np.int64), "ends": np.zeros(n, dtype=np.int64)}
    plays = np.zeros((2, n), dtype=np.int64)
    discards = np.zeros((2, n), dtype=np.int64)
    pile_draws = np.zeros(n, dtype=np.int64)
    moves: list[tuple[IntArray, IntArray, IntArray, IntArray]] = []
    stall_limit = rules.stall_limit
    step = 0
    seat = state.to_move
    while ids.size:
        order = forced.get(step)
        hold = None if order is None else order.hold[ids]
        if hold is not None and not hold.any():
            hold = None
        kind, card, source = _counting_choice(layout, a, seat, hold)
        if order is not None:
            chosen = order.kind[ids] >= 0
            kind = np.where(chosen, order.kind[ids], kind)
            card = np.where(chosen, order.card[ids], card)
            source = np.where(chosen, order.source[ids], source)
        if record:
            moves.append((ids.copy(), kind.copy(), card.copy(), source.copy()))
        plays[seat, ids] += 1
        discards[seat, ids] += kind != PLAY
        pile_draws[ids] += source >= 0
        ended = _apply_counting(layout, a, seat, kind, card, source)
        step += 1
        code = np.zeros(ids.size, dtype=np.int64)
        if stall_limit:
            stalled = ~ended & (a["stall"] >= stall_limit)
            code[stalled] = 1
            ended |= stalled
        if step >= max_turns:
            code[~ended] = 2
            ended[:] = True
        if ended.any():
            done = np.flatnonzero(ended)
            rows = ids[done]
            out["laid"][:, rows] = a["laid"][:, done]
            out["ends"][rows] = code[done]
            out["turns"][rows] = step
            keep = ~ended
            ids = ids[keep]
            for f in a:
                a[f] = a[f][keep] if a[f].ndim == 1 or f == "deck" else np.ascontiguousarray(a[f][:, keep])
        seat = 1 - seat
    out["plays"], out["discards"], out["pile_draws"] = plays, discards, pile_draws
    if record:
        out["moves"] = moves
    return out



COUNTING_BATCH = 8_192
"""Rounds the counting policy plays at once: its arrays of every suit then stay small enough for the cache."""


def expedition_scores(layout: CountingLayout, laid: IntArray) -> IntArray:
    """Each expedition's score, shape (suits, rows), for masks of the cards one side laid."""
    table = points_table(layout.rules)
    pattern = np.int64(layout.pattern)
    out = np.zeros((layout.suits, laid.size), dtype=np.int64)
    values = np.array([0] * layout.investments + list(layout.rules.numbers), dtype=np.int64)
    for s in range(layout.suits):
        p = (laid >> (s * layout.ranks)) & pattern
        numbers = np.zeros(laid.size, dtype=np.int64)
        for r in range(layout.investments, layout.ranks):
            numbers += ((p >> r) & 1) * values[r]
        investments = np.bitwise_count(p & ((1 << layout.investments) - 1)).astype(np.int64)
        out[s] = table[numbers, investments, np.bitwise_count(p).astype(np.int64)]
    return out


def counting_result(layout: CountingLayout, out: dict[str, Any]) -> dict[str, IntArray]:
    """``play_counting``'s output in ``BatchResult``'s terms: scores and discards per round and seat."""
    scores = np.stack([expedition_scores(layout, out["laid"][side]).sum(axis=0) for side in (0, 1)], axis=1)
    return {"scores": scores, "discards": out["discards"].T.copy(), "turns": out["turns"], "pile_draws": out["pile_draws"],
            "ends": out["ends"]}
