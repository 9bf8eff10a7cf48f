"""Game records: a round or a match as JSON (rule set, deck order or starting position, moves, result).

Loading replays every move through the rules, so a loaded record is the identical position;
a record that does not replay (a changed move, a changed deck, a result that does not follow)
fails naming the round, the turn and the reason. A record is read strictly: a field inside a
round, its result, its setup or the rules that means nothing is refused, naming it and the fields
that are read; a hand-built setup goes through the same check as ``position`` (``start.check_setup``).
Fields at the top level that are not the record's own (names, dates, notes, an app's settings) are
kept as they are: loading ignores them.

Format (``"format": "expeditions-record"``, ``"version": 1``)::

    {"format": "expeditions-record", "version": 1, "kind": "round" or "match",
     "rules": {"name": "expeditions", "overrides": {"hand_size": 8}},
     "seed": 7, "starter": 0,                       # matches only
     "rounds": [{"deck": "7H 2S ...", "starter": 0,  # or "setup": {...} for a hand-built start (rounds only)
                 "moves": ["play 7H, draw deck", ...],
                 "result": {"end": "deck", "scores": [12, -5]}}]}
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from .arguments import seat as checked_seat
from .arguments import seed as checked_seed
from .arguments import shown
from .cards import Card, format_cards, parse_cards
from .engine import END_REASONS
from .errors import ExpeditionsError, RecordError
from .json_input import read_json
from .match import Match
from .round import Deal, Round, Setup, start_round
from .rules import Rules
from .rules import rules as get_rules
from .start import first_to_move

FORMAT = "expeditions-record"
VERSION = 1
KINDS = ("round", "match")
RECORD_FIELDS = ("format", "version", "kind", "rules", "seed", "starter", "rounds")
"""The record's own top-level fields; any other top-level field is kept as it is."""
RULES_FIELDS = ("name", "overrides")
DEALT_FIELDS = ("deck", "starter", "moves", "result")
SETUP_ROUND_FIELDS = ("setup", "moves", "result")
RESULT_FIELDS = ("end", "scores")
SETUP_FIELDS = ("hands", "expeditions", "piles", "deck", "to_move", "removed", "set_aside", "turns", "stall", "passed")
SETUP_REQUIRED = ("hands", "expeditions", "piles", "deck", "to_move")


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
    """The record of a round or match as plain data; ``extra`` fields (names, dates, notes) are kept."""
    if not isinstance(game, Round | Match):
        raise RecordError(f"a record holds a Round or a Match, got {shown(game)}")
    taken = sorted(set(extra) & set(RECORD_FIELDS))
    if taken:
        raise RecordError(f"{', '.join(taken)} {'is a field' if len(taken) == 1 else 'are fields'} of the record itself; "
                          f"give extra fields other names than {', '.join(RECORD_FIELDS)}")
    rules = game.rules
    data: dict[str, Any] = {"format": FORMAT, "version": VERSION, "kind": "match" if isinstance(game, Match) else "round",
                            "rules": {"name": rules.name, "overrides": rules.overrides()}}
    if isinstance(game, Match):
        data |= {"seed": game.seed, "starter": game.first_starter, "rounds": [round_json(r) for r in game.rounds]}
    else:
        data["rounds"] = [round_json(game)]
    return data | extra


def dumps(game: Round | Match, **extra: Any) -> str:
    try:
        return json.dumps(to_dict(game, **extra), ensure_ascii=False, indent=1, allow_nan=False)
    except (TypeError, ValueError) as e:
        if isinstance(e, ExpeditionsError):
            raise
        raise RecordError(f"an extra field cannot be written as JSON: {e} (give texts, numbers, lists and mappings)") from None


def save(game: Round | Match, path: str | Path, **extra: Any) -> Path:
    """Write the record of ``game`` to ``path`` as JSON."""
    text = dumps(game, **extra)
    target = Path(path)
    target.write_text(text, encoding="utf-8")
    return target


# --- reading ------------------------------------------------------------------------------------------
def _fields(data: Any, what: str, accepted: tuple[str, ...], required: tuple[str, ...] = ()) -> dict[str, Any]:
    """``data`` as a mapping holding only ``accepted`` fields and every ``required`` one."""
    if not isinstance(data, dict):
        raise RecordError(f"{what} must be an object with the fields {', '.join(accepted)}, got {shown(data)}")
    unknown = [k for k in data if k not in accepted]
    if unknown:
        raise RecordError(f"{what} has field(s) that mean nothing: {', '.join(map(repr, unknown))}; "
                          f"the fields it may have are {', '.join(accepted)}")
    missing = [k for k in required if k not in data]
    if missing:
        raise RecordError(f"{what} lacks {', '.join(missing)}")
    return data


