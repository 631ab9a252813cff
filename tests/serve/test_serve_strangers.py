"""Strangers on the same network: a link a person can type, wrong links slowed per address
and logged once per burst, connections that send nothing closed. Loopback only."""

from __future__ import annotations

import asyncio
import re
import socket
import time
import urllib.request
from pathlib import Path

import aiohttp

from lastround.shell import serve_door
from lastround.shell.serve import IDLE_MOST
from tests.serve.served import serving, wait_until

A_GAME = 24 * 3600  # seconds: a long evening's game, many times over


def test_the_token_is_short_unambiguous_and_slower_to_guess_than_a_game() -> None:
    door = serve_door.new_door("10.0.0.2", 8022)
    assert re.fullmatch(r"[2-9a-hjkmnp-z]{10}", door.token), door.token
    assert not set("01ilo") & set(serve_door.ALPHABET)
    assert door.opens(door.token.upper()) and not door.opens(door.token[:-1])
    # Every address of a /24 network guessing as fast as it is let: half the tokens take
    # 31**10 / 2 / (254 × 2) ≈ 8e11 s, far longer than any game.
    guesses_a_second = 254 * serve_door.WRONG_PER_SECOND
    assert len(serve_door.ALPHABET) ** serve_door.TOKEN_LENGTH / 2 / guesses_a_second > (
        10**6 * A_GAME)


async def test_wrong_links_are_slowed_per_address_and_logged_once_per_burst(
        tmp_path: Path) -> None:
    saves = tmp_path / "saves"
    saves.mkdir()
    with serving(saves, tmp_path) as served:
        async with aiohttp.ClientSession() as session:
            async def status(url: str) -> int:
                async with session.get(url, allow_redirects=False) as response:
                    return response.status

            wrong = [f"{served.origin}/{'x' * 10}{n}/" for n in range(200)]
            statuses = [await status(url) for url in wrong]
            assert statuses.count(403) <= serve_door.WRONG_BURST + 2, statuses
            assert statuses.count(429) >= 190, statuses
            assert await status(served.url) == 429, "too fast: even the right link, unread"
            deadline = time.monotonic() + 30
            while (answer := await status(served.url)) == 429:  # its pace slowed: let in
                assert time.monotonic() < deadline, "never let in again"
                await asyncio.sleep(0.1)
            assert answer == 200
            capitals = served.url.replace(served.token, served.token.upper())
            async with session.get(capitals) as response:  # typed in capitals: the page
                assert response.status == 200 and response.url.path == f"/{served.token}/"
        refused = [line for line in served.log().splitlines() if "refused" in line]
        assert len(refused) == 2, refused  # the burst's first wrong link, then "too fast"


def test_connections_that_send_nothing_are_closed(tmp_path: Path) -> None:
    """Half-open connections (nothing sent, or a request never finished) are closed after
    IDLE_MOST seconds; meanwhile the page is served."""
    saves = tmp_path / "saves"
    saves.mkdir()
    with serving(saves, tmp_path) as served:
        port = int(served.origin.rsplit(":", 1)[1])
        held = [socket.create_connection(("127.0.0.1", port), timeout=5) for _ in range(40)]
        try:
            for sock in held[::2]:
                sock.sendall(b"GET /" + served.token.encode() + b"/ HTTP/1.1\r\nHost: x\r\n")
            with urllib.request.urlopen(served.url, timeout=30) as page:
                assert page.status == 200
            opened = time.monotonic()
            for sock in held:
                sock.settimeout(IDLE_MOST + 15)  # a hang guard: closed by then
                assert sock.recv(1024) == b"", "closed by the server"
            assert time.monotonic() - opened < IDLE_MOST + 15
        finally:
            for sock in held:
                sock.close()
        wait_until(lambda: served.process.poll() is None, "still serving")
