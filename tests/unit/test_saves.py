"""Session files: atomic, comment-keeping writes; one-line errors; safe names."""

from __future__ import annotations

import os
import tomllib
from pathlib import Path
from typing import Any

import pytest

from lastround.games.base import RulesError
from lastround.records.listing import READ_DIRECTLY_UP_TO, list_sessions
from lastround.session.files import check_values, read_session, write_session
from lastround.session.folder import new_session_path, saves_folder, slug
from lastround.session.safe_read import LARGEST_NUMBER, SaveError
from tests.support.fresh_python import python_output
from tests.support.helpers import RFTG_EXAMPLE


def toy_data(**extra: Any) -> dict[str, Any]:
    return {
        "format": 1, "game": "toy", "status": "in-progress", "created": "2026-11-29T20:30:00Z",
        "seed": 7, "players": [{"name": "Ada", "points": 3}, {"name": "Bo", "points": 1}],
        "log": [{"step": "setup", "at": "2026-11-29T20:30:00Z",
                 "values": {"players": ["Ada", "Bo"]}}],
    } | extra


def test_write_then_read_gives_the_same_data(saves: Path) -> None:
    path = saves / "s.toml"
    write_session(path, toy_data())
    assert read_session(path) == toy_data()


def test_a_hand_added_comment_survives_and_nothing_else_changes(saves: Path) -> None:
    path = saves / "s.toml"
    write_session(path, toy_data())
    text = path.read_text().replace('[[players]]\nname = "Ada"',
                                    '# Ada kept score on paper too\n[[players]]\nname = "Ada"', 1)
    path.write_text(text)
    write_session(path, read_session(path))
    assert path.read_text() == text


def test_a_save_that_keeps_comments_loads_no_cryptography(saves: Path) -> None:
    """The placeholder that stands for the comments while tomlkit parses only has to be absent
    from the text: reading it from os.urandom, not through secrets, leaves OpenSSL (hashlib,
    about 0.7 MiB of memory) unloaded."""
    path = saves / "s.toml"
    path.write_text("# kept by hand\n" + RFTG_EXAMPLE)
    script = ("import sys\nfrom pathlib import Path\n"
              "from lastround.session.files import read_session, write_session\n"
              f"path = Path({str(path)!r})\n"
              "write_session(path, read_session(path))\n"
              "print(path.read_text().startswith('# kept by hand'), '_hashlib' in sys.modules)\n")
    assert python_output(script).split() == ["True", "False"]


def test_a_comment_survives_a_save_that_changes_other_keys(saves: Path) -> None:
    path = saves / "s.toml"
    write_session(path, toy_data())
    path.write_text(path.read_text().replace("seed = 7", "seed = 7  # do not touch"))
    data = read_session(path)
    data["players"][1]["points"] = 9
    data["status"] = "finished"
    write_session(path, data)
    assert "seed = 7  # do not touch" in path.read_text()
    assert tomllib.loads(path.read_text()) == data


