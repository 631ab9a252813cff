"""`lastround score` as a whole process, against `python -c "import tomllib"`; goal ratio ≤ 3."""

from __future__ import annotations

import statistics
import subprocess
import time

from tests.perf.measure import PYTHON, ROOT, compile_sources, report, spread

RUNS = 15
EXAMPLE = ROOT / "saves" / "examples" / "rftg-4-players.toml"


def timed(command: list[str]) -> float:
    started = time.perf_counter()
    subprocess.run(command, check=True, capture_output=True, cwd=ROOT)
    return time.perf_counter() - started


def main() -> None:
    compile_sources()
    floor, ours = [], []
    score = [PYTHON, "-m", "lastround", "score", str(EXAMPLE), "--json"]
    for _ in range(RUNS):
        floor.append(timed([PYTHON, "-c", "import tomllib"]))
        ours.append(timed(score))
    ratio = statistics.median(ours) / statistics.median(floor)
    print(f"python -c 'import tomllib': {spread(floor)} s")
    print(f"lastround score --json:     {spread(ours)} s")
    report("score ratio", f"{ratio:.2f}", "≤ 3", ratio <= 3)


if __name__ == "__main__":
    main()
