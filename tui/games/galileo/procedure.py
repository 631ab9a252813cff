"""Galileo Galilei's end-of-game procedure: the steps, in order, with their fields and help.
Pure."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from lastround.games.base import Field, RulesError, Step, player_names
from lastround.games.galileo.board import SCALE_TILES, SUBJECT_NAMES, TRIGGER_HOWS, name_at
from lastround.games.galileo.cellar import cellar_setup_fields
from lastround.games.galileo.scores_form import score_fields, scores_step
from lastround.games.galileo.turns import drawn_cards_text, session_turns

SETUP_HELP = (
    "Name the two to four players in seat order, going clockwise. "
    "Say whether the Luna module is on the table: it is only recorded, because Luna changes "
    "neither how the game ends nor the final scoring. "
    "Choose the cellar: the standard one, or Bruno's 5-space cellar tile (advanced mode), "
    "whose five values, printed below its spaces, you type left to right. "
    "Solo against Tycho Brahe: seat Tycho as the second player; he is scored for the "
    "University and the Inquisition exactly like a player."
)
TABLE_HELP = (
    "Pick who holds the telescope standee: the final turn starts with that player. "
    "Then name the Subject tile above each of the four Scale tiles, left to right. "
    "Each Subject appears once; these are the four that score at the end."
)
TRIGGER_HELP = (
    "The end begins when the last Discovery card leaves the deck. "
    "Choose whose turn it was and how it left: 'display' when it was laid on the display, "
    "'reward' when a constellation reward took it. The turns still to play follow from this; "
    "changing it later marks the turns ended as not played and removes the draws made."
)
TURNS_HELP = (
    "First the player who emptied the deck finishes that turn; then the round is finished, up "
    "to the player sitting before the first player; then everyone plays one more turn, "
    "starting with the first player. End each turn as it is played (u undoes the last one). "
    "When the display has a gap, or a constellation reward asks for a card from the empty "
    "deck, record a draw: the app picks which unused Tier III card to take from the box. "
    "A draw made by mistake is removed with x (Tab or the arrows pick it in the list): it "
    "stays in the file, marked removed."
)
BREAKDOWN_HELP = (
    "Final scoring runs University first, then the Inquisition: cellar and Tribunal. "
    "The most points wins. A tie goes to the higher total of dice values left, then to more "
    "Quadrant tokens; if still tied, the players share the win."
)


def setup_step(data: Mapping[str, Any]) -> Step:
    luna = Field(
        "luna",
        "Luna in play",
        kind="bool",
        default=bool(data.get("luna", False)),
        help="Recorded only: Luna changes neither the end of the game nor the final scoring.",
    )
    return Step("setup", "Players", kind="setup", fields=(luna, *cellar_setup_fields(data)),
                help=SETUP_HELP)


def table_step(data: Mapping[str, Any], names: Sequence[str]) -> Step:
    first = Field(
        "first_player",
        "Who holds the first-player telescope",
        kind="choice",
        choices=tuple(names),
        default=name_at(names, data.get("first_player")) or name_at(names, 0),
        help="The player who began the game; the final turn starts with them.",
    )
    current = data.get("subjects")
    chosen = list(current) if isinstance(current, list) else []
    subjects = tuple(
        Field(
            f"subject_{k}",
            f"Subject above Scale tile {k}",
            kind="choice",
            choices=SUBJECT_NAMES,
            default=chosen[k - 1] if len(chosen) >= k else SUBJECT_NAMES[k - 1],
            help="Each Subject may be chosen once.",
        )
        for k in range(1, SCALE_TILES + 1)
    )
    return Step("table", "First player and Subjects", fields=(first, *subjects), help=TABLE_HELP)


def trigger_step(data: Mapping[str, Any], names: Sequence[str]) -> Step:
    recorded = data.get("trigger")
    trigger: Mapping[str, Any] = recorded if isinstance(recorded, Mapping) else {}
    who = Field(
        "trigger_player",
        "Whose turn emptied the deck",
        kind="choice",
        choices=tuple(names),
        default=name_at(names, trigger.get("player")),
    )
    how = Field(
        "trigger_how",
        "How the last card left the deck",
        kind="choice",
        choices=TRIGGER_HOWS,
        default=trigger.get("how", "display"),
        help="display: laid on the display. reward: taken as a constellation reward.",
    )
    return Step("trigger", "The deck is empty", fields=(who, how), help=TRIGGER_HELP)


def turn_items(data: Mapping[str, Any]) -> tuple[str, ...]:
    """The turns after the trigger's as lines ("1. Bo (rest of round)"), numbered as draws
    name them and indexed by ``turns_done`` (the replay reads them so); empty until known."""
    try:
        turns = session_turns(data)
    except RulesError:
        return ()
    names = player_names(data)
    return tuple(f"{n}. {names[t.seat]} ({t.phase})" for n, t in enumerate(turns, start=1))


def turns_step(data: Mapping[str, Any]) -> Step:
    return Step(
        "final-turns", "Who still plays", kind="turns", items=turn_items(data), help=TURNS_HELP
    )


def procedure(data: Mapping[str, Any], *, saved: bool = True) -> list[Step]:
    """setup, table, trigger, final-turns, scores-0 … scores-(n-1), breakdown.

    Without `saved`, the scores forms show blank fields rather than each player's saved
    entries: the same fields, all that checking a file needs (steps_to_check), and filling
    them in was most of the cost of the steps.
    """
    names = player_names(data)
    blank = score_fields(data)
    return [
        setup_step(data),
        table_step(data, names),
        trigger_step(data, names),
        turns_step(data),
        *[scores_step(data, i, name, blank, saved=saved) for i, name in enumerate(names)],
        Step(
            "breakdown",
            "Final scores",
            kind="breakdown",
            notes=drawn_cards_text(data),  # so a replay, which opens here, still shows them
            help=BREAKDOWN_HELP,
        ),
    ]
