"""Hints and reviews on the card table, below the widget: what the session's view holds for them.

A hint: the first moves of the analyst's ranking, in its order, then the first worse one, in words with suit
symbols and with what the numbers mean; the best move's card, its target and its draw source marked for the table. A review:
shown as it grows (one of your moves at a time), then its summary and its moments, each with a picture of the
table at that moment, and par. The oracles are ``rank_moves`` and ``review`` called here on the same position, the
positions of ``positions.py`` (where the best move is known by construction) and the moves counted here.
"""

from __future__ import annotations

import re
from collections import Counter

import pytest
from positions import gift, sixth_card

import expeditions as ex
from expeditions.advice import Hints, RankedMove, rank_moves, review, review_steps
from expeditions.advice.review import cost_words
from expeditions.bots.words import Reason
from expeditions.estimate import Estimate
from expeditions.session import HINT_LINES, Session, move_words
from expeditions.words import LETTER_CARD


def hint_marks(session: Session) -> dict[str, list[str]]:
    """Every element of the view the table marks with ``data-hint="best"``, by kind."""
    view = session.view()
    return {
        "hand": [c.face.card for c in view.hand if c.hint],
        "expedition": [f"{e.side}:{e.suit}" for side in view.sides for e in side.expeditions if e.hint],
        "pile": [p.suit for p in view.piles if p.hint],
        "deck": ["deck"] if view.deck.hint else [],
        "seat": [s.name for s in view.seats if s.hint],
    }


# --- hints ---------------------------------------------------------------------------------------------
def test_a_hint_groups_the_moves_says_what_the_numbers_mean_and_marks_the_best_on_the_table():
    session = Session.at(gift(), level="Normal", seed=1)
    hints = rank_moves(session.round.observation(0))  # the oracle: the same ranking, asked here
    assert session.hint()
    hint = session.view().hint
    assert hint is not None
    about, worse = [m for m in hints if m.group == "about as good"], [m for m in hints if m.group == "worse"]
    assert len(about) == 4 and [str(m.move) for m in worse] == ["discard 9D, draw deck"]  # 9♦ feeds the bot

    # The first moves of the ranking in its order, then the first worse one: what is shown is what is ranked.
    shown = [*hints[: HINT_LINES - 1], worse[0]]
    assert len(hint.lines) == HINT_LINES
    assert [line.group for line in hint.lines] == [m.group for m in shown]
    for line, ranked in zip(hint.lines, shown, strict=True):
        words = move_words(ranked.move, "advice")
        assert line.words == words[0].upper() + words[1:]
    best = hints.best_value
    assert hint.lines[0].value == f"+{best.value:.0f} [{best.low:.0f}, {best.high:.0f}]"  # whole points from 10 up
    values = [float(line.value.split(" ")[0].replace("−", "-")) for line in hint.lines]
    assert values == sorted(values, reverse=True)  # a move shown higher is never ranked lower
    assert hint.lines[0].versus == "" and all(line.versus.startswith("about as good (") for line in hint.lines[1:-1])
    d = worse[0].difference  # the worse move against the best, on the same deals
    assert hint.lines[-1].versus == f"{round(-d.value)} points worse [{round(-d.high)}, {round(-d.low)}]"
    assert "feeds the bot" in hint.lines[-1].reason
    assert hint.more == "Not shown: 1 more about as good."

    # What the numbers mean and what holds for every move are said once, beside the lines, not in them.
    assert hint.value_words.startswith("final score difference, in points: your score minus the bot's")
    assert hint.situation == "13 in the deck: about 7 plays left each"
    assert not any("plays left" in line.reason or "in the deck" in line.reason for line in hint.lines)
    reasons = [line.reason for line in hint.lines if line.reason != "for the same reason"]
    assert len(reasons) == len(set(reasons)) and not any(r.startswith("discards") for r in reasons)  # the line names the move
    assert not any(LETTER_CARD.search(line.words + line.reason + line.versus) for line in hint.lines)
    assert session.last_message == f"Hint: {hint.lines[0].words[0].lower()}{hint.lines[0].words[1:]} (4 other moves are about as good)."

    # On the table: the card in your hand, the pile it goes on, the deck it draws from; nothing else.
    assert (hint.card, hint.target, hint.draw) == (str(hints.card), "discard", "deck") == (str(hints.best.move.card), "discard", "deck")
    assert hint_marks(session) == {"hand": [hint.card], "expedition": [], "pile": [hints.card.suit], "deck": ["deck"], "seat": []}
    assert session.view().to_dict()["hint"]["lines"][0]["group"] == "best"


