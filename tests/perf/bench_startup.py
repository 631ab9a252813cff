"""Start-up: launch to the home screen drawn in a real 80×24 terminal, against bare apps.

Figures, all from one run: the bare app with a header and a footer (its line, its footer),
the minimal Textual app (one line, nothing else: its line), and Last Round until its home
screen's footer is drawn; each with and without PYTHONDONTWRITEBYTECODE=1 (common in
containers: Python then reads the byte-code `dev.py` wrote, and writes none). The launches
alternate in each round, so machine load hits all alike. Goals: Last Round's median ≤ 1.15×
the minimal app's, and ≤ 1.10× the bare app's footer (the pair's own: Textual fills a footer
one frame after the rest), in each environment.
"""

from __future__ import annotations

import statistics
import tempfile
from pathlib import Path

from dev import compile_sources
from tests.perf.measure import BARE, LASTROUND, Tmux, report, spread

ROUNDS = 11
GOALS = {"minimal": 1.15, "bare footer": 1.10}  # against each floor
# The same variable set either way (an empty one is unset for Python): only its value differs.
ENVIRONMENTS = {"": "PYTHONDONTWRITEBYTECODE=", "PYTHONDONTWRITEBYTECODE=1":
                "PYTHONDONTWRITEBYTECODE=1"}


def launch(command: list[str], ready: list[str], cwd: Path, env: str) -> list[float]:
    """Seconds until each text in `ready` is on screen."""
    terminal = Tmux(command, cwd, env)
    try:
        return [terminal.wait_for(text) for text in ready]
    finally:
        terminal.close()


def one_round(cwd: Path, env: str, figures: dict[str, list[float]]) -> None:
    line, footer = launch(BARE, ["Bare Textual app", "palette"], cwd, env)
    figures["bare line"].append(line)
    figures["bare footer"].append(footer)
    figures["minimal"].extend(launch([*BARE, "minimal"], ["Minimal Textual app"], cwd, env))
    figures["ours"].extend(launch([str(LASTROUND)], ["New Race"], cwd, env))


def print_figures(name: str, figures: dict[str, list[float]]) -> None:
    where = f" with {name}" if name else " without PYTHONDONTWRITEBYTECODE"
    print(f"-- launched{where}")
    print(f"bare Textual app, its line:    {spread(figures['bare line'])} s")
    print(f"bare Textual app, its footer:  {spread(figures['bare footer'])} s")
    print(f"minimal Textual app, its line: {spread(figures['minimal'])} s")
    print(f"Last Round home, its footer:   {spread(figures['ours'])} s")
    ours = statistics.median(figures["ours"])
    for floor, key in (("minimal app", "minimal"), ("bare app's footer", "bare footer")):
        ratio = ours / statistics.median(figures[key])
        report(f"start-up{where}, against the {floor}", f"{ratio:.2f}", f"≤ {GOALS[key]:.2f}",
               ratio <= GOALS[key])


def main() -> None:
    runs: dict[str, dict[str, list[float]]] = {
        name: {"bare line": [], "bare footer": [], "minimal": [], "ours": []}
        for name in ENVIRONMENTS}
    with tempfile.TemporaryDirectory() as folder:
        cwd = Path(folder)
        compile_sources()
        launch([str(LASTROUND)], ["New Race"], cwd, "")  # warm the file cache
        for _ in range(ROUNDS):
            for name, env in ENVIRONMENTS.items():
                compile_sources()  # as `dev.py run` does before each launch (cheap when done)
                one_round(cwd, env, runs[name])
    for name, figures in runs.items():
        print_figures(name, figures)


if __name__ == "__main__":
    main()
