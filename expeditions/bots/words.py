"""Moves and positions in words a card player understands: the language of hints and reviews.

On screen cards and suits are written with their symbols (``7♥``, "your ♥ expedition"; the Lost
Cities colours by name); the letter notation (``7H``) is for records and typed moves. The seat
being advised is "you"; the other seats are "the bot" (two players), or "your partner" and "the
other team" (four players).

- ``reason(obs, move)``: what a move does, in a few words: what it opens or adds to, what a
  discard hands the other side, what a pile draw takes. The plays left, the same for every move of
  a position, are said once by ``situation(obs)``.
- ``what_was_wrong(obs, played, better)``: what the move played did that the better move does not
  (it fed the bot a card, gave up cards in hand, opened a suit short of its cost, ...);
  ``why_better(obs, played, better)``: what the better move does instead.
- ``move_text(move)``: the notation with suit symbols (``play 7♥, draw deck``); ``in_words(move)``:
  the move as a sentence ("lay 7♥ on your ♥ expedition and draw from the deck").

Every laying check goes through ``engine.fits``, the one laying rule.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from ..cards import Card
from ..engine import fits
from ..moves import Move
from ..observation import Observation
from ..words import card_words, cards_words, suit_mark
from .policies import plays_left

_COUNTS = ("no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten")


# --- small words ----------------------------------------------------------------------------------
suit_word = suit_mark
"""A suit on screen: its symbol (``♥``), or its name for the Lost Cities colours (``yellow``)."""
card_word = card_words
"""A card on screen: ``7♥``, ``K♠``; a Lost Cities card by its colour's name (``yellow 7``)."""


def cards_word(cards: Iterable[Card]) -> str:
    return cards_words(tuple(cards))


def count_word(n: int) -> str:
    """``three`` for 3 (up to ten), digits above."""
    return _COUNTS[n] if 0 <= n < len(_COUNTS) else str(n)


def ordinal(n: int) -> str:
    """``1st``, ``2nd``, ``3rd``, ``11th``, ``22nd``."""
    if 10 <= n % 100 <= 20:
        return f"{n}th"
    return f"{n}{ {1: 'st', 2: 'nd', 3: 'rd'}.get(n % 10, 'th')}"


def plural(n: int, word: str, many: str | None = None) -> str:
    return f"{n} {word if n == 1 else many or word + 's'}"


def move_text(move: Move) -> str:
    """The move's notation with suit symbols, for the screen: ``play 7♥, draw deck``,
    ``discard 5♠, draw pile ♦``, ``pass 7♥ 9♠``."""
    cards = cards_word(move.cards)
    if move.draw is None:
        return f"{move.kind} {cards}"
    return f"{move.kind} {cards}, draw {'deck' if move.draw == 'deck' else 'pile ' + suit_word(move.draw)}"


def target_of(move: Move) -> str:
    """Where the move's card goes: ``"expedition"``, ``"discard"`` or ``"partner"`` (a pass)."""
    return {"play": "expedition", "discard": "discard", "pass": "partner"}[move.kind]


# --- who is who --------------------------------------------------------------------------------------
def them(obs: Observation) -> str:
    """The other side: "the bot", or "the other team" with partners."""
    return "the other team" if obs.rules.partnerships else "the bot"


def theirs(obs: Observation) -> str:
    return "the other team's" if obs.rules.partnerships else "the bot's"


def yours(obs: Observation) -> str:
    """This seat's side: "your", or "your team's" with partners."""
    return "your team's" if obs.rules.partnerships else "your"


def _draw_words(move: Move, past: bool, obs: Observation | None) -> str:
    if move.draw is None:
        return ""
    if move.draw == "deck":
        return "drew from the deck" if past else "draw from the deck"
    pile = obs.pile(move.draw) if obs is not None else ()
    top = f"{card_word(pile[-1])} off" if pile else "the top of"
    return f"{'took' if past else 'take'} {top} the {suit_word(move.draw)} pile"


