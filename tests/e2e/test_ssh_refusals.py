"""The `table` account as docs/table-mode.md sets it up lets a player do one thing: join the table
in a terminal. Everything else an SSH client can ask for is refused or ends at once.

The test's own OpenSSH server on 127.0.0.1 runs the docs' `Match User` block (FORCE_COMMAND
in tests/e2e/conftest.py, checked against docs/table-mode.md here). Before, the block allowed agent
forwarding (`ssh -A` left the player's agent socket on the host), and with no terminal the
forced `lastround join` stayed behind reading nothing, one core busy, until killed.
"""

from __future__ import annotations

import glob
import re
import subprocess
import time
from pathlib import Path

import pytest

from tests.e2e.conftest import FORCE_COMMAND, SshServer, find
from tests.e2e.tty import Terminals
from tests.support.table_sessions import ready_for_seats

pytestmark = pytest.mark.e2e

SSHD_DOCS = Path(__file__).parents[2] / "docs" / "table-mode.md"
# Generous for a busy machine; what these guard against never ends at all.
AT_ONCE = 60.0  # seconds


def ssh(server: SshServer, *asking: str, command: str = "") -> subprocess.CompletedProcess[str]:
    line = server.command([command] if command else [], asking=asking)
    return subprocess.run(line, capture_output=True, text=True, timeout=AT_ONCE,
                          stdin=subprocess.DEVNULL)


def test_the_docs_give_the_block_the_tests_run() -> None:
    """The docs' sshd block is the one tested here (but for its user and command)."""
    block = re.search(r"```\n(Match User table\n.*?)```", SSHD_DOCS.read_text(), re.S)
    assert block is not None, "docs/table-mode.md's sshd block"
    lines = [line.strip() for line in block.group(1).splitlines()[1:]]
    tested = [line.strip() for line in FORCE_COMMAND.splitlines()[1:]]
    assert [line for line in lines if not line.startswith("ForceCommand")] == [
        line for line in tested if not line.startswith("ForceCommand")]


@pytest.mark.parametrize("command", ["", "id"], ids=["-T", "a command"])
def test_a_login_without_a_terminal_is_told_so_and_ends(table_ssh_server: SshServer,
                                                        command: str) -> None:
    """`ssh -T table@host` or `ssh table@host id`: the forced join says it needs a terminal
    and ends; the command asked for never runs."""
    done = ssh(table_ssh_server, "-T", command=command)
    assert done.returncode == 2
    assert "no terminal" in done.stderr and "ssh -t" in done.stderr
    assert "uid=" not in done.stdout


def test_sftp_gets_nothing_and_ends(table_ssh_server: SshServer, tmp_path: Path) -> None:
    sftp = find("sftp")
    if sftp is None:
        pytest.skip("sftp (openssh-client) is not installed")
    batch = tmp_path / "batch"
    batch.write_text(f"get {tmp_path}/saves/secret {tmp_path}/copied\n")
    line = [sftp, "-b", str(batch), "-P", str(table_ssh_server.port),
            *table_ssh_server.options(), table_ssh_server.address]
    (tmp_path / "saves").mkdir(exist_ok=True)
    (tmp_path / "saves" / "secret").write_text("the host's")
    done = subprocess.run(line, capture_output=True, text=True, timeout=AT_ONCE,
                          stdin=subprocess.DEVNULL)
    assert done.returncode != 0
    assert not (tmp_path / "copied").exists()


def test_a_port_forward_is_refused(table_ssh_server: SshServer) -> None:
    """`ssh -N -R …` (no session, a forward): refused, and the client ends."""
    done = ssh(table_ssh_server, "-N", "-o", "ExitOnForwardFailure=yes",
               "-R", "127.0.0.1:0:127.0.0.1:9")
    assert done.returncode != 0
    assert "forwarding failed" in done.stderr


def test_the_players_agent_is_not_forwarded(table_ssh_server: SshServer, terminals: Terminals,
                                            tmp_path: Path) -> None:
    """`ssh -A -tt table@host`: the player joins, and no agent socket of theirs appears on
    the host (sshd makes one under /tmp/ssh-*/ when agent forwarding is allowed)."""
    agent_binary = find("ssh-agent")
    if agent_binary is None:
        pytest.skip("ssh-agent (openssh-client) is not installed")
    ready_for_seats("rftg", tmp_path / "saves")
    socket = tmp_path / "agent.sock"
    agent = subprocess.Popen([agent_binary, "-D", "-a", str(socket)],
                             stdout=subprocess.DEVNULL)
    try:
        deadline = time.monotonic() + AT_ONCE
        while not socket.exists():
            assert time.monotonic() < deadline, "ssh-agent did not start"
            time.sleep(0.05)
        before = set(glob.glob("/tmp/ssh-*/agent.*"))
        term = terminals.start(["env", f"SSH_AUTH_SOCK={socket}",
                                *table_ssh_server.command([], asking=("-tt", "-A"))])
        term.wait_for("Join a table")
        assert set(glob.glob("/tmp/ssh-*/agent.*")) == before
    finally:
        agent.terminate()
        agent.wait(timeout=10)
