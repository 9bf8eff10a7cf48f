"""Take the README's screenshot of the play app: the card table in Voila, a few turns into a round, a hint shown.

    python tools/screenshot_play.py [--out docs/screenshot-play.png] [--moves 6] [--seed 21]

It uses the browser tests' helpers (`tests/browser/`): Debian's Chromium at 1,000 px wide, Voila on 127.0.0.1
with a temporary HOME serving a copy of the app with a fixed seed, and moves made by gestures (a card, its
target, the draw), each checked against the table's twin.
"""

from __future__ import annotations

import argparse
import random
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT / "tests" / "browser"), str(ROOT / "tests")]  # the browser tests' helpers

from pages import APP_VIEWPORT, TableApp, fresh_page, open_voila_app, plain_move, screenshot_app  # noqa: E402
from servers import app_copy, voila_in_chromium  # noqa: E402

from expeditions.session import Session  # noqa: E402
from expeditions.widgets import CardTable  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--out", type=Path, default=ROOT / "docs" / "screenshot-play.png")
    parser.add_argument("--moves", type=int, default=6, help="how many of your moves to make before the screenshot")
    parser.add_argument("--seed", type=int, default=21, help="the deal")
    args = parser.parse_args()

    def seeded(notebooks: Path) -> None:
        app_copy(notebooks / "play-app.ipynb", notebooks / "play-app-seeded.ipynb", seed=args.seed, pause=0.1)

    with voila_in_chromium(seeded) as (url, browser, notebooks), fresh_page(browser) as page:
        page.set_viewport_size(APP_VIEWPORT)
        seen = open_voila_app(page, url, "play-app-seeded.ipynb", notebooks)
        twin = CardTable(session=Session(level="Normal", seed=args.seed), pause=0, background=False)
        app = TableApp.on(page, twin)
        rng = random.Random(args.seed)
        for _ in range(args.moves):
            app.move(plain_move(app.session.round, rng))
        app.press("hint", {"action": "hint"})  # the best moves in words, the best one marked
        page.set_viewport_size({"width": APP_VIEWPORT["width"], "height": 1250})  # the side panel in the picture too
        screenshot_app(seen, app.root, args.out)
    print(f"wrote {args.out}")


if __name__ == "__main__":
    main()
