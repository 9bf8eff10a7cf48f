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
"""

from ..errors import AnalysisError
from .batch import BatchResult, simulate
from .break_even import BreakEven, break_even, iter_break_even
from .budget import Budget
from .exact import exact_value
from .inference import HoldingChances, holding_chances
from .move_values import MoveValue, MoveValues, iter_move_values, move_values
from .opponent import DiscardValues, PileValues, discard_values, iter_discard_values, iter_pile_values, pile_values
from .parallel import chunks, default_workers, parallel_map
from .plans import PlanValues, iter_plan_values, plan_values
from .recommend import Recommendation, beside_moves, recommend
from .rollouts import Option, rollout_values
from .round_end import RoundEnd, iter_round_end, plays_left, round_end
from .situation import Outlook, SuitSituation, situations
from .stats import Estimate, ExpeditionValue
from .suit_sim import suit_value, suit_values
from .tips import Tip, TipsTable, all_tips, bot_discards, tips
from .values import ASSUMPTIONS, MODELS, StartValues, start_values
from .winning import WinChances, iter_win_chances, win_chances

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
