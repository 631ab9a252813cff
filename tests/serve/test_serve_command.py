"""`lastround serve`'s command line: without the extra it says how to get it, and it never
serves on every address unless asked."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from textual_serve.app_service import AppService

from lastround.shell import phones, serve, serve_door
from tests.serve.served import ROOT

WITHOUT_THE_EXTRA = """
import sys
sys.modules["textual_serve"] = None  # as if the serve extra were not installed
from lastround.cli import main
sys.exit(main(["serve", "--host", "127.0.0.1", "--port", "0"]))
"""


def test_without_the_extra_serve_says_in_one_line_how_to_install_it() -> None:
    done = subprocess.run([sys.executable, "-c", WITHOUT_THE_EXTRA], capture_output=True,
                          text=True, timeout=60, env=os.environ | {"PYTHONPATH": str(ROOT)})
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr.count("\n") == 1 and "pip install 'lastround[serve]'" in done.stderr


def test_without_a_local_network_it_asks_for_an_address(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    """No network address: no falling back to every address (0.0.0.0), it asks for one."""
    monkeypatch.setattr(serve, "lan_address", lambda: None)
    assert serve.main(tmp_path, None, 0) == 2
    assert capsys.readouterr().err == serve.NO_ADDRESS + "\n"


def test_the_lan_address_is_one_address_never_every_one() -> None:
    address = phones.lan_address()
    assert address is None or not address.startswith(("0.", "127."))


def test_each_start_has_a_new_token() -> None:
    first, second = serve_door.new_door("10.0.0.2", 8022), serve_door.new_door("10.0.0.2", 8022)
    assert first.token != second.token and len(first.token) == 10
    assert first.url == f"http://10.0.0.2:8022/{first.token}/"


def test_the_browsers_run_the_join_command_without_a_shell(tmp_path: Path) -> None:
    """The command is fixed: the joiner's app for this folder, as a list of arguments (no
    shell reads it, whatever the folder's name)."""
    folder = tmp_path / "a; rm -rf ~"
    command = serve.join_command(folder)
    assert command == [sys.executable, "-m", "lastround", "join", "--saves", str(folder.resolve())]
    # textual-serve's own start (a shell) is what JoinProcess replaces: still named so.
    assert {"_open_app_process", "_build_environment"} <= set(vars(AppService))


def test_started_by_the_hosts_app_it_ends_when_the_app_is_gone(tmp_path: Path) -> None:
    """`--with-host`: however the host's app ends (even killed), its pipe closes, and the
    server stops as Ctrl+C would stop it."""
    command = [sys.executable, "-m", "lastround", "serve", "--saves", str(tmp_path), "--host",
               "127.0.0.1", "--port", "0", "--with-host"]
    server = subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                              stderr=subprocess.DEVNULL, text=True,
                              env=os.environ | {"PYTHONPATH": str(ROOT)})
    try:
        assert server.stdout is not None
        assert any("http://127.0.0.1:" in line for line in server.stdout)  # up and serving
        assert server.poll() is None
    finally:
        assert server.stdin is not None
        server.stdin.close()  # the host's app gone
    assert server.wait(timeout=8) == 0
