"""History over 10,000 session files: bare tomllib, no index (cold) and a warm index; and
`lastround history` in a real 80×24 terminal (tmux) until its first rows are on screen,
and until every file is read, against the bare Textual app's footer in the same run.

Run: .venv/bin/python tests/perf/bench_history.py [--files N] [--runs N] [--terminal-runs N]
Goals: a warm index opens history in ≤ 0.3 s; without an index, history costs ≤ 1.2× the
bare parse of every file (it parses each file once, totals it and writes the index). In
the terminal, the first rows within 1 s warm and 3 s cold on a quiet 2-core machine, where
the bare app draws its footer in about 0.3 s: ≤ 3× and ≤ 10× the bare app's footer.
Not collected by pytest (its name does not start with test_).
"""

from __future__ import annotations

import argparse
import random
import re
import statistics
import sys
import tempfile
import time
import tomllib
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))  # run as a plain script

from lastround.records.history import record_from_data
from lastround.records.index import index_path, load_history
from lastround.session.files import read_session
from tests.perf.measure import BARE, PYTHON, ROOT, Tmux, compile_sources, report

NAMES = ("Ada", "Bo", "Cy", "Dee", "Eli", "Fay", "Gus", "Hal", "Ivy", "Jo", "Kai", "Liv")
TABLEAUX = (
    ("Alpha Centauri", "Mining Robots", "Comet Zone", "Mining World", "Mining League",
     "Asteroid Belt", "New Earth", "Radioactive World"),
    ("Epsilon Eridani", "Public Works", "Investment Credits", "Diversified Economy",
     "Gambling World", "Consumer Markets", "Galactic Federation"),
    ("New Sparta", "Space Marines", "Rebel Fuel Cache", "Former Penal Colony",
     "Rebel Warrior Race", "Drop Ships", "Pirate World", "Contact Specialist"),
    ("Earth's Lost Colony", "Gem World", "Artist Colony", "Expedition Force", "New Vinland",
     "Spice World", "Interstellar Bank", "Galactic Trendsetters"),
)
SUBJECTS = ("Major Objects", "Comets", "Inquisitors", "Constellations")


def toml_list(items: tuple[str, ...] | list[str]) -> str:
    return "[" + ", ".join(f'"{i}"' for i in items) + "]"


def rftg_file(rng: random.Random, created: str, names: list[str]) -> str:
    out = [f'format = 1\ngame = "rftg"\nstatus = "finished"\ncreated = "{created}"\n'
           f'seed = {rng.randrange(10**6)}\nedition = "2nd"\n']
    log = [f'[[log]]\nstep = "setup"\nat = "{created}"\n'
           f'values = {{players = {toml_list(names)}, edition = "2nd"}}\n']
    for seat, name in enumerate(names):
        chips, hand, goods = rng.randrange(30), rng.randrange(8), rng.randrange(4)
        out.append(f'[[players]]\nname = "{name}"\ntableau = {toml_list(TABLEAUX[seat])}\n'
                   f"chips = {chips}\nhand = {hand}\ngoods = {goods}\n")
        log.append(f'[[log]]\nstep = "counts-{seat}"\nat = "{created}"\nplayer = "{name}"\n'
                   f"values = {{chips = {chips}, hand = {hand}, goods = {goods}}}\n")
    return "\n".join(out + log)


def galileo_file(rng: random.Random, created: str, names: list[str]) -> str:
    out = [f'format = 1\ngame = "galileo"\nstatus = "finished"\ncreated = "{created}"\n'
           f"seed = {rng.randrange(10**6)}\nfirst_player = 0\nsubjects = {toml_list(SUBJECTS)}\n"]
    for name in names:
        cellar = [rng.randrange(2) for _ in range(4)]
        # The Inquisitors met are those in the cellar (see lastround.games.galileo.limits).
        tiles = ", ".join(f'{{subject = "{s}", '
                          f"met = {rng.randrange(sum(cellar) + 1 if s == 'Inquisitors' else 5)}, "
                          f"multiplier = {rng.randrange(4)}}}" for s in SUBJECTS)
        out.append(f'[[players]]\nname = "{name}"\ntrack = {rng.randrange(40, 140)}\n'
                   f"university = [{tiles}]\ncellar = {cellar}\nfarewell = 0\n"
                   f"tribunal = {rng.randrange(-10, 11)}\ndice = {rng.randrange(20)}\n"
                   f"quadrants = {rng.randrange(4)}\n")
    out.append(f'[[log]]\nstep = "setup"\nat = "{created}"\n'
               f"values = {{players = {toml_list(names)}, luna = false}}\n")
    return "\n".join(out)


def make_sessions(folder: Path, count: int) -> None:
    rng = random.Random(2026)
    for number in range(count):
        names = rng.sample(NAMES, rng.randrange(2, 5))
        created = f"2026-{1 + number % 12:02d}-{1 + number % 28:02d}T20:{number % 60:02d}:00Z"
        make = rftg_file if number % 2 else galileo_file
        (folder / f"session-{number:05d}.toml").write_text(make(rng, created, names), "utf-8")


def bare_parse(folder: Path) -> None:
    for path in folder.glob("*.toml"):
        with path.open("rb") as stream:
            tomllib.load(stream)


