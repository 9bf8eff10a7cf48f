"""The ladder of bots (what notebook 6 shows): each level against the one below it and against the weakest, on
duplicate deals, with what every pairing must satisfy, how each bot plays, and what the Expert's budget buys.

``pairing`` plays two bots of ``expeditions.bots.BOTS`` (the Expert with a given budget) with
``tournament.tournament``; ``check`` asserts what holds for any bots (every deal twice with the seats swapped, the
wins adding up, a pairing and its mirror adding up to 1); the rest turns results into the rows of tables and
charts and into sentences, each number with its 95% interval.
"""

from __future__ import annotations

import functools
import math
import resource
import time
from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np

from ..bots import BOTS, BotFactory, Expert
from ..rules import Rules
from .strategy_tips import verdict
from .tournament import Pairing, TournamentResult, seatings, tournament

Pair = tuple[str, str]
Results = Mapping[Pair, TournamentResult]
Row = dict[str, Any]

LEVELS = tuple(BOTS)
"""The bots, weakest first."""


def ladder(levels: Sequence[str] = LEVELS) -> list[Pair]:
    """Each level against the one below it, then the levels above the second against the weakest."""
    return [(levels[i], levels[i - 1]) for i in range(1, len(levels))] + [(level, levels[0]) for level in levels[2:]]


def steps(pairs: Sequence[Pair], levels: Sequence[str] = LEVELS) -> list[Pair]:
    """The pairs of a level and the one right below it."""
    return [pair for pair in pairs if levels.index(pair[1]) == levels.index(pair[0]) - 1]


def factories(rollouts: int, candidates: int) -> dict[str, BotFactory]:
    """The bots by name, the Expert with ``rollouts`` per move among its ``candidates`` best-looking moves."""
    return {**BOTS, "Expert": functools.partial(Expert, rollouts=rollouts, candidates=candidates)}


def pairing(first: str, second: str, rules: Rules, *, deals: int, seed: int, workers: int, rollouts: int,
            candidates: int) -> TournamentResult:
    """``first`` against ``second`` on ``deals`` duplicate deals."""
    bots = factories(rollouts, candidates)
    return tournament({first: bots[first], second: bots[second]}, rules, deals=deals, seed=seed, workers=workers)


def cpu_seconds() -> float:
    """Processor time of this process and of the worker processes it has finished with."""
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    return time.process_time() + children.ru_utime + children.ru_stime


def check(results: Results, rules: Rules) -> str:
    """What must hold in every pairing, whatever the bots (asserted): every deal twice with the seats swapped, the
    wins of both bots adding up to the rounds, a pairing and its mirror adding up to 1, intervals around their
    estimates, every turn a play, a discard or a pass. Says how many pairings were checked."""
    for (first, second), result in results.items():
        p, mirror = result.pairing(first, second), result.pairing(second, first)
        assert p.win_rate.low <= p.win_rate.value <= p.win_rate.high
        assert p.difference.low <= p.difference.value <= p.difference.high
        assert math.isclose(p.win_rate.value + mirror.win_rate.value, 1) and p.difference.value == -mirror.difference.value
        seated: dict[int, list[tuple[str, ...]]] = {}
        points = {first: 0.0, second: 0.0}
        for g in result.games:
            seated.setdefault(g.deal, []).append(g.bots)
            a, b = (g.scores[rules.side_of(g.bots.index(name))] for name in (first, second))
            points[first] += (a > b) + (a == b) / 2
            points[second] += (b > a) + (a == b) / 2
            assert sum(s.plays + s.discards + s.passes for s in g.seats) == g.turns
        assert len(seated) == p.deals and all(sorted(s) == sorted(seatings(rules, first, second)) for s in seated.values())
        assert points[first] + points[second] == p.rounds == 2 * p.deals and points[first] == p.wins
    return f"{len(results)} pairings checked"


def interval(e: Any) -> str:
    """A mean difference with its 95% interval: ``+3.1 [+1.2, +5.0]``."""
    return f"{e.value:+.1f} [{e.low:+.1f}, {e.high:+.1f}]"


def pairing_rows(results: Results) -> list[Row]:
    """One row per pairing: the deals, the tied rounds, the first bot's win rate and mean difference."""
    return [{"pairing": f"{p.first} vs {p.second}", "deals": p.deals, "tied rounds": p.ties,
             "first wins [95%]": p.win_rate.percent(), "mean difference [95%]": interval(p.difference)}
            for p in (result.pairing(*pair) for pair, result in results.items())]


def estimate_rows(results: Results, rules: Rules) -> list[Row]:
    """The first bot's win rate (%) and mean difference per pairing, for a chart with 95% intervals."""
    rows: list[Row] = []
    for (first, second), result in results.items():
        p = result.pairing(first, second)
        row = {"pairing": f"{first} vs {second}", "rule set": rules.name}
        rows += [{**row, "measure": "win rate", "value": 100 * p.win_rate.value, "low": 100 * p.win_rate.low,
                  "high": 100 * p.win_rate.high},
                 {**row, "measure": "difference", "value": p.difference.value, "low": p.difference.low,
                  "high": p.difference.high}]
    return rows


