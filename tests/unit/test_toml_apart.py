"""A long session file parsed a run of log entries at a time reads exactly what tomllib reads
of the whole text (tomllib.loads is the reference), or declines and leaves it to the whole
parse: never other data, never data where the whole text is refused."""

from __future__ import annotations

import tomllib
from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

import lastround.session.toml_apart
from lastround.session.files import read_session, write_session
from lastround.session.toml_apart import parsed_apart
from tests.support.long_log import galileo_session, rftg_session


@pytest.fixture(autouse=True)
def short_runs() -> Iterator[None]:
    """Any text is parsed apart, two entries a run: every boundary is met in a short text."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(lastround.session.toml_apart, "APART_FROM", 0)
        patch.setattr(lastround.session.toml_apart, "RUN", 2)
        yield


def whole(text: str) -> dict[str, object] | None:
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError:
        return None


def test_the_apps_own_long_files_read_the_same_parsed_apart(tmp_path: Path) -> None:
    for number, session in enumerate((rftg_session(25), galileo_session(30, 4))):
        path = tmp_path / f"{number}.toml"
        write_session(path, session.data)
        text = path.read_text()
        apart = parsed_apart(text)
        assert apart is not None and apart == tomllib.loads(text)
        assert read_session(path) == tomllib.loads(text)


def test_a_key_repeated_in_every_entry_is_one_string() -> None:
    text = "format = 1\n" + "".join(f'\n[[log]]\nstep = "s"\nat = "{n}"\n' for n in range(9))
    apart = parsed_apart(text)
    assert apart is not None
    entries = apart["log"]
    assert len({id(key) for entry in entries for key in entry if key == "step"}) == 1


HEAD = 'format = 1\ngame = "rftg"\n\n[[players]]\nname = "Ada"\n'
ENTRY = '\n[[log]]\nstep = "setup"\nat = "x"\n\n[log.values]\nn = 1\n'
# Lines a hand edit may leave anywhere: each either reads the same apart, or is declined.
ODD = [
    "\n[[log]]\n",
    "\n[[players]]\nname = \"Bo\"\n",  # a table of the head, continued after the log
    '\nnote = """\n[[log]]\n"""\n',  # a line `[[log]]` inside a string
    "\nnote = '''\n[[log]]\n'''\n",
    "\nlog = []\n",
    "\n[log]\n",
    "\n[log.values]\nm = 2\n",
    "\n[[log.values.draws]]\ncard = \"A\"\n",
    "\nvalues = {n = 1}\n",
    "\nat = \n",  # not TOML
    "\n[[ log ]]\nstep = \"x\"\n",
    "\r\n[[log]]\r\nstep = \"y\"\r\n",
    "\n# [[log]]\n",
    "\nx = [\n[[log]]\n]\n",
]


@given(st.lists(st.sampled_from([ENTRY] * 3 + ODD), max_size=9), st.booleans())
def test_any_text_parsed_apart_reads_as_the_whole_text_or_is_declined(
    parts: list[str], in_head: bool,
) -> None:
    """Whatever the lines around and between the entries, parsed apart gives exactly
    tomllib's data of the whole text, or None; and None wherever tomllib refuses it."""
    head = HEAD + (parts.pop(0) if in_head and parts else "")
    text = head + "".join(parts)
    apart = parsed_apart(text)
    expected = whole(text)
    assert apart is None or apart == expected
    if expected is None:
        assert apart is None