def checked_read(folder: Path) -> None:
    """What the app's reading adds to the bare parse: the checks of read_session."""
    for path in folder.glob("*.toml"):
        read_session(path)


def read_and_score(folder: Path) -> None:
    """The cold path without the index: read, check and total each file."""
    for path in folder.glob("*.toml"):
        record_from_data(path.name, read_session(path))


def timed(action: Callable[[], object]) -> float:
    started = time.perf_counter()
    action()
    return time.perf_counter() - started


def spread(times: list[float]) -> str:
    return (f"median {statistics.median(times):.3f} s "
            f"(min {min(times):.3f}, max {max(times):.3f}, {len(times)} runs)")


ROW = re.compile(r"\d{4}-\d\d-\d\d \d\d:\d\d")  # a row's date and time: the list is shown
ALL_READ = "listed"  # "10000 of 10000 sessions; the first 500 listed": every file read
GOALS = {"warm": 3.0, "cold": 10.0}  # the first rows, against the bare app's footer


def terminal_history(folder: Path, timeout: float = 120) -> tuple[float, float]:
    """Seconds until `lastround history`'s first rows are on screen, and until all are read."""
    terminal = Tmux([PYTHON, "-m", "lastround", "--saves", str(folder), "history"], ROOT)
    try:
        deadline = time.perf_counter() + timeout
        while not ROW.search(terminal.screen()):
            if time.perf_counter() > deadline:
                raise TimeoutError(f"no row came:\n{terminal.screen()}")
            time.sleep(0.002)
        first = time.perf_counter() - terminal.started
        return first, terminal.wait_for(ALL_READ, timeout)
    finally:
        terminal.close()


def terminal_figures(folder: Path, runs: int) -> None:
    """Cold (no index) and warm, each round beside the bare app, so load hits all alike."""
    figures: dict[str, list[float]] = {"bare": [], "warm": [], "cold": [], "warm all": [],
                                       "cold all": []}
    for _ in range(runs):
        figures["bare"].append(bare_footer(folder))
        for kind in ("cold", "warm"):
            if kind == "cold":
                index_path(folder).unlink(missing_ok=True)
            first, every = terminal_history(folder)
            figures[kind].append(first)
            figures[f"{kind} all"].append(every)
    bare = statistics.median(figures["bare"])
    print(f"bare Textual app, its footer: {spread(figures['bare'])}")
    for kind in ("warm", "cold"):
        print(f"lastround history, {kind}: first rows {spread(figures[kind])}; every file "
              f"read {spread(figures[kind + ' all'])}")
        ratio = statistics.median(figures[kind]) / bare
        report(f"history's first rows, {kind}, against the bare app's footer", f"{ratio:.2f}",
               f"≤ {GOALS[kind]:.0f}", ratio <= GOALS[kind])


def bare_footer(cwd: Path) -> float:
    terminal = Tmux(BARE, cwd)
    try:
        return terminal.wait_for("palette")
    finally:
        terminal.close()


def main() -> None:
    options = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    options.add_argument("--files", type=int, default=10_000)
    options.add_argument("--runs", type=int, default=5)
    options.add_argument("--terminal-runs", type=int, default=5)
    args = options.parse_args()
    compile_sources()  # each worker process imports the app afresh
    measures: dict[str, list[float]] = {
        "bare": [], "checked": [], "scored": [], "cold": [], "warm": []}
    with tempfile.TemporaryDirectory() as name:
        folder = Path(name)
        make_sessions(folder, args.files)
        bare_parse(folder)  # warm the file cache for every measure alike
        # Each run measures everything in turn, so a busy machine weighs on all alike.
        for _ in range(args.runs):
            measures["bare"].append(timed(lambda: bare_parse(folder)))
            measures["checked"].append(timed(lambda: checked_read(folder)))
            measures["scored"].append(timed(lambda: read_and_score(folder)))
            index_path(folder).unlink(missing_ok=True)
            measures["cold"].append(timed(lambda: load_history(folder)))
            measures["warm"].append(timed(lambda: load_history(folder)))
        records = load_history(folder)
        terminal_figures(folder, args.terminal_runs)
    assert len(records) == args.files and not any(r.error for r in records)
    bare, cold, warm = (statistics.median(measures[k]) for k in ("bare", "cold", "warm"))
    ratios = [c / b for c, b in zip(measures["cold"], measures["bare"], strict=True)]
    print(f"{args.files} session files")
    print(f"bare tomllib parse:     {spread(measures['bare'])}")
    print(f"history, no index:      {spread(measures['cold'])}")
    print(f"  in one process, read_session alone (the parse, the common checks): "
          f"{spread(measures['checked'])}")
    print(f"  in one process, read_session, the session checks and the totals: "
          f"{spread(measures['scored'])}")
    print(f"history, warm index:    {spread(measures['warm'])}")
    print(f"no index / bare parse:  {cold / bare:.2f} (median of each run's ratio "
          f"{statistics.median(ratios):.2f}); goal ≤ 1.2: "
          f"{'met' if cold / bare <= 1.2 else 'NOT met'}")
    print(f"warm index:             {warm:.3f} s ({warm / bare:.2f} of the bare parse); "
          f"goal ≤ 0.3 s: {'met' if warm <= 0.3 else 'NOT met'}")


if __name__ == "__main__":
    main()
