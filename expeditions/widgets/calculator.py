"""The scoring calculator: click cards into expeditions and see each one scored step by step.

The scores come from ``expeditions.score_board`` (one ``ExpeditionScore`` per suit, with its
``explain()``) and show themselves with ``expeditions.display``; this module only collects the cards.
"""

from __future__ import annotations

from collections.abc import Iterable

import ipywidgets as widgets

from ..cards import Card, format_cards, parse_cards
from ..display import board_score_html, note_html
from ..errors import ExpeditionsError
from ..rules import Rules
from ..rules import rules as get_rules
from ..scoring import BoardScore, score_board
from .cards import card_rows, card_toggle, classed, rule_set_choice
from .door import guard_controls


class ScoringCalculator(widgets.VBox):  # type: ignore[misc]
    """A row of card buttons per suit; pressed cards lie on the expeditions and are scored.

    ``calc.cards`` are the chosen cards, ``calc.score`` their ``BoardScore`` (``calc.total`` its
    points); ``calc.set_cards("JH 4H 7H")`` chooses cards from text, and so does typing them into
    the text box. Changing the rule set rescores the same cards under the other rules.
    """

    def __init__(self, rules: Rules | str = "expeditions", cards: str | Iterable[str | Card] = "") -> None:
        self.rules = get_rules(rules)
        self.rule_set = rule_set_choice(self.rules, "xp-calc-rules")
        self.text = classed(widgets.Text(placeholder="or type cards, like JH 4H 7H 9H", description="cards",
                                         continuous_update=False, layout=widgets.Layout(width="32em")), "xp-calc-text")
        self.clear_button = classed(widgets.Button(description="Clear", tooltip="take every card off the expeditions"),
                                    "xp-calc-clear")
        self.rows = widgets.VBox()
        self.result = classed(widgets.HTML(), "xp-calc-result")
        self.message = classed(widgets.HTML(), "xp-message")
        self.toggles: dict[Card, widgets.ToggleButton] = {}
        self._quiet = False
        super().__init__([
            widgets.HBox([self.rule_set, self.clear_button]), self.rows, self.text, self.message, self.result,
        ])
        self.add_class("xp-calculator")
        self.rule_set.observe(self._on_rules, names="value")
        self.text.observe(self._on_text, names="value")
        self.clear_button.on_click(lambda _: self.clear())
        self._build_rows(parse_cards(cards))

    # --- what the calculator holds -----------------------------------------------------------
    @property
    def cards(self) -> tuple[Card, ...]:
        """The chosen cards, suit by suit in laying order."""
        return tuple(c for c, t in self.toggles.items() if t.value)

    @property
    def score(self) -> BoardScore:
        return score_board(self.cards, self.rules)

    @property
    def total(self) -> int:
        return self.score.total

    def set_cards(self, cards: str | Iterable[str | Card]) -> None:
        """Choose exactly these cards (text like ``"JH 4H 7H"`` or cards); refuses cards the rule set lacks."""
        chosen = set(parse_cards(cards))
        unknown = [c for c in chosen if c not in self.toggles]
        if unknown:
            raise ExpeditionsError(f"{' '.join(map(str, unknown))}: not a card of the {self.rules.name} rules")
        self._quiet = True
        try:
            for card, toggle in self.toggles.items():
                toggle.value = card in chosen
        finally:
            self._quiet = False
        self._update()

    def clear(self) -> None:
        self.set_cards(())

    # --- building and updating -----------------------------------------------------------------
    def _build_rows(self, keep: Iterable[Card]) -> None:
        for toggle in self.toggles.values():
            toggle.close()
        for row in self.rows.children:
            row.close()
        chosen = set(keep)

        def toggle_for(card: Card) -> widgets.ToggleButton:
            toggle = card_toggle(card, value=card in chosen)
            toggle.observe(self._on_toggle, names="value")
            return toggle

        rows, self.toggles = card_rows(self.rules, toggle_for)
        self.rows.children = rows
        guard_controls(self, self._refuse, "the calculator")
        self._update()

    def _on_rules(self, change: dict[str, object]) -> None:
        if not isinstance(change["new"], str):
            return
        kept = self.cards
        self.rules = get_rules(change["new"])
        self._build_rows(kept)
        dropped = [c for c in kept if c not in self.toggles]
        if dropped:
            self.message.value = note_html(f"{format_cards(dropped)} left the expeditions: the {self.rules.name} rules "
                                           "have no such card", "#a15c00")

    def _on_toggle(self, change: dict[str, object]) -> None:
        if not self._quiet:
            self._update()

    def _on_text(self, change: dict[str, object]) -> None:
        text = str(change["new"])
        if self._quiet or text == format_cards(self.cards):
            return
        try:
            self.set_cards(text)
        except ExpeditionsError as e:
            self._refuse(str(e))

    def _refuse(self, text: str) -> None:
        self.message.value = note_html(text, "#b00020")

    def _update(self) -> None:
        board = self.score
        note = (f"<div style='font-family:sans-serif'>{self.rules.cost} to start an expedition; bonus {self.rules.bonus} "
                f"at {self.rules.bonus_at} cards</div>")
        total = f"<div class='xp-calc-total' style='font-family:sans-serif'>total: <b>{board.total}</b></div>"
        self.result.value = note + board_score_html(board) + total
        self.message.value = ""
        self._quiet = True
        try:
            self.text.value = format_cards(self.cards)
        finally:
            self._quiet = False

    def _repr_mimebundle_(self, **kwargs: object) -> dict[str, object]:
        bundle: dict[str, object] = super()._repr_mimebundle_(**kwargs)
        bundle["text/html"] = f"<div class='xp-calculator'>{self.result.value}</div>"
        return bundle
