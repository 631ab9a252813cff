"""Race for the Galaxy's quick entry: a tableau given as two totals instead of its cards.

Pure. The printed VP of every card (6-cost developments as 0) and the 6-cost development
bonuses already added up; New Galactic Order can take the bonuses below zero.
"""

from lastround.games.base import Field

QUICK_FIELDS = (
    Field("tableau_vp", "Printed VP of the tableau", minimum=0, maximum=200),
    Field("bonus_vp", "6-cost development bonuses", minimum=-20, maximum=200),
)
