"""Every key lands where it was typed, in a real terminal: both games' whole procedures sent as
one write, sent one key at a time while every core is kept busy, and sent as one write
through `ssh -tt`, each give the session file the slow Pilot run gives (timestamps and the
session's random seed aside).

The keys are those the Pilot helpers press for the same table, noted by a Recorder while
they run one key at a time (tests/support/type_ahead.py), and sent as the bytes a terminal sends.
"""

from __future__ import annotations

import asyncio
import copy
import functools
import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from lastround.screens.home import OWN_HEADING
from lastround.session.files import read_session
from tests.e2e.conftest import SshServer
from tests.e2e.play_keys import GALILEO_TABLE, RFTG_TABLE
from tests.e2e.tty import Terminal, Terminals
from tests.support import galileo_play, rftg_play
from tests.support.helpers import make_test_app, only_session
from tests.support.type_ahead import Recorder, terminal_text

pytestmark = pytest.mark.e2e

LASTROUND = str(Path(sys.executable).with_name("lastround"))
GAMES = ("rftg", "galileo")
NEW_GAME_KEY = {"rftg": "r", "galileo": "g"}


@functools.cache
def slow_run(game: str, folder: Path) -> tuple[list[str], dict[str, Any]]:
    """The keys of the whole end of game, from the home screen, and the file the slow Pilot
    run of them saved."""
    saves = folder / f"slow-{game}"
    saves.mkdir()

    async def play() -> list[str]:
        app = make_test_app(saves, command="new", game=game)
        async with app.run_test(size=(80, 24)) as pilot:
            recorder = Recorder(pilot)
            if game == "rftg":
                await rftg_play.play_to_breakdown(recorder, RFTG_TABLE)  # type: ignore[arg-type]
            else:
                await galileo_play.play_to_breakdown(
                    recorder, GALILEO_TABLE, galileo_play.THREE_PLAYER_TURNS)  # type: ignore[arg-type]
            await recorder.press("enter")  # the final scores: finished
        return [NEW_GAME_KEY[game], *recorder.keys]

    keys = asyncio.run(play())
    assert "escape" not in keys  # sent in a burst, a lone ESC would join the next key
    return keys, only_session(saves)


@pytest.fixture(scope="module")
def recordings(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("recorded")


def without_time_and_seed(data: dict[str, Any]) -> dict[str, Any]:
    """What must match between two sessions played with the same keys: everything but when
    (`created`, each entry's `at`) and the random seed (with the draw position it picks)."""
    data = copy.deepcopy(data)
    for key in ("created", "seed"):
        data.pop(key)
    for entry in data["log"]:
        entry.pop("at")
        for draw in entry.get("values", {}).get("draws", []):
            draw.pop("position")
    for draw in data.get("draws", []):
        draw.pop("position")
    return data


def saved_as_finished(saves: Path) -> bool:
    files = list(saves.glob("*.toml"))  # written whole, by rename: never read half written
    return len(files) == 1 and read_session(files[0])["status"] == "finished"


def finished_file(saves: Path) -> dict[str, Any]:
    files = sorted(saves.glob("*.toml"))
    assert len(files) == 1, files
    return read_session(files[0])


def play_and_compare(term: Terminal, saves: Path, game: str, recordings: Path,
                     send: str) -> None:
    keys, expected = slow_run(game, recordings)
    term.wait_for("New session")
    if send == "one write":
        term.tmux("send-keys", "-t", term.name, "-l", terminal_text(keys))
    else:  # one key at a time, as fast as tmux takes them
        for key in keys:
            term.tmux("send-keys", "-t", term.name, "-l", terminal_text([key]))
    # Back home with the winner listed, and the file saved as finished. The screen alone can
    # mislead: before the keys are taken, home lists the shipped examples (winners and all),
    # and a frame caught half drawn over ssh may not show the heading that says so yet.
    term.wait_until(lambda shown: "New session" in shown and "★" in shown
                    and OWN_HEADING in shown and saved_as_finished(saves),
                    "the finished session saved and listed")
    assert without_time_and_seed(finished_file(saves)) == without_time_and_seed(expected)


def start(terminals: Terminals, saves: Path, *prefix: str) -> Terminal:
    command = [*prefix, LASTROUND, "--saves", str(saves)]
    return terminals.start(command, env={"LASTROUND_CONFIG": str(saves.parent / "config.toml")})


@pytest.fixture
def busy_machine() -> Iterator[None]:
    """Every core kept busy by other processes, as on a shared CI machine."""
    spinners = [subprocess.Popen([sys.executable, "-c", "while True: pass"])
                for _ in range(os.cpu_count() or 2)]
    try:
        yield
    finally:
        for spinner in spinners:
            spinner.kill()
            spinner.wait()


@pytest.mark.parametrize("game", GAMES)
def test_a_whole_end_of_game_sent_as_one_write_saves_the_slow_runs_file(
    game: str, terminals: Terminals, tmp_path: Path, recordings: Path
) -> None:
    saves = tmp_path / "saves"
    play_and_compare(start(terminals, saves), saves, game, recordings, "one write")


@pytest.mark.parametrize("game", GAMES)
def test_one_key_at_a_time_on_a_busy_machine_saves_the_slow_runs_file(
    game: str, terminals: Terminals, tmp_path: Path, recordings: Path, busy_machine: None
) -> None:
    saves = tmp_path / "saves"
    play_and_compare(start(terminals, saves), saves, game, recordings, "one key at a time")


@pytest.mark.parametrize("game", GAMES)
def test_a_whole_end_of_game_sent_as_one_write_over_ssh_saves_the_slow_runs_file(
    game: str, ssh_server: SshServer, terminals: Terminals, tmp_path: Path, recordings: Path
) -> None:
    saves = tmp_path / "saves"
    remote = ["env", f"LASTROUND_CONFIG={tmp_path / 'config.toml'}", LASTROUND,
              "--saves", str(saves)]
    term = terminals.start(ssh_server.command(remote))
    play_and_compare(term, saves, game, recordings, "one write")
