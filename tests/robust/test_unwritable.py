"""A saves folder that can't be written: a clear message, nothing lost, another folder chosen."""

from __future__ import annotations

import errno
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from textual.pilot import Pilot
from textual.widgets import Input

from lastround.app import LastRoundApp
from lastround.screens.checklist import ChecklistScreen
from lastround.screens.home import HomeScreen
from lastround.screens.save_elsewhere import SaveElsewhereScreen
from lastround.screens.setup import SetupScreen
from lastround.session import files as saves_module
from lastround.session.files import read_session
from tests.robust.support import notices
from tests.support.helpers import make_test_app


def refuse_writes_in(folder: Path, error: OSError, monkeypatch: pytest.MonkeyPatch) -> None:
    """Every write into `folder` fails as a read-only or full disk would (tests run as root)."""
    real = saves_module.atomic_write

    def atomic_write(path: Path, text: str, **options: Any) -> None:
        if path.parent == folder:
            raise error
        real(path, text, **options)

    monkeypatch.setattr(saves_module, "atomic_write", atomic_write)


FAILURES: dict[str, Callable[[Path, pytest.MonkeyPatch], tuple[Path, str]]] = {}


def read_only(tmp: Path, monkeypatch: pytest.MonkeyPatch) -> tuple[Path, str]:
    folder = tmp / "saves"
    folder.mkdir()
    refuse_writes_in(folder, PermissionError(errno.EACCES, "Permission denied"), monkeypatch)
    return folder, "Permission denied"


def disk_full(tmp: Path, monkeypatch: pytest.MonkeyPatch) -> tuple[Path, str]:
    folder = tmp / "saves"
    folder.mkdir()
    refuse_writes_in(folder, OSError(errno.ENOSPC, "No space left on device"), monkeypatch)
    return folder, "No space left on device"


def cannot_be_created(tmp: Path, monkeypatch: pytest.MonkeyPatch) -> tuple[Path, str]:
    blocker = tmp / "a-file"
    blocker.write_text("a file where the folder should go")
    return blocker / "saves", "Not a directory"


FAILURES = {"read-only": read_only, "disk full": disk_full, "missing": cannot_be_created}


async def seat_and_confirm(pilot: Pilot[None]) -> None:
    await pilot.pause()
    assert isinstance(pilot.app.screen, SetupScreen)
    await pilot.press(*"Ada", "tab", *"Bo", "enter")
    await pilot.pause()


def seats(app: LastRoundApp) -> list[str]:
    return [app.screen.query_one(f"#seat-{n}", Input).value for n in range(2)]


def files_in(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir()) if folder.is_dir() else []


@pytest.mark.parametrize("failure", FAILURES)
async def test_a_failed_save_says_why_keeps_everything_and_offers_another_folder(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, failure: str
) -> None:
    folder, reason = FAILURES[failure](tmp_path, monkeypatch)
    elsewhere = Path("elsewhere/new")  # typed relative to the current folder (tmp_path)
    app = make_test_app(folder, command="new", game="toy")
    async with app.run_test(size=(80, 24)) as pilot:
        await seat_and_confirm(pilot)
        assert isinstance(app.screen, SetupScreen), "the step stays on screen"
        assert seats(app) == ["Ada", "Bo"], "what was typed is still there"
        (message,) = notices(app)
        assert "Could not save" in message and reason in message and "Ctrl+S" in message
        assert message in str(app.screen.query_one("#message").render()), "and under the step"
        assert [n for n in files_in(folder) if not n.startswith(".")] == []
        assert not any(n.endswith(".tmp") for n in files_in(folder)), "never a partial file"

        await pilot.press("ctrl+s")
        await pilot.pause()
        assert isinstance(app.screen, SaveElsewhereScreen)
        await pilot.press("ctrl+a", "ctrl+k", *str(elsewhere), "enter")
        await pilot.pause()
        assert isinstance(app.screen, SetupScreen)
        (saved,) = elsewhere.glob("*.toml")
        data = read_session(saved)
        assert [p["name"] for p in data["players"]] == ["Ada", "Bo"]
        assert app.walk.saves == elsewhere, "later saves and the home list use the new folder"
        assert any("Saved as" in m and str(saved) in m for m in notices(app))

        await pilot.press("enter")  # the step, confirmed again, now goes on
        await pilot.pause()
        assert isinstance(app.screen, ChecklistScreen)
        assert [e["step"] for e in read_session(saved)["log"]][-1] == "setup"


async def test_a_folder_that_fails_too_is_refused_in_the_box(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    folder, _ = read_only(tmp_path, monkeypatch)
    blocker = tmp_path / "blocker"
    blocker.write_text("")
    app = make_test_app(folder, command="new", game="toy")
    async with app.run_test(size=(80, 24)) as pilot:
        await seat_and_confirm(pilot)
        await pilot.press("ctrl+s", "ctrl+a", "ctrl+k", *"blocker/inside", "enter")
        await pilot.pause()
        assert isinstance(app.screen, SaveElsewhereScreen), "the box stays for another try"
        error = str(app.screen.query_one("#elsewhere-error").render())
        assert "Could not save in blocker/inside" in error and "Not a directory" in error
        await pilot.press("ctrl+a", "ctrl+k", "enter")
        await pilot.pause()
        assert "Folder: enter something" in str(app.screen.query_one("#elsewhere-error").render())
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, SetupScreen) and seats(app) == ["Ada", "Bo"]
        assert app.session is not None and app.session.players == ["Ada", "Bo"], \
            "the confirmed step is kept in memory"


async def test_quitting_with_an_unsaved_session_asks_twice(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    folder, _ = disk_full(tmp_path, monkeypatch)
    app = make_test_app(folder, command="new", game="toy")
    async with app.run_test(size=(80, 24)) as pilot:
        await seat_and_confirm(pilot)
        await pilot.press("ctrl+q")
        await pilot.pause()
        assert app.is_running, "the first Ctrl+Q only warns"
        assert any("not saved" in m and "Ctrl+Q again" in m for m in notices(app))
        await pilot.press("ctrl+q")
        await pilot.pause()
        assert not app.is_running


async def test_save_elsewhere_is_offered_only_with_a_session_to_write(saves: Path) -> None:
    app = make_test_app(saves)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert isinstance(app.screen, HomeScreen)


async def test_a_draft_that_cant_be_written_is_said_once_on_screen(saves: Path) -> None:
    """A folder where the draft file goes: typing goes on, and the screen says once that what
    is typed is not kept until Enter."""
    from lastround.session.drafts import draft_path
    from tests.support import rftg_play
    from tests.support.type_ahead import burst

    path = rftg_play.saved_session(saves, rftg_play.FOUR_PLAYERS, upto="counts-0")
    draft_path(path).mkdir()
    app = make_test_app(saves, command="resume", file=path)
    async with app.run_test(size=(80, 24)) as pilot:
        await burst(pilot, [*"9", "tab", *"3"])
        said = [m for m in notices(app) if "draft" in m]
        assert len(said) == 1 and draft_path(path).name in said[0], notices(app)
        assert app.screen.query_one("#field-chips", Input).value == "9"
