"""The lessons, checked against the engine.

Every lesson loads for its rule set from a valid position; every legal move of a move lesson is
judged right exactly when an expectation written here from the task's words says so (and otherwise
falls to one of the lesson's wrong cases, each of which some legal move reaches); every illegal
move is refused with the engine's rule, the lesson's words for it and the rule document's quote;
scores are checked against a scorer written here; choices against the rule documents' words; and
the lessons together teach every rule of every rule set in the README's rule table.
"""

from __future__ import annotations

import itertools
import json
import re
import tomllib
from collections import Counter
from collections.abc import Callable
from pathlib import Path

import pytest
from lesson_groups import ALL, APPENDIX, CHOICE_LESSONS, MOVE_LESSONS, NUMBER_LESSONS, PATH, ROUND_LESSONS, ids

import expeditions as ex
from expeditions import lessons
from expeditions.bots import Beginner, play_out
from expeditions.lessons import ChoiceTask, Feedback, Lesson, LessonError, MoveMatch, MoveTask, NumberTask, RoundTask

ROOT = Path(__file__).resolve().parent.parent


# --- loading and positions ------------------------------------------------------------------------
def test_the_tracks_load_with_different_ids() -> None:
    assert len(ids(list(ALL))) == len(set(ids(list(ALL))))
    assert 8 <= len(PATH) <= 12, "the main path is about ten lessons"
    assert {lesson.track for lesson in PATH} == {"path"} and {lesson.track for lesson in APPENDIX} == {"appendix"}
    assert lessons.lesson("stall") is lessons.path()[ids(list(PATH)).index("stall")]
    with pytest.raises(LessonError, match="there is no lesson 'nope'"):
        lessons.lesson("nope")


def test_the_main_path_plays_the_default_rules_and_ends_with_a_round_against_easy() -> None:
    assert {lesson.rule_set for lesson in PATH} == {"expeditions"}
    first, last = PATH[0], PATH[-1]
    assert "goal" in first.teaches and "turn" in first.teaches
    assert isinstance(last.task, RoundTask) and last.task.opponent == "Easy" and last.task.hints


def readme_rule_sets() -> list[str]:
    """The rule sets of the README's rule table, in its order."""
    section = (ROOT / "README.md").read_text(encoding="utf-8").split("## Rule sets", 1)[1].split("\n## ", 1)[0]
    return [m.group(1) for m in re.finditer(r"^\| `([^`]+)`", section, re.M)]


def test_the_appendix_follows_the_rule_table_the_default_rules_first() -> None:
    table = readme_rule_sets()
    assert table[0] == "expeditions" and set(table) == set(ex.PRESETS)
    order = [table.index(lesson.rule_set) for lesson in APPENDIX]
    assert order == sorted(order)
    assert "expeditions" not in {lesson.rule_set for lesson in APPENDIX}


@pytest.mark.parametrize("lesson", ALL, ids=ids(list(ALL)))
def test_each_position_is_a_valid_round_of_its_rule_set(lesson: Lesson) -> None:
    rnd = lesson.position
    assert rnd.rules is ex.rules(lesson.rule_set)
    assert rnd.moves == ()
    # Every card of the rule set is somewhere, once.
    placed = [c for h in rnd.hands for c in h] + [c for side in range(rnd.rules.sides) for e in rnd.expeditions(side).values()
                                                   for c in e]
    placed += [c for p in rnd.piles.values() for c in p] + list(rnd.deck) + list(rnd.removed) + list(rnd.set_aside)
    assert Counter(placed) == Counter(rnd.rules.deck)
    # Full hands, as in any round until the deck runs out; the stall count never above the turns.
    assert all(len(h) == rnd.rules.hand_size for h in rnd.hands)
    assert 0 <= rnd.stall <= rnd.turn
    # The position is also a game record that replays to itself.
    again = ex.loads(rnd.to_json())
    assert isinstance(again, ex.Round)
    assert again.hands == rnd.hands and again.deck == rnd.deck and again.piles == rnd.piles and again.is_over == rnd.is_over
    if isinstance(lesson.task, MoveTask | RoundTask):
        assert rnd.to_move == lesson.seat
    if isinstance(lesson.task, NumberTask) or (isinstance(lesson.task, ChoiceTask) and lesson.task.judge != "start-value"):
        assert rnd.is_over and rnd.end_reason == "deck"
    if isinstance(lesson.task, ChoiceTask) and lesson.task.judge == "start-value":
        assert rnd.to_move == lesson.seat and rnd.turn == 0


