"""What the spine's screens look like at 80×24 (the toy game stands in for a real one)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from lastround.session.files import write_session
from lastround.session.session import Session
from tests.support.helpers import make_test_app

SIZE = (80, 24)


def saved_sessions(saves: Path) -> None:
    finished = Session.new("toy", seed=1, created="2026-11-28T21:05:00Z")
    finished.confirm(finished.steps()[0], {"players": ["Ada", "Bo", "Cy"], "colour": "red"})
    for index, step in enumerate(finished.steps()[2:5]):
        finished.confirm(step, {"points": 10 + index, "coins": 1, "bonus": False})
    finished.finish()
    write_session(saves / "a.toml", finished.data)
    unfinished = Session.new("toy", seed=1, created="2026-11-29T19:40:00Z")
    unfinished.confirm(unfinished.steps()[0], {"players": ["Dee", "Eli"], "colour": "red"})
    write_session(saves / "b.toml", unfinished.data)
    (saves / "c.toml").write_text("broken = = toml")


def test_home_empty(snap_compare: Any, saves: Path) -> None:
    assert snap_compare(make_test_app(Path("saves")), terminal_size=SIZE)


def test_home_with_sessions(snap_compare: Any, saves: Path) -> None:
    saved_sessions(saves)
    assert snap_compare(make_test_app(Path("saves")), terminal_size=SIZE)


def test_home_help(snap_compare: Any, saves: Path) -> None:
    assert snap_compare(make_test_app(Path("saves")), press=["f1"], terminal_size=SIZE)


def test_setup_with_a_refused_name(snap_compare: Any, saves: Path) -> None:
    app = make_test_app(Path("saves"), command="new", game="toy")
    assert snap_compare(app, press=[*"Ada", "tab", *"ADA", "enter"], terminal_size=SIZE)


def test_checklist_half_ticked(snap_compare: Any, saves: Path) -> None:
    app = make_test_app(Path("saves"), command="new", game="toy")
    keys = [*"Ada", "tab", *"Bo", "enter", "space", "enter"]
    assert snap_compare(app, press=keys, terminal_size=SIZE)


def test_form_with_a_refused_number(snap_compare: Any, saves: Path) -> None:
    app = make_test_app(Path("saves"), command="new", game="toy")
    keys = [*"Ada", "tab", *"Bo", "enter", "space", "down", "space", "enter", *"100", "enter"]
    assert snap_compare(app, press=keys, terminal_size=SIZE)


def test_breakdown(snap_compare: Any, saves: Path) -> None:
    app = make_test_app(Path("saves"), command="new", game="toy")
    keys = [*"Ada", "tab", *"Bo", "enter", "space", "down", "space", "enter",
            *"12", "tab", "3", "tab", "space", "enter", *"17", "tab", "1", "enter"]
    assert snap_compare(app, press=keys, terminal_size=SIZE)
