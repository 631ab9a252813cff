"""Helpers the Pilot and snapshot tests share: a deterministic app and its saves."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from tui.app import LastRoundApp, make_app
from tui.saves import read_session

FIXED_TIME = "2026-11-29T20:30:00Z"


def make_test_app(saves: Path = Path("saves"), **options: Any) -> LastRoundApp:
    """The app as players get it, with a fixed clock and seed so screens repeat exactly."""
    return make_app(saves, clock=lambda: FIXED_TIME, seed=20261129, **options)


def only_session(saves: Path) -> dict[str, Any]:
    files = sorted(saves.glob("*.toml"))
    assert len(files) == 1, files
    return read_session(files[0])
