"""Take the README's screenshot of a lesson: the learn app in Voila, a lesson after a try the rules refuse.

    python tools/screenshot_lesson.py [--out docs/screenshot-lesson.png] [--lesson ascending]

It uses the browser tests' helpers (`tests/browser/`): Debian's Chromium at 1,000 px wide, Voila on 127.0.0.1 with a
temporary HOME serving the learn app, and the learner's gestures (a card, then its expedition) checked against the
table's twin. The lesson is reached by clicking its place among the lessons; the try is a card the engine refuses
there (for the default lesson, the 3♥ after the 5♥), so the picture shows the lesson's words for the rule and the
rule document's quote.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT / "tests" / "browser"), str(ROOT / "tests")]  # the browser tests' helpers

from lesson_path import refused_lay  # noqa: E402
from pages import APP_VIEWPORT, LessonApp, fresh_page, open_voila_app, screenshot_app  # noqa: E402
from playwright.sync_api import expect  # noqa: E402
from servers import voila_in_chromium  # noqa: E402

from expeditions import lessons  # noqa: E402
from expeditions.widgets import LessonTable  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--out", type=Path, default=ROOT / "docs" / "screenshot-lesson.png")
    parser.add_argument("--lesson", default="ascending", help="the id of a lesson of the main path")
    args = parser.parse_args()
    path = [lesson.id for lesson in lessons.path()]
    lesson = lessons.lesson(args.lesson)
    if lesson.id not in path:
        parser.error(f"{args.lesson!r} is not a lesson of the main path: {', '.join(path)}")

    with voila_in_chromium() as (url, browser, notebooks), fresh_page(browser) as page:
        page.set_viewport_size(APP_VIEWPORT)
        seen = open_voila_app(page, url, "learn-app.ipynb", notebooks)
        app = LessonApp.on(page, LessonTable(keep="memory", pause=0, background=False))
        app.root.locator(".xt-dot").nth(path.index(lesson.id)).click()
        app.twin.act({"action": "lesson", "do": "go", "lesson": lesson.id})
        app.check()
        refused = refused_lay(lesson)
        if refused is not None:
            card, target, _ = refused
            app.refused_lay(str(card), target, card.suit)
        expect(app.lesson).to_have_attribute("data-lesson", lesson.id)
        screenshot_app(seen, app.root, args.out)
    print(f"wrote {args.out}")


if __name__ == "__main__":
    main()
