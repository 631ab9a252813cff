"""Race for the Galaxy's tableau reopened to correct a finished game (screens.correction)."""

from __future__ import annotations

from screens.cards import CardsScreen
from screens.correction import Correcting


class CorrectCards(CardsScreen, Correcting):
    def action_back(self) -> None:  # not the card picker's: a correction keeps no progress
        Correcting.action_back(self)
