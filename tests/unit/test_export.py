"""Exports (tui/records/export.py) and `lastround export [FILE] [--csv] [--out PATH]`.

The shipped examples' exports in full: test_export_golden.py."""

from __future__ import annotations

import csv
import io
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from lastround.cli import main, parser
from lastround.games import get_game
from lastround.records.export import (
    CSV_NAME,
    EXPORTS,
    export_session,
    export_sessions,
    markdown_cell,
    session_markdown,
    sessions_csv,
)
from lastround.records.history import record_from_data
from lastround.records.index import INDEX_NAME, load_history
from lastround.records.session_record import SessionRecord
from tests.support.history_data import EXAMPLES, copy_examples, history_folder, toy_data, write_toy

ROOT = Path(__file__).resolve().parents[2]


def csv_rows(text: str) -> list[dict[str, str]]:
    return list(csv.DictReader(io.StringIO(text)))


def example(name: str, **changes: object) -> dict[str, Any]:
    import tomllib

    return tomllib.loads((EXAMPLES / name).read_text("utf-8")) | changes


def markdown_of(file: str, data: dict[str, Any], notes: tuple[str, ...] = ()) -> str:
    """The Markdown of a session, its record and its result made as the exports make them."""
    return session_markdown(record_from_data(file, data), get_game(data["game"]).score(data),
                            notes)


def record_of_toy(points: dict[str, int], coins: dict[str, int]) -> SessionRecord:
    return record_from_data("x.toml", toy_data("2026-10-01T20:00:00Z", points, coins=coins))


def test_markdown_is_the_edition_then_a_table_of_players_parts_totals_and_the_winner() -> None:
    text = markdown_of("rftg-4-players.toml", example("rftg-4-players.toml"), ("A note.",))
    lines = text.splitlines()
    assert lines[0] == "**Race for the Galaxy**, 2026-11-27 21:52 UTC"
    assert lines[2] == "Edition: 2nd"
    assert lines[4:10] == [
        "| Player | Tableau | Chips | Bonus | Total | Place |",
        "| --- | ---: | ---: | ---: | ---: | ---: |",
        "| Maya | 17 | 14 | 15 | 46 | 3 |",
        "| Jonas | 14 | 15 | 23 | 52 | 2 |",
        "| Priya | 20 | 8 | 11 | 39 | 4 |",
        "| Luis ★ | 16 | 12 | 25 | **53** | 1 |",
    ]
    assert lines[11] == "★ Luis wins" and lines[13] == "A note."
    assert lines[15] == "**Breakdown**"


def test_markdown_breaks_each_total_down_as_the_final_scores_screen_does() -> None:
    """Every line the rules give a player, in their order: the label, the signed points and
    how they were earned; the lines add up to the player's total."""
    data = example("galileo-4-players.toml")
    text = markdown_of("galileo-4-players.toml", data)
    result = get_game("galileo").score(data)
    breakdown = text.split("**Breakdown**\n", 1)[1]
    for player in result.players:
        heading = f"**{player.name}**, {player.total} points"
        rows = breakdown.split(heading + "\n\n", 1)[1].split("\n\n", 1)[0].splitlines()
        assert rows[:2] == ["| What | Points | How |", "| --- | ---: | --- |"]
        assert rows[2:] == [f"| {line.label} | {line.points:+d} | {line.detail} |"
                            for line in player.lines]
        assert sum(line.points for line in player.lines) == player.total
    assert "| Cellar space 2 (-4) | -4 | 1 × -4 = -4 |" in breakdown
    assert "Edition" not in text  # Galileo Galilei has one edition


def test_markdown_keeps_a_tie_and_a_correction_as_notes_above_the_breakdown() -> None:
    from lastround.records.export import finished_markdown

    data = example("rftg-4-players.toml")
    data["players"][1]["chips"] += 1  # Jonas 53, tied with Luis: 6 + 1 beats 3 + 2
    data["log"].append({"step": "counts-1", "at": "2026-11-27T22:40:00Z", "player": "Jonas",
                        "correction": True, "values": {"chips": 16, "hand": 6, "goods": 1},
                        "old": {"chips": 15, "hand": 6, "goods": 1}})
    result = get_game("rftg").score(data)
    text = finished_markdown(record_from_data("x.toml", data), data, result)
    after_winner = text.split("★ Jonas wins on the tie-break\n\n", 1)[1]
    notes, breakdown = after_winner.split("\n\n**Breakdown**\n\n", 1)
    assert notes.split("\n\n") == [
        *result.explanation,
        "✎ corrected after the game: Jonas: chips, hand and goods on 2026-11-27 22:40"]
    assert "Jonas 6 + 1 = 7" in notes and breakdown.startswith("**Maya**, 46 points\n")


