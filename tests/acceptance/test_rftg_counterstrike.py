"""Xeno Counterstrike tables entered step by step as the app takes them, saved, and totalled
as `lastround score` totals them: every printed VP (Scorched-Earth Defense's -1 too) and every
new 6-cost development as the card pictures show them. No recorded game of the box was found,
so each player's total is worked by hand in tests/support/rftg_counterstrike_play.py, card by card.
The same files are told by the replay, the history, the Markdown export and BG Stats' play.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from lastround.games.rftg.game import GAME
from lastround.records.export import session_markdown
from lastround.records.history import record_from_data
from lastround.records.play_log import bgstats_play
from lastround.records.replay import drift, replay
from lastround.records.score_command import result_json, score_file
from lastround.session.files import read_session
from tests.support.rftg_counterstrike_play import (
    FIVE,
    FIVE_TOTALS,
    FOUR_TOTALS,
    five_answers,
    four_answers,
    saved,
)

LASTROUND = str(Path(sys.executable).with_name("lastround"))


def totals(path: Path) -> dict[str, int]:
    return {p["name"]: p["total"] for p in result_json(score_file(path))["players"]}


def test_a_four_player_game_with_the_box_alone_totals_as_worked(tmp_path: Path) -> None:
    path = saved(tmp_path / "xc.toml", four_answers())
    data = read_session(path)
    assert data["expansions"] == ["xeno-counterstrike"] and "counterstrike" not in data
    assert totals(path) == FOUR_TOTALS
    ada = result_json(score_file(path))["players"][0]
    assert ada["parts"] == {"tableau": 9, "chips": 8, "bonus": 7}  # -1 VP counted


def test_a_five_player_counterstrike_game_with_xeno_invasion_totals_as_worked(
        tmp_path: Path) -> None:
    path = saved(tmp_path / "cs.toml", five_answers())
    data = read_session(path)
    assert data["expansions"] == ["xeno-invasion", "xeno-counterstrike"]
    assert data["counterstrike"] is True and data["invasion"] is False
    assert [c["ends"] for c in data["end_checks"]] == [False, True]  # 25 cards end nothing
    assert totals(path) == FIVE_TOTALS
    parts = {p["name"]: p["parts"] for p in result_json(score_file(path))["players"]}
    assert {n: p["invasion awards"] for n, p in parts.items()} == {
        n: row[4] for n, row in FIVE.items()}


def test_lastround_score_json_on_the_command_line(tmp_path: Path) -> None:
    path = saved(tmp_path / "xc.toml", four_answers())
    done = subprocess.run([LASTROUND, "score", "--json", str(path)], capture_output=True,
                          text=True, check=True)
    assert {p["name"]: p["total"] for p in json.loads(done.stdout)["players"]} == FOUR_TOTALS
    text = subprocess.run([LASTROUND, "score", str(path)], capture_output=True, text=True,
                          check=True).stdout
    assert "Di" in text and "41" in text


def test_the_replay_reaches_the_same_totals_with_no_drift(tmp_path: Path) -> None:
    for answers, worked in ((four_answers(), FOUR_TOTALS), (five_answers(), FIVE_TOTALS)):
        data = read_session(saved(tmp_path / "game.toml", answers))
        moments = replay(data)
        assert not [m.problem for m in moments if m.problem]
        assert {s.name: s.after for s in moments[-1].standings} == worked
        assert drift(data, moments) == ""


def test_history_markdown_and_bg_stats_name_the_box(tmp_path: Path) -> None:
    data = read_session(saved(tmp_path / "cs.toml", five_answers()))
    record = record_from_data("cs.toml", data)
    assert record.edition == "2nd + Xeno Invasion, Xeno Counterstrike"
    text = session_markdown(record, GAME.score(data))
    assert "| Player | Tableau | Chips | Bonus | Invasion awards | Total | Place |" in text
    assert "counterstrike game" in text  # its awards said to be the table's own
    play = bgstats_play(data, "cs.toml")
    assert play["expansionPlays"] == [{"name": "Xeno Invasion", "bggId": 161599},
                                      {"name": "Xeno Counterstrike", "bggId": 394555}]
