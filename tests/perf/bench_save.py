"""Saving: the first save after opening a file, and the next one, of files up to 8 MiB.

Run: .venv/bin/python -m tests.perf.bench_save [--runs 3]
Files: an in-progress Galileo session made 1, 4 and 8 MiB with hand-written comment lines
(a block before the first key and before every table), and one of 20,000 log entries (turns
ended and undone, tests/support/long_log.py). Each save adds one log entry, through
write_session; the first starts afresh, as after opening the file, the next reuses what the
first kept. Figures against tomllib's bare parse of the same file, the floor of reading it at all.
Goals: a first save of 8 MiB of comments in ≤ 1 s; every next save in ≤ 0.1 s.
"""

from __future__ import annotations

import argparse
import tempfile
import time
import tomllib
from pathlib import Path

import lastround.session.files
from lastround.session.files import read_session, write_session
from lastround.session.session import Session
from tests.perf.measure import report
from tests.support.long_log import galileo_session, stamp

NOTE = "# Round {}: Ada forgot to move her token; we counted it as it was written.\n"


def commented(path: Path, mib: int) -> None:
    """Comment lines spread before the first key and every table, up to `mib` MiB."""
    lines = path.read_text("utf-8").splitlines(keepends=True)
    spots = [i for i, line in enumerate(lines) if line.startswith(("[[", "format"))]
    room = mib * 2**20 - sum(len(line.encode()) for line in lines)
    notes: dict[int, list[str]] = {i: [] for i in spots}
    for n in range(room // len(NOTE.format(10**6).encode())):
        notes[spots[n % len(spots)]].append(NOTE.format(n))
    path.write_text("".join("".join(notes.get(i, ())) + line for i, line in enumerate(lines)),
                    "utf-8")


def saves_of(path: Path) -> tuple[float, float]:
    """Seconds of the first save after opening the file, then of the next."""
    lastround.session.files._last_save = None
    session = Session(read_session(path), path)
    took = []
    for number in range(2):
        turns = session.steps()[session.index_of("final-turns")]
        session.confirm(turns, session.values_for(turns), at=stamp(number), partial=True)
        started = time.perf_counter()
        write_session(path, session.data)
        took.append(time.perf_counter() - started)
    return took[0], took[1]


def main() -> None:
    options = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    options.add_argument("--runs", type=int, default=3)
    args = options.parse_args()
    with tempfile.TemporaryDirectory() as name:
        files = {f"{mib} MiB of comments": mib for mib in (1, 4, 8)} | {"20,000 entries": 0}
        for label, mib in files.items():
            path = Path(name) / f"session-{mib}.toml"
            write_session(path, galileo_session(20_000 if not mib else 40, finish=False).data)
            if mib:
                commented(path, mib)
            text = path.read_text("utf-8")
            parse = min(timed_parse(text) for _ in range(args.runs))
            runs = []
            for _ in range(args.runs):
                path.write_text(text, "utf-8")
                runs.append(saves_of(path))
            first, after = (min(run[k] for run in runs) for k in (0, 1))
            print(f"{label} ({len(text.encode()) / 2**20:.1f} MiB): bare parse {parse:.3f} s; "
                  f"first save {first:.3f} s ({first / parse:.1f}× the parse); "
                  f"next save {after:.3f} s", flush=True)
            if mib == 8:
                report("first save, 8 MiB of comments", f"{first:.2f} s", "≤ 1 s", first <= 1)
            report(f"next save, {label}", f"{after:.3f} s", "≤ 0.1 s", after <= 0.1)


def timed_parse(text: str) -> float:
    started = time.perf_counter()
    tomllib.loads(text)
    return time.perf_counter() - started


if __name__ == "__main__":
    main()