@pytest.mark.parametrize("lesson", ALL, ids=ids(list(ALL)))
def test_each_lesson_quotes_the_rules_it_teaches(lesson: Lesson) -> None:
    for key, quote in lesson.quotes():
        assert quote and quote == ex.rules(lesson.rule_set).quote(key)
    assert lesson.title and lesson.text and lesson.task_text
    sentences = len(re.findall(r"[.!?](?:\s|$)", lesson.text))
    assert 2 <= sentences <= 3, f"{lesson.id}: two or three sentences in plain words, got {sentences}"


# --- move lessons -----------------------------------------------------------------------------------
Expect = Callable[[ex.Round, ex.Move], bool]


def _started(rnd: ex.Round, move: ex.Move) -> bool:
    return bool(rnd.expedition(rnd.rules.side_of(0), move.card.suit))


RIGHT_MOVES: dict[str, Expect] = {
    # Written from each task's words, apart from the lesson files.
    "goal-turn": lambda rnd, m: m.kind == "play",  # "lay one of your cards on your side of the table, then draw"
    "ascending": lambda rnd, m: m.kind == "play" and str(m.card) == "6H",  # the heart that keeps the most hearts playable
    "investments": lambda rnd, m: m.kind == "play" and m.card.rank in (11, 12, 13),
    "discard-draw": lambda rnd, m: m.kind == "discard" and m.draw in rnd.rules.suits,
    # Lay on a started expedition and take the last card: the round ends (document 001: "when the last card is drawn").
    "deck-end": lambda rnd, m: m.kind == "play" and _started(rnd, m) and m.draw == "deck",
    # The sixteenth turn in a row that discards and draws off a pile (not the one just discarded onto).
    "stall": lambda rnd, m: m.kind == "discard" and m.draw in rnd.rules.suits and m.draw != m.card.suit,
    "partners": lambda rnd, m: m.kind == "pass",
    "solitaire": lambda rnd, m: m.kind == "discard",
    "aces": lambda rnd, m: m.kind == "play" and m.card.rank == 1,
    "six-colours": lambda rnd, m: m.kind == "play" and m.card.suit == "P",
}


def test_every_move_lesson_has_an_expectation_written_here() -> None:
    assert set(RIGHT_MOVES) == set(ids(MOVE_LESSONS))


@pytest.mark.parametrize("lesson", MOVE_LESSONS, ids=ids(MOVE_LESSONS))
def test_every_legal_move_is_right_or_one_of_the_lessons_wrong_cases(lesson: Lesson) -> None:
    task = lesson.task
    assert isinstance(task, MoveTask)
    rnd = lesson.position
    legal = rnd.legal_moves()
    assert legal
    reached = set()
    rights = 0
    for move in legal:
        feedback = lesson.check(move)
        if RIGHT_MOVES[lesson.id](rnd, move):
            rights += 1
            assert feedback.kind == "right" and feedback.case == "right", f"{move}: {feedback}"
            assert feedback.text == task.right_says.text
            assert feedback.quote == ex.rules(lesson.rule_set).quote(task.right_says.rule)
        else:
            assert feedback.kind == "wrong", f"{move} should not be right: {feedback}"
            case = next(c for c in task.wrong if c.name == feedback.case)
            assert feedback.text == case.says.text and feedback.rule == case.says.rule
            assert feedback.quote == ex.rules(lesson.rule_set).quote(case.says.rule)
            reached.add(case.name)
    assert rights >= 1
    assert reached == {c.name for c in task.wrong}, "every wrong case is there for some legal move"
    assert rnd.moves == () and lesson.position is rnd


