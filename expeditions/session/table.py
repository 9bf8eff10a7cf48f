"""What the table shows: the view of a game as you see it now, its turn indicator, and the move log.

``view()`` is a frozen ``TableView`` whose ``to_dict()`` is plain JSON (``view_data()``, with whatever the host
shows beside it): your hand, every side's expeditions with their running scores, the piles, the deck, the legal
targets of the selected card and the legal draw sources, the others' last moves, the turn indicator, the scores,
the end-of-round breakdown, the hint and the review.
"""

from __future__ import annotations

from typing import Any

from ..advice import LEVEL_WORDS
from ..cards import SUITS, Card
from ..engine import END_REASONS
from ..rules import PRESETS
from ..scoring import score_breakdown
from ..words import card_words, cards_words, pile_words, suit_mark
from .game import result_words
from .gestures import Gestures
from .view import (
    BreakdownView,
    DeckView,
    ExpeditionLine,
    ExpeditionView,
    HandCardView,
    LastMoveView,
    MatchRow,
    OptionView,
    PileView,
    RoundOverView,
    SeatView,
    SideView,
    SuitView,
    TableView,
    card_view,
)

STANDARD_SUITS = ("H", "S", "D", "C")


class Table(Gestures):
    """The view of a game's table."""

    def view_data(self) -> dict[str, Any]:
        """The table's view as plain data: what a widget draws (with what the host shows beside it)."""
        return {**self.view().to_dict(), **self.host.panel()}

    def view(self) -> TableView:
        """The table as you see it now."""
        rnd, rules, seat = self.round, self.rules, self.seat
        obs = rnd.observation(seat)
        hand = rnd.hand(seat)
        selected = tuple(self.selected)
        chosen = hand[selected[0]] if len(selected) == 1 else None
        targets = self._targets(chosen) if chosen is not None and self.your_turn else {}
        pending_card = str(chosen) if self.pending and chosen else None
        draws: set[str] = set()
        if self.pending and chosen is not None:
            draws = {m.draw for m in targets.get(self.pending, []) if m.draw}
        hint = self.hint_result
        playable = {m.card for m in rnd.legal_moves() if m.kind == "play"} if self.your_turn else set()
        last = self._last_moves()
        marked_laid: dict[tuple[int, str], str] = {}
        pile_marks: dict[str, str] = {}
        deck_marked = False
        for lm in last:
            if lm.kind == "play":
                marked_laid[(rules.side_of(lm.seat), lm.suit)] = lm.card
            elif lm.kind == "discard":
                pile_marks[lm.suit] = "discarded"
            if lm.draw == "deck":
                deck_marked = True
            elif lm.draw:
                pile_marks[lm.draw] = "taken"

        mine = rules.side_of(seat)
        sides = []
        for side in range(rules.sides):
            role = self.side_role(side)
            columns = []
            for i, suit in enumerate(rules.suits):
                laid = obs.expeditions[side][i]
                pending = pending_card if side == mine and self.pending == "play" and chosen and chosen.suit == suit else None
                cards = laid + ((chosen,) if pending and chosen else ())
                scored = score_breakdown(cards, rules) if cards else None
                columns.append(ExpeditionView(
                    role, suit, tuple(card_view(c) for c in cards), scored.total if scored else 0,
                    scored.explain() if scored else "not started",
                    legal=side == mine and not self.pending and chosen is not None and chosen.suit == suit and "play" in targets,
                    pending=pending, marked=marked_laid.get((side, suit)),
                    hint=hint is not None and side == mine and hint.target == "expedition" and hint.suit == suit))
            shown = sum(c.score for c in columns)
            sides.append(SideView(side, role, self.side_name(side), shown, self.match.totals[side], tuple(columns)))

        piles = []
        for i, suit in enumerate(rules.suits):
            pile = tuple(c for c in obs.removed if c.suit == suit) if rules.discards_leave_game else obs.piles[i]
            pending = pending_card if self.pending == "discard" and chosen and chosen.suit == suit else None
            cards = pile + ((chosen,) if pending and chosen else ())
            legal = (not self.pending and chosen is not None and chosen.suit == suit and "discard" in targets) or suit in draws
            hinted = hint is not None and ((hint.target == "discard" and hint.suit == suit) or hint.draw == suit)
            piles.append(PileView(suit, tuple(card_view(c) for c in cards), legal, pending, pile_marks.get(suit), hinted))

        hand_views = tuple(
            HandCardView(i, card_view(c), c in playable, i in selected,
                         hint is not None and (str(c) == hint.card or (hint.target == "partner" and str(c) in hint.cards)))
            for i, c in enumerate(hand))
        seats = tuple(
            SeatView(s, self.seat_name(s), self.role(s), obs.hand_sizes[s], tuple(card_view(c) for c in obs.known[s]),
                     rnd.to_move == s, hint is not None and hint.target == "partner" and self.role(s) == "partner")
            for s in range(rules.players))
        turn, status = self._turn_words()
        pass_refusal = self._pass_refusal() if rules.pass_cards and self.your_turn and not self.pending else None
        palette = "lost-cities" if any(s not in STANDARD_SUITS for s in rules.suits) else self.colours
        return self.host.shown(TableView(
            rules=rules.name, title=rules.title, label=rules.label, colours=self.colours, palette=palette,
            suits=tuple(SuitView(s, SUITS[s].name, SUITS[s].symbol if SUITS[s].symbol != s else "", suit_mark(s))
                        for s in rules.suits),
            players=rules.players, partnerships=rules.partnerships, solitaire=rules.players == 1, seat=seat,
            seats=seats, sides=tuple(sides), hand=hand_views, piles=tuple(piles), draw_from_piles=rules.draw_from_piles,
            out_of_game=rules.discards_leave_game,
            deck=DeckView(rnd.deck_size, "deck" in draws, deck_marked, hint is not None and hint.draw == "deck"),
            selected=selected, pending=self.pending, passing=self.passing,
            pass_legal=self.passing and len(selected) == 2, can_pass=bool(rules.pass_cards) and self.your_turn
            and not self.pending and pass_refusal is None,
            turn=turn, status=status, message=self.message, last_moves=last,
            round_number=self.match.round_number, rounds=self.match.rounds_to_play, totals=self.match.totals,
            round_over=self._round_over() if rnd.is_over else None, hint=hint,
            review=self.review_result if self.review_result and self.review_result.number == self.match.round_number else None,
            busy=self.busy, busy_text=self.job.text if self.job else (status if self.bots_to_move else ""),
            can_undo=bool(self.history) or self.pending is not None or bool(self.selected),
            can_hint=self.your_turn and self.job is None, can_review=rnd.is_over and self.job is None and not (
                self.review_result is not None and self.review_result.number == self.match.round_number),
            log=tuple(self.move_log()), level=self.level,
            levels=tuple(OptionView(name, name, LEVEL_WORDS.get(name, "")) for name in self.levels),
            rule_sets=tuple(OptionView(name, r.title) for name, r in PRESETS.items()),
            confirm_new=self.confirm_new, practice=self.practice,
            kept=self.your_games.kept_view() if self.round.is_over else None,
        ))

    def _turn_words(self) -> tuple[str, str]:
        """The turn indicator: who is to move (``"you"``, ``"bot"``, ``"over"``) and what to do, in words."""
        said = self.host.turn_words()
        if said is not None:
            return said
        rnd = self.round
        if rnd.is_over:
            return "over", self._over_words()
        if rnd.to_move != self.seat:
            assert rnd.to_move is not None
            return "bot", self.stuck or f"{self.seat_name(rnd.to_move)} is thinking…"
        if self.pending is not None:
            card = card_words(self.selected_cards[0])
            done = f"{card} laid" if self.pending == "play" else f"{card} discarded"
            return "you", f"{done}: now draw off the deck" + (" or the top card of a discard pile." if self.rules.draw_from_piles else ".")
        if self.passing:
            if len(self.selected) == 2:
                return "you", f"Pass {cards_words(self.selected_cards)} to your partner: click Pass or your partner."
            return "you", "Choose two cards to pass to your partner."
        if self.selected:
            return "you", self._selected_words(self.selected_cards[0])
        if not rnd.deck_size:
            return "you", "The deck is empty: lay or discard your last cards, without drawing."
        also = ", or pass two cards to your partner" if self.rules.pass_cards and self._pass_refusal() is None else ""
        stall = ""
        if self.rules.stall_limit and rnd.stall >= self.rules.stall_limit // 2:
            stall = (f" {rnd.stall} turns in a row only discarded and drew from a pile: at {self.rules.stall_limit} the "
                     "round ends.")
        return "you", f"Choose a card to lay on its expedition or its discard pile{also}.{stall}"

    def _selected_words(self, card: Card) -> str:
        targets = self._targets(card)
        where = []
        if "play" in targets:
            where.append(f"on your {suit_mark(card.suit)} expedition")
        if "discard" in targets:
            where.append(f"on {pile_words(card.suit)}" if not self.rules.discards_leave_game else "on the discards")
        if not where:
            return f"{card_words(card)} cannot be laid or discarded now."
        return f"{card_words(card)}: lay it " + " or ".join(where) + "."

    def _last_moves(self) -> tuple[LastMoveView, ...]:
        """The other seats' moves since your last move in this round, in order."""
        history = self.round.history()
        mine = [i for i, turn in enumerate(history) if turn.seat == self.seat]
        out = []
        for turn in history[mine[-1] + 1 if mine else 0:]:
            move, before = turn.move, turn.before
            taken = before.piles[move.draw][-1] if move.draw not in (None, "deck") else None
            out.append(LastMoveView(turn.seat, self.seat_name(turn.seat), move.kind, str(move.card), move.card.suit, move.draw,
                                    str(taken) if taken else None, self._move_words(before, move, turn.seat) + "."))
        return tuple(out)

    def _round_over(self) -> RoundOverView:
        rnd, rules = self.round, self.rules
        number = self.match.round_number
        sides = []
        for side in range(rules.sides):
            board = rnd.score_breakdown(side)
            lines = tuple(ExpeditionLine(e.suit, suit_mark(e.suit), tuple(card_view(c) for c in e.cards),
                                         e.explain() if e.started else "not started: 0", e.total)
                          for e in board.expeditions)
            sides.append(BreakdownView(self.side_name(side), self.side_role(side), board.total, lines))
        rows = [MatchRow(f"Round {i}", tuple(r.scores()) if r.is_over else tuple(None for _ in range(rules.sides)))
                for i, r in enumerate(self.match.rounds, start=1)]
        rows.append(MatchRow("Total", tuple(self.match.totals)))
        over = self.match.is_over
        reason = END_REASONS.get(rnd.end_reason or "", rnd.end_reason or "")
        result = result_words(self.match, self.seat, self.side_name) if over else f"Round {number} of {self.match.rounds_to_play} is over."
        return RoundOverView(number, reason[0].upper() + reason[1:] + ".", tuple(sides),
                             tuple(self.side_name(s) for s in range(rules.sides)), tuple(rows), over, result,
                             "New game" if over else "Continue")

    def move_log(self) -> list[str]:
        """Every move of the match so far in words, one line each, oldest first."""
        lines: list[str] = []
        for number, rnd in enumerate(self.match.rounds, start=1):
            key = (number, len(rnd.moves))
            cached = self._logs.get(key) if rnd.is_over else None
            if cached is None:
                cached = [f"Round {number}"]
                for turn in rnd.history():
                    cached.append(self._move_words(turn.before, turn.move, turn.seat))
                if rnd.is_over:
                    scores = ", ".join(f"{self.side_name(s)} {p}" for s, p in enumerate(rnd.scores()))
                    cached.append(f"Round {number} over: {scores}")
                    self._logs[key] = cached
            lines += cached
        return lines


__all__ = ["Table"]
