"""The "Your games" panel of the card table, drawn as static HTML with small SVG charts from the session's frozen view
(``session.games.GamesView``): no altair, no script, nothing fetched.

``games_panel_html(view)`` gives the panel: the counts, the win rate against each level with its 95% interval, the
score difference and the review's cost game by game, the kinds of mistakes most often made, and the list of games,
each with a button to reopen it on the table move by move. Its buttons carry ``data-games`` (what they ask: ``replay``
with ``data-key``, ``export``, ``import``, ``download``, ``close``), which the table's ES module sends back as
``{"action": "games", "do": ...}``. The charts have a ``<title>`` and an ``aria-label`` that say what they show.
"""

from __future__ import annotations

from collections.abc import Sequence
from html import escape

from ..estimate import Estimate
from ..history import CostPoint, GamePoint, MistakeCount, WinRate
from ..session.games import GameRow, GamesView

WIDTH = 460
"""The charts' width in SVG units (they scale to the panel's width)."""
INK, MUTED, RATED, PRACTICE, LOSS, GRID = "#1d2430", "#6a5f48", "#1f6b45", "#9aa3ad", "#c62828", "#e3dccb"


def _svg(testid: str, title: str, height: int, body: str) -> str:
    return (f'<svg class="xg-chart" data-testid="{testid}" viewBox="0 0 {WIDTH} {height}" role="img" '
            f'aria-label="{escape(title)}" preserveAspectRatio="xMinYMin meet"><title>{escape(title)}</title>{body}</svg>')


def _text(x: float, y: float, text: str, *, anchor: str = "start", size: int = 11, fill: str = INK, bold: bool = False) -> str:
    weight = ' font-weight="700"' if bold else ""
    return (f'<text x="{x:.1f}" y="{y:.1f}" font-size="{size}" fill="{fill}" text-anchor="{anchor}"{weight}>'
            f"{escape(text)}</text>")


def _percent(x: float) -> str:
    return f"{100 * x:.0f}%"


def win_rates_svg(rates: Sequence[WinRate]) -> str:
    """A bar per level (rated games first, then practice): the win rate with its 95% interval drawn across it."""
    left, right, row = 150, WIDTH - 60, 24
    height = 26 + row * len(rates)
    span = right - left
    parts = [f'<line x1="{left + span * t:.1f}" y1="14" x2="{left + span * t:.1f}" y2="{height - 4}" stroke="{GRID}"/>'
             + _text(left + span * t, 11, _percent(t), anchor="middle", size=9, fill=MUTED) for t in (0, 0.25, 0.5, 0.75, 1)]
    for k, rate in enumerate(rates):
        y = 20 + row * k
        colour = PRACTICE if rate.practice else RATED
        label = f"{rate.level}{', with Undo' if rate.practice else ''}"
        e = rate.rate
        games = f"{rate.games} game{'s' if rate.games != 1 else ''}{' with Undo: practice' if rate.practice else ''}"
        parts.append(_text(left - 8, y + 12, rate.level, anchor="end", bold=not rate.practice))
        parts.append(_text(left - 8, y + 21, games, anchor="end", size=8, fill=MUTED))
        parts.append(f'<rect x="{left}" y="{y + 3}" width="{span * e.value:.1f}" height="14" rx="3" fill="{colour}" '
                     f'opacity="0.85"><title>{escape(label)}: {rate.wins} won, {rate.ties} tied, {rate.losses} lost; win rate '
                     f"{escape(e.percent(0))}</title></rect>")
        low, high = left + span * e.low, left + span * e.high
        parts.append(f'<line x1="{low:.1f}" y1="{y + 10}" x2="{high:.1f}" y2="{y + 10}" stroke="{INK}" stroke-width="1.5"/>'
                     f'<line x1="{low:.1f}" y1="{y + 5}" x2="{low:.1f}" y2="{y + 15}" stroke="{INK}"/>'
                     f'<line x1="{high:.1f}" y1="{y + 5}" x2="{high:.1f}" y2="{y + 15}" stroke="{INK}"/>')
        parts.append(_text(right + 6, y + 14, _percent(e.value), bold=True))
    return _svg("games-chart-win-rates", "Win rate against each level, with its 95% interval", height, "".join(parts))


