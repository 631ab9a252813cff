"""Each player's goals, prestige and invasion awards at the end: the step that asks them,
pre-filled with what the cards decide (goal_standing.py), and how its answers are recorded
(save-format.md: `goals`, `goals_tied`, `prestige`, `invasion_awards` per player)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from lastround.games.base import Data, Field, RulesError, Step
from lastround.games.rftg.asked_again import goals_asked_again, new_goals
from lastround.games.rftg.box_steps import GOAL_RULES, expansions_of, goal_help, goal_key, has
from lastround.games.rftg.boxes import Goal
from lastround.games.rftg.cards import DEFAULT_EDITION, Card, deck
from lastround.games.rftg.expansions import Expansions, double_tile
from lastround.games.rftg.goal_standing import Answer, Standing, first_goals_met, standings
from lastround.games.words import join_names

MOST_ANSWERS = ("no", "holds the tile", "tied, no tile")
SAID: dict[Answer, str] = {"no": MOST_ANSWERS[0], "holds": MOST_ANSWERS[1],
                           "tied": MOST_ANSWERS[2]}
STANDING_WIDTH = 76  # a standing and its verdict on one line of an 80-column terminal
PRE_FILLED = "pre-filled from the cards: change what the table saw otherwise."


def listed_cards(data: Mapping[str, Any], player: Mapping[str, Any],
                 boxes: tuple[str, ...]) -> tuple[Card, ...] | None:
    """A player's listed cards, None when not listed (the quick entry's totals) or when a
    name is no card in play (the file's own checks say why)."""
    names = player.get("tableau")
    edition = data.get("edition", DEFAULT_EDITION)
    if not isinstance(names, list) or edition not in ("1st", "2nd"):
        return None
    printed = deck(str(edition), boxes)
    cards = [printed.get(str(n)) for n in names]
    return None if None in cards else tuple(c for c in cards if c is not None)


def table_standings(data: Mapping[str, Any]) -> tuple[Standing, ...]:
    """Every "most" goal in play's standing among the seated players."""
    expansions = expansions_of(data)
    players = [p for p in data.get("players", []) if isinstance(p, Mapping)]
    if not any(g.kind == "most" for g in expansions.goals) or not players:
        return ()
    tableaux = [listed_cards(data, p, expansions.boxes) for p in players]
    return standings(expansions.goals, players, tableaux)


def _holders(players: Sequence[Mapping[str, Any]], goal: Goal) -> list[int]:
    return [i for i, p in enumerate(players) if has(p, "goals", goal)]


def cards_answer(standing: Standing, players: Sequence[Mapping[str, Any]],
                 index: int) -> Answer | None:
    """Player `index`'s answer by the cards, given what the table confirmed of the others:
    a tied player the table recorded without the tile leaves it to the next; another
    player recorded holding it keeps it (this one is then tied at most)."""
    holders = [i for i in _holders(players, standing.goal) if i != index]
    answered = frozenset(i for i, p in enumerate(players) if i != index and "goals" in p)
    answers = standing.answers(holders[0] if holders else None, answered)
    if answers is None:
        return None
    answer = answers[index]
    return "tied" if answer == "holds" and holders else answer


def _most_field(goal: Goal, player: Mapping[str, Any], answer: Answer | None,
                new: bool) -> Field:
    if "goals" in player and not new:  # confirmed: the table's answer stands
        saved = 1 if has(player, "goals", goal) else 2 if has(player, "goals_tied", goal) else 0
        default = MOST_ANSWERS[saved]
    else:
        default = SAID[answer or "no"]
    return Field(goal_key(goal), goal.name, kind="choice", choices=MOST_ANSWERS,
                 default=default, help=goal_help(goal))


def _goal_fields(data: Mapping[str, Any], expansions: Expansions, index: int,
                 found: Sequence[Standing], new: set[str]) -> list[Field]:
    players = data["players"]
    player = players[index]
    by_goal = {s.goal.name: s for s in found}
    fields = []
    for goal in expansions.goals:
        if goal.kind == "first":
            fields.append(Field(goal_key(goal), goal.name, kind="bool",
                                default=has(player, "goals", goal),
                                help=goal_help(goal)))
        else:
            standing = by_goal.get(goal.name)
            answer = cards_answer(standing, players, index) if standing else None
            fields.append(_most_field(goal, player, answer, goal.name in new))
    return fields


def standing_text(found: Sequence[Standing]) -> str:
    """The "most" goals' standing, one line each, and what the cards decide."""
    lines = []
    for standing in found:
        line, verdict = standing.line(), standing.verdict()
        joined = f"{line}: {verdict}."
        lines.append(joined if len(joined) <= STANDING_WIDTH else f"{line}\n  {verdict}.")
    return "\n".join(lines)


def player_goals_step(data: Mapping[str, Any], index: int, name: str,
                      found: Sequence[Standing] = (),
                      logged: Mapping[str, Any] | None = None) -> Step | None:
    """Player `index`'s goals step; `found`: the table's standings (table_standings),
    `logged`: the values it was last confirmed with."""
    expansions = expansions_of(data)
    if not expansions.goals and not expansions.prestige and not expansions.xeno_game:
        return None
    player = data["players"][index]
    new = new_goals(expansions.goals, logged)
    fields = _goal_fields(data, expansions, index, found, {g.name for g in new})
    if expansions.prestige:
        fields.append(Field("prestige", "Prestige", "int", minimum=0, maximum=99, blank=0,
                            default=player.get("prestige"),
                            help="Prestige left at the end: 1 VP each; empty counts 0."))
    if expansions.xeno_game:
        fields.append(Field("invasion_awards", "Invasion awards (VP)", "int", minimum=0,
                            maximum=INVASION_AWARDS_MOST,
                            default=player.get("invasion_awards"), help=awards_help(expansions)))
    what = [word for word, played in (("goals", expansions.goals),
                                      ("prestige", expansions.prestige),
                                      ("invasion awards", expansions.xeno_game)) if played]
    text = _goals_step_text(name, expansions)
    if any(s.known for s in found):
        text = f"{text.removesuffix('.')}, {PRE_FILLED}"
    met = first_goals_met(expansions.goals, listed_cards(data, player, expansions.boxes))
    if met:
        text += (f"\nBy the cards {name} meets {join_names([g.name for g in met])} now: "
                 "whether first is the table's to say.")
    if found:
        text = f"{standing_text(found)}\n{text}"
    return Step(f"goals-{index}", f"{name}: {' and '.join(what)}", kind="form", player=index,
                fields=tuple(fields), text=text,
                ask_again=tile_held_before(data, index) or goals_asked_again(new, name),
                help=" ".join(rule for rule, played in (
                    (GOAL_RULES, expansions.goals),
                    ("Prestige left at the end scores 1 VP each.", expansions.prestige),
                    (awards_help(expansions), expansions.xeno_game)) if played))


def _goals_step_text(name: str, expansions: Expansions) -> str:
    """What the player's step asks: "Mark the goal tiles Ada holds at the end, and count
    Ada's prestige (empty counts 0)."."""
    asks = [f"mark the goal tiles {name} holds at the end"] if expansions.goals else []
    if expansions.prestige:
        asks.append(f"count {name}'s prestige (empty counts 0)")
    if expansions.xeno_game:
        asks.append(f"add up {name}'s invasion awards")
    said = ", and ".join(asks)
    return said[:1].upper() + said[1:] + "."


# The invasion game's award tokens and bonus tiles, entered as the VP they show. The box
# holds 25 award tokens, twenty of 1 VP and five of 5, and 2 bonus tiles (the contents list
# of Ystari's rulebook, "Invasion Xeno"); the tiles' values are not at hand here, so the
# table adds up its own.
INVASION_AWARDS_MOST = 200
AWARDS_HELP = (
    "Xeno Invasion's invasion game: add up the VP of the award tokens this player earned "
    "(goods given to the war effort, Xenos defeated), each showing 1 or 5 VP, and of any "
    "end-of-game bonus tile they took, as printed on it. Last Round does not know the bonus "
    "tiles' values: it adds what you type, shown as its own line.")


# Xeno Counterstrike's rulebook was not found: what its counterstrike game scores beyond
# the cards and chips is the table's to add (boxes.py, [XC]).
COUNTERSTRIKE_AWARDS_HELP = (
    "The counterstrike game begins as the invasion game: add its awards the same way, and "
    "any other VP the counterstrike game's rules give this player. Not confirmed: no "
    "rulebook of Xeno Counterstrike was at hand, so Last Round adds what you type.")


def awards_help(expansions: Expansions) -> str:
    """What the awards field asks, in the invasion or the counterstrike game."""
    return AWARDS_HELP + (" " + COUNTERSTRIKE_AWARDS_HELP if expansions.counterstrike else "")


def held_elsewhere(data: Mapping[str, Any], index: int, goal: Goal) -> str:
    """Why player `index` can't hold `goal`'s tile: another player holds it ("" when none
    does, or the goal is a "first" one)."""
    if goal.kind != "most":
        return ""
    players = data.get("players", [])
    others = [i for i in _holders(players, goal) if i != index]
    if not others:
        return ""
    holder, this = players[others[0]].get("name"), players[index].get("name")
    return (f"{goal.name} has one tile and {holder} holds it already: mark {this} tied "
            f"(or go back to {holder}'s goals to move the tile)")


def tile_held_before(data: Mapping[str, Any], index: int) -> str:
    """Why player `index`'s recorded goals can't stand: a "most" tile they are marked
    holding that a player before them holds too ("" when none)."""
    players = data.get("players", [])
    for goal in expansions_of(data).goals:
        earlier = [i for i in _holders(players, goal) if i < index]
        if goal.kind == "most" and has(players[index], "goals", goal) and earlier:
            return double_tile(goal, str(players[earlier[0]].get("name")),
                               str(players[index].get("name")))
    return ""


def apply_player_goals(data: Data, index: int, values: Mapping[str, Any]) -> None:
    """Record a player's goals; RulesError (at the goal) for a "most" tile another player
    holds."""
    expansions = expansions_of(data)
    player = data["players"][index]
    held, tied = [], []
    for goal in expansions.goals:
        answer = values.get(goal_key(goal))
        if answer is True or answer == MOST_ANSWERS[1]:
            problem = held_elsewhere(data, index, goal)
            if problem:
                raise RulesError(goal_key(goal), problem)
            held.append(goal.name)
        elif answer == MOST_ANSWERS[2]:
            tied.append(goal.name)
    if expansions.goals:
        player["goals"], player["goals_tied"] = held, tied
    if "prestige" in values:
        player["prestige"] = int(values["prestige"])
    if "invasion_awards" in values:
        player["invasion_awards"] = int(values["invasion_awards"])
