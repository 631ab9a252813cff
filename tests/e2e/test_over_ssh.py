"""At the table over SSH: a real OpenSSH server on 127.0.0.1, the app run through `ssh -tt`
in an 80×24 tmux pane. The link is dropped mid-session (the ssh client is killed): what was
confirmed is in the file, and the next start offers the session to resume.

The server is the test's own: a free high port on the loopback address, host and client keys
made with ssh-keygen in a temporary folder, run with `sshd -D -f <config>` as the current
user, and stopped afterwards.
"""

from __future__ import annotations

import getpass
import os
import shlex
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

from tests.e2e.conftest import SshTools
from tests.e2e.tty import Terminal, Terminals
from tui.saves import read_session

pytestmark = pytest.mark.e2e

LASTROUND = str(Path(sys.executable).with_name("lastround"))
LOOPBACK = "127.0.0.1"

SSHD_CONFIG = """\
ListenAddress {address}:{port}
HostKey {folder}/host_key
PidFile {folder}/sshd.pid
AuthorizedKeysFile {folder}/authorized_keys
AllowUsers {user}
PubkeyAuthentication yes
PasswordAuthentication no
KbdInteractiveAuthentication no
PermitRootLogin prohibit-password
UsePAM no
StrictModes no
PrintMotd no
PrintLastLog no
"""


@dataclass(frozen=True)
class SshServer:
    tools: SshTools
    folder: Path
    port: int
    user: str

    def command(self, remote: list[str]) -> list[str]:
        """`ssh -tt` to the test server running `remote` there (one shell-quoted line)."""
        return [self.tools.ssh, "-tt", "-F", "/dev/null", "-p", str(self.port),
                "-i", str(self.folder / "client_key"), "-o", "IdentitiesOnly=yes",
                "-o", "BatchMode=yes", "-o", "StrictHostKeyChecking=no",
                "-o", f"UserKnownHostsFile={self.folder / 'known_hosts'}",
                "-o", "LogLevel=ERROR", f"{self.user}@{LOOPBACK}", shlex.join(remote)]


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind((LOOPBACK, 0))
        return int(probe.getsockname()[1])


def accepting(port: int) -> bool:
    with socket.socket() as probe:
        return probe.connect_ex((LOOPBACK, port)) == 0


@pytest.fixture
def ssh_server(ssh_tools: SshTools, tmp_path: Path) -> Iterator[SshServer]:
    folder = tmp_path / "ssh"
    folder.mkdir(mode=0o700)
    for key in ("host_key", "client_key"):
        subprocess.run([ssh_tools.keygen, "-q", "-t", "ed25519", "-N", "", "-C", "lastround-test",
                        "-f", str(folder / key)], check=True)
    (folder / "authorized_keys").write_text((folder / "client_key.pub").read_text())
    if os.geteuid() == 0:  # sshd run by root insists on its privilege separation folder
        Path("/run/sshd").mkdir(mode=0o755, exist_ok=True)
    port = free_port()
    user = getpass.getuser()
    config = folder / "sshd_config"
    config.write_text(SSHD_CONFIG.format(address=LOOPBACK, port=port, folder=folder, user=user))
    log = folder / "sshd.log"
    server = subprocess.Popen([ssh_tools.sshd, "-D", "-f", str(config), "-E", str(log)])
    try:
        deadline = time.monotonic() + 20
        while not accepting(port):
            if server.poll() is not None or time.monotonic() > deadline:
                pytest.fail(f"sshd did not start: {log.read_text() if log.exists() else ''}")
            time.sleep(0.1)
        yield SshServer(ssh_tools, folder, port, user)
    finally:
        server.terminate()
        try:
            server.wait(timeout=10)
        except subprocess.TimeoutExpired:
            server.kill()
            server.wait()


def apps_using(saves: Path) -> list[int]:
    """Running `lastround --saves <saves>` processes (this test's own folder)."""
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                argv = (entry / "cmdline").read_bytes().decode().split("\0")
            except OSError:
                continue
            if LASTROUND in argv[:2] and str(saves) in argv:
                found.append(int(entry.name))
    return found


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
    term.wait_for("Does the game end?", "Step 2 of")
    term.wait_focus("Most face-up cards")  # what is typed before the focus lands is lost
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
    shown = again.wait_for(f"Unfinished: {files[0].name} — Enter to resume")
    assert "▶" in shown and "in progress" in shown and "Ada, Bo" in shown
    again.keys("Enter")
    again.wait_for("Finish the round", "Step 3 of")
    again.keys("C-q")
    again.wait_ended()
    assert read_session(files[0])["log"] == data["log"]
