"""Reading lessons from their TOML files: one file per lesson, one folder per track.

A track is a folder of lesson files (``lessons/path/``, ``lessons/appendix/``), taken in the order of
their file names, ``NN-<id>.toml``. A lesson file holds its ``id``, ``title``, ``text``, ``rule_set``,
``teaches`` (rule keys of the rule set's quotes), a ``[position]`` (the arguments of
``ex.position``; a hand written ``"dealt"`` is dealt from the cards placed nowhere else, and
``rest = "piles"`` puts every card placed nowhere else on its suit's discard pile, under the cards
named there) or a ``[deal]`` (``seed``, ``starter``), and a ``[task]`` (see ``model``). Whatever is
shuffled is shuffled by the position's ``seed``, so a lesson is the same on every machine.
Everything is checked as it is read: a mistake in a file is a ``LessonError`` naming the file and
the field.
"""

from __future__ import annotations

import random
import tomllib
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from functools import lru_cache
from pathlib import Path
from typing import Any

from ..advice import LEVELS
from ..cards import Card, parse_cards
from ..errors import ExpeditionsError, LessonError
from ..moves import Move
from ..round import Round, deal, position
from ..rules import OVERRIDABLE, PRESETS, Rules
from .files import lesson_dir
from .judges import JUDGES
from .model import (
    DRAWS,
    MISTAKES,
    Case,
    ChoiceTask,
    Lesson,
    Mistake,
    MoveMatch,
    MoveTask,
    NumberTask,
    Option,
    PuzzleTask,
    RoundTask,
    Says,
    Task,
    placeholders,
)
from .puzzles import Puzzle, puzzle_text, puzzles

TRACKS = ("path", "appendix")
"""The tracks of lessons, in the order a learner meets them: the main path, then the appendix of other rule sets."""
PUZZLES = "puzzles"
"""The track of the puzzles (``lessons.puzzles``): the shipped puzzle set, one lesson each, after the lessons."""

DEALT = "dealt"


# --- reading fields -----------------------------------------------------------------------------
_TYPE_WORDS = {str: "a text", int: "a whole number", bool: "true or false", list: "a list", dict: "a table"}


def _fields(where: str, table: Any, required: set[str], optional: set[str]) -> Mapping[str, Any]:
    if not isinstance(table, Mapping):
        raise LessonError(f"{where} must be a table")
    unknown = sorted(set(table) - required - optional)
    if unknown:
        raise LessonError(f"{where}: unknown field(s) {', '.join(unknown)}; the fields are {', '.join(sorted(required | optional))}")
    missing = sorted(required - set(table))
    if missing:
        raise LessonError(f"{where}: missing {', '.join(missing)}")
    return table


def _typed(where: str, table: Mapping[str, Any], key: str, kind: type, default: Any = None) -> Any:
    value = table.get(key, default)
    if key in table and (not isinstance(value, kind) or (kind is int and isinstance(value, bool))):
        raise LessonError(f"{where}: {key} must be {_TYPE_WORDS[kind]}, got {value!r}")
    return value


def _cards(where: str, value: Any) -> tuple[Card, ...]:
    if not isinstance(value, str | list):
        raise LessonError(f"{where}: cards are written as text, like \"7H 9H\", got {value!r}")
    try:
        return tuple(parse_cards(value))
    except ExpeditionsError as e:
        raise LessonError(f"{where}: {e}") from None


def _says(where: str, table: Any, rules: Rules, facts: frozenset[str], extra: set[str] | None = None) -> Says:
    t = _fields(where, table, {"says"}, {"rule"} | (extra or set()))
    text = _typed(where, t, "says", str)
    rule = _typed(where, t, "rule", str, "")
    if rule and not rules.quote(rule):
        raise LessonError(f"{where}: the {rules.name} rules have no quote for {rule!r}; they quote: {_quoted(rules)}")
    _computed(where, text, facts)
    return Says(text, rule)


