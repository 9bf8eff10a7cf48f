"""One notation on screen: every text a person reads in the analysis answers and the explorer writes cards
with their suit symbols (``7♥``); the letter notation (``7H``) stays in ``records()``, the typed boxes and the
game records, and ``Move`` prints in the notation it parses from."""

from __future__ import annotations

from typing import Any

import pytest
from positions import counted

import expeditions as ex
from expeditions import analysis
from expeditions.analysis.rollouts import PIECE
from expeditions.session.explorer import QUESTIONS
from expeditions.widgets import values_table, what_if_explorer
from expeditions.words import LETTER_CARD

QUICK: dict[str, Any] = {"first": PIECE, "max_positions": 2 * PIECE, "time_limit": 5.0, "precision": 50.0}


def letters(text: str) -> list[str]:
    return sorted({m.group(0) for m in LETTER_CARD.finditer(text)})


def mid_round(seed: int, turns: int) -> ex.Round:
    return counted(seed=seed, turns=turns)


POSITIONS = {
    "a hand": "2H 5H KH 9S 10S QD",
    "mid-round": mid_round(seed=3, turns=14),
    "piles to draw from": ex.position("expeditions", hands=["7H 10H JH 5S QD 2C", None],
                                      expeditions=[{"H": "4H"}, {"S": "4S", "D": "2D"}], piles={"D": "3D 8D", "C": "9C"},
                                      seed=1),
}


def answers(what: Any) -> dict[str, Any]:
    """Every answer of the analysis for one position, quickly."""
    values = analysis.start_values(what, "expeditions" if isinstance(what, str) else None, models=(1, 2, 3), n=1_000,
                                   precision=50.0, max_positions=PIECE)
    rec = analysis.recommend(values)
    moves = analysis.move_values(what, "expeditions" if isinstance(what, str) else None, **QUICK)
    rules = "expeditions" if isinstance(what, str) else None
    out = {"start_values": values, "recommend": rec, "move_values": moves,
           "plan_values": analysis.plan_values(what, rules, **QUICK),
           "discard_values": analysis.discard_values(what, rules, **QUICK),
           "holding_chances": analysis.holding_chances(what, rules),
           "win_chances": analysis.win_chances(what, rules, **QUICK),
           "round_end": analysis.round_end(what, rules, **QUICK),
           "break_even": analysis.break_even(what, rules), "pile_values": analysis.pile_values(what, rules, **QUICK),
           "values_table": values_table(values), "beside": analysis.beside_moves(rec, moves)}
    return out


@pytest.mark.parametrize("name", list(POSITIONS))
def test_every_analysis_answer_writes_cards_with_their_suit_symbols(name):
    found = answers(POSITIONS[name])
    for key, answer in found.items():
        texts = {"str": str(answer)}
        if hasattr(answer, "_repr_html_"):
            texts["html"] = answer._repr_html_()
        for kind, text in texts.items():
            assert text.strip() or key == "beside", (key, kind)  # beside Which card?: empty when the two agree
            assert not letters(text), (key, kind, letters(text))
    if name == "piles to draw from":  # every pile but the one the counting bot's card goes onto, with its symbol
        piles, symbols = found["pile_values"], {"D": "♦", "C": "♣"}  # the position's piles
        expected = [s for s in symbols if not (piles.move.kind == "discard" and piles.move.card.suit == s)]
        assert len(piles.rows) == 1 + len(expected) >= 2 and all(f"{symbols[s]} pile" in str(piles) for s in expected)
    # The symbols are there, and the notation is still where it belongs: the records and the moves themselves.
    moves = found["move_values"]
    assert "♥" in str(moves) and "♥" in moves._repr_html_()
    assert all(ex.Move.parse(r["move"]) == row.move for r, row in zip(moves.records(), moves.rows, strict=True))
    assert str(moves.best.move) == moves.records()[0]["move"] and LETTER_CARD.search(str(moves.best.move))


def test_the_explorer_panels_write_cards_with_their_suit_symbols():
    pos = POSITIONS["piles to draw from"]
    xp = what_if_explorer("expeditions", "7H 10H JH 5S QD 2C", mine="4H", theirs="4S 2D", piles="3D 8D 9C", n=1_000,
                          precision=50.0, time_limit=2.0)
    assert xp.position().observation(0).hand == pos.observation(0).hand
    xp.run_rollouts()
    for name in QUESTIONS:
        xp.refine(name, precision=50.0, time_limit=1.0, background=False)
        assert xp.answers.get(name) is not None, name
    xp.show_all.value = True
    panels = {"answer": xp.answer.value, "table": xp.table.value, "position": xp.position_view.value,
              "message": xp.message.value, "progress": xp.progress_text.value, "ask": xp.ask_text.value,
              **{f"chart {k}": c.value for k, c in xp.charts.items()},
              **{f"tab {k}": v.value for k, v in xp.answer_views.items()}, "snapshot": xp.snapshot_html()}
    for name, text in panels.items():
        assert not letters(text), (name, letters(text))
    assert "♥" in panels["tab moves"] and "♦" in panels["tab opponent"]
    # A refused input is said with symbols too, though it was typed in letters.
    xp.set_position(mine="7H")
    xp.compute()
    assert "7♥" in xp.last_message and not letters(xp.last_message)
    xp.set_position(mine="4H", theirs="4S 2D", piles="3D 8D 9C")
    xp.refine("opponent", precision=50.0, time_limit=1.0, background=False)
    assert not letters(xp.answer_views["opponent"].value)
