"""Notifications (issue 15, item 27): they must not hide what the table is reading.

Information goes by quickly, warnings and errors stay long enough to read; a toast spans
the bottom of the screen above the footer (the top of a screen, where its table and winner
are, stays in view) and is wide enough that a file name is never broken in the middle; a
screen with a line of its own for messages shows a confirmation there instead.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from textual.app import App
from textual.geometry import Region
from textual.widget import Widget
from textual.widgets import Footer, Static

from tests.support.helpers import make_test_app
from tests.support.history_data import copy_examples, history_folder

NAME = "saves/exports/2026-11-29-2030-galileo-marta-jonas-priya-luis.md"


def spy_on_timeouts(monkeypatch: pytest.MonkeyPatch) -> list[tuple[str, float | None]]:
    """What LastRoundApp.notify hands to Textual's own: each message and its timeout."""
    handed: list[tuple[str, float | None]] = []
    textual_notify = App.notify

    def spy(self: App[Any], message: str, **options: Any) -> None:
        handed.append((message, options.get("timeout")))
        textual_notify(self, message, **options)

    monkeypatch.setattr(App, "notify", spy)
    return handed


def toast_lines(toast: Widget) -> list[str]:
    strips = toast.render_lines(Region(0, 0, toast.size.width, toast.size.height))
    return ["".join(segment.text for segment in strip).strip(" ▌") for strip in strips]


async def test_information_goes_quickly_and_errors_stay_to_be_read(
    saves: Path, monkeypatch: pytest.MonkeyPatch,
) -> None:
    handed = spy_on_timeouts(monkeypatch)
    rftg, _ = copy_examples(saves)
    app = make_test_app(saves, command="replay", file=rftg)
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await pilot.pause()
        app.notify("Done.")
        app.notify("Careful.", severity="warning")
        app.notify("Broken.", severity="error")
        app.notify("Mine.", severity="error", timeout=15)  # a timeout given is kept
        await pilot.pause()
    timeouts = dict(handed)
    assert timeouts["Done."] is not None and timeouts["Done."] <= 3
    assert timeouts["Careful."] is not None and timeouts["Careful."] >= 6
    assert timeouts["Broken."] is not None and timeouts["Broken."] >= 10
    assert timeouts["Mine."] == 15


async def test_a_toast_spans_the_bottom_and_keeps_a_file_name_whole(saves: Path) -> None:
    rftg, _ = copy_examples(saves)
    app = make_test_app(saves, command="replay", file=rftg)
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await pilot.pause()
        app.notify(f"Final scores written as Markdown to {NAME}", title="Exported")
        await pilot.pause()
        await pilot.pause()
        (toast,) = app.screen.query("Toast")  # by type name: the class is Textual's own
        footer = app.screen.query_one(Footer)
        assert toast.region.width >= 76, toast.region
        assert toast.region.bottom <= footer.region.y, "the footer's keys stay in view"
        assert toast.region.y >= 24 - 1 - 4, "at most four lines, at the bottom"
        lines = toast_lines(toast)
        assert lines[0] == "Exported"
        assert any(NAME in line for line in lines), lines


async def test_a_screen_with_its_own_message_line_shows_the_confirmation_there(
    saves: Path,
) -> None:
    history_folder(saves)
    app = make_test_app(saves, command="history")
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await pilot.pause()
        await pilot.press("x")
        await pilot.pause()
        assert not app.screen.query("Toast"), "no toast over the list and the figures"
        said = str(app.screen.query_one("#history-notice", Static).render())
        assert said.startswith("Exported: 5 finished sessions (15 rows) written to ")
        await pilot.press("escape")
        await pilot.pause()
        app.walk.go_home("Saved. The session is finished and can be replayed from the list.")
        await pilot.pause()
        assert not app.screen.query("Toast")
        said = str(app.screen.query_one("#home-notice", Static).render())
        assert said == "Saved. The session is finished and can be replayed from the list."
