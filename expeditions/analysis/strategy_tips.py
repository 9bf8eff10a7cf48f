"""The strategy tips of the rules summary (document 001), every number in them computed.

``tips(rules)`` gives one row per number in the tips: which tip it belongs to (``TIP_TEXTS``, the
tips in the document's words, each shown whole), the claim, the value computed under ``rules``
(exact where the rules decide it, simulated with its 95% interval otherwise), how the value is
counted (``convention``), a ``note`` of what else the computation shows, and a verdict by the one
verdict rule below. Under other rule sets the claims are still the 001 document's, so the rows
show how the rules move the numbers (8-card hands, five expeditions, the bonus at 8 cards, ...);
rows that only make sense for some rule sets (four seats, the solitaire) appear only there.

The verdict rule, the same for every row, every rule set and every report of this project:

    A claim holds when the computed number agrees with it: an exact claim ("come to 14") when the
    number is equal, an "about" claim when the number is within 5% of it, an "over" claim when the
    whole 95% interval lies above the bound; a simulated number also holds an exact or "about" claim
    when its 95% interval contains the claimed number. A claim holds roughly when the number is
    within 25% of it: an "about" claim within 25% either way, an "over" claim when the number is at
    least three quarters of the bound; an exact claim is never roughly right. Otherwise the claim
    does not hold.

``all_tips()`` computes the table for every rule set, on any ``concurrent.futures`` executor.
"""

from __future__ import annotations

import html
import random
from collections.abc import Callable, Iterable, Sequence
from concurrent.futures import Executor
from dataclasses import dataclass, replace
from typing import Any

import numpy as np

from ..arguments import shown, whole_number
from ..bots import BotFactory, Expert, play_out, uniform_policy
from ..bots.policies import playout
from ..engine import deal_table, spec_for
from ..errors import AnalysisError
from ..round import deal
from ..rules import PRESETS, Rules
from ..rules import rules as get_rules
from ..scoring import expedition_points
from . import batch
from .exact import exact_value, numbers_line
from .parallel import check_pool, parallel_map
from .situation import observation_for, outlook_of, situations
from .stats import Z95, Estimate, mean_estimate, proportion_estimate
from .suit_sim import suit_values

HOLDS, ROUGHLY, FAILS = "holds", "roughly", "does not hold"
EXACT, ABOUT, OVER = "exact", "about", "over"

VERDICT_RULE = (
    'A claim holds when the computed number agrees with it: an exact claim ("come to 14") when the number is equal, an '
    '"about" claim when the number is within 5% of it, an "over" claim when the whole 95% interval lies above the bound; '
    'a simulated number also holds an exact or "about" claim when its 95% interval contains the claimed number. A claim '
    'holds roughly when the number is within 25% of it: an "about" claim within 25% either way, an "over" claim when the '
    "number is at least three quarters of the bound; an exact claim is never roughly right. Otherwise the claim does not "
    "hold."
)
"""The verdict rule in words, as the module docs state it; notebook 4 and ``benchmarks/RESULTS.md`` state it too."""

