"""How cards, scores and positions show themselves: plain text, and HTML for notebooks.

The HTML is self-contained (inline styles, no scripts, nothing fetched), so it renders offline
in JupyterLab, Voila and exported reports.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from html import escape
from typing import TYPE_CHECKING

from .cards import SUITS, Card
from .engine import END_REASONS

if TYPE_CHECKING:
    from .match import Match
    from .moves import Move
    from .observation import Observation
    from .round import Round
    from .rules import Rules
    from .scoring import BoardScore, ExpeditionScore

_CARD = ("display:inline-block;min-width:2.1em;padding:1px 4px;margin:1px;border:1px solid #999;"
         "border-radius:4px;background:#fff;text-align:center;font-weight:600;font-family:sans-serif;color:{colour}")
_TABLE = "border-collapse:collapse;font-family:sans-serif;font-size:13px;margin:4px 0"
_CELL = "padding:3px 6px;border-bottom:1px solid #ddd;text-align:left;vertical-align:middle"


def card_html(card: Card, *, title: str = "") -> str:
    """One card as a small chip in its suit's colour."""
    suit = SUITS[card.suit]
    tip = f' title="{escape(title)}"' if title else ""
    return f'<span class="xp-card" style="{_CARD.format(colour=suit.colour)}"{tip}>{escape(card.symbol)}</span>'


def cards_html(cards: Iterable[Card], empty: str = "") -> str:
    chips = "".join(card_html(c) for c in cards)
    return chips or f'<span style="color:#999">{escape(empty)}</span>'


def cards_text(cards: Iterable[Card]) -> str:
    return " ".join(c.symbol for c in cards)


def _suit_head(rules: Rules) -> str:
    return "".join(
        f'<th style="{_CELL};color:{SUITS[s].colour}">{escape(SUITS[s].symbol if SUITS[s].symbol != s else SUITS[s].name)}</th>'
        for s in rules.suits
    )


def _side_name(rules: Rules, side: int) -> str:
    if rules.partnerships:
        return f"team {side} (seats {side} and {side + 2})"
    return "you" if rules.players == 1 else f"seat {side}"


# --- scores ----------------------------------------------------------------------------------------
def expedition_score_html(e: ExpeditionScore) -> str:
    return (f'<div style="font-family:sans-serif">{cards_html(e.cards, "not started")} '
            f"<b>{e.total}</b> <span style='color:#555'>{escape(e.explain())}</span></div>")


def board_score_html(b: BoardScore) -> str:
    rows = "".join(
        f'<tr><td style="{_CELL};color:{SUITS[e.suit].colour}">{escape(SUITS[e.suit].name)}</td>'
        f'<td style="{_CELL}">{cards_html(e.cards, "not started")}</td>'
        f'<td style="{_CELL}">{escape(e.explain())}</td><td style="{_CELL};text-align:right"><b>{e.total}</b></td></tr>'
        for e in b.expeditions
    )
    total = f'<tr><td style="{_CELL}" colspan="3"><b>total</b></td><td style="{_CELL};text-align:right"><b>{b.total}</b></td></tr>'
    return f'<table style="{_TABLE}">{rows}{total}</table>'


# --- positions -------------------------------------------------------------------------------------
def _status(rnd: Round) -> str:
    if rnd.is_over:
        scores = ", ".join(f"{_side_name(rnd.rules, i)} {s}" for i, s in enumerate(rnd.scores()))
        return f"round over: {END_REASONS[rnd.end_reason or '']}; {scores}"
    return f"turn {rnd.turn + 1}, seat {rnd.to_move} to move"


