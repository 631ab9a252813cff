"""At 80×24: the counts step of Alien Oort Cloud Refinery's owner (each kind's bonuses, the
kind asked), the finish-round checklist naming who keeps more than 10, the final scores
saying the kind the refinery counts as."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from tests.support.helpers import make_test_app
from tests.support.rftg_boxes_play import REFINERY_TABLE, saved_at

SIZE = (80, 24)


def test_the_refinery_owners_counts(snap_compare: Any, saves: Path) -> None:
    saved_at(saves, "counts-0")
    app = make_test_app(Path("saves"), command="resume", file=Path("saves/session.toml"))
    assert snap_compare(app, press=["1", "tab", *"12", "tab", "0", "tab"], terminal_size=SIZE)


def test_the_discard_line_names_the_cards_that_keep_more(snap_compare: Any, saves: Path) -> None:
    saved_at(saves, "finish-round")
    app = make_test_app(Path("saves"), command="resume", file=Path("saves/session.toml"))
    assert snap_compare(app, terminal_size=SIZE)


def test_the_final_scores_say_the_refinerys_kind(snap_compare: Any, saves: Path) -> None:
    answers = REFINERY_TABLE | {
        "counts-0": {"chips": 1, "hand": 12, "goods": 0, "oort_kind": "best"},
        "goals-0": {"prestige": 2}, "tableau-1": {"tableau": ["Epsilon Eridani"]},
        "counts-1": {"chips": 3, "hand": 4, "goods": 1}, "goals-1": {"prestige": 0}}
    saved_at(saves, "goals-1", answers)
    app = make_test_app(Path("saves"), command="resume", file=Path("saves/session.toml"))
    assert snap_compare(app, press=["enter"], terminal_size=SIZE)
