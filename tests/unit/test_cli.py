"""The command line's shape."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from lastround.cli import parser, run_interface
from tests.support.fresh_python import python_output

ROOT = Path(__file__).resolve().parents[2]


def test_score_takes_a_file_and_json() -> None:
    args = parser().parse_args(["score", "x.toml", "--json"])
    assert args.command == "score" and args.json and args.file == Path("x.toml")


def test_saves_option_comes_before_the_command() -> None:
    args = parser().parse_args(["--saves", "elsewhere", "new", "galileo"])
    assert args.saves == "elsewhere" and args.game == "galileo"


def test_python_dash_m_tui_runs_the_command() -> None:
    done = subprocess.run([sys.executable, "-m", "lastround", "--help"], capture_output=True,
                          text=True, cwd=ROOT, timeout=60)
    assert done.returncode == 0 and "usage: lastround" in done.stdout


def test_the_plain_launch_opens_the_home_screen_without_building_the_parser() -> None:
    script = ("import sys\nfrom lastround import cli\n"
              "cli.run_app = lambda **options: print(sorted(options.items())) or 0\n"
              "cli.main([])\nprint('argparse' in sys.modules)\n")
    options, parser_loaded = python_output(script).splitlines()
    assert options == ("[('command', None), ('file', None), ('game', None), ('saves', None)]")
    assert parser_loaded == "False", "argparse is imported only when there are arguments"


def test_a_launch_with_options_gets_the_same_app_through_the_parser(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from lastround import cli

    launched: list[dict[str, object]] = []

    def run_app(**options: object) -> int:
        launched.append(options)
        return 0

    monkeypatch.setattr(cli, "run_app", run_app)
    assert cli.main(["--saves", "elsewhere"]) == 0
    assert launched == [{"saves": "elsewhere", "command": None, "game": None, "file": None}]


def test_what_is_loaded_before_the_app_runs_is_set_aside_from_the_garbage_collector() -> None:
    """Modules, classes and the app live as long as the process: the collector's full passes
    (which stop the app) never walk them again."""
    script = ("import gc\nimport lastround.app\nfrom lastround import cli\n"
              "class App:\n"
              "    return_code = 0\n"
              "    def run(self):\n"
              "        print(gc.get_freeze_count() > 10_000, "
              "gc.is_tracked(lastround.app.__dict__),\n"
              "              lastround.app.__dict__ not in gc.get_objects())\n"
              "lastround.app.make_app = lambda *args, **options: App()\n"
              "cli.terminal_missing = lambda: False\ncli.main([])\n")
    assert python_output(script).split() == ["True", "True", "True"]


def test_the_terminal_gets_each_frame_within_a_millisecond_of_the_writer_asking() -> None:
    """Textual's writer thread sends each frame while the app works on: with Python's default
    switch interval (5 ms) it waited up to that long, twice, for its turn (bench_keys)."""

    class Recording:
        return_code = 0
        interval = 0.0

        def run(self) -> None:
            self.interval = sys.getswitchinterval()

    app = Recording()
    before = sys.getswitchinterval()
    try:
        assert run_interface(app) == 0  # type: ignore[arg-type]
    finally:
        sys.setswitchinterval(before)
    assert app.interval <= 0.001


EXAMPLE = ROOT / "saves" / "examples" / "rftg-4-players.toml"


@pytest.mark.parametrize("command", [
    ["score", "rftg.toml"], ["score", "rftg.toml", "--json"], ["export", "rftg.toml"],
    ["export", "rftg.toml", "--bgstats"], ["--saves", ".", "export", "--csv"],
])
def test_output_into_a_closed_pipe_ends_quietly(command: list[str], tmp_path: Path) -> None:
    """`lastround score F | true`: the reader has gone before anything is written (its end of
    the pipe is closed before the command starts, so it is gone every time)."""
    (tmp_path / "rftg.toml").write_bytes(EXAMPLE.read_bytes())
    reader, writer = os.pipe()
    os.close(reader)
    try:
        done = subprocess.run([sys.executable, "-m", "lastround", *command], stdout=writer,
                              stderr=subprocess.PIPE, text=True, cwd=tmp_path, timeout=60,
                              env={**os.environ, "PYTHONPATH": str(ROOT)})
    finally:
        os.close(writer)
    assert done.stderr == "" and done.returncode == 141


def test_version_prints_the_installed_version(capsys: pytest.CaptureFixture[str]) -> None:
    from importlib.metadata import version

    with pytest.raises(SystemExit) as ended:
        parser().parse_args(["--version"])
    assert ended.value.code == 0
    assert capsys.readouterr().out.strip() == f"lastround {version('lastround')}"
