"""Session files for the history, export and index tests: toy games with chosen scores."""

from __future__ import annotations

import shutil
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from lastround.session.files import write_session
from lastround.session.session import Session

EXAMPLES = Path(__file__).resolve().parents[2] / "saves" / "examples"
EXAMPLE_FILES = ("rftg-4-players.toml", "galileo-4-players.toml")


def toy_data(created: str, points: Mapping[str, int], *, finished: bool = True,
             coins: Mapping[str, int] | None = None) -> dict[str, Any]:
    """A toy session walked through its steps: each player's points, then (maybe) finished."""
    session = Session.new("toy", seed=1, created=created)
    session.confirm(session.steps()[0], {"players": list(points), "colour": "red"}, at=created)
    if finished:
        for step in session.steps()[2:-1]:
            name = session.players[step.player or 0]
            session.confirm(step, {"points": points[name], "coins": (coins or {}).get(name, 0),
                                   "bonus": False}, at=created)
        session.finish()
    return session.data


def write_toy(saves: Path, name: str, created: str, points: Mapping[str, int],
              **options: Any) -> Path:
    path = saves / name
    write_session(path, toy_data(created, points, **options))
    return path


def copy_examples(saves: Path) -> list[Path]:
    return [Path(shutil.copy(EXAMPLES / name, saves / name)) for name in EXAMPLE_FILES]


def history_folder(saves: Path) -> None:
    """Three toy games over three days (Ada wins twice, one shared), an unfinished one,
    the two shipped examples and a broken file."""
    write_toy(saves, "t1.toml", "2026-10-01T20:00:00Z", {"Ada": 30, "Bo": 20})
    write_toy(saves, "t2.toml", "2026-10-08T20:00:00Z", {"Ada": 25, "Bo": 25, "Cy": 10})
    write_toy(saves, "t3.toml", "2026-10-15T20:00:00Z", {"Ada": 40, "Cy": 35})
    write_toy(saves, "t4.toml", "2026-10-22T20:00:00Z", {"Bo": 1, "Cy": 2}, finished=False)
    copy_examples(saves)
    (saves / "broken.toml").write_text("format = = 1\n")
