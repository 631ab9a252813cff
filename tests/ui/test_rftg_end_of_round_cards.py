"""The counts step of a player whose cards change the end: the kind of Alien Oort Cloud
Refinery, chosen or left at the best; a hand over 10 kept with the card that allows it."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from lastround.session.files import read_session
from lastround.widgets.checklist import Checklist
from tests.support.helpers import make_test_app
from tests.support.rftg_boxes_play import REFINERY_TABLE, saved_at
from tests.support.rftg_play import message, press, shown

SIZE = (80, 24)
def error_under(app: Any, key: str) -> str:
    found = app.screen.query(f"#error-{key}")
    return str(found.first().render()) if found else ""


async def test_the_owner_sees_each_kind_and_keeps_the_best_or_chooses(saves: Path) -> None:
    path = saved_at(saves, "counts-0")
    async with make_test_app(saves, command="resume", file=path).run_test(size=SIZE) as pilot:
        app = pilot.app
        await pilot.pause()
        assert "genes 2, alien 0 VP of bonuses; best is genes" in shown(app, ".step-text")
        await press(pilot, "1", "tab", *"12", "tab", "0", "enter")  # best: the key left out
        player = read_session(path)["players"][0]
        assert player["hand"] == 12 and "oort_kind" not in player
        await press(pilot, "escape")  # back to Ada's counts: the kind chosen is rare
        await press(pilot, "tab", "tab", "tab", "right", "right", "enter")
        assert read_session(path)["players"][0]["oort_kind"] == "rare"


async def test_a_hand_over_the_limit_is_refused_at_the_field_naming_it(saves: Path) -> None:
    path = saved_at(saves, "counts-1", REFINERY_TABLE | {
        "counts-0": {"chips": 0, "hand": 12, "goods": 0, "oort_kind": "best"},
        "goals-0": {"prestige": 0}, "tableau-1": {"tableau": ["Epsilon Eridani"]}})
    async with make_test_app(saves, command="resume", file=path).run_test(size=SIZE) as pilot:
        app = pilot.app
        await pilot.pause()
        await press(pilot, "0", "tab", *"11", "tab", "0", "enter")
        assert "10 at most: the end-of-round discard down to 10" in error_under(app, "hand")
        assert "hand" not in read_session(path)["players"][1]
        assert "10 at most" in message(app)


async def test_an_empty_prestige_is_confirmed_as_none(saves: Path) -> None:
    """It was refused ("Prestige: enter a number") while empty chips count 0."""
    path = saved_at(saves, "goals-0", REFINERY_TABLE | {
        "counts-0": {"chips": 0, "hand": 12, "goods": 0, "oort_kind": "best"},
        # the goals come once every tableau is in
        "tableau-1": {"tableau_vp": 10, "bonus_vp": 0},
        "counts-1": {"chips": 0, "hand": 0, "goods": 0}})
    async with make_test_app(saves, command="resume", file=path).run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert shown(pilot.app, ".step-text") == "Count Ada's prestige (empty counts 0)."
        await press(pilot, "enter")
        assert read_session(path)["players"][0]["prestige"] == 0


async def test_takeovers_played_are_recorded_and_resolved_in_the_last_round(saves: Path) -> None:
    """"Resolve takeovers…" had to be ticked in every game with Rebel vs Imperium."""
    path = saved_at(saves, "options")
    async with make_test_app(saves, command="resume", file=path).run_test(size=SIZE) as pilot:
        await pilot.pause()
        await press(pilot, *["tab"] * 20)
        assert pilot.app.focused is not None and pilot.app.focused.id == "field-takeovers"
        await press(pilot, "right", "enter")
        assert read_session(path)["takeovers"] is True
        await press(pilot, *"12", "tab", "tab", "0", "enter")  # the end check: the game ends
        checklist = pilot.app.screen.query_one("#checklist", Checklist)
        assert "Resolve takeovers declared in Settle" in checklist.items
