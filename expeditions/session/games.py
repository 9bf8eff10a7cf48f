"""Your games at the table: each finished game kept, how the game in progress is played, and the "Your games" panel.

A session holds a ``YourGames``: the store (``history.GameStore``: by default the SQLite file in your state
directory, or what ``EXPEDITIONS_GAMES`` says) and what the store needs to know of the game in progress: whether
Undo was used, whether it was loaded from a record (whose deck anyone can read), how many hints were asked, whether a
bot made your moves (``autoplay``: not your game, so not kept), and the reviews of its rounds. When the match ends
(or a lesson's round: the session's host says which game is finished), ``keep`` puts it in the store; a review that
completes later adds its figures (``advice.review_figures``). A game with Undo, or loaded from a record, is
*practice*: the figures keep it apart from the rated ones. A store that fails never stops play: ``kept`` holds the
store's words (``Outcome.message``) and ``download()`` the games it could not save.

``view(levels)`` is the panel's frozen view (``GamesView``): the win rate against each level with its 95% interval,
the score difference and the review's cost game by game, the kinds of mistakes most often made, and the games,
newest first, each of which ``stored(key)`` gives back to reopen move by move (``session.replay``).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from ..advice import MISTAKE_KINDS, review_figures
from ..advice.review import Review, cost_words
from ..history import (
    CostPoint,
    Download,
    GamePoint,
    GameStore,
    ImportReport,
    MistakeCount,
    Outcome,
    ReviewFigures,
    StoredGame,
    WinRate,
    mistake_kinds,
    review_costs,
    score_differences,
    win_rates,
)
from ..match import Match
from ..round import Round
from ..rules import PRESETS
from .view import KeptView


@dataclass
class Playing:
    """How the game in progress is being played, as far as your games care."""

    undo_used: bool = False
    loaded: bool = False
    """Loaded from a record, which shows the deck to anyone who opens it."""
    autoplayed: bool = False
    """A bot made some of your moves (``Session.autoplay``): not your game."""
    hints: int = 0

    @property
    def practice(self) -> bool:
        return self.undo_used or self.loaded


@dataclass(frozen=True)
class GameRow:
    """A game in the panel's list: ``number`` (1 for the first played), when it finished (local time), the rule
    set, the level, the result in words, whether it is practice, the hints asked and the review in words."""

    number: int
    key: str
    finished: str
    rules: str
    level: str
    result: str
    outcome: str
    """``"win"``, ``"loss"``, ``"tie"`` or ``"solo"`` (the solitaire)."""
    practice: bool
    hints: int
    review: str
    stored: bool


@dataclass(frozen=True)
class GamesView:
    """The "Your games" panel: the store's ``status`` in words (``ok`` when it took the last operation), how many
    games there are (``rated`` and ``practice``), the figures (``history``'s frozen values), the games newest first,
    how many wait in memory to be downloaded, and the last message of an export or an import."""

    status: str
    ok: bool
    rated: int
    practice: int
    win_rates: tuple[WinRate, ...]
    differences: tuple[GamePoint, ...]
    costs: tuple[CostPoint, ...]
    mistakes: tuple[MistakeCount, ...]
    games: tuple[GameRow, ...]
    waiting: int
    message: str = ""
    meanings: tuple[tuple[str, str], ...] = field(default=tuple(MISTAKE_KINDS.items()))
    """What each kind of mistake means."""

    @property
    def total(self) -> int:
        return self.rated + self.practice


def result_words(game: StoredGame) -> str:
    """The result of a kept game from your side: ``won 86 to 40``, ``lost``, ``a tie at 50``, ``scored 42`` alone."""
    mine = game.score
    if game.result is None:
        return f"scored {mine}"
    best_other = mine - (game.difference or 0)
    if game.result == "tie":
        return f"a tie at {mine}"
    return f"{'won' if game.result == 'win' else 'lost'} {mine} to {best_other}"


def rules_title(label: str) -> str:
    """A rule set's title for a kept game's ``rules`` (its label: the name, with any overrides): ``Expeditions, two
    players``, ``Expeditions, two players, 1 round``, ``Expeditions, two players, hand_size=8``."""
    name, _, changes = label.partition(" (")
    preset = PRESETS.get(name)
    if preset is None:
        return label
    said = []
    for change in changes.rstrip(")").split(", ") if changes else ():
        key, _, value = change.partition("=")
        said.append(f"{value} round{'' if value == '1' else 's'}" if key == "rounds" else change)
    return ", ".join([preset.title, *said])


def game_row(number: int, game: StoredGame) -> GameRow:
    review = ""
    if game.review is not None:
        figures = game.review
        review = (f"{figures.costly_moves} costly move{'s' if figures.costly_moves != 1 else ''}, "
                  f"{cost_words(figures.cost)}")
        if figures.par is not None:
            review += f"; {figures.par:+.0f} against par".replace("-", "−")
    return GameRow(number, game.key, f"{game.finished.astimezone():%d %b %Y, %H:%M}", rules_title(game.rules),
                   game.level or "not recorded", result_words(game), game.result or "solo", game.practice, game.hints,
                   review, game.stored)


class YourGames:
    """Your games at a table (see the module's docstring): ``store`` is the ``GameStore`` (by default
    ``GameStore()``)."""

    def __init__(self, store: GameStore | None = None) -> None:
        self.store = store if store is not None else GameStore()
        self.playing = Playing()
        self.kept: Outcome | None = None
        self.open = False
        """Whether the panel is shown (the table it sits beside says so)."""
        self.message = ""
        self._game: Round | Match | None = None
        self._reviews: dict[int, tuple[Round, Review]] = {}
        self._view: GamesView | None = None

    def __repr__(self) -> str:
        return f"<YourGames {self.store!r}>"

    # --- the game in progress ------------------------------------------------------------------------------
    def new_game(self) -> None:
        """A new game at the table (dealt, loaded, set up): nothing of the last one counts for it."""
        self.playing = Playing()
        self.kept = None
        self._game = None
        self._reviews = {}

    def undone(self) -> None:
        """A move of yours was taken back: the game is practice now, and it goes on (a game kept stays kept)."""
        self.playing.undo_used = True
        self.kept = None

    def keep(self, game: Round | Match, *, level: str | None, seat: int) -> Outcome | None:
        """Keep the finished ``game`` (with the reviews of its rounds so far); ``None`` when a bot made your moves."""
        if self.playing.autoplayed:
            return None
        playing = self.playing
        self.kept = self.store.keep(game, level=level, seat=seat, undo_used=playing.undo_used, hints=playing.hints,
                                    practice=True if playing.practice else None, review=self._figures(game))
        self._game = game
        self._view = None
        return self.kept

    def reviewed(self, rnd: Round, number: int, review: Review) -> None:
        """The complete review of round ``number`` (``rnd``): its figures join the game's, in the store once it is kept."""
        if not review.complete:
            return
        self._reviews[number] = (rnd, review)
        kept, game = self.kept, self._game
        if kept is None or kept.key is None or game is None:
            return
        figures = self._figures(game)
        if figures is not None:
            self.kept = self.store.add_review(kept.key, figures)
            self._view = None

    def _figures(self, game: Round | Match) -> ReviewFigures | None:
        """The figures of the reviews of ``game``'s rounds (those reviewed as they were played to the end)."""
        rounds = game.rounds if isinstance(game, Match) else (game,)
        reviews = [review for number, (rnd, review) in sorted(self._reviews.items())
                   if number <= len(rounds) and rounds[number - 1] is rnd]
        return review_figures(reviews) if reviews else None

    def kept_view(self) -> KeptView | None:
        """What the table says of the finished game: saved, or why not (and that it can be downloaded)."""
        if self.kept is None:
            return None
        return KeptView(self.kept.saved, self.kept.message, not self.kept.saved and bool(self.store.pending))

    # --- the panel ---------------------------------------------------------------------------------------
    def view(self, levels: Sequence[str] = ()) -> GamesView:
        """The panel as it stands (read from the store once, and again after a game is kept, reviewed or imported);
        ``levels`` orders the win rates (the table's levels, easiest first)."""
        if self._view is not None:
            return self._view
        games = self.store.games()
        status = self.store.status
        practice = sum(g.practice for g in games)
        rows = tuple(reversed([game_row(k, g) for k, g in enumerate(games, start=1)]))
        self._view = GamesView(status.message, status.ok or status.state == "off", len(games) - practice, practice,
                               win_rates(games, order=levels), score_differences(games), review_costs(games),
                               mistake_kinds(games), rows, len(self.store.pending), self.message)
        return self._view

    def stored(self, key: str) -> StoredGame | None:
        """The kept game with ``key`` (``GameRow.key``), or ``None``."""
        return next((g for g in self.store.games() if g.key == key), None)

    def number_of(self, key: str) -> int:
        """The place of the game with ``key`` among your games (1 for the first played), 0 when it is not there."""
        return next((k for k, g in enumerate(self.store.games(), start=1) if g.key == key), 0)

    def export(self) -> Download:
        """Every game as one file to download."""
        download = self.store.export()
        self._said(download.message)
        return download

    def download(self) -> Download | None:
        """The games the store could not save, as one file to download (``None`` when none waits)."""
        download = self.store.as_download()
        if download is not None:
            self._said(download.message)
        return download

    def import_text(self, text: str | bytes, name: str = "the upload") -> ImportReport:
        """Import the records of a file's content (an export, a record, a list of records)."""
        report = self.store.import_text(text, name)
        self._said(report.message)
        return report

    def show(self, shown: bool = True) -> None:
        """Show the panel (read afresh from the store), or hide it; the last message goes."""
        self.open = shown
        self.message = ""
        self._view = None

    def _said(self, message: str) -> None:
        self.message = message
        self._view = None


__all__ = ["GameRow", "GamesView", "Playing", "YourGames", "game_row", "result_words", "rules_title"]
