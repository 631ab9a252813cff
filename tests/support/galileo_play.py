"""Driving a Galileo Galilei end of game through the app with key presses, as a table would.

The Pilot tests, the snapshot tests and the example-file writer share these steps.
A `Table` is what the players tell the app; each `play_*` function answers one step with
keys. `saved_session` writes the same answers straight through the Session (no keys), to
open the app part-way through an end of game quickly.
"""

from __future__ import annotations

import copy
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from textual.geometry import Region
from textual.pilot import Pilot
from textual.widget import Widget
from textual.widgets import Input

from lastround.games.base import Step
from lastround.games.galileo.turns import record_draw, session_turns
from lastround.session.files import write_session
from lastround.session.session import Session
from lastround.widgets.choice import Choice
from tests.support.helpers import FIXED_TIME

TAB_LIMIT = 60  # more tabs than any Galileo form has fields

Entries = Mapping[str, int | bool]


@dataclass(frozen=True)
class Draw:
    """A Tier III draw made during a final turn: the box count typed and the card taken."""

    box: int
    card: str = ""
    reason: str = "gap"


@dataclass(frozen=True)
class Table:
    """One table's end of game, as told to the app."""

    players: tuple[str, ...]
    first: str
    trigger: str
    how: str = "display"
    luna: bool = False
    subjects: tuple[str, ...] = ("Major Objects", "Library", "Inquisitors", "Upgrades")
    draws: Mapping[int, tuple[Draw, ...]] = field(default_factory=dict)  # by turn, 1-based
    scores: tuple[Entries, ...] = ()  # per seat: form field key -> value; the rest stays 0


# --- tables the tests tell -------------------------------------------------------------------

# Ada holds the telescope and Bo emptied the deck: Cy finishes the round, then Ada, Bo, Cy.
THREE_PLAYERS = Table(
    players=("Ada", "Bo", "Cy"),
    first="Ada",
    trigger="Bo",
    draws={2: (Draw(box=12, card="Andromeda Nebula"),)},
    scores=(
        {"track_position": 62, "met_1": 3, "row_1": 2, "cellar_1": 1, "tribunal": 4, "dice": 9},
        {"track_position": 5, "flipped": True, "met_2": 4, "row_2": 3, "cellar_4": 2,
         "tribunal": -3},
        {"track_position": 71, "met_4": 2, "row_4": 1, "cellar_2": 1, "tribunal": 2, "dice": 4,
         "quadrants": 1},
    ),
)
THREE_PLAYER_TURNS = 4

# Two players, Bo emptied the deck closing the round: one more turn each.
# 48 + 2 on the Tribunal against 44 + 2 × 3 at the Library: 50 each.
TIED_ON_50 = ({"track_position": 48, "tribunal": 2}, {"track_position": 44, "met_2": 2, "row_2": 3})


def two_players(dice: tuple[int, int], quadrants: tuple[int, int]) -> Table:
    """Ada and Bo tied on 50, with the dice values and Quadrants left given."""
    scores = tuple(
        {**entries, "dice": dice[seat], "quadrants": quadrants[seat]}
        for seat, entries in enumerate(TIED_ON_50)
    )
    return Table(players=("Ada", "Bo"), first="Ada", trigger="Bo", scores=scores)


# --- keys ------------------------------------------------------------------------------------


async def focus_field(pilot: Pilot[Any], key: str) -> Widget:
    """Tab to the form field `key`, as a player would."""
    wanted = f"field-{key}"
    for _ in range(TAB_LIMIT):
        focused = pilot.app.focused
        if focused is not None and focused.id == wanted:
            return focused
        await pilot.press("tab")
    raise AssertionError(f"no field {key!r} on {pilot.app.screen}")


async def set_field(pilot: Pilot[Any], key: str, value: int | bool | str) -> None:
    """Type a number (replacing what is there) or move a choice to the wanted option."""
    widget = await focus_field(pilot, key)
    if isinstance(widget, Input):
        await pilot.press("ctrl+a", "ctrl+k", *str(value))
        return
    assert isinstance(widget, Choice)
    option = ("yes" if value else "no") if isinstance(value, bool) else str(value)
    assert option in widget.options, (option, widget.options)
    while widget.value != option:
        await pilot.press("right")


async def fill_form(pilot: Pilot[Any], values: Mapping[str, int | bool | str]) -> None:
    for key, value in values.items():
        await set_field(pilot, key, value)


async def confirm(pilot: Pilot[Any]) -> None:
    await pilot.press("enter")
    await pilot.pause()


# --- one step at a time ----------------------------------------------------------------------


