"""Games played at the table by a bot in your seat, kept in a store: what a "Your games" notebook or screenshot shows
when it must not read a person's own games.

``play_demo_games(store, games=6)`` plays ``games`` seeded games on sessions that keep their games in ``store``,
as a person would: the Normal bot chooses your moves and makes them through the table's own gestures (so the games
are kept exactly as yours are), against Easy and Normal in turn; in every third game it takes one move back with
Undo and plays on (a practice game), and the rounds of the first ``reviews`` games are reviewed at their end (Review
my moves), which adds the review's figures. Everything follows from ``seed``.
"""

from __future__ import annotations

from ..arguments import whole_number
from ..errors import ExpeditionsError
from ..history import GameStore
from .session import Session

DEMO_LEVELS = ("Easy", "Normal")
"""The opponents of the demo games, in turn."""
PLAYER = "Normal"
"""The level of the bot that plays your seat."""


def play_one(session: Session, *, undo_at: int | None = None, review: bool = False) -> None:
    """Play ``session``'s match to its end with the ``PLAYER`` bot in your seat, by the table's gestures: your
    ``undo_at``-th move is taken back with Undo and the bot moves again; ``review`` reviews each round at its end."""
    made = 0
    while True:
        session.settle()
        if session.round.is_over:
            if review:
                session.show_review()
            if session.match.is_over:
                return
            session.next_round()
            continue
        move = session.bot(session.seat, PLAYER).choose(session.round.observation(session.seat))
        if not session.submit(move):
            raise ExpeditionsError(f"the {PLAYER} bot chose a move the rules refuse: {session.last_message}")
        made += 1
        if made == undo_at:
            session.settle()
            session.undo()


def play_demo_games(store: GameStore, *, games: int = 6, seed: int = 1, reviews: int = 2, rounds: int = 1,
                    rules: str = "expeditions") -> GameStore:
    """Play ``games`` demo games of ``rounds`` rounds each into ``store`` (see the module's docstring); returns it."""
    whole_number(games, "games", least=1)
    whole_number(reviews, "reviews", least=0)
    whole_number(rounds, "rounds", least=1)
    for k in range(games):
        session = Session(rules, level=DEMO_LEVELS[k % len(DEMO_LEVELS)], seed=seed * 1000 + k, rounds=rounds,
                          game_store=store)
        play_one(session, undo_at=3 if k % 3 == 2 else None, review=k < reviews)
    return store


__all__ = ["DEMO_LEVELS", "PLAYER", "play_demo_games", "play_one"]
