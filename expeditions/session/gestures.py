"""Your gestures at the table: select a card, lay it on its expedition or its discard pile, draw; pass two cards;
type a whole move; undo.

Undo takes back a half-turn, or your last move and the answers to it; then the cards you have not seen (the deck,
the hidden cards of the other hands) are shuffled again (``expeditions.unseen``), so that what you saw after the move
tells nothing of what is to come, and the game becomes practice (``games``).

A turn is two gestures, as at a real table: *lay* the selected card (a pending half-turn: nothing is sent to the
engine yet), then *draw* off the deck or a pile, which completes the move. In the solitaire, once the deck is
empty, laying completes the turn. With four players you may instead select two cards and *pass* them to your
partner. Every move goes to the engine (``Match.play``, the one judge) unless the table's host judges it (a lesson);
a refused gesture is put into words with the engine's own reason and the rule document's quote.
"""

from __future__ import annotations

from typing import Literal

from ..cards import Card, parse_card
from ..errors import IllegalMove, NotationError
from ..match import Match
from ..moves import Move, Turn
from ..round import Round
from ..unseen import reshuffle_unseen
from ..words import card_words, move_words, suit_mark
from .game import Game
from .host import Judged

UNSEEN_SHUFFLED = " The cards you have not seen are shuffled again."
"""What Undo adds: the deck and the hidden cards of the other hands are dealt afresh (``unseen``)."""

_TARGETS: dict[str, Literal["play", "discard"]] = {"expedition": "play", "play": "play", "discard": "discard", "pile": "discard"}


