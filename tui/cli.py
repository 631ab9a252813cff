"""The `lastround` command: the app by default (`join`: a player's own at a table), `score` and
`export` without any interface."""

from __future__ import annotations

import gc
import os
import sys
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager, suppress
from pathlib import Path
from typing import TYPE_CHECKING, Any

from lastround.games import game_ids

if TYPE_CHECKING:
    import argparse

    from textual.app import App


def parser() -> argparse.ArgumentParser:
    import argparse  # not on the plain launch's path (see main)

    cli = argparse.ArgumentParser(
        prog="lastround", description="Walk a table through the end of a board game and score it.")
    cli.add_argument("--saves", metavar="DIR", help="folder of session files (default: ./saves, "
                     "or $LASTROUND_SAVES)")
    cli.add_argument("--version", action=version_action())
    commands = cli.add_subparsers(dest="command")
    new = commands.add_parser("new", help="start a new session")
    new.add_argument("game", choices=sorted(game_ids()))
    for name, text in (("resume", "continue an unfinished session"),
                       ("replay", "open a session read-only")):
        command = commands.add_parser(name, help=text)
        command.add_argument("file", type=Path)
    score = commands.add_parser("score", help="total a session file and print the scores")
    score.add_argument("file", type=Path)
    score.add_argument("--json", action="store_true", help="print one JSON object")
    commands.add_parser("history", help="every session: results, each player's figures")
    add_table_commands(commands)
    export = commands.add_parser("export", help="a finished session as Markdown, or every "
                                 "session as one CSV")
    export.add_argument("file", type=Path, nargs="?",
                        help="one session (without it: every session in the saves folder, CSV)")
    form = export.add_mutually_exclusive_group()
    form.add_argument("--csv", action="store_true",
                      help="CSV, one row per player per session, instead of Markdown")
    for flag, text in (("--bgstats", "the play as BG Stats imports it (JSON)"),
                       ("--bgstats-link", "the link that opens BG Stats' import of the play"),
                       ("--bgg", "the play as a BoardGameGeek play record (XML)")):
        form.add_argument(flag, dest="play_log", action="store_const", const=flag[2:],
                          help=f"{text}; needs FILE")
    export.add_argument("--out", type=Path, metavar="PATH",
                        help="write to PATH (atomically) instead of standard output")
    return cli


def add_table_commands(commands: Any) -> None:
    """`join`, a player's own terminal at a table, and `serve`, the same for phones."""
    import argparse

    join = commands.add_parser("join", help="join a table: enter your own steps from your own "
                               "terminal while the host runs the session")
    # Also after `join` (as a ForceCommand line reads best); absent there, the one before stands.
    join.add_argument("--saves", metavar="DIR", default=argparse.SUPPRESS,
                      help="the host's saves folder")
    serve = commands.add_parser("serve", help="table mode from phones: `lastround join` for "
                                "this saves folder in the browsers of the local network")
    serve.add_argument("--saves", metavar="DIR", default=argparse.SUPPRESS,
                       help="the host's saves folder")
    serve.add_argument("--host", metavar="ADDRESS",
                       help="the address to serve on (default: this machine's address on the "
                       "local network; 0.0.0.0 is every network it is on)")
    serve.add_argument("--port", type=int, default=8022, help="the port (default: 8022)")
    # The host's app starting it (lastround.shell.phones): end when its pipe closes.
    serve.add_argument("--with-host", action="store_true", help=argparse.SUPPRESS)


def installed_version() -> str:
    """The version installed (pyproject.toml's), as a bug report needs it."""
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version("lastround")
    except PackageNotFoundError:  # run from a copy of the source, not installed
        return "(not installed)"


def version_action() -> type[argparse.Action]:
    import argparse

    class VersionAction(argparse.Action):
        """`--version`: the version is looked up only when asked (a launch does not pay for
        reading the package's metadata)."""

        def __init__(self, option_strings: Sequence[str], dest: str, **_: Any) -> None:
            super().__init__(option_strings, dest, nargs=0, help="print the version and exit")

        def __call__(self, cli: argparse.ArgumentParser, *_: Any) -> None:
            print(f"lastround {installed_version()}")
            cli.exit()

    return VersionAction


def main(argv: Sequence[str] | None = None) -> int:
    arguments = sys.argv[1:] if argv is None else list(argv)
    if not arguments:  # the launch at the table: importing and building the parser cost ~12 ms
        return run_app(saves=None, command=None, game=None, file=None)
    args = parser().parse_args(arguments)
    if args.command == "score":
        from lastround.records.score_command import main_score

        return printing(lambda: main_score(args.file, args.json))
    if args.command == "export":
        from lastround.records.export_command import main_export

        return printing(lambda: main_export(args.file, as_csv=args.csv, out=args.out,
                                            saves=args.saves, play_log=args.play_log))
    if args.command == "join":
        return run_join(args.saves)
    if args.command == "serve":
        return run_serve(args.saves, args.host, args.port, with_host=args.with_host)
    return run_app(saves=args.saves, command=args.command, game=getattr(args, "game", None),
                   file=getattr(args, "file", None))