def _whole(value: Any, what: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise RecordError(f"{what} must be a whole number, got {shown(value)}")
    return value


def _card_text(value: Any, what: str) -> tuple[Card, ...]:
    """Cards given as text (``"7H 2S"``) or as a list of card texts."""
    if not isinstance(value, str) and not (isinstance(value, list) and all(isinstance(v, str) for v in value)):
        raise RecordError(f"{what} must be cards as text, like \"7H 2S KD\", got {shown(value)}")
    try:
        return tuple(parse_cards(value))
    except ExpeditionsError as e:
        raise RecordError(f"{what}: {e}") from None


def _list(value: Any, what: str) -> list[Any]:
    if not isinstance(value, list):
        raise RecordError(f"{what} must be a list, got {shown(value)}")
    return value


def _setup_from(data: Any, where: str) -> Setup:
    s = _fields(data, f"{where}: the setup", SETUP_FIELDS, SETUP_REQUIRED)
    passed = _list(s.get("passed", []), f"{where}: setup passed")
    if not all(isinstance(p, bool) for p in passed):
        raise RecordError(f"{where}: setup passed must be a list of true and false, one per seat, got {shown(passed)}")
    return Setup(
        hands=tuple(_card_text(h, f"{where}: setup hand {i}") for i, h in enumerate(_list(s["hands"], f"{where}: setup hands"))),
        expeditions=tuple(
            tuple(_card_text(e, f"{where}: setup expedition {i} of side {side}") for i, e in
                  enumerate(_list(exps, f"{where}: setup expeditions of side {side}")))
            for side, exps in enumerate(_list(s["expeditions"], f"{where}: setup expeditions"))),
        piles=tuple(_card_text(p, f"{where}: setup pile {i}") for i, p in enumerate(_list(s["piles"], f"{where}: setup piles"))),
        deck=_card_text(s["deck"], f"{where}: setup deck"),
        to_move=_whole(s["to_move"], f"{where}: setup to_move"),
        removed=_card_text(s.get("removed", ""), f"{where}: setup removed"),
        set_aside=_card_text(s.get("set_aside", ""), f"{where}: setup set_aside"),
        turns=_whole(s.get("turns", 0), f"{where}: setup turns"),
        stall=_whole(s.get("stall", 0), f"{where}: setup stall"),
        passed=tuple(passed),
    )


def _rules_from(data: Any) -> Rules:
    if not isinstance(data, dict) or "name" not in data:
        raise RecordError('the record names no rule set: it needs "rules": {"name": ..., "overrides": {...}}')
    fields = _fields(data, "the record's rules", RULES_FIELDS, ("name",))
    overrides = fields.get("overrides", {})
    if not isinstance(overrides, dict):
        raise RecordError(f"the record's rule overrides must be an object like {{\"hand_size\": 8}}, got {shown(overrides)}")
    try:
        return get_rules(fields["name"], **overrides)
    except ExpeditionsError as e:
        raise RecordError(f"the record's rule set cannot be used: {e}") from None


def _start_from(rules: Rules, data: Any, where: str, *, setups: bool) -> Deal | Setup:
    """The start a round of the record gives: its deck order and starter, or (``setups``) its setup."""
    if isinstance(data, dict) and "setup" in data:
        if not setups:
            raise RecordError(f"{where}: a match's rounds after the first are dealt: give each one's \"deck\" and \"starter\", "
                              "not a \"setup\"")
        _fields(data, where, SETUP_ROUND_FIELDS)
        return _setup_from(data["setup"], where)
    accepted = DEALT_FIELDS + (SETUP_ROUND_FIELDS[:1] if setups else ())
    fields = _fields(data, where, accepted)
    if "deck" not in fields:
        raise RecordError(f"{where} lacks its start: a \"deck\" order (top card first)" + (" or a \"setup\"" if setups else ""))
    return Deal(_card_text(fields["deck"], f"{where}: the deck"), _whole(fields.get("starter", 0), f"{where}: the starter"))


REPLAY_PIECE = 64
"""How many of a round's moves are replayed at once."""


def _replay(rules: Rules, data: dict[str, Any], start: Deal | Setup, where: str) -> Round:
    try:
        rnd = start_round(rules, start)
    except ExpeditionsError as e:
        raise RecordError(f"{where}: the start cannot be laid out: {e}") from None
    moves = _list(data.get("moves", []), f"{where}: the moves")
    for turn, text in enumerate(moves, start=1):
        if not isinstance(text, str):
            raise RecordError(f"{where}, turn {turn}: a move is written as text, like \"play 7H, draw deck\", got {shown(text)}")
    # A piece of moves at a time (``play_all`` builds the round's list of moves once, where a move at a time would
    # copy it every turn); a piece that does not replay is replayed a move at a time to name the turn.
    for begin in range(0, len(moves), REPLAY_PIECE):
        piece = moves[begin: begin + REPLAY_PIECE]
        try:
            rnd = rnd.play_all(piece)
        except ExpeditionsError:
            for turn, text in enumerate(piece, start=begin + 1):
                seat = rnd.to_move
                try:
                    rnd = rnd.play(text)
                except ExpeditionsError as e:
                    raise RecordError(f"{where}, turn {turn} (seat {seat}): {shown(text)} does not replay: {e}") from None
    if "result" in data:
        result = _fields(data["result"], f"{where}: the result", RESULT_FIELDS, RESULT_FIELDS)
        end, claimed_scores = result["end"], result["scores"]
        if not isinstance(end, str) or end not in END_REASONS:
            raise RecordError(f"{where}: the result's end must be one of {', '.join(END_REASONS)}, got {shown(end)}")
        if not isinstance(claimed_scores, list) or len(claimed_scores) != rules.sides or \
                not all(isinstance(x, int) and not isinstance(x, bool) for x in claimed_scores):
            raise RecordError(f"{where}: the result's scores must be {rules.sides} whole number(s), one per side, "
                              f"got {shown(claimed_scores)}")
        scores = list(rnd.scores()) if rnd.is_over else None
        if rnd.end_reason != end or scores != claimed_scores:
            claimed = f"ended by {end!r} with scores {claimed_scores}"
            actual = f"ended by {rnd.end_reason!r} with scores {scores}" if rnd.is_over else "is not over"
            raise RecordError(f"{where}: the record says the round {claimed}, but replaying its moves it {actual}")
    return rnd


def from_dict(data: Any) -> Round | Match:
    """Replay a record (as plain data) into the round or match it describes."""
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise RecordError(f'not an Expeditions game record: it needs "format": "{FORMAT}"')
    version = data.get("version")
    if isinstance(version, bool) or version != VERSION:
        raise RecordError(f"the record has format version {shown(version)}; this version of expeditions reads {VERSION}")
    kind = data.get("kind")
    if kind not in KINDS:
        raise RecordError(f'the record\'s kind must be "round" or "match", got {shown(kind)}')
    rules = _rules_from(data.get("rules"))
    rounds = data.get("rounds")
    if not isinstance(rounds, list) or not rounds:
        raise RecordError('the record holds no rounds: it needs "rounds": [...]')
    if kind == "round":
        mislaid = [k for k in ("seed", "starter") if k in data]
        if mislaid:
            raise RecordError(f"a round record has no {' or '.join(mislaid)}: a match record has them (a round's starter "
                              "is in the round)")
        if len(rounds) != 1:
            raise RecordError(f"a round record holds one round, this one {len(rounds)}")
        start = _start_from(rules, rounds[0], "round 1", setups=True)
        return _replay(rules, rounds[0], start, "round 1")
    return _match_from(rules, data, rounds)


def _match_from(rules: Rules, data: dict[str, Any], rounds: list[Any]) -> Match:
    try:
        seed = checked_seed(data.get("seed"))
    except ExpeditionsError as e:
        raise RecordError(f"the match's {e}") from None
    starter = checked_seat(_whole(data.get("starter", 0), "the match's starter"), rules.players, "the match's starter",
                           error=RecordError, rules_name=rules.name)
    # A match is dealt round after round; only its first round may start from a hand-built position
    # (a table set up for a lesson or a what-if, then played on as a match).
    starts = [_start_from(rules, r, f"round {i}", setups=i == 1) for i, r in enumerate(rounds, start=1)]
    decks = tuple(s.deck if isinstance(s, Deal) else () for s in starts)
    match: Match | None = None
    for i, (data_k, start) in enumerate(zip(rounds, starts, strict=True), start=1):
        if match is None:
            expected = starter
        else:
            if not match.current.is_over:
                raise RecordError(f"round {i}: round {i - 1} was not finished")
            if match.is_over:
                raise RecordError(f"round {i}: the match was over after round {i - 1} (its totals {list(match.totals)})")
            expected = match.starter_of_next()
        starts_at = first_to_move(start)
        if starts_at != expected:
            why = ("the match's starter" if i == 1 else
                   f"the {rules.starter} rule (the record's earlier rounds)")
            raise RecordError(f"round {i}: the record says seat {starts_at} starts, but {why} gives the start to "
                              f"seat {expected}")
        rnd = _replay(rules, data_k, start, f"round {i}")
        match = Match(rules, seed, starter, decks, (rnd,)) if match is None else \
            Match(rules, seed, starter, decks, match.rounds + (rnd,))
    assert match is not None
    return match


RECORD_LIMIT = 2**20
"""The longest record read: 1 MiB (a record of a three-round match takes about 10 KB)."""


def loads(text: str | bytes) -> Round | Match:
    """Replay a JSON record (at most ``RECORD_LIMIT`` characters or bytes, nested at most ``json_input.DEPTH`` deep)."""
    if not isinstance(text, str | bytes | bytearray):
        raise RecordError(f"a record is JSON text, got {shown(text)}")
    return from_dict(read_json(text, "the record", most=RECORD_LIMIT, error=RecordError))


def load(path: str | Path) -> Round | Match:
    """Read and replay a record file (at most ``RECORD_LIMIT`` bytes)."""
    target = Path(path)
    size = target.stat().st_size
    if size > RECORD_LIMIT:
        raise RecordError(f"{target} is {size:,} bytes long; a record is read up to {RECORD_LIMIT:,} bytes")
    return loads(target.read_bytes())


__all__ = ["FORMAT", "RECORD_LIMIT", "VERSION", "dumps", "from_dict", "load", "loads", "save", "to_dict"]
