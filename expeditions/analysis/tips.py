"""The strategy tips of the rules summary (document 001), every number in them computed.

``tips(rules)`` gives one row per number in the tips: the claim in the document's words, the
value computed under ``rules`` (exact where the rules decide it, simulated with its 95% interval
otherwise), the counting convention behind the value, and a verdict against the number the tip
states: "holds" (within 5%, or inside the interval), "roughly" (within 25%), or "does not hold".
Under other rule sets the claims are still the 001 document's, so the rows show how the rules move
the numbers (8-card hands, five expeditions, the bonus at 8 cards, ...); rows that only make
sense for some rule sets (four seats, the solitaire) appear only there.

``all_tips()`` computes the table for every rule set, on any ``concurrent.futures`` executor.
"""

from __future__ import annotations

import html
import random
from collections.abc import Callable, Iterable, Sequence
from concurrent.futures import Executor
from dataclasses import dataclass
from typing import Any

import numpy as np

from ..arguments import shown, whole_number
from ..bots import BOTS, BotFactory, play_out, uniform_policy
from ..bots.policies import playout
from ..engine import deal_table, spec_for
from ..errors import AnalysisError
from ..round import deal
from ..rules import PRESETS, Rules
from ..rules import rules as get_rules
from ..scoring import expedition_points
from . import batch
from .exact import exact_value, numbers_line
from .parallel import parallel_map
from .situation import observation_for, outlook_of, situations
from .stats import Z95, Estimate, mean_estimate, proportion_estimate
from .suit_sim import suit_values

HOLDS, ROUGHLY, FAILS = "holds", "roughly", "does not hold"


@dataclass(frozen=True)
class Tip:
    """One number of the strategy tips, checked under one rule set."""

    rules: str
    claim: str
    """The tip's words, from document 001."""
    claimed: float | None
    """The number the tip states (``None`` where it states none)."""
    value: Estimate
    """The number computed under ``rules``: exact, or simulated with its 95% interval."""
    unit: str
    convention: str
    """How the value is counted."""
    verdict: str
    note: str = ""

    @property
    def exact(self) -> bool:
        return self.value.is_exact


def verdict_about(value: Estimate, claimed: float) -> str:
    """"about X": holds within 5% (or when the interval covers X), roughly within 25%."""
    if value.contains(claimed) or abs(value.value - claimed) <= 0.05 * abs(claimed):
        return HOLDS
    return ROUGHLY if abs(value.value - claimed) <= 0.25 * abs(claimed) else FAILS


def verdict_exact(value: Estimate, claimed: float) -> str:
    """An exact claim: holds when equal (or covered by the interval)."""
    return HOLDS if abs(value.value - claimed) < 1e-9 or (not value.is_exact and value.contains(claimed)) else FAILS


def verdict_over(value: Estimate, bound: float) -> str:
    """"over X": holds when the whole interval is above, roughly when the value is within 25% of it."""
    if value.low > bound:
        return HOLDS
    return ROUGHLY if value.value >= 0.75 * bound else FAILS


@dataclass(frozen=True)
class TipsTable:
    """Rows of ``Tip``, for one rule set or several."""

    rows: tuple[Tip, ...]

    def records(self) -> list[dict[str, Any]]:
        return [{"rules": t.rules, "claim": t.claim, "claimed": t.claimed, "value": t.value.value, "low": t.value.low,
                 "high": t.value.high, "exact": t.exact, "unit": t.unit, "convention": t.convention, "verdict": t.verdict,
                 "note": t.note} for t in self.rows]

    def to_frame(self) -> Any:
        """The rows as a pandas DataFrame (pandas is imported here, on first use)."""
        import pandas as pd

        return pd.DataFrame.from_records(self.records())

    def where(self, rules: str) -> TipsTable:
        return TipsTable(tuple(t for t in self.rows if t.rules == rules))

    def find(self, text: str, rules: str | None = None) -> Tip:
        """The first row whose claim contains ``text`` (under ``rules``, if given)."""
        for t in self.rows:
            if text.lower() in t.claim.lower() and (rules is None or t.rules == rules):
                return t
        raise AnalysisError(f"no tip mentions {text!r}" + (f" under the {rules} rules" if rules else ""))

    def _lines(self) -> list[list[str]]:
        return [[t.rules, t.claim, _shown(t), t.verdict or "—", t.convention + (f" {t.note}" if t.note else "")]
                for t in self.rows]

    def __str__(self) -> str:
        return "\n".join(f"[{r}] {c}\n    = {v}   ({verdict})" for r, c, v, verdict, _ in self._lines())

    def __repr__(self) -> str:
        return f"<TipsTable: {len(self.rows)} rows over {len({t.rules for t in self.rows})} rule set(s)>"

    def _repr_html_(self) -> str:
        head = "".join(f"<th>{h}</th>" for h in ("rules", "claim", "computed", "verdict", "how it is counted"))
        body = "".join("<tr>" + "".join(f"<td>{html.escape(c)}</td>" for c in line) + "</tr>" for line in self._lines())
        return f"<table><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>"


