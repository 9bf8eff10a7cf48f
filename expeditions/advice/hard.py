"""Hard: a search on the analyst (``expeditions.analysis.analyst``).

For its move, Hard asks the analyst to value every legal move from what its seat can see (the
hidden cards dealt at random many times, every move played on the same deals, the rest of the
round played out by the counting policy for every seat) and plays the best. It spends its deals
where they decide something: every move meets ``Effort.first`` deals, and only the moves still in
contention get more, up to ``Effort.most``; once the rest are worse or within ``tie`` points of the
best, it stops. Its deals depend on the position and on the bot's seed, so the same seed and the
same observations give the same moves.
"""

from __future__ import annotations

from dataclasses import replace

from ..analysis.analyst import Effort, analyse, effort_for
from ..bots.base import SeededBot
from ..moves import Move
from ..observation import Observation

HARD = Effort(first=64, most=1024, tie=1.0, precision=1.5, seconds=1.0)
"""The effort behind each of Hard's moves where the batch simulator plays the rule set."""

ENGINE_HARD = Effort(first=64, most=128, tie=1.0, precision=3.0, seconds=0.5, candidates=6)
"""The effort on the engine's playouts (the rule sets the batch simulator cannot play, or no numpy): the
six moves the Heuristic's counting ranks best, on fewer deals."""


class Hard(SeededBot):
    """Hard: plays the analyst's best move (see the module docs); ``effort`` sets how hard it looks."""

    name = "Hard"

    def __init__(self, seed: int | None = None, *, effort: Effort | None = None) -> None:
        super().__init__(seed)
        self.effort = effort

    def decide(self, observation: Observation) -> Move:
        if len(observation.legal_moves) == 1:
            return observation.legal_moves[0]
        chosen = self.effort or effort_for(observation, HARD, ENGINE_HARD)
        effort = replace(chosen, seed=self.rng.getrandbits(31))
        return analyse(observation, effort).best.move

    def __repr__(self) -> str:
        effort = self.effort or HARD
        return f"<{self.name} bot: the analyst's best move, {effort.first} to {effort.most} deals>"
