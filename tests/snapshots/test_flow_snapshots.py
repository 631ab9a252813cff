"""The procedure's flow at 80×24 (issue 15, items 3 and 18): the box asking before a changed
answer undoes what was recorded after it, and the final scores once the game is finished
(shown only: Enter or Esc goes home, as the footer says)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from tests.support import rftg_play
from tests.support.helpers import make_test_app

SIZE = (80, 24)
TOY_TO_ADAS_POINTS = [*"Ada", "tab", *"Bo", "enter", "space", "down", "space", "enter",
                      *"12", "tab", "3", "enter"]


def test_a_changed_answer_is_asked_about(snap_compare: Any, saves: Path) -> None:
    """Bo's points shown, back to the setup, Ada (who has points) unseated, Enter."""
    app = make_test_app(Path("saves"), command="new", game="toy")

    async def unseat_ada(pilot: Any) -> None:
        for key in [*TOY_TO_ADAS_POINTS, "escape", "escape", "escape"]:
            await pilot.press(key)
            await pilot.pause()
        pilot.app.screen.query_one("#seat-0").value = "Cy"
        await pilot.press("enter")
        await pilot.pause()

    assert snap_compare(app, run_before=unseat_ada, terminal_size=SIZE)


def test_the_finished_game_shows_its_final_scores(snap_compare: Any, saves: Path) -> None:
    """The last count confirmed: the game is saved finished, its scores shown read-only."""
    path = rftg_play.saved_session(saves, rftg_play.FOUR_PLAYERS, upto="counts-3")
    app = make_test_app(saves, command="resume", file=path)
    keys = [*str(rftg_play.DEE.chips), "tab", *str(rftg_play.DEE.hand), "tab",
            *str(rftg_play.DEE.goods), "enter"]
    assert snap_compare(app, press=keys, terminal_size=SIZE)


def test_final_scores_that_do_not_total_offer_only_esc_back(snap_compare: Any,
                                                            saves: Path) -> None:
    """Every value confirmed, Bo's points gone from the file: why it doesn't total, and a
    footer with Esc back (Enter can't finish; Home is not where Esc goes)."""
    from tests.ui.test_finishing import stopped_at_the_breakdown

    path = stopped_at_the_breakdown(saves)
    path.write_text(path.read_text().replace("points = 5\n", "", 1))
    app = make_test_app(saves, command="resume", file=path)
    assert snap_compare(app, terminal_size=SIZE)


def test_a_refused_count_opens_on_its_step(snap_compare: Any, saves: Path) -> None:
    """A file with Bo's chips at -3: resumed on Bo's counts, the reading's line below the
    fields, the chips field empty."""
    from lastround.session.files import write_session
    from tests.support.rftg_tied_play import tied_table

    data = tied_table().data
    data["players"][1]["chips"] = -3
    path = saves / "session.toml"
    write_session(path, data)
    app = make_test_app(saves, command="resume", file=path)
    assert snap_compare(app, terminal_size=SIZE)
