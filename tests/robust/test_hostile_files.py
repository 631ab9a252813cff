"""Broken and hostile session files: one clear line naming the file and the key, never a
traceback, the file untouched, and the rest of the saves folder still usable.

Every case meets `lastround score`, resume and replay (open_file) and the home list.
"""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest
from textual.widgets import DataTable

from lastround.cli import main
from lastround.records.index import INDEX_NAME
from lastround.records.listing import list_sessions
from lastround.screens.home import HomeScreen
from lastround.screens.step import StepScreen
from lastround.session.safe_read import SaveError
from lastround.session.safekeeping import load_session
from tests.robust.support import notices
from tests.support import galileo_play, rftg_play
from tests.support.helpers import GALILEO_EXAMPLE, RFTG_EXAMPLE, make_test_app

ROOT = Path(__file__).resolve().parents[2]
RFTG = RFTG_EXAMPLE
GALILEO = GALILEO_EXAMPLE


def edit(text: str, old: str, new: str) -> bytes:
    assert old in text, old
    return text.replace(old, new, 1).encode()


# Each case: the file's bytes and what the one line must say (beyond the file's name).
HOSTILE: dict[str, tuple[bytes, tuple[str, ...]]] = {
    "empty": (b"", ("format: missing",)),
    "binary": (bytes(range(256)) * 4, ("not a text file",)),
    "not TOML": (b"Maya 41, Jonas 38\n", ("not valid TOML", "line 1")),
    "NUL in a name": (edit(RFTG, 'name = "Maya"', 'name = "Ma\x00ya"'),
                      ("not valid TOML", "line 9")),
    "duplicate key": (edit(RFTG, "chips = 14\n", "chips = 14\nchips = 15\n"),
                      ("not valid TOML", "line 12")),
    "cut short": (RFTG.encode()[: len(RFTG) // 3], ("not valid TOML",)),
    "newer format": (edit(RFTG, "format = 1", "format = 2"), ("format: 2 is newer",)),
    "format as text": (edit(RFTG, "format = 1", 'format = "1"'), ("format: missing or not",)),
    "unknown game": (edit(RFTG, 'game = "rftg"', 'game = "chess"'),
                     ("game: 'chess' is not a known game",)),
    "game as a list": (edit(RFTG, 'game = "rftg"', 'game = ["rftg"]'), ("game: ['rftg']",)),
    "unknown status": (edit(RFTG, 'status = "finished"', 'status = "won"'), ("status: must be",)),
    "players as text": (b'format = 1\ngame = "rftg"\nstatus = "finished"\nplayers = "all"\n',
                        ("players: must be an array of tables",)),
    "no players": (b'format = 1\ngame = "galileo"\nstatus = "finished"\n', ("players",)),
    "duplicate players": (edit(RFTG, 'name = "Priya"', 'name = "jonas"'),
                          ("players[2].name", "appears twice")),
    "empty name": (edit(RFTG, 'name = "Priya"', 'name = "  "'), ("players[2].name",)),
    "wrong type": (edit(RFTG, "chips = 14", 'chips = "fourteen"'),
                   ("players[0].chips: must be a whole number",)),
    "a fraction": (edit(RFTG, "chips = 14", "chips = 14.5"),
                   ("players[0].chips: must be a whole number",)),
    "true as a count": (edit(RFTG, "hand = 4", "hand = true"), ("players[0].hand",)),
    "negative": (edit(RFTG, "chips = 14", "chips = -3"), ("players[0].chips: must be 0 or more",)),
    "huge": (edit(RFTG, "chips = 14", "chips = 100000000000000000000"),
             ("players[0].chips", "far too large")),
    "huge in the log": (edit(RFTG, "largest_tableau = 13", "largest_tableau = 9999999999999"),
                        ("log[1].values.largest_tableau", "far too large")),
    "missing key": (edit(RFTG, "hand = 4\n", ""), ("players[0].hand: missing",)),
    "a name that drives the terminal": (edit(RFTG, 'name = "Maya"', 'name = "Maya\\u001b[2J"'),
                                        ("players[0].name: control characters",)),
    "a card name that rings": (edit(RFTG, '"Gem World"', '"Gem\\u0007World"'),
                               ("players[3].tableau[1]", "control character (\\x07)")),
    "unknown card": (edit(RFTG, '"Gem World"', '"Gem Wrld"'),
                     ("players[3].tableau", '"Gem Wrld" is not a base-game card', "Gem World")),
    "tableau as text": (edit(RFTG, 'tableau = ["Alpha', 'tableaux = ["Alpha'),
                        ("players[0].tableau: missing",)),
    "unknown edition": (edit(RFTG, 'edition = "2nd"', 'edition = "3rd"'), ("edition",)),
    "nested too deeply": (RFTG.encode() + b"junk = " + b"[" * 600 + b"]" * 600 + b"\n",
                          ("nested too deeply",)),
    "a dotted key of 1,000 levels": (RFTG.encode() + b"a" + b".a" * 1000 + b" = 1\n",
                                     ("keys nested too deeply",)),
    "a table header of 1,000 levels": (RFTG.encode() + b"[" + b"a." * 1000 + b"a]\n",
                                       ("keys nested too deeply",)),
    "chips above the form's bound": (edit(RFTG, "chips = 14\n", "chips = 201\n"),
                                     ("players[0].chips", "200")),
    "goods above the form's bound": (edit(RFTG, "goods = 2\n", "goods = 61\n"),
                                     ("players[0].goods", "60")),
    "a logged count above the form's bound": (
        edit(RFTG, "values = {chips = 14, hand = 4, goods = 2}",
             "values = {chips = 14, hand = 4, goods = 61}"), ("log[", "values.goods", "60")),
    "a name longer than the form takes": (edit(RFTG, 'name = "Maya"', f'name = "{"M" * 20_000}"'),
                                          ("players[0].name", "at most 20 characters")),
    "created as a number": (edit(RFTG, 'created = "2026-11-27T21:52:00Z"', "created = 5"),
                            ("created", "must be a date")),
    "seed as text": (edit(RFTG, "seed = 4812", 'seed = "x"'), ("seed", "whole number")),
    "quick-entry VP beyond the form's bound": (
        edit(RFTG, 'tableau = ["Alpha', 'tableau_vp = 2147483647\nbonus_vp = 0\nx = ["Alpha'),
        ("players[0].tableau_vp", "200")),
    "a step in the log the game never asks": (edit(RFTG, 'step = "finish-round"',
                                                   'step = "free-points"'),
                                              ("log[", "free-points", "not a step of")),
    "a step number that is no number": (edit(RFTG, 'step = "tableau-0"', 'step = "tableau-x"'),
                                        ("log[", "tableau-x", "not a step of")),
    "a winner with no total": (edit(RFTG, 'winners = ["Luis"]', 'winners = ["Ghost"]'),
                               ("values.winners", "Ghost", "no total")),
    "totals that are not numbers": (edit(RFTG, "Maya = 46,", 'Maya = "lots",'),
                                    ("values.totals.Maya", "whole number")),
    "tribunal off the board": (edit(GALILEO, "tribunal = 5", "tribunal = 11"),
                               ("players[0].tribunal: must be at most 10",)),
    "university as a number": (edit(GALILEO, "university = [{subject", "university = 5\nx = [{s"),
                               ("players[0].university: must be a list",)),
    "unknown subject": (edit(GALILEO, '{subject = "Comets", met = 3', '{subject = "Ale", met = 3'),
                        ("players[0].university[1].subject", "'Ale' is not a Subject")),
    "cellar too short": (edit(GALILEO, "cellar = [0, 1, 0, 1]", "cellar = [0, 1]"),
                         ("players[0].cellar: has 2 spaces",)),
}


# The cases whose refused value a step records: resuming opens the session on that step, the
# reading's line shown there (tests/ui/test_refused_values_open_on_their_step.py); the other
# readers (score, replay) still refuse it in one line.
ON_A_STEP = {"wrong type": "counts-0", "a fraction": "counts-0", "true as a count": "counts-0",
             "negative": "counts-0", "unknown card": "tableau-3",
             "chips above the form's bound": "counts-0",
             "goods above the form's bound": "counts-0",
             "a logged count above the form's bound": "counts-0",
             "quick-entry VP beyond the form's bound": "tableau-0",
             "tribunal off the board": "scores-0",
             "a pre-filled count as text": "counts-0", "a pre-filled card unknown": "tableau-0",
             "cards as numbers": "tableau-0", "an end check as text": "end-check-0",
             "flipped as text": "scores-0"}


def hostile_file(folder: Path, case: str) -> Path:
    path = folder / f"{case.replace(' ', '-')}.toml"
    path.write_bytes(HOSTILE[case][0])
    return path


def is_one_clear_line(message: str, path: Path, expected: tuple[str, ...]) -> bool:
    return ("\n" not in message and "Traceback" not in message and str(path) in message
            and all(fragment in message for fragment in expected))


@pytest.mark.parametrize("case", HOSTILE)
def test_score_says_one_line_and_leaves_the_file(
    saves: Path, case: str, capsys: pytest.CaptureFixture[str]
) -> None:
    path = hostile_file(saves, case)
    assert main(["score", str(path)]) == 2
    out, err = capsys.readouterr()
    assert out == "" and err.endswith("\n") and err.count("\n") == 1, err
    assert err.startswith(f"lastround: {path}: ")
    assert is_one_clear_line(err.rstrip("\n"), path, HOSTILE[case][1]), err
    assert path.read_bytes() == HOSTILE[case][0]


def test_a_key_of_20000_levels_is_refused_before_parsing(
    saves: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """84 KB of `a.a.a…`: tomllib's time grows with the square of the levels (14 s here)."""
    path = saves / "deep.toml"
    path.write_bytes(RFTG.encode() + b"a" + b".a" * 20_000 + b" = 1\n")
    assert main(["score", str(path)]) == 2
    assert "keys nested too deeply" in capsys.readouterr().err


@pytest.mark.parametrize("case", ["binary", "nested too deeply", "huge", "game as a list"])
def test_the_real_command_prints_no_traceback(saves: Path, case: str) -> None:
    path = hostile_file(saves, case)
    done = subprocess.run([sys.executable, "-m", "lastround", "score", str(path), "--json"],
                          capture_output=True, text=True, cwd=ROOT)
    assert done.returncode == 2 and done.stdout == ""
    assert is_one_clear_line(done.stderr.strip(), path, HOSTILE[case][1]), done.stderr


@pytest.mark.parametrize("command,case", [(command, case) for command in ("resume", "replay")
                                          for case in HOSTILE
                                          if command == "replay" or case not in ON_A_STEP])
async def test_opening_says_one_line_and_stays_home(saves: Path, case: str, command: str) -> None:
    path = hostile_file(saves, case)
    app = make_test_app(saves, command=command, file=path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, HomeScreen) and app.session is None
        (message,) = notices(app)
        assert is_one_clear_line(message, path, HOSTILE[case][1]), message
    assert path.read_bytes() == HOSTILE[case][0], "the file is left untouched"
    left = [p.name for p in saves.iterdir() if p.name != INDEX_NAME]  # the lists' index aside
    assert left == [path.name], "no backup, lock or temporary file"


async def opens_on_its_step(saves: Path, path: Path, step: str, said: tuple[str, ...]) -> None:
    """Resumed, the file opens on `step`, saying the reading's line; nothing is written."""
    content = path.read_bytes()
    app = make_test_app(saves, command="resume", file=path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert app.screen.step.id == step  # type: ignore[attr-defined]
        shown = str(app.screen.query_one("#message").render())
        assert all(fragment in shown for fragment in said), shown
    assert path.read_bytes() == content, "the file is left untouched"


@pytest.mark.parametrize("case", [case for case in HOSTILE if case in ON_A_STEP])
async def test_resuming_opens_on_the_step_of_the_refused_value(saves: Path, case: str) -> None:
    await opens_on_its_step(saves, hostile_file(saves, case), ON_A_STEP[case], HOSTILE[case][1])


async def test_the_home_list_marks_each_broken_file_and_the_good_one_still_opens(
    saves: Path,
) -> None:
    for case in HOSTILE:
        hostile_file(saves, case)
    good = rftg_play.saved_session(saves, rftg_play.FOUR_PLAYERS, upto="counts-1",
                                   name="zz-good.toml")
    listed = {s.path.name: s for s in list_sessions(saves)}
    assert len(listed) == len(HOSTILE) + 1
    for case in HOSTILE:
        summary = listed[hostile_file(saves, case).name]
        if case in ON_A_STEP:  # listed to resume: it opens on the step to answer again
            assert summary.error == "" and summary.record.status == "in-progress"
            continue
        assert is_one_clear_line(summary.error, summary.path, HOSTILE[case][1]), summary.error
    assert listed["zz-good.toml"].error == ""

    app = make_test_app(saves)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        table = app.screen.query_one(DataTable)
        rows = [str(key.value) for key in table.rows]
        broken = rows.index(str(saves / "empty.toml"))
        await pilot.press(*["down"] * broken, "enter")
        await pilot.pause()
        assert isinstance(app.screen, HomeScreen)
        assert any("empty.toml: format: missing" in m for m in notices(app))
        assert "✗" in str(app.screen.query_one("#session-error").render())
        table.move_cursor(row=rows.index(str(good)))
        await pilot.press("enter")
        await pilot.pause()
        assert app.session is not None and app.session.path == good
        assert isinstance(app.screen, StepScreen) and app.screen.step.id == "counts-1"


def test_a_byte_order_mark_from_a_windows_editor_is_accepted(
    saves: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = saves / "bom.toml"
    path.write_bytes(b"\xef\xbb\xbf" + RFTG.encode())
    assert main(["score", str(path)]) == 0
    assert "★ Luis wins" in capsys.readouterr().out


# --- files whose scoring keys are fine but whose other keys the screens read are not ------------


def rftg_at(folder: Path, upto: str = "counts-1") -> str:
    return rftg_play.saved_session(folder, rftg_play.FOUR_PLAYERS, upto=upto).read_text()


def galileo_at(folder: Path, stop_at: str = "scores-1") -> str:
    path = galileo_play.saved_session(folder, galileo_play.THREE_PLAYERS, stop_at)
    return path.read_text()


Maker = Callable[[Path], bytes]
UNOPENABLE: dict[str, tuple[Maker, str]] = {
    "log as a number": (
        lambda d: edit(rftg_at(d).replace("[[log]]", "[[notes]]"), "seed = 1\n",
                       "seed = 1\nlog = 5\n"), "log: must be an array of tables"),
    "log entry without its step": (
        lambda d: edit(rftg_at(d), 'step = "setup"', 'stepp = "setup"'), "log[0].step"),
    "log values as a number": (
        lambda d: edit(rftg_at(d), 'values = {players', 'values = 3\nx = {players'),
        "log[0].values"),
    "a pre-filled count as text": (
        lambda d: edit(rftg_at(d), "values = {chips = 9", 'values = {chips = "9"'),
        "values.chips"),
    "a pre-filled card unknown": (
        lambda d: edit(rftg_at(d), 'values = {tableau = ["Old Earth"',
                       'values = {tableau = ["Old Erth"'),
        "values.tableau"),
    "cards as numbers": (lambda d: edit(rftg_at(d), 'tableau = ["Old Earth"', "tableau = [1"),
                         "players[0].tableau"),
    "an end check as text": (lambda d: edit(rftg_at(d), "largest_tableau = 12,",
                                            'largest_tableau = "twelve",'),
                             "end_checks[0].largest_tableau"),
    "seven players": (
        lambda d: edit(rftg_at(d), "\n[[log]]",
                       "".join(f'\n[[players]]\nname = "P{n}"\n' for n in range(3)) + "\n[[log]]"),
        "players: 2 to 4 players"),
    "flipped as text": (lambda d: edit(galileo_at(d), "flipped = false", 'flipped = "no"'),
                        "players[0].flipped"),
    "university as a number": (
        lambda d: edit(galileo_at(d), "university = [", "university = 5\nx = ["),
        "players[0].university"),
    "subjects too few": (lambda d: edit(galileo_at(d), 'subjects = ["Major Objects", ',
                                        "subjects = ["), "subjects"),
    "a subject twice": (lambda d: edit(galileo_at(d), '"Library", "Inquisitors"',
                                       '"Library", "Library"'), "subjects"),
    "trigger off the table": (lambda d: edit(galileo_at(d), "trigger = {player = 1",
                                             "trigger = {player = 7"), "trigger.player"),
    "trigger how unknown": (lambda d: edit(galileo_at(d), 'how = "display"', 'how = "magic"'),
                            "trigger.how"),
    "turns done as text": (lambda d: edit(galileo_at(d), "turns_done = 4", 'turns_done = "4"'),
                           "turns_done"),
    "more turns than there are": (lambda d: edit(galileo_at(d), "turns_done = 4",
                                                 "turns_done = 40"), "turns_done"),
    "a draw without its reason": (lambda d: edit(galileo_at(d), 'reason = "gap", ', ""),
                                  "draws[0].reason"),
    "no seed": (lambda d: edit(galileo_at(d), "seed = 20261129\n", ""), "seed"),
    "cellar values empty": (lambda d: edit(galileo_at(d), "luna = false",
                                           "luna = false\ncellar_values = []"), "cellar_values"),
    "first player off the table": (lambda d: edit(galileo_at(d), "first_player = 0",
                                                  "first_player = -1"), "first_player"),
    "players gone after setup": (
        lambda d: galileo_at(d, "table").split("[[players]]")[0].encode() + b"[[log]]\n"
        + b'step = "setup"\nvalues = {players = ["Ada", "Bo"]}\n',
        "players: 0 seated, but the players were confirmed"),
    "trigger confirmed but missing": (
        lambda d: edit(galileo_at(d, "final-turns"), "trigger = {player = 1, how = \"display\"}\n",
                       ""), "trigger.player"),
}


@pytest.mark.parametrize("case", UNOPENABLE)
async def test_a_file_the_screens_could_not_show_is_refused_in_one_line(
    saves: Path, case: str
) -> None:
    make, key = UNOPENABLE[case]
    content = make(saves)
    path = saves / "broken.toml"
    path.write_bytes(content)
    with pytest.raises(SaveError) as caught:
        load_session(path)
    assert is_one_clear_line(str(caught.value), path, (key,)), caught.value
    if case in ON_A_STEP:
        await opens_on_its_step(saves, path, ON_A_STEP[case], (key,))
        return
    app = make_test_app(saves, command="resume", file=path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, HomeScreen)
        assert any(is_one_clear_line(m, path, (key,)) for m in notices(app)), notices(app)
    assert path.read_bytes() == content
