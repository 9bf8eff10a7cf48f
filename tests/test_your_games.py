"""Your games at the table: every finished game kept with how it was played, Undo that makes a game practice and
never peeks, a store that fails without stopping play, the "Your games" panel, and a kept game reopened move by move.

The oracles are written here, apart from the code under test: the games' records replayed by ``ex.loads``, the
positions of a game replayed move by move with the engine (``Round.play``), what the seat may know (its
``Observation``), counts made here, the review called here on the same round, and for Undo's draw the chance that
one card of the unseen ones is drawn (one in their number).
"""

from __future__ import annotations

import json
import math
import random
from collections import Counter
from pathlib import Path

import pytest
from positions import gift

import expeditions as ex
from expeditions.advice import MISTAKE_KINDS, mistake_kind, review
from expeditions.advice.mistakes import FED, HELD_BACK, THE_DRAW
from expeditions.advice.review import ReviewedMove
from expeditions.errors import AnalysisError
from expeditions.estimate import Estimate
from expeditions.history import GameStore, positions
from expeditions.lessons import MemoryStore
from expeditions.session import LessonSession, Session
from expeditions.session.games import YourGames
from expeditions.widgets import CardTable


def store_at(tmp_path: Path, name: str = "games.sqlite") -> GameStore:
    return GameStore(tmp_path / name, environ={})


def finish(session: Session, rng: random.Random, *, undo_at: int | None = None) -> int:
    """Your moves, chosen at random among the legal ones, to the end of the match; ``undo_at``: that move is taken
    back with Undo (after the answers to it) and another chosen. Returns how many moves of yours stand."""
    made, undone = 0, False
    while True:
        session.settle()
        if session.round.is_over:
            if session.match.is_over:
                return made
            assert session.next_round()
            continue
        assert session.submit(rng.choice(session.round.legal_moves())), session.last_message
        made += 1
        if made == undo_at and not undone:
            session.settle()
            assert session.undo()
            made, undone = made - 1, True


def table_of(session: Session) -> tuple[CardTable, list[dict]]:
    table = CardTable(session=session, pause=0, background=False)
    sent: list[dict] = []
    table.send = sent.append  # type: ignore[method-assign]
    return table, sent


def games(table: CardTable, do: str, **more: object) -> dict:
    table.act({"action": "games", "do": do, **more})
    return table.view


# --- every finished game is kept ---------------------------------------------------------------------------
def test_a_finished_match_is_kept_with_its_level_seat_and_hints(tmp_path: Path) -> None:
    store = store_at(tmp_path)
    session = Session("expeditions", level="Easy", seed=4, rounds=1, game_store=store)
    session.settle()
    assert session.hint() and session.hint()  # the same position twice: two hints asked
    finish(session, random.Random(4))
    (kept,) = store.games()
    assert (kept.level, kept.seat, kept.hints, kept.undo_used, kept.practice, kept.rated) == ("Easy", 0, 2, False, False, True)
    assert ex.loads(kept.record).to_json() == session.match.to_json()  # the record replays to the match played
    mine, theirs = session.match.totals
    assert kept.score == mine and kept.difference == mine - theirs
    view = session.view()
    assert view.kept is not None and view.kept.saved and view.kept.message == "Game saved to your games (1 in all)."
    assert not view.practice and not view.kept.download


def test_the_solitaire_is_kept_without_a_level_and_a_bot_playing_for_you_is_not_kept(tmp_path: Path) -> None:
    store = store_at(tmp_path)
    solo = Session("expeditions-solo", seed=2, game_store=store)
    finish(solo, random.Random(2))
    (kept,) = store.games()
    assert kept.level is None and kept.result is None and kept.rules == "expeditions-solo"
    played_for_you = Session("expeditions", level="Easy", seed=3, rounds=1, game_store=store)
    played_for_you.autoplay("Normal")
    assert played_for_you.match.is_over and len(store.games()) == 1 and played_for_you.view().kept is None