def candidate_moves(rnd: ex.Round) -> list[ex.Move]:
    """Every move a learner could try: any card of the deck, played or discarded, drawing from anywhere or
    nowhere; and passes of any two cards in hand."""
    draws = ["deck", None, *rnd.rules.suits]
    moves = [ex.Move(kind, (card,), draw) for card in dict.fromkeys(rnd.rules.deck) for kind in ("play", "discard") for draw in draws]
    hand = rnd.hand(rnd.to_move or 0)
    moves += [ex.Move("pass", pair) for pair in dict.fromkeys(itertools.combinations(hand, 2))]
    return moves


@pytest.mark.parametrize("lesson", MOVE_LESSONS, ids=ids(MOVE_LESSONS))
def test_every_illegal_move_is_refused_with_the_engines_rule_and_the_documents_words(lesson: Lesson) -> None:
    task = lesson.task
    assert isinstance(task, MoveTask)
    rnd = lesson.position
    words = dict(task.refused)
    legal = set(rnd.legal_moves())
    refused_by = set()
    for move in candidate_moves(rnd):
        try:
            rnd.check(move)
        except ex.IllegalMove as refusal:
            refused_by.add(refusal.rule)
            feedback = lesson.check(move)
            assert feedback.kind == "wrong" and feedback.case == "refused"
            assert feedback.rule == refusal.rule and feedback.quote == refusal.quote and feedback.detail == str(refusal)
            assert feedback.text == words.get(refusal.rule, str(refusal))
            assert lesson.position.moves == ()
        else:
            assert move in legal
    assert set(words) <= refused_by, f"the lesson has words for refusals that cannot happen here: {set(words) - refused_by}"


@pytest.mark.parametrize("lesson", MOVE_LESSONS, ids=ids(MOVE_LESSONS))
def test_show_me_is_a_right_move(lesson: Lesson) -> None:
    shown = lesson.show_me()
    assert isinstance(shown, ex.Move) and shown in lesson.position.legal_moves()
    assert RIGHT_MOVES[lesson.id](lesson.position, shown)
    assert lesson.check(shown).right and lesson.check(str(shown)).right


def test_the_end_of_round_lessons_end_the_round_as_their_rule_says() -> None:
    deck_end = lessons.lesson("deck-end")
    after = deck_end.after(deck_end.show_me())  # type: ignore[arg-type]
    assert after.is_over and after.end_reason == "deck" and after.deck_size == 0
    stall = lessons.lesson("stall")
    assert stall.position.stall == 2 * 8 - 1 == stall.rules.stall_limit - 1  # document 001: "16 turns with 2 players"
    after = stall.after(stall.show_me())  # type: ignore[arg-type]
    assert after.is_over and after.end_reason == "stall" and after.deck_size == stall.position.deck_size


# --- number lessons ---------------------------------------------------------------------------------
def expedition_score(cards: list[ex.Card], rules: ex.Rules, *, cost: bool = True, multiply: bool = True, bonus: bool = True,
                     multiply_bonus: bool = False, bonus_at: int | None = None) -> int:
    """One expedition scored as the rule documents say, with a switch for each step a learner may forget."""
    if not cards:
        return 0
    numbers = sum(c.rank for c in cards if c.rank <= 10)
    factor = 1 + sum(c.rank > 10 for c in cards) if multiply else 1
    extra = rules.bonus if bonus and len(cards) >= (bonus_at or rules.bonus_at) else 0
    if multiply_bonus:
        return (numbers - rules.cost * cost + extra) * factor
    return (numbers - rules.cost * cost) * factor + extra


