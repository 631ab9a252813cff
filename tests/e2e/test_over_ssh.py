"""At the table over SSH: a real OpenSSH server on 127.0.0.1, the app run through `ssh -tt`
in an 80×24 tmux pane. The link is dropped mid-session (the ssh client is killed): what was
confirmed is in the file, and the next start offers the session to resume.

The server is the test's own (the `ssh_server` fixture in conftest.py).
"""

from __future__ import annotations

import os
import signal
import time
from pathlib import Path

import pytest

from lastround.session.files import read_session
from tests.e2e.conftest import SshServer
from tests.e2e.tty import LASTROUND, Terminal, Terminals, apps_using

pytestmark = pytest.mark.e2e

def wait_until_no_app(saves: Path) -> None:
    deadline = time.monotonic() + 30
    while apps_using(saves):
        assert time.monotonic() < deadline, "the app on the far side outlived the link"
        time.sleep(0.1)


# SGR codes of the colours with a hue (red ... cyan, plain and bright, fore- and background)
# and of 256 or true colours: none of them may appear when NO_COLOR is set.
HUES = {str(code) for base in (30, 40, 90, 100) for code in range(base + 1, base + 7)} | {
    "38", "48"}
LOOKS = {
    "colour": {},
    "no-colour-linux-console": {"NO_COLOR": "1", "TERM": "linux"},
}


@pytest.mark.parametrize("look", list(LOOKS), ids=list(LOOKS))
def test_a_dropped_link_loses_nothing_and_the_next_start_offers_to_resume(
    look: str, ssh_server: SshServer, terminals: Terminals, tmp_path: Path
) -> None:
    saves = tmp_path / "saves"
    remote = ["env", f"LASTROUND_CONFIG={tmp_path / 'config.toml'}",
              *(f"{k}={v}" for k, v in LOOKS[look].items()), LASTROUND, "--saves", str(saves)]

    def connect() -> Terminal:
        return terminals.start(ssh_server.command(remote))

    term = connect()
    term.wait_for("New session")
    term.keys("r")
    term.wait_for("Players and edition", "(•) 2nd")
    term.type("Ada")
    term.keys("Tab")
    term.wait_focus("Seat 2")  # shown in reverse video, with or without colour
    term.type("Bo")
    term.keys("Enter")
    term.wait_for("Does the game end?", "Step 2")
    term.wait_focus("Most face-up cards")  # shown in reverse video, with or without colour
    term.type("999")
    term.keys("Enter")
    term.wait_for("✗ Most face-up cards", "at most 114")  # refused: said with a symbol
    if LOOKS[look]:
        assert not term.colours() & HUES, "NO_COLOR: drawn in greys only"
    term.keys("C-a", "C-k")
    term.type("12")
    term.keys("Enter")
    term.wait_for("Finish the round", "▶ [ ] 1.")  # both steps confirmed, so saved

    os.kill(term.pid, signal.SIGKILL)  # the link drops: the ssh client is gone at once
    term.wait_ended()
    wait_until_no_app(saves)  # the far side got the hang-up and ended

    files = list(saves.glob("*.toml"))
    assert len(files) == 1, files
    data = read_session(files[0])
    assert data["status"] == "in-progress"
    assert [entry["step"] for entry in data["log"]] == ["setup", "end-check-0"]
    assert [p["name"] for p in data["players"]] == ["Ada", "Bo"]
    assert data["end_checks"][0]["largest_tableau"] == 12

    again = connect()
    # The marked row and the line under the list are drawn in one frame or two: wait for all.
    again.wait_for(f"Unfinished: {files[0].name} — Enter to resume", "▶", "in progress",
                   "Ada, Bo")
    again.keys("Enter")
    again.wait_for("Finish the round", "Step 3")
    again.keys("C-q")
    again.wait_ended()
    assert read_session(files[0])["log"] == data["log"]
