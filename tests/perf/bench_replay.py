"""Replay: a finished session of 1,000 and of 20,000 log entries opened on its final scores.

Run: .venv/bin/python -m tests.perf.bench_replay [--entries 1000 20000] [--runs 3] [--timeout 60]
Two long logs, built through the Session as the app builds them (tests/support/long_log.py): Galileo
turns ended and undone with Tier III draws, then corrections to the scores (7 entries in 10
progress, 3 corrections: so 20,000 entries stay within the 8 MiB a session file may be), and a
Race for the Galaxy corrected over and over. Figures: `lastround replay FILE` and `lastround
resume FILE` (a finished file opens as a replay) in a real 80×24 terminal until the final scores
are drawn, and until its log is read too (a long file's final scores show from its head while
a worker reads the log: lastround.session.early), the file alone in its saves folder (the home list
under the replay reads it too), against the bare Textual app's start-up; and in one process
opening the file's head, opening the whole file (read, checks, steps), replaying its log and the
final page's notes, against tomllib's bare parse of the same file, the floor of opening any file.
Goals: the replay's share of the bare parse (which is linear) grows at most 1.5 times from
the fewest entries to the most, and at 20,000 entries it is at most half; at 20,000 entries
the final scores are drawn within 1 s (on a quiet machine: the bare app's figure says how
quiet).
"""

from __future__ import annotations

import argparse
import statistics
import tempfile
import time
import tomllib
from collections.abc import Callable
from pathlib import Path

from lastround.session.files import write_session
from lastround.session.safekeeping import load_session
from lastround.session.session import Session
from tests.perf.measure import BARE, PYTHON, ROOT, Tmux, compile_sources, report, spread
from tests.support.long_log import galileo_session, rftg_session

FINAL_PAGE = "Breakdown of the final scores"
READING = "reading the log"  # in the title bar until the log is read
LOGS: dict[str, Callable[[int], Session]] = {
    "galileo": lambda n: galileo_session(n * 7 // 10, n - n * 7 // 10 - 8),
    "rftg": lambda n: rftg_session(n - 10),
}


def timed(action: Callable[[], object]) -> float:
    started = time.perf_counter()
    action()
    return time.perf_counter() - started


def in_process(path: Path) -> tuple[float, float, float]:
    """Seconds to open the file's head, to open the whole file, then to replay it and write
    the final page's notes."""
    from lastround.records.replay import log_lines, replay
    from lastround.session.early import open_early

    started = time.perf_counter()
    open_early(path)
    head = time.perf_counter()
    session = load_session(path)
    opened = time.perf_counter()
    log_lines(session.data, replay(session.data))
    return head - started, opened - head, time.perf_counter() - opened


def in_terminal(command: list[str], ready: str, cwd: Path, timeout: float) -> float | None:
    """Seconds from launch until `ready` is on screen; None when it never came in time."""
    return in_terminal_read(command, ready, cwd, timeout)[0]


def in_terminal_read(command: list[str], ready: str, cwd: Path, timeout: float
                     ) -> tuple[float | None, float | None]:
    """Seconds from launch until `ready` is on screen, then until the log is read too (no
    longer said on screen); None for a time that never came."""
    terminal = Tmux(command, cwd)
    try:
        shown = terminal.wait_for(ready, timeout)
    except TimeoutError:
        terminal.close()
        return None, None
    try:
        deadline = time.perf_counter() + timeout
        while READING in terminal.screen():
            if time.perf_counter() > deadline:
                return shown, None
            time.sleep(0.002)
        return shown, time.perf_counter() - terminal.started
    finally:
        terminal.close()


def shown(times: list[float | None], timeout: float) -> str:
    done = [t for t in times if t is not None]
    if len(done) < len(times):
        return f"{len(times) - len(done)} of {len(times)} not drawn within {timeout:.0f} s"
    return f"{spread(done)} s"


def in_process_figures(path: Path, runs: int) -> tuple[float, float, float, float]:
    """The best of `runs` (the least disturbed by a busy machine): parse, head, open, replay."""
    parse = min(timed(lambda: tomllib.loads(path.read_text("utf-8"))) for _ in range(runs))
    measured = [in_process(path) for _ in range(runs)]
    head, opening, replay = (min(m[k] for m in measured) for k in (0, 1, 2))
    return parse, head, opening, replay


def terminal_figures(path: Path, saves: Path, floor: float, runs: int, timeout: float
                     ) -> dict[str, float | None]:
    """Each command's median seconds until the final scores are drawn (None: not always)."""
    medians: dict[str, float | None] = {}
    for command in ("replay", "resume"):
        launch = [PYTHON, "-m", "lastround", "--saves", str(saves), command, str(path)]
        pairs = [in_terminal_read(launch, FINAL_PAGE, ROOT, timeout) for _ in range(runs)]
        for number, what in enumerate(("final scores drawn", "its log read too")):
            times = [pair[number] for pair in pairs]
            done = [t for t in times if t is not None]
            whole = len(done) == len(times)
            ratio = f" ({statistics.median(done) / floor:.1f}× the bare app)" if whole else ""
            print(f"  lastround {command}, {what}: {shown(times, timeout)}{ratio}", flush=True)
            if not number:
                medians[command] = statistics.median(done) if whole else None
    return medians


def main() -> None:
    options = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    options.add_argument("--entries", type=int, nargs="+", default=[1_000, 20_000])
    options.add_argument("--runs", type=int, default=3)
    options.add_argument("--timeout", type=float, default=60)
    args = options.parse_args()
    compile_sources()
    replays: dict[tuple[str, int], float] = {}
    with tempfile.TemporaryDirectory() as name:
        folder = Path(name)
        bare = [in_terminal(BARE, "palette", folder, 20) for _ in range(args.runs)]
        print(f"bare Textual app, its footer: {shown(bare, 20)}")
        floor = statistics.median(t for t in bare if t is not None)
        for entries in args.entries:
            for game, build in LOGS.items():
                saves = folder / f"{game}-{entries}"  # the home list under the replay reads it
                saves.mkdir()
                path = saves / "session.toml"
                write_session(path, build(entries).data)
                parse, head, opening, replay = in_process_figures(path, args.runs)
                replays[game, entries] = replay / parse  # the machine's speed set aside
                print(f"{game}, {entries} entries ({path.stat().st_size / 2**20:.1f} MiB): "
                      f"bare parse {parse:.3f} s; its head {head:.4f} s; open {opening:.3f} s "
                      f"({opening / parse:.2f} of the parse); replay {replay:.3f} s "
                      f"({replay / parse:.2f} of the parse)", flush=True)
                drawn = terminal_figures(path, saves, floor, args.runs, args.timeout)
                if entries == max(args.entries):
                    for command, median in drawn.items():
                        figure = "not always drawn" if median is None else f"{median:.2f} s"
                        report(f"{game} lastround {command} at {entries}, final scores drawn",
                               f"{figure} (bare app {floor:.2f} s)", "≤ 1 s",
                               median is not None and median <= 1)
                    report(f"{game} replay / bare parse at {entries}", f"{replay / parse:.2f}",
                           "≤ 0.5", replay <= parse / 2)
    small, large = min(args.entries), max(args.entries)
    for game in LOGS if small < large else ():  # as a share of the parse: linear, it stays
        growth = replays[game, large] / replays[game, small]
        report(f"{game} replay / bare parse, {large // small}× the entries",
               f"{growth:.2f}× the share", "≤ 1.5×", growth <= 1.5)


if __name__ == "__main__":
    main()
