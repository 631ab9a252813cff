"""Race for the Galaxy's tableau reopened to correct a finished game
(lastround.screens.correction)."""

from __future__ import annotations

from lastround.screens.correction import Correcting
from lastround.screens.rftg.cards import CardsScreen


class CorrectCards(CardsScreen, Correcting):
    def action_back(self) -> None:  # not the card picker's: a correction keeps no progress
        Correcting.action_back(self)
