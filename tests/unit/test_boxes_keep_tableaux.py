"""Taking a box out of the setup can't leave a tableau listing a card only that box prints:
the change is refused on the setup, naming the player and the card (found by the
app-writes-what-it-reads property: such a save was refused when read back)."""

from __future__ import annotations

from typing import Any

import pytest

from lastround.games.base import RulesError
from lastround.games.rftg.game import GAME


def session(**top: Any) -> dict[str, Any]:
    return {"format": 1, "game": "rftg", "status": "in-progress",
            "players": [{"name": "Ada", "tableau": ["Gateway Station", "Mining Robots"]},
                        {"name": "Bo"}]} | top


def test_leaving_out_the_box_of_a_listed_card_is_refused() -> None:
    data = session(expansions=["new-worlds"])
    setup = GAME.procedure(data)[0]
    with pytest.raises(RulesError, match="Ada's tableau: Gateway Station belongs to") as raised:
        GAME.apply(data, setup, {"players": ["Ada", "Bo"], "boxes": "base game",
                                 "new_worlds": False})
    assert raised.value.key == "boxes"
    assert data["expansions"] == ["new-worlds"], "refused: nothing changed"


def test_keeping_the_box_or_adding_one_is_accepted() -> None:
    data = session(expansions=["new-worlds"])
    setup = GAME.procedure(data)[0]
    GAME.apply(data, setup, {"players": ["Ada", "Bo"], "boxes": "+ The Gathering Storm",
                             "new_worlds": True})
    assert data["expansions"] == ["gathering-storm", "new-worlds"]
