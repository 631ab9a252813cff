"""History at 80×24 (issue 15, item 26): every player's name and score of a four-player
session is visible in its row without scrolling sideways, and each date has its time."""

from __future__ import annotations

from pathlib import Path

from textual.widgets import DataTable

from lastround.records.index import load_history
from tests.support.helpers import make_test_app
from tests.support.history_data import copy_examples, write_toy


def table_lines(table: DataTable[object]) -> list[str]:
    return ["".join(segment.text for segment in table.render_line(y))
            for y in range(table.size.height)]


async def test_a_four_player_row_shows_every_score_and_the_time(saves: Path) -> None:
    copy_examples(saves)
    write_toy(saves, "long.toml", "2026-10-01T20:45:00Z",
              {"Annabelle": 31, "Bartholomew": 28, "Donatella Corsini": 40, "Wilhelmina": 12})
    records = load_history(saves)
    app = make_test_app(saves, command="history")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        table = app.screen.query_one(DataTable)
        assert table.virtual_size.width <= table.scrollable_content_region.width, (
            "no horizontal scrolling")
        shown = " ".join(table_lines(table))
        assert "Date (UTC)" in shown
        assert len(records) == 3
        for record in records:
            assert len(record.players) == 4
            assert record.date in shown  # "2026-11-27 21:52": the day and the time
            for player in record.players:
                assert f"{player.name} {player.total}" in shown, (player, shown)
