"""SIGTERM (a polite kill: `kill PID`, a shutdown, a service manager) ends as cleanly as a
hang-up, whenever it comes: the lock released, the terminal given back as it was, no
traceback, the confirmed step on disk.

It was once taken as Ctrl+Q, and coming a few milliseconds after a confirmation, while the
next step's screen was being built, it ended in `NoMatches: '#suggestions'` (4 of 60 tries).
Here it is sent 0 to 20 ms after the Enter that confirms the step before the card picker.
"""

from __future__ import annotations

import os
import signal
import sys
import time
from pathlib import Path

import pytest

from lastround.session.files import read_session
from lastround.session.locks import lock_path
from tests.e2e.test_crash_resume import RFTG
from tests.e2e.tty import Terminal, Terminals
from tests.support import rftg_play

pytestmark = pytest.mark.e2e

LASTROUND = str(Path(sys.executable).with_name("lastround"))
EXIT = 128 + signal.SIGTERM


def app_under_shell(term: Terminal) -> int:
    """The app's process: the child of the shell the pane runs."""
    shell = term.pid
    (child,) = Path(f"/proc/{shell}/task/{shell}/children").read_text().split()
    return int(child)


@pytest.mark.parametrize("delay_ms", [0, 3, 6, 10, 15, 20])
def test_sigterm_right_after_a_confirmation_ends_cleanly(
    tmp_path: Path, terminals: Terminals, delay_ms: int
) -> None:
    saves = tmp_path / "saves"
    saves.mkdir()
    path = rftg_play.saved_session(saves, RFTG, upto="counts-0")
    # The shell prints the exit status once the app has ended and left its screen.
    term = terminals.start(["sh", "-c", '"$@"; echo "ended with status $?"', "sh", LASTROUND,
                            "--saves", str(saves), "resume", str(path)],
                           env={"LASTROUND_CONFIG": str(tmp_path / "config.toml")})
    term.wait_for("VP chips")
    pid = app_under_shell(term)
    term.type("14")
    term.keys("Tab", "3", "Tab", "1")
    term.wait_for("Goods on worlds")
    term.keys("Enter")  # confirms counts-0: the card picker for Bo is built next
    time.sleep(delay_ms / 1000)  # the moment of the attack, not a wait for anything
    os.kill(pid, signal.SIGTERM)

    term.wait_ended()  # the shell too, once it has said how the app ended
    alternate = term.tmux("display-message", "-p", "-t", term.name, "#{alternate_on}")
    assert alternate.strip() == "0", "the terminal is back on its own screen, not the app's"
    shown = term.tmux("capture-pane", "-p", "-t", term.name, "-S", "-100")  # and scrolled off
    assert f"ended with status {EXIT}" in shown, shown
    assert "Traceback" not in shown and "Error" not in shown, shown
    assert not lock_path(path).exists(), "the lock is released"
    assert not [p.name for p in saves.iterdir() if p.name.endswith(".tmp")]
    entries = [e["step"] for e in read_session(path)["log"]]
    assert entries[-1] in ("finish-round", "tableau-0", "counts-0"), entries
