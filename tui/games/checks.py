"""Whether a session's data is sound enough to open in the app.

Scoring checks only the keys that score; the step screens read more (the log, each game's
own keys, what a step last recorded). A hand-edited or damaged file is checked here first,
so it gets one clear line naming the key instead of failing while a screen is drawn.

Pure: no Textual, no I/O. Everything raises RulesError(key, message).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from tui.games import get_game
from tui.games.base import RulesError, Step


def check_session(data: Mapping[str, Any]) -> None:
    """RulesError for the first key the app could not show; None when it can open the session.

    The keys every file has are checked by `tui.session.files.check_common_keys` before this.
    """
    _check_log(data)
    seated = data.get("players", [])
    if len(seated) < 2 and "setup" in _confirmed(data):  # every game seats two at least
        raise RulesError("players", f"{len(seated)} seated, but the players were confirmed")
    own = GAME_CHECKS.get(str(data["game"]))
    if own is not None:
        own(data)
    # After the checks above the steps can always be built (the property tests hold it to
    # that; opening still turns a miss into one line, see tui.session.opening.check_openable).
    _check_logged_values(data, get_game(str(data["game"])).procedure(data))


# --- the log -------------------------------------------------------------------------------


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _table_list(value: object, key: str) -> Sequence[Mapping[str, Any]]:
    if not isinstance(value, list) or not all(isinstance(v, Mapping) for v in value):
        raise RulesError(key, "must be an array of tables")
    return value


def _check_log(data: Mapping[str, Any]) -> None:
    for index, entry in enumerate(_table_list(data.get("log", []), "log")):
        where = f"log[{index}]"
        if not isinstance(entry.get("step"), str):
            raise RulesError(f"{where}.step", "missing or not a step id")
        if not isinstance(entry.get("values", {}), Mapping):
            raise RulesError(f"{where}.values", "must be a table of the values entered")
        if not isinstance(entry.get("partial", False), bool):
            raise RulesError(f"{where}.partial", "must be true or false")


def _confirmed(data: Mapping[str, Any]) -> set[str]:
    """The steps the log records as done (progress within a step does not count)."""
    return {e["step"] for e in data.get("log", []) if not e.get("partial")}


def _latest(data: Mapping[str, Any]) -> dict[str, tuple[int, Mapping[str, Any]]]:
    """Each step's log entry a screen pre-fills from (see Session.values_for), with its index.

    One pass over the log: a search per step made opening a file with many steps (a long
    Race for the Galaxy, one end check a round) quadratic in the length of its log.
    """
    return {e["step"]: (i, e.get("values", {})) for i, e in enumerate(data.get("log", []))}


FIELD_TYPES: dict[str, tuple[Callable[[object], bool], str]] = {
    "int": (_is_int, "a whole number"),
    "bool": (lambda v: isinstance(v, bool), "true or false"),
    "choice": (lambda v: isinstance(v, str), "text"),
    "text": (lambda v: isinstance(v, str), "text"),
}


def _check_logged_values(data: Mapping[str, Any], steps: Sequence[Step]) -> None:
    """What each step last recorded, of the type its screen shows it as."""
    latest = _latest(data)
    for step in steps:
        found = latest.get(step.id)
        if found is None:
            continue
        index, values = found
        where = f"log[{index}].values"
        for field in step.fields:
            accepts, kind = FIELD_TYPES.get(field.kind, (lambda _: True, ""))
            if field.key in values and not accepts(values[field.key]):
                raise RulesError(f"{where}.{field.key}", f"must be {kind}")
        if step.kind == "setup" and "players" in values:
            names = values["players"]
            if not isinstance(names, list) or not all(isinstance(n, str) for n in names):
                raise RulesError(f"{where}.players", "must be a list of names")
        if step.kind == "cards":
            _check_rftg_tableau(values, where, data, step.title.split(":")[0])


# --- Race for the Galaxy -------------------------------------------------------------------


def _seated(data: Mapping[str, Any], least: int, most: int) -> list[Mapping[str, Any]]:
    """The players, none (before setup) or `least` to `most` of them."""
    players: list[Mapping[str, Any]] = list(data.get("players", []))
    if players and not least <= len(players) <= most:
        raise RulesError("players", f"{least} to {most} players, not {len(players)}")
    return players


def _check_rftg_tableau(
    table: Mapping[str, Any], where: str, data: Mapping[str, Any], player: str
) -> None:
    from tui.games import rftg

    if "tableau" in table:
        rftg._tableau(table["tableau"], f"{where}.tableau", player, rftg._edition(data))
    for key in ("tableau_vp", "bonus_vp"):
        if key in table and not _is_int(table[key]):
            raise RulesError(f"{where}.{key}", "must be a whole number")


def _check_rftg(data: Mapping[str, Any]) -> None:
    from tui.games import rftg  # each game's rules load only for its own sessions

    rftg._edition(data)
    for index, player in enumerate(_seated(data, rftg.MIN_PLAYERS, rftg.MAX_PLAYERS)):
        where = f"players[{index}]"
        _check_rftg_tableau(player, where, data, str(player["name"]))
        for key in ("chips", "hand", "goods"):
            if key in player:  # a hand is discarded down to 10 at the end of every round
                rftg._whole_number(player, where, key, 0,
                                   rftg.HAND_LIMIT if key == "hand" else None)
    for index, check in enumerate(_table_list(data.get("end_checks", []), "end_checks")):
        where = f"end_checks[{index}]"
        largest = check.get("largest_tableau", 0)
        if not _is_int(largest) or largest < 0:
            raise RulesError(f"{where}.largest_tableau", "must be a whole number, 0 or more")
        for key in ("pool_exhausted", "mid_consume", "ends"):
            if not isinstance(check.get(key, False), bool):
                raise RulesError(f"{where}.{key}", "must be true or false")
        if check.get("mid_consume") and not check.get("pool_exhausted"):
            raise RulesError(f"{where}.mid_consume", "the chips ran out during Consume, so "
                             "the pool is empty: pool_exhausted must be true too")
    for index, entry in enumerate(_table_list(data.get("log", []), "log")):
        pool = entry.get("values", {}).get("pool")
        if str(entry.get("step")).startswith("end-check-") and pool is not None \
                and pool not in rftg.POOL_ANSWERS:
            raise RulesError(f"log[{index}].values.pool",
                             f"must be one of: {', '.join(rftg.POOL_ANSWERS)}")


# --- Galileo Galilei -----------------------------------------------------------------------

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


def _check_galileo(data: Mapping[str, Any]) -> None:
    from tui.games import galileo, galileo_turns

    players = _seated(data, galileo.MIN_PLAYERS, galileo.MAX_PLAYERS)
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
    for index, draw in enumerate(_table_list(data.get("draws", []), "draws")):
        galileo.check_draw(draw, f"draws[{index}]")
        if turns is not None and draw["turn"] > turns:  # 0 is the trigger's own turn
            raise RulesError(f"draws[{index}].turn", f"there are only {turns} final turns")
    if "turns_done" in data:
        galileo._int(data, "turns_done", "turns_done", 0, turns)
    if not isinstance(data.get("trigger_turn_over", True), bool):
        raise RulesError("trigger_turn_over", "must be true or false")
    if "trigger" in _confirmed(data):  # the final-turns screen is reachable: it needs both
        galileo_turns.session_turns(data)


GAME_CHECKS: dict[str, Callable[[Mapping[str, Any]], None]] = {
    "rftg": _check_rftg,
    "galileo": _check_galileo,
}
