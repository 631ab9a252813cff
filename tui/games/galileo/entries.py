"""Galileo Galilei: each player's end-of-game entries, read from the session and checked
against the save format and what the components allow. Pure."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from lastround.games.base import RulesError, name_key
from lastround.games.galileo.board import (
    MAX_PLAYERS,
    MIN_PLAYERS,
    TRIBUNAL_HIGH,
    TRIBUNAL_LOW,
    canonical_subject,
)
from lastround.games.galileo.cellar import cellar_values
from lastround.games.galileo.limits import player_problem, table_problem
from lastround.games.values import checked_int, int_at, is_int, list_at


@dataclass(frozen=True)
class Tile:
    """One Scale tile as a player scores it."""

    subject: str
    met: int
    multiplier: int  # 0 = the University token is still on the stairs


@dataclass(frozen=True)
class Entries:
    """One player's validated end-of-game entries."""

    name: str
    track: int
    university: tuple[Tile, ...]
    cellar: tuple[int, ...]
    farewell: int
    tribunal: int
    dice: int
    quadrants: int
    track_position: int | None = None
    flipped: bool | None = None


def check_names(names: Sequence[object]) -> list[str]:
    """2–4 non-empty names, unique ignoring case."""
    if not MIN_PLAYERS <= len(names) <= MAX_PLAYERS:
        raise RulesError("players", f"{MIN_PLAYERS} to {MAX_PLAYERS} players, not {len(names)}")
    seen: set[str] = set()
    for index, name in enumerate(names):
        if not isinstance(name, str) or not name.strip():
            raise RulesError(f"players[{index}].name", "must be a non-empty name")
        if name_key(name) in seen:
            raise RulesError(f"players[{index}].name", f"{name!r} is already at the table")
        seen.add(name_key(name))
    return [str(name) for name in names]


def read_tile(entry: object, path: str) -> Tile:
    """One ``university`` entry {subject, met, multiplier}; `path` names it in errors."""
    if not isinstance(entry, Mapping):
        raise RulesError(path, "must be a table {subject, met, multiplier}")
    if "subject" not in entry:
        raise RulesError(f"{path}.subject", "missing")
    subject = canonical_subject(entry["subject"], f"{path}.subject")
    met = int_at(entry, "met", f"{path}.met")
    multiplier = int_at(entry, "multiplier", f"{path}.multiplier")
    return Tile(subject, met, multiplier)


def read_player(player: Mapping[str, Any], index: int, spaces: int) -> Entries:
    """Check one player's table against the save format; `spaces` = cellar spaces in play."""
    path = f"players[{index}]"
    tiles = list_at(player, "university", f"{path}.university")
    cellar = list_at(player, "cellar", f"{path}.cellar")
    if len(cellar) != spaces:
        raise RulesError(
            f"{path}.cellar", f"has {len(cellar)} spaces but cellar_values has {spaces}"
        )
    int_at(player, "track", f"{path}.track")
    university = tuple(read_tile(t, f"{path}.university[{i}]") for i, t in enumerate(tiles))
    for i, n in enumerate(cellar):
        checked_int(n, f"{path}.cellar[{i}]", 0, None)
    int_at(player, "farewell", f"{path}.farewell")
    int_at(player, "tribunal", f"{path}.tribunal", TRIBUNAL_LOW, TRIBUNAL_HIGH)
    int_at(player, "dice", f"{path}.dice")
    int_at(player, "quadrants", f"{path}.quadrants")
    return checked_entries(player, university)


# What read_player requires of every player (the display keys are optional).
SCORED_KEYS = frozenset({"university", "cellar", "track", "farewell", "tribunal", "dice",
                         "quadrants"})


def checked_entries(player: Mapping[str, Any], university: tuple[Tile, ...]) -> Entries:
    """The entries of a table holding every SCORED_KEYS value, each already checked (by
    read_player, or by the file checks), with its Scale tiles as read."""
    return Entries(
        name=str(player["name"]),
        track=player["track"],
        university=university,
        cellar=tuple(player["cellar"]),
        farewell=player["farewell"],
        tribunal=player["tribunal"],
        dice=player["dice"],
        quadrants=player["quadrants"],
        # Display keys only: ignored when a hand edit left them of the wrong type.
        track_position=player["track_position"] if is_int(player.get("track_position")) else None,
        flipped=player["flipped"] if isinstance(player.get("flipped"), bool) else None,
    )


def read_players(data: Mapping[str, Any]) -> list[Entries]:
    """Every player's checked entries, in seat order."""
    players = data.get("players")
    if not isinstance(players, Sequence) or isinstance(players, str):
        raise RulesError("players", "missing")
    for index, player in enumerate(players):
        if not isinstance(player, Mapping) or "name" not in player:
            raise RulesError(f"players[{index}].name", "missing")
    check_names([p["name"] for p in players])
    spaces = len(cellar_values(data))
    read = [read_player(p, i, spaces) for i, p in enumerate(players)]
    check_limits(players)
    return read


def check_limits(players: Sequence[Mapping[str, Any]]) -> None:
    """RulesError when a player, or the table together, holds more than the components allow
    (see lastround.games.galileo.limits); the row multipliers are not bounded."""
    for index, player in enumerate(players):
        problem = player_problem(player)
        if problem is not None:
            raise RulesError(f"players[{index}].{problem[0]}", problem[1])
    problem = table_problem(players)
    if problem is not None:
        raise RulesError("players", problem[1])
