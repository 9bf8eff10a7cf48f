"""A kept game reopened on the table, move by move: each position as you saw it from your seat, nothing to play.

``ReplaySession(game)`` is a ``Session`` at the start of a kept game (``history.StoredGame``) whose host refuses every
gesture (``ReplayHost``) and lets no bot move; ``forward()`` and ``back()`` go to the position after the next move or
back to the one before (``history.positions``), and the end-of-round panel's Continue goes on to the next round's
deal. ``view_data()`` is the table's view with the replay's (``ReplayView``) under ``"replay"``: where in the game it
is, what the last move was, and which way it can step.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, replace
from typing import Any

from ..advice import Review
from ..history import GameStore, StoredGame, positions
from ..match import Match, match_of
from ..round import Round
from .game import Job
from .games import game_row
from .host import Gesture, PlayHost
from .session import Session
from .view import MessageView, TableView

HOW_TO_STEP = "◂ Back and Next ▸ step through it; All games goes back to the list."


@dataclass(frozen=True)
class ReplayView:
    """Where a replay stands: the game's ``title``, the position ``index`` (0: the first deal) of ``steps``, which
    round and move of it that is (``label``), what the last move was (``words``), and whether it can step back or on."""

    title: str
    number: int
    index: int
    steps: int
    label: str
    words: str
    at_start: bool
    at_end: bool

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)


class ReplayHost(PlayHost):
    """The host of a replay: nothing on the table can be played, no bot moves, the turn indicator says where the replay
    is, and the panel carries the replay's view (the rest as the play app's host)."""

    def __init__(self, replay: ReplaySession) -> None:
        self.replay = replay

    @property
    def bots_move(self) -> bool:
        return False

    def may(self, gesture: Gesture) -> str | None:
        return f"This is a kept game, shown move by move: nothing on the table can be played. {HOW_TO_STEP}"

    def finished(self, match: Match) -> Round | Match | None:
        return None  # a replay is kept already

    def turn_words(self) -> tuple[str, str] | None:
        return "replay", self.replay.replay_view().label

    def shown(self, view: TableView) -> TableView:
        """The position as you saw it, without what only a game in progress offers (Undo, hints, the review)."""
        over = view.round_over
        if over is not None:
            last = self.replay.replay_view().at_end
            over = replace(over, next="All games" if last else "Next round ▸")
        return replace(view, can_undo=False, can_hint=False, can_review=False, can_pass=False, hint=None, review=None,
                       round_over=over, kept=None, practice=self.replay.stored.practice, confirm_new=False)

    def panel(self) -> dict[str, Any]:
        return {"replay": self.replay.replay_view().to_dict()}


class ReplaySession(Session):
    """The kept ``game`` on a table, move by move (see the module's docstring); ``number`` is its place among your
    games (for the title), ``colours`` the deck colours."""

    def __init__(self, game: StoredGame, *, number: int = 0, colours: str = "four") -> None:
        played = game.game()
        super().__init__(played.rules, colours=colours, game_store=GameStore(enabled=False))
        self.stored = game
        self.number = number
        self.played = played
        self.steps = tuple(positions(played))
        self.index = 0
        self.host = ReplayHost(self)
        self._show()

    def __repr__(self) -> str:
        return f"<ReplaySession game {self.number}: {self.index} of {len(self.steps) - 1}>"

    def _match_at(self, index: int) -> Match:
        step = self.steps[index]
        if not isinstance(self.played, Match):
            return match_of(step.position)
        m = self.played
        return Match(m.rules, m.seed, m.first_starter, m.decks, m.rounds[: step.round_number - 1] + (step.position,))

    def _show(self) -> None:
        self._reset(self._match_at(self.index), self.stored.seat)
        self.message = MessageView(self.replay_view().words, "move" if self.steps[self.index].move else "info")

    def forward(self) -> bool:
        """The position after the next move (or the next round's deal); at the end, say so and stay."""
        return self._go(1)

    def back(self) -> bool:
        """The position before the last move; at the start, say so and stay."""
        return self._go(-1)

    def _go(self, by: int) -> bool:
        target = self.index + by
        if not 0 <= target < len(self.steps):
            return self._refuse("This is the start of the game." if target < 0 else
                                "This is the end of the game: All games goes back to the list.")
        self.index = target
        self._show()
        return True

    def replay_view(self) -> ReplayView:
        step = self.steps[self.index]
        row = game_row(self.number, self.stored)
        title = (f"Game {self.number}: {row.rules} against {row.level}, {row.finished}; {row.result}"
                 + (" (practice)" if row.practice else ""))
        moves = sum(1 for s in self.steps if s.round_number == step.round_number) - 1
        rounds = self.steps[-1].round_number
        where = f"Round {step.round_number} of {rounds}, " if rounds > 1 else ""
        label = f"{where}move {step.turn} of {moves}" if step.turn else f"{where}the deal"
        if step.move is None:
            words = "The cards as they were dealt." if step.turn == 0 and step.round_number == 1 else "The next round's deal."
        else:
            before = self.steps[self.index - 1].position
            assert step.seat is not None
            words = self._move_words(before, step.move, step.seat) + "."
        return ReplayView(title, self.number, self.index, len(self.steps), label, words, self.index == 0,
                          self.index == len(self.steps) - 1)

    def next_round(self) -> bool:
        """The end-of-round panel's button: on to the next round's deal."""
        return self.forward()

    def new_game(self, *args: Any, **kwargs: Any) -> bool:
        return self._refuse(f"This is a kept game: go back to your own with Back to the table. {HOW_TO_STEP}")

    def start_review(self) -> Job[Review] | None:
        """No review here: a round is reviewed at its end, as you play it (the list of your games shows its figures)."""
        self._refuse("A kept game's review is in the list of your games; a round is reviewed at its end, as you play it.")
        return None


__all__ = ["HOW_TO_STEP", "ReplayHost", "ReplaySession", "ReplayView"]
