"""Galileo Galilei: what confirming a changed answer undoes, said before it is confirmed. Pure."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from lastround.games.base import Step, name_key, player_names
from lastround.games.galileo.board import name_at
from lastround.games.galileo.cellar import cellar_resets
from lastround.games.galileo.turns import turns_recorded
from lastround.games.values import is_int


def resets(data: Mapping[str, Any], step: Step, values: Mapping[str, Any]) -> str:
    """Every sentence on what confirming `values` for `step` undoes, or "" (Game.resets)."""
    undone = [turns_reset_by(data, step, values)]
    if step.id == "setup":
        undone.append(cellar_resets(data, values))
        undone.append(seats_gone(data, values))
    return " ".join(sentence for sentence in undone if sentence)


def turns_reset_by(data: Mapping[str, Any], step: Step, values: Mapping[str, Any]) -> str:
    """What a changed trigger, first player or seating undoes of the final turns, or ""."""
    ended, draws = turns_recorded(data)
    if not ended and not draws:
        return ""
    names = player_names(data)
    if step.id == "setup":
        seated = [name_key(str(n)) for n in values.get("players", [])]
        changed = seated != [name_key(n) for n in names]
        what = "Changing the players or their seats"
    elif step.id == "table":
        changed = name_at(names, data.get("first_player")) != values.get("first_player")
        what = "Changing the first player"
    elif step.id == "trigger":
        trigger = data.get("trigger")
        player = trigger.get("player") if isinstance(trigger, Mapping) else None
        changed = name_at(names, player) != values.get("trigger_player")
        what = "Changing whose turn emptied the deck"
    else:
        return ""
    if not changed:
        return ""
    undone = []
    if ended:
        undone.append("the turn ended in the final turns is marked not played" if ended == 1
                      else f"the {ended} turns ended in the final turns are marked not played")
    if draws:
        undone.append("the Tier III draw made is removed" if draws == 1
                      else f"the {draws} Tier III draws made are removed")
    return (f"{what} changes who still plays: {' and '.join(undone)}"
            f"{' (kept in the file, marked removed)' if draws else ''}.")


def seats_gone(data: Mapping[str, Any], values: Mapping[str, Any]) -> str:
    """The first player or the deck-emptying player left out of the new seating: the first
    seat takes their place, to be changed on its step."""
    names, seated = player_names(data), [name_key(str(n)) for n in values.get("players", [])]
    trigger = data.get("trigger")
    roles = (("the first player", data.get("first_player")),
             ("the player whose turn emptied the deck",
              trigger.get("player") if isinstance(trigger, Mapping) else None))
    gone = [f"{role} ({names[seat]})" for role, seat in roles
            if is_int(seat) and 0 <= seat < len(names) and name_key(names[seat]) not in seated]
    if not gone or not seated:
        return ""
    first = values["players"][0]
    return (f"Seated no more, {' and '.join(gone)} will be {first}, in the first seat: "
            "change it on its step.")