def in_words(move: Move, obs: Observation | None = None, *, past: bool = False) -> str:
    """The move as a phrase: "lay 7♥ on your ♥ expedition and draw from the deck"; with ``past``,
    "you laid 7♥ on your ♥ expedition and drew from the deck"."""
    own = yours(obs) if obs is not None else "your"
    card = move.card
    if move.kind == "pass":
        act = f"{'passed' if past else 'pass'} {cards_word(move.cards)} to your partner"
    elif move.kind == "play":
        act = f"{'laid' if past else 'lay'} {card_word(card)} on {own} {suit_word(card.suit)} expedition"
    else:
        act = f"{'discarded' if past else 'discard'} {card_word(card)}"
    draw = _draw_words(move, past, obs)
    text = f"{act} and {draw}" if draw else act
    return f"you {text}" if past else text


# --- what a seat can see ----------------------------------------------------------------------------
def _numbers(cards: Iterable[Card]) -> int:
    return sum(c.value for c in cards)


def _top(cards: Sequence[Card]) -> int:
    return max((c.value for c in cards), default=0)


def _at(laid: Sequence[Card]) -> str:
    top = _top(laid)
    return f"at {top}" if top else "only investments so far"


def _stands(laid: Sequence[Card]) -> str:
    top = _top(laid)
    return f"stands at {top}" if top else "holds only investments"


def _others(obs: Observation) -> list[int]:
    return [o for o in range(obs.rules.sides) if o != obs.side]


def _held(obs: Observation, suit: str, without: Card | None = None) -> list[Card]:
    cards = [c for c in obs.hand if c.suit == suit]
    if without is not None:
        cards.remove(without)
    return sorted(cards, key=lambda c: c.rank)


def _one_of_each(cards: Sequence[Card]) -> list[Card]:
    """One card of each number (the four-player deck has two of some: only one of them can be laid)."""
    seen: set[int] = set()
    out = []
    for c in cards:
        if c.is_investment or c.value not in seen:
            seen.add(c.value)
            out.append(c)
    return out


def _gone(obs: Observation) -> set[Card]:
    return {c for side in obs.expeditions for exp in side for c in exp} | set(obs.removed)


def _live_between(obs: Observation, suit: str, low: int, high: int) -> list[Card]:
    """Numbers of ``suit`` between ``low`` and ``high`` that this seat does not hold and that are not laid or gone."""
    gone = _gone(obs) | set(obs.hand)
    wanted = {c for c in obs.rules.deck if c.suit == suit and not c.is_investment and low < c.value < high and c not in gone}
    return sorted(wanted, key=lambda c: c.value)


def _closed_by(obs: Observation, card: Card) -> list[Card]:
    """The cards in hand of ``card``'s suit that fit this side's expedition now and no longer would after ``card``."""
    laid = obs.expedition(obs.side, card.suit)
    after = (*laid, card)
    return [c for c in _held(obs, card.suit, card) if fits(c, laid) and not fits(c, after)]


def _takers(obs: Observation, card: Card) -> list[int]:
    """The other sides whose started expedition of ``card``'s suit can take ``card``."""
    if obs.rules.discards_leave_game:
        return []
    return [o for o in _others(obs) if obs.expedition(o, card.suit) and fits(card, obs.expedition(o, card.suit))]


def _dead_for_all(obs: Observation, card: Card) -> bool:
    """No side can lay ``card`` any more: every side has started its suit and gone past it."""
    return all(obs.expedition(s, card.suit) and not fits(card, obs.expedition(s, card.suit)) for s in range(obs.rules.sides))


def _waiting(obs: Observation) -> list[Card]:
    """Cards in hand that fit this side's started expeditions."""
    return [c for c in obs.hand if obs.expedition(obs.side, c.suit) and fits(c, obs.expedition(obs.side, c.suit))]


def _last_card(obs: Observation) -> bool:
    """The deck holds one card, and drawing it ends the round (where play does not go on)."""
    return obs.deck_size == 1 and not obs.rules.play_on_after_deck


def _ends_round(obs: Observation, move: Move) -> bool:
    """The move draws the deck's last card, which ends the round."""
    return move.draw == "deck" and _last_card(obs)


def plays_left_of(obs: Observation) -> int:
    """About how many more plays this seat gets, this one included, if nobody draws off a pile."""
    return plays_left(obs.deck_size, obs.rules.players, len(obs.hand), obs.rules.play_on_after_deck)


