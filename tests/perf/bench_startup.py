"""Start-up: launch to the home screen drawn in a real 80×24 terminal, against a bare app.

Alternates the two in one run (so machine load hits both alike); goal ratio ≤ 1.15.
Each screen counts as drawn when its footer is: Textual fills a footer one frame after
the rest, so the bare app's first line shows earlier (printed too, for comparison).
"""

from __future__ import annotations

import statistics
import tempfile
from pathlib import Path

from tests.perf.measure import BARE, LASTROUND, Tmux, compile_sources, report, spread

PAIRS = 11


def launch(command: list[str], ready: list[str], cwd: Path) -> list[float]:
    """Seconds until each text in `ready` is on screen."""
    terminal = Tmux(command, cwd)
    try:
        return [terminal.wait_for(text) for text in ready]
    finally:
        terminal.close()


def main() -> None:
    compile_sources()
    with tempfile.TemporaryDirectory() as folder:
        cwd = Path(folder)
        ours, bare, bare_line = [], [], []
        launch([str(LASTROUND)], ["New Race"], cwd)  # warm the file cache
        for _ in range(PAIRS):
            line, footer = launch(BARE, ["Bare Textual app", "palette"], cwd)
            bare_line.append(line)
            bare.append(footer)
            ours.extend(launch([str(LASTROUND)], ["New Race"], cwd))
    ratio = statistics.median(ours) / statistics.median(bare)
    print(f"bare Textual app, its line:   {spread(bare_line)} s")
    print(f"bare Textual app, its footer: {spread(bare)} s")
    print(f"Last Round home, its footer:  {spread(ours)} s")
    report("start-up ratio", f"{ratio:.2f}", "≤ 1.15", ratio <= 1.15)


if __name__ == "__main__":
    main()
