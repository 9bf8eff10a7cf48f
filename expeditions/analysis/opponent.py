"""The opponent: what a discard feeds them, and what taking a pile card is worth.

- ``discard_values``: for every card in your hand, what discarding it (and drawing off the deck)
  feeds the other side: their expected final score when the card goes onto its pile, minus the same
  when it leaves the game instead (so they cannot take it), paired by position, beside what they can
  see now (can they still lay it, have they started its suit, how many unseen cards lie between
  their top and it);
- ``pile_values``: with the counting policy's own card this turn, what taking each pile's top card
  is worth against drawing blind off the deck, on the score difference and on the plays left to
  each side (a card taken off a pile leaves the deck as it is, so the round lasts a turn longer);
- who holds the cards you wait for is ``inference.holding_chances``.

Both play the round out with the counting policy for both sides (``rollouts``).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any, Unpack

from ..cards import Card, parse_cards
from ..engine import fits, top_number
from ..errors import AnalysisError
from ..moves import Move
from ..observation import Observation
from ..round import CardsLike, Round
from ..rules import Rules
from ..words import card_words, suit_mark
from .budget import QUICK, REFINED, Budget, BudgetOptions, budget_of
from .inference import opponent_of
from .rollouts import Option, Rollouts, answers, last, moving_observation, policy_move
from .situation import HandLike, observation_for
from .stats import Estimate
from .tables import Cells, TableAnswer, find_row


@dataclass(frozen=True)
class DiscardValue:
    """What discarding ``card`` feeds the other side: ``feed`` (their final score when it goes onto
    the pile, minus when it leaves the game), ``difference`` (your score difference when you
    discard it); what they can see now: ``they_can_lay`` it, ``they_started`` its suit, ``between``
    (unseen numbers between their top and it)."""

    card: Card
    feed: Estimate
    difference: Estimate
    they_can_lay: bool
    they_started: bool
    between: int

    def words(self, positions: int = 0) -> str:
        """What discarding the card gives the other side, in a sentence with suit symbols: its
        number (``feed``, as the table shows it) and what they can see now."""
        card, suit = card_words(self.card), suit_mark(self.card.suit)
        how = f", by playing the round out {positions:,} times" if positions else ""
        if not self.they_can_lay:
            seen = f"they can no longer lay {card}"
        elif not self.they_started and self.card.is_investment:
            seen = (f"they have not started {suit}, and the counting bot takes only numbers off a pile, so this model "
                    "counts an investment as feeding them nothing (a person might take it to start the suit)")
        elif not self.they_started:
            seen = (f"they have not started {suit}: {card} feeds them if they start it lower and then take it (the "
                    "counting bot takes a pile card to continue an expedition, or near the end to make the round last)")
        elif self.between:
            seen = (f"they have started {suit} and can lay it; {self.between} unseen {suit} number"
                    f"{'s lie' if self.between != 1 else ' lies'} between their top and it")
        else:
            seen = f"they have started {suit} and it goes straight onto their expedition"
        return (f"Discarding {card} gives your opponent about {self.feed.format(sign=True)} points (their final score "
                f"with it on the pile against it out of the game){how}: {seen}.")


@dataclass(frozen=True, repr=False)
class DiscardValues(TableAnswer):
    """What each discard feeds the other side, cheapest first (``rows``), from ``positions`` positions."""

    css = "xp-answer-discards"

    rules: Rules
    seat: int
    rows: tuple[DiscardValue, ...]
    positions: int
    seconds: float

    @property
    def sentence(self) -> str:
        """The cheapest and the dearest discard, in words (their numbers are the table's)."""
        cheapest, dearest = self.rows[0], self.rows[-1]
        if cheapest is dearest:
            return cheapest.words(self.positions)
        if dearest.feed.low <= 0:  # every interval reaches 0: no discard is known to feed them
            return (f"No discard feeds your opponent measurably (every interval includes 0, by playing the round out "
                    f"{self.positions:,} times): the cheapest, {card_words(cheapest.card)}, gives them about "
                    f"{cheapest.feed.format(sign=True)} points, the dearest, {card_words(dearest.card)}, about "
                    f"{dearest.feed.format(sign=True)}.")
        return (f"Cheapest to discard: {card_words(cheapest.card)}, about {cheapest.feed.format(sign=True)} points for your "
                f"opponent. Dearest: {dearest.words(self.positions)[len('Discarding '):]}")

    @property
    def width(self) -> float:
        return max(r.feed.half_width for r in self.rows)

    def get(self, card: Card | str) -> DiscardValue:
        return find_row(self.rows, lambda r: str(r.card) == str(card).upper(),
                        f"{card} is not in the hand: the cards are {' '.join(str(r.card) for r in self.rows)}")

    def records(self) -> list[dict[str, Any]]:
        return [{"card": str(r.card), "feed": r.feed.value, "feed_low": r.feed.low, "feed_high": r.feed.high,
                 "difference": r.difference.value, "they_can_lay": r.they_can_lay, "they_started": r.they_started,
                 "between": r.between} for r in self.rows]

    def _cells(self) -> Cells:
        title = f"What each discard of seat {self.seat} feeds the other side ({self.positions:,} positions, {self.seconds:.1f} s)"
        columns = ["discard", "feeds them", "your score minus theirs", "they can lay it", "unseen cards between"]
        lines = [[card_words(r.card), r.feed.format(sign=True), r.difference.format(),
                  ("yes, on their expedition" if r.they_started else "yes, to start it") if r.they_can_lay else "no",
                  str(r.between) if r.they_can_lay and r.they_started else ""] for r in self.rows]
        notes = ["Feeds them: their expected final score when the card goes onto its pile, minus the same when it leaves "
                 "the game instead (paired by position; you draw off the deck either way)."]
        return title, columns, lines, notes


def _visible_facts(obs: Observation, card: Card, other: int) -> tuple[bool, bool, int]:
    side = obs.rules.side_of(other)
    laid = obs.expedition(side, card.suit)
    top = top_number(laid)
    can = fits(card, laid)
    between = sum(1 for c in obs.unseen if c.suit == card.suit and not c.is_investment and top < c.value < card.value)
    return can, bool(laid), between


def _chosen_cards(obs: Observation, cards: CardsLike | None) -> list[Card]:
    """The cards of the hand to value: ``cards`` (each must be in the hand), or every card once."""
    hand = list(dict.fromkeys(obs.hand))
    if cards is None:
        return hand
    chosen = list(dict.fromkeys(parse_cards(cards)))
    for c in chosen:
        if c not in hand:
            raise AnalysisError(f"{c} is not in the hand: the cards are {' '.join(map(str, hand))}")
    if not chosen:
        raise AnalysisError("no card given: name a card of the hand, like " + str(hand[0]))
    return chosen


def iter_discard_values(what: HandLike | Round | Observation, rules: Rules | str | None = None, *, seat: int | None = None,
                        cards: CardsLike | None = None,
                        budget: Budget | None = None, on_update: Callable[[DiscardValues], None] | None = None,
                        **limits: Unpack[BudgetOptions]) -> Iterator[DiscardValues]:
    """``discard_values``, ever more precise."""
    obs = moving_observation(observation_for(what, rules, seat))
    if obs.rules.discards_leave_game:
        raise AnalysisError(f"in the {obs.rules.name} rules a discard leaves the game: it feeds nobody")
    other = opponent_of(obs)
    draw = "deck" if obs.deck_size else None
    chosen = _chosen_cards(obs, cards)
    options = []
    for c in chosen:
        move = Move.discard(c, draw)
        options += [Option(f"discard {c}", (move,)), Option(f"remove {c}", (move,), remove=True)]
    other_side = obs.rules.side_of(other)

    def summarize(collected: Rollouts) -> DiscardValues:
        rows = []
        for k, c in enumerate(chosen):
            onto, gone = collected.data["scores"][2 * k][:, other_side], collected.data["scores"][2 * k + 1][:, other_side]
            rows.append(DiscardValue(c, collected.mean(onto - gone), collected.mean(collected.difference(2 * k)),
                                     *_visible_facts(obs, c, other)))
        rows.sort(key=lambda r: r.feed.value)
        return DiscardValues(obs.rules, obs.seat, tuple(rows), collected.positions, collected.seconds)

    return answers(obs, tuple(options), summarize, lambda v: v.width,
                   budget_of(REFINED, budget, limits), description="discards", on_update=on_update)


def discard_values(what: HandLike | Round | Observation, rules: Rules | str | None = None, *, seat: int | None = None,
                   cards: CardsLike | None = None,
                   budget: Budget | None = None, on_update: Callable[[DiscardValues], None] | None = None,
                   **limits: Unpack[BudgetOptions]) -> DiscardValues:
    """What discarding each card of your hand (or only ``cards``, a card or a few: the quicker for it)
    feeds the other side (see the module docs), cheapest first, until every interval is within
    ``±precision`` points or ``time_limit`` seconds."""
    return last(iter_discard_values(what, rules, seat=seat, cards=cards, budget=budget_of(QUICK, budget, limits), on_update=on_update))


@dataclass(frozen=True)
class PileValue:
    """Drawing from ``source`` (``"deck"`` or a suit letter) after this turn's card: ``card`` the card
    taken (``None`` off the deck), ``difference`` (your final score minus theirs), ``gain`` against
    drawing off the deck (paired by position), and the plays left to you and to them from this turn
    on (``your_plays``, ``their_plays``)."""

    source: str
    card: Card | None
    difference: Estimate
    gain: Estimate
    your_plays: Estimate
    their_plays: Estimate

    def words(self, deck: PileValue, positions: int = 0) -> str:
        """Taking this pile's card instead of drawing off the deck (``deck``, the deck's row), in a
        sentence with suit symbols; its numbers are the table's."""
        if self.card is None:
            return "Drawing off the deck is the blind draw the pile cards are set against."
        how = f", by playing the round out {positions:,} times" if positions else ""
        verdict = ("about as good as drawing blind" if self.gain.contains(0)
                   else "better than drawing blind" if self.gain.value > 0 else "worse than drawing blind")
        return (f"Taking {card_words(self.card)} off the {suit_mark(self.source)} pile instead of drawing off the deck: "
                f"{self.gain.format(sign=True)} points in your score minus the opponent's, {verdict}{how}; it leaves you "
                f"{self.your_plays.format()} plays against {deck.your_plays.format()} (a card off a pile leaves the deck "
                "as it is, so the round lasts a turn longer).")


@dataclass(frozen=True, repr=False)
class PileValues(TableAnswer):
    """This turn's card, then each draw: the deck first, then each pile's top card (``rows``)."""

    css = "xp-answer-piles"

    rules: Rules
    seat: int
    move: Move
    rows: tuple[PileValue, ...]
    positions: int
    seconds: float
    given: bool = False
    """Whether this turn's card was given (else it is the counting policy's own)."""

    @property
    def width(self) -> float:
        return max(r.gain.half_width for r in self.rows)

    def get(self, source: str) -> PileValue:
        return find_row(self.rows, lambda r: r.source in (source.upper(), source.lower()),
                        f"no draw from {source!r}: the choices are {', '.join(r.source for r in self.rows)}")

    def records(self) -> list[dict[str, Any]]:
        return [{"source": r.source, "card": "" if r.card is None else str(r.card), "difference": r.difference.value,
                 "gain": r.gain.value, "gain_low": r.gain.low, "gain_high": r.gain.high, "your_plays": r.your_plays.value,
                 "their_plays": r.their_plays.value} for r in self.rows]

    @property
    def sentence(self) -> str:
        """The best pile card against the deck, in words (or that there is none to take)."""
        piles = self.rows[1:]
        if not piles:
            return "There is no pile card to take: every draw is off the deck."
        best = max(piles, key=lambda r: r.gain.value)
        return best.words(self.rows[0], self.positions)

    def _cells(self) -> Cells:
        kind, card = self.move.kind, self.move.card
        whose = "" if self.given else " (the counting bot's card)"
        title = (f"Seat {self.seat} {'lays' if kind == 'play' else 'discards'} {card_words(card)}{whose}, then "
                 f"draws: a pile card or the deck ({self.positions:,} positions, {self.seconds:.1f} s)")
        columns = ["draw", "card", "your score minus theirs", "against the deck", "your plays left", "their plays left"]
        lines = [["the deck" if r.source == "deck" else f"the {suit_mark(r.source)} pile",
                  "blind" if r.card is None else card_words(r.card),
                  r.difference.format(), "" if r.source == "deck" else r.gain.format(sign=True), r.your_plays.format(),
                  r.their_plays.format()] for r in self.rows]
        notes = ["A card off a pile leaves the deck as it is, so the round lasts one turn longer (which side gets it "
                 "depends on the cards left: see round_end); plays left count this turn."]
        return title, columns, lines, notes


def iter_pile_values(what: HandLike | Round | Observation, rules: Rules | str | None = None, *, seat: int | None = None,
                     move: Move | str | None = None, piles: str | Sequence[str] | None = None,
                     budget: Budget | None = None, on_update: Callable[[PileValues], None] | None = None,
                     **limits: Unpack[BudgetOptions]) -> Iterator[PileValues]:
    """``pile_values``, ever more precise."""
    obs = moving_observation(observation_for(what, rules, seat))
    if not obs.deck_size or not obs.rules.draw_from_piles:
        raise AnalysisError("there is no draw to choose: " + ("the deck is empty" if not obs.deck_size
                                                              else f"the {obs.rules.name} rules draw only off the deck"))
    own = policy_move(obs) if move is None else Move.parse(move)
    kind, card = own.kind, own.card
    if kind not in ("play", "discard") or card not in obs.hand:
        raise AnalysisError(f"{own} is not this turn's card: give a card of the hand to play or discard, like "
                            f"'play {obs.hand[0]}, draw deck'")
    open_piles = [s for s in obs.rules.suits if obs.pile(s) and not (kind == "discard" and s == card.suit)]
    wanted = open_piles if piles is None else [s.upper() for s in ([piles] if isinstance(piles, str) else piles)]
    for s in wanted:
        if s not in open_piles:
            raise AnalysisError(f"there is no card to take off pile {s!r} after {own}: the piles to draw from are "
                                f"{', '.join(open_piles) or 'none'}")
    sources = ["deck", *wanted]
    options = tuple(Option(f"{kind} {card}, draw {s}", (Move.of(kind, card, s),)) for s in sources)
    other = opponent_of(obs)

    def summarize(collected: Rollouts) -> PileValues:
        plays = collected.data["plays"]
        deck = collected.difference(0)
        rows = []
        for j, s in enumerate(sources):
            d = collected.difference(j)
            rows.append(PileValue(s, None if s == "deck" else obs.pile(s)[-1], collected.mean(d),
                                  Estimate.exact(0.0) if j == 0 else collected.mean(d - deck),
                                  collected.mean(plays[j][:, obs.seat]), collected.mean(plays[j][:, other])))
        return PileValues(obs.rules, obs.seat, own, tuple(rows), collected.positions, collected.seconds, move is not None)

    return answers(obs, options, summarize, lambda v: v.width, budget_of(REFINED, budget, limits), description="piles", on_update=on_update)


def pile_values(what: HandLike | Round | Observation, rules: Rules | str | None = None, *, seat: int | None = None,
                move: Move | str | None = None, piles: str | Sequence[str] | None = None,
                budget: Budget | None = None, on_update: Callable[[PileValues], None] | None = None,
                **limits: Unpack[BudgetOptions]) -> PileValues:
    """With this turn's card (``move``; default the counting policy's own), what drawing each pile's
    top (or those of ``piles``: a suit or a few) is worth against drawing off the deck, counting the
    turn it adds to the round (see the module docs)."""
    return last(iter_pile_values(what, rules, seat=seat, move=move, piles=piles,
                                 budget=budget_of(QUICK, budget, limits), on_update=on_update))
