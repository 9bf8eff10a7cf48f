"""The play app (``notebooks/play-app.ipynb``, ``make app``) in Voila, played the way a person plays it: by
gestures only (a card, its target, then the draw), with Hint, Undo, Review and Continue, in the four-colour and
the two-colour deck, at 1,000 px wide.

The app is opened as it is served to a user (a random deal, the bots' pause) to see that it starts, works offline
and shows the bots' moves after a pause; the long games are played on a copy with a fixed seed and a short pause
(``servers.app_copy``), so that a *twin* in this process, given the same gestures, knows every position: after each
gesture the page must show what the twin's view holds (``pages.TableApp``).
"""

from __future__ import annotations

import json
import random
import re
from pathlib import Path

import pytest
from pages import APP_VIEWPORT, LOCAL, NOTEBOOKS, TableApp, open_voila_app, plain_move, save_screenshot, text_of
from playwright.sync_api import Page, expect
from servers import app_copy

import expeditions as ex
from expeditions.session import Session
from expeditions.widgets import CardTable
from expeditions.words import LETTER_CARD

NOTEBOOK = "play-app.ipynb"
SERVED = "play-app-seeded.ipynb"
"""The copy with a fixed seed and a short pause, beside the other notebooks in the served folder."""
SEED = 21
PAUSE = 0.1


@pytest.fixture(scope="module")
def seeded(notebooks_dir: Path) -> Path:
    """The served folder, with the seeded copy of the app in it."""
    app_copy(NOTEBOOKS / NOTEBOOK, notebooks_dir / SERVED, seed=SEED, pause=PAUSE)
    return notebooks_dir


def open_table(page: Page, voila: str, folder: Path, twin: CardTable) -> TableApp:
    page.set_viewport_size(APP_VIEWPORT)
    seen = open_voila_app(page, voila, SERVED, folder)
    app = TableApp.on(page, twin)
    assert seen.offline_problems() == []
    return app


def twin() -> CardTable:
    return CardTable(session=Session(level="Normal", seed=SEED), pause=0, background=False)


# --- the app as a user gets it ---------------------------------------------------------------------------
def test_the_app_is_a_title_and_the_table_and_the_bot_answers_after_a_pause(page: Page, voila: str, tmp_path: Path) -> None:
    page.set_viewport_size(APP_VIEWPORT)
    seen = open_voila_app(page, voila, NOTEBOOK)
    table = page.get_by_test_id("card-table")
    expect(table).to_have_count(1)
    expect(page.locator("h1")).to_have_text(re.compile(r"^Expeditions"))
    expect(page.locator(".jp-CodeCell .jp-InputArea")).to_have_count(0)  # an app: no code shown
    hand = table.get_by_test_id("hand-card")
    expect(hand).to_have_count(6)
    for testid, count in [("expedition", 8), ("discard-pile", 4), ("deck", 1), ("status", 1), ("hint", 1), ("undo", 1),
                          ("new-game", 1), ("level", 1)]:
        expect(table.get_by_test_id(testid)).to_have_count(count)
    for side in ("you", "opponent"):
        expect(table.locator(f"[data-testid=expedition][data-side={side}]")).to_have_count(4)
    expect(table.get_by_test_id("level")).to_have_value("Normal")
    assert [o for o in table.get_by_test_id("level").locator("option").all_inner_texts()] == list(ex.advice.LEVELS)
    expect(table.get_by_test_id("status")).to_contain_text("Your turn")
    assert all(re.fullmatch(r"(10|[2-9JQK])[HSDC]", c or "") for c in hand.evaluate_all("cs => cs.map(c => c.dataset.card)"))
    box = table.bounding_box()
    assert box is not None and box["x"] + box["width"] <= APP_VIEWPORT["width"]  # it fits the window

    # Save downloads the record in the browser (nothing is written on the server); a twin goes on from it.
    with page.expect_download() as download:
        table.get_by_test_id("save").click()
    path = tmp_path / "record.json"
    download.value.save_as(path)
    assert re.fullmatch(r"expeditions-expeditions-seed\d+-round1\.json", download.value.suggested_filename)
    record = path.read_text(encoding="utf-8")
    assert json.loads(record)["session"] == {"seat": 0, "level": "Normal", "colours": "four"}
    mirror = CardTable(pause=0, background=False)
    assert mirror.session.load_json(record)
    mirror.send = lambda *args, **kwargs: None  # type: ignore[method-assign]  # the twin has no browser to send to
    mirror.act({"action": "save"})  # the page says where the record went: so does the twin
    app = TableApp.on(page, mirror, table)

    # One turn by gestures; then the bot thinks for a moment (the table says so) before its move shows.
    move = plain_move(app.session.round)
    app.select(str(move.cards[0]))
    app.lay("expedition" if move.kind == "play" else "discard", move.cards[0].suit)
    table.get_by_test_id("deck").click()
    expect(table).to_have_attribute("data-busy", "true")
    expect(table.get_by_test_id("status")).to_contain_text("Opponent is thinking")
    mirror.act({"action": "deck"})
    app.check()
    last = app.session.view().last_moves[0]
    assert last.words in app.message() and not LETTER_CARD.search(app.message())
    assert table.locator("[data-marked]").count() >= 1  # what the bot laid or discarded, or the pile it took from
    assert seen.offline_problems() == []
    save_screenshot(page, "play-app-bot-move-marked")


