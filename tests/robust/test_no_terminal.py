"""Without a terminal, or once its terminal has gone, the app says so or ends: it never spins.

`ssh -T` to the table's account (or a command, scp, sftp) runs the forced `lastround join`
with pipes for input; `setsid lastround … </dev/null` runs the host's app on an empty input.
Textual's reader then reads an input at its end, at once, for ever: one core kept busy and the
session's lock kept, so the table thought its host present. And a terminal closed without a
hang-up signal (a tmux pane killed under `su`, whose session never had it as its controlling
terminal) left the app reading nothing, the same way.
"""

from __future__ import annotations

import fcntl
import os
import re
import select
import signal
import struct
import subprocess
import sys
import termios
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).parents[2]
LASTROUND = str(Path(sys.executable).with_name("lastround"))
# Generous: the app starts in well under a second on a quiet machine. A spinning app never
# ends at all, so a slow machine can only make these tests slower, never wrong.
ENDS_WITHIN = 60.0  # seconds
ANSI = re.compile(rb"\x1b(\[[0-9;?<>=]*[ -/]*[@-~]|\][^\x07\x1b]*(\x07|\x1b\\)|[PX^_].*?\x1b\\|.)")


@pytest.mark.parametrize("command", [[], ["join"], ["new", "rftg"]])
def test_without_a_terminal_the_interface_says_so_in_one_line_and_ends(
        tmp_path: Path, command: list[str]) -> None:
    """Input at its end at once (`ssh -T`, `</dev/null`): a sentence, exit status 2."""
    ended = subprocess.run([LASTROUND, "--saves", str(tmp_path), *command],
                           stdin=subprocess.DEVNULL, capture_output=True, text=True,
                           timeout=ENDS_WITHIN, env={**os.environ, "TERM": "xterm-256color"})
    assert ended.returncode == 2
    assert ended.stdout == ""
    assert ended.stderr.count("\n") == 1 and "no terminal" in ended.stderr
    assert "ssh -t" in ended.stderr and "Traceback" not in ended.stderr


def test_score_still_works_without_a_terminal(tmp_path: Path) -> None:
    example = ROOT / "saves" / "examples" / "rftg-4-players.toml"
    ended = subprocess.run([LASTROUND, "score", str(example)], stdin=subprocess.DEVNULL,
                           capture_output=True, text=True, timeout=ENDS_WITHIN)
    assert ended.returncode == 0 and "★ Luis wins" in ended.stdout


class Pane:
    """A terminal the app runs in but that is not its controlling terminal (as under `su` in a
    tmux pane): closing it sends the app no signal."""

    def __init__(self, command: list[str], cwd: Path) -> None:
        self.master, slave = os.openpty()
        os.set_blocking(self.master, False)
        env = {**os.environ, "TERM": "xterm-256color", "COLUMNS": "80", "LINES": "24"}
        self.process = subprocess.Popen(command, stdin=slave, stdout=slave, stderr=slave,
                                        cwd=cwd, env=env, start_new_session=True)
        os.close(slave)
        # 80×24, as a pane would say (a fresh pty says 0×0)
        fcntl.ioctl(self.master, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 80, 0, 0))
        self.shown = b""

    def read(self, seconds: float) -> None:
        """Take what the app drew for a while (a full pty would stop it)."""
        until = time.monotonic() + seconds
        while (left := until - time.monotonic()) > 0:
            ready, _, _ = select.select([self.master], [], [], left)
            if ready:
                try:
                    self.shown += os.read(self.master, 65536)
                except OSError:
                    return

    def wait_for(self, text: str) -> None:
        until = time.monotonic() + ENDS_WITHIN
        while text.encode() not in ANSI.sub(b"", self.shown):
            assert time.monotonic() < until, f"{text!r} never shown"
            assert self.process.poll() is None, "the app ended"
            self.read(0.1)

    def type(self, keys: str) -> None:
        os.write(self.master, keys.encode())

    def close(self) -> None:
        os.close(self.master)


def test_a_terminal_gone_without_a_signal_ends_the_app_and_frees_the_session(
        tmp_path: Path) -> None:
    saves = tmp_path / "saves"
    pane = Pane([LASTROUND, "--saves", str(saves), "new", "rftg"], tmp_path)
    try:
        pane.wait_for("Seat 1")
        pane.type("Ada\tBo\r")  # confirmed: the session is on disk, and locked
        pane.wait_for("Does the game end")
        assert len(list(saves.glob(".*.lock"))) == 1
        cpu_before = time_used(pane.process.pid)
    finally:
        pane.close()  # the pane is killed; no SIGHUP reaches the app
    try:
        status = pane.process.wait(timeout=ENDS_WITHIN)
    except subprocess.TimeoutExpired:
        spent = time_used(pane.process.pid) - cpu_before
        pane.process.kill()
        pytest.fail(f"still running with its terminal gone ({spent:.1f} s of CPU meanwhile)")
    assert status == 128 + signal.SIGHUP  # as a hang-up
    assert list(saves.glob(".*.lock")) == []
    assert len(list(saves.glob("*.toml"))) == 1


def time_used(pid: int) -> float:
    """CPU seconds a process has used (user + system), from /proc."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
