"""The host's app serving its table to phones: `lastround serve` for the saves folder, started
beside the app (F5, or `p` when opening the table) and ended with it.

The server is a process of its own (its web server and one app per browser stay off the
host's screen); it prints its link, which the app shows as a code, and logs what it refused
to `.lastround-serve.log` in the saves folder. It ends when the app ends, however it ends:
its standard input is the app's pipe, and it stops once that closes (`--with-host`).
"""

from __future__ import annotations

import errno
import re
import socket
import subprocess
import sys
import threading
from collections.abc import Callable
from contextlib import suppress
from importlib.util import find_spec
from pathlib import Path

SERVE_MISSING = ("lastround serve needs the serve extra: pip install 'lastround[serve]' "
                 "(in this checkout: .venv/bin/uv sync --extra serve)")
LOG_NAME = ".lastround-serve.log"
# lastround.shell.serve.FINISHED_WORD, written before the pipe closes when the game is finished.
FINISHED_WORD = "finished\n"
# The server's own bound: the final scores drawn (3 s), each browser's app ended (5 s), the
# web server's shutdown (3 s).
STOP_WAIT = 15.0
LINK = re.compile(r"^\s+(http://\S+/)$")
# Where it serves unless the settings say (serve_address, serve_port): "" for the machine's
# address on its local network, and `lastround serve`'s usual port (tests: loopback, 0 for
# any free port).
SERVE_HOST = ""
SERVE_PORT = 8022
NEXT_PORTS = 20  # ports looked at past a taken one for a free one to offer


def where_remembered() -> tuple[str, int]:
    """The address and port the host last served on (the settings), else the defaults."""
    from lastround.shell.config import load_config

    settings = load_config()
    address, port = settings.get("serve_address"), settings.get("serve_port")
    return (address if isinstance(address, str) else SERVE_HOST,
            port if isinstance(port, int) and 0 <= port <= 65535 else SERVE_PORT)


def remember_where(address: str, port: int) -> None:
    from lastround.shell.config import save_setting

    with suppress(OSError):  # settings are a convenience: serving goes on without them
        save_setting("serve_address", address)
        save_setting("serve_port", port)


def lan_address() -> str | None:
    """This machine's address on its local network: the one it would send from to an outside
    address. Nothing is sent (a UDP socket only picks its route); None without a network."""
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        try:
            probe.connect(("192.0.2.1", 9))  # TEST-NET-1: never routed beyond the gateway
            address = str(probe.getsockname()[0])
        except OSError:
            return None
    return None if address.startswith(("127.", "0.")) else address


def listening(host: str, port: int) -> socket.socket:
    """The server's socket, bound to the one address chosen (port 0: any free port)."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    listener = socket.socket(family, socket.SOCK_STREAM)
    listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        listener.bind((host, port))
        listener.listen(64)
    except BaseException:
        listener.close()
        raise
    return listener


def can_listen(host: str, port: int) -> OSError | None:
    """None if a server can listen there now, else why not (bound and let go at once)."""
    try:
        listening(host, port).close()
    except (OSError, OverflowError) as error:
        return error if isinstance(error, OSError) else OSError(str(error))
    return None


def why_not_there(address: str, port: int) -> tuple[str, int | None] | None:
    """None if the phones' server can listen at `address` ("" for the local network's) and
    `port`; else why not, in words, and the next free port when this one is taken."""
    host = address or lan_address()
    if host is None:
        return ("this machine has no address on a local network: type one (127.0.0.1: "
                "only this machine's own browsers)"), None
    error = can_listen(host, port)
    if error is None:
        return None
    if error.errno != errno.EADDRINUSE:
        return f"can't serve on {host}: {error.strerror or error}", None
    free = next((p for p in range(port + 1, min(port + 1 + NEXT_PORTS, 65536))
                 if can_listen(host, p) is None), None)
    offer = f"; {free} is free" if free is not None else ""
    return f"port {port} is taken (is `lastround serve` running already?){offer}", free


def can_serve() -> bool:
    """Whether `lastround serve` is installed (the serve extra)."""
    return find_spec("textual_serve") is not None


class PhoneServer:
    """One `lastround serve` run for the host's saves folder: its link once it prints it
    (`ready`), or why it ended without one (`failed`); both called on the server's reader
    thread, so the app hands them to its own (App.call_from_thread)."""

    def __init__(self, saves: Path, where: tuple[str, int], ready: Callable[[str], None],
                 failed: Callable[[str], None]) -> None:
        self.saves = saves
        self.where = where  # the address ("": the local network's) and the port
        self.ready = ready
        self.failed = failed
        self.url: str | None = None
        self.process: subprocess.Popen[str] | None = None

    @property
    def log_path(self) -> Path:
        return self.saves / LOG_NAME

    def start(self) -> None:
        command = [sys.executable, "-m", "lastround", "serve", "--saves", str(self.saves.resolve()),
                   "--with-host"]
        address, port = self.where
        command += ["--host", address] * bool(address) + ["--port", str(port)]
        with self.log_path.open("a", encoding="utf-8") as log:
            self.process = subprocess.Popen(command, stdin=subprocess.PIPE,
                                            stdout=subprocess.PIPE, stderr=log, text=True)
        threading.Thread(target=self.read_link, name="lastround-serve", daemon=True).start()

    def read_link(self) -> None:
        process = self.process
        assert process is not None and process.stdout is not None
        for line in process.stdout:
            if (found := LINK.match(line.rstrip("\n"))) is not None:
                self.url = found[1]
                self.ready(self.url)
                break
        else:
            process.wait()
            self.failed(self.last_words())
        process.stdout.close()  # nothing more is printed there: the log has the rest

    def last_words(self) -> str:
        """The server's last line in the log: why it ended."""
        try:
            lines = self.log_path.read_text(encoding="utf-8", errors="replace").splitlines()
        except OSError:
            lines = []
        return (lines[-1] if lines else "it ended").removeprefix("lastround serve: ")

    def running(self) -> bool:
        return self.process is not None and self.process.poll() is None

    def stop(self, *, finished: bool = False) -> None:
        """End the server, without waiting for it (the app goes on at once): every browser's
        app is ended first (its seat let go); `finished`: the phones are left showing the
        game's final scores."""
        process, self.process = self.process, None
        if process is not None:
            threading.Thread(target=end_server, args=(process, finished),
                             name="lastround-serve-stop", daemon=True).start()


def end_server(process: subprocess.Popen[str], finished: bool) -> None:
    """The server stops once its standard input closes (having ended each browser's app);
    one still running after STOP_WAIT is killed."""
    with suppress(OSError, ValueError):
        if process.stdin is not None:
            if finished:
                process.stdin.write(FINISHED_WORD)
            process.stdin.close()
    try:
        process.wait(timeout=STOP_WAIT)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait()
