"""The terminal's own cursor, in a real terminal: on the highlighted row of the list and on
the checklist item, where a braille display or screen reader reads (the Pilot tests check
`app.cursor_position`; this checks that it reaches the terminal)."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from tests.e2e.tty import Terminal, Terminals
from tests.support.rftg_play import FOUR_PLAYERS, saved_session

pytestmark = pytest.mark.e2e

LASTROUND = str(Path(sys.executable).with_name("lastround"))


def cursor_line(term: Terminal) -> tuple[int, str]:
    """The line the terminal's cursor is on: its number and its text."""
    y = int(term.tmux("display-message", "-p", "-t", term.name, "#{cursor_y}").strip())
    return y, term.screen().splitlines()[y]


def wait_cursor_on(term: Terminal, text: str, below: int = -1) -> int:
    """The cursor's line once it shows `text`, below line `below`."""
    term.wait_until(lambda _: cursor_line(term)[0] > below and text in cursor_line(term)[1],
                    f"the cursor on a line with {text!r} below line {below}")
    return cursor_line(term)[0]


def test_the_cursor_follows_the_checklist_in_a_real_terminal(terminals: Terminals,
                                                             tmp_path: Path) -> None:
    saves = tmp_path / "saves"
    saves.mkdir()
    path = saved_session(saves, FOUR_PLAYERS, upto="finish-round")
    term = terminals.start([LASTROUND, "--saves", str(saves), "resume", str(path)],
                           env={"LASTROUND_CONFIG": str(tmp_path / "config.toml")})
    term.wait_for("[ ] 1.")
    first = wait_cursor_on(term, "▶ [ ] 1.")
    term.keys("Down")
    wait_cursor_on(term, "▶ [ ] 2.", below=first)
