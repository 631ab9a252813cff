"""`lastround serve`: `lastround join` for one saves folder, in the browsers of the room's network.

textual-serve runs one `lastround join` per browser and relays its screen over a websocket; it
has no authentication of its own. So everything here is under a fresh random token, the
first part of every path (`http://ADDRESS:PORT/TOKEN/`): the page, its websocket and its
files. A request without it, or with another, is refused and logged. The address is the one
chosen (by default the machine's address on the local network), never every address unless
asked. The command each browser gets is fixed, run without a shell: nothing the browser sends
becomes an argument. The page loads nothing from elsewhere (textual-serve's own links a font
from Google; this one uses the font textual-serve ships).
"""

from __future__ import annotations

import asyncio
import os
import secrets
import signal
import socket
import sys
import threading
import time
from functools import partial
from importlib.resources import files
from pathlib import Path
from string import Template
from typing import Any

from aiohttp import web
from textual_serve.download_manager import DownloadManager

from lastround.session.terminal_safe import one_line
from lastround.shell import serve_joiner as joining
from lastround.shell.phones import lan_address, listening
from lastround.shell.serve_door import WRONG_PER_SECOND, Door, Strangers, new_door
from lastround.shell.serve_joiner import JoinProcess, close_with, relay, to_int

# Browsers at once (each is a process): a table is at most six seats, each may reconnect.
MOST_BROWSERS = 16
# Seconds a connection may stay without a whole request (or idle between two): a browser
# sends its request at once; a connection held open sending nothing is closed.
IDLE_MOST = 5.0
# What the host's app writes on the server's standard input before closing it when the
# game is finished (lastround.shell.phones): the phones then keep its final scores in view.
FINISHED_WORD = b"finished"
# Seconds between the server's pings to each browser: a phone gone to sleep answers none, and
# is let go within 1.5 times this (its app ended, its seat free for its next page).
HEARTBEAT = 4.0
# The cookie naming one phone's browser: its next page (reloaded, or woken from sleep) takes
# over from the page it replaces, whose link may not yet be known to be dead.
PHONE_COOKIE = "lastround-phone"
TEXTUAL_SERVE_STATIC = Path(str(files("textual_serve") / "static"))
PAGE = Template((Path(__file__).parent / "serve_page.html").read_text(encoding="utf-8"))


def join_command(saves: Path) -> list[str]:
    """What every browser runs: the joiner's app for this saves folder, nothing else."""
    return [sys.executable, "-m", "lastround", "join", "--saves", str(saves.resolve())]


def log(line: str) -> None:
    """One line on the host's terminal: what came in, what was refused and why."""
    print(f"{time.strftime('%H:%M:%S')} {one_line(line)}", file=sys.stderr, flush=True)