def test_markdown_names_the_edition_the_card_values_come_from() -> None:
    first = example("rftg-4-players.toml", edition="1st")
    assert "\nEdition: 1st\n" in markdown_of("x.toml", first)
    unnamed = example("rftg-4-players.toml")
    del unnamed["edition"]
    assert "\nEdition: 2nd\n" in markdown_of("x.toml", unnamed)  # the rules' default


def test_markdown_leaves_an_empty_detail_cell_one_space_wide() -> None:
    text = markdown_of("rftg-4-players.toml", example("rftg-4-players.toml"))
    assert "| VP chips | +14 | |" in text


def test_markdown_keeps_a_name_with_table_characters_in_its_cell() -> None:
    assert markdown_cell("A|b*c_d") == "A\\|b\\*c\\_d"
    data = toy_data("2026-10-01T20:00:00Z", {"A|B": 3, "Cy": 3})
    text = markdown_of("x.toml", data)
    assert "| A\\|B ★ | 3 | 0 | **3** | 1 |" in text
    assert "★ A\\|B and Cy share the victory" in text
    assert "**A\\|B**, 3 points" in text


def test_markdown_shows_html_and_link_syntax_in_names_as_text() -> None:
    """A name is text: pasted into a chat or a wiki it must not become a tag or a link."""
    script, link = "<script>x</script>", "[x](javascript:go)"
    data = toy_data("2026-10-01T20:00:00Z", {script: 3, link: 2})
    text = markdown_of("x.toml", data)
    assert not re.search(r"(?<!\\)[<>\[\]]", text), "every < > [ ] is escaped"
    assert "| \\<script\\>x\\</script\\> ★ | 3 |" in text
    assert "**\\[x\\](javascript:go)**, 2 points" in text


def test_markdown_keeps_names_in_the_notes_as_text_too() -> None:
    data = toy_data("2026-10-01T20:00:00Z", {"<b>A": 3, "Bo": 3}, coins={"<b>A": 4})
    text = markdown_of("x.toml", data)  # the tie-break's lines, from the rules' result
    assert "<b>" not in text and "\\<b\\>A" in text, text


def test_markdown_of_an_unfinished_session_is_refused() -> None:
    data = toy_data("2026-10-01T20:00:00Z", {"Ada": 3, "Bo": 1}, finished=False)
    finished = toy_data("2026-10-01T20:00:00Z", {"Ada": 3, "Bo": 1})
    with pytest.raises(ValueError, match="not finished"):
        session_markdown(record_from_data("x.toml", data), get_game("toy").score(finished))


def test_the_csv_has_one_row_per_player_per_finished_session(saves: Path) -> None:
    history_folder(saves)
    rows = csv_rows(sessions_csv(load_history(saves)))
    assert list(rows[0]) == ["file", "date", "game", "player", "seat", "tableau", "chips",
                             "bonus", "track", "university", "cellar", "tribunal", "points",
                             "total", "place", "winner", "decided_by", "edition", "hand",
                             "goods", "tiebreak_hand_plus_goods", "tiebreak_dice",
                             "tiebreak_quadrants", "tiebreak_1"]
    assert [(r["file"], r["player"]) for r in rows[:3]] == [
        ("t1.toml", "Ada"), ("t1.toml", "Bo"), ("t2.toml", "Ada")]
    assert len(rows) == 2 + 3 + 2 + 4 + 4  # no unfinished t4, no broken file
    luis = next(r for r in rows if r["player"] == "Luis" and r["game"] == "rftg")
    assert luis == {"file": "rftg-4-players.toml", "date": "2026-11-27T21:52:00Z",
                    "game": "rftg", "player": "Luis", "seat": "4", "tableau": "16",
                    "chips": "12", "bonus": "25", "track": "", "university": "",
                    "cellar": "", "tribunal": "", "points": "", "total": "53", "place": "1",
                    "winner": "yes", "decided_by": "score", "edition": "2nd", "hand": "3",
                    "goods": "2", "tiebreak_hand_plus_goods": "5", "tiebreak_dice": "",
                    "tiebreak_quadrants": "", "tiebreak_1": ""}
    priya = next(r for r in rows if r["player"] == "Priya" and r["game"] == "galileo")
    assert (priya["tiebreak_dice"], priya["tiebreak_quadrants"], priya["edition"],
            priya["hand"]) == ("14", "0", "", "")
    shared = [(r["player"], r["place"], r["winner"]) for r in rows if r["file"] == "t2.toml"]
    assert shared == [("Ada", "1", "yes"), ("Bo", "1", "yes"), ("Cy", "3", "no")]