def _shown(t: Tip) -> str:
    percent = t.unit == "%"
    digits = 1 if percent or not t.exact or t.value.value != int(t.value.value) else 0
    return t.value.format(digits, percent=percent) + ("" if percent or not t.unit else f" {t.unit}")


# --- the tips, one function per number ----------------------------------------------------------
TipMaker = Callable[[Rules, "Settings"], list[Tip]]


@dataclass(frozen=True)
class Settings:
    """How hard to work: simulated rounds and deals, the seed, and the bot of the discard tip."""

    rounds: int = 20_000
    """Rounds of the batch simulator or the engine for the simulated rows."""
    bot_rounds: int = 200
    """Rounds played by the bot for the discard tip (bots play through the public API, slowly)."""
    deals: int = 200
    """Opening hands averaged over for the bonus tip."""
    seed: int = 0
    bot: BotFactory | None = None


def strongest_bot() -> tuple[str, BotFactory]:
    """The Expert bot when it exists, else the strongest bot there is."""
    if "Expert" in BOTS:
        return "Expert", BOTS["Expert"]
    name = list(BOTS)[-1]
    return name, BOTS[name]


def _first_numbers(r: Rules, s: Settings) -> list[Tip]:
    low = r.numbers[:4]
    total = sum(low)
    return [Tip(r.name, "2, 3, 4 and 5 together come to 14, so the decision that matters is the first card on an expedition",
                14, Estimate.exact(total), "points", f"the four lowest numbers, {' + '.join(map(str, low))}",
                verdict_exact(Estimate.exact(total), 14),
                f"Still {r.cost - total} short of the expedition's cost of {r.cost}." if total < r.cost else "")]


def _numbers_line(r: Rules, s: Settings) -> list[Tip]:
    if r.players > 2:  # the tip counts a two-player round (and the solitaire reads the same way)
        return []
    intercept, slope = numbers_line(r)
    check = _numbers_line_check(r, s)
    convention = ("numbers of one suit in your opening hand or drawn in time to be played (your last draw comes too "
                  "late), every draw off the deck; exact hypergeometric count (model 1), seat that moves first")
    simulated = f"Simulated on the engine's deals: {check[0].format(2)} + {check[1].format(3, percent=True)} of what you hold."
    rows = [
        Tip(r.name, "the numbers of one suit that reach your hand come to about 22 ...", 22, Estimate.exact(intercept),
            "points", convention, verdict_about(Estimate.exact(intercept), 22), simulated),
        Tip(r.name, "... plus 60% of what you already hold in it", 0.6, Estimate.exact(slope), "%", convention,
            verdict_about(Estimate.exact(slope), 0.6)),
        Tip(r.name, "a suit you hold nothing of barely pays its 20 even if every card arrives in the right order", r.cost,
            Estimate.exact(intercept), "points", "expected total of the numbers that reach you from a suit you hold "
            f"nothing of, against the cost of {r.cost}; 'barely pays' holds from {r.cost} to {1.25 * r.cost:g}",
            HOLDS if r.cost <= intercept <= 1.25 * r.cost else (ROUGHLY if intercept >= 0.9 * r.cost else FAILS),
            f"{intercept - r.cost:+.1f} over the cost; model 1's expected ceiling score of such a suit: "
            f"{_empty_suit_ceiling(r):.1f} points (the bonus included)."),
    ]
    return rows


def _empty_suit_ceiling(r: Rules) -> float:
    """Model 1 for a suit the opening hand holds none of (any hand without that suit will do)."""
    suit = r.suits[-1]
    hand = [c for c in r.deck if c.suit != suit][: r.hand_size]
    sit = situations(observation_for(hand, r))[suit]
    return exact_value(sit, r, 0).value.value


