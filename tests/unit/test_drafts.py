"""The draft file: what it holds reads back exactly, it is replaced whole, and it never
follows a link or leaves a temporary file behind."""

from __future__ import annotations

import tomllib
from pathlib import Path

from hypothesis import given
from hypothesis import strategies as st

from lastround.session.drafts import Drafts, draft_path, drafts_text

texts = st.text(max_size=30)
values = st.dictionaries(texts, st.one_of(texts, st.lists(texts, max_size=4),
                                          st.integers(-10**6, 10**6), st.booleans()),
                         max_size=6)


@given(st.dictionaries(texts, st.fixed_dictionaries({"entries": st.integers(0, 99),
                                                     "values": values}), max_size=4))
def test_any_draft_reads_back_exactly_as_toml(steps: dict[str, dict[str, object]]) -> None:
    """Whatever was typed (control characters, quotes, backslashes, DEL) is valid TOML."""
    assert tomllib.loads(drafts_text(steps)).get("steps", {}) == steps


def test_a_draft_is_kept_per_step_and_dropped_when_confirmed(tmp_path: Path) -> None:
    session = tmp_path / "s.toml"
    drafts = Drafts(session)
    drafts.keep("counts-0", 1, {"chips": "12"})
    drafts.keep("tableau-1", 0, {"cards": ["Old Earth"], "search": "gem"})
    again = Drafts(session)
    assert again.get("counts-0", 1) == {"chips": "12"}
    assert again.get("counts-0", 2) is None, "a later entry of the step makes it stale"
    again.drop("counts-0")
    assert Drafts(session).steps.keys() == {"tableau-1"}
    again.drop("tableau-1")
    assert not draft_path(session).exists(), "no draft left: no file"


def test_a_write_leaves_no_temporary_file_and_replaces_one_left_by_a_killed_app(
    tmp_path: Path,
) -> None:
    session = tmp_path / "s.toml"
    (tmp_path / ".s.toml.draft.tmp").write_text("half a dra")
    Drafts(session).keep("counts-0", 0, {"chips": "1"})
    assert sorted(p.name for p in tmp_path.iterdir()) == [".s.toml.draft"]


def test_a_link_in_the_drafts_place_is_replaced_never_written_through(tmp_path: Path) -> None:
    outside = tmp_path / "precious.txt"
    outside.write_text("keep me")
    saves = tmp_path / "saves"
    saves.mkdir()
    draft_path(saves / "s.toml").symlink_to(outside)
    (saves / ".s.toml.draft.tmp").symlink_to(outside)
    Drafts(saves / "s.toml").keep("counts-0", 0, {"chips": "1"})
    assert outside.read_text() == "keep me"
    assert not draft_path(saves / "s.toml").is_symlink()


def test_a_broken_draft_file_is_ignored(tmp_path: Path) -> None:
    draft_path(tmp_path / "s.toml").write_bytes(b"\xff[steps\n")
    assert Drafts(tmp_path / "s.toml").steps == {}


def test_a_draft_file_with_a_key_nested_too_deeply_is_ignored(tmp_path: Path) -> None:
    text = '[steps.counts-0]\nentries = 1\n' + "a" + ".a" * 1000 + " = 1\n"
    draft_path(tmp_path / "s.toml").write_text(text)
    assert Drafts(tmp_path / "s.toml").steps == {}
