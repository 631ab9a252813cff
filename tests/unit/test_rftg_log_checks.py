"""The log read as a whole, as only the app could have written it.

A "most" goal has one tile ([engine] Keldon Jones's engine, github.com/bnordli/rftg
src/engine.c `check_goals`: goal_claimed goes to one player, and passes only to a player with
more): players tied for it without the tile score 3 VP each, any number of them, but no goals
entry records a second holder while another holds it. And the goals and options steps are
asked only with an expansion: a base-game file (rftg-end-and-scoring.txt: "Goals, prestige
and other expansion-specific scoring are not part of this ... base-game guide") never logs
them.
"""

from __future__ import annotations

from typing import Any

import pytest

from lastround.games.base import RulesError
from lastround.games.checks import check_session
from lastround.session.session import Session
from tests.support.rftg_tied_play import OPTIONS, tied_table

PRODUCTION = "production-leader"


def entries_of(data: dict[str, Any], prefix: str) -> list[dict[str, Any]]:
    return [entry for entry in data["log"] if str(entry["step"]).startswith(prefix)]


def test_four_players_all_holding_one_most_tile_by_the_log_alone_is_refused() -> None:
    """The players' tables say Ada holds Production Leader and Bo is tied; a hand-edited log
    says all four hold it: a second holder is refused at its entry, naming both players."""
    data = tied_table().data
    for entry in entries_of(data, "goals-"):
        entry["values"][PRODUCTION] = "holds the tile"
    bo = data["log"].index(entries_of(data, "goals-1")[0])
    with pytest.raises(RulesError) as refused:
        check_session(data)
    assert refused.value.key == f"log[{bo}].values.{PRODUCTION}"
    assert refused.value.message.startswith("Bo is marked holding Production Leader, which "
                                            "Ada holds")


def test_any_number_of_players_tied_for_a_most_tile_is_no_second_holder() -> None:
    """Tied players without the tile: three of them beside the holder is a tie, not four
    holders."""
    data = tied_table().data
    for entry in entries_of(data, "goals-")[1:]:
        entry["values"][PRODUCTION] = "tied, no tile"
    check_session(data)


def test_a_tile_taken_out_of_play_and_back_can_go_to_another_player() -> None:
    """The app's own way to a log with two players' goals holding one tile: out of play the
    tile scores for no one (Ada's goals drop it), back in play Bo takes it. Accepted."""
    session = tied_table()
    options = next(s for s in session.steps() if s.id == "options")
    session.confirm(options, OPTIONS | {PRODUCTION: False})
    session.confirm(options, OPTIONS)
    bo = next(s for s in session.steps() if s.id == "goals-1")
    session.confirm(bo, session.values_for(bo) | {PRODUCTION: "holds the tile"})
    latest = {e["step"]: e["values"][PRODUCTION] for e in entries_of(session.data, "goals-")}
    assert latest["goals-0"] == latest["goals-1"] == "holds the tile"
    check_session(session.data)


def base_game() -> Session:
    session = Session.new("rftg", seed=1)
    setup = session.steps()[0]
    session.confirm(setup, {"players": ["Ada", "Bo"], "edition": "2nd", "boxes": "base game",
                            "new_worlds": False})
    return session


@pytest.mark.parametrize("step", ["options", "goals-0"])
def test_a_base_game_never_logs_a_boxs_goals_or_options(step: str) -> None:
    data = base_game().data
    data["log"].append({"step": step, "values": {"galactic-standard-of-living": True}})
    with pytest.raises(RulesError, match="base game only") as refused:
        check_session(data)
    assert refused.value.key == "log[1].step"


def test_goals_logged_while_a_box_was_played_stay_once_it_is_left_out() -> None:
    """A box chosen at the setup, then taken out: the goals entered meanwhile are history."""
    session = tied_table()
    for seat in (2, 3):  # tableaux holding the box's cards: listed as totals instead
        tableau = next(s for s in session.steps() if s.id == f"tableau-{seat}")
        session.confirm(tableau, {"tableau_vp": 9, "bonus_vp": 0})
    setup = session.steps()[0]
    session.confirm(setup, session.values_for(setup) | {"boxes": "base game"})
    assert "expansions" not in session.data and entries_of(session.data, "goals-")
    check_session(session.data)
