"""Drive the notebooks' widgets in a browser as a person does, and read what the page shows.

The card table is checked against a *twin*: a ``CardTable`` in the test process, dealt with the settings of
the page and given the same gestures. The bots' choices depend only on the seed, the round and the turn, so
after every gesture the page must show exactly what the twin's view holds (hand, expeditions, piles, deck,
legal targets, hints, the marks of the bots' moves, the message). The twin is the oracle; the assertions
read the page.

The what-if explorer is checked against ``expeditions.analysis.start_values`` run here with the same
settings: its table cell by cell, its SVG charts by the labels vega gives every mark (``ExplorerApp``).
"""

from __future__ import annotations

import json
import random
import re
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from html.parser import HTMLParser
from pathlib import Path
from typing import Any
from urllib.parse import unquote

from html_cells import squash, table_rows
from playwright.sync_api import Browser, Locator, Page, ViewportSize, expect
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

import expeditions as ex
from expeditions.session import Session
from expeditions.widgets import CardTable

ROOT = Path(__file__).resolve().parents[2]
NOTEBOOKS = ROOT / "notebooks"
ARTIFACTS = ROOT / "test-artifacts"
"""Screenshots and server logs of the browser tests (CI keeps the folder)."""
TIMEOUT_MS = 60_000
"""How long one step may take: a kernel starting on a busy two-core machine can take half a minute."""
VIEWPORT: ViewportSize = {"width": 1400, "height": 1000}
APP_VIEWPORT: ViewportSize = {"width": 1000, "height": 900}
"""The play app is made to fit a 1,000 px wide window."""
SCREENSHOT_MAX_HEIGHT = 12_000
LOCAL = re.compile(r"^(https?|wss?)://127\.0\.0\.1[:/]|^(data|blob|about):")
"""URLs that stay on this machine: the test servers, and what the page makes itself."""
CARD_CLASS = re.compile(r"(?:^|\s)xp-card-((?:10|[2-9AJQK])[A-Z])(?:\s|$)")
"""The class that names the card a button shows: ``xp-card-7H``, ``xp-card-10H`` (not ``xp-card-button``)."""