# --- whole rounds by gestures ------------------------------------------------------------------------------
@pytest.mark.parametrize("colours", ["four", "two"])
def test_a_full_round_and_the_next_by_gestures(page: Page, voila: str, seeded: Path, colours: str) -> None:
    app = open_table(page, voila, seeded, twin())
    table = app.root
    if colours == "two":
        table.get_by_test_id("colours").select_option("two")
        app.twin.act({"action": "colours", "colours": "two"})
        app.check()
    assert table.get_attribute("data-palette") == colours
    rng = random.Random(3)

    # A hint: the best moves in words, the best one marked on the table; play it by clicking the marks.
    app.press("hint", {"action": "hint"})
    hint = app.twin.view["hint"]
    panel = table.get_by_test_id("hint-panel")
    expect(panel).to_contain_text(hint["lines"][0]["words"])
    assert not LETTER_CARD.search(text_of(panel))
    save_screenshot(page, f"play-{colours}-hint")
    best = ex.advice.rank_moves(app.session.round.observation(0))[0].move
    marked_card = table.locator("[data-testid=hand-card][data-hint=best]")
    expect(marked_card).to_have_attribute("data-card", str(best.cards[0]))
    hand, deck = app.session.hand, app.session.round.deck
    app.move(best)
    assert app.session.round.moves[0] == best

    # Undo takes back your move and the answer, and deals the cards you have not seen afresh: your hand is as it
    # was, the deck is not (the page and the twin shuffle alike, from the game's seed); the same move again.
    app.press("undo", {"action": "undo"})
    assert app.session.round.moves == () and app.message().startswith(("Undone: you laid ", "Undone: you discarded "))
    assert "The cards you have not seen are shuffled again" in app.message()
    assert app.session.hand == hand and app.session.round.deck != deck
    app.move(best)
    assert app.session.round.moves[0] == best
    save_screenshot(page, f"play-{colours}-bot-move")

    made = 1 + app.finish_round(rng=rng)
    rnd = app.session.round
    over = table.get_by_test_id("round-over")
    expect(over).to_be_visible()
    expect(over).to_contain_text("Round 1 is over")
    for side, breakdown in enumerate(app.twin.view["round_over"]["sides"]):
        card = over.locator(f"[data-testid=breakdown][data-side={breakdown['role']}]")
        expect(card).to_contain_text(breakdown["name"])
        expect(card.locator("h4 b")).to_have_text(str(rnd.scores()[side]))
        for expedition in rnd.score_breakdown(side).expeditions:
            if expedition.cards:
                expect(card).to_contain_text(expedition.explain())
    save_screenshot(page, f"play-{colours}-round-over")

    # Review: the button shows at once that it works, and the table that it is busy; the review fills in move by
    # move (a progress bar, the moments found so far), then shows the moments that mattered with their pictures.
    table.get_by_test_id("review").click()
    expect(table).to_have_attribute("data-busy", "true")
    expect(table.get_by_test_id("review")).to_be_disabled()
    expect(table.get_by_test_id("continue")).to_be_disabled()
    review = over.get_by_test_id("review-result")
    expect(review.get_by_test_id("progress")).to_be_visible()
    expect(review).to_have_attribute("data-to-review", str(made))
    # The table is drawn afresh with each step, and a short review may finish between two reads: look the result
    # up afresh and read whether it is complete and what its progress bar says in one go.
    seen = page.wait_for_function(
        """root => {
            const result = root.querySelector('[data-testid=review-result]');
            if (!result || Number(result.dataset.done) < 3) return null;
            const progress = result.querySelector('[data-testid=progress]');
            return {complete: result.dataset.complete, progress: progress ? progress.textContent : null};
        }""",
        arg=table.element_handle()).json_value()
    if seen["complete"] == "false":
        assert re.search(rf"Reviewing your moves against the Expert: \d+ of {made}", seen["progress"] or ""), seen
        save_screenshot(page, f"play-{colours}-review-in-progress")
    expect(review).to_have_attribute("data-complete", "true", timeout=180_000)
    app.twin.act({"action": "review"})  # the same review, in the twin
    app.check()
    shown = app.twin.view["review"]
    expect(review.get_by_test_id("review-summary")).to_have_text(shown["summary"])
    expect(review.get_by_test_id("review-moment")).to_have_count(len(shown["moments"]))
    expect(review.get_by_test_id("review-picture")).to_have_count(len(shown["moments"]))
    for i, moment in enumerate(shown["moments"]):
        expect(review.get_by_test_id("review-moment").nth(i)).to_contain_text(moment["headline"])
    assert not LETTER_CARD.search(text_of(review))
    save_screenshot(page, f"play-{colours}-review")
    app.press("continue", {"action": "continue"})
    expect(over).to_have_count(0)
    assert app.session.match.round_number == 2 and len(app.hand()) == 6

    app.finish_round(rng=rng)
    expect(over).to_contain_text("Round 2 is over")
    match = over.get_by_test_id("match-table")
    totals = app.session.match.totals
    expect(match.locator("tr").last).to_have_text(re.compile(rf"^Total{totals[0]}{totals[1]}$"))
    save_screenshot(page, f"play-{colours}-round-2-over")