def pairing_words(p: Pairing) -> str:
    return f"wins {p.win_rate.percent(0)} of the rounds, by {interval(p.difference)} points a round"


def ladder_words(results: Results, pairs: Sequence[Pair]) -> str:
    """Whether the ladder holds at every step, each pairing in a line, and the smallest step."""
    climbed = steps(pairs)
    unclear = [f"{a} over {b}" for a, b in climbed if results[a, b].pairing(a, b).win_rate.low <= 0.5]
    smallest = min(climbed, key=lambda pair: results[pair].pairing(*pair).difference.value)
    head = ("At this run's size the ladder holds at every step: each bot beats the one below it, the whole interval above "
            "50%." if not unclear else f"At this run's size the ladder is not clear at every step: {', '.join(unclear)} has "
            "an interval that reaches 50%.")
    lines = [f"- **{a}** {pairing_words(results[a, b].pairing(a, b))} against **{b}**" for a, b in pairs]
    last = (f"The smallest step is the {smallest[0]}'s over the {smallest[1]}"
            + (": the Expert's search starts from the Heuristic's own judgement and corrects it only where the rollouts "
               "show a clear difference." if smallest == ("Expert", "Heuristic") else "."))
    bench = ("`benchmarks/bot_strength.py` plays the same pairings on many more deals, for narrower intervals "
             "(`benchmarks/RESULTS.md`).")
    return "\n\n".join([head, "\n".join(lines), last, bench])


def style_rows(results: Results, rules: Rules, levels: Sequence[str] = LEVELS) -> list[Row]:
    """How each bot plays, per round, against each opponent: its mean score, plays, discards, their share, pile draws,
    expeditions opened, investments, bonuses (and the rounds the stall rule ended, where there is one)."""
    rows: list[Row] = []
    for (first, second), result in results.items():
        for b in result.bots:
            row: Row = {"bot": b.name, "against": second if b.name == first else first, "rounds": b.rounds,
                        "mean score [95%]": f"{b.score.value:.1f} [{b.score.low:.1f}, {b.score.high:.1f}]",
                        "plays": _rounded(b.plays, 1), "discards": _rounded(b.discards, 1),
                        "discard share": f"{b.discard_share:.0%}", "pile draws": _rounded(b.pile_draws, 1),
                        "opened": _rounded(b.opened, 2), "investments": _rounded(b.investments, 2),
                        "bonuses": _rounded(b.bonuses, 2)}
            if rules.stall_limit:
                row["stalled rounds"] = b.stalled
            rows.append(row)
    return sorted(rows, key=lambda r: (levels.index(r["bot"]), levels.index(r["against"])))


def _rounded(x: float, digits: int) -> float:
    """``x`` rounded as numpy and pandas round a table's numbers (``round`` itself rounds some halves the other way)."""
    return float(np.round(x, digits))


def style_words(results: Results, rules: Rules, levels: Sequence[str] = LEVELS) -> str:
    """Each bot's play per round, averaged over its opponents, in a line."""
    stats = [b for result in results.values() for b in result.bots]
    lines = []
    for bot in levels:
        mine = [b for b in stats if b.name == bot]
        if mine:
            share, draws, opened, invested, bonuses = (sum(column) / len(mine) for column in zip(
                *((b.discard_share, b.pile_draws, b.opened, b.investments, b.bonuses) for b in mine), strict=True))
            lines.append(f"- **{bot}** discards {share:.0%} of its plays and discards, takes {draws:.1f} cards a round off "
                         f"the piles, opens {opened:.1f} expeditions, lays {invested:.1f} investments and makes {bonuses:.2f} "
                         "bonuses a round")
    if rules.stall_limit:
        lines.append(f"\n{sum(b.stalled for b in stats)} of these rounds ended by the stall rule: only players who keep "
                     "drawing off the piles run into it.")
    return "\n".join(lines)


def discard_rows(results: Results, levels: Sequence[str] = LEVELS) -> tuple[list[Row], list[Row]]:
    """Every bot's discards per round and their share of its plays, against each opponent (chart rows, with 95%
    intervals), and the Expert's against the strategy tips' "about 9 a round, over 40% of its plays" (the verdicts)."""
    rows: list[Row] = []
    verdicts: list[Row] = []
    for (first, second), result in results.items():
        for bot, against in ((first, second), (second, first)):
            per_round, share = result.discards(bot)
            assert math.isclose(per_round.value, result.bot(bot).discards) and math.isclose(share.value, result.bot(bot).discard_share)
            row = {"bot": bot, "against": against}
            rows += [{**row, "measure": "per round", "value": per_round.value, "low": per_round.low, "high": per_round.high},
                     {**row, "measure": "share", "value": 100 * share.value, "low": 100 * share.low, "high": 100 * share.high}]
            if bot == "Expert":
                verdicts.append({"against": against, "rounds": result.bot(bot).rounds, "discards per round": per_round.format(1),
                                 "about 9": verdict(per_round, 9, "about"), "share of its plays": share.format(1, percent=True),
                                 "over 40%": verdict(share, 0.40, "over")})
    rows.sort(key=lambda r: (levels.index(r["against"]), levels.index(r["bot"])))  # the colours in the order of the levels
    return rows, verdicts


