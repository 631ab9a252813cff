"""Start-up: launch to the home screen drawn in a real 80×24 terminal, against a bare app.

Alternates the two in one run (so machine load hits both alike); goal ratio ≤ 1.15.
"""

from __future__ import annotations

import statistics
import tempfile
from pathlib import Path

from tests.perf.measure import BARE, LASTROUND, Tmux, report, spread

PAIRS = 11


def launch(command: list[str], ready: str, cwd: Path) -> float:
    terminal = Tmux(command, cwd)
    try:
        return terminal.wait_for(ready)
    finally:
        terminal.close()


def main() -> None:
    with tempfile.TemporaryDirectory() as folder:
        cwd = Path(folder)
        ours, bare = [], []
        launch([str(LASTROUND)], "New Race", cwd)  # warm the file cache
        for _ in range(PAIRS):
            bare.append(launch(BARE, "Bare Textual app", cwd))
            ours.append(launch([str(LASTROUND)], "New Race", cwd))
    ratio = statistics.median(ours) / statistics.median(bare)
    print(f"bare Textual app: {spread(bare)} s")
    print(f"Last Round home:  {spread(ours)} s")
    report("start-up ratio", f"{ratio:.2f}", "≤ 1.15", ratio <= 1.15)


if __name__ == "__main__":
    main()
