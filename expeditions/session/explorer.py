"""The what-if explorer below its widget: a hand and a position typed in, valued by the models, and the questions a
strong player asks of it.

An ``Explorer`` holds what a person typed (the hand, the cards on either side's expeditions, the discard piles, the
cards left in the deck) and builds the position from it (``what_if_position``); it computes models 1 and 2
(``compute``), model 3 with its progress (``run_rollouts``), and the answers to the questions (``QUESTIONS``) ever
more precise, here or in the background (``refine``), each under one ``Budget``. The widget
(``expeditions.widgets.explorer``) is the form in front of it: it shows the inputs and the results, and its buttons
call these methods.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Iterator
from concurrent.futures import ProcessPoolExecutor
from contextlib import ExitStack
from dataclasses import dataclass, replace
from typing import Any

from .. import analysis
from ..analysis import MODELS, StartValues, start_values
from ..analysis.budget import Budget
from ..analysis.exact import OPTIONS
from ..analysis.parallel import ProgressExecutor
from ..analysis.recommendation import Recommendation, beside_moves, recommend
from ..analysis.situation import checked_hand
from ..cards import Card, format_cards, parse_cards
from ..display import note_html
from ..errors import AnalysisError, ExpeditionsError, PositionError
from ..round import CardsLike, Round, position
from ..rules import Rules
from ..rules import rules as get_rules
from ..words import card_words, symbolize

FIELDS = ("hand", "mine", "theirs", "piles")
FIELD_WORDS = {"hand": "your hand", "mine": "your expeditions", "theirs": "their expeditions", "piles": "discard piles"}
"""Each field of the explorer's inputs in words, as its form labels it."""
"""The card fields of the explorer: your hand, your expeditions, theirs, the discard piles."""

FIRST_PRECISION = 3.0
"""A first answer to a question: within about ±3 points ..."""
FIRST_SECONDS = 2.0
"""... or after about two seconds."""


# --- the position ------------------------------------------------------------------------------------------
def what_if_position(rules: Rules | str = "expeditions", hand: CardsLike = "", *, mine: CardsLike = "", theirs: CardsLike = "",
                     piles: CardsLike = "", deck_size: int | None = None, seed: int = 0) -> Round:
    """The position the explorer values: you (seat 0) hold ``hand`` and are to move.

    ``mine`` and ``theirs`` are the cards already on your side's and the other side's expeditions
    (any suits, laid in rising order); ``piles`` the discard piles, each suit's cards bottom first.
    ``deck_size`` is how many cards are left in the deck: the other hands are dealt from the cards
    placed nowhere, then the deck, and what is left over is out of play unseen: set aside, under
    the rules with that many cards set aside (``set_aside``), since the rules set none aside
    elsewhere than in the solitaire.
    So a short deck without the cards on the table averages over which cards the table holds: each
    unseen card still reaches you with the same chance (your draws in time over the unseen cards);
    place the table's cards on the expeditions and piles to be precise. Left out, every card placed
    nowhere is in the deck (with nothing placed: the deal, a round where you move first). The
    analysis sees only what seat 0 sees, so ``seed`` (which hidden card is where) does not change
    its numbers."""
    r = get_rules(rules)
    cards = checked_hand(parse_cards(hand), r)
    mine_cards, theirs_cards, pile_cards = parse_cards(mine), parse_cards(theirs), parse_cards(piles)
    if theirs_cards and r.sides < 2:
        raise PositionError(f"the {r.name} rules have no other side: leave their expeditions empty")
    if pile_cards and r.discards_leave_game:
        raise PositionError(f"in the {r.name} rules a discard leaves the game, so there are no discard piles: leave them empty")
    by_suit: dict[str, list[Card]] = {}
    for card in pile_cards:
        by_suit.setdefault(card.suit, []).append(card)
    sides: list[CardsLike] = [mine_cards]
    if r.sides > 1:
        sides.append(theirs_cards)
    hands: list[CardsLike | None] = [cards, *([None] * (r.players - 1))]
    base = position(r, hands=hands, expeditions=sides, piles=by_suit, seed=seed)
    if deck_size is None:
        return base
    pool = base.deck + base.set_aside
    least = 0 if r.play_on_after_deck else 1
    if not least <= deck_size <= len(pool):
        why = ("the round ends when the last card is drawn off the deck, so a round in play has at least 1 card in it"
               if deck_size < least else f"only {len(pool)} cards are placed nowhere once the other hands are dealt")
        raise PositionError(f"{deck_size} cards left in the deck cannot be: {why}")
    short = get_rules(r, set_aside=len(pool) - deck_size)
    return position(short, hands=list(base.hands), expeditions=sides, piles=by_suit, deck=pool[:deck_size],
                    set_aside=pool[deck_size:], seed=seed)


