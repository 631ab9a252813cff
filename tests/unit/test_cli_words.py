"""What `lastround score` and `lastround export` say in words (issue 15, items 28 and 30)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from lastround.cli import main
from lastround.session.files import backup_path, read_session, write_session
from tests.support import rftg_play
from tests.support.history_data import toy_data


def unfinished_toy(saves: Path) -> Path:
    """Ada and Bo seated, the round not yet finished; saved twice, so a .bak is kept."""
    path = saves / "ada.toml"
    data = toy_data("2026-10-01T20:00:00Z", {"Ada": 3, "Bo": 1}, finished=False)
    write_session(path, {**data, "log": data["log"][:0]})  # an earlier good save
    write_session(path, data)
    assert backup_path(path).is_file()
    return path


@pytest.mark.parametrize("command", ["score", "export"])
def test_an_unfinished_session_says_where_it_stands_not_damage(
    saves: Path, capsys: pytest.CaptureFixture[str], command: str,
) -> None:
    path = unfinished_toy(saves)
    assert main([command, str(path)]) == 2  # save-format.md: 2 for a file that can't be totalled
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err == (
        f"lastround: {path}: the game isn't finished yet: it stands at step "
        f"'Finish the round' (resume it with lastround resume {path})\n")


def test_an_unfinished_rftg_session_names_the_players_step(
    saves: Path, capsys: pytest.CaptureFixture[str],
) -> None:
    path = rftg_play.saved_session(saves, rftg_play.two_players((3, 2), (4, 0)),
                                   upto="counts-1")
    assert main(["score", str(path)]) == 2
    err = capsys.readouterr().err
    assert "it stands at step 'Bo: chips, hand and goods'" in err
    assert ".bak" not in err and "missing" not in err


def finished_tie(saves: Path, ada: tuple[int, int], bo: tuple[int, int]) -> Path:
    """Ada and Bo tied on 40 VP; the tie-break (cards in hand plus goods) as given."""
    path = rftg_play.saved_session(saves, rftg_play.two_players(ada, bo), upto="breakdown")
    data = read_session(path)
    data["status"] = "finished"
    write_session(path, data)
    return path


def test_a_tie_break_win_says_how_it_was_decided(
    saves: Path, capsys: pytest.CaptureFixture[str],
) -> None:
    """RftG rules: "ties are broken in favour of the player with the most cards in hand
    plus goods on worlds": the plain output says the tie-break decided, and how."""
    path = finished_tie(saves, (3, 2), (4, 0))
    assert main(["score", str(path)]) == 0
    out = capsys.readouterr().out
    assert "★ Ada wins on the tie-break" in out
    assert "Ada and Bo tie on 40 VP." in out
    assert "Ada 3 + 2 = 5, Bo 4 + 0 = 4" in out


def test_a_shared_win_says_the_tie_break_could_not_separate_them(
    saves: Path, capsys: pytest.CaptureFixture[str],
) -> None:
    path = finished_tie(saves, (3, 1), (4, 0))
    assert main(["score", str(path)]) == 0
    out = capsys.readouterr().out
    assert "★ Ada and Bo share the victory" in out
    assert "Still tied, so Ada and Bo share the victory." in out
    assert main(["score", "--json", str(path)]) == 0
    printed = json.loads(capsys.readouterr().out)
    assert list(printed) == ["game", "players", "winners", "decided_by"]
    assert printed["decided_by"] == "shared"
