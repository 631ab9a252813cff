"""What changing an earlier answer asks again: a goal tile put in play after a player's goals
were entered asks that player's goals again; boxes changed after the round was finished ask
the finish-the-round checklist again (its items come from the boxes). And what the change
says before it is made. Pure: reads the session's data and log."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from lastround.games.rftg.box_steps import expansions_of, goal_key, names_in
from lastround.games.rftg.boxes import BOX_CHOICES, Goal, choice_of, goals_for
from lastround.games.rftg.expansions import goal_spelling
from lastround.games.words import join_names

FINISH_ROUND = "finish-round"
SETUP_BOXES = ("boxes", "new_worlds")


def latest_answers(data: Mapping[str, Any]) -> dict[str, Mapping[str, Any]]:
    """Each step's latest confirmed values, in one pass over the log."""
    latest: dict[str, Mapping[str, Any]] = {}
    for entry in data.get("log", []):
        if isinstance(entry, Mapping) and not entry.get("partial"):
            values = entry.get("values", {})
            latest[str(entry.get("step"))] = values if isinstance(values, Mapping) else {}
    return latest


def new_goals(goals: Sequence[Goal], logged: Mapping[str, Any] | None) -> list[Goal]:
    """The tiles in play a player's goals step did not ask when last confirmed."""
    if logged is None:
        return []
    return [g for g in goals if goal_key(g) not in logged]


def goals_asked_again(new: Sequence[Goal], name: str) -> str:
    if not new:
        return ""
    names = join_names([g.name for g in new])
    verb, it = ("is", "it") if len(new) == 1 else ("are", "them")
    return f"{names} {verb} in play since {name}'s goals were entered: answer {it} too"


def _boxes_when_finished(data: Mapping[str, Any]) -> tuple[Any, ...] | None:
    """The setup's boxes as the round was last finished (None: not finished, or a setup
    that recorded no boxes)."""
    boxes: tuple[Any, ...] | None = None
    when = None
    for entry in data.get("log", []):
        if not isinstance(entry, Mapping) or entry.get("partial"):
            continue
        values = entry.get("values", {})
        if entry.get("step") == "setup" and isinstance(values, Mapping) and "boxes" in values:
            boxes = tuple(values.get(k) for k in SETUP_BOXES)
        elif entry.get("step") == FINISH_ROUND:
            when = boxes
    return when


def _boxes_now(data: Mapping[str, Any]) -> tuple[Any, ...]:
    boxes = expansions_of(data).boxes
    return choice_of(boxes), "new-worlds" in boxes


def checklist_asked_again(data: Mapping[str, Any]) -> str:
    """Why the finish-the-round checklist is asked again ("" when it is not)."""
    then = _boxes_when_finished(data)
    if then is None or then == _boxes_now(data):
        return ""
    return "The boxes changed since the round was finished: tick its items again"


def setup_resets(data: Mapping[str, Any], values: Mapping[str, Any]) -> str:
    """What the setup's boxes ask again: the checklist, once the round was finished."""
    chosen = BOX_CHOICES.get(str(values.get("boxes")))
    if chosen is None or FINISH_ROUND not in latest_answers(data):
        return ""
    if (str(values.get("boxes")), bool(values.get("new_worlds"))) == _boxes_now(data):
        return ""
    return "The finish-the-round checklist is asked again: the boxes change its items."


def options_resets(data: Mapping[str, Any], values: Mapping[str, Any]) -> str:
    """What changing the goal tiles in play undoes: the tiles taken out of play drop what
    players hold or tie for; a tile put in play asks the goals already entered again."""
    offered = goals_for(expansions_of(data).boxes)
    before = {g.name for g in expansions_of(data).goals}
    after = {g.name for g in offered if values.get(goal_key(g))}
    players = [p for p in data.get("players", []) if isinstance(p, Mapping)]
    said = []
    lost = [f"{p.get('name')}'s {name}" for name in sorted(before - after) for p in players
            if goal_spelling(name) in names_in(p, "goals") | names_in(p, "goals_tied")]
    if lost:
        said.append(f"{join_names(lost)} {'is' if len(lost) == 1 else 'are'} dropped: "
                    "out of play, a tile scores for no one.")
    entered = [str(p.get("name")) for p in players if "goals" in p]
    added = [g.name for g in offered if g.name in after - before]
    if added and entered:
        said.append(f"The goals of {join_names(entered)} are asked again for "
                    f"{join_names(added)}.")
    return " ".join(said)
