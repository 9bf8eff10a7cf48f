"""One checked door for what the page sends: every message and every value the page may set is checked against
a declared form before any handler runs, and a handler that fails leaves the game as it was.

Whatever a browser sends a widget is input from outside: a page's developer tools can send any JSON. Each widget
declares, as data beside it, the forms it takes: ``Messages`` (the known actions, each an ``Obj`` of its fields)
for an anywidget's messages, and for the forms' controls the values the page may set (``controls``). A field is
one of a few small checks: ``Text`` (a text of at most so many characters that can be sent back to the page:
no lone surrogate), ``Whole`` and ``Real`` (numbers within bounds, never ``True`` or ``False``), ``Flag``,
``OneOf`` (one of a few values), ``Either``, ``ListOf`` and ``MapOf`` (of at most so many items), ``Obj`` (an
object of known fields). A check returns the value or raises ``MessageError`` saying what was wrong and what is
accepted; a message refused at the door reaches no handler.

The forms built of ipywidgets controls (the explorer, the calculator) take values, not messages: the page sets a
control's value, and only that (``page_may_set``: a text box its text, a choice its index among the options, a
slider a number within its bounds; no control's description, options, layout or ``disabled``). ``guard_controls``
holds every control of a form to that before the value is set; a refused value is said in words and the control
is sent back as it was.

Behind the door, ``answered`` runs a handler on a session's snapshot: a handler that raises (or leaves a view
that cannot be sent, ``sendable``) puts the session back as it was and says so, so no message leaves a session
unusable.
"""

from __future__ import annotations

import json
import math
import weakref
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any, Protocol

import ipywidgets as widgets

from ..arguments import shown, unwritable, writable
from ..cards import CARDS_TEXT_LIMIT
from ..errors import ExpeditionsError, MessageError


class Field(Protocol):
    """A check of one value from the page."""

    @property
    def takes(self) -> str:
        """What the field takes, in words (``"a whole number from 0 to 99"``)."""
        ...

    def check(self, value: Any, name: str) -> Any:
        """``value`` if it has this form (``name`` says where it was in the message), else ``MessageError``."""
        ...


def _refused(name: str, takes: str, value: Any) -> MessageError:
    return MessageError(f"{name} takes {takes}, got {shown(value, 40)}")


@dataclass(frozen=True)
class Text:
    """A text of at most ``most`` characters, every one of them text (no lone surrogate)."""

    most: int

    @property
    def takes(self) -> str:
        return f"a text of at most {self.most:,} characters"

    def check(self, value: Any, name: str) -> str:
        if not isinstance(value, str):
            raise _refused(name, self.takes, value)
        if len(value) > self.most:
            raise MessageError(f"{name} takes at most {self.most:,} characters, got {len(value):,}")
        problem = unwritable(value)
        if problem:
            raise MessageError(f"{name} is not a text that can be read: {problem}")
        return value


@dataclass(frozen=True)
class Whole:
    """A whole number from ``least`` to ``most`` (``True`` and ``False`` are not numbers here)."""

    least: int
    most: int

    @property
    def takes(self) -> str:
        return f"a whole number from {self.least:,} to {self.most:,}"

    def check(self, value: Any, name: str) -> int:
        if isinstance(value, bool) or not isinstance(value, int) or not self.least <= value <= self.most:
            raise _refused(name, self.takes, value)
        return value


@dataclass(frozen=True)
class Real:
    """A finite number from ``least`` to ``most``."""

    least: float
    most: float

    @property
    def takes(self) -> str:
        return f"a number from {self.least:g} to {self.most:g}"

    def check(self, value: Any, name: str) -> float:
        if (isinstance(value, bool) or not isinstance(value, int | float) or not math.isfinite(value)
                or not self.least <= value <= self.most):
            raise _refused(name, self.takes, value)
        return float(value)


@dataclass(frozen=True)
class Flag:
    """``true`` or ``false``."""

    @property
    def takes(self) -> str:
        return "true or false"

    def check(self, value: Any, name: str) -> bool:
        if not isinstance(value, bool):
            raise _refused(name, self.takes, value)
        return value


@dataclass(frozen=True)
class OneOf:
    """One of ``values`` (texts, whole numbers or ``None``)."""

    values: tuple[str | int | None, ...]

    @property
    def takes(self) -> str:
        return " or ".join("null" if v is None else shown(v) for v in self.values)

    def check(self, value: Any, name: str) -> Any:
        if isinstance(value, bool) or not isinstance(value, str | int | type(None)) or value not in self.values:
            raise _refused(name, self.takes, value)
        return value


@dataclass(frozen=True)
class Either:
    """A value of the ``first`` form or of the ``second``."""

    first: Field
    second: Field

    @property
    def takes(self) -> str:
        return f"{self.first.takes}, or {self.second.takes}"

    def check(self, value: Any, name: str) -> Any:
        try:
            return self.first.check(value, name)
        except MessageError:
            pass
        try:
            return self.second.check(value, name)
        except MessageError:
            raise _refused(name, self.takes, value) from None


