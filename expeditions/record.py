"""Game records: a round or a match as JSON (rule set, deck order or starting position, moves, result).

Loading replays every move through the rules, so a loaded record is the identical position;
a record that does not replay (a changed move, a changed deck, a result that does not follow)
fails naming the round, the turn and the reason.

Format (``"format": "expeditions-record"``, ``"version": 1``)::

    {"format": "expeditions-record", "version": 1, "kind": "round" or "match",
     "rules": {"name": "expeditions", "overrides": {"hand_size": 8}},
     "seed": 7, "starter": 0,                       # matches only
     "rounds": [{"deck": "7H 2S ...", "starter": 0,  # or "setup": {...} for a hand-built start
                 "moves": ["play 7H, draw deck", ...],
                 "result": {"end": "deck", "scores": [12, -5]}}]}
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from .cards import Card, format_cards, parse_cards
from .errors import ExpeditionsError, RecordError
from .match import Match
from .moves import Move
from .round import Deal, Round, Setup, _check_deck, start_round
from .rules import Rules
from .rules import rules as get_rules

FORMAT = "expeditions-record"
VERSION = 1


def _cards(cards: tuple[Card, ...]) -> str:
    return format_cards(cards)


def _setup_json(s: Setup) -> dict[str, Any]:
    return {
        "hands": [_cards(h) for h in s.hands],
        "expeditions": [[_cards(e) for e in side] for side in s.expeditions],
        "piles": [_cards(p) for p in s.piles],
        "deck": _cards(s.deck),
        "to_move": s.to_move,
        "removed": _cards(s.removed),
        "set_aside": _cards(s.set_aside),
        "turns": s.turns,
        "stall": s.stall,
        "passed": list(s.passed),
    }


def _setup_from(data: dict[str, Any]) -> Setup:
    return Setup(
        hands=tuple(parse_cards(h) for h in data["hands"]),
        expeditions=tuple(tuple(parse_cards(e) for e in side) for side in data["expeditions"]),
        piles=tuple(parse_cards(p) for p in data["piles"]),
        deck=parse_cards(data["deck"]),
        to_move=int(data["to_move"]),
        removed=parse_cards(data.get("removed", "")),
        set_aside=parse_cards(data.get("set_aside", "")),
        turns=int(data.get("turns", 0)),
        stall=int(data.get("stall", 0)),
        passed=tuple(bool(p) for p in data.get("passed", ())),
    )


def round_json(rnd: Round) -> dict[str, Any]:
    out: dict[str, Any]
    if isinstance(rnd.start, Deal):
        out = {"deck": _cards(rnd.start.deck), "starter": rnd.start.starter}
    else:
        out = {"setup": _setup_json(rnd.start)}
    out["moves"] = [str(m) for m in rnd.moves]
    if rnd.is_over:
        out["result"] = {"end": rnd.end_reason, "scores": list(rnd.scores())}
    return out


def to_dict(game: Round | Match, **extra: Any) -> dict[str, Any]:
    """The record of a round or match as plain data; ``extra`` keys (names, dates, notes) are kept."""
    rules = game.rules
    data: dict[str, Any] = {"format": FORMAT, "version": VERSION, "kind": "match" if isinstance(game, Match) else "round",
                            "rules": {"name": rules.name, "overrides": rules.overrides()}}
    if isinstance(game, Match):
        data |= {"seed": game.seed, "starter": game.first_starter, "rounds": [round_json(r) for r in game.rounds]}
    else:
        data["rounds"] = [round_json(game)]
    return data | extra


def dumps(game: Round | Match, **extra: Any) -> str:
    return json.dumps(to_dict(game, **extra), ensure_ascii=False, indent=1)


def save(game: Round | Match, path: str | Path, **extra: Any) -> Path:
    """Write the record of ``game`` to ``path`` as JSON."""
    target = Path(path)
    target.write_text(dumps(game, **extra), encoding="utf-8")
    return target


def _rules_from(data: Any) -> Rules:
    if not isinstance(data, dict) or "name" not in data:
        raise RecordError('the record names no rule set: it needs "rules": {"name": ..., "overrides": {...}}')
    try:
        return get_rules(data["name"], **data.get("overrides", {}))
    except ExpeditionsError as e:
        raise RecordError(f"the record's rule set cannot be used: {e}") from None


def _replay(rules: Rules, data: Any, number: int) -> Round:
    where = f"round {number}"
    if not isinstance(data, dict):
        raise RecordError(f"{where}: expected an object with a deck or a setup and the moves")
    try:
        if "setup" in data:
            start: Deal | Setup = _setup_from(data["setup"])
        else:
            deck = parse_cards(data["deck"])
            _check_deck(rules, deck, "the deck")
            start = Deal(deck, int(data.get("starter", 0)))
            if not 0 <= start.starter < rules.players:
                raise RecordError(f"starter {start.starter} is not a seat")
        rnd = start_round(rules, start)
    except (ExpeditionsError, KeyError, TypeError) as e:
        raise RecordError(f"{where}: the start cannot be laid out: {e}") from None
    for turn, text in enumerate(data.get("moves", []), start=1):
        seat = rnd.to_move
        try:
            rnd = rnd.play(Move.parse(text))
        except ExpeditionsError as e:
            raise RecordError(f"{where}, turn {turn} (seat {seat}): {text!r} does not replay: {e}") from None
    result = data.get("result")
    if result is not None:
        scores = list(rnd.scores()) if rnd.is_over else None
        if rnd.end_reason != result.get("end") or scores != result.get("scores"):
            claimed = f"ended by {result.get('end')!r} with scores {result.get('scores')}"
            actual = f"ended by {rnd.end_reason!r} with scores {scores}" if rnd.is_over else "is not over"
            raise RecordError(f"{where}: the record says the round {claimed}, but replaying its moves it {actual}")
    return rnd


def from_dict(data: Any) -> Round | Match:
    """Replay a record (as plain data) into the round or match it describes."""
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise RecordError(f'not an Expeditions game record: it needs "format": "{FORMAT}"')
    if data.get("version") != VERSION:
        raise RecordError(f"the record has format version {data.get('version')!r}; this version of expeditions reads {VERSION}")
    rules = _rules_from(data.get("rules"))
    rounds = data.get("rounds")
    if not isinstance(rounds, list) or not rounds:
        raise RecordError('the record holds no rounds: it needs "rounds": [...]')
    replayed = tuple(_replay(rules, r, i) for i, r in enumerate(rounds, start=1))
    if data.get("kind") == "round":
        if len(replayed) != 1:
            raise RecordError(f"a round record holds one round, this one {len(replayed)}")
        return replayed[0]
    seed, starter = data.get("seed"), int(data.get("starter", 0))
    decks = tuple(r.start.deck for r in replayed if isinstance(r.start, Deal))
    match = Match(rules, seed, starter, decks, replayed[:1])
    for i, rnd in enumerate(replayed[1:], start=2):
        if not match.current.is_over:
            raise RecordError(f"round {i}: round {i - 1} was not finished")
        expected = match.next_round()
        start = expected.current.start
        if isinstance(start, Deal) and isinstance(rnd.start, Deal) and start.starter != rnd.start.starter:
            raise RecordError(f"round {i}: seat {rnd.start.starter} starts, but the rules give the start to seat {start.starter}")
        match = Match(rules, seed, starter, decks, match.rounds + (rnd,))
    return match


def loads(text: str) -> Round | Match:
    """Replay a JSON record."""
    try:
        data = json.loads(text)
    except json.JSONDecodeError as e:
        raise RecordError(f"the record is not valid JSON: {e}") from None
    return from_dict(data)


def load(path: str | Path) -> Round | Match:
    """Read and replay a record file."""
    return loads(Path(path).read_text(encoding="utf-8"))
