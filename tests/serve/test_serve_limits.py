"""`lastround serve` holds each browser to bounds: no message larger than a paste reaches the
joiner's app, a joiner whose browser is gone ends (killed if need be) within 15 s, and a
joiner that dies closes its browser's websocket and frees its place."""

from __future__ import annotations

import asyncio
import os
import signal
import sys
import time
from contextlib import suppress
from pathlib import Path

import aiohttp
from textual_serve.download_manager import DownloadManager

from lastround.shell import serve_joiner
from tests.serve.served import WAIT, Served, joiners_of, screen_text, serving, wait_until
from tests.support.table_sessions import ready_for_seats

MIB = 2**20


def resident_mib(pid: int) -> float:
    """The process's resident memory (0 once it is gone)."""
    try:
        status = Path(f"/proc/{pid}/status").read_text()
    except OSError:
        return 0.0
    kib = next((int(line.split()[1]) for line in status.splitlines()
                if line.startswith("VmRSS:")), 0)
    return kib / 1024


async def joined(session: aiohttp.ClientSession, served: Served, *,
                 autoping: bool = True) -> aiohttp.ClientWebSocketResponse:
    """A browser's websocket once its joiner's app shows its first screen (`autoping`
    False: a browser that will answer none of the server's pings, as a phone asleep)."""
    socket = await session.ws_connect(f"{served.url}ws?width=40&height=16", autoping=autoping,
                                      headers={"Origin": served.origin})
    text, deadline = "", time.monotonic() + WAIT
    while "Join a table" not in text:
        assert time.monotonic() < deadline, f"never the first screen: {text[-300:]!r}"
        message = await socket.receive(timeout=WAIT)
        if message.type == aiohttp.WSMsgType.PING:  # not answered: left to the test
            continue
        assert message.type == aiohttp.WSMsgType.BINARY, message
        text += screen_text(message.data)
    return socket


async def closing(socket: aiohttp.ClientWebSocketResponse,
                  seconds: float = WAIT) -> aiohttp.WSMessage:
    """The server's close (the app's drawing before it passed over)."""
    deadline = time.monotonic() + seconds
    while True:
        left = deadline - time.monotonic()
        assert left > 0, f"the server did not close the websocket within {seconds} s"
        try:
            message = await socket.receive(timeout=left)
        except TimeoutError:
            continue
        if message.type in (aiohttp.WSMsgType.CLOSE, aiohttp.WSMsgType.CLOSED,
                            aiohttp.WSMsgType.CLOSING):
            return message


def ended_within(saves: Path, seconds: float) -> float:
    """Waits (up to `seconds`, the bound stated) for every joiner of `saves` to end, noting
    the most memory any of them held meanwhile; fails if one is still running then."""
    deadline, most = time.monotonic() + seconds, 0.0
    while pids := joiners_of(saves):
        most = max([most, *map(resident_mib, pids)])
        assert time.monotonic() < deadline, f"still running after {seconds} s: {pids}"
        time.sleep(0.1)
    return most


async def test_a_megabyte_message_never_reaches_the_joiner_which_ends_with_its_browser(
        tmp_path: Path) -> None:
    """One message of 1 MiB, then the page closed: the server refuses the message (1009:
    too big) and the joiner ends within 15 s, never near 300 MiB."""
    saves = tmp_path / "saves"
    ready_for_seats("rftg", saves)
    with serving(saves, tmp_path) as served:
        async with aiohttp.ClientSession() as session:
            socket = await joined(session, served)
            await socket.send_json(["stdin", "a" * MIB])
            message = await closing(socket, seconds=15)
            assert message.type == aiohttp.WSMsgType.CLOSE and message.data == 1009, message
            await socket.close()
        assert ended_within(saves, 15) < 300
        wait_until(lambda: "browser gone" in served.log(), "its place freed")


async def test_a_paste_longer_than_any_field_takes_is_refused_before_the_joiner(
        tmp_path: Path) -> None:
    """Under the websocket's bound but over the 10,000 characters a paste may bring: not
    passed on; the browser is told why as it is closed."""
    saves = tmp_path / "saves"
    ready_for_seats("rftg", saves)
    with serving(saves, tmp_path) as served:
        async with aiohttp.ClientSession() as session:
            socket = await joined(session, served)
            await socket.send_json(["stdin", "\x1b[200~" + "a" * 20_000 + "\x1b[201~"])
            message = await closing(socket)
            assert message.type == aiohttp.WSMsgType.CLOSE and message.data == 4009, message
            assert "10,000" in str(message.extra), message
        assert ended_within(saves, 15) < 300
        assert "too long" in served.log()


async def test_a_flood_of_pastes_is_refused_and_its_joiner_stays_small(
        tmp_path: Path) -> None:
    """Pastes of 10,000 characters, one after another: after the first, the browser is sent
    away (4008) before its app has them to take; the app ends within 15 s, under 300 MiB."""
    saves = tmp_path / "saves"
    ready_for_seats("rftg", saves)
    with serving(saves, tmp_path) as served:
        async with aiohttp.ClientSession() as session:
            socket = await joined(session, served)
            [pid] = joiners_of(saves)
            for _ in range(50):
                if socket.closed:
                    break
                with suppress(ConnectionError):
                    await socket.send_json(["stdin", "a" * 10_000])
            most = resident_mib(pid)
            message = await closing(socket)
            assert message.type == aiohttp.WSMsgType.CLOSE and message.data == 4008, message
        assert max(most, ended_within(saves, 15)) < 300
        assert "keys faster than any table needs" in served.log()


async def test_a_joiner_that_dies_closes_its_browser_and_frees_its_place(
        tmp_path: Path) -> None:
    saves = tmp_path / "saves"
    ready_for_seats("rftg", saves)
    with serving(saves, tmp_path) as served:
        async with aiohttp.ClientSession() as session:
            socket = await joined(session, served)
            [pid] = joiners_of(saves)
            os.kill(pid, signal.SIGKILL)
            message = await closing(socket, seconds=10)
            assert message.type == aiohttp.WSMsgType.CLOSE, message
            wait_until(lambda: "browser gone" in served.log(), "its place freed", seconds=10)
            again = await joined(session, served)  # a place for the next browser
            await again.close()


HOG = """
import time
hog = bytearray(400 * 2**20)
hog[::4096] = b"x" * len(range(0, len(hog), 4096))  # every page touched: resident
time.sleep(60)
"""


async def test_an_app_holding_over_300_mib_is_ended() -> None:
    """Whatever makes a joiner grow, it is ended past MOST_MEMORY (a stand-in that holds
    400 MiB and ignores its input)."""
    closed: list[bool] = []

    async def nothing(_: object) -> None:
        return None

    async def close() -> None:
        closed.append(True)

    hog = serve_joiner.JoinProcess([sys.executable, "-c", HOG], write_bytes=nothing,
                                   write_str=nothing, close=close,
                                   download_manager=DownloadManager())
    await hog.start(80, 24)
    deadline = time.monotonic() + WAIT
    while hog.running():
        assert time.monotonic() < deadline, "still running"
        await asyncio.sleep(0.1)
    await hog.end()
    assert hog.too_large and closed == [True], "its browser's link closed"