def situation(obs: Observation) -> str:
    """What holds for every move of the position: the deck and the plays left, in words."""
    rules = obs.rules
    if not obs.deck_size:
        if rules.play_on_after_deck:
            return f"the deck is empty: {plural(len(obs.hand), 'card')} left to play"
        return "the deck is empty"
    left = plays_left_of(obs)
    each = "" if rules.players == 1 else " each"
    return f"{obs.deck_size} in the deck: about {plural(left, 'play')} left{each}"


# --- hints: what a move does ----------------------------------------------------------------------
def reason(obs: Observation, move: Move, *, piles_said: bool = False) -> str:
    """What ``move`` does in ``obs``, in a few words: what it opens or adds to, what a discard hands
    the other side, what a pile draw takes (the plays left are in ``situation``). With
    ``piles_said`` (the pile cards were described once, by ``pile_notes``), a draw names only the card."""
    parts = [_what_it_does(obs, move)]
    if move.kind == "discard":
        parts.append(_what_it_feeds(obs, move.card))
    if move.draw is not None and move.draw != "deck":
        pile = obs.pile(move.draw)
        parts.append(f"takes {card_word(pile[-1])}" if piles_said and pile else _what_it_takes(obs, move))
    return "; ".join(p for p in parts if p)


def _what_it_does(obs: Observation, move: Move) -> str:
    if move.kind == "pass":
        return f"hands {cards_word(move.cards)} to your partner and spares a discard"
    card = move.card
    suit = card.suit
    s = suit_word(suit)
    laid = obs.expedition(obs.side, suit)
    held = _held(obs, suit, card)
    cost = obs.rules.cost
    if move.kind == "play":
        closed = _closed_by(obs, card)
        lost = f", giving up {cards_word(closed)} in your hand" if closed else ""
        if card.is_investment:
            backing = _numbers(laid) + sum({c.value for c in held if fits(c, laid)})
            investments = sum(c.is_investment for c in laid) + 1
            if not backing:
                return f"an investment on {s} (×{investments + 1}) with no {s} numbers to back it"
            return f"an investment on {s} (×{investments + 1}): {backing} in {s} numbers laid and in hand back it"
        later = _one_of_each([c for c in held if fits(c, (*laid, card))])
        follow = f", {cards_word(later)} to follow" if later else ""
        if not laid or all(c.is_investment for c in laid):
            numbers = _numbers(laid) + card.value + sum({c.value for c in later})
            what = "opens" if not laid else "starts the numbers of"
            return f"{what} {s} with {card_word(card)}{follow}{lost} ({numbers} in numbers against the {cost} it costs)"
        skipped = _live_between(obs, suit, _top(laid), card.value)
        skip = f", skipping {cards_word(skipped)}" if skipped and not closed else ""
        return f"adds {card_word(card)} to {yours(obs)} {s} ({_at(laid)}){follow}{lost}{skip}"
    if not laid:
        why = f"you have not started {s}"
        if held:
            why += f" (you hold {cards_word(held)})"
    elif fits(card, laid):
        why = f"{yours(obs)} {s} expedition ({_at(laid)}) could still take it"
    else:
        why = f"it no longer fits {yours(obs)} {s} ({_at(laid)})"
    return f"discards {card_word(card)}: {why}"


def _what_it_feeds(obs: Observation, card: Card) -> str:
    if obs.rules.discards_leave_game:
        return "the card leaves the game"
    if obs.rules.sides == 1:
        return ""
    s = suit_word(card.suit)
    takers = _takers(obs, card)
    if takers:
        return f"it feeds {them(obs)}: {theirs(obs)} {s} expedition ({_at(obs.expedition(takers[0], card.suit))}) can take it"
    if _dead_for_all(obs, card):
        return "a safe throw: both sides are past it"
    if any(obs.expedition(o, card.suit) for o in _others(obs)):
        return f"safe from {them(obs)}: {theirs(obs)} {s} is past it"
    known = [c for seat, cards in enumerate(obs.known) if seat != obs.seat and obs.rules.side_of(seat) != obs.side
             for c in cards if c.suit == card.suit]
    if known:
        return f"{them(obs)} has not started {s} but holds {cards_word(known)}"
    return f"{them(obs)} has not started {s}"


