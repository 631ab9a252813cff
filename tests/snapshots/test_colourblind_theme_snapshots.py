"""The colour-blind-safe theme at 80×24, as remembered in the config file: blue for what is
fine, orange for what needs attention."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from lastround.shell.config import save_setting
from lastround.shell.themes import COLOURBLIND
from tests.support.every_screen import open_screen

SIZE = (80, 24)
SAVES = Path("saves")


@pytest.fixture(autouse=True)
def colourblind(keep_machine_out: None) -> None:
    save_setting("theme", COLOURBLIND.name)  # the conftest's temporary config file


def opened(name: str) -> Any:
    app, _keys = open_screen(name, SAVES)
    assert app.theme == COLOURBLIND.name
    return app


def test_home(snap_compare: Any, saves: Path) -> None:
    assert snap_compare(opened("home"), terminal_size=SIZE)


def test_a_refused_value(snap_compare: Any, saves: Path) -> None:
    keys = ["ctrl+a", "ctrl+k", *"999", "enter"]
    assert snap_compare(opened("rftg-end-check"), press=keys, terminal_size=SIZE)


def test_picker(snap_compare: Any, saves: Path) -> None:
    assert snap_compare(opened("rftg-tableau"), press=[*"gal", "down"], terminal_size=SIZE)


def test_breakdown(snap_compare: Any, saves: Path) -> None:
    assert snap_compare(opened("rftg-breakdown"), terminal_size=SIZE)