def test_a_save_interrupted_before_replace_leaves_the_previous_file(
    saves: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = saves / "s.toml"
    write_session(path, toy_data())
    before = path.read_bytes()

    def power_cut(*_: object) -> None:
        raise OSError("power cut")

    monkeypatch.setattr(os, "replace", power_cut)
    with pytest.raises(OSError):
        write_session(path, toy_data(status="finished"))
    assert path.read_bytes() == before
    assert [p.name for p in saves.iterdir()] == ["s.toml"], "no temporary file is left behind"


def test_the_next_save_reuses_the_document_instead_of_parsing_the_file_again(
    saves: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import tomlkit

    path = saves / "s.toml"
    write_session(path, toy_data())
    parsed: list[str] = []
    real_parse = tomlkit.parse

    def parse(text: str) -> tomlkit.TOMLDocument:
        parsed.append(text)
        return real_parse(text)

    monkeypatch.setattr(tomlkit, "parse", parse)
    write_session(path, toy_data(status="finished"))
    assert parsed == [], "the file this process just wrote is not parsed again"
    assert read_session(path) == toy_data(status="finished")


def test_a_hand_edit_of_the_same_size_between_saves_is_read_again(saves: Path) -> None:
    path = saves / "s.toml"
    write_session(path, toy_data())
    path.write_text("# mark a\n" + path.read_text())
    write_session(path, toy_data(seed=8))
    same_size = path.read_text().replace("# mark a", "# mark b")
    path.write_text(same_size)
    status = path.stat()
    os.utime(path, ns=(status.st_atime_ns, status.st_mtime_ns + 1_000_000))
    write_session(path, toy_data(seed=9))
    assert path.read_text().startswith("# mark b\n"), "the edit is kept, not the stale document"
    assert read_session(path)["seed"] == 9


def test_after_a_failed_save_the_next_one_writes_from_the_file_on_disk(
    saves: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = saves / "s.toml"
    write_session(path, toy_data())
    good = path.read_text()
    with monkeypatch.context() as failing:
        failing.setattr(os, "replace", lambda *_: (_ for _ in ()).throw(OSError("full")))
        with pytest.raises(OSError):
            write_session(path, toy_data(status="finished"))
    write_session(path, toy_data(seed=8))
    assert read_session(path) == toy_data(seed=8)
    assert (saves / ".s.toml.bak").read_text() == good


@pytest.mark.parametrize(
    ("content", "expected"),
    [
        (b"", "format: missing"),
        (b"\xff\xfe\x00garbage", "not a text file"),
        (b"format = 1\ngame = \n", "not valid TOML"),
        (b'format = 2\ngame = "rftg"\nstatus = "finished"\n', "newer"),
        (b'format = 1\ngame = "chess"\nstatus = "finished"\n', "game: 'chess' is not a known game"),
        (b'format = 1\ngame = "toy"\nstatus = "done"\n', "status"),
        (b'format = 1\ngame = "toy"\nstatus = "finished"\n[[players]]\nname = "A"\n'
         b'[[players]]\nname = "a"\n', "appears twice"),
        (b'format = 1\ngame = "toy"\nstatus = "finished"\n[[players]]\nname = ""\n',
         "players[0].name"),
    ],
)
def test_a_broken_file_gets_one_line_naming_file_and_problem(
    saves: Path, content: bytes, expected: str
) -> None:
    path = saves / "broken.toml"
    path.write_bytes(content)
    with pytest.raises(SaveError) as caught:
        read_session(path)
    message = str(caught.value)
    assert message.startswith(str(path)) and expected in message and "\n" not in message
    assert path.read_bytes() == content, "the file is left untouched"


def test_a_toml_error_names_the_line(saves: Path) -> None:
    path = saves / "broken.toml"
    path.write_text('format = 1\ngame = "toy"\nstatus = \n')
    with pytest.raises(SaveError, match="line 3"):
        read_session(path)


def test_new_names_are_readable_and_unique(saves: Path) -> None:
    first = new_session_path(saves, "rftg", ["Ada", "Bo"], "2026-11-29T20:30:00Z")
    assert first.name == "2026-11-29-2030-rftg-ada-bo.toml"
    first.write_text("")
    second = new_session_path(saves, "rftg", ["Ada", "Bo"], "2026-11-29T20:30:00Z")
    assert second.name == "2026-11-29-2030-rftg-ada-bo-2.toml"


@pytest.mark.parametrize("name", ["../../etc/passwd", "/root/x", "..", "a/../../b", "\x00\n"])
def test_a_player_name_never_leads_out_of_the_saves_folder(saves: Path, name: str) -> None:
    path = new_session_path(saves, "rftg", [name, "Bo"], "2026-11-29T20:30:00Z")
    assert path.parent == saves
    assert "/" not in path.name and not path.name.startswith(".")


def test_slug_keeps_letters_digits_and_dashes() -> None:
    assert slug("Ada Lovelace!") == "ada-lovelace"
    assert slug("Zoë") == "zo"


def test_saves_folder_comes_from_option_then_environment_then_default(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    assert saves_folder(None) == Path("saves")
    monkeypatch.setenv("LASTROUND_SAVES", "/tmp/elsewhere")
    assert saves_folder(None) == Path("/tmp/elsewhere")
    assert saves_folder("mine") == Path("mine")


def test_the_list_is_newest_first_and_keeps_unreadable_files(saves: Path) -> None:
    old, new = saves / "old.toml", saves / "new.toml"
    write_session(old, toy_data())
    write_session(new, toy_data(status="finished"))
    (saves / "bad.toml").write_text("not toml at all = = =")
    os.utime(old, (1, 1))
    os.utime(saves / "bad.toml", (2, 2))
    listed = list_sessions(saves)
    assert [s.path.name for s in listed] == ["new.toml", "bad.toml", "old.toml"]
    assert listed[0].record.winners == ("Ada",) and listed[0].players == ("Ada", "Bo")
    assert listed[1].error.startswith(str(saves / "bad.toml"))


@pytest.mark.parametrize(("where", "data"), [
    ("chips", {"chips": LARGEST_NUMBER + 1}),
    ("players[1].chips", {"players": [{"chips": 3}, {"chips": -LARGEST_NUMBER - 1}]}),
    ("log[0].values.tiles[2]", {"log": [{"values": {"tiles": [1, 2, 10**30]}}]}),
    ("a[0][1]", {"a": [[0, 2**63]]}),
])
def test_a_number_too_large_anywhere_is_named_by_its_key(where: str, data: dict[str, Any],
                                                         ) -> None:
    with pytest.raises(RulesError) as raised:
        check_values({"format": 1, "names": ["Ada"], "ok": 1.5e300} | data)
    assert raised.value.key == where


def test_numbers_up_to_the_largest_and_other_values_pass() -> None:
    check_values({"seed": LARGEST_NUMBER, "low": -LARGEST_NUMBER, "flag": True, "far": 1e300,
                   "text": "9" * 40, "players": [{"name": "Ada", "tiles": [[1], [2]]}]})


@pytest.mark.parametrize("files", [1, READ_DIRECTLY_UP_TO, READ_DIRECTLY_UP_TO + 1])
def test_a_few_sessions_are_listed_alike_with_or_without_history_index(
        saves: Path, files: int) -> None:
    """A folder of a few files is read directly (sqlite3 is not loaded for the home screen);
    a larger one through history's index: the list is the same either way."""
    for number in range(files):
        write_session(saves / f"s{number}.toml", toy_data())
        os.utime(saves / f"s{number}.toml", (number + 1, number + 1))
    script = ("import sys\nfrom pathlib import Path\n"
              "from lastround.records.listing import list_sessions\n"
              "from lastround.games import GAME_PACKAGES\n"
              "GAME_PACKAGES.append('tests.support.toy_unlisted')\n"
              f"listed = list_sessions(Path({str(saves)!r}))\n"
              "print([s.path.name for s in listed], [s.players for s in listed][0],\n"
              "      'sqlite3' in sys.modules)\n")
    names = [f"s{number}.toml" for number in reversed(range(files))]
    indexed = files > READ_DIRECTLY_UP_TO
    assert python_output(script).split("\n")[0] == f"{names} ('Ada', 'Bo') {indexed}"