def _what_it_takes(obs: Observation, move: Move) -> str:
    assert move.draw is not None
    pile = obs.pile(move.draw)
    if not pile:
        return ""
    card = pile[-1]
    use = use_of(obs, card, _laid_after(obs, move))
    return f"takes {card_word(card)} off the {suit_word(card.suit)} pile" + (f", which {use}" if use else "")


def use_of(obs: Observation, card: Card, laid: dict[str, tuple[Card, ...]] | None = None) -> str:
    """What a card on a pile is good for, to this seat or to the other side, in words ("" if nothing):
    "fits your ♣ expedition (at 4)", "goes with your 8♣ 9♣ (22 in ♣ numbers)", "the bot's ♣
    expedition (at 4) could take". ``laid``: this side's expeditions to judge by (default: as they are)."""
    laid = laid if laid is not None else _laid_after(obs, None)
    mine = laid[card.suit]
    s = suit_word(card.suit)
    if mine and fits(card, mine):
        return f"fits {yours(obs)} {s} expedition ({_at(mine)})"
    if not mine:
        held = [c for c in _held(obs, card.suit) if fits(c, mine)]
        if held:
            numbers = card.value + sum({c.value for c in held} - {card.value})
            role = " as an investment" if card.is_investment else ""
            return f"goes with your {cards_word(held)}{role} ({numbers} in {s} numbers)"
    takers = _takers(obs, card)
    if takers:
        return f"{theirs(obs)} {s} expedition ({_at(obs.expedition(takers[0], card.suit))}) could take"
    return ""


def pile_notes(obs: Observation) -> tuple[str, ...]:
    """What taking each pile's top card would do, for the piles a move may draw from now; the cards
    of no use to either side in one note."""
    if not obs.deck_size or not obs.rules.draw_from_piles:
        return ()
    notes, idle = [], []
    for suit, pile in zip(obs.rules.suits, obs.piles, strict=True):
        if not pile:
            continue
        use = use_of(obs, pile[-1])
        where = f"{card_word(pile[-1])} on the {suit_word(suit)} pile"
        if not use:
            idle.append(card_word(pile[-1]))
        elif use.startswith(theirs(obs)):
            notes.append(f"{where}: {use} it")
        else:
            notes.append(f"{where} {use}")
    if idle:
        notes.append(f"{', '.join(idle)}: of no use to either side")
    return tuple(notes)


def _laid_after(obs: Observation, move: Move | None) -> dict[str, tuple[Card, ...]]:
    laid = {s: obs.expedition(obs.side, s) for s in obs.rules.suits}
    if move is not None and move.kind == "play":
        laid[move.card.suit] = (*laid[move.card.suit], move.card)
    return laid


