"""The rule sets side by side in play: how long a round lasts, what the players score, and what depth and an
investment are worth, rule set by rule set (what notebook 5 shows).

``random_rounds`` plays random rounds of a rule set on the batch simulator where it can, else on the engine;
``engine_rounds`` lets a bot play every seat on the engine; ``PlayedRounds`` keeps what a table of them needs
(turns, pile draws, passes, how each ended, the scores). The rows of the notebook's tables and charts are built
here (``length_rows``, ``score_rows``, ``depth_rows``), each number with its 95% interval.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from ..bots import Bot, RandomBot, play_out
from ..cards import Card, parse_card
from ..errors import AnalysisError
from ..round import Round, deal
from ..rules import Rules
from ..words import cards_words
from .batch import simulate
from .stats import IntArray, mean_estimate
from .values import MODELS, StartValues, start_values

Row = dict[str, Any]


def engine_rounds(rules: Rules, factory: Callable[[int], Bot], n: int, seed: int) -> list[Round]:
    """``n`` rounds from reproducible deals, every seat played by a bot of ``factory`` (the starting seat turns)."""
    return [play_out(deal(rules, seed=f"{seed}:{i}", starter=i % rules.players),
                     [factory(seed * 7919 + i * rules.players + k) for k in range(rules.players)]) for i in range(n)]


@dataclass(frozen=True)
class PlayedRounds:
    """Rounds of one rule set: per round its ``turns``, ``pile_draws`` and ``passes``, whether the deck ended it
    (``by_deck``), and every side's ``scores`` (all rounds' in one array); ``source`` says how they were played."""

    turns: IntArray
    pile_draws: IntArray
    passes: IntArray
    by_deck: np.ndarray[Any, np.dtype[np.bool_]]
    scores: IntArray
    source: str

    @classmethod
    def of(cls, rounds: Sequence[Round], source: str) -> PlayedRounds:
        """What a list of finished rounds says."""
        return cls(np.array([x.turn for x in rounds]), np.array([x.pile_draws for x in rounds]),
                   np.array([x.passes for x in rounds]), np.array([x.end_reason == "deck" for x in rounds]),
                   np.array([s for x in rounds for s in x.scores()]), f"{source}, {len(rounds)} rounds")


def random_rounds(rules: Rules, rounds: int, engine: int, seed: int) -> PlayedRounds:
    """Random play (uniform over the legal moves): ``rounds`` rounds on the batch simulator, or, for a rule set it
    cannot play (the solitaire, four players, more cards than its hands hold), ``engine`` rounds on the engine."""
    try:
        result = simulate(rules, "uniform", rounds, seed=seed)
    except AnalysisError:
        return PlayedRounds.of(engine_rounds(rules, RandomBot, engine, seed), "engine")
    return PlayedRounds(result.turns, result.pile_draws, np.zeros_like(result.turns), result.ends == 0,
                        result.scores.ravel(), f"batch simulator, {result.rounds:,} rounds")


def plays_each(rules: Rules) -> float:
    """The plays each seat gets when every draw is off the deck (in the solitaire, every card after the deck too)."""
    return rules.draw_deck_after_deal / rules.players + (rules.hand_size if rules.play_on_after_deck else 0)


def length_rows(rule_sets: Mapping[str, Rules], random_play: Mapping[str, PlayedRounds],
                sensible: Mapping[str, Sequence[Round]], level: str) -> tuple[list[Row], list[Row]]:
    """How long a round lasts, per seat, by rule set: the table's rows, and the chart's (every draw off the deck,
    random play and the ``level`` bot, with 95% intervals)."""
    table, chart = [], []
    for name, r in rule_sets.items():
        run, exact = random_play[name], plays_each(r)
        bot_turns = np.array([x.turn for x in sensible[name]])
        table.append({"rule set": name, "every draw off the deck": exact,
                      "random play": mean_estimate(run.turns / r.players).format(1),
                      "pile draws per round": mean_estimate(run.pile_draws).format(1),
                      "passes per round": mean_estimate(run.passes).format(1),
                      f"{level} bot": mean_estimate(bot_turns / r.players).format(1), "random play measured by": run.source})
        chart.append({"rule set": name, "play": "every draw off the deck", "value": exact, "low": exact, "high": exact})
        for label, turns in (("random play", run.turns), (f"{level} bot", bot_turns)):
            e = mean_estimate(turns / r.players)
            chart.append({"rule set": name, "play": label, "value": e.value, "low": e.low, "high": e.high})
    return table, chart


def score_rows(rule_sets: Mapping[str, Rules], random_play: Mapping[str, PlayedRounds],
               sensible: Mapping[str, Sequence[Round]], level: str) -> tuple[list[Row], list[Row]]:
    """What a side scores in a round, by rule set, at random and by the ``level`` bot: the table's rows and the
    chart's (with 95% intervals)."""
    table, chart = [], []
    for name in rule_sets:
        rand = mean_estimate(random_play[name].scores)
        good = mean_estimate([s for x in sensible[name] for s in x.scores()])
        table.append({"rule set": name, "random play": rand.format(1), f"{level} bot": good.format(1)})
        chart += [{"rule set": name, "play": "random play", "value": rand.value, "low": rand.low, "high": rand.high},
                  {"rule set": name, "play": f"{level} bot", "value": good.value, "low": good.low, "high": good.high}]
    return table, chart