def test_csv_cells_a_spreadsheet_would_take_for_formulas_start_with_a_quote() -> None:
    """The OWASP way: a text cell starting with = + - @ is kept as text by a leading '."""
    names = {'=HYPERLINK("x")': 3, "+1": 2, "-Bo": 1, "@SUM(A1)": 0, "Ada": 5}
    rows = csv_rows(sessions_csv([record_of_toy(names, {})]))
    assert [r["player"] for r in rows] == [
        "'=HYPERLINK(\"x\")", "'+1", "'-Bo", "'@SUM(A1)", "Ada"]


def test_the_csv_columns_are_only_those_of_the_games_exported() -> None:
    """A game's parts and own columns appear once a session of it is exported."""
    rows = csv_rows(sessions_csv([record_of_toy({"Ada": 3, "Bo": 1}, {})]))
    assert list(rows[0]) == ["file", "date", "game", "player", "seat", "points", "bonus",
                             "total", "place", "winner", "decided_by", "tiebreak_1"]


@pytest.mark.parametrize(("coins", "decided_by", "winners", "places"), [
    ({"Ada": 2, "Bo": 5}, "tiebreak", ["no", "yes"], ["2", "1"]),
    ({"Ada": 4, "Bo": 4}, "shared", ["yes", "yes"], ["1", "1"]),
])
def test_the_csv_says_what_decided_a_tie_and_the_values_that_did(
    coins: dict[str, int], decided_by: str, winners: list[str], places: list[str],
) -> None:
    rows = csv_rows(sessions_csv([record_of_toy({"Ada": 9, "Bo": 9}, coins)]))
    assert [r["decided_by"] for r in rows] == [decided_by] * 2
    assert [r["tiebreak_1"] for r in rows] == [str(coins["Ada"]), str(coins["Bo"])]
    assert [r["winner"] for r in rows] == winners and [r["place"] for r in rows] == places


def test_the_csv_of_a_race_for_the_galaxy_tie_has_hand_goods_and_their_sum() -> None:
    data = example("rftg-4-players.toml")
    data["players"][1]["chips"] += 1  # Jonas 53, tied with Luis: 6 + 1 beats 3 + 2
    rows = csv_rows(sessions_csv([record_from_data("tie.toml", data)]))
    tied = [(r["player"], r["hand"], r["goods"], r["tiebreak_hand_plus_goods"], r["winner"])
            for r in rows if r["total"] == "53"]
    assert tied == [("Jonas", "6", "1", "7", "yes"), ("Luis", "3", "2", "5", "no")]
    assert {r["decided_by"] for r in rows} == {"tiebreak"}


def test_the_csv_names_the_edition_a_race_for_the_galaxy_session_scored_with() -> None:
    first = record_from_data("a.toml", example("rftg-4-players.toml", edition="1st"))
    unnamed = example("rftg-4-players.toml", created="2026-11-28T21:52:00Z")
    del unnamed["edition"]
    rows = csv_rows(sessions_csv([first, record_from_data("b.toml", unnamed)]))
    assert [r["edition"] for r in rows] == ["1st"] * 4 + ["2nd"] * 4


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


def test_export_csv_writes_nothing_beside_the_sessions(
    saves: Path, capsys: pytest.CaptureFixture[str],
) -> None:
    """`lastround export --csv` only reads the saves folder: no index appears in it, and an
    index already there is used as it is, left unchanged."""
    history_folder(saves)
    before = {path.name: path.stat().st_mtime_ns for path in saves.iterdir()}
    assert main(["--saves", str(saves), "export", "--csv"]) == 0
    assert {path.name: path.stat().st_mtime_ns for path in saves.iterdir()} == before
    first = capsys.readouterr().out
    load_history(saves)  # the home list and history keep the index
    kept = {path.name: path.stat().st_mtime_ns for path in saves.iterdir()}
    assert INDEX_NAME in kept
    assert main(["--saves", str(saves), "export", "--csv"]) == 0
    assert {path.name: path.stat().st_mtime_ns for path in saves.iterdir()} == kept
    assert capsys.readouterr().out == first


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
        "from lastround.cli import main\n"
        f"main(['--saves', {str(saves)!r}, 'export'])\n"
        f"main(['export', {str(rftg)!r}])\n"
        "heavy = sorted(m for m in sys.modules if m.split('.')[0] in ('textual', 'tomlkit'))\n"
        "print(heavy, file=sys.stderr)\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          cwd=ROOT, timeout=60)
    assert done.returncode == 0 and done.stderr.strip().endswith("[]"), done.stderr


def test_a_galileo_breakdown_writes_every_minus_sign_alike() -> None:
    """The points said -4 while the details beside them said −4: one minus sign, as typed."""
    text = markdown_of("galileo-4-players.toml", example("galileo-4-players.toml"))
    assert "−" not in text and "1 × -4 = -4" in text
