"""What the real-terminal tests need from the machine: tmux, and for the SSH tests an OpenSSH
server and client.

When one is missing, the tests install them only where that is clearly wanted and possible: on
CI (``CI=true``), as root, with apt-get. Anywhere else they skip and say why. Both xdist
workers may ask at once, so the installation runs under a file lock.
"""

from __future__ import annotations

import fcntl
import os
import shutil
import subprocess
import tempfile
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
