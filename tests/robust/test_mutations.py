"""Thousands of damaged session files, and not one crash.

Valid sessions of both games (finished, and stopped at several steps) are mutated the ways
files get damaged or hand-edited: keys dropped, values retyped, numbers made negative or
huge, list entries (players among them) duplicated, keys written twice, bytes cut off or
junk inserted. Each goes through what `lastround score`, the home list and opening a
session do, in process. Only the clean errors are allowed: SaveError (one line naming the
file) from reading, RulesError (naming the key) from scoring and from the open check; and
a file the open check accepts must give the steps, the resume point and every step's
pre-filled values without any error at all.
"""

from __future__ import annotations

import contextlib
import datetime
import math
import pickle
import tempfile
import tomllib
from collections import Counter
from collections.abc import Callable
from functools import cache
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from lastround.games import get_game
from lastround.games.base import RulesError
from lastround.games.checks import check_session
from lastround.records.history import read_record
from lastround.records.listing import Listed
from lastround.records.score_command import score_file
from lastround.session.files import read_session
from lastround.session.fixing import steps_to_fix
from lastround.session.opening import check_openable
from lastround.session.safe_read import SaveError
from lastround.session.session import Session
from tests.support import galileo_play, rftg_play

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = 5000
PARTS = 4  # the files are tried in four tests, so that the xdist workers share them

# --- the valid sessions to damage ---------------------------------------------------------------


@cache
def bases() -> tuple[str, ...]:
    """Session files as the app writes them: both examples, and both games part-way."""
    texts = [(ROOT / "saves/examples" / name).read_text()
             for name in ("rftg-4-players.toml", "galileo-4-players.toml")]
    with tempfile.TemporaryDirectory() as folder:
        where = Path(folder)
        for upto in ("end-check-0", "tableau-0", "counts-1", "breakdown"):
            path = rftg_play.saved_session(where, rftg_play.FOUR_PLAYERS, upto=upto)
            texts.append(path.read_text())
        for stop_at in ("table", "final-turns", "scores-1", "breakdown"):
            path = galileo_play.saved_session(where, galileo_play.THREE_PLAYERS, stop_at,
                                              turns_done=2 if stop_at == "final-turns" else 0)
            texts.append(path.read_text())
    return tuple(texts)


# --- writing damaged data back as TOML (inline, so any shape can be written) ---------------------


def toml_string(text: str) -> str:
    escaped = []
    for char in text:
        if char in '"\\':
            escaped.append("\\" + char)
        elif ord(char) < 0x20 or ord(char) == 0x7F:
            escaped.append(f"\\u{ord(char):04x}")
        else:
            escaped.append(char)
    return '"' + "".join(escaped) + '"'


def toml_value(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, float):
        if math.isnan(value):
            return "nan"
        return ("inf" if value > 0 else "-inf") if math.isinf(value) else repr(value)
    if isinstance(value, str):
        return toml_string(value)
    if isinstance(value, datetime.date | datetime.time):
        return value.isoformat()
    if isinstance(value, list):
        return "[" + ", ".join(toml_value(v) for v in value) + "]"
    assert isinstance(value, dict), value
    return "{" + ", ".join(f"{toml_string(k)} = {toml_value(v)}" for k, v in value.items()) + "}"


def toml_document(data: dict[str, Any]) -> str:
    return "".join(f"{toml_string(k)} = {toml_value(v)}\n" for k, v in data.items())


# --- mutations -----------------------------------------------------------------------------------

Path_ = tuple[str | int, ...]

WORDS = ["Old Earth", "Gem Wrld", "Galactic Federation", "Comets", "Inquisitors", "display",
         "reward", "gap", "in-progress", "finished", "rftg", "galileo", "toy", "2nd", "1st",
         "Ada", "ada", "", " ", "\x1b[2J", "../../etc/passwd", "setup", "final-turns",
         "trigger", "scores-0", "tableau-0", "breakdown"]
NUMBERS = [-1, 0, 1, 3, 4, 7, 12, 99, 100, 2**31 - 1, 2**31, 2**63 - 1, -(2**63), 10**30]
SCALARS = st.one_of(
    st.integers(), st.sampled_from(NUMBERS), st.booleans(), st.sampled_from(WORDS),
    st.text(alphabet=st.characters(exclude_categories=["Cs"]), max_size=12),
    st.floats(), st.datetimes().map(lambda d: d.replace(microsecond=0)),
)
VALUES = st.recursive(
    SCALARS,
    lambda inner: st.lists(inner, max_size=4)
    | st.dictionaries(st.sampled_from(["name", "player", "how", "step", "values", "tableau",
                                       "subject", "met", "multiplier", "box", "reason", "x"]),
                      inner, max_size=4),
    max_leaves=8,
)


def draw_path(draw: st.DrawFn, data: dict[str, Any]) -> Path_:
    """A place in the data, going down one level at a time (so top-level keys, a player's
    keys and a log entry's values are all picked often, however long the lists are)."""
    where: Path_ = ()
    node: Any = data
    while True:
        keys = list(node) if isinstance(node, dict) else list(range(len(node)))
        if not keys:
            return where or (draw(st.sampled_from(list(data))),)
        key = draw(st.sampled_from(keys))
        where, node = (*where, key), node[key]
        if not isinstance(node, dict | list) or not node or draw(st.booleans()):
            return where


def parent_of(data: Any, where: Path_) -> Any:
    for step in where[:-1]:
        data = data[step]
    return data


@cache
def parsed(text: str) -> bytes:
    """A base's data, pickled: unpickling a fresh copy is 50 times cheaper than parsing."""
    return pickle.dumps(tomllib.loads(text))