def _board_rows_html(rules: Rules, expeditions: Sequence[Sequence[Sequence[Card]]], scores: Sequence[int],
                     piles: Sequence[Sequence[Card]], deck_size: int, mine: int | None,
                     names: Sequence[str] | None = None) -> str:
    def side_row(side: int) -> str:
        if names is not None:
            name = names[side]
        else:
            name = _side_name(rules, side) + (" (you)" if side == mine and rules.players > 1 else "")
        cells = "".join(f'<td style="{_CELL}">{cards_html(exp)}</td>' for exp in expeditions[side])
        return f'<tr><th style="{_CELL}">{escape(name)}</th>{cells}<td style="{_CELL};text-align:right"><b>{scores[side]}</b></td></tr>'

    def pile_cell(pile: Sequence[Card]) -> str:
        if not pile:
            return f'<td style="{_CELL};background:#f4f4f4"><span style="color:#999">empty</span></td>'
        below = f' <span style="color:#777">+{len(pile) - 1}</span>' if len(pile) > 1 else ""
        return f'<td style="{_CELL};background:#f4f4f4">{card_html(pile[-1], title=" ".join(map(str, pile)))}{below}</td>'

    order = list(range(rules.sides))
    if mine is not None and rules.sides > 1:
        order = [s for s in order if s != mine] + [mine]
    middle = (f'<tr><th style="{_CELL};background:#f4f4f4">discard piles</th>{"".join(pile_cell(p) for p in piles)}'
              f'<td style="{_CELL};background:#f4f4f4">deck: <b>{deck_size}</b></td></tr>')
    rows = [side_row(s) for s in order[:-1]] + [middle, side_row(order[-1])] if rules.sides > 1 else [middle, side_row(0)]
    return (f'<table style="{_TABLE}"><tr><th style="{_CELL}"></th>{_suit_head(rules)}<th style="{_CELL}">score</th></tr>'
            + "".join(rows) + "</table>")


def round_html(rnd: Round) -> str:
    rules = rnd.rules
    board = _board_rows_html(rules, [list(rnd.expeditions(s).values()) for s in range(rules.sides)], rnd.scores(),
                             list(rnd.piles.values()), rnd.deck_size, None)
    hands = "".join(
        f'<div>hand of seat {s}{" (to move)" if rnd.to_move == s else ""}: {cards_html(rnd.hand(s), "empty")}</div>'
        for s in range(rules.players)
    )
    return (f'<div class="xp-round" style="font-family:sans-serif"><div><b>{escape(rules.label)}</b> · {escape(_status(rnd))}'
            f"</div>{board}{hands}</div>")


def observation_board_html(obs: Observation, names: Sequence[str] | None = None) -> str:
    """The table as ``obs.seat`` sees it: the other sides' expeditions, the piles and the deck, its own side last.
    ``names`` names the sides (default: "seat 0", "seat 1 (you)", ...)."""
    return _board_rows_html(obs.rules, obs.expeditions, obs.scores, obs.piles, obs.deck_size, obs.side, names)


def observation_html(obs: Observation) -> str:
    rules = obs.rules
    board = observation_board_html(obs)
    known = "".join(
        f"<div>known in seat {s}'s hand ({obs.hand_sizes[s]} cards): {cards_html(k, 'nothing')}</div>"
        for s, k in enumerate(obs.known) if s != obs.seat
    )
    status = "round over" if obs.is_over else f"seat {obs.to_move} to move"
    return (f'<div class="xp-observation" style="font-family:sans-serif"><div><b>{escape(rules.label)}</b> · seen from seat '
            f"{obs.seat} · {status}</div>{board}<div>your hand: {cards_html(obs.hand, 'empty')}</div>{known}</div>")


def _board_text(rules: Rules, expeditions: Sequence[Sequence[Sequence[Card]]], scores: Sequence[int],
                piles: Sequence[Sequence[Card]], deck_size: int) -> list[str]:
    width = max(12, *(len(cards_text(e)) + 2 for side in expeditions for e in side))
    head = " " * 10 + "".join(f"{SUITS[s].name:<{width}}" for s in rules.suits) + "score"
    lines = [head]
    for side, exps in enumerate(expeditions):
        lines.append(f"{_side_name(rules, side)[:9]:<10}" + "".join(f"{cards_text(e) or '.':<{width}}" for e in exps)
                     + f"{scores[side]:>5}")
    tops = [f"{p[-1].symbol} ({len(p)})" if p else "-" for p in piles]
    lines.append(f"{'piles':<10}" + "".join(f"{t:<{width}}" for t in tops) + f"deck {deck_size}")
    return lines