def _quoted(rules: Rules) -> str:
    return ", ".join(k for k, _ in rules.quotes)


def _computed(where: str, text: str, facts: frozenset[str]) -> None:
    """The ``{names}`` in a text must be facts the task computes."""
    unknown = placeholders(text) - facts
    if unknown:
        named = ", ".join("{" + n + "}" for n in sorted(unknown))
        computes = f" (it computes {', '.join('{' + f + '}' for f in sorted(facts))})" if facts else ""
        raise LessonError(f"{where}: the words name {named}, which this task does not compute{computes}")


# --- positions ----------------------------------------------------------------------------------
_POSITION_FIELDS = {"expeditions", "piles", "deck", "rest", "seed", "to_move", "turns", "stall", "removed", "set_aside"}


def _position(where: str, table: Any, rules: Rules) -> Round:
    t = _fields(where, table, {"hands"}, _POSITION_FIELDS)
    hands_given = _typed(where, t, "hands", list)
    hands: list[str | None] = []
    for i, h in enumerate(hands_given):
        if not isinstance(h, str):
            raise LessonError(f"{where}: hand {i} must be a text of cards or {DEALT!r}, got {h!r}")
        hands.append(None if h.strip() == DEALT else h)
    expeditions = _typed(where, t, "expeditions", list, [])
    piles = dict(_typed(where, t, "piles", dict, {}))
    deck_given = _typed(where, t, "deck", str)
    rest = _typed(where, t, "rest", str, "deck")
    seed = _typed(where, t, "seed", int)
    removed = _typed(where, t, "removed", str, "")
    set_aside = _typed(where, t, "set_aside", str)
    if rest not in ("deck", "piles"):
        raise LessonError(f"{where}: rest must be 'deck' (cards placed nowhere else are shuffled into the deck) or 'piles', got {rest!r}")
    shuffles = None in hands or (deck_given is None and rest == "deck")
    if shuffles and seed is None:
        raise LessonError(f"{where}: cards are dealt or shuffled here, so give a seed: a lesson is the same on every machine")
    if rest == "piles":
        if None in hands:
            raise LessonError(f"{where}: with rest = 'piles' every hand is given, none {DEALT!r}")
        placed: list[Card] = [c for h in hands if h for c in _cards(where, h)]
        for side in expeditions:
            placed += [c for cards in (side.values() if isinstance(side, Mapping) else [side]) for c in _cards(where, cards)]
        placed += [c for cards in piles.values() for c in _cards(where, cards)]
        placed += [*_cards(where, deck_given or ""), *_cards(where, removed), *_cards(where, set_aside or "")]
        left = list((Counter(rules.deck) - Counter(placed)).elements())
        random.Random(seed).shuffle(left)
        for suit in rules.suits:
            under = " ".join(str(c) for c in left if c.suit == suit)
            on_top = piles.get(suit, "")
            piles[suit] = f"{under} {on_top}".strip()
        deck_given = deck_given or ""
    try:
        return position(rules, hands=hands, expeditions=expeditions, piles=piles, deck=deck_given,
                        to_move=_typed(where, t, "to_move", int, 0), removed=removed, set_aside=set_aside,
                        turns=_typed(where, t, "turns", int, 0), stall=_typed(where, t, "stall", int, 0), seed=seed)
    except ValueError as e:  # the package's errors, and the plain ValueError of a seat that does not exist
        raise LessonError(f"{where} is not a position of the {rules.name} rules: {e}") from None


def _deal(where: str, table: Any, rules: Rules) -> Round:
    t = _fields(where, table, {"seed"}, {"starter"})
    try:
        return deal(rules, seed=_typed(where, t, "seed", int), starter=_typed(where, t, "starter", int, 0))
    except ValueError as e:
        raise LessonError(f"{where}: {e}") from None


# --- tasks --------------------------------------------------------------------------------------
_MATCH_FIELDS = {"kind", "cards", "suit", "investment", "starts", "draw", "ends", "end_reason"}


