"""What Race for the Galaxy with expansions looks like at 80×24: setup with the boxes, a
player's goals and prestige, the final scores with the goals and prestige; Xeno
Counterstrike's setup, options, end checks and final scores."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from lastround.session.files import write_session
from tests.support.helpers import make_test_app
from tests.support.rftg_boxes_play import brink_of_war, played
from tests.support.rftg_counterstrike_play import five_answers, four_answers, saved
from tests.support.rftg_tied_play import tied_table
from tests.unit.test_rftg_double_tile import both_holding

SIZE = (80, 24)
def resume(saves: Path, upto: str | None) -> Any:
    """The Brink of War table with every step before `upto` confirmed (None: all of them)."""
    session = brink_of_war(upto)
    session.path = saves / "session.toml"
    write_session(session.path, session.data)
    return make_test_app(Path("saves"), command="resume" if upto else "replay",
                         file=Path("saves") / session.path.name)


def test_setup_with_six_players_and_the_brink_of_war(snap_compare: Any, saves: Path) -> None:
    app = make_test_app(Path("saves"), command="new", game="rftg")
    keys = [k for name in ("Ada", "Bo", "Cy", "Dee", "Ed", "Flo") for k in (*name, "tab")]
    assert snap_compare(app, press=[*keys, "tab", "right", "right", "right"],
                        terminal_size=SIZE)


def test_a_players_goals_and_prestige(snap_compare: Any, saves: Path) -> None:
    app = resume(saves, "goals-0")
    keys = ["right", "tab", "tab", "tab", "right", "tab", "right", "tab", "right", "right",
            "tab", *"15"]
    assert snap_compare(app, press=keys, terminal_size=SIZE)


def test_breakdown_with_goals_and_prestige(snap_compare: Any, saves: Path) -> None:
    assert snap_compare(resume(saves, None), press=["end"], terminal_size=SIZE)


def test_takeovers_asked_with_the_options(snap_compare: Any, saves: Path) -> None:
    """The last of the options, reached by Tab: takeovers, no unless the table played them."""
    assert snap_compare(resume(saves, "options"), press=["tab"] * 20, terminal_size=SIZE)


def test_a_tied_most_goal_pre_filled_on_the_goals_step(snap_compare: Any, saves: Path) -> None:
    """Bo's goals: Production Leader's standing shows Ada and Bo tied at 4; Ada holds the
    tile, so Bo's answer is pre-filled tied."""
    session = tied_table("goals-1")
    session.path = saves / "session.toml"
    write_session(session.path, session.data)
    app = make_test_app(Path("saves"), command="resume", file=Path("saves") / "session.toml")
    assert snap_compare(app, terminal_size=SIZE)


def test_a_most_tile_held_twice_opens_on_the_goals_saying_why(snap_compare: Any,
                                                              saves: Path) -> None:
    """Ada and Bo both marked holding Production Leader: Bo's goals, with the reason."""
    write_session(saves / "session.toml", both_holding())
    app = make_test_app(Path("saves"), command="resume", file=Path("saves") / "session.toml")
    assert snap_compare(app, terminal_size=SIZE)


# --- Xeno Counterstrike -----------------------------------------------------------------------


def counterstrike_at(saves: Path, answers: dict[str, dict[str, Any]], upto: str) -> Any:
    """A Xeno Counterstrike table resumed at step `upto`."""
    path = saved(saves / "session.toml", answers, upto)
    return make_test_app(Path("saves"), command="resume", file=Path("saves") / path.name)


def test_setup_with_five_players_and_both_xeno_boxes(snap_compare: Any, saves: Path) -> None:
    app = make_test_app(Path("saves"), command="new", game="rftg")
    keys = [k for name in ("Ada", "Bo", "Cy", "Dee", "Ed") for k in (*name, "tab")]
    assert snap_compare(app, press=[*keys, "tab", "tab", *["right"] * 7], terminal_size=SIZE)


def test_the_counterstrike_game_asked_with_the_options(snap_compare: Any, saves: Path) -> None:
    """The invasion game and the counterstrike game, one of them played."""
    app = counterstrike_at(saves, five_answers(), "options")
    assert snap_compare(app, press=["tab"], terminal_size=SIZE)


def test_the_end_check_with_the_box_says_15_cards_and_its_source(snap_compare: Any,
                                                                 saves: Path) -> None:
    assert snap_compare(counterstrike_at(saves, four_answers(), "end-check-0"),
                        terminal_size=SIZE)


def test_the_counterstrike_game_s_end_check_asks_for_a_military_victory(
        snap_compare: Any, saves: Path) -> None:
    assert snap_compare(counterstrike_at(saves, five_answers(), "end-check-1"),
                        press=["tab", "tab"], terminal_size=SIZE)


def test_the_final_scores_of_a_counterstrike_game(snap_compare: Any, saves: Path) -> None:
    write_session(saves / "session.toml", played(five_answers()).data)
    app = make_test_app(Path("saves"), command="replay", file=Path("saves") / "session.toml")
    assert snap_compare(app, press=["end"], terminal_size=SIZE)
