"""Driving a Race for the Galaxy end of game through the app with key presses, as a table would.

The Pilot tests, the snapshot tests and the example-file writer share these steps. A `Table`
is what the players tell the app; each `play_*` function answers one step with keys (cards are
picked by typing a few letters of their names). `saved_session` writes the same answers
straight through the Session (no keys), to open the app part-way through an end of game quickly.
"""

from __future__ import annotations

import io
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.text import Text
from textual.app import App
from textual.pilot import Pilot
from textual.widgets import Static

from lastround.games import player_range
from lastround.games.rftg.picking import remaining_cards, shortest_letters
from lastround.session.files import write_session
from lastround.session.session import Session
from tests.support.helpers import FIXED_TIME

SEATS = player_range("rftg")[1]  # the setup screen's seats


@dataclass(frozen=True)
class Seat:
    """One player's end of game: the tableau listed card by card, or quick-entry totals."""

    name: str
    cards: tuple[str, ...] = ()
    totals: tuple[int, int] | None = None  # (printed VP, 6-cost development bonuses)
    chips: int = 0
    hand: int = 0
    goods: int = 0

    def tableau_values(self) -> dict[str, Any]:
        if self.totals is not None:
            return {"tableau_vp": self.totals[0], "bonus_vp": self.totals[1]}
        return {"tableau": list(self.cards)}

    def counts_values(self) -> dict[str, int]:
        return {"chips": self.chips, "hand": self.hand, "goods": self.goods}


@dataclass(frozen=True)
class Table:
    """One table's end of game, as told to the app: who sat, the box, and the end check."""

    seats: tuple[Seat, ...]
    edition: str = "2nd"
    largest: int = 12
    pool_exhausted: bool = False
    mid_consume: bool = False

    @property
    def names(self) -> list[str]:
        return [seat.name for seat in self.seats]

    def end_check_values(self) -> dict[str, Any]:
        return {"largest_tableau": self.largest, "pool_exhausted": self.pool_exhausted,
                "mid_consume": self.mid_consume}


# --- tables the tests tell ------------------------------------------------------------------

ADA = Seat(
    "Ada",
    cards=("Old Earth", "Investment Credits", "Research Labs", "Galactic Federation",
           "Galactic Renaissance", "Public Works", "Diversified Economy", "Artist Colony",
           "Galactic Trendsetters", "Expedition Force", "Consumer Markets", "Interstellar Bank"),
    chips=9, hand=3, goods=1,
)
BO = Seat(
    "Bo",
    cards=("New Sparta", "Space Marines", "Rebel Outpost", "Drop Ships", "New Galactic Order",
           "Rebel Warrior Race", "Lost Alien Warship", "Former Penal Colony", "Pirate World",
           "Rebel Underground", "Contact Specialist"),
    chips=10, hand=5, goods=0,
)
CY = Seat(
    "Cy",
    cards=("Earth's Lost Colony", "Gem World", "Comet Zone", "Mining World",
           "Lost Species Ark World", "Distant World", "Merchant Guild", "Mining Robots",
           "New Vinland", "Deficit Spending"),
    chips=16, hand=2, goods=3,
)
DEE = Seat("Dee", totals=(24, 9), chips=11, hand=4, goods=2)  # quick entry

# Ada's 12 cards end the game; 9 + 10 + 16 + 11 = 46 of the 48 chips were taken.
FOUR_PLAYERS = Table(seats=(ADA, BO, CY, DEE), largest=12)

# What the example file in saves/examples tells: 13 cards in Luis's tableau, and the chips ran
# out during the last Consume (14 + 15 + 8 + 12 = 49 handed out from a pool of 48).
EXAMPLE = Table(
    seats=(
        Seat("Maya", cards=("Alpha Centauri", "Mining Robots", "Comet Zone", "Mining World",
                            "Mining League", "Asteroid Belt", "New Earth", "Radioactive World",
                            "Mining Conglomerate", "Imperium Armaments World", "Deficit Spending",
                            "Terraforming Robots"),
             chips=14, hand=4, goods=2),
        Seat("Jonas", cards=("Epsilon Eridani", "Public Works", "Investment Credits",
                             "Diversified Economy", "Gambling World", "Consumer Markets",
                             "Galactic Federation", "Research Labs", "Tourist World",
                             "New Economy", "Secluded World"),
             chips=15, hand=6, goods=1),
        Seat("Priya", cards=("New Sparta", "Space Marines", "Rebel Fuel Cache",
                             "Former Penal Colony", "Rebel Warrior Race", "Drop Ships",
                             "Pirate World", "Rebel Underground", "Contact Specialist",
                             "Galactic Imperium", "Rebel Outpost"),
             chips=8, hand=2, goods=0),
        Seat("Luis", cards=("Earth's Lost Colony", "Gem World", "Artist Colony", "Expedition Force",
                            "New Vinland", "Spice World", "Interstellar Bank",
                            "Free Trade Association", "Galactic Resort", "Expanding Colony",
                            "Consumer Markets", "Galactic Trendsetters", "Galactic Renaissance"),
             chips=12, hand=3, goods=2),
    ),
    largest=13,
    pool_exhausted=True,
    mid_consume=True,
)