def test_the_learn_apps_round_is_kept_as_a_round_against_easy(tmp_path: Path) -> None:
    session = LessonSession("path", store=MemoryStore())
    session.go("first-game")
    store = store_at(tmp_path)
    session.your_games = YourGames(store)
    rng = random.Random(1)
    while not session.round.is_over:
        session.settle()
        if session.your_turn:
            assert session.submit(rng.choice(session.round.legal_moves()))
    (kept,) = store.games()
    assert kept.kind == "round" and kept.level == "Easy" and ex.loads(kept.record).to_json() == session.round.to_json()


def test_a_game_played_on_from_a_record_is_practice(tmp_path: Path) -> None:
    store = store_at(tmp_path)
    first = Session("expeditions", level="Easy", seed=6, rounds=1, game_store=store)
    first.play_script(["discard " + str(first.hand[0]) + ", draw deck"])
    saved = first.to_json()
    again = Session("expeditions", level="Easy", game_store=store)
    assert again.load_json(saved) and again.practice and again.view().practice  # the record shows the deck
    finish(again, random.Random(6))
    (kept,) = store.games()
    assert kept.practice and not kept.undo_used and not kept.rated


# --- Undo: a learning aid, not a peek -------------------------------------------------------------------------
def test_undo_makes_the_game_practice_and_its_record_replays_exactly(tmp_path: Path) -> None:
    store = store_at(tmp_path)
    session = Session("expeditions", level="Easy", seed=9, rounds=2, game_store=store)
    finish(session, random.Random(9), undo_at=3)
    (kept,) = store.games()
    assert kept.undo_used and kept.practice and not kept.rated
    replayed = ex.loads(kept.record)
    assert replayed.to_json() == session.match.to_json()
    # the record keeps the moves that stand, each position reached by the engine from the round's start
    for step in positions(kept):
        assert step.move is None or step.position.moves[-1] == step.move
    assert [len(r.moves) for r in replayed.rounds] == [len(r.moves) for r in session.match.rounds]
    rates = ex.history.win_rates(store.games())
    assert [(r.level, r.practice, r.games) for r in rates] == [("Easy", True, 1)]


def test_the_draw_after_undo_is_not_predictable_from_the_undone_one() -> None:
    """Over 400 deals: draw off the deck, let the bot answer, Undo, then discard another card and draw again. Were
    the deck left as it was, the same card would come every time; dealt afresh, it comes as often as one card of the
    unseen ones comes: about once in their number."""
    same, expected, variance = 0, 0.0, 0.0
    deals = 400
    for seed in range(deals):
        session = Session("expeditions", level="Easy", seed=seed, game_store=GameStore(enabled=False))
        session.settle()
        before = Counter(session.hand)
        first, other = session.hand[0], session.hand[1]
        assert session.submit(f"discard {first}, draw deck")
        (drawn,) = (Counter(session.hand) - (before - Counter([first]))).elements()
        session.settle()
        assert session.undo() and Counter(session.hand) == before
        seen = session.round.observation(session.seat)
        unseen = session.round.deck_size + sum(seen.hand_sizes[1:]) - sum(len(k) for k in seen.known[1:])
        assert drawn in session.round.deck or drawn in session.round.hand(1)  # back among the unseen cards
        chance = 1 / unseen
        expected += chance
        variance += chance * (1 - chance)
        assert session.submit(f"discard {other}, draw deck")
        (again,) = (Counter(session.hand) - (before - Counter([other]))).elements()
        same += again == drawn
    assert 1 <= same <= expected + 4 * math.sqrt(variance), (same, expected)  # about 9 of 400, not 400


def test_undoing_a_half_turn_shows_nothing_and_keeps_the_game_rated(tmp_path: Path) -> None:
    session = Session("expeditions", level="Easy", seed=5, rounds=1, game_store=store_at(tmp_path))
    session.settle()
    deck = session.round.deck
    assert session.select(index=0) and session.lay("discard") and session.undo()
    assert session.round.deck == deck and not session.practice


