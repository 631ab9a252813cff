"""Galileo Galilei's own screens: the final turns (with the draw box behind each turn) and the
aids its app keys open, registered by the step kind and key id its rules name
(lastround.games.galileo's PLUGIN.step_kinds and app_keys)."""

from lastround.screens.galileo.extras import DiceScreen, ScoreSummaryScreen
from lastround.screens.galileo.turns import TurnsScreen
from lastround.screens.step_kinds import GameScreens

SCREENS = GameScreens(
    steps={"turns": TurnsScreen},
    keys={"galileo-summary": ScoreSummaryScreen, "galileo-dice": DiceScreen},
)