TIP_TEXTS: tuple[str, ...] = (
    "An expedition costs 20 before it pays. 2, 3, 4 and 5 together come to 14, so the decision that matters is the first "
    "card on an expedition, not the fifth.",
    "Count what an expedition can bring you. Over a two-player round, the numbers of one suit that reach your hand come to "
    "about 22 plus 60% of what you already hold in it. That counts every card you’ll see, not the ones you’ll manage to "
    "play in order, so it’s a ceiling: a suit you hold nothing of barely pays its 20 even if every card arrives in the "
    "right order.",
    "A round is about 18 plays each. The deck starts at 36 and every draw off it uses one card, so two players get 18 plays "
    "each, and every card either of you takes off a discard pile adds one more turn to the round. At four seats each "
    "partner gets about 9, which is 18 for the team, and the solitaire plays all 24 of its cards.",
    "Lay an investment only when the numbers to justify it are already in your hand. It must go down before any number, "
    "and the multiplier applies to a loss too: ×2 on −14 is −28.",
    "Six cards in one expedition pays a flat 20. Investments count toward the six, and the bonus comes after the "
    "multiplier, so it’s the same 20 whether the expedition is doubled or not. It’s reachable in anything you commit to, "
    "which makes depth the thing to play for: a sixth card is worth its own value plus twenty.",
    "Discarding is part of the game. The Expert bot discards about 9 times a round, over 40% of its plays. Four "
    "expeditions at 20 each means most hands hold more than you can use, so the real choice is which card goes. The safe "
    "throw is a number both sides have already played past.",
    "Your discards are your opponent’s draw pile. Their board shows which 20-point bets they have made, and a 9 thrown "
    "into one of those is a 9 handed over.",
    "Play low cards early or lose them. A 2 goes down only before any other number, so if you mean to set off, set off "
    "early.",
)
"""The strategy tips of document 001, in its words, in its order."""


@dataclass(frozen=True)
class Tip:
    """One number of the strategy tips, checked under one rule set."""

    rules: str
    claim: str
    """The words of the tip that state the number, from document 001."""
    claimed: float | None
    """The number the tip states."""
    value: Estimate
    """The number computed under ``rules``: exact, or simulated with its 95% interval."""
    unit: str
    convention: str
    """How the value is counted."""
    verdict: str
    """``holds``, ``roughly`` or ``does not hold``, by the verdict rule (see the module docs)."""
    note: str = ""
    """What else the computation shows, apart from how it is counted."""
    kind: str = EXACT
    """What the claim says of its number: ``exact``, ``about`` or ``over`` (the verdict rule reads it)."""
    tip: int = 0
    """Which tip of ``TIP_TEXTS`` the claim belongs to (0 for the first)."""

    @property
    def exact(self) -> bool:
        return self.value.is_exact

    @property
    def tip_text(self) -> str:
        """The whole tip, in the document's words."""
        return TIP_TEXTS[self.tip]

    @property
    def shown(self) -> str:
        """The computed number as shown: with its unit, and its 95% interval when simulated."""
        return _shown(self)


def verdict(value: Estimate, claimed: float, kind: str = ABOUT) -> str:
    """The verdict rule (see the module docs): ``holds``, ``roughly`` or ``does not hold`` for the
    computed ``value`` against the ``claimed`` number of an ``exact``, ``about`` or ``over`` claim."""
    if kind not in (EXACT, ABOUT, OVER):
        raise AnalysisError(f"a claim is {EXACT!r}, {ABOUT!r} or {OVER!r}, not {kind!r}")
    if kind == OVER:
        if value.low > claimed:
            return HOLDS
        return ROUGHLY if value.value >= 0.75 * claimed else FAILS
    off = abs(value.value - claimed)
    if off <= (1e-9 if kind == EXACT else 0.05 * abs(claimed)) or (not value.is_exact and value.contains(claimed)):
        return HOLDS
    return ROUGHLY if kind == ABOUT and off <= 0.25 * abs(claimed) else FAILS


def _row(r: Rules, claim: str, claimed: float, value: Estimate, unit: str, convention: str, kind: str, note: str = "") -> Tip:
    return Tip(r.name, claim, claimed, value, unit, convention, verdict(value, claimed, kind), note, kind)


