"""Which step records a value the reading of a session refuses, so the app can open the
session there and have it answered again, instead of refusing the whole file.

A refusal names its key (RulesError.key). A value a step logged (`log[3].values.pool`) is
that step's; a value on a player's table (`players[1].chips`) is the step of that seat whose
form asks it; the rest is each game's own (its checks module's `refused_at`: Race's goal
tiles and options, its end checks). A refusal no step answers (a broken log, a key no step
asks) has none: the file stays refused.

Pure: no Textual, no I/O. `take_out` edits the data it is given (a copy).
"""

from __future__ import annotations

import importlib
import re
from collections.abc import Callable, MutableMapping
from typing import Any

from lastround.games import get_game, plugin_of
from lastround.games.base import BROKEN

FINAL_SCORES = "breakdown"  # worked out from the others: never answered again
LOGGED = re.compile(r"log\[(\d+)\]\.values\.([^.\[]+)")
SEATED = re.compile(r"players\[(\d+)\]\.([^.\[]+)")


def take_out(data: MutableMapping[str, Any], key: str) -> tuple[str, str] | None:
    """Take the value refused at `key` out of `data`: the id of the step that asks it again
    and the field not to fill in with it, or None when no step answers it."""
    try:
        found = _logged(data, key) or _seated(data, key) or _games_own(data, key)
    except BROKEN:  # the data around the key is damaged too: no step answers it
        return None
    return found


def _logged(data: MutableMapping[str, Any], key: str) -> tuple[str, str] | None:
    """A value a step's log entry holds: that entry without it (the step answers it anew)."""
    match = LOGGED.match(key)
    if match is None:
        return None
    index, field = int(match[1]), match[2]
    entry = data["log"][index]
    if entry["step"] == FINAL_SCORES:
        return None
    values = {k: v for k, v in entry.get("values", {}).items() if k != field}
    data["log"][index] = {**entry, "values": values}
    return str(entry["step"]), field


def _seated(data: MutableMapping[str, Any], key: str) -> tuple[str, str] | None:
    """A value on a player's table that a step of theirs asks as one of its fields."""
    match = SEATED.fullmatch(key)
    if match is None:
        return None
    seat, field = int(match[1]), match[2]
    player = data["players"][seat]
    if field == "name" or field not in player:
        return None
    kept = player.pop(field)
    for step in get_game(str(data["game"])).procedure(data):
        if step.player == seat and any(f.key == field for f in step.fields):
            return step.id, field
    player[field] = kept  # no form asks it: the game's own, if any
    return None


def _games_own(data: MutableMapping[str, Any], key: str) -> tuple[str, str] | None:
    own = plugin_of(str(data["game"])).checks
    if not own:
        return None
    refused_at: Callable[[MutableMapping[str, Any], str], tuple[str, str] | None] | None = \
        getattr(importlib.import_module(own), "refused_at", None)
    return refused_at(data, key) if refused_at is not None else None
