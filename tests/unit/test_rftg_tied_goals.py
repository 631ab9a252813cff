"""Each player's goals step shows every "most" goal's standing from the cards entered and is
pre-filled with what the cards decide, ties included: a table that only confirms what the
step shows totals right. Source [engine]: Keldon Jones's engine (github.com/bnordli/rftg,
src/engine.c) `check_goals` and `score_game_player`."""

from __future__ import annotations

import pytest

from lastround.games.base import RulesError
from lastround.games.rftg.scoring import score
from tests.support.rftg_tied_play import GOAL_VP, PLAYERS, tied_table


def shown_answers(upto: str) -> dict[str, object]:
    session = tied_table(upto)
    step = session.steps()[session.resume_index()]
    assert step.id == upto
    return {f.key: f.default for f in step.fields}


def test_each_goals_step_shows_the_most_goals_standing() -> None:
    session = tied_table("goals-0")
    text = session.steps()[session.resume_index()].text
    assert "Greatest Military (6+): Ada 2 · Bo 0 · Cy 7 · Di 1: Cy holds it." in text
    assert "Production Leader (4+): Ada 4 · Bo 4 · Cy 2 · Di 2" in text
    assert "Ada and Bo tied: the first to reach 4 holds the tile (5 VP)" in text


def test_a_tie_at_the_top_is_pre_filled_one_holder_and_the_others_tied() -> None:
    """[engine] score_game_player: "Check for as much as most ... Award tie points": a player
    at the most without the tile scores 3 VP; check_goals: the tile stays with one of them."""
    assert shown_answers("goals-0")["production-leader"] == "holds the tile"
    assert shown_answers("goals-1")["production-leader"] == "tied, no tile"
    assert shown_answers("goals-2")["greatest-military"] == "holds the tile"
    assert shown_answers("goals-3")["production-leader"] == "no"


def test_a_table_confirming_what_the_steps_show_totals_the_tie() -> None:
    result = score(tied_table().data)
    for player in result.players:
        goals = {part.removeprefix("goals: "): vp for part, vp in player.parts.items()
                 if part.startswith("goals: ") and vp}
        assert goals == GOAL_VP[player.name], player.name


def test_the_table_saying_the_first_was_not_first_moves_the_tile_to_the_next() -> None:
    session = tied_table("goals-0")
    step = session.steps()[session.resume_index()]
    values = {f.key: f.default for f in step.fields} | {"production-leader": "tied, no tile"}
    session.confirm(step, values)
    bo = session.steps()[session.resume_index()]
    assert bo.id == "goals-1"
    assert {f.key: f.default for f in bo.fields}["production-leader"] == "holds the tile"


def test_a_most_tile_another_player_holds_is_refused_naming_both() -> None:
    """A "most" goal has one tile ([engine] check_goals gives goal_claimed to one player)."""
    session = tied_table("goals-1")
    step = session.steps()[session.resume_index()]
    values = {f.key: f.default for f in step.fields} | {"production-leader": "holds the tile"}
    with pytest.raises(RulesError) as refused:
        session.confirm(step, values)
    assert refused.value.key == "production-leader"
    assert "Ada holds it already" in refused.value.message
    assert "mark Bo tied" in refused.value.message
    assert "goals" not in session.data["players"][1]
    assert PLAYERS[1] == "Bo"
