"""The answer in one sentence: what to do this turn with a hand or a position, and how sure it is.

``recommend(values)`` reads a ``StartValues`` table (or computes one from a hand, a round or an
observation) and says, in words with suit symbols, the one thing to do now, the points it is worth
against the best way of holding back, its 95% interval, what those points measure, and the model it
rests on:

    Start ♥ now with the investment K♥: about +9.5 points over holding ♥ back [±0.9] in your score
    minus the opponent's, by playing the round out 1,024 times (model 3).

What the points measure: model 3 plays the opponent too, so its answer rests on the score
difference (your round score minus the opponent's: what wins the round); models 1 and 2 see one
suit alone, so theirs rests on your round score. Model 3's rows carry both measures, so the models
can still be set side by side on your round score.

How it chooses, the same in every model:

- for every suit, the options that put a card down now (*lay* its lowest number, *invest* with the
  investments held) are set against the better way of keeping it: holding it back this turn
  (*wait*: lay nothing of it now, decide later) or, when even that loses points, never playing it.
  Against waiting the number is the row's ``against_wait``, against never its ``gain`` (model 3:
  ``difference_against_wait`` and ``difference_gain``): all numbers of the table;
- the option with the largest advantage is the recommendation (the suit that loses most by
  waiting goes first: there is one play a turn). When its interval holds 0, acting now and holding
  back are *about as good*; when every option that acts now is worth less than holding back, the
  answer is to lay nothing this turn (a discard: the *Which card?* question says which);
- it rests on the most realistic model computed: model 3 (the round played out) when there,
  else model 2, else model 1. When model 3 and models 1 and 2 disagree (another choice, or
  models 1 and 2 several points above model 3's interval), the sentence says so and which to
  believe: models 1 and 2 look at one suit alone and assume that the cards you wait for, and the
  numbers an investment needs, arrive in time and that nothing else wants your plays; model 3
  plays the whole round out, your other suits and the opponent included.
"""

from __future__ import annotations

import html
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Unpack

from ..cards import parse_cards
from ..errors import AnalysisError
from ..estimate import Estimate
from ..observation import Observation
from ..round import Round
from ..rules import Rules
from ..words import card_words, count_word, move_words, suit_mark
from .analyst import ABOUT_AS_GOOD, UNDECIDED
from .budget import Budget, BudgetOptions, budget_of
from .situation import HandLike
from .stats import ExpeditionValue
from .values import CAUTION_MARGIN, MODELS, StartValues, model_names, start_values
from .which_card import MoveValue, MoveValues

PREFERENCE = ("rollout", "suit", "exact")
"""The model a recommendation rests on: the first of these that was computed."""

MEASURES = {"difference": "your score minus the opponent's", "score": "your round score"}
"""What a recommendation's points measure, in words."""


def measure_of(values: StartValues, model: str) -> str:
    """The measure a model's advice rests on: the score difference in model 3 when there is an opponent
    (it plays them too), else your round score."""
    return "difference" if model == "rollout" and values.rules.sides > 1 else "score"



@dataclass(frozen=True)
class Recommendation:
    """What to do this turn, in one sentence (``sentence``), and the numbers behind it.

    ``option`` is the row of the table recommended (lay or invest now; waiting, when the answer is to
    lay nothing this turn; ``None`` when no card of the hand can go down); ``against`` the row it is
    set against (waiting or never with the same suit, or the closest option that acts now);
    ``estimate`` the advantage of ``option`` over ``against`` in points of ``measure``, with its 95%
    interval: the row's ``against_wait`` or ``gain`` (model 3: ``difference_against_wait`` or
    ``difference_gain``) as the table shows it (negated when the answer is to hold back);
    ``measure`` ``"difference"`` (your round score minus the opponent's: model 3, with an opponent)
    or ``"score"`` (your round score); ``model`` the model it rests on; ``verdict`` one of ``"better"``,
    ``"about as good"`` (the interval holds 0), ``"hold back"`` (every option that acts now is worth
    less) and ``"nothing to lay"``; ``disagreement`` what the other models say when they disagree
    (also in ``sentence``, else empty)."""

    sentence: str
    option: ExpeditionValue | None
    against: ExpeditionValue | None
    estimate: Estimate | None
    model: str
    verdict: str
    disagreement: str = ""
    measure: str = "score"

    @property
    def measure_words(self) -> str:
        """What ``estimate`` measures, in words: ``your score minus the opponent's`` or ``your round score``."""
        return MEASURES[self.measure]

    @property
    def headline(self) -> str:
        """The sentence without what the other models say."""
        return self.sentence.removesuffix(self.disagreement).rstrip()

    @property
    def suit(self) -> str | None:
        """The suit the answer is about (``None`` when nothing can be laid)."""
        return None if self.option is None else self.option.suit

    def __str__(self) -> str:
        return self.sentence

    def __repr__(self) -> str:
        return f"<Recommendation ({MODELS[self.model].split(':')[0]}, {self.verdict}): {self.sentence}>"

    def _repr_html_(self) -> str:
        return (f"<p class='xp-recommendation' style='font-family:sans-serif;font-size:15px'>"
                f"{html.escape(self.sentence)}</p>")


