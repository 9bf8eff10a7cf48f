"""Hard: a search on the analyst (``expeditions.analysis.analyst``), with a second opinion.

For its move, Hard asks the analyst to value every legal move from what its seat can see (the
hidden cards dealt at random many times, every move played on the same deals, the rest of the
round played out by the counting policy for every seat). It spends its deals where they decide
something: every move meets ``Effort.first`` deals, and only the moves still in contention get
more, up to ``Effort.most``; once the rest are worse or within ``tie`` points of the best, it stops.

Where the batch simulator plays the rounds out (the two-player rule sets but the six-suit long game), Hard then asks a second
judge about a few moves: the analyst's best ``SecondOpinion.analyst_moves`` and the Heuristic's best
``SecondOpinion.heuristic_moves``, as far as the analyst values them within ``SecondOpinion.within``
points of its best. The second judge is the Expert's search
(``bots.expert.Search``): each move played on ``SecondOpinion.deals`` fresh deals of the hidden
cards, ``SecondOpinion.horizon`` more turns with every seat playing the Heuristic, and the position judged by the
Heuristic's projection of each side's final score. Hard plays the move whose two values, each a
final score difference, add up to the most. The two judges play the rest of the round in different
ways and misjudge different positions, so their sum ranks the moves better than either alone
(measured in ``benchmarks/RESULTS.md``, section "A second opinion for Hard").

Its deals depend on the position and on the bot's seed, so the same seed and the same observations
give the same moves.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from ..analysis.analyst import Analysis, Effort, analyse, effort_for
from ..arguments import real_number, whole_number
from ..bots.base import SeededBot
from ..bots.expert import Candidate, Search
from ..engine import action_of, move_of
from ..moves import Move
from ..observation import Observation

HARD = Effort(first=64, most=1024, tie=1.0, precision=1.5, seconds=1.0)
"""The effort behind each of Hard's moves where the batch simulator plays the rule set."""

ENGINE_HARD = Effort(first=64, most=128, tie=1.0, precision=3.0, seconds=0.5, candidates=6)
"""The effort on the engine's playouts (the rule sets the batch simulator cannot play, or no numpy): the
six moves the Heuristic's counting ranks best, on fewer deals."""


@dataclass(frozen=True)
class SecondOpinion:
    """How much the second judge looks at: ``deals`` per move, the analyst's best ``analyst_moves`` and
    the Heuristic's best ``heuristic_moves`` (the same move counted once), of them only the moves the
    analyst values within ``within`` points of its best; each deal played ``horizon`` turns on before
    the Heuristic's projection judges it. ``deals=0`` asks no second opinion: Hard then plays the
    analyst's best.

    A move further behind would need the second judge to favour it by more than ``within`` points to
    be played, which at 8 points it almost never does (one move in 1,689 along 80 rounds of Hard
    against the Heuristic), so leaving it out saves about a fifth of the work and changes nothing.

    The second judge looks six turns on, the best of the horizons measured: against the Heuristic,
    three turns won 64.7% over the 1,000 duplicate deals where six win 65.5% on the same machine (2.1
    points a round less), and ten turns lost 4 points a round on 200 deals (``benchmarks/RESULTS.md``)."""

    deals: int = 32
    analyst_moves: int = 3
    heuristic_moves: int = 4
    within: float = 8.0
    horizon: int = 6

    def __post_init__(self) -> None:
        whole_number(self.deals, "deals", least=0)
        whole_number(self.analyst_moves, "analyst_moves", least=1)
        whole_number(self.heuristic_moves, "heuristic_moves", least=0)
        real_number(self.within, "within", least=0)
        whole_number(self.horizon, "horizon", least=1)


SECOND_OPINION = SecondOpinion()
"""Hard's second opinion where the batch simulator plays the rule set."""


def second_opinion(observation: Observation, analysis: Analysis, opinion: SecondOpinion, seed: int) -> Move:
    """The move whose analyst's value plus the second judge's value is the highest (see the module
    docs); on a tie, the Heuristic's order, then the analyst's."""
    search = Search(observation, seed=seed, horizon=opinion.horizon)
    spec = search.sight.f.spec
    pool: dict[Move, Candidate] = {}
    for candidate in search.candidates(opinion.heuristic_moves) if opinion.heuristic_moves else []:
        pool[move_of(spec, candidate.action)] = candidate
    for verdict in analysis.moves[:opinion.analyst_moves]:
        pool.setdefault(verdict.move, Candidate(action_of(spec, verdict.move)))
    verdicts = {verdict.move: verdict for verdict in analysis.moves}
    pool = {move: candidate for move, candidate in pool.items() if -verdicts[move].against_best.value <= opinion.within}
    if len(pool) <= 1:
        return analysis.best.move
    for candidate in pool.values():
        search.extend(candidate, opinion.deals)
    return max(pool, key=lambda move: verdicts[move].value.value + pool[move].mean)


class Hard(SeededBot):
    """Hard: the analyst's values with the Expert's search as a second opinion (see the module docs);
    ``effort`` sets how hard the analyst looks, ``opinion`` how much the second judge does."""

    name = "Hard"

    def __init__(self, seed: int | None = None, *, effort: Effort | None = None, opinion: SecondOpinion | None = None) -> None:
        super().__init__(seed)
        self.effort = effort
        self.opinion = opinion

    def decide(self, observation: Observation) -> Move:
        if len(observation.legal_moves) == 1:
            return observation.legal_moves[0]
        chosen = self.effort or effort_for(observation, HARD, ENGINE_HARD)
        effort = replace(chosen, seed=self.rng.getrandbits(31))
        analysis = analyse(observation, effort)
        opinion = self.opinion or SECOND_OPINION
        if analysis.playouts != "batch" or not opinion.deals:
            return analysis.best.move
        return second_opinion(observation, analysis, opinion, self.rng.getrandbits(48))

    def __repr__(self) -> str:
        effort = self.effort or HARD
        opinion = self.opinion or SECOND_OPINION
        return (f"<{self.name} bot: the analyst's values, {effort.first} to {effort.most} deals, with the Expert's search on "
                f"{opinion.deals} deals as a second opinion>")
