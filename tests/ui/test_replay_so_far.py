"""Replay part-way: each player's points so far, before every player is counted (issue 15,
item 25). The replay reads them from the Game protocol's `so_far`: a game here gives it."""

from __future__ import annotations

import tomllib
from collections.abc import Iterator, Mapping
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from textual.pilot import Pilot
from textual.widgets import Static

from lastround.games import GAME_PACKAGES
from lastround.games.base import PlayerScore
from lastround.records.replay import replay
from lastround.screens.replay import ReplayScreen
from lastround.session.files import write_session
from lastround.session.session import Session
from tests.support.galileo_play import shown_text
from tests.support.helpers import FIXED_TIME, GALILEO_EXAMPLE, make_test_app
from tests.support.rftg_play import EXAMPLE, saved_session
from tests.support.toy_game import ToyGame
from tests.support.toy_unlisted import PLUGIN as TOY


class CountedGame(ToyGame):
    """The toy game, telling each player's points from the parts entered so far."""

    id = "counted"

    def so_far(self, data: Mapping[str, Any]) -> tuple[PlayerScore, ...]:
        scores = []
        for player in data.get("players", []):
            parts = {}
            if "points" in player:
                parts["points"] = player["points"]
            if "bonus" in player:
                parts["bonus"] = 5 if player["bonus"] else 0
            scores.append(PlayerScore(player["name"], parts))
        return tuple(scores)


GAME = CountedGame()
PLUGIN = replace(TOY, id="counted", title="Counted", game=f"{__name__}:GAME")


@pytest.fixture(autouse=True)
def counted_game() -> Iterator[None]:
    GAME_PACKAGES.append(__name__)
    yield
    GAME_PACKAGES.remove(__name__)


def half_counted(saves: Path) -> Path:
    """Ada counted (12 points, the bonus card), Bo not yet."""
    session = Session.new("counted", seed=1, created=FIXED_TIME)
    session.confirm(session.steps()[0], {"players": ["Ada", "Bo"], "colour": "red"},
                    at=FIXED_TIME)
    session.confirm(session.steps()[1], {}, at=FIXED_TIME)
    session.confirm(session.steps()[2], {"points": 12, "coins": 1, "bonus": True},
                    at=FIXED_TIME)
    session.path = saves / "half.toml"
    write_session(session.path, session.data)
    return session.path


def test_the_replay_gives_each_players_points_so_far() -> None:
    session = Session.new("counted", seed=1, created=FIXED_TIME)
    session.confirm(session.steps()[0], {"players": ["Ada", "Bo"], "colour": "red"})
    session.confirm(session.steps()[1], {})
    session.confirm(session.steps()[2], {"points": 12, "coins": 1, "bonus": True})
    session.confirm(session.steps()[3], {"points": 20, "coins": 0, "bonus": False})
    ada_counted, bo_counted = replay(session.data)[2:]
    assert [(s.name, s.shown_before, s.shown_after, s.counted)
            for s in ada_counted.standings] == [("Ada", None, 17, False),
                                                ("Bo", None, None, False)]
    assert [(s.name, s.shown_before, s.shown_after, s.change, s.counted)
            for s in bo_counted.standings] == [("Ada", 17, 17, 0, True),
                                               ("Bo", None, 20, 20, True)]


async def test_a_replay_part_way_shows_what_each_player_has_so_far(saves: Path) -> None:
    path = half_counted(saves)
    app = make_test_app(saves, command="replay", file=path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, ReplayScreen)
        await last_entry(pilot)
        page = " ".join(shown_text(app.screen.query_one("#replay-page", Static)).split())
        assert "Ada — 17 +17 so far (points, bonus)" in page
        assert "Bo — — nothing entered yet" in page
        assert "not yet scorable" not in page
        assert "the totals show once every player is counted" in page


async def test_a_race_for_the_galaxy_replay_part_way(saves: Path) -> None:
    """Maya is counted (17 printed VP, 15 Mining League bonus, then 14 chips), nobody else."""
    path = saved_session(saves, EXAMPLE, upto="tableau-1")
    app = make_test_app(saves, command="replay", file=path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await last_entry(pilot)
        page = " ".join(shown_text(app.screen.query_one("#replay-page", Static)).split())
        assert "Maya 32 46 +14 so far (tableau, chips, bonus)" in page
        assert all(f"{name} — — nothing entered yet" in page
                   for name in ("Jonas", "Priya", "Luis"))


def test_a_galileo_replay_part_way_and_once_every_player_is_counted() -> None:
    moments = replay(tomllib.loads(GALILEO_EXAMPLE))
    marta_scored = next(m for m in moments if m.step_id == "scores-0")
    assert [(s.shown_after, s.counted) for s in marta_scored.standings] == [
        (104, False), (None, False), (None, False), (None, False)]
    last_scored = next(m for m in moments if m.step_id == "scores-3")
    assert [(s.name, s.shown_before, s.shown_after) for s in last_scored.standings] == [
        ("Marta", 104, 104), ("Jonas", 97, 97), ("Priya", 119, 119), ("Luis", None, 91)]
    assert all(s.counted for s in last_scored.standings)


async def last_entry(pilot: Pilot[None]) -> None:
    """From the final scores (where a replay opens) back to the last log entry."""
    await pilot.press("left")
    await pilot.pause()