# --- text --------------------------------------------------------------------------------------------
class _TextOnly(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.parts: list[str] = []

    def handle_data(self, data: str) -> None:
        self.parts.append(data)


def html_text(html: str) -> str:
    """The text a browser shows for ``html`` (its ``textContent``), whitespace squashed."""
    parser = _TextOnly()
    parser.feed(html)
    parser.close()
    return squash("".join(parser.parts))


def text_of(locator: Locator) -> str:
    """The text of an element as it stands now (``textContent``), whitespace squashed."""
    return squash(locator.text_content() or "")


def has_class(css_class: str) -> re.Pattern[str]:
    """A pattern for ``expect(...).to_have_class``: the element carries this class among others."""
    return re.compile(rf"(^|\s){re.escape(css_class)}(\s|$)")


def code_cells(notebook: str, folder: Path = NOTEBOOKS) -> int:
    """How many code cells a notebook of ``folder`` (``notebooks/``) has."""
    cells = json.loads((folder / notebook).read_text(encoding="utf-8"))["cells"]
    return sum(1 for cell in cells if cell["cell_type"] == "code")


# --- pages and screenshots ---------------------------------------------------------------------------
@contextmanager
def fresh_page(browser: Browser) -> Iterator[Page]:
    """A page in a browser context of its own (no shared storage), closed afterwards."""
    context = browser.new_context(viewport=VIEWPORT)
    page = context.new_page()
    page.set_default_timeout(TIMEOUT_MS)
    try:
        yield page
    finally:
        context.close()


def screenshot_app(seen: PageWatch, root: Locator, out: Path) -> None:
    """For the README's screenshots: save ``root`` (the app's table) to ``out``, refusing a page with script
    errors."""
    if seen.errors:
        raise RuntimeError(f"the page had script errors: {seen.errors}")
    out.parent.mkdir(parents=True, exist_ok=True)
    root.screenshot(path=str(out))


def save_screenshot(page: Page, name: str) -> Path:
    """Save the whole page to ``test-artifacts/<name>.png``, also when it scrolls inside an element (Voila and
    JupyterLab do): the viewport is made as tall as the tallest scrolling area first (at the same width)."""
    ARTIFACTS.mkdir(exist_ok=True)
    path = ARTIFACTS / f"{name}.png"
    height = page.evaluate(  # the page, or the areas that scroll and fill half the window or more
        "() => Math.max(document.documentElement.scrollHeight, ...Array.from(document.querySelectorAll('*'), e =>"
        " ['auto', 'scroll'].includes(getComputedStyle(e).overflowY) && e.clientHeight >= window.innerHeight / 2"
        " ? e.scrollHeight + e.getBoundingClientRect().top : 0))")
    size = page.viewport_size or VIEWPORT
    tall = max(size["height"], min(int(height), SCREENSHOT_MAX_HEIGHT))
    page.set_viewport_size({"width": size["width"], "height": tall})
    page.screenshot(path=str(path))
    page.set_viewport_size(size)
    return path


# --- the front ends ----------------------------------------------------------------------------------
VOILA_OWN_CDN = ("https://cdn.jsdelivr.net/npm/@fortawesome/",)
"""What Voila's page template itself asks of the internet (an icon font's stylesheet); offline it is missing,
harmlessly. Everything else the apps need must come from the local server."""


@dataclass
class PageWatch:
    """What a page did since it was opened: uncaught script errors, and requests that left 127.0.0.1."""

    errors: list[str] = field(default_factory=list)
    outside: list[str] = field(default_factory=list)

    def offline_problems(self) -> list[str]:
        """Script errors, and requests to the internet other than Voila's own."""
        return self.errors + [url for url in self.outside if not url.startswith(VOILA_OWN_CDN)]


def watch(page: Page) -> PageWatch:
    """Start collecting the page's script errors and its requests outside 127.0.0.1 (the lists fill as they happen)."""
    seen = PageWatch()
    page.on("pageerror", lambda error: seen.errors.append(f"{error.name}: {error.message}"))
    page.on("request", lambda request: None if LOCAL.match(request.url) else seen.outside.append(request.url))
    return seen


def open_voila_app(page: Page, voila_url: str, notebook: str, folder: Path = NOTEBOOKS) -> PageWatch:
    """Open ``notebook`` as a Voila app and check that every code cell ran without an error; ``folder`` is where
    the notebook is (by default ``notebooks/``: the served copy has the same cells), to count its cells.

    Voila executes the notebook while it sends the page, so once the page has loaded every cell has run.
    Returns what the page does from then on (script errors, requests to the internet).
    """
    seen = watch(page)
    page.goto(f"{voila_url}voila/render/{notebook}")
    body = page.locator("body")
    expect(body).not_to_contain_text("Traceback")
    expect(body).not_to_contain_text("There was an error when executing cell")
    expect(page.locator(".jp-CodeCell")).to_have_count(code_cells(notebook, folder))
    expect(page.locator("[data-mime-type='application/vnd.jupyter.stderr']", has_text="Error")).to_have_count(0)
    return seen


def expect_svg_chart(scope: Page | Locator, title: str) -> None:
    """An altair chart drawn by the SVG renderer (no scripts, no internet), titled ``title``, is on the page and
    the browser has decoded it (JupyterLab's renderer, which Voila uses, shows an SVG output as an image)."""
    images = scope.locator(".jp-RenderedSVG[data-mime-type='image/svg+xml'] img")
    expect(images.first).to_be_attached()
    charts = [img for img in images.all() if title in unquote(img.get_attribute("src") or "")]
    assert len(charts) == 1, f"{len(charts)} SVG charts titled {title!r}"
    assert unquote(charts[0].get_attribute("src") or "").startswith("data:image/svg+xml,<svg")
    assert charts[0].evaluate("img => img.complete && img.naturalWidth > 0"), f"the chart {title!r} was not drawn"


def open_in_jupyterlab(page: Page, lab_url: str, token: str, notebook: str) -> Locator:
    """Open ``notebook`` in JupyterLab (a fresh workspace) and wait for its kernel; returns the notebook panel."""
    page.goto(f"{lab_url}lab/tree/{notebook}?reset&token={token}")
    panel = page.locator(".jp-NotebookPanel:not(.lm-mod-hidden)")
    expect(panel.locator(".jp-Cell").first).to_be_visible()
    expect(panel.locator(".jp-Notebook-ExecutionIndicator")).to_have_attribute("data-status", "idle")
    expect(page.locator(".jp-StatusBar-TextItem", has_text=re.compile(r"\| Idle$")).first).to_be_visible()  # kernel connected
    return panel


def run_all_cells(page: Page, panel: Locator, notebook: str) -> None:
    """Run > Run All Cells, as a person would, and wait until every code cell has run (each has its number).

    On a busy machine JupyterLab can take the command before its kernel connection is ready and then
    run nothing (every prompt stays ``[ ]``); a person would press it again, and so does this, up to
    three times.
    """
    count = code_cells(notebook)
    prompts = panel.locator(".jp-CodeCell .jp-InputArea-prompt")
    for attempt in range(3):
        panel.locator(".jp-Cell").first.click()  # the notebook becomes the current widget, which the command acts on
        page.locator(".lm-MenuBar-item", has_text=re.compile(r"^Run$")).click()
        run_all = page.locator(".lm-Menu li[data-command='runmenu:run-all']")
        expect(run_all).to_be_visible()
        expect(run_all).not_to_have_class(has_class("lm-mod-disabled"))
        run_all.click()
        try:
            expect(prompts.first).not_to_have_text(re.compile(r"^\[ \]:$"), timeout=20_000)
            break
        except AssertionError:
            if attempt == 2:
                raise
    expect(prompts).to_have_count(count)
    expect(prompts).to_have_text([re.compile(rf"^\[{i}\]:$") for i in range(1, count + 1)])
    expect(panel.locator(".jp-Notebook-ExecutionIndicator")).to_have_attribute("data-status", "idle")


def restart_and_run_all(page: Page, panel: Locator, notebook: str) -> None:
    """Run > Restart Kernel and Run All Cells, confirmed, as a person re-runs a notebook from scratch; wait until
    every code cell has run again (numbered from 1)."""
    count = code_cells(notebook)
    prompts = panel.locator(".jp-CodeCell .jp-InputArea-prompt")
    panel.locator(".jp-Cell").first.click()
    page.locator(".lm-MenuBar-item", has_text=re.compile(r"^Run$")).click()
    command = page.locator(".lm-Menu li[data-command='runmenu:restart-and-run-all']")
    expect(command).to_be_visible()
    command.click()
    page.locator(".jp-Dialog .jp-mod-accept").click()
    expect(prompts).to_have_text([re.compile(rf"^\[{i}\]:$") for i in range(1, count + 1)])
    expect(panel.locator(".jp-Notebook-ExecutionIndicator")).to_have_attribute("data-status", "idle")


# --- the card table ----------------------------------------------------------------------------------
def plain_move(rnd: ex.Round, rng: random.Random | None = None) -> ex.Move:
    """A plain way to play on: lay the lowest number that continues one of your expeditions or starts one at 5 or
    below; else discard your lowest card. Draw off the deck, or (with ``rng``, now and then) off a pile."""
    assert rnd.to_move is not None, "the round is over"
    moves = list(rnd.legal_moves())
    started = {suit for suit, cards in rnd.expeditions(rnd.rules.side_of(rnd.to_move)).items() if cards}
    plays = [m for m in moves if m.kind == "play" and not m.cards[0].is_investment
             and (m.cards[0].suit in started or m.cards[0].value <= 5)]
    chosen = plays or [m for m in moves if m.kind == "discard"] or moves
    card = min(chosen, key=lambda m: (m.cards[0].value, m.cards[0].suit)).cards[0]
    kind = next(m.kind for m in chosen if m.cards[0] == card)
    options = [m for m in chosen if m.kind == kind and m.cards[0] == card]
    piles = [m for m in options if m.draw not in (None, "deck")]
    if rng is not None and piles and rng.random() < 0.25:
        return rng.choice(piles)
    return next((m for m in options if m.draw == "deck"), options[0])


_TABLE_STATE_JS = """root => {
    const cards = el => Array.from(el.querySelectorAll('.xt-card[data-card]'), c => c.dataset.card);
    const attr = (el, name) => el.getAttribute(name);
    const key = el => [el.dataset.testid, el.dataset.side || '', el.dataset.suit || ''].join(':');
    return {
        busy: root.dataset.busy, waiting: root.dataset.waiting || '', palette: root.dataset.palette,
        hand: Array.from(root.querySelectorAll('[data-testid=hand-card]'), c =>
            [c.dataset.card, c.dataset.selected === 'true', c.dataset.playable === 'true']),
        columns: Object.fromEntries(Array.from(root.querySelectorAll('[data-testid=expedition]'), e =>
            [e.dataset.side + ':' + e.dataset.suit,
             [cards(e), e.querySelector('.xt-col-score b, .xt-col-score small').textContent.trim()]])),
        piles: Object.fromEntries(Array.from(root.querySelectorAll('[data-testid=discard-pile]'), p =>
            [p.dataset.suit, [cards(p).slice(-1)[0] || '', (p.querySelector('.xt-badge') || {textContent: ''}).textContent]])),
        deck: Number(root.querySelector('[data-testid=deck]').dataset.count),
        legal: Array.from(root.querySelectorAll('[data-legal=true]'), key).sort(),
        hints: Array.from(root.querySelectorAll('[data-hint=best]'), e => key(e) + ':' + (e.dataset.card || '')).sort(),
        marked: Array.from(root.querySelectorAll('[data-marked]'),
            e => key(e) + ':' + attr(e, 'data-marked') + ':' + (e.dataset.card || '')).sort(),
        status: root.querySelector('[data-testid=status]').textContent.replace(/\\s+/g, ' ').trim(),
        message: (root.querySelector('[data-testid=message]').firstChild || {textContent: ''}).textContent,
        quote: (root.querySelector('[data-testid=quote]') || {textContent: ''}).textContent,
        over: !!root.querySelector('[data-testid=round-over]'),
    };
}"""


def expected_state(view: dict[str, Any]) -> dict[str, Any]:
    """What the page must show for a view (the twin's ``view``), in the shape ``TableApp.state`` reads it."""
    def key(testid: str, side: str = "", suit: str = "") -> str:
        return f"{testid}:{side}:{suit}"

    columns = {f"{e['side']}:{e['suit']}": [[c["card"] for c in e["cards"]], str(e["score"]) if e["cards"] else "–"]
               for side in view["sides"] for e in side["expeditions"]}
    piles = {p["suit"]: [p["cards"][-1]["card"] if p["cards"] else "", str(len(p["cards"])) if len(p["cards"]) > 1 else ""]
             for p in view["piles"]}
    legal = [key("expedition", e["side"], e["suit"]) for s in view["sides"] for e in s["expeditions"] if e["legal"]]
    legal += [key("discard-pile", "", p["suit"]) for p in view["piles"] if p["legal"]]
    legal += [key("deck")] if view["deck"]["legal"] else []
    legal += [key("partner")] if view["pass_legal"] else []
    hints = [key("hand-card") + ":" + c["face"]["card"] for c in view["hand"] if c["hint"]]
    hints += [key("expedition", e["side"], e["suit"]) + ":" for s in view["sides"] for e in s["expeditions"] if e["hint"]]
    hints += [key("discard-pile", "", p["suit"]) + ":" for p in view["piles"] if p["hint"]]
    hints += [key("deck") + ":"] if view["deck"]["hint"] else []
    hints += [key("partner") + ":" for seat in view["seats"] if seat.get("hint")]
    marked = [key("discard-pile", "", p["suit"]) + f":{p['marked']}:" for p in view["piles"] if p["marked"]]
    marked += [f"{key('deck')}:taken:"] if view["deck"]["marked"] else []
    marked += [f":::laid:{e['marked']}" for s in view["sides"] for e in s["expeditions"] if e["marked"]]  # the card itself
    message = view["message"] or {"text": "", "quote": "", "document": ""}
    return {
        "busy": "true" if view["busy"] else "false", "palette": view["palette"],
        "hand": [[c["face"]["card"], c["selected"], c["playable"]] for c in view["hand"]],
        "columns": columns, "piles": piles, "deck": view["deck"]["size"], "legal": sorted(legal), "hints": sorted(hints),
        "marked": sorted(marked), "message": message["text"],
        "quote": f"The rules (document {message['document']}): “{message['quote']}”" if message["quote"] else "",
        "over": view["round_over"] is not None,
    }


class TableApp:
    """The card table on a page (``[data-testid=card-table]``), checked against a *twin*: a ``CardTable`` in this
    process given the same gestures (the same messages the page's ES module sends). The bots' choices depend
    only on the game's seed, the round and the turn, and hints and reviews on the position, so after every
    gesture the page must show what the twin's view holds: hand, expeditions and their scores, piles, deck,
    the legal targets and draw sources, the hint's marks, the marks of the others' moves, the message."""

    def __init__(self, page: Page, root: Locator, twin: CardTable) -> None:
        self.page, self.root, self.twin = page, root, twin

    @classmethod
    def on(cls, page: Page, twin: CardTable, root: Locator | None = None) -> TableApp:
        app = cls(page, root if root is not None else page.get_by_test_id("card-table").first, twin)
        expect(app.root.get_by_test_id("hand-card").first).to_be_visible()
        app.check()
        return app

    @property
    def session(self) -> Session:
        return self.twin.session

    def el(self, testid: str) -> Locator:
        return self.root.get_by_test_id(testid)

    # --- reading the page ------------------------------------------------------------------------------
    def wait(self) -> None:
        """Wait until the page has the answer to the last gesture and no bot or computation is working."""
        self.page.wait_for_function("root => root.dataset.busy === 'false' && !root.dataset.waiting",
                                    arg=self.root.element_handle(), timeout=TIMEOUT_MS)

    def state(self) -> dict[str, Any]:
        """What the page shows, read in one go (see ``expected_state``)."""
        state: dict[str, Any] = self.root.evaluate(_TABLE_STATE_JS)
        return state

    def check(self) -> None:
        """The page shows exactly what the twin's view holds (the page is waited for first)."""
        self.wait()
        got, want = self.state(), expected_state(self.twin.view)
        got.pop("waiting")
        status = got.pop("status")
        diff = {k: (got.get(k), want[k]) for k in want if got.get(k) != want[k]}
        assert not diff, f"the page differs from the twin: {diff}"
        assert status.endswith(self.twin.view["status"]), (status, self.twin.view["status"])

    def hand(self) -> list[str]:
        return [card for card, _, _ in self.state()["hand"]]

    def message(self) -> str:
        return str(self.state()["message"])

    # --- gestures (each on the page and on the twin) -------------------------------------------------------
    def _gesture(self, locator: Locator, message: dict[str, Any], *, check: bool = True) -> None:
        locator.click()
        self.twin.act(message)
        if check:
            self.check()

    def select(self, card: str) -> None:
        """Click a card of your hand (the first that shows ``card`` and is not selected)."""
        index = next(i for i, c in enumerate(self.session.hand) if str(c) == card and i not in self.session.selected)
        self._gesture(self.root.locator(f"[data-testid=hand-card][data-index='{index}']"),
                      {"action": "select", "index": index, "card": card})

    def lay(self, target: str, suit: str) -> None:
        """Click your expedition (``"expedition"``) or the discard pile (``"discard"``) of ``suit``."""
        if target == "expedition":
            self._gesture(self.root.locator(f"[data-testid=expedition][data-side=you][data-suit={suit}]"),
                          {"action": "expedition", "suit": suit})
        else:
            self._gesture(self.root.locator(f"[data-testid=discard-pile][data-suit={suit}]"), {"action": "pile", "suit": suit})

    def draw(self, source: str) -> None:
        """Click the deck (``"deck"``) or the discard pile of a suit."""
        if source == "deck":
            self._gesture(self.el("deck"), {"action": "deck"})
        else:
            self._gesture(self.root.locator(f"[data-testid=discard-pile][data-suit={source}]"), {"action": "pile", "suit": source})

    def move(self, move: ex.Move) -> None:
        """Make ``move`` by gestures only: the card, its target, then the draw."""
        assert move.kind in ("play", "discard"), f"{move} is not made by laying a card"
        card = move.cards[0]
        self.select(str(card))
        self.lay("expedition" if move.kind == "play" else "discard", card.suit)
        if move.draw is not None:
            self.draw(move.draw)

    def press(self, testid: str, message: dict[str, Any], *, check: bool = True) -> None:
        """Click a button of the table (``hint``, ``undo``, ``continue`` ...)."""
        self._gesture(self.el(testid), message, check=check)

    def key(self, key: str, message: dict[str, Any]) -> None:
        """Press a key on the page as it stands (whatever has the focus), and give the twin what the key means."""
        self.page.keyboard.press(key)
        self.twin.act(message)
        self.check()

    def finish_round(self, choose: Callable[[ex.Round], ex.Move] | None = None, *, rng: random.Random | None = None) -> int:
        """Play your moves by gestures to the end of the round; returns how many you made."""
        made = 0
        while not self.session.round.is_over:
            rnd = self.session.round
            self.move(choose(rnd) if choose is not None else plain_move(rnd, rng))
            made += 1
        return made


# --- the what-if explorer (notebook 03) --------------------------------------------------------------
class _AriaLabels(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.labels: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.labels += [value for name, value in attrs if name == "aria-label" and value is not None]


def aria_labels(svg: str) -> list[str]:
    """The ``aria-label`` of every element of an SVG chart, in document order. Vega's SVG renderer labels each
    mark with its data (``"investments: 1; points: 41.02...; model: model 1: exact ceiling"``), and each axis,
    legend and title with what it shows: two charts with the same labels draw the same thing."""
    parser = _AriaLabels()
    parser.feed(svg)
    parser.close()
    return parser.labels


def data_labels(labels: list[str], model: str) -> set[str]:
    """The labels of the marks that draw ``model``'s numbers (``MODELS[...]``: ``"model 1: exact ceiling"``)."""
    return {label for label in labels if f"model: {model}" in label.split("; ")}


_LABELS_JS = """([root, css, want]) => {
    const labels = Array.from(root.querySelectorAll(css), e => e.getAttribute('aria-label'));
    return labels.length === want.length && labels.every((label, i) => label === want[i]);
}"""
_SOME_LABEL_JS = """([root, css, part]) => Array.from(root.querySelectorAll(css), e => e.getAttribute('aria-label'))
    .some(label => label.split('; ').includes(part))"""


class ExplorerApp:
    """The what-if explorer on a page (the first ``.xp-explorer``): its inputs, buttons, table and charts.

    The oracle is ``expeditions.analysis.start_values`` run in this process with the explorer's settings: the
    table must read as ``comparison_html`` lays those values out, and the charts must carry the labels of
    ``chart_svg`` of the same values (see ``aria_labels``)."""

    def __init__(self, page: Page, root: Locator) -> None:
        self.page, self.root = page, root

    @classmethod
    def on(cls, page: Page) -> ExplorerApp:
        root = page.locator(".xp-explorer").first
        expect(root.locator(".xp-explorer-go")).to_be_visible()
        return cls(page, root)

    def el(self, css: str) -> Locator:
        return self.root.locator(css)

    def area(self, css_class: str) -> Locator:
        """The HTML an output area of the widget shows (``xp-explorer-table``, ``xp-explorer-message`` ...)."""
        return self.el(f".{css_class} .widget-html-content")

    # --- reading the page --------------------------------------------------------------------------
    def hand_box(self) -> Locator:
        return self.el(".xp-explorer-hand input")

    def message(self) -> str:
        return text_of(self.area("xp-explorer-message"))

    def table(self) -> list[list[str]]:
        """The table of the models side by side, row by row: the texts of its cells (the first row heads it)."""
        rows: list[list[str]] = self.el(".xp-explorer-table tr").evaluate_all(
            "rows => rows.map(r => Array.from(r.cells, c => c.textContent.replace(/\\s+/g, ' ').trim()))")
        return rows

    def chart(self, name: str) -> Locator:
        """The SVG of a chart of the widget: ``values``, ``bonus`` or ``distribution``."""
        return self.el(f".xp-explorer-chart-{name} svg")

    def chart_labels(self, name: str) -> list[str]:
        labels: list[str] = self.el(f".xp-explorer-chart-{name} [aria-label]").evaluate_all(
            "elements => elements.map(e => e.getAttribute('aria-label'))")
        return labels

    def record_texts(self, css_class: str) -> None:
        """Start recording every text an output area shows, for ``recorded_texts``: each update the kernel sends
        replaces the area's content, and the content each update puts in is recorded (none is missed)."""
        self.area(css_class).evaluate("""area => {
            area.xpTexts = [];
            new MutationObserver(records => records.forEach(r => area.xpTexts.push(
                Array.from(r.addedNodes, n => n.textContent).join('').replace(/\\s+/g, ' ').trim())))
                .observe(area, {childList: true});
        }""")

    def recorded_texts(self, css_class: str) -> list[str]:
        """The texts an output area has shown since ``record_texts``, in order (repeats left out)."""
        texts: list[str] = self.area(css_class).evaluate("area => area.xpTexts")
        return [t for i, t in enumerate(texts) if t and (i == 0 or t != texts[i - 1])]

    # --- waiting for what the kernel sends -----------------------------------------------------------
    def expect_table(self, html: str) -> None:
        """Wait until the table reads as ``html`` (``comparison_html`` of the expected values), cell by cell."""
        expect(self.area("xp-explorer-table")).to_have_text(html_text(html))
        got, want = self.table(), table_rows(html)
        assert got == want, f"the table differs: {next((g, w) for g, w in zip(got, want, strict=False) if g != w)}"

    def expect_chart(self, name: str, svg: str) -> None:
        """Wait until the chart ``name`` is the SVG ``svg`` (the same labels, in the same order: the same data)."""
        want = aria_labels(svg)
        assert want, "the expected chart has no labels"
        waited = self._wait(_LABELS_JS, f".xp-explorer-chart-{name} [aria-label]", want)
        got = self.chart_labels(name)
        assert got == want, (f"the {name} chart differs: the page's labels not expected {sorted(set(got) - set(want))[:5]}, "
                             f"expected not on the page {sorted(set(want) - set(got))[:5]} ({len(got)} labels, {len(want)} expected)")
        assert waited, f"the {name} chart was drawn only after the wait for it had timed out"

    def expect_chart_with(self, name: str, model: str) -> None:
        """Wait until the chart ``name`` draws numbers of ``model`` (``MODELS[...]``)."""
        waited = self._wait(_SOME_LABEL_JS, f".xp-explorer-chart-{name} [aria-label]", f"model: {model}")
        assert waited, f"the {name} chart draws no numbers of {model}: {self.chart_labels(name)[-3:]}"

    def _wait(self, script: str, css: str, want: object) -> bool:
        """Wait until ``script`` holds for the widget's root, ``css`` and ``want``; whether it came to hold in time."""
        try:
            self.page.wait_for_function(script, arg=[self.root.element_handle(), css, want])
        except PlaywrightTimeoutError:
            return False  # the caller's assertion says what the page shows instead
        return True

    # --- acting ------------------------------------------------------------------------------------
    def type_hand(self, hand: str) -> None:
        """Type a hand into the hand box (the widget reads it when the box is left: Compute leaves it)."""
        box = self.hand_box()
        box.fill(hand)
        expect(box).to_have_value(hand)

    def compute(self) -> None:
        self.el(".xp-explorer-go").click()

    def clear(self) -> None:
        """Click Clear: the hand, the position and the results are emptied."""
        self.el(".xp-explorer-clear").click()
        expect(self.hand_box()).to_have_value("")
        expect(self.el(".xp-explorer-cards .xp-selected")).to_have_count(0)
        expect(self.area("xp-explorer-table")).to_have_text("")

    def click_card(self, card: str) -> None:
        """Click a card button into the hand and wait until the click has registered: the card is appended to
        the hand box and its button is highlighted."""
        box = self.hand_box()
        before = box.input_value().split()
        button = self.el(f".xp-explorer-cards .xp-card-{card}")
        expect(button).to_have_count(1)
        expect(button).not_to_have_class(has_class("xp-selected"))
        button.click()
        expect(box).to_have_value(" ".join([*before, card]))
        expect(button).to_have_class(has_class("xp-selected"))

    def run_rollouts(self) -> None:
        self.el(".xp-explorer-rollouts").click()


# --- the lessons (notebook 01 and the learn app) -----------------------------------------------------
_LESSON_STATE_JS = """root => {
    const lesson = root.querySelector('[data-testid=lesson]');
    const text = testid => {
        const e = lesson.querySelector(`[data-testid=${testid}]`);
        return e ? e.textContent.replace(/\\s+/g, ' ').trim() : null;
    };
    const enabled = testid => { const e = lesson.querySelector(`[data-testid=${testid}]`); return e ? !e.disabled : null; };
    const feedback = lesson.querySelector('[data-testid=lesson-feedback]');
    return {
        lesson: lesson.dataset.lesson, state: lesson.dataset.state, progress: text('lesson-progress'), task: text('lesson-task'),
        feedback: text('lesson-feedback'), kind: feedback.dataset.kind, quote: text('lesson-quote') || '',
        reveal: Array.from(lesson.querySelectorAll('[data-testid=lesson-reveal] li'), li => li.textContent),
        buttons: {show_me: enabled('lesson-show-me'), next: enabled('lesson-next'), back: enabled('lesson-back'),
                  restart: enabled('lesson-restart'), skip: enabled('lesson-skip')},
    };
}"""


def expected_lesson(view: dict[str, Any]) -> dict[str, Any]:
    """What the lesson panel must show for a view (the twin's), in the shape ``LessonApp.lesson_state`` reads it."""
    lesson = view["lesson"]
    feedback = lesson["feedback"]
    buttons = lesson["buttons"]
    return {
        "lesson": lesson["lesson"], "state": lesson["state"], "progress": lesson["progress"]["text"], "task": squash(lesson["task"]),
        "feedback": squash(feedback["text"]), "kind": feedback["kind"] if feedback["text"] else "",
        "quote": f"The rules (document {lesson['document']}): “{feedback['quote']}”" if feedback["quote"] else "",
        "reveal": list(feedback["reveal"]),
        "buttons": {"show_me": buttons["show_me"] if lesson["answer"] != "round" else None, "next": buttons["next"],
                    "back": buttons["back"], "restart": True, "skip": True if buttons["skip"] else None},
    }


class LessonApp(TableApp):
    """The lessons on a page: the card table in its lesson mode, checked against a twin ``LessonTable`` given the same
    gestures and the same clicks of the lesson's panel. After each, the page must show what the twin's view holds:
    the table (as ``TableApp.check``) and the lesson (its id and state, progress, task, feedback, quote, buttons)."""

    @classmethod
    def on(cls, page: Page, twin: CardTable, root: Locator | None = None) -> LessonApp:
        app = cls(page, root if root is not None else page.get_by_test_id("card-table").first, twin)
        expect(app.root.get_by_test_id("lesson")).to_be_visible()
        app.check()
        return app

    @property
    def lesson(self) -> Locator:
        return self.root.get_by_test_id("lesson")

    def lesson_state(self) -> dict[str, Any]:
        state: dict[str, Any] = self.root.evaluate(_LESSON_STATE_JS)
        return state

    def check(self) -> None:
        super().check()
        got, want = self.lesson_state(), expected_lesson(self.twin.view)
        diff = {k: (got.get(k), want[k]) for k in want if got.get(k) != want[k]}
        assert not diff, f"the lesson differs from the twin: {diff}"

    def feedback(self) -> dict[str, str]:
        """The feedback line as the page shows it: its text and its kind (right, wrong, info)."""
        state = self.lesson_state()
        return {"text": state["feedback"], "kind": state["kind"], "quote": state["quote"]}

    # --- the lesson's panel ------------------------------------------------------------------------
    def button(self, do: str, **content: Any) -> None:
        """Click a button of the lesson (``show_me``, ``next``, ``back``, ``restart``, ``skip``, ``start_over``)."""
        self._gesture(self.el(f"lesson-{do.replace('_', '-')}"), {"action": "lesson", "do": do, **content})

    def answer_number(self, value: int | str) -> None:
        box = self.el("lesson-number")
        box.fill(str(value))
        self._gesture(self.el("lesson-check"), {"action": "lesson", "do": "answer", "value": str(value)})

    def choose(self, value: str) -> None:
        self._gesture(self.root.locator(f"[data-testid=lesson-choice][data-value='{value}']"),
                      {"action": "lesson", "do": "answer", "value": value})

    def refused_lay(self, card: str, target: str, suit: str) -> None:
        """Select ``card`` and lay it where the rules refuse it (then take the selection back by clicking it again)."""
        self.select(card)
        self.lay(target, suit)
