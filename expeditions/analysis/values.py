"""Expected values of starting an expedition and of laying investments: one interface, three models.

``start_values(hand_or_position, rules)`` answers "should I start hearts with this hand?" for every
suit: the expected final score of the expedition if you start it now, with each number of
investments it can end with, against not starting it (which scores 0), the chance of the bonus,
the distribution of the final score, and a 95% interval on every simulated number. Given a round
or an observation instead of a hand, the inputs come from what the seat can see.

The models, side by side so that readers see what each assumption costs:

1. ``"exact"`` (``exact.py``): the hypergeometric ceiling, every card that reaches you laid as if
   it arrived in order;
2. ``"suit"`` (``suit_sim.py``): the suit's cards arrive in random order and a sound laying policy
   decides what goes down;
3. ``"rollout"`` (``rollouts.py``): the rest of the round played out by a policy from positions
   consistent with what you have seen, comparing start, invest and hold back.
"""

from __future__ import annotations

import html
from collections.abc import Iterable, Sequence
from concurrent.futures import Executor
from dataclasses import dataclass
from typing import Any

from ..arguments import real_number, shown, whole_number
from ..bots.policies import Policy
from ..cards import Card
from ..errors import AnalysisError
from ..observation import Observation
from ..round import Round
from ..rules import Rules
from .exact import exact_value
from .parallel import check_pool
from .rollouts import rollout_values
from .situation import HandLike, Outlook, observation_for, outlook_of, situations
from .stats import ExpeditionValue
from .suit_sim import suit_values

MODELS = {
    "exact": "model 1: exact ceiling",
    "suit": "model 2: suit simulation",
    "rollout": "model 3: full-round rollouts",
}
"""The models by name, with the title shown in tables."""

_BY_NUMBER = {1: "exact", 2: "suit", 3: "rollout"}


def model_names(models: str | int | Iterable[str | int]) -> tuple[str, ...]:
    """Model names from names or numbers (1, 2, 3), checked."""
    if not isinstance(models, str | int | Iterable):
        raise AnalysisError(f"models takes model names or numbers, like ('exact', 'suit') or 3, got {shown(models)}")
    given = [models] if isinstance(models, str | int) else list(models)
    out = []
    for m in given:
        name = _BY_NUMBER.get(m, m) if isinstance(m, int) else m
        if not isinstance(name, str) or name not in MODELS:
            raise AnalysisError(f"{m!r} is not a model; the models are {', '.join(MODELS)} (or 1, 2, 3)")
        out.append(str(name))
    return tuple(dict.fromkeys(out))


@dataclass(frozen=True)
class StartValues:
    """The expected values of one seat's options, per suit and model (``rows``).

    Every row is an ``ExpeditionValue``: its ``suit``, ``model``, ``investments`` (on the
    expedition at the end for models 1 and 2; laid now for model 3's "invest"), ``decision`` in
    words, ``value`` (the expedition's expected final score), ``gain`` (the expected change of the
    round score against not starting, or against holding back in model 3), ``bonus_chance`` and
    ``distribution``.
    """

    rules: Rules
    seat: int
    hand: tuple[Card, ...]
    outlook: Outlook
    rows: tuple[ExpeditionValue, ...]

    @property
    def models(self) -> tuple[str, ...]:
        return tuple(dict.fromkeys(r.model for r in self.rows))

    def get(self, suit: str, model: str | int = "exact", investments: int | None = None) -> ExpeditionValue:
        """The row for ``suit`` and ``model``: its start with ``investments`` investments (default:
        as few as possible); in model 3, ``investments`` one more than laid means "invest now"."""
        name = model_names(model)[0]
        suit = suit.upper()
        rows = [r for r in self.rows if r.suit == suit and r.model == name and not r.decision.startswith("hold")]
        if not rows:
            raise AnalysisError(f"no {name} row for {suit!r}: the rows cover suits {' '.join(self.rules.suits)} "
                                f"and models {', '.join(self.models)}")
        if investments is None:
            return min(rows, key=lambda r: r.investments)
        for r in rows:
            if r.investments == investments:
                return r
        raise AnalysisError(f"no {name} row for {suit} with {investments} investment(s); it has "
                            f"{', '.join(str(r.investments) for r in rows)}")

    def best(self, model: str | int = "exact") -> ExpeditionValue:
        """The decision with the highest expected gain in one model."""
        name = model_names(model)[0]
        rows = [r for r in self.rows if r.model == name and not r.decision.startswith("hold")]
        if not rows:
            raise AnalysisError(f"there are no {name} rows; the models computed are {', '.join(self.models)}")
        return max(rows, key=lambda r: r.gain.value)

    def records(self) -> list[dict[str, Any]]:
        """One plain dict per row (what ``to_frame`` puts in a DataFrame)."""
        out = []
        for r in self.rows:
            out.append({
                "suit": r.suit, "model": r.model, "investments": r.investments, "decision": r.decision,
                "value": r.value.value, "value_low": r.value.low, "value_high": r.value.high,
                "gain": r.gain.value, "gain_low": r.gain.low, "gain_high": r.gain.high,
                "bonus_chance": r.bonus_chance.value, "bonus_low": r.bonus_chance.low, "bonus_high": r.bonus_chance.high,
                "samples": r.value.samples,
            })
        return out

    def to_frame(self) -> Any:
        """The rows as a pandas DataFrame (pandas is imported here, on first use)."""
        import pandas as pd

        return pd.DataFrame.from_records(self.records())

    def _header(self) -> str:
        hand = " ".join(map(str, self.hand))
        o = self.outlook
        return (f"seat {self.seat} holding {hand}: {o.plays} plays left, {o.draws_in_time} draws in time, "
                f"{o.unseen} unseen cards ({self.rules.label})")

    def _grid(self) -> tuple[list[str], list[list[str]]]:
        models = self.models
        columns = ["suit", "decision"] + [MODELS[m] for m in models] + ["bonus chance"]
        keyed: dict[tuple[str, str], dict[str, ExpeditionValue]] = {}
        for r in self.rows:
            key = (r.suit, _short(r))
            keyed.setdefault(key, {})[r.model] = r
        lines = []
        for (suit, decision), by_model in keyed.items():
            cells = [suit, decision]
            for m in models:
                found = by_model.get(m)
                if found is None:
                    cells.append("")
                elif found.model == "rollout" and not found.decision.startswith("hold"):
                    cells.append(f"{found.value.format()} (gain {found.gain.format()})")
                else:
                    cells.append(found.value.format())
            first = by_model[models[0]] if models[0] in by_model else next(iter(by_model.values()))
            cells.append(first.bonus_chance.format(0, percent=True))
            lines.append(cells)
        return columns, lines

    def __str__(self) -> str:
        columns, lines = self._grid()
        widths = [max(len(c), *(len(line[i]) for line in lines)) if lines else len(c) for i, c in enumerate(columns)]
        rows = ["  ".join(c.ljust(w) for c, w in zip(line, widths, strict=True)).rstrip() for line in [columns, *lines]]
        return "\n".join([self._header(), *rows])

    def __repr__(self) -> str:
        return f"<StartValues {self.rules.label}, seat {self.seat}: {len(self.rows)} rows, models {', '.join(self.models)}>"

    def _repr_html_(self) -> str:
        columns, lines = self._grid()
        head = "".join(f"<th>{html.escape(c)}</th>" for c in columns)
        body = "".join("<tr>" + "".join(f"<td>{html.escape(c)}</td>" for c in line) + "</tr>" for line in lines)
        note = ("Expected final score of the expedition (95% interval for simulated values); not starting scores 0. "
                "The bonus chance is the first model's.")
        return (f"<div><p>{html.escape(self._header())}</p><table><thead><tr>{head}</tr></thead>"
                f"<tbody>{body}</tbody></table><p><small>{html.escape(note)}</small></p></div>")


