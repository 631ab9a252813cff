"""Race for the Galaxy's own keys in a session file, checked before a screen reads them. Pure."""

from __future__ import annotations

import re
from collections.abc import Mapping, MutableMapping, Sequence
from functools import partial
from typing import Any

from lastround.games.base import RulesError, Scoring, Step
from lastround.games.rftg.box_steps import boxes_chosen, end_check_fields, goal_key
from lastround.games.rftg.boxes import GOALS, max_players
from lastround.games.rftg.cards import Card
from lastround.games.rftg.entries import edition_of, read_hand, read_tableau, whole_number
from lastround.games.rftg.expansions import (
    Expansions,
    PlayerGoals,
    goal_spelling,
    read_expansions,
    read_player_goals,
)
from lastround.games.rftg.facts import MIN_PLAYERS, POOL_ANSWERS
from lastround.games.rftg.log_checks import check_log_entries
from lastround.games.rftg.oort import read_oort_kind
from lastround.games.rftg.procedure import procedure
from lastround.games.rftg.quick_entry import QUICK_FIELDS, quick_fields
from lastround.games.rftg.scoring import score_checked
from lastround.games.rftg.tableau import tableau_problems
from lastround.games.seats import check_field, others_cards
from lastround.games.values import is_int, seated, table_list

# The most card names a player's terminal may send for one tableau.
SENT_CARDS_LIMIT = 200


def check_tableau_values(
    table: Mapping[str, Any], where: str, data: Mapping[str, Any], player: str,
) -> tuple[Card, ...] | None:
    """The listed tableau's cards as read, with the cards of the session's boxes in play
    (None when no tableau is listed)."""
    cards = None
    if "tableau" in table:
        boxes = read_expansions(data).boxes
        cards = read_tableau(table["tableau"], f"{where}.tableau", player, edition_of(data),
                             boxes)
    for field in quick_fields(read_expansions(data).boxes):  # the quick entry form's bounds
        if field.key in table:
            try:
                check_field(field, table[field.key])
            except RulesError as error:
                raise RulesError(f"{where}.{field.key}", error.message) from None
    return cards


def check_logged_step(step: Step, values: Mapping[str, Any], where: str,
                      data: Mapping[str, Any]) -> None:
    """What a step last recorded, as only its screen could have sent it (called by
    lastround.games.checks for each step): a cards step's tableau, the setup's boxes as the file's
    expansions hold them, the options' answers each a question some box asks, yes or no."""
    if step.kind == "cards":
        check_tableau_values(values, where, data, step.title.split(":")[0])
    elif step.id == "setup" and "boxes" in values:
        try:
            boxes = boxes_chosen(values)
        except RulesError as error:
            raise RulesError(f"{where}.boxes", error.message) from None
        if set(boxes) != set(read_expansions(data).boxes):
            raise RulesError(f"{where}.boxes", f'"{values["boxes"]}" is not the expansions '
                             "the file plays with: the setup's answer and expansions differ")
    elif step.id == "options":
        for key, answer in values.items():
            if key not in OPTION_KEYS:
                raise RulesError(f"{where}.{key}", "is no goal tile or option of any box")
            if not isinstance(answer, bool):
                raise RulesError(f"{where}.{key}", "must be true or false")


# Every answer the options step may record, whichever boxes asked it.
OPTION_KEYS = frozenset({*(goal_key(goal) for goal in GOALS.values()),
                         "invasion", "advanced", "takeovers", "counterstrike"})


# What a player's table holds when it is scored from its listed cards.
LISTED_KEYS = frozenset({"tableau", "chips", "hand", "goods"})
QUICK_KEYS = frozenset({"tableau_vp", "bonus_vp"})


def _scoring(edition: str, players: Sequence[Mapping[str, Any]],
             tableaux: Sequence[tuple[Card, ...] | None], expansions: Expansions,
             goals: Sequence[PlayerGoals]) -> Scoring | None:
    """The totals of the players as checked above, when every one lists a tableau and holds
    the counts: scoring then reads no card again. None otherwise (quick-entry totals, a
    missing key, no one seated): scoring reads the file itself, naming what is wrong."""
    listed = []
    for player, cards in zip(players, tableaux, strict=True):
        if cards is None or not player.keys() >= LISTED_KEYS or player.keys() & QUICK_KEYS:
            return None
        listed.append(cards)
    return (partial(score_checked, edition, players, listed, expansions, goals) if listed
            else None)


def steps_to_check(data: Mapping[str, Any]) -> list[Step]:
    """The steps whose logged values lastround.games.checks checks: the procedure itself."""
    return procedure(data)


def _check_player(player: Mapping[str, Any], where: str, data: Mapping[str, Any],
                  expansions: Expansions) -> tuple[tuple[Card, ...] | None, PlayerGoals]:
    """A seated player's keys: the tableau listed (as read), the goals held, the counts."""
    cards = check_tableau_values(player, where, data, str(player["name"]))
    goals = read_player_goals(player, where, expansions)
    read_oort_kind(player, where, cards)
    for key in ("chips", "hand", "goods"):
        if key == "hand" and key in player:  # within the discard its tableau prints
            read_hand(player, where, cards, expansions.boxes)
        elif key in player:
            whole_number(player, where, key, 0)
    return cards, goals