def two_players(ada: tuple[int, int], bo: tuple[int, int]) -> Table:
    """Ada and Bo on 40 VP each (quick entry), with (hand, goods) given for each."""
    return Table(seats=(
        Seat("Ada", totals=(20, 6), chips=14, hand=ada[0], goods=ada[1]),
        Seat("Bo", cards=("Old Earth", "Rebel Homeworld", "Rebel Base", "Terraformed World",
                          "Alien Robotic Factory", "Mining World"),
             chips=13, hand=bo[0], goods=bo[1]),
    ))


# --- keys for each step ---------------------------------------------------------------------


def letters_for(name: str) -> str:
    """The fewest letters that name a base-game card with the whole deck left: they name it
    as long as it is left, so one Enter adds it at any point of an entry."""
    return shortest_letters(name, remaining_cards(()))


async def press(pilot: Pilot[Any], *keys: str) -> None:
    await pilot.press(*keys)
    await pilot.pause()


async def play_setup(pilot: Pilot[Any], table: Table) -> None:
    """Seat the players in order, pick the edition (2nd is the default), Enter."""
    for seat in range(SEATS):
        name = table.seats[seat].name if seat < len(table.seats) else ""
        await pilot.press(*name, "tab")
    await press(pilot, *(["right"] if table.edition == "1st" else []), "enter")


async def play_end_check(pilot: Pilot[Any], largest: int, *, pool_exhausted: bool = False,
                         mid_consume: bool = False) -> None:
    """The largest tableau (replacing a pre-filled number), the pool (chips left, empty, or
    ran out in Consume: one choice), Enter."""
    await pilot.press("home", "ctrl+k", *str(largest), "tab")
    answer = 2 if mid_consume else 1 if pool_exhausted else 0
    await press(pilot, *["right"] * answer, "enter")


async def play_finish_round(pilot: Pilot[Any], items: int = 6) -> None:
    """Tick every item of the finish-round checklist with Space (it moves on), then Enter."""
    for _ in range(items):
        await pilot.press("space")
    await press(pilot, "enter")


async def pick_cards(pilot: Pilot[Any], cards: tuple[str, ...] | list[str]) -> None:
    """Add each card by typing a few letters and Enter (the first suggestion)."""
    for name in cards:
        await press(pilot, *letters_for(name), "enter")


async def play_tableau(pilot: Pilot[Any], seat: Seat) -> None:
    """List the cards then Enter on the empty search, or Ctrl+T and the two totals."""
    if seat.totals is None:
        await pick_cards(pilot, seat.cards)
        await press(pilot, "enter")
    else:
        vp, bonus = seat.totals
        await press(pilot, "ctrl+t", *str(vp), "tab", *str(bonus), "enter")


async def play_counts(pilot: Pilot[Any], seat: Seat) -> None:
    await press(pilot, *str(seat.chips), "tab", *str(seat.hand), "tab", *str(seat.goods),
                "enter")


async def play_to_breakdown(pilot: Pilot[Any], table: Table) -> None:
    """From a new session to the final scores, every step answered with keys."""
    await play_setup(pilot, table)
    await play_end_check(pilot, table.largest, pool_exhausted=table.pool_exhausted,
                         mid_consume=table.mid_consume)
    await play_finish_round(pilot)
    for seat in table.seats:
        await play_tableau(pilot, seat)
        await play_counts(pilot, seat)


# --- sessions written without keys ----------------------------------------------------------


def saved_session(saves: Path, table: Table, *, upto: str, name: str = "session.toml") -> Path:
    """The session with every step before `upto` confirmed as `table` says (no keys)."""
    session = Session.new("rftg", seed=1, created=FIXED_TIME)
    answers: dict[str, dict[str, Any]] = {
        "setup": {"players": table.names, "edition": table.edition},
        "end-check-0": table.end_check_values(),
        "finish-round": {},
    }
    for index, seat in enumerate(table.seats):
        answers[f"tableau-{index}"] = seat.tableau_values()
        answers[f"counts-{index}"] = seat.counts_values()
    while (step := session.steps()[session.resume_index()]).id != upto:
        session.confirm(step, answers[step.id], at=FIXED_TIME)
    session.path = saves / name
    write_session(session.path, session.data)
    return session.path


# --- reading the screen ---------------------------------------------------------------------


def shown(app: App[Any], selector: str) -> str:
    """The plain text a Static shows (a table is rendered at the widget's width)."""
    widget = app.screen.query_one(selector, Static)
    content = widget.content
    if isinstance(content, str):
        return content
    if isinstance(content, Text):
        return content.plain
    out = io.StringIO()
    Console(file=out, width=max(widget.size.width, 40), color_system=None).print(content)
    return out.getvalue()


def message(app: App[Any]) -> str:
    return shown(app, "#message").strip()
