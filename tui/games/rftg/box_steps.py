"""What the expansions add to the steps: the boxes at setup, the goal tiles and options in
play, each player's goals and prestige, the end check's extra triggers, the last round's
extra items; and how their answers are recorded in the session's keys (save-format.md).

A session without expansions gets none of it: its steps are the base game's.
"""

from __future__ import annotations

import copy
from collections.abc import Mapping
from typing import Any

from lastround.games.base import Data, Field, RulesError, Step
from lastround.games.rftg.boxes import (
    BOX_CHOICES,
    BOXES,
    FIRST_VP,
    GOALS_DRAWN,
    MOST_VP,
    PRESTIGE_END,
    TIED_VP,
    Goal,
    choice_of,
    goals_for,
    has_takeovers,
)
from lastround.games.rftg.entries import edition_of
from lastround.games.rftg.expansions import (
    BASE_GAME,
    Expansions,
    check_seats,
    goal_spelling,
    read_expansions,
)
from lastround.games.rftg.tableau import tableau_problems
from lastround.games.seats import others_cards

SETUP_BOX_KEYS = ("boxes", "new_worlds")  # the setup's answers recorded as `expansions`

# Where Xeno Counterstrike's end and pool come from (boxes.py, [XC]), said wherever they act.
COUNTERSTRIKE_SOURCE = (
    "Xeno Counterstrike's end at 15 tableau cards, its pool of 15 VP a player and its five "
    "seats only with Xeno Invasion come from the designer's description of the box: its "
    "rulebook was not at hand.")


def expansions_of(data: Mapping[str, Any]) -> Expansions:
    """The session's boxes and options, the base game alone while they don't read."""
    try:
        return read_expansions(data)
    except RulesError:
        return BASE_GAME


def boxes_played(data: Mapping[str, Any]) -> tuple[tuple[str, int | None], ...]:
    """The expansions of the session, each as (title, BoardGameGeek id or None), for the
    exports and history (GamePlugin.boxes_of)."""
    return tuple((BOXES[b].title, BOXES[b].bgg_id) for b in expansions_of(data).boxes)


def goal_key(goal: Goal) -> str:
    """A goal's field key: "Peace/War Leader" -> peace-war-leader."""
    return "-".join("".join(c for c in word if c.isalnum())
                    for word in goal.name.casefold().replace("/", " ").split())


def names_in(player: Mapping[str, Any], key: str) -> set[str]:
    """The goal names a player's `goals` or `goals_tied` lists, spelled as the reader matches
    them (expansions.goal_spelling): a hand-edited file may write "greatest  military"."""
    listed = player.get(key, [])
    return {goal_spelling(str(n)) for n in listed} if isinstance(listed, list) else set()


def has(player: Mapping[str, Any], key: str, goal: Goal) -> bool:
    return goal_spelling(goal.name) in names_in(player, key)


# --- setup -------------------------------------------------------------------------------------


def setup_fields(data: Mapping[str, Any]) -> tuple[Field, ...]:
    boxes = expansions_of(data).boxes
    return (
        Field("boxes", "Expansions", kind="choice", choices=tuple(BOX_CHOICES),
              default=choice_of(boxes),
              help="The boxes shuffled in. The Gathering Storm, Rebel vs Imperium and The "
              "Brink of War are one story arc, each played with the ones before it; Alien "
              "Artifacts is played with the base game alone, and so is the third arc: Xeno "
              "Invasion, Xeno Counterstrike, or both. They decide the cards, the seats (5 "
              "with The Gathering Storm, Alien Artifacts or Xeno Invasion, 6 with Rebel vs "
              "Imperium), the VP pool and how the game ends. Xeno Counterstrike brings six "
              "start worlds (numbered 10 to 15) and Frontier worlds of a near and a far "
              "deck. " + COUNTERSTRIKE_SOURCE),
        Field("new_worlds", "New Worlds promo", kind="bool", default="new-worlds" in boxes,
              help="The six promo start worlds (Gateway Station, Star Nomad Raiders and "
              "the others), shuffled in with any boxes."),
    )


