"""Analysis: expected values, the questions a strong player asks, strategy tips, batch simulation
and tournaments.

- ``start_values(hand_or_position, rules)``: what to do with each suit now (lay, invest, wait,
  never), by three models side by side (``values``: exact ceiling, suit simulation, full-round
  rollouts with the counting policy); ``recommend(values)``: the answer in one sentence, with its
  interval, what it measures and the model it rests on; ``beside_moves``: that answer beside the
  ranking of every move (``move_values``), in one sentence;
- the questions, each played out by rollouts with the counting policy (``rollouts``) and answered
  with 95% intervals, fast and then refined (``iter_...``): ``move_values`` (every legal move),
  ``plan_values`` (which expeditions, together), ``discard_values`` and ``pile_values`` (the
  opponent), ``holding_chances`` (who holds the cards you wait for), ``win_chances`` (the round and
  the match), ``round_end`` (the plays left);
- ``break_even``: how many more cards of a suit you need to break even, a curve over the cards still
  to come (exact);
- ``tips(rules)`` / ``all_tips()``: every number in the strategy tips of the rules summary, computed;
- ``simulate(rules, policy, rounds)``: the numpy batch simulator (``batch``).

Long computations take a ``concurrent.futures``-style executor (see ``parallel``): a local process
pool by default, or a Dask cluster through ``distributed.Client(...).get_executor()``. How much work a
question may do (its precision, time, seed, positions, executor, workers, progress) is one ``Budget``.

Importing this package imports none of its modules: each name loads its module when first used
(``_WHERE``), so that what needs no numpy (the analyst, ``analyst``, and the engine's playouts,
``options``) runs where numpy is not installed, and an app that never asks a question never pays
for numpy's import.
"""

from __future__ import annotations

import importlib
import importlib.util
from typing import TYPE_CHECKING

from ..edition import installed_only
from ..errors import AnalysisError

if TYPE_CHECKING:
    from .batch import BatchResult, simulate
    from .budget import Budget
    from .cards_needed import BreakEven, break_even, iter_break_even
    from .end_of_round import RoundEnd, iter_round_end, plays_left, round_end
    from .exact import exact_value
    from .inference import HoldingChances, holding_chances
    from .opponent import DiscardValues, PileValues, discard_values, iter_discard_values, iter_pile_values, pile_values
    from .options import Option
    from .parallel import chunks, default_workers, parallel_map
    from .plans import PlanValues, iter_plan_values, plan_values
    from .recommendation import Recommendation, beside_moves, recommend
    from .rollouts import rollout_values
    from .situation import Outlook, SuitSituation, situations
    from .stats import Estimate, ExpeditionValue
    from .strategy_tips import Tip, TipsTable, all_tips, bot_discards, tips
    from .suit_sim import suit_value, suit_values
    from .values import ASSUMPTIONS, MODELS, StartValues, start_values
    from .which_card import MoveValue, MoveValues, iter_move_values, move_values
    from .winning import WinChances, iter_win_chances, win_chances

_WHERE: dict[str, str] = {
    "BatchResult": ".batch",
    "simulate": ".batch",
    "BreakEven": ".cards_needed",
    "break_even": ".cards_needed",
    "iter_break_even": ".cards_needed",
    "Budget": ".budget",
    "exact_value": ".exact",
    "HoldingChances": ".inference",
    "holding_chances": ".inference",
    "MoveValue": ".which_card",
    "MoveValues": ".which_card",
    "iter_move_values": ".which_card",
    "move_values": ".which_card",
    "DiscardValues": ".opponent",
    "PileValues": ".opponent",
    "discard_values": ".opponent",
    "iter_discard_values": ".opponent",
    "iter_pile_values": ".opponent",
    "pile_values": ".opponent",
    "chunks": ".parallel",
    "default_workers": ".parallel",
    "parallel_map": ".parallel",
    "PlanValues": ".plans",
    "iter_plan_values": ".plans",
    "plan_values": ".plans",
    "Recommendation": ".recommendation",
    "beside_moves": ".recommendation",
    "recommend": ".recommendation",
    "Option": ".options",
    "rollout_values": ".rollouts",
    "RoundEnd": ".end_of_round",
    "iter_round_end": ".end_of_round",
    "plays_left": ".end_of_round",
    "round_end": ".end_of_round",
    "Outlook": ".situation",
    "SuitSituation": ".situation",
    "situations": ".situation",
    "Estimate": ".stats",
    "ExpeditionValue": ".stats",
    "suit_value": ".suit_sim",
    "suit_values": ".suit_sim",
    "Tip": ".strategy_tips",
    "TipsTable": ".strategy_tips",
    "all_tips": ".strategy_tips",
    "bot_discards": ".strategy_tips",
    "tips": ".strategy_tips",
    "ASSUMPTIONS": ".values",
    "MODELS": ".values",
    "StartValues": ".values",
    "start_values": ".values",
    "WinChances": ".winning",
    "iter_win_chances": ".winning",
    "win_chances": ".winning",
}
"""Where each name of the package lives: its module is imported when the name is first used."""


def __getattr__(name: str) -> object:
    """The name from its module, imported on first use (or one of the package's modules, by its name)."""
    module = _WHERE.get(name)
    if module is None:
        if importlib.util.find_spec(f"{__name__}.{name}") is not None:
            return importlib.import_module(f".{name}", __name__)
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    try:
        value = getattr(importlib.import_module(module, __name__), name)
    except ModuleNotFoundError as missing:  # numpy in the edition in the browser: said in words
        raise installed_only(missing, "The analysis (expected values, simulations, the strategy tips)",
                             "notebooks") from None
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted(__all__)


__all__ = [
    "ASSUMPTIONS", "MODELS", "AnalysisError", "BatchResult", "BreakEven", "Budget", "DiscardValues", "Estimate",
    "ExpeditionValue", "HoldingChances", "MoveValue", "MoveValues", "Option", "Outlook", "PileValues", "PlanValues",
    "Recommendation", "RoundEnd", "StartValues", "SuitSituation", "Tip", "TipsTable", "WinChances", "all_tips",
    "beside_moves", "bot_discards", "break_even", "chunks", "default_workers", "discard_values", "exact_value", "holding_chances",
    "iter_break_even", "iter_discard_values", "iter_move_values", "iter_pile_values", "iter_plan_values",
    "iter_round_end", "iter_win_chances", "move_values", "parallel_map", "pile_values", "plan_values", "plays_left",
    "recommend", "rollout_values", "round_end", "simulate", "situations", "start_values", "suit_value", "suit_values",
    "tips", "win_chances",
]
