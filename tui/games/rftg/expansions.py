"""A session's expansion keys, read and checked: the boxes, the goal tiles, the two-player
advanced game, the invasion and counterstrike games, and each player's goals and prestige.

A file without them is a base-game file. A key or goal of a box that is not in `expansions`
is refused, naming it and its box. Pure; each problem raises RulesError naming the key.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from lastround.games.base import RulesError, name_key
from lastround.games.rftg.boxes import BOXES, GOALS, Goal, box_problem, has_prestige, max_players


@dataclass(frozen=True)
class Expansions:
    """The table's boxes and what they bring to it."""

    boxes: tuple[str, ...] = ()
    goals: tuple[Goal, ...] = ()  # the tiles in play
    advanced: int = 0
    invasion: bool = False
    takeovers: bool = False  # played with Rebel vs Imperium's takeovers
    counterstrike: bool = False  # Xeno Counterstrike's counterstrike game

    @property
    def prestige(self) -> bool:
        return has_prestige(self.boxes)

    @property
    def xeno_game(self) -> bool:
        """The invasion or the counterstrike game, which begins as an invasion: the Xeno
        waves and the players' awards."""
        return self.invasion or self.counterstrike


@dataclass(frozen=True)
class PlayerGoals:
    """What a player scores beyond the base game."""

    held: tuple[Goal, ...] = ()
    tied: tuple[Goal, ...] = ()  # "most" goals tied for at the end without the tile
    prestige: int = 0
    invasion_awards: int = 0  # the VP of the invasion game's award tokens and bonus tiles


BASE_GAME = Expansions()
NO_GOALS = PlayerGoals()


def _strings(value: Any, key: str, what: str) -> tuple[str, ...]:
    if isinstance(value, str) or not isinstance(value, Sequence) \
            or not all(isinstance(v, str) for v in value):
        raise RulesError(key, f"must be a list of {what}")
    if len({v.casefold() for v in value}) < len(value):
        raise RulesError(key, f"names one of the {what} twice")
    return tuple(value)


def goal_spelling(name: str) -> str:
    """A goal tile's name as it is matched: width- and case-folded (NFKC, casefold), with
    outer and repeated spaces of any kind (no-break, ideographic, tab) ignored."""
    return " ".join(name_key(name).split())


_GOALS_BY_SPELLING = {goal_spelling(name): goal for name, goal in GOALS.items()}


def _goal(name: str, key: str, boxes: tuple[str, ...]) -> Goal:
    goal = _GOALS_BY_SPELLING.get(goal_spelling(name))
    if goal is None:
        raise RulesError(key, f'"{name}" is no goal tile; the tiles are: {", ".join(GOALS)}')
    if goal.box not in boxes:
        raise RulesError(key, f'"{goal.name}" is a goal of {BOXES[goal.box].title}, '
                         "which is not in expansions")
    return goal


def _goals(names: tuple[str, ...], key: str, boxes: tuple[str, ...]) -> tuple[Goal, ...]:
    """The tiles these names match, each at most once: two spellings of one tile (a space or
    a letter's case or width apart) are one tile named twice, never scored twice."""
    goals = tuple(_goal(name, key, boxes) for name in names)
    for index, goal in enumerate(goals):
        if goal in goals[:index]:
            raise RulesError(key, f'names the goal tile "{goal.name}" twice')
    return goals


def _box_key(data: Mapping[str, Any], key: str, box: str, boxes: tuple[str, ...]) -> None:
    if key in data and box not in boxes:
        raise RulesError(key, f"belongs to {BOXES[box].title}, which is not in expansions")


def read_expansions(data: Mapping[str, Any]) -> Expansions:
    """The table's boxes and options; RulesError for a box, goal or key that can't be."""
    boxes = _strings(data.get("expansions", []), "expansions", "boxes")
    problem = box_problem(boxes)
    if problem:
        raise RulesError("expansions", problem)
    goals = _goals(_strings(data.get("goals", []), "goals", "goal tiles"), "goals", boxes)
    advanced = data.get("advanced", 0)
    if type(advanced) is not int or advanced not in (0, 1):  # not 1.0, not true
        raise RulesError("advanced", "must be 0 or 1 (the two-player advanced game)")
    _box_key(data, "invasion", "xeno-invasion", boxes)
    invasion = data.get("invasion", False)
    if not isinstance(invasion, bool):
        raise RulesError("invasion", "must be true or false")
    _box_key(data, "takeovers", "rebel-vs-imperium", boxes)
    takeovers = data.get("takeovers", False)
    if not isinstance(takeovers, bool):
        raise RulesError("takeovers", "must be true or false")
    return Expansions(boxes, goals, int(advanced), invasion, takeovers,
                      _counterstrike(data, boxes, invasion))


