"""Each game declares how many can play (GamePlugin.players: the fewest and the most); the
setup screen seats the most and its check takes exactly that range, whatever the game.

Race for the Galaxy declares 2–6 (5 with The Gathering Storm, 6 with Rebel vs Imperium: the
boxes decide, tests/unit/test_rftg_expansions.py); Galileo Galilei "2–4 players"."""

from __future__ import annotations

import importlib

import pytest

from lastround.games import GAME_PACKAGES, player_range
from lastround.games.plugin import GamePlugin
from lastround.session.fields import Invalid, check_players

# The games as shipped, and the toy game every test registers (tests/conftest.py).
PACKAGES = [*GAME_PACKAGES, "tests.support.toy_unlisted"]


def declared(package: str) -> GamePlugin:
    plugin: GamePlugin = importlib.import_module(package).PLUGIN
    return plugin


def seats_taken(count: int, least: int, most: int) -> bool:
    try:
        check_players([f"Player {seat}" for seat in range(count)], least, most)
    except Invalid:
        return False
    return True


@pytest.mark.parametrize("package", PACKAGES)
def test_every_game_declares_how_many_play(package: str) -> None:
    plugin = declared(package)
    least, most = plugin.players
    assert 1 <= least <= most
    assert player_range(plugin.id) == plugin.players


@pytest.mark.parametrize("package", PACKAGES)
def test_the_setup_takes_exactly_the_declared_range(package: str) -> None:
    least, most = player_range(declared(package).id)
    taken = [count for count in range(most + 3) if seats_taken(count, least, most)]
    assert taken == list(range(least, most + 1))


def test_an_unknown_game_has_no_range() -> None:
    with pytest.raises(KeyError):
        player_range("chess")
