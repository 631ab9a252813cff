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
from pathlib import Path
from typing import Any

from aiohttp import WSMessage, WSMsgType, web
from textual_serve.app_service import AppService

# The most one stdin message may carry: a paste of the most any field takes
# (lastround.widgets.key_order.PASTE_LIMIT, 10,000 characters) with its bracketing escapes.
PASTE_MOST = 10_000
STDIN_MOST = PASTE_MOST + 16
# The most one websocket message may be, in bytes: that paste with every character escaped in
# JSON (\u001b: 6 bytes each). aiohttp refuses anything larger (close code 1009) unread.
MESSAGE_MOST = 64 * 1024
# Keys a browser may send: one whole paste and some typing at once, then more than thumbs
# type; past that it is sent away (a flood queued faster than the app took it grew the app's
# memory without end: 10,000 keys cost it about 35 MiB).
TYPED_BURST = STDIN_MOST + 1000
TYPED_PER_SECOND = 100.0
INPUT_WAIT = 10.0  # seconds the app may leave its input unread before it is ended as stuck
MOST_MEMORY = 300 * 2**20  # bytes resident: past this, a joiner is ended (checked each second)
QUIT_WAIT = 3.0  # seconds a joiner has to quit when asked, then SIGTERM
TERM_WAIT = 2.0  # then SIGKILL: at most 5 s from the browser gone to the joiner gone
FINAL_SCORES_WAIT = 3.0  # the game finished: each phone draws its final scores first
FINAL_SCORES = b"final scores"  # lastround.screens.join_wait's heading once the game is over

# Close codes (4000-4999 are the application's own) and what the phone's page says.
FINISHED = 4000, "The game is finished: these are the final scores. Thanks for playing!"
STOPPED = 4001, ("The host stopped serving phones. What you typed is kept: scan the host's "
                 "new code to join again.")
APP_ENDED = 4002, "This phone's app ended. What you typed is kept: join again."
TABLE_FULL = 4003, "The table is full: 16 phones are in. Join again once one has left."
TOO_LONG = 4009, f"Not sent: more than {PASTE_MOST:,} characters at once. Join again."
OPENED_AGAIN = 4004, "This page was opened again on this phone: the newer one has its seat."
TOO_FAST = 4008, "Not sent: more typed, faster, than any table needs. Join again."


class JoinProcess(AppService):
    """textual-serve's process for one browser, started without a shell."""

    def __init__(self, argv: list[str], **kwargs: Any) -> None:
        super().__init__(" ".join(argv), **kwargs)
        self.argv = argv
        self.output: asyncio.Task[None] | None = None
        self.ending: asyncio.Future[None] | None = None
        self.final_drawn = asyncio.Event()
        self.watch: asyncio.Task[None] | None = None
        self.too_large = False  # ended for holding more than MOST_MEMORY

    async def _open_app_process(self, width: int = 80, height: int = 24) -> Any:
        environment = self._build_environment(width=width, height=height)
        self._process = process = await asyncio.create_subprocess_exec(
            *self.argv, stdin=asyncio.subprocess.PIPE, stdout=asyncio.subprocess.PIPE,
            stderr=asyncio.subprocess.PIPE, env=environment, start_new_session=True)
        assert process.stdin is not None
        self._stdin = process.stdin
        return process

    async def start(self, width: int, height: int) -> None:
        process = await self._open_app_process(width, height)
        self.output = asyncio.create_task(self.run())
        self.watch = asyncio.create_task(self.watch_memory(process.pid))

    async def watch_memory(self, pid: int) -> None:
        """End the app once it holds more than MOST_MEMORY (where /proc tells)."""
        page = os.sysconf("SC_PAGE_SIZE")
        while True:
            await asyncio.sleep(1)
            try:
                resident = int(Path(f"/proc/{pid}/statm").read_text().split()[1]) * page
            except (OSError, IndexError, ValueError):
                return
            if resident > MOST_MEMORY:
                self.too_large = True
                await self.end()
                return

    async def take(self, keys: str) -> bool:
        """The browser's keys to the app; False if the app left them unread (stuck)."""
        try:
            return await asyncio.wait_for(self.send_bytes(keys.encode("utf-8")), INPUT_WAIT)
        except TimeoutError:
            return False

    async def run(self) -> None:
        """Relay the app's screen until its output ends, then close its browser's websocket
        (the app quit or died: either way the browser's place is freed)."""
        await super().run()
        await self.remote_close()

    async def on_data(self, payload: bytes) -> None:
        if FINAL_SCORES in payload:
            self.final_drawn.set()
        await super().on_data(payload)

    def running(self) -> bool:
        return self._process is not None and self._process.returncode is None

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
        if self.watch is not None:  # (itself waiting here, when it asked: cancelled too)
            self.watch.cancel()
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


async def relay(websocket: web.WebSocketResponse, process: JoinProcess) -> str | None:
    """The browser's keys and sizes to the app (textual-serve's messages, nothing else), until
    the browser goes: None, or why it was sent away."""
    typed = Pace(TYPED_BURST, TYPED_PER_SECOND)
    async for message in websocket:
        if message.type == WSMsgType.ERROR:  # larger than MESSAGE_MOST: closed unread (1009)
            return f"a message over {MESSAGE_MOST:,} bytes"
        kind, data = envelope(message)
        if kind == "stdin" and isinstance(data, str):
            if len(data) > STDIN_MOST:
                await close_with(websocket, TOO_LONG)
                return f"a message too long ({len(data):,} characters)"
            if not typed.take(len(data)):
                await close_with(websocket, TOO_FAST)
                return "keys faster than any table needs"
            if not await process.take(data):
                return "its app left its keys unread" if process.running() else None
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


def envelope(message: WSMessage) -> tuple[object, object]:
    """A textual-serve message's kind and data (None, None for anything else)."""
    if message.type != WSMsgType.TEXT:
        return None, None
    try:
        parts = message.json()
    except ValueError:
        return None, None
    if not isinstance(parts, list) or not parts:
        return None, None
    return parts[0], (parts[1] if len(parts) > 1 else None)


class Pace:
    """A bucket of `burst`, refilled `per_second`: what a browser may send."""

    def __init__(self, burst: float, per_second: float) -> None:
        self.burst, self.per_second = burst, per_second
        self.left, self.at = burst, time.monotonic()

    def take(self, amount: float) -> bool:
        now = time.monotonic()
        self.left = min(self.burst, self.left + (now - self.at) * self.per_second) - amount
        self.at = now
        return self.left >= 0


async def draw_final_scores(joiners: list[JoinProcess]) -> None:
    """Until every phone has drawn the final scores, or FINAL_SCORES_WAIT has passed."""
    deadline = time.monotonic() + FINAL_SCORES_WAIT
    for joiner in joiners:
        with suppress(TimeoutError):
            await asyncio.wait_for(joiner.final_drawn.wait(), deadline - time.monotonic())
