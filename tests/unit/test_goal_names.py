"""A goal tile is one tile however its name is spelled: names are matched trimmed, case- and
width-folded, so two spellings of one tile are that tile named twice, refused, never scored
twice.

[TGS] rulebook: each goal tile is in play once ("draw ... goal tiles at random and place them
face up"); a player holds a tile or doesn't. Matching names this way is the session file's
rule (save-format: names "by the name printed on the tile").
"""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from lastround.games.base import RulesError
from lastround.games.rftg.box_steps import apply_options, goal_key, has
from lastround.games.rftg.boxes import GOALS
from lastround.games.rftg.expansions import goal_spelling
from lastround.games.rftg.game import GAME

TGS = ["gathering-storm"]
SPACES = [" ", "\t", "\u00a0", "\u3000", "\u2003"]


def player(name: str, **keys: Any) -> dict[str, Any]:
    return {"name": name, "tableau_vp": 10, "bonus_vp": 0, "chips": 0, "hand": 0,
            "goods": 0} | keys


def game(goals: list[str], ada_goals: list[str]) -> dict[str, Any]:
    return {"game": "rftg", "expansions": TGS, "goals": goals,
            "players": [player("Ada", goals=ada_goals), player("Bo")]}


@pytest.mark.parametrize("space", SPACES)
def test_a_tile_in_play_named_twice_with_a_space_apart_is_refused(space: str) -> None:
    """`goals = ["Greatest Military", "Greatest Military "]` once scored Ada's tile twice."""
    with pytest.raises(RulesError, match='"Greatest Military" twice') as raised:
        GAME.score(game(["Greatest Military", f"{space}Greatest Military{space}"],
                        ["Greatest Military"]))
    assert raised.value.key == "goals"


def test_a_players_tile_named_twice_in_another_case_or_width_is_refused() -> None:
    """Fullwidth letters and another case spell the same tile."""
    fullwidth = "Ｇｒｅａｔｅｓｔ Ｍｉｌｉｔａｒｙ"
    with pytest.raises(RulesError, match="twice") as raised:
        GAME.score(game(["Greatest Military"], ["Greatest Military", fullwidth]))
    assert raised.value.key == "players[0].goals"
    with pytest.raises(RulesError, match="twice"):
        GAME.score(game(["Greatest Military"], ["greatest  military", "Greatest Military"]))


def test_a_tile_spelled_with_odd_spaces_once_scores_once() -> None:
    """A single odd spelling is still the tile (5 VP for a "most" goal, [TGS])."""
    one = GAME.score(game(["\u3000GREATEST\u00a0military "], ["Greatest Military"]))
    plain = GAME.score(game(["Greatest Military"], ["Greatest Military"]))
    assert one.players[0].total == plain.players[0].total == 15


@given(st.lists(st.sampled_from(SPACES), max_size=3), st.lists(st.sampled_from(SPACES),
       max_size=3), st.booleans())
def test_every_spelling_of_a_tile_matches_it_once(before: list[str], after: list[str],
                                                   upper: bool) -> None:
    name = "Greatest Military".upper() if upper else "Greatest Military"
    assert goal_spelling("".join(before) + name + "".join(after)) == goal_spelling(
        "Greatest Military")


def test_the_goals_steps_and_box_changes_match_names_as_the_reader_does() -> None:
    """A tile the reader takes as held (any spelling) is held on the player's goals step, and
    stays the player's when the tiles in play are confirmed again."""
    spelled = "Ｇｒｅａｔｅｓｔ\u00a0 military "
    data = game(["Greatest Military"], [spelled])
    assert has(data["players"][0], "goals", GOALS["Greatest Military"])
    apply_options(data, {goal_key(GOALS["Greatest Military"]): True})
    assert data["players"][0]["goals"] == [spelled]
    assert GAME.score(data).players[0].total == 15
