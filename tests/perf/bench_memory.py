"""Memory: peak resident memory after a whole 4-player Race for the Galaxy procedure,
against the bare Textual app driven for a few keys; goal ratio ≤ 1.3. At a club's scale:
history over 10,000 sessions (every file read, cold, then warm from the index) and the replay
of a 20,000-entry session, against history over the two example sessions; goal ≤ 2.

Each side runs in its own fresh interpreter (headless, 80×24) and reports its peak (VmHWM). A
third figure shows what Textual itself keeps as an app goes through screens: the bare app
after 12 new screens of four labelled fields (the procedure has 12 steps).
"""

from __future__ import annotations

import subprocess

from tests.perf.measure import PYTHON, ROOT, compile_sources, report

OURS = """
import asyncio, sys, tempfile
from pathlib import Path
from tests.support.helpers import make_test_app
from tests.support.rftg_play import FOUR_PLAYERS, play_to_breakdown

async def main():
    folder = Path(tempfile.mkdtemp())
    app = make_test_app(folder, command="new", game="rftg")
    async with app.run_test(size=(80, 24)) as pilot:
        await play_to_breakdown(pilot, FOUR_PLAYERS)
        await pilot.press("enter")
        await pilot.pause()

asyncio.run(main())
print(PEAK())
"""

BARE = """
import asyncio
from tests.perf.bare_app import BareApp

async def main():
    app = BareApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press(*"a few keys", "enter")
        await pilot.pause()

asyncio.run(main())
print(PEAK())
"""


SCREENS = """
import asyncio
from tests.perf.bare_app import ScreensApp

async def main():
    app = ScreensApp()
    async with app.run_test(size=(80, 24)) as pilot:
        for _ in range(12):
            await pilot.press("enter")
            await pilot.pause()

asyncio.run(main())
print(PEAK())
"""


# History until every file is read (the list fills as a worker reads them).
HISTORY = """
import asyncio, sys
from pathlib import Path
from lastround.screens.history import HistoryScreen
from tests.support.helpers import make_test_app

async def main():
    app = make_test_app(Path(sys.argv[1]), command="history")
    async with app.run_test(size=(80, 24)) as pilot:
        while not (isinstance(app.screen, HistoryScreen) and app.screen.records
                   and getattr(app.screen, "reading_total", None) is None):
            await pilot.pause()
            await asyncio.sleep(0.05)

asyncio.run(main())
print(PEAK())
"""

# The replay until its log is read too (a long file's final scores show first: its log is
# read in a worker meanwhile), then stepped back to its first entry.
REPLAY = """
import asyncio, sys
from pathlib import Path
from tests.support.helpers import make_test_app

async def main():
    path = Path(sys.argv[1])
    app = make_test_app(path.parent, command="replay", file=path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        while getattr(app.screen, "reading", False):
            await asyncio.sleep(0.05)
        await pilot.press("home")
        await pilot.pause()
        assert "entry 1 of" in app.screen.sub_title, app.screen.sub_title

asyncio.run(main())
print(PEAK())
"""


# The peak of this process's own memory. Not ru_maxrss: Linux carries that over from the
# parent through fork and exec, so a big benchmark runner would set every figure's floor.
PEAK = """
def PEAK():
    with open("/proc/self/status") as status:
        return next(int(line.split()[1]) for line in status if line.startswith("VmHWM:"))
"""


def peak_kib(script: str, *args: str) -> int:
    done = subprocess.run([PYTHON, "-c", PEAK + script, *args], capture_output=True, text=True,
                          cwd=ROOT, check=True)
    return int(done.stdout.split()[-1])


def club_scale(runs: int) -> None:
    """History over 10,000 sessions and a 20,000-entry replay against two sessions."""
    import tempfile
    from pathlib import Path

    from lastround.records.index import index_path
    from lastround.session.files import write_session
    from tests.perf.bench_history import make_sessions
    from tests.perf.bench_replay import LOGS
    from tests.support.history_data import copy_examples

    with tempfile.TemporaryDirectory() as name:
        two, club, long = (Path(name) / part for part in ("two", "club", "long"))
        for folder in (two, club, long):
            folder.mkdir()
        copy_examples(two)
        make_sessions(club, 10_000)
        write_session(long / "session.toml", LOGS["galileo"](20_000).data)
        floor = sorted(peak_kib(HISTORY, str(two)) for _ in range(runs))[runs // 2]
        print(f"history over the two examples: {floor / 1024:.1f} MiB")
        figures: dict[str, list[int]] = {
            "history, 10,000 sessions, cold": [], "history, 10,000 sessions, warm": [],
            "replay, 20,000 entries": []}
        for _ in range(runs):
            index_path(club).unlink(missing_ok=True)
            for kind, peak in zip(figures, (peak_kib(HISTORY, str(club)),
                                            peak_kib(HISTORY, str(club)),
                                            peak_kib(REPLAY, str(long / "session.toml"))),
                                  strict=True):
                figures[kind].append(peak)
        for kind, peaks in figures.items():
            peak = sorted(peaks)[runs // 2]
            report(f"{kind}: {peak / 1024:.1f} MiB, against two sessions", f"{peak / floor:.2f}",
                   "≤ 2", peak <= 2 * floor)


def main() -> None:
    compile_sources()
    runs = 3
    bare = sorted(peak_kib(BARE) for _ in range(runs))
    screens = sorted(peak_kib(SCREENS) for _ in range(runs))
    ours = sorted(peak_kib(OURS) for _ in range(runs))
    ratio = ours[1] / bare[1]
    print(f"bare Textual app peak RSS:      {bare[1] / 1024:.1f} MiB (of {runs}: {bare})")
    print(f"bare app after 12 new screens:  {screens[1] / 1024:.1f} MiB (of {runs}: {screens}), "
          f"{screens[1] / bare[1]:.2f} of the bare app")
    print(f"Last Round after 4-player RftG: {ours[1] / 1024:.1f} MiB (of {runs}: {ours})")
    report("memory ratio", f"{ratio:.2f}", "≤ 1.3", ratio <= 1.3)
    club_scale(runs)


if __name__ == "__main__":
    main()
