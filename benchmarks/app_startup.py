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

With ``--visitors 4 8``, many visitors at once instead: the play app served as ``expeditions play`` serves it (the
shipped settings of ``expeditions/apps/voila.json``: idle kernels culled, a limit on kernels), and for each number
N, N browser contexts open it at the same moment; each visitor's time to a card that answers a click, the memory
of the server and its kernels (resident set, summed) before, with the N visitors, and every 30 s after they have
closed their pages (as a tab is closed: no goodbye to the server), until it is back near the start. Target
(issue 18): each visitor clickable within 8 s on an idle machine; the memory back near the start a few minutes
after they leave.

Usage: python benchmarks/app_startup.py [--runs N] [--apps play explorer learn]
       python benchmarks/app_startup.py --visitors 4 8 [--after 300]
"""

from __future__ import annotations

import argparse
import asyncio
import os
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from _machine import machine

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT / "tests" / "browser"), str(ROOT / "tests")]  # the browser tests' helpers

import psutil  # noqa: E402
from playwright.async_api import Browser as AsyncBrowser  # noqa: E402
from playwright.async_api import BrowserContext as AsyncContext  # noqa: E402
from playwright.async_api import async_playwright  # noqa: E402
from playwright.async_api import expect as async_expect  # noqa: E402
from playwright.sync_api import Page, expect  # noqa: E402
from servers import CHROMIUM, CHROMIUM_ARGS, _wait_for, free_port, jupyter_environment, voila_in_chromium  # noqa: E402

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


# --- many visitors at once ------------------------------------------------------------------------------------
def served_memory(server: psutil.Process) -> tuple[float, int]:
    """The resident memory of the server and every process under it (its kernels), in MB, and how many kernels."""
    processes = [server, *server.children(recursive=True)]
    total = 0
    for process in processes:
        try:
            total += process.memory_info().rss
        except psutil.NoSuchProcess:
            continue
    kernels = sum(1 for p in processes[1:] if _is_kernel(p))
    return total / 1e6, kernels


def _is_kernel(process: psutil.Process) -> bool:
    try:
        return "ipykernel_launcher" in " ".join(process.cmdline())
    except psutil.NoSuchProcess:
        return False


async def one_visitor(browser: AsyncBrowser, url: str) -> tuple[float, AsyncContext]:
    """A visitor opening the play app in a fresh context; seconds to a card that answers a click."""
    context = await browser.new_context(viewport={"width": 1280, "height": 800})
    page = await context.new_page()
    started = time.perf_counter()
    await page.goto(url, timeout=TIMEOUT_MS)
    card = page.get_by_test_id("hand-card").first
    await card.click(timeout=TIMEOUT_MS)
    await async_expect(card).to_have_attribute("data-selected", "true", timeout=TIMEOUT_MS)
    return time.perf_counter() - started, context


def server_part(url: str, n: int) -> list[float]:
    """The server's own part of ``n`` page loads at once, without browsers: each request starts a kernel, which
    runs the app notebook, and the page is complete once it has; seconds to each complete page."""
    def load(_: int) -> float:
        started = time.perf_counter()
        with urllib.request.urlopen(url, timeout=TIMEOUT_MS / 1000) as answer:
            answer.read()
        return time.perf_counter() - started

    with ThreadPoolExecutor(max_workers=n) as pool:
        return sorted(pool.map(load, range(n)))


SERVE = """
import sys
from voila.app import Voila
from expeditions.apps.serving import Address, notebooks_dir, voila_arguments
address = Address.of(port=int(sys.argv[1]))
Voila.launch_instance(argv=voila_arguments(notebooks_dir() / "play-app.ipynb", address, browser=False) + sys.argv[2:])
"""
"""The play app served with the arguments of ``expeditions play`` (the shipped settings), and any options given."""


async def visitors(counts: list[int], after: float, options: list[str]) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        env = jupyter_environment(Path(tmp) / "home")
        port = free_port()
        url = f"http://127.0.0.1:{port}/"
        log = Path(tmp) / "server.log"
        print(f"the play app as `expeditions play` serves it{', with ' + ' '.join(options) if options else ''}", flush=True)
        with log.open("wb") as out:
            server = subprocess.Popen([sys.executable, "-c", SERVE, str(port), *options],
                                      env=env, cwd=tmp, stdout=out, stderr=subprocess.STDOUT)
            try:
                _wait_for(url + "voila/static/voila.js", server, log)
                process = psutil.Process(server.pid)
                await asyncio.sleep(15)  # any kernels the settings start ahead, started
                baseline, waiting = served_memory(process)
                print(f"the server at rest: {baseline:.0f} MB, {waiting} kernels", flush=True)
                async with async_playwright() as pw:
                    browser = await pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
                    warm, context = await one_visitor(browser, url)  # Voila's templates, once
                    await context.close()
                    print(f"warm-up visitor: {warm:.2f} s (not counted)", flush=True)
                    await watch_memory(process, after, baseline)
                    for n in counts:
                        start, _ = served_memory(process)
                        results = await asyncio.gather(*(one_visitor(browser, url) for _ in range(n)))
                        times = sorted(t for t, _ in results)
                        busy, kernels = served_memory(process)
                        print(f"{n} visitors at once: clickable after median {statistics.median(times):.2f} s, slowest "
                              f"{times[-1]:.2f} s ({', '.join(f'{t:.1f}' for t in times)}); memory {start:.0f} MB before, "
                              f"{busy:.0f} MB with them ({kernels} kernels): {(busy - start) / n:.0f} MB a visitor; "
                              f"load average {os.getloadavg()[0]:.2f}", flush=True)
                        for _, context in results:
                            await context.close()  # the tab closed: the server is told nothing
                        await watch_memory(process, after, baseline)
                        pages = server_part(url, n)
                        print(f"{n} page loads at once without browsers (the server's part): complete after median "
                              f"{statistics.median(pages):.2f} s, slowest {pages[-1]:.2f} s; load average "
                              f"{os.getloadavg()[0]:.2f}", flush=True)
                        await watch_memory(process, after, baseline)
                    await browser.close()
            finally:
                server.terminate()
                server.wait(timeout=30)


async def watch_memory(process: psutil.Process, seconds: float, start: float) -> None:
    """Print the server's memory every 30 s until no visitor's kernel is left (or ``seconds`` have passed)."""
    left = time.monotonic()
    while True:
        memory, kernels = served_memory(process)
        print(f"  {time.monotonic() - left:5.0f} s after they left: {memory:.0f} MB ({memory - start:+.0f}), {kernels} kernels",
              flush=True)
        if memory - start < 20 or time.monotonic() - left > seconds:
            return
        await asyncio.sleep(30)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--apps", nargs="*", choices=list(APPS), default=list(APPS))
    parser.add_argument("--visitors", nargs="*", type=int, help="numbers of visitors at once (the play app, as served)")
    parser.add_argument("--after", type=float, default=300, help="seconds to watch the memory once they have left")
    parser.add_argument("--voila-option", action="append", default=[], metavar="OPTION",
                        help="a Voila option beside the shipped settings, to try one (--Class.trait=value)")
    args = parser.parse_args()
    print(machine())
    if args.visitors:
        print(f"load average: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
        asyncio.run(visitors(args.visitors, args.after, args.voila_option))
        print(f"load average after: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
        return
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