# --- a store that fails ----------------------------------------------------------------------------------------
def test_a_damaged_store_never_stops_play_and_offers_the_game_as_a_download(tmp_path: Path) -> None:
    broken = tmp_path / "broken.sqlite"
    broken.write_bytes(b"not a database" * 300)
    session = Session("expeditions", level="Easy", seed=8, rounds=1, game_store=GameStore(broken, environ={}))
    table, sent = table_of(session)
    finish(session, random.Random(8))
    table.render()
    kept = table.view["kept"]
    assert kept["saved"] is False and kept["download"] is True and "damaged" in kept["message"]
    assert "download" in kept["message"]
    games(table, "download")
    (download,) = sent
    assert download["type"] == "record" and download["name"].startswith("expeditions-games-not-saved-")
    elsewhere = store_at(tmp_path, "elsewhere.sqlite")
    assert elsewhere.import_text(download["text"]).added == 1
    assert ex.loads(elsewhere.games()[0].record).to_json() == session.match.to_json()
    assert broken.read_bytes() == b"not a database" * 300  # nothing written to it
    table.act({"action": "new_game", "confirm": True})
    assert table.session.round.moves == () or table.session.bots_to_move is False  # play goes on


# --- the panel -------------------------------------------------------------------------------------------
def two_games(tmp_path: Path) -> tuple[CardTable, list[dict], GameStore]:
    store = store_at(tmp_path)
    finish(Session("expeditions", level="Easy", seed=1, rounds=1, game_store=store), random.Random(1))
    finish(Session("expeditions", level="Normal", seed=2, rounds=1, game_store=store), random.Random(2), undo_at=2)
    table, sent = table_of(Session("expeditions", level="Easy", seed=3, game_store=store))
    return table, sent, store


def test_the_panel_counts_the_games_and_draws_its_charts(tmp_path: Path) -> None:
    table, _, store = two_games(tmp_path)
    assert "games" not in table.view
    html = games(table, "open")["games"]["html"]
    assert 'data-total="2" data-rated="1" data-practice="1"' in html
    for chart in ("games-chart-win-rates", "games-chart-differences"):
        assert f'data-testid="{chart}"' in html
    assert html.count('data-testid="games-row"') == 2 and "Easy" in html and "with Undo: practice" in html
    for game in store.games():
        assert f'data-key="{game.key}"' in html
    assert "<script" not in html and "http" not in html.replace(str(tmp_path), "")  # nothing fetched, nothing run
    assert "games" not in games(table, "close")


def test_export_and_import_through_the_panel_replay_exactly(tmp_path: Path) -> None:
    table, sent, store = two_games(tmp_path)
    games(table, "export")
    (export,) = sent
    assert export["type"] == "record" and json.loads(export["text"])["format"] == "expeditions-games"
    other, _ = table_of(Session("expeditions", game_store=store_at(tmp_path, "other.sqlite")))
    games(other, "open")  # the import is a button of the open panel
    view = games(other, "import", name="mine.json", text=export["text"])
    assert "Imported 2 games from mine.json" in view["games"]["html"]
    mine, theirs = store.games(), other.session.your_games.store.games()
    assert [(g.key, g.practice, g.level) for g in mine] == [(g.key, g.practice, g.level) for g in theirs]
    assert [ex.loads(g.record).to_json() for g in mine] == [ex.loads(g.record).to_json() for g in theirs]