NO_TERMINAL = ("lastround: no terminal here (the interface needs one on standard input and "
               "error); over SSH use `ssh -t`; `lastround score FILE` needs none")


def terminal_missing() -> bool:
    """Whether the interface has no terminal to run in. Without one Textual would read an
    input that is always at its end, in a loop that keeps one core busy for ever."""
    return not all(stream is not None and stream.isatty()
                   for stream in (sys.__stdin__, sys.__stderr__))


def say_no_terminal() -> int:
    with suppress(OSError, ValueError):  # no standard error at all: nothing to say it on
        print(NO_TERMINAL, file=sys.stderr)
    return 2


# The exit status of a command whose reader went away, as a shell reports one SIGPIPE ended.
CLOSED_PIPE = 128 + 13


def printing(command: Callable[[], int]) -> int:
    """Run a command that prints; when its reader has gone (`lastround score F | head -1`),
    stop quietly: nobody is left to read a traceback."""
    try:
        status = command()
        sys.stdout.flush()  # inside: Python's own flush at exit would print the error
    except BrokenPipeError:
        # Later flushes (at exit) write to nothing instead of failing again.
        quiet = os.open(os.devnull, os.O_WRONLY)
        for stream in (sys.stdout, sys.stderr):
            os.dup2(quiet, stream.fileno())
        return CLOSED_PIPE
    return status


def run_app(*, saves: str | None, command: str | None, game: str | None,
            file: Path | None) -> int:
    if terminal_missing():
        return say_no_terminal()
    with loading():
        from lastround.app import make_app  # Textual loads only for the interface
        from lastround.session.folder import saves_folder
        from lastround.session.safe_read import SaveError

        try:
            app = make_app(saves_folder(saves), command=command, game=game, file=file)
        except SaveError as error:
            print(f"lastround: {error}", file=sys.stderr)
            return 2
    return run_interface(app)


def run_join(saves: str | None) -> int:
    """`lastround join`: a player's own terminal at a table (lastround.shell.join_app), or a
    browser's, through `lastround serve`."""
    if terminal_missing() and not in_a_browser():  # `ssh -T`, a command, scp or sftp
        return say_no_terminal()
    with loading():
        from lastround.session.folder import saves_folder
        from lastround.shell.join_app import JoinApp

        app = JoinApp(saves_folder(saves))
    return run_interface(app)


# The driver textual-serve gives the app it runs for a browser (its screen and keys are
# packets on standard input and output, not a terminal).
WEB_DRIVER = "textual.drivers.web_driver:WebDriver"


def in_a_browser() -> bool:
    return os.environ.get("TEXTUAL_DRIVER") == WEB_DRIVER


def run_serve(saves: str | None, host: str | None, port: int, *, with_host: bool) -> int:
    """`lastround serve`: `lastround join` in the browsers of the room (lastround.shell.serve)."""
    try:
        from lastround.shell import serve
    except ModuleNotFoundError as error:  # textual-serve and aiohttp come with the extra only
        if (error.name or "").partition(".")[0] not in ("textual_serve", "aiohttp"):
            raise
        from lastround.shell.phones import SERVE_MISSING

        print(SERVE_MISSING, file=sys.stderr)
        return 2
    from lastround.session.folder import saves_folder

    return serve.main(saves_folder(saves), host, port, with_host=with_host)


@contextmanager
def loading() -> Iterator[None]:
    """Import the interface with the cyclic garbage collector paused: loading Textual and the
    app makes tens of thousands of objects and next to no garbage, and the collector's passes
    over them cost about a tenth of the start-up. What is loaded is then set aside from it
    (frozen) before it runs again, so no later pass walks it either."""
    gc.disable()
    try:
        yield
    finally:
        gc.freeze()
        gc.enable()


# How long the app's thread keeps running Python while another thread waits (Python's default
# is 5 ms). Textual hands each frame to a thread of its own that writes it to the terminal,
# and the app goes on at once (the next step's screen is built ahead, lastround.shell.ahead): the
# writer waited for its turn twice per frame, and a step's first frame reached the terminal
# 5-20 ms after it was made (tests/perf/bench_keys.py; within 3 ms at this interval).
FRAME_HANDOFF = 0.0005


def run_interface(app: App[Any]) -> int:
    """Run an interface in the terminal, as long as the process lives."""
    # Exported COLUMNS/LINES would pin Textual's size: it must follow the terminal's resizes.
    # A browser's app has no terminal: there COLUMNS is the page's width, its first frame's.
    for pinned in () if in_a_browser() else ("COLUMNS", "LINES"):
        os.environ.pop(pinned, None)
    sys.setswitchinterval(FRAME_HANDOFF)
    # What is loaded by now lives as long as the process: set it aside from the cyclic
    # garbage collector, whose full passes would otherwise walk it all again during a key
    # (most of it already is: see loading).
    gc.freeze()
    app.run()
    return app.return_code or 0
