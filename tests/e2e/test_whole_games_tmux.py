"""Both games' whole end of game in a real 80×24 terminal (tmux), keyboard only, read off the
screen as plain text: the breakdown names the winner and the session file is finished."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import pytest

from lastround.session.files import read_session
from tests.e2e.play_keys import play_galileo, play_rftg
from tests.e2e.tty import Terminal, Terminals

pytestmark = pytest.mark.e2e

LASTROUND = str(Path(sys.executable).with_name("lastround"))


def start(terminals: Terminals, tmp_path: Path, **env: str) -> Terminal:
    command = [LASTROUND, "--saves", str(tmp_path / "saves")]
    term = terminals.start(command, env={"LASTROUND_CONFIG": str(tmp_path / "config.toml"), **env})
    assert terminals.size(term) == "80x24"
    return term


def finished_session(tmp_path: Path) -> dict[str, Any]:
    files = sorted((tmp_path / "saves").glob("*.toml"))
    assert len(files) == 1, files
    data = read_session(files[0])
    assert data["status"] == "finished"
    return data


def test_a_whole_race_for_the_galaxy_end_of_game(terminals: Terminals, tmp_path: Path) -> None:
    term = start(terminals, tmp_path)
    play_rftg(term)  # ends on the final scores: "★ Ada wins on the tie-break"
    assert "Ada ★" in term.screen()
    finished_session(tmp_path)  # saved finished with the last count, before any other key
    term.keys("Enter")  # finished with the last count: the final scores only go home
    term.wait_for("New session", "★ Ada")
    data = finished_session(tmp_path)
    assert data["log"][-1]["values"] == {"totals": {"Ada": 40, "Bo": 40}, "winners": ["Ada"]}


def test_a_whole_galileo_end_of_game_in_a_16_colour_terminal(terminals: Terminals,
                                                             tmp_path: Path) -> None:
    term = start(terminals, tmp_path, TERM="xterm")
    play_galileo(term)  # ends on the final scores: "★ Cy wins"
    assert "Cy ★" in term.screen()
    term.keys("Enter")
    term.wait_for("New session", "★ Cy")
    data = finished_session(tmp_path)
    assert data["turns_done"] == 4 and data["draws"][0]["card"] == "Andromeda Nebula"
    assert data["log"][-1]["values"]["winners"] == ["Cy"]