# --- words --------------------------------------------------------------------------------------------------
def signed(x: float, digits: int = 1) -> str:
    """``+5.1``, ``-4.0``, ``0.0``: a number of points with its sign, as the table rounds it."""
    return Estimate.exact(x).format(digits, sign=True)


def interval_words(e: Estimate, digits: int = 1) -> str:
    """The interval of an estimate in brackets, as the table writes it: ``[±1.2]``, or its ends
    ``[3.0, 7.5]`` when it is not symmetric; empty for an exact number."""
    shown = e.format(digits)
    if e.is_exact or e.low == e.high:
        return ""
    if " ± " in shown:
        return f"[±{shown.split(' ± ')[1]}]"
    return shown[shown.index("["):]


def _lower_first(text: str) -> str:
    return text[:1].lower() + text[1:]


def _negated(e: Estimate) -> Estimate:
    return Estimate(-e.value, -e.high, -e.low, e.samples)


def action_words(values: StartValues, row: ExpeditionValue) -> str:
    """A row that acts now, as advice: ``Start ♥ now with 2♥``, ``Lay 7♥ on your ♥ expedition now``,
    ``Start ♦ now with the investment Q♦``, ``Start ♥ now with two investments, J♥ Q♥``."""
    suit = suit_mark(row.suit)
    cards = [card_words(c) for c in parse_cards(row.card)]
    started = row.suit in values.started
    if row.option == "lay":
        return f"Lay {cards[0]} on your {suit} expedition now" if started else f"Start {suit} now with {cards[0]}"
    what = f"the investment {cards[0]}" if len(cards) == 1 else f"{count_word(len(cards))} investments, {' '.join(cards)}"
    return f"Lay {what} on your {suit} expedition now" if started else f"Start {suit} now with {what}"


def keeping_words(values: StartValues, row: ExpeditionValue, *, imperative: bool = False) -> str:
    """A row that keeps the suit, as the thing set against acting now: ``holding ♥ back`` (wait),
    ``never starting ♥`` or ``laying no more ♥`` (never); as advice with ``imperative``: ``Hold ♥
    back``, ``Never start ♥``, ``Lay no more ♥``."""
    suit = suit_mark(row.suit)
    if row.option == "wait":
        return f"Hold {suit} back" if imperative else f"holding {suit} back"
    if row.suit in values.started:
        return f"Lay no more {suit}" if imperative else f"laying no more {suit}"
    return f"Never start {suit}" if imperative else f"never starting {suit}"


def basis_words(values: StartValues, model: str, row: ExpeditionValue | None) -> str:
    """What the numbers rest on: ``by playing the round out 8,192 times (model 3)`` ..."""
    samples = 0 if row is None else (row.against_wait or row.gain).samples
    if model == "rollout":
        return f"by playing the round out {samples:,} times (model 3)"
    if model == "suit":
        return (f"by dealing the suit's cards to you in a random order {samples:,} times (model 2: one suit alone; "
                "run the rollouts, model 3, to play the whole round out)")
    return ("by counting every way the suit's cards can reach you (model 1: a ceiling, every card laid as if it came in "
            "order; run the rollouts, model 3, to play the whole round out)")


# --- choosing -------------------------------------------------------------------------------------------------
@dataclass(frozen=True)
class _Choice:
    option: ExpeditionValue
    against: ExpeditionValue
    advantage: Estimate


