"""The play notebook as a standalone Voila app, used the way a person uses it: deal, click a card, play it,
draw, see the bot answer and the scores and the deck change, undo, ask for a hint, finish a round, read the
breakdown and the review, deal the next round, save and load the game.

Every step is checked against the table's twin (see ``pages.PlayApp``): the page must show exactly what a
``PlayTable`` in this process shows after the same clicks. The plain assertions beside those checks spell
out what a person sees.
"""

from __future__ import annotations

import base64
import html
import re
from pathlib import Path

from pages import PlayApp, expect_svg_chart, open_voila_app, text_of
from playwright.sync_api import Page, expect

import expeditions as ex
from expeditions.engine import END_REASONS
from expeditions.widgets import seats_of_moves

NOTEBOOK = "02-play.ipynb"


def open_play_app(page: Page, voila: str) -> PlayApp:
    """The play app, loaded, with its table checked against the twin; it works offline (no script errors, and
    nothing fetched from the internet but Voila's own icon font)."""
    seen = open_voila_app(page, voila, NOTEBOOK)
    app = PlayApp.on(page)
    assert seen.offline_problems() == []
    return app


def test_the_app_shows_the_table_and_runs_the_notebook_without_code(page: Page, voila: str) -> None:
    app = open_play_app(page, voila)
    twin = app.twin
    expect(page.locator(".xp-table")).to_have_count(1)
    expect(app.area("xp-header")).to_contain_text(f"round 1 of {twin.match.rounds_to_play}")
    expect(app.area("xp-status")).to_contain_text("your move")
    assert app.hand() == [str(c) for c in twin.hand] and len(app.hand()) == twin.rules.hand_size
    assert app.deck_size() == twin.round.deck_size == twin.rules.deck_size - 2 * twin.rules.hand_size
    assert app.your_score() == 0 and app.opponent_score() == 0
    # An app, not a notebook: no code is shown, but the outputs of the later cells are there.
    expect(page.locator(".jp-CodeCell .jp-InputArea")).to_have_count(0)
    expect(page.locator("body")).not_to_contain_text("play_table(")
    expect(page.locator("body")).to_contain_text("scripted moves made")
    # The chart of the demo round is drawn offline (altair's SVG renderer): the browser decodes the image.
    expect_svg_chart(page, "Score on the table, turn by turn")
    expect(page.locator(".xp-table-snapshot")).to_contain_text("the match is over")


def test_new_game_deals_from_the_seed_and_asks_before_abandoning_a_game(page: Page, voila: str) -> None:
    app = open_play_app(page, voila)
    first_hand = app.hand()
    seed = int(app.twin.seed.value) + 1
    app.set_seed(seed)
    app.new_game()  # nothing is played yet: a new deal at once
    assert app.message() == f"new game: {app.twin.rules.label}, against {app.twin.level.value}, seed {seed}"
    assert app.hand() == [str(c) for c in ex.new_match(app.twin.rules, seed).current.hand(0)] != first_hand

    app.type_move(str(app.twin.round.legal_moves()[0]))
    app.new_game()  # a game in progress is abandoned only on a second click
    assert app.message().startswith("a game is in progress: click New game again")
    assert len(app.twin.round.moves) == 2 and app.deck_size() == app.twin.round.deck_size
    app.new_game()
    assert app.message().startswith("new game: ") and app.deck_size() == app.twin.rules.deck_size - 2 * app.twin.rules.hand_size


def test_a_turn_by_clicks_the_bot_answers_and_undo_takes_it_back(page: Page, voila: str) -> None:
    app = open_play_app(page, voila)
    start_hand, start_deck = app.hand(), app.deck_size()
    card = min(app.twin.hand, key=lambda c: (c.is_investment, c.value, c.suit))  # the lowest number: it starts an expedition

    app.click_card(str(card))
    expect(app.el(f".xp-hand .xp-card-{card}")).to_have_class(re.compile(r"\bxp-selected\b"))
    assert app.message() == f"{card} selected: Play it or Discard it"
    app.play()
    assert app.message().startswith(f"play {card}: now draw")
    app.draw("deck")

    # Your move and the bot's answer, in the message and in the log; the board moved on.
    answer = app.twin.round.moves[1]
    assert app.message() == f"you: play {card}, draw deck; then the bot: {answer}"
    expect(app.area("xp-log")).to_contain_text(f"round 1, turn 1, you: play {card}, draw deck")
    expect(app.area("xp-log")).to_contain_text(f"round 1, turn 2, the bot: {answer}")
    assert app.your_expedition(card.suit) == card.symbol
    assert app.your_score() == ex.score([card], app.twin.rules) == card.value - app.twin.rules.cost
    assert app.opponent_score() == app.twin.round.scores()[1]
    assert app.deck_size() == start_deck - 1 - (1 if answer.draw == "deck" else 0)
    assert str(card) not in app.hand() and len(app.hand()) == len(start_hand)

    app.undo()
    assert app.message() == f"undone: your play {card}, draw deck and what followed"
    assert app.hand() == start_hand and app.deck_size() == start_deck
    assert app.your_score() == 0 and app.opponent_score() == 0
    expect(app.area("xp-log")).to_have_text("")

    # Clicks that make no move are refused with a reason, and change nothing.
    app.draw("deck")
    assert app.message().startswith("first pick a card")
    app.click_card(str(card))
    app.discard()
    app.draw(card.suit)
    assert app.message().startswith(f"refused: you cannot draw the card you discarded this turn ({card})")
    expect(app.area("xp-message").locator(".xp-quote")).to_contain_text("The rules (document")
    assert app.hand() == start_hand and app.deck_size() == start_deck


