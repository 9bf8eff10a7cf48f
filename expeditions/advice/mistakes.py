"""The kinds of mistakes a review finds, in a few plain words, and a whole game's review figures for your games.

``mistake_kind(move)`` names what went wrong with a costly move of a review (``ReviewedMove``) as one of
``MISTAKE_KINDS``: where the loss was in the draw rather than the card (``ReviewedMove.focus``), then what the
review blames the card for (``bots.words.blamed_flaw``: a discard the other side could take, a card your own
expeditions could use, an expedition opened without the numbers for it, an investment with too little behind it,
a card that shut out lower ones), and failing those, how the move played and the better one differ.

``review_figures(reviews)`` puts the reviews of a game's rounds together as the store of your games keeps them
(``history.ReviewFigures``): what the costly moves cost in all with its 95% interval, how many there were, par,
and the kinds of mistakes.
"""

from __future__ import annotations

from collections.abc import Iterable

from ..bots.words import blamed_flaw
from ..errors import AnalysisError
from ..estimate import sum_of
from ..history import ReviewFigures
from ..words import ordinal
from .review import Review, ReviewedMove

THE_DRAW = "the draw"
FED = "a discard that fed the opponent"
THROWN = "a useful card thrown away"
WEAK_START = "a weak start"
INVESTMENT = "a risky investment"
TOO_HIGH = "a card laid too high"
HELD_BACK = "a card held back"
OTHER_CARD = "another card was better"

MISTAKE_KINDS: dict[str, str] = {
    THE_DRAW: "the card was right, where it was drawn from was not (the deck, or a pile)",
    FED: "a discard the other side could take for its expedition",
    THROWN: "a discard that your own expeditions could still use, or that broke up a suit in your hand",
    WEAK_START: "an expedition opened without the numbers to pay for it, or while cards waited for the started ones",
    INVESTMENT: "an investment with too few numbers behind it to pay back its cost",
    TOO_HIGH: "a card laid that shut out lower cards of its suit, in your hand or on the pile",
    HELD_BACK: "a discard where laying a card on an expedition was better",
    OTHER_CARD: "none of these: the analyst preferred another card",
}
"""The kinds of mistakes, each with what it means."""

_OF_FLAW = {"feeds": FED, "wastes": THROWN, "breaks": THROWN, "short-open": WEAK_START, "spread": WEAK_START,
            "thin-investment": INVESTMENT, "closes": TOO_HIGH, "closes-pile": TOO_HIGH, "skips": TOO_HIGH,
            "stalls": HELD_BACK}


def mistake_kind(move: ReviewedMove) -> str:
    """The kind of mistake a reviewed move made (one of ``MISTAKE_KINDS``); for a move that agreed with the analyst,
    ``AnalysisError``."""
    played, better, obs = move.played, move.better, move.observation
    if move.agreed:
        raise AnalysisError(f"your {ordinal(move.number)} move was the analyst's best: it made no mistake to name")
    same_card = played.kind == better.kind and played.cards == better.cards
    if same_card or move.focus == "draw":
        return THE_DRAW
    flaw = blamed_flaw(obs, played, better)
    if flaw is not None:
        return _OF_FLAW[flaw]
    if played.kind == "discard" and better.kind == "play":
        return HELD_BACK
    if played.kind == "play" and played.card.is_investment:
        return INVESTMENT
    if played.kind == "play" and not obs.expedition(obs.side, played.card.suit):
        return WEAK_START
    return OTHER_CARD


def review_figures(reviews: Iterable[Review]) -> ReviewFigures:
    """The figures of a game's reviews (one per round reviewed) as your games keep them: the cost of the costly moves
    in all, with its 95% interval (the rounds' are independent: their variances add); how many moves were costly;
    ``par``, how many points your score difference was above Hard's in your seat on the same deals (below it when
    negative), when every review has par; and each costly move's kind of mistake."""
    chosen = list(reviews)
    if not chosen:
        raise AnalysisError("no review to put together: give the reviews of the game's rounds")
    costly = [m for r in chosen for m in r.mattered]
    pars = [r.par for r in chosen if r.par is not None]
    par = sum(p.actual - p.difference for p in pars) if len(pars) == len(chosen) else None
    return ReviewFigures.of({"cost": sum_of(r.cost for r in chosen), "costly_moves": len(costly), "par": par,
                             "mistake_kinds": [mistake_kind(m) for m in costly]})


__all__ = ["MISTAKE_KINDS", "mistake_kind", "review_figures"]
