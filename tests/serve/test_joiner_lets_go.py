"""A browser's joiner lets go of its seat as soon as its link to the server ends: once its
standard input closes (the server closed it, or is gone), the app ends and the seat's lock
goes with it, so the player's next page claims the seat at once instead of being told
another terminal holds it."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from pathlib import Path

from lastround.session.locks import lock_path
from lastround.session.table import Table
from tests.serve.served import ROOT, SERVE_ENV, WAIT, wait_until
from tests.support.join_play import Host
from tests.support.table_sessions import ready_for_seats

WEB = {"TEXTUAL_DRIVER": "textual.drivers.web_driver:WebDriver", "COLUMNS": "41",
       "ROWS": "40"}


def packet(kind: bytes, payload: bytes) -> bytes:
    """textual-serve's framing of what goes to the app: a kind, a length, the bytes."""
    return kind + len(payload).to_bytes(4, "big") + payload


def test_a_joiner_whose_input_closes_ends_and_frees_its_seat(tmp_path: Path) -> None:
    path = ready_for_seats("rftg", tmp_path)
    host = Host(path)
    seat_lock = lock_path(Table(path).seat_path(1))
    joiner = subprocess.Popen(
        [sys.executable, "-m", "lastround", "join", "--saves", str(tmp_path)], cwd=ROOT,
        stdin=subprocess.PIPE, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
        env=os.environ | SERVE_ENV | WEB)
    try:
        assert joiner.stdin is not None
        joiner.stdin.write(packet(b"M", json.dumps({"type": "focus"}).encode()))
        deadline = time.monotonic() + WAIT
        while not seat_lock.exists():  # the first table, then Jonas, typed until taken
            assert time.monotonic() < deadline and joiner.poll() is None, "never seated"
            for key in (b"1", b"2"):
                joiner.stdin.write(packet(b"D", key))
            joiner.stdin.flush()
            time.sleep(0.5)
        joiner.stdin.close()  # the page's link is over
        joiner.wait(timeout=15)  # a hang guard: it ends at once
        wait_until(lambda: not seat_lock.exists(), "the seat let go", seconds=5)
    finally:
        if joiner.poll() is None:
            joiner.kill()
            joiner.wait()
        host.leave()
