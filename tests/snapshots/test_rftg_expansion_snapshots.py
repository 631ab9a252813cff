"""What Race for the Galaxy with expansions looks like at 80×24: setup with the boxes, a
player's goals and prestige, the final scores with the goals and prestige."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from tests.helpers import FIXED_TIME, make_test_app
from tui.session.files import write_session
from tui.session.session import Session

SIZE = (80, 24)
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


def resume(saves: Path, upto: str | None) -> Any:
    """A Brink of War table with every step before `upto` confirmed (None: all of them)."""
    session = Session.new("rftg", seed=1, created=FIXED_TIME)
    while not session.finished:
        step = session.steps()[session.resume_index()]
        if step.id == upto:
            break
        if step.kind == "breakdown":
            session.finish_with_breakdown(at=FIXED_TIME)
            break
        session.confirm(step, ANSWERS[step.id], at=FIXED_TIME)
    session.path = saves / "session.toml"
    write_session(session.path, session.data)
    return make_test_app(Path("saves"), command="resume" if upto else "replay",
                         file=Path("saves") / session.path.name)


def test_setup_with_six_players_and_the_brink_of_war(snap_compare: Any, saves: Path) -> None:
    app = make_test_app(Path("saves"), command="new", game="rftg")
    keys = [k for name in ("Ada", "Bo", "Cy", "Dee", "Ed", "Flo") for k in (*name, "tab")]
    assert snap_compare(app, press=[*keys, "tab", "right", "right", "right"],
                        terminal_size=SIZE)


def test_a_players_goals_and_prestige(snap_compare: Any, saves: Path) -> None:
    app = resume(saves, "goals-0")
    keys = ["right", "tab", "tab", "tab", "right", "tab", "right", "tab", "right", "right",
            "tab", *"15"]
    assert snap_compare(app, press=keys, terminal_size=SIZE)


def test_breakdown_with_goals_and_prestige(snap_compare: Any, saves: Path) -> None:
    assert snap_compare(resume(saves, None), press=["end"], terminal_size=SIZE)