# --- refusals, keys, other rule sets -------------------------------------------------------------------------
def test_refused_gestures_say_why_and_the_keys_play(page: Page, voila: str, seeded: Path) -> None:
    app = open_table(page, voila, seeded, twin())
    table = app.root
    session = app.session
    start = session.to_json()

    # Your own discard cannot be drawn back: refused in the rule document's words, nothing changes.
    card = session.hand[-1]
    app.select(str(card))
    app.lay("discard", card.suit)
    expect(table.locator(f"[data-testid=discard-pile][data-suit={card.suit}]")).not_to_have_attribute("data-legal", "true")
    app.draw(card.suit)
    assert app.message().startswith("Not allowed: you cannot draw the card you discarded this turn")
    expect(table.get_by_test_id("quote")).to_contain_text(session.rules.quote("draw"))
    save_screenshot(page, "play-refused")
    app.press("undo", {"action": "undo"})
    assert session.to_json() == start

    # The keys: 1-9 select, P lays on the expedition, D discards, Enter draws, U undoes.
    move = next(m for m in session.round.legal_moves() if m.kind == "play" and m.draw == "deck")
    index = session.hand.index(move.cards[0])
    table.focus()
    for key, message in [(str(index + 1), {"action": "select", "index": index}), ("p", {"action": "lay", "target": "expedition"}),
                         ("Enter", {"action": "deck"})]:
        page.keyboard.press(key)
        app.twin.act(message)
        app.check()
    assert session.round.moves[0] == move
    page.keyboard.press("u")
    app.twin.act({"action": "undo"})
    app.check()
    assert session.round.moves == ()

    # A typed move, in the notation.
    typed = next(m for m in session.round.legal_moves() if m.kind == "discard" and m.draw == "deck")
    table.get_by_test_id("move-input").fill(str(typed))
    table.get_by_test_id("move-input").press("Enter")
    app.twin.act({"action": "move", "text": str(typed)})
    app.check()
    assert session.round.moves[0] == typed

    # A card dragged onto its expedition is laid in one gesture; then the draw.
    dragged = next(m for m in session.round.legal_moves() if m.kind == "play" and m.draw == "deck")
    index = session.hand.index(dragged.cards[0])
    column = table.locator(f"[data-testid=expedition][data-side=you][data-suit={dragged.cards[0].suit}]")
    table.locator(f"[data-testid=hand-card][data-index='{index}']").drag_to(column)
    app.twin.act({"action": "drop", "index": index, "target": "expedition", "suit": dragged.cards[0].suit})
    app.check()
    assert session.pending == "play"
    app.draw("deck")
    assert session.round.moves[2] == dragged


