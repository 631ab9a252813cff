"""Reading a session's values the way every game's checks read them: each wrong one is a
RulesError naming its key. Pure."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from tui.games.base import RulesError


def is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def table_list(value: object, key: str) -> Sequence[Mapping[str, Any]]:
    if not isinstance(value, list) or not all(isinstance(v, Mapping) for v in value):
        raise RulesError(key, "must be an array of tables")
    return value


def seated(data: Mapping[str, Any], least: int, most: int) -> list[Mapping[str, Any]]:
    """The players, none (before setup) or `least` to `most` of them."""
    players: list[Mapping[str, Any]] = list(data.get("players", []))
    if players and not least <= len(players) <= most:
        raise RulesError("players", f"{least} to {most} players, not {len(players)}")
    return players


def confirmed(data: Mapping[str, Any]) -> set[str]:
    """The steps the log records as done (progress within a step does not count)."""
    return {e["step"] for e in data.get("log", []) if not e.get("partial")}