@dataclass(frozen=True)
class ListOf:
    """A list of at most ``most`` items, each of the ``item`` form."""

    item: Field
    most: int

    @property
    def takes(self) -> str:
        return f"a list of at most {self.most:,} items"

    def check(self, value: Any, name: str) -> list[Any]:
        if not isinstance(value, list) or len(value) > self.most:
            raise _refused(name, self.takes, value)
        return [self.item.check(v, f"{name}[{i}]") for i, v in enumerate(value)]


@dataclass(frozen=True)
class MapOf:
    """An object of at most ``most`` entries, each key of the ``key`` form and each value of the ``value`` form."""

    key: Text
    value: Field
    most: int

    @property
    def takes(self) -> str:
        return f"an object of at most {self.most:,} entries"

    def check(self, value: Any, name: str) -> dict[str, Any]:
        if not isinstance(value, dict) or len(value) > self.most:
            raise _refused(name, self.takes, value)
        return {self.key.check(k, f"a key of {name}"): self.value.check(v, f"{name}[{shown(k, 30)}]")
                for k, v in value.items()}


@dataclass(frozen=True)
class Obj:
    """An object whose keys are among ``fields`` (each value of its field's form), with every one of ``required``."""

    fields: Mapping[str, Field]
    required: tuple[str, ...] = ()

    @property
    def takes(self) -> str:
        return f"an object of the fields {', '.join(self.fields)}" if self.fields else "an object with no fields"

    def check(self, value: Any, name: str) -> dict[str, Any]:
        if not isinstance(value, dict):
            raise _refused(name, self.takes, value)
        unknown = [k for k in value if k not in self.fields]
        if unknown:
            known = ", ".join(self.fields) or "none"
            raise MessageError(f"{name} has no field {shown(unknown[0], 40)} (its fields: {known})")
        missing = [k for k in self.required if k not in value]
        if missing:
            raise MessageError(f"{name} needs its field {missing[0]!r}")
        return {k: self.fields[k].check(v, k) for k, v in value.items()}


NOTHING = Obj({})
"""A message of no fields but its action."""


@dataclass(frozen=True)
class Messages:
    """The messages a widget takes: objects whose field ``key`` names the action, one of ``forms`` (each an ``Obj``
    of the other fields, or ``Messages`` of its own for a family of actions, keyed by another field). ``unknown``
    is what is said of an action it does not know (``{action}`` in it is the action as given); ``said`` names the
    widget in a refusal (``"The table"``)."""

    key: str
    forms: Mapping[str, Obj | Messages]
    unknown: str
    said: str
    also: tuple[str, ...] = field(default=())
    """Fields checked by the family's parent (its own key): left as they are."""

    def check(self, content: Any) -> dict[str, Any]:
        """``content`` if it is one of the messages, each field of its form; else ``MessageError`` in words."""
        if not isinstance(content, dict):
            raise MessageError(f"{self.said} takes a message that is an object with {self.key!r}, got {shown(content, 40)}")
        action = content.get(self.key)
        form = self.forms.get(action) if isinstance(action, str) else None
        if form is None:
            raise MessageError(self.unknown.format(action=shown(action, 40)))
        assert isinstance(action, str)
        if isinstance(form, Messages):
            return form.check(content)
        rest = {k: v for k, v in content.items() if k != self.key and k not in self.also}
        try:
            checked = form.check(rest, "the message")
        except MessageError as e:
            raise MessageError(f"{self.said} refused {action!r}: {e}.") from None
        return {self.key: action, **{k: content[k] for k in self.also if k in content}, **checked}

    def with_form(self, action: str, form: Obj | Messages) -> Messages:
        """These messages and one more action."""
        return Messages(self.key, {**self.forms, action: form}, self.unknown, self.said, self.also)


# --- the values the page may set on a form's controls ------------------------------------------------------------
def page_may_set(control: widgets.Widget) -> dict[str, Field]:
    """What the page may set on ``control``, by its kind, each within the control's present bounds: a text box its
    ``value`` (at most ``CARDS_TEXT_LIMIT`` characters, the longest text the package reads), a check box or a
    toggle its ``value``, a single choice its ``index`` among its options, a slider its ``value`` within its
    ``min`` and ``max``, a tab or an accordion its ``selected_index`` (or none open); any other control nothing."""
    if isinstance(control, widgets.Text | widgets.Textarea):
        return {"value": Text(CARDS_TEXT_LIMIT)}
    if isinstance(control, widgets.Checkbox | widgets.ToggleButton):
        return {"value": Flag()}
    if isinstance(control, widgets.Dropdown | widgets.ToggleButtons | widgets.RadioButtons | widgets.Select):
        return {"index": Whole(0, len(control.options) - 1)} if control.options else {}
    if isinstance(control, widgets.FloatSlider):
        return {"value": Real(control.min, control.max)}
    if isinstance(control, widgets.IntSlider):
        return {"value": Whole(control.min, control.max)}
    if isinstance(control, widgets.Tab | widgets.Accordion):
        return {"selected_index": Either(OneOf((None,)), Whole(0, max(0, len(control.children) - 1)))}
    return {}


