"""A finished session as a play for BG Stats and BoardGameGeek (tui/records/play_log.py) and
`lastround export FILE --bgstats | --bgstats-link | --bgg`."""

from __future__ import annotations

import json
import subprocess
import sys
import tomllib
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, unquote, urlsplit
from xml.etree import ElementTree

import pytest

from lastround.cli import main, parser
from lastround.records.play_log import (
    LINK_START,
    bgg_play,
    bgstats_json,
    bgstats_link,
    bgstats_play,
    bgstats_scan_link,
    played_minutes,
)
from tests.support.history_data import EXAMPLES, copy_examples, toy_data, write_toy

ROOT = Path(__file__).resolve().parents[2]
GOLDEN = ROOT / "tests" / "golden"
FORMS = {"bgstats": "bgstats.json", "bgstats-link": "bgstats-link.txt", "bgg": "bgg.xml"}
EXAMPLE_NAMES = ("rftg-4-players", "galileo-4-players")


def example(name: str) -> dict[str, Any]:
    return tomllib.loads((EXAMPLES / f"{name}.toml").read_text("utf-8"))


def xml_players(text: str) -> list[dict[str, str]]:
    return [dict(p.attrib) for p in ElementTree.fromstring(text).iter("player")]


@pytest.mark.parametrize("form", FORMS)
@pytest.mark.parametrize("name", EXAMPLE_NAMES)
def test_the_command_prints_the_golden_file_of_each_example(
    saves: Path, capsys: pytest.CaptureFixture[str], name: str, form: str,
) -> None:
    copy_examples(saves)
    assert main(["export", str(saves / f"{name}.toml"), f"--{form}"]) == 0
    captured = capsys.readouterr()
    assert captured.out == (GOLDEN / f"{name}.{FORMS[form]}").read_text("utf-8")
    assert captured.err == ""


def test_the_bgstats_play_carries_the_fields_bg_stats_reads() -> None:
    play = bgstats_play(example("rftg-4-players"), "rftg-4-players.toml")
    assert list(play) == ["sourceName", "sourcePlayId", "playDate", "durationMin", "comments",
                          "game", "players"]
    assert play["sourcePlayId"] == "rftg-4-players.toml"
    assert play["playDate"] == "2026-11-27 21:52:00"  # `created`, UTC
    assert play["durationMin"] == 36  # 21:52 to the breakdown at 22:28
    assert play["game"] == {"name": "Race for the Galaxy", "sourceGameId": "rftg",
                            "bggId": 28143, "highestWins": True, "noPoints": False}
    assert [(p["name"], p["score"], p["winner"], p["rank"]) for p in play["players"]] == [
        ("Maya", 46, False, 3), ("Jonas", 52, False, 2), ("Priya", 39, False, 4),
        ("Luis", 53, True, 1)]
    # Race's phases are chosen by every player at once: nobody starts, as BG Stats is told.
    assert [p["startPlayer"] for p in play["players"]] == [False, False, False, False]


def test_galileo_marks_its_first_player_and_the_turn_order_and_has_no_bgg_id() -> None:
    data = example("galileo-4-players")
    play = bgstats_play(data, "g.toml")
    assert "bggId" not in play["game"]
    assert [p["startPlayer"] for p in play["players"]] == [True, False, False, False]
    data["first_player"] = 2
    assert [p["startPlayer"] for p in bgstats_play(data, "g.toml")["players"]] == [
        False, False, True, False]
    assert [p["startposition"] for p in xml_players(bgg_play(data, "g.toml"))] == [
        "3", "4", "1", "2"], "the turn order, clockwise from the first player"


def test_a_shared_win_marks_every_winner_and_shares_the_first_place() -> None:
    data = toy_data("2026-10-08T20:00:00Z", {"Ada": 25, "Bo": 25, "Cy": 10})
    players = bgstats_play(data, "t.toml")["players"]
    assert [(p["name"], p["winner"], p["rank"]) for p in players] == [
        ("Ada", True, 1), ("Bo", True, 1), ("Cy", False, 3)]
    assert [p["win"] for p in xml_players(bgg_play(data, "t.toml"))] == ["1", "1", "0"]
    assert bgstats_play(data, "t.toml")["comments"] == "Ada and Bo share the victory."
    assert all("startPlayer" not in p for p in players), "who started is not known"


def test_equal_totals_are_ranked_by_the_tie_break() -> None:
    data = toy_data("2026-10-08T20:00:00Z", {"Ada": 25, "Bo": 25, "Cy": 10},
                    coins={"Ada": 1, "Bo": 3})
    players = bgstats_play(data, "t.toml")["players"]
    assert [(p["name"], p["winner"], p["rank"]) for p in players] == [
        ("Ada", False, 2), ("Bo", True, 1), ("Cy", False, 3)]
    assert [p["win"] for p in xml_players(bgg_play(data, "t.toml"))] == ["0", "1", "0"]


