"""Start-up (issue 19): the home's first frame lists the saves folder once, the interface loads
with the garbage collector paused, and `dev.py` byte-compiles the project's own modules."""

from __future__ import annotations

import os
import time
from collections.abc import Callable
from pathlib import Path

import pytest
from textual.pilot import Pilot

from lastround.screens.home import HomeScreen
from tests.support.fresh_python import ROOT, python_output
from tests.support.helpers import make_test_app


async def until(pilot: Pilot[None], check: Callable[[], bool], seconds: float = 20) -> None:
    deadline = time.monotonic() + seconds
    while not check():
        assert time.monotonic() < deadline, "never happened"
        await pilot.pause(0.02)


async def test_the_home_lists_the_folder_once_at_start_and_again_when_shown_again(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
) -> None:
    listings: list[HomeScreen] = []
    refresh = HomeScreen.refresh_sessions

    def counted(screen: HomeScreen) -> None:
        listings.append(screen)
        refresh(screen)

    monkeypatch.setattr(HomeScreen, "refresh_sessions", counted)
    app = make_test_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, HomeScreen) and bool(listings))
        await pilot.pause(0.1)
        assert len(listings) == 1, "the first frame reads each listed file once"
        await pilot.press("h")  # history, then back: a session may have changed meanwhile
        await until(pilot, lambda: not isinstance(app.screen, HomeScreen))
        await pilot.press("escape")
        await until(pilot, lambda: isinstance(app.screen, HomeScreen) and len(listings) == 2)


def test_the_interface_loads_with_the_collector_paused_then_frozen() -> None:
    script = ("import gc\nfrom lastround import cli\n"
              "with cli.loading():\n"
              "    paused = not gc.isenabled()\n"
              "    import lastround.app\n"
              "print(paused, gc.isenabled(), gc.get_freeze_count() > 10_000)\n")
    assert python_output(script).split() == ["True", "True", "True"]


def test_dev_py_byte_compiles_a_changed_module_of_the_project(tmp_path: Path) -> None:
    """Where PYTHONDONTWRITEBYTECODE is set, Python writes no .pyc: dev.py does, before each
    run, for what changed (the packages are compiled by `uv sync --compile-bytecode`)."""
    (tmp_path / "tui").mkdir()
    (tmp_path / "screens").mkdir()
    source = tmp_path / "tui" / "module.py"
    source.write_text("VALUE = 1\n")
    script = ("import sys\nfrom pathlib import Path\nimport dev\n"
              f"dev.ROOT = Path({str(tmp_path)!r})\n"
              f"dev.VENV = Path({str(ROOT / '.venv')!r})\n"
              "dev.compile_sources()\n"
              "print(dev.venv_cache_tag() == sys.implementation.cache_tag)\n")
    assert python_output(script).split() == ["True"]
    compiled = next((tmp_path / "tui" / "__pycache__").glob("module.*.pyc"))
    first = compiled.read_bytes()
    python_output(script)
    assert compiled.read_bytes() == first, "an up-to-date module is left as it is"
    source.write_text("VALUE = 2\n")
    later = source.stat().st_mtime + 10  # compileall compares whole seconds
    os.utime(source, (later, later))
    python_output(script)
    assert compiled.read_bytes() != first


def test_what_the_home_shows_first_loads_no_json_toml_reader_or_statistics() -> None:
    """About 4 ms of the home's first frame (1.11 → 1.09 the bare app's start-up): they load
    once a session is read or a draft written, or with the warm-up after the first frame."""
    script = ("import sys\nimport lastround.app, lastround.screens.home\n"
              "print(*[m for m in ('json', 'tomllib', 'statistics') if m in sys.modules])\n"
              "from lastround.shell.warm_up import WARM_UP_MODULES\n"
              "print(*[m for m in ('json', 'tomllib') if m in WARM_UP_MODULES])\n")
    assert python_output(script).splitlines() == ["", "json tomllib"]


# A session's machinery, and the rules' types: loaded once a session is asked for, or by the
# warm-up after the first frame (issue 30: start-up within 1.10× the bare app's).
SESSION_MACHINERY = (
    "lastround.session.keeper", "lastround.session.outcomes", "lastround.session.session",
    "lastround.session.locks",
    "lastround.session.files", "lastround.games.base", "lastround.records.history",
    "lastround.screens.step", "lastround.shell.ahead",
)

FIRST_FRAME = """
import sys, tempfile
from pathlib import Path
from textual.widgets import DataTable
import lastround.app
lastround.app.WARM_UP_AFTER = 3600  # what the first frame loads, not the warm-up
from lastround.screens.home import HomeScreen

app = lastround.app.make_app(Path(tempfile.mkdtemp()))

async def first_frame(pilot):
    while not (isinstance(app.screen, HomeScreen) and app.screen.query_one(DataTable).row_count
               and app.screen.query("FooterKey")):
        await pilot.pause(0.01)
    await pilot.pause()
    print(" ".join(sorted(m for m in sys.modules if m in MACHINERY)) or "-")
    app.exit()

app.run(headless=True, size=(80, 24), auto_pilot=first_frame)
"""


def test_the_homes_first_frame_loads_no_session_machinery() -> None:
    """About a twentieth of the start-up: the session keeper and its answers, locks and
    files, the rules' types, the step screens. The home lists the folder and draws its keys
    without them (so makes no keeper); the warm-up loads them once the home is drawn."""
    script = f"MACHINERY = {SESSION_MACHINERY!r}\n" + FIRST_FRAME
    assert python_output(script).splitlines() == ["-"]  # not even a keeper's module
    from lastround.shell.warm_up import WARM_UP_MODULES

    assert {"lastround.session.keeper", "lastround.shell.ahead"} <= set(WARM_UP_MODULES)
