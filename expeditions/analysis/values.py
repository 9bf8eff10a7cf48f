"""What to do with each suit now, valued by three models side by side: ``start_values``.

``start_values(hand_or_position, rules)`` answers "should I start hearts with this hand, and how?"
for every suit, with the options a player really has, the same in every model (``exact.OPTIONS``):

- **lay** its lowest number that may still go down, now (the card is named);
- **invest** now: lay investments you hold (each count of them), numbers later;
- **wait**: lay nothing of the suit this turn and keep its cards (lay or discard another suit's
  card), for a lower card or an investment to come (valued with no investment beyond those already
  laid);
- **never** lay (more of) it this round: its score as it stands, 0 for a suit not started.

Each row has the expected final score of the expedition (``value``), its ``gain`` against never,
the chance of the bonus and the distribution of the score, with a 95% interval on every simulated
number. Given a round or an observation instead of a hand, the inputs come from what the seat can
see. What each model assumes, in ``ASSUMPTIONS``:

1. ``"exact"`` (``exact.py``): every card of the suit that reaches you in time, counted exactly,
   laid as if it arrived in order: the cards you wait for arrive as counted; a ceiling;
2. ``"suit"`` (``suit_sim.py``): the same cards arrive in random order and a sound laying policy
   decides what goes down; a skipped card is lost, the cards you wait for arrive as the deck deals;
3. ``"rollout"`` (``rollouts.py``): the whole round played out by the counting policy for both
   sides, your other suits and the opponent competing for the plays and the cards.

When they disagree, believe model 3: models 1 and 2 look at one suit alone and assume the cards
you wait for come in time; model 3 plays the round out. ``StartValues.cautions`` says where it
matters, above all for investments laid without the numbers in hand.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, replace
from typing import Any, Unpack

from ..arguments import real_number, shown, whole_number
from ..cards import Card
from ..errors import AnalysisError
from ..observation import Observation
from ..round import Round
from ..rules import Rules
from ..words import card_words, suit_mark
from .budget import Budget, BudgetOptions, budget_of
from .exact import OPTIONS, exact_options
from .rollouts import rollout_values
from .situation import HandLike, Outlook, investments_in_hand, lay_now, observation_for, outlook_of, situations
from .stats import ExpeditionValue
from .suit_sim import suit_options
from .tables import Cells, TableAnswer

MODELS = {
    "exact": "model 1: exact ceiling",
    "suit": "model 2: suit simulation",
    "rollout": "model 3: full-round rollouts",
}
"""The models by name, with the title shown in tables."""

ASSUMPTIONS = {
    "exact": "one suit alone: every card of it that reaches your hand in time is counted exactly and laid as if it "
             "came in order (a low card never comes too late), so the cards you wait for arrive as counted: a ceiling",
    "suit": "one suit alone: its cards reach you in a random order and are laid by a sound rule of thumb (wait for a "
            "lower card while one can still come); a card that comes below your top is lost",
    "rollout": "the whole round played out many times by a card-counting bot for both sides (it counts the cards seen, "
               "starts a suit only with enough points in hand, lays low cards first and takes pile cards that fit): "
               "your other suits and the opponent compete for your plays and the cards",
}
"""What each model assumes, in a sentence a card player reads."""

OPTION_WORDS = {
    "lay": "lay the suit's lowest card you hold now; every card of the suit below it can then no longer be laid",
    "invest": "lay the investments you hold now: they must come before any number, and they multiply the "
              "expedition's score, losses included",
    "wait": "lay no card of the suit this turn and discard none either (lay or discard a card of another suit), "
            "keeping its lower cards and investments possible, and decide on a later turn",
    "never": "lay no (more) card of the suit this round: it scores what it scores now, 0 when not started",
}
"""What each option means, in a sentence a card player reads."""

BELIEVE = ("where they disagree, believe model 3: models 1 and 2 assume that the cards you wait for come in time "
           "and that nothing else wants your plays; model 3 plays the round out")

_BY_NUMBER = {1: "exact", 2: "suit", 3: "rollout"}
CAUTION_MARGIN = 3.0
"""Points by which models 1 and 2 must beat model 3's whole interval before a caution is written."""


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


