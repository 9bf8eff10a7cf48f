"""Moves and positions in words a card player understands: the language of hints and reviews.

On screen cards and suits are written with their symbols (``7♥``, "your ♥ expedition"; the Lost
Cities colours by name); the letter notation (``7H``) is for records and typed moves. The seat
being advised is "you"; the other seats are "the bot" (two players), or "your partner" and "the
other team" (four players).

- ``reason(obs, move)``: what a move does, in a few words (a ``Reason``): what it opens or adds to, why
  a card is let go, what a discard hands the other side, what a pile draw takes. The plays left, the
  same for every move of a position, are said once by ``situation(obs)``.
- ``what_was_wrong(obs, played, better)``: what the move played did that the better move does not
  (it fed the bot a card, gave up cards in hand, opened a suit short of its cost, ...);
  ``why_better(obs, played, better)``: what the better move does instead.
- ``in_words(move, obs)``: the move as a sentence ("lay 7♥ on your ♥ expedition and draw from the
  deck"), in the words of ``expeditions.words`` (``move_words``), which write every card and suit.

Every laying check goes through ``engine.fits``, the one laying rule.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from ..cards import Card
from ..engine import fits, top_number
from ..moves import Move
from ..observation import Observation
from ..words import SideWords, card_words, cards_words, move_words, ordinal, plural, suit_mark
from .policies import plays_left


def target_of(move: Move) -> str:
    """Where the move's card goes: ``"expedition"``, ``"discard"`` or ``"partner"`` (a pass)."""
    return {"play": "expedition", "discard": "discard", "pass": "partner"}[move.kind]


# --- who is who --------------------------------------------------------------------------------------
def sides_of(obs: Observation) -> SideWords:
    """The seats and sides as advice to ``obs``'s seat names them."""
    return SideWords(obs.rules, obs.seat)


def them(obs: Observation) -> str:
    """The other side: "the bot", or "the other team" with partners."""
    return sides_of(obs).them


def theirs(obs: Observation) -> str:
    return sides_of(obs).theirs


def yours(obs: Observation) -> str:
    """This seat's side: "your", or "your team's" with partners."""
    return sides_of(obs).yours


def in_words(move: Move, obs: Observation | None = None, *, past: bool = False) -> str:
    """The move as a hint or a review describes it, from what ``obs`` shows (whose expedition, the pile's top):
    "lay 7♥ on your ♥ expedition and draw from the deck"; with ``past``, "you laid 7♥ on your ♥ expedition and
    drew from the deck"."""
    pile = obs.pile(move.draw) if obs is not None and move.draw not in (None, "deck") else ()
    return move_words(move, "review" if past else "plan", own=yours(obs) if obs is not None else "your",
                      taken=pile[-1] if pile else None)


# --- what a seat can see ----------------------------------------------------------------------------
def _numbers(cards: Iterable[Card]) -> int:
    return sum(c.value for c in cards)


def _at(laid: Sequence[Card]) -> str:
    top = top_number(laid)
    return f"at {top}" if top else "only investments so far"


def _stands(laid: Sequence[Card]) -> str:
    top = top_number(laid)
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
@dataclass(frozen=True)
class Reason:
    """What a move does, in words, as a value: ``does`` (what it opens or adds to, or the card it lets go: "discards
    2♥"), ``why`` (why the card is let go: "it no longer fits your ♥ (at 8)"), ``feeds`` (what a discard hands the
    other side) and ``takes`` (what a pile draw takes). ``str()`` says it all in one line."""

    does: str
    why: str = ""
    feeds: str = ""
    takes: str = ""

    def __str__(self) -> str:
        return "; ".join(p for p in (f"{self.does}: {self.why}" if self.why else self.does, self.feeds, self.takes) if p)

    @property
    def beside_move(self) -> str:
        """The reason beside the move's own words, which name the card it lets go: without ``does`` when ``why``
        says it ("it no longer fits your ♥ (at 8); a safe throw ...")."""
        return "; ".join(p for p in (self.why or self.does, self.feeds, self.takes) if p)


def reason(obs: Observation, move: Move, *, piles_said: bool = False) -> Reason:
    """What ``move`` does in ``obs``, in a few words: what it opens or adds to, why a card is let go, what a
    discard hands the other side, what a pile draw takes (the plays left are in ``situation``). With
    ``piles_said`` (the pile cards were described once, by ``pile_notes``), a draw names only the card."""
    does, why = _what_it_does(obs, move)
    feeds = _what_it_feeds(obs, move.card) if move.kind == "discard" else ""
    takes = ""
    if move.draw is not None and move.draw != "deck":
        pile = obs.pile(move.draw)
        takes = f"takes {card_words(pile[-1])}" if piles_said and pile else _what_it_takes(obs, move)
    return Reason(does, why, feeds, takes)


