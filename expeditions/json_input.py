"""JSON from outside (a record, a progress file): read within a size, a depth and a number limit.

Python's JSON reader takes any length of text, recurses once per level of nesting (a text of 100,000
``[`` raises ``RecursionError``) and reads integers of up to 4,300 digits (beyond, a ``ValueError`` that
speaks of ``sys.set_int_max_str_digits``). ``read_json`` refuses, in words that state the limit, a text
longer than the limit its caller gives (before reading any of it), lists and objects nested more than
``DEPTH`` deep, and a number of more than ``NUMBER_DIGITS`` digits; the reading is linear in the text.
"""

from __future__ import annotations

import json
from typing import Any

from .arguments import shown, unwritable
from .errors import ExpeditionsError

DEPTH = 20
"""The deepest nesting of lists and objects read (a game record nests 7 deep, a progress file 4)."""
NUMBER_DIGITS = 100
"""The most digits of a number read."""


def read_json(text: str | bytes, what: str, *, most: int, error: type[ExpeditionsError]) -> Any:
    """The value of the JSON ``text`` (characters, or bytes in UTF-8, -16 or -32), or ``error`` naming
    ``what`` when it is longer than ``most`` characters (bytes), is not JSON, nests deeper than ``DEPTH``
    or holds a number of more than ``NUMBER_DIGITS`` digits."""
    unit = "bytes" if isinstance(text, bytes | bytearray) else "characters"
    if len(text) > most:
        raise error(f"{what} is {len(text):,} {unit} long; at most {most:,} are read")

    def whole(digits: str) -> int:
        if len(digits.lstrip("-")) > NUMBER_DIGITS:
            raise error(f"{what} holds a number of {len(digits.lstrip('-')):,} digits; numbers are read up to "
                        f"{NUMBER_DIGITS} digits")
        return int(digits)

    try:
        value = json.loads(text, parse_int=whole)
    except RecursionError:
        value = None
        deep = True
    except ValueError as e:  # JSONDecodeError, text that is not UTF-8; a refusal of ``whole`` passes through
        if isinstance(e, ExpeditionsError):
            raise
        raise error(f"{what} is not valid JSON: {e}") from None
    else:
        deep = nesting(value, DEPTH) > DEPTH
    if deep:
        raise error(f"{what} nests lists and objects more than {DEPTH} deep; JSON is read to {DEPTH} levels")
    return value


def nesting(value: Any, most: int | None = None) -> int:
    """How deep lists and objects nest in ``value`` (0 for a text, number, true, false or null); with
    ``most``, counting stops once past it. Level by level, without recursion: any depth is measured."""
    depth, level = 0, [value]
    while level and (most is None or depth <= most):
        containers = [v for v in level if isinstance(v, list | dict)]
        if not containers:
            break
        depth += 1
        level = [item for c in containers for item in (c.values() if isinstance(c, dict) else c)]
    return depth


def unwritable_text(value: Any) -> str:
    """Why a text in ``value`` (JSON as read: its keys and values at any depth) cannot be written out in UTF-8, in
    words naming the text, or ``""`` when every one can (JSON may escape a lone surrogate: ``"\\ud800"``)."""
    level = [value]
    while level:
        texts = [v for v in level if isinstance(v, str)]
        for text in texts:
            problem = unwritable(text)
            if problem:
                return f"the text {shown(text, 30)}: {problem}"
        containers = [v for v in level if isinstance(v, list | dict)]
        level = [item for c in containers for item in ((*c.keys(), *c.values()) if isinstance(c, dict) else c)]
    return ""
