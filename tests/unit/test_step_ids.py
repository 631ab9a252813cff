"""A file's log names only steps its game can ask, and a breakdown's winners have totals.

`GamePlugin.step_ids` lists every step a game's procedure may ever have: a step the game
never asks is refused on opening (`lastround score`, export, replay and the app refuse
what the app itself would never have written), and the list must cover every step the
procedure really builds, or a good file would be refused.
"""

from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Any

import pytest

from lastround.games import get_game, plugin_of
from lastround.games.base import RulesError
from lastround.games.checks import check_session, step_pattern

ROOT = Path(__file__).resolve().parents[2]
SESSION_FILES = sorted([*ROOT.glob("saves/examples/*.toml"),
                        *ROOT.glob("tests/acceptance/rftg_expansions/games/*.toml")])


def test_the_files_cover_both_games_and_the_expansions_steps() -> None:
    games = {tomllib.loads(f.read_text())["game"] for f in SESSION_FILES}
    assert games == {"rftg", "galileo"} and len(SESSION_FILES) > 30


@pytest.mark.parametrize("path", SESSION_FILES, ids=lambda p: p.name)
def test_every_step_the_procedure_builds_is_one_the_game_declares(path: Path) -> None:
    data = tomllib.loads(path.read_text())
    declared = step_pattern(plugin_of(data["game"]).step_ids)
    for step in get_game(data["game"]).procedure(data):
        assert declared.fullmatch(step.id), f"{step.id} is built but not in step_ids"
    check_session(data)  # and the file, as written, is accepted


@pytest.mark.parametrize("step", ["tableau", "tableau-", "tableau-a", "xtableau-0",
                                  "tableau-0-extra", "tableau-99999", "free-points"])
def test_a_step_the_game_never_asks_is_refused(step: str) -> None:
    """A log entry naming a step outside the game's procedure is what the app never writes."""
    data = tomllib.loads((ROOT / "saves/examples/rftg-4-players.toml").read_text())
    data["log"][3]["step"] = step
    with pytest.raises(RulesError, match="is not a step of Race for the Galaxy") as error:
        check_session(data)
    assert error.value.key == "log[3].step"


def test_a_step_numbered_for_another_seat_or_round_is_accepted() -> None:
    """Steps come and go with the answers (another round's end check, a seat's step saved
    part-way): any number the id's "#" stands for is a step. (A goals step kept in the log
    after its box was dropped: tests/unit/test_rftg_log_checks.py.)"""
    data = tomllib.loads((ROOT / "saves/examples/rftg-4-players.toml").read_text())
    final = next(i for i, e in enumerate(data["log"]) if e["step"] == "breakdown")
    data["log"][final:final] = [{"step": "tableau-3", "values": {}, "partial": True},
                                {"step": "end-check-7", "values": {}, "partial": True}]
    check_session(data)


def test_a_winner_must_have_a_total_beside_it() -> None:
    """The breakdown keeps the totals and winners as shown: a winner is one of those totalled."""
    data = tomllib.loads((ROOT / "saves/examples/rftg-4-players.toml").read_text())
    final = next(e for e in data["log"] if e["step"] == "breakdown")
    final["values"]["winners"] = ["Ghost"]
    with pytest.raises(RulesError, match="'Ghost' won but has no total"):
        check_session(data)
    final["values"]["winners"] = "Luis"
    with pytest.raises(RulesError, match="must be a list of names"):
        check_session(data)


def test_a_game_declaring_no_step_ids_is_held_to_its_procedure() -> None:
    """Without step_ids, a log step must be one of the procedure as it stands."""
    assert plugin_of("toy").step_ids == ()
    data: dict[str, Any] = {"format": 1, "game": "toy", "status": "in-progress",
            "players": [{"name": "A"}, {"name": "B"}],
            "log": [{"step": "setup", "values": {}}, {"step": "points-1", "values": {}}]}
    check_session(data)
    data["log"].append({"step": "points-2", "values": {}})  # no third seat
    with pytest.raises(RulesError, match="'points-2' is not a step of Toy"):
        check_session(data)