def merged(*parts: StartValues | None) -> StartValues | None:
    """The rows of several ``StartValues`` of the same position in one, ordered as ``start_values`` orders them."""
    given = [p for p in parts if p is not None]
    if not given:
        return None
    first = given[0]
    suits = {s: i for i, s in enumerate(first.rules.suits)}
    models = list(MODELS)
    rows = sorted((r for p in given for r in p.rows),
                  key=lambda r: (suits[r.suit], OPTIONS.index(r.option), r.investments, models.index(r.model)))
    return replace(first, rows=tuple(rows))


# --- the questions a strong player asks -------------------------------------------------------------------------
@dataclass(frozen=True)
class OpponentAnswer:
    """The opponent's tab: what each discard feeds them, a pile card against the deck (when there is a
    draw to choose) and who holds the cards you wait for."""

    discards: analysis.DiscardValues
    piles: analysis.PileValues | None
    holding: analysis.HoldingChances
    piles_note: str = ""

    @property
    def width(self) -> float:
        return max(self.discards.width, self.piles.width if self.piles is not None else 0.0)

    @property
    def positions(self) -> int:
        return self.discards.positions

    @property
    def seconds(self) -> float:
        return self.discards.seconds + (self.piles.seconds if self.piles is not None else 0.0)

    def _repr_html_(self) -> str:
        piles = self.piles._repr_html_() if self.piles is not None else note_html(self.piles_note)
        return self.discards._repr_html_() + piles + self.holding._repr_html_()


def _opponent_answers(pos: Round, budget: Budget) -> Iterator[OpponentAnswer]:
    holding = analysis.holding_chances(pos)
    half = replace(budget, time_limit=budget.time_limit / 2)
    discards = None
    for discards in analysis.iter_discard_values(pos, budget=half):
        yield OpponentAnswer(discards, None, holding, "pile cards against the deck: next")
    if discards is None:
        return
    try:
        for piles in analysis.iter_pile_values(pos, budget=half):
            yield OpponentAnswer(discards, piles, holding)
    except AnalysisError as e:
        yield OpponentAnswer(discards, None, holding, f"pile cards against the deck: {symbolize(str(e), pos.rules)}")


@dataclass(frozen=True)
class Question:
    """One question of the explorer: its tab's ``title`` and ``answers(position, budget)``, an iterator of ever more
    precise answers (each with ``width``, ``positions``, ``seconds`` and ``_repr_html_``); ``unit`` names what
    ``positions`` counts."""

    title: str
    answers: Callable[[Round, Budget], Iterator[Any]]
    unit: str = "positions"


def _finer(budget: Budget, most: float) -> Budget:
    return replace(budget, precision=min(budget.precision, most))


QUESTIONS: dict[str, Question] = {
    "moves": Question("Which card?", lambda pos, budget: analysis.iter_move_values(pos, budget=budget)),
    "plans": Question("Which suits?", lambda pos, budget: analysis.iter_plan_values(pos, budget=budget)),
    "opponent": Question("The opponent", _opponent_answers),
    "winning": Question("Winning", lambda pos, budget: analysis.iter_win_chances(pos, budget=budget)),
    "end": Question("Round's end", lambda pos, budget: analysis.iter_round_end(pos, budget=_finer(budget, 0.3))),
    "even": Question("Break even", lambda pos, budget: analysis.iter_break_even(pos, budget=_finer(budget, 0.5)),
                     unit="sets of cards"),
}
"""The questions the explorer asks of its position, by tab."""