def test_the_link_decodes_back_to_the_json() -> None:
    data = toy_data("2026-10-08T20:00:00Z", {"Zoë & Ann+1": 7, "O'Brien %20 #x": 3})
    link = bgstats_link(data, "a b.toml")
    assert link.startswith(LINK_START)
    assert unquote(link.removeprefix(LINK_START)) == bgstats_json(data, "a b.toml")
    query = parse_qs(urlsplit(link).query)  # as a web page reads its query: '+' is a space
    assert query == {"data": [bgstats_json(data, "a b.toml")]}
    assert [p["name"] for p in json.loads(query["data"][0])["players"]] == [
        "Zoë & Ann+1", "O'Brien %20 #x"]
    assert " " not in link and "&" not in link.removeprefix(LINK_START)


def test_the_scan_link_carries_what_bg_stats_needs_and_no_more() -> None:
    data = example("rftg-4-players")
    link = bgstats_scan_link(data, "rftg-4-players.toml")
    play = json.loads(parse_qs(urlsplit(link).query)["data"][0])
    assert play == {
        "sourceName": "Last Round", "sourcePlayId": "rftg-4-players.toml",
        "playDate": "2026-11-27 21:52:00",
        "game": {"name": "Race for the Galaxy", "sourceGameId": "rftg", "bggId": 28143},
        "players": [{"name": name, "sourcePlayerId": name, "score": score,
                     "winner": name == "Luis", "startPlayer": False}
                    for name, score in (("Maya", 46), ("Jonas", 52), ("Priya", 39),
                                        ("Luis", 53))]}
    assert len(link) == 782 < len(bgstats_link(data, "rftg-4-players.toml")) == 1092


def test_the_scan_link_keeps_the_expansions_and_galileos_first_player() -> None:
    data = example("rftg-4-players")
    data["expansions"] = ["gathering-storm"]
    play = json.loads(unquote(bgstats_scan_link(data, "r.toml").removeprefix(LINK_START)))
    assert play["expansionPlays"] == [{"name": "The Gathering Storm", "bggId": 34499}]
    galileo = bgstats_scan_link(example("galileo-4-players"), "g.toml")
    players = json.loads(unquote(galileo.removeprefix(LINK_START)))["players"]
    assert [p["startPlayer"] for p in players] == [True, False, False, False]


def test_the_scan_link_leaves_colons_and_commas_as_they_are_and_decodes_back() -> None:
    """A query may hold `:` and `,` as they are (RFC 3986); every reader leaves them so."""
    data = toy_data("2026-10-08T20:00:00Z", {"Zoë & Ann+1": 7, "O'Brien %20 #x": 3, "a:b,c": 1})
    link = bgstats_scan_link(data, "a b.toml")
    data_part = link.removeprefix(LINK_START)
    assert ":" in data_part and "," in data_part and "%3A" not in data_part
    for unsafe in " &+#\"{}[]=?":
        assert unsafe not in data_part, unsafe
    query = parse_qs(urlsplit(link).query)
    assert json.loads(unquote(data_part)) == json.loads(query["data"][0])
    assert [p["name"] for p in json.loads(query["data"][0])["players"]] == [
        "Zoë & Ann+1", "O'Brien %20 #x", "a:b,c"]


def test_the_length_leaves_out_corrections_and_unknown_times() -> None:
    data = example("rftg-4-players")
    data["log"].append({"step": "counts-0", "at": "2026-11-29T10:00:00Z", "values": {},
                        "correction": True, "old": {}})
    assert played_minutes(data) == 36
    data["log"][-2]["at"] = "2026-11-27T22:28:59Z"  # whole minutes, rounded down
    assert played_minutes(data) == 36
    data["created"] = "2026-11-27T21:52:00"  # no zone: UTC, as the app writes every time
    assert played_minutes(data) == 36
    del data["created"]
    assert played_minutes(data) is None
    play = bgstats_play(data, "r.toml")
    assert "playDate" not in play and "durationMin" not in play
    attributes = ElementTree.fromstring(bgg_play(data, "r.toml")).find("play")
    assert attributes is not None and attributes.get("date") == "" and attributes.get(
        "length") == "0"