def test_a_hint_ranks_the_moves_and_its_best_move_can_be_played(page: Page, voila: str) -> None:
    app = open_play_app(page, voila)
    app.hint()
    expect(app.area("xp-hints").locator("tr")).to_have_count(1 + min(5, len(app.twin.round.legal_moves())))
    assert re.match(r"the best \d+ of \d+ ranked moves are shown", app.message())
    best = text_of(app.area("xp-hints").locator("tr").nth(1).locator("td").first)
    app.type_move(best)  # the best move is a legal move, written in the notation the box reads
    expect(app.area("xp-hints")).to_have_text("")  # the hint was for the position before


def test_a_round_played_to_its_end_shows_the_breakdown_and_the_next_round(page: Page, voila: str) -> None:
    app = open_play_app(page, voila)
    made = app.finish_round()
    twin = app.twin
    rnd = twin.round
    assert rnd.is_over and made == seats_of_moves(rnd).count(twin.seat) > 0

    breakdown = app.area("xp-breakdown")
    expect(breakdown).to_contain_text(f"Round 1 is over: {END_REASONS[rnd.end_reason or '']}")
    you, bot = rnd.scores()
    expect(breakdown).to_contain_text(f"you: {you} points")
    expect(breakdown).to_contain_text(f"the bot: {bot} points")
    for expedition in rnd.score_breakdown(0).expeditions:
        if expedition.cards:
            expect(breakdown).to_contain_text(expedition.explain())
    assert app.your_score() == you and app.opponent_score() == bot
    expect(app.el(".xp-draw")).to_be_hidden()
    expect(app.area("xp-status")).to_contain_text("round 1 is over")
    app.review()  # the Expert's review of your moves (the twin shows the same review)
    expect(app.area("xp-review-result")).to_contain_text("Review of round 1")
    summary = re.search(r'data-testid="review-summary"[^>]*>([^<]*)<', twin.review_box.value)
    assert summary is not None  # the review says in one line what the round's mistakes cost
    expect(app.area("xp-review-result").locator("[data-testid=review-summary]")).to_have_text(html.unescape(summary[1]))
    # The round is over: a click on a card makes no move, and says what to do instead.
    app.click_card(app.hand()[0])
    assert app.message() == "round 1 is over: see the breakdown, then click Next round"

    app.next_round()
    assert app.message() == "round 2 dealt"
    expect(app.area("xp-header")).to_contain_text(f"round 2 of {twin.match.rounds_to_play}")
    expect(app.area("xp-status")).to_contain_text(f"match totals: you {you}, the bot {bot}")
    expect(app.area("xp-breakdown")).to_have_text("")
    assert app.deck_size() == twin.round.deck_size and len(app.hand()) == twin.rules.hand_size


def test_save_download_and_load_keep_the_game(page: Page, voila: str, tmp_path: Path) -> None:
    app = open_play_app(page, voila)
    twin = app.twin
    start_deck = app.deck_size()
    app.type_move(f"discard {twin.hand[0]}, draw deck")
    after_move = twin.match.to_json()

    # Save writes the record on the server and offers it as a download; the download replays to the game.
    app.el(".xp-save").click()
    expect(app.area("xp-message")).to_have_text("saved to expeditions-game.json")
    link = app.el(".xp-download a[download='expeditions-game.json']")
    expect(link).to_have_text("download the record")
    href = link.get_attribute("href") or ""
    assert href.startswith("data:application/json;base64,")
    record = base64.b64decode(href.split(",", 1)[1]).decode("utf-8")
    assert ex.loads(record).to_json() == after_move

    # Undo, then Load: the game is back where it was saved.
    app.undo()
    assert app.deck_size() == start_deck
    app.el(".xp-load").click()
    twin.load_json(record, source="expeditions-game.json")
    app.check()
    assert app.message().startswith("loaded expeditions-game.json: ") and twin.match.to_json() == after_move
    assert app.deck_size() < start_deck

    # A record uploaded from this computer (here: the twin's game one move further on) replays too.
    twin.submit(f"discard {twin.hand[0]}, draw deck")
    upload = tmp_path / "my-game.json"
    upload.write_text(twin.to_json(), encoding="utf-8")
    with page.expect_file_chooser() as chooser:  # the Load file button opens the file dialog
        app.el(".xp-upload").click()
    chooser.value.set_files(str(upload))
    twin.load_json(upload.read_text(encoding="utf-8"), source="my-game.json")
    app.check()
    assert app.message() == f"loaded my-game.json: {twin.rules.label}, round 1, turn {twin.round.turn + 1}"
    assert len(twin.round.moves) == 4
