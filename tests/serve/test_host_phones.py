"""The host's app serves its table to phones: `p` when opening the table (F4) starts `lastround
serve` for the session's folder and shows its code, F5 shows it again, and the server ends
with the app."""

from __future__ import annotations

import os
import re
import signal
import socket
import subprocess
import time
import urllib.request
from pathlib import Path
from typing import Any

import pytest
from textual.app import App
from textual.widgets import Input

from lastround.app import LastRoundApp
from lastround.screens.host_seat import HostSeatScreen
from lastround.screens.phones import LINES_AROUND, PhonesScreen
from lastround.screens.qr import window_needed
from lastround.screens.serve_where import ServeWhereScreen
from lastround.screens.step import StepScreen
from lastround.shell import phones
from lastround.widgets.qr_code import QrCode, code_lines
from tests.support.helpers import make_test_app
from tests.support.join_play import ask_which_seat, until
from tests.support.table_sessions import ready_for_seats

SIZE = (80, 24)


def showing_code(app: App[Any]) -> bool:
    return isinstance(app.screen, PhonesScreen) and app.screen.is_mounted


def code_shown(app: App[Any]) -> PhonesScreen:
    assert isinstance(app.screen, PhonesScreen)
    return app.screen


def server_process(app: LastRoundApp) -> subprocess.Popen[str]:
    """The phones' server the host's app started."""
    server = app.walk.phones.server
    assert server is not None and server.process is not None
    return server.process


@pytest.fixture
def on_loopback(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(phones, "SERVE_HOST", "127.0.0.1")
    monkeypatch.setattr(phones, "SERVE_PORT", 0)


async def test_a_port_taken_is_said_and_the_next_free_one_offered_then_remembered(
        tmp_path: Path, on_loopback: None) -> None:
    """`lastround serve` started by hand holds the port: F5 says so, offers the next free
    port, serves there on Enter, and offers the same address and port the next time."""
    path = ready_for_seats("rftg", tmp_path)
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        app = make_test_app(tmp_path, command="resume", file=path)
        async with app.run_test(size=SIZE) as pilot:
            await until(pilot, lambda: isinstance(app.screen, StepScreen), "the first step")
            await ask_which_seat(pilot, app)
            await pilot.press("enter")  # the table open, to terminals only
            await until(pilot, lambda: app.keeper.table is not None, "the table open")
            await pilot.press("f5")
            await until(pilot, lambda: isinstance(app.screen, ServeWhereScreen), "where")
            assert app.focused is not None and app.focused.id == "serve-address", "the first"
            address = app.screen.query_one("#serve-address", Input)
            local = phones.lan_address()
            assert (local or "no local network") in str(address.placeholder), "the real one"
            port_field = app.screen.query_one("#serve-port", Input)
            port_field.value = str(port)
            await pilot.press("enter")
            said = str(app.screen.query_one("#serve-where-error").render())
            assert f"Port {port} is taken" in said and "Enter serves there" in said, said
            offered = int(port_field.value)
            assert offered > port
            await pilot.press("enter")
            await until(pilot, lambda: showing_code(app), "the phones' code", seconds=30)
            assert f"127.0.0.1:{offered}/" in code_shown(app).link
    assert phones.where_remembered() == ("127.0.0.1", offered)


async def test_opening_the_table_to_phones_shows_the_code_of_a_running_server(
        tmp_path: Path, on_loopback: None) -> None:
    path = ready_for_seats("rftg", tmp_path)
    app = make_test_app(tmp_path, command="resume", file=path)
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: isinstance(app.screen, StepScreen), "the first step")
        await ask_which_seat(pilot, app)
        await pilot.press("p")
        await until(pilot, lambda: isinstance(app.screen, ServeWhereScreen), "where to serve")
        await pilot.press("enter")  # as remembered (here: loopback, any free port)
        await until(pilot, lambda: showing_code(app), "the phones' code", seconds=30)
        link = code_shown(app).link
        assert re.fullmatch(r"http://127\.0\.0\.1:\d+/[2-9a-z]{10}/", link), link
        assert app.screen.query_one(QrCode).lines == code_lines(link, dark_drawn=False)
        assert f"or type: {link}" in str(app.screen.query_one("#phones-link").render())
        with urllib.request.urlopen(link, timeout=10) as page:  # the table's page is served
            assert page.status == 200 and b"textual-terminal" in page.read()
        assert app.keeper.table is not None, "the table is open too"
        await pilot.press("escape")
        await until(pilot, lambda: isinstance(app.screen, StepScreen), "back on the step")
        await pilot.press("f5")  # the same code again, from the same server
        await until(pilot, lambda: showing_code(app), "the code again", seconds=30)
        assert code_shown(app).link == link
        server = server_process(app)
    assert server is not None and server.wait(timeout=10) is not None, "it ends with the app"
    assert "refused" not in (tmp_path / phones.LOG_NAME).read_text()


