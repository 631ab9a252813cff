"""The file's name follows the players (issue 15, item 22).

A new session is named after its players; seated again with other names, it moves to the
name they give: the new name is claimed with its lock first (another session's file is
never overwritten), the session written there, then its backup and drafts follow and the
old file and lock go. When the move can't happen, the old name is kept and the table told.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from textual.pilot import Pilot
from textual.widgets import Input

from lastround.screens.checklist import ChecklistScreen
from lastround.screens.form import FormScreen
from lastround.session import safekeeping
from lastround.session.files import read_session
from tests.support.helpers import make_test_app

FIRST = "2026-11-29-2030-toy-ada-bo.toml"
SECOND = "2026-11-29-2030-toy-ada-cy.toml"


async def seat_again_as_ada_and_cy(pilot: Pilot[Any]) -> None:
    """Ada and Bo seated, the round finished, then back to the setup: Bo becomes Cy."""
    await pilot.press(*"Ada", "tab", *"Bo", "enter")
    await pilot.pause()
    await pilot.press("space", "down", "space", "enter")
    await pilot.pause()
    for _ in range(2):
        await pilot.press("escape")
        await pilot.pause()
    pilot.app.screen.query_one("#seat-1", Input).value = "Cy"
    await pilot.press("enter")
    await pilot.pause()


def hidden(saves: Path) -> set[str]:
    return {p.name for p in saves.glob(".*")}


async def test_the_file_and_its_companions_move_to_the_new_players_names(saves: Path) -> None:
    app = make_test_app(saves, command="new", game="toy")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press(*"Ada", "tab", *"Bo", "enter")
        await pilot.pause()
        await pilot.press("space", "down", "space", "enter")
        await pilot.pause()
        assert {p.name for p in saves.glob("*.toml")} == {FIRST}
        assert f".{FIRST}.bak" in hidden(saves) and f".{FIRST}.lock" in hidden(saves)
        for _ in range(2):
            await pilot.press("escape")
            await pilot.pause()
        app.screen.query_one("#seat-1", Input).value = "Cy"
        await pilot.press("enter")
        await pilot.pause()
        # On to Ada's points, the first step left to answer (the round stands as done).
        assert isinstance(app.screen, FormScreen) and app.screen.step.id == "points-0"
        assert {p.name for p in saves.glob("*.toml")} == {SECOND}
        assert hidden(saves) == {f".{SECOND}.bak", f".{SECOND}.lock"}
        assert app.session is not None and app.session.path == saves / SECOND
        assert [p["name"] for p in read_session(saves / SECOND)["players"]] == ["Ada", "Cy"]
        await pilot.press(*"12", "tab", "3", "enter")  # the next save: to the new name
        await pilot.pause()
        assert read_session(saves / SECOND)["log"][-1]["values"]["points"] == 12
        assert {p.name for p in saves.glob("*.toml")} == {SECOND}


async def test_a_name_another_session_has_is_never_overwritten(saves: Path) -> None:
    other = saves / SECOND
    other.write_text("# another table's session\n")
    app = make_test_app(saves, command="new", game="toy")
    async with app.run_test(size=(80, 24)) as pilot:
        await seat_again_as_ada_and_cy(pilot)
        assert other.read_text() == "# another table's session\n"
        moved = saves / SECOND.replace(".toml", "-2.toml")
        assert {p.name for p in saves.glob("*.toml")} == {SECOND, moved.name}
        assert app.session is not None and app.session.path == moved
        assert f".{moved.name}.lock" in hidden(saves)
        assert f".{FIRST}.lock" not in hidden(saves)


async def test_when_the_move_fails_the_old_name_is_kept_and_said(
    saves: Path, monkeypatch: pytest.MonkeyPatch,
) -> None:
    def no_name(*_: Any) -> Any:
        raise OSError(28, "No space left on device")

    app = make_test_app(saves, command="new", game="toy")
    notes: list[str] = []
    async with app.run_test(size=(80, 24)) as pilot:
        monkeypatch.setattr(app, "notify", lambda message, **_: notes.append(message))
        await pilot.press(*"Ada", "tab", *"Bo", "enter")
        await pilot.pause()
        monkeypatch.setattr(safekeeping, "claim_name", no_name)
        await pilot.press("escape")
        await pilot.pause()
        app.screen.query_one("#seat-1", Input).value = "Cy"
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, ChecklistScreen)
        assert {p.name for p in saves.glob("*.toml")} == {FIRST}
        assert [p["name"] for p in read_session(saves / FIRST)["players"]] == ["Ada", "Cy"]
        assert any("keeps its name" in note and "No space left" in note for note in notes)


async def test_a_name_chosen_by_hand_stays(saves: Path) -> None:
    app = make_test_app(saves, command="new", game="toy")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press(*"Ada", "tab", *"Bo", "enter")
        await pilot.pause()
    (saves / FIRST).rename(saves / "our-game.toml")
    app = make_test_app(saves, command="resume", file=saves / "our-game.toml")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("escape")
        await pilot.pause()
        app.screen.query_one("#seat-1", Input).value = "Cy"
        await pilot.press("enter")
        await pilot.pause()
        assert {p.name for p in saves.glob("*.toml")} == {"our-game.toml"}
