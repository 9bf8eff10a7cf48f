"""The card table: a game of Expeditions against bots, played by clicks (or drags) on real card faces.

An anywidget: the table is drawn in the browser by a plain ES module and a CSS file shipped beside
this module (``static/card_table.js``, ``static/card_table.css``: no build step, nothing fetched). The
Python side holds a ``Session`` (``expeditions.session``): every change goes to the browser as the
session's view (the ``view`` trait, plain JSON), and every gesture comes back as a message
(``{"action": "select", "index": 2}``, ``{"action": "pile", "suit": "H"}`` ...) that ``act`` turns into
the session's actions. It works wherever anywidget does: JupyterLab, Voila, VS Code's notebooks.

A turn is two gestures: click (or drag) a card onto its expedition or its discard pile, then click the
deck or a pile. The bots answer one move at a time, each after a short ``pause`` (seconds; 0 in tests)
so that a person sees it happen; a hint, a review and the bots' moves are computed in a worker thread
while the table shows that it is busy (``data-busy="true"``), so nothing looks frozen; a review is shown as it
grows, move by move, with its progress.

From Python: ``CardTable(rules, level=..., seed=...)``, ``CardTable.at(round_or_match, seat=...)``,
``table.session`` (the game), ``table.act({...})`` (a gesture, as the browser sends it),
``table.play(move)`` (a whole move typed in the notation, and the bots' answers).

Every finished game is kept in your games (``session.games``); the table's *Your games* button shows them in place
of the table (``games_panel``: the figures, the list), and a game of the list is reopened on the table move by move
(``session.replay``) until *All games* goes back to the list.
"""

from __future__ import annotations

import asyncio
from concurrent.futures import Future
from html import escape
from pathlib import Path
from typing import Any

import anywidget
import traitlets

from ..display import cards_html, observation_board_html
from ..match import Match
from ..moves import Move
from ..round import Round
from ..rules import Rules
from ..session import Job, Session
from ..session.replay import ReplaySession
from .games_panel import games_panel_html

STATIC = Path(__file__).parent / "static"

PAUSE = 0.8
"""Seconds a bot waits before its move is shown: long enough to see that it is the bot's turn."""


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

    def __init__(self, rules: Rules | str = "expeditions", *, session: Session | None = None, pause: float = PAUSE,
                 background: bool | None = None, **options: Any) -> None:
        super().__init__()
        self.session = session if session is not None else Session(rules, **options)
        self.pause = pause
        self.background = background
        self._sent = 0
        self._timer: asyncio.TimerHandle | None = None
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
    def _on_message(self, _widget: object, content: Any, _buffers: object) -> None:
        if isinstance(content, dict):
            self.act(content)

    def act(self, content: dict[str, Any]) -> None:
        """Do what a gesture in the browser asks (the messages the ES module sends), then redraw and let the
        bots answer. Unknown or malformed messages are answered with a message, never an exception."""
        action = content.get("action")
        if action == "games":
            self._your_games(content)
            self.render()
            self._advance()
            return
        s = self.shown
        suit = content.get("suit") if isinstance(content.get("suit"), str) else None
        index = content.get("index")
        if action == "select" and isinstance(index, int):
            s.select(index=index)
        elif action == "expedition":
            s.lay("expedition", suit)
        elif action == "pile":
            if s.pending is not None:
                s.draw(suit or "")
            else:
                s.lay("discard", suit)
        elif action == "deck":
            s.draw("deck")
        elif action == "lay" and content.get("target") in ("expedition", "discard"):
            s.lay(str(content["target"]))
        elif action == "drop" and isinstance(index, int) and content.get("target") in ("expedition", "discard"):
            s.drop(index, str(content["target"]), suit)
        elif action == "pass":
            if s.passing and len(s.selected) == 2:
                s.pass_cards()
            else:
                s.start_passing(not s.passing)
        elif action == "move":
            s.submit(str(content.get("text", "")))
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
                       colours=content.get("colours") or None, confirm=bool(content.get("confirm")))
        elif action == "level" and isinstance(content.get("level"), str):
            s.set_level(content["level"])
        elif action == "colours" and isinstance(content.get("colours"), str):
            s.set_colours(content["colours"])
        elif action == "save":
            self.send({"type": "record", "name": self.record_name(), "text": s.to_json()})
            s.say(f"The record is downloaded as {self.record_name()}.")
        elif action == "load" and isinstance(content.get("text"), str):
            s.load_json(content["text"], source=str(content.get("name") or "the file"))
        else:
            s.say(f"The table does not know the gesture {action!r}.", "error")
        self.render()
        self._advance()

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
        elif do == "import" and isinstance(content.get("text"), str):
            games.import_text(content["text"], str(content.get("name") or "the file"))
        else:
            games.message = f"The panel does not know the button {do!r}."

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
        one that changes nothing: the browser waits for it)."""
        self._sent += 1
        data = self.shown.view_data()
        games = self.session.your_games
        if self.replay is None and games.open:
            data["games"] = {"html": games_panel_html(games.view(tuple(self.session.levels)))}
        self.view = {**data, "seq": self._sent}

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
        self._start(self.session.start_bot_move())

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
        work = job.compute if job.steps is None else (lambda: self._steps(job, loop))
        future = loop.run_in_executor(None, work)
        future.add_done_callback(lambda done: self._finish(job, done))

    def _steps(self, job: Job[Any], loop: asyncio.AbstractEventLoop) -> Any:
        """Work that grows (a review), in the worker thread: each partial result is shown from the event loop's
        thread as it comes; the work stops early once the table has dropped it (a new game, a load)."""
        assert job.steps is not None
        result = None
        for result in job.steps():
            if self.session.job is not job:
                break
            loop.call_soon_threadsafe(self._step, job, result)
        return result

    def _step(self, job: Job[Any], partial: Any) -> None:
        if self.session.step(job, partial):
            self.render()

    def _finish(self, job: Job[Any], done: asyncio.Future[Any] | Future[Any]) -> None:
        error = done.exception()
        if error is not None:
            self.session.fail(job, error)
        else:
            self.session.finish(job, done.result())
        self.render()
        self._advance()

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
