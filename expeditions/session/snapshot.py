"""A snapshot of what a session holds, to put it back as it was when a handler fails.

The values of a game are immutable (a ``Match``, its ``Round``\\ s, the views), so a snapshot copies only what
changes in place: the attributes of each object (a session, its tutorial, the tutorial's store), and one level of
the lists, dicts and sets among them (the selection, the undo stack, the store's entries). Restoring puts every
attribute back, the ones a handler added taken away.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any


def _copied(value: Any) -> Any:
    if isinstance(value, list):
        return list(value)
    if isinstance(value, dict):
        return dict(value)
    if isinstance(value, set):
        return set(value)
    return value


@dataclass(frozen=True)
class Snapshot:
    """The attributes of some objects as they were (``snapshot_of``); ``restore()`` puts them back, as often as asked."""

    kept: tuple[tuple[object, dict[str, Any]], ...]

    def restore(self) -> None:
        for obj, state in self.kept:
            attributes = vars(obj)
            attributes.clear()
            attributes.update({name: _copied(value) for name, value in state.items()})


def snapshot_of(*objects: object) -> Snapshot:
    """What ``objects`` hold now (each object's attributes, containers copied one level deep)."""
    return Snapshot(tuple((obj, {name: _copied(value) for name, value in vars(obj).items()}) for obj in objects))


__all__ = ["Snapshot", "snapshot_of"]
