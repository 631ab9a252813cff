"""A Race for the Galaxy session with expansions, kept and told: the save file round trip with
the expansion keys, `score --json` with each goal and the prestige as parts, the history and
exports naming the boxes, BG Stats' play with its expansions."""

from __future__ import annotations

import json
from pathlib import Path

from lastround.games.rftg.game import GAME
from lastround.records.export import session_markdown
from lastround.records.history import record_from_data
from lastround.records.play_log import bgstats_play
from lastround.records.score_command import result_json, result_text
from lastround.session.files import read_session, write_session
from tests.support.rftg_boxes_play import brink_of_war

FIRST_ARC = ["gathering-storm", "rebel-vs-imperium", "brink-of-war"]


def test_the_expansion_keys_are_saved_and_read_back_as_the_contract_names_them(
        tmp_path: Path) -> None:
    data = brink_of_war().data
    path = tmp_path / "bow.toml"
    write_session(path, data)
    read = read_session(path)
    assert read["expansions"] == FIRST_ARC
    assert read["goals"] == ["Galactic Standard of Living", "Budget Surplus",
                             "Galactic Riches", "Galactic Standing", "Greatest Military",
                             "Galactic Prestige"]
    ada = read["players"][0]
    assert ada["goals"] == ["Galactic Standard of Living", "Galactic Standing",
                            "Greatest Military"]
    assert (ada["goals_tied"], ada["prestige"]) == (["Galactic Prestige"], 15)
    assert read["end_checks"][0]["most_prestige"] == 15 and read["end_checks"][0]["ends"]
    assert GAME.score(read) == GAME.score(data)


def test_score_json_gives_each_goal_and_the_prestige_as_parts() -> None:
    result = GAME.score(brink_of_war().data)
    ada = result_json(result)["players"][0]
    assert ada["parts"]["goals: Greatest Military"] == 5
    assert ada["parts"]["goals: Galactic Prestige"] == 3  # tied, without the tile
    assert ada["parts"]["prestige"] == 15
    assert sum(ada["parts"].values()) == ada["total"] == 56
    assert json.loads(json.dumps(result_json(result))) == result_json(result)
    assert "Goals" in result_text(result).splitlines()[2]


def test_history_and_markdown_name_the_boxes() -> None:
    data = brink_of_war().data
    record = record_from_data("bow.toml", data)
    assert record.edition == "2nd + The Gathering Storm, Rebel vs Imperium, The Brink of War"
    text = session_markdown(record, GAME.score(data))
    assert "Edition: 2nd + The Gathering Storm" in text
    assert "| Player | Tableau | Chips | Bonus | Goals | Prestige | Total | Place |" in text


def test_bg_stats_gets_each_expansion_with_its_boardgamegeek_id() -> None:
    play = bgstats_play(brink_of_war().data, "bow.toml")
    assert play["expansionPlays"] == [{"name": "The Gathering Storm", "bggId": 34499},
                                      {"name": "Rebel vs Imperium", "bggId": 42215},
                                      {"name": "The Brink of War"}]
    assert "With The Gathering Storm, Rebel vs Imperium, The Brink of War." in play["comments"]