@dataclass(frozen=True)
class TipsTable:
    """Rows of ``Tip``, for one rule set or several. Shown grouped by tip: the tip's whole text, then
    each claim beside its computed number and verdict, how it is counted, and the note."""

    rows: tuple[Tip, ...]

    def records(self) -> list[dict[str, Any]]:
        return [{"rules": t.rules, "tip": t.tip + 1, "claim": t.claim, "claimed": t.claimed, "value": t.value.value,
                 "low": t.value.low, "high": t.value.high, "exact": t.exact, "unit": t.unit, "kind": t.kind,
                 "verdict": t.verdict, "convention": t.convention, "note": t.note} for t in self.rows]

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

    def _groups(self) -> list[tuple[int, list[Tip]]]:
        by_tip: dict[int, list[Tip]] = {i: [] for i in range(len(TIP_TEXTS))}
        for t in self.rows:
            by_tip[t.tip].append(t)
        return list(by_tip.items())

    def __str__(self) -> str:
        lines = []
        for i, rows in self._groups():
            lines.append(f"Tip {i + 1}. {TIP_TEXTS[i]}")
            if not rows:
                lines.append("    (no number to compute)")
            for t in rows:
                lines.append(f"  [{t.rules}] {t.claim}\n    = {t.shown}: {t.verdict}\n    counted: {t.convention}")
                if t.note:
                    lines.append(f"    note: {t.note}")
        return "\n".join(lines)

    def __repr__(self) -> str:
        return f"<TipsTable: {len(self.rows)} rows over {len({t.rules for t in self.rows})} rule set(s)>"

    def _repr_html_(self) -> str:
        cell = "padding:3px 8px;border-bottom:1px solid #ddd;text-align:left;vertical-align:top"
        several = len({t.rules for t in self.rows}) > 1
        heads = (["rules"] if several else []) + ["claim", "computed", "verdict", "how it is counted", "note"]
        head = "".join(f"<th style='{cell}'>{h}</th>" for h in heads)
        body = []
        for i, rows in self._groups():
            body.append(f"<tr data-tip='{i + 1}'><td colspan='{len(heads)}' style='{cell};background:#f4f4f0'><b>Tip {i + 1}.</b> "
                        f"{html.escape(TIP_TEXTS[i])}{'' if rows else ' <i>(no number to compute)</i>'}</td></tr>")
            for t in rows:
                cells = ([t.rules] if several else []) + [t.claim, t.shown, t.verdict, t.convention, t.note]
                body.append("<tr>" + "".join(f"<td style='{cell}'>{html.escape(c)}</td>" for c in cells) + "</tr>")
        return (f"<table class='xp-tips' style='border-collapse:collapse;font-family:sans-serif;font-size:13px'>"
                f"<thead><tr>{head}</tr></thead><tbody>{''.join(body)}</tbody></table>")


def _shown(t: Tip) -> str:
    percent = t.unit == "%"
    digits = 1 if percent or not t.exact or t.value.value != int(t.value.value) else 0
    return t.value.format(digits, percent=percent) + ("" if percent or not t.unit else f" {t.unit}")


# --- the tips, one function per number ----------------------------------------------------------
TipMaker = Callable[[Rules, "Settings"], list[Tip]]


@dataclass(frozen=True)
class Settings:
    """How hard to work: simulated rounds and deals, the seed, and the bot of the discard tip (the Expert by default)."""

    rounds: int = 20_000
    """Rounds of the batch simulator or the engine for the simulated rows."""
    bot_rounds: int = 200
    """Rounds played by the bot for the discard tip (bots play through the public API, slowly)."""
    deals: int = 200
    """Opening hands averaged over for the bonus tip."""
    seed: int = 0
    bot: BotFactory | None = None
    workers: int | None = 1
    """Processes for the bot's rounds (``None``: every core; 1: in this process)."""
    progress: bool = False
    """Show a progress bar over the bot's rounds (the long part)."""


def _first_numbers(r: Rules, s: Settings) -> list[Tip]:
    low = r.numbers[:4]
    total = sum(low)
    return [_row(r, "2, 3, 4 and 5 together come to 14, so the decision that matters is the first card on an expedition",
                 14, Estimate.exact(total), "points", f"the four lowest numbers, {' + '.join(map(str, low))}", EXACT,
                 f"Still {r.cost - total} short of the expedition's cost of {r.cost}." if total < r.cost else "")]


