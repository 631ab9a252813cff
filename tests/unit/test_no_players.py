"""The Game contract (tui/games/base.py): "Winners by total, then by each tie-break value in
order, else shared" needs somebody seated. A table with nobody at it is a rules error with
words (NoPlayers, a RulesError on the key `players`), which `lastround score` says in one
line; it was a bare ValueError ("max() arg is an empty sequence") that ended the command with
a traceback."""

from __future__ import annotations

from pathlib import Path

import pytest

from lastround.cli import main
from lastround.games.base import NoPlayers, PlayerScore, RulesError, rank_winners

# The toy game every test knows (tests/conftest.py): its score ranks with rank_winners.
NOBODY = """format = 1
game = "toy"
status = "{status}"
players = []
"""


def test_ranking_nobody_is_a_rules_error_naming_the_players() -> None:
    with pytest.raises(NoPlayers) as raised:
        rank_winners([])
    assert isinstance(raised.value, RulesError)
    assert raised.value.key == "players" and "nobody is seated" in raised.value.message


def test_ranking_one_player_still_names_them_the_winner() -> None:
    assert rank_winners([PlayerScore("Ada", {"points": 0})])[:2] == (("Ada",), "score")


@pytest.mark.parametrize("status", ["in-progress", "finished"])
def test_score_of_a_file_with_nobody_seated_is_one_line(
    tmp_path: Path, status: str, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "nobody.toml"
    path.write_text(NOBODY.format(status=status))
    assert main(["score", str(path)]) == 2
    said = capsys.readouterr()
    assert said.out == "" and said.err.count("\n") == 1 and "Traceback" not in said.err
    assert said.err.startswith(f"lastround: {path}: ")
    assert "max()" not in said.err
