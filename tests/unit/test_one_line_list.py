"""A list line that has no room: the first shorter wording that fits, else the name cut."""

from __future__ import annotations

from lastround.widgets.one_line_list import Said, fitted

CONSORTIUM = Said("c", "Imperium Blaster Gem Consortium",
                  ["  (world, 2 VP) · all 1 used", "  2 VP · all 1 used"])


def test_the_whole_line_where_it_fits_or_before_the_list_is_laid_out() -> None:
    assert fitted(CONSORTIUM, 80) == "Imperium Blaster Gem Consortium  (world, 2 VP) · all 1 used"
    assert fitted(CONSORTIUM, 0) == fitted(CONSORTIUM, 80)


def test_a_shorter_wording_before_the_name_is_cut() -> None:
    assert fitted(CONSORTIUM, 50) == "Imperium Blaster Gem Consortium  2 VP · all 1 used"


def test_the_name_cut_last_what_follows_it_kept() -> None:
    assert fitted(CONSORTIUM, 30) == "Imperium B…  2 VP · all 1 used"
