"""How long the apps take to start: page opened → something a person can click.

Voila serves the app notebooks (`make app`, `make explorer`) as it does for a user, and Debian's Chromium
(driven by Playwright) opens each app in a fresh page: Voila then starts a kernel and runs the notebook
before it shows anything. The time runs from the moment the page is asked for to the moment the first
control is visible, enabled and answers a click:

- the play app (`notebooks/play-app.ipynb`): a card of your hand, clicked, shows itself selected;
- the explorer app (`notebooks/explorer-app.ipynb`): a card button, clicked, lands in the hand box;
- the learn app (`notebooks/learn-app.ipynb`, `make learn`): a card of the first lesson's hand, clicked, shows itself
  selected (the lesson's panel beside it).

Each run opens a new page (and so a new kernel); the first run after Voila starts is run and reported but
not counted, as Voila warms up its templates once. Target (issue 9): median at most 8 s for each app; the learn app
(issue 10) starts like the play app.

Usage: python benchmarks/app_startup.py [--runs N] [--apps play explorer learn]
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from pathlib import Path

from _machine import machine

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT / "tests" / "browser"), str(ROOT / "tests")]  # the browser tests' helpers

from playwright.sync_api import Page, expect  # noqa: E402
from servers import voila_in_chromium  # noqa: E402

TIMEOUT_MS = 180_000
APPS = {"play": "play-app.ipynb", "explorer": "explorer-app.ipynb", "learn": "learn-app.ipynb"}


def ready_play(page: Page) -> None:
    card = page.get_by_test_id("hand-card").first
    card.click(timeout=TIMEOUT_MS)
    expect(card).to_have_attribute("data-selected", "true", timeout=TIMEOUT_MS)


def ready_explorer(page: Page) -> None:
    box = page.locator(".xp-explorer-hand input")
    button = page.locator(".xp-explorer-cards .xp-card-3H")
    before = box.input_value(timeout=TIMEOUT_MS)
    button.click(timeout=TIMEOUT_MS)
    expect(box).not_to_have_value(before, timeout=TIMEOUT_MS)


def ready_learn(page: Page) -> None:
    expect(page.get_by_test_id("lesson")).to_be_visible(timeout=TIMEOUT_MS)
    ready_play(page)


READY = {"play": ready_play, "explorer": ready_explorer, "learn": ready_learn}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--apps", nargs="*", choices=list(APPS), default=list(APPS))
    args = parser.parse_args()
    print(machine())
    print(f"load average: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    with voila_in_chromium() as (url, browser, _):
        for app in args.apps:
            times = []
            for run in range(args.runs + 1):
                context = browser.new_context(viewport={"width": 1000, "height": 900})
                page = context.new_page()
                started = time.perf_counter()
                page.goto(f"{url}voila/render/{APPS[app]}", timeout=TIMEOUT_MS)
                READY[app](page)
                seconds = time.perf_counter() - started
                context.close()
                label = "warm-up, not counted" if run == 0 else f"run {run}"
                print(f"{app}: {seconds:.2f} s ({label})", flush=True)
                if run:
                    times.append(seconds)
            print(f"{app}: median {statistics.median(times):.2f} s over {len(times)} runs "
                  f"(min {min(times):.2f}, max {max(times):.2f}); target 8 s", flush=True)
    print(f"load average after: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")


if __name__ == "__main__":
    main()
