"""Damaged files the open check lets through are walked in the app without a crash.

The in-process property test (test_mutations) shows what opening calls never fails; this
one drives the screens themselves on such files: resume, confirm step after step with what
is pre-filled, go home, open again and go back through every step.
"""

from __future__ import annotations

import asyncio
import tempfile
from pathlib import Path

from hypothesis import HealthCheck, given, settings

from lastround.session.safe_read import SaveError
from lastround.session.safekeeping import load_session
from tests.robust.test_mutations import damaged_files
from tests.support.helpers import make_test_app


def opens(damaged: tuple[str, bytes]) -> bool:
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "damaged.toml"
        path.write_bytes(damaged[1])
        try:
            load_session(path)
        except SaveError:
            return False
        return True


async def walk(saves: Path, path: Path) -> None:
    app = make_test_app(saves, command="resume", file=path)
    async with app.run_test(size=(80, 24)) as pilot:  # an exception in the app fails here
        await pilot.pause()
        for key in ["enter"] * 6 + ["ctrl+o", "enter"] + ["escape"] * 8:
            await pilot.press(key)
            await pilot.pause()
    assert app.return_code in (None, 0)


@settings(max_examples=12, deadline=None, database=None, derandomize=True,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])
@given(damaged_files().filter(opens))
def test_a_damaged_file_that_opens_is_shown_without_a_crash(damaged: tuple[str, bytes]) -> None:
    with tempfile.TemporaryDirectory() as folder:
        saves = Path(folder)
        path = saves / "damaged.toml"
        path.write_bytes(damaged[1])
        asyncio.run(walk(saves, path))