def _over_time(testid: str, title: str, points: Sequence[tuple[int, float, float, float, bool, str]], unit: str) -> str:
    """Points game by game (number, value, low, high, practice, words): a line through the rated ones, the interval
    as a whisker where there is one, 0 marked."""
    left, right, top, bottom = 42, WIDTH - 10, 12, 130
    height = bottom + 22
    values = [v for _, value, low, high, _, _ in points for v in (value, low, high)] + [0.0]
    lo, hi = min(values), max(values)
    if hi - lo < 10:
        lo, hi = lo - 5, hi + 5
    first, last = points[0][0], points[-1][0]

    def x(n: float) -> float:
        return left + (right - left) * (0.5 if first == last else (n - first) / (last - first))

    def y(v: float) -> float:
        return bottom - (bottom - top) * (v - lo) / (hi - lo)

    ends = [_text(left - 5, y(v) + 4, f"{v:.0f}", anchor="end", size=9, fill=MUTED) for v in (lo, hi) if abs(y(v) - y(0)) > 10]
    parts = [f'<line x1="{left}" y1="{y(0):.1f}" x2="{right}" y2="{y(0):.1f}" stroke="{MUTED}" stroke-dasharray="3 3"/>',
             _text(left - 5, y(0) + 4, "0", anchor="end", size=9, fill=MUTED), *ends,
             _text((left + right) / 2, height - 4, "game (oldest on the left)", anchor="middle", size=9, fill=MUTED),
             _text(4, top - 2, unit, size=9, fill=MUTED)]
    rated = [(x(n), y(v)) for n, v, _, _, practice, _ in points if not practice]
    if len(rated) > 1:
        path = " ".join(f"{px:.1f},{py:.1f}" for px, py in rated)
        parts.append(f'<polyline points="{path}" fill="none" stroke="{RATED}" stroke-width="1.5" opacity="0.6"/>')
    for n, value, low, high, practice, words in points:
        px = x(n)
        if high > low:
            parts.append(f'<line x1="{px:.1f}" y1="{y(low):.1f}" x2="{px:.1f}" y2="{y(high):.1f}" stroke="{INK}" opacity="0.5"/>')
        colour = PRACTICE if practice else (RATED if value >= 0 else LOSS)
        fill = "white" if practice else colour
        parts.append(f'<circle cx="{px:.1f}" cy="{y(value):.1f}" r="4" fill="{fill}" stroke="{colour}" stroke-width="1.5">'
                     f"<title>{escape(words)}</title></circle>")
    return _svg(testid, title, height, "".join(parts))


def differences_svg(points: Sequence[GamePoint]) -> str:
    """Each game's score difference (yours minus the best other side's), in the order played."""
    data = [(p.number, float(p.value), float(p.value), float(p.value), p.practice,
             f"game {p.number} against {p.level}: {p.value:+d}{' (practice)' if p.practice else ''}") for p in points]
    return _over_time("games-chart-differences", "Score difference per game: your score minus the opponent's", data, "points")


def costs_svg(points: Sequence[CostPoint]) -> str:
    """Each reviewed game's cost of its costly moves, with its 95% interval."""
    def words(p: CostPoint) -> str:
        return (f"reviewed game {p.number} against {p.level}: {p.costly_moves} costly moves, {_estimate(p.cost)}"
                f"{' (practice)' if p.practice else ''}")

    data = [(p.number, p.cost.value, p.cost.low, p.cost.high, p.practice, words(p)) for p in points]
    return _over_time("games-chart-costs", "What the costly moves cost, per reviewed game, with 95% intervals", data, "points lost")


def _estimate(e: Estimate) -> str:
    return f"{e.value:.1f} points [{e.low:.1f}, {e.high:.1f}]"


def mistakes_svg(mistakes: Sequence[MistakeCount], meanings: dict[str, str]) -> str:
    """A bar per kind of mistake: how many times the reviews found it, most often made first."""
    left, right, row = 190, WIDTH - 40, 20
    height = 8 + row * len(mistakes)
    most = max(m.times for m in mistakes)
    parts = []
    for k, m in enumerate(mistakes):
        y = 6 + row * k
        parts.append(_text(left - 8, y + 11, m.kind, anchor="end"))
        width = (right - left) * m.times / most
        parts.append(f'<rect x="{left}" y="{y + 2}" width="{width:.1f}" height="12" rx="3" fill="#b8860b" opacity="0.8">'
                     f"<title>{escape(m.kind)}: {escape(meanings.get(m.kind, ''))} ({m.times} times in {m.games} "
                     f"game{'s' if m.games != 1 else ''})</title></rect>")
        parts.append(_text(left + width + 5, y + 12, str(m.times), bold=True))
    return _svg("games-chart-mistakes", "The kinds of mistakes the reviews found, most often made first", height, "".join(parts))