class Gestures(Game):
    """The gestures of a ``Game``: each says why when it is refused, and leaves the table as it was."""

    def select(self, card: Card | str | None = None, *, index: int | None = None) -> bool:
        """Select a card of your hand (by card, or by its ``index`` in the hand); selecting it again puts it
        back. With ``passing`` on (four players), up to two cards are selected, to pass."""
        return self._took(self._select(card, index))

    def _select(self, card: Card | str | None, index: int | None) -> bool:
        self.confirm_new = False
        if self._cannot_act():
            return False
        hand = self.hand
        if index is None:
            if card is None:
                return self._refuse("Choose a card of your hand.")
            wanted = parse_card(card)
            matches = [i for i, c in enumerate(hand) if c == wanted]
            if not matches:
                return self._refuse(f"You do not hold {card_words(wanted)}.")
            free = [i for i in matches if i not in self.selected]
            index = free[0] if free else matches[0]
        if not isinstance(index, int) or not 0 <= index < len(hand):
            return self._refuse(f"There is no card {index!r} in your hand: it holds {len(hand)}.")
        if self.pending is not None:
            laid = self.selected_cards[0]
            if index in self.selected:
                return self.undo()
            return self._refuse(f"You have laid {card_words(laid)}: now draw, off the deck or a pile (or Undo to take it back).")
        if index in self.selected:
            self.selected.remove(index)  # the turn indicator says what to do now; the message stays
            return True
        if self.passing:
            self.selected = (self.selected + [index])[-2:]
            return True
        self.selected = [index]
        return True

    def _targets(self, card: Card) -> dict[str, list[Move]]:
        """The legal moves of ``card``, by kind (``"play"``, ``"discard"``): the engine's legal moves."""
        out: dict[str, list[Move]] = {}
        for m in self.round.legal_moves():
            if m.kind != "pass" and m.card == card:
                out.setdefault(m.kind, []).append(m)
        return out

    def lay(self, target: str, suit: str | None = None) -> bool:
        """Lay the selected card: ``target`` ``"expedition"`` (play it) or ``"discard"`` (on its pile). ``suit``
        is the column or pile the card was dropped on; a card goes only to its own suit's. Then draw; in the
        solitaire after the deck, the move is made at once."""
        return self._took(self._lay(target, suit))

    def _lay(self, target: str, suit: str | None) -> bool:
        self.confirm_new = False
        if self._cannot_act():
            return False
        kind = _TARGETS.get(target)
        if kind is None:
            return self._refuse(f"{target!r} is not a place to lay a card: an expedition or a discard pile.")
        if self.pending is not None:
            return self._refuse(f"{card_words(self.selected_cards[0])} is laid already: now draw, off the deck or a pile.")
        if len(self.selected) != 1:
            return self._refuse("Choose a card of your hand first." if not self.selected
                                else "Choose one card to lay (two are for passing).")
        card = self.selected_cards[0]
        if suit is not None and suit != card.suit:
            where = "expedition" if kind == "play" else "discard pile"
            return self._refuse(f"{card_words(card)} goes only on its own suit's {where}, the {suit_mark(card.suit)} one.",
                                self.rules.quote("suit"), rule="suit")
        options = self._targets(card).get(kind, [])
        if not options:
            probe = Move.of(kind, card, "deck" if self.round.deck_size else None)
            try:
                self.round.check(probe)
            except IllegalMove as e:
                return self._refuse_move(e)
            return self._refuse(f"{card_words(card)} cannot be {'laid' if kind == 'play' else 'discarded'} now.")
        if all(m.draw is None for m in options):  # the solitaire after the deck: no draw follows
            return self._make(options[0])
        self.pending = kind  # the turn indicator now asks for the draw
        return True

    def drop(self, index: int, target: str, suit: str | None = None) -> bool:
        """A card dragged from your hand (its ``index``) onto ``target`` (``"expedition"`` or ``"discard"``, of
        ``suit``): select it and lay it in one gesture; refused, the hand is as it was before the drag."""
        if self.pending is not None:
            return self.lay(target, suit)  # refused: the card of this turn is laid already
        selected, passing = list(self.selected), self.passing
        if self.selected != [index]:
            self.selected, self.passing = [], False
            if not self.select(index=index):
                self.selected, self.passing = selected, passing
                return False
        if self.lay(target, suit):
            return True
        self.selected, self.passing = selected, passing  # the card goes back to the hand, as it was before the drag
        return False

    def play(self) -> bool:
        """Lay the selected card on its expedition (the first gesture of a turn)."""
        return self.lay("expedition")

    def discard(self) -> bool:
        """Lay the selected card on its discard pile (the first gesture of a turn)."""
        return self.lay("discard")

    def draw(self, source: str = "deck") -> bool:
        """Draw off the deck (``"deck"``) or the top of a suit's pile (its letter): the second gesture, which
        completes the move."""
        self.confirm_new = False
        if self._cannot_act():
            return False
        if self.pending is None:
            if self.selected and not self.passing:
                return self._refuse(f"First lay {card_words(self.selected_cards[0])} on its expedition or its discard pile, then draw.")
            return self._refuse("First lay a card (on an expedition or a discard pile), then draw.")
        if source != "deck" and source not in self.rules.suits:
            return self._refuse(f"{source!r} is not a place to draw from: the deck or a pile of {' '.join(self.rules.suits)}.")
        return self._make(Move.of(self.pending, self.selected_cards[0], source))

    def start_passing(self, on: bool = True) -> bool:
        """Four players: choose two cards to pass to your partner instead of laying one (``on=False`` stops)."""
        if self._cannot_act():
            return False
        if not self.rules.pass_cards:
            return self._refuse(f"The {self.rules.name} rules have no passing: only the four-player game has it.")
        if self.pending is not None:
            return self._refuse("You have laid a card this turn: draw, or Undo to pass instead.")
        if on:
            reason = self._pass_refusal()
            if reason is not None:
                return self._refuse_move(reason)
        self.passing = on
        self.selected = self.selected[:1] if on else []
        return True

    def _pass_refusal(self) -> IllegalMove | None:
        hand = self.hand
        if len(hand) < 2:
            return IllegalMove("you need two cards to pass", rule="pass", quote=self.rules.quote("pass"))
        try:
            self.round.check(Move.pass_cards(hand[0], hand[1]))
        except IllegalMove as e:
            return e
        return None

    def pass_cards(self, first: Card | str | None = None, second: Card | str | None = None) -> bool:
        """Pass two cards to your partner (the two selected, or the two given): a whole turn."""
        self.confirm_new = False
        if self._cannot_act():
            return False
        if first is not None and second is not None:
            cards: tuple[Card, ...] = (parse_card(first), parse_card(second))
        elif len(self.selected) == 2:
            cards = self.selected_cards
        else:
            return self._refuse("Choose two cards of your hand to pass to your partner.")
        try:
            move = Move.pass_cards(*cards)
        except NotationError as e:
            return self._refuse(str(e))
        return self._make(move)

    def submit(self, move: Move | str) -> bool:
        """Make a whole move at once, typed in the notation (``"play 7H, draw deck"``) or as a ``Move``."""
        self.confirm_new = False
        if self._cannot_act():
            return False
        try:
            parsed = Move.parse(move)
        except NotationError as e:
            return self._refuse(str(e))
        return self._make(parsed)

    def _make(self, move: Move) -> bool:
        """Your move goes to the host, or to the engine; a refusal leaves everything as it was."""
        before = self.match
        judged = self.host.judge(before, move)
        if judged is not None:
            return self._judged(before, move, judged)
        try:
            after = before.play(move)
        except IllegalMove as e:
            made = self._refuse_move(e)
        else:
            self.history.append(before)
            self._changed(after)
            words = self._move_words(before.current, move, self.seat)
            made = self.say(words + "." + (" " + self._over_words() if self.round.is_over else ""), "move")
        self._took(made)
        self._after_move()
        return made

    def _judged(self, before: Match, move: Move, judged: Judged) -> bool:
        """Your move as the host judged it: it stands (the table goes on from where it leads), or it does not."""
        if judged.after is not None:
            self._changed(judged.after)
            return self.say(self._move_words(before.current, move, self.seat) + ".", "move")
        if judged.again:
            self.selected, self.pending, self.passing = [], None, False
        self.message = judged.message
        return False

    def _move_words(self, before: Round, move: Move, seat: int) -> str:
        taken = before.piles[move.draw][-1] if move.draw not in (None, "deck") else None
        drawn = None
        if seat == self.seat and move.draw == "deck" and before.deck:
            drawn = before.deck[0]
        return move_words(move, who=self.seat_name(seat), drawn=drawn, taken=taken)

    def undo(self) -> bool:
        """Take back the pending half-turn; else your last move and the bots' answers to it."""
        return self._took(self._undo())

    def _undo(self) -> bool:
        self.confirm_new = False
        if self._waiting():
            return False
        if self.pending is not None:
            self.pending = None
            self.selected = []
            return True
        if self.passing or self.selected:
            self.selected, self.passing = [], False
            return True
        if not self.history:
            return self._refuse("Nothing of yours to undo.")
        previous = self.history.pop()
        undone = [turn.move for turn in turns_between(previous, self.match)]
        self._drop_job()
        self.stuck = ""
        first = not self.practice
        self.your_games.undone()
        back = reshuffle_unseen(previous, self.seat, self._shuffler)  # what you saw after it tells nothing of what comes
        assert isinstance(back, Match)
        self._changed(back)
        self.review_result = None
        mine = undone[0] if undone else None
        others = len(undone) - 1
        practice = " This game is practice now: your games count it apart from the rated ones." if first else ""
        if mine is None:
            return self.say(f"Undone: your last move.{UNSEEN_SHUFFLED}{practice}")
        answers = "" if others <= 0 else (", and the answer to it" if others == 1 else f", and the {others} answers to it")
        return self.say(f"Undone: {move_words(mine, 'short')}{answers}.{UNSEEN_SHUFFLED}{practice}")


def turns_between(earlier: Match, later: Match) -> list[Turn[Round]]:
    """The moves made from ``earlier`` to ``later`` (the same round, or into the rounds after it)."""
    first = len(earlier.rounds) - 1
    return [turn for k in range(first, len(later.rounds))
            for turn in later.rounds[k].history()[len(earlier.rounds[k].moves) if k == first else 0:]]


__all__ = ["Gestures", "turns_between"]
