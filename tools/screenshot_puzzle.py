"""Take the README's screenshots of a puzzle and of "Your games".

    python tools/screenshot_puzzle.py [--out docs/screenshot-puzzle.png] [--games-out docs/screenshot-your-games.png]

It uses the browser tests' helpers (`tests/browser/`): Debian's Chromium at 1,000 px wide and Voila on 127.0.0.1 with
a temporary HOME. The puzzle: the learn app's Puzzles tab, the first puzzle after a try that is not the best move, so
the picture shows what the move tried costs and what the best one gains. Your games: the play app over a games
database filled first with rounds the Heuristic played in your seat against each level (two of them reviewed, one
with Undo, so practice), the panel opened by its button.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT / "tests" / "browser"), str(ROOT / "tests")]  # the browser tests' helpers

from pages import APP_VIEWPORT, LessonApp, fresh_page, open_voila_app, screenshot_app  # noqa: E402
from playwright.sync_api import expect  # noqa: E402
from servers import voila_in_chromium  # noqa: E402

import expeditions as ex  # noqa: E402
from expeditions.advice import LEVELS, review, review_figures  # noqa: E402
from expeditions.bots import Heuristic  # noqa: E402
from expeditions.bots.base import play_out  # noqa: E402
from expeditions.history import GAMES_ENV, GameStore  # noqa: E402
from expeditions.widgets import LessonTable  # noqa: E402


def fill(store: GameStore, games: int) -> None:
    """``games`` rounds, the Heuristic in seat 0 against each level in turn; the first two reviewed."""
    names = [name for name in LEVELS if name != "Hard"]
    for k in range(games):
        level = names[k % len(names)]
        rnd = play_out(ex.deal("expeditions", seed=100 + k), [Heuristic(k), LEVELS[level](k)])
        figures = review_figures([review(rnd, 0)]) if k < 2 else None
        store.keep(rnd, level=level, undo_used=k == games - 1, hints=k % 3, review=figures)


def puzzle_shot(out: Path) -> None:
    with voila_in_chromium() as (url, browser, notebooks), fresh_page(browser) as page:
        page.set_viewport_size(APP_VIEWPORT)
        seen = open_voila_app(page, url, "learn-app.ipynb", notebooks)
        app = LessonApp.on(page, LessonTable(keep="memory", pause=0, background=False))
        app._gesture(app.root.locator("[data-testid=lesson-track][data-track=puzzles]"),
                     {"action": "lesson", "do": "track", "track": "puzzles"})
        puzzle = app.twin.tutorial.puzzle  # type: ignore[attr-defined]
        app.move(puzzle.runner_up)
        expect(app.el("lesson-feedback")).to_contain_text("costs about")
        screenshot_app(seen, app.root, out)


def games_shot(out: Path, games: int) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "games.sqlite"
        fill(GameStore(path, environ={}), games)
        os.environ[GAMES_ENV] = str(path)  # the servers' kernels inherit it
        with voila_in_chromium() as (url, browser, notebooks), fresh_page(browser) as page:
            page.set_viewport_size(APP_VIEWPORT)
            seen = open_voila_app(page, url, "play-app.ipynb", notebooks)
            root = page.get_by_test_id("card-table").first
            root.get_by_test_id("games-button").first.click()
            expect(root.get_by_test_id("games-panel")).to_be_visible()
            screenshot_app(seen, root, out)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--out", type=Path, default=ROOT / "docs" / "screenshot-puzzle.png")
    parser.add_argument("--games-out", type=Path, default=ROOT / "docs" / "screenshot-your-games.png")
    parser.add_argument("--games", type=int, default=9, help="how many games the database holds")
    args = parser.parse_args()
    puzzle_shot(args.out)
    print(f"wrote {args.out}")
    games_shot(args.games_out, args.games)
    print(f"wrote {args.games_out}")


if __name__ == "__main__":
    main()