async def test_a_server_slow_to_stop_never_holds_up_the_hosts_app(
        tmp_path: Path, on_loopback: None, monkeypatch: pytest.MonkeyPatch) -> None:
    """Stopping (as the final scores show) returns at once, however long the server takes to
    end (here: paused); past STOP_WAIT it is killed."""
    monkeypatch.setattr(phones, "STOP_WAIT", 1.0)
    path = ready_for_seats("rftg", tmp_path)
    app = make_test_app(tmp_path, command="resume", file=path)
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: isinstance(app.screen, StepScreen), "the first step")
        await ask_which_seat(pilot, app)
        await pilot.press("p")
        await until(pilot, lambda: isinstance(app.screen, ServeWhereScreen), "where to serve")
        await pilot.press("enter")
        await until(pilot, lambda: showing_code(app), "the phones' code", seconds=30)
        server = server_process(app)
        os.kill(server.pid, signal.SIGSTOP)
        started = time.monotonic()
        app.walk.phones.stop()
        assert time.monotonic() - started < 2.5, "a hang guard: it was 5 s, waiting"
    assert server.wait(timeout=30) == -signal.SIGKILL


async def test_without_the_extra_the_table_opens_to_terminals_only(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(phones, "can_serve", lambda: False)
    path = ready_for_seats("rftg", tmp_path)
    app = make_test_app(tmp_path, command="resume", file=path)
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: isinstance(app.screen, StepScreen), "the first step")
        await ask_which_seat(pilot, app)
        assert "(p:" not in str(app.screen.query_one("#host-seat-hint").render())
        await pilot.press("p")  # not offered: nothing happens
        await pilot.pause()
        assert isinstance(app.screen, HostSeatScreen) and app.keeper.table is None
        await pilot.press("enter")
        await until(pilot, lambda: app.keeper.table is not None, "the table open")
        said: list[str] = []
        monkeypatch.setattr(app, "notify", lambda message, **options: said.append(message))
        await pilot.press("f5")
        await until(pilot, lambda: said == [phones.SERVE_MISSING], "how to get the extra")
        assert app.walk.phones.server is None


async def test_the_code_is_drawn_only_where_it_fits_whole_and_only_then_inverted(
        tmp_path: Path) -> None:
    """Too small a window shows the link in words and the size the code needs, and offers
    no inverting; enlarged, the whole code, which `i` can invert."""
    link = "http://192.168.1.20:8765/" + "t" * 80 + "/"  # a code taller than 24 lines
    app = make_test_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await app.push_screen(PhonesScreen(link))
        await until(pilot, lambda: showing_code(app), "the phones' code", seconds=30)
        needed = window_needed(link, LINES_AROUND)
        assert needed.height > SIZE[1], "the test needs a code taller than 80×24"
        small = str(app.screen.query_one("#phones-small").render())
        assert f"at least {needed.width}×{needed.height}; this one is 80×24" in small
        assert not app.screen.query_one("#phones-code-box").display
        assert app.screen.check_action("invert", ()) is False
        await pilot.resize_terminal(needed.width, needed.height)
        await until(pilot, lambda: code_shown(app).whole, "the whole code")
        assert app.screen.query_one("#phones-code-box").display
        assert not app.screen.query_one("#phones-small").display
        drawn = app.screen.query_one(QrCode).lines
        await pilot.press("i")
        assert app.screen.query_one(QrCode).lines != drawn
