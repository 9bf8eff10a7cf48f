"""Seeded random messages for the widget fuzz (``test_hostile_widgets``): what a page's developer tools could send.

A message is drawn from a widget's own declaration at the door (``door.Messages``): mostly of its form, with values
taken from a pool of telling texts (cards, moves, records, lesson ids) and numbers within the field's bounds, and
often not of it: a value of another kind, a number beyond the bounds, a text of up to 64 KB, a lone surrogate, a
field too many or one missing, an action nobody knows, JSON of any shape. The explorer's and the calculator's
controls are drawn from ``door.page_may_set`` the same way. Every draw comes from one ``random.Random``, so a seed
gives the same messages on every run.
"""

from __future__ import annotations

import random
import string
from collections.abc import Mapping, Sequence
from typing import Any

from hostile import MAX_INPUT

from expeditions.widgets.door import Either, Flag, ListOf, MapOf, Messages, Obj, OneOf, Real, Text, Whole

ODD_TEXTS = ("", " ", "\ud800", "\udfff x", "null", "NaN", "∞", "²", "①", "-0", "9" * 4_301, "play 7H" + " " * 1_000 + "x",
             "{" * 1_000, "<script>alert(1)</script>", "../../etc/passwd", "\x00", "🂡" * 100)


def junk(rng: random.Random, depth: int = 0) -> Any:
    """Any JSON value, sometimes nested, sometimes large."""
    kind = rng.randrange(9 if depth < 3 else 6)
    if kind == 0:
        return None
    if kind == 1:
        return rng.choice((True, False))
    if kind == 2:
        return rng.choice((0, -1, 1, 2**31, -(2**63), 10**100, rng.randrange(-50, 50)))
    if kind == 3:
        return rng.choice((0.5, -1e308, 1e308, 3.0))
    if kind == 4:
        return rng.choice(ODD_TEXTS)
    if kind == 5:
        return "".join(rng.choice(string.printable) for _ in range(rng.randrange(0, 40)))
    if kind == 6:
        return [junk(rng, depth + 1) for _ in range(rng.randrange(0, 5))]
    if kind == 7:
        return {rng.choice(("action", "do", "index", "value", "text", "x")): junk(rng, depth + 1) for _ in range(rng.randrange(0, 4))}
    return "x" * rng.randrange(MAX_INPUT // 2, MAX_INPUT)


def value_for(field: Any, rng: random.Random, pool: Sequence[str], hostile: float, pools: Pools | None = None) -> Any:
    """A value for ``field``: of its form from ``pool`` (texts) and its bounds, or (with chance ``hostile``)
    anything; the fields of an object inside take theirs from ``pools``."""
    if rng.random() < hostile:
        return junk(rng)
    if isinstance(field, Text):
        text = rng.choice(pool) if pool and rng.random() < 0.85 else rng.choice(ODD_TEXTS)
        return text if len(text) <= field.most or rng.random() < 0.3 else text[: field.most]
    if isinstance(field, Whole):
        low, high = field.least, min(field.most, field.least + 60)
        return rng.randint(low, high) if rng.random() < 0.9 else rng.choice((field.least - 1, field.most + 1))
    if isinstance(field, Real):
        return rng.uniform(field.least, field.most) if rng.random() < 0.9 else field.most * 10 + 1
    if isinstance(field, Flag):
        return rng.random() < 0.5
    if isinstance(field, OneOf):
        return rng.choice(field.values)
    if isinstance(field, Either):
        return value_for(rng.choice((field.first, field.second)), rng, pool, 0.0, pools)
    if isinstance(field, ListOf):
        return [value_for(field.item, rng, pool, hostile / 2, pools) for _ in range(rng.randrange(0, 4))]
    if isinstance(field, MapOf):
        return {str(value_for(field.key, rng, pool, 0.0)): value_for(field.value, rng, pool, hostile / 2, pools)
                for _ in range(rng.randrange(0, 3))}
    if isinstance(field, Obj):
        return fields_for(field, rng, pools or {"*": pool}, hostile / 2)
    raise TypeError(f"no values drawn for a field of kind {type(field).__name__}")


Pools = Mapping[str, Sequence[str]]
"""Telling texts by the name of the field they go in (``"*"``: any other field)."""


def fields_for(form: Obj, rng: random.Random, pools: Pools, hostile: float) -> dict[str, Any]:
    """The fields of one ``Obj``: the required ones (one sometimes left out), the others at random, an unknown one
    sometimes."""
    content = {name: value_for(field, rng, pools.get(name, pools["*"]), hostile, pools) for name, field in form.fields.items()
               if name in form.required or rng.random() < 0.5}
    if form.required and rng.random() < hostile:
        content.pop(rng.choice(form.required), None)
    if rng.random() < hostile / 2:
        content[rng.choice(("also", "__proto__", "seq", "view"))] = junk(rng)
    return content


def message_for(messages: Messages, rng: random.Random, pools: Pools, hostile: float = 0.15) -> Any:
    """One message as the page could send it to a widget that takes ``messages``."""
    if rng.random() < hostile / 3:
        return junk(rng)
    if rng.random() < hostile / 3:
        return {messages.key: rng.choice(("dance", "", None, 7, ["hint"], "HINT", "__init__"))}
    action = rng.choice(sorted(messages.forms))
    form = messages.forms[action]
    if isinstance(form, Messages):
        inner = message_for(form, rng, pools, hostile)
        return {messages.key: action, **(inner if isinstance(inner, dict) else {form.key: inner})}
    return {messages.key: action, **fields_for(form, rng, pools, hostile)}


__all__ = ["Pools", "fields_for", "junk", "message_for", "value_for"]