def _choices(values: StartValues, model: str) -> list[_Choice]:
    """Every option of ``model`` that acts now, against the better way of keeping its suit, best first,
    on the model's measure (``measure_of``)."""
    measure = measure_of(values, model)
    out = []
    for suit in values.rules.suits:
        rows = [r for r in values.rows if r.suit == suit and r.model == model]
        wait = next((r for r in rows if r.option == "wait"), None)
        never = next((r for r in rows if r.option == "never"), None)
        if wait is None or never is None:
            continue
        waiting = wait.added("never", measure)
        keep = "wait" if waiting is not None and waiting.value >= 0 else "never"  # holding back is worth at least never
        for r in rows:
            e = r.added(keep, measure)
            if r.option not in ("lay", "invest") or e is None:
                continue
            out.append(_Choice(r, wait if keep == "wait" else never, e))
    out.sort(key=lambda c: -c.advantage.value)
    return out


def _best(values: StartValues, model: str) -> _Choice | None:
    choices = _choices(values, model)
    return choices[0] if choices else None


def _same(a: _Choice | None, b: _Choice | None) -> bool:
    if a is None or b is None:
        return a is b
    return (a.option.suit, a.option.option, a.option.investments) == (b.option.suit, b.option.option, b.option.investments)


ROUNDING = 1e-9
"""The largest difference of two exact values that is only floating-point rounding (the two sums of model 1 for
laying now and for waiting add the same terms in another order)."""


def _verdict(choice: _Choice | None) -> str:
    if choice is None:
        return "nothing to lay"
    e = choice.advantage
    if e.is_exact:  # sums of exact probabilities in floating point: a difference below ROUNDING is none
        return "better" if e.value > ROUNDING else "about as good" if e.value >= -ROUNDING else "hold back"
    if e.low > 0:
        return "better"
    if e.high < 0:
        return "hold back"
    return "about as good"


def _elsewhere(values: StartValues, choice: _Choice) -> str:
    """When the expedition an option starts is itself expected to lose points, where its gain comes from: the rest of
    the round (the table shows the expedition's value beside what the option adds)."""
    row = choice.option
    if row.value.high >= 0 or row.model != "rollout":
        return ""
    return (f", though the {suit_mark(row.suit)} expedition itself is expected to end at {row.value.format(1)}: what laying "
            "now gains is on the rest of the round (a card not thrown where the opponent can take it, a turn not spent "
            "on a discard)")


def gerund_words(row: ExpeditionValue) -> str:
    """A row that acts now, as a thing done: ``laying 2♣ now``, ``laying the investment Q♠ now``."""
    cards = [card_words(c) for c in parse_cards(row.card)]
    if row.option == "lay":
        return f"laying {cards[0]} now"
    return f"laying the investment {cards[0]} now" if len(cards) == 1 else f"laying {' '.join(cards)} now"


def _bracketed(e: Estimate) -> str:
    brackets = interval_words(e)
    return f" {brackets}" if brackets else ""


def _advice(values: StartValues, choice: _Choice | None, verdict: str, model: str) -> tuple[str, Estimate | None]:
    if choice is None:
        return ("No card of your hand can go down now: whatever you do is a discard (the Which card? question says "
                "which one costs least)."), None
    act = action_words(values, choice.option)
    keep = keeping_words(values, choice.against)
    e = choice.advantage
    basis = basis_words(values, model, choice.option)
    on = f" in {MEASURES[measure_of(values, model)]}"
    if verdict == "better":
        return f"{act}: about {signed(e.value)} points over {keep}{_bracketed(e)}{on}, {basis}{_elsewhere(values, choice)}.", e
    if verdict == "about as good" and e.value >= 0:
        return (f"{act}, or lay nothing this turn: about as good ({signed(e.value)} points over {keep}{_bracketed(e)}"
                f"{on}), {basis}."), e
    if verdict == "about as good":
        return (f"Lay nothing this turn, or {_lower_first(act)}: about as good ({gerund_words(choice.option)}: "
                f"{signed(e.value)} points against {keep}{_bracketed(e)}{on}), {basis}."), e
    return (f"Lay nothing this turn: in every suit, keeping your cards is worth more than laying one now (the closest, "
            f"{gerund_words(choice.option)}: {signed(e.value)} points against {keep}{_bracketed(e)}{on}), {basis}."), \
        _negated(e)


def _summary(values: StartValues, choices: Sequence[_Choice | None], verdict: str) -> str:
    """What one or more models would rather do (the same thing), in a few words, with each model's number."""
    choice = choices[0]
    if choice is None:
        return "lay nothing: no card can go down"
    against = keeping_words(values, choice.against)
    numbers = ", ".join(signed(c.advantage.value) for c in choices if c is not None)
    on = f"in {MEASURES['score']}"
    if verdict == "hold back":
        return f"lay nothing this turn ({gerund_words(choice.option)}: {numbers} against {against}, {on})"
    return f"{_lower_first(action_words(values, choice.option))} ({numbers} over {against}, {on})"