def _what_it_does(obs: Observation, move: Move) -> tuple[str, str]:
    """What the move does with its card, and (a discard) why it lets the card go."""
    if move.kind == "pass":
        return f"hands {cards_words(move.cards)} to your partner and spares a discard", ""
    card = move.card
    suit = card.suit
    s = suit_mark(suit)
    laid = obs.expedition(obs.side, suit)
    held = _held(obs, suit, card)
    cost = obs.rules.cost
    if move.kind == "play":
        closed = _closed_by(obs, card)
        lost = f", giving up {cards_words(closed)} in your hand" if closed else ""
        if card.is_investment:
            backing = _numbers(laid) + sum({c.value for c in held if fits(c, laid)})
            investments = sum(c.is_investment for c in laid) + 1
            if not backing:
                return f"an investment on {s} (×{investments + 1}) with no {s} numbers to back it", ""
            return f"an investment on {s} (×{investments + 1}): {backing} in {s} numbers laid and in hand back it", ""
        later = _one_of_each([c for c in held if fits(c, (*laid, card))])
        follow = f", {cards_words(later)} to follow" if later else ""
        if not laid or all(c.is_investment for c in laid):
            numbers = _numbers(laid) + card.value + sum({c.value for c in later})
            what = "opens" if not laid else "starts the numbers of"
            return f"{what} {s} with {card_words(card)}{follow}{lost} ({numbers} in numbers against the {cost} it costs)", ""
        skipped = _live_between(obs, suit, top_number(laid), card.value)
        skip = f", skipping {cards_words(skipped)}" if skipped and not closed else ""
        return f"adds {card_words(card)} to {yours(obs)} {s} ({_at(laid)}){follow}{lost}{skip}", ""
    if not laid:
        why = f"you have not started {s}"
        if held:
            why += f" (you hold {cards_words(held)})"
    elif fits(card, laid):
        why = f"{yours(obs)} {s} expedition ({_at(laid)}) could still take it"
    else:
        why = f"it no longer fits {yours(obs)} {s} ({_at(laid)})"
    return f"discards {card_words(card)}", why


def _what_it_feeds(obs: Observation, card: Card) -> str:
    if obs.rules.discards_leave_game:
        return "the card leaves the game"
    if obs.rules.sides == 1:
        return ""
    s = suit_mark(card.suit)
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
        return f"{them(obs)} has not started {s} but holds {cards_words(known)}"
    return f"{them(obs)} has not started {s}"


def _what_it_takes(obs: Observation, move: Move) -> str:
    assert move.draw is not None
    pile = obs.pile(move.draw)
    if not pile:
        return ""
    card = pile[-1]
    use = use_of(obs, card, _laid_after(obs, move))
    return f"takes {card_words(card)} off the {suit_mark(card.suit)} pile" + (f", which {use}" if use else "")


