"""A name is shown as it was typed, whatever its characters: Textual reads a widget's text as
markup unless told otherwise, so a player called `Ad[/]a` once ended the app with a
MarkupError at the step that showed the name, and `[@click=app.quit]` would have made a name
a button. Both games are played whole with such names, then the session is replayed, listed
in history and exported.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from textual.widgets import DataTable

from lastround.screens.breakdown import BreakdownScreen
from lastround.screens.history import HistoryScreen
from lastround.screens.home import HomeScreen
from lastround.screens.replay import ReplayScreen
from tests.support import galileo_play, rftg_play
from tests.support.helpers import make_test_app
from tests.support.rftg_play import press
from tests.ui.test_replay_flow import page_text

NAMES = ("Ad[/]a", "[b]Bo", "[@click=app.quit]Cy")



async def test_rftg_with_markup_in_the_names_plays_replays_and_lists(saves: Path) -> None:
    table = rftg_play.Table(seats=tuple(
        replace(seat, name=name) for seat, name in zip(rftg_play.FOUR_PLAYERS.seats, NAMES,
                                                        strict=False)))
    app = make_test_app(saves, command="new", game="rftg")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await rftg_play.play_to_breakdown(pilot, table)
        assert isinstance(app.screen, BreakdownScreen)
        shown = rftg_play.shown(app, "#scores")
        assert all(name in shown for name in NAMES), shown
        await press(pilot, "enter")  # finished: back home
        assert isinstance(app.screen, HomeScreen)
        await press(pilot, "enter")  # the finished session opens as its replay
        assert isinstance(app.screen, ReplayScreen)
        await press(pilot, "right")  # the players seated: the running totals name them
        page = page_text(app)
        assert all(name in page for name in NAMES), page
        await press(pilot, "c")  # the corrections box lists each step by its title
        await press(pilot, "escape")
        for _ in range(len(app.session.log)):
            await press(pilot, "right")
        await press(pilot, "x")  # Markdown export
        await press(pilot, "escape")
        await press(pilot, "h")
        assert isinstance(app.screen, HistoryScreen)
        rows = app.screen.query_one(DataTable)
        assert any(NAMES[0] in str(cell) for cell in rows.get_row_at(0)), rows.get_row_at(0)
        await press(pilot, "x")  # CSV of every session
        assert app.is_running and isinstance(app.screen, HistoryScreen)
    # As written: in the CSV itself, in the Markdown escaped so that it renders as written.
    written = {path.suffix: path.read_text() for path in (saves / "exports").iterdir()}
    assert NAMES[1] in written[".csv"] and "\\[b\\]Bo" in written[".md"], written


async def test_galileo_with_markup_in_the_names_plays_to_its_scores(saves: Path) -> None:
    table = replace(galileo_play.THREE_PLAYERS, players=NAMES, first=NAMES[0], trigger=NAMES[1])
    app = make_test_app(saves, command="new", game="galileo")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await galileo_play.play_to_breakdown(pilot, table, galileo_play.THREE_PLAYER_TURNS)
        assert isinstance(app.screen, BreakdownScreen)
        shown = galileo_play.shown_text(app.screen.query_one("#scores"))
        assert all(name in shown for name in NAMES), shown
        await press(pilot, "f2")  # what scored during play
        await press(pilot, "escape")
        await press(pilot, "enter")
        await press(pilot, "enter")
        assert isinstance(app.screen, ReplayScreen)
        assert app.session is not None
        for _ in range(len(app.session.log) + 1):
            await press(pilot, "right")
        assert app.is_running