def round_text(rnd: Round) -> str:
    rules = rnd.rules
    lines = [f"{rules.label}: {_status(rnd)}"]
    lines += _board_text(rules, [list(rnd.expeditions(s).values()) for s in range(rules.sides)], rnd.scores(),
                         list(rnd.piles.values()), rnd.deck_size)
    lines += [f"hand {s}: {cards_text(rnd.hand(s))}" for s in range(rules.players)]
    return "\n".join(lines)


def observation_text(obs: Observation) -> str:
    lines = [f"{obs.rules.label}: seen from seat {obs.seat}, " + ("round over" if obs.is_over else f"seat {obs.to_move} to move")]
    lines += _board_text(obs.rules, obs.expeditions, obs.scores, obs.piles, obs.deck_size)
    lines.append(f"your hand: {cards_text(obs.hand)}")
    lines += [f"known in hand {s}: {cards_text(k) or '-'}" for s, k in enumerate(obs.known) if s != obs.seat]
    return "\n".join(lines)


# --- matches ---------------------------------------------------------------------------------------
def _match_rows(match: Match) -> list[list[str]]:
    rules = match.rules
    rows = []
    for i, rnd in enumerate(match.rounds, start=1):
        scores = [str(s) for s in rnd.scores()] if rnd.is_over else ["…"] * rules.sides
        rows.append([f"round {i}"] + scores)
    rows.append(["total"] + [str(t) for t in match.totals])
    return rows


def match_text(match: Match) -> str:
    rules = match.rules
    head = ["", *(_side_name(rules, s) for s in range(rules.sides))]
    rows = [head, *_match_rows(match)]
    out = "\n".join("".join(f"{c:<14}" for c in row).rstrip() for row in rows)
    if match.is_over:
        out += "\nwinner(s): " + ", ".join(_side_name(rules, s) for s in match.winners())
    return out


def match_html(match: Match) -> str:
    rules = match.rules
    head = "".join(f'<th style="{_CELL}">{escape(_side_name(rules, s))}</th>' for s in range(rules.sides))
    body = "".join("<tr>" + "".join(f'<td style="{_CELL}">{escape(c)}</td>' for c in row) + "</tr>" for row in _match_rows(match))
    won = ""
    if match.is_over:
        won = "<div>winner(s): " + escape(", ".join(_side_name(rules, s) for s in match.winners())) + "</div>"
    return f'<div style="font-family:sans-serif"><table style="{_TABLE}"><tr><th></th>{head}</tr>{body}</table>{won}</div>'


# --- a moment of a round, with moves marked ----------------------------------------------------------
MARKS = {"played": ("#d9480f", "dashed", "you"), "better": ("#2b8a3e", "solid", "better")}
"""How a marked move shows: the colour, the outline and the label of the move played and of the better move."""

_CHIP = ("display:inline-block;min-width:1.9em;padding:0 3px;margin:1px;border:1px solid #999;border-radius:4px;"
         "background:#fff;text-align:center;font-weight:600;font-size:12px;line-height:1.6;color:{colour}")


def _marked_chip(card: Card, marks: Sequence[str], *, ghost: bool = False) -> str:
    """A card chip with an outline per mark (the move played: dashed; the better move: solid)."""
    style = _CHIP.format(colour=SUITS[card.suit].colour)
    rings = []
    for i, mark in enumerate(marks):
        colour, line, _ = MARKS[mark]
        rings.append(f"0 0 0 {2 + 3 * i}px {colour}" if line == "solid" else "")
        if line == "dashed":
            style += f";outline:2px dashed {colour};outline-offset:{1 + 3 * i}px"
    shadows = [r for r in rings if r]
    if shadows:
        style += ";box-shadow:" + ",".join(shadows)
    if ghost:
        style += ";opacity:.85;background:#fffbe6"
    data = f' data-mark="{" ".join(marks)}"' if marks else ""
    return f'<span class="xp-card" style="{style}"{data}>{escape(card.symbol)}</span>'


def _tag(mark: str, text: str) -> str:
    colour, _, _ = MARKS[mark]
    return (f'<span data-mark="{mark}" style="display:inline-block;font-size:10px;font-weight:600;color:#fff;background:{colour};'
            f'border-radius:3px;padding:0 3px;margin:1px">{escape(text)}</span>')


