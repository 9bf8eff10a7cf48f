"""Take the README's screenshots of the play app at three window sizes: what a player sees without scrolling.

    python tools/screenshot_sizes.py [--out docs] [--moves 8] [--seed 21] [--help-panel]

The play app in Voila (the browser tests' helpers: Debian's Chromium, Voila on 127.0.0.1 with a temporary HOME,
a copy of the app with a fixed seed), a few moves into a round made by gestures and checked against the table's
twin, then the window as it stands at 1280 × 720 (a laptop), 1366 × 768 (a common desktop) and 390 × 844 (a
phone), saved as ``docs/screenshot-WIDTHxHEIGHT.png``; with ``--help-panel`` the help panel is opened first
(``docs/screenshot-help-WIDTHxHEIGHT.png``).
"""

from __future__ import annotations

import argparse
import random
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT / "tests" / "browser"), str(ROOT / "tests")]  # the browser tests' helpers

from pages import TableApp, fresh_page, open_voila_app, plain_move  # noqa: E402
from playwright.sync_api import ViewportSize, expect  # noqa: E402
from servers import app_copy, voila_in_chromium  # noqa: E402

from expeditions.session import Session  # noqa: E402
from expeditions.widgets import CardTable  # noqa: E402

SIZES: tuple[ViewportSize, ...] = ({"width": 1280, "height": 720}, {"width": 1366, "height": 768}, {"width": 390, "height": 844})


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--out", type=Path, default=ROOT / "docs")
    parser.add_argument("--moves", type=int, default=8, help="how many of your moves to make before the screenshots")
    parser.add_argument("--seed", type=int, default=21, help="the deal")
    parser.add_argument("--help-panel", action="store_true", help="open the help panel first")
    args = parser.parse_args()

    def seeded(notebooks: Path) -> None:
        app_copy(notebooks / "play-app.ipynb", notebooks / "play-app-seeded.ipynb", seed=args.seed, pause=0.1)

    with voila_in_chromium(seeded) as (url, browser, notebooks), fresh_page(browser) as page:
        page.set_viewport_size(SIZES[0])
        seen = open_voila_app(page, url, "play-app-seeded.ipynb", notebooks)
        twin = CardTable(session=Session(level="Normal", seed=args.seed), pause=0, background=False)
        app = TableApp.on(page, twin)
        rng = random.Random(args.seed)
        for _ in range(args.moves):
            app.move(plain_move(app.session.round, rng))
        if args.help_panel:
            app.el("help-button").click()
            expect(app.el("help-panel")).to_be_visible()
        args.out.mkdir(parents=True, exist_ok=True)
        for size in SIZES:
            page.set_viewport_size(size)
            page.evaluate("() => window.scrollTo(0, 0)")
            page.wait_for_timeout(300)
            name = f"screenshot-{'help-' if args.help_panel else ''}{size['width']}x{size['height']}.png"
            page.screenshot(path=str(args.out / name))
            print(f"wrote {args.out / name}")
        if seen.errors:
            raise SystemExit(f"the page had script errors: {seen.errors}")


if __name__ == "__main__":
    main()
