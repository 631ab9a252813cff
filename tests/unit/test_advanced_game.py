"""The two-player advanced game: `advanced` is 0 or 1 (save-format.md: "integer 0/1 | the
two-player advanced game was played"), and only with two players: the base rulebook gives it
among its two-player rules, and Keldon's engine offers it only to a two-player game.
"""

from __future__ import annotations

from typing import Any

import pytest

from lastround.games.base import RulesError
from lastround.games.rftg.game import GAME

TGS = ["gathering-storm"]


def player(name: str) -> dict[str, Any]:
    return {"name": name, "tableau_vp": 10, "bonus_vp": 0, "chips": 0, "hand": 0, "goods": 0}


def table(players: int, **top: Any) -> dict[str, Any]:
    return {"game": "rftg", "expansions": TGS,
            "players": [player(n) for n in ("Ada", "Bo", "Cy", "Di")[:players]]} | top


@pytest.mark.parametrize("players", [3, 4])
def test_the_advanced_game_is_refused_for_more_than_two_players(players: int) -> None:
    with pytest.raises(RulesError, match="two players") as raised:
        GAME.score(table(players, advanced=1))
    assert raised.value.key == "advanced"


@pytest.mark.parametrize("value", [1.0, 0.0, True, "1"])
def test_advanced_is_a_whole_number_0_or_1(value: object) -> None:
    with pytest.raises(RulesError, match="0 or 1"):
        GAME.score(table(2, advanced=value))


def test_two_players_may_play_the_advanced_game() -> None:
    assert len(GAME.score(table(2, advanced=1)).players) == 2


def test_seating_a_third_player_drops_the_advanced_game() -> None:
    """The app never writes what its reader refuses: the advanced game leaves with the
    second-player-only table."""
    data = table(2, advanced=1)
    setup = GAME.procedure(data)[0]
    GAME.apply(data, setup, {"players": ["Ada", "Bo", "Cy"], "boxes": "+ The Gathering Storm"})
    assert "advanced" not in data
    data["players"][2] |= player("Cy")
    assert len(GAME.score(data).players) == 3
