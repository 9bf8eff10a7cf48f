"""A game's record: saved and loaded as the engine's JSON game record, with the session's own settings (your
seat, the opponents' level, the deck colours) under ``"session"``."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from ..errors import ExpeditionsError
from ..match import match_of
from ..record import loads
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
        self.say(f"Saved to {target}.")
        return target

    def load(self, path: str | Path) -> bool:
        """Go on from the game record at ``path``."""
        target = Path(path)
        try:
            text = target.read_text(encoding="utf-8")
        except OSError as e:
            return self._refuse(f"Cannot read {target}: {e.strerror or e}.")
        return self.load_json(text, source=target.name)

    def load_json(self, text: str, *, source: str = "the record") -> bool:
        """Go on from a game record given as JSON text; a record that does not replay changes nothing."""
        why = self.host.may("load")
        if why is not None:
            return self._refuse(why)
        if self._waiting():
            return False
        try:
            game = loads(text)
            settings = json.loads(text).get(RECORD_KEY, {})
        except ExpeditionsError as e:
            return self._refuse(f"{source} cannot be loaded: {e}")
        settings = settings if isinstance(settings, dict) else {}
        seat = settings.get("seat", 0)
        level = settings.get("level")
        colours = settings.get("colours")
        match = match_of(game)
        seat = seat if isinstance(seat, int) and 0 <= seat < match.rules.players else 0
        self._reset(match, seat)
        self.your_games.playing.loaded = not match.is_over  # a record shows the deck: a game played on from one is practice
        note = ""
        if isinstance(level, str):
            if level in self.levels:
                self.level = level
            else:
                note = f" (its opponent {level!r} is not here: {self.level} plays on)"
        if colours in COLOURS:
            self.colours = str(colours)
        return self.say(f"Loaded {source}: {self.rules.title}, round {self.match.round_number}{note}.")


__all__ = ["RECORD_KEY", "Records"]