def _model_names(models: Sequence[str]) -> str:
    numbers = [MODELS[m].split(":")[0].split()[1] for m in models]
    return f"model {numbers[0]}" if len(numbers) == 1 else f"models {' and '.join(numbers)}"


def _key(choice: _Choice | None, verdict: str) -> tuple[str, ...]:
    if choice is None:
        return ("none",)
    o = choice.option
    return (o.suit, o.option, str(o.investments), choice.against.option, verdict)


def _disagreement(values: StartValues, choice: _Choice | None, verdict: str) -> str:
    """What models 1 and 2 say when they disagree with model 3 (``choice``, ``verdict``): another choice,
    or the same one worth several points more than model 3's whole interval on the same measure (your
    round score: models 1 and 2 have no other); and which to believe."""
    others: list[str] = [m for m in ("exact", "suit") if m in values.models]
    theirs = {m: _best(values, m) for m in others}
    said = {m: _verdict(c) for m, c in theirs.items()}
    differ = [m for m in others if not _same(theirs[m], choice) or (said[m] == "hold back") != (verdict == "hold back")]
    more: dict[str, _Choice] = {}
    own = None if choice is None else choice.option.added(choice.against.option, "score")
    for m in others:
        c = theirs[m]
        if m not in differ and c is not None and own is not None and c.advantage.value > own.high + CAUTION_MARGIN:
            more[m] = c
    groups: dict[tuple[str, ...], list[str]] = {}
    for m in differ:
        groups.setdefault(_key(theirs[m], said[m]), []).append(m)
    parts = [f"{_model_names(ms)} would rather {_summary(values, [theirs[m] for m in ms], said[ms[0]])}"
             for ms in groups.values()]
    if more and own is not None:
        numbers = ", ".join(signed(c.advantage.value) for c in more.values())
        parts.append(f"{_model_names(list(more))} {'say' if len(more) > 1 else 'says'} more for it ({numbers} in "
                     f"{MEASURES['score']}, against {signed(own.value)} by model 3)")
    if not parts:
        return ""
    several = len(differ) + len(more) > 1
    they = "they look at one suit alone and assume" if several else "it looks at one suit alone and assumes"
    text = "; ".join(parts)
    return (f"{text[0].upper() + text[1:]}, because {they} that the cards you wait for, and the numbers an investment "
            "needs, arrive in time, and that nothing else wants your plays; model 3 plays the whole round out, your "
            "other suits and the opponent included, so believe model 3.")


# --- beside the Which card? question ----------------------------------------------------------------------
def _made_move(recommendation: Recommendation, moves: MoveValues) -> MoveValue | None:
    """The row of ``moves`` that makes the card the answer lays now (drawing off the deck when it may)."""
    if recommendation.option is None or recommendation.verdict == "hold back":
        return None
    card = parse_cards(recommendation.option.card)[0]
    rows = [r for r in moves.rows if r.move.kind == "play" and r.move.card == card]
    return min(rows, key=lambda r: r.move.draw != "deck") if rows else None


def beside_moves(recommendation: Recommendation, moves: MoveValues) -> str:
    """The answer beside the *Which card?* question (``move_values`` of the same position), in one plain
    sentence: for an answer to lay nothing, the discard to make; empty when the move it ranks first is the
    answer's; else which move it ranks first, how far the answer's move is behind it on the score
    difference, why the two can differ, and which to follow to win the round and which for your own round
    score alone.

    Why they can differ: the answer weighs each suit's card against holding that suit back as the counting
    bot would play it (its own move with the suit kept), on the score difference in model 3 and on your
    round score in models 1 and 2; *Which card?* weighs every move of the turn against every other on the
    score difference (your score minus the opponent's), played out by the same bot."""
    best = moves.best
    measure = moves.measure
    first = f"“{move_words(best.move, 'notation')}”"
    why = "Which card? weighs every move of this turn against every other, the answer above only"
    how = ("as the counting bot would" if recommendation.model == "rollout"
           else f"in one suit alone ({_model_names([recommendation.model])}, on your round score)")
    if recommendation.verdict not in ("better", "about as good"):
        if best.move.kind != "play":
            return f"Which card? agrees and says which: {first}, the best of its {len(moves.rows)} moves."
        discard = next((r for r in moves.rows if r.move.kind != "play"), None)
        behind = "" if discard is None else (f"; its best discard, “{move_words(discard.move, 'notation')}”, is "
                                             f"{_behind(discard.against_best)} in {measure}")
        return (f"But Which card? ranks a move that lays a card first, {first}{behind}: {why} each suit against "
                f"holding it back {how}; {_follow(moves, best)}")
    made = _made_move(recommendation, moves)
    if made is None or made is best:
        return ""
    if recommendation.verdict == "about as good" and best.move.kind != "play":
        return f"Which card? takes the answer's other side, to lay nothing now: {first}."
    said = f"the answer's “{move_words(made.move, 'notation')}”"
    if made.verdict == ABOUT_AS_GOOD:
        return (f"Which card? ranks {first} first, but {said} is about as good there ({signed(made.against_best.value)} "
                f"points{_bracketed(made.against_best)} in {measure}): either will do.")
    if made.verdict == UNDECIDED:
        return (f"Which card? ranks {first} first, and {said} cannot be told from it at this budget "
                f"({signed(made.against_best.value)} points{_bracketed(made.against_best)} in {measure}).")
    suit = suit_mark(made.move.card.suit)
    return (f"But Which card? ranks {first} first, and {said} {_behind(made.against_best)} in {measure}: {why} "
            f"{suit} against holding {suit} back {how}; {_follow(moves, best)}")


