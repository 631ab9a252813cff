"""Replay: a finished session of 1,000 and of 20,000 log entries opened on its final scores.

Run: .venv/bin/python -m tests.perf.bench_replay [--entries 1000 20000] [--runs 3] [--timeout 60]
Two long logs, built through the Session as the app builds them (tests/support/long_log.py): Galileo
turns ended and undone with Tier III draws, then corrections to the scores (7 entries in 10
progress, 3 corrections: so 20,000 entries stay within the 8 MiB a session file may be), and a
Race for the Galaxy corrected over and over. Figures: `lastround replay FILE` and `lastround
resume FILE` (a finished file opens as a replay) in a real 80×24 terminal until the final scores
are drawn, the file alone in its saves folder (the home list under the replay reads it too),
against the bare Textual app's start-up; and in one process opening the file (read,
checks, steps), replaying its log and the final page's notes, against tomllib's bare parse of
the same file, the floor of opening any file.
Goals: the replay's share of the bare parse (which is linear) grows at most 1.5 times from
the fewest entries to the most, and at 20,000 entries it is at most half.
"""

from __future__ import annotations

import argparse
import statistics
import tempfile
import time
import tomllib
from collections.abc import Callable
from pathlib import Path

from tests.perf.measure import BARE, PYTHON, ROOT, Tmux, compile_sources, report, spread
from tests.support.long_log import galileo_session, rftg_session
from tui.session.files import write_session
from tui.session.safekeeping import load_session
from tui.session.session import Session

FINAL_PAGE = "Breakdown of the final scores"
LOGS: dict[str, Callable[[int], Session]] = {
    "galileo": lambda n: galileo_session(n * 7 // 10, n - n * 7 // 10 - 8),
    "rftg": lambda n: rftg_session(n - 10),
}


def timed(action: Callable[[], object]) -> float:
    started = time.perf_counter()
    action()
    return time.perf_counter() - started


def in_process(path: Path) -> tuple[float, float]:
    """Seconds to open the file, then to replay it and write the final page's notes."""
    from tui.records.replay import drift, replay
    from tui.records.replay_text import correction_notes

    started = time.perf_counter()
    session = load_session(path)
    opened = time.perf_counter()
    moments = replay(session.data)
    correction_notes(session.data)
    drift(session.data, moments)
    return opened - started, time.perf_counter() - opened


def in_terminal(command: list[str], ready: str, cwd: Path, timeout: float) -> float | None:
    """Seconds from launch until `ready` is on screen; None when it never came in time."""
    terminal = Tmux(command, cwd)
    try:
        return terminal.wait_for(ready, timeout)
    except TimeoutError:
        return None
    finally:
        terminal.close()


def shown(times: list[float | None], timeout: float) -> str:
    done = [t for t in times if t is not None]
    if len(done) < len(times):
        return f"{len(times) - len(done)} of {len(times)} not drawn within {timeout:.0f} s"
    return f"{spread(done)} s"


def in_process_figures(path: Path, runs: int) -> tuple[float, float, float]:
    """The best of `runs` (the least disturbed by a busy machine): parse, open, replay."""
    parse = min(timed(lambda: tomllib.loads(path.read_text("utf-8"))) for _ in range(runs))
    measured = [in_process(path) for _ in range(runs)]
    opening, replay = (min(m[k] for m in measured) for k in (0, 1))
    return parse, opening, replay


def terminal_figures(path: Path, saves: Path, floor: float, runs: int, timeout: float) -> None:
    for command in ("replay", "resume"):
        launch = [PYTHON, "-m", "tui", "--saves", str(saves), command, str(path)]
        times = [in_terminal(launch, FINAL_PAGE, ROOT, timeout) for _ in range(runs)]
        done = [t for t in times if t is not None]
        ratio = (f" ({statistics.median(done) / floor:.1f}× the bare app)"
                 if len(done) == len(times) else "")
        print(f"  lastround {command}, final scores drawn: {shown(times, timeout)}{ratio}",
              flush=True)


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
                parse, opening, replay = in_process_figures(path, args.runs)
                replays[game, entries] = replay / parse  # the machine's speed set aside
                print(f"{game}, {entries} entries ({path.stat().st_size / 2**20:.1f} MiB): "
                      f"bare parse {parse:.3f} s; open {opening:.3f} s ({opening / parse:.2f} "
                      f"of the parse); replay {replay:.3f} s ({replay / parse:.2f} of the parse)",
                      flush=True)
                terminal_figures(path, saves, floor, args.runs, args.timeout)
                if entries == max(args.entries):
                    report(f"{game} replay / bare parse at {entries}", f"{replay / parse:.2f}",
                           "≤ 0.5", replay <= parse / 2)
    small, large = min(args.entries), max(args.entries)
    for game in LOGS if small < large else ():  # as a share of the parse: linear, it stays
        growth = replays[game, large] / replays[game, small]
        report(f"{game} replay / bare parse, {large // small}× the entries",
               f"{growth:.2f}× the share", "≤ 1.5×", growth <= 1.5)


if __name__ == "__main__":
    main()
