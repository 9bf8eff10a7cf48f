"""The end of the round: how many plays each side has left, and what a card off a pile does to that.

The round ends when the last card is drawn off the deck. Every turn draws either off the deck (one
card fewer) or off a discard pile (the deck stays), so with ``D`` cards in the deck and ``k`` more
cards taken off piles by anyone, the round has exactly ``D + k`` turns left, the seats taking them in
turn from the seat to move. So each card taken off a pile adds one turn to the round, and which seat
gets it depends on the count: with two players and you to move, you get ``ceil((D + k) / 2)`` plays
and the other player ``floor((D + k) / 2)``; your taking a pile card now moves ``k`` up by one, which
gives you one more play when ``D + k`` is even and gives it to the other player when it is odd. (The
stall rule can end the round sooner; in the solitaire every card in hand is played after the deck.)

``round_end`` gives that table, and the plays each side is expected to have under the counting
policy's play (rollouts), beside the same with a pile card taken now.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any, Unpack

from ..errors import AnalysisError
from ..moves import Move
from ..observation import Observation
from ..round import Round
from ..rules import Rules
from ..words import card_words, suit_mark
from .budget import Budget, BudgetOptions, budget_of
from .inference import opponent_of
from .rollouts import Option, Rollouts, answers, last, moving_observation, policy_move
from .situation import HandLike, observation_for
from .stats import Estimate, proportion_estimate
from .tables import Cells, TableAnswer


@dataclass(frozen=True)
class PlaysLeft:
    """With ``pile_draws`` more cards taken off piles: the turns left in the round and the plays left
    to each seat (``plays[seat]``, this turn included for the seat to move)."""

    pile_draws: int
    turns: int
    plays: tuple[int, ...]


def plays_left(observation: Observation, pile_draws: int = 0) -> PlaysLeft:
    """The turns and each seat's plays left when ``pile_draws`` more cards are taken off piles before
    the deck runs out (see the module docs)."""
    rules = observation.rules
    if observation.to_move is None:
        return PlaysLeft(pile_draws, 0, (0,) * rules.players)
    if rules.play_on_after_deck:  # the solitaire: a play for every card still to come into the hand
        turns = observation.deck_size + observation.hand_sizes[observation.to_move]
        return PlaysLeft(0, turns, (turns,))
    turns = observation.deck_size + pile_draws
    n = rules.players
    plays = tuple(-(-(turns - (seat - observation.to_move) % n) // n) if turns > (seat - observation.to_move) % n else 0
                  for seat in range(n))
    return PlaysLeft(pile_draws, turns, plays)


@dataclass(frozen=True, repr=False)
class RoundEnd(TableAnswer):
    """The plays left: ``table`` (by the cards taken off piles from now on), and under the counting
    policy's play after its card ``move``: ``with_deck`` (drawing off the deck) and ``with_pile``
    (taking the top of pile ``pile`` instead), each the expected plays left to you and to them, the
    cards taken off piles and the chance that the stall rule ends the round."""

    rules: Rules
    seat: int
    opponent: int
    deck_size: int
    table: tuple[PlaysLeft, ...]
    move: Move
    with_deck: dict[str, Estimate]
    pile: str
    with_pile: dict[str, Estimate]
    positions: int
    seconds: float

    css = "xp-answer-end"

    @property
    def width(self) -> float:
        return max(e.half_width for e in (*self.with_deck.values(), *self.with_pile.values()))

    def records(self) -> list[dict[str, Any]]:
        return [{"pile_draws": r.pile_draws, "turns": r.turns, "your_plays": r.plays[self.seat],
                 "their_plays": r.plays[self.opponent]} for r in self.table]

    def _cells(self) -> Cells:
        title = f"The end of the round for seat {self.seat}: {self.deck_size} cards in the deck"
        columns = ["cards taken off piles from now on", "turns left", "your plays", "their plays"]
        lines = [[str(r.pile_draws), str(r.turns), str(r.plays[self.seat]), str(r.plays[self.opponent])] for r in self.table]
        card = f"{'laying' if self.move.kind == 'play' else 'discarding'} {card_words(self.move.card)}"
        notes = [f"As the counting bot plays, {card} and drawing off the deck: you play {self.with_deck['yours'].format()}, "
                 f"they play {self.with_deck['theirs'].format()}, {self.with_deck['pile_draws'].format()} cards are taken off "
                 f"piles; the stall rule ends {self.with_deck['stall'].format(0, percent=True)} of these rounds."]
        if self.pile:
            notes.append(f"Taking the top of the {suit_mark(self.pile)} pile instead of a deck card: you play "
                         f"{self.with_pile['yours'].format()}, they play {self.with_pile['theirs'].format()}.")
        return title, columns, lines, notes


def iter_round_end(what: HandLike | Round | Observation, rules: Rules | str | None = None, *, seat: int | None = None,
                   most: int = 4,
                   budget: Budget | None = None, on_update: Callable[[RoundEnd], None] | None = None,
                   **limits: Unpack[BudgetOptions]) -> Iterator[RoundEnd]:
    """``round_end``, ever more precise (its precision is in plays)."""
    obs = moving_observation(observation_for(what, rules, seat))
    table = tuple(plays_left(obs, k) for k in range(most + 1))
    other = opponent_of(obs) if obs.rules.sides > 1 else obs.seat
    move = policy_move(obs)
    if move.kind == "pass" or not obs.deck_size:
        raise AnalysisError("the counting policy's move draws nothing here: there is no draw to compare")
    kind, card = move.kind, move.card
    piles = [s for s in obs.rules.suits if obs.rules.draw_from_piles and obs.pile(s) and not (kind == "discard" and s == card.suit)]
    pile = move.draw if move.draw in piles else (piles[0] if piles else "")
    options = [Option("deck", (Move.of(kind, card, "deck"),))]
    if pile:
        options.append(Option(f"draw {pile}", (Move.of(kind, card, pile),)))

    def stats(collected: Rollouts, j: int) -> dict[str, Estimate]:
        plays = collected.data["plays"][j]
        return {"yours": collected.mean(plays[:, obs.seat]), "theirs": collected.mean(plays[:, other]),
                "pile_draws": collected.mean(collected.data["pile_draws"][j]),
                "stall": proportion_estimate(int((collected.data["ends"][j] == 1).sum()), collected.positions)}

    def summarize(collected: Rollouts) -> RoundEnd:
        return RoundEnd(obs.rules, obs.seat, other, obs.deck_size, table, move, stats(collected, 0), pile,
                        stats(collected, 1) if pile else {}, collected.positions, collected.seconds)

    return answers(obs, tuple(options), summarize, lambda v: v.width,
                   budget_of(Budget(precision=0.2, time_limit=30.0), budget, limits), description="round end", on_update=on_update)


def round_end(what: HandLike | Round | Observation, rules: Rules | str | None = None, *, seat: int | None = None,
              most: int = 4,
              budget: Budget | None = None, on_update: Callable[[RoundEnd], None] | None = None,
              **limits: Unpack[BudgetOptions]) -> RoundEnd:
    """How many plays remain to each side when 0 to ``most`` more cards are taken off piles, and, under
    the counting policy's play, the plays expected with its own move and with a pile card taken now
    (see the module docs); the rollouts stop at ``±precision`` plays or ``time_limit`` seconds."""
    if most < 0:
        raise AnalysisError(f"most counts pile draws, at least 0, got {most}")
    return last(iter_round_end(what, rules, seat=seat, most=most,
                               budget=budget_of(Budget(precision=0.3, time_limit=2.0), budget, limits), on_update=on_update))