def test_a_hint_to_lay_a_card_marks_your_own_expedition_of_its_suit():
    session = Session.at(sixth_card(), level="Random (practice)")
    assert session.hint()
    best = rank_moves(session.round.observation(0)).best.move
    assert best == ex.Move.parse("play 9H, draw deck")  # the sixth card, known by construction
    assert hint_marks(session) == {"hand": [str(best.card)], "expedition": [f"you:{best.card.suit}"], "pile": [],
                                   "deck": ["deck"], "seat": []}
    made = session.select(best.card) and session.play() and session.draw("deck")
    assert made and session.view().hint is None  # a hint is for the position it was asked in (here the last turn)


def crafted(best: ex.Move, *others: ex.Move) -> Hints:
    """Hints with ``best`` first and ``others`` about as good: what a ranking gives, for the marks on the table."""
    def ranked(move: ex.Move, group: str) -> RankedMove:
        return RankedMove(move, 1.0, Estimate(0.0, -1.0, 1.0, 24), 64, group, Reason("a reason"))
    moves = (ranked(best, "best"), *(ranked(m, "about as good") for m in others))
    return Hints(moves, "final score difference, in points", "a few plays left", (), len(moves), Estimate(1.0, 0.0, 2.0, 64),
                 2.0, "every other move is settled", 64)


def test_a_pile_draw_marks_that_pile_and_a_pass_marks_both_cards_and_your_partner():
    pos = ex.position("expeditions", hands=["7H 10H JH 5S QD 2C", None], expeditions=[{"H": "9H"}, {"S": "4S"}],
                      piles={"D": "3D 8D"}, seed=1)
    session = Session.at(pos, level="Normal")
    job = session.start_hint()
    assert job is not None and session.busy == "hint" and not session.view().can_hint  # at once: the table is busy
    assert session.finish(job, crafted(ex.Move.parse("play 10H, draw pile D"), ex.Move.parse("discard 2C, draw deck")))
    hint = session.view().hint
    assert hint is not None and hint.lines[0].words == "Lay 10♥, take 8♦ from the ♦ pile"  # the card it takes, named
    assert hint_marks(session) == {"hand": ["10H"], "expedition": ["you:H"], "pile": ["D"], "deck": [], "seat": []}

    four = Session("expeditions-4p", level="Random (practice)", seed=5)
    four.settle()
    first, second = four.hand[:2]
    passed = ex.Move.pass_cards(first, second)
    job = four.start_hint()
    assert job is not None and four.finish(job, crafted(passed))
    view = four.view()
    assert view.hint is not None and view.hint.target == "partner"
    assert view.hint.lines[0].words == f"Pass {' '.join(c.symbol for c in passed.cards)} to your partner"
    assert hint_marks(four) == {"hand": [str(first), str(second)], "expedition": [], "pile": [], "deck": [], "seat": ["North"]}


# --- reviews -------------------------------------------------------------------------------------------
def short_round(session: Session) -> int:
    """Play the gift position out: first the 9♦ the bot can use (the slip), then the first legal move each
    turn; the bots answer. Returns how many moves you made."""
    assert session.submit("discard 9D, draw deck")
    made = 1
    session.settle()
    while not session.round.is_over:
        assert session.submit(session.round.legal_moves()[0])
        made += 1
        session.settle()
    return made


def test_the_review_is_shown_as_it_grows_then_its_moments_with_pictures():
    session = Session.at(gift(), level="Normal", seed=1)
    made = short_round(session)
    rnd = session.round
    assert rnd.is_over and session.view().can_review
    job = session.start_review()
    assert job is not None and job.steps is not None and session.busy == "review"
    assert not session.view().can_review and not session.next_round()  # the table waits for the review

    seen = []
    for partial in job.steps():  # as the widget does, from its worker thread: each step shown as it comes
        assert session.step(job, partial)
        view = session.view()
        assert view.busy == "review" and view.review is not None
        seen.append((view.review.done, view.review.to_review, view.review.complete))
    assert seen == [(i, made, i == made) for i in range(made + 1)]  # the last step holds par too
    assert session.view().review.summary.startswith(("So far", "Three", "Two", "One"))  # type: ignore[union-attr]
    assert session.finish(job, partial)
    view = session.view()
    assert view.busy == "" and not view.can_review and view.review is not None and view.review.complete

    oracle = review(rnd, 0, par={1: session.replaying(1)})  # the same review, computed here
    shown = view.review
    assert shown.summary == oracle.summary and shown.method == oracle.method and shown.number == 1
    assert oracle.par is not None and shown.par == oracle.par_words and "Hard would have scored" in shown.par
    assert session.last_message == f"Review of round 1: {oracle.summary}"
    assert 1 <= len(shown.moments) <= 5 and len(shown.moments) == len(oracle.moments)
    mine = [i for i in range(len(rnd.moves)) if i % 2 == 0]  # you started: your moves are the round's 1st, 3rd ...
    for moment, expected in zip(shown.moments, oracle.moments, strict=True):
        number = mine.index(expected.move.turn - 1) + 1  # counted per player: your 1st, 2nd ... move
        assert moment.number == number and moment.headline.startswith(f"Your {ex.words.ordinal(number)} move (")
        assert (moment.headline, moment.wrong, moment.instead) == (expected.headline, expected.wrong, expected.instead)
        assert moment.loss == cost_words(expected.loss) and expected.loss.low > 0  # it mattered
        assert moment.picture == expected.picture
        assert 'data-testid="review-picture"' in moment.picture and "<script" not in moment.picture
        assert 'data-mark="played"' in moment.picture and 'data-mark="better"' in moment.picture
        assert "seat" not in moment.headline + moment.wrong + moment.instead
        assert not LETTER_CARD.search(moment.headline + moment.wrong + moment.instead + shown.summary)
    first = shown.moments[0]
    assert first.number == 1 and first.wrong.startswith("you discarded 9♦ where the bot can take it")
    assert json_plain(session)


