"""Checks of the arguments that the public entry points take: one message for one kind of mistake.

Each check returns the value when it is acceptable and otherwise raises a package error (by default
``ArgumentError``; a caller passes its own class, such as ``AnalysisError``) that names the argument,
shows what was given and says what is accepted.
"""

from __future__ import annotations

import math
from typing import Any

from .errors import ArgumentError, ExpeditionsError, SeatError

Seed = int | float | str | None
"""What seeds a shuffle: ``random.Random(seed)`` takes a whole number, a number, a text or ``None``."""


def shown(value: Any, width: int = 60) -> str:
    """``repr(value)``, shortened to about ``width`` characters for a message."""
    try:
        text = repr(value)
    except (ValueError, RecursionError):  # a whole number of more digits than Python writes; lists nested past its limit
        text = f"<{type(value).__name__} too large to show>"
    return text if len(text) <= width else text[: width - 5] + " ...>"


def unwritable(text: str) -> str:
    """Why ``text`` cannot be written out in UTF-8 (to a file, or to the page, which takes JSON in UTF-8), in
    words, or ``""`` when it can: a lone surrogate, which a text read from JSON (``"\\ud800"``) may hold."""
    try:
        text.encode("utf-8")
    except UnicodeEncodeError as e:
        return f"its character {e.start + 1:,} is a lone surrogate, not text"
    return ""


def writable(text: str) -> str:
    """``text`` with each lone surrogate written as its escape (``\\udcff``): a text that can be written out (a
    file's name read with the file system's escapes, an error's words that quote what was refused)."""
    return text.encode("utf-8", "backslashreplace").decode("utf-8")


def short_text(value: str, most: int, what: str, *, accepted: str = "",
               error: type[ExpeditionsError] = ArgumentError) -> str:
    """``value`` if it is at most ``most`` characters long. The check comes before any reading of the text,
    so what the text costs to read is bounded by ``most``."""
    if len(value) > most:
        raise error(f"{what} takes at most {most:,} characters, got {len(value):,} ({shown(value, 30)})"
                    + (f": {accepted}" if accepted else ""))
    return value


def whole_number(value: Any, name: str, *, least: int | None = None, most: int | None = None,
                 error: type[ExpeditionsError] = ArgumentError) -> int:
    """``value`` if it is a whole number (not ``True`` or ``False``) within ``least..most``."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise error(f"{name} takes a whole number, got {shown(value)}")
    if (least is not None and value < least) or (most is not None and value > most):
        if most is None:
            accepted = f"at least {least}"
        elif least is None:
            accepted = f"at most {most}"
        else:
            accepted = f"from {least} to {most}"
        raise error(f"{name} must be {accepted}, got {shown(value)}")
    return value


def real_number(value: Any, name: str, *, least: float | None = None, above: float | None = None,
                error: type[ExpeditionsError] = ArgumentError) -> float:
    """``value`` as a float if it is a finite number, at least ``least`` or greater than ``above``."""
    if isinstance(value, bool) or not isinstance(value, int | float) or not math.isfinite(value):
        raise error(f"{name} takes a number, got {shown(value)}")
    if least is not None and value < least:
        raise error(f"{name} must be at least {least}, got {shown(value)}")
    if above is not None and value <= above:
        raise error(f"{name} must be more than {above}, got {shown(value)}")
    return float(value)


def flag(value: Any, name: str, *, error: type[ExpeditionsError] = ArgumentError) -> bool:
    """``value`` if it is ``True`` or ``False``."""
    if not isinstance(value, bool):
        raise error(f"{name} takes True or False, got {shown(value)}")
    return value


SEED_TEXT_LIMIT = 1_000
"""The longest text a seed may be, in characters."""
SEED_BITS = 64
"""A whole-number seed lies strictly between ``-2**SEED_BITS`` and ``2**SEED_BITS``."""


def seed(value: Any, name: str = "seed", *, error: type[ExpeditionsError] = ArgumentError) -> Seed:
    """``value`` if it can seed a shuffle: a whole number of at most ``SEED_BITS`` bits, a finite number, a text
    of at most ``SEED_TEXT_LIMIT`` characters, or ``None``. A seed travels with every record and saved game,
    so it is kept small."""
    accepted = (f"a seed is a whole number of at most {SEED_BITS} bits, a number, a text of at most {SEED_TEXT_LIMIT:,} "
                "characters, or None")
    if value is None:
        return value
    if isinstance(value, str):
        return short_text(value, SEED_TEXT_LIMIT, name, accepted=accepted, error=error)
    if isinstance(value, bool) or not isinstance(value, int | float) or (isinstance(value, float) and not math.isfinite(value)):
        raise error(f"{name} takes a whole number, a text or None, got {shown(value)}")
    if isinstance(value, int) and value.bit_length() > SEED_BITS:
        raise error(f"{name} takes a whole number of at most {SEED_BITS} bits, got one of {value.bit_length():,} bits: {accepted}")
    return value


def seat(value: Any, players: int, name: str = "seat", *, error: type[ExpeditionsError] = SeatError,
         rules_name: str = "") -> int:
    """``value`` if it is a seat of a table of ``players`` (seats are numbered from 0); the message names the
    rule set ``rules_name`` when given."""
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < players:
        what = "does not exist" if name == "seat" else "is not a seat"
        seats = f"the {rules_name} rules have seats" if rules_name else "seats are"
        raise error(f"{name} {shown(value)} {what}: {seats} 0 to {players - 1}")
    return value


def side(value: Any, sides: int) -> int:
    """``value`` if it is one of ``sides`` scoring sides (numbered from 0; with partners, a team)."""
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < sides:
        raise SeatError(f"side {shown(value)} does not exist: sides are 0 to {sides - 1}")
    return value