def boxes_chosen(values: Mapping[str, Any]) -> tuple[str, ...]:
    """The boxes the setup's answers choose, as `expansions` lists them (RulesError keyed
    `boxes` for a choice the setup doesn't offer)."""
    chosen = BOX_CHOICES.get(str(values["boxes"]))
    if chosen is None:
        raise RulesError("boxes", f"must be one of: {', '.join(BOX_CHOICES)}")
    return chosen + (("new-worlds",) if values.get("new_worlds") else ())


def apply_boxes(data: Data, values: Mapping[str, Any]) -> None:
    """Record the setup's boxes as `expansions` (none: the key is left out, a base-game
    file); RulesError when the players are more than the boxes seat."""
    if "boxes" not in values:
        return
    boxes = boxes_chosen(values)
    expansions = Expansions(boxes)
    try:
        check_seats(len(values.get("players", data.get("players", []))), expansions)
    except RulesError as refused:  # said under the expansions chosen
        raise RulesError("boxes", refused.message) from None
    _check_tableaux_keep(data, boxes)
    if boxes:
        data["expansions"] = list(boxes)
        offered = {goal_spelling(g.name) for g in goals_for(boxes)}  # those of boxes left go
        data["goals"] = [n for n in data.get("goals", []) if goal_spelling(str(n)) in offered]
    else:
        for key in ("expansions", "goals", "advanced"):
            data.pop(key, None)
    if "xeno-invasion" not in boxes:
        data.pop("invasion", None)
    if "xeno-invasion" not in boxes or "xeno-counterstrike" not in boxes:
        data.pop("counterstrike", None)
    if not has_takeovers(boxes):
        data.pop("takeovers", None)
    _drop_what_the_boxes_lost(data, expansions)


def _check_tableaux_keep(data: Mapping[str, Any], boxes: tuple[str, ...]) -> None:
    """The tableaux listed stay tableaux of these boxes: a card only a box left out prints
    (or more copies than its deck holds) refuses the change, naming the player and card."""
    for seat, player in enumerate(data.get("players", [])):
        cards = player.get("tableau") if isinstance(player, Mapping) else None
        if not isinstance(cards, list):
            continue
        problem = tableau_problems([str(c) for c in cards], edition_of(data),
                                   others_cards(data, seat), boxes)
        if problem:
            raise RulesError("boxes", f"{player.get('name')}'s tableau: {problem}. Keep the "
                             "boxes, or change that tableau first.")


def _drop_what_the_boxes_lost(data: Data, expansions: Expansions) -> None:
    """A player's goals and prestige of boxes no longer played are no longer theirs, nor
    are the end checks' answers those boxes asked."""
    kept = {goal_spelling(str(n)) for n in data.get("goals", [])}
    for player in data.get("players", []):
        for key in ("goals", "goals_tied"):
            if key in player:
                player[key] = [n for n in player[key] if goal_spelling(str(n)) in kept]
                if not kept:
                    del player[key]
        if not expansions.prestige:
            player.pop("prestige", None)
        if not expansions.xeno_game:
            player.pop("invasion_awards", None)
    for check in data.get("end_checks", []):  # the end check's answers those boxes asked
        if not expansions.prestige:
            check.pop("most_prestige", None)
        if not expansions.invasion:
            check.pop("repulsed", None)
            check.pop("empires_fell", None)
        if not expansions.counterstrike:
            check.pop("military_victory", None)


def what_boxes_drop(data: Mapping[str, Any], values: Mapping[str, Any]) -> list[str]:
    """The players whose goals or prestige the setup's boxes would drop."""
    trial: Data = copy.deepcopy(dict(data))
    try:
        apply_boxes(trial, values)
    except RulesError:
        return []  # refused at Enter, with the reason
    keys = ("goals", "goals_tied", "prestige", "invasion_awards")
    return [str(before.get("name", "")) for before, after
            in zip(data.get("players", []), trial.get("players", []), strict=False)
            if any(before.get(k) != after.get(k) for k in keys)]


