"""Exports (tui/records/export.py) and `lastround export [FILE] [--csv] [--out PATH]`."""

from __future__ import annotations

import csv
import io
import subprocess
import sys
from pathlib import Path

import pytest

from tests.history_data import EXAMPLES, copy_examples, history_folder, toy_data, write_toy
from tui.cli import main, parser
from tui.records.export import (
    CSV_NAME,
    EXPORTS,
    export_session,
    export_sessions,
    markdown_cell,
    session_markdown,
    sessions_csv,
)
from tui.records.history import record_from_data
from tui.records.index import load_history

ROOT = Path(__file__).resolve().parents[2]


def csv_rows(text: str) -> list[dict[str, str]]:
    return list(csv.DictReader(io.StringIO(text)))


def test_markdown_is_a_table_of_players_parts_totals_and_the_winner() -> None:
    import tomllib

    data = tomllib.loads((EXAMPLES / "rftg-4-players.toml").read_text("utf-8"))
    text = session_markdown(record_from_data("rftg-4-players.toml", data), ["A note."])
    lines = text.splitlines()
    assert lines[0] == "**Race for the Galaxy**, 2026-11-27 21:52 UTC"
    assert lines[2:8] == [
        "| Player | Tableau | Chips | Bonus | Total | Place |",
        "| --- | ---: | ---: | ---: | ---: | ---: |",
        "| Maya | 17 | 14 | 15 | 46 | 3 |",
        "| Jonas | 14 | 15 | 23 | 52 | 2 |",
        "| Priya | 20 | 8 | 11 | 39 | 4 |",
        "| Luis ★ | 16 | 12 | 25 | **53** | 1 |",
    ]
    assert lines[9] == "★ Luis wins" and lines[11] == "A note."


def test_markdown_keeps_a_name_with_table_characters_in_its_cell() -> None:
    assert markdown_cell("A|b*c_d") == "A\\|b\\*c\\_d"
    record = record_from_data("x.toml", toy_data("2026-10-01T20:00:00Z", {"A|B": 3, "Cy": 3}))
    text = session_markdown(record)
    assert "| A\\|B ★ | 3 | 0 | **3** | 1 |" in text
    assert "★ A\\|B and Cy share the victory" in text


def test_markdown_of_an_unfinished_session_is_refused() -> None:
    record = record_from_data("x.toml", toy_data("2026-10-01T20:00:00Z", {"Ada": 3, "Bo": 1},
                                                 finished=False))
    with pytest.raises(ValueError, match="not finished"):
        session_markdown(record)


def test_the_csv_has_one_row_per_player_per_finished_session(saves: Path) -> None:
    history_folder(saves)
    rows = csv_rows(sessions_csv(load_history(saves)))
    assert list(rows[0]) == ["file", "date", "game", "player", "seat", "tableau", "chips",
                             "bonus", "track", "university", "cellar", "tribunal", "points",
                             "total", "place", "winner"]
    assert [(r["file"], r["player"]) for r in rows[:3]] == [
        ("t1.toml", "Ada"), ("t1.toml", "Bo"), ("t2.toml", "Ada")]
    assert len(rows) == 2 + 3 + 2 + 4 + 4  # no unfinished t4, no broken file
    luis = next(r for r in rows if r["player"] == "Luis" and r["game"] == "rftg")
    assert luis == {"file": "rftg-4-players.toml", "date": "2026-11-27T21:52:00Z",
                    "game": "rftg", "player": "Luis", "seat": "4", "tableau": "16",
                    "chips": "12", "bonus": "25", "track": "", "university": "",
                    "cellar": "", "tribunal": "", "points": "", "total": "53", "place": "1",
                    "winner": "yes"}
    shared = [(r["player"], r["place"], r["winner"]) for r in rows if r["file"] == "t2.toml"]
    assert shared == [("Ada", "1", "yes"), ("Bo", "1", "yes"), ("Cy", "3", "no")]


