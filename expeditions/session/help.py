"""Help at the table: a hint (the analyst's ranking of your moves) and a review of your moves once the round is over.

Both come from the analyst (``expeditions.advice``), with the same effort, so a review never faults the move a hint
recommended in the same position. Both are slow, so they come as jobs (``Turns``): the hint's result becomes a
``HintView`` (the first moves of the ranking in words, in its order, each with its value and its paired difference
to the best, and the best move marked on the table); the review grows one move at a time, then adds par (the Hard
bot in your seat on the same deal against the same opponent), and the table shows it as far as it is computed
(``ReviewView``).
"""

from __future__ import annotations

import threading

from ..advice import Hints, Review, rank_moves, review, review_steps
from ..advice.hints import ABOUT_AS_GOOD, BEST, UNDECIDED, WORSE, RankedMove, versus_words
from ..advice.review import cost_words
from ..round import Round
from ..words import move_words
from .game import Job
from .turns import Turns
from .view import HintLine, HintView, MomentView, ReviewView

HINT_LINES = 5
"""How many of the ranked moves a hint shows in words, at most: the first four of the ranking, then the first worse
one if none of them is (always in the ranking's order)."""


class Help(Turns):
    """The hint and the review of a game's table."""

    def start_hint(self) -> Job[Hints] | None:
        """The analyst's ranking of your moves, as a job (``None`` and a message when there is nothing to rank); the
        analyst stops once the job is cancelled (``Job.cancel``: the table dropped it), and its result is dropped."""
        why = self.host.may("hint")
        if why is not None:
            self._refuse(why)
            return None
        if self._cannot_act():
            return None
        observation = self.round.observation(self.seat)
        self.confirm_new = False
        stop = threading.Event()  # set when the table drops the hint: the analyst stops at its next round of deals
        return self._start(Job("hint", self.version, lambda: rank_moves(observation, cancelled=stop.is_set),
                               self._apply_hint, "working out your best moves…", stop=stop))

    def _apply_hint(self, hints: Hints) -> None:
        if not len(hints):
            self.say("There is no move to rank.")
            return
        self.your_games.playing.hints += 1
        self.hint_result = hint_view(hints, self.round)
        first = self.hint_result.lines[0].words
        also = len(hints.about_as_good)
        self.say(f"Hint: {first[0].lower()}{first[1:]}" +
                 (f" ({also} other move{'s are' if also > 1 else ' is'} about as good)." if also else "."))

    def hint(self) -> bool:
        """Rank your moves (synchronously) and show the best ones; the best is marked on the table."""
        job = self.start_hint()
        return job is not None and self.run(job)

    def start_review(self) -> Job[Review] | None:
        """The analyst's review of your moves in the finished round, with par, as a job that grows one move at a
        time: the table shows the review so far (its progress, the moments found) while the rest is computed."""
        if self.job is not None:
            self.say(f"One moment: {self.job.text}")
            return None
        rnd = self.round
        if not rnd.is_over:
            self._refuse("The review comes once the round is over.")
            return None
        number = self.match.round_number
        if self.review_result is not None and self.review_result.number == number:
            self.say("The review of this round is shown.")
            return None
        seat = self.seat
        mine = sum(1 for turn in rnd.history() if turn.seat == seat)
        par = {s: self.replaying(s) for s in range(self.rules.players) if s != seat} if self.rules.players > 1 else None
        return self._start(Job("review", self.version, lambda: review(rnd, seat, par=par),
                               lambda result: self._apply_review(number, result),
                               f"reviewing your {mine} moves…", steps=lambda: review_steps(rnd, seat, par=par),
                               show=lambda partial: self._show_review(number, partial)))

    def _show_review(self, number: int, result: Review) -> None:
        """The review as far as it is computed: what the table shows."""
        self.review_result = review_view(number, result)

    def _apply_review(self, number: int, result: Review) -> None:
        self._show_review(number, result)
        self.your_games.reviewed(self.round, number, result)
        self.say(f"Review of round {number}: {result.summary}")

    def show_review(self) -> bool:
        """Review the finished round (synchronously)."""
        job = self.start_review()
        return job is not None and self.run(job)


def shown_moves(hints: Hints) -> list[RankedMove]:
    """The moves a hint shows, in the ranking's order: the first ``HINT_LINES - 1``, and the first worse one after
    them when none of them is worse."""
    shown = list(hints[: HINT_LINES - 1])
    if not any(m.group == WORSE for m in shown):
        shown += [m for m in hints[HINT_LINES - 1:] if m.group == WORSE][:1]
    return shown


def hint_view(hints: Hints, rnd: Round) -> HintView:
    """What the table shows of ``hints`` for the position ``rnd``: the first moves of the ranking in words, each
    with its value and how it compares with the best, and the best move's card, target and draw to mark."""
    shown = shown_moves(hints)
    lines: list[HintLine] = []
    said: set[str] = set()
    for item in shown:
        move = item.move
        taken = rnd.piles[move.draw][-1] if move.draw not in (None, "deck") and rnd.piles[move.draw] else None
        words = move_words(move, "advice", taken=taken)
        why = item.reason.beside_move
        if why in said:
            why = "for the same reason"  # a reason is said once
        said.add(why)
        best = hints.best_value
        value = _points(item.value, best.low, best.high) if item.group == BEST else _signed(item.value)
        lines.append(HintLine(_capital(words), value, item.group, _versus(item), why))
    counts = {g: sum(m.group == g for m in hints) - sum(m.group == g for m in shown) for g in (ABOUT_AS_GOOD, UNDECIDED, WORSE)}
    hidden = [f"{counts[ABOUT_AS_GOOD]} more about as good" if counts[ABOUT_AS_GOOD] else "",
              f"{counts[UNDECIDED]} not decided" if counts[UNDECIDED] else "", f"{counts[WORSE]} worse" if counts[WORSE] else ""]
    more = f"Not shown: {', '.join(h for h in hidden if h)}." if any(hidden) else ""
    best_move = hints.best.move
    return HintView(str(hints.card), tuple(str(c) for c in best_move.cards), hints.target, hints.card.suit, hints.draw,
                    tuple(lines), hints.value_words, _capital(hints.situation), hints.piles, more)


def review_view(number: int, result: Review) -> ReviewView:
    """What the table shows of the review of round ``number`` as far as it is computed."""
    moments = tuple(MomentView(m.number, m.headline, m.wrong, m.instead, cost_words(m.loss), m.picture) for m in result.moments)
    return ReviewView(number, result.summary, moments, result.method, result.done, result.to_review, result.complete,
                      result.par_words)


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]


def _number(x: float) -> str:
    """A number of points as a hint shows it: one decimal below 10, whole above (``4.7``, ``-12``, ``80``)."""
    return f"{x:.1f}" if abs(x) < 9.95 else f"{x:.0f}"


def _signed(x: float) -> str:
    """``+4.7``, ``−12``: a value with its sign, as a hint shows it."""
    return f"{'+' if x > 0 else ''}{_number(x)}".replace("-", "−")


def _points(value: float, low: float, high: float) -> str:
    """A value with its 95% interval: ``+4.7 [1.8, 7.7]``."""
    return f"{_signed(value)} [{_number(low)}, {_number(high)}]".replace("-", "−")


def _versus(m: RankedMove) -> str:
    """How a move compares with the best, in words, with its paired interval (empty for the best)."""
    if m.group == BEST:
        return ""
    return versus_words(m, number=_number, undecided="not decided").replace("-", "−")


__all__ = ["HINT_LINES", "Help", "hint_view", "review_view"]
