"""The what-if explorer's form: a hand (and optionally a position), answered in one sentence first, then
valued by the three models side by side, with the questions a strong player asks below.

Enter a hand as text or by clicking cards, choose the rule set, and optionally build a position
(expeditions laid on either side, discard piles, the cards left in the deck). *Compute* values every
suit by models 1 and 2 (well under a second); *Run rollouts* adds model 3 (a few seconds, with a
progress bar). The work is the explorer session's below the form (``expeditions.session.explorer``:
the position, the models, the questions and their budget, refining in the background); the results
are drawn by ``explorer_results`` (the answer, the table, the charts) and ``explorer_questions`` (a tab
per question). Bad input (a card twice, a card the rule set lacks, too many cards) shows the
analysis' own words and changes nothing else.

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

import time
from collections.abc import Mapping
from html import escape
from typing import Any

import ipywidgets as widgets

from ..analysis import MODELS, StartValues
from ..analysis.recommendation import Recommendation
from ..analysis.rollouts import widest as rollout_width
from ..cards import Card, format_cards, parse_cards
from ..display import note_html
from ..errors import ExpeditionsError
from ..round import CardsLike, Round
from ..rules import Rules
from ..session.explorer import FIELD_WORDS, FIELDS, Explorer
from ..words import cards_words, symbolize
from .cards import classed, progress_line, rule_set_choice
from .door import guard_controls
from .explorer_cards import CardPicker
from .explorer_html import ERROR, NOTE, answer_html, position_html
from .explorer_questions import QuestionTabs
from .explorer_results import ResultsView


def _text(description: str, css: str, placeholder: str, width: str = "34em") -> widgets.Text:
    return classed(widgets.Text(description=description, placeholder=placeholder, continuous_update=False,
                                 layout=widgets.Layout(width=width), style={"description_width": "11em"}), css)


class WhatIfExplorer(widgets.VBox):  # type: ignore[misc]
    """Values a hand (and optionally a position) by the three models, side by side, with charts.

    From Python: ``set_hand("2H 5H KH 9S 10S QD")``, ``set_position(mine=..., theirs=..., piles=..., deck_size=...)``,
    ``compute()`` (models 1 and 2 as ticked), ``run_rollouts()`` (model 3), then ``values``, ``last_message`` and the
    charts. ``n``, ``seed``, ``precision``, ``workers`` and ``refine_seconds`` are the explorer session's
    (``session``, which does the work); ``time_limit`` is model 3's at first (the slider's)."""

    def __init__(self, rules: Rules | str = "expeditions", hand: CardsLike = "", *, mine: CardsLike = "",
                 theirs: CardsLike = "", piles: CardsLike = "", deck_size: int | None = None, n: int = 20_000, seed: int = 0,
                 time_limit: float = 10.0, precision: float = 2.0, workers: int = 1, refine_seconds: float = 60.0,
                 compute: bool = False) -> None:
        self.session = Explorer(rules, n=n, seed=seed, precision=precision, workers=workers, refine_seconds=refine_seconds)
        self.last_message = ""
        self._quiet = False
        self._build(time_limit)
        self._fill({"hand": hand, "mine": mine, "theirs": theirs, "piles": piles}, deck_size)
        if compute:
            self.compute()

    @property
    def rules(self) -> Rules:
        """The rule set chosen (the session's)."""
        return self.session.rules

    @property
    def answers(self) -> dict[str, Any]:
        """The latest answer to each question asked (by ``QUESTIONS`` key)."""
        return self.session.answers

    @property
    def _worker(self) -> Any:
        """The background thread refining a question (the session's), if one was started."""
        return self.session.worker

    # --- building -------------------------------------------------------------------------------------
    def _build(self, time_limit: float) -> None:
        self.header = widgets.HTML()
        self.rule_set = rule_set_choice(self.rules, "xp-explorer-rules")
        self.fields: dict[str, widgets.Text] = {
            "hand": _text("your hand", "xp-explorer-hand", "cards, like 2H 5H KH 9S 10S QD"),
            "mine": _text("your expeditions", "xp-explorer-mine", "optional: cards already laid on your side"),
            "theirs": _text("their expeditions", "xp-explorer-theirs", "optional: cards laid on the other side"),
            "piles": _text("discard piles", "xp-explorer-piles", "optional: each pile bottom card first, like 3D 8D"),
        }
        self.picker = CardPicker(self.session, self.fields, self._say)
        self.target, self.rows = self.picker.target, self.picker.rows
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
        self.progress, self.progress_text = progress_line("rollouts", "22em", "xp-explorer-progress",
                                                          "xp-explorer-progress-text")
        self.message = classed(widgets.HTML(), "xp-explorer-message")
        self.position_view = classed(widgets.HTML(), "xp-explorer-position")
        self.results = results = ResultsView(self.session)
        self.answer, self.table, self.show_all, self.charts = results.answer, results.table, results.show_all, results.charts
        self.suit, self.option = results.suit, results.option
        self.tabs = tabs = QuestionTabs(self.session, on_moves=self._on_moves, say=self._say)
        self.answer_views, self.questions, self.ask_progress, self.ask_text = (tabs.answer_views, tabs.questions,
                                                                               tabs.ask_progress, tabs.ask_text)
        self.ask_button, self.refine_button, self.stop_button = tabs.ask_button, tabs.refine_button, tabs.stop_button
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
            widgets.HBox([self.suit, self.option]), self.charts["distribution"], tabs,
        ])
        self.add_class("xp-explorer")
        self.rule_set.observe(self._on_rules, names="value")
        for box in (*self.fields.values(), self.deck):  # typed: the results no longer hold (unless filled in here)
            box.observe(lambda _: None if self._quiet else self._changed(), names="value")
        self.go_button.on_click(lambda _: self.compute())
        self.clear_button.on_click(lambda _: self.clear())
        self.rollout_button.on_click(lambda _: self.run_rollouts())
        self.show_all.observe(lambda _: self.tabs.show_moves(), names="value")
        self._build_rows()

    def _build_rows(self) -> None:
        self.picker.build()
        rules = self.rules
        self.fields["theirs"].disabled, self.fields["piles"].disabled = rules.sides < 2, rules.discards_leave_game
        self.header.value = (f"<div style='font-family:sans-serif'><b>What-if explorer</b> · {escape(rules.title)} "
                             f"(<code>{escape(rules.label)}</code>): a hand of {rules.hand_size}, the bonus at {rules.bonus_at} "
                             "cards</div>")
        self.results.set_suits(fresh=False)
        guard_controls(self, lambda text: self._say(text, ERROR), "the explorer")

    # --- the inputs ---------------------------------------------------------------------------------------
    def _fill(self, cards: Mapping[str, CardsLike], deck_size: int | str | None) -> None:
        """The fields filled in (``cards`` by field, the others emptied), taken as typed at once."""
        self._quiet = True
        try:
            for name in FIELDS:
                given = cards.get(name, "")
                self.fields[name].value = given if isinstance(given, str) else format_cards(parse_cards(given))
            self.deck.value = "" if deck_size is None else str(deck_size)
        finally:
            self._quiet = False
        self._changed()
        if self.session.has_position():
            self.position_box.selected_index = 0  # show the position it was given

    def set_hand(self, hand: CardsLike) -> None:
        """Type a hand (text like ``"2H 5H KH 9S 10S QD"`` or cards)."""
        self.fields["hand"].value = hand if isinstance(hand, str) else format_cards(parse_cards(hand))

    def set_position(self, *, mine: CardsLike = "", theirs: CardsLike = "", piles: CardsLike = "",
                     deck_size: int | None = None) -> None:
        """The rest of the position: cards laid on each side, the discard piles, the cards left in the deck."""
        self._fill({"hand": self.fields["hand"].value, "mine": mine, "theirs": theirs, "piles": piles}, deck_size)

    def clear(self) -> None:
        """Empty the hand and the position, and forget the results."""
        self._fill({}, None)

    def position(self) -> Round:
        """The position the inputs describe (``what_if_position``); raises with the reason when they cannot be one."""
        return self.session.position()

    def _on_rules(self, change: dict[str, object]) -> None:
        if not isinstance(change["new"], str):
            return
        dropped, emptied = self.session.use_rules(change["new"])
        self._build_rows()
        self._fill(dict(self.session.texts), self.deck.value)
        said = [f"{cards_words(dropped)} left the inputs"] if dropped else []
        said += [f"the text of {FIELD_WORDS[name]} left its field" for name in emptied]
        if said:
            self._say(f"{' and '.join(said)}: the {self.rules.name} rules have no such card or place for it")

    @property
    def card_buttons(self) -> dict[Card, widgets.Button]:
        """A button per card of the rule set (``CardPicker``)."""
        return self.picker.card_buttons

    def click_card(self, card: Card | str) -> None:
        """A click on a card button: ``CardPicker.click``."""
        self.picker.click(card)

    def chosen(self, card: Card | str) -> bool:
        """Whether ``card`` is in the field the clicks go into: ``CardPicker.chosen``."""
        return self.picker.chosen(card)

    def _changed(self) -> None:
        """The inputs changed: the results no longer hold; show the position if it is one."""
        session = self.session
        for name in FIELDS:
            session.texts[name] = self.fields[name].value
        session.deck_text = self.deck.value
        session.changed()
        self.tabs.clear()
        self.progress.value = 0
        self.progress_text.value = ""
        self.picker.sync()
        self._say("")
        self.position_view.value = position_html(self.session)
        self._render()

    # --- computing ----------------------------------------------------------------------------------------
    @property
    def values(self) -> StartValues | None:
        """Every model computed for the current inputs, in one ``StartValues`` (``None`` before any)."""
        return self.session.values

    def compute(self) -> StartValues | None:
        """Models 1 and 2 (as ticked) for the current inputs; on bad input, the reason in the message."""
        models = [m for m, box in self.model_boxes.items() if box.value]
        if not models:
            self._say("tick model 1 or model 2 (or run the rollouts, model 3)", ERROR)
            return None
        try:
            values = self.session.compute(models)
        except ExpeditionsError as e:
            self._say(str(e), ERROR)
            return None
        self._say(f"computed {', '.join(MODELS[m] for m in models)}")
        self._render()
        return values

    def run_rollouts(self, time_limit: float | None = None) -> StartValues | None:
        """Model 3 for the current inputs, with the progress bar; ``time_limit`` defaults to the slider's.
        Models 1 and 2 (as ticked) come first when they are not computed for these inputs yet, so the
        table, the answer and the charts are whole whichever button was pressed."""
        limit = float(self.seconds.value if time_limit is None else time_limit)
        try:
            self.position()
        except ExpeditionsError as e:
            self._say(str(e), ERROR)
            return None
        if self.values is None and any(box.value for box in self.model_boxes.values()) and self.compute() is None:
            return None
        started = time.perf_counter()

        def report(positions: int, seconds: float) -> None:
            self.progress.value = min(99, int(100 * seconds / limit))
            self.progress_text.value = note_html(f"{positions:,} positions played out, {seconds:.1f} s")

        self.progress.value = 0
        self.progress_text.value = note_html("starting the rollouts ...")
        try:
            values = self.session.run_rollouts(limit, report)
        except ExpeditionsError as e:
            self._say(str(e), ERROR)
            self.progress_text.value = ""
            return None
        self.progress.value = 100
        rollouts = [r for r in values.rows if r.model == "rollout"]
        widest = max(rollout_width(r) for r in rollouts)
        self.progress_text.value = note_html(f"done: {rollouts[0].value.samples:,} positions in "
                                             f"{time.perf_counter() - started:.1f} s, intervals within ±{widest:.1f} points")
        self._say(f"computed {', '.join(MODELS[m] for m in values.models)}")
        self._render()
        return values

    # --- showing ------------------------------------------------------------------------------------------
    def _say(self, text: str, colour: str = NOTE) -> None:
        """Show ``text`` in the message line, every card in it with its suit symbol (the errors of the package
        name cards in the letter notation they are typed in)."""
        text = symbolize(text, self.rules)
        self.last_message = text
        self.message.value = (f"<div class='xp-explorer-message-text' style='font-family:sans-serif;color:{colour}'>"
                              f"{escape(text)}</div>") if text else ""

    def _render(self, fresh: bool = True) -> None:
        """Show the results (``ResultsView.render``) and the *Which card?* tab beside them."""
        self.results.render(fresh)
        self.tabs.show_moves()

    def _on_moves(self) -> None:
        """A new *Which card?* answer: the answer above says it beside the recommendation."""
        rec = self.session.recommendation
        if rec is not None:
            self.answer.value = answer_html(rec, self.session.beside_moves())

    @property
    def recommendation(self) -> Recommendation | None:
        """The answer in one sentence for the models computed (``analysis.recommend``), ``None`` before any."""
        return self.session.recommendation

    def beside_moves(self) -> str:
        """What the *Which card?* answer says beside the answer above (``recommend.beside_moves``): empty
        until both are there."""
        return self.session.beside_moves()

    # the questions' tabs and the charts, as the form's own
    def question(self) -> str:
        """The question of the tab shown (``QuestionTabs.question``)."""
        return self.tabs.question()

    def ask(self, name: str | None = None) -> Any:
        """A first answer to question ``name``, about ±3 points in about two seconds (``QuestionTabs.ask``)."""
        return self.tabs.ask(name)

    def refine(self, name: str | None = None, *, precision: float = 1.0, time_limit: float | None = None,
               background: bool = True) -> Any:
        """Question ``name`` refined to ``±precision``, in the background or not (``QuestionTabs.refine``)."""
        return self.tabs.refine(name, precision=precision, time_limit=time_limit, background=background)

    def value_chart(self) -> Any:
        """The expected value per suit and option, with intervals (``ResultsView.value_chart``)."""
        return self.results.value_chart()

    def bonus_chart(self) -> Any:
        """The chance of the bonus per suit and option (``ResultsView.bonus_chart``)."""
        return self.results.bonus_chart()

    def distribution_chart(self, suit: str | None = None, option: str | None = None, investments: int | None = None) -> Any:
        """The distribution of one suit's final score (``ResultsView.distribution_chart``)."""
        return self.results.distribution_chart(suit, option, investments)

    def snapshot_html(self) -> str:
        """The explorer as static HTML: what an exported report shows in place of the live widget."""
        parts = [self.header.value, self.message.value, self.answer.value, self.position_view.value, self.table.value,
                 *(c.value for c in self.charts.values()), *(v.value for v in self.answer_views.values())]
        return f"<div class='xp-explorer-snapshot'>{''.join(parts)}</div>"

    def _repr_mimebundle_(self, **kwargs: object) -> dict[str, object]:
        bundle: dict[str, object] = super()._repr_mimebundle_(**kwargs)
        bundle["text/html"] = self.snapshot_html()
        return bundle


def what_if_explorer(rules: Rules | str = "expeditions", hand: CardsLike = "", **options: Any) -> WhatIfExplorer:
    """A what-if explorer for ``hand`` under ``rules``, computed at once when the hand is given
    (models 1 and 2); ``options`` are ``WhatIfExplorer``'s (position, ``n``, ``seed``, ``workers`` ...)."""
    options.setdefault("compute", bool(hand))
    return WhatIfExplorer(rules, hand, **options)


__all__ = ["WhatIfExplorer", "what_if_explorer"]