def test_one_session_is_exported_as_the_command_prints_it(
    saves: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Replay's x and `lastround export FILE` write the same Markdown, notes included."""
    import tomllib

    rftg, _ = copy_examples(saves)
    target = export_session(saves, rftg.name, tomllib.loads(rftg.read_text("utf-8")))
    assert target == saves / EXPORTS / "rftg-4-players.md"
    assert main(["export", str(rftg)]) == 0
    assert target.read_text("utf-8") == capsys.readouterr().out


def test_an_unfinished_session_is_not_exported(saves: Path) -> None:
    data = toy_data("2026-10-01T20:00:00Z", {"Ada": 3, "Bo": 1}, finished=False)
    with pytest.raises(ValueError):
        export_session(saves, "x.toml", data)
    assert not (saves / EXPORTS).exists()


def test_every_finished_session_is_exported_as_the_command_prints_them(
    saves: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    history_folder(saves)
    target, written = export_sessions(saves, load_history(saves))
    assert target == saves / EXPORTS / CSV_NAME and len(written) == 5
    assert main(["--saves", str(saves), "export"]) == 0
    assert target.read_text("utf-8") == capsys.readouterr().out


# --- the command -----------------------------------------------------------------------------


def test_export_takes_an_optional_file_csv_and_out() -> None:
    args = parser().parse_args(["export"])
    assert args.command == "export" and args.file is None and not args.csv and args.out is None
    args = parser().parse_args(["export", "x.toml", "--csv", "--out", "o.csv"])
    assert args.file == Path("x.toml") and args.csv and args.out == Path("o.csv")
    assert parser().parse_args(["--saves", "s", "history"]).command == "history"


def test_export_file_prints_markdown(saves: Path, capsys: pytest.CaptureFixture[str]) -> None:
    rftg, _ = copy_examples(saves)
    before = rftg.read_bytes()
    assert main(["export", str(rftg)]) == 0
    out = capsys.readouterr().out
    assert "| Luis ★ | 16 | 12 | 25 | **53** | 1 |" in out
    assert rftg.read_bytes() == before


def test_export_file_csv_prints_its_rows(saves: Path, capsys: pytest.CaptureFixture[str]) -> None:
    _, galileo = copy_examples(saves)
    assert main(["export", str(galileo), "--csv"]) == 0
    rows = csv_rows(capsys.readouterr().out)
    assert [(r["player"], r["total"], r["winner"]) for r in rows] == [
        ("Marta", "104", "no"), ("Jonas", "97", "no"), ("Priya", "119", "yes"),
        ("Luis", "91", "no")]


def test_export_without_a_file_is_every_session_as_csv(
    saves: Path, capsys: pytest.CaptureFixture[str],
) -> None:
    history_folder(saves)
    assert main(["--saves", str(saves), "export"]) == 0
    captured = capsys.readouterr()
    assert len(csv_rows(captured.out)) == 15
    assert captured.err == "lastround: left out 1 unfinished and 1 unreadable sessions\n"


def test_export_out_writes_the_file_and_says_where(
    saves: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str],
) -> None:
    write_toy(saves, "t.toml", "2026-10-01T20:00:00Z", {"Ada": 3, "Bo": 1})
    out = tmp_path / "all.csv"
    assert main(["--saves", str(saves), "export", "--out", str(out)]) == 0
    captured = capsys.readouterr()
    assert captured.out == "" and captured.err == f"lastround: wrote {out}\n"
    assert [r["player"] for r in csv_rows(out.read_text("utf-8"))] == ["Ada", "Bo"]
    assert not list(tmp_path.glob(".*tmp")), "written atomically, nothing left behind"


@pytest.mark.parametrize("case", ["unfinished", "broken", "missing"])
def test_export_of_a_file_without_scores_is_one_line_and_status_2(
    saves: Path, capsys: pytest.CaptureFixture[str], case: str,
) -> None:
    path = saves / "x.toml"
    if case == "unfinished":
        write_toy(saves, "x.toml", "2026-10-01T20:00:00Z", {"Ada": 3, "Bo": 1}, finished=False)
    elif case == "broken":
        path.write_text("= nonsense")
    assert main(["export", str(path)]) == 2
    captured = capsys.readouterr()
    assert captured.out == "" and captured.err.startswith(f"lastround: {path}: ")
    assert captured.err.count("\n") == 1


def test_export_of_a_missing_saves_folder_is_status_2(
    tmp_path: Path, capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["--saves", str(tmp_path / "nowhere"), "export"]) == 2
    assert "no such saves folder" in capsys.readouterr().err


def test_export_imports_neither_textual_nor_tomlkit(saves: Path) -> None:
    rftg, _ = copy_examples(saves)
    code = (
        "import sys\n"
        "from tui.cli import main\n"
        f"main(['--saves', {str(saves)!r}, 'export'])\n"
        f"main(['export', {str(rftg)!r}])\n"
        "heavy = sorted(m for m in sys.modules if m.split('.')[0] in ('textual', 'tomlkit'))\n"
        "print(heavy, file=sys.stderr)\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          cwd=ROOT, timeout=60)
    assert done.returncode == 0 and done.stderr.strip().endswith("[]"), done.stderr
