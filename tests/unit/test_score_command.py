"""`lastround score FILE [--json]` as the save format specifies."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from lastround.records.score_command import main_score
from lastround.session.files import write_session
from lastround.session.session import Session

ROOT = Path(__file__).resolve().parents[2]


def finished_toy(saves: Path, a: int = 9, b: int = 4) -> Path:
    session = Session.new("toy", seed=1, created="c")
    steps = session.steps()
    session.confirm(steps[0], {"players": ["Ada", "Bo"], "colour": "red"})
    steps = session.steps()
    session.confirm(steps[2], {"points": a, "coins": 1, "bonus": True})
    session.confirm(steps[3], {"points": b, "coins": 2, "bonus": False})
    session.finish()
    path = saves / "toy.toml"
    write_session(path, session.data)
    return path


def test_json_output_has_the_contract_keys(saves: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = finished_toy(saves)
    before = path.read_bytes()
    assert main_score(path, as_json=True) == 0
    out = json.loads(capsys.readouterr().out)
    assert out == {
        "game": "toy",
        "players": [{"name": "Ada", "total": 14, "parts": {"points": 9, "bonus": 5}},
                    {"name": "Bo", "total": 4, "parts": {"points": 4, "bonus": 0}}],
        "winners": ["Ada"],
        "decided_by": "score",
    }
    assert path.read_bytes() == before, "score never changes the file"


def test_plain_output_is_a_table_with_the_winner(
    saves: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main_score(finished_toy(saves), as_json=False) == 0
    out = capsys.readouterr().out
    assert "Player  Points  Bonus  Total  Place" in out
    assert "Ada          9      5     14      1" in out
    assert "★ Ada wins" in out


def test_a_tie_broken_by_the_rule_says_so(saves: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = finished_toy(saves, a=4, b=9)
    path.write_text(path.read_text().replace("bonus = true", "bonus = false"))
    path.write_text(path.read_text().replace("points = 9", "points = 4"))
    assert main_score(path, as_json=True) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["winners"] == ["Bo"] and out["decided_by"] == "tiebreak"


def run_cli(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "lastround", *args], capture_output=True,
                          text=True, cwd=ROOT, timeout=60)


@pytest.mark.parametrize("content", ["", "format = 1\ngame = \n", 'format = 1\ngame = "rftg"\n'])
def test_a_broken_file_exits_2_with_one_line_and_no_traceback(tmp_path: Path, content: str) -> None:
    path = tmp_path / "broken.toml"
    path.write_text(content)
    done = run_cli("score", str(path))
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr.count("\n") == 1 and str(path) in done.stderr
    assert "Traceback" not in done.stderr
    assert path.read_text() == content


def test_a_missing_file_exits_2(tmp_path: Path) -> None:
    done = run_cli("score", str(tmp_path / "nowhere.toml"))
    assert done.returncode == 2 and "can't be read" in done.stderr


def test_scoring_imports_neither_textual_nor_tomlkit(tmp_path: Path) -> None:
    """The score command's path stays light: tomllib and the pure rules only."""
    path = tmp_path / "rftg.toml"
    path.write_text(
        'format = 1\ngame = "rftg"\nstatus = "finished"\n'
        '[[players]]\nname = "Ada"\ntableau = ["Old Earth", "Galactic Federation"]\n'
        "chips = 3\nhand = 1\ngoods = 0\n"
        '[[players]]\nname = "Bo"\ntableau_vp = 5\nbonus_vp = 0\nchips = 4\nhand = 0\ngoods = 0\n'
    )
    probe = (
        "import sys\nfrom lastround.cli import main\n"
        f"code = main(['score', {str(path)!r}, '--json'])\n"
        "heavy = sorted(m for m in sys.modules if m.split('.')[0] in ('textual', 'tomlkit'))\n"
        "print(code, heavy, file=sys.stderr)\n"
    )
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True,
                          cwd=ROOT, timeout=60)
    assert done.stderr.strip() == "0 []"
    assert json.loads(done.stdout)["winners"] == ["Bo"]
