"""The play table: a match against bots, driven by clicks.

Pick a card of your hand, then *Play* or *Discard*, then where to draw from (the deck or the top
card of a pile); with four players, select two cards and *Pass* them to your partner instead. The
bots answer at once, so whenever the table waits, it waits for you (or for *Next round*). Every
move goes through ``Match.play``: the table decides nothing about legality or scores itself, and a
refused move shows the engine's reason with the rule document's words.

Nothing is lost: *Undo* takes back your last move (and the bots' answers), *Save* writes the game
record (JSON, with a download link) and *Load* replays one, from a path or an uploaded file. The
bots' choices depend only on the seed, the round and the turn, so an undone move answered the
same way gets the same answers, and a loaded game goes on as it would have.

Every control has a CSS class (``xp-table``, ``xp-hand``, ``xp-card-7H``, ``xp-play``,
``xp-discard``, ``xp-pass``, ``xp-draw-deck``, ``xp-draw-H``, ``xp-undo``, ``xp-hint``, ``xp-review``,
``xp-next-round``, ``xp-new-game``, ``xp-message``, ``xp-board``, ``xp-log``, ``xp-breakdown``, ...)
for browser tests.
"""

from __future__ import annotations

import base64
import json
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from html import escape
from pathlib import Path
from typing import Any

import ipywidgets as widgets

from ..bots import LEVELS, Bot, BotFactory
from ..cards import SUITS, Card, parse_card
from ..display import board_score_html, cards_html, match_html, observation_board_html
from ..engine import END_REASONS
from ..errors import ExpeditionsError, IllegalMove, NotationError
from ..match import Match, new_match
from ..moves import Draw, Move, MoveKind
from ..observation import Observation
from ..record import loads, save
from ..round import Deal, Round
from ..rules import PRESETS, Rules
from ..rules import rules as get_rules
from .cards import PLAIN_COLOUR, card_button, card_classes, style_card_button

HintProvider = Callable[[Observation], Sequence[Any]]
"""Ranks the moves of a position for the seat to move: items with ``move``, ``value``, ``reason`` (and ``low``, ``high``)."""

ReviewProvider = Callable[[Round, int], object]
"""Reviews a finished round from one seat's point of view; the result shows itself (``_repr_html_``) or prints."""

RECORD_KEY = "table"
"""The key under which a saved record keeps the table's own settings (your seat, the bot level)."""

_ERROR = "#b00020"
_INFO = "#1b5e20"
_NOTE = "#444"


def seats_of_moves(rnd: Round) -> list[int]:
    """The seat that made each move of ``rnd``, in order (replayed from the round's start)."""
    replay = rnd.undo(len(rnd.moves))
    seats = []
    for move in rnd.moves:
        seat = replay.to_move
        assert seat is not None, "a finished round has no further moves"
        seats.append(seat)
        replay = replay.play(move)
    return seats


def hints_html(ranked: Iterable[Any]) -> str:
    """Ranked moves as a small table: move, value (with its interval when given), reason."""
    rows = []
    for item in ranked:
        move = getattr(item, "move", item)
        value = getattr(item, "value", None)
        low, high = getattr(item, "low", None), getattr(item, "high", None)
        shown = f"{value:+.1f}" if isinstance(value, int | float) else ""
        if isinstance(low, int | float) and isinstance(high, int | float):
            shown += f" ({low:+.1f} to {high:+.1f})"
        rows.append(f"<tr><td style='padding:2px 8px'><code>{escape(str(move))}</code></td>"
                    f"<td style='padding:2px 8px;text-align:right'>{escape(shown)}</td>"
                    f"<td style='padding:2px 8px'>{escape(str(getattr(item, 'reason', '')))}</td></tr>")
    if not rows:
        return "<div>no moves to rank</div>"
    return ("<table style='font-family:sans-serif;font-size:13px;border-collapse:collapse'><tr><th>move</th><th>value</th>"
            "<th>why</th></tr>" + "".join(rows) + "</table>")


def as_html(obj: object) -> str:
    """HTML for any result: its ``_repr_html_`` when it has one, else its text."""
    to_html = getattr(obj, "_repr_html_", None)
    if callable(to_html):
        html = to_html()
        if isinstance(html, str):
            return html
    return f"<pre>{escape(str(obj))}</pre>"


def _button(description: str, css: str, tooltip: str = "", width: str = "") -> widgets.Button:
    button = widgets.Button(description=description, tooltip=tooltip or description,
                            layout=widgets.Layout(width=width) if width else widgets.Layout())
    button.add_class(css)
    return button


def _show(widget: Any, visible: bool) -> None:
    widget.layout.display = "" if visible else "none"