def test_the_bgg_record_is_a_bgg_play_export() -> None:
    root = ElementTree.fromstring(bgg_play(example("rftg-4-players"), "r.toml"))
    play = root.find("play")
    assert root.tag == "plays" and play is not None
    assert (play.get("date"), play.get("length"), play.get("quantity")) == (
        "2026-11-27", "36", "1")
    item = play.find("item")
    assert item is not None and (item.get("name"), item.get("objectid")) == (
        "Race for the Galaxy", "28143")
    assert xml_players(bgg_play(example("rftg-4-players"), "r.toml"))[3] == {
        "username": "", "userid": "0", "name": "Luis", "startposition": "", "color": "",
        "score": "53", "new": "0", "rating": "0", "win": "1"}
    assert play.findtext("comments") == "2nd edition. Luis wins. Last Round: r.toml"


def test_the_play_log_flags_exclude_each_other_and_csv(
    capsys: pytest.CaptureFixture[str],
) -> None:
    args = parser().parse_args(["export", "x.toml", "--bgstats-link", "--out", "o.txt"])
    assert args.play_log == "bgstats-link" and not args.csv and args.out == Path("o.txt")
    assert parser().parse_args(["export", "x.toml"]).play_log is None
    for pair in (["--csv", "--bgg"], ["--bgstats", "--bgstats-link"]):
        with pytest.raises(SystemExit) as leaving:
            parser().parse_args(["export", "x.toml", *pair])
        assert leaving.value.code == 2
    assert "not allowed with" in capsys.readouterr().err


@pytest.mark.parametrize("form", FORMS)
def test_a_play_log_needs_a_file(saves: Path, capsys: pytest.CaptureFixture[str],
                                 form: str) -> None:
    assert main(["--saves", str(saves), "export", f"--{form}"]) == 2
    assert capsys.readouterr().err == f"lastround: --{form} needs a session FILE\n"


def test_an_unfinished_session_has_no_play_to_log(
    saves: Path, capsys: pytest.CaptureFixture[str],
) -> None:
    path = write_toy(saves, "t.toml", "2026-10-01T20:00:00Z", {"Ada": 1, "Bo": 2},
                     finished=False)
    assert main(["export", str(path), "--bgstats"]) == 2
    captured = capsys.readouterr()
    assert captured.out == "" and captured.err.count("\n") == 1


def test_out_writes_the_play_log(saves: Path, tmp_path: Path,
                                 capsys: pytest.CaptureFixture[str]) -> None:
    copy_examples(saves)
    out = tmp_path / "play.xml"
    assert main(["--saves", str(saves), "export", str(saves / "galileo-4-players.toml"),
                 "--bgg", "--out", str(out)]) == 0
    assert out.read_text("utf-8") == (GOLDEN / "galileo-4-players.bgg.xml").read_text("utf-8")
    assert capsys.readouterr().err == f"lastround: wrote {out}\n"


def test_the_play_log_imports_neither_textual_nor_tomlkit() -> None:
    rftg = EXAMPLES / "rftg-4-players.toml"
    code = ("import sys, contextlib, io\nfrom lastround.cli import main\n"
            "with contextlib.redirect_stdout(io.StringIO()):\n"
            f"    for form in ('--bgstats', '--bgstats-link', '--bgg'):\n"
            f"        assert main(['export', {str(rftg)!r}, form]) == 0\n"
            "print(sorted(m for m in ('textual', 'tomlkit') if m in sys.modules))")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          cwd=ROOT, check=True)
    assert done.stdout.strip() == "[]"


def test_a_control_character_in_the_file_name_is_written_escaped() -> None:
    data = example("rftg-4-players")
    assert bgstats_play(data, "a\x1b]52;c;x\x07.toml")["sourcePlayId"] == (
        "a\\x1b]52;c;x\\x07.toml")
    comments = ElementTree.fromstring(bgg_play(data, "b\u202e.toml")).findtext(".//comments")
    assert comments is not None and comments.endswith("Last Round: b\\u202e.toml")


def test_a_tie_is_explained_in_the_comments_as_the_breakdown_explains_it() -> None:
    data = example("rftg-4-players")
    data["players"][1]["chips"] = 16  # Jonas 53, as Luis: 6 + 1 in hand and goods to 3 + 2
    play = bgstats_play(data, "r.toml")
    assert play["comments"] == (
        "2nd edition. Jonas and Luis tie on 53 VP. Tie-break: the most cards in hand (after "
        "the end-of-round discard) plus goods on worlds wins: Jonas 6 + 1 = 7, Luis 3 + 2 = 5. "
        "Jonas wins.")
    assert [(p["name"], p["winner"], p["rank"]) for p in play["players"]] == [
        ("Maya", False, 3), ("Jonas", True, 1), ("Priya", False, 4), ("Luis", False, 2)]
