"""The games Last Round knows, by the id a session file gives (``game = "rftg"``).

Modules load on first use so that scoring one game never imports the other.
"""

from __future__ import annotations

import importlib

from tui.games.base import Game

GAME_MODULES: dict[str, str] = {
    "rftg": "tui.games.rftg",
    "galileo": "tui.games.galileo",
}

GAME_TITLES: dict[str, str] = {
    "rftg": "Race for the Galaxy",
    "galileo": "Galileo Galilei",
}


def game_title(game_id: str) -> str:
    """The game's name for people; an unknown id is shown as it is written."""
    return GAME_TITLES.get(game_id, game_id)


def get_game(game_id: str) -> Game:
    """The rules object of a game; KeyError for an unknown id."""
    module = importlib.import_module(GAME_MODULES[game_id])
    game: Game = module.GAME
    return game


def player_range(game_id: str) -> tuple[int, int]:
    """The fewest and the most players the game is for (its MIN_PLAYERS and MAX_PLAYERS);
    KeyError for an unknown id."""
    module = importlib.import_module(GAME_MODULES[game_id])
    return int(module.MIN_PLAYERS), int(module.MAX_PLAYERS)
