"""Race for the Galaxy, base game: the end of the game and the final score.

Pure rules, standard library only. The end triggers (ending), the twelve 6-cost development
formulas (bonuses) and the tie-break (scoring) live in their own modules; card facts come
from the packaged ``cards.toml``. The second edition (2018) is the default; the first
differs on five cards. The card picker's look-ups are the game's public face here.
"""

from tui.games.rftg.cards import DEFAULT_EDITION, EDITIONS, card
from tui.games.rftg.facts import MAX_PLAYERS, MIN_PLAYERS
from tui.games.rftg.game import GAME
from tui.games.rftg.search import matching_cards, search_cards, unknown_card_message
from tui.games.rftg.tableau import tableau_problems, used_up

__all__ = [
    "DEFAULT_EDITION",
    "EDITIONS",
    "GAME",
    "MAX_PLAYERS",
    "MIN_PLAYERS",
    "card",
    "matching_cards",
    "search_cards",
    "tableau_problems",
    "unknown_card_message",
    "used_up",
]
