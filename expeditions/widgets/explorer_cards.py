"""The what-if explorer's card buttons: every card of the rule set, clicked into the field chosen under *click cards
into* (your hand, your expeditions, theirs, the discard piles)."""

from __future__ import annotations

from collections.abc import Callable

import ipywidgets as widgets

from ..cards import Card, parse_cards
from ..session.explorer import FIELD_WORDS, Explorer
from .cards import card_button, card_rows, classed, style_card_button
from .explorer_html import ERROR


class CardPicker:
    """The card buttons of an explorer's form and the field they click into: a click goes to the ``session``, which
    says where the card goes (its text is written into ``fields``, as if typed) or why it cannot (``say``)."""

    def __init__(self, session: Explorer, fields: dict[str, widgets.Text], say: Callable[[str, str], None]) -> None:
        self.session, self.fields, self._say = session, fields, say
        self.target = classed(widgets.ToggleButtons(
            options=[(words, name) for name, words in FIELD_WORDS.items()],
            value="hand", description="click cards into", style={"description_width": "8em"}), "xp-explorer-target")
        self.rows = classed(widgets.VBox(), "xp-explorer-cards")
        self.card_buttons: dict[Card, widgets.Button] = {}
        self.target.observe(lambda _: self.sync(), names="value")

    def build(self) -> None:
        """A button for every card of the session's rule set (the old buttons go)."""
        for button in self.card_buttons.values():
            button.close()
        for row in self.rows.children:
            row.close()

        def button_for(card: Card) -> widgets.Button:
            button = card_button(card, extra=("xp-explorer-card",))
            button.on_click(lambda _: self.click(card))
            return button

        self.rows.children, self.card_buttons = card_rows(self.session.rules, button_for)

    def click(self, card: Card | str) -> None:
        """A click on a card button: the card goes into the field chosen, or leaves it when it is there (every copy
        of it); a card whose every copy lies in another field is refused with a message."""
        name = self.target.value
        refused = self.session.click(parse_cards(card)[0], name)
        if refused:
            self._say(refused, ERROR)
        else:
            self.fields[name].value = self.session.texts[name]

    def chosen(self, card: Card | str) -> bool:
        """Whether ``card`` is in the field the clicks go into (its button is then highlighted)."""
        return parse_cards(card)[0] in (self.session.cards_or_none(self.target.value) or [])

    def sync(self) -> None:
        """Highlighted: the card is in the field the clicks go into; disabled: every copy is in another field."""
        name = self.target.value
        inside = set(self.session.cards_or_none(name) or [])
        for card, button in self.card_buttons.items():
            selected = card in inside
            style_card_button(button, card, selected=selected, extra=("xp-explorer-card",))
            button.disabled = not selected and self.session.free(card, name) <= 0


__all__ = ["CardPicker"]
