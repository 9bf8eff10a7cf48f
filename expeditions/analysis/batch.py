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
from ..engine import spec_for
from ..errors import AnalysisError
from ..rules import Rules
from ..rules import rules as get_rules
from .parallel import check_pool, parallel_map
from .stats import Estimate, IntArray, mean_estimate, points_table, proportion_estimate

POLICIES = ("playable", "uniform")
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


def play_batch(rules: Rules, policy: str, rounds: int, *, by: str = "card", seed: int | np.random.SeedSequence | None = None,
               batch: int = 16_384) -> BatchResult:
    """``rounds`` random rounds in batches of ``batch`` rounds, in this process."""
    _check_choice(policy, by)
    layout = layout_for(rules)
    rng = np.random.default_rng(seed)
    left = rules.draw_deck_after_deal
    parts = []
    for start in range(0, rounds, batch):
        size = min(batch, rounds - start)
        decks = shuffled_bits(layout, size, rng)
        if policy == "playable":
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