def side_cards(lesson: Lesson) -> list[list[ex.Card]]:
    return [list(e) for e in lesson.position.expeditions(0).values()]


def board_score(lesson: Lesson, **slip: bool | int) -> int:
    return sum(expedition_score(cards, lesson.rules, **slip) for cards in side_cards(lesson))  # type: ignore[arg-type]


SCORES = {"score-one": 44, "score-board": 24, "eight-cards": 27, "five-colours": 16}
"""Worked by hand: score-one (3+5+6+8+10 - 20) x 2 + 20 = 44; score-board hearts (29 - 20) x 2 + 20 = 38 and
diamonds (13 - 20) x 2 = -14, two suits unstarted: 24; eight-cards 47 - 20 = 27 (7 cards, bonus at 8);
five-colours 36 - 20 = 16 (6 cards, bonus at 8)."""

SLIPS: dict[str, Callable[[Lesson], int]] = {
    "forgot-cost": lambda lesson: board_score(lesson, cost=False),
    "forgot-multiplier": lambda lesson: board_score(lesson, multiply=False),
    "forgot-bonus": lambda lesson: board_score(lesson, bonus=False),
    "multiplied-bonus": lambda lesson: board_score(lesson, multiply_bonus=True),
    "charged-unstarted": lambda lesson: board_score(lesson) - lesson.rules.cost * sum(not e for e in side_cards(lesson)),
    "other-rules": lambda lesson: board_score(lesson, bonus_at=6),  # the lessons' other rules: the default bonus at 6
}


def test_every_number_lesson_has_a_score_worked_here() -> None:
    assert set(SCORES) == set(ids(NUMBER_LESSONS))


@pytest.mark.parametrize("lesson", NUMBER_LESSONS, ids=ids(NUMBER_LESSONS))
def test_a_score_is_right_only_when_it_is_the_boards_score(lesson: Lesson) -> None:
    task = lesson.task
    assert isinstance(task, NumberTask)
    right = SCORES[lesson.id]
    assert board_score(lesson) == right == lesson.position.scores()[0] == ex.score([c for e in side_cards(lesson) for c in e],
                                                                                     lesson.rules)
    assert lesson.show_me() == right
    for answer in (right, str(right), f" {right} "):
        feedback = lesson.check(answer)
        assert feedback.right and feedback.text == task.right_says.text.format(score=right)
        assert feedback.reveal[-1] == f"total: {right}"
    slips = {m.name: SLIPS[m.name](lesson) for m in task.mistakes}
    assert len(set(slips.values()) | {right}) == len(slips) + 1, f"each slip gives its own wrong score: {slips}"
    for mistake in task.mistakes:
        feedback = lesson.check(slips[mistake.name])
        assert feedback.kind == "wrong" and feedback.case == mistake.name and feedback.text == mistake.says.text
        assert feedback.quote == lesson.rules.quote(mistake.says.rule)
    for other in set(range(right - 100, right + 101)) - set(slips.values()) - {right}:
        feedback = lesson.check(other)
        assert feedback.kind == "wrong" and feedback.case == "other" and feedback.text == task.wrong_says.text.format(score=right)
    for unreadable in ("forty", "4 4", "", "3.5", True):
        with pytest.raises(LessonError, match="whole number"):
            lesson.check(unreadable)  # type: ignore[arg-type]


def test_the_score_lessons_name_the_slips_of_the_scoring_rule() -> None:
    named = {m.name for lesson in NUMBER_LESSONS for m in lesson.task.mistakes}  # type: ignore[union-attr]
    assert named == set(lessons.MISTAKES)
    assert lessons.lesson("score-board").check("−16").case == "charged-unstarted"  # a typographic minus reads too


