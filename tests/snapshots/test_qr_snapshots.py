"""The BG Stats QR code (B on the final scores): where it fits, and at 80×24, where it can't."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from tests.support.helpers import make_test_app
from tests.support.history_data import copy_examples

SAVES = Path("saves")  # the `saves` fixture's folder, as the working directory sees it
FITS = (80, 53)  # the RftG example's code needs 51×53 (the app itself 76 columns)


def test_the_code_where_it_fits(snap_compare: Any, saves: Path) -> None:
    rftg, _ = copy_examples(SAVES)
    app = make_test_app(SAVES, command="replay", file=rftg)
    assert snap_compare(app, press=["b"], terminal_size=FITS)


def test_too_small_a_window_for_the_code(snap_compare: Any, saves: Path) -> None:
    rftg, _ = copy_examples(SAVES)
    app = make_test_app(SAVES, command="replay", file=rftg)
    assert snap_compare(app, press=["b"], terminal_size=(80, 24))
