"""Memory: peak resident memory after a whole 4-player Race for the Galaxy procedure,
against the bare Textual app driven for a few keys; goal ratio ≤ 1.3.

Each side runs in its own fresh interpreter (headless, 80×24) and reports its peak (VmHWM). A
third figure shows what Textual itself keeps as an app goes through screens: the bare app
after 12 new screens of four labelled fields (the procedure has 12 steps).
"""

from __future__ import annotations

import subprocess
import sys

from tests.perf.measure import PYTHON, ROOT, compile_sources, report

OURS = """
import asyncio, sys, tempfile
from pathlib import Path
from tests.helpers import make_test_app
from tests.rftg_play import FOUR_PLAYERS, play_to_breakdown

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


# The peak of this process's own memory. Not ru_maxrss: Linux carries that over from the
# parent through fork and exec, so a big benchmark runner would set every figure's floor.
PEAK = """
def PEAK():
    with open("/proc/self/status") as status:
        return next(int(line.split()[1]) for line in status if line.startswith("VmHWM:"))
"""


def peak_kib(script: str) -> int:
    done = subprocess.run([PYTHON, "-c", PEAK + script], capture_output=True, text=True, cwd=ROOT,
                          check=True)
    return int(done.stdout.split()[-1])


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


if __name__ == "__main__":
    sys.exit(main())
