"""The table as a person sees it: frozen values a card table draws, with ``TableView.to_dict()`` plain JSON.

``Session.view()`` makes a ``TableView``: your hand, every side's expeditions with their running scores, the
piles, the deck, the legal targets of the selected card and the legal draw sources, the others' last moves, the
turn indicator, the scores, the end-of-round breakdown, the hint and the review, whether the game is practice and
whether it was kept in your games. Every text in it is written with suit symbols (``expeditions.words``).
"""

from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import Any

from ..cards import Card
from ..words import card_words


@dataclass(frozen=True)
class CardView:
    """One card face: ``card`` in letter notation (``10H``: for ``data-card``), ``rank`` and ``suit`` for
    the face, ``label`` as a person reads it (``10♥``)."""

    card: str
    rank: str
    suit: str
    label: str
    investment: bool


def card_view(card: Card) -> CardView:
    return CardView(str(card), card.rank_text, card.suit, card_words(card), card.is_investment)


@dataclass(frozen=True)
class SuitView:
    """A suit of the rule set: its letter, name and symbol (empty for a Lost Cities colour)."""

    suit: str
    name: str
    symbol: str
    mark: str


@dataclass(frozen=True)
class HandCardView:
    """A card of your hand: ``index`` its place (what the number keys select), ``playable`` whether it may
    go on its expedition now (cards that may only be discarded are dimmed), ``selected``, ``hint``."""

    index: int
    face: CardView
    playable: bool
    selected: bool
    hint: bool


@dataclass(frozen=True)
class ExpeditionView:
    """One expedition column: its side (``"you"``, ``"opponent"``), suit, cards in laying order, running
    score and its calculation; ``legal`` when the selected card may be laid here; ``pending`` the card
    laid this half-turn (not yet sent to the engine); ``marked`` the card another seat just laid here;
    ``hint`` when the best move lays here."""

    side: str
    suit: str
    cards: tuple[CardView, ...]
    score: int
    explain: str
    legal: bool
    pending: str | None
    marked: str | None
    hint: bool


@dataclass(frozen=True)
class PileView:
    """One discard pile: its cards bottom first; ``legal`` when the selected card may be discarded here or,
    once a card is laid, when you may draw its top; ``marked`` ``"discarded"`` or ``"taken"`` after another
    seat's move; ``hint`` as a target or a draw source of the best move."""

    suit: str
    cards: tuple[CardView, ...]
    legal: bool
    pending: str | None
    marked: str | None
    hint: bool


@dataclass(frozen=True)
class DeckView:
    size: int
    legal: bool
    marked: bool
    hint: bool


@dataclass(frozen=True)
class SeatView:
    """A seat at the table: ``role`` ``"you"``, ``"partner"`` or ``"opponent"``; ``known`` the cards of its
    hand you know (your whole hand for yourself; a card drawn off a pile, or passed by you, for others)."""

    seat: int
    name: str
    role: str
    hand_size: int
    known: tuple[CardView, ...]
    to_move: bool
    hint: bool = False
    """Your partner, when the best move of a hint passes two cards to them."""


@dataclass(frozen=True)
class SideView:
    """A scoring side (a seat, or a team with partners): its expeditions and score on the table now."""

    side: int
    role: str
    name: str
    score: int
    total: int
    expeditions: tuple[ExpeditionView, ...]


@dataclass(frozen=True)
class LastMoveView:
    """A move another seat made since your last one, with where it went: for marking it on the table."""

    seat: int
    name: str
    kind: str
    card: str
    suit: str
    draw: str | None
    taken: str | None
    words: str


@dataclass(frozen=True)
class ExpeditionLine:
    suit: str
    mark: str
    cards: tuple[CardView, ...]
    explain: str
    total: int


@dataclass(frozen=True)
class BreakdownView:
    """One side's round score, expedition by expedition (``"4 + 6 + 8 + 10 = 28, minus 20 = 8, ×2 = 16"``)."""

    name: str
    role: str
    total: int
    lines: tuple[ExpeditionLine, ...]


@dataclass(frozen=True)
class MatchRow:
    label: str
    scores: tuple[int | None, ...]


@dataclass(frozen=True)
class RoundOverView:
    """The end-of-round panel: why it ended, each side's breakdown, the match so far, and what comes next."""

    number: int
    reason: str
    sides: tuple[BreakdownView, ...]
    names: tuple[str, ...]
    match: tuple[MatchRow, ...]
    match_over: bool
    result: str
    next: str


@dataclass(frozen=True)
class HintLine:
    """One ranked move of a hint: ``words`` (what to do, with suit symbols), ``value`` (the points it is expected
    to bring, with the 95% interval), ``group`` (``"best"``, ``"about as good"``, ``"worse"``), ``versus`` (how it
    compares with the best, in words; empty for the best) and ``reason`` (what it does)."""

    words: str
    value: str
    group: str
    versus: str
    reason: str


