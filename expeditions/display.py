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
from .words import SideWords, card_words, move_words, suit_mark

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


def note_html(text: str, colour: str = "#444") -> str:
    """Plain text as a small escaped line of HTML, in ``colour``."""
    return f'<div style="font-family:sans-serif;color:{colour}">{escape(text)}</div>'


def cards_text(cards: Iterable[Card]) -> str:
    return " ".join(c.symbol for c in cards)


def _suit_head(rules: Rules) -> str:
    return "".join(
        f'<th style="{_CELL};color:{SUITS[s].colour}">{escape(suit_mark(s))}</th>'
        for s in rules.suits
    )


def _side_name(rules: Rules, side: int) -> str:
    return SideWords(rules).side_name(side)


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
        return f'<td style="{_CELL};background:#f4f4f4">{card_html(pile[-1], title=" ".join(map(card_words, pile)))}{below}</td>'

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
MARKS = {"played": ("#ff8a3d", "#2b1300", "dashed", "you"), "better": ("#4fc3f7", "#06324a", "solid", "better")}
"""How a marked move shows: its colour, the colour of words on it, its outline and its label. The colours are
the card table's: orange for a move that was made, light blue for the Expert's choice (as a hint's best move)."""

_FELT = "#1f6b45"
_PAPER = "#fffdf7"


def suit_colour(suit: str) -> str:
    """A suit's colour in a picture: the card table's palette where the picture sits inside the table (the CSS
    variable ``--xp-suit-H`` ..., which the table sets for its four or two colours), else the suit's own colour."""
    return f"var(--xp-suit-{suit}, {SUITS[suit].colour})"




def _ringed(style: str, marks: Sequence[str]) -> str:
    """``style`` with a ring per mark: solid rings (the better move) as shadows, a dashed one (the move played) as an
    outline around them."""
    rings = [f"0 0 0 {2 + 3 * i}px {MARKS[m][0]}" for i, m in enumerate(marks) if MARKS[m][2] == "solid"]
    dashed = [m for m in marks if MARKS[m][2] == "dashed"]
    if rings:
        style += ";box-shadow:" + ",".join(rings)
    if dashed:
        style += f";outline:2px dashed {MARKS[dashed[0]][0]};outline-offset:{1 + 3 * len(rings)}px"
    return style


def _marks(marks: Sequence[str]) -> str:
    return f' data-mark="{" ".join(marks)}"' if marks else ""


def _marked_chip(card: Card, marks: Sequence[str] = (), *, rank_only: bool = False) -> str:
    """A small card: its rank (and suit symbol, unless ``rank_only``: in a suit's column) in its suit's colour, with
    a ring per mark (the move played: dashed; the better move: solid)."""
    symbol = SUITS[card.suit].symbol
    text = card.rank_text if rank_only or symbol == card.suit else card.symbol
    style = (f"display:inline-block;min-width:12px;padding:0 1px;margin:1px;border-radius:3px;background:{_PAPER};"
             f"color:{suit_colour(card.suit)};font-weight:700;font-size:11px;line-height:15px;text-align:center;"
             "box-shadow:0 1px 1px #0006;white-space:nowrap")
    return f'<span class="xp-card" style="{_ringed(style, marks)}"{_marks(marks)} title="{escape(card_words(card))}">{escape(text)}</span>'


def _deck_chip(size: int, marks: Sequence[str]) -> str:
    """The deck: a small card back with the number of cards in it, ringed where a move draws from it."""
    style = ("display:inline-block;min-width:16px;padding:0 2px;margin:5px 3px 3px;border-radius:3px;background:#8e1b2b;color:#fff;"
             "border:1px solid #fdf7ea;font-weight:700;font-size:10px;line-height:14px;text-align:center")
    return f'<span class="xp-deck" style="{_ringed(style, marks)}"{_marks(marks)} title="the deck: {size} cards">{size}</span>'


def _tag(mark: str, text: str) -> str:
    colour, ink, _, _ = MARKS[mark]
    return (f'<span data-mark="{mark}" style="display:inline-block;font-size:9px;font-weight:700;color:{ink};background:{colour};'
            f'border-radius:3px;padding:0 3px;margin:1px;line-height:13px;white-space:nowrap">{escape(text)}</span>')


def _move_phrase(move: Move, obs: Observation) -> str:
    """The move in short words: ``discard 9♦, draw from the deck``, ``lay 7♥, take 5♣ from the ♣ pile``."""
    pile = obs.pile(move.draw) if move.draw not in (None, "deck") else ()
    return move_words(move, "advice", taken=pile[-1] if pile else None)


