"""The card table: a game of Expeditions against bots, played by clicks (or drags) on real card faces.

An anywidget: the table is drawn in the browser by a plain ES module and a CSS file shipped beside
this module (``static/card_table.js``, ``static/card_table.css``: no build step, nothing fetched). The
Python side holds a ``Session`` (``expeditions.session``): every change goes to the browser as the
session's view (the ``view`` trait, plain JSON), and every gesture comes back as a message
(``{"action": "select", "index": 2}``, ``{"action": "pile", "suit": "H"}`` ...) that ``act`` turns into
the session's actions. It works wherever anywidget does: JupyterLab, Voila, VS Code's notebooks.

A turn is two gestures: click (or drag) a card onto its expedition or its discard pile, then click the
deck or a pile. The bots answer one move at a time, each after a short ``pause`` (seconds; 0 in tests)
so that a person sees it happen; a hint, a review and the bots' moves are computed in the table's one worker
thread while the table shows that it is busy (``data-busy="true"``), so nothing looks frozen; a review is shown
as it grows, move by move, with its progress. One job runs at a time: a job the table drops (a lesson restored
during a hint) is cancelled, stops at its next check, and its result is never applied.

From Python: ``CardTable(rules, level=..., seed=...)``, ``CardTable.at(round_or_match, seat=...)``,
``table.session`` (the game), ``table.act({...})`` (a gesture, as the browser sends it),
``table.play(move)`` (a whole move typed in the notation, and the bots' answers).

Every finished game is kept in your games (``session.games``); the table's *Your games* button shows them in place
of the table (``games_panel``: the figures, the list), and a game of the list is reopened on the table move by move
(``session.replay``) until *All games* goes back to the list.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from concurrent.futures import Future, ThreadPoolExecutor
from html import escape
from pathlib import Path
from typing import Any

import anywidget
import traitlets

from ..display import cards_html, observation_board_html
from ..history.store import IMPORT_LIMIT
from ..match import Match
from ..moves import MOVE_TEXT_LIMIT, Move
from ..record import RECORD_LIMIT
from ..round import Round
from ..rules import Rules
from ..session import Job, Session
from ..session.replay import ReplaySession
from .door import NOTHING, Either, Flag, Messages, Obj, OneOf, Text, Whole, answered, sendable
from .games_panel import games_panel_html
from .help import help_view

STATIC = Path(__file__).parent / "static"

PAUSE = 0.8
"""Seconds a bot waits before its move is shown: long enough to see that it is the bot's turn."""

NAME = Text(100)
"""A short name from the page: a rule set, an opponent, deck colours, a suit, a card."""
INDEX = Whole(0, 999)
"""A card's place in your hand."""
TARGET = OneOf(("expedition", "discard"))

GAMES_BUTTONS = ("open", "close", "replay", "replay-next", "replay-back", "replay-close", "export", "download", "import")
"""The buttons of the "Your games" panel and of a kept game reopened (``{"action": "games", "do": ...}``)."""

MESSAGES = Messages("action", {
    "select": Obj({"index": INDEX, "card": NAME}, required=("index",)),
    "expedition": Obj({"suit": NAME}),
    "pile": Obj({"suit": NAME}),
    "deck": NOTHING,
    "lay": Obj({"target": TARGET}, required=("target",)),
    "drop": Obj({"index": INDEX, "target": TARGET, "suit": NAME}, required=("index", "target")),
    "pass": NOTHING,
    "move": Obj({"text": Text(MOVE_TEXT_LIMIT)}, required=("text",)),
    "undo": NOTHING,
    "hint": NOTHING,
    "review": NOTHING,
    "continue": NOTHING,
    "new_game": Obj({"rules": NAME, "level": NAME, "colours": NAME, "confirm": Flag()}),
    "level": Obj({"level": NAME}, required=("level",)),
    "colours": Obj({"colours": NAME}, required=("colours",)),
    "save": NOTHING,
    "load": Obj({"name": Text(255), "text": Text(RECORD_LIMIT)}, required=("text",)),
    "games": Obj({"do": OneOf(GAMES_BUTTONS), "key": Either(NAME, OneOf((None,))), "name": Text(255),
                  "text": Text(IMPORT_LIMIT)}, required=("do",)),
}, unknown="The table does not know the gesture {action}.", said="The table")
"""The messages of the card table's page (``static/card_table.js``): each action with its fields, their kinds and
sizes. A move's text is read up to the notation's own limit, a record up to the records' (``RECORD_LIMIT``)."""