@dataclass(frozen=True)
class HintView:
    """A hint: the best move, the moves about as good as it, and the first worse one, in words; the best move's
    ``card``, ``target`` (``"expedition"``, ``"discard"`` or ``"partner"``), ``suit`` and ``draw`` source (marked on
    the table with ``data-hint="best"``); what the values mean (``value_words``), what holds for every move
    (``situation``, ``piles``: said once, not on every line), and ``more``: how many moves are not shown."""

    card: str
    cards: tuple[str, ...]
    target: str
    suit: str
    draw: str | None
    lines: tuple[HintLine, ...]
    value_words: str
    situation: str
    piles: tuple[str, ...]
    more: str


@dataclass(frozen=True)
class MomentView:
    """A move of yours that cost points: ``number`` (your 1st, 2nd ... move of the round), ``headline`` (which move,
    what it cost), ``wrong`` (what was wrong with it), ``instead`` (the better move and what it does), ``loss`` (the
    points it cost, with the 95% interval) and ``picture``: static HTML of the table at that moment with your move
    and the better move marked (``data-mark="played"`` / ``"better"``)."""

    number: int
    headline: str
    wrong: str
    instead: str
    loss: str
    picture: str


@dataclass(frozen=True)
class ReviewView:
    """The review of your moves in round ``number``, as far as it is computed (``done`` of ``to_review`` moves;
    ``complete`` at the end): the ``summary`` line, the moments that mattered, and how it was measured (``method``)."""

    number: int
    summary: str
    moments: tuple[MomentView, ...]
    method: str
    done: int
    to_review: int
    complete: bool
    par: str = ""
    """Par in words: the Hard bot in your seat on the same deal against the same opponent (once computed)."""


@dataclass(frozen=True)
class MessageView:
    """What just happened or why a gesture was refused: ``tone`` ``"info"``, ``"move"`` or ``"error"``;
    ``quote`` the rule document's words for a refusal."""

    text: str
    tone: str = "info"
    quote: str = ""
    document: str = ""


@dataclass(frozen=True)
class KeptView:
    """What became of the game just finished: ``saved`` in your games or not, the store's ``message`` (where it is
    kept, or what went wrong and what to do), and ``download`` when it waits in memory, to be downloaded instead."""

    saved: bool
    message: str
    download: bool


@dataclass(frozen=True)
class OptionView:
    """One choice of a menu: its ``value``, its ``label``, and ``note``: what it is, in a few words (or "")."""

    value: str
    label: str
    note: str = ""


@dataclass(frozen=True)
class TableView:
    """The table as the person at ``seat`` sees it; ``to_dict()`` is plain JSON for a widget."""

    rules: str
    title: str
    label: str
    colours: str
    palette: str
    suits: tuple[SuitView, ...]
    players: int
    partnerships: bool
    solitaire: bool
    seat: int
    seats: tuple[SeatView, ...]
    sides: tuple[SideView, ...]
    hand: tuple[HandCardView, ...]
    piles: tuple[PileView, ...]
    draw_from_piles: bool
    out_of_game: bool
    deck: DeckView
    selected: tuple[int, ...]
    pending: str | None
    passing: bool
    pass_legal: bool
    can_pass: bool
    turn: str
    status: str
    message: MessageView | None
    last_moves: tuple[LastMoveView, ...]
    round_number: int
    rounds: int
    totals: tuple[int, ...]
    round_over: RoundOverView | None
    hint: HintView | None
    review: ReviewView | None
    busy: str
    busy_text: str
    can_undo: bool
    can_hint: bool
    can_review: bool
    log: tuple[str, ...]
    level: str
    levels: tuple[OptionView, ...]
    rule_sets: tuple[OptionView, ...]
    confirm_new: bool
    practice: bool = False
    """This game is practice (Undo was used, or it was loaded from a record): your games keep it apart."""
    kept: KeptView | None = None
    """Once the game is over: whether it was kept in your games (``games``)."""

    def to_dict(self) -> dict[str, Any]:
        """The view as plain data (dicts, lists, strings, numbers): what goes to the browser as JSON."""
        plain = _plain(asdict(self))
        assert isinstance(plain, dict)
        return plain


def _plain(value: Any) -> Any:
    """``value`` with every tuple made a list, as JSON has it."""
    if isinstance(value, dict):
        return {k: _plain(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [_plain(v) for v in value]
    return value


__all__ = [
    "BreakdownView",
    "CardView",
    "DeckView",
    "ExpeditionLine",
    "ExpeditionView",
    "HandCardView",
    "HintLine",
    "HintView",
    "KeptView",
    "LastMoveView",
    "MatchRow",
    "MessageView",
    "MomentView",
    "OptionView",
    "PileView",
    "ReviewView",
    "RoundOverView",
    "SeatView",
    "SideView",
    "SuitView",
    "TableView",
    "card_view",
]