MEASURE_WORDS = {"score": "to your score", "difference": "to your score minus theirs"}
"""What an option adds, in a table's words: to your round score, or to your score minus the opponent's."""


OptionKey = tuple[str, str, int]
"""A line of a table of start values: its suit, option and investments."""


def option_key(row: ExpeditionValue) -> OptionKey:
    """The line of a table a row goes on: the rows of every model for the same suit, option and investments share it."""
    return row.suit, row.option, row.investments


@dataclass(frozen=True)
class StartValues(TableAnswer):
    """The options of one seat, per suit and model (``rows``).

    Every row is an ``ExpeditionValue``: its ``suit``, ``model``, ``option`` (``"lay"``,
    ``"invest"``, ``"wait"``, ``"never"``), ``card`` (laid now), ``investments`` (on the expedition
    once the option is played), ``decision`` in words, ``value`` (the expedition's expected final
    score), ``gain`` (against never), ``bonus_chance`` and ``distribution``.
    """

    rules: Rules
    seat: int
    hand: tuple[Card, ...]
    outlook: Outlook
    rows: tuple[ExpeditionValue, ...]
    suits_in_play: tuple[str, ...] = ()
    """The suits that matter: held, or started by either side (in the rule set's order)."""
    started: tuple[str, ...] = ()
    """The suits the seat's side has started (laid a card of)."""

    @property
    def models(self) -> tuple[str, ...]:
        return tuple(dict.fromkeys(r.model for r in self.rows))

    def shown_suits(self, show_all: bool = False) -> tuple[str, ...]:
        """The suits a table of these values shows: those that matter, or every suit with ``show_all``
        (or when none matters)."""
        return self.rules.suits if show_all or not self.suits_in_play else self.suits_in_play

    def only(self, suits: Iterable[str]) -> StartValues:
        """The same values with the rows of ``suits`` only (``values.only(values.suits_in_play)``: the
        suits that matter)."""
        wanted = {s.upper() for s in suits}
        return replace(self, rows=tuple(r for r in self.rows if r.suit in wanted))

    def options(self, suit: str, model: str | int = "exact") -> list[ExpeditionValue]:
        """Every option of ``suit`` in one model, in the order lay, invest, wait, never."""
        name = model_names(model)[0]
        rows = [r for r in self.rows if r.suit == suit.upper() and r.model == name]
        if not rows:
            raise AnalysisError(f"no {name} row for {suit!r}: the rows cover suits {' '.join(self.rules.suits)} "
                                f"and models {', '.join(self.models)}")
        return rows

    def get(self, suit: str, model: str | int = "exact", option: str | None = None,
            investments: int | None = None) -> ExpeditionValue:
        """One row: ``option`` of ``suit`` in ``model``. Without an option: with ``investments`` (more
        than already laid) the investing row that ends with that many; else lay now, or wait when
        no card of the suit may go down."""
        rows = self.options(suit, model)
        if option is None:
            laid = min(r.investments for r in rows)
            if investments is not None and investments > laid:
                option = "invest"
            else:
                option = "lay" if any(r.option == "lay" for r in rows) else "wait"
        if option not in OPTIONS:
            raise AnalysisError(f"{option!r} is not an option; the options are {', '.join(OPTIONS)}")
        chosen = [r for r in rows if r.option == option and (investments is None or option != "invest"
                                                             or r.investments == investments)]
        if not chosen:
            have = ", ".join(f"{r.option} ({r.investments} investments)" if r.option == "invest" else r.option for r in rows)
            raise AnalysisError(f"{suit.upper()} has no {option} row{'' if investments is None else f' with {investments} investments'} "
                                f"in {model_names(model)[0]}; it has: {have}")
        return min(chosen, key=lambda r: r.investments)

    def best(self, model: str | int = "exact") -> ExpeditionValue:
        """The option with the highest expected gain in one model (never, at 0, included)."""
        name = model_names(model)[0]
        rows = [r for r in self.rows if r.model == name]
        if not rows:
            raise AnalysisError(f"there are no {name} rows; the models computed are {', '.join(self.models)}")
        return max(rows, key=lambda r: r.gain.value)

    def by_option(self) -> dict[OptionKey, dict[str, ExpeditionValue]]:
        """The rows as a table lines them up: one line per suit, option and investments (``option_key``), in the
        rows' order, with each model's row of it by model name."""
        lines: dict[OptionKey, dict[str, ExpeditionValue]] = {}
        for r in self.rows:
            lines.setdefault(option_key(r), {})[r.model] = r
        return lines

    def cautions(self) -> list[str]:
        """Where models 1 and 2 say an option pays but model 3 says it does not (its whole interval
        ``CAUTION_MARGIN`` points or more below), and, without model 3, every investment laid without
        a number of its suit in hand: the models to believe, and why."""
        out = []
        for (suit, option, _), models in self.by_option().items():
            single = [models[m] for m in ("exact", "suit") if m in models]
            if not single or option == "never":
                continue
            rollout = models.get("rollout")
            said = ", ".join(f"{MODELS[r.model].split(':')[0]} {r.gain.format()}" for r in single)
            word = suit_mark(suit)
            if rollout is not None:
                if all(r.gain.value > rollout.gain.high + CAUTION_MARGIN for r in single):
                    out.append(f"{word}, {single[0].decision}: {said}, but the round played out (model 3) gives "
                               f"{rollout.gain.format()}: believe model 3.")
            elif option == "invest" and not self._numbers_held(suit) and any(r.gain.value > 0 for r in single):
                out.append(f"{word}, {single[0].decision}: {said} with no number of {word} in hand; models 1 and 2 assume the "
                           "numbers come, and the tips say to invest only with the numbers in hand: run the rollouts "
                           "(model 3) before you believe it.")
        return out

    def _numbers_held(self, suit: str) -> bool:
        return any(c.suit == suit and not c.is_investment for c in self.hand)

    def records(self) -> list[dict[str, Any]]:
        """One plain dict per row (what ``to_frame`` puts in a DataFrame)."""
        out = []
        for r in self.rows:
            out.append({
                "suit": r.suit, "model": r.model, "option": r.option, "card": r.card, "investments": r.investments,
                "decision": r.decision, "value": r.value.value, "value_low": r.value.low, "value_high": r.value.high,
                "gain": r.gain.value, "gain_low": r.gain.low, "gain_high": r.gain.high,
                "against_wait": None if r.against_wait is None else r.against_wait.value,
                "against_wait_low": None if r.against_wait is None else r.against_wait.low,
                "against_wait_high": None if r.against_wait is None else r.against_wait.high,
                "difference_gain": None if r.difference_gain is None else r.difference_gain.value,
                "difference_against_wait": None if r.difference_against_wait is None else r.difference_against_wait.value,
                "bonus_chance": r.bonus_chance.value, "bonus_low": r.bonus_chance.low, "bonus_high": r.bonus_chance.high,
                "samples": r.value.samples,
            })
        return out

    def to_frame(self) -> Any:
        """The rows as a pandas DataFrame (pandas is imported here, on first use)."""
        import pandas as pd

        return pd.DataFrame.from_records(self.records())

    def _header(self) -> str:
        hand = " ".join(card_words(c) for c in self.hand)
        o = self.outlook
        return (f"seat {self.seat} holding {hand}: {o.plays} plays left, {o.draws_in_time} draws in time, "
                f"{o.unseen} unseen cards ({self.rules.label})")

    def _notes(self) -> list[str]:
        notes = [f"{MODELS[m]}: {ASSUMPTIONS[m]}" for m in self.models]
        notes.append("Each cell: the expedition's expected final score (95% interval when simulated), what it adds to your "
                     "round score against never and, for an option that lays a card now, against waiting; model 3 adds "
                     "the same on your score minus the opponent's (what wins the round); " + BELIEVE + ".")
        return notes + [f"Caution: {c}" for c in self.cautions()]

    def _grid(self) -> tuple[list[str], list[list[str]]]:
        models = self.models
        columns = ["suit", "option"] + [MODELS[m] for m in models] + ["bonus chance"]
        lines = []
        for (suit, _, _), by_model in self.by_option().items():
            first = next(by_model[m] for m in models if m in by_model)
            cells = [suit_mark(suit), first.decision]
            for m in models:
                found = by_model.get(m)
                if found is None or found.option == "never":
                    cells.append("" if found is None else found.value.format())
                    continue
                added = [f"{e.format(sign=True)} {MEASURE_WORDS[m]} vs never" if against == "never" else
                         f"{e.format(sign=True)} vs waiting" for m, against, e in found.additions(self.rules.sides > 1)]
                cells.append(f"{found.value.format()} ({'; '.join(added)})")
            cells.append(first.bonus_chance.format(0, percent=True))
            lines.append(cells)
        return columns, lines

    def _cells(self) -> Cells:
        return (self._header(), *self._grid(), self._notes())

    def __repr__(self) -> str:
        return f"<StartValues {self.rules.label}, seat {self.seat}: {len(self.rows)} rows, models {', '.join(self.models)}>"


