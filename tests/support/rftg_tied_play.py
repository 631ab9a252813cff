"""A 4-player Gathering Storm end with a tied "most" goal: Ada and Bo both have 4 production
worlds (Production Leader, at least 4), Cy alone has 7 Military (Greatest Military, at least
6). Ada reached 4 first and holds the tile; Bo scores 3 VP tied without it. Told as each
step's answers, the goals steps as the table confirms them."""

from __future__ import annotations

from typing import Any

from lastround.session.session import Session
from tests.support.helpers import FIXED_TIME

PLAYERS = ("Ada", "Bo", "Cy", "Di")
# The tiles on the table, as the options step lists them (firsts, then mosts).
GOALS_IN_PLAY = ("galactic-standard-of-living", "system-diversity", "overlord-discoveries",
                 "galactic-status", "greatest-military", "production-leader")
TABLEAUX = {
    "Ada": ["Earth's Lost Colony", "Gem World", "Comet Zone", "Spice World", "Space Marines"],
    "Bo": ["Old Earth", "New Vinland", "Artist Colony", "Plague World", "Distant World"],
    "Cy": ["New Sparta", "Space Port", "Mining World", "Drop Ships", "Space Mercenaries",
           "Expedition Force"],
    "Di": ["Epsilon Eridani", "Volcanic World", "Secluded World", "Investment Credits"],
}
COUNTS = {"Ada": (8, 2, 1), "Bo": (7, 4, 0), "Cy": (5, 1, 2), "Di": (9, 0, 3)}
# What the table knows from the tiles in front of it: Di took Galactic Standard of Living.
FIRST_HELD = {"Di": "galactic-standard-of-living"}
# The goals each scores with the tie counted: Ada and Cy hold a "most" tile, Bo is tied.
GOAL_VP = {"Ada": {"Production Leader": 5}, "Bo": {"Production Leader": 3},
           "Cy": {"Greatest Military": 5}, "Di": {"Galactic Standard of Living": 3}}

OPTIONS = {key: key in GOALS_IN_PLAY for key in (
    "galactic-standard-of-living", "system-diversity", "overlord-discoveries",
    "budget-surplus", "innovation-leader", "galactic-status", "greatest-military",
    "largest-industry", "greatest-infrastructure", "production-leader")}


def answers(step_id: str) -> dict[str, Any]:
    """The table's answer to each step before the goals."""
    if step_id == "setup":
        return {"players": list(PLAYERS), "edition": "2nd", "boxes": "+ The Gathering Storm",
                "new_worlds": False}
    if step_id == "options":
        return OPTIONS
    if step_id == "end-check-0":
        return {"largest_tableau": 12, "pool": "chips left"}
    if step_id == "finish-round":
        return {}
    kind, seat = step_id.rsplit("-", 1)
    name = PLAYERS[int(seat)]
    if kind == "tableau":
        return {"tableau": TABLEAUX[name]}
    chips, hand, goods = COUNTS[name]
    return {"chips": chips, "hand": hand, "goods": goods}


def tied_table(upto: str | None = None) -> Session:
    """The table with every step before `upto` confirmed, each goals step with what it
    shows (None: up to the final scores)."""
    session = Session.new("rftg", seed=1, created=FIXED_TIME)
    while True:
        step = session.steps()[session.resume_index()]
        if step.id == upto or step.kind == "breakdown":
            return session
        if step.id.startswith("goals-"):
            values = {f.key: f.default for f in step.fields}
            held = FIRST_HELD.get(PLAYERS[int(step.player or 0)])
            if held:
                values[held] = True
        else:
            values = answers(step.id)
        session.confirm(step, values, at=FIXED_TIME)
