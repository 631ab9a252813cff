"""A window made too small mid-step, in a real terminal: the app asks for a larger one, and
once it is larger again the step is there with what was typed.

tmux may hand COLUMNS and LINES down to the app in its environment, as some shells do;
the app must follow the window all the same.
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from lastround.session.files import read_session
from tests.e2e.tty import Terminals

pytestmark = pytest.mark.e2e

LASTROUND = str(Path(sys.executable).with_name("lastround"))


def test_shrinking_the_window_mid_step_keeps_what_was_typed(terminals: Terminals,
                                                            tmp_path: Path) -> None:
    saves = tmp_path / "saves"
    term = terminals.start([LASTROUND, "--saves", str(saves), "new", "rftg"],
                           env={"LASTROUND_CONFIG": str(tmp_path / "config.toml")})
    term.wait_for("Players and edition", "Seat 1")
    term.type("Ada")
    term.wait_for("Ada")
    term.tmux("resize-window", "-t", term.name, "-x", "60", "-y", "18")
    shown = term.wait_for("The window is 60×18: Last Round needs at least", "76×22.")
    assert "Seat 1" not in shown, "no cut-off form under the message"
    term.tmux("resize-window", "-t", term.name, "-x", "80", "-y", "24")
    term.wait_for("Players and edition", "Ada")
    term.keys("Tab")
    term.wait_focus("Seat 2")
    term.type("Bo")
    term.keys("Enter")
    term.wait_for("Does the game end?")
    data = read_session(next(saves.glob("*.toml")))
    assert [p["name"] for p in data["players"]] == ["Ada", "Bo"]
