"""One browser's `lastround join` under `lastround serve`: started without a shell in a process
group of its own, fed only messages a player could type, and ended for sure.

A joiner is asked to quit when its browser goes; one that does not (busy, or ignoring
SIGTERM) is killed, with anything it started. A joiner that dies closes its browser's
websocket, so its place is freed. Each refusal closes the websocket with a code and words
the page shows (tui/shell/serve_page.html).
"""

from __future__ import annotations

import asyncio
import os
import signal
import time
from contextlib import suppress
from typing import Any

from aiohttp import WSMsgType, web
from textual_serve.app_service import AppService

# The most one stdin message may carry: a paste of the most any field takes
# (tui.widgets.key_order.PASTE_LIMIT, 10,000 characters) with its bracketing escapes.
PASTE_MOST = 10_000
STDIN_MOST = PASTE_MOST + 16
# The most one websocket message may be, in bytes: that paste with every character escaped in
# JSON (\u001b: 6 bytes each). aiohttp refuses anything larger (close code 1009) unread.
MESSAGE_MOST = 64 * 1024
QUIT_WAIT = 3.0  # seconds a joiner has to quit when asked, then SIGTERM
TERM_WAIT = 2.0  # then SIGKILL: at most 5 s from the browser gone to the joiner gone
FINAL_SCORES_WAIT = 3.0  # the game finished: each phone draws its final scores first
FINAL_SCORES = b"final scores"  # screens.join_wait's heading once the game is over

# Close codes (4000-4999 are the application's own) and what the phone's page says.
FINISHED = 4000, "The game is finished: these are the final scores. Thanks for playing!"
STOPPED = 4001, ("The host stopped serving phones. What you typed is kept: scan the host's "
                 "new code to join again.")
APP_ENDED = 4002, "This phone's app ended. What you typed is kept: join again."
TABLE_FULL = 4003, "The table is full: 16 phones are in. Join again once one has left."
TOO_LONG = 4009, f"Not sent: more than {PASTE_MOST:,} characters at once. Join again."


class JoinProcess(AppService):
    """textual-serve's process for one browser, started without a shell."""

    def __init__(self, argv: list[str], **kwargs: Any) -> None:
        super().__init__(" ".join(argv), **kwargs)
        self.argv = argv
        self.output: asyncio.Task[None] | None = None
        self.ending: asyncio.Future[None] | None = None
        self.final_drawn = asyncio.Event()

    async def _open_app_process(self, width: int = 80, height: int = 24) -> Any:
        environment = self._build_environment(width=width, height=height)
        self._process = process = await asyncio.create_subprocess_exec(
            *self.argv, stdin=asyncio.subprocess.PIPE, stdout=asyncio.subprocess.PIPE,
            stderr=asyncio.subprocess.PIPE, env=environment, start_new_session=True)
        assert process.stdin is not None
        self._stdin = process.stdin
        return process

    async def start(self, width: int, height: int) -> None:
        await self._open_app_process(width, height)
        self.output = asyncio.create_task(self.run())

    async def run(self) -> None:
        """Relay the app's screen until its output ends, then close its browser's websocket
        (the app quit or died: either way the browser's place is freed)."""
        await super().run()
        await self.remote_close()

    async def on_data(self, payload: bytes) -> None:
        if FINAL_SCORES in payload:
            self.final_drawn.set()
        await super().on_data(payload)

    async def end(self) -> None:
        """Ask the app to quit; past QUIT_WAIT, SIGTERM; past TERM_WAIT, SIGKILL, to its
        whole process group. Once only, however many ask (and not cut short if they are)."""
        if self.ending is None:
            self.ending = asyncio.ensure_future(self.ended())
        await asyncio.shield(self.ending)

    async def ended(self) -> None:
        process = self._process
        if process is None:
            return
        with suppress(Exception):  # written, never awaited: an app that reads nothing
            self.stdin.write(self.encode_packet(b"M", b'{"type": "quit"}'))
            self.stdin.close()
        for stop, seconds in ((None, QUIT_WAIT), (signal.SIGTERM, TERM_WAIT),
                              (signal.SIGKILL, None)):
            if stop is not None:
                with suppress(ProcessLookupError, PermissionError):
                    os.killpg(process.pid, stop)
            with suppress(TimeoutError):
                await asyncio.wait_for(process.wait(), seconds)
                break
        with suppress(ProcessLookupError, PermissionError):  # whatever it left running
            os.killpg(process.pid, signal.SIGKILL)
        if self.output is not None:
            await self.output


async def close_with(websocket: web.WebSocketResponse, refusal: tuple[int, str]) -> None:
    code, words = refusal
    await websocket.close(code=code, message=words.encode("utf-8"))


def to_int(text: str, default: int, lowest: int, highest: int) -> int:
    try:
        return min(max(int(text), lowest), highest)
    except ValueError:
        return default


async def relay(websocket: web.WebSocketResponse, process: AppService) -> str | None:
    """The browser's keys and sizes to the app (textual-serve's messages, nothing else), until
    the browser goes: None, or why it was sent away."""
    async for message in websocket:
        if message.type == WSMsgType.ERROR:  # larger than MESSAGE_MOST: closed unread (1009)
            return f"a message over {MESSAGE_MOST:,} bytes"
        if message.type != WSMsgType.TEXT:
            continue
        try:
            envelope = message.json()
        except ValueError:
            continue
        if not isinstance(envelope, list) or not envelope:
            continue
        kind, data = envelope[0], (envelope[1] if len(envelope) > 1 else None)
        if kind == "stdin" and isinstance(data, str):
            if len(data) > STDIN_MOST:
                await close_with(websocket, TOO_LONG)
                return f"a message too long ({len(data):,} characters)"
            await process.send_bytes(data.encode("utf-8"))
        elif kind == "resize" and isinstance(data, dict):
            await process.set_terminal_size(to_int(str(data.get("width")), 80, 10, 400),
                                            to_int(str(data.get("height")), 24, 5, 200))
        elif kind == "ping":
            await websocket.send_json(["pong", data])
        elif kind == "focus":
            await process.focus()
        elif kind == "blur":
            await process.blur()
    return None


async def draw_final_scores(joiners: list[JoinProcess]) -> None:
    """Until every phone has drawn the final scores, or FINAL_SCORES_WAIT has passed."""
    deadline = time.monotonic() + FINAL_SCORES_WAIT
    for joiner in joiners:
        with suppress(TimeoutError):
            await asyncio.wait_for(joiner.final_drawn.wait(), deadline - time.monotonic())