def controls_of(root: widgets.Widget) -> Iterator[widgets.Widget]:
    """``root`` and every control under it (its children, theirs, ...)."""
    yield root
    for child in getattr(root, "children", ()):
        if isinstance(child, widgets.Widget):
            yield from controls_of(child)


_GUARDED: weakref.WeakSet[widgets.Widget] = weakref.WeakSet()


def guard_controls(root: widgets.Widget, refused: Callable[[str], None], what: str = "the form") -> None:
    """Hold ``root`` and every control under it to ``page_may_set`` for the values the page sends: a value of
    another form, or a name the control does not take from the page, is refused (``refused`` says why, in words)
    and the control is sent back as the kernel holds it; a value that is taken but whose handler fails is said
    (``failure_words``) instead of leaving a traceback. Call it again after building new controls under ``root``:
    controls already held are left as they are."""
    for control in controls_of(root):
        if control in _GUARDED:
            continue
        _GUARDED.add(control)
        # ipywidgets sets the page's values in set_state; the check goes in front of it on this control alone
        control.set_state = _checked_set_state(control, control.set_state, refused, what)


def _checked_set_state(control: widgets.Widget, set_state: Callable[[dict[str, Any]], None],
                       refused: Callable[[str], None], what: str) -> Callable[[dict[str, Any]], None]:
    def checked(state: dict[str, Any]) -> None:
        forms = page_may_set(control)
        sent = [k for k in state if k in control.keys] if isinstance(state, dict) else []
        label = f"the control {control.description!r}" if getattr(control, "description", "") else "a control"
        try:
            if not isinstance(state, dict):
                raise MessageError(f"{label} takes an object of values, got {shown(state, 40)}")
            for name, value in state.items():
                form = forms.get(name)
                if form is None:
                    sets = ", ".join(forms) or "nothing"
                    raise MessageError(f"the page cannot set {shown(name, 40)} of {label} (it sets {sets})")
                form.check(value, f"{name} of {label}")
        except MessageError as e:
            refused(writable(str(e)))
            if sent:
                control.send_state(sent)
            return
        try:
            set_state(state)
        except Exception as e:  # a handler behind a control must not leave a traceback for the page: say it
            refused(failure_words(e, what))
            control.send_state(sent)
    return checked


# --- behind the door -----------------------------------------------------------------------------------------
def sendable(view: Mapping[str, Any], what: str = "the view") -> None:
    """Raise ``MessageError`` unless ``view`` goes to the page as JSON in UTF-8 (as the kernel sends it: no lone
    surrogate, no number that JSON cannot write)."""
    try:
        json.dumps(view, ensure_ascii=False, allow_nan=False).encode("utf-8")
    except (UnicodeEncodeError, ValueError, TypeError) as e:
        raise MessageError(f"{what} cannot be sent to the page ({shown(e, 80)})") from None


class Snapshot(Protocol):
    def restore(self) -> None: ...


class Restorable(Protocol):
    """What a widget's door keeps a snapshot of: a session that can say why it refused a message."""

    def snapshot(self) -> Snapshot: ...

    def refuse(self, text: str) -> bool: ...


def failure_words(error: BaseException, what: str = "the table") -> str:
    """What is said when a handler fails: the error in words (a package error's own words), and that nothing
    changed; always a text that can be sent."""
    detail = str(error) if isinstance(error, ExpeditionsError) else f"{type(error).__name__}: {error}"
    detail = writable(detail)
    if len(detail) > 300:
        detail = detail[:295] + " ..."
    return f"That did not work ({detail.rstrip('.')}); {what} is as it was."


def answered(session: Restorable, work: Callable[[], None], what: str = "the table") -> bool:
    """Run ``work`` (a handler, with the view it sends) on ``session``; if it raises, the session is put back as it
    was before, and says why (a refusal at the door in its own words). True when ``work`` went through."""
    before = session.snapshot()
    try:
        work()
    except MessageError as e:
        before.restore()
        session.refuse(writable(str(e)))
        return False
    except Exception as e:  # a handler that fails must not leave the session unusable: say it, change nothing
        before.restore()
        session.refuse(failure_words(e, what))
        return False
    return True


__all__ = ["NOTHING", "Either", "Field", "Flag", "ListOf", "MapOf", "Messages", "Obj", "OneOf", "Real", "Restorable",
           "Snapshot", "Text", "Whole", "answered", "controls_of", "failure_words", "guard_controls", "page_may_set", "sendable"]