# --- choice lessons ---------------------------------------------------------------------------------
CHOICES = {
    # Document 001's tip: the numbers of one suit that reach you come to "about 22 plus 60% of what you
    # already hold": 22 + 0.6 x 15 = 31, above the cost of 20.
    "judgement": "yes",
    # Document 000: "Wer eine Runde gewonnen hat ..., gibt die nächste – so beginnt der Verlierer."
    "winner-deals": "opponent",
    # Document 000: "Bei Gleichstand spielt ihr eine vierte Runde."
    "fourth-round": "no",
    # Document 000, variant: "Kurzes Spiel: nur eine Runde." The fourth round breaks a tie "nach der dritten
    # Runde", so a tied one-round game is over (a shared win).
    "short-game": "yes",
}


def test_every_choice_lesson_has_an_answer_from_the_documents() -> None:
    assert set(CHOICES) == set(ids(CHOICE_LESSONS))


@pytest.mark.parametrize("lesson", CHOICE_LESSONS, ids=ids(CHOICE_LESSONS))
def test_a_choice_is_right_only_when_it_is_the_judged_option(lesson: Lesson) -> None:
    task = lesson.task
    assert isinstance(task, ChoiceTask)
    right = CHOICES[lesson.id]
    assert lesson.show_me() == right
    judged = task.judgement(lesson)
    assert lesson.check(right).right and lesson.check(right.upper()).right
    assert lesson.check(right).text == task.right_says.text.format_map(judged.facts)
    for option in task.options:
        if option.value != right:
            feedback = lesson.check(option.value)
            assert feedback.kind == "wrong" and feedback.text == task.wrong_says.text.format_map(judged.facts)
    with pytest.raises(LessonError, match="not one of the answers"):
        lesson.check("maybe")
    assert "{" not in lesson.task_text


def test_the_judgement_comes_from_the_round_played_out_and_shows_the_ceiling_as_a_ceiling() -> None:
    lesson = lessons.lesson("judgement")
    values = ex.analysis.start_values(lesson.position, models=("rollout", "exact"))
    played, ceiling = values.get("C", "rollout", "lay"), values.get("C", "exact", "lay")
    gain = played.added("never", "difference")
    assert gain is not None and gain.low > 0 and ceiling.value.low > 0  # clear: worth starting, by its interval too
    right = lesson.check("yes")
    # In plain words for a learner: the value rounded, and how far off it may be, from the model's own interval.
    said = re.search(r"they gain about (-?\d+) points \(give or take (\d+\.\d)\)", right.text)
    assert said is not None, right.text
    assert int(said.group(1)) == round(gain.value)
    assert float(said.group(2)) == round(max(gain.value - gain.low, gain.high - gain.value), 1)
    assert f"would be about {round(ceiling.value.value)} points, but that is a ceiling, not what to expect" in right.text
    plays = values.outlook.plays
    assert f"you have {plays} turns left" in lesson.check("no").text
    # The exact figures stay available to the curious (folded on the table): the models' own numbers and names.
    assert any(played.value.format() in f and gain.format() in f and "95% interval" in f and "model 3" in f for f in right.figures)
    assert any(ceiling.value.format(2) in f and "model 1" in f for f in right.figures)


JARGON = re.compile(r"±|95%|\binterval|\bmodel \d|simulation|expected value|hypergeometric|\bestimate|\bpolicy", re.I)
"""Words a newcomer should not meet in a lesson: the figures' own terms (kept folded, under "The exact figures")."""


def _feedbacks(lesson: Lesson) -> list[Feedback]:
    """Every feedback the lesson's data can give that the test can reach without playing: the right answer's
    (shown or given) and, for choices, each wrong option's; for numbers and moves, the cases they name."""
    out = [lesson.check(lesson.show_me())] if not isinstance(lesson.task, RoundTask) else []
    if isinstance(lesson.task, ChoiceTask):
        out += [lesson.check(o.value) for o in lesson.task.options]
    return out