def _behind(e: Estimate) -> str:
    """``4.2 points behind [3.9, 4.5]``: how far a move trails the best, from its (negative) paired difference."""
    return f"{-e.value:.1f} points behind{_bracketed(_negated(e))}"


def _follow(moves: MoveValues, best: MoveValue) -> str:
    """Which move to follow for which goal: the score difference (winning) and your own round score."""
    own = max(moves.rows, key=lambda r: round(r.score.value, 1))  # the first of equals: the best on the difference
    if moves.rules.sides == 1:
        return "follow the Which card? answer."
    if own is best or round(own.score.value, 1) == round(best.score.value, 1):
        return "to win the round, and for your own round score too, follow the Which card? answer."
    return (f"to win the round, follow the Which card? answer; for your own round score alone, “{move_words(own.move, 'notation')}” "
            f"(about {own.score.value:.1f} points against {best.score.value:.1f}).")


def recommend(what: StartValues | HandLike | Round | Observation, rules: Rules | str | None = None, *,
              model: str | int | None = None, seat: int | None = None,
              models: str | int | Sequence[str | int] = ("exact", "suit", "rollout"), n: int = 20_000,
              budget: Budget | None = None, **limits: Unpack[BudgetOptions]) -> Recommendation:
    """What to do this turn, in one sentence, with its interval and the model it rests on (see the
    module docs).

    ``what`` is a ``StartValues`` (nothing is computed: the sentence's numbers are its table's), or a
    hand, a round or an observation, for which ``start_values`` runs first with ``models`` (all three
    by default), ``n`` and the ``budget`` (or its fields as keywords). ``model`` chooses the model to rest on (default: model 3 when
    computed, else model 2, else model 1)."""
    if isinstance(what, StartValues):
        if rules is not None:
            raise AnalysisError("give the rules only with a hand: a table of start values carries its own rules")
        values = what
    else:
        values = start_values(what, rules, seat=seat, models=models, n=n, budget=budget_of(Budget(), budget, limits))
    if not values.rows:
        raise AnalysisError("the table of start values has no rows: there is nothing to recommend")
    if model is None:
        chosen = next(m for m in PREFERENCE if m in values.models)
    else:
        chosen = model_names(model)[0]
        if chosen not in values.models:
            raise AnalysisError(f"{MODELS[chosen]} was not computed; the models computed are "
                                f"{', '.join(MODELS[m] for m in values.models)}")
    choice = _best(values, chosen)
    verdict = _verdict(choice)
    sentence, estimate = _advice(values, choice, verdict, chosen)
    disagreement = _disagreement(values, choice, verdict) if chosen == "rollout" else ""
    option: ExpeditionValue | None = None
    against: ExpeditionValue | None = None
    if choice is not None:
        option, against = (choice.against, choice.option) if verdict == "hold back" else (choice.option, choice.against)
    full = sentence if not disagreement else f"{sentence} {disagreement}"
    return Recommendation(full, option, against, estimate, chosen, verdict, disagreement, measure_of(values, chosen))


__all__ = ["MEASURES", "PREFERENCE", "Recommendation", "action_words", "basis_words", "beside_moves",
           "gerund_words", "interval_words", "keeping_words", "measure_of", "recommend", "signed"]
