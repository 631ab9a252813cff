"""Galileo's final scoring form at 80×24: grouped as the player board, with running totals
(issue 15, items 10 and 32), and the setup's cellar choice (item 8)."""

from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Any

from lastround.session.files import write_session
from tests.support.galileo_play import THREE_PLAYERS, saved_session
from tests.support.helpers import make_test_app

SIZE = (80, 24)
SAVES = Path("saves")  # the `saves` fixture's folder, as the working directory sees it


def test_scores_form_tribunal_and_tie_breaks(snap_compare: Any, saves: Path) -> None:
    path = saved_session(SAVES, THREE_PLAYERS, "scores-0")
    app = make_test_app(SAVES, command="resume", file=path)
    clear = ["ctrl+a", "ctrl+k"]
    keys = [*"62", *["tab"] * 14, *clear, *"4", "tab", *clear, *"9"]  # Tribunal, then dice
    assert snap_compare(app, press=keys, terminal_size=SIZE)


def test_scores_form_asks_about_an_unusual_multiplier(snap_compare: Any, saves: Path) -> None:
    path = saved_session(SAVES, THREE_PLAYERS, "scores-0")
    app = make_test_app(SAVES, command="resume", file=path)
    keys = [*"62", "tab", "tab", *"3", "tab", "ctrl+a", "ctrl+k", *"7", "enter"]
    assert snap_compare(app, press=keys, terminal_size=SIZE)


def test_scores_form_cellar_group_scrolled_into_view(snap_compare: Any, saves: Path) -> None:
    path = saved_session(SAVES, THREE_PLAYERS, "scores-0")
    app = make_test_app(SAVES, command="resume", file=path)
    keys = [*"62", *["tab"] * 9, *"2", "tab", "tab", *"1"]  # cellar space 1, then space 3
    assert snap_compare(app, press=keys, terminal_size=SIZE)


def test_setup_with_bruno_s_cellar(snap_compare: Any, saves: Path) -> None:
    app = make_test_app(SAVES, command="new", game="galileo")
    keys = [*"Ada", "tab", *"Bo", "tab", "tab", "tab", "tab", "right"]
    assert snap_compare(app, press=keys, terminal_size=SIZE)


def test_farewell_scrolled_above_the_running_total(snap_compare: Any, saves: Path) -> None:
    """Bruno's five-space cellar: Tab from cellar space 5 to Farewell, then a 1 typed."""
    path = saved_session(SAVES, THREE_PLAYERS, "scores-0")
    data = tomllib.loads(path.read_text(encoding="utf-8"))
    write_session(path, data | {"cellar_values": [-6, -3, -1, 1, 2]})
    app = make_test_app(SAVES, command="resume", file=path)
    assert snap_compare(app, press=[*"62", *["tab"] * 14, "1"], terminal_size=SIZE)
