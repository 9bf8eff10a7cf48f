"""Positions for the tests: where the best move is known by construction (hints and reviews), and rounds
played part way by counting bots (the questions of a strong player)."""

from collections import Counter

import expeditions as ex
from expeditions.bots import play_out
from expeditions.bots.counting import Counting


def counted(name: str = "expeditions", *, seed: int, turns: int | None = None, deck: int | None = None) -> ex.Round:
    """The round of ``name`` dealt from ``seed``, played by counting bots for ``turns`` turns, or until ``deck``
    cards or fewer are left (the counting bot reads only what its seat may know, so its seed changes nothing)."""
    rnd = ex.deal(name, seed=seed)
    bots = [Counting(seat) for seat in range(rnd.rules.players)]
    return play_out(rnd, bots, until=lambda r: (turns is not None and r.turn >= turns)
                    or (deck is not None and r.deck_size <= deck))


def solitaire_end():
    """The solitaire with the deck empty: 9H then 10H is the only way to keep both."""
    return ex.position("expeditions-solo", hands=["9H 10H"], expeditions=[{"H": "5H 8H"}], deck="")


def sixth_card():
    """Your hearts hold 4 5 6 7 8 and you hold the 9; one card is left in the deck, so every move ends
    the round. Every other card of yours is dead for you; the cards nobody holds lie on expeditions."""
    rules = ex.rules("expeditions")
    mine = {"H": "4H 5H 6H 7H 8H"}
    hand, bot, deck = ex.cards("9H 2C 3C 2S 3S JD"), ex.cards("5C 6C 5S 6S 5D 6D"), ex.cards("QS")
    placed = Counter([*hand, *bot, *deck, *ex.cards(mine["H"])])
    rest = sorted((Counter(rules.deck) - placed).elements(), key=lambda c: (c.suit, c.value))
    bots: dict[str, list[ex.Card]] = {}
    for card in rest:  # investments and the hearts to the bot; the other numbers to you, above your 2s and 3s
        owner = bots if card.is_investment or card.suit == "H" else mine.setdefault(card.suit, [])  # type: ignore[arg-type]
        if owner is bots:
            bots.setdefault(card.suit, []).append(card)
        else:
            owner.append(card)  # type: ignore[union-attr]
    return ex.position(rules, hands=[hand, bot], expeditions=[mine, bots], deck=deck)


def gift():
    """9D fits only the bot's diamonds (J Q 4 5: ×3); 2C 3C 2H 3H 4H are dead for both sides (both are
    past them), so discarding any of them is as good as discarding another, and 9D is the one to keep."""
    return ex.position("expeditions", hands=["9D 2C 3C 2H 3H 4H", None], seed=4,
                       expeditions=[{"H": "5H 6H 7H 8H 10H", "C": "5C 6C 7C 8C 10C", "D": "6D 7D 8D 10D"},
                                    {"D": "JD QD 4D 5D", "C": "9C", "H": "9H", "S": "2S 3S 4S"}])
