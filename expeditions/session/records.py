"""A game's record: saved and loaded as the engine's JSON game record, with the session's own settings (your
seat, the opponents' level, the deck colours) under ``"session"``."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from ..arguments import seat as checked_seat
from ..arguments import shown, writable
from ..errors import ExpeditionsError, RecordError, SeatError
from ..json_input import read_json, unwritable_text
from ..match import match_of
from ..record import RECORD_LIMIT, from_dict
from .game import COLOURS, Game

RECORD_KEY = "session"
"""The top-level key under which a saved record keeps the session's own settings (seat, level, colours)."""


class Records(Game):
    """Save and load a game."""

    def settings(self) -> dict[str, Any]:
        """The session's own settings, as a record keeps them under ``"session"``."""
        return {"seat": self.seat, "level": self.level, "colours": self.colours}

    def to_json(self) -> str:
        """The game record (``ex.loads`` replays it), with the session's settings under ``"session"``."""
        return self.match.to_json(**{RECORD_KEY: self.settings()})

    def save(self, path: str | Path) -> Path:
        """Write the game record to ``path`` (only where you say: there is no default)."""
        target = Path(path)
        target.write_text(self.to_json(), encoding="utf-8")
        self.say(f"Saved to {writable(str(target))}.")
        return target

    def load(self, path: str | Path) -> bool:
        """Go on from the game record at ``path``."""
        target = Path(path)
        try:
            text = target.read_text(encoding="utf-8")
        except OSError as e:
            return self._refuse(f"Cannot read {writable(str(target))}: {e.strerror or e}.")
        return self.load_json(text, source=target.name)

    def load_json(self, text: str, *, source: str = "the record") -> bool:
        """Go on from a game record given as JSON text; a record that does not replay changes nothing."""
        why = self.host.may("load")
        if why is not None:
            return self._refuse(why)
        if self._waiting():
            return False
        try:
            data = read_json(text, "the record", most=RECORD_LIMIT, error=RecordError)
            problem = unwritable_text(data)
            if problem:
                raise RecordError(f"it holds a text that cannot be shown ({problem})")
            game = from_dict(data)
        except ExpeditionsError as e:
            return self._refuse(f"{writable(source)} cannot be loaded: {e}")
        settings = data.get(RECORD_KEY, {})
        settings = settings if isinstance(settings, dict) else {}
        level = settings.get("level")
        colours = settings.get("colours")
        match = match_of(game)
        note = ""
        try:
            seat = checked_seat(settings.get("seat", 0), match.rules.players)
        except SeatError:
            seat = 0
            note = f" (its seat {shown(settings.get('seat'), 30)} is not one of the table's: you sit at seat 0)"
        self._reset(match, seat)
        self.your_games.playing.loaded = not match.is_over  # a record shows the deck: a game played on from one is practice
        if isinstance(level, str):
            if level in self.levels:
                self.level = level
            else:
                note += f" (its opponent {shown(level, 40)} is not here: {self.level} plays on)"
        if colours in COLOURS:
            self.colours = str(colours)
        return self.say(f"Loaded {writable(source)}: {self.rules.title}, round {self.match.round_number}{note}.")


__all__ = ["RECORD_KEY", "Records"]
