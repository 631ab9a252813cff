"""Race for the Galaxy's log read as a whole: entries only a box's steps write, in a game that
never played a box, and a "most" goal's one tile taken by a second player while another still
holds it. Each is an entry the app never writes. Pure; each raises RulesError naming the entry.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from lastround.games.base import RulesError
from lastround.games.rftg.box_steps import boxes_chosen, goal_key, has
from lastround.games.rftg.boxes import GOALS
from lastround.games.rftg.player_goals import MOST_ANSWERS
from lastround.games.words import shortened

# The steps only a box asks: the goal tiles and options, each player's goals or prestige.
BOX_STEPS = ("options", "goals-")
# Each "most" goal by its field key: the goals steps answer it "holds the tile", "tied", "no".
MOST_GOALS = {goal_key(goal): goal for goal in GOALS.values() if goal.kind == "most"}
HOLDS = MOST_ANSWERS[1]


def check_log_entries(data: Mapping[str, Any], boxes: Sequence[str]) -> None:
    """The log's entries as the app could have written them (`boxes`: the file's own), read
    in one pass (a long game logs thousands of end checks).

    A base-game file never logs the options step or a player's goals step: only a box's goal
    tiles, prestige or options ask them ([TGS] [RvI] [BoW] [XI] each box's goals and options;
    rftg-end-and-scoring.txt: goals and prestige "are not part of this ... base-game guide").
    """
    holders = Holders(data.get("players", []))
    first_box_step: tuple[int, str] | None = None
    ever_a_box = bool(boxes)
    for index, entry in enumerate(data.get("log", [])):
        step, values = str(entry.get("step")), entry.get("values", {})
        if step == "setup":
            ever_a_box = ever_a_box or chooses_a_box(values)
        elif step.startswith(BOX_STEPS) and first_box_step is None:
            first_box_step = index, step
        holders.follow(index, step, entry, values)
    if first_box_step is not None and not ever_a_box:
        index, step = first_box_step
        raise RulesError(f"log[{index}].step", f"{shortened(step)!r} is asked only with an "
                         "expansion's goals or options, and this game never played one: "
                         "base game only")


def chooses_a_box(values: Mapping[str, Any]) -> bool:
    """Whether a setup's answer chose a box (one that can't be read counts as one: it is not
    this check's to refuse)."""
    if "boxes" not in values:
        return False
    try:
        return bool(boxes_chosen(values))
    except RulesError:
        return True


class Holders:
    """A "most" goal has one tile ([engine] Keldon Jones's engine, github.com/bnordli/rftg
    src/engine.c `check_goals`: goal_claimed goes to one player, and passes only to a player
    with more): the goals steps never record a second player holding it while the entries
    before leave it with another (tied players score without it, any number of them).

    The tile's holder is followed through the log: a player's goals entry holding it takes
    it, one without it lets it go; the options step taking it out of play, or a setup (the
    seats and boxes may change), leaves it with no one. Where the player's own table holds
    the tile too, the file is no damage: their goals step asks it again (player_goals.py)."""

    def __init__(self, players: Sequence[Mapping[str, Any]]) -> None:
        self.holders: dict[str, str] = {}
        self.tables = {str(p.get("name")): p for p in players}

    def follow(self, index: int, step: str, entry: Mapping[str, Any],
               values: Mapping[str, Any]) -> None:
        if step == "setup":
            self.holders.clear()
        elif step == "options":
            for key in MOST_GOALS:
                if values.get(key) is not True:
                    self.holders.pop(key, None)
        elif step.startswith("goals-"):
            self.goals_entry(index, str(entry.get("player", step)), values)

    def goals_entry(self, index: int, who: str, values: Mapping[str, Any]) -> None:
        for key, goal in MOST_GOALS.items():
            holder = self.holders.get(key)
            if values.get(key) == HOLDS:
                if holder not in (None, who) and not has(self.tables.get(who, {}), "goals",
                                                         goal):
                    raise RulesError(f"log[{index}].values.{key}",
                                     one_tile(goal.name, str(holder), who))
                self.holders[key] = who
            elif holder == who:
                del self.holders[key]


def one_tile(goal: str, holder: str, second: str) -> str:
    return (f'{shortened(second)} is marked holding {goal}, which {shortened(holder)} holds '
            'by the entries before: a "most" goal has one tile (mark the others tied)')
