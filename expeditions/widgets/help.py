"""The card table's help panel, made from the rules of the game on the table: the rules in short, how they differ
from Lost Cities, how to play on the table, and the keys.

``help_view(rules)`` is plain JSON for the table's ``help`` trait; every line about the rules is written from the
rule set's own fields (so a new rule set gets its help with no text to write), and the rule document's own
words come with it, folded, in the document's language.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from ..cards import SUITS, Card
from ..rules import PRESETS, Rules

LOST_CITIES = "lost-cities"
"""The rule set the others are compared with: the original Lost Cities (documents 002 and 004)."""

KEYS: tuple[tuple[str, str], ...] = (
    ("1 … 9, 0", "select the card of your hand with that number under it (0: the tenth)"),
    ("P", "lay the selected card on its expedition"),
    ("D", "discard the selected card on its pile"),
    ("Enter", "draw off the deck"),
    ("U", "undo"),
    ("H", "hint: the best moves, with the points they are expected to bring"),
    ("?", "open or close this help"),
    ("Esc", "close it"),
)
"""The table's keys (``card_table.js`` reads the same ones). They work as soon as the page is open, unless a text
box or a menu has the focus."""

GESTURES: tuple[str, ...] = (
    "A turn is two clicks, as at a real table: a card of your hand, then its expedition (your row) or its discard pile "
    "(the middle row); or drag the card there.",
    "Then click the deck or a discard pile to draw. What you may click lights up; a refused move says why, in the "
    "rule document's own words.",
    "Hint shows the best moves and outlines the best one on the table; Undo takes back half a turn, or your last move "
    "and the answer to it.",
    "The Game panel (on a small screen: ☰ Game) sets the opponent, starts a new game with other rules, changes the "
    "deck's colours, and saves or loads a game.",
)


LOSER_STARTS = "The player who lost a round starts the next one (instead of taking turns to start)."


def _number_words(rules: Rules) -> str:
    low, high = rules.numbers[0], rules.numbers[-1]
    return f"{'ace (1)' if low == 1 else low} to {high}"


def _investment_words(rules: Rules) -> str:
    names = " ".join(Card(rank, rules.suits[0]).rank_text for rank in range(11, 11 + rules.investments))
    return f"{rules.investments} investment card{'s' if rules.investments != 1 else ''} ({names})"


def _suit_words(rules: Rules) -> str:
    return ", ".join(f"{SUITS[s].symbol} {SUITS[s].name}" for s in rules.suits)


def rules_in_short(rules: Rules) -> list[str]:
    """The rules of ``rules`` in a few plain sentences, written from its fields."""
    r = rules
    lines = []
    if r.players == 1:
        lines.append(f"You play alone: score as many points as you can over {r.rounds} round{'s' if r.rounds > 1 else ''}.")
    elif r.partnerships:
        lines.append(f"{r.players} players in two teams of partners; the team with the most points after {r.rounds} rounds wins.")
    else:
        lines.append(f"Build expeditions, one per suit; the most points after {r.rounds} round{'s' if r.rounds > 1 else ''} wins.")
    deck = (f"The deck: {r.deck_size} cards, {len(r.suits)} suits ({_suit_words(r)}), each with the numbers "
            f"{_number_words(r)} and {_investment_words(r)}")
    if r.extra_copies:
        deck += f"; the {', '.join(map(str, r.extra_copies))} come twice"
    lines.append(deck + ".")
    set_aside = f" {r.set_aside} cards are set aside unseen." if r.set_aside else ""
    lines.append(f"Each player gets {r.hand_size} cards.{set_aside}")
    draw = "the deck, or the top card of any discard pile (not the one you just discarded)" if r.draw_from_piles else "the deck"
    lines.append(f"A turn: lay a card on its expedition or discard it on its suit's pile, then draw from {draw}.")
    if r.pass_cards:
        lines.append(f"Instead of a turn you may pass {r.pass_cards} cards to your partner.")
    lines.append("An expedition only goes up: each number higher than the last one in it. Investments go down first, "
                 "before its first number.")
    times = ", ".join(f"×{k + 1}" for k in range(1, r.investments + 1))
    lines.append(f"An expedition scores its numbers minus {r.cost}, times 1 more than its investments ({times}); "
                 f"{r.bonus} more with {r.bonus_at} cards or more. One never started scores 0.")
    end = "The round ends when the deck is empty"
    if r.play_on_after_deck:
        end += ", and you then play on until your hand is empty"
    if r.stall_limit:
        end += (f", or after {r.stall_limit} turns in a row in which every player discarded and drew off a discard "
                "pile")
    lines.append(end + ".")
    if r.discards_leave_game:
        lines.append("Discards leave the game: nobody draws them.")
    if r.rounds > 1 and r.starter == "loser-starts":
        lines.append(LOSER_STARTS)
    return lines


def differences(rules: Rules) -> list[str]:
    """How ``rules`` differs from Lost Cities, point by point, from the two rule sets' fields."""
    lc = PRESETS[LOST_CITIES]
    r = rules
    if r.name == lc.name and not r.overrides():
        return [f"This is Lost Cities itself, as its rules (documents {lc.document}) give it: {len(lc.suits)} colours of "
                f"{lc.deck_size // len(lc.suits)} cards, {lc.hand_size} cards in hand, the bonus at {lc.bonus_at} cards."]
    out = []
    if all(s in "HSDC" for s in r.suits):
        out.append("A standard deck of playing cards instead of Lost Cities' own: the suits are the expeditions, "
                   "and J, Q, K are the investment (wager) cards.")
    cards = f"{r.deck_size} cards instead of {lc.deck_size}" if r.deck_size != lc.deck_size else ""
    if len(r.suits) != len(lc.suits):
        out.append(f"{len(r.suits)} expeditions instead of {len(lc.suits)}" + (f": {cards}." if cards else "."))
    elif cards:
        out.append(f"{cards[0].upper()}{cards[1:]}.")
    if r.numbers != lc.numbers:
        out.append(f"The numbers run {_number_words(r)} instead of {_number_words(lc)}.")
    if r.extra_copies:
        out.append(f"Two of each {', '.join(map(str, r.extra_copies))} in every suit.")
    if r.players != lc.players:
        out.append("A game for one player (Lost Cities is for two)." if r.players == 1 else
                   f"A game for {r.players} players{' in partnerships' if r.partnerships else ''} (Lost Cities is for two).")
    if r.hand_size != lc.hand_size:
        out.append(f"{r.hand_size} cards in hand instead of {lc.hand_size}.")
    if (r.bonus, r.bonus_at) != (lc.bonus, lc.bonus_at):
        out.append(f"The bonus of {r.bonus} comes at {r.bonus_at} cards instead of {lc.bonus_at}.")
    if r.cost != lc.cost:
        out.append(f"An expedition costs {r.cost} instead of {lc.cost}.")
    if r.stall_limit and not lc.stall_limit:
        out.append(f"A round also ends after {r.stall_limit} stalled turns (discards and draws off a pile); Lost Cities "
                   "has no such rule.")
    if r.rounds != lc.rounds:
        out.append(f"{r.rounds} round{'s' if r.rounds > 1 else ''} instead of {lc.rounds}.")
    if r.draw_from_piles != lc.draw_from_piles:
        out.append("Nothing is drawn off the discard piles.")
    if r.pass_cards:
        out.append(f"Partners may pass {r.pass_cards} cards to each other.")
    if r.set_aside:
        out.append(f"{r.set_aside} cards are set aside unseen.")
    if r.starter == "loser-starts" and lc.starter != "loser-starts":
        out.append(LOSER_STARTS)
    if r.tie == "extra-round" and lc.tie != "extra-round":
        out.append("A tie after the last round is played off in one more round.")
    return out


@lru_cache(maxsize=32)
def help_view(rules: Rules) -> dict[str, Any]:
    """The help panel for a table playing ``rules``, as plain JSON (the table's ``help`` trait)."""
    is_lost_cities = rules.name == LOST_CITIES and not rules.overrides()
    return {
        "title": f"Help: {rules.title}",
        "lead": (f"The rules of {rules.title} (document {rules.document}), the adaptation of Reiner Knizia's Lost Cities "
                 "this table plays." if not is_lost_cities else f"The rules of {rules.title} (documents {rules.document})."),
        "rules": rules_in_short(rules),
        "differences_title": "Lost Cities" if is_lost_cities else "How these rules differ from Lost Cities",
        "differences": differences(rules),
        "gestures": list(GESTURES),
        "keys": [list(k) for k in KEYS],
        "document": rules.document,
        "quotes": [text for _, text in rules.quotes],
    }