def use_of(obs: Observation, card: Card, laid: dict[str, tuple[Card, ...]] | None = None) -> str:
    """What a card on a pile is good for, to this seat or to the other side, in words ("" if nothing):
    "fits your ♣ expedition (at 4)", "goes with your 8♣ 9♣ (22 in ♣ numbers)", "the bot's ♣
    expedition (at 4) could take". ``laid``: this side's expeditions to judge by (default: as they are)."""
    laid = laid if laid is not None else _laid_after(obs, None)
    mine = laid[card.suit]
    s = suit_mark(card.suit)
    if mine and fits(card, mine):
        return f"fits {yours(obs)} {s} expedition ({_at(mine)})"
    if not mine:
        held = [c for c in _held(obs, card.suit) if fits(c, mine)]
        if held:
            numbers = card.value + sum({c.value for c in held} - {card.value})
            role = " as an investment" if card.is_investment else ""
            return f"goes with your {cards_words(held)}{role} ({numbers} in {s} numbers)"
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
        where = f"{card_words(pile[-1])} on the {suit_mark(suit)} pile"
        if not use:
            idle.append(card_words(pile[-1]))
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
    s = suit_mark(card.suit)
    laid = obs.expedition(obs.side, card.suit)
    left = plays_left_of(obs)
    cost = obs.rules.cost
    held = _held(obs, card.suit, card)
    waiting = _waiting(obs)
    if move.kind == "play":
        closed = _closed_by(obs, card)
        if closed:
            out.append(("closes", len(closed), f"you laid {card_words(card)} with {cards_words(closed)} in your hand: "
                                  f"{'they' if len(closed) > 1 else 'it'} can no longer go on {own} {s} expedition"))
        pile = obs.pile(card.suit)
        if pile and fits(pile[-1], laid) and not fits(pile[-1], (*laid, card)) and obs.deck_size and obs.rules.draw_from_piles:
            out.append(("closes-pile", 1, f"you laid {card_words(card)} while {card_words(pile[-1])} lay on the {s} pile: "
                                       f"after it, {card_words(pile[-1])} can no longer go on {own} {s} expedition"))
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
                out.append(("short-open", cost - numbers, f"you opened {s} with {card_words(card)}: {numbers} in {s} numbers in hand, "
                                          f"short of the {cost} it costs, {rest}"))
            if waiting and len(waiting) >= left:
                out.append(("spread", len(waiting), f"you opened a new expedition with {cards_words(waiting)} already waiting for "
                                      f"{own} started ones and about {plural(left, 'play')} left"))
        else:
            skipped = _live_between(obs, card.suit, top_number(laid), card.value)
            if len(skipped) >= 2 and left > 2:
                out.append(("skips", len(skipped), f"you laid {card_words(card)} on {own} {s} ({_at(laid)}) and gave up "
                                     f"{cards_words(skipped)}, which could still have come"))
        return out
    takers = _takers(obs, card) if not _ends_round(obs, move) else []
    if takers:
        out.append(("feeds", card.value or 5, f"you discarded {card_words(card)} where {them(obs)} can take it: "
                             f"{theirs(obs)} {s} expedition {_stands(obs.expedition(takers[0], card.suit))}"))
    if laid and fits(card, laid):
        out.append(("wastes", card.value or 5,
                    f"you discarded {card_words(card)}, which {own} {s} expedition ({_at(laid)}) could still take"))
    elif not laid:
        mates = [c for c in held if not c.is_investment]
        numbers = _numbers(c for c in [card, *mates])
        pile = obs.pile(card.suit)
        helper = f", and {card_words(pile[-1])} on its pile goes with {'them' if len(mates) > 1 else 'it'} too" if pile and mates else ""
        if mates and (numbers >= cost // 2 or helper):
            what = f"{card_words(card)}, an investment that goes" if card.is_investment else f"{card_words(card)}, which goes"
            out.append(("breaks", numbers, f"you discarded {what} with your {cards_words(mates)} ({numbers} in {s} numbers){helper}"))
    if waiting and len(waiting) >= left - 1:
        could = f"{cards_words(waiting)} could still go on {own} expeditions"
        out.append(("stalls", len(waiting), f"you discarded on your last play, while {could}" if left <= 1 else
                              f"you discarded while {could}, with about {plural(left, 'play')} left to lay them"))
    return out


def _draw_wrong(obs: Observation, played: Move, better: Move) -> str:
    """What was wrong with the draw of the move played, beside the better move's draw ("" if nothing to say)."""
    own = yours(obs)
    if better.draw not in (None, "deck"):
        card = obs.pile(better.draw)[-1]
        use = use_of(obs, card, _laid_after(obs, better))
        where = f"{card_words(card)} on the {suit_mark(card.suit)} pile"
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
            return f"you took {card_words(other)} off the {suit_mark(other.suit)} pile, while {where}{tail}"
        return ""
    if played.draw not in (None, "deck") and better.draw == "deck":
        card = obs.pile(played.draw)[-1]
        use = use_of(obs, card, _laid_after(obs, played))
        taken = f"you took {card_words(card)} off the {suit_mark(card.suit)} pile"
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
    instead = f"taking {card_words(card)} off the {suit_mark(card.suit)} pile"
    if _last_card(obs):
        return f"you drew the deck's last card, which ended the round; {instead} would have given you another turn"
    waiting = _still_waiting(obs, played)
    if waiting:
        return (f"you drew from the deck, bringing the end a turn nearer with {cards_words(waiting)} still waiting to be laid; "
                f"{instead} would have given you a turn more")
    return f"you drew from the deck, bringing the end a turn nearer; {instead} would have made the round a turn longer"


def _instead(obs: Observation, played: Move, better: Move) -> str:
    """The move played beside the better one, when nothing sharper can be said."""
    if played.kind == "pass" or better.kind == "pass":
        return f"{in_words(played, obs, past=True)}, where {in_words(better, obs)} was better"
    card, other = card_words(played.card), card_words(better.card)
    laid = obs.expedition(obs.side, better.card.suit)
    if better.kind == "play" and played.card != better.card:
        doing = (f"laying it on {yours(obs)} {suit_mark(better.card.suit)} ({_at(laid)})" if laid
                 else f"opening {suit_mark(better.card.suit)} with it")
        return f"you {'discarded' if played.kind == 'discard' else 'laid'} {card} and kept {other} in hand, instead of {doing}"
    if better.kind == "play":
        return f"you discarded {card} instead of laying it on {yours(obs)} {suit_mark(better.card.suit)}"
    if played.kind == "play" and played.card == better.card:
        return f"you laid {card} now; the Expert would keep it in hand a while longer"
    if played.kind == "play":
        at = obs.expedition(obs.side, played.card.suit)
        where = f"on {yours(obs)} {suit_mark(played.card.suit)} ({_at(at)})" if at else f"to open {suit_mark(played.card.suit)}"
        return f"you laid {card} {where} now; the Expert would keep it in hand and discard {other} instead"
    return f"you discarded {card} rather than {other}"


def _blamed(obs: Observation, played: Move, better: Move) -> tuple[str, float, str] | None:
    """The first flaw of the card of ``played`` that ``better`` does not share as much, or ``None``."""
    shared = {kind: amount for kind, amount, _ in _card_flaws(obs, better)}
    return next((flaw for flaw in _card_flaws(obs, played) if flaw[1] > shared.get(flaw[0], 0)), None)


def blamed_flaw(obs: Observation, played: Move, better: Move) -> str | None:
    """The kind of flaw that a review blames the card of ``played`` for, beside ``better``: ``"closes"`` (it shut
    out cards in hand), ``"closes-pile"`` (the pile's top card), ``"skips"`` (cards that could still come),
    ``"thin-investment"``, ``"short-open"`` (an expedition opened without the numbers to pay for it), ``"spread"``
    (a new one while cards wait for the started ones), ``"feeds"`` (a discard the other side can take),
    ``"wastes"`` (a discard your expedition could take), ``"breaks"`` (a discard that breaks up a suit in hand),
    ``"stalls"`` (a discard while cards wait to be laid near the end); ``None`` when nothing sharper is to blame."""
    blamed = _blamed(obs, played, better)
    return None if blamed is None else blamed[0]


def what_was_wrong(obs: Observation, played: Move, better: Move, *, focus: str = "card") -> str:
    """What the move played did that ``better`` does not, in words (from the seat's point of view).

    ``focus`` is ``"draw"`` when the draw made most of the difference (the review measures that),
    else ``"card"``."""
    same_card = played.kind == better.kind and played.cards == better.cards
    if focus == "draw" or same_card:
        text = _draw_wrong(obs, played, better)
        if text or same_card:
            return text or in_words(played, obs, past=True)
    blamed = _blamed(obs, played, better)
    if blamed is not None:
        return blamed[2]
    flaws = _card_flaws(obs, played)
    if flaws and played.kind == better.kind == "discard":  # both let a card go: say what this one was worth
        return f"{flaws[0][2]}; {card_words(better.card)} was the card to let go"
    return _instead(obs, played, better)


def _card_merits(obs: Observation, move: Move) -> list[str]:
    out: list[str] = []
    if move.kind == "pass":
        return [f"it keeps {cards_words(move.cards)} in the team, safe from a discard"]
    card = move.card
    s = suit_mark(card.suit)
    laid = obs.expedition(obs.side, card.suit)
    held = _held(obs, card.suit, card)
    if move.kind == "play":
        later = _one_of_each([c for c in held if fits(c, (*laid, card))])
        follow = f", {cards_words(later)} to follow" if later else ""
        if card.is_investment:
            backing = _numbers(laid) + sum({c.value for c in held if fits(c, laid)})
            out.append(f"{backing} in {s} numbers back the investment")
        elif not laid:
            numbers = card.value + sum({c.value for c in later} - {card.value})
            out.append(f"it opens {s} with {numbers} in {s} numbers in hand{follow}")
        elif not _closed_by(obs, card):
            out.append(f"{card_words(card)} follows {_at(laid)} without giving up a card in your hand{follow}")
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
        out.append(f"{card_words(card)} is a safe throw: both sides are past it")
    elif not _takers(obs, card) and not (laid and fits(card, laid)):
        if laid:
            mine = f"{card_words(card)} no longer fits {yours(obs)} {s} ({_at(laid)})"
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
        return f"taking {card_words(card)} keeps it from {them(obs)}"
    if use:
        return f"{card_words(card)} {use}"
    waiting = _still_waiting(obs, move)
    if _last_card(obs):
        return "a pile draw leaves the deck's last card, so the round goes on"
    return (f"a pile draw leaves the deck alone, which gives {cards_words(waiting)} one more turn" if waiting
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
    "Reason",
    "blamed_flaw",
    "in_words",
    "pile_notes",
    "plays_left_of",
    "reason",
    "sides_of",
    "situation",
    "target_of",
    "theirs",
    "them",
    "use_of",
    "what_was_wrong",
    "why_better",
    "yours",
]
