"""The home list's order and the shipped examples (issue 15, items 24 and 33).

The list says "unfinished first, then newest": newest by the session's own date (`created`,
the date it shows), whatever the files' modification times say. A saves folder without a
session of its own offers the finished sessions shipped in saves/examples/, marked as
examples; they open as a read-only replay and are never written, locked or counted as the
user's own in history.
"""

from __future__ import annotations

import os
from pathlib import Path

from textual.widgets import DataTable, Static

from lastround.records.examples import examples_folder
from lastround.screens.home import HomeScreen
from lastround.screens.replay import ReplayScreen
from tests.support.helpers import make_test_app
from tests.support.history_data import EXAMPLE_FILES, EXAMPLES, write_toy


def listed(app: object) -> list[str]:
    table = app.screen.query_one(DataTable)  # type: ignore[attr-defined]
    return [Path(str(row.key.value)).name for row in table.ordered_rows]


def with_mtime(path: Path, seconds: int) -> None:
    os.utime(path, (seconds, seconds))


async def test_unfinished_first_then_newest_by_the_sessions_date_not_the_files_time(
    saves: Path,
) -> None:
    old = write_toy(saves, "old.toml", "2026-09-01T20:00:00Z", {"Ada": 3, "Bo": 1})
    new = write_toy(saves, "new.toml", "2026-11-01T20:00:00Z", {"Ada": 3, "Bo": 1})
    mid = write_toy(saves, "mid.toml", "2026-10-01T20:00:00Z", {"Ada": 3, "Bo": 1})
    half = write_toy(saves, "half.toml", "2026-08-01T20:00:00Z", {"Ada": 3, "Bo": 1},
                     finished=False)
    (saves / "broken.toml").write_text("= nonsense")
    # The files' times say the opposite: the oldest session was touched last.
    for seconds, path in enumerate((new, mid, half, saves / "broken.toml", old), start=1):
        with_mtime(path, seconds * 1_000)
    app = make_test_app(saves)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert listed(app) == ["half.toml", "new.toml", "mid.toml", "old.toml", "broken.toml"]
        heading = str(app.screen.query_one("#sessions-heading", Static).render())
        assert "unfinished first, then newest" in heading


async def test_a_fresh_saves_folder_offers_the_examples_marked_as_examples(saves: Path) -> None:
    app = make_test_app(saves)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert sorted(listed(app)) == sorted(EXAMPLE_FILES)
        table = app.screen.query_one(DataTable)
        dates = [str(table.get_row_at(row)[1]) for row in range(table.row_count)]
        assert dates == ["example"] * len(EXAMPLE_FILES)
        heading = str(app.screen.query_one("#sessions-heading", Static).render())
        assert "example" in heading.lower()
        offer = str(app.screen.query_one("#resume-line", Static).render())
        assert offer == "Example: galileo-4-players.toml — Enter replays it, read-only"


async def test_an_example_opens_read_only_and_is_never_written_or_locked(saves: Path) -> None:
    before = {name: (EXAMPLES / name).read_bytes() for name in EXAMPLE_FILES}
    beside = sorted(p.name for p in EXAMPLES.iterdir())
    app = make_test_app(saves)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, ReplayScreen) and app.walk.read_only
        assert "Example" in str(app.screen.sub_title)
        assert app.screen.check_action("correct", ()) is False  # corrections would write it
        assert app.keeper.lock is None
        await pilot.press("c")
        await pilot.pause()
        assert isinstance(app.screen, ReplayScreen)
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, HomeScreen) and app.session is None
        await pilot.press("h")
        await pilot.pause()
        assert app.screen.records == []
    assert {name: (EXAMPLES / name).read_bytes() for name in EXAMPLE_FILES} == before
    assert sorted(p.name for p in EXAMPLES.iterdir()) == beside


async def test_own_sessions_list_without_the_examples(saves: Path) -> None:
    write_toy(saves, "mine.toml", "2026-09-01T20:00:00Z", {"Ada": 3, "Bo": 1})
    app = make_test_app(saves)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert listed(app) == ["mine.toml"]


def test_the_examples_are_found_from_the_package_not_the_working_directory() -> None:
    """The tests run in a temporary working directory (conftest): found all the same."""
    assert examples_folder() == EXAMPLES
    pyproject = (Path(__file__).resolve().parents[2] / "pyproject.toml").read_text()
    assert '"saves/examples" = "lastround/examples"' in pyproject  # and shipped in the wheel


async def test_an_example_named_on_the_command_line_can_not_be_corrected(saves: Path) -> None:
    """`lastround replay saves/examples/…` shows the example as the home list does: a
    correction would write the shipped file."""
    path = next(EXAMPLES.glob("*.toml"))
    before = path.read_bytes()
    app = make_test_app(saves, command="replay", file=path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, ReplayScreen)
        assert app.screen.check_action("correct", ()) is False
        await pilot.press("c")
        await pilot.pause()
        assert isinstance(app.screen, ReplayScreen)
    assert path.read_bytes() == before


def row_texts(app: object) -> list[str]:
    """Each session's row as the screen shows it, checked to lie within the window."""
    table = app.screen.query_one(DataTable)  # type: ignore[attr-defined]
    assert table.virtual_size.width <= table.scrollable_content_region.width, "cut at the edge"
    return [" ".join(str(cell) for cell in table.get_row_at(n)) for n in range(table.row_count)]


async def test_the_home_list_cuts_player_names_only_when_the_row_has_no_room(
    saves: Path,
) -> None:
    """Long names beside a short result fit an 80-column row whole (they were cut at 26
    characters); a 76-column one cuts them, marked …; widened again, they are whole."""
    names = {"Annabelle": 31, "Bartholomew": 28, "Donatella": 40}
    write_toy(saves, "long.toml", "2026-10-01T20:45:00Z", names)
    whole = "Annabelle, Bartholomew, Donatella"
    async with make_test_app(saves).run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        [row] = row_texts(pilot.app)
        assert whole in row and "★ Donatella" in row
        await pilot.resize_terminal(76, 22)
        await pilot.pause()
        [row] = row_texts(pilot.app)
        assert whole not in row and "Annabelle, Bartholomew, Don" in row
        assert "…" in row and "★ Donatella" in row
        await pilot.resize_terminal(80, 24)
        await pilot.pause()
        [row] = row_texts(pilot.app)
        assert row.startswith("▶ ") and whole in row
