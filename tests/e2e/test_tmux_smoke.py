"""The real command in a real 80×24 terminal (tmux), driven by keys and read off the screen."""

from __future__ import annotations

import subprocess
import sys
import time
import uuid
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from lastround.session.files import read_session

pytestmark = [
    pytest.mark.e2e,
    pytest.mark.usefixtures("tmux"),  # installed on CI when missing, else a skip saying why
]

LASTROUND = Path(sys.executable).with_name("lastround")


class Terminal:
    def __init__(self, name: str) -> None:
        self.name = name

    def keys(self, *keys: str) -> None:
        """One key at a time, with no pause: the app takes them in order at any speed."""
        for key in keys:
            subprocess.run(["tmux", "send-keys", "-t", self.name, key], check=True)

    def wait_ended(self, seconds: float = 15) -> None:
        """Until the app has ended (its tmux session goes with it)."""
        deadline = time.monotonic() + seconds
        while subprocess.run(["tmux", "has-session", "-t", self.name],
                             capture_output=True).returncode == 0:
            assert time.monotonic() < deadline, f"still running:\n{self.screen()}"
            time.sleep(0.1)

    def screen(self) -> str:
        done = subprocess.run(["tmux", "capture-pane", "-p", "-t", self.name],
                              capture_output=True, text=True, check=True)
        return done.stdout

    def wait_for(self, text: str, seconds: float = 15) -> str:
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            shown = self.screen()
            if text in shown:
                return shown
            time.sleep(0.1)
        raise AssertionError(f"{text!r} never appeared; the screen shows:\n{self.screen()}")


@pytest.fixture
def terminal(tmp_path: Path) -> Iterator[Callable[..., Terminal]]:
    names: list[str] = []

    def start(*args: str) -> Terminal:
        name = f"lastround-{uuid.uuid4().hex[:8]}"
        names.append(name)
        command = " ".join([str(LASTROUND), "--saves", str(tmp_path / "saves"), *args])
        subprocess.run(["tmux", "new-session", "-d", "-s", name, "-x", "80", "-y", "24",
                        "-c", str(tmp_path), command], check=True)
        return Terminal(name)

    yield start
    for name in names:
        subprocess.run(["tmux", "kill-session", "-t", name], capture_output=True)


def test_a_race_session_started_from_home_is_saved_step_by_step(
    terminal: Callable[..., Terminal], tmp_path: Path
) -> None:
    term = terminal()
    term.wait_for("New session")
    term.keys("r")
    term.wait_for("Seat 1")
    term.keys(*"Ada", "Tab", *"Bo", "Enter")
    term.wait_for("Does the game end?")
    assert "Step 2" in term.wait_for("Confirm"), "the footer shows the confirm key"
    term.keys("C-q")
    term.wait_ended()
    data = read_session(next((tmp_path / "saves").glob("*.toml")))
    assert [p["name"] for p in data["players"]] == ["Ada", "Bo"]
    assert data["status"] == "in-progress"


def test_the_next_start_offers_the_unfinished_session_and_resumes_it(
    terminal: Callable[..., Terminal],
) -> None:
    first = terminal("new", "galileo")
    first.wait_for("Seat 1")
    first.keys(*"Ada", "Tab", *"Bo", "Tab", *"Cy", "Enter")
    first.wait_for("First player")
    first.keys("C-q")
    first.wait_ended()  # its lock is let go: the next start may write the session
    second = terminal()
    shown = second.wait_for("in progress")
    assert "Galileo Galilei" in shown and "Ada, Bo, Cy" in shown
    second.keys("Enter")
    assert "First player" in second.wait_for("Step 2")
