"""Who sits where, in the words of the person at the table: "You", "Opponent", or with four players "West",
"North" (your partner) and "East"; the sides named after their seats ("You and North")."""

from __future__ import annotations

from dataclasses import dataclass

from ..rules import Rules

DIRECTIONS = {1: "West", 2: "North", 3: "East"}
"""Four players: you sit South; play goes round to your left (West), your partner (North), then East."""


@dataclass(frozen=True)
class Seating:
    """The seats and sides of ``rules`` as the person at ``seat`` names them."""

    rules: Rules
    seat: int

    def seat_name(self, seat: int) -> str:
        """``"You"``, ``"Opponent"``, or with four players ``"West"``, ``"North"`` (your partner), ``"East"``."""
        if seat == self.seat:
            return "You"
        if self.rules.players == 2:
            return "Opponent"
        if self.rules.players == 4:
            return DIRECTIONS[(seat - self.seat) % 4]
        return f"Seat {seat}"

    def role(self, seat: int) -> str:
        """``"you"``, ``"partner"`` or ``"opponent"``."""
        if seat == self.seat:
            return "you"
        return "partner" if self.rules.partner_of(self.seat) == seat else "opponent"

    def side_name(self, side: int) -> str:
        """A side by its seats: ``"You"``, ``"Opponent"``; with partners ``"You and North"``, ``"West and East"``."""
        rules = self.rules
        if rules.partnerships:
            seats = [s for s in range(rules.players) if rules.side_of(s) == side]
            if rules.side_of(self.seat) == side:
                return "You and North" if self.seat in seats else "Your team"
            return " and ".join(self.seat_name(s) for s in seats)
        return self.seat_name(side)

    def side_role(self, side: int) -> str:
        """``"you"`` for your side, else ``"opponent"``."""
        return "you" if side == self.rules.side_of(self.seat) else "opponent"


__all__ = ["DIRECTIONS", "Seating"]
