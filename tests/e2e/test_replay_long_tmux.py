"""A long finished session replayed in a real terminal (tmux): its final scores first, read
from the file's head, then, once its log is read, the keys typed meanwhile, in order."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

import lastround.session.early
from lastround.session.files import write_session
from tests.e2e.tty import Terminals
from tests.support.long_log import rftg_session

pytestmark = pytest.mark.e2e

LASTROUND = str(Path(sys.executable).with_name("lastround"))
READING = "reading the log"


def test_a_long_replay_shows_its_scores_then_takes_the_keys_typed_meanwhile(
    terminals: Terminals, tmp_path: Path,
) -> None:
    saves = tmp_path / "saves"
    saves.mkdir()
    path = saves / "long.toml"
    corrections = 3_500  # past the size read head first
    write_session(path, rftg_session(corrections).data)
    assert path.stat().st_size >= lastround.session.early.EARLY_FROM
    term = terminals.start([LASTROUND, "--saves", str(saves), "replay", str(path)],
                           env={"LASTROUND_CONFIG": str(tmp_path / "config.toml"),
                                "LANG": "C.UTF-8"})
    term.wait_for("Breakdown of the final scores")
    term.keys("Left", "Left")  # most often while the log is read: they wait for it
    entries = corrections + 10
    term.wait_for(f"entry {entries - 1} of {entries}")
    assert READING not in term.screen()
    term.keys("Escape")
    term.wait_ended()
