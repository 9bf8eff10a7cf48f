"""A widget's messages as the browser sends them, for the widget tests."""

from __future__ import annotations

from expeditions.widgets import CardTable


def send(table: CardTable, **content: object) -> dict:
    """A message as the browser sends it (``model.send``), through the widget's own message handler; returns the
    view the widget sends back."""
    table._handle_custom_msg(content, [])
    return table.view
