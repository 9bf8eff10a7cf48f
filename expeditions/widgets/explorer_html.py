"""The what-if explorer's results as HTML: the answer in one sentence, and the models side by side.

``answer_html`` is the answer (``analysis.recommend``) first and large, with what the other models say when they
disagree; ``comparison_html`` the table of the models side by side, one line per suit and option (the rows as
``StartValues.by_option`` lines them up), the answer marked; ``values_table`` both, as a static view for a notebook.
"""

from __future__ import annotations

from dataclasses import dataclass
from html import escape
from typing import Any

from ..analysis import MODELS, StartValues
from ..analysis.exact import OPTIONS
from ..analysis.recommendation import Recommendation, recommend
from ..analysis.stats import ExpeditionValue
from ..analysis.values import ASSUMPTIONS, BELIEVE, MEASURE_WORDS, OPTION_WORDS, option_key
from ..cards import SUITS
from ..display import cards_html, note_html, observation_board_html
from ..errors import ExpeditionsError
from ..session.explorer import Explorer
from ..words import symbolize
from .cards import suit_label

ERROR = "#b00020"
NOTE = "#444"
_CELL = "padding:3px 8px;border-bottom:1px solid #ddd;text-align:left;vertical-align:top;line-height:1.35"


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
    lines = values.only(suits).by_option()
    marks: dict[tuple[tuple[str, str, int], str], str] = {}
    if recommendation is not None:
        for row, mark in ((recommendation.option, "recommended"), (recommendation.against, "against")):
            if row is not None:
                marks[option_key(row), recommendation.model] = mark
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
    cautions = "".join(f"<li class='xp-explorer-caution' style='color:{ERROR}'>{escape(c)}</li>"
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


def position_html(session: Explorer) -> str:
    """The position the inputs describe, as the form previews it: how many cards of the hand are chosen, or the
    board and the hand once they make a position (what is wrong with the inputs, else)."""
    try:
        hand = session.cards_in("hand")
    except ExpeditionsError as e:
        return note_html(symbolize(str(e), session.rules), ERROR)
    if len(hand) != session.rules.hand_size:
        return note_html(f"your hand: {len(hand)} of {session.rules.hand_size} cards chosen")
    try:
        obs = session.position().observation(0)
    except ExpeditionsError:
        return note_html("click Compute to value this hand")
    board = observation_board_html(obs) if session.has_position() else ""
    return (f"<div style='font-family:sans-serif'>{board}<div>your hand: {cards_html(obs.hand)} · "
            f"{obs.deck_size} cards in the deck</div></div>")


__all__ = ["ERROR", "NOTE", "answer_html", "comparison_html", "position_html", "values_table"]
