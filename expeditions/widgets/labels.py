"""Words for the explorer's tables and charts, apart from the charts so that a table needs no altair."""

from __future__ import annotations

from ..analysis.stats import ExpeditionValue
from ..cards import parse_cards


def option_label(row: ExpeditionValue) -> str:
    """An option in a few words, the same in every model: ``lay 9♠``, ``invest ×2``, ``wait``, ``never``."""
    if row.option == "lay":
        return f"lay {parse_cards(row.card)[0].symbol}"
    if row.option == "invest":
        return f"invest ×{len(row.card.split())}"
    return row.option