@pytest.mark.parametrize("lesson", ALL, ids=ids(list(ALL)))
def test_a_lesson_speaks_plain_words(lesson: Lesson) -> None:
    texts = [lesson.title, lesson.text, lesson.task_text]
    for feedback in _feedbacks(lesson):
        texts += [feedback.text, *feedback.reveal]
    for text in texts:
        assert not JARGON.search(text), (lesson.id, text)


def test_the_match_lessons_name_the_totals_of_their_boards() -> None:
    assert lessons.lesson("winner-deals").task_text == "You won this round, 35 to 20. Who starts the next round?"  # Anna's 35, document 000
    assert "tied at 60 each" in lessons.lesson("fourth-round").task_text  # three rounds of 20 to 20


# --- the round lesson -------------------------------------------------------------------------------
@pytest.mark.parametrize("lesson", ROUND_LESSONS, ids=ids(ROUND_LESSONS))
def test_a_round_lesson_is_done_when_its_round_is_over(lesson: Lesson) -> None:
    task = lesson.task
    assert isinstance(task, RoundTask)
    assert lesson.show_me() is None
    start = lesson.position
    ongoing = start.play(start.legal_moves()[0])
    assert lesson.check(ongoing).kind == "info" and lesson.check(ongoing).case == "not-over"
    finished = play_out(start, [Beginner(seed=1), Beginner(seed=2)])
    feedback = lesson.check(finished)
    scores = finished.scores()
    assert feedback.right and feedback.text == task.right_says.text.format(you=scores[0], opponent=scores[1])
    with pytest.raises(LessonError, match="not dealt by lesson"):
        lesson.check(ex.deal(lesson.rules, seed=999))
    with pytest.raises(LessonError, match="round"):
        lesson.check("play 2H, draw deck")


@pytest.mark.parametrize("lesson", ROUND_LESSONS, ids=ids(ROUND_LESSONS))
def test_a_round_lesson_words_the_refusals_of_its_game(lesson: Lesson) -> None:
    """Its words for refused moves, tried at every turn of the learner in a whole round."""
    task = lesson.task
    assert isinstance(task, RoundTask)
    words = dict(task.refused)
    rnd, bots = lesson.position, [Beginner(seed=3), Beginner(seed=4)]
    refused_by = set()
    while not rnd.is_over:
        if rnd.to_move == lesson.seat:
            for move in candidate_moves(rnd):
                try:
                    rnd.check(move)
                except ex.IllegalMove as refusal:
                    refused_by.add(refusal.rule)
                    feedback = lesson.refusal(refusal)
                    assert feedback.text == words.get(refusal.rule, str(refusal)) and feedback.quote == refusal.quote
        seat = rnd.to_move
        assert seat is not None
        rnd = rnd.play(bots[seat].choose(rnd.observation(seat)))
    assert set(words) <= refused_by


# --- coverage of the rule table ---------------------------------------------------------------------
RULE_FIELDS = {
    # Which fields of a rule set each quoted rule governs (see ``ex.Rules``): a rule set teaches again what it
    # words in its own seed file and plays differently from the rule set it extends (or the default).
    "goal": ("players", "partnerships", "rounds", "tie"),
    "deck": ("suits", "numbers", "investments", "extra_copies"),
    "deal": ("hand_size", "set_aside"),
    "turn": (),
    "suit": (),
    "ascending": (),
    "investments": ("investments",),
    "draw": ("draw_from_piles",),
    "end": ("play_on_after_deck",),
    "stall": ("stall_turns_per_player",),
    "scoring": ("cost",),
    "bonus": ("bonus", "bonus_at"),
    "unstarted": (),
    "starter": ("starter",),
    "match": ("starter",),
    "tie": ("tie",),
    "partners": ("partnerships",),
    "pass": ("pass_cards", "pass_min_hand", "pass_twice_in_a_row"),
    "solo": ("discards_leave_game", "play_on_after_deck", "draw_from_piles"),
}


