"""A Galileo Galilei player's end-of-game entries for the rules tests, written straight into
the session mapping (no screens)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

FOUR_SUBJECTS = ("Major Objects", "Library", "Inquisitors", "Comets")


def player(name: str, subjects: Sequence[str] = FOUR_SUBJECTS, **entries: Any) -> dict[str, Any]:
    """A player with every key filled and nothing scoring, unless `entries` say otherwise;
    one University tile per Subject in `subjects`."""
    table: dict[str, Any] = {
        "name": name,
        "track": 0,
        "university": [{"subject": s, "met": 0, "multiplier": 0} for s in subjects],
        "cellar": [0, 0, 0, 0],
        "farewell": 0,
        "tribunal": 0,
        "dice": 0,
        "quadrants": 0,
    }
    return table | entries