def test_a_kept_game_reopens_on_the_table_move_by_move(tmp_path: Path) -> None:
    store = store_at(tmp_path)
    finish(Session("expeditions", level="Easy", seed=11, rounds=2, game_store=store), random.Random(11))
    live = Session("expeditions", level="Easy", seed=12, game_store=store)
    table, _ = table_of(live)
    before = live.to_json()
    (kept,) = store.games()
    games(table, "open")
    view = games(table, "replay", key=kept.key)
    assert "games" not in view and view["replay"]["index"] == 0 and view["turn"] == "replay"
    # the oracle: the game replayed here with the engine, position by position
    played = ex.loads(kept.record)
    assert isinstance(played, ex.Match)
    expected = []
    for rnd in played.rounds:
        position = ex.round.start_round(rnd.rules, rnd.start)
        expected.append(position)
        for move in rnd.moves:
            position = position.play(move)
            expected.append(position)
    assert view["replay"]["steps"] == len(expected)
    for index, position in enumerate(expected):
        shown = table.replay
        assert shown is not None and shown.round.observation(kept.seat) == position.observation(kept.seat)
        assert [c["face"]["card"] for c in table.view["hand"]] == [str(c) for c in position.hand(kept.seat)]
        if index + 1 < len(expected):
            if position.is_over:  # the end-of-round panel's button goes on to the next round's deal
                assert table.view["round_over"]["next"] == "Next round ▸"
                table.act({"action": "continue"})
            else:
                games(table, "replay-next")
    assert table.view["replay"]["at_end"] and not games(table, "replay-next")["replay"]["at_start"]
    assert table.view["message"]["text"] == "This is the end of the game: All games goes back to the list."
    games(table, "replay-back")
    assert table.replay is not None and table.replay.index == len(expected) - 2
    for gesture in ({"action": "select", "index": 0}, {"action": "deck"}, {"action": "undo"}, {"action": "hint"}):
        table.act(gesture)
        assert table.view["replay"]["index"] == len(expected) - 2
    table.act({"action": "select", "index": 0})
    assert table.view["message"]["text"].startswith("This is a kept game, shown move by move: nothing on the table can be played.")
    view = games(table, "replay-close")
    assert "replay" not in view and "games" in view and live.to_json() == before  # your own game, untouched


# --- the kinds of mistakes and the review's figures --------------------------------------------------------------
def reviewed(rnd: ex.Round, played: str, better: str) -> ReviewedMove:
    return ReviewedMove(1, rnd.turn + 1, ex.Move.parse(played), ex.Move.parse(better), Estimate(4.0, 2.0, 6.0, 512),
                        rnd.observation(0))


def test_the_kinds_of_mistakes_are_named_in_a_few_plain_words() -> None:
    rnd = gift()  # 9♦ fits only the bot's diamonds; the other cards are dead for both sides
    assert mistake_kind(reviewed(rnd, "discard 9D, draw deck", "discard 2C, draw deck")) == FED
    assert mistake_kind(reviewed(rnd, "discard 2C, draw deck", "discard 2C, draw C")) == THE_DRAW
    laying = ex.position("expeditions", hands=["9H 2C 3C 2S 3S 4S", None], seed=2,
                         expeditions=[{"H": "5H 6H", "C": "5C 6C"}, {"C": "7C 8C", "S": "5S 6S"}])
    assert mistake_kind(reviewed(laying, "discard 2C, draw deck", "play 9H, draw deck")) == HELD_BACK
    assert set(MISTAKE_KINDS) >= {FED, THE_DRAW, HELD_BACK} and len(MISTAKE_KINDS) <= 8
    with pytest.raises(AnalysisError, match="best"):
        mistake_kind(reviewed(rnd, "discard 2C, draw deck", "discard 2C, draw deck"))


def test_a_review_adds_its_figures_to_the_kept_game(tmp_path: Path) -> None:
    one_round = ex.rules("expeditions", rounds=1)
    start = gift()
    rnd = ex.position(one_round, hands=[start.hand(0), start.hand(1)], deck=start.deck,
                      expeditions=[start.expeditions(0), start.expeditions(1)])
    store = store_at(tmp_path)
    session = Session.at(rnd, level="Normal", seed=1, game_store=store)
    assert session.submit("discard 9D, draw deck")  # the slip: 9♦ feeds the bot
    finish(session, random.Random(1))
    assert store.games()[0].review is None
    assert session.show_review()
    figures = store.games()[0].review
    oracle = review(session.round, 0)  # the same analyst, asked here (par left out: it changes no cost)
    assert figures is not None and figures.costly_moves == len(oracle.mattered) >= 1
    cost = oracle.cost
    assert (figures.cost.value, figures.cost.low, figures.cost.high) == pytest.approx((cost.value, cost.low, cost.high))
    assert figures.mistakes == figures.costly_moves and all(kind in MISTAKE_KINDS for kind, _ in figures.mistake_kinds)
    assert FED in dict(figures.mistake_kinds) and figures.par is not None
    assert session.view().kept is not None and session.view().kept.message == "The review's figures are saved with the game."
