"""The home list with the shipped examples, and history's rows with every player, at 80×24
(issue 15, items 26, 27 and 33)."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from tests.support.helpers import make_test_app
from tests.support.history_data import copy_examples, write_toy

SIZE = (80, 24)
SAVES = Path("saves")  # the `saves` fixture's folder, as the working directory sees it


def test_home_offers_the_examples_in_a_fresh_saves_folder(snap_compare: Any,
                                                           saves: Path) -> None:
    assert snap_compare(make_test_app(SAVES), terminal_size=SIZE)


def test_an_example_replays_read_only_without_corrections(snap_compare: Any,
                                                           saves: Path) -> None:
    assert snap_compare(make_test_app(SAVES), press=["down", "enter"], terminal_size=SIZE)


def test_home_unfinished_first_then_newest_by_date(snap_compare: Any, saves: Path) -> None:
    old = write_toy(SAVES, "old.toml", "2026-09-01T20:00:00Z", {"Ada": 3, "Bo": 1})
    new = write_toy(SAVES, "new.toml", "2026-11-01T20:00:00Z", {"Ada": 1, "Bo": 3})
    write_toy(SAVES, "half.toml", "2026-08-01T20:00:00Z", {"Ada": 3, "Cy": 1}, finished=False)
    os.utime(new, (1_000, 1_000))  # the file times say the opposite of the dates
    os.utime(old, (9_000, 9_000))
    assert snap_compare(make_test_app(SAVES), terminal_size=SIZE)


def test_history_rows_show_every_player_and_the_time(snap_compare: Any, saves: Path) -> None:
    copy_examples(SAVES)
    write_toy(SAVES, "long.toml", "2026-10-01T20:45:00Z",
              {"Annabelle": 31, "Bartholomew": 28, "Donatella Corsini": 40, "Wilhelmina": 12})
    assert snap_compare(make_test_app(SAVES, command="history"), terminal_size=SIZE)


def test_a_toast_lies_across_the_bottom_above_the_footer(snap_compare: Any, saves: Path) -> None:
    rftg, _ = copy_examples(SAVES)
    app = make_test_app(SAVES, command="replay", file=rftg)
    assert snap_compare(app, press=["x"], terminal_size=SIZE)


def test_an_export_names_a_long_path_whole(snap_compare: Any, saves: Path) -> None:
    """The toast of a replay's export wraps the file's path, never cuts it at 80 columns."""
    deep = SAVES / "game-night-club-2026" / "race-for-the-galaxy-with-every-expansion"
    deep.mkdir(parents=True)
    rftg, _ = copy_examples(deep)
    app = make_test_app(deep, command="replay", file=rftg)
    assert snap_compare(app, press=["x"], terminal_size=SIZE)
