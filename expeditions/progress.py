"""The progress bar of every long computation (tqdm: a widget in a notebook, text in a terminal)."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Protocol


class Progress(Protocol):
    def update(self, n: int = 1) -> object: ...


class _Silent:
    def update(self, n: int = 1) -> None:
        return None


@contextmanager
def progress_bar(total: int, description: str, *, enabled: bool = True, unit: str = "it") -> Iterator[Progress]:
    """A progress bar over ``total`` steps, closed on leaving; with ``enabled=False`` it shows nothing."""
    if not enabled:
        yield _Silent()
        return
    from tqdm.auto import tqdm  # a notebook widget when run in Jupyter: imported only when a bar is shown

    bar = tqdm(total=total, desc=description, unit=unit, leave=False)
    try:
        yield bar
    finally:
        bar.close()
