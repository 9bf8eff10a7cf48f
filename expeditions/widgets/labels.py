"""Words for the explorer's tables and charts, apart from the charts so that a table needs no altair."""

from __future__ import annotations

from ..analysis.stats import ExpeditionValue


def option_label(row: ExpeditionValue) -> str:
    """An option in a few words, the same in every model: ``lay 9S``, ``invest ×2``, ``wait``, ``never``."""
    if row.option == "lay":
        return f"lay {row.card}"
    if row.option == "invest":
        return f"invest ×{len(row.card.split())}"
    return row.option
