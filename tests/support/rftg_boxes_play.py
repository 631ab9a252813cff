"""A Race for the Galaxy table played with the whole first arc (The Brink of War), told as
each step's answers: for the snapshots and the records' tests."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from lastround.session.files import write_session
from lastround.session.session import Session
from tests.support.helpers import FIXED_TIME

GOALS_IN_PLAY = {"galactic-standard-of-living": True, "budget-surplus": True,
                 "galactic-riches": True, "galactic-standing": True,
                 "greatest-military": True, "galactic-prestige": True}
PLAYERS = ("Ada", "Bo", "Cy")
ANSWERS: dict[str, dict[str, Any]] = {
    "setup": {"players": list(PLAYERS), "edition": "2nd",
              "boxes": "+ TGS, RvI, Brink of War", "new_worlds": False},
    "options": GOALS_IN_PLAY,
    "end-check-0": {"largest_tableau": 9, "pool": "chips left", "most_prestige": 15},
    "finish-round": {},
    "tableau-0": {"tableau": ["Old Earth", "Galactic Federation", "Alien Robot Sentry",
                              "Rebel Outpost", "Pan-Galactic League"]},
    "counts-0": {"chips": 12, "hand": 3, "goods": 1},
    "goals-0": {"galactic-standard-of-living": True, "budget-surplus": False,
                "galactic-riches": False, "galactic-standing": True,
                "greatest-military": "holds the tile", "galactic-prestige": "tied, no tile",
                "prestige": 15},
    "tableau-1": {"tableau_vp": 22, "bonus_vp": 7},
    "counts-1": {"chips": 9, "hand": 5, "goods": 0},
    "goals-1": {"galactic-standard-of-living": True, "budget-surplus": True,
                "galactic-riches": True, "galactic-standing": False,
                "greatest-military": "no", "galactic-prestige": "holds the tile",
                "prestige": 15},
    "tableau-2": {"tableau_vp": 18, "bonus_vp": 0},
    "counts-2": {"chips": 16, "hand": 1, "goods": 3},
    "goals-2": {"galactic-standard-of-living": False, "budget-surplus": False,
                "galactic-riches": False, "galactic-standing": False,
                "greatest-military": "no", "galactic-prestige": "no", "prestige": 4},
}


def played(answers: dict[str, dict[str, Any]], upto: str | None = None) -> Session:
    """A Race table answering each step from `answers`, every step before `upto` confirmed
    (None: finished)."""
    session = Session.new("rftg", seed=1, created=FIXED_TIME)
    while not session.finished:
        step = session.steps()[session.resume_index()]
        if step.id == upto:
            break
        if step.kind == "breakdown":
            session.finish_with_breakdown(at=FIXED_TIME)
            break
        session.confirm(step, answers[step.id], at=FIXED_TIME)
    return session


def brink_of_war(upto: str | None = None) -> Session:
    """The table with every step before `upto` confirmed (None: finished)."""
    return played(ANSWERS, upto)


# Two players, Ada holding Alien Oort Cloud Refinery, Galactic Genome Project and Pan-Galactic
# Research (she keeps 12 at the end of the round).
FIRST_ARC = "+ TGS, RvI, Brink of War"
REFINERY_TABLE: dict[str, dict[str, Any]] = {
    "setup": {"players": ["Ada", "Bo"], "edition": "2nd", "boxes": FIRST_ARC,
              "new_worlds": False},
    "options": {},
    "end-check-0": {"largest_tableau": 12, "pool": "chips left", "most_prestige": 3},
    "finish-round": {},
    "tableau-0": {"tableau": ["Old Earth", "Alien Oort Cloud Refinery",
                              "Galactic Genome Project", "Pan-Galactic Research"]},
}


def saved_at(saves: Path, upto: str,
             answers: dict[str, dict[str, Any]] = REFINERY_TABLE) -> Path:
    """A session of the refinery's owner, every step before `upto` confirmed, saved."""
    session = Session.new("rftg", seed=1, created=FIXED_TIME)
    while (step := session.steps()[session.resume_index()]).id != upto:
        session.confirm(step, answers[step.id], at=FIXED_TIME)
    session.path = saves / "session.toml"
    write_session(session.path, session.data)
    return session.path
