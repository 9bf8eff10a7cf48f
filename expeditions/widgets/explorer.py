"""The what-if explorer: a hand (and optionally a position), answered in one sentence first, then
valued by the three models side by side.

Enter a hand as text or by clicking cards, choose the rule set, and optionally build a position:
expeditions already laid on your side and the other side, discard piles, and how many cards are
left in the deck. *Compute* values every suit by model 1 (the exact ceiling) and model 2 (the suit
simulation), which take well under a second; *Run rollouts* adds model 3 (full-round rollouts, a
few seconds, with a progress bar), computing models 1 and 2 first when they are not there yet. The
answer comes first, in one sentence (``analysis.recommend``: what to do this turn, the points it is
worth against holding back with its interval, the model it rests on and, when the models disagree,
which to believe); then the table of the models side by side, for the suits that matter (held, or
started by either side; *show all suits* for the rest), with the answer marked and every word
explained; then three charts: the expected value per suit with its interval, the chance of the
bonus, and the distribution of one expedition's final score, opened on the answer's suit.

The numbers are ``expeditions.analysis.start_values``'s; this module only collects the inputs and
shows the results. Bad input (a card twice, a card the rule set lacks, too many cards) shows the
analysis' own words and changes nothing else. Below, a tab for each question a strong player asks
(``QUESTIONS``), break even among them.

Every control has a CSS class for browser tests: ``xp-explorer`` (the whole widget),
``xp-explorer-rules``, ``xp-explorer-target``, ``xp-explorer-cards`` (the card buttons, each
``xp-card-7H`` ...), ``xp-explorer-hand``, ``xp-explorer-mine``, ``xp-explorer-theirs``,
``xp-explorer-piles``, ``xp-explorer-deck``, ``xp-explorer-model-1``, ``xp-explorer-model-2``,
``xp-explorer-go``, ``xp-explorer-clear``, ``xp-explorer-rollouts``, ``xp-explorer-seconds``,
``xp-explorer-progress``, ``xp-explorer-progress-text``, ``xp-explorer-message``,
``xp-explorer-recommendation`` (the answer; its sentence ``xp-explorer-sentence``, what the other
models say ``xp-explorer-disagreement``), ``xp-explorer-show-all``, ``xp-explorer-position``,
``xp-explorer-table`` (the answer's cell ``xp-recommended``, what it is set against ``xp-against``),
``xp-explorer-suit``, ``xp-explorer-option``, and ``xp-explorer-chart`` on each chart (with
``xp-explorer-chart-values``, ``-bonus``, ``-distribution``, ``-break-even``); the questions'
``xp-explorer-questions``, ``xp-explorer-ask``, ``xp-explorer-refine``, ``xp-explorer-stop`` and
``xp-explorer-answer-<question>``.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Iterator
from concurrent.futures import Executor, Future, ProcessPoolExecutor
from contextlib import ExitStack
from dataclasses import dataclass, replace
from html import escape
from typing import Any, ParamSpec, TypeVar

import ipywidgets as widgets

from .. import analysis
from ..analysis import MODELS, StartValues, start_values
from ..analysis.exact import OPTIONS
from ..analysis.recommend import Recommendation, beside_moves, recommend
from ..analysis.rollouts import widest as rollout_width
from ..analysis.situation import checked_hand
from ..analysis.stats import ExpeditionValue
from ..analysis.values import ASSUMPTIONS, BELIEVE, MEASURE_WORDS, OPTION_WORDS
from ..bots.words import card_word, cards_word
from ..cards import SUITS, Card, format_cards, parse_cards
from ..display import cards_html, observation_board_html
from ..errors import AnalysisError, ExpeditionsError, PositionError
from ..round import CardsLike, Round, position
from ..rules import Rules
from ..rules import rules as get_rules
from ..words import symbolize
from .cards import card_button, card_rows, classed, rule_set_choice, style_card_button, suit_label

P = ParamSpec("P")
T = TypeVar("T")

FIELDS = ("hand", "mine", "theirs", "piles")
"""The card fields of the explorer, in the order of the *click cards into* buttons."""

_ERROR = "#b00020"
_NOTE = "#444"
_CELL = "padding:3px 8px;border-bottom:1px solid #ddd;text-align:left;vertical-align:top;line-height:1.35"


# --- the position ------------------------------------------------------------------------------------------
def what_if_position(rules: Rules | str = "expeditions", hand: CardsLike = "", *, mine: CardsLike = "", theirs: CardsLike = "",
                     piles: CardsLike = "", deck_size: int | None = None, seed: int = 0) -> Round:
    """The position the explorer values: you (seat 0) hold ``hand`` and are to move.

    ``mine`` and ``theirs`` are the cards already on your side's and the other side's expeditions
    (any suits, laid in rising order); ``piles`` the discard piles, each suit's cards bottom first.
    ``deck_size`` is how many cards are left in the deck: the other hands are dealt from the cards
    placed nowhere, then the deck, and what is left over is out of play unseen: set aside, under
    the rules with that many cards set aside (``set_aside``), since the rules set none aside
    elsewhere than in the solitaire.
    So a short deck without the cards on the table averages over which cards the table holds: each
    unseen card still reaches you with the same chance (your draws in time over the unseen cards);
    place the table's cards on the expeditions and piles to be precise. Left out, every card placed
    nowhere is in the deck (with nothing placed: the deal, a round where you move first). The
    analysis sees only what seat 0 sees, so ``seed`` (which hidden card is where) does not change
    its numbers."""
    r = get_rules(rules)
    cards = checked_hand(parse_cards(hand), r)
    mine_cards, theirs_cards, pile_cards = parse_cards(mine), parse_cards(theirs), parse_cards(piles)
    if theirs_cards and r.sides < 2:
        raise PositionError(f"the {r.name} rules have no other side: leave their expeditions empty")
    if pile_cards and r.discards_leave_game:
        raise PositionError(f"in the {r.name} rules a discard leaves the game, so there are no discard piles: leave them empty")
    by_suit: dict[str, list[Card]] = {}
    for card in pile_cards:
        by_suit.setdefault(card.suit, []).append(card)
    sides: list[CardsLike] = [mine_cards]
    if r.sides > 1:
        sides.append(theirs_cards)
    hands: list[CardsLike | None] = [cards, *([None] * (r.players - 1))]
    base = position(r, hands=hands, expeditions=sides, piles=by_suit, seed=seed)
    if deck_size is None:
        return base
    pool = base.deck + base.set_aside
    least = 0 if r.play_on_after_deck else 1
    if not least <= deck_size <= len(pool):
        why = ("the round ends when the last card is drawn off the deck, so a round in play has at least 1 card in it"
               if deck_size < least else f"only {len(pool)} cards are placed nowhere once the other hands are dealt")
        raise PositionError(f"{deck_size} cards left in the deck cannot be: {why}")
    short = get_rules(r, set_aside=len(pool) - deck_size)
    return position(short, hands=list(base.hands), expeditions=sides, piles=by_suit, deck=pool[:deck_size],
                    set_aside=pool[deck_size:], seed=seed)


# --- progress of the rollouts ------------------------------------------------------------------------------
class _ReportingFuture(Future[T]):
    """A future that reports its result once, in the thread that asks for it."""

    def __init__(self, report: Callable[[Any], None]) -> None:
        super().__init__()
        self._report = report
        self._reported = False

    def result(self, timeout: float | None = None) -> T:
        out = super().result(timeout)
        if not self._reported:
            self._reported = True
            self._report(out)
        return out


def _copy_outcome(source: Future[T], target: Future[T]) -> None:
    if source.cancelled():
        target.cancel()
    elif (error := source.exception()) is not None:
        target.set_exception(error)
    else:
        target.set_result(source.result())


class ProgressExecutor(Executor):
    """An executor that calls ``report(result)`` as each piece of work is collected, in the thread
    that collects it (the notebook's, so a progress bar may be updated there).

    The work runs on ``inner`` (a process pool, a Dask client's executor), or, without one, right
    here one piece at a time. Any ``executor=`` parameter of the analysis takes it, so long
    computations show their progress without the analysis knowing of widgets."""

    def __init__(self, report: Callable[[Any], None], inner: Executor | None = None) -> None:
        self._report = report
        self._inner = inner

    def submit(self, fn: Callable[P, T], /, *args: P.args, **kwargs: P.kwargs) -> Future[T]:
        future: _ReportingFuture[T] = _ReportingFuture(self._report)
        if self._inner is None:
            try:
                future.set_result(fn(*args, **kwargs))
            except BaseException as error:  # the caller sees it through the future, as with any executor
                future.set_exception(error)
            else:
                future.result()  # report now: the work ran here
        else:
            self._inner.submit(fn, *args, **kwargs).add_done_callback(lambda done: _copy_outcome(done, future))
        return future


# --- the table of the models side by side ----------------------------------------------------------------------
def _key(row: ExpeditionValue) -> tuple[str, str, int]:
    return row.suit, row.option, row.investments


def _model_cell(row: ExpeditionValue | None, mark: str, opponent: bool = True) -> str:
    """One model's cell: the expedition's expected final score; what the option adds to your round score
    against never and against waiting and, in model 3 with an opponent, to your score minus theirs;
    ``mark`` is ``"recommended"``, ``"against"`` or empty."""
    if row is None:
        return "<span style='color:#999'>—</span>"
    text = escape(row.value.format() if row.value.half_width > 0 else f"{row.value.value:.1f}")
    for measure, against, e in row.additions(opponent):
        css = "xp-vs" if measure == "score" else "xp-vs-difference"
        text += (f"<br><small class='{css}-{against}'>{escape(e.format(sign=True))} {MEASURE_WORDS[measure]} vs "
                 f"{'waiting' if against == 'wait' else 'never'}</small>")
    if mark == "recommended":
        return f"<b class='xp-recommended'>{text}</b>"
    if mark == "against":
        return f"<span class='xp-against'>{text}</span>"
    return text


def _cell_style(mark: str) -> str:
    if mark == "recommended":
        return f"{_CELL};background:#fff3c4;outline:2px solid #e0a800"
    if mark == "against":
        return f"{_CELL};background:#f3f3f3"
    return _CELL


def comparison_html(values: StartValues, recommendation: Recommendation | None = None, *, show_all: bool = False) -> str:
    """The models side by side: one line per suit and option (lay now, invest now, wait, never), in each
    model the expected final score of the expedition (with its 95% interval when simulated), what the
    option adds to your round score against never laying (more of) the suit and, for the options that
    put a card down now, against waiting, and the chance of the bonus. The recommended option (and the
    one it is set against) are marked in the model it rests on. Only the suits that matter (held, or
    started by either side) unless ``show_all``. Below: what each option and model means, which model
    to believe, and the cautions where the models disagree."""
    models = values.models
    opponent = values.rules.sides > 1
    suits = values.shown_suits(show_all)
    lines: dict[tuple[str, str, int], dict[str, ExpeditionValue]] = {}
    for r in values.rows:
        if r.suit in suits:
            lines.setdefault(_key(r), {})[r.model] = r
    marks: dict[tuple[tuple[str, str, int], str], str] = {}
    if recommendation is not None:
        for row, mark in ((recommendation.option, "recommended"), (recommendation.against, "against")):
            if row is not None:
                marks[_key(row), recommendation.model] = mark
    head = "".join(f"<th style='{_CELL}'>{escape(h)}</th>" for h in
                   ["suit", "option", *(MODELS[m] for m in models), "bonus chance (" + " · ".join(
                       MODELS[m].split(":")[0] for m in models) + ")"])
    body: list[str] = []
    previous = ""
    for key, by_model in lines.items():
        first = next(by_model[m] for m in models if m in by_model)
        suit = SUITS[key[0]]
        new_suit = key[0] != previous
        previous = key[0]
        top = ";border-top:2px solid #888" if new_suit and body else ""
        cells = [f"<td style='{_CELL}{top};color:{suit.colour};font-weight:bold'>"
                 f"{escape(suit_label(key[0])) if new_suit else ''}</td>",
                 f"<td style='{_CELL}{top}' title='{escape(OPTION_WORDS[first.option])}'>{escape(first.decision)}</td>"]
        for m in models:
            mark = marks.get((key, m), "")
            cells.append(f"<td style='{_cell_style(mark)}{top}'>{_model_cell(by_model.get(m), mark, opponent)}</td>")
        bonus = " · ".join(by_model[m].bonus_chance.format(0, percent=True).split(" ")[0] if m in by_model else "—"
                           for m in models)
        cells.append(f"<td style='{_CELL}{top}'>{escape(bonus)}</td>")
        body.append(f"<tr class='xp-explorer-line'>{''.join(cells)}</tr>")
    o = values.outlook
    hidden = [suit_label(s) for s in values.rules.suits if s not in suits]
    notes = [f"{o.plays} plays left, {o.draws_in_time} draws in time to be played, {o.unseen} unseen cards. In each cell: "
             "the expedition's expected final score (95% interval when simulated); then what the option adds to your "
             "round score against never laying (more of) the suit, and against waiting with it"
             + ("; in model 3 also what it adds to your score minus theirs (the opponent's round score), what wins the "
                "round: the answer above rests on it when model 3 is run." if opponent and "rollout" in models else ".")
             + (f" Not shown: {', '.join(hidden)} (no card held, not started by either side): tick show all suits."
                if hidden else "")]
    if recommendation is not None and recommendation.option is not None:
        notes.append(f"Marked: the answer above, in {MODELS[recommendation.model]} (shaded: what it is set against).")
    notes += [f"{option}: {OPTION_WORDS[option]}." for option in OPTIONS if any(k[1] == option for k in lines)]
    notes += [f"{MODELS[m]}: {ASSUMPTIONS[m]}." for m in models]
    notes.append(BELIEVE[0].upper() + BELIEVE[1:] + ".")
    cautions = "".join(f"<li class='xp-explorer-caution' style='color:{_ERROR}'>{escape(c)}</li>"
                       for c in values.only(suits).cautions())
    return (f"<div class='xp-explorer-grid' style='font-family:sans-serif;font-size:13px'>"
            f"<table style='border-collapse:collapse'><thead><tr>{head}</tr></thead><tbody>{''.join(body)}</tbody></table>"
            f"<ul style='color:#555;margin-top:4px;line-height:1.35'>{''.join(f'<li>{escape(n)}</li>' for n in notes)}"
            f"{cautions}</ul></div>")


def answer_html(recommendation: Recommendation, beside: str = "") -> str:
    """The answer in one sentence, first and large; below it, what the other models say when they disagree,
    and ``beside``: what the *Which card?* question says beside it (``recommend.beside_moves``), once asked."""
    other = (f"<div class='xp-explorer-disagreement' style='font-size:13px;color:#444;margin-top:4px'>"
             f"{escape(recommendation.disagreement)}</div>") if recommendation.disagreement else ""
    if beside:
        other += (f"<div class='xp-explorer-beside-moves' style='font-size:13px;color:#222;margin-top:4px'>"
                  f"{escape(beside)}</div>")
    return ("<div class='xp-explorer-advice' style='font-family:sans-serif;border-left:5px solid #e0a800;"
            "background:#fffbea;padding:8px 12px;margin:8px 0;max-width:60em;line-height:1.4'>"
            "<div style='font-size:11px;color:#7a6000;letter-spacing:0.05em'>WHAT TO DO NOW</div>"
            f"<div class='xp-explorer-sentence' style='font-size:16px;font-weight:600;margin-top:2px'>"
            f"{escape(recommendation.headline)}</div>{other}</div>")


def merged(*parts: StartValues | None) -> StartValues | None:
    """The rows of several ``StartValues`` of the same position in one, ordered as ``start_values`` orders them."""
    given = [p for p in parts if p is not None]
    if not given:
        return None
    first = given[0]
    suits = {s: i for i, s in enumerate(first.rules.suits)}
    models = list(MODELS)
    rows = sorted((r for p in given for r in p.rows),
                  key=lambda r: (suits[r.suit], OPTIONS.index(r.option), r.investments, models.index(r.model)))
    return replace(first, rows=tuple(rows))


# --- the questions a strong player asks -------------------------------------------------------------------------
FIRST_PRECISION = 3.0
FIRST_SECONDS = 2.0


@dataclass(frozen=True)
class OpponentAnswer:
    """The opponent's tab: what each discard feeds them, a pile card against the deck (when there is a
    draw to choose) and who holds the cards you wait for."""

    discards: analysis.DiscardValues
    piles: analysis.PileValues | None
    holding: analysis.HoldingChances
    piles_note: str = ""

    @property
    def width(self) -> float:
        return max(self.discards.width, self.piles.width if self.piles is not None else 0.0)

    @property
    def positions(self) -> int:
        return self.discards.positions

    @property
    def seconds(self) -> float:
        return self.discards.seconds + (self.piles.seconds if self.piles is not None else 0.0)

    def _repr_html_(self) -> str:
        piles = self.piles._repr_html_() if self.piles is not None else _note(self.piles_note)
        return self.discards._repr_html_() + piles + self.holding._repr_html_()


def _opponent_answers(pos: Round, precision: float, limit: float, seed: int) -> Iterator[OpponentAnswer]:
    holding = analysis.holding_chances(pos)
    piles: analysis.PileValues | None = None
    note = ""
    discards = None
    for discards in analysis.iter_discard_values(pos, precision=precision, time_limit=limit / 2, seed=seed):
        yield OpponentAnswer(discards, None, holding, "pile cards against the deck: next")
    if discards is None:
        return
    try:
        for piles in analysis.iter_pile_values(pos, precision=precision, time_limit=limit / 2, seed=seed):
            yield OpponentAnswer(discards, piles, holding)
    except AnalysisError as e:
        note = symbolize(str(e), pos.rules)
        yield OpponentAnswer(discards, None, holding, f"pile cards against the deck: {note}")


@dataclass(frozen=True)
class Question:
    """One question of the explorer: its tab's ``title`` and ``answers(position, precision, seconds,
    seed)``, an iterator of ever more precise answers (each with ``width``, ``positions``, ``seconds``
    and ``_repr_html_``); ``unit`` names what ``positions`` counts; ``chart`` draws an answer (SVG)
    above its tables."""

    title: str
    answers: Callable[[Round, float, float, int], Iterator[Any]]
    unit: str = "positions"
    chart: Callable[[Any], str] | None = None


def _break_even_chart(answer: analysis.BreakEven) -> str:
    from .explorer_charts import break_even_chart, chart_svg  # altair: imported when a chart is first drawn

    return f"<div class='xp-explorer-chart xp-explorer-chart-break-even'>{chart_svg(break_even_chart(answer))}</div>"


QUESTIONS: dict[str, Question] = {
    "moves": Question("Which card?", lambda pos, p, t, seed: analysis.iter_move_values(
        pos, precision=p, time_limit=t, seed=seed)),
    "plans": Question("Which suits?", lambda pos, p, t, seed: analysis.iter_plan_values(
        pos, precision=p, time_limit=t, seed=seed)),
    "opponent": Question("The opponent", _opponent_answers),
    "winning": Question("Winning", lambda pos, p, t, seed: analysis.iter_win_chances(
        pos, precision=p, time_limit=t, seed=seed)),
    "end": Question("Round's end", lambda pos, p, t, seed: analysis.iter_round_end(
        pos, precision=min(p, 0.3), time_limit=t, seed=seed)),
    "even": Question("Break even", lambda pos, p, t, seed: analysis.iter_break_even(
        pos, precision=min(p, 0.5), time_limit=t, seed=seed), unit="sets of cards", chart=_break_even_chart),
}
"""The questions the explorer asks of its position, by tab."""


# --- the widget ----------------------------------------------------------------------------------------------
def _text(description: str, css: str, placeholder: str, width: str = "34em") -> widgets.Text:
    return classed(widgets.Text(description=description, placeholder=placeholder, continuous_update=False,
                                 layout=widgets.Layout(width=width), style={"description_width": "11em"}), css)


def _progress(description: str, width: str, bar: str, text: str) -> tuple[widgets.IntProgress, widgets.HTML]:
    """A progress bar and the line of text beside it, with their CSS classes."""
    return (classed(widgets.IntProgress(value=0, min=0, max=100, description=description,
                                         layout=widgets.Layout(width=width)), bar),
            classed(widgets.HTML(), text))


class WhatIfExplorer(widgets.VBox):  # type: ignore[misc]
    """Values a hand (and optionally a position) by the three models, side by side, with charts.

    From Python: ``set_hand("2H 5H KH 9S 10S QD")``, ``set_position(mine=..., theirs=..., piles=...,
    deck_size=...)``, ``compute()`` (the *Compute* button: models 1 and 2 as ticked),
    ``run_rollouts()`` (the *Run rollouts* button: model 3), then ``values`` (a ``StartValues`` with
    every model computed), ``last_message``, and the charts ``value_chart()``, ``bonus_chart()``,
    ``distribution_chart(suit)``. ``n`` is model 2's number of simulations, ``seed`` the random seed
    of models 2 and 3; model 3 runs until its intervals are within ``±precision`` points or
    ``time_limit`` seconds have passed, on ``workers`` processes (1: in this process).
    """

    _stop: threading.Event
    _worker: threading.Thread | None

    def __init__(self, rules: Rules | str = "expeditions", hand: CardsLike = "", *, mine: CardsLike = "",
                 theirs: CardsLike = "", piles: CardsLike = "", deck_size: int | None = None, n: int = 20_000, seed: int = 0,
                 time_limit: float = 10.0, precision: float = 2.0, workers: int = 1, refine_seconds: float = 60.0,
                 compute: bool = False) -> None:
        self.rules = get_rules(rules)
        self.n, self.seed, self.precision, self.workers, self.refine_seconds = n, seed, precision, workers, refine_seconds
        self.last_message = ""
        self._values: StartValues | None = None
        self._rollouts: StartValues | None = None
        self._recommendation: Recommendation | None = None
        self._quiet = False
        self.card_buttons: dict[Card, widgets.Button] = {}
        self._build(time_limit)
        self._fill(hand=hand, mine=mine, theirs=theirs, piles=piles, deck_size=deck_size)
        if compute:
            self.compute()

    # --- building -------------------------------------------------------------------------------------
    def _build(self, time_limit: float) -> None:
        self.header = widgets.HTML()
        self.rule_set = rule_set_choice(self.rules, "xp-explorer-rules")
        self.target = classed(widgets.ToggleButtons(
            options=[("your hand", "hand"), ("your expeditions", "mine"), ("their expeditions", "theirs"),
                     ("discard piles", "piles")],
            value="hand", description="click cards into", style={"description_width": "8em"}), "xp-explorer-target")
        self.rows = classed(widgets.VBox(), "xp-explorer-cards")
        self.fields: dict[str, widgets.Text] = {
            "hand": _text("your hand", "xp-explorer-hand", "cards, like 2H 5H KH 9S 10S QD"),
            "mine": _text("your expeditions", "xp-explorer-mine", "optional: cards already laid on your side"),
            "theirs": _text("their expeditions", "xp-explorer-theirs", "optional: cards laid on the other side"),
            "piles": _text("discard piles", "xp-explorer-piles", "optional: each pile bottom card first, like 3D 8D"),
        }
        self.deck = _text("cards left in the deck", "xp-explorer-deck", "all the cards placed nowhere", width="22em")
        self.model_boxes = {
            model: classed(widgets.Checkbox(value=True, description=MODELS[model], indent=False), f"xp-explorer-model-{i}")
            for i, model in enumerate(("exact", "suit"), start=1)
        }
        self.go_button = classed(widgets.Button(description="Compute", button_style="primary",
                                                 tooltip="value every suit by the models ticked (well under a second)"),
                                  "xp-explorer-go")
        self.clear_button = classed(widgets.Button(description="Clear", tooltip="empty the hand and the position"),
                                     "xp-explorer-clear")
        self.rollout_button = classed(widgets.Button(description="Run rollouts (model 3)", layout=widgets.Layout(width="14em"),
                                                      tooltip="play the rest of the round out many times (a few seconds)"),
                                       "xp-explorer-rollouts")
        self.seconds = classed(widgets.FloatSlider(value=time_limit, min=1.0, max=60.0, step=1.0, description="at most (s)",
                                                    readout_format=".0f"), "xp-explorer-seconds")
        self.progress, self.progress_text = _progress("rollouts", "22em", "xp-explorer-progress", "xp-explorer-progress-text")
        self.message = classed(widgets.HTML(), "xp-explorer-message")
        self.position_view = classed(widgets.HTML(), "xp-explorer-position")
        self.table = classed(widgets.HTML(), "xp-explorer-table")
        self.answer = classed(widgets.HTML(), "xp-explorer-recommendation")
        self.show_all = classed(widgets.Checkbox(value=False, description="show all suits", indent=False,
                                                  tooltip="also the suits you hold no card of and nobody has started"),
                                 "xp-explorer-show-all")
        self.suit = classed(widgets.Dropdown(description="distribution of", layout=widgets.Layout(width="20em"),
                                              style={"description_width": "initial"}), "xp-explorer-suit")
        self.option = classed(widgets.Dropdown(description="option", layout=widgets.Layout(width="26em"),
                                                style={"description_width": "initial"}), "xp-explorer-option")
        self.charts: dict[str, widgets.HTML] = {
            name: classed(widgets.HTML(), "xp-explorer-chart", f"xp-explorer-chart-{name}")
            for name in ("values", "bonus", "distribution")
        }
        position_box = classed(widgets.Accordion(
            children=[widgets.VBox([self.fields["mine"], self.fields["theirs"], self.fields["piles"], self.deck])],
            titles=("a position (optional): cards on the table, cards left in the deck",)), "xp-explorer-position-inputs")
        self.position_box = position_box
        super().__init__([
            self.header,
            widgets.HBox([self.rule_set, self.clear_button]),
            self.target, self.rows, self.fields["hand"], position_box,
            widgets.HBox([self.model_boxes["exact"], self.model_boxes["suit"], self.go_button]),
            widgets.HBox([self.rollout_button, self.seconds, self.progress, self.progress_text]),
            self.message, self.answer, self.position_view, self.show_all, self.table, self.charts["values"],
            self.charts["bonus"],
            widgets.HBox([self.suit, self.option]), self.charts["distribution"],
            self._build_questions(),
        ])
        self.add_class("xp-explorer")
        self.rule_set.observe(self._on_rules, names="value")
        self.target.observe(lambda _: self._sync_cards(), names="value")
        for box in self.fields.values():
            box.observe(self._on_input, names="value")
        self.deck.observe(self._on_input, names="value")
        self.go_button.on_click(lambda _: self.compute())
        self.clear_button.on_click(lambda _: self.clear())
        self.rollout_button.on_click(lambda _: self.run_rollouts())
        self.suit.observe(self._on_suit, names="value")
        self.show_all.observe(lambda _: self._render(fresh=False), names="value")
        self.option.observe(lambda _: self._render_distribution(), names="value")
        self._build_rows()

    def _build_questions(self) -> widgets.VBox:
        """The questions a strong player asks, one tab each; Ask gives a first answer in about a second,
        Refine goes on in the background to ±1 with a progress bar."""
        self.answer_views: dict[str, widgets.HTML] = {
            name: classed(widgets.HTML(), "xp-explorer-answer", f"xp-explorer-answer-{name}") for name in QUESTIONS
        }
        self.questions = classed(widgets.Tab(children=list(self.answer_views.values()),
                                              titles=[q.title for q in QUESTIONS.values()]), "xp-explorer-questions")
        self.ask_button = classed(widgets.Button(description="Ask", button_style="primary",
                                                  tooltip="a first answer to the question of the tab shown (about a second)"),
                                   "xp-explorer-ask")
        self.refine_button = classed(widgets.Button(
            description="Refine to ±1", layout=widgets.Layout(width="10em"),
            tooltip="go on playing out positions in the background until every interval is within ±1"), "xp-explorer-refine")
        self.stop_button = classed(widgets.Button(description="Stop", tooltip="stop refining", disabled=True),
                                    "xp-explorer-stop")
        self.ask_progress, self.ask_text = _progress("precision", "18em", "xp-explorer-ask-progress", "xp-explorer-ask-text")
        self.ask_button.on_click(lambda _: self.ask())
        self.refine_button.on_click(lambda _: self.refine())
        self.stop_button.on_click(lambda _: self._stop.set())
        self.answers: dict[str, Any] = {}
        self._stop = threading.Event()
        self._worker: threading.Thread | None = None
        intro = widgets.HTML("<div style='font-family:sans-serif;margin-top:12px'><b>The questions a strong player asks</b>: "
                             "each answer plays the rest of the round out many times with a card-counting bot for both "
                             "sides (the <i>counting policy</i> of the tables: it counts the cards seen, starts a suit only "
                             "with enough points in hand, lays low cards first and takes pile cards that fit), from "
                             "positions consistent with what you can see, and comes with 95% intervals (Break "
                             "even counts every set of cards still to come, exactly). Each answer starts with a sentence; "
                             "the numbers follow.</div>")
        box = classed(widgets.VBox([intro, widgets.HBox([self.ask_button, self.refine_button, self.stop_button, self.ask_progress,
                                                 self.ask_text]), self.questions]), "xp-explorer-questions-box")
        return box

    def _build_rows(self) -> None:
        for button in self.card_buttons.values():
            button.close()
        for row in self.rows.children:
            row.close()

        def button_for(card: Card) -> widgets.Button:
            button = card_button(card, extra=("xp-explorer-card",))
            button.on_click(lambda _: self.click_card(card))
            return button

        rows, self.card_buttons = card_rows(self.rules, button_for)
        self.rows.children = rows
        self.fields["theirs"].disabled = self.rules.sides < 2
        self.fields["piles"].disabled = self.rules.discards_leave_game
        self.header.value = (f"<div style='font-family:sans-serif'><b>What-if explorer</b> · {escape(self.rules.title)} "
                             f"(<code>{escape(self.rules.label)}</code>): a hand of {self.rules.hand_size}, the bonus at "
                             f"{self.rules.bonus_at} cards</div>")
        self._set_suits(fresh=False)

    # --- the inputs ---------------------------------------------------------------------------------------
    def _fill(self, *, hand: CardsLike, mine: CardsLike, theirs: CardsLike, piles: CardsLike, deck_size: int | None) -> None:
        self._quiet = True
        try:
            for name, given in zip(FIELDS, (hand, mine, theirs, piles), strict=True):
                self.fields[name].value = given if isinstance(given, str) else format_cards(parse_cards(given))
            self.deck.value = "" if deck_size is None else str(deck_size)
        finally:
            self._quiet = False
        if self._has_position():
            self.position_box.selected_index = 0  # show the position it was given
        self._changed()

    def set_hand(self, hand: CardsLike) -> None:
        """Type a hand (text like ``"2H 5H KH 9S 10S QD"`` or cards)."""
        self.fields["hand"].value = hand if isinstance(hand, str) else format_cards(parse_cards(hand))

    def set_position(self, *, mine: CardsLike = "", theirs: CardsLike = "", piles: CardsLike = "",
                     deck_size: int | None = None) -> None:
        """The rest of the position: cards laid on each side, the discard piles, the cards left in the deck."""
        self._fill(hand=self.fields["hand"].value, mine=mine, theirs=theirs, piles=piles, deck_size=deck_size)

    def clear(self) -> None:
        """Empty the hand and the position, and forget the results."""
        self._fill(hand="", mine="", theirs="", piles="", deck_size=None)

    def cards_in(self, field: str) -> tuple[Card, ...]:
        """The cards typed into one field (``"hand"``, ``"mine"``, ``"theirs"``, ``"piles"``); raises on bad text."""
        return tuple(parse_cards(self.fields[field].value))

    def deck_size(self) -> int | None:
        """The cards left in the deck as typed (``None``: every card placed nowhere)."""
        text = self.deck.value.strip()
        if not text:
            return None
        try:
            return int(text)
        except ValueError:
            raise ExpeditionsError(f"{text!r} is not a number of cards: type a whole number, like 20, or leave the "
                                   "cards left in the deck empty for every card placed nowhere") from None

    def position(self) -> Round:
        """The position the inputs describe (``what_if_position``); raises with the reason when they cannot be one."""
        return what_if_position(self.rules, self.fields["hand"].value, mine=self.fields["mine"].value,
                                theirs=self.fields["theirs"].value, piles=self.fields["piles"].value,
                                deck_size=self.deck_size(), seed=self.seed)

    def _on_rules(self, change: dict[str, object]) -> None:
        if not isinstance(change["new"], str):
            return
        self.rules = get_rules(change["new"])
        dropped = []
        self._quiet = True
        try:
            for box in self.fields.values():
                try:
                    cards = parse_cards(box.value)
                except ExpeditionsError:
                    continue
                kept = [c for c in cards if c in self.rules.deck]
                dropped += [c for c in cards if c not in self.rules.deck]
                box.value = format_cards(kept)
            if self.rules.sides < 2:
                dropped += parse_cards(self.fields["theirs"].value)
                self.fields["theirs"].value = ""
            if self.rules.discards_leave_game:
                dropped += parse_cards(self.fields["piles"].value)
                self.fields["piles"].value = ""
        finally:
            self._quiet = False
        self._values = self._rollouts = None  # they were the other rules'
        self._build_rows()
        self._changed()
        if dropped:
            self._say(f"{cards_word(dropped)} left the inputs: the {self.rules.name} rules have no such card or place for it")

    def _on_input(self, change: dict[str, object]) -> None:
        if not self._quiet:
            self._changed()

    def click_card(self, card: Card | str) -> None:
        """A click on a card button: the card goes into the field chosen under *click cards into*, or
        leaves it when it is there (every copy of it). A card whose every copy lies in another field
        is refused with a message."""
        card = parse_cards(card)[0]
        name = self.target.value
        cards = self._cards_or_none(name) or []
        if card in cards:
            cards = [c for c in cards if c != card]
        elif self._free(card, name) <= 0:
            self._say(f"every {card_word(card)} of the {self.rules.name} deck is already placed: take it out of the other field first",
                      _ERROR)
            return
        else:
            cards.append(card)
        self.fields[name].value = format_cards(cards)  # calls _changed

    def _cards_or_none(self, name: str) -> list[Card] | None:
        try:
            return list(parse_cards(self.fields[name].value))
        except ExpeditionsError:
            return None

    def _free(self, card: Card, name: str) -> int:
        """How many copies of ``card`` the fields other than ``name`` leave free."""
        elsewhere = sum((self._cards_or_none(other) or []).count(card) for other in FIELDS if other != name)
        return self.rules.deck.count(card) - elsewhere

    def chosen(self, card: Card | str) -> bool:
        """Whether ``card`` is in the field the clicks go into (its button is then highlighted)."""
        return parse_cards(card)[0] in (self._cards_or_none(self.target.value) or [])

    def _sync_cards(self) -> None:
        """Highlighted: the card is in the field the clicks go into; disabled: every copy is in another field."""
        name = self.target.value
        inside = set(self._cards_or_none(name) or [])
        for card, button in self.card_buttons.items():
            selected = card in inside
            style_card_button(button, card, selected=selected, extra=("xp-explorer-card",))
            button.disabled = not selected and self._free(card, name) <= 0

    def _changed(self) -> None:
        """The inputs changed: the results no longer hold; show the position if it is one."""
        self._values = self._rollouts = None
        self._stop.set()
        self.answers = {}
        for view in self.answer_views.values():
            view.value = ""
        self.ask_progress.value = 0
        self.ask_text.value = ""
        self._sync_cards()
        self.progress.value = 0
        self.progress_text.value = ""
        self._say("")
        self.position_view.value = self._position_preview()
        self._render()

    def _position_preview(self) -> str:
        try:
            hand = self.cards_in("hand")
        except ExpeditionsError as e:
            return _note(symbolize(str(e), self.rules), _ERROR)
        if len(hand) != self.rules.hand_size:
            return _note(f"your hand: {len(hand)} of {self.rules.hand_size} cards chosen")
        try:
            obs = self.position().observation(0)
        except ExpeditionsError:
            return _note("click Compute to value this hand")
        board = observation_board_html(obs) if self._has_position() else ""
        return (f"<div style='font-family:sans-serif'>{board}<div>your hand: {cards_html(obs.hand)} · "
                f"{obs.deck_size} cards in the deck</div></div>")

    def _has_position(self) -> bool:
        return any(self.fields[name].value.strip() for name in ("mine", "theirs", "piles")) or bool(self.deck.value.strip())

    # --- computing ----------------------------------------------------------------------------------------
    @property
    def values(self) -> StartValues | None:
        """Every model computed for the current inputs, in one ``StartValues`` (``None`` before any)."""
        return merged(self._values, self._rollouts)

    def compute(self) -> StartValues | None:
        """Models 1 and 2 (as ticked) for the current inputs; on bad input, the reason in the message."""
        models = [m for m, box in self.model_boxes.items() if box.value]
        if not models:
            self._say("tick model 1 or model 2 (or run the rollouts, model 3)", _ERROR)
            return None
        try:
            values = start_values(self.position(), models=models, n=self.n, seed=self.seed)
        except ExpeditionsError as e:
            self._say(str(e), _ERROR)
            return None
        self._values = values
        self._say(f"computed {', '.join(MODELS[m] for m in models)}")
        self._render()
        return self.values

    def run_rollouts(self, time_limit: float | None = None) -> StartValues | None:
        """Model 3 for the current inputs, with the progress bar; ``time_limit`` defaults to the slider's.
        Models 1 and 2 (as ticked) come first when they are not computed for these inputs yet, so the
        table, the answer and the charts are whole whichever button was pressed."""
        limit = float(self.seconds.value if time_limit is None else time_limit)
        try:
            pos = self.position()
        except ExpeditionsError as e:
            self._say(str(e), _ERROR)
            return None
        if self._values is None and any(box.value for box in self.model_boxes.values()) and self.compute() is None:
            return None
        started = time.perf_counter()
        done = [0]

        def report(result: Any) -> None:
            done[0] += len(result)
            elapsed = time.perf_counter() - started
            self.progress.value = min(99, int(100 * elapsed / limit))
            self.progress_text.value = _note(f"{done[0]:,} positions played out, {elapsed:.1f} s")

        self.progress.value = 0
        self.progress_text.value = _note("starting the rollouts ...")
        try:
            with ExitStack() as stack:
                inner = stack.enter_context(ProcessPoolExecutor(self.workers)) if self.workers > 1 else None
                rollouts = start_values(pos, models=3, seed=self.seed, precision=self.precision, time_limit=limit,
                                        executor=ProgressExecutor(report, inner))
        except ExpeditionsError as e:
            self._say(str(e), _ERROR)
            self.progress_text.value = ""
            return None
        self._rollouts = rollouts
        self.progress.value = 100
        widest = max(rollout_width(r) for r in rollouts.rows)
        samples = rollouts.rows[0].value.samples
        self.progress_text.value = _note(f"done: {samples:,} positions in {time.perf_counter() - started:.1f} s, "
                                         f"intervals within ±{widest:.1f} points")
        values = self.values
        assert values is not None
        self._say(f"computed {', '.join(MODELS[m] for m in values.models)}")
        self._render()
        return values

    # --- the questions ------------------------------------------------------------------------------------
    def question(self) -> str:
        """The question of the tab shown (a key of ``QUESTIONS``)."""
        return list(QUESTIONS)[self.questions.selected_index or 0]

    def ask(self, name: str | None = None) -> Any:
        """A first answer to question ``name`` (default: the tab shown), about ±3 points within about two
        seconds; shown in its tab, and returned (``None`` when the inputs or the question cannot be answered)."""
        return self._run(name or self.question(), FIRST_PRECISION, FIRST_SECONDS, "first answer")

    def refine(self, name: str | None = None, *, precision: float = 1.0, time_limit: float | None = None,
               background: bool = True) -> Any:
        """Refine question ``name`` (default: the tab shown) until its intervals are within ``±precision``
        or ``time_limit`` seconds (default ``refine_seconds``), showing each better answer as it comes,
        with the progress bar; in a background thread (Stop ends it), or here with ``background=False``."""
        chosen = name or self.question()
        limit = self.refine_seconds if time_limit is None else time_limit
        if not background:
            return self._run(chosen, precision, limit, "refined")
        if self._worker is not None and self._worker.is_alive():
            self._say("already refining: stop it first", _ERROR)
            return None
        self._worker = threading.Thread(target=self._run, args=(chosen, precision, limit, "refined"), daemon=True)
        self._worker.start()
        return None

    def _run(self, name: str, precision: float, limit: float, label: str) -> Any:
        view = self.answer_views[name]
        try:
            pos = self.position()
        except ExpeditionsError as e:
            view.value = _note(symbolize(str(e), self.rules), _ERROR)
            return None
        self._stop.clear()
        self.stop_button.disabled = label != "refined"
        self.ask_button.disabled = self.refine_button.disabled = True
        self.ask_progress.value = 0
        self.ask_text.value = _note("playing out positions ...")
        answer = None
        try:
            question = QUESTIONS[name]
            for answer in question.answers(pos, precision, limit, self.seed):
                self.answers[name] = answer
                view.value = self._shown(name, answer)
                if name == "moves" and self._recommendation is not None:
                    self.answer.value = answer_html(self._recommendation, self.beside_moves())
                width = answer.width
                self.ask_progress.value = min(100, int(100 * precision / max(width, 1e-9)))
                self.ask_text.value = _note(f"±{width:.1f} after {answer.positions:,} {question.unit}, {answer.seconds:.1f} s "
                                            f"(target ±{precision:g})")
                if self._stop.is_set():
                    break
        except ExpeditionsError as e:
            view.value = _note(symbolize(str(e), self.rules), _ERROR)
            self.ask_text.value = ""
            return None
        finally:
            self.stop_button.disabled = True
            self.ask_button.disabled = self.refine_button.disabled = False
        if answer is not None:
            stopped = "stopped" if self._stop.is_set() and answer.width > precision else label
            self.ask_text.value = _note(f"{stopped}: ±{answer.width:.1f} after {answer.positions:,} "
                                        f"{QUESTIONS[name].unit} in {answer.seconds:.1f} s")
        return answer

    # --- showing ------------------------------------------------------------------------------------------
    def _say(self, text: str, colour: str = _NOTE) -> None:
        """Show ``text`` in the message line, every card in it with its suit symbol (the errors of the package
        name cards in the letter notation they are typed in)."""
        text = symbolize(text, self.rules)
        self.last_message = text
        self.message.value = (f"<div class='xp-explorer-message-text' style='font-family:sans-serif;color:{colour}'>"
                              f"{escape(text)}</div>") if text else ""

    def beside_moves(self) -> str:
        """What the *Which card?* answer says beside the answer above (``recommend.beside_moves``): empty
        until both are there."""
        moves = self.answers.get("moves")
        if self._recommendation is None or moves is None:
            return ""
        return beside_moves(self._recommendation, moves)

    def _shown(self, name: str, answer: Any) -> str:
        """A question's answer as its tab shows it: its chart, the answer beside the recommendation (for
        *Which card?*), its tables."""
        question = QUESTIONS[name]
        beside = self.beside_moves() if name == "moves" else ""
        note = (f"<p class='xp-explorer-beside-moves' style='font-family:sans-serif;font-size:13px'>Beside the answer "
                f"above: {escape(beside)}</p>") if beside else ""
        tables: str = answer._repr_html_()
        return (question.chart(answer) if question.chart else "") + note + tables

    @property
    def recommendation(self) -> Recommendation | None:
        """The answer in one sentence for the models computed (``analysis.recommend``), ``None`` before any."""
        return self._recommendation

    def shown_suits(self) -> tuple[str, ...]:
        """The suits the table and the charts show: those that matter (held, or started by either side),
        or every suit with *show all suits* ticked."""
        return self.rules.suits if self.values is None else self.values.shown_suits(self.show_all.value)

    def _render(self, fresh: bool = True) -> None:
        """Show the results: the answer, the table and the charts; ``fresh`` results open the distribution
        chart on the recommended suit and option (else the suit and option chosen stay where they can)."""
        values = self.values
        if values is None:
            self._recommendation = None
            self.answer.value = ""
            self.table.value = ""
            for chart in self.charts.values():
                chart.value = ""
            self._set_suits(fresh)
            return
        from .explorer_charts import bonus_chart, chart_svg, value_chart  # altair: imported when a chart is first drawn

        self._recommendation = recommend(values)
        self.answer.value = answer_html(self._recommendation, self.beside_moves())
        if "moves" in self.answers:
            self.answer_views["moves"].value = self._shown("moves", self.answers["moves"])
        self.table.value = comparison_html(values, self._recommendation, show_all=self.show_all.value)
        shown = values.only(self.shown_suits())
        self.charts["values"].value = chart_svg(value_chart(shown))
        self.charts["bonus"].value = chart_svg(bonus_chart(shown))
        self._set_suits(fresh)
        self._render_distribution()

    def _set_suits(self, fresh: bool) -> None:
        """The suits of the distribution chart: those shown; on fresh results the recommended one, with
        the recommended option."""
        suits = self.shown_suits()
        rec = self._recommendation
        if fresh and rec is not None and rec.option is not None and rec.suit in suits:
            suit: str | None = rec.suit
        else:
            suit = self.suit.value if self.suit.value in suits else suits[0]
        self._quiet = True
        try:
            self.suit.options = [(suit_label(s), s) for s in suits]
            self.suit.value = suit
            self._set_options()
            if fresh and rec is not None and rec.option is not None and rec.suit == suit:
                self.option.value = f"{rec.option.option}:{rec.option.investments}"
        finally:
            self._quiet = False

    def _on_suit(self, change: dict[str, object]) -> None:
        if self._quiet:
            return
        self._set_options()
        self._render_distribution()

    def _set_options(self) -> None:
        """The options of the suit chosen for the distribution chart, keeping the one chosen where it still is."""
        values = self.values
        options: list[tuple[str, str]] = []
        if values is not None and self.suit.value is not None:
            seen = dict.fromkeys((r.decision, f"{r.option}:{r.investments}") for r in values.rows if r.suit == self.suit.value)
            options = list(seen)
        keep = self.option.value if self.option.value in [v for _, v in options] else (options[0][1] if options else None)
        quiet = self._quiet
        self._quiet = True
        try:
            self.option.options = options
            self.option.value = keep
        finally:
            self._quiet = quiet

    def _render_distribution(self) -> None:
        if self._quiet:  # the options are being reset: the chart follows once they are
            return
        values = self.values
        if values is None or self.suit.value is None:
            self.charts["distribution"].value = ""
            return
        from .explorer_charts import chart_svg  # altair: imported when a chart is first drawn

        self.charts["distribution"].value = chart_svg(self.distribution_chart(self.suit.value))

    def value_chart(self) -> Any:
        """The expected value per suit and option with intervals, every model computed (an altair chart)."""
        from .explorer_charts import value_chart

        return value_chart(self._require())

    def bonus_chart(self) -> Any:
        """The chance of the bonus per suit and option, every model computed (an altair chart)."""
        from .explorer_charts import bonus_chart

        return bonus_chart(self._require())

    def distribution_chart(self, suit: str | None = None, option: str | None = None, investments: int | None = None) -> Any:
        """The distribution of one suit's final score (default: the suit and option chosen in the widget)."""
        if option is None and investments is None and isinstance(self.option.value, str):
            option, count = self.option.value.split(":")
            investments = int(count)
        from .explorer_charts import distribution_chart

        return distribution_chart(self._require(), suit or self.suit.value, option, investments)

    def _require(self) -> StartValues:
        values = self.values
        if values is None:
            raise ExpeditionsError("nothing is computed yet: click Compute (or call compute()) first")
        return values

    def snapshot_html(self) -> str:
        """The explorer as static HTML: what an exported report shows in place of the live widget."""
        parts = [self.header.value, self.message.value, self.answer.value, self.position_view.value, self.table.value,
                 *(c.value for c in self.charts.values()), *(v.value for v in self.answer_views.values())]
        return f"<div class='xp-explorer-snapshot'>{''.join(parts)}</div>"

    def _repr_mimebundle_(self, **kwargs: object) -> dict[str, object]:
        bundle: dict[str, object] = super()._repr_mimebundle_(**kwargs)
        bundle["text/html"] = self.snapshot_html()
        return bundle


def _note(text: str, colour: str = _NOTE) -> str:
    return f"<div style='font-family:sans-serif;color:{colour}'>{escape(text)}</div>"


def what_if_explorer(rules: Rules | str = "expeditions", hand: CardsLike = "", **options: Any) -> WhatIfExplorer:
    """A what-if explorer for ``hand`` under ``rules``, computed at once when the hand is given
    (models 1 and 2); ``options`` are ``WhatIfExplorer``'s (position, ``n``, ``seed``, ``workers`` ...)."""
    options.setdefault("compute", bool(hand))
    return WhatIfExplorer(rules, hand, **options)


def values_table(values: StartValues, *, show_all: bool = False) -> Any:
    """The answer in one sentence and the models side by side, as a static HTML view for a notebook
    (``answer_html`` and ``comparison_html``; only the suits that matter unless ``show_all``)."""
    rec = recommend(values)
    return _Html(answer_html(rec) + comparison_html(values, rec, show_all=show_all))


@dataclass(frozen=True)
class _Html:
    html: str

    def _repr_html_(self) -> str:
        return self.html


__all__ = ["FIELDS", "ProgressExecutor", "WhatIfExplorer", "answer_html", "comparison_html", "merged", "values_table", "what_if_explorer",
           "what_if_position"]
