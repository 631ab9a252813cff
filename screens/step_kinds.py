"""Which screen shows a step of each kind: the kinds every game has here, a game's own kinds
from the game's screens package, screens.<game id> (lastround.screens.rftg,
lastround.screens.galileo), whose
SCREENS registers a screen class for each kind its rules name (GamePlugin.step_kinds,
join_kinds, correction_kinds) and for each of its app keys. A screen's module loads on first
use: a game's screens when a step of the game is first shown."""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from textual.screen import Screen

from lastround.games import plugins
from lastround.games.base import StepKind
from lastround.games.plugin import GamePlugin, load
from lastround.screens.step import StepScreen

Screens = Mapping[StepKind, str]  # a kind to the "module:Class" of its screen

EVERY_GAMES_SCREENS: Screens = {
    "setup": "lastround.screens.setup:SetupScreen",
    "form": "lastround.screens.form:FormScreen",
    "checklist": "lastround.screens.checklist:ChecklistScreen",
    "breakdown": "lastround.screens.breakdown:BreakdownScreen",
}
# On a player's own terminal in table mode (`lastround join`).
EVERY_GAMES_JOIN_SCREENS: Screens = {"form": "lastround.screens.join_steps:JoinFormScreen"}
# Correcting a finished game's step.
EVERY_GAMES_CORRECTION_SCREENS: Screens = {"form": "lastround.screens.correction:CorrectForm"}


@dataclass(frozen=True)
class GameScreens:
    """A game's own screens, by the kind of step each shows (its rules name the kinds)."""

    steps: Mapping[StepKind, type[StepScreen]]
    # On a player's own terminal (`lastround join`), for the game's join_kinds.
    joins: Mapping[StepKind, type[StepScreen]] = field(default_factory=dict)
    # Correcting a finished game's step (lastround.screens.correction.Correcting), its
    # correction_kinds.
    corrections: Mapping[StepKind, type[StepScreen]] = field(default_factory=dict)
    # The screen each of the game's own keys opens (GamePlugin.app_keys), by the key's id.
    keys: Mapping[str, Callable[[], Screen[Any]]] = field(default_factory=dict)


def has_screens(plugin: GamePlugin) -> bool:
    """Whether the game has screens of its own (a package screens.<id>)."""
    return bool(plugin.step_kinds or plugin.app_keys)


def game_screens(game_id: str) -> GameScreens:
    """The game's own screens, their modules imported on first use."""
    screens: GameScreens = importlib.import_module(f"screens.{game_id}").SCREENS
    return screens


def _find(kind: StepKind, every_games: Screens,
          kinds: Callable[[GamePlugin], tuple[StepKind, ...]],
          registered: Callable[[GameScreens], Mapping[StepKind, type[StepScreen]]],
          ) -> type[StepScreen]:
    if kind in every_games:
        found: type[StepScreen] = load(every_games[kind])
        return found
    for plugin in plugins():
        if kind in kinds(plugin):
            return registered(game_screens(plugin.id))[kind]
    raise KeyError(kind)


def step_screen(kind: StepKind) -> type[StepScreen]:
    """The screen of a step of that kind; KeyError for a kind no game has."""
    return _find(kind, EVERY_GAMES_SCREENS, lambda plugin: plugin.step_kinds,
                 lambda screens: screens.steps)


def join_screen(kind: StepKind) -> type[StepScreen]:
    """The screen a player enters a step of their own seat with; KeyError for a kind no
    seat enters."""
    return _find(kind, EVERY_GAMES_JOIN_SCREENS, lambda plugin: plugin.join_kinds,
                 lambda screens: screens.joins)


def correction_screen_class(kind: StepKind) -> type[StepScreen]:
    """The screen correcting a finished game's step of this kind (a
    lastround.screens.correction.Correcting); KeyError for a kind that stays as played."""
    return _find(kind, EVERY_GAMES_CORRECTION_SCREENS, lambda plugin: plugin.correction_kinds,
                 lambda screens: screens.corrections)


def key_screen(game_id: str, key_id: str) -> Screen[Any]:
    """The screen the game's own key of that id opens."""
    return game_screens(game_id).keys[key_id]()