def check_game_data(data: Mapping[str, Any]) -> Scoring | None:
    """RulesError for the first of Race for the Galaxy's own keys a screen could not show;
    the players' scoring when every tableau is listed (see lastround.games.checks.check_session)."""
    edition = edition_of(data)
    expansions = read_expansions(data)
    players = seated(data, MIN_PLAYERS, max_players(expansions.boxes))
    checked = [_check_player(player, f"players[{index}]", data, expansions)
               for index, player in enumerate(players)]
    tableaux = [cards for cards, _ in checked]
    goals = [won for _, won in checked]
    _check_end_checks(data)
    for index, entry in enumerate(table_list(data.get("log", []), "log")):
        pool = entry.get("values", {}).get("pool")
        if str(entry.get("step")).startswith("end-check-") and pool is not None \
                and pool not in POOL_ANSWERS:
            raise RulesError(f"log[{index}].values.pool",
                             f"must be one of: {', '.join(POOL_ANSWERS)}")
    check_log_entries(data, expansions.boxes)
    # A "most" tile held twice is asked again on its goals step (player_goals.py).
    return _scoring(edition, players, tableaux, expansions, goals)


# The end check's answers a box or game adds, and what brings each one.
BOX_END_ANSWERS = {"most_prestige": "The Brink of War",
                   "repulsed": "Xeno Invasion's invasion game (invasion = true)",
                   "empires_fell": "Xeno Invasion's invasion game (invasion = true)",
                   "military_victory":
                       "Xeno Counterstrike's counterstrike game (counterstrike = true)"}


def _check_end_checks(data: Mapping[str, Any]) -> None:
    """Each recorded end check: its own answers, and a box's answers only where that box (or
    game) is played, within the bounds the step asks them in."""
    asked = {field.key: field for field in end_check_fields(data, None, None)}
    for index, check in enumerate(table_list(data.get("end_checks", []), "end_checks")):
        where = f"end_checks[{index}]"
        largest = check.get("largest_tableau", 0)
        if not is_int(largest) or largest < 0:
            raise RulesError(f"{where}.largest_tableau", "must be a whole number, 0 or more")
        for key in ("pool_exhausted", "mid_consume", "ends"):
            if not isinstance(check.get(key, False), bool):
                raise RulesError(f"{where}.{key}", "must be true or false")
        for key, brought_by in BOX_END_ANSWERS.items():
            if key in check and key not in asked:
                raise RulesError(f"{where}.{key}", f"belongs to {brought_by}, not played")
            if key in check:
                try:
                    check_field(asked[key], check[key])
                except RulesError as error:
                    raise RulesError(f"{where}.{key}", error.message) from None
        if check.get("mid_consume") and not check.get("pool_exhausted"):
            raise RulesError(f"{where}.mid_consume", "the chips ran out during Consume, so "
                             "the pool is empty: pool_exhausted must be true too")


def check_seat_tableau(step: Step, values: Mapping[str, Any], data: Mapping[str, Any]) -> None:
    """What a player sent for their tableau in table mode (lastround.games.seats): known cards the
    deck still holds across the table, or the quick entry's two numbers; else RulesError."""
    if set(values) == {f.key for f in QUICK_FIELDS}:  # the quick entry's two numbers
        for field in quick_fields(read_expansions(data).boxes):
            check_field(field, values[field.key])
        return
    names = values.get("tableau") if set(values) == {"tableau"} else None
    if (not isinstance(names, list) or not names or len(names) > SENT_CARDS_LIMIT
            or not all(isinstance(n, str) for n in names)):
        raise RulesError("tableau", "a list of card names, the start world at least")
    problem = tableau_problems(names, edition_of(data), others_cards(data, step.player),
                               read_expansions(data).boxes)
    if problem:
        raise RulesError("tableau", problem)


# --- a refused value asked again on its step (lastround.games.step_to_fix) -----------------------

OPTIONS_KEYS = ("advanced", "invasion", "takeovers")  # the options step's own answers
END_CHECK = re.compile(r"end_checks\[(\d+)\]\.(\w+)")
SEAT_STEPS = {"goals": "goals", "goals_tied": "goals", "tableau": "tableau",
              "tableau_vp": "tableau", "bonus_vp": "tableau"}
SEAT_KEY = re.compile(rf"players\[(\d+)\]\.({'|'.join(SEAT_STEPS)})")


def refused_at(data: MutableMapping[str, Any], key: str) -> tuple[str, str] | None:
    """Race's own keys a step answers again, taken out of `data`: the goal tiles in play and
    the options (the options step), an end check's answer (its end check), a player's goals
    or tableau (their goals step, their tableau). The step's id and the field; else None."""
    if key == "goals":
        data["goals"] = readable_goals(data.get("goals"), data.get("expansions", []))
        return "options", key
    if key in OPTIONS_KEYS and key in data:
        del data[key]
        return "options", key
    if match := END_CHECK.fullmatch(key):
        del data["end_checks"][int(match[1])][match[2]]
        return f"end-check-{match[1]}", match[2]
    if match := SEAT_KEY.fullmatch(key):
        del data["players"][int(match[1])][match[2]]
        return f"{SEAT_STEPS[match[2]]}-{match[1]}", match[2]
    return None


def readable_goals(names: Any, boxes: Any) -> list[str]:
    """The goal tiles a `goals` list names as the reader reads them: each tile once, in its
    first spelling, of a box in play (nothing, when it is no list of names)."""
    if not isinstance(names, list) or not isinstance(boxes, list):
        return []
    kept, seen = [], set()
    known = {goal_spelling(name): goal for name, goal in GOALS.items()}
    for name in names:
        goal = known.get(goal_spelling(name)) if isinstance(name, str) else None
        if goal is not None and goal.box in boxes and goal.name not in seen:
            seen.add(goal.name)
            kept.append(name)
    return kept