# --- reviews: what was wrong, what was better ------------------------------------------------------
def _card_flaws(obs: Observation, move: Move) -> list[tuple[str, float, str]]:
    """What a move does with its card that a good player would regret: (kind, how much, words), most
    telling first. The kind and the amount let a flaw that the better move shares, as much or
    more, go unblamed."""
    out: list[tuple[str, float, str]] = []
    if move.kind == "pass":
        return out
    own = yours(obs)
    card = move.card
    s = suit_word(card.suit)
    laid = obs.expedition(obs.side, card.suit)
    left = plays_left_of(obs)
    cost = obs.rules.cost
    held = _held(obs, card.suit, card)
    waiting = _waiting(obs)
    if move.kind == "play":
        closed = _closed_by(obs, card)
        if closed:
            out.append(("closes", len(closed), f"you laid {card_word(card)} with {cards_word(closed)} in your hand: "
                                  f"{'they' if len(closed) > 1 else 'it'} can no longer go on {own} {s} expedition"))
        pile = obs.pile(card.suit)
        if pile and fits(pile[-1], laid) and not fits(pile[-1], (*laid, card)) and obs.deck_size and obs.rules.draw_from_piles:
            out.append(("closes-pile", 1, f"you laid {card_word(card)} while {card_word(pile[-1])} lay on the {s} pile: "
                                       f"after it, {card_word(pile[-1])} can no longer go on {own} {s} expedition"))
        if card.is_investment:
            backing = _numbers(laid) + sum({c.value for c in held if fits(c, laid)})
            if backing < cost:
                out.append(("thin-investment", cost - backing, f"you laid an investment on {s} with {backing} in {s} numbers behind it, "
                                               f"short of the {cost} it costs, and about {plural(left, 'play')} left: "
                                               "the multiplier doubles a loss too"))
        elif not laid or all(c.is_investment for c in laid):
            numbers = _numbers(laid) + card.value + sum({c.value for c in held if fits(c, (*laid, card))})
            if numbers < cost:
                rest = (f"with about {plural(left, 'play')} left to find the rest" if obs.deck_size else
                        "and no card left to come")
                out.append(("short-open", cost - numbers, f"you opened {s} with {card_word(card)}: {numbers} in {s} numbers in hand, "
                                          f"short of the {cost} it costs, {rest}"))
            if waiting and len(waiting) >= left:
                out.append(("spread", len(waiting), f"you opened a new expedition with {cards_word(waiting)} already waiting for "
                                      f"{own} started ones and about {plural(left, 'play')} left"))
        else:
            skipped = _live_between(obs, card.suit, _top(laid), card.value)
            if len(skipped) >= 2 and left > 2:
                out.append(("skips", len(skipped), f"you laid {card_word(card)} on {own} {s} ({_at(laid)}) and gave up "
                                     f"{cards_word(skipped)}, which could still have come"))
        return out
    takers = _takers(obs, card) if not _ends_round(obs, move) else []
    if takers:
        out.append(("feeds", card.value or 5, f"you discarded {card_word(card)} where {them(obs)} can take it: "
                             f"{theirs(obs)} {s} expedition {_stands(obs.expedition(takers[0], card.suit))}"))
    if laid and fits(card, laid):
        out.append(("wastes", card.value or 5,
                    f"you discarded {card_word(card)}, which {own} {s} expedition ({_at(laid)}) could still take"))
    elif not laid:
        mates = [c for c in held if not c.is_investment]
        numbers = _numbers(c for c in [card, *mates])
        pile = obs.pile(card.suit)
        helper = f", and {card_word(pile[-1])} on its pile goes with {'them' if len(mates) > 1 else 'it'} too" if pile and mates else ""
        if mates and (numbers >= cost // 2 or helper):
            what = f"{card_word(card)}, an investment that goes" if card.is_investment else f"{card_word(card)}, which goes"
            out.append(("breaks", numbers, f"you discarded {what} with your {cards_word(mates)} ({numbers} in {s} numbers){helper}"))
    if waiting and len(waiting) >= left - 1:
        could = f"{cards_word(waiting)} could still go on {own} expeditions"
        out.append(("stalls", len(waiting), f"you discarded on your last play, while {could}" if left <= 1 else
                              f"you discarded while {could}, with about {plural(left, 'play')} left to lay them"))
    return out


def _draw_wrong(obs: Observation, played: Move, better: Move) -> str:
    """What was wrong with the draw of the move played, beside the better move's draw ("" if nothing to say)."""
    own = yours(obs)
    if better.draw not in (None, "deck"):
        card = obs.pile(better.draw)[-1]
        use = use_of(obs, card, _laid_after(obs, better))
        where = f"{card_word(card)} on the {suit_word(card.suit)} pile"
        if use.startswith(theirs(obs)):
            if played.draw == "deck":
                return f"you drew from the deck and left {where} for {them(obs)}: {use} it"
            use = f"was there for {them(obs)}: {use} it"
        if played.draw == "deck":
            if use:
                return f"you drew from the deck and left {where}, though it {use}"
            return _tempo(obs, played, better)
        if played.draw is not None:
            other = obs.pile(played.draw)[-1]
            tail = f" {use}" if use else " was the better draw"
            return f"you took {card_word(other)} off the {suit_word(other.suit)} pile, while {where}{tail}"
        return ""
    if played.draw not in (None, "deck") and better.draw == "deck":
        card = obs.pile(played.draw)[-1]
        use = use_of(obs, card, _laid_after(obs, played))
        taken = f"you took {card_word(card)} off the {suit_word(card.suit)} pile"
        if not use:
            return f"{taken}: it is of no use to you, and {them(obs)} did not need it either"
        mine, others = obs.scores[obs.side], max((x for i, x in enumerate(obs.scores) if i != obs.side), default=0)
        if obs.rules.sides > 1 and mine > others:
            return (f"{taken}: each pile draw makes the round a turn longer, and with {own} lead ({mine} to {others}) "
                    f"a shorter round suits you")
        return f"{taken}; a card off the deck was worth more here"
    return ""


def _still_waiting(obs: Observation, move: Move) -> list[Card]:
    """Cards left in hand after ``move`` that fit this side's started expeditions."""
    laid = _laid_after(obs, move)
    hand = list(obs.hand)
    if move.kind != "pass":
        hand.remove(move.card)
    return [c for c in hand if laid[c.suit] and fits(c, laid[c.suit])]


def _tempo(obs: Observation, played: Move, better: Move) -> str:
    """A deck draw where a pile draw, which adds a turn to the round, was better."""
    assert better.draw is not None and better.draw != "deck"
    card = obs.pile(better.draw)[-1]
    instead = f"taking {card_word(card)} off the {suit_word(card.suit)} pile"
    if _last_card(obs):
        return f"you drew the deck's last card, which ended the round; {instead} would have given you another turn"
    waiting = _still_waiting(obs, played)
    if waiting:
        return (f"you drew from the deck, bringing the end a turn nearer with {cards_word(waiting)} still waiting to be laid; "
                f"{instead} would have given you a turn more")
    return f"you drew from the deck, bringing the end a turn nearer; {instead} would have made the round a turn longer"


def _instead(obs: Observation, played: Move, better: Move) -> str:
    """The move played beside the better one, when nothing sharper can be said."""
    if played.kind == "pass" or better.kind == "pass":
        return f"{in_words(played, obs, past=True)}, where {in_words(better, obs)} was better"
    card, other = card_word(played.card), card_word(better.card)
    laid = obs.expedition(obs.side, better.card.suit)
    if better.kind == "play" and played.card != better.card:
        doing = (f"laying it on {yours(obs)} {suit_word(better.card.suit)} ({_at(laid)})" if laid
                 else f"opening {suit_word(better.card.suit)} with it")
        return f"you {'discarded' if played.kind == 'discard' else 'laid'} {card} and kept {other} in hand, instead of {doing}"
    if better.kind == "play":
        return f"you discarded {card} instead of laying it on {yours(obs)} {suit_word(better.card.suit)}"
    if played.kind == "play" and played.card == better.card:
        return f"you laid {card} now; the Expert would keep it in hand a while longer"
    if played.kind == "play":
        at = obs.expedition(obs.side, played.card.suit)
        where = f"on {yours(obs)} {suit_word(played.card.suit)} ({_at(at)})" if at else f"to open {suit_word(played.card.suit)}"
        return f"you laid {card} {where} now; the Expert would keep it in hand and discard {other} instead"
    return f"you discarded {card} rather than {other}"


def what_was_wrong(obs: Observation, played: Move, better: Move, *, focus: str = "card") -> str:
    """What the move played did that ``better`` does not, in words (from the seat's point of view).

    ``focus`` is ``"draw"`` when the draw made most of the difference (the review measures that),
    else ``"card"``."""
    same_card = played.kind == better.kind and played.cards == better.cards
    if focus == "draw" or same_card:
        text = _draw_wrong(obs, played, better)
        if text or same_card:
            return text or in_words(played, obs, past=True)
    shared = {kind: amount for kind, amount, _ in _card_flaws(obs, better)}
    flaws = _card_flaws(obs, played)
    for kind, amount, words in flaws:
        if amount > shared.get(kind, 0):
            return words
    if flaws and played.kind == better.kind == "discard":  # both let a card go: say what this one was worth
        return f"{flaws[0][2]}; {card_word(better.card)} was the card to let go"
    return _instead(obs, played, better)


def _card_merits(obs: Observation, move: Move) -> list[str]:
    out: list[str] = []
    if move.kind == "pass":
        return [f"it keeps {cards_word(move.cards)} in the team, safe from a discard"]
    card = move.card
    s = suit_word(card.suit)
    laid = obs.expedition(obs.side, card.suit)
    held = _held(obs, card.suit, card)
    if move.kind == "play":
        later = _one_of_each([c for c in held if fits(c, (*laid, card))])
        follow = f", {cards_word(later)} to follow" if later else ""
        if card.is_investment:
            backing = _numbers(laid) + sum({c.value for c in held if fits(c, laid)})
            out.append(f"{backing} in {s} numbers back the investment")
        elif not laid:
            numbers = card.value + sum({c.value for c in later} - {card.value})
            out.append(f"it opens {s} with {numbers} in {s} numbers in hand{follow}")
        elif not _closed_by(obs, card):
            out.append(f"{card_word(card)} follows {_at(laid)} without giving up a card in your hand{follow}")
        if len(laid) + 1 == obs.rules.bonus_at:
            out.insert(0, f"it is the {ordinal(obs.rules.bonus_at)} card of {yours(obs)} {s} expedition: "
                          f"the {obs.rules.bonus}-point bonus")
        waiting = _waiting(obs)
        left = plays_left_of(obs)
        if waiting and len(waiting) >= left - 1:
            wait = "waits" if len(waiting) == 1 else "wait"
            are = "is" if left == 1 else "are"
            out.append(f"{plural(len(waiting), 'card')} {wait} for {yours(obs)} expeditions and about {plural(left, 'play')} {are} left")
        return out
    if obs.rules.sides > 1 and _dead_for_all(obs, card):
        out.append(f"{card_word(card)} is a safe throw: both sides are past it")
    elif not _takers(obs, card) and not (laid and fits(card, laid)):
        if laid:
            mine = f"{card_word(card)} no longer fits {yours(obs)} {s} ({_at(laid)})"
        else:
            mine = f"you have not started {s}" + ("" if held else f" and hold no other {s}")
        if any(obs.expedition(o, card.suit) for o in _others(obs)):
            out.append(f"{mine}, and {theirs(obs)} {s} is past it")
        elif obs.rules.sides > 1 and not laid:
            out.append(f"neither side has started {s}" + ("" if held else f", and you hold no other {s}"))
        elif obs.rules.sides > 1:
            out.append(f"{mine}, and {them(obs)} has not started {s}")
        else:
            out.append(mine)
    return out


def _draw_merit(obs: Observation, move: Move) -> str:
    if move.draw in (None, "deck"):
        return ""
    card = obs.pile(move.draw)[-1]
    use = use_of(obs, card, _laid_after(obs, move))
    if use.startswith(theirs(obs)):
        return f"taking {card_word(card)} keeps it from {them(obs)}"
    if use:
        return f"{card_word(card)} {use}"
    waiting = _still_waiting(obs, move)
    if _last_card(obs):
        return "a pile draw leaves the deck's last card, so the round goes on"
    return (f"a pile draw leaves the deck alone, which gives {cards_word(waiting)} one more turn" if waiting
            else "a pile draw leaves the deck alone, so the round lasts a turn longer")


def why_better(obs: Observation, played: Move, better: Move, *, focus: str = "card") -> str:
    """The better move in words, with what it does well: "lay 5♠ on your ♠ expedition and draw from
    the deck: 5♠ follows at 4 without giving up a card in your hand"."""
    card = _card_merits(obs, better) if not (played.kind == better.kind and played.cards == better.cards) else []
    draw = [m for m in [_draw_merit(obs, better)] if m]
    merits = draw + card if focus == "draw" or not card else card + draw
    words = in_words(better, obs)
    return f"{words}: {'; '.join(merits[:2])}" if merits else words


__all__ = [
    "card_word",
    "cards_word",
    "count_word",
    "in_words",
    "move_text",
    "ordinal",
    "pile_notes",
    "plays_left_of",
    "plural",
    "reason",
    "situation",
    "suit_word",
    "target_of",
    "theirs",
    "them",
    "use_of",
    "what_was_wrong",
    "why_better",
    "yours",
]
