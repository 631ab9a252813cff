"""Which screen shows a step of each kind: the kinds every game has here, a game's own kinds
from its plugin (GamePlugin.step_screens, join_screens, correction_screens). A screen's module
loads on first use."""

from __future__ import annotations

from collections.abc import Callable, Mapping

from screens.step import StepScreen
from tui.games import plugins
from tui.games.base import StepKind
from tui.games.plugin import GamePlugin, load

Screens = Mapping[StepKind, str]  # a kind to the "module:Class" of its screen

EVERY_GAMES_SCREENS: Screens = {
    "setup": "screens.setup:SetupScreen",
    "form": "screens.form:FormScreen",
    "checklist": "screens.checklist:ChecklistScreen",
    "breakdown": "screens.breakdown:BreakdownScreen",
}
# On a player's own terminal in table mode (`lastround join`).
EVERY_GAMES_JOIN_SCREENS: Screens = {"form": "screens.join_steps:JoinFormScreen"}
# Correcting a finished game's step.
EVERY_GAMES_CORRECTION_SCREENS: Screens = {"form": "screens.correction:CorrectForm"}


def _find(kind: StepKind, every_games: Screens,
          games: Callable[[GamePlugin], tuple[tuple[StepKind, str], ...]]) -> str:
    if kind in every_games:
        return every_games[kind]
    for plugin in plugins():
        found = dict(games(plugin)).get(kind)
        if found is not None:
            return found
    raise KeyError(kind)


def screen_of(kind: StepKind) -> str:
    """The "module:Class" of the kind's screen; KeyError for a kind no game has."""
    return _find(kind, EVERY_GAMES_SCREENS, lambda plugin: plugin.step_screens)


def step_screen(kind: StepKind) -> type[StepScreen]:
    factory: type[StepScreen] = load(screen_of(kind))
    return factory


def join_screen(kind: StepKind) -> type[StepScreen]:
    """The screen a player enters a step of their own seat with; KeyError for a kind no
    seat enters."""
    factory: type[StepScreen] = load(
        _find(kind, EVERY_GAMES_JOIN_SCREENS, lambda plugin: plugin.join_screens))
    return factory


def correction_screen_of(kind: StepKind) -> str:
    """The "module:Class" of the screen correcting a finished game's step of this kind (a
    screens.correction.Correcting); KeyError for a kind that stays as played."""
    return _find(kind, EVERY_GAMES_CORRECTION_SCREENS, lambda plugin: plugin.correction_screens)