def mutate_data(draw: st.DrawFn, text: str) -> tuple[str, bytes]:
    data = pickle.loads(parsed(text))
    how = draw(st.sampled_from(["drop", "retype", "duplicate", "add"]))
    where = draw_path(draw, data)
    parent, last = parent_of(data, where), where[-1]
    if how == "drop":
        del parent[last]
    elif how == "retype":
        parent[last] = draw(VALUES)
    elif how == "duplicate":
        if isinstance(parent, list):  # a second copy of a player, a log entry, a card ...
            parent.insert(int(last), parent[int(last)])
        else:
            parent[last] = [parent[last], parent[last]]
    else:
        target = parent[last] if isinstance(parent[last], dict) else parent
        if isinstance(target, dict):
            target[draw(st.sampled_from(["junk", "tableau", "track", "status", "log"]))] = \
                draw(VALUES)
        else:
            target.append(draw(VALUES))
    return f"data:{how}", toml_document(data).encode()


def mutate_bytes(draw: st.DrawFn, text: str) -> tuple[str, bytes]:
    raw = text.encode()
    how = draw(st.sampled_from(["truncate", "insert", "duplicate line", "drop line", "flip"]))
    at = draw(st.integers(0, len(raw)))
    lines = raw.splitlines(keepends=True)
    line = draw(st.integers(0, len(lines) - 1))
    if how == "truncate":
        raw = raw[:at]
    elif how == "insert":
        raw = raw[:at] + draw(st.binary(min_size=1, max_size=16)) + raw[at:]
    elif how == "duplicate line":  # the same key twice, or a table twice
        raw = b"".join([*lines[: line + 1], lines[line], *lines[line + 1 :]])
    elif how == "drop line":
        raw = b"".join([*lines[:line], *lines[line + 1 :]])
    else:
        index = min(at, len(raw) - 1)
        raw = raw[:index] + bytes([draw(st.integers(0, 255))]) + raw[index + 1 :]
    return f"bytes:{how}", raw


@st.composite
def damaged_files(draw: st.DrawFn) -> tuple[str, bytes]:
    text = draw(st.sampled_from(bases()))
    mutate: Callable[[st.DrawFn, str], tuple[str, bytes]] = draw(
        st.sampled_from([mutate_data, mutate_bytes]))
    return mutate(draw, text)


# --- the test ------------------------------------------------------------------------------------


def one_line_about(message: str, path: Path) -> bool:
    return message.startswith(f"{path}: ") and "\n" not in message


def open_as_the_app_does(path: Path, data: dict[str, Any]) -> str:
    """What opening the file does, without the safety net load_session adds: a refused value
    a step records opens the session on that step (lastround.session.fixing), without it."""
    try:
        check_session(data)
    except RulesError as refused:
        to_fix = steps_to_fix(data, refused, check_openable)
        if to_fix is None:
            return "refused on opening"
        fixed = Session(to_fix[0], path, to_fix[1])
        for step in fixed.steps():
            fixed.values_for(step)
        return "opened on a step to fix"
    session = Session(data, path)
    steps = session.steps()
    assert steps, "a session always has steps"
    if steps[session.resume_index()].kind == "breakdown":  # every value in: finished on opening
        with contextlib.suppress(RulesError):
            session.finish_with_breakdown()
    for step in steps:
        session.values_for(step)
    if session.finished:
        try:
            session.score()
        except RulesError:
            return "refused on opening"
    return "opened"


@pytest.mark.parametrize("part", range(PARTS))
def test_no_damaged_file_crashes_anything(tmp_path: Path, part: int) -> None:
    path = tmp_path / "damaged.toml"
    outcomes: Counter[str] = Counter()
    kinds: Counter[str] = Counter()

    @settings(max_examples=EXAMPLES // PARTS, deadline=None, database=None,
              suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
    @given(damaged_files())
    def check(damaged: tuple[str, bytes]) -> None:
        kind, raw = damaged
        kinds[kind] += 1
        path.write_bytes(raw)
        summary = Listed(path, read_record(path.parent, path.name))  # never raises
        assert summary.error == "" or one_line_about(summary.error, path), summary.error
        try:
            data = read_session(path)
        except SaveError as error:
            assert one_line_about(str(error), path), error
            outcomes["refused on reading"] += 1
            return
        with contextlib.suppress(RulesError):  # the rules refuse in their own words
            get_game(data["game"]).score(data)
        try:
            score_file(path)  # lastround score
            scored = True
        except SaveError as error:
            assert one_line_about(str(error), path), error
            scored = False
        outcome = open_as_the_app_does(path, data)
        outcomes[outcome] += 1
        # One door: what the app refuses, `score` and the home list refuse too (the home
        # list offers to resume a file opened on a step to fix; `score` refuses it).
        assert (outcome != "refused on opening") == (summary.error == ""), (outcome,
                                                                           summary.error)
        assert scored or outcome != "opened" or data["status"] != "finished"
        assert outcome == "opened" or not scored, "score totals a file the app refuses"
        assert path.read_bytes() == raw, "reading, scoring and listing never change the file"

    check()
    tried = sum(kinds.values())
    print(f"\nmutated files tried in part {part + 1} of {PARTS}: {tried}; "
          f"{dict(sorted(outcomes.items()))}; by mutation: {dict(sorted(kinds.items()))}")
    assert tried >= EXAMPLES // PARTS
    assert outcomes["opened"] and outcomes["refused on opening"] and outcomes["refused on reading"]