def start_values(what: HandLike | Round | Observation, rules: Rules | str | None = None, *, seat: int | None = None,
                 models: str | int | Sequence[str | int] = ("exact", "suit"), n: int = 20_000, budget: Budget | None = None,
                 on_update: Callable[[list[ExpeditionValue]], None] | None = None,
                 **limits: Unpack[BudgetOptions]) -> StartValues:
    """The options of every suit now (lay, invest, wait, never), by the chosen models.

    ``what`` is a hand (text or cards: the start of a round where you move first), a ``Round``
    (seen by ``seat``, default the seat to move) or an ``Observation``. ``models``: names or numbers
    of the models (model 3, ``"rollout"``, plays the round out with the counting policy: it is left
    out by default). ``n``: model 2's simulations; ``seed``: the random seed of models 2 and 3.
    Model 3 runs until its intervals are within ``±precision`` points, ``time_limit`` seconds or
    ``max_positions`` positions (at least one piece of ``budget.PIECE``), on ``executor`` or
    ``workers`` processes; ``progress`` shows a bar and ``on_update`` sees each refinement of model
    3's rows. Those are the fields of a ``Budget``: give one as ``budget``, or its fields as keywords."""
    chosen = model_names(models)
    whole_number(n, "n (model 2's simulations)", least=1, error=AnalysisError)
    spent = budget_of(Budget(), budget, limits)
    real_number(spent.precision, "precision", above=0, error=AnalysisError)  # a table of values asks for a precision
    if isinstance(what, Observation | Round) and rules is not None:
        raise AnalysisError("give the rules only with a hand: a round or an observation carries its own rules")
    obs = observation_for(what, rules, seat)
    suits = list(situations(obs).values())
    lays = [lay_now(obs, s) for s in suits]
    held = [investments_in_hand(obs, s) for s in suits]
    rows: list[ExpeditionValue] = []
    for name in chosen:
        if name == "exact":
            rows += [r for s, lay, inv in zip(suits, lays, held, strict=True) for r in exact_options(s, obs.rules, lay, inv)]
        elif name == "suit":
            rows += suit_options(suits, obs.rules, lays, held, n=n, seed=spent.seed)
        else:
            rows += rollout_values(obs, budget=spent, on_update=on_update)
    order = {s: i for i, s in enumerate(obs.rules.suits)}
    options = {o: i for i, o in enumerate(OPTIONS)}
    rows.sort(key=lambda r: (order[r.suit], options[r.option], r.investments, chosen.index(r.model)))
    started = tuple(s for s in obs.rules.suits if obs.expedition(obs.side, s))
    return StartValues(obs.rules, obs.seat, obs.hand, outlook_of(obs), tuple(rows), suits_in_play(obs), started)


def suits_in_play(observation: Observation) -> tuple[str, ...]:
    """The suits that matter to the seat: those it holds a card of, or that either side has started."""
    held = {c.suit for c in observation.hand}
    started = {c.suit for side in observation.expeditions for expedition in side for c in expedition}
    return tuple(s for s in observation.rules.suits if s in held | started)
