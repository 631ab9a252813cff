"""Whether a session's data is sound enough to open in the app.

Scoring checks only the keys that score; the step screens read more (the log, each game's
own keys, what a step last recorded). A hand-edited or damaged file is checked here first,
so it gets one clear line naming the key instead of failing while a screen is drawn.

Pure: no Textual, no I/O. Everything raises RulesError(key, message).
"""

from __future__ import annotations

import functools
import importlib
import re
from collections.abc import Callable, Mapping, Sequence
from types import ModuleType
from typing import Any

from lastround.games import get_game, plugin_of
from lastround.games.base import RulesError, Scoring, Step
from lastround.games.values import confirmed, is_int, table_list
from lastround.games.words import shortened


def check_session(data: Mapping[str, Any]) -> Scoring | None:
    """RulesError for the first key the app could not show, when it can't open the session.

    When the game's own checks read every player's entries whole, returns their scoring (the
    same result or RulesError as the game's `score`), so the totals of a finished session
    are not read and checked a second time; None when they did not.
    The keys every file has are checked by `lastround.session.files.check_common_keys` before this.
    """
    _check_log(data)
    _check_logged_steps(data)
    seated = data.get("players", [])
    if len(seated) < 2 and "setup" in confirmed(data):  # every game seats two at least
        raise RulesError("players", f"{len(seated)} seated, but the players were confirmed")
    own = plugin_of(str(data["game"])).checks
    if not own:
        steps = get_game(str(data["game"])).procedure(data)
        _check_logged_values(data, steps)
        _check_log_order(data, steps)
        return None
    checks = importlib.import_module(own)  # each game's own checks load only for its sessions
    scoring: Scoring | None = checks.check_game_data(data)
    # After the checks above the steps can always be built (the property tests hold it to
    # that; opening still turns a miss into one line, see lastround.session.opening.check_openable).
    steps = checks.steps_to_check(data)
    _check_logged_values(data, steps, checks)
    _check_log_order(data, steps)
    return scoring


def _check_bounds(step: Step, values: Mapping[str, Any], where: str) -> None:
    """The step's whole numbers within the bounds its form holds them to (Field.minimum and
    maximum): a file is refused what the form refuses. (Their kind is checked apart.)"""
    for field in step.fields:
        value = values.get(field.key)
        if field.kind != "int" or not is_int(value):
            continue
        if field.minimum is not None and value < field.minimum:
            raise RulesError(f"{where}.{field.key}", f"must be at least {field.minimum} "
                             f"({field.label}), not {value}")
        if field.maximum is not None and value > field.maximum:
            raise RulesError(f"{where}.{field.key}", f"must be at most {field.maximum} "
                             f"({field.label}), not {value}")


# --- the log -------------------------------------------------------------------------------


def _check_log(data: Mapping[str, Any]) -> None:
    for index, entry in enumerate(table_list(data.get("log", []), "log")):
        where = f"log[{index}]"
        if not isinstance(entry.get("step"), str):
            raise RulesError(f"{where}.step", "missing or not a step id")
        if not isinstance(entry.get("values", {}), Mapping):
            raise RulesError(f"{where}.values", "must be a table of the values entered")
        if not isinstance(entry.get("partial", False), bool):
            raise RulesError(f"{where}.partial", "must be true or false")


def _check_logged_steps(data: Mapping[str, Any]) -> None:
    """Each log entry names a step the game can ask (GamePlugin.step_ids), and a breakdown's
    entry keeps whole-number totals and winners among those totalled."""
    plugin = plugin_of(str(data["game"]))
    declared, title = plugin.step_ids, plugin.title
    known: Callable[[str], object] = (
        step_pattern(declared).fullmatch if declared
        else {s.id for s in get_game(str(data["game"])).procedure(data)}.__contains__)
    for index, entry in enumerate(data.get("log", [])):
        step = entry["step"]
        if not known(step):
            raise RulesError(f"log[{index}].step",
                             f"{shortened(step)!r} is not a step of {title}")
        _check_final_values(entry.get("values", {}), f"log[{index}].values")


FINAL_SCORES = "breakdown"  # every game's last step: the final scores


