"""A step being typed is a draft that survives: Ctrl+O home and back, Esc and back, a new app.

What is typed in a step not yet confirmed is kept beside the session as it is typed
(`.<name>.toml.draft`), and comes back exactly; confirming the step drops it, and no draft
ever reaches the session file or a score. (A killed or hung-up app: tests/e2e/test_drafts.py.)
"""

from __future__ import annotations

import json
from pathlib import Path

from textual.widgets import Input

from lastround.app import LastRoundApp
from lastround.cli import main as lastround
from lastround.screens.checklist import ChecklistScreen
from lastround.screens.form import FormScreen
from lastround.screens.home import HomeScreen
from lastround.screens.rftg.cards import CardsScreen
from lastround.session.drafts import Drafts, draft_path
from lastround.session.files import read_session
from lastround.widgets.checklist import Checklist
from tests.support import galileo_play, rftg_play
from tests.support.helpers import make_test_app
from tests.support.type_ahead import burst

SIZE = (80, 24)


def field(app: LastRoundApp, key: str) -> str:
    return app.screen.query_one(f"#field-{key}", Input).value


def message(app: LastRoundApp) -> str:
    return str(app.screen.query_one("#message").render())


async def test_ctrl_o_home_and_back_brings_back_the_counts_typed(saves: Path) -> None:
    path = rftg_play.saved_session(saves, rftg_play.FOUR_PLAYERS, upto="counts-0")
    before = path.read_text()
    app = make_test_app(saves, command="resume", file=path)
    async with app.run_test(size=SIZE) as pilot:
        await burst(pilot, [*"9", "tab", *"3x"])  # a wrong value is kept as typed, too
        await burst(pilot, ["ctrl+o"])
        assert isinstance(app.screen, HomeScreen)
        await burst(pilot, ["enter"])
        assert isinstance(app.screen, FormScreen) and app.walk.current_step.id == "counts-0"
        assert (field(app, "chips"), field(app, "hand"), field(app, "goods")) == ("9", "3x", "")
        assert "What was typed here before is back" in message(app)
    assert path.read_text() == before, "a draft is never written into the session"


async def test_esc_back_and_forward_again_keeps_a_galileo_scoring_step(saves: Path) -> None:
    """The README says Esc keeps what was entered; on a Galileo scoring step it did not."""
    path = galileo_play.saved_session(saves, galileo_play.THREE_PLAYERS, "scores-1")
    app = make_test_app(saves, command="resume", file=path)
    async with app.run_test(size=SIZE) as pilot:
        await galileo_play.set_field(pilot, "track_position", 57)
        await galileo_play.set_field(pilot, "tribunal", -3)
        await burst(pilot, ["escape"])
        assert app.walk.current_step.id == "scores-0"
        await burst(pilot, ["enter"])  # Ada's, confirmed again as it was
        assert app.walk.current_step.id == "scores-1"
        assert (field(app, "track_position"), field(app, "tribunal")) == ("57", "-3")


async def test_the_card_list_search_and_checklist_ticks_come_back_in_a_new_app(
    saves: Path,
) -> None:
    path = rftg_play.saved_session(saves, rftg_play.FOUR_PLAYERS, upto="finish-round")
    app = make_test_app(saves, command="resume", file=path)
    async with app.run_test(size=SIZE) as pilot:
        await burst(pilot, ["space", "down", "space", "up"])  # Space moves on
    app = make_test_app(saves, command="resume", file=path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, ChecklistScreen)
        checklist = app.screen.query_one(Checklist)
        assert (checklist.ticked, checklist.cursor) == (frozenset({0, 2}), 2)
        await burst(pilot, ["up", "space", "down", *["space"] * 3, "enter"])
        assert isinstance(app.screen, CardsScreen)
        await burst(pilot, [*"old ea", "enter", *"gem", "enter", *"mini"])
    app = make_test_app(saves, command="resume", file=path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, CardsScreen)
        assert screen.cards == ["Old Earth", "Gem World"]
        assert screen.query_one("#search", Input).value == "mini"
    assert "tableau" not in read_session(path)["players"][0], "nothing confirmed from a draft"


async def test_quick_entry_typed_comes_back_in_quick_entry(saves: Path) -> None:
    path = rftg_play.saved_session(saves, rftg_play.FOUR_PLAYERS, upto="tableau-0")
    app = make_test_app(saves, command="resume", file=path)
    async with app.run_test(size=SIZE) as pilot:
        await burst(pilot, ["ctrl+t", *"24", "tab", *"9"])
    app = make_test_app(saves, command="resume", file=path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, CardsScreen) and app.screen.quick
        assert (field(app, "tableau_vp"), field(app, "bonus_vp")) == ("24", "9")


async def test_a_confirmed_step_drops_its_draft_and_a_finished_game_every_draft(
    saves: Path,
) -> None:
    path = rftg_play.saved_session(saves, rftg_play.FOUR_PLAYERS, upto="tableau-3")
    app = make_test_app(saves, command="resume", file=path)
    async with app.run_test(size=SIZE) as pilot:
        await burst(pilot, ["ctrl+t", *"24", "tab", *"9"])
        assert "tableau-3" in Drafts(path).steps
        await burst(pilot, ["enter"])
        assert app.walk.current_step.id == "counts-3"
        assert not draft_path(path).exists(), "confirmed: nothing is left to keep"
        await burst(pilot, ["escape", "tab", *"0"])  # typed again in a confirmed step
        assert "tableau-3" in Drafts(path).steps  # kept as the app closes
    app = make_test_app(saves, command="resume", file=path)
    async with app.run_test(size=SIZE) as pilot:
        await burst(pilot, [*"11", "tab", *"4", "tab", *"2", "enter"])
        assert app.walk.current_step.kind == "breakdown"  # the last count finished the game
    assert read_session(path)["status"] == "finished"
    assert not draft_path(path).exists(), "finished: every draft goes"


async def test_a_draft_older_than_the_steps_last_entry_or_broken_is_ignored(
    saves: Path,
) -> None:
    path = rftg_play.saved_session(saves, rftg_play.FOUR_PLAYERS, upto="counts-1")
    drafts = Drafts(path)
    drafts.keep("counts-0", 0, {"chips": "77"})  # counts-0 has one entry since: stale
    drafts.keep("counts-1", 0, {"chips": "5", "hand": "1", "goods": "0"})
    app = make_test_app(saves, command="resume", file=path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert field(app, "chips") == "5"
        await burst(pilot, ["escape"])
        assert app.walk.current_step.id == "tableau-1"
        await burst(pilot, ["escape"])
        assert field(app, "chips") == str(rftg_play.ADA.chips)
    draft_path(path).write_text("[steps\nnot toml")
    app = make_test_app(saves, command="resume", file=path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert app.walk.current_step.id == "counts-1" and field(app, "chips") == ""


def test_a_draft_never_changes_a_score(saves: Path, capsys: object) -> None:
    """`lastround score` reads the confirmed steps only."""
    path = rftg_play.saved_session(saves, rftg_play.FOUR_PLAYERS, upto="breakdown")
    assert lastround(["score", str(path), "--json"]) == 0
    before = capsys.readouterr().out  # type: ignore[attr-defined]
    drafts = Drafts(path)
    drafts.keep("counts-0", 1, {"chips": "99", "hand": "9", "goods": "9"})
    drafts.keep("tableau-1", 1, {"entry": "cards", "cards": ["Old Earth"], "search": ""})
    assert lastround(["score", str(path), "--json"]) == 0
    after = capsys.readouterr().out  # type: ignore[attr-defined]
    assert json.loads(after) == json.loads(before)