def _row(game: GameRow) -> str:
    badge = '<span class="xg-practice" title="Undo used, or loaded from a record: kept apart from the rated figures">practice</span>'
    waiting = ' <span class="xg-waiting" title="not saved: download it">not saved</span>' if not game.stored else ""
    hints = f"{game.hints} hint{'s' if game.hints != 1 else ''}" if game.hints else ""
    return (f'<tr data-testid="games-row" data-key="{escape(game.key)}" data-outcome="{game.outcome}">'
            f"<td>{game.number}</td><td>{escape(game.finished)}</td><td>{escape(game.rules)}</td><td>{escape(game.level)}</td>"
            f'<td class="xg-{game.outcome}">{escape(game.result)}{" " + badge if game.practice else ""}{waiting}</td>'
            f"<td>{escape(hints)}</td><td>{escape(game.review) or '<i>not reviewed</i>'}</td>"
            f'<td><button class="xt-button xg-replay" data-testid="replay-game" data-games="replay" data-key="{escape(game.key)}" '
            f'title="reopen this game on the table, move by move">Replay ▸</button></td></tr>')


def _figure(title: str, svg: str, note: str, empty: str) -> str:
    if not svg:
        return (f'<figure class="xg-figure xg-none"><figcaption><b>{escape(title)}</b></figcaption>'
                f"<p>Nothing yet: {escape(empty)}.</p></figure>")
    return f'<figure class="xg-figure"><figcaption><b>{escape(title)}</b> <small>{escape(note)}</small></figcaption>{svg}</figure>'


def games_panel_html(view: GamesView) -> str:
    """The panel as HTML (see the module's docstring)."""
    buttons = ('<div class="xg-buttons">'
               '<button class="xt-button" data-testid="games-export" data-games="export" title="every game as one file of records">'
               "Export all games</button>"
               '<button class="xt-button" data-testid="games-import" data-games="import" title="records saved or exported before">'
               "Import records…</button>"
               + ('<button class="xt-button xt-alert" data-testid="games-download" data-games="download">Download the games not '
                  "saved</button>" if view.waiting else "")
               + '<button class="xt-button" data-testid="games-close" data-games="close">Back to the table</button></div>')
    head = (f'<div class="xg-head"><h3>Your games</h3><p class="xg-count" data-testid="games-count" data-total="{view.total}" '
            f'data-rated="{view.rated}" data-practice="{view.practice}">{view.total} game{"s" if view.total != 1 else ""}: '
            f"{view.rated} rated, {view.practice} practice</p>{buttons}</div>"
            f'<p class="xg-status{"" if view.ok else " xg-problem"}" data-testid="games-status">{escape(view.status)}</p>')
    message = f'<p class="xg-message" data-testid="games-message">{escape(view.message)}</p>' if view.message else ""
    if not view.games:
        return (f'<div class="xg">{head}{message}<p class="xg-empty">No game kept yet: every game you finish at the table '
                "comes here, with your win rate against each level and, once you review a round, what your mistakes "
                "cost.</p></div>")
    meanings = dict(view.meanings)
    review_first = "review a round (Review my moves at its end) to see it"
    figures = "".join([
        _figure("Win rate by level", win_rates_svg(view.win_rates) if view.win_rates else "",
                "ties count half; the line across each bar is the 95% interval: few games, a wide interval",
                "no game against an opponent yet"),
        _figure("Score difference per game", differences_svg(view.differences) if view.differences else "",
                "above 0 you won; hollow dots are practice games", "no game against an opponent yet"),
        _figure("Cost of your mistakes per reviewed game", costs_svg(view.costs) if view.costs else "",
                "the points the review's costly moves lost, each with its 95% interval", review_first),
        _figure("The mistakes you make most", mistakes_svg(view.mistakes, meanings) if view.mistakes else "",
                "from the reviews of your rounds; point at a bar for what it means", review_first),
    ])
    table = ('<table class="xg-games" data-testid="games-list"><thead><tr><th>#</th><th>finished</th><th>rules</th>'
             "<th>against</th><th>result</th><th>hints</th><th>review</th><th></th></tr></thead><tbody>"
             + "".join(_row(g) for g in view.games) + "</tbody></table>")
    return f'<div class="xg">{head}{message}<div class="xg-figures">{figures}</div>{table}</div>'


__all__ = ["costs_svg", "differences_svg", "games_panel_html", "mistakes_svg", "win_rates_svg"]