def depth_hand(rules: Rules) -> list[Card]:
    """4, 6, 8 and an investment of the rule set's first suit, filled up with numbers of the other suits."""
    s = rules.suits[0]
    core = [parse_card(f"{v}{s}") for v in (4, 6, 8)] + [parse_card(f"J{s}")]
    filler = [c for c in rules.deck if c.suit != s and not c.is_investment][::5][: rules.hand_size - len(core)]
    return core + filler


def depth_values(rule_sets: Mapping[str, Rules], *, n: int, seed: int) -> dict[str, StartValues]:
    """Models 1 and 2 of ``depth_hand`` under every rule set."""
    return {name: start_values(depth_hand(r), r, n=n, seed=seed) for name, r in rule_sets.items()}


def depth_rows(rule_sets: Mapping[str, Rules], depth: Mapping[str, StartValues]) -> tuple[list[Row], list[Row]]:
    """Starting the first suit of ``depth_hand``, without its investment and with it: the chart's rows (models 1
    and 2, with 95% intervals) and model 1's table, exact."""
    chart, table = [], []
    for name, r in rule_sets.items():
        s, values = r.suits[0], depth[name]
        for model in ("exact", "suit"):
            for k in (0, 1):
                row = values.get(s, model, investments=k)
                chart.append({"rule set": name, "model": MODELS[model], "investments": "no investment" if k == 0 else
                              "1 investment", "value": row.value.value, "low": row.value.low, "high": row.value.high,
                              "bonus": row.bonus_chance.value})
        plain, invested = values.get(s, "exact", investments=0), values.get(s, "exact", investments=1)
        table.append({"rule set": name, "hand": cards_words(depth_hand(r)), "plays": values.outlook.plays,
                      "no investment": round(plain.value.value, 1), "1 investment": round(invested.value.value, 1),
                      "the investment adds": round(invested.value.value - plain.value.value, 1),
                      "bonus chance, no investment": f"{plain.bonus_chance.value:.0%}",
                      "bonus chance, 1 investment": f"{invested.bonus_chance.value:.0%}"})
    return chart, table


def depth_words(rules: Rules, values: StartValues) -> str:
    """What model 1 says of starting the first suit of ``depth_hand`` under ``rules``, in a line."""
    s = rules.suits[0]
    plain, invested = values.get(s, "exact", investments=0), values.get(s, "exact", investments=1)
    ratio = f"×{invested.value.value / plain.value.value:.1f}" if plain.value.value > 0 else "from a loss"
    return (f"- **{rules.name}** (bonus at {rules.bonus_at}, {values.outlook.plays} plays): the bonus comes with chance "
            f"{plain.bonus_chance.value:.0%} without the investment and {invested.bonus_chance.value:.0%} with it; the "
            f"investment takes the value from {plain.value.value:.1f} to {invested.value.value:.1f} ({ratio})")


__all__ = ["PlayedRounds", "depth_hand", "depth_rows", "depth_values", "depth_words", "engine_rounds", "length_rows",
           "plays_each", "random_rounds", "score_rows"]