def the(bot: str) -> str:
    """``the Heuristic``, but ``Random``."""
    return bot if bot == "Random" else f"the {bot}"


def discard_words(results: Results, verdicts: Sequence[Row]) -> str:
    """What the numbers show for the Expert's discards, with the Heuristic's beside them."""
    lines = [f"- against **{the(row['against'])}**: {row['discards per round']} discards a round (\"about 9\": "
             f"{row['about 9']}), {row['share of its plays']} of its plays and discards (\"over 40%\": {row['over 40%']})"
             for row in verdicts]
    heuristic = [(against, results[pair].discards("Heuristic")[1]) for pair in results if "Heuristic" in pair
                 for against in pair if against != "Heuristic"]
    return ("What the numbers show for the Expert:\n\n" + "\n".join(lines) + "\n\nThe count depends on the opponent as much "
            "as on the Expert: an opponent who draws off the piles makes the round longer. The Heuristic, which the Expert "
            "builds on, discards " + ", ".join(f"{share.format(0, percent=True)} of its plays against {the(against)}"
                                               for against, share in heuristic) + ".")


def budget_rows(results: Mapping[int, TournamentResult], cpu: Mapping[int, float]) -> tuple[list[Row], list[Row]]:
    """The Expert against the Heuristic by budget (rollouts a move): the chart's rows (win rate, 95% intervals) and
    the table's (with the processor seconds per Expert move)."""
    chart, table = [], []
    for budget in sorted(results):
        result = results[budget]
        p = result.pairing("Expert", "Heuristic")
        moves = sum(s.plays + s.discards + s.passes for g in result.games for n, s in zip(g.bots, g.seats, strict=True)
                    if n == "Expert")
        chart.append({"budget": f"{budget} rollouts", "value": 100 * p.win_rate.value, "low": 100 * p.win_rate.low,
                      "high": 100 * p.win_rate.high})
        table.append({"rollouts per move": budget, "deals": p.deals, "Expert wins [95%]": p.win_rate.percent(),
                      "mean difference [95%]": interval(p.difference),
                      "Expert discards per round": round(result.bot("Expert").discards, 1),
                      "CPU seconds per Expert move": round(cpu[budget] / moves, 2)})
    return chart, table


def budget_words(results: Mapping[int, TournamentResult], table: Sequence[Row]) -> str:
    """Each budget in a line, and those whose whole interval lies above 50%."""
    lines = [f"- {row['rollouts per move']} rollout{'s' if row['rollouts per move'] != 1 else ''} a move: the Expert wins "
             f"{row['Expert wins [95%]']} of the rounds, {row['mean difference [95%]']} points a round, for "
             f"{row['CPU seconds per Expert move']} CPU seconds a move" for row in table]
    clear = [row["rollouts per move"] for row in table
             if results[row["rollouts per move"]].pairing("Expert", "Heuristic").win_rate.low > 0.5]
    lines.append("\nBudgets whose whole interval lies above 50%: " + (", ".join(map(str, clear)) if clear else "none at this size")
                 + ". Where two intervals overlap, these deals cannot tell the budgets apart; the benchmark "
                 "(`benchmarks/bot_strength.py`) is the place for finer differences.")
    return "The search must be given enough to work with:\n\n" + "\n".join(lines)


def compare_words(results: Results, rules: Rules, other_results: Results, other: Rules | None,
                  levels: Sequence[str] = LEVELS) -> str:
    """The same pairings under two rule sets, in lines, and each bot's discards per round under both."""
    if other is None:
        return "No other rule set in this run."
    lines = []
    for first, second in other_results:
        here, there = results[first, second].pairing(first, second), other_results[first, second].pairing(first, second)
        lines.append(f"- **{first}** against **{second}**: wins {there.win_rate.percent(0)} under {other.name}, "
                     f"{here.win_rate.percent(0)} under {rules.name}; {there.difference.value:+.1f} points a round against "
                     f"{here.difference.value:+.1f}")
    discards = []
    for bot in levels:
        a = [results[p].bot(bot).discards for p in other_results if bot in p]
        b = [other_results[p].bot(bot).discards for p in other_results if bot in p]
        if a:
            discards.append(f"{bot} {sum(a) / len(a):.1f} → {sum(b) / len(b):.1f}")
    why = " With more cards in hand a careful player has more to choose from." if other.hand_size > rules.hand_size else ""
    lines.append(f"\nDiscards per round, {rules.name} → {other.name}: {', '.join(discards)}.{why}")
    return "\n".join(lines)


__all__ = ["LEVELS", "budget_rows", "budget_words", "check", "compare_words", "cpu_seconds", "discard_rows",
           "discard_words", "estimate_rows", "factories", "ladder", "ladder_words", "pairing", "pairing_rows",
           "pairing_words", "steps", "style_rows", "style_words", "the"]