class PlayTable(widgets.VBox):  # type: ignore[misc]
    """A match of any rule set against bots: you sit at ``seat`` (0), bots of ``level`` everywhere else
    (with four players: your partner opposite and the two opponents).

    ``levels`` maps level names to bot factories (default: ``expeditions.bots.LEVELS`` as it is now);
    ``hints`` and ``review`` plug in move ranking and round reviews: the *Hint* and *Review* buttons
    appear only when they are given. ``rounds`` shortens or lengthens the match (default: the rule
    set's). From Python: ``select(card)``, ``play_button.click()``, ``draw("deck")``, ``submit(move)``,
    ``undo()``, ``next_round()``, ``play_script(moves)``, ``autoplay(level)``, ``save(path)``, ``load(path)``.
    """

    def __init__(self, rules: Rules | str = "expeditions", *, level: str | None = None, seed: int = 1, rounds: int | None = None,
                 seat: int = 0, levels: Mapping[str, BotFactory] | None = None, hints: HintProvider | None = None,
                 review: ReviewProvider | None = None, path: str = "expeditions-game.json") -> None:
        self.levels: dict[str, BotFactory] = dict(LEVELS if levels is None else levels)
        if not self.levels:
            raise ExpeditionsError("there is no bot level to play against: give levels={'name': factory}")
        level = level if level is not None else next(iter(self.levels))
        if level not in self.levels:
            raise ExpeditionsError(f"there is no bot level {level!r}; the levels are: {', '.join(self.levels)}")
        base = get_rules(rules)
        self._custom = base if base.name not in PRESETS or base != PRESETS[base.name] else None
        self.hints, self.review = hints, review
        self.seat = seat
        self.last_message = ""
        self.stuck = ""
        self._selected: list[int] = []
        self._hand: tuple[Card, ...] = ()
        self._action: MoveKind | None = None
        self._confirm_new = False
        self._reviewed: set[tuple[int, int]] = set()
        self._build_controls(base, level, seed, rounds, path)
        self.match = self._new_match(base, rounds, seed)
        self._advance()
        self._render()
        if self.stuck:
            self._say(self.stuck, _ERROR)

    # --- layout ---------------------------------------------------------------------------------
    def _build_controls(self, base: Rules, level: str, seed: int, rounds: int | None, path: str) -> None:
        self.rule_set = widgets.Dropdown(options=list(PRESETS), value=base.name if base.name in PRESETS else None,
                                         description="rule set")
        self.rule_set.add_class("xp-rule-set")
        self.level = widgets.Dropdown(options=list(self.levels), value=level, description="bot level")
        self.level.add_class("xp-level")
        self.seed = widgets.IntText(value=seed, description="seed", layout=widgets.Layout(width="12em"))
        self.seed.add_class("xp-seed")
        choices: list[tuple[str, int]] = [("as the rules say", 0), ("1 round", 1), ("2 rounds", 2), ("3 rounds", 3)]
        if rounds and rounds not in (1, 2, 3):
            choices.append((f"{rounds} rounds", rounds))
        self.rounds = widgets.Dropdown(options=choices, value=rounds or 0, description="match")
        self.rounds.add_class("xp-rounds")
        self.new_game_button = _button("New game", "xp-new-game", "deal a new match with these settings")
        self.new_game_button.on_click(lambda _: self._on_new_game())
        self.level.observe(lambda _: self._on_level(), names="value")

        self.header = widgets.HTML()
        self.header.add_class("xp-header")
        self.board = widgets.HTML()
        self.board.add_class("xp-board")
        self.status = widgets.HTML()
        self.status.add_class("xp-status")
        self.hand_box = widgets.HBox()
        self.hand_box.add_class("xp-hand")
        self.card_buttons: list[widgets.Button] = []

        self.play_button = _button("Play", "xp-play", "lay the selected card on your expedition of its suit")
        self.discard_button = _button("Discard", "xp-discard", "put the selected card on its suit's discard pile")
        self.pass_button = _button("Pass to partner", "xp-pass", "hand the two selected cards face down to your partner")
        self.undo_button = _button("Undo", "xp-undo", "take back your last move and the bots' answers")
        self.play_button.on_click(lambda _: self._choose("play"))
        self.discard_button.on_click(lambda _: self._choose("discard"))
        self.pass_button.on_click(lambda _: self._pass())
        self.undo_button.on_click(lambda _: self.undo())
        actions = [self.play_button, self.discard_button, self.pass_button, self.undo_button]
        self.hint_button: widgets.Button | None = None
        if self.hints is not None:
            self.hint_button = _button("Hint", "xp-hint", "rank your moves, with reasons")
            self.hint_button.on_click(lambda _: self.hint())
            actions.insert(3, self.hint_button)
        self.action_row = widgets.HBox(actions)
        self.action_row.add_class("xp-actions")

        self.deck_button = _button("deck", "xp-draw-deck", "draw the top card of the deck")
        self.deck_button.on_click(lambda _: self.draw("deck"))
        self.pile_buttons: dict[str, widgets.Button] = {}
        self.draw_row = widgets.HBox([widgets.HTML("<b>draw:</b>&nbsp;"), self.deck_button])
        self.draw_row.add_class("xp-draw")

        self.move_entry = widgets.Text(placeholder="or type a move: play 7H, draw deck", layout=widgets.Layout(width="22em"))
        self.move_entry.add_class("xp-move-entry")
        self.go_button = _button("Go", "xp-go", "make the move typed in the box", width="4em")
        self.go_button.on_click(lambda _: self._submit_typed())

        self.message = widgets.HTML()
        self.message.add_class("xp-message")
        self.hint_box = widgets.HTML()
        self.hint_box.add_class("xp-hints")
        self.breakdown = widgets.HTML()
        self.breakdown.add_class("xp-breakdown")
        self.next_round_button = _button("Next round", "xp-next-round", "deal the next round of the match")
        self.next_round_button.on_click(lambda _: self.next_round())
        end_row: list[Any] = [self.next_round_button]
        self.review_button: widgets.Button | None = None
        self.review_box = widgets.HTML()
        self.review_box.add_class("xp-review-result")
        if self.review is not None:
            self.review_button = _button("Review", "xp-review", "compare your moves of this round with the Expert's")
            self.review_button.on_click(lambda _: self.show_review())
            end_row.append(self.review_button)
        self.end_row = widgets.HBox(end_row)
        self.log_box = widgets.HTML()
        self.log_box.add_class("xp-log")

        self.path = widgets.Text(value=path, description="record", layout=widgets.Layout(width="24em"))
        self.path.add_class("xp-path")
        self.save_button = _button("Save", "xp-save", "write the game record (JSON) to the path")
        self.load_button = _button("Load", "xp-load", "replay the game record at the path")
        self.save_button.on_click(lambda _: self.save())
        self.load_button.on_click(lambda _: self.load())
        self.upload = widgets.FileUpload(accept=".json", multiple=False, description="Load file")
        self.upload.add_class("xp-upload")
        self.upload.observe(self._on_upload, names="value")
        self.download = widgets.HTML()
        self.download.add_class("xp-download")

        super().__init__([
            self.header,
            widgets.HBox([self.rule_set, self.level, self.seed, self.rounds, self.new_game_button]),
            self.board, self.status, self.hand_box, self.action_row, self.draw_row,
            widgets.HBox([self.move_entry, self.go_button]),
            self.message, self.hint_box, self.breakdown, self.end_row, self.review_box, self.log_box,
            widgets.HBox([self.path, self.save_button, self.load_button, self.upload, self.download]),
        ])
        self.add_class("xp-table")

    # --- the game -------------------------------------------------------------------------------
    @property
    def rules(self) -> Rules:
        return self.match.rules

    @property
    def round(self) -> Round:
        """The round being played (or just finished)."""
        return self.match.current

    @property
    def hand(self) -> tuple[Card, ...]:
        """Your hand, as its buttons show it."""
        return self._hand

    @property
    def selected(self) -> tuple[Card, ...]:
        return tuple(self._hand[i] for i in self._selected)

    def _new_match(self, base: Rules, rounds: int | None, seed: int) -> Match:
        rules = get_rules(base, rounds=rounds) if rounds else base
        if not 0 <= self.seat < rules.players:
            self.seat = 0
        return new_match(rules, seed)

    def _on_new_game(self) -> None:
        """The New game button: a game in progress is abandoned only on a second click."""
        in_progress = len(self.match.rounds) > 1 or bool(self.round.moves)
        if in_progress and not self.match.is_over and not self._confirm_new:
            self._confirm_new = True
            self._say("a game is in progress: click New game again to abandon it (Save keeps it)", _NOTE)
            return
        self.new_game()

    def new_game(self, rules: Rules | str | None = None, *, level: str | None = None, seed: int | None = None,
                 rounds: int | None = None) -> None:
        """Deal a new match from the controls (or from the arguments, which set the controls first)."""
        if rules is not None:
            base = get_rules(rules)
            self._custom = base if base.name not in PRESETS or base != PRESETS[base.name] else None
            self.rule_set.value = base.name if base.name in PRESETS else None
        if level is not None:
            if level not in self.levels:
                self._say(f"there is no bot level {level!r}; the levels are: {', '.join(self.levels)}", _ERROR)
                return
            self.level.value = level
        if seed is not None:
            self.seed.value = seed
        if rounds is not None:
            self._set_rounds(rounds)
        name = self.rule_set.value
        base = self._custom if self._custom is not None and self._custom.name == name else get_rules(name)
        self.match = self._new_match(base, self.rounds.value or None, int(self.seed.value))
        self._reset_turn()
        self._reviewed.clear()
        self.review_box.value = self.download.value = ""
        self._advance()
        self._render()
        self._say(self.stuck or f"new game: {self.rules.label}, against {self.level.value}, seed {self.seed.value}",
                  _ERROR if self.stuck else _INFO)

    def _set_rounds(self, rounds: int) -> None:
        values = [v for _, v in self.rounds.options]
        if rounds not in values:
            self.rounds.options = [*self.rounds.options, (f"{rounds} rounds", rounds)]
        self.rounds.value = rounds

    def _bot_seed(self, seat: int) -> int:
        base = self.match.seed if isinstance(self.match.seed, int) else sum(map(ord, str(self.match.seed)))
        return (base * 1_000_003 + self.match.round_number * 10_007 + self.round.turn * 101 + seat) % 2**31

    def _bot(self, seat: int, level: str | None = None) -> Bot:
        return self.levels[level or self.level.value](self._bot_seed(seat))

    def _advance(self) -> bool:
        """Let the bots move until it is your turn or the round is over. If a bot fails, the table
        waits with the reason in ``stuck`` (Undo, or another bot level, goes on); returns False then."""
        self.stuck = ""
        rnd = self.round
        while not rnd.is_over and rnd.to_move != self.seat:
            seat = rnd.to_move
            assert seat is not None
            try:
                self.match = self.match.play(self._bot(seat).choose(rnd.observation(seat)))
            except Exception as e:  # a broken bot must not freeze the table without a word
                self.stuck = (f"the {self.level.value} bot failed to move for {self.seat_name(seat)} ({type(e).__name__}: {e}); "
                              "Undo, or choose another bot level to go on")
                return False
            rnd = self.round
        return True

    def _on_level(self) -> None:
        if self.round.is_over or self.round.to_move == self.seat:
            self._render()
            return
        done = self._advance()
        self._render()
        self._say(f"{self.level.value} plays on: your move" if done else self.stuck, _INFO if done else _ERROR)

    def _cannot_act(self) -> bool:
        """True (and says why) when the table does not wait for your move."""
        rnd = self.round
        if rnd.is_over:
            self._say(self._over_note(), _NOTE)
            return True
        if rnd.to_move != self.seat:
            assert rnd.to_move is not None
            self._say(f"it is the turn of {self.seat_name(rnd.to_move)}, not yours" + (f": {self.stuck}" if self.stuck else ""), _NOTE)
            return True
        return False

    def seat_name(self, seat: int) -> str:
        rules = self.rules
        if seat == self.seat:
            return "you"
        if rules.partnerships:
            who = "your partner" if seat == rules.partner_of(self.seat) else "opponent"
            return f"{who} (seat {seat})"
        return "the bot" if rules.players == 2 else f"bot (seat {seat})"

    def side_name(self, side: int) -> str:
        rules = self.rules
        if rules.partnerships:
            seats = " and ".join(str(s) for s in range(rules.players) if rules.side_of(s) == side)
            return f"your team (seats {seats})" if side == rules.side_of(self.seat) else f"the opponents (seats {seats})"
        return self.seat_name(side)

    # --- your moves -------------------------------------------------------------------------------
    def submit(self, move: Move | str) -> bool:
        """Make ``move`` for your seat (the same path as the buttons); the bots answer. False if refused."""
        if self._cannot_act():
            return False
        try:
            parsed = Move.parse(move)
            self.match = self.match.play(parsed)
        except IllegalMove as e:
            self._refuse(e)
            return False
        except NotationError as e:
            self._say(str(e), _ERROR)
            return False
        before = len(self.round.moves)
        self._reset_turn()
        self._advance()
        answers = [f"{self.seat_name(s)}: {m}" for s, m in
                   zip(seats_of_moves(self.round)[before:], self.round.moves[before:], strict=True)]
        self._render()
        said = f"you: {parsed}" + ("; then " + "; ".join(answers) if answers else "")
        if self.stuck:
            self._say(f"{said}. {self.stuck}", _ERROR)
        else:
            self._say(said + (". " + self._over_note() if self.round.is_over else ""), _INFO)
        return True

    def select(self, card: Card | str) -> None:
        """Click the first button of your hand that shows ``card`` (and is not already selected)."""
        wanted = parse_card(card)
        for i, held in enumerate(self._hand):
            if held == wanted and i not in self._selected:
                self.card_buttons[i].click()
                return
        self._say(f"you do not hold {wanted}" + (" (it is selected already)" if wanted in self.selected else ""), _ERROR)

    def draw(self, source: Draw) -> None:
        """Click a draw button: ``"deck"`` or a suit letter for that suit's discard pile."""
        if self._cannot_act():
            return
        if self._action is None or len(self._selected) != 1:
            self._say("first pick a card of your hand and Play or Discard it; then draw", _NOTE)
            return
        self.submit(Move(self._action, (self._hand[self._selected[0]],), source))

    def _on_card(self, index: int) -> None:
        self._confirm_new = False
        if self._cannot_act() or index >= len(self._hand):
            return
        card = self._hand[index]
        if index in self._selected:
            self._selected.remove(index)
            self._action = None
            self._render_hand()
            self._say(f"{card} put back", _NOTE)
            return
        limit = 2 if self.rules.pass_cards else 1
        self._selected.append(index)
        if len(self._selected) > limit:
            self._selected.pop(0)
        self._action = None
        self._render_hand()
        if len(self._selected) == 2:
            self._say(f"{' and '.join(map(str, self.selected))} selected: Pass them to your partner, "
                      "or click one to put it back", _NOTE)
        else:
            extra = ", or select a second card to pass both to your partner" if limit == 2 else ""
            self._say(f"{card} selected: Play it or Discard it{extra}", _NOTE)

    def _choose(self, kind: MoveKind) -> None:
        self._confirm_new = False
        rnd = self.round
        if self._cannot_act():
            return
        if len(self._selected) != 1:
            self._say("pick one card of your hand first" if not self._selected else
                      "two cards are selected (that is for passing): click one to put it back", _NOTE)
            return
        card = self._hand[self._selected[0]]
        if self._action == kind:
            self._say(f"you already chose to {kind} {card}: now draw, off the deck or from a pile", _NOTE)
            return
        options = [m for m in rnd.legal_moves() if m.kind == kind and m.card == card]
        if not options:
            try:
                rnd.check(Move(kind, (card,), "deck" if rnd.deck_size else None))
            except IllegalMove as e:
                self._refuse(e)
            return
        if all(m.draw is None for m in options):
            self.submit(options[0])
            return
        self._action = kind
        self._render_hand()
        self._say(f"{kind} {card}: now draw, off the deck or the top card of a pile", _NOTE)

    def _pass(self) -> None:
        self._confirm_new = False
        if not self.rules.pass_cards:
            self._say(f"the {self.rules.name} rules have no passing; only the four-player game has it", _NOTE)
            return
        if self._cannot_act():
            return
        if len(self._selected) != 2:
            self._say("select two cards of your hand to pass to your partner", _NOTE)
            return
        first, second = self.selected
        self.submit(Move.pass_cards(first, second))

    def _submit_typed(self) -> None:
        text = self.move_entry.value.strip()
        if not text:
            self._say("type a move first, like 'play 7H, draw deck'", _NOTE)
            return
        if self.submit(text):
            self.move_entry.value = ""

    def undo(self) -> bool:
        """Take back your last move of this round and the bots' answers to it."""
        self._confirm_new = False
        movers = seats_of_moves(self.round)
        mine = [i for i, s in enumerate(movers) if s == self.seat]
        if not mine:
            self._say("nothing of yours to undo in this round", _NOTE)
            return False
        undone = self.round.moves[mine[-1]]
        self.match = self.match.undo(len(movers) - mine[-1])
        self.stuck = ""
        self._reset_turn()
        self._render()
        self._say(f"undone: your {undone} and what followed", _INFO)
        return True

    def next_round(self) -> bool:
        """Deal the next round of the match (once this one is over)."""
        self._confirm_new = False
        if not self.round.is_over:
            self._say(f"round {self.match.round_number} is still being played: finish it first", _NOTE)
            return False
        if self.match.is_over:
            self._say("the match is over: click New game to play another", _NOTE)
            return False
        self.match = self.match.next_round()
        self._reset_turn()
        self.review_box.value = ""
        self._advance()
        self._render()
        self._say(self.stuck or f"round {self.match.round_number} dealt", _ERROR if self.stuck else _INFO)
        return True

    def hint(self) -> None:
        """Show the hint provider's ranking of your moves."""
        if self.hints is None:
            self._say("no hints: this table was built without a hint provider", _NOTE)
            return
        if self._cannot_act():
            return
        ranked = list(self.hints(self.round.observation(self.seat)))
        self.hint_box.value = hints_html(ranked[:5])
        self._say(f"the best {min(5, len(ranked))} of {len(ranked)} ranked moves are shown below the message", _NOTE)

    def show_review(self) -> None:
        """Show the review provider's review of the finished round."""
        if self.review is None:
            self._say("no reviews: this table was built without a review provider", _NOTE)
            return
        rnd = self.round
        if not rnd.is_over:
            self._say("the review comes once the round is over", _NOTE)
            return
        key = (self.match.round_number, len(rnd.moves))
        if key in self._reviewed:
            self._say("the review of this round is shown below already", _NOTE)
            return
        self._reviewed.add(key)
        self.review_box.value = f"<h4>Review of round {key[0]}</h4>" + as_html(self.review(rnd, self.seat))
        self._say("the review of your moves is shown below", _INFO)

    # --- scripts --------------------------------------------------------------------------------
    def play_script(self, moves: Iterable[Move | str]) -> int:
        """Make these moves for your seat, dealing the next round when one ends; stops at the first
        refused move (the message says why). Returns how many were made."""
        made = 0
        for move in moves:
            if self.round.is_over and not self.next_round():
                break
            if not self.submit(move):
                break
            made += 1
        return made

    def autoplay(self, level: str | None = None, *, whole_match: bool = True) -> int:
        """Let a bot of ``level`` (default: the table's level) make your moves, through the same path as
        the buttons, to the end of the round (or of the match). Returns how many moves it made."""
        name = level or self.level.value
        if name not in self.levels:
            raise ExpeditionsError(f"there is no bot level {name!r}; the levels are: {', '.join(self.levels)}")
        made = 0
        while True:
            if self.round.is_over:
                if not whole_match or self.match.is_over:
                    return made
                self.next_round()
                continue
            if self.stuck:
                raise RuntimeError(self.stuck)
            if not self.submit(self._bot(self.seat, name).choose(self.round.observation(self.seat))):
                raise RuntimeError(f"the {name} bot chose a move the rules refuse: {self.last_message}")
            made += 1

    # --- records --------------------------------------------------------------------------------
    def to_json(self) -> str:
        """The game record of the match, with the table's settings under ``"table"``."""
        return self.match.to_json(**{RECORD_KEY: {"seat": self.seat, "level": self.level.value}})

    def save(self, path: str | Path | None = None) -> Path:
        """Write the game record to ``path`` (default: the path box) and offer it as a download."""
        target = Path(path if path is not None else self.path.value)
        text = self.to_json()
        try:
            save(self.match, target, **{RECORD_KEY: {"seat": self.seat, "level": self.level.value}})
        except OSError as e:
            self._say(f"cannot write {target}: {e.strerror or e}; the download link below has the record", _ERROR)
        else:
            self._say(f"saved to {target}", _INFO)
        data = base64.b64encode(text.encode("utf-8")).decode("ascii")
        self.download.value = (f'<a download="{escape(target.name)}" href="data:application/json;base64,{data}">'
                               "download the record</a>")
        return target

    def load(self, path: str | Path | None = None) -> bool:
        """Replay the game record at ``path`` (default: the path box) and go on from where it stopped."""
        target = Path(path if path is not None else self.path.value)
        try:
            text = target.read_text(encoding="utf-8")
        except OSError as e:
            self._say(f"cannot read {target}: {e.strerror or e}", _ERROR)
            return False
        return self.load_json(text, source=str(target))

    def load_json(self, text: str, *, source: str = "the record") -> bool:
        """Replay a game record given as JSON text; a record that does not replay changes nothing."""
        try:
            game = loads(text)
            settings = json.loads(text).get(RECORD_KEY, {})
        except ExpeditionsError as e:
            self._say(f"{source} cannot be loaded: {e}", _ERROR)
            return False
        seat = settings.get("seat", 0) if isinstance(settings, dict) else 0
        level = settings.get("level") if isinstance(settings, dict) else None
        self.adopt(game, seat=seat if isinstance(seat, int) else 0, level=level if isinstance(level, str) else None)
        note = "" if level in self.levels or level is None else f" (its bot level {level!r} is not here: {self.level.value} plays on)"
        self._say(f"loaded {source}: {self.rules.label}, round {self.match.round_number}, turn {self.round.turn + 1}{note}"
                  + (f". {self.stuck}" if self.stuck else ""), _ERROR if self.stuck else _INFO)
        return True

    def adopt(self, game: Round | Match, *, seat: int = 0, level: str | None = None) -> None:
        """Go on from ``game``: a match, or a round (a hand-built position, say), which becomes the first
        round of a match (its later rounds, if any, are shuffled afresh)."""
        if isinstance(game, Round):
            start = game.start
            if isinstance(start, Deal):
                game = Match(game.rules, None, start.starter, (start.deck,), (game,))
            else:
                game = Match(game.rules, None, start.to_move, (), (game,))
        self.seat = seat if 0 <= seat < game.rules.players else 0
        self.match = game
        self._custom = game.rules if game.rules != PRESETS.get(game.rules.name) else None
        self.rule_set.value = game.rules.name if game.rules.name in PRESETS else None
        if isinstance(game.seed, int):
            self.seed.value = game.seed
        if level in self.levels:
            self.level.value = level
        self._reset_turn()
        self._reviewed.clear()
        self.review_box.value = self.download.value = ""
        self._advance()
        self._render()

    @classmethod
    def at(cls, game: Round | Match, *, seat: int = 0, **options: Any) -> PlayTable:
        """A table that goes on from ``game`` (see ``adopt``); ``options`` are those of ``PlayTable``."""
        table = cls(game.rules, **options)
        table.adopt(game, seat=seat, level=options.get("level"))
        if table.stuck:
            table._say(table.stuck, _ERROR)
        else:
            table._say("your move" if not table.round.is_over else table._over_note(), _NOTE)
        return table

    def _on_upload(self, change: dict[str, Any]) -> None:
        files = change["new"]
        if not files:
            return
        item = files[0]
        self.load_json(bytes(item["content"]).decode("utf-8"), source=str(item.get("name", "the uploaded file")))
        self.upload.value = ()

    # --- showing it -----------------------------------------------------------------------------
    def _reset_turn(self) -> None:
        """Forget the choice in progress (and the hint, which was for the position before)."""
        self.hint_box.value = ""
        self._selected = []
        self._action = None
        self._confirm_new = False

    def _say(self, text: str, colour: str = _NOTE, extra_html: str = "") -> None:
        self.last_message = text
        self.message.value = (f'<div class="xp-message-text" style="font-family:sans-serif;color:{colour};padding:2px 0">'
                              f"{escape(text)}{extra_html}</div>")

    def _refuse(self, e: IllegalMove) -> None:
        quote = ""
        if e.quote:
            quote = (f'<div class="xp-quote" style="color:#555;font-style:italic;margin-top:2px">The rules '
                     f"(document {escape(self.rules.document)}): “{escape(e.quote)}”</div>")
        self._say(f"refused: {e}", _ERROR, quote)
        self.last_message = f"refused: {e}" + (f" — the rules: “{e.quote}”" if e.quote else "")

    def _over_note(self) -> str:
        if self.match.is_over:
            winners = ", ".join(self.side_name(s) for s in self.match.winners())
            return f"the match is over; won by {winners}. Click New game to play another"
        return f"round {self.match.round_number} is over: see the breakdown, then click Next round"

    def _render(self) -> None:
        rnd = self.round
        rules = self.rules
        obs = rnd.observation(self.seat)
        rounds = self.match.rounds_to_play
        self.header.value = (f"<div style='font-family:sans-serif'><b>Expeditions</b> · {escape(rules.title)} "
                             f"(<code>{escape(rules.label)}</code>) · against {escape(self.level.value)} · "
                             f"round {self.match.round_number} of {rounds}</div>")
        self.board.value = observation_board_html(obs, [self.side_name(side) for side in range(rules.sides)])
        self.status.value = self._status_html(rnd, obs)
        self._render_hand()
        self._render_draws(rnd)
        _show(self.pass_button, bool(rules.pass_cards))
        if rnd.is_over:
            self.breakdown.value = self._breakdown_html(rnd)
        else:
            self.breakdown.value = ""
        _show(self.end_row, rnd.is_over)
        _show(self.next_round_button, rnd.is_over and not self.match.is_over)
        self.log_box.value = self._log_html()

    def _status_html(self, rnd: Round, obs: Observation) -> str:
        rules = self.rules
        if rnd.is_over:
            turn = f"<b>{escape(self._over_note())}</b>"
        else:
            turn = f"turn {rnd.turn + 1}: <b>your move</b>"
        parts = [turn]
        if rules.stall_limit:
            parts.append(f"stalled turns {rnd.stall} of {rules.stall_limit}")
        if self.match.round_number > 1 or rnd.is_over:
            totals = ", ".join(f"{self.side_name(s)} {t}" for s, t in enumerate(self.match.totals))
            parts.append(f"match totals: {escape(totals)}")
        others = []
        for s in range(rules.players):
            if s != self.seat:
                known = obs.known[s]
                seen = f", known: {cards_html(known)}" if known else ""
                others.append(f"{escape(self.seat_name(s))} holds {obs.hand_sizes[s]} cards{seen}")
        text = " · ".join(parts)
        if others:
            text += "<br>" + "; ".join(others)
        return f"<div style='font-family:sans-serif;font-size:13px'>{text}</div>"

    def _render_hand(self) -> None:
        rnd = self.round
        self._hand = rnd.hand(self.seat)
        while len(self.card_buttons) < len(self._hand):
            index = len(self.card_buttons)
            button = card_button(self._hand[index], extra=("xp-hand-card",))
            button.on_click(lambda _, i=index: self._on_card(i))
            self.card_buttons.append(button)
        for i, card in enumerate(self._hand):
            chosen = i in self._selected
            style_card_button(self.card_buttons[i], card, selected=chosen,
                              extra=("xp-hand-card",) + (("xp-" + self._action,) if chosen and self._action else ()))
        for button in self.card_buttons[len(self._hand):]:
            button.style.button_color = PLAIN_COLOUR
            button._dom_classes = card_classes(None)
        label = widgets.HTML("<b>your hand:</b>&nbsp;" if self._hand else "<i>your hand is empty</i>")
        old = self.hand_box.children[:1]
        self.hand_box.children = [label, *self.card_buttons[: len(self._hand)]]
        for widget in old:
            widget.close()

    def _render_draws(self, rnd: Round) -> None:
        rules = self.rules
        self.deck_button.description = f"deck ({rnd.deck_size})"
        _show(self.draw_row, not rnd.is_over and rnd.deck_size > 0)
        for suit, button in self.pile_buttons.items():
            if suit not in rules.suits:
                _show(button, False)
        for suit in rules.suits:
            button = self.pile_buttons.get(suit)
            if button is None:
                button = _button("", f"xp-draw-{suit}")
                button.on_click(lambda _, s=suit: self.draw(s))
                self.pile_buttons[suit] = button
                self.draw_row.children = [*self.draw_row.children, button]
            pile = rnd.piles[suit]
            top = pile[-1].symbol if pile else "empty"
            button.description = f"{SUITS[suit].symbol if SUITS[suit].symbol != suit else SUITS[suit].name} pile: {top}"
            button.tooltip = f"draw the top card of the {SUITS[suit].name} pile" + (f" ({len(pile)} cards)" if pile else "")
            _show(button, rules.draw_from_piles)

    def _breakdown_html(self, rnd: Round) -> str:
        reason = END_REASONS.get(rnd.end_reason or "", rnd.end_reason or "")
        parts = [f"<div style='font-family:sans-serif'><b>Round {self.match.round_number} is over:</b> {escape(reason)}.</div>"]
        for side in range(self.rules.sides):
            board = rnd.score_breakdown(side)
            parts.append(f"<div style='font-family:sans-serif;margin-top:6px'><b>{escape(self.side_name(side))}</b>: "
                         f"{board.total} points</div>{board_score_html(board)}")
        if self.rules.sides > 1 or self.rules.rounds > 1:
            parts.append(f"<div style='font-family:sans-serif;margin-top:6px'><b>The match</b></div>{match_html(self.match)}")
        return "".join(parts)

    def move_log(self) -> list[str]:
        """Every move of the match so far, one line each: ``round 1, turn 3, you: play 7H, draw deck``."""
        lines = []
        for number, rnd in enumerate(self.match.rounds, start=1):
            for turn, (seat, move) in enumerate(zip(seats_of_moves(rnd), rnd.moves, strict=True), start=1):
                lines.append(f"round {number}, turn {turn}, {self.seat_name(seat)}: {move}")
            if rnd.is_over:
                scores = ", ".join(f"{self.side_name(s)} {p}" for s, p in enumerate(rnd.scores()))
                lines.append(f"round {number} over ({rnd.end_reason}): {scores}")
        return lines

    def _log_html(self) -> str:
        lines = self.move_log()
        if not lines:
            return ""
        items = "".join(f"<li>{escape(line)}</li>" for line in reversed(lines))
        return ("<details open><summary style='font-family:sans-serif'>move log (latest first)</summary>"
                "<ol reversed style='font-family:monospace;font-size:12px;max-height:14em;overflow-y:auto;margin:2px 0'>"
                f"{items}</ol></details>")

    def snapshot_html(self) -> str:
        """The table as static HTML: what an exported report shows in place of the live widget."""
        hand = cards_html(self._hand, "empty")
        return (f"<div class='xp-table-snapshot'>{self.header.value}{self.board.value}{self.status.value}"
                f"<div style='font-family:sans-serif'>your hand: {hand}</div>{self.message.value}{self.breakdown.value}"
                f"{self.review_box.value}{self.log_box.value}</div>")

    def snapshot(self) -> Snapshot:
        """The table as it stands, as a static view that shows itself in a notebook."""
        return Snapshot(self.snapshot_html())

    def _repr_mimebundle_(self, **kwargs: object) -> dict[str, object]:
        bundle: dict[str, object] = super()._repr_mimebundle_(**kwargs)
        bundle["text/html"] = self.snapshot_html()
        return bundle


@dataclass(frozen=True)
class Snapshot:
    """A static view of a play table (HTML)."""

    html: str

    def _repr_html_(self) -> str:
        return self.html


def play_table(rules: Rules | str = "expeditions", *, level: str | None = None, seed: int = 1, rounds: int | None = None,
               seat: int = 0) -> PlayTable:
    """A play table wired to whatever ``expeditions.bots`` offers now: every level of ``LEVELS``, and
    the Hint and Review buttons when ``rank_moves`` and ``review`` exist."""
    from .. import bots

    hints = getattr(bots, "rank_moves", None)
    review = getattr(bots, "review", None)
    return PlayTable(rules, level=level, seed=seed, rounds=rounds, seat=seat, levels=bots.LEVELS,
                     hints=hints if callable(hints) else None, review=review if callable(review) else None)