# --- the explorer ------------------------------------------------------------------------------------------
class Explorer:
    """What a person typed into the explorer and what was computed for it (see the module docs).

    ``n`` is model 2's number of simulations, ``seed`` the random seed of models 2 and 3 and of the questions;
    model 3 runs until its intervals are within ``±precision`` points or its time is up, on ``workers``
    processes (1: in this process); a question is refined for ``refine_seconds`` at most.
    """

    def __init__(self, rules: Rules | str = "expeditions", *, n: int = 20_000, seed: int = 0, precision: float = 2.0,
                 workers: int = 1, refine_seconds: float = 60.0) -> None:
        self.rules = get_rules(rules)
        self.n, self.seed, self.precision, self.workers, self.refine_seconds = n, seed, precision, workers, refine_seconds
        self.texts: dict[str, str] = dict.fromkeys(FIELDS, "")
        self.deck_text = ""
        self.answers: dict[str, Any] = {}
        self.recommendation: Recommendation | None = None
        self._values: StartValues | None = None
        self._rollouts: StartValues | None = None
        self._stop = threading.Event()
        self.worker: threading.Thread | None = None

    # --- the inputs -----------------------------------------------------------------------------------
    def cards_in(self, field: str) -> tuple[Card, ...]:
        """The cards typed into one field (``"hand"``, ``"mine"``, ``"theirs"``, ``"piles"``); raises on bad text."""
        return tuple(parse_cards(self.texts[field]))

    def cards_or_none(self, field: str) -> list[Card] | None:
        """The cards of a field, or ``None`` while its text is not cards."""
        try:
            return list(self.cards_in(field))
        except ExpeditionsError:
            return None

    def deck_size(self) -> int | None:
        """The cards left in the deck as typed (``None``: every card placed nowhere)."""
        text = self.deck_text.strip()
        if not text:
            return None
        try:
            return int(text)
        except ValueError:
            raise ExpeditionsError(f"{text!r} is not a number of cards: type a whole number, like 20, or leave the "
                                   "cards left in the deck empty for every card placed nowhere") from None

    def position(self) -> Round:
        """The position the inputs describe (``what_if_position``); raises with the reason when they cannot be one."""
        return what_if_position(self.rules, self.texts["hand"], mine=self.texts["mine"], theirs=self.texts["theirs"],
                                piles=self.texts["piles"], deck_size=self.deck_size(), seed=self.seed)

    def has_position(self) -> bool:
        """Whether anything beyond the hand was typed: cards on the table, or the cards left in the deck."""
        return any(self.texts[name].strip() for name in ("mine", "theirs", "piles")) or bool(self.deck_text.strip())

    def free(self, card: Card, field: str) -> int:
        """How many copies of ``card`` the fields other than ``field`` leave free."""
        elsewhere = sum((self.cards_or_none(other) or []).count(card) for other in FIELDS if other != field)
        return self.rules.deck.count(card) - elsewhere

    def click(self, card: Card, field: str) -> str:
        """A card clicked into ``field``: it goes in, or leaves when it is there (every copy of it); a card whose
        every copy lies in another field stays out, and the words say why (else they are empty)."""
        cards = self.cards_or_none(field) or []
        if card in cards:
            cards = [c for c in cards if c != card]
        elif self.free(card, field) <= 0:
            return (f"every {card_words(card)} of the {self.rules.name} deck is already placed: take it out of the "
                    "other field first")
        else:
            cards.append(card)
        self.texts[field] = format_cards(cards)
        return ""

    def use_rules(self, rules: Rules | str) -> tuple[tuple[Card, ...], tuple[str, ...]]:
        """Another rule set: the cards it has stay in the fields, the others leave; a field the rule set has no
        place for (their expeditions with one side, the discard piles where discards leave the game) is emptied,
        cards or not. Returns the cards that left and the fields whose text left without being cards; results
        go."""
        self.rules = get_rules(rules)
        dropped: list[Card] = []
        emptied: list[str] = []
        for name in FIELDS:
            cards = self.cards_or_none(name)
            if cards is None:
                continue
            dropped += [c for c in cards if c not in self.rules.deck]
            self.texts[name] = format_cards([c for c in cards if c in self.rules.deck])
        for name, gone in (("theirs", self.rules.sides < 2), ("piles", self.rules.discards_leave_game)):
            if gone and self.texts[name].strip():
                cards = self.cards_or_none(name)
                if cards is None:
                    emptied.append(name)
                else:
                    dropped += cards
                self.texts[name] = ""
        self.changed()
        return tuple(dropped), tuple(emptied)

    def changed(self) -> None:
        """The inputs changed: the results no longer hold, and refining stops."""
        self._values = self._rollouts = None
        self.recommendation = None
        self._stop.set()
        self.answers = {}

    # --- models 1, 2 and 3 -------------------------------------------------------------------------------
    @property
    def values(self) -> StartValues | None:
        """Every model computed for the current inputs, in one ``StartValues`` (``None`` before any)."""
        return merged(self._values, self._rollouts)

    def _recommended(self) -> StartValues:
        values = self.values
        assert values is not None
        self.recommendation = recommend(values)
        return values

    def compute(self, models: list[str]) -> StartValues:
        """Models 1 and 2 (those of ``models``) for the current inputs; raises with the reason on bad input."""
        self._values = start_values(self.position(), models=models, n=self.n, seed=self.seed)
        return self._recommended()

    def run_rollouts(self, time_limit: float, report: Callable[[int, float], None]) -> StartValues:
        """Model 3 for the current inputs, within ``time_limit`` seconds; ``report(positions, seconds)`` as each
        piece of work is collected."""
        pos = self.position()
        started = time.perf_counter()
        done = [0]

        def collected(result: Any) -> None:
            done[0] += len(result)
            report(done[0], time.perf_counter() - started)

        with ExitStack() as stack:
            inner = stack.enter_context(ProcessPoolExecutor(self.workers)) if self.workers > 1 else None
            budget = Budget(precision=self.precision, time_limit=time_limit, seed=self.seed,
                            executor=ProgressExecutor(collected, inner))
            self._rollouts = start_values(pos, models=3, budget=budget)
        return self._recommended()

    # --- the questions ------------------------------------------------------------------------------------
    def ask(self, name: str, precision: float, time_limit: float) -> Iterator[Any]:
        """The answers to question ``name`` (a key of ``QUESTIONS``), ever more precise, each kept in ``answers``,
        until ``±precision``, ``time_limit`` seconds or ``stop()``."""
        pos = self.position()
        self._stop.clear()
        for answer in QUESTIONS[name].answers(pos, Budget(precision=precision, time_limit=time_limit, seed=self.seed)):
            self.answers[name] = answer
            yield answer
            if self._stop.is_set():
                return

    @property
    def stopped(self) -> bool:
        """Whether the last question was stopped before its answer was as precise as asked."""
        return self._stop.is_set()

    def stop(self) -> None:
        """Stop refining (the answer so far stays)."""
        self._stop.set()

    @property
    def refining(self) -> bool:
        return self.worker is not None and self.worker.is_alive()

    def in_background(self, work: Callable[[], object]) -> bool:
        """Run ``work`` (refining a question, showing each answer) in a background thread; False when one runs
        already."""
        if self.refining:
            return False
        self.worker = threading.Thread(target=work, daemon=True)
        self.worker.start()
        return True

    def beside_moves(self) -> str:
        """What the *Which card?* answer says beside the recommendation (``recommend.beside_moves``): empty until
        both are there."""
        moves = self.answers.get("moves")
        if self.recommendation is None or moves is None:
            return ""
        return beside_moves(self.recommendation, moves)


__all__ = ["FIELDS", "FIELD_WORDS", "FIRST_PRECISION", "FIRST_SECONDS", "QUESTIONS", "Explorer", "OpponentAnswer", "Question", "merged",
           "what_if_position"]