def rules_to_teach() -> set[tuple[str, str]]:
    """(rule set, rule key) for every rule set of the README's table: every rule the default rule set quotes;
    for another, each rule its own seed file quotes and plays differently from the one it extends (or the default)."""
    wanted = set()
    for name in readme_rule_sets():
        with (ROOT / "seeds" / f"{name}.toml").open("rb") as f:
            seed = tomllib.load(f)
        own = seed.get("quotes", {})
        assert set(own) <= set(RULE_FIELDS), f"a rule quoted in seeds/{name}.toml is new to this test: {set(own) - set(RULE_FIELDS)}"
        base = ex.rules(seed.get("extends", "expeditions"))
        for key in own:
            if name == "expeditions" or any(getattr(ex.rules(name), f) != getattr(base, f) for f in RULE_FIELDS[key]):
                wanted.add((name, key))
    return wanted


def test_the_lessons_teach_every_rule_of_the_rule_table() -> None:
    taught = {(lesson.rule_set, key) for lesson in ALL for key in lesson.teaches}
    wanted = rules_to_teach()
    assert {key for name, key in wanted if name == "expeditions"} == set(dict(ex.rules("expeditions").quotes))
    assert ("expeditionen", "tie") in wanted and ("expeditions-solo", "solo") in wanted and ("lost-cities", "turn") not in wanted
    missing = sorted(wanted - taught)
    assert not missing, f"no lesson teaches {missing}"
    assert set(readme_rule_sets()) == {lesson.rule_set for lesson in ALL}
    assert {key for name, key in wanted if name == "expeditions"} <= {key for lesson in PATH for key in lesson.teaches}


# --- lesson files that are wrong ------------------------------------------------------------------
GOOD = (ROOT / "lessons" / "path" / "02-ascending.toml").read_text(encoding="utf-8")


@pytest.mark.parametrize(("change", "message"), [
    (('rule_set = "expeditions"', 'rule_set = "poker"'), "there is no rule set 'poker'"),
    (('teaches = ["ascending"]', 'teaches = ["ascending", "tie"]'), "teaches 'tie', which the expeditions rules do not quote"),
    (('show = "play 6H, draw deck"', 'show = "play 9H, draw deck"'), "the move shown, play 9H, draw deck, is not a right answer"),
    (('seed = 2\n', ''), "give a seed"),
    (('name = "discard"\n', 'name = "discard"\nwhen = { kind = "discard" }\n'), "the last wrong case has no 'when'"),
    (('turns = 4', 'turns = 4\nplayers = 3'), r"unknown field\(s\) players"),
    (('says = "The 6♥ follows', 'says = "{score}: the 6♥ follows'), r"the words name \{score\}, which this task does not compute"),
    (('H = "2H 5H"', 'H = "2H 5H 9H"'), "is not a position of the expeditions rules"),
    (('when = { kind = "play", suit = "H" }', 'when = { kind = "play", suit = "Y" }'), "'Y' is not a suit of the expeditions rules"),
    (('kind = "move"', 'kind = "essay"'), "kind must be one of move, number, choice, round"),
    (('rule = "suit"', 'rule = "nonsense"'), "have no quote for 'nonsense'"),
    (('title = "An', 'title = = "An'), "is not valid TOML"),
    (('turns = 4', 'turns = 4\nto_move = 5'), "to_move 5 is not a seat"),
])
def test_a_wrong_lesson_file_is_refused_in_plain_words(tmp_path: Path, change: tuple[str, str], message: str) -> None:
    old, new = change
    assert old in GOOD
    folder = tmp_path / "path"
    folder.mkdir()
    (folder / "01-ascending.toml").write_text(GOOD.replace(old, new, 1), encoding="utf-8")
    with pytest.raises(LessonError, match=message):
        lessons.read_track("path", tmp_path)