def _short(row: ExpeditionValue) -> str:
    """The decision as shared by the models: rollouts' "start H: play 2H now" joins "start H"."""
    return row.decision.split(": ")[0]


def start_values(what: HandLike | Round | Observation, rules: Rules | str | None = None, *, seat: int | None = None,
                 models: str | int | Sequence[str | int] = ("exact", "suit"), n: int = 20_000, seed: int = 0,
                 policy: Policy | None = None, precision: float = 2.0, time_limit: float = 10.0,
                 executor: Executor | None = None, workers: int | None = None, progress: bool = False) -> StartValues:
    """The expected values of starting each suit now, by the chosen models.

    ``what`` is a hand (text or cards: the start of a round where you move first), a ``Round``
    (seen by ``seat``, default the seat to move) or an ``Observation``. ``models``: names or numbers
    of the models (model 3, ``"rollout"``, takes seconds: it is left out by default). ``n``: model
    2's simulations; ``seed``: the random seed of models 2 and 3. Model 3 runs until its intervals
    are within ``±precision`` points or ``time_limit`` seconds, with ``policy`` (default: the
    strongest engine policy) on ``executor`` or ``workers`` processes; ``progress`` shows a bar.
    """
    chosen = model_names(models)
    whole_number(n, "n (model 2's simulations)", least=1, error=AnalysisError)
    whole_number(seed, "seed", least=0, error=AnalysisError)
    real_number(precision, "precision", above=0, error=AnalysisError)
    real_number(time_limit, "time_limit", above=0, error=AnalysisError)
    if policy is not None and not callable(policy):
        raise AnalysisError(f"policy takes an engine policy (policy(table, rng) -> action) or None, got {shown(policy)}")
    check_pool(executor, workers, progress)
    if isinstance(what, Observation | Round) and rules is not None:
        raise AnalysisError("give the rules only with a hand: a round or an observation carries its own rules")
    obs = observation_for(what, rules, seat)
    suits = list(situations(obs).values())
    rows: list[ExpeditionValue] = []
    for name in chosen:
        if name == "exact":
            rows += [exact_value(s, obs.rules, m) for s in suits for m in s.investments_possible]
        elif name == "suit":
            rows += suit_values(suits, obs.rules, n=n, seed=seed)
        else:
            rows += rollout_values(obs, policy=policy, precision=precision, time_limit=time_limit, seed=seed,
                                   executor=executor, workers=workers, progress=progress)
    order = {s: i for i, s in enumerate(obs.rules.suits)}
    rows.sort(key=lambda r: (order[r.suit], chosen.index(r.model)))
    return StartValues(obs.rules, obs.seat, obs.hand, outlook_of(obs), tuple(rows))
