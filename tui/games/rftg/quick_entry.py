"""Race for the Galaxy's quick entry: a tableau given as two totals instead of its cards.

Pure. The printed VP of every card (6-cost developments as 0) and the 6-cost development
bonuses already added up; New Galactic Order can take the bonuses below zero, and a card
printed below zero the printed VP (Xeno Counterstrike's Scorched-Earth Defense, -1).
"""

from dataclasses import replace

from lastround.games.base import Field
from lastround.games.rftg.cards import lowest_printed_vp

QUICK_FIELDS = (
    Field("tableau_vp", "Printed VP of the tableau", minimum=0, maximum=200),
    Field("bonus_vp", "6-cost development bonuses", minimum=-20, maximum=200),
)


def quick_fields(boxes: tuple[str, ...] = ()) -> tuple[Field, ...]:
    """The two fields with the boxes in play: the printed VP as low as a card in play prints."""
    lowest = lowest_printed_vp(boxes)
    return tuple(replace(f, minimum=lowest) if f.key == "tableau_vp" else f
                 for f in QUICK_FIELDS)
