"""Helpers the Pilot and snapshot tests share: a deterministic app and its saves."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from tui.app import LastRoundApp, make_app
from tui.session.files import read_session

FIXED_TIME = "2026-11-29T20:30:00Z"
# The finished sessions shipped in saves/examples/, as text: the hostile-file tests edit them.
EXAMPLES = Path(__file__).resolve().parents[1] / "saves" / "examples"
RFTG_EXAMPLE = (EXAMPLES / "rftg-4-players.toml").read_text()
GALILEO_EXAMPLE = (EXAMPLES / "galileo-4-players.toml").read_text()


def make_test_app(saves: Path = Path("saves"), **options: Any) -> LastRoundApp:
    """The app as players get it, with a fixed clock and seed so screens repeat exactly."""
    return make_app(saves, clock=lambda: FIXED_TIME, seed=20261129, **options)


def only_session(saves: Path) -> dict[str, Any]:
    files = sorted(saves.glob("*.toml"))
    assert len(files) == 1, files
    return read_session(files[0])
