"""F1 lists the keys that work on the shown step, moving around included, read from the
bindings; Space in a checklist ticks and moves on (issue 15, item 29)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from lastround.screens.checklist import ChecklistScreen
from lastround.screens.help import HelpScreen
from lastround.widgets.checklist import Checklist
from tests.support import galileo_play
from tests.support.helpers import make_test_app
from tests.support.rftg_play import FOUR_PLAYERS, saved_session

SIZE = (80, 24)


def resumed(saves: Path, upto: str) -> Any:
    path = saved_session(saves, FOUR_PLAYERS, upto=upto)
    return make_test_app(saves, command="resume", file=path)


async def help_rows(app: Any) -> dict[str, str]:
    """F1 on the shown step: each key listed, with what it does."""
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        under = app.screen
        await pilot.press("f1")
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)
        listed = app.screen.keys  # as written, before the box wraps it
        active = {app.get_key_display(b.binding) for b in under.active_bindings.values()}
    rows = dict(line.strip().split(maxsplit=1) for line in listed.splitlines() if line.strip())
    assert set(rows) <= active, "every key F1 lists is bound on the step"
    return rows


async def test_the_players_step_lists_tab_and_the_cursor_keys(saves: Path) -> None:
    rows = await help_rows(make_test_app(saves, command="new", game="rftg"))
    assert {"tab", "shift+tab", "←", "→", "⏎", "esc"} <= set(rows)
    assert "next" in rows["tab"].lower() and "previous" in rows["shift+tab"].lower()


async def test_the_checklist_lists_the_arrows_and_space(saves: Path) -> None:
    rows = await help_rows(resumed(saves, "finish-round"))
    assert {"↑", "↓", "space", "⏎", "esc"} <= set(rows)
    assert "tab" not in rows, "one field: Tab has nowhere to go"
    assert "next item" in rows["space"]


async def test_the_tableau_step_lists_the_suggestion_keys(saves: Path) -> None:
    rows = await help_rows(resumed(saves, "tableau-0"))
    assert {"↑", "↓", "←", "→", "tab", "⏎", "esc"} <= set(rows)
    assert rows["↓"] == "Next card" and rows["↑"] == "Previous card"


async def test_space_ticks_the_item_and_moves_to_the_next(saves: Path) -> None:
    app = resumed(saves, "finish-round")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, ChecklistScreen)
        checklist = app.screen.query_one(Checklist)
        await pilot.press("space", "space")
        await pilot.pause()
        assert (checklist.ticked, checklist.cursor) == (frozenset({0, 1}), 2)
        await pilot.press("up", "space")  # unticking stays, to tick again
        await pilot.pause()
        assert (checklist.ticked, checklist.cursor) == (frozenset({0}), 1)
        await pilot.press(*["space"] * (len(checklist.items) - 1))  # the last keeps the cursor
        await pilot.pause()
        assert checklist.complete and checklist.cursor == len(checklist.items) - 1


async def test_the_final_turns_list_no_keys_for_fields_they_do_not_have(saves: Path) -> None:
    path = galileo_play.saved_session(saves, galileo_play.THREE_PLAYERS, "final-turns", 1)
    rows = await help_rows(make_test_app(saves, command="resume", file=path))
    assert {"⏎", "d", "w", "u"} <= set(rows)
    assert "tab" not in rows and "shift+tab" not in rows, rows
