"""The counts step of a player whose cards change the end: the kind of Alien Oort Cloud
Refinery, chosen or left at the best; a hand over 10 kept with the card that allows it."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from tests.helpers import FIXED_TIME, make_test_app
from tests.rftg_play import message, press, shown
from tui.session.files import read_session, write_session
from tui.session.session import Session

SIZE = (80, 24)
BOXES = "+ TGS, RvI, Brink of War"
ANSWERS: dict[str, dict[str, Any]] = {
    "setup": {"players": ["Ada", "Bo"], "edition": "2nd", "boxes": BOXES,
              "new_worlds": False},
    "options": {},
    "end-check-0": {"largest_tableau": 12, "pool": "chips left", "most_prestige": 3},
    "finish-round": {},
    "tableau-0": {"tableau": ["Old Earth", "Alien Oort Cloud Refinery",
                              "Galactic Genome Project", "Pan-Galactic Research"]},
}


def saved_at(saves: Path, upto: str, answers: dict[str, dict[str, Any]] = ANSWERS) -> Path:
    session = Session.new("rftg", seed=1, created=FIXED_TIME)
    while (step := session.steps()[session.resume_index()]).id != upto:
        session.confirm(step, answers[step.id], at=FIXED_TIME)
    session.path = saves / "session.toml"
    write_session(session.path, session.data)
    return session.path


def error_under(app: Any, key: str) -> str:
    found = app.screen.query(f"#error-{key}")
    return str(found.first().render()) if found else ""


async def test_the_owner_sees_each_kind_and_keeps_the_best_or_chooses(saves: Path) -> None:
    path = saved_at(saves, "counts-0")
    async with make_test_app(saves, command="resume", file=path).run_test(size=SIZE) as pilot:
        app = pilot.app
        await pilot.pause()
        assert "genes 2, alien 0 VP of bonuses; best is genes" in shown(app, ".step-text")
        await press(pilot, "1", "tab", *"12", "tab", "0", "enter")  # best: the key left out
        player = read_session(path)["players"][0]
        assert player["hand"] == 12 and "oort_kind" not in player
        await press(pilot, "escape")  # back to Ada's counts: the kind chosen is rare
        await press(pilot, "tab", "tab", "tab", "right", "right", "enter")
        assert read_session(path)["players"][0]["oort_kind"] == "rare"


async def test_a_hand_over_the_limit_is_refused_at_the_field_naming_it(saves: Path) -> None:
    path = saved_at(saves, "counts-1", ANSWERS | {
        "counts-0": {"chips": 0, "hand": 12, "goods": 0, "oort_kind": "best"},
        "goals-0": {"prestige": 0}, "tableau-1": {"tableau": ["Epsilon Eridani"]}})
    async with make_test_app(saves, command="resume", file=path).run_test(size=SIZE) as pilot:
        app = pilot.app
        await pilot.pause()
        await press(pilot, "0", "tab", *"11", "tab", "0", "enter")
        assert "10 at most: the end-of-round discard down to 10" in error_under(app, "hand")
        assert "hand" not in read_session(path)["players"][1]
        assert "10 at most" in message(app)