def json_plain(session: Session) -> bool:
    """The view with a review goes to the browser as plain JSON."""
    import json

    view = session.view().to_dict()
    return json.loads(json.dumps(view))["review"]["moments"][0]["picture"] == view["review"]["moments"][0]["picture"]


def lost_cities_gift() -> ex.Round:
    """The gift position in Lost Cities: your blue 9 fits only the bot's blue expedition (three wagers, at 5); your
    2s and 3s are dead for both sides; three cards are left in the deck."""
    rules = ex.rules("lost-cities")
    hand, bot_hand, deck = ex.cards("9B 2Y 3Y 2W 3W 4W 2G 3G"), ex.cards("2R 3R 4R 5R 6R 7R 8R 9R"), ex.cards("10R 9G 10G")
    mine = {"Y": "5Y 6Y 7Y 8Y 10Y", "W": "5W 6W 7W 8W 10W", "B": "6B 7B 8B 10B", "G": "4G 5G 6G 7G 8G"}
    placed = Counter([*hand, *bot_hand, *deck, *(c for cards in mine.values() for c in ex.cards(cards))])
    bots: dict[str, list[ex.Card]] = {}
    for card in sorted((Counter(rules.deck) - placed).elements(), key=lambda c: (not c.is_investment, c.value)):
        bots.setdefault(card.suit, []).append(card)  # wagers first, then the numbers going up
    return ex.position(rules, hands=[hand, bot_hand], expeditions=[mine, bots], deck=deck)


def test_a_review_in_lost_cities_names_the_colours_never_letters():
    session = Session.at(lost_cities_gift(), level="Normal")
    assert session.submit("discard 9B, draw deck")
    while not session.round.is_over:
        session.settle()
        if session.your_turn:
            assert session.submit(session.round.legal_moves()[0])
    assert session.show_review()
    shown = session.view().review
    assert shown is not None and shown.complete and shown.moments
    first = shown.moments[0]
    assert first.headline.startswith("Your 1st move (3 in the deck): you discarded blue 9 and drew from the deck.")
    assert first.wrong == "you discarded blue 9 where the bot can take it: the bot's blue expedition stands at 5"
    texts = [shown.summary, *(m.headline + m.wrong + m.instead for m in shown.moments)]
    assert not any(LETTER_CARD.search(t) for t in texts)
    for m in shown.moments:
        assert not LETTER_CARD.search(re.sub(r"<[^>]*>", " ", m.picture))  # the picture's text, without its markup


def test_a_review_that_fails_halfway_can_be_asked_for_again(monkeypatch: pytest.MonkeyPatch):
    session = Session.at(gift(), level="Normal", seed=1)
    short_round(session)

    def broken(*args: object, **kwargs: object):
        yield from list(review_steps(*args, **kwargs))[:2]  # type: ignore[arg-type]
        raise RuntimeError("out of deals")

    monkeypatch.setattr("expeditions.session.help.review_steps", broken)
    assert not session.show_review()
    assert session.last_message == "The review failed (RuntimeError: out of deals)."
    assert session.view().review is None and session.view().can_review and session.busy == ""
    monkeypatch.undo()
    assert session.show_review() and session.view().review.complete  # type: ignore[union-attr]


def test_a_step_of_a_review_the_table_has_dropped_is_not_shown():
    session = Session.at(gift(), level="Normal", seed=1)
    short_round(session)
    job = session.start_review()
    assert job is not None and job.steps is not None
    steps = job.steps()
    assert session.step(job, next(steps))
    session.job = None  # as if the table had moved on
    assert not session.step(job, next(steps))
