"""Helpers the Pilot and snapshot tests share: a deterministic app and its saves."""

from __future__ import annotations

import html
import re
from pathlib import Path
from typing import Any

from textual.pilot import Pilot
from textual.widget import Widget
from textual.widgets import Input

from lastround.app import LastRoundApp, make_app
from lastround.session.files import read_session

FIXED_TIME = "2026-11-29T20:30:00Z"
# The finished sessions shipped in saves/examples/, as text: the hostile-file tests edit them.
EXAMPLES = Path(__file__).resolve().parents[2] / "saves" / "examples"
RFTG_EXAMPLE = (EXAMPLES / "rftg-4-players.toml").read_text()
GALILEO_EXAMPLE = (EXAMPLES / "galileo-4-players.toml").read_text()


def make_test_app(saves: Path = Path("saves"), **options: Any) -> LastRoundApp:
    """The app as players get it, with a fixed clock and seed so screens repeat exactly."""
    return make_app(saves, clock=lambda: FIXED_TIME, seed=20261129, **options)


def only_session(saves: Path) -> dict[str, Any]:
    files = sorted(saves.glob("*.toml"))
    assert len(files) == 1, files
    return read_session(files[0])


Look = tuple[str, str | None]


async def looks(pilot: Pilot[Any]) -> Look:
    """What a player sees once the screen is at rest (every cell with its colours and
    attributes, as an SVG) and which field the keys go to."""
    app = pilot.app
    for field in app.screen.query(Input):
        field.cursor_blink = False  # the cursor shows steadily, whenever the shot is taken
    shot = ""
    for _ in range(20):  # a footer fills in a frame after the rest of a screen
        await pilot.pause()
        shot, previous = app.export_screenshot(), shot
        if shot == previous:
            break
    focused = app.focused.id if isinstance(app.focused, Widget) else None
    return shot, focused


def text_of(svg: str) -> str:
    lines = re.findall(r"<text [^>]*>(.*?)</text>", svg)
    return html.unescape("\n".join(lines)).replace("\xa0", " ")
