"""`lastround serve` end to end without a browser: its page and websocket as a browser uses
them (textual-serve's protocol), the token required on both, a seat claimed and a tableau
entered through the websocket, taken by the host's rules and saved with who sent it."""

from __future__ import annotations

import asyncio
import re
import time
from pathlib import Path

import aiohttp
import pytest

from lastround.session.files import read_session
from tests.serve.served import WAIT, joiners_of, screen_text, serving, wait_until
from tests.support.join_play import Host
from tests.support.rftg_play import letters_for
from tests.support.table_sessions import ready_for_seats, seat_entries


class Browser:
    """A websocket to one joiner's app: keys in, the screen's text out (its escapes taken
    away: each run of text Textual writes reads whole)."""

    def __init__(self, socket: aiohttp.ClientWebSocketResponse) -> None:
        self.socket = socket
        self.text = ""

    async def keys(self, *keys: str) -> None:
        for key in keys:
            await self.socket.send_json(["stdin", key])

    async def wait_for(self, words: str, host: Host | None = None) -> None:
        deadline = time.monotonic() + WAIT
        while words not in self.text:
            assert time.monotonic() < deadline, f"never on the screen: {words!r}"
            if host is not None:
                host.serve()
            try:
                message = await self.socket.receive(timeout=0.05)
            except TimeoutError:
                continue
            if message.type == aiohttp.WSMsgType.BINARY:
                self.text += screen_text(message.data)
            elif message.type in (aiohttp.WSMsgType.CLOSE, aiohttp.WSMsgType.CLOSED):
                raise AssertionError(f"the app ended before {words!r}: {self.text[-500:]}")


async def refused(session: aiohttp.ClientSession, url: str, websocket: bool = False) -> int:
    if websocket:
        with pytest.raises(aiohttp.WSServerHandshakeError) as raised:
            await session.ws_connect(url)
        return raised.value.status
    async with session.get(url) as response:
        return response.status


async def test_a_phone_claims_a_seat_and_enters_its_tableau_through_the_server(
        tmp_path: Path) -> None:
    saves = tmp_path / "saves"
    path = ready_for_seats("rftg", saves)
    host = Host(path)
    tableau = dict(seat_entries("rftg")[1])["tableau-1"]["tableau"]
    with serving(saves, tmp_path) as served:
        async with aiohttp.ClientSession() as session:
            # Without the token, or with another, nothing: neither the page, nor its files,
            # nor the websocket that would start an app.
            wrong = served.token[:-2] + ("xy" if not served.token.endswith("xy") else "zz")
            for url in (f"{served.origin}/", f"{served.origin}/{wrong}/",
                        f"{served.origin}/static/js/textual.js",
                        f"{served.origin}/{wrong}/static/js/textual.js"):
                assert await refused(session, url) == 403, url
            for url in (f"{served.origin}/ws", f"{served.origin}/{wrong}/ws"):
                assert await refused(session, url, websocket=True) == 403, url
            assert not joiners_of(saves), "a refused websocket starts no app"

            async with session.get(served.url.rstrip("/")) as response:  # typed without "/"
                assert response.status == 200 and response.url.path == f"/{served.token}/"
                page = await response.text()
            async with session.get(served.url) as response:
                assert response.status == 200
                page = await response.text()
                assert "default-src 'self'" in response.headers["Content-Security-Policy"]
            # The page loads nothing from elsewhere: every link is the server's own.
            links = re.findall(r"""\b(?:https?|wss?):/{2}[^\s"')<>]+""", page)
            ours = (served.url, served.url.replace("http://", "ws://", 1))
            assert len(links) > 3 and all(link.startswith(ours) for link in links), links
            assert "googleapis" not in page and f"{ours[1]}ws" in page
            async with session.get(f"{served.url}static/js/textual.js") as response:
                assert response.status == 200

            socket = await session.ws_connect(f"{served.url}ws?width=40&height=16",
                                              headers={"Origin": served.origin})
            browser = Browser(socket)
            await browser.wait_for("Join a table")
            await browser.keys("1")  # the table, by its number
            await browser.wait_for("Which seat is yours?")
            await browser.keys("2")  # Jonas, by his number
            await browser.wait_for("Jonas: tableau")
            for name in tableau:
                await browser.keys(*letters_for(name), "\r")
            await browser.keys("\r")  # the empty search: the tableau is done
            await browser.wait_for("Entered: Jonas: tableau", host)
            await socket.close()
        wait_until(lambda: not joiners_of(saves), "the joiner's app ended with its browser")
        wait_until(lambda: "browser gone" in served.log(), "the browser logged out")
        log = served.log()
    entry = next(e for e in read_session(path)["log"] if e["step"] == "tableau-1")
    assert entry["values"]["tableau"] == tableau and entry["by"] == "Jonas"
    # The refusals are in the host's log, once for the burst, with the first one's reason
    # (never the token itself).
    assert log.count("refused 127.0.0.1") == 1, log
    assert "no token" in log and served.token not in log
    host.leave()


async def test_a_websocket_from_another_page_is_refused(tmp_path: Path) -> None:
    """A page elsewhere that learnt the link can't drive a browser's app from its own."""
    saves = tmp_path / "saves"
    ready_for_seats("rftg", saves)
    with serving(saves, tmp_path) as served:
        async with aiohttp.ClientSession() as session:
            with pytest.raises(aiohttp.WSServerHandshakeError) as raised:
                await session.ws_connect(f"{served.url}ws",
                                         headers={"Origin": "http://evil.example"})
            assert raised.value.status == 403
        await asyncio.sleep(0)
        assert not joiners_of(saves)
        wait_until(lambda: "another page" in served.log(), "the refusal logged")