def _check_log_order(data: Mapping[str, Any], steps: Sequence[Step]) -> None:
    """No logged step of a seat the game never had, and after the final scores only
    corrections: entries the app never writes, which a replay could not show."""
    log = data.get("log", [])
    logged = [entry["step"] for entry in log]  # read once: a log may be long
    seats = {s.id.rpartition("-")[0] for s in steps if s.player is not None}  # "tableau"
    setups = [entry.get("values", {}).get("players")
              for entry, step in zip(log, logged, strict=True) if step == "setup"]
    seated = max((len(p) for p in [data.get("players", []), *setups] if isinstance(p, list)),
                 default=0)  # the most players it ever seated: now, or in a setup logged
    last_scores = max((i for i, step in enumerate(logged) if step == FINAL_SCORES), default=-1)
    for index, step in enumerate(logged):
        family, _, number = step.rpartition("-")
        if family in seats and number.isdigit() and int(number) >= seated:
            raise RulesError(f"log[{index}].step", f"{shortened(step)!r} is the step of a seat "
                             f"this game never had: it seated {seated} players at most")
        if -1 < last_scores < index and log[index].get("correction") is not True:
            raise RulesError(f"log[{index}]", f"{shortened(step)!r} comes after the final scores "
                             "without being a correction: after the game, only corrections")


@functools.cache
def step_pattern(step_ids: Sequence[str]) -> re.Pattern[str]:
    """One pattern matching each of `step_ids`, "#" as a number."""
    return re.compile("|".join(re.escape(i).replace("\\#", "#").replace("#", "[0-9]{1,4}")
                               for i in step_ids))


def _check_final_values(values: Mapping[str, Any], where: str) -> None:
    totals, winners = values.get("totals"), values.get("winners")
    if totals is not None:
        if not isinstance(totals, Mapping):
            raise RulesError(f"{where}.totals", "must be a table of each player's total")
        for name, total in totals.items():
            if not is_int(total):
                raise RulesError(f"{where}.totals.{shortened(str(name))}",
                                 "must be a whole number")
    if winners is not None:
        if not isinstance(winners, list) or not all(isinstance(w, str) for w in winners):
            raise RulesError(f"{where}.winners", "must be a list of names")
        for name in winners:
            if totals is not None and name not in totals:
                raise RulesError(f"{where}.winners",
                                 f"{shortened(name)!r} won but has no total beside it")


def _latest(data: Mapping[str, Any]) -> dict[str, tuple[int, Mapping[str, Any]]]:
    """Each step's log entry a screen pre-fills from (see Session.values_for), with its index.

    One pass over the log: a search per step made opening a file with many steps (a long
    Race for the Galaxy, one end check a round) quadratic in the length of its log.
    """
    return {e["step"]: (i, e.get("values", {})) for i, e in enumerate(data.get("log", []))}


FIELD_TYPES: dict[str, tuple[Callable[[object], bool], str]] = {
    "int": (is_int, "a whole number"),
    "bool": (lambda v: isinstance(v, bool), "true or false"),
    "choice": (lambda v: isinstance(v, str), "text"),
    "text": (lambda v: isinstance(v, str), "text"),
}


def _check_logged_values(data: Mapping[str, Any], steps: Sequence[Step],
                         checks: ModuleType | None = None) -> None:
    """What each step last recorded, of the type its screen shows it as; a step of the game's
    own kind by the game's `check_logged_step`, when its checks have one."""
    own_check = getattr(checks, "check_logged_step", None)
    latest = _latest(data)
    players = data.get("players", [])
    for step in steps:
        seat = step.player
        # What a player's step applied to their table is bound as the step's form binds it.
        if seat is not None and seat < len(players):
            _check_bounds(step, players[seat], f"players[{seat}]")
        found = latest.get(step.id)
        if found is None:
            continue
        index, values = found
        where = f"log[{index}].values"
        for field in step.fields:
            accepts, kind = FIELD_TYPES.get(field.kind, (lambda _: True, ""))
            if field.key in values and not accepts(values[field.key]):
                raise RulesError(f"{where}.{field.key}", f"must be {kind}")
        _check_bounds(step, values, where)
        if step.kind == "setup" and "players" in values:
            names = values["players"]
            if not isinstance(names, list) or not all(isinstance(n, str) for n in names):
                raise RulesError(f"{where}.players", "must be a list of names")
        if own_check is not None:
            own_check(step, values, where, data)
