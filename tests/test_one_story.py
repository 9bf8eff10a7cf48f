"""One story for one hand: lesson 9's judgement, the explorer's answer and the hints agree on 2♣ 5♣ 8♣.

The lesson asks whether clubs are worth starting with 2♣ 5♣ 8♣ 10♥ 9♠ 4♦; it answers from the round played out
(model 3), on the score difference, as the explorer's table and sentence do; the hint, from the analyst on the same
measure, never ranks throwing a club away above starting clubs when starting them is worth it."""

from expeditions import advice, analysis, lessons
from expeditions.lessons.judges import MEASURE_WORDS


def test_lesson_nine_the_explorer_and_the_hints_tell_one_story_for_two_five_eight_of_clubs():
    lesson = lessons.lesson("judgement")
    obs = lesson.position.observation(lesson.seat)
    assert sorted(map(str, obs.hand)) == sorted(["2C", "5C", "8C", "10H", "9S", "4D"])

    values = analysis.start_values(obs, models=(1, 2, 3))  # the explorer's table: models 1 to 3
    clubs = values.get("C", "rollout", "lay")
    gain = clubs.added("never", "difference")
    assert gain is not None
    right = lesson.check("yes" if gain.value > 0 else "no")
    assert right.kind == "right"  # the lesson's answer is the table's own row
    assert gain.plain() in str(right) and MEASURE_WORDS["difference"] in str(right)  # with the table's own number
    assert "14 points" not in str(right)  # no longer model 2's ceiling-like figure, which the explorer says not to believe

    answer = analysis.recommend(values)
    assert answer.model == "rollout"  # the explorer's sentence rests on the same model as the lesson
    if answer.suit == "C":
        assert (answer.verdict == "hold back") == (gain.value <= 0)

    hints = advice.rank_moves(obs)
    order = [str(m.move) for m in hints]
    start = order.index("play 2C, draw deck")
    if gain.value > 0:  # clubs are worth starting: no club discard is ranked above starting them
        assert all(order.index(f"discard {c}, draw deck") > start for c in ("2C", "5C", "8C"))