# --- the goal tiles and options in play ---------------------------------------------------------


def options_step(data: Mapping[str, Any]) -> Step | None:
    """Which goal tiles are in play, Xeno Invasion's invasion game, the two-player advanced
    game: asked once the boxes are known (None when the boxes ask nothing)."""
    expansions = expansions_of(data)
    if not expansions.boxes:
        return None
    in_play = set(expansions.goals)
    fields = [Field(goal_key(g), g.name, kind="bool", default=g in in_play,
                    group=f"{'First' if g.kind == 'first' else 'Most'} goals in play",
                    help=goal_help(g))
              for g in goals_for(expansions.boxes)]
    if "xeno-invasion" in expansions.boxes:
        fields.append(Field("invasion", "Invasion game", kind="bool",
                            default=expansions.invasion, group="Options",
                            help="Xeno Invasion's invasion game: Xeno waves each round "
                            "from the third, and two more ways for the game to end."))
    if {"xeno-invasion", "xeno-counterstrike"} <= set(expansions.boxes):
        fields.append(Field("counterstrike", "Counterstrike game", kind="bool",
                            default=expansions.counterstrike, group="Options",
                            help=COUNTERSTRIKE_GAME_HELP))
    if has_takeovers(expansions.boxes):
        fields.append(Field("takeovers", "Takeovers", kind="bool",
                            default=expansions.takeovers, group="Options",
                            help="Rebel vs Imperium's takeovers of military worlds, an "
                            "option: played with them, the last round resolves them."))
    if len(data.get("players", [])) == 2:
        fields.append(Field("advanced", "Advanced 2-player game", kind="bool",
                            default=bool(expansions.advanced), group="Options",
                            help="Each player chose two actions a round (recorded only)."))
    if not fields:
        return None
    drawn = (f" Setup draws {GOALS_DRAWN['first']} \"first\" and {GOALS_DRAWN['most']} "
             "\"most\" goals; leave every tile at no for a game without goals."
             if any(f.group.endswith("goals in play") for f in fields) else "")
    counterstrike = any(f.key == "counterstrike" for f in fields)
    return Step("options", "Goals and options", kind="form", fields=tuple(fields),
                text="Mark the goal tiles on the table and the options played." + drawn
                + (COUNTERSTRIKE_OPTION if counterstrike else ""), help=GOAL_RULES)


COUNTERSTRIKE_OPTION = (
    " The counterstrike game, played instead of the invasion game, has no tableau end, a "
    "pool of 30 VP a player and ends on a military victory: from the designer's "
    "description, not a rulebook.")
COUNTERSTRIKE_GAME_HELP = (
    "Xeno Counterstrike's counterstrike game, played instead of the invasion game it "
    "begins as: once the Xenos are repulsed the empires strike back. A tableau's size no "
    "longer ends it; the pool holds 30 VP a player, and a military victory over the Xenos "
    "ends it too. From the designer's description: the rulebook was not at hand, so what "
    "a military victory is and what the game scores beyond cards and chips are the "
    "table's to say.")


def goal_help(goal: Goal) -> str:
    least = f" (at least {goal.minimum})" if goal.kind == "most" else ""
    return f"{goal.kind.capitalize()} goal, {goal.vp} VP: {goal.condition}{least}."


def apply_options(data: Data, values: Mapping[str, Any]) -> None:
    boxes = expansions_of(data).boxes
    data["goals"] = [g.name for g in goals_for(boxes) if values.get(goal_key(g))]
    if values.get("invasion") and values.get("counterstrike"):
        raise RulesError("counterstrike", "the counterstrike game is played instead of the "
                         "invasion game it begins as: mark one of them")
    if "invasion" in values:
        data["invasion"] = bool(values["invasion"])
    if "counterstrike" in values:
        data["counterstrike"] = bool(values["counterstrike"])
    if "advanced" in values:
        data["advanced"] = int(bool(values["advanced"]))
    if "takeovers" in values:
        data["takeovers"] = bool(values["takeovers"])
    _drop_what_the_boxes_lost(data, expansions_of(data))  # a tile out of play scores for no one


