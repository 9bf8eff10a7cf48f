"""Take the README's screenshot of the play app: notebook 02 as a Voila app, a few turns into a round.

    python tools/screenshot_play.py [--out docs/screenshot-play.png] [--moves 4]

It uses the browser tests' helpers (`tests/browser/`): Debian's Chromium, Voila on 127.0.0.1 with a
temporary HOME serving a copy of the notebooks, and moves made by clicks (card, Play or Discard, the deck),
each checked against the table's twin. When the bots offer hints, the screenshot shows them too.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests" / "browser"))

from pages import PlayApp, fresh_page, open_voila_app, plain_move  # noqa: E402
from playwright.sync_api import sync_playwright  # noqa: E402
from servers import copy_notebooks, jupyter_environment, launch_chromium, voila_server  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--out", type=Path, default=ROOT / "docs" / "screenshot-play.png")
    parser.add_argument("--moves", type=int, default=4, help="how many of your moves to make before the screenshot")
    args = parser.parse_args()

    with tempfile.TemporaryDirectory() as tmp:
        notebooks = copy_notebooks(Path(tmp) / "notebooks")
        env = jupyter_environment(Path(tmp) / "home")
        with voila_server(notebooks, env, Path(tmp) / "voila.log") as url, sync_playwright() as pw:
            browser = launch_chromium(pw)
            try:
                with fresh_page(browser) as page:
                    page.set_viewport_size({"width": 1100, "height": 900})
                    seen = open_voila_app(page, url, "02-play.ipynb")
                    app = PlayApp.on(page)
                    for _ in range(args.moves):
                        app.move_by_clicks(plain_move(app.twin.round))
                    if app.twin.hint_button is not None:
                        app.hint()
                    # Select a card, so that the picture shows how a move starts.
                    app.click_card(str(plain_move(app.twin.round).cards[0]))
                    if seen.errors:
                        raise RuntimeError(f"the page had script errors: {seen.errors}")
                    args.out.parent.mkdir(parents=True, exist_ok=True)
                    app.root.screenshot(path=str(args.out))
            finally:
                browser.close()
    print(f"wrote {args.out}")


if __name__ == "__main__":
    main()