def _match(where: str, table: Any, rules: Rules) -> MoveMatch:
    t = _fields(where, table, set(), _MATCH_FIELDS)
    kind = _typed(where, t, "kind", str)
    if kind is not None and kind not in ("play", "discard", "pass"):
        raise LessonError(f"{where}: kind must be play, discard or pass, got {kind!r}")
    suit = _typed(where, t, "suit", str)
    if suit is not None and suit not in rules.suits:
        raise LessonError(f"{where}: {suit!r} is not a suit of the {rules.name} rules: {' '.join(rules.suits)}")
    draw = _typed(where, t, "draw", str)
    if draw is not None and draw not in DRAWS and draw not in rules.suits:
        raise LessonError(f"{where}: draw must be {', '.join(DRAWS)} or a suit letter, got {draw!r}")
    return MoveMatch(kind=kind, cards=_cards(where, t["cards"]) if "cards" in t else (), suit=suit,
                     investment=_typed(where, t, "investment", bool), starts=_typed(where, t, "starts", bool), draw=draw,
                     ends=_typed(where, t, "ends", bool), end_reason=_typed(where, t, "end_reason", str))


def _refused(where: str, table: Any) -> tuple[tuple[str, str], ...]:
    if not isinstance(table, Mapping) or not all(isinstance(v, str) for v in table.values()):
        raise LessonError(f"{where} must be a table of rule key = words")
    return tuple((str(k), str(v)) for k, v in table.items())


def _move_task(where: str, t: Mapping[str, Any], rules: Rules) -> MoveTask:
    _fields(where, t, {"kind", "text", "show", "right", "wrong"}, {"refused"})
    right = _fields(f"{where}.right", t["right"], {"when", "says"}, {"rule"})
    wrong_tables = _typed(where, t, "wrong", list)
    cases = []
    for i, w in enumerate(wrong_tables):
        at = f"{where}.wrong[{i}]"
        case = _fields(at, w, {"name", "says"}, {"when", "rule"})
        cases.append(Case(_typed(at, case, "name", str), _match(f"{at}.when", case.get("when", {}), rules),
                          _says(at, case, rules, MoveTask.facts, {"name", "when"})))
    if not cases or not cases[-1].when.matches_everything:
        raise LessonError(f"{where}: the last wrong case has no 'when': it answers every legal move that is not the task")
    names = [c.name for c in cases]
    if len(set(names)) != len(names):
        raise LessonError(f"{where}: the wrong cases need different names, got {', '.join(names)}")
    try:
        show = Move.parse(_typed(where, t, "show", str))
    except ExpeditionsError as e:
        raise LessonError(f"{where}.show: {e}") from None
    return MoveTask(_typed(where, t, "text", str), _match(f"{where}.right.when", right["when"], rules),
                    _says(f"{where}.right", right, rules, MoveTask.facts, {"when"}), show, tuple(cases),
                    _refused(f"{where}.refused", t.get("refused", {})))


def _number_task(where: str, t: Mapping[str, Any], rules: Rules) -> NumberTask:
    _fields(where, t, {"kind", "text", "right", "wrong"}, {"side", "mistakes"})
    mistakes = []
    for i, m in enumerate(_typed(where, t, "mistakes", list, [])):
        at = f"{where}.mistakes[{i}]"
        table = _fields(at, m, {"name", "says"}, {"rule", "rules"})
        name = _typed(at, table, "name", str)
        if name not in MISTAKES:
            raise LessonError(f"{at}: {name!r} is not a mistake a score check knows; they are {', '.join(MISTAKES)}")
        overrides = _typed(at, table, "rules", dict, {})
        if (name == "other-rules") != bool(overrides):
            raise LessonError(f"{at}: the mistake 'other-rules' and only it gives the other rules, like rules = {{bonus_at = 6}}")
        unknown = sorted(set(overrides) - set(OVERRIDABLE))
        if unknown:
            raise LessonError(f"{at}: {', '.join(unknown)} cannot be overridden; the rules that can: {', '.join(OVERRIDABLE)}")
        mistakes.append(Mistake(name, _says(at, table, rules, NumberTask.facts, {"name", "rules"}), tuple(overrides.items())))
    names = [m.name for m in mistakes]
    if len(set(names)) != len(names):
        raise LessonError(f"{where}: each mistake is named once, got {', '.join(names)}")
    side = _typed(where, t, "side", int, 0)
    if not 0 <= side < rules.sides:
        raise LessonError(f"{where}: side {side} does not exist: sides are 0 to {rules.sides - 1}")
    return NumberTask(_typed(where, t, "text", str), _says(f"{where}.right", t["right"], rules, NumberTask.facts),
                      _says(f"{where}.wrong", t["wrong"], rules, NumberTask.facts), tuple(mistakes), side)