class CardTable(anywidget.AnyWidget):
    """A card table for a ``Session``: any rule set, you against bots of the chosen opponent level.

    ``rules`` and ``options`` (``level``, ``seed``, ``seat``, ``rounds``, ``colours``, ``levels``) make a new
    session; or give one (``session=``). ``pause`` is the time before each bot move is shown. ``background``
    says whether slow work runs in a worker thread while the table stays live: by default it does when an event
    loop runs (Jupyter, Voila); ``False`` makes every gesture answered at once (a script, a test's twin).
    """

    _esm = STATIC / "card_table.js"
    _css = "\n".join((STATIC / name).read_text(encoding="utf-8") for name in ("card_table.css", "your_games.css"))

    view = traitlets.Dict().tag(sync=True)
    """The session's view (``Session.view().to_dict()``): all the browser draws."""
    help = traitlets.Dict().tag(sync=True)
    """The help panel for the rules on the table (``help.help_view``): sent again only when the rules change."""

    def __init__(self, rules: Rules | str = "expeditions", *, session: Session | None = None, pause: float = PAUSE,
                 background: bool | None = None, **options: Any) -> None:
        super().__init__()
        self.session = session if session is not None else Session(rules, **options)
        self.pause = pause
        self.background = background
        self._sent = 0
        self._timer: asyncio.TimerHandle | None = None
        self._executor: ThreadPoolExecutor | None = None
        self.replay: ReplaySession | None = None
        """A kept game reopened from "Your games", shown in place of yours while it is open."""
        self.on_msg(self._on_message)
        self.render()
        self._advance()

    @classmethod
    def at(cls, game: Round | Match, *, seat: int = 0, pause: float = PAUSE, background: bool | None = None,
           **options: Any) -> CardTable:
        """A table that goes on from ``game`` (a hand-built position, a lesson, a loaded match)."""
        return cls(game.rules, session=Session.at(game, seat=seat, **options), pause=pause, background=background)

    # --- the browser's messages -------------------------------------------------------------------
    messages = MESSAGES
    """The messages the table takes (``MESSAGES``): checked at the door before any handler runs."""

    def _on_message(self, _widget: object, content: Any, _buffers: object) -> None:
        self.act(content)

    def act(self, content: Any) -> None:
        """Do what a gesture in the browser asks (the messages the ES module sends, ``MESSAGES``), then redraw and
        let the bots answer. A message not of their form is refused in words and changes nothing; a gesture that
        fails leaves the game as it was and says so (``door.answered``): never an exception."""
        self._answered(lambda: self._gesture(self.messages.check(content)))

    def set_state(self, sync_data: dict[str, Any]) -> None:
        """The page sets none of the table's values (it sends gestures): a value sent is refused, and the page is
        sent the table's own values again."""
        names = sorted(k for k in sync_data if k in self.keys)
        self.send_state(names or None)
        self._answered(lambda: self.session.refuse(f"The page cannot set the table's {', '.join(names) or 'values'}: "
                                                    "it sends gestures, and the table answers with its view."))

    def _answered(self, work: Callable[[], object], *, render: bool = True) -> None:
        """``work``, then the view it leads to (unless ``work`` sends it itself: ``render=False``), behind the door
        (``door.answered``: a failure puts the game back as it was and says so); then the bots answer."""

        def answer() -> None:
            work()
            if render:
                self.render()

        if not answered(self.session, answer):
            self._restored()
            self.render()
        self._advance()

    def _restored(self) -> None:
        """The session was put back as it was after a handler failed (a lesson table sends its progress again)."""

    def _gesture(self, content: dict[str, Any]) -> None:
        """A checked message's gesture, on the session (or the kept game reopened, while it is shown)."""
        action = content["action"]
        if action == "games":
            self._your_games(content)
            return
        s = self.shown
        suit = content.get("suit")
        if action == "select":
            s.select(index=content["index"])
        elif action == "expedition":
            s.lay("expedition", suit)
        elif action == "pile":
            if s.pending is not None:
                s.draw(suit or "")
            else:
                s.lay("discard", suit)
        elif action == "deck":
            s.draw("deck")
        elif action == "lay":
            s.lay(content["target"])
        elif action == "drop":
            s.drop(content["index"], content["target"], suit)
        elif action == "pass":
            if s.passing and len(s.selected) == 2:
                s.pass_cards()
            else:
                s.start_passing(not s.passing)
        elif action == "move":
            s.submit(content["text"])
        elif action == "undo":
            s.undo()
        elif action == "hint":
            self._start(s.start_hint())
        elif action == "review":
            self._start(s.start_review())
        elif action == "continue":
            s.next_round()
        elif action == "new_game":
            s.new_game(content.get("rules") or None, level=content.get("level") or None,
                       colours=content.get("colours") or None, confirm=content.get("confirm", False))
        elif action == "level":
            s.set_level(content["level"])
        elif action == "colours":
            s.set_colours(content["colours"])
        elif action == "save":
            record = {"type": "record", "name": self.record_name(), "text": s.to_json()}
            sendable(record, "the record")
            self.send(record)
            s.say(f"The record is downloaded as {self.record_name()}.")
        elif action == "load":
            s.load_json(content["text"], source=content.get("name") or "the file")

    @property
    def shown(self) -> Session:
        """The session the table shows: a kept game reopened move by move, or your own."""
        return self.replay if self.replay is not None else self.session

    def _your_games(self, content: dict[str, Any]) -> None:
        """The "Your games" panel's buttons and the replay's (``{"action": "games", "do": ...}``)."""
        games, do, key = self.session.your_games, content.get("do"), content.get("key")
        if do in ("open", "close"):
            self.replay = None
            games.show(do == "open")
        elif do == "replay" and isinstance(key, str):
            stored = games.stored(key)
            if stored is None:
                games.message = "That game is not in your games any more."
            else:
                self.replay = ReplaySession(stored, number=games.number_of(key), colours=self.session.colours)
        elif do in ("replay-next", "replay-back") and self.replay is not None:
            if do == "replay-next":
                self.replay.forward()
            else:
                self.replay.back()
        elif do == "replay-close":
            self.replay = None
            games.show(True)
        elif do in ("export", "download"):
            download = games.export() if do == "export" else games.download()
            if download is not None:
                self.send({"type": "record", "name": download.filename, "text": download.text})
        elif do == "import" and "text" in content:
            games.import_text(content["text"], str(content.get("name") or "the file"))
        else:  # the door knows every button: what is left is a button that needs what it was not sent
            games.message = f"The panel's button {do!r} needs what it was not sent (a game's key, a file's text)."

    def record_name(self) -> str:
        """The file name a downloaded record gets: the rule set, the seed and the round."""
        m = self.session.match
        seed = f"-seed{m.seed}" if m.seed is not None else ""
        return f"expeditions-{m.rules.name}{seed}-round{m.round_number}.json"

    # --- Python's shortcuts -----------------------------------------------------------------------
    def play(self, move: Move | str) -> bool:
        """Make your whole move (in the notation, like ``"play 7H, draw deck"``); the bots answer at once."""
        made = self.session.submit(move)
        self.session.settle()
        self.render()
        return made

    def render(self) -> None:
        """Send the session's view to the browser (numbered, so that every answer to a gesture is sent, even
        one that changes nothing: the browser waits for it); a view that cannot be sent raises ``MessageError``."""
        data = self.shown.view_data()
        games = self.session.your_games
        if self.replay is None and games.open:
            data["games"] = {"html": games_panel_html(games.view(tuple(self.session.levels)))}
        view = {**data, **self._beside_view(), "seq": self._sent + 1}
        sendable(view)
        self._sent += 1
        self.view = view
        self.help = help_view(self.shown.rules)

    def _beside_view(self) -> dict[str, Any]:
        """What a kind of table adds to the session's view (the lesson table: the way back to its lessons)."""
        return {}

    # --- the bots and the slow work ---------------------------------------------------------------
    def _loop(self) -> asyncio.AbstractEventLoop | None:
        """The running event loop to wait and work in (the kernel's, in Jupyter and Voila); ``None`` to answer
        at once (a plain script or test, or ``background=False``)."""
        if self.background is False:
            return None
        try:
            return asyncio.get_running_loop()
        except RuntimeError:
            if self.background:
                raise RuntimeError("background=True needs a running event loop (Jupyter, Voila)") from None
            return None

    def _advance(self) -> None:
        """Let the next bot move: at once without an event loop (tests, scripts), else after the pause."""
        s = self.session
        if s.job is not None or not s.bots_to_move:
            return
        loop = self._loop()
        if loop is None:
            s.settle()
            self.render()
            return
        if self._timer is not None:
            self._timer.cancel()
        self._timer = loop.call_later(max(0.0, self.pause), self._bot_step)

    def _bot_step(self) -> None:
        self._timer = None
        self._answered(lambda: self._start(self.session.start_bot_move()), render=False)

    def _start(self, job: Job[Any] | None) -> None:
        """Run a job: in a worker thread when the kernel's loop runs (the table shows it is busy meanwhile),
        else here and now."""
        if job is None:
            return
        loop = self._loop()
        if loop is None:
            self.session.run(job)
            self.render()
            self._advance()
            return
        self.render()
        future = loop.run_in_executor(self._worker(), lambda: self._work(job, loop))
        future.add_done_callback(lambda done: self._finish(job, done))

    def _worker(self) -> ThreadPoolExecutor:
        """The table's one worker thread: its jobs run one after another, never two at once."""
        if self._executor is None:
            self._executor = ThreadPoolExecutor(max_workers=1, thread_name_prefix="expeditions-table")
        return self._executor

    def _work(self, job: Job[Any], loop: asyncio.AbstractEventLoop) -> Any:
        """A job's work, in the worker thread: none at all for a job cancelled while it waited for the one before."""
        if job.cancelled:
            return None
        return job.compute() if job.steps is None else self._steps(job, loop)

    def _steps(self, job: Job[Any], loop: asyncio.AbstractEventLoop) -> Any:
        """Work that grows (a review), in the worker thread: each partial result is shown from the event loop's
        thread as it comes; the work stops early once the table has dropped it (a new game, a load)."""
        assert job.steps is not None
        result = None
        for result in job.steps():
            if self.session.job is not job or job.cancelled:
                break
            loop.call_soon_threadsafe(self._step, job, result)
        return result

    def _step(self, job: Job[Any], partial: Any) -> None:
        def show() -> None:
            if self.session.step(job, partial):
                self.render()

        self._answered(show, render=False)

    def _finish(self, job: Job[Any], done: asyncio.Future[Any] | Future[Any]) -> None:
        error = done.exception()
        if error is not None:
            self._answered(lambda: self.session.fail(job, error))
        else:
            self._answered(lambda: self.session.finish(job, done.result()))

    # --- outside a live notebook ------------------------------------------------------------------
    def snapshot_html(self) -> str:
        """The table as static HTML: what an exported report shows in place of the live widget."""
        s = self.session
        obs = s.round.observation(s.seat)
        names = [s.side_name(side) for side in range(s.rules.sides)]
        return (f"<div class='xt-snapshot'><div style='font-family:sans-serif'><b>{escape(s.rules.title)}</b> · round "
                f"{s.match.round_number} of {s.match.rounds_to_play} · {escape(s.view().status)}</div>"
                f"{observation_board_html(obs, names)}<div style='font-family:sans-serif'>your hand: "
                f"{cards_html(obs.hand, 'empty')}</div></div>")

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        bundle = super()._repr_mimebundle_(**kwargs)
        if isinstance(bundle, tuple):
            data, metadata = bundle
            return {**data, "text/html": self.snapshot_html()}, metadata
        return bundle


def card_table(rules: Rules | str = "expeditions", **options: Any) -> CardTable:
    """A card table for ``rules`` (every option of ``CardTable``): what the play app shows."""
    return CardTable(rules, **options)
