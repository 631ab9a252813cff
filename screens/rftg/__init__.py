"""Race for the Galaxy's own screens: the card picker (a tableau, entered at the host's
terminal, at a player's own, or corrected after the game), registered by the step kind its
rules name (lastround.games.rftg's PLUGIN.step_kinds)."""

from lastround.screens.rftg.cards import CardsScreen
from lastround.screens.rftg.cards_correction import CorrectCards
from lastround.screens.rftg.cards_join import JoinCardsScreen
from lastround.screens.step_kinds import GameScreens

SCREENS = GameScreens(
    steps={"cards": CardsScreen},
    joins={"cards": JoinCardsScreen},
    corrections={"cards": CorrectCards},
)
