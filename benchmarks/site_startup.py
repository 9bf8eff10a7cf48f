"""How long the static edition (``make site``: ``build/site/``) takes to start in a browser: page opened → a card
you can click, on a first visit and on a reload.

``python -m http.server`` serves the built site on 127.0.0.1, and Debian's Chromium (driven by Playwright) opens
the front page's links to the play app and to the lessons, each in a fresh browser context (an empty cache: a
first visit), then reloads the same page (the browser's cache: a visitor coming back). Every request that is not
to 127.0.0.1 is blocked and counted. The time runs from the moment the page is asked for to the moment a card of
the hand, clicked, shows itself selected: Python has started in the page, the widget is drawn and the kernel has
answered a click.

Targets (issue 18): a first visit within 20 s, a reload within 8 s, on this machine.

Usage: python benchmarks/site_startup.py [--runs N] [--apps play learn]
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

import psutil
from _machine import machine

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT / "tests" / "browser"), str(ROOT / "tests"), str(ROOT / "tools")]  # the browser tests' helpers

from build_site import APP_CODE, app_url  # noqa: E402
from pages import LOCAL  # noqa: E402
from playwright.sync_api import Page, Route, expect, sync_playwright  # noqa: E402
from servers import _wait_for, free_port, launch_chromium  # noqa: E402

SITE = ROOT / "build" / "site"
TIMEOUT_MS = 180_000


def clickable(page: Page) -> None:
    """Wait until a card of the hand answers a click (it shows itself selected)."""
    card = page.get_by_test_id("hand-card").first
    card.click(timeout=TIMEOUT_MS)
    expect(card).to_have_attribute("data-selected", "true", timeout=TIMEOUT_MS)


def browser_cpu() -> dict[int, float]:
    """Processor seconds used so far by each of the browser's processes (children of this one): on a shared machine
    a steadier figure than the wall-clock time, and about what a visit takes on a machine to itself."""
    used = {}
    for process in psutil.Process().children(recursive=True):
        try:
            if "chrom" in process.name():
                times = process.cpu_times()
                used[process.pid] = times.user + times.system
        except psutil.NoSuchProcess:
            continue
    return used


def timed(page: Page, open_page: Callable[[], object]) -> tuple[float, float]:
    """Seconds from ``open_page()`` (a visit or a reload) to a card that answers a click: wall clock, and the
    processor time the browser's processes spent meanwhile (those that lived to the end)."""
    started, cpu = time.perf_counter(), browser_cpu()
    open_page()
    clickable(page)
    seconds = time.perf_counter() - started
    return seconds, sum(after - cpu.get(pid, 0.0) for pid, after in browser_cpu().items())


def visit_and_reload(page: Page, address: str) -> tuple[tuple[float, float], tuple[float, float]]:
    """A first visit of ``address`` in ``page`` (a fresh context), then a reload; each as ``timed``."""
    first = timed(page, lambda: page.goto(address, timeout=TIMEOUT_MS))
    again = timed(page, lambda: page.reload(timeout=TIMEOUT_MS))
    return first, again


def _median(pairs: list[tuple[float, float]], k: int) -> str:
    values = [p[k] for p in pairs]
    return f"{statistics.median(values):.1f} s ({min(values):.1f}–{max(values):.1f})"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--apps", nargs="*", choices=["play", "learn"], default=["play", "learn"])
    args = parser.parse_args()
    if not (SITE / "index.html").is_file():
        raise SystemExit("no site in build/site/: run `make site` first")
    size = sum(f.stat().st_size for f in SITE.rglob("*") if f.is_file()) / 1e6
    print(f"# static edition start, {time.strftime('%Y-%m-%d %H:%M')}, {machine()}; site {size:.1f} MB; "
          f"load average {os.getloadavg()[0]:.2f} at the start", flush=True)
    port = free_port()
    url = f"http://127.0.0.1:{port}/"
    log = ROOT / "build" / "site-startup-server.log"
    blocked: list[str] = []

    def only_here(route: Route) -> None:
        if LOCAL.match(route.request.url):
            route.continue_()
        else:
            blocked.append(route.request.url)
            route.abort()

    with log.open("wb") as out:
        server = subprocess.Popen([sys.executable, "-m", "http.server", str(port), "--bind", "127.0.0.1", "--directory",
                                   str(SITE)], stdout=out, stderr=subprocess.STDOUT)
        try:
            _wait_for(url, server, log)
            with sync_playwright() as pw:
                browser = launch_chromium(pw)
                for app in args.apps:
                    first, again = [], []
                    address = url + app_url(APP_CODE[app][2])
                    for run in range(1, args.runs + 1):
                        context = browser.new_context(viewport={"width": 1280, "height": 800})
                        context.route("**/*", only_here)
                        visit, reload = visit_and_reload(context.new_page(), address)
                        context.close()
                        first.append(visit)
                        again.append(reload)
                        print(f"{app} run {run}: first visit {visit[0]:.1f} s (browser CPU {visit[1]:.1f} s), reload "
                              f"{reload[0]:.1f} s (CPU {reload[1]:.1f} s); load average {os.getloadavg()[0]:.2f}", flush=True)
                    print(f"{app}, {args.runs} runs: first visit median {_median(first, 0)}, browser CPU {_median(first, 1)}; "
                          f"reload median {_median(again, 0)}, CPU {_median(again, 1)}; targets 20 s and 8 s", flush=True)
                browser.close()
        finally:
            server.terminate()
            server.wait(timeout=20)
    print(f"requests outside 127.0.0.1: {len(blocked)}; load average {os.getloadavg()[0]:.2f} at the end")


if __name__ == "__main__":
    main()
