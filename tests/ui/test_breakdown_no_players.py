"""The final scores of a table with nobody seated say why there is no total, in one line
under the heading (lastround.games.base.NoPlayers), instead of ending the app with a ValueError."""

from __future__ import annotations

from pathlib import Path

from lastround.games.base import Step
from lastround.screens.breakdown import BreakdownScreen
from lastround.session.session import Session
from tests.support.helpers import make_test_app


async def test_the_breakdown_of_nobody_says_why_there_is_no_total(saves: Path) -> None:
    app = make_test_app(saves)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        session = Session({"format": 1, "game": "toy", "status": "in-progress", "players": []})
        step = Step("breakdown", "Final scores", kind="breakdown")
        await app.push_screen(BreakdownScreen(session, step, 0, app.walk.keeper))
        await pilot.pause()
        assert isinstance(app.screen, BreakdownScreen)
        said = str(app.screen.query_one("#no-total").render())
        assert said == "✗ Can't total yet: players: nobody is seated, so there is no score to total"
