"""Each game says how many can play; the setup screen seats that many and checks the count.

Race for the Galaxy: "2–4 players" (base game), 5 with The Gathering Storm, 6 with Rebel vs
Imperium (the boxes decide, tui.games.rftg.boxes). Galileo Galilei: "2–4 players".
"""

from __future__ import annotations

import pytest

from tui.games import game_ids, player_range

MOST = {"rftg": 6}  # with its expansions


@pytest.mark.parametrize("game_id", game_ids())
def test_every_game_says_how_many_play(game_id: str) -> None:
    assert player_range(game_id) == (2, MOST.get(game_id, 4))


def test_an_unknown_game_has_no_range() -> None:
    with pytest.raises(KeyError):
        player_range("chess")
