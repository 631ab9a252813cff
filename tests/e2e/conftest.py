"""What the real-terminal tests need from the machine: tmux, and for the SSH tests an OpenSSH
server and client.

When one is missing, the tests install them only where that is clearly wanted and possible: on
CI (``CI=true``), as root, with apt-get. Anywhere else they skip and say why. Both xdist
workers may ask at once, so the installation runs under a file lock.
"""

from __future__ import annotations

import fcntl
import getpass
import os
import shlex
import shutil
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

from tests.e2e.tty import Terminals

PACKAGES = ("tmux", "openssh-server", "openssh-client")
SBIN = os.pathsep.join(("/usr/local/sbin", "/usr/sbin", "/sbin"))


def find(tool: str) -> str | None:
    """A tool on PATH, or in the sbin folders (sshd lives there, off most users' PATH)."""
    return shutil.which(tool) or shutil.which(tool, path=SBIN)


def missing(tools: tuple[str, ...]) -> list[str]:
    return [tool for tool in tools if find(tool) is None]


def install_or_reason(tools: tuple[str, ...]) -> str | None:
    """Install the packages if the tools are missing and installing is allowed; else say why
    the tests can't run (None: everything is there)."""
    if not missing(tools):
        return None
    absent = ", ".join(missing(tools))
    if os.environ.get("CI") != "true":
        return f"{absent} not installed (installed automatically only on CI, with CI=true)"
    if os.geteuid() != 0 or shutil.which("apt-get") is None:
        return f"{absent} not installed, and installing needs root and apt-get"
    lock_path = Path(tempfile.gettempdir()) / "lastround-e2e-apt.lock"
    with lock_path.open("w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)  # the other worker may be installing right now
        if not missing(tools):
            return None
        env = os.environ | {"DEBIAN_FRONTEND": "noninteractive"}
        install = ["apt-get", "install", "-y", "--no-install-recommends", *PACKAGES]
        done = subprocess.run(install, env=env, capture_output=True, text=True)
        if done.returncode:  # stale or absent package lists: fetch them once, then retry
            subprocess.run(["apt-get", "update"], env=env, capture_output=True)
            done = subprocess.run(install, env=env, capture_output=True, text=True)
    if missing(tools):
        tail = (done.stderr or done.stdout).strip().splitlines()[-1:] or ["no output"]
        return f"{absent} could not be installed with apt-get: {tail[0]}"
    return None


@pytest.fixture(scope="session")
def tmux() -> str:
    reason = install_or_reason(("tmux",))
    if reason:
        pytest.skip(reason)
    path = find("tmux")
    assert path is not None
    return path


@dataclass(frozen=True)
class SshTools:
    sshd: str
    ssh: str
    keygen: str


@pytest.fixture(scope="session")
def ssh_tools(tmux: str) -> SshTools:
    reason = install_or_reason(("sshd", "ssh", "ssh-keygen"))
    if reason:
        pytest.skip(reason)
    sshd, ssh, keygen = (find(tool) for tool in ("sshd", "ssh", "ssh-keygen"))
    assert sshd and ssh and keygen
    return SshTools(sshd, ssh, keygen)


@pytest.fixture
def terminals(tmux: str, tmp_path: Path) -> Iterator[Terminals]:
    """80×24 tmux panes on a tmux server of the test's own, stopped afterwards."""
    started = Terminals(tmux, tmp_path)
    yield started
    started.close()


# --- a test OpenSSH server on the loopback address ----------------------------------------
# The server is the test's own: a free high port on 127.0.0.1, host and client keys made with
# ssh-keygen in a temporary folder, run with `sshd -D -f <config>` as the current user, and
# stopped afterwards.

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
Subsystem sftp internal-sftp
"""


@dataclass(frozen=True)
class SshServer:
    tools: SshTools
    folder: Path
    port: int
    user: str

    def command(self, remote: list[str], *, asking: tuple[str, ...] = ("-tt",)) -> list[str]:
        """`ssh -tt` (or what `asking` asks) to the test server running `remote` there (one
        shell-quoted line)."""
        return [self.tools.ssh, *asking, "-p", str(self.port), *self.options(), self.address,
                *([shlex.join(remote)] if remote else [])]

    def options(self) -> list[str]:
        """The client's options every OpenSSH client here takes (ssh, sftp)."""
        return ["-F", "/dev/null", "-i", str(self.folder / "client_key"),
                "-o", "IdentitiesOnly=yes", "-o", "BatchMode=yes",
                "-o", "StrictHostKeyChecking=no",
                "-o", f"UserKnownHostsFile={self.folder / 'known_hosts'}", "-o", "LogLevel=ERROR"]

    @property
    def address(self) -> str:
        return f"{self.user}@{LOOPBACK}"

    def login(self) -> list[str]:
        """`ssh -tt` to the test server with no command: its ForceCommand says what runs."""
        return self.command([])


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind((LOOPBACK, 0))
        return int(probe.getsockname()[1])


def accepting(port: int) -> bool:
    with socket.socket() as probe:
        return probe.connect_ex((LOOPBACK, port)) == 0


@pytest.fixture
def ssh_server(ssh_tools: SshTools, tmp_path: Path) -> Iterator[SshServer]:
    yield from serve(ssh_tools, tmp_path)


@pytest.fixture
def table_ssh_server(ssh_tools: SshTools, tmp_path: Path) -> Iterator[SshServer]:
    """The test server as docs/table-mode.md sets up a `table` account: whoever logs in gets
    `lastround join` on the test's saves folder (tmp_path/saves), whatever they ask to run."""
    line = shlex.join(["env", f"LASTROUND_CONFIG={tmp_path / 'joiner-config.toml'}",
                       str(Path(sys.executable).with_name("lastround")), "join",
                       "--saves", str(tmp_path / "saves")])
    yield from serve(ssh_tools, tmp_path, FORCE_COMMAND.format(user=getpass.getuser(),
                                                                command=line))


# The docs' block for the `table` account, word for word but for the user and command
# (tests/e2e/test_ssh_refusals.py checks docs/table-mode.md still says this).
FORCE_COMMAND = """\
Match User {user}
    ForceCommand {command}
    PermitTTY yes
    DisableForwarding yes
    PermitTunnel no
    PermitUserRC no
"""


def serve(ssh_tools: SshTools, tmp_path: Path, more_config: str = "") -> Iterator[SshServer]:
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
    config.write_text(SSHD_CONFIG.format(address=LOOPBACK, port=port, folder=folder, user=user)
                      + more_config)
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


