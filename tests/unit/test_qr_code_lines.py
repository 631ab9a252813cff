"""The QR code as quadrant blocks (tui/widgets/qr_code.py): each cell two modules across and
two down, read back by the characters' Unicode names and decoded by a real reader."""

from __future__ import annotations

import pytest

from lastround.records.play_log import LINK_START, bgstats_scan_link
from lastround.widgets.qr_code import QUIET_ZONE, code_lines, code_size, modules
from tests.support.qr_reading import DARK, LIGHT, decoded, drawn_modules

QUADRANT_BLOCKS = set(" ▘▝▖▗▌▐▀▄▚▞▙▟▛▜█")


def six_players(name_length: int) -> dict[str, object]:
    """A finished six-player Race with The Gathering Storm and Rebel vs Imperium, its players
    named `name_length` characters long."""
    names = [f"{first}{'x' * 20}"[:name_length]
             for first in ("Maya", "Jonas", "Priya", "Luis", "Ines", "Kofi")]
    return {"format": 1, "game": "rftg", "status": "finished", "created": "2026-11-27T21:52:00Z",
            "expansions": ["gathering-storm", "rebel-vs-imperium"],
            "players": [{"name": name, "tableau_vp": 20, "bonus_vp": seat, "chips": 10,
                         "hand": 2, "goods": 1} for seat, name in enumerate(names)]}


@pytest.mark.parametrize("dark_drawn", [False, True], ids=["light-drawn", "dark-drawn"])
def test_the_cells_show_every_module_of_the_code(dark_drawn: bool) -> None:
    link = LINK_START + "%7B%22sourceName%22:%22Last%20Round%22%7D"
    lines = code_lines(link, dark_drawn=dark_drawn)
    assert set("".join(lines)) <= QUADRANT_BLOCKS
    matrix = modules(link)
    shown = drawn_modules(lines)
    assert len(shown) == len(matrix) + 1, "an odd code gets one more row of quiet zone"
    for y, row in enumerate(matrix):
        assert [drawn == dark_drawn for drawn in shown[y][:len(row)]] == row
        assert shown[y][len(row)] != dark_drawn, "and one more column, light"
    assert all(drawn != dark_drawn for drawn in shown[-1])
    assert all(not dark for dark in matrix[QUIET_ZONE - 1]), "the quiet zone is light"


@pytest.mark.parametrize(("name_length", "cells"), [(4, 63), (20, 67)],
                         ids=["short-names", "20-character-names"])
def test_six_players_code_scans_in_either_colours(name_length: int, cells: int) -> None:
    link = bgstats_scan_link(six_players(name_length), "2026-11-27-2152-rftg-six.toml")
    assert code_size(link) == (cells, cells)
    light_drawn, dark_drawn = code_lines(link), code_lines(link, dark_drawn=True)
    for cell in ((8, 16), (10, 20), (8, 8)):  # terminal cells, and square ones
        assert decoded(light_drawn, drawn=LIGHT, cell=cell) == [link]
        assert decoded(dark_drawn, drawn=DARK, cell=cell) == [link]
    # On a terminal the wrong way round the phone sees the code inverted: no read.
    assert decoded(light_drawn, drawn=DARK) == []
