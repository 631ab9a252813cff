"""The games Last Round knows: one line per game package, each exporting its PLUGIN
(lastround.games.plugin.GamePlugin). Everything else about a game is read from its plugin.

A package's __init__ holds only its plugin, so listing the games imports no rules: a game's
code loads on first use, and scoring one game never imports the other.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING

from lastround.games.plugin import GamePlugin, load

if TYPE_CHECKING:  # the rules' types load with a game's rules, not with the list of games
    from lastround.games.base import Game

GAME_PACKAGES: list[str] = [
    "lastround.games.rftg",
    "lastround.games.galileo",
]


def plugins() -> tuple[GamePlugin, ...]:
    """Every game, in the registry's order (the home screen's, the exports')."""
    return tuple(importlib.import_module(package).PLUGIN for package in GAME_PACKAGES)


def game_ids() -> tuple[str, ...]:
    return tuple(plugin.id for plugin in plugins())


def plugin_of(game_id: str) -> GamePlugin:
    """The game of that id; KeyError for an unknown id."""
    found = next((plugin for plugin in plugins() if plugin.id == game_id), None)
    if found is None:
        raise KeyError(game_id)
    return found


def game_title(game_id: str) -> str:
    """The game's name for people; an unknown id is shown as it is written."""
    try:
        return plugin_of(game_id).title
    except KeyError:
        return game_id


def short_title(game_id: str) -> str:
    """The game's name as its players say it (history's narrow column); an unknown id as
    it is written."""
    try:
        return plugin_of(game_id).short_title
    except KeyError:
        return game_id


def get_game(game_id: str) -> Game:
    """The rules object of a game; KeyError for an unknown id."""
    game: Game = load(plugin_of(game_id).game)
    return game


def player_range(game_id: str) -> tuple[int, int]:
    """The fewest and the most players the game is for; KeyError for an unknown id."""
    return plugin_of(game_id).players