class TableServer:
    """The web side of `lastround serve`: the page, its files and a websocket per browser."""

    def __init__(self, door: Door, saves: Path) -> None:
        self.door = door
        self.command = join_command(saves)
        self.browsers = 0
        self.joiners: dict[JoinProcess, web.WebSocketResponse] = {}  # each with its browser
        self.phones: dict[str, JoinProcess] = {}  # each phone's latest page (PHONE_COOKIE)
        self.finished = False  # the host's game is finished: the phones keep its scores shown
        self.strangers = Strangers()
        self.downloads = DownloadManager()  # textual-serve's; the joiner's app sends none

    def application(self) -> web.Application:
        app = web.Application(middlewares=[self.only_the_table])
        app.on_shutdown.append(self.end_every_joiner)
        prefix = f"/{self.door.token}"
        app.add_routes([
            web.get(prefix, self.to_the_page),  # the link typed without its last slash
            web.get(f"{prefix}/", self.page),
            web.get(f"{prefix}/ws", self.websocket),
            web.static(f"{prefix}/static", TEXTUAL_SERVE_STATIC),
        ])
        return app

    @web.middleware
    async def only_the_table(self, request: web.Request, handler: Any) -> web.StreamResponse:
        """Every path starts with the token (in either case); anything else is refused, and
        logged once per burst; an address past the pace of wrong links is refused unread."""
        address = request.remote or "?"
        if refused := self.strangers.too_fast(address):
            if refused == 1:
                log(f"refused {address}: wrong links faster than {WRONG_PER_SECOND:g} a "
                    "second; everything from it refused unread until it slows down")
            raise web.HTTPTooManyRequests(text="Last Round: too many wrong links; wait a "
                                          "moment, then scan the host's code again.\n")
        first = request.path.lstrip("/").partition("/")[0]
        if not self.door.opens(first):
            if self.strangers.wrong(address):
                why = "no token" if not first else "a wrong token"
                log(f"refused {address}: {request.method} with {why} (more this burst: "
                    "not logged)")
            raise web.HTTPForbidden(text="Last Round: this link is not the table's. Scan the "
                                    "code on the host's screen again.\n")
        if first != self.door.token:  # typed in capitals: the link as it is written
            raise web.HTTPFound("/" + self.door.token + request.path_qs[len(first) + 1:])
        response: web.StreamResponse = await handler(request)
        return response

    async def to_the_page(self, request: web.Request) -> web.Response:
        raise web.HTTPFound(f"/{self.door.token}/")

    async def page(self, request: web.Request) -> web.Response:
        base = f"{self.door.origin}/{self.door.token}"
        font_size = to_int(request.query.get("fontsize", "16"), 16, 8, 40)
        html = PAGE.substitute(static=f"{base}/static/", font_size=font_size,
                               websocket=f"ws{base.removeprefix('http')}/ws")
        response = web.Response(text=html, content_type="text/html", headers={
            "Cache-Control": "no-store", "Referrer-Policy": "no-referrer",
            # The browser itself holds the page to this machine: nothing it loads or
            # connects to is anywhere else (the script's optional "ping" link included).
            "Content-Security-Policy": f"default-src 'self'; connect-src 'self' "
            f"ws{self.door.origin.removeprefix('http')}; style-src 'self' 'unsafe-inline'; "
            "script-src 'self' 'unsafe-inline'; img-src 'self' data:; font-src 'self'"})
        if PHONE_COOKIE not in request.cookies:
            response.set_cookie(PHONE_COOKIE, secrets.token_hex(8), path=f"/{self.door.token}/",
                                httponly=True, samesite="Strict")
        return response

    async def websocket(self, request: web.Request) -> web.WebSocketResponse:
        origin = request.headers.get("Origin")
        if origin is not None and origin != self.door.origin:
            log(f"refused {request.remote}: a websocket from another page ({origin})")
            raise web.HTTPForbidden()
        websocket = web.WebSocketResponse(heartbeat=HEARTBEAT, max_msg_size=joining.MESSAGE_MOST)
        await websocket.prepare(request)
        if self.browsers >= MOST_BROWSERS:  # accepted only to say why, in words
            log(f"refused {request.remote}: {MOST_BROWSERS} browsers are already in")
            await close_with(websocket, joining.TABLE_FULL)
            return websocket
        width = to_int(request.query.get("width", "80"), 80, 10, 400)
        height = to_int(request.query.get("height", "24"), 24, 5, 200)
        self.browsers += 1
        log(f"browser in from {request.remote} ({width}×{height})")
        phone = request.cookies.get(PHONE_COOKIE, "")
        if (before := self.phones.get(phone)) is not None:  # its page reloaded, or woke up
            await self.let_go(before, joining.OPENED_AGAIN)
        process = JoinProcess(self.command, write_bytes=websocket.send_bytes,
                              write_str=websocket.send_str,
                              close=partial(close_with, websocket, joining.APP_ENDED),
                              download_manager=self.downloads)
        self.joiners[process] = websocket
        if phone:
            self.phones[phone] = process
        try:
            await process.start(width, height)
            if (why := await relay(websocket, process)) is not None:
                log(f"refused {request.remote}: {why}")
        finally:
            await process.end()
            if process.too_large:
                log(f"ended the app of {request.remote}: it held over 300 MiB")
            del self.joiners[process]
            if self.phones.get(phone) is process:
                del self.phones[phone]
            self.browsers -= 1
            log(f"browser gone from {request.remote}")
        return websocket

    async def let_go(self, joiner: JoinProcess, said: tuple[int, str]) -> None:
        """A phone's earlier page: told why, and its app ended, so the seat it held is free
        for the page that replaced it (the same player, reloaded or woken)."""
        websocket = self.joiners.get(joiner)
        if websocket is not None:
            await close_with(websocket, said)
        await joiner.end()

    async def end_every_joiner(self, application: web.Application) -> None:
        """The server stopping: each browser is told why, and its app ended (killed if it
        must be) before the server is gone. A finished game's phones draw its final scores
        first, and keep them in view."""
        if self.finished:
            await joining.draw_final_scores(list(self.joiners))
        said = joining.FINISHED if self.finished else joining.STOPPED

        async def leave(joiner: JoinProcess, websocket: web.WebSocketResponse) -> None:
            await close_with(websocket, said)
            await joiner.end()

        await asyncio.gather(*(leave(*pair) for pair in list(self.joiners.items())))

    async def end_with_the_host(self, application: web.Application) -> None:
        """Started by the host's app (lastround.shell.phones): once its pipe on standard input
        closes (the app ended, however it ended), stop as Ctrl+C would; the host writes
        FINISHED_WORD first when the game is finished. (Watched from the server's start: by
        then SIGTERM stops it gracefully.)"""
        def wait() -> None:
            self.finished = FINISHED_WORD in sys.stdin.buffer.read()
            os.kill(os.getpid(), signal.SIGTERM)

        threading.Thread(target=wait, name="host-pipe", daemon=True).start()


def serve(listener: socket.socket, door: Door, saves: Path, *, with_host: bool) -> None:
    """Serve until Ctrl+C (or SIGTERM); each browser's app is asked to end first."""
    table = TableServer(door, saves)
    application = table.application()
    if with_host:
        application.on_startup.append(table.end_with_the_host)
    web.run_app(application, sock=listener, print=None, access_log=None, shutdown_timeout=3,
                keepalive_timeout=IDLE_MOST)


NO_ADDRESS = ("lastround serve: this machine has no address on a local network; name one "
              "with --host (--host 127.0.0.1: this machine's own browsers only)")


def banner(door: Door, saves: Path) -> str:
    """What the host's terminal shows: the code to scan, the link in words, what it serves."""
    from lastround.widgets.qr_code import code_lines

    return "\n".join([
        *code_lines(door.url),
        "",
        "Players: scan the code, or type this address in the phone's browser",
        "(on this machine's network, no internet needed):",
        f"    {door.url}",
        f"Serving `lastround join` for {one_line(str(saves.resolve()))}; the code in the link",
        "is new each time this starts: only who sees this screen gets in. Ctrl+C stops.",
    ])


def main(saves: Path, host: str | None, port: int, *, with_host: bool = False) -> int:
    host = host or lan_address()
    if host is None:
        print(NO_ADDRESS, file=sys.stderr)
        return 2
    try:
        listener = listening(host, port)
    except OSError as error:  # the port taken, an address not this machine's
        print(f"lastround serve: can't serve on {host} port {port}: {error.strerror or error}",
              file=sys.stderr)
        return 2
    door = new_door(host, listener.getsockname()[1])
    print(banner(door, saves), flush=True)
    serve(listener, door, saves, with_host=with_host)
    return 0