def _choice_task(where: str, t: Mapping[str, Any], rules: Rules) -> ChoiceTask:
    _fields(where, t, {"kind", "text", "options", "judge", "right", "wrong"}, set())
    options = []
    for i, o in enumerate(_typed(where, t, "options", list)):
        table = _fields(f"{where}.options[{i}]", o, {"value", "label"}, set())
        options.append(Option(_typed(where, table, "value", str), _typed(where, table, "label", str)))
    judge_table = _typed(where, t, "judge", dict)
    name = judge_table.get("name")
    spec = JUDGES.get(name) if isinstance(name, str) else None
    if spec is None:
        raise LessonError(f"{where}.judge: name must be one of {', '.join(JUDGES)}, got {name!r}")
    args = _fields(f"{where}.judge", judge_table, {"name"} | set(spec.required), set(spec.args))
    for key, kind in spec.args.items():
        _typed(f"{where}.judge", args, key, kind)
    if "suit" in args and args["suit"] not in rules.suits:
        raise LessonError(f"{where}.judge: {args['suit']!r} is not a suit of the {rules.name} rules: {' '.join(rules.suits)}")
    if {o.value for o in options} != spec.options or len(options) != len(spec.options):
        raise LessonError(f"{where}: the judge {name!r} answers {', '.join(sorted(spec.options))}, so the options' values are "
                          f"exactly those, got {', '.join(o.value for o in options)}")
    return ChoiceTask(_typed(where, t, "text", str), tuple(options), name,
                      _says(f"{where}.right", t["right"], rules, spec.facts), _says(f"{where}.wrong", t["wrong"], rules, spec.facts),
                      tuple((k, v) for k, v in args.items() if k != "name"))


def _round_task(where: str, t: Mapping[str, Any], rules: Rules) -> RoundTask:
    _fields(where, t, {"kind", "text", "opponent", "right"}, {"hints", "refused"})
    opponent = _typed(where, t, "opponent", str)
    if opponent not in LEVELS:
        raise LessonError(f"{where}: opponent must be one of {', '.join(LEVELS)}, got {opponent!r}")
    if rules.players != 2:
        raise LessonError(f"{where}: a round against one opponent needs a two-player rule set, not {rules.name}")
    return RoundTask(_typed(where, t, "text", str), opponent, _says(f"{where}.right", t["right"], rules, RoundTask.facts),
                     _typed(where, t, "hints", bool, True), _refused(f"{where}.refused", t.get("refused", {})))


_TASKS: dict[str, Callable[[str, Mapping[str, Any], Rules], Task]] = {
    "move": _move_task, "number": _number_task, "choice": _choice_task, "round": _round_task,
}


