"""The batch simulator: many rounds advanced at once with numpy, for three fixed policies.

It plays two-player rounds of a rule set whose deck has at most 63 different cards, no card
twice and nothing set aside (``expeditions``, ``expeditionen``, ``expeditionen-aces``,
``expeditionen-short``, ``lost-cities``), every seat following the same policy:

- ``"playable"``: play a random playable card, else discard a random card; always draw off the
  deck (``random_play``);
- ``"uniform"``: uniform over the legal moves, draws off the discard piles included; the round
  ends by the deck, by the stall rule, or after 2,000 turns (``turn_cap`` of the rules if set), as
  ``expeditions.bots.playout`` does (``random_play``);
- ``"counting"``: the card-counting policy of ``expeditions.bots.counting``, the same move as the
  engine's every turn (``counting_play``), from positions of a ``CountingState``.

What a random choice picks among matters, and the two readings give measurably different
scores: with ``by="card"`` every card in hand is a choice of its own, so holding two investments
of a suit makes laying an investment twice as likely (this is what the engine's policies do:
``playable_policy`` and ``uniform_policy``); with ``by="move"`` the investments of a suit are one
move ("lay a hearts investment"), so every distinct move is equally likely.

The hot loops work on a lean representation, checked against the engine in the tests: bit masks of
one int64 for hands and expeditions, a discard pile as a stack of 4-bit codes in one int64. The
random policies use the layout of ``layout``, the counting policy that of ``counting_layout`` (the
card order of ``bots.counting``). The random policies take every turn as one pass of a few dozen
vectorised numpy operations over all the rounds of a batch; the counting policy is compiled (numba)
and plays each round to its end in turn, a few times faster than the same rules vectorised.

The rooms: ``layout`` (the random policies' bits and the shared pieces), ``random_play``,
``counting_layout``, ``counting_state`` (the one builder of counting positions, for fresh deals,
the engine's tables and sampled observations), ``counting_kernel`` (the policy's rules, compiled),
``counting_play`` (playing positions out) and ``simulation`` (``simulate`` and ``BatchResult``).
"""

from ...engine import DECK
from ..options import TURN_CAP
from .counting_layout import CountingLayout, counting_layout
from .counting_play import COUNTING_BATCH, REMOVE, Forced, counting_result, expedition_scores, play_counting, policy_numbers
from .counting_state import CountingState, Seen, card_mask, counting_deals, counting_state, counting_state_of_tables, seen_masks
from .layout import END_CODES, Layout, layout_for, one_move_per_suit, pick, score_laid, shuffled_bits, unsupported
from .random_play import play_playable, play_uniform
from .simulation import CHOICES, POLICIES, BatchResult, play_batch, simulate

__all__ = [
    "CHOICES", "COUNTING_BATCH", "DECK", "END_CODES", "POLICIES", "REMOVE", "TURN_CAP", "BatchResult", "CountingLayout",
    "CountingState", "Forced", "Layout", "Seen", "card_mask", "counting_deals", "counting_layout", "counting_result",
    "counting_state", "counting_state_of_tables", "expedition_scores", "layout_for", "one_move_per_suit",
    "pick", "play_batch", "play_counting", "play_playable", "play_uniform", "policy_numbers", "score_laid", "seen_masks", "shuffled_bits",
    "simulate", "unsupported",
]