def test_a_lesson_file_is_named_after_its_id(tmp_path: Path) -> None:
    (tmp_path / "path").mkdir()
    (tmp_path / "path" / "01-climbing.toml").write_text(GOOD, encoding="utf-8")
    with pytest.raises(LessonError, match=r"named NN-<its id>\.toml, here NN-ascending\.toml"):
        lessons.read_track("path", tmp_path)
    (tmp_path / "path" / "01-climbing.toml").rename(tmp_path / "path" / "01-ascending.toml")
    (only,) = lessons.read_track("path", tmp_path)
    assert only.id == "ascending" and only.check("play 6H, draw deck").right
    with pytest.raises(LessonError, match="there is no track 'extras'"):
        lessons.read_track("extras", tmp_path)


def test_a_choice_file_needs_the_options_of_its_judge(tmp_path: Path) -> None:
    text = (ROOT / "lessons" / "appendix" / "04-winner-deals.toml").read_text(encoding="utf-8")
    (tmp_path / "appendix").mkdir()
    (tmp_path / "appendix" / "01-winner-deals.toml").write_text(text.replace('value = "opponent"', 'value = "them"'), encoding="utf-8")
    with pytest.raises(LessonError, match="answers opponent, you, so the options' values are exactly those"):
        lessons.read_track("appendix", tmp_path)


def test_feedback_and_lessons_are_plain_values() -> None:
    feedback = lessons.lesson("ascending").check("play 3H, draw deck")
    assert json.loads(json.dumps(feedback.to_dict()))["rule"] == "ascending"
    assert str(feedback) == feedback.text
    assert repr(lessons.lesson("ascending")) == "<Lesson ascending: An expedition only goes up (expeditions, move)>"


def test_a_move_condition_reads_every_field_against_the_engine() -> None:
    rnd = lessons.lesson("discard-draw").position  # piles of hearts and clubs; your diamonds at 8

    def matching(condition: MoveMatch) -> set[str]:
        return {str(m) for m in rnd.legal_moves() if condition.matches(rnd, m, rnd.play(m))}

    legal = {str(m) for m in rnd.legal_moves()}
    assert matching(MoveMatch()) == legal
    assert matching(MoveMatch(draw="H")) == {m for m in legal if m.endswith("draw pile H")}
    assert matching(MoveMatch(draw="pile")) == {m for m in legal if "pile" in m}
    assert matching(MoveMatch(kind="play", starts=True)) == {"play 10H, draw deck", "play 10H, draw pile H", "play 10H, draw pile C",
                                                            "play KH, draw deck", "play KH, draw pile H", "play KH, draw pile C",
                                                            "play 2S, draw deck", "play 2S, draw pile H", "play 2S, draw pile C",
                                                            "play 7C, draw deck", "play 7C, draw pile H", "play 7C, draw pile C"}
    assert matching(MoveMatch(ends=True)) == set()
    assert matching(MoveMatch(kind="discard", investment=True, draw="deck")) == {"discard KH, draw deck"}
    solo = lessons.lesson("solitaire").position
    last = ex.position("expeditions-solo", hands=["3H 8H 2S QD 6C 9C"], deck="", seed=1)  # the deck is out: play on, no draw
    move = ex.Move.parse("play 8H")
    assert MoveMatch(draw="none").matches(last, move, last.play(move))
    assert not MoveMatch(draw="none").matches(solo, ex.Move.parse("play 8H, draw deck"), solo.play("play 8H, draw deck"))


def test_an_answer_of_the_wrong_kind_says_what_the_lesson_takes() -> None:
    with pytest.raises(LessonError, match="answered with a move, like 'play 6H, draw deck'"):
        lessons.lesson("ascending").check(44)
    with pytest.raises(LessonError, match="answered with a whole number"):
        lessons.lesson("score-one").check(ex.Move.parse("play 6H, draw deck"))
    with pytest.raises(LessonError, match="answered with one of: yes, no"):
        lessons.lesson("judgement").check(1)  # type: ignore[arg-type]
    with pytest.raises(ex.NotationError):
        lessons.lesson("ascending").check("lay 6H")