# --- lessons ------------------------------------------------------------------------------------
def read_lesson(path: Path, track: str = "") -> Lesson:
    """Read one lesson file and check it: its rule set, quotes, position and task."""
    where = path.name
    try:
        with path.open("rb") as f:
            data = tomllib.load(f)
    except tomllib.TOMLDecodeError as e:
        raise LessonError(f"{where} is not valid TOML: {e}") from None
    t = _fields(where, data, {"id", "title", "text", "rule_set", "task"}, {"teaches", "position", "deal"})
    rule_set = _typed(where, t, "rule_set", str)
    rules = PRESETS.get(rule_set)
    if rules is None:
        raise LessonError(f"{where}: there is no rule set {rule_set!r}; the rule sets are: {', '.join(PRESETS)}")
    teaches = tuple(_typed(where, t, "teaches", list, []))
    unquoted = [k for k in teaches if not isinstance(k, str) or not rules.quote(k)]
    if unquoted:
        raise LessonError(f"{where}: teaches {', '.join(map(repr, unquoted))}, which the {rules.name} rules do not quote; "
                          f"they quote: {_quoted(rules)}")
    if ("position" in t) == ("deal" in t):
        raise LessonError(f"{where}: give either a [position] or a [deal]")
    start = _position(f"{where} [position]", t["position"], rules) if "position" in t else _deal(f"{where} [deal]", t["deal"], rules)
    task_table = _typed(where, t, "task", dict)
    kind = task_table.get("kind")
    if kind not in _TASKS:
        raise LessonError(f"{where} [task]: kind must be one of {', '.join(_TASKS)}, got {kind!r}")
    task: Task = _TASKS[kind](f"{where} [task]", task_table, rules)
    _computed(f"{where} [task] text", task.text, JUDGES[task.judge].facts if isinstance(task, ChoiceTask) else frozenset())
    lesson = Lesson(_typed(where, t, "id", str), _typed(where, t, "title", str), _typed(where, t, "text", str), rules,
                    tuple(teaches), start, task, track)
    _check_start(where, lesson)
    return lesson


def _check_start(where: str, lesson: Lesson) -> None:
    """The learner is to move where a move is asked for; a shown move is right."""
    task, rnd = lesson.task, lesson.position
    if isinstance(task, MoveTask | RoundTask) and rnd.to_move != lesson.seat:
        raise LessonError(f"{where}: the learner (seat {lesson.seat}) must be to move in the lesson's position")
    if isinstance(task, NumberTask) and not rnd.is_over:
        raise LessonError(f"{where}: a score is asked of a finished board: give a position whose round is over (an empty deck)")
    if isinstance(task, MoveTask):
        shown = lesson.check(task.show)
        if not shown.right:
            raise LessonError(f"{where}: the move shown, {task.show}, is not a right answer ({shown.text})")


def read_track(track: str, folder: Path | None = None) -> tuple[Lesson, ...]:
    """Every lesson of a track, in the order of their file names."""
    if track not in TRACKS:
        raise LessonError(f"there is no track {track!r}; the tracks are {', '.join(TRACKS)}")
    files = sorted(((folder or lesson_dir()) / track).glob("*.toml"))
    lessons = []
    for path in files:
        lesson = read_lesson(path, track)
        order, _, name = path.stem.partition("-")
        if not order.isdigit() or name != lesson.id:
            raise LessonError(f"{path.name}: a lesson file is named NN-<its id>.toml, here NN-{lesson.id}.toml")
        lessons.append(lesson)
    return tuple(lessons)


@lru_cache(maxsize=len(TRACKS) + 1)
def track(name: str) -> tuple[Lesson, ...]:
    """The shipped lessons of a track (``"path"`` or ``"appendix"``), or the puzzles as lessons (``PUZZLES``), read
    once."""
    if name == PUZZLES:
        return puzzle_lessons()
    return read_track(name)


def puzzle_lessons(chosen: Sequence[Puzzle] | None = None) -> tuple[Lesson, ...]:
    """Puzzles (default: the shipped set) as the lessons of the puzzles' track, each a ``PuzzleTask``."""
    return tuple(Lesson(id=p.id, title=p.title, text=puzzle_text(p), rules=p.rules, teaches=(), position=p.position,
                        task=PuzzleTask(p), track=PUZZLES, seat=p.seat)
                 for p in (chosen if chosen is not None else puzzles()))
