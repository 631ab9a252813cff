"""Galileo Galilei: each action at the table during the final turns (ending a turn, undoing
one, drawing a Tier III card, removing a draw) as the values of the final-turns step to save,
worked out on a copy of the session. Pure."""

from __future__ import annotations

import copy
from collections.abc import Mapping, Sequence
from typing import Any

from lastround.games.base import Data
from lastround.games.galileo.turns import (
    listed_turns,
    progress,
    record_draw,
    remove_draw,
    turns_ended,
    undo_turn,
)

# What a turn or a draw reads: the draws, the turns ended, who plays, and the seed.
ACTION_KEYS = ("seed", "draws", "turns_done", "trigger_turn_over", "trigger", "first_player",
               "players")


def _scratch(data: Mapping[str, Any]) -> Data:
    """A copy of what the turns and draws are, for an action to change: never the session."""
    return {key: copy.deepcopy(data[key]) for key in ACTION_KEYS if key in data}


def _saved(changed: Mapping[str, Any], removed: Sequence[int] = ()) -> dict[str, Any]:
    """The step values saying what `changed` holds: the turns ended, every draw, and which
    draws the action removed (for the log)."""
    values = {**progress(turns_ended(changed)), "draws": changed.get("draws") or []}
    return {**values, "removed_draws": list(removed)} if removed else values


def draw_values(data: Mapping[str, Any], reason: str, box: int | None,
                card: str = "") -> dict[str, Any]:
    """The values once a Tier III card is drawn (see `record_draw`); RulesError if refused."""
    changed = _scratch(data)
    record_draw(changed, reason, box, card)
    return _saved(changed)


def undo_values(data: Mapping[str, Any]) -> dict[str, Any]:
    """The values once the last ended turn is undone (see `undo_turn`); their
    ``removed_draws`` name the draws of the turn not played any more."""
    changed = _scratch(data)
    return _saved(changed, undo_turn(changed))


def removal_values(data: Mapping[str, Any], number: int) -> dict[str, Any]:
    """The values once draw `number` is removed by hand (kept, marked removed)."""
    changed = _scratch(data)
    remove_draw(changed, number, "by hand")
    return _saved(changed, [number])


def next_turn_values(data: Mapping[str, Any]) -> dict[str, Any]:
    """The values once the turn in progress ends (every turn already played: as they are)."""
    ended = min(turns_ended(data) + 1, len(listed_turns(data)))
    return {**progress(ended), "draws": copy.deepcopy(data.get("draws") or [])}
