"""Two copies of the app on one session, as two terminals (or two SSH logins) would run them."""

from __future__ import annotations

import socket
from pathlib import Path

import pytest

from lastround.session.files import read_session
from lastround.session.locks import Holder, lock_path, read_holder
from tests.e2e.test_crash_resume import app_pid, start
from tests.e2e.tty import Terminals
from tests.support import rftg_play

pytestmark = pytest.mark.e2e


def test_the_second_copy_opens_read_only_until_the_first_quits(
    tmp_path: Path, terminals: Terminals
) -> None:
    saves = tmp_path / "saves"
    saves.mkdir()
    path = rftg_play.saved_session(saves, rftg_play.FOUR_PLAYERS, upto="counts-0")
    first = start(terminals, saves, "resume", str(path))
    first.wait_for("Ada: chips")
    first_pid = app_pid(first)
    assert read_holder(lock_path(path)) == Holder(first_pid, socket.gethostname())

    second = start(terminals, saves, "resume", str(path))
    shown = " ".join(second.wait_for("Ada: chips", "read-only").replace("▌", " ").split())
    assert f"open in another Last Round (process {first_pid}" in shown
    second.keys("Enter")  # it only looks: Enter goes home, nothing is written
    second.wait_for("Sessions")
    assert [e["step"] for e in read_session(path)["log"]][-1] == "tableau-0"
    assert read_holder(lock_path(path)) == Holder(first_pid, socket.gethostname())

    first.keys("C-q")  # the first copy quits: its lock goes with it
    first.wait_ended()
    assert not lock_path(path).exists()
    third = start(terminals, saves, "resume", str(path))
    assert "read-only" not in third.wait_for("Ada: chips", "— Step ")
    assert read_holder(lock_path(path)) == Holder(app_pid(third), socket.gethostname())
