"""Analysis: expected values, strategy tips, batch simulation and tournaments.

- ``start_values(hand_or_position, rules)``: the expected value of starting each suit now, with 0
  to 3 investments, by three models side by side (``values``: exact ceiling, suit simulation,
  full-round rollouts);
- ``tips(rules)`` / ``all_tips()``: every number in the strategy tips of the rules summary, computed;
- ``simulate(rules, policy, rounds)``: the numpy batch simulator (``batch``).

Long computations take a ``concurrent.futures``-style executor (see ``parallel``): a local process
pool by default, or a Dask cluster through ``distributed.Client(...).get_executor()``.
"""

from ..errors import AnalysisError
from .batch import BatchResult, simulate
from .exact import exact_value
from .parallel import chunks, default_workers, parallel_map
from .rollouts import Option, rollout_values
from .situation import Outlook, SuitSituation, situations
from .stats import Estimate, ExpeditionValue
from .suit_sim import suit_value, suit_values
from .tips import Tip, TipsTable, all_tips, bot_discards, tips
from .values import ASSUMPTIONS, MODELS, StartValues, start_values

__all__ = [
    "ASSUMPTIONS", "MODELS", "AnalysisError", "BatchResult", "Estimate", "ExpeditionValue", "Option", "Outlook", "StartValues",
    "SuitSituation", "Tip", "TipsTable", "all_tips", "bot_discards", "chunks", "default_workers", "exact_value",
    "parallel_map", "rollout_values", "simulate", "situations", "start_values", "suit_value", "suit_values", "tips",
]
