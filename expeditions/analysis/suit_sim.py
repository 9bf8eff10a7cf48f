"""Model 2, the suit simulation: the suit's cards arrive in random order, and a sound laying
policy decides what goes down; a card that arrives below your top is lost.

Assumptions:

- as in model 1, every draw is off the deck and the unseen cards lie in random order, so which of
  the suit's cards reach you, and at which of your draws, is the arrival order of a shuffled deck
  (the set of arriving cards has model 1's law exactly);
- you play the suit and nothing stops you: whenever the policy wants to lay a card of the suit it
  has the play for it, your other plays go to other suits or to discards, and your hand has room
  for the cards it waits with;
- the laying policy, at each of your plays, lays at most one card of the suit:
  1. an investment, while no number is down, you hold one and the expedition has fewer than the
     investments you aim for;
  2. else your lowest number above the top, when it is due: nothing unseen lies between the top
     and it (waiting cannot win a lower card) and no investment you aim for is still to come, or
     you hold at least as many cards of the suit as you have plays left (waiting longer would
     strand one: if you hold more, the lowest are given up, as the tips advise), or this is your
     first play and you decided to start now;
- a card below the top when it arrives is lost; one that arrives after your last useful draw
  never counts; an expedition that gets no card scores 0.

The policy never gives up a card it could have laid without losing another, so the model's loss
against model 1 is the price of the arrival order and of committing now.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from ..cards import Card
from ..errors import AnalysisError
from ..rules import Rules
from .exact import check_investments, current_score, decision_text, option_text
from .situation import SuitSituation
from .stats import Estimate, ExpeditionValue, IntArray, distribution_of, mean_estimate, points, proportion_estimate

NEVER = 1 << 20
"""The arrival play of a card that does not reach the hand in time."""


def arrival_plays(suits: Sequence[SuitSituation], n: int, rng: np.random.Generator) -> list[IntArray]:
    """For each suit, ``plays[i, j]``: at which of your plays (1 = the next one) the suit's unseen
    card ``j`` is first in hand in simulation ``i``, or ``NEVER`` if it does not arrive in time.
    A suit's cards are its unseen investments, then its unseen numbers, as in ``exact.arrivals``.
    All suits share one shuffle of the unseen cards, as in a real deck."""
    if not suits:
        return []
    out = suits[0].outlook
    counts = [s.unseen_investments + len(s.unseen_numbers) for s in suits]
    # The place of every unseen card in a shuffled order: your draws in time take the first
    # ``draws_in_time`` places, the one in place j arriving for your play j + 2.
    place = np.argsort(np.argsort(rng.random((n, out.unseen)), axis=1), axis=1)[:, : sum(counts)].astype(np.int64)
    plays = np.where(place < out.draws_in_time, place + 2, NEVER)
    edges = np.cumsum([0, *counts])
    return [plays[:, edges[i] : edges[i + 1]] for i in range(len(suits))]


def simulate_suit(situation: SuitSituation, rules: Rules, investments: int, arrive: IntArray,
                  start_now: bool = True, first_move: str = "") -> dict[str, IntArray]:
    """Run the laying policy once per row of ``arrive`` (from ``arrival_plays``); returns arrays
    ``score``, ``cards``, ``investments`` and ``numbers_seen`` (the total of the suit's live numbers
    in hand or arriving in time). ``first_move`` decides the first play instead of the policy:
    ``"lay"`` lays the lowest live number held, ``"wait"`` lays nothing of the suit."""
    check_investments(situation, investments)
    if first_move not in ("", "lay", "wait"):
        raise AnalysisError(f"first_move is 'lay', 'wait' or '' (the policy decides), got {first_move!r}")
    plays = situation.outlook.plays
    n = arrive.shape[0]
    n_inv = situation.unseen_investments
    values = situation.unseen_numbers
    # Values as bit masks (bit v for value v); per play, the values and investments arriving.
    arriving_values = np.zeros((plays + 2, n), dtype=np.int64)
    arriving_investments = np.zeros((plays + 2, n), dtype=np.int64)
    sims = np.arange(n)
    for j in range(arrive.shape[1]):
        when = np.minimum(arrive[:, j], plays + 1)
        if j < n_inv:
            np.add.at(arriving_investments, (when, sims), 1)
        else:
            np.bitwise_or.at(arriving_values, (when, sims), 1 << values[j - n_inv])
    arriving_values[plays + 1] = 0
    arriving_investments[plays + 1] = 0
    seen_values = np.bitwise_or.accumulate(arriving_values, axis=0)
    seen_investments = np.cumsum(arriving_investments, axis=0)
    unseen_all = 0
    for v in values:
        unseen_all |= 1 << v

    held = np.full(n, sum(1 << v for v in situation.held_numbers), dtype=np.int64)
    held_inv = np.full(n, situation.held_investments, dtype=np.int64)
    top = np.full(n, situation.top, dtype=np.int64)
    total = np.full(n, sum(situation.laid_numbers), dtype=np.int64)
    cards = np.full(n, situation.laid_cards, dtype=np.int64)
    invested = np.full(n, situation.laid_investments, dtype=np.int64)
    in_time = arrive[:, n_inv:] <= plays
    seen_total = sum(situation.held_numbers) + (in_time * np.array(values, dtype=np.int64)).sum(axis=1)
    numbered = np.full(n, bool(situation.laid_numbers))
    for t in range(1, plays + 1):
        left = plays - t + 1
        live = ~((np.int64(2) << top) - 1)  # values above the top
        held |= arriving_values[t]
        held &= live
        held_inv += np.where(numbered, 0, arriving_investments[t])
        want = ~numbered & (invested < investments)
        lay_inv = want & (held_inv > 0)
        wanted_held = np.where(numbered, 0, np.minimum(held_inv, investments - invested))
        lowest_now = held & -held
        # The crunch: more cards to lay than plays left: give up the lowest numbers.
        while True:
            over = (np.bitwise_count(held).astype(np.int64) + wanted_held > left) & (held != 0)
            if not over.any():
                break
            held = np.where(over, held & (held - 1), held)
        crunch = np.bitwise_count(held).astype(np.int64) + wanted_held >= left
        low = held & -held
        between = (low - 1) & ~((np.int64(2) << top) - 1)
        unseen_now = unseen_all & ~seen_values[t]
        investments_to_come = n_inv - seen_investments[t] > 0
        waits_for_investment = want & investments_to_come & (invested + held_inv < investments)
        nothing_to_wait = ((unseen_now & between) == 0) & ~waits_for_investment
        first = (t == 1) and start_now and not situation.started
        lay_num = ~lay_inv & (low != 0) & (nothing_to_wait | crunch | (first & ~waits_for_investment))
        if t == 1 and first_move:
            low = lowest_now if first_move == "lay" else np.zeros(n, dtype=np.int64)
            lay_inv = np.zeros(n, dtype=bool)
            lay_num = low != 0
        value = np.bitwise_count(low - 1).astype(np.int64)
        invested += lay_inv
        held_inv -= lay_inv
        top = np.where(lay_num, value, top)
        total += np.where(lay_num, value, 0)
        cards += lay_inv | lay_num
        held = np.where(lay_num, held & ~low, held)
        numbered |= lay_num
    return {
        "score": points(rules, total, invested, cards),
        "cards": cards,
        "investments": invested,
        "numbers_seen": seen_total,
    }


def suit_values(suits: Sequence[SuitSituation], rules: Rules, investments: Sequence[Sequence[int]] | None = None, *,
                n: int = 20_000, seed: int | None = 0) -> list[ExpeditionValue]:
    """Model 2 for several suits: for each suit and each investment count (default: every count
    the expedition can end with), the expected final score when you start it now and lay by the
    policy, from ``n`` simulations. All rows share the same ``n`` shuffles (common random numbers)."""
    if n < 2:
        raise AnalysisError(f"the suit simulation needs at least 2 simulations for an interval, got n={n}")
    rng = np.random.default_rng(seed)
    arrivals = arrival_plays(suits, n, rng)
    out = []
    for k, situation in enumerate(suits):
        counts = situation.investments_possible if investments is None else investments[k]
        for m in counts:
            sim = simulate_suit(situation, rules, m, arrivals[k])
            value = mean_estimate(sim["score"])
            out.append(ExpeditionValue(
                model="suit",
                suit=situation.suit,
                investments=m,
                decision=decision_text(situation, m),
                value=value,
                gain=value,
                bonus_chance=proportion_estimate(int((sim["cards"] >= rules.bonus_at).sum()), n),
                distribution=distribution_of(sim["score"]),
                numbers_seen=mean_estimate(sim["numbers_seen"]),
            ))
    return out


def suit_value(situation: SuitSituation, rules: Rules, investments: int = 0, *, n: int = 20_000,
               seed: int | None = 0) -> ExpeditionValue:
    """Model 2 for one suit and one investment count."""
    return suit_values([situation], rules, [[investments]], n=n, seed=seed)[0]


def suit_options(suits: Sequence[SuitSituation], rules: Rules, lays: Sequence[Card | None],
                 investments_held: Sequence[Sequence[Card]], *, n: int = 20_000, seed: int | None = 0) -> list[ExpeditionValue]:
    """Model 2 for every option of every suit (``exact.OPTIONS``): ``lays[k]`` the card "lay" lays
    now (``None``: none may go down), ``investments_held[k]`` the investments in hand. Lay lays the
    card on the first play; invest lays the investments in hand first; wait lays nothing of the suit
    on the first play; after that the laying policy plays the cards as they come (so wait and invest
    assume the cards waited for arrive as the deck deals them). All options share the same ``n``
    shuffles (common random numbers), the same as ``suit_values``'s, so the difference of lay and
    invest from waiting (``against_wait``) is measured deal by deal."""
    if n < 2:
        raise AnalysisError(f"the suit simulation needs at least 2 simulations for an interval, got n={n}")
    arrivals = arrival_plays(suits, n, np.random.default_rng(seed))
    out = []
    for situation, arrive, lay, held in zip(suits, arrivals, lays, investments_held, strict=True):
        never = current_score(situation, rules)
        runs: list[tuple[str, int, str, dict[str, IntArray]]] = []
        if lay is not None:
            runs.append(("lay", situation.laid_investments, str(lay),
                         simulate_suit(situation, rules, situation.laid_investments, arrive, first_move="lay")))
        for m in range(1, len(held) + 1):
            if situation.outlook.plays > m:
                count = situation.laid_investments + m
                runs.append(("invest", count, " ".join(map(str, held[:m])), simulate_suit(situation, rules, count, arrive)))
        runs.append(("wait", situation.laid_investments, "",
                     simulate_suit(situation, rules, situation.laid_investments, arrive, first_move="wait")))
        waiting = runs[-1][3]["score"]
        for option, count, card, sim in runs:
            value = mean_estimate(sim["score"])
            gain = Estimate(value.value - never, value.low - never, value.high - never, value.samples)
            out.append(ExpeditionValue(
                model="suit", suit=situation.suit, investments=count,
                decision=option_text(situation, option, card=card, investments=count), value=value, gain=gain,
                bonus_chance=proportion_estimate(int((sim["cards"] >= rules.bonus_at).sum()), n),
                distribution=distribution_of(sim["score"]), numbers_seen=mean_estimate(sim["numbers_seen"]),
                option=option, card=card,
                against_wait=None if option == "wait" else mean_estimate(sim["score"] - waiting)))
        out.append(ExpeditionValue(
            model="suit", suit=situation.suit, investments=situation.laid_investments, decision=option_text(situation, "never"),
            value=Estimate.exact(never), gain=Estimate.exact(0.0),
            bonus_chance=Estimate.exact(float(situation.laid_cards >= rules.bonus_at)), distribution=((never, 1.0),),
            option="never"))
    return out
