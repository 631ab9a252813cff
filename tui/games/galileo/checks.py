"""Galileo Galilei's own keys in a session file, checked before a screen reads them. Pure."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import partial
from typing import Any

from lastround.games.base import RulesError, Scoring, Step
from lastround.games.galileo.apply import check_draw
from lastround.games.galileo.board import (
    MAX_PLAYERS,
    MIN_PLAYERS,
    TRIBUNAL_HIGH,
    TRIBUNAL_LOW,
    TRIGGER_HOWS,
    chosen_subjects,
)
from lastround.games.galileo.cellar import cellar_values
from lastround.games.galileo.entries import SCORED_KEYS, Tile, checked_entries, read_tile
from lastround.games.galileo.limits import player_problem, table_problem
from lastround.games.galileo.procedure import procedure
from lastround.games.galileo.scoring import score_entries
from lastround.games.galileo.turns import check_seat, session_turns
from lastround.games.values import checked_int, confirmed, int_at, list_at, seated, table_list

GALILEO_COUNTS = ("track", "track_position", "farewell", "dice", "quadrants")


def _check_player(player: Mapping[str, Any], index: int, spaces: int) -> tuple[Tile, ...] | None:
    """The player's values that are there, checked; the Scale tiles read (None without any)."""
    where = f"players[{index}]"
    for key in GALILEO_COUNTS:
        if key in player:
            int_at(player, key, f"{where}.{key}")
    if "tribunal" in player:
        int_at(player, "tribunal", f"{where}.tribunal", TRIBUNAL_LOW, TRIBUNAL_HIGH)
    if not isinstance(player.get("flipped", False), bool):
        raise RulesError(f"{where}.flipped", "must be true or false")
    university = None
    if "university" in player:
        tiles = list_at(player, "university", f"{where}.university")
        university = tuple(read_tile(tile, f"{where}.university[{k}]")
                           for k, tile in enumerate(tiles))
    if "cellar" in player:
        cellar = list_at(player, "cellar", f"{where}.cellar")
        if len(cellar) != spaces:
            raise RulesError(f"{where}.cellar",
                             f"has {len(cellar)} spaces but cellar_values has {spaces}")
        for j, count in enumerate(cellar):
            checked_int(count, f"{where}.cellar[{j}]", 0, None)
    problem = player_problem(player)  # what the components let a player hold
    if problem is not None:
        raise RulesError(f"{where}.{problem[0]}", problem[1])
    return university


def _scoring(players: Sequence[Mapping[str, Any]], tiles: Sequence[tuple[Tile, ...] | None],
             values: Sequence[int]) -> Scoring | None:
    """The totals of the players as checked above, when every one holds all the scored keys:
    scoring then reads nothing again. None when one is missing a key (or no one is seated):
    scoring reads the file itself, and names what is missing as it always has."""
    entries = []
    for player, university in zip(players, tiles, strict=True):
        if university is None or not player.keys() >= SCORED_KEYS:
            return None
        entries.append(checked_entries(player, university))
    return partial(score_entries, entries, values) if entries else None


def _check_table(players: Sequence[Mapping[str, Any]]) -> None:
    """What the whole table can hold together (33 Inquisitors, 34 Quadrants, 30 dice)."""
    problem = table_problem(players)
    if problem is not None:
        raise RulesError("players", problem[1])


def _check_end(data: Mapping[str, Any], players: int) -> None:
    """The first player, the Subjects and whose turn emptied the deck, when recorded."""
    if "first_player" in data:
        check_seat("first_player", data["first_player"], players)
    if "subjects" in data:
        subjects = chosen_subjects(data)
        if len(set(subjects)) != len(subjects):
            raise RulesError("subjects", "each Subject may be above one Scale tile only")
    if "trigger" in data:
        trigger = data["trigger"]
        if not isinstance(trigger, Mapping) or "player" not in trigger:
            raise RulesError("trigger", "must be a table {player, how}")
        check_seat("trigger.player", trigger["player"], players)
        if trigger.get("how") not in TRIGGER_HOWS:
            raise RulesError("trigger.how", 'must be "display" or "reward"')


def _check_turns(data: Mapping[str, Any]) -> None:
    """The turns ended and the draws, against the turns there are."""
    turns = len(session_turns(data)) if "trigger" in data else None
    for index, draw in enumerate(table_list(data.get("draws", []), "draws")):
        check_draw(draw, f"draws[{index}]")
        # 0 is the trigger's own turn. A removed draw is history, kept as it was drawn: the
        # turns it was drawn in may be fewer since (the players seated again).
        if turns is not None and draw["turn"] > turns and not draw.get("removed"):
            raise RulesError(f"draws[{index}].turn", f"there are only {turns} final turns")
    if "turns_done" in data:
        int_at(data, "turns_done", "turns_done", 0, turns)
    if not isinstance(data.get("trigger_turn_over", True), bool):
        raise RulesError("trigger_turn_over", "must be true or false")
    if "trigger" in confirmed(data):  # the final-turns screen is reachable: it needs both
        session_turns(data)


def steps_to_check(data: Mapping[str, Any]) -> list[Step]:
    """The steps whose logged values lastround.games.checks checks (the kind of each field), built
    without filling the scores forms with the players' saved entries: check_game_data has
    read those already, and the fields are the same."""
    return procedure(data, saved=False)


def check_game_data(data: Mapping[str, Any]) -> Scoring | None:
    """RulesError for the first of Galileo's own keys a screen could not show; the players'
    scoring when their entries are whole (see lastround.games.checks.check_session)."""
    players = seated(data, MIN_PLAYERS, MAX_PLAYERS)
    values = cellar_values(data)
    tiles = [_check_player(player, index, len(values)) for index, player in enumerate(players)]
    _check_table(players)
    if "seed" in data or data.get("status") == "in-progress":
        if "seed" not in data:
            raise RulesError("seed", "missing (the session's seed makes the Tier III draws)")
        checked_int(data["seed"], "seed", None, None)
    _check_end(data, len(players))
    _check_turns(data)
    return _scoring(players, tiles, values)
