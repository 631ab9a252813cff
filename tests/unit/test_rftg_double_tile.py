"""A "most" goal has one tile ([engine] Keldon Jones's engine, github.com/bnordli/rftg
src/engine.c `check_goals`: goal_claimed goes to one player): a file marking two players
holding it (a hand edit, or one written before the goals step refused it) is no damage. It
opens, asking the second holder's goals again and saying why by name; scoring refuses it,
naming both players."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from lastround.games.base import RulesError
from lastround.games.rftg.scoring import score
from lastround.session.opening import checked, not_finished
from lastround.session.session import Session
from tests.support.rftg_tied_play import tied_table

BOTH = "Production Leader has one tile, but Ada and Bo are both marked holding it"


def both_holding() -> dict[str, Any]:
    """Every step confirmed, Bo's goals then marked holding Ada's tile, as a version whose
    goals step accepted it wrote them (the table and the log alike)."""
    data = tied_table().data
    data["players"][1]["goals"] = ["Production Leader"]
    data["players"][1]["goals_tied"] = []
    bo = next(e for e in data["log"] if e["step"] == "goals-1")
    bo["values"]["production-leader"] = "holds the tile"
    return data


def test_a_file_with_a_most_tile_held_twice_opens_on_the_second_holders_goals() -> None:
    data = both_holding()
    assert checked(data).refused is None
    session = Session(data)
    step = session.steps()[session.resume_index()]
    assert step.id == "goals-1" and step.ask_again.startswith(BOTH)


def test_scoring_it_is_refused_naming_both_players() -> None:
    with pytest.raises(RulesError) as refused:
        score(both_holding())
    assert BOTH in refused.value.message and "players[0]" not in refused.value.message


def test_score_says_where_it_stands_and_why_by_name() -> None:
    said = str(not_finished(Path("t.toml"), both_holding()))
    assert "'Bo: goals'" in said and BOTH in said


def test_a_finished_file_with_it_opens_in_progress_at_that_step() -> None:
    """Finished, its totals can't be worked out: it is opened where the answer is asked
    again (score then says where it stands and why), never refused as unreadable."""
    data = both_holding() | {"status": "finished"}
    opened = checked(data)
    assert opened.refused is None and opened.result is None
    assert opened.data["status"] == "in-progress"
    said = str(not_finished(Path("t.toml"), opened.data))
    assert "'Bo: goals'" in said and BOTH in said


def test_confirming_the_refused_answer_again_is_refused_not_passed_over() -> None:
    session = Session(both_holding())
    step = session.steps()[session.resume_index()]
    with pytest.raises(RulesError) as refused:
        session.confirm(step, session.values_for(step))  # Enter on what the step shows
    assert "Ada holds it already" in refused.value.message


def test_a_tile_spelled_in_another_case_is_the_same_tile() -> None:
    data = both_holding()
    data["players"][1]["goals"] = ["production leader"]  # the file's reader accepts it
    session = Session(data)
    assert session.steps()[session.resume_index()].id == "goals-1"