@pytest.mark.parametrize("rules", ["lost-cities", "expeditions-4p", "expeditions-solo"])
def test_the_other_rule_sets_are_laid_out_and_played(page: Page, voila: str, seeded: Path, rules: str) -> None:
    app = open_table(page, voila, seeded, twin())
    table = app.root
    table.get_by_test_id("rule-set").select_option(rules)
    table.get_by_test_id("new-game").click()
    app.wait()
    # The new deal has a fresh random seed: the twin goes on from its record, downloaded as a user downloads it.
    with page.expect_download() as download:
        table.get_by_test_id("save").click()
    record = Path(download.value.path()).read_text(encoding="utf-8")
    assert app.twin.session.load_json(record)
    app.twin.send = lambda *args, **kwargs: None  # type: ignore[method-assign]  # the twin has no browser to send to
    app.twin.act({"action": "save"})
    app.check()
    assert app.session.rules.name == rules
    view = app.twin.view
    players = ex.rules(rules).players
    expect(table.locator("[data-testid=expedition][data-side=opponent]")).to_have_count(0 if players == 1 else len(view["suits"]))
    if rules == "expeditions-4p":
        expect(table.get_by_test_id("partner")).to_have_count(1)
        expect(table.get_by_test_id("seat")).to_have_count(2)
        app.press("pass", {"action": "pass"}, check=False)
        hand = app.session.hand
        for index in (0, 1):
            table.locator(f"[data-testid=hand-card][data-index='{index}']").click()
            app.twin.act({"action": "select", "index": index})
        expect(table.get_by_test_id("partner")).to_have_attribute("data-legal", "true")
        table.get_by_test_id("partner").click()
        app.twin.act({"action": "pass"})
        app.check()
        assert app.session.round.moves[0] == ex.Move.pass_cards(hand[0], hand[1])
        partner = next(seat for seat in app.twin.view["seats"] if seat["role"] == "partner")
        # You know what you passed until your partner lays, discards or passes a card of its face (the bots may have
        # moved since). Every card comes twice in this deck: a copy drawn later is not known, so follow the moves.
        rnd = app.session.round
        partner_seat = rnd.rules.partner_of(app.session.seat)
        gone = {str(c) for turn in rnd.history()[1:] if turn.seat == partner_seat for c in turn.move.cards}
        still_held = {str(c) for c in hand[:2]} - gone
        assert still_held <= {c["card"] for c in partner["known"]}
        expect(table.get_by_test_id("partner").get_by_test_id("known-card")).to_have_count(len(partner["known"]))
    if table.get_attribute("data-palette") == "lost-cities":
        colour = re.compile(r"^(yellow|blue|white|green|red) ")
        expect(table.locator("[data-testid=hand-card]").first).to_have_attribute("aria-label", colour)
    rng = random.Random(1)
    for _ in range(4 if players > 1 else 5):
        app.move(plain_move(app.session.round, rng))
    save_screenshot(page, f"play-{rules}")
    if rules == "expeditions-solo":
        while app.session.round.deck_size:
            app.move(plain_move(app.session.round, rng))
        card = app.session.hand[0]
        app.select(str(card))
        app.lay("discard", card.suit)  # after the deck, laying is the whole turn
        assert app.session.round.moves[-1] == ex.Move.discard(card, None)
        app.finish_round()
        expect(table.get_by_test_id("round-over")).to_contain_text("Round 1 is over")
        save_screenshot(page, "play-solitaire-round-over")


def test_load_takes_an_uploaded_record(page: Page, voila: str, seeded: Path, tmp_path: Path) -> None:
    app = open_table(page, voila, seeded, twin())
    later = Session(level="Normal", seed=SEED)
    later.play_script([str(plain_move(later.round)), str(plain_move(later.round))])
    later.settle()
    upload = tmp_path / "my-game.json"
    upload.write_text(later.to_json(), encoding="utf-8")
    with page.expect_file_chooser() as chooser:
        app.el("load").click()
    chooser.value.set_files(str(upload))
    app.twin.act({"action": "load", "name": "my-game.json", "text": upload.read_text(encoding="utf-8")})
    app.check()
    assert app.message().startswith("Loaded my-game.json: ") and app.session.to_json() == later.to_json()
    assert all(LOCAL.match(url) for url in [page.url])
