"""Reading a session's values the way every game's checks read them: each wrong one is a
RulesError naming its key. Pure."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, TypeGuard

from lastround.games.base import RulesError


def is_int(value: object) -> TypeGuard[int]:
    # A plain int answers at once (every count of every file read goes through here).
    return type(value) is int or (isinstance(value, int) and not isinstance(value, bool))


def checked_int(value: object, path: str, low: int | None, high: int | None) -> int:
    """`value` as a whole number from `low` to `high` (None: unbounded); `path` names it."""
    if not is_int(value):
        raise RulesError(path, f"must be a whole number, not {value!r}")
    if low is not None and value < low:
        raise RulesError(path, f"must be at least {low}, not {value}")
    if high is not None and value > high:
        raise RulesError(path, f"must be at most {high}, not {value}")
    return value


def int_at(
    table: Mapping[str, Any], key: str, path: str, low: int | None = 0, high: int | None = None
) -> int:
    """table[key] as a checked whole number (a count unless `low` says otherwise)."""
    if key not in table:
        raise RulesError(path, "missing")
    return checked_int(table[key], path, low, high)


def list_at(table: Mapping[str, Any], key: str, path: str) -> Sequence[Any]:
    """table[key], which must be a list."""
    if key not in table:
        raise RulesError(path, "missing")
    value = table[key]
    if not isinstance(value, Sequence) or isinstance(value, str):
        raise RulesError(path, "must be a list")
    return value


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