# --- each player's goals and prestige ------------------------------------------------------------

GOAL_RULES = (
    f'A "first" goal is worth {FIRST_VP} VP to each player who reaches it first: players '
    "reaching it in the same phase each hold it. "
    f'A "most" goal is worth {MOST_VP} VP to the one player holding its tile at the end: '
    "it goes to a player with more than everyone else and at least its minimum, and passes "
    "only to a player who then has more. "
    f"A player tied at the end for a \"most\" goal without holding its tile scores {TIED_VP} "
    "VP, as Keldon's engine and BoardGameArena score it."
)


# --- the end check and the last round ------------------------------------------------------------


def end_check_fields(data: Mapping[str, Any], earlier: Mapping[str, Any] | None,
                     this: Mapping[str, Any] | None) -> tuple[Field, ...]:
    """The end check's questions the boxes add, pre-filled from the check's own answer or
    the one before."""
    expansions = expansions_of(data)
    known = this or earlier or {}
    fields = []
    if expansions.prestige:
        fields.append(Field("most_prestige", "Most prestige any one player has", "int",
                            minimum=0, maximum=99, default=known.get("most_prestige"),
                            help=f"{PRESTIGE_END} or more ends the game at the end of "
                            "this round (The Brink of War)."))
    if expansions.counterstrike:
        fields.append(Field("military_victory", "Military victory over the Xenos",
                            kind="bool", default=bool((this or {}).get("military_victory")),
                            help="The counterstrike game ends on a military victory over "
                            "the Xenos, as its rules tell it (the designer's description "
                            "says so; its rulebook was not at hand)."))
    if expansions.invasion:
        fields.append(Field("repulsed", "Xenos repulsed", kind="bool",
                            default=bool((this or {}).get("repulsed")),
                            help="The invasion game ends once the Xenos are repulsed."))
        fields.append(Field("empires_fell", "Every empire fell a second time", kind="bool",
                            default=bool((this or {}).get("empires_fell")),
                            help="The invasion game also ends when the Xenos defeat every "
                            "player's empire a second time (the Empires Defeated tile was "
                            "already out). Then the Xenos win; Last Round still totals the "
                            "empires for the record."))
    return tuple(fields)


def end_check_rules(data: Mapping[str, Any]) -> tuple[str, ...]:
    expansions = expansions_of(data)
    rules = []
    if expansions.prestige:
        rules.append(f"With The Brink of War, a player with {PRESTIGE_END} prestige or more "
                     "also ends it.")
    if expansions.invasion:
        rules.append("In the invasion game, repulsing the Xenos also ends it, and so does "
                     "every empire falling to them a second time.")
    if expansions.counterstrike:
        rules.append("In the counterstrike game a military victory over the Xenos also "
                     "ends it; repulsing them does not. That a tableau's size ends nothing, "
                     "the pool of 30 VP a player and the military victory come from the "
                     "designer's description of the box: its rulebook was not at hand.")
    elif "xeno-counterstrike" in expansions.boxes:
        rules.append(COUNTERSTRIKE_SOURCE)
    return tuple(rules)


def last_round_items(data: Mapping[str, Any]) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """What the boxes add to finishing the round: items before the discard and after it."""
    expansions = expansions_of(data)
    before, after = [], []
    if expansions.takeovers:
        before.append("Resolve takeovers declared in Settle")
    if expansions.goals:
        before.append("Award goals reached in each phase played (first and most)")
    if expansions.invasion:
        after.append("Resolve this round's Xeno wave: it comes in the last round too")
    if expansions.counterstrike:
        after.append("Resolve this round's Xeno wave or counterstrike, as its rules say")
    return tuple(before), tuple(after)