def _counterstrike(data: Mapping[str, Any], boxes: tuple[str, ...], invasion: bool) -> bool:
    """The counterstrike game: Xeno Counterstrike's, needing Xeno Invasion too, and played
    instead of the invasion game it begins as."""
    _box_key(data, "counterstrike", "xeno-counterstrike", boxes)
    counterstrike = data.get("counterstrike", False)
    if not isinstance(counterstrike, bool):
        raise RulesError("counterstrike", "must be true or false")
    if counterstrike and "xeno-invasion" not in boxes:
        raise RulesError("counterstrike", "the counterstrike game needs Xeno Invasion too: "
                         'add "xeno-invasion" to expansions')
    if counterstrike and invasion:
        raise RulesError("counterstrike", "the counterstrike game is played instead of the "
                         "invasion game it begins as: set invasion = false")
    return counterstrike


def boxes_in(data: Mapping[str, Any]) -> tuple[str, ...]:
    """The boxes a session plays with, for showing and searching its cards while it is
    entered: the base game alone when its `expansions` can't be read (the file's own checks
    say why)."""
    try:
        return read_expansions(data).boxes
    except RulesError:
        return ()


def check_seats(players: int, expansions: Expansions) -> None:
    """Five players need a box with a fifth player's cards, six Rebel vs Imperium; the
    advanced game is a two-player game."""
    if expansions.advanced and players != 2:
        raise RulesError("advanced", f"the advanced game is for two players, not {players}: "
                         "set advanced = 0")
    most = max_players(expansions.boxes)
    if players > most:
        boxes = [BOXES[b].title for b in BOXES if BOXES[b].max_players >= players]
        with_boxes = "the base game alone" if not expansions.boxes else "these boxes"
        raise RulesError("players", f"Race for the Galaxy scores 2 to {most} players with "
                         f"{with_boxes}, not {players}: {players} need "
                         f"{' or '.join(boxes) or 'a box for them'}")


def read_player_goals(player: Mapping[str, Any], path: str,
                      expansions: Expansions) -> PlayerGoals:
    """A player's goal tiles, the "most" goals they tie for, their prestige."""
    boxes = expansions.boxes
    in_play = set(expansions.goals)
    found: dict[str, tuple[Goal, ...]] = {}
    for key in ("goals", "goals_tied"):
        where = f"{path}.{key}"
        names = _strings(player.get(key, []), where, "goal tiles")
        goals = _goals(names, where, boxes)
        for goal in goals:
            if goal not in in_play:
                raise RulesError(where, f'"{goal.name}" is not among the goals in play')
        found[key] = goals
    for goal in found["goals_tied"]:
        if goal.kind != "most":
            raise RulesError(f"{path}.goals_tied", f'"{goal.name}" is a "first" goal: '
                             "every player reaching it in the same phase holds it")
        if goal in found["goals"]:
            raise RulesError(f"{path}.goals_tied",
                             f'"{goal.name}" is held: a player tied without the tile '
                             "does not hold it")
    prestige = _box_count(player, path, "prestige", expansions.prestige,
                          "belongs to The Brink of War, which is not in expansions")
    awards = _box_count(player, path, "invasion_awards", expansions.xeno_game,
                        "belongs to Xeno Invasion's invasion game, which was not played "
                        "(invasion is not true), or to Xeno Counterstrike's counterstrike "
                        "game (counterstrike = true)")
    return PlayerGoals(found["goals"], found["goals_tied"], prestige, awards)


def _box_count(player: Mapping[str, Any], path: str, key: str, played: bool,
               not_played: str) -> int:
    """A player's count a box brings (0 when absent): refused, saying `not_played`, when
    that box or game is not played."""
    if key not in player:
        return 0
    if not played:
        raise RulesError(f"{path}.{key}", not_played)
    value = player[key]
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise RulesError(f"{path}.{key}", "must be a whole number, 0 or more")
    return int(value)


def check_most_goals(held: Sequence[PlayerGoals], names: Sequence[str]) -> None:
    """A "most" goal's one tile is held by one player at most: RulesError naming both
    players otherwise (keyed at the second one's goals)."""
    holders: dict[str, int] = {}
    for index, goals in enumerate(held):
        for goal in goals.held:
            if goal.kind == "most" and goal.name in holders:
                raise RulesError(f"players[{index}].goals",
                                 double_tile(goal, names[holders[goal.name]], names[index]))
            holders[goal.name] = index


def double_tile(goal: Goal, first: str, second: str) -> str:
    """Why two players can't both hold a "most" goal's tile, by name."""
    return (f"{goal.name} has one tile, but {first} and {second} are both marked holding "
            "it: mark tied the one who did not reach it first")