def _numbers_line_check(r: Rules, s: Settings) -> tuple[Estimate, Estimate]:
    """The same line, fitted by least squares on random deals of the engine (all suits pooled)."""
    spec = spec_for(r)
    rng = random.Random(s.seed)
    plays_before_last = _first_seat_plays(r) - 1
    held, total = [], []
    suit_cards = [[c for c in range(len(spec.cards)) if spec.suit_of[c] == k] for k in range(spec.n_suits)]
    for _ in range(max(50, s.rounds // 20)):
        order = spec.deck_ids[:]
        rng.shuffle(order)
        t = deal_table(spec, order, 0)
        arriving = t.deck[::-1][:: r.players][:plays_before_last] if not r.play_on_after_deck else t.deck[::-1]
        for cards in suit_cards:
            h = sum(spec.value_of[c] for c in t.hands[0] if c in cards)
            a = sum(spec.value_of[c] for c in arriving if c in cards)
            held.append(h)
            total.append(h + a)
    x, y = np.array(held, dtype=float), np.array(total, dtype=float)
    slope, intercept = np.polyfit(x, y, 1)
    residual = y - (intercept + slope * x)
    sigma2 = residual @ residual / (x.size - 2)
    sxx = ((x - x.mean()) ** 2).sum()
    se_slope = np.sqrt(sigma2 / sxx)
    se_intercept = np.sqrt(sigma2 * (1 / x.size + x.mean() ** 2 / sxx))
    return (Estimate(float(intercept), float(intercept - Z95 * se_intercept), float(intercept + Z95 * se_intercept), x.size),
            Estimate(float(slope), float(slope - Z95 * se_slope), float(slope + Z95 * se_slope), x.size))


def _first_seat_plays(r: Rules) -> int:
    """The plays of the seat that moves first, at the start of a round, counting deck draws only."""
    return outlook_of(observation_for(r.deck[: r.hand_size], r)).plays


def _round_length(r: Rules, s: Settings) -> list[Tip]:
    deck = r.draw_deck_after_deal
    rows = [Tip(r.name, "the deck starts at 36", 36, Estimate.exact(deck), "cards",
                f"{r.deck_size} cards" + (f", {r.set_aside} set aside" if r.set_aside else "")
                + f", less {r.players} hand{'s' if r.players > 1 else ''} of {r.hand_size}",
                verdict_exact(Estimate.exact(deck), 36))]
    if r.players == 2:
        each = deck / 2
        rows.append(Tip(r.name, "a round is about 18 plays each", 18, Estimate.exact(each), "plays",
                        "the deck after the deal shared by the two players, every draw off the deck",
                        verdict_about(Estimate.exact(each), 18)))
    if r.partnerships:
        each = deck / r.players
        rows.append(Tip(r.name, "at four seats each partner gets about 9", 9, Estimate.exact(each), "plays",
                        "the deck after the deal shared by the four seats, every draw off the deck, no passes",
                        verdict_about(Estimate.exact(each), 9)))
        rows.append(Tip(r.name, "... which is 18 for the team", 18, Estimate.exact(2 * each), "plays",
                        "both partners' plays", verdict_about(Estimate.exact(2 * each), 18)))
    if r.play_on_after_deck:
        rows.append(_solitaire_plays(r, s))
    if r.draw_from_piles:
        rows.append(_pile_draws_add_turns(r, s))
    return rows


def _solitaire_plays(r: Rules, s: Settings) -> Tip:
    spec = spec_for(r)
    rng = random.Random(s.seed)
    n = max(100, s.rounds // 50)
    all_cards = 0
    for _ in range(n):
        order = spec.deck_ids[:]
        rng.shuffle(order)
        t = playout(deal_table(spec, order, 0), [uniform_policy], rng)
        all_cards += t.turns == r.deck_size - r.set_aside
    share = proportion_estimate(all_cards, n)
    return Tip(r.name, "the solitaire plays all 24 of its cards", 24, Estimate.exact(r.deck_size - r.set_aside), "plays",
               "cards not set aside, every one played or discarded: play goes on after the deck until the hand is empty",
               verdict_exact(Estimate.exact(r.deck_size - r.set_aside), 24),
               f"Simulated: {share.format(1, percent=True)} of {n} random rounds took exactly that many turns.")


def _pile_draws_add_turns(r: Rules, s: Settings) -> Tip:
    """Checked on rounds where draws off the piles are common (uniform random play)."""
    deck = r.draw_deck_after_deal
    try:
        result = batch.simulate(r, "uniform", s.rounds, seed=s.seed)
        by_deck = result.ends == 0
        extra = result.turns[by_deck] - result.pile_draws[by_deck]
        n, fits, source = int(by_deck.sum()), int((extra == deck).sum()), "batch simulator"
    except AnalysisError:  # rule sets the batch simulator does not play: the engine
        spec = spec_for(r)
        rng = random.Random(s.seed)
        n = fits = 0
        for _ in range(max(100, s.rounds // 50)):
            order = spec.deck_ids[:]
            rng.shuffle(order)
            t = playout(deal_table(spec, order, 0), [uniform_policy] * r.players, rng)
            if t.end == "deck":
                n += 1
                fits += t.turns - t.pile_draws - t.passes == deck
        source = "engine"
    share = proportion_estimate(fits, n)
    passes = " and passes" if r.pass_cards else ""
    return Tip(r.name, "every card either of you takes off a discard pile adds one more turn to the round", 1.0, share, "%",
               f"share of rounds ended by the deck whose turns are exactly {deck} plus the draws off a pile{passes}; "
               f"uniform random play, {n:,} rounds ({source})", verdict_exact(share, 1.0))


def _investment_loss(r: Rules, s: Settings) -> list[Tip]:
    value = expedition_points(r.cost - 14, 1, 3, r)
    return [Tip(r.name, "the multiplier applies to a loss too: ×2 on −14 is −28", -28, Estimate.exact(value), "points",
                f"an expedition of numbers worth {r.cost - 14} and one investment: ({r.cost - 14} − {r.cost}) × 2",
                verdict_exact(Estimate.exact(value), -28))]


def _bonus(r: Rules, s: Settings) -> list[Tip]:
    n = r.bonus_at
    same = {expedition_points(30, m, n, r) - (30 - r.cost) * (1 + m) for m in range(r.investments + 1)}
    bonus = Estimate.exact(same.pop() if len(same) == 1 else float("nan"))
    # A sixth card, the 9, on 4 5 6 7 8 (no investment), and on the document's 46-point example J 4 5 7 8.
    plain = Estimate.exact(expedition_points(39, 0, 6, r) - expedition_points(30, 0, 5, r))
    doubled = expedition_points(33, 1, 6, r) - expedition_points(24, 1, 5, r)
    late = "" if n == 6 else (f" Under these rules the bonus needs {n} cards, so the sixth card adds only its value; "
                              f"the card that reaches {n} adds its value plus {r.bonus}.")
    return [
        Tip(r.name, "the bonus comes after the multiplier, so it's the same 20 whether the expedition is doubled or not", 20,
            bonus, "points", f"score with {n} cards less the multiplied numbers, for 0 to {r.investments} investments",
            verdict_exact(bonus, 20)),
        Tip(r.name, "a sixth card is worth its own value plus twenty", 29, plain, "points",
            "the 9 laid as sixth card on 4 5 6 7 8 (no investment)", verdict_exact(plain, 29),
            f"On a doubled expedition the card's value counts twice: the 9 that completes the document's "
            f"46-point example J 4 5 7 8 9 adds {doubled}." + late),
        _bonus_reachable(r, s),
    ]


def _bonus_reachable(r: Rules, s: Settings) -> Tip:
    """The chance that the suit you hold most of at the deal reaches the bonus (models 1 and 2)."""
    rng = random.Random(s.seed)
    deck = list(r.deck)
    chances, ceilings = [], []
    for _ in range(s.deals):
        rng.shuffle(deck)
        hand = deck[: r.hand_size]
        best = max(r.suits, key=lambda x: (sum(c.suit == x for c in hand), sum(c.value for c in hand if c.suit == x)))
        sit = situations(observation_for(hand, r))[best]
        m = sit.held_investments
        chances.append(suit_values([sit], r, [[m]], n=500, seed=rng.randrange(1 << 30))[0].bonus_chance.value)
        ceilings.append(exact_value(sit, r, m).bonus_chance.value)
    value = mean_estimate(chances)
    verdict = HOLDS if value.low >= 0.5 else ROUGHLY if value.value >= 0.25 else FAILS
    return Tip(r.name, f"{'six' if r.bonus_at == 6 else r.bonus_at} cards are reachable in anything you commit to",
               None, value, "%", f"chance that the suit you hold most of at the deal, started at once with the "
               f"investments you hold, reaches {r.bonus_at} cards (model 2, {s.deals} random hands); 'holds' from 50%",
               verdict, f"Model 1's ceiling for the same hands: {float(np.mean(ceilings)):.0%}.")


def _expeditions_cost(r: Rules, s: Settings) -> list[Tip]:
    total = len(r.suits) * r.cost
    return [Tip(r.name, "four expeditions at 20 each", 80, Estimate.exact(total), "points",
                f"{len(r.suits)} expeditions × {r.cost}", verdict_exact(Estimate.exact(total), 80))]


def bot_discards(bot: BotFactory, rules: Rules | str = "expeditions", rounds: int = 200, *, seed: int = 0,
                 executor: Executor | None = None, workers: int | None = 1) -> tuple[Estimate, Estimate]:
    """How often a bot discards when it plays every seat: discards per seat and round, and the share
    of its plays (plays and discards, not passes) that are discards, each with its 95% interval."""
    r = get_rules(rules)
    _check_bot(bot)
    if isinstance(rounds, bool) or not isinstance(rounds, int) or rounds < 2:
        raise AnalysisError(f"rounds must be at least 2 for an interval, got {shown(rounds)}")
    whole_number(seed, "seed", least=0, error=AnalysisError)
    counts = parallel_map(_bot_round, [(bot, r, seed, i) for i in range(rounds)], executor=executor, workers=workers)
    per_round = np.array([d / r.players for d, _ in counts])
    discards = sum(d for d, _ in counts)
    plays = sum(p for _, p in counts)
    return mean_estimate(per_round), proportion_estimate(discards, plays)


def _check_bot(bot: Any) -> None:
    if not callable(bot):
        raise AnalysisError(f"bot takes a bot factory (a bot class, or a function of a seed that makes a bot), got {shown(bot)}")


def _bot_round(job: tuple[BotFactory, Rules, int, int]) -> tuple[int, int]:
    factory, r, seed, i = job
    rnd = deal(r, seed=f"{seed}:{i}", starter=i % r.players)
    bots = [factory(seed * 7919 + i * r.players + k) for k in range(r.players)]
    done = play_out(rnd, bots)
    kinds = [m.kind for m in done.moves]
    return kinds.count("discard"), kinds.count("discard") + kinds.count("play")


def _discards(r: Rules, s: Settings) -> list[Tip]:
    name, factory = ("bot", s.bot) if s.bot is not None else strongest_bot()
    if s.bot is not None:
        name = getattr(s.bot, "name", getattr(s.bot, "__name__", "bot"))
    per_round, share = bot_discards(factory, r, s.bot_rounds, seed=s.seed)
    convention = f"the {name} bot in every seat, {s.bot_rounds} rounds"
    return [
        Tip(r.name, "the Expert bot discards about 9 times a round", 9, per_round, "discards",
            convention + "; discards per seat and round", verdict_about(per_round, 9),
            "" if name == "Expert" else f"Measured with the {name} bot, not the Expert."),
        Tip(r.name, "... over 40% of its plays", 0.40, share, "%", convention + "; discards among plays and discards",
            verdict_over(share, 0.40)),
    ]


TIPS: tuple[TipMaker, ...] = (_first_numbers, _numbers_line, _round_length, _investment_loss, _bonus, _expeditions_cost,
                              _discards)
"""Every tip, in the order of the document."""


def tips(rules: Rules | str = "expeditions", *, rounds: int = 20_000, bot_rounds: int = 200, deals: int = 200,
         seed: int = 0, bot: BotFactory | None = None) -> TipsTable:
    """Every number of the strategy tips, computed under ``rules``.

    ``rounds``: rounds simulated for the simulated rows; ``bot_rounds``: rounds the bot plays for
    the discard tip (``bot``: a bot factory; default the Expert bot, or the strongest bot there is);
    ``deals``: opening hands for the bonus tip. Numbers fixed by the rules are exact."""
    r = get_rules(rules)
    whole_number(rounds, "rounds", least=2, error=AnalysisError)
    whole_number(bot_rounds, "bot_rounds", least=2, error=AnalysisError)
    whole_number(deals, "deals", least=2, error=AnalysisError)
    whole_number(seed, "seed", least=0, error=AnalysisError)
    if bot is not None:
        _check_bot(bot)
    settings = Settings(rounds, bot_rounds, deals, seed, bot)
    rows: list[Tip] = []
    for make in TIPS:
        rows += make(r, settings)
    return TipsTable(tuple(rows))


def _tips_job(job: tuple[str | Rules, dict[str, Any]]) -> TipsTable:
    rules, options = job
    return tips(rules, **options)


def all_tips(rule_sets: Iterable[str | Rules] | None = None, *, executor: Executor | None = None, workers: int | None = None,
             progress: bool = False, **options: Any) -> TipsTable:
    """``tips`` for every rule set (default: every preset), one rule set per task on ``executor``
    (a local process pool by default; a Dask client's ``get_executor()`` works unchanged)."""
    if rule_sets is not None and (isinstance(rule_sets, str | Rules) or not isinstance(rule_sets, Iterable)):
        raise AnalysisError(f"rule_sets is a list of rule set names or Rules, got {shown(rule_sets)}")
    names: Sequence[str | Rules] = list(rule_sets) if rule_sets is not None else list(PRESETS)
    tables = parallel_map(_tips_job, [(n, options) for n in names], executor=executor, workers=workers,
                          progress=progress, description="tips")
    return TipsTable(tuple(t for table in tables for t in table.rows))