def _numbers_line(r: Rules, s: Settings) -> list[Tip]:
    if r.players > 2:  # the tip counts a two-player round (and the solitaire reads the same way)
        return []
    intercept, slope = numbers_line(r)
    check = _numbers_line_check(r, s)
    convention = ("numbers of one suit in your opening hand or drawn in time to be played (your last draw comes too "
                  "late), every draw off the deck; exact hypergeometric count (model 1), seat that moves first")
    simulated = f"Simulated on the engine's deals: {check[0].format(1)} + {check[1].format(1, percent=True)} of what you hold."
    rows = [
        _row(r, "the numbers of one suit that reach your hand come to about 22 ...", 22, Estimate.exact(intercept),
             "points", convention, ABOUT, simulated),
        _row(r, "... plus 60% of what you already hold in it", 0.6, Estimate.exact(slope), "%", convention, ABOUT),
        _row(r, "a suit you hold nothing of barely pays its 20 even if every card arrives in the right order", r.cost,
             Estimate.exact(intercept), "points", "expected total of the numbers that reach you from a suit you hold "
             f"nothing of; 'pays' read as: over the cost of {r.cost}", OVER,
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
    rows = [_row(r, "the deck starts at 36", 36, Estimate.exact(deck), "cards",
                 f"{r.deck_size} cards" + (f", {r.set_aside} set aside" if r.set_aside else "")
                 + f", less {r.players} hand{'s' if r.players > 1 else ''} of {r.hand_size}", EXACT)]
    if r.players == 2:
        each = deck / 2
        rows.append(_row(r, "a round is about 18 plays each", 18, Estimate.exact(each), "plays",
                         "the deck after the deal shared by the two players, every draw off the deck", ABOUT))
    if r.partnerships:
        each = deck / r.players
        rows.append(_row(r, "at four seats each partner gets about 9", 9, Estimate.exact(each), "plays",
                         "the deck after the deal shared by the four seats, every draw off the deck, no passes", ABOUT))
        rows.append(_row(r, "... which is 18 for the team", 18, Estimate.exact(2 * each), "plays", "both partners' plays", ABOUT))
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
    return _row(r, "the solitaire plays all 24 of its cards", 24, Estimate.exact(r.deck_size - r.set_aside), "plays",
                "cards not set aside, every one played or discarded: play goes on after the deck until the hand is empty",
                EXACT, f"Simulated: {share.format(1, percent=True)} of {n} random rounds took exactly that many turns.")


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
    return _row(r, "every card either of you takes off a discard pile adds one more turn to the round", 1.0, share, "%",
                f"share of rounds ended by the deck whose turns are exactly {deck} plus the draws off a pile{passes}; "
                f"uniform random play, {n:,} rounds ({source})", EXACT)


def _investment_loss(r: Rules, s: Settings) -> list[Tip]:
    value = expedition_points(r.cost - 14, 1, 3, r)
    return [_row(r, "the multiplier applies to a loss too: ×2 on −14 is −28", -28, Estimate.exact(value), "points",
                 f"an expedition of numbers worth {r.cost - 14} and one investment: ({r.cost - 14} − {r.cost}) × 2", EXACT)]


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
        _row(r, "the bonus comes after the multiplier, so it's the same 20 whether the expedition is doubled or not", 20,
             bonus, "points", f"score with {n} cards less the multiplied numbers, for 0 to {r.investments} investments", EXACT),
        _row(r, "a sixth card is worth its own value plus twenty", 29, plain, "points",
             "the 9 laid as sixth card on 4 5 6 7 8 (no investment)", EXACT,
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
    return _row(r, f"{'six' if r.bonus_at == 6 else r.bonus_at} cards are reachable in anything you commit to",
                0.5, value, "%", f"chance that the suit you hold most of at the deal, started at once with the "
                f"investments you hold, reaches {r.bonus_at} cards (model 2, {s.deals} random hands); 'reachable' read "
                "as: more likely than not, over 50%", OVER, f"Model 1's ceiling for the same hands: {float(np.mean(ceilings)):.0%}.")


def _expeditions_cost(r: Rules, s: Settings) -> list[Tip]:
    total = len(r.suits) * r.cost
    return [_row(r, "four expeditions at 20 each", 80, Estimate.exact(total), "points", f"{len(r.suits)} expeditions × {r.cost}",
                 EXACT)]


def bot_discards(bot: BotFactory, rules: Rules | str = "expeditions", rounds: int = 200, *, seed: int = 0,
                 executor: Executor | None = None, workers: int | None = 1, progress: bool = False) -> tuple[Estimate, Estimate]:
    """How often a bot discards when it plays every seat: discards per seat and round, and the share
    of its plays (plays and discards, not passes) that are discards, each with its 95% interval.
    ``executor``/``workers``/``progress`` as in ``parallel_map`` (a bar over the rounds)."""
    r = get_rules(rules)
    _check_bot(bot)
    if isinstance(rounds, bool) or not isinstance(rounds, int) or rounds < 2:
        raise AnalysisError(f"rounds must be at least 2 for an interval, got {shown(rounds)}")
    whole_number(seed, "seed", least=0, error=AnalysisError)
    counts = parallel_map(_bot_round, [(bot, r, seed, i) for i in range(rounds)], executor=executor, workers=workers,
                          progress=progress, description=f"{_bot_name(bot)} bot's rounds, {r.name}")
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


def _bot_name(factory: BotFactory) -> str:
    return str(getattr(factory, "name", getattr(factory, "__name__", "bot")))


def _discards(r: Rules, s: Settings) -> list[Tip]:
    factory = s.bot if s.bot is not None else Expert
    name = _bot_name(factory)
    per_round, share = bot_discards(factory, r, s.bot_rounds, seed=s.seed, workers=s.workers, progress=s.progress)
    convention = f"the {name} bot in every seat, {s.bot_rounds} rounds"
    return [
        _row(r, "the Expert bot discards about 9 times a round", 9, per_round, "discards",
             convention + "; discards per seat and round", ABOUT,
             "" if name == "Expert" else f"Measured with the {name} bot, not the Expert."),
        _row(r, "... over 40% of its plays", 0.40, share, "%", convention + "; discards among plays and discards", OVER),
    ]


TIPS: tuple[tuple[TipMaker, int], ...] = ((_first_numbers, 0), (_numbers_line, 1), (_round_length, 2), (_investment_loss, 3),
                                         (_bonus, 4), (_expeditions_cost, 5), (_discards, 5))
"""Every number of the tips, in the order of the document, with the tip (of ``TIP_TEXTS``) it belongs to."""


def tips(rules: Rules | str = "expeditions", *, rounds: int = 20_000, bot_rounds: int = 200, deals: int = 200,
         seed: int = 0, bot: BotFactory | None = None, workers: int | None = 1, progress: bool = False) -> TipsTable:
    """Every number of the strategy tips, computed under ``rules``.

    ``rounds``: rounds simulated for the simulated rows; ``bot_rounds``: rounds the bot plays for
    the discard tip (``bot``: a bot factory; default the Expert bot, whom the tip names), on
    ``workers`` processes (1: in this process), with a progress bar if ``progress``; ``deals``:
    opening hands for the bonus tip. Numbers fixed by the rules are exact."""
    r = get_rules(rules)
    whole_number(rounds, "rounds", least=2, error=AnalysisError)
    whole_number(bot_rounds, "bot_rounds", least=2, error=AnalysisError)
    whole_number(deals, "deals", least=2, error=AnalysisError)
    whole_number(seed, "seed", least=0, error=AnalysisError)
    if bot is not None:
        _check_bot(bot)
    check_pool(None, workers, progress)
    settings = Settings(rounds, bot_rounds, deals, seed, bot, workers, progress)
    rows: list[Tip] = []
    for make, tip in TIPS:
        rows += [replace(row, tip=tip) for row in make(r, settings)]
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
