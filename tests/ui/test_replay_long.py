"""Pilot test: a finished session of thousands of corrections opens as a replay."""

from __future__ import annotations

from pathlib import Path

from lastround.session.files import write_session
from tests.support.helpers import make_test_app
from tests.support.long_log import rftg_session
from tests.ui.test_replay_flow import page_text, replay_screen


async def test_thousands_of_corrections_open_on_the_latest_few(saves: Path) -> None:
    """Finding: the final page listed every correction, one line each: thousands took
    seconds to draw before the replay showed anything."""
    path = saves / "corrected.toml"
    write_session(path, rftg_session(2000).data)
    app = make_test_app(saves, command="replay", file=path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        replay_screen(app)
        shown = page_text(app)
    assert "✎ 1990 earlier corrections after the game" in shown
    assert shown.count("✎ corrected after the game") == 10
