"""The command line's shape."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from tui.cli import parser

ROOT = Path(__file__).resolve().parents[2]


def test_score_takes_a_file_and_json() -> None:
    args = parser().parse_args(["score", "x.toml", "--json"])
    assert args.command == "score" and args.json and args.file == Path("x.toml")


def test_saves_option_comes_before_the_command() -> None:
    args = parser().parse_args(["--saves", "elsewhere", "new", "galileo"])
    assert args.saves == "elsewhere" and args.game == "galileo"


def test_python_dash_m_tui_runs_the_command() -> None:
    done = subprocess.run([sys.executable, "-m", "tui", "--help"], capture_output=True, text=True,
                          cwd=ROOT, timeout=60)
    assert done.returncode == 0 and "usage: lastround" in done.stdout
