"""Rule sets: each one is data, loaded from a TOML file in ``seeds/``.

Every rule document becomes one or more named presets (``PRESETS``); where the
documents disagree they are separate presets, never merged. ``rules(name,
**overrides)`` returns a preset, optionally with what-if changes such as
``hand_size=8`` or ``bonus_at=8``.
"""

from __future__ import annotations

import dataclasses
import tomllib
from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import cached_property
from importlib import resources
from pathlib import Path
from typing import Any, Literal, get_args

from .arguments import shown
from .cards import INVESTMENT_RANKS, SUITS, Card
from .errors import RulesError

DEFAULT = "expeditions"
StarterPolicy = Literal["rotate", "loser-starts"]
"""Who starts the next round of a match: the next seat, or the loser of the round (its winner deals)."""
TiePolicy = Literal["shared", "extra-round"]
"""What a tied match comes to: a shared win, or one more round."""
STARTERS: tuple[StarterPolicy, ...] = get_args(StarterPolicy)
TIES: tuple[TiePolicy, ...] = get_args(TiePolicy)


@dataclass(frozen=True)
class Example:
    """A worked scoring example from a rule document: the cards, the score it states, its own words."""

    cards: str
    score: int
    quote: str
    note: str = ""


@dataclass(frozen=True)
class Rules:
    """One rule set. Field names are the names that ``rules(name, **overrides)`` accepts.

    Deck: ``suits`` (letters), ``numbers`` (the number ranks of each suit), ``investments``
    (investment cards per suit, J Q K), ``extra_copies`` (numbers that appear twice in every
    suit), ``set_aside`` (cards put aside unseen before the deal).
    Table: ``players``, ``partnerships`` (partners opposite each other share expeditions).
    Turn: ``hand_size``, ``draw_from_piles``, ``discards_leave_game``, ``play_on_after_deck``
    (keep playing without drawing until the hand is empty), ``pass_cards`` (cards handed to the
    partner instead of playing and drawing; 0 for none), ``pass_min_hand``, ``pass_twice_in_a_row``.
    End: ``stall_turns_per_player`` (the round ends after that many discard-and-pile-draw turns in
    a row for every player; 0 for no such rule), ``turn_cap`` (a simulation safeguard: end the round
    after that many turns; 0 for none).
    Scoring: ``cost``, ``bonus``, ``bonus_at`` (cards an expedition needs for the bonus).
    Match: ``rounds``, ``starter`` (``"rotate"``, or ``"loser-starts"``: the round's winner deals the
    next), ``tie`` (``"shared"``, or ``"extra-round"``: one more round after a tied match).

    Bounds, so that a hint and a bot's move take no longer under any rule set than under the costliest
    presets (measured by ``benchmarks/hostile_input.py``): hands of at most ``HAND_LIMIT`` (12) cards, a deck
    of at most ``DECK_LIMIT`` (140), at most ``MOVES_LIMIT`` (112) moves a turn can offer (``most_moves``:
    hand, times play or discard, times the deck and the piles to draw from, plus pairs to pass), at most
    ``ROUNDS_LIMIT`` (10) rounds; ``cost``, ``bonus`` and ``bonus_at`` at most ``SCORE_LIMIT`` (1,000),
    ``stall_turns_per_player`` and ``turn_cap`` at most ``TURN_LIMIT`` (100,000).
    """

    name: str
    title: str
    document: str
    source: str
    language: str
    suits: tuple[str, ...]
    numbers: tuple[int, ...]
    investments: int
    extra_copies: tuple[int, ...]
    set_aside: int
    players: int
    partnerships: bool
    hand_size: int
    draw_from_piles: bool
    discards_leave_game: bool
    play_on_after_deck: bool
    pass_cards: int
    pass_min_hand: int
    pass_twice_in_a_row: bool
    stall_turns_per_player: int
    turn_cap: int
    cost: int
    bonus: int
    bonus_at: int
    rounds: int
    starter: StarterPolicy
    tie: TiePolicy
    conventions: tuple[str, ...] = ()
    quotes: tuple[tuple[str, str], ...] = ()
    examples: tuple[Example, ...] = field(default=(), compare=False)

    def __post_init__(self) -> None:
        for name in OVERRIDABLE:
            object.__setattr__(self, name, _coerce(name, getattr(self, name)))
        problems = list(_problems(self))
        if problems:
            raise RulesError(f"rule set {self.name!r} is not valid: " + "; ".join(problems))

    # --- derived values -------------------------------------------------------------------
    @cached_property
    def deck(self) -> tuple[Card, ...]:
        """Every card of the rule set, in suit order, investments first, then the numbers."""
        cards: list[Card] = []
        for suit in self.suits:
            cards += [Card(r, suit) for r in INVESTMENT_RANKS[: self.investments]]
            for n in self.numbers:
                cards += [Card(n, suit)] * (2 if n in self.extra_copies else 1)
        return tuple(cards)

    def kinds_of_card(self, suit: str) -> tuple[Card, ...]:
        """The different cards of ``suit`` (each once, though the 4-player deck holds two of some),
        lowest first, as a card picker shows them."""
        return tuple(sorted(set(c for c in self.deck if c.suit == suit), key=lambda c: (c.value, c.rank)))

    @property
    def deck_size(self) -> int:
        return len(self.deck)

    @property
    def sides(self) -> int:
        """How many scoring sides there are: players, or teams in a partnership game."""
        return self.players // 2 if self.partnerships else self.players

    def side_of(self, seat: int) -> int:
        """The side (team) a seat plays for: seats 0 and 2 are team 0 with partnerships."""
        return seat % self.sides

    def partner_of(self, seat: int) -> int | None:
        return (seat + self.players // 2) % self.players if self.partnerships else None

    @property
    def stall_limit(self) -> int:
        """Turns in a row of discarding and drawing off a pile that end the round (0: never)."""
        return self.stall_turns_per_player * self.players

    @property
    def most_moves(self) -> int:
        """The most moves a turn can offer: every card of the largest hand (a partner's, once cards are passed to it)
        played or discarded, then drawn from the deck or any pile; with passing, every pair of its cards too."""
        largest = self.hand_size + self.pass_cards
        places = 1 + (len(self.suits) if self.draw_from_piles else 0)
        return largest * 2 * places + (largest * (largest - 1) // 2 if self.pass_cards else 0)

    @property
    def most_moves_words(self) -> str:
        """How ``most_moves`` comes about, in words."""
        largest = self.hand_size + self.pass_cards
        places = f"the deck and {len(self.suits)} piles" if self.draw_from_piles else "the deck"
        return f"hands of {largest} drawing from {places}" + (" and passing pairs" if self.pass_cards else "")

    @property
    def draw_deck_after_deal(self) -> int:
        """Cards left in the deck once the hands are dealt and any cards set aside."""
        return self.deck_size - self.set_aside - self.players * self.hand_size

    def not_a_card(self, card: Card) -> str:
        """Why ``card`` is refused by this rule set: it is not in its deck (say what the deck holds)."""
        return (f"{card} is not a card of the {self.name} rules (its suits are {' '.join(self.suits)}, "
                f"numbers {self.numbers[0]} to {self.numbers[-1]} and {self.investments} investments per suit)")

    def quote(self, rule: str) -> str:
        """The rule document's own words for ``rule`` (``""`` where it has none)."""
        return dict(self.quotes).get(rule, "")

    def overrides(self) -> dict[str, Any]:
        """What differs from the preset of the same name: what ``rules(name, **overrides)`` needs."""
        base = PRESETS.get(self.name)
        if base is None:
            return {f: _plain(getattr(self, f)) for f in OVERRIDABLE}
        return {f: _plain(getattr(self, f)) for f in OVERRIDABLE if getattr(self, f) != getattr(base, f)}

    @property
    def label(self) -> str:
        """The name, with any overrides: ``expeditions (hand_size=8)``."""
        changes = ", ".join(f"{k}={v!r}" for k, v in self.overrides().items()) if self.name in PRESETS else ""
        return f"{self.name} ({changes})" if changes else self.name

    def __repr__(self) -> str:
        return f"<Rules {self.label}: {self.title}>"

    def describe(self) -> str:
        """The rule set in a few lines of plain text."""
        deck = f"{len(self.suits)} suits, {self.deck_size} cards"
        if self.set_aside:
            deck += f" ({self.set_aside} set aside)"
        table = f"{self.players} player{'s' if self.players > 1 else ''}" + (" in partnerships" if self.partnerships else "")
        stall = f"after {self.stall_limit} stalled turns" if self.stall_limit else "no stall rule"
        return "\n".join(
            [
                f"{self.label}: {self.title} (document {self.document})",
                f"  deck: {deck}; {table}; hands of {self.hand_size}",
                f"  bonus {self.bonus} at {self.bonus_at} cards; {self.rounds} round{'s' if self.rounds > 1 else ''}; {stall}",
            ]
        )


# The bounds of a rule set, measured (``benchmarks/hostile_input.py``, "rules"): a hint plays every legal move
# of the turn in two dozen sampled deals, and the Hard bot plays its candidates in 200, each a few turns deep,
# every seat choosing among its own moves. What a move costs grows with the moves a turn offers and the size
# of the hands; these bounds keep the costliest position of any rule set within what the presets' costliest
# positions take (lost-cities and lost-cities-duel-long: a hint in about 3.5 s, a Hard move in 0.4 s here).
HAND_LIMIT = 12
"""The largest hand a rule set may deal (the presets deal 6 or 8)."""
MOVES_LIMIT = 112
"""The most moves a turn may offer (``Rules.most_moves``): lost-cities-duel-long's hands of 8, played or discarded,
then drawn from the deck or one of its 6 piles."""
DECK_LIMIT = 140
"""The most cards a deck may hold (the presets hold 48 to 72; 6 suits of 1 to 10 with every number twice and 3
investments hold 138)."""
ROUNDS_LIMIT = 10
"""The most rounds of a match (the presets play 1 or 3)."""
SCORE_LIMIT = 1_000
"""The most that ``cost``, ``bonus`` and ``bonus_at`` may be."""
TURN_LIMIT = 100_000
"""The most that ``stall_turns_per_player`` and ``turn_cap`` may be."""


def _beyond_bounds(r: Rules) -> list[str]:
    """What takes ``r`` beyond the bounds that keep a hint and a bot's move within their time (see above)."""
    out = []
    if r.hand_size > HAND_LIMIT:
        out.append(f"hand_size must be at most {HAND_LIMIT} (the bots' searches play out every card of every hand), "
                   f"got {r.hand_size}")
    if r.deck_size > DECK_LIMIT:
        out.append(f"a deck holds at most {DECK_LIMIT} cards, got {r.deck_size} ({len(r.suits)} suits of {len(r.numbers)} "
                   f"numbers, {len(r.extra_copies)} of them twice, and {r.investments} investments)")
    if r.most_moves > MOVES_LIMIT:
        out.append(f"a turn may offer at most {MOVES_LIMIT} moves (a hint weighs every one; lost-cities-duel-long's hands "
                   f"of 8 with 6 piles offer 112), but {r.most_moves_words} offer {r.most_moves}")
    return out


def _plain(value: Any) -> Any:
    return list(value) if isinstance(value, tuple) else value


def _problems(r: Rules) -> list[str]:
    out = []
    unknown = [s for s in r.suits if s not in SUITS]
    if unknown or not r.suits or len(set(r.suits)) != len(r.suits):
        out.append(f"suits must be distinct letters of {' '.join(SUITS)}, got {shown(list(r.suits))}")
    if not r.numbers or list(r.numbers) != sorted(set(r.numbers)) or not all(1 <= n <= 10 for n in r.numbers):
        out.append(f"numbers must rise from 1..10 without repeats, got {shown(list(r.numbers))}")
    if not 0 <= r.investments <= 3:
        out.append(f"investments must be 0 to 3 per suit, got {shown(r.investments)}")
    if not set(r.extra_copies) <= set(r.numbers):
        out.append(f"extra_copies must be among the numbers, got {shown(list(r.extra_copies))}")
    if r.players not in (1, 2, 3, 4):
        out.append(f"players must be 1 to 4, got {shown(r.players)}")
    if r.partnerships and r.players != 4:
        out.append("partnerships need 4 players")
    if r.pass_cards and not r.partnerships:
        out.append("passing cards needs partnerships")
    if not 0 <= r.pass_min_hand <= HAND_LIMIT + 2:
        out.append(f"pass_min_hand must be from 0 to {HAND_LIMIT + 2}, got {shown(r.pass_min_hand)}")
    if r.pass_cards and r.pass_min_hand <= r.pass_cards:
        out.append(f"pass_min_hand must be more than pass_cards ({shown(r.pass_cards)}): a player who passes must keep a card to play, "
                   f"got {shown(r.pass_min_hand)}")
    if r.hand_size < 1:
        out.append(f"hand_size must be at least 1, got {shown(r.hand_size)}")
    if r.set_aside < 0:
        out.append(f"set_aside must not be negative, got {shown(r.set_aside)}")
    # a round ends when its deck runs out, except in the solitaire, which plays on until the hand is empty
    if not out and r.draw_deck_after_deal < (0 if r.play_on_after_deck else 1):
        out.append(
            f"{shown(r.players)} hands of {shown(r.hand_size)} and {shown(r.set_aside)} set aside leave no deck out of "
            f"{shown(r.deck_size)} cards"
        )
    if not out:
        out += _beyond_bounds(r)
    if r.bonus_at < 1 or r.cost < 0 or r.bonus < 0:
        out.append("cost and bonus must not be negative, and bonus_at must be at least 1")
    if max(r.cost, r.bonus, r.bonus_at) > SCORE_LIMIT:
        out.append(f"cost, bonus and bonus_at must be at most {SCORE_LIMIT:,}, got {shown(r.cost)}, {shown(r.bonus)} and "
                   f"{shown(r.bonus_at)}")
    if r.stall_turns_per_player < 0 or r.turn_cap < 0:
        out.append("stall_turns_per_player and turn_cap must not be negative (0 means none)")
    if r.stall_turns_per_player > TURN_LIMIT or r.turn_cap > TURN_LIMIT:
        out.append(f"stall_turns_per_player and turn_cap must be at most {TURN_LIMIT:,}, got {shown(r.stall_turns_per_player)} "
                   f"and {shown(r.turn_cap)}")
    if not 1 <= r.rounds <= ROUNDS_LIMIT:
        out.append(f"rounds must be from 1 to {ROUNDS_LIMIT}, got {shown(r.rounds)}")
    if r.starter not in STARTERS:
        out.append(f"starter must be one of {', '.join(STARTERS)}, got {shown(r.starter)}")
    if r.tie not in TIES:
        out.append(f"tie must be one of {', '.join(TIES)}, got {shown(r.tie)}")
    if r.starter == "loser-starts" and r.players != 2:
        out.append("starter = 'loser-starts' (the round's winner deals the next) needs 2 players")
    if r.play_on_after_deck and r.players != 1:
        out.append("play_on_after_deck (play on until the hand is empty) is a solitaire rule and needs 1 player")
    if r.pass_cards not in (0, 2):
        out.append(f"pass_cards must be 0 (no passing) or 2, got {shown(r.pass_cards)}")
    if r.discards_leave_game and r.draw_from_piles:
        out.append("when discards leave the game there are no piles to draw from (set draw_from_piles = false)")
    return out


_FIELDS = {f.name: f for f in dataclasses.fields(Rules)}
OVERRIDABLE = tuple(n for n in _FIELDS if n not in ("name", "title", "document", "source", "language", "conventions", "quotes", "examples"))
"""The rule fields a what-if override may change."""


_PLURAL = {int: "whole numbers", str: "texts"}
_ARTICLE = {int: "a whole number", bool: "true or false", str: "a text"}


_TEXT_FIELDS = ("StarterPolicy", "TiePolicy")  # closed sets of texts: ``_problems`` names the accepted ones


def _coerce(name: str, value: Any) -> Any:
    """Check one rule value against its field's type, turning lists into tuples."""
    kind = str(_FIELDS[name].type)
    if kind in _TEXT_FIELDS:
        kind = "str"
    if kind in ("tuple[str, ...]", "tuple[int, ...]"):
        item = str if "str" in kind else int
        if isinstance(value, str | bytes) or not hasattr(value, "__iter__"):
            raise RulesError(f"{name} takes a list of {_PLURAL[item]}, got {shown(value)}")
        values = tuple(value)
        if not all(isinstance(v, item) and not isinstance(v, bool) for v in values):
            raise RulesError(f"{name} takes a list of {_PLURAL[item]}, got {shown(value)}")
        return values
    expected = {"int": int, "bool": bool, "str": str}[kind]
    if not isinstance(value, expected) or (expected is int and isinstance(value, bool)):
        raise RulesError(f"{name} takes {_ARTICLE[expected]}, got {shown(value)}")
    return value


def _from_table(table: Mapping[str, Any], parent: Rules | None) -> Rules:
    data = dict(table)
    data.pop("extends", None)
    known = set(_FIELDS)
    unknown = sorted(set(data) - known)
    if unknown:
        raise RulesError(f"unknown rule field(s) {', '.join(unknown)}; the fields are {', '.join(_FIELDS)}")
    values: dict[str, Any] = {}
    if parent is not None:
        values = {f: getattr(parent, f) for f in _FIELDS}
    for key, value in data.items():
        if key == "quotes":
            merged = dict(values.get("quotes", ())) | {str(k): str(v) for k, v in value.items()}
            values["quotes"] = tuple(merged.items())
        elif key == "examples":
            values["examples"] = tuple(Example(**e) for e in value)
        elif key == "conventions":
            values["conventions"] = tuple(str(v) for v in value)
        elif key in ("name", "title", "document", "source", "language"):
            values[key] = str(value)
        else:
            values[key] = _coerce(key, value)
    missing = [f.name for f in dataclasses.fields(Rules) if f.name not in values and f.default is dataclasses.MISSING]
    if missing:
        raise RulesError(f"rule set {data.get('name')!r} is missing {', '.join(missing)}")
    return Rules(**values)


def _seed_dir() -> Path:
    """The shipped rule files: inside the installed package, or ``seeds/`` beside it in a checkout."""
    packaged = resources.files("expeditions") / "seeds"
    if packaged.is_dir():
        return Path(str(packaged))
    return Path(__file__).resolve().parent.parent / "seeds"


def load_presets(folder: Path | None = None) -> dict[str, Rules]:
    """Read every ``*.toml`` rule set in ``folder`` (default: the shipped ``seeds/``)."""
    folder = folder or _seed_dir()
    tables = {}
    for path in sorted(folder.glob("*.toml")):
        with path.open("rb") as f:
            table = tomllib.load(f)
        tables[table.get("name", path.stem)] = table
    loaded: dict[str, Rules] = {}

    def load(name: str, chain: tuple[str, ...] = ()) -> Rules:
        if name in chain:
            raise RulesError(f"rule sets extend each other in a circle: {' -> '.join(chain + (name,))}")
        if name not in loaded:
            table = tables[name]
            parent = table.get("extends")
            if parent is not None and parent not in tables:
                raise RulesError(f"rule set {name!r} extends {parent!r}, which is not in {folder}")
            loaded[name] = _from_table(table, load(parent, chain + (name,)) if parent else None)
        return loaded[name]

    for name in tables:
        load(name)

    def family(name: str) -> tuple[str, ...]:
        """The rule set's line of descent, its root first: ``("expeditions", "expeditions-4p")``."""
        parent = tables[name].get("extends")
        return (*family(parent), name) if parent else (name,)

    def listed(name: str) -> tuple[bool, str, str, int, str]:
        # The default rule set and its variants first, then each other document's rule set before its variants.
        root = family(name)[0]
        return (root != DEFAULT, loaded[root].document, root, len(family(name)), name)

    return {name: loaded[name] for name in sorted(tables, key=listed)}


PRESETS: dict[str, Rules] = load_presets()
"""Every shipped rule set by name: the default (``expeditions``) and its variants first, then each other
document's rule set followed by its variants."""


def rules(name: str | Rules = DEFAULT, **overrides: Any) -> Rules:
    """A preset rule set by name, with optional what-if overrides.

    ``rules("expeditions", hand_size=8)`` is the default rules with 8-card hands. An unknown
    name or override fails and lists the accepted ones.
    """
    if isinstance(name, Rules):
        base = name
    elif isinstance(name, str) and name in PRESETS:
        base = PRESETS[name]
    else:
        raise RulesError(f"there is no rule set {shown(name)}; the rule sets are: {', '.join(PRESETS)} "
                         "(give one of these names, or a Rules value)")
    if not overrides:
        return base
    unknown = sorted(set(overrides) - set(OVERRIDABLE))
    if unknown:
        raise RulesError(f"{', '.join(unknown)} cannot be overridden; the rules that can: {', '.join(OVERRIDABLE)}")
    return dataclasses.replace(base, **overrides)  # Rules checks (and coerces) every overridable value
