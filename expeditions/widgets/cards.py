"""Cards as clickable buttons, in their suit's colour, with stable CSS classes; and the small helpers
every form of the widgets shares (a widget with its CSS classes, the rule-set choice).

Every card button carries the classes ``xp-card-button`` and ``xp-card-<card>`` (``xp-card-7H``,
``xp-card-10H``), and ``xp-selected`` while it is selected, so that browser tests can find it.
"""

from __future__ import annotations

from collections.abc import Callable
from html import escape
from typing import Any, TypeVar

import ipywidgets as widgets

from ..cards import SUITS, Card
from ..rules import PRESETS, Rules

W = TypeVar("W", bound=widgets.DOMWidget)

SELECTED_COLOUR = "#ffe08a"
PLAIN_COLOUR = "#ffffff"


def classed(widget: W, *css: str) -> W:
    """``widget`` with the CSS classes ``css`` (the hooks browser tests find it by)."""
    for name in css:
        widget.add_class(name)
    return widget


def rule_set_choice(rules: Rules, css: str) -> widgets.Dropdown:
    """The choice of rule set, on ``rules`` (none chosen for rules changed from a preset)."""
    return classed(widgets.Dropdown(options=list(PRESETS), value=rules.name if rules.name in PRESETS else None,
                                    description="rule set"), css)


def card_classes(card: Card | None, *, selected: bool = False, extra: tuple[str, ...] = ()) -> tuple[str, ...]:
    """The CSS classes of a card button."""
    classes = ("xp-card-button", *extra)
    if card is not None:
        classes += (f"xp-card-{card}",)
    if selected:
        classes += ("xp-selected",)
    return classes


def style_card_button(button: Any, card: Card, *, selected: bool = False, extra: tuple[str, ...] = ()) -> None:
    """Show ``card`` on ``button`` (a ``Button`` or ``ToggleButton``): symbol, suit colour, classes."""
    button.description = card.symbol
    button.tooltip = f"{card} ({SUITS[card.suit].name})"
    button.style.text_color = SUITS[card.suit].colour
    button.style.font_weight = "bold"
    if isinstance(button, widgets.Button):
        button.style.button_color = SELECTED_COLOUR if selected else PLAIN_COLOUR
    button._dom_classes = card_classes(card, selected=selected, extra=extra)


def card_layout() -> widgets.Layout:
    """The size and frame of a card button."""
    return widgets.Layout(width="4.4em", min_width="4.4em", height="2.6em", margin="1px", padding="0 2px", border="1px solid #999")


def card_button(card: Card, *, selected: bool = False, extra: tuple[str, ...] = ()) -> widgets.Button:
    """A new button that shows ``card``."""
    button = widgets.Button(layout=card_layout())
    style_card_button(button, card, selected=selected, extra=extra)
    return button


def card_toggle(card: Card, *, value: bool = False) -> widgets.ToggleButton:
    """A toggle button that shows ``card``: pressed means the card is chosen."""
    button = widgets.ToggleButton(value=value, layout=card_layout())
    style_card_button(button, card, extra=("xp-card-toggle",))
    return button


def card_rows(rules: Rules, make: Callable[[Card], W]) -> tuple[list[widgets.HBox], dict[Card, W]]:
    """A card picker: one row per suit of ``rules``, the suit's name and then ``make(card)`` for every
    kind of card of the suit, lowest first. Returns the rows and the widget of each card."""
    made: dict[Card, W] = {}
    rows = []
    for suit in rules.suits:
        for card in rules.kinds_of_card(suit):
            made[card] = make(card)
        label = widgets.HTML(f'<b style="color:{SUITS[suit].colour}">{escape(SUITS[suit].name)}</b>',
                             layout=widgets.Layout(width="6.5em"))
        rows.append(widgets.HBox([label, *(made[c] for c in rules.kinds_of_card(suit))]))
    return rows, made


def suit_label(suit: str) -> str:
    """``♥ hearts`` for a suit with a symbol, ``yellow`` for a Lost Cities colour."""
    s = SUITS[suit]
    return s.name if s.symbol == s.letter else f"{s.symbol} {s.name}"


def progress_line(description: str, width: str, bar: str, text: str) -> tuple[widgets.IntProgress, widgets.HTML]:
    """A progress bar and the line of text beside it, with their CSS classes."""
    return (classed(widgets.IntProgress(value=0, min=0, max=100, description=description,
                                         layout=widgets.Layout(width=width)), bar),
            classed(widgets.HTML(), text))
