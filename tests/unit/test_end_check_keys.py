"""An end check holds a box's answers only where that box is played, within the step's bounds.

[BoW] "the game also ends at the end of a round if a player has 15 or more prestige": asked
only with The Brink of War. [XI] the invasion game ends when the Xenos are repulsed or every
empire fell a second time: asked only when the invasion game was played. A file holding such an
answer without its box would end a base game by a rule it never had.
"""

from __future__ import annotations

from typing import Any

import pytest

from lastround.games.base import RulesError
from lastround.games.checks import check_session
from lastround.games.rftg.box_steps import apply_boxes

FIRST_ARC = ["gathering-storm", "rebel-vs-imperium", "brink-of-war"]


def player(name: str) -> dict[str, Any]:
    return {"name": name, "tableau_vp": 10, "bonus_vp": 0, "chips": 0, "hand": 0, "goods": 0}


def session(check: dict[str, Any], **top: Any) -> dict[str, Any]:
    return {"format": 1, "game": "rftg", "status": "in-progress",
            "players": [player("Ada"), player("Bo")],
            "end_checks": [{"largest_tableau": 8, "pool_exhausted": False,
                            "mid_consume": False, "ends": False} | check]} | top


@pytest.mark.parametrize("key,value", [("most_prestige", 16), ("repulsed", True),
                                       ("empires_fell", True)])
def test_a_boxs_end_answer_is_refused_in_a_base_game(key: str, value: object) -> None:
    with pytest.raises(RulesError, match="not played") as raised:
        check_session(session({key: value}))
    assert raised.value.key == f"end_checks[0].{key}"


def test_the_invasion_answers_need_the_invasion_game() -> None:
    with pytest.raises(RulesError, match="invasion game"):
        check_session(session({"repulsed": True}, expansions=["xeno-invasion"]))
    check_session(session({"repulsed": False}, expansions=["xeno-invasion"], invasion=True))


def test_prestige_in_an_end_check_keeps_to_the_steps_bounds() -> None:
    """The step asks 0 to 99: 1000 prestige is no answer it could have been given."""
    with pytest.raises(RulesError, match="at most 99") as raised:
        check_session(session({"most_prestige": 1000}, expansions=FIRST_ARC))
    assert raised.value.key == "end_checks[0].most_prestige"
    check_session(session({"most_prestige": 3}, expansions=FIRST_ARC))


def test_leaving_a_box_out_drops_the_end_answers_it_asked() -> None:
    """The app never writes what its reader refuses: The Brink of War taken out of the setup
    takes its prestige answer out of the end checks."""
    data = session({"most_prestige": 4}, expansions=FIRST_ARC)
    apply_boxes(data, {"boxes": "+ The Gathering Storm", "players": ["Ada", "Bo"]})
    assert "most_prestige" not in data["end_checks"][0]
    check_session(data)
