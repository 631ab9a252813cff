"""Galileo Galilei's own keys in a session file, checked before a screen reads them. Pure."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from tui.games.base import RulesError
from tui.games.values import confirmed, seated, table_list

GALILEO_COUNTS = ("track", "track_position", "farewell", "dice", "quadrants")


def _check_galileo_player(player: Mapping[str, Any], index: int, spaces: int) -> None:
    from tui.games import galileo, galileo_limits

    where = f"players[{index}]"
    for key in GALILEO_COUNTS:
        if key in player:
            galileo._int(player, key, f"{where}.{key}")
    if "tribunal" in player:
        galileo._int(player, "tribunal", f"{where}.tribunal", galileo.TRIBUNAL_LOW,
                     galileo.TRIBUNAL_HIGH)
    if not isinstance(player.get("flipped", False), bool):
        raise RulesError(f"{where}.flipped", "must be true or false")
    if "university" in player:
        tiles = galileo._list(player, "university", f"{where}.university")
        for k, tile in enumerate(tiles):
            galileo._tile(tile, f"{where}.university[{k}]")
    if "cellar" in player:
        cellar = galileo._list(player, "cellar", f"{where}.cellar")
        if len(cellar) != spaces:
            raise RulesError(f"{where}.cellar",
                             f"has {len(cellar)} spaces but cellar_values has {spaces}")
        for j, count in enumerate(cellar):
            galileo._checked_int(count, f"{where}.cellar[{j}]", 0, None)
    problem = galileo_limits.player_problem(player)  # what the components let a player hold
    if problem is not None:
        raise RulesError(f"{where}.{problem[0]}", problem[1])


def _check_galileo_table(players: Sequence[Mapping[str, Any]]) -> None:
    """What the whole table can hold together (33 Inquisitors, 34 Quadrants, 30 dice)."""
    from tui.games import galileo_limits

    problem = galileo_limits.table_problem(players)
    if problem is not None:
        raise RulesError("players", problem[1])


def check_game_data(data: Mapping[str, Any]) -> None:
    from tui.games import galileo, galileo_turns

    players = seated(data, galileo.MIN_PLAYERS, galileo.MAX_PLAYERS)
    spaces = len(galileo.cellar_values(data))
    for index, player in enumerate(players):
        _check_galileo_player(player, index, spaces)
    _check_galileo_table(players)
    if "seed" in data or data.get("status") == "in-progress":
        if "seed" not in data:
            raise RulesError("seed", "missing (the session's seed makes the Tier III draws)")
        galileo._checked_int(data["seed"], "seed", None, None)
    if "first_player" in data:
        galileo_turns.check_seat("first_player", data["first_player"], len(players))
    if "subjects" in data:
        subjects = galileo.chosen_subjects(data)
        if len(set(subjects)) != len(subjects):
            raise RulesError("subjects", "each Subject may be above one Scale tile only")
    if "trigger" in data:
        trigger = data["trigger"]
        if not isinstance(trigger, Mapping) or "player" not in trigger:
            raise RulesError("trigger", "must be a table {player, how}")
        galileo_turns.check_seat("trigger.player", trigger["player"], len(players))
        if trigger.get("how") not in galileo.TRIGGER_HOWS:
            raise RulesError("trigger.how", 'must be "display" or "reward"')
    turns = len(galileo_turns.session_turns(data)) if "trigger" in data else None
    for index, draw in enumerate(table_list(data.get("draws", []), "draws")):
        galileo.check_draw(draw, f"draws[{index}]")
        if turns is not None and draw["turn"] > turns:  # 0 is the trigger's own turn
            raise RulesError(f"draws[{index}].turn", f"there are only {turns} final turns")
    if "turns_done" in data:
        galileo._int(data, "turns_done", "turns_done", 0, turns)
    if not isinstance(data.get("trigger_turn_over", True), bool):
        raise RulesError("trigger_turn_over", "must be true or false")
    if "trigger" in confirmed(data):  # the final-turns screen is reachable: it needs both
        galileo_turns.session_turns(data)
