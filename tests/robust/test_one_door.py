"""One door: every reader opens a session file the same way
(`lastround.session.opening.open_session`).

`lastround score` once totalled files that the app, replay and the home list refused (a log
entry's step a number, the log a string, an end check's verdict a string, a Galileo first
player off the table, a trigger that is not a table, more turns played than there are, a
fractional seed). Now `score`, `score --json`, `export`, resume, replay, the home list and
history refuse exactly the same files, in the same words.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from lastround.cli import main
from lastround.records.history import read_record
from lastround.records.listing import list_sessions
from lastround.session.safe_read import SaveError
from lastround.session.safekeeping import load_session
from tests.robust.support import notices
from tests.support.helpers import GALILEO_EXAMPLE, RFTG_EXAMPLE, make_test_app

RFTG = RFTG_EXAMPLE
GALILEO = GALILEO_EXAMPLE


def edit(text: str, old: str, new: str, nth: int = 1) -> str:
    assert text.count(old) >= nth, old
    at = -1
    for _ in range(nth):
        at = text.index(old, at + 1)
    return text[:at] + new + text[at + len(old):]


# Each: the file, and the key the one line names.
REFUSED_BY_THE_APP: dict[str, tuple[str, str]] = {
    "a step id as a number": (edit(RFTG, 'step = "finish-round"', "step = 5"), "log[2].step"),
    "the log as text": (RFTG.split("[[log]]")[0].replace("seed = 4812", 'seed = 4812\nlog = "x"')
                        + "[[end_checks]]" + RFTG.split("[[end_checks]]", 1)[1], "log"),
    "a first player off the table": (edit(GALILEO, "first_player = 0", "first_player = 9"),
                                     "first_player"),
    "a trigger as text": (edit(GALILEO, 'trigger = {player = 2, how = "reward"}',
                               'trigger = "x"'), "trigger"),
    "more turns than there are": (edit(GALILEO, "turns_done = 5", "turns_done = 99"),
                                  "turns_done"),
    "a fractional seed": (edit(GALILEO, "seed = 1577", "seed = 1.5"), "seed"),
    "a log entry without values as a table": (
        edit(RFTG, 'values = {players = ["Maya"', 'values = 3\nx = {players = ["Maya"'),
        "log[0].values"),
    "partial as text": (edit(RFTG, 'step = "setup"', 'step = "setup"\npartial = "no"'),
                        "log[0].partial"),
}


@pytest.mark.parametrize("case", REFUSED_BY_THE_APP)
def test_every_reader_refuses_what_the_app_refuses(
    saves: Path, case: str, capsys: pytest.CaptureFixture[str]
) -> None:
    text, key = REFUSED_BY_THE_APP[case]
    path = saves / "refused.toml"
    path.write_text(text)
    with pytest.raises(SaveError) as opening:
        load_session(path)  # resume and replay
    said = str(opening.value)
    assert f"{path}: {key}: " in said, said
    for command in (["score"], ["score", "--json"], ["export"], ["export", "--csv"]):
        assert main([*command, str(path)]) == 2, command
        out, err = capsys.readouterr()
        assert out == "" and err == f"lastround: {said}\n", (command, err)
    (listed,) = list_sessions(saves)  # the home list
    assert listed.error == said
    assert read_record(saves, path.name).error == said.removeprefix(f"{path}: ")  # history
    assert path.read_text() == text


def test_a_value_a_step_answers_is_refused_by_every_reader_but_the_app_resuming(
    saves: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """An end check's verdict as text: `score`, export and replay refuse it in one line; the
    home list and history offer it to resume, and resuming opens it on that end check, with
    the same line (tests/ui/test_refused_values_open_on_their_step.py)."""
    text = edit(RFTG, "ends = true", 'ends = "true"')
    path = saves / "refused.toml"
    path.write_text(text)
    with pytest.raises(SaveError) as opening:
        load_session(path)  # replay
    said = str(opening.value)
    assert f"{path}: end_checks[0].ends: " in said, said
    for command in (["score"], ["export"]):
        assert main([*command, str(path)]) == 2, command
        assert capsys.readouterr().err == f"lastround: {said}\n"
    (listed,) = list_sessions(saves)
    assert listed.error == "" and listed.record.status == "in-progress"
    session = load_session(path, to_fix=True)  # resume
    assert {step: fix.why for step, fix in session.fixes.items()} == {
        "end-check-0": said.removeprefix(f"{path}: ")}
    assert path.read_text() == text


async def test_the_app_says_the_same_line_as_score(
    saves: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    text, _ = REFUSED_BY_THE_APP["a trigger as text"]
    path = saves / "refused.toml"
    path.write_text(text)
    assert main(["score", str(path)]) == 2
    said = capsys.readouterr().err.removeprefix("lastround: ").rstrip("\n")
    app = make_test_app(saves, command="resume", file=path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert notices(app) == [said]