async def play_setup(pilot: Pilot[Any], table: Table) -> None:
    await pilot.pause()
    for seat, name in enumerate(table.players):
        await pilot.press(*name, *(["tab"] if seat < len(table.players) - 1 else []))
    if table.luna:
        await set_field(pilot, "luna", True)
    await confirm(pilot)


async def play_table(pilot: Pilot[Any], table: Table) -> None:
    subjects = {f"subject_{k}": s for k, s in enumerate(table.subjects, start=1)}
    await fill_form(pilot, {"first_player": table.first, **subjects})
    await confirm(pilot)


async def play_trigger(pilot: Pilot[Any], table: Table) -> None:
    await fill_form(pilot, {"trigger_player": table.trigger, "trigger_how": table.how})
    await confirm(pilot)


async def draw_card(pilot: Pilot[Any], draw: Draw) -> None:
    """d (or w), the unused Tier III cards in the box, Enter, the card's name, Enter."""
    await pilot.press("d" if draw.reason == "gap" else "w")
    await pilot.pause()
    await pilot.press("ctrl+a", "ctrl+k", *str(draw.box), "enter")
    await pilot.pause()
    await pilot.press(*draw.card, "enter")
    await pilot.pause()


async def play_turns(pilot: Pilot[Any], table: Table, turns: int) -> None:
    """End the rest of the deck-emptying turn (turn 0), then `turns` turns one by one, drawing
    the cards told for each turn before it ends."""
    for turn in range(turns + 1):
        for draw in table.draws.get(turn, ()):
            await draw_card(pilot, draw)
        await confirm(pilot)


async def play_scores(pilot: Pilot[Any], entries: Entries) -> None:
    await fill_form(pilot, entries)
    await confirm(pilot)


async def play_to_breakdown(pilot: Pilot[Any], table: Table, turns: int) -> None:
    """Every step from a cold start up to the final scores, which stay on screen."""
    await play_setup(pilot, table)
    await play_table(pilot, table)
    await play_trigger(pilot, table)
    await play_turns(pilot, table, turns)
    await confirm(pilot)  # every turn is played: on to the scores
    for entries in table.scores:
        await play_scores(pilot, entries)


# --- reading the screen ----------------------------------------------------------------------


def shown_text(widget: Widget) -> str:
    """The characters a widget shows, line by line, as the terminal would print them."""
    width, height = widget.region.size  # with its padding, as laid out
    strips = widget.render_lines(Region(0, 0, width, height))
    return "\n".join(strip.text.rstrip() for strip in strips)


# --- sessions saved part-way, to open in the app ---------------------------------------------

SEED = 20261129  # the seed make_test_app gives new sessions, so draws match a played game


def table_values(step: Step, table: Table) -> dict[str, Any]:
    """What the table's screen would confirm for `step` (not the final turns)."""
    if step.id == "setup":
        return {"players": list(table.players), "luna": table.luna}
    if step.id == "table":
        subjects = {f"subject_{k}": s for k, s in enumerate(table.subjects, start=1)}
        return {"first_player": table.first, **subjects}
    if step.id == "trigger":
        return {"trigger_player": table.trigger, "trigger_how": table.how}
    defaults = {field.key: field.default for field in step.fields}
    assert step.player is not None, step
    return defaults | dict(table.scores[step.player])


def end_turns(session: Session, table: Table, turns: int, *, all_played: bool) -> None:
    """Turn by turn as the turns screen saves them, with the table's draws; confirm if done."""
    step = session.steps()[session.index_of("final-turns")]
    data = session.data
    data["trigger_turn_over"] = True  # as the first entry below says: turn 1's draws are its
    for turn in range(1, turns + 1):
        for draw in table.draws.get(turn, ()):
            record_draw(data, draw.reason, draw.box, draw.card)
        done = {"turns_done": turn, "draws": copy.deepcopy(data.get("draws", []))}
        session.confirm(step, done, at=FIXED_TIME, partial=not (all_played and turn == turns))


def saved_session(folder: Path, table: Table, stop_at: str, turns_done: int = 0) -> Path:
    """A session file as the app saves it, confirmed up to the step `stop_at` (not included).

    When `stop_at` comes after the final turns, `turns_done` is every turn there is.
    """
    session = Session.new("galileo", seed=SEED, created=FIXED_TIME)
    while (step := session.steps()[session.resume_index()]).id != stop_at:
        if step.kind == "turns":
            turns = len(session_turns(session.data))
            end_turns(session, table, turns, all_played=True)
        else:
            session.confirm(step, table_values(step, table), at=FIXED_TIME)
    if stop_at == "final-turns" and turns_done:
        end_turns(session, table, turns_done, all_played=False)
    path = folder / f"galileo-{len(table.players)}-at-{stop_at}.toml"
    write_session(path, session.data)
    return path