def marked_table_html(obs: Observation, *, played: Move | None = None, better: Move | None = None,
                      names: Sequence[str] | None = None, legend: Sequence[str] = ()) -> str:
    """The table as ``obs.seat`` saw it (the other sides' expeditions, the piles and the deck, its own
    side, its hand), with the move ``played`` and the ``better`` move marked: the card in hand, where
    it went (a copy of it on the expedition or the pile, or "to partner") and where the move drew
    from. Static HTML with inline styles (no scripts), for notebooks, apps and reports.

    ``names`` names the sides (default "seat 0", ...); ``legend`` gives a line of words per mark
    (the move played first)."""
    rules = obs.rules
    moves = [(m, k) for m, k in ((played, "played"), (better, "better")) if m is not None]
    cell = "padding:2px 5px;border-bottom:1px solid #e4e4e4;text-align:left;vertical-align:middle;white-space:nowrap"
    pile_bg = "background:#f1f3f5"

    def laid_cell(side: int, s: int) -> str:
        chips = "".join(_marked_chip(c, ()) for c in obs.expeditions[side][s])
        if side == obs.side:
            suit = rules.suits[s]
            chips += "".join(_marked_chip(m.card, (k,), ghost=True) + _tag(k, f"{MARKS[k][2]}: lay")
                             for m, k in moves if m.kind == "play" and m.card.suit == suit)
        return f'<td style="{cell}">{chips}</td>'

    def pile_cell(s: int) -> str:
        suit = rules.suits[s]
        pile = obs.piles[s]
        top = _marked_chip(pile[-1], ()) + (f'<span style="color:#777;font-size:11px">+{len(pile) - 1}</span>' if len(pile) > 1 else "") \
            if pile else '<span style="color:#aaa;font-size:11px">empty</span>'
        onto = "".join(_marked_chip(m.card, (k,), ghost=True) + _tag(k, f"{MARKS[k][2]}: discard")
                       for m, k in moves if m.kind == "discard" and m.card.suit == suit)
        drawn = "".join(_tag(k, f"{MARKS[k][2]}: draw") for m, k in moves if m.draw == suit)
        return f'<td style="{cell};{pile_bg}" data-pile="{suit}">{top}{drawn}{onto}</td>'

    deck = "".join(_tag(k, f"{MARKS[k][2]}: draw") for m, k in moves if m.draw == "deck")
    names = list(names) if names is not None else [f"seat {s}" for s in range(rules.sides)]
    head = "".join(f'<th style="{cell};color:{SUITS[s].colour}">{escape(SUITS[s].symbol if SUITS[s].symbol != s else SUITS[s].name)}</th>'
                   for s in rules.suits)

    def side_row(side: int) -> str:
        cells = "".join(laid_cell(side, s) for s in range(len(rules.suits)))
        return f'<tr><th style="{cell}">{escape(names[side])}</th>{cells}<td style="{cell};text-align:right">{obs.scores[side]}</td></tr>'

    middle = (f'<tr><th style="{cell};{pile_bg}">piles</th>{"".join(pile_cell(s) for s in range(len(rules.suits)))}'
              f'<td style="{cell};{pile_bg}">deck <b>{obs.deck_size}</b>{deck}</td></tr>')
    others = [side_row(s) for s in range(rules.sides) if s != obs.side]
    hand = "".join(_marked_chip(c, tuple(k for m, k in moves if c in m.cards)) for c in obs.hand)
    passed = "".join(_tag(k, f"{MARKS[k][2]}: to partner") for m, k in moves if m.kind == "pass")
    table = (f'<table style="border-collapse:collapse;font-size:12px"><tr><th style="{cell}"></th>{head}'
             f'<th style="{cell}">score</th></tr>{"".join(others)}{middle}{side_row(obs.side)}</table>')
    keys = "".join(f'<div style="font-size:11px;color:#333">{_tag(k, MARKS[k][2])} {escape(text)}</div>'
                   for (_, k), text in zip(moves, legend, strict=False))
    return (f'<div class="xp-moment-table" data-testid="review-picture" style="display:inline-block;font-family:sans-serif;'
            f'border:1px solid #ccc;border-radius:6px;padding:4px 6px;margin:4px 0;background:#fcfcfa">{table}'
            f'<div style="margin-top:3px">your hand: {hand} {passed}</div>{keys}</div>')
