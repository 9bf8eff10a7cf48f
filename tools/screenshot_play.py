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
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests" / "browser"))

from pages import APP_VIEWPORT, TableApp, fresh_page, open_voila_app, plain_move  # noqa: E402
from playwright.sync_api import sync_playwright  # noqa: E402
from servers import app_copy, copy_notebooks, jupyter_environment, launch_chromium, voila_server  # noqa: E402

from expeditions.session import Session  # noqa: E402
from expeditions.widgets import CardTable  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--out", type=Path, default=ROOT / "docs" / "screenshot-play.png")
    parser.add_argument("--moves", type=int, default=6, help="how many of your moves to make before the screenshot")
    parser.add_argument("--seed", type=int, default=21, help="the deal")
    args = parser.parse_args()

    with tempfile.TemporaryDirectory() as tmp:
        notebooks = copy_notebooks(Path(tmp) / "notebooks")
        app_copy(notebooks / "play-app.ipynb", notebooks / "play-app-seeded.ipynb", seed=args.seed, pause=0.1)
        env = jupyter_environment(Path(tmp) / "home")
        with voila_server(notebooks, env, Path(tmp) / "voila.log") as url, sync_playwright() as pw:
            browser = launch_chromium(pw)
            try:
                with fresh_page(browser) as page:
                    page.set_viewport_size(APP_VIEWPORT)
                    seen = open_voila_app(page, url, "play-app-seeded.ipynb", notebooks)
                    twin = CardTable(session=Session(level="Normal", seed=args.seed), pause=0, background=False)
                    app = TableApp.on(page, twin)
                    rng = random.Random(args.seed)
                    for _ in range(args.moves):
                        app.move(plain_move(app.session.round, rng))
                    app.press("hint", {"action": "hint"})  # the best moves in words, the best one marked
                    page.set_viewport_size({"width": APP_VIEWPORT["width"], "height": 1200})  # the whole table in the picture
                    if seen.errors:
                        raise RuntimeError(f"the page had script errors: {seen.errors}")
                    args.out.parent.mkdir(parents=True, exist_ok=True)
                    app.root.screenshot(path=str(args.out))
            finally:
                browser.close()
    print(f"wrote {args.out}")


if __name__ == "__main__":
    main()