def marked_table_html(obs: Observation, *, played: Move | None = None, better: Move | None = None,
                      names: Sequence[str] | None = None) -> str:
    """A small picture of the table as ``obs.seat`` saw it: the other sides' expeditions, the piles and the
    deck, its own side, its hand, with the move ``played`` and the ``better`` move marked: the card in hand,
    a copy of it where it went (its expedition or its pile, or "to partner") and where the move drew from.
    Static HTML with inline styles (no scripts), in the card table's look and palette, narrow enough for a
    side panel (about 230 px with four suits), for notebooks, apps and reports.

    ``names`` names the sides (default by number, "seat 0", ...); each mark is said in short words below the table."""
    rules = obs.rules
    moves = [(m, k) for m, k in ((played, "played"), (better, "better")) if m is not None]
    words = [_move_phrase(m, obs) for m, _ in moves]
    width = 34 if len(rules.suits) <= 4 else 27  # a suit's column: two small cards side by side (fewer with more suits)
    cell = f"padding:2px 1px;vertical-align:top;text-align:left;width:{width}px;min-width:{width}px"
    box = f"display:flex;flex-wrap:wrap;align-content:flex-start;max-width:{width + 8}px;min-height:17px"
    label = "padding:2px 3px 2px 0;vertical-align:top;text-align:left;font-size:10px;line-height:12px;font-weight:600;width:26px;opacity:.9"
    centre = "background:#00000030"

    def empty() -> str:
        return '<span style="display:inline-block;margin:1px 5px;color:#ffffff55;font-size:11px;line-height:15px">·</span>'

    def laid_cell(side: int, s: int) -> str:
        suit = rules.suits[s]
        chips = "".join(_marked_chip(c, rank_only=True) for c in obs.expeditions[side][s])
        if side == obs.side:
            chips += "".join(_marked_chip(m.card, (k,), rank_only=True) for m, k in moves if m.kind == "play" and m.card.suit == suit)
        whose = "you" if side == obs.side else "other"
        return f'<td style="{cell}" data-side="{whose}" data-suit="{suit}"><div style="{box}">{chips or empty()}</div></td>'

    def pile_cell(s: int) -> str:
        suit = rules.suits[s]
        pile = obs.piles[s]
        drawn = tuple(k for m, k in moves if m.draw == suit)  # a draw from a pile takes its top card: that card is ringed
        top = _marked_chip(pile[-1], drawn, rank_only=True) if pile else ""
        under = f'<span style="font-size:9px;opacity:.75;line-height:17px">+{len(pile) - 1}</span>' if len(pile) > 1 else ""
        onto = "".join(_marked_chip(m.card, (k,), rank_only=True) for m, k in moves if m.kind == "discard" and m.card.suit == suit)
        inner = top + under + onto
        return f'<td style="{cell};{centre}" data-pile="{suit}"><div style="{box}">{inner or empty()}</div></td>'

    deck = _deck_chip(obs.deck_size, tuple(k for m, k in moves if m.draw == "deck"))
    names = list(names) if names is not None else [SideWords(rules).side_name(s) for s in range(rules.sides)]
    head = "".join(
        f'<th style="padding:0 1px 2px;text-align:left;width:{width}px"><span style="display:inline-block;min-width:16px;padding:0 3px;'
        f'border-radius:8px;background:{_PAPER};color:{suit_colour(s)};font-size:11px;line-height:16px;text-align:center">'
        f"{escape(suit_mark(s))}</span></th>"
        for s in rules.suits)

    def side_row(side: int) -> str:
        cells = "".join(laid_cell(side, s) for s in range(len(rules.suits)))
        return (f'<tr><th style="{label}">{escape(names[side])}</th>{cells}'
                f'<td style="{cell};width:auto;min-width:0;padding-left:4px;font-size:11px;font-weight:700;color:#ffd54a">'
                f"{obs.scores[side]}</td></tr>")

    piles = "".join(pile_cell(s) for s in range(len(rules.suits)))
    middle = (f'<tr><th style="{label}">piles</th>{piles}<td style="{cell};{centre};width:auto;min-width:0;'
              f'padding:2px 3px;font-size:9px;line-height:11px;text-align:center">deck<br>{deck}</td></tr>')
    others = [side_row(s) for s in range(rules.sides) if s != obs.side]
    hand = "".join(_marked_chip(c, tuple(k for m, k in moves if c in m.cards)) for c in obs.hand)
    passed = "".join(_tag(k, "to partner") for m, k in moves if m.kind == "pass")
    table = (f'<table style="border-collapse:collapse;color:#f4f1e8"><tr><th></th>{head}<th></th></tr>'
             f'{"".join(others)}{middle}{side_row(obs.side)}</table>')
    keys = "".join(f'<div style="font-size:11px;line-height:16px;margin-top:2px">{_tag(k, MARKS[k][3])} {escape(text)}</div>'
                   for (_, k), text in zip(moves, words, strict=False))
    return (f'<div class="xp-moment-table" data-testid="review-picture" style="display:inline-block;font-family:sans-serif;'
            f"color:#f4f1e8;background:radial-gradient(ellipse at 50% 40%, #2c8a5a 0%, {_FELT} 60%, #134a2f 100%);"
            f'border:3px solid #5b3a1e;border-radius:9px;padding:4px 4px 5px;margin:4px 0;max-width:100%;box-sizing:border-box">{table}'
            f'<div style="margin-top:3px;padding-top:3px;border-top:1px solid #ffffff22;font-size:10px">'
            f'<span style="font-weight:600;opacity:.9">your hand</span> {hand} {passed}</div>{keys}</div>')
